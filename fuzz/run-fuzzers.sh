#!/usr/bin/env bash
# Runs fuzz targets one after another, each for SECONDS, on a corpus kept in WORK_DIR
# (created from the seeds on first use; the fuzzer only ever writes there). Prints one line
# per target with executions, coverage and corpus size, and fails if a target found a crash,
# leak, timeout or sanitizer report (the input is left in WORK_DIR/artifacts/).
#
# Usage: run-fuzzers.sh BUILD_DIR WORK_DIR SECONDS [TARGET...]
#   SOURCE_DIR and SHARED_DIR (environment) default to this script's tree and ../shared.
set -uo pipefail
build=$1
work=$2
seconds=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
src=${SOURCE_DIR:-$(dirname "$here")}
shared=${SHARED_DIR:-$(dirname "$src")/shared}
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(fuzz_validate fuzz_reader fuzz_fen fuzz_move_text fuzz_spoken fuzz_notation_json
    fuzz_json_input fuzz_tag_values fuzz_select fuzz_dedupe fuzz_repair fuzz_winnable
    fuzz_variant_san fuzz_python_cuts fuzz_bpgn fuzz_main_line)
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

mkdir -p "$work/corpus" "$work/logs" "$work/artifacts"
if [ ! -e "$work/corpus/.seeded" ]; then
  # A campaign on a half-seeded corpus starts from nothing and proves little: stop instead.
  if ! "$here/make-seeds.sh" "$src" "$shared" "$work/corpus"; then
    echo "run-fuzzers: making the seed corpus in $work/corpus failed" >&2
    exit 1
  fi
  touch "$work/corpus/.seeded"
fi

failed=0
for target in "${targets[@]}"; do
  binary=$build/bin/$target
  if [ ! -x "$binary" ]; then
    echo "$target: not built ($binary)" >&2
    failed=1
    continue
  fi
  max_len=16384
  case $target in
    fuzz_fen | fuzz_move_text | fuzz_spoken | fuzz_tag_values) max_len=1024 ;;
    fuzz_select | fuzz_winnable | fuzz_variant_san) max_len=1024 ;;
    fuzz_dedupe | fuzz_repair | fuzz_python_cuts | fuzz_main_line) max_len=4096 ;;
  esac
  mkdir -p "$work/corpus/$target" "$work/artifacts/$target"
  log=$work/logs/$target.log
  # -timeout: any single input taking this long is a finding (inputs are at most max_len).
  "$binary" "$work/corpus/$target" -max_total_time="$seconds" -max_len=$max_len -timeout=20 \
    -rss_limit_mb=2560 -malloc_limit_mb=2048 -dict="$here/pgn.dict" -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/$target/" >"$log" 2>&1
  status=$?
  execs=$(grep -a -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  last=$(grep -a -E '^#[0-9]+' "$log" | tail -n 1)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corpus=$(sed -n 's/.* corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p' <<<"$last")
  seeds=$(grep -a -o '[0-9]* files found' "$log" | head -n 1 | cut -d' ' -f1)
  echo "$target: status $status, ${seconds}s, inputs at start ${seeds:-?}, executions ${execs:-?}, cov ${cov:-?}, ft ${ft:-?}, corpus ${corpus:-?}"
  if [ $status -ne 0 ] || ls "$work/artifacts/$target/" | grep -q .; then
    failed=1
    echo "---- $target found a problem; the end of its log ($log):" >&2
    tail -n 60 "$log" >&2
    for artifact in "$work/artifacts/$target"/*; do
      [ -f "$artifact" ] || continue
      echo "---- input $artifact ($(wc -c <"$artifact") bytes), base64:" >&2
      head -c 4096 "$artifact" | base64 >&2
    done
  fi
done
exit $failed
