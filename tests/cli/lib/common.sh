# The scaffolding every cli test shares. Source it after the script's `set` line:
#   source "$(dirname "$0")/lib/common.sh"
# It gives a temporary directory $work, removed on exit (a script that needs more cleanup sets
# its own EXIT trap and removes $work there), a failure count, and fail, expect and finish.
work=$(mktemp -d "${TMPDIR:-/tmp}/libpgn-$(basename "$0" .sh).XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0

# fail MESSAGE: counts one failure and says what it was.
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# expect NAME EXPECTED ACTUAL: fails NAME when ACTUAL is not EXPECTED, showing the difference.
expect() {
  if [ "$2" != "$3" ]; then
    fail "$1"
    diff <(printf '%s\n' "$2") <(printf '%s\n' "$3") | head -20
  fi
}

# finish MESSAGE: the verdict. MESSAGE and status 0 when nothing failed, the count and 1 if not.
finish() {
  if [ "$failures" -eq 0 ]; then
    echo "$*"
    exit 0
  fi
  echo "$failures failure(s)"
  exit 1
}

# interrupt_reading HOLD FEED COMMAND...: runs COMMAND in the background while a writer fills
# the named pipe $work/fifo with the output of the shell code FEED and then holds the pipe open
# HOLD seconds more, and sends COMMAND a SIGINT 0.7 s in. Sets $status to COMMAND's exit status
# and $waited_ms to the milliseconds from the signal to its exit, and ends the writer. Redirect
# the call to keep COMMAND's output.
# shellcheck disable=SC2034 # status and waited_ms are for the caller
interrupt_reading() {
  local hold=$1 feed=$2 pid writer signalled
  shift 2
  rm -f "$work/fifo"
  mkfifo "$work/fifo"
  (
    eval "$feed"
    exec sleep "$hold"
  ) >"$work/fifo" &
  writer=$!
  "$@" &
  pid=$!
  sleep 0.7
  kill -INT "$pid"
  signalled=$(date +%s%N)
  wait "$pid"
  status=$?
  waited_ms=$((($(date +%s%N) - signalled) / 1000000))
  kill "$writer" 2>/dev/null
  wait "$writer" 2>/dev/null
  return 0
}
