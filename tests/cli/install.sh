#!/usr/bin/env bash
# `cmake --install` of the build tree that made PGN_BINARY: pgn, its man page and bash/zsh
# completions (generated from the option tables), the library, its headers, a CMake package
# config and (when built) the Python module; a tiny consumer project then finds the library with find_package(libpgn)
# and uses it. Also checks that help, man page and completions know every command and option.
#
# Usage: install.sh PGN_BINARY SOURCE_DIR SHARED_DIR
set -uo pipefail
pgn=$1
build=$(cd "$(dirname "$pgn")/.." && pwd)
source "$(dirname "$0")/lib/common.sh"
[ -f "$build/CMakeCache.txt" ] || { echo "SKIP: $build is not a CMake build tree" >&2; exit 0; }

prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 || fail "cmake --install failed: $(tail -n 5 "$work/install.log")"
for f in bin/pgn share/man/man1/pgn.1 share/bash-completion/completions/pgn share/zsh/site-functions/_pgn \
  include/libpgn/validate_options.hpp include/libpgn/position.hpp include/libpgn/games.hpp \
  include/libpgn/main_line.hpp \
  include/libpgn/comment_commands.hpp lib/cmake/libpgn/libpgnConfig.cmake \
  lib/cmake/libpgn/libpgnConfigVersion.cmake; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
ls "$prefix"/lib*/libpgn.a >/dev/null 2>&1 || ls "$prefix"/lib/libpgn.a >/dev/null 2>&1 || fail "the library is not installed"
"$prefix/bin/pgn" --version | grep -q '^pgn (libpgn) [0-9]' || fail "the installed pgn has no version"

# Help, man page and completions list every command and every option of every command.
commands=$("$pgn" help | sed -n '/^Commands:/,/^$/p' | awk 'NF > 1 && $1 != "help" {print $1}' | grep -v Commands)
[ -n "$commands" ] || fail "pgn help lists no commands"
for command in $commands; do
  "$pgn" help "$command" >"$work/help.txt" || fail "pgn help $command"
  "$pgn" "$command" --help | cmp -s - "$work/help.txt" || fail "pgn help $command differs from pgn $command --help"
  grep -q -- '--version' "$work/help.txt" || fail "$command: --version not in its help"
  "$pgn" "$command" --version | grep -q '^pgn (libpgn)' || fail "$command --version"
  options=$(grep -o -- '--[a-z][a-z0-9-]*' "$work/help.txt" | sort -u)
  for option in $options; do
    grep -qF -- "$(sed 's/-/\\-/g' <<<"$option")" "$prefix/share/man/man1/pgn.1" || fail "man page: $command $option missing"
    grep -q -- "$option" "$prefix/share/bash-completion/completions/pgn" || fail "bash completion: $option missing"
    grep -q -- "$option" "$prefix/share/zsh/site-functions/_pgn" || fail "zsh completion: $option missing"
  done
  grep -q "^\\.SH \"PGN ${command^^}\"" "$prefix/share/man/man1/pgn.1" || fail "man page: no section for $command"
done
# GNU style: short and long forms on one line, the argument named.
"$pgn" help validate | grep -q '^  -o, --output FILE ' || fail "help is not in the GNU style (-o, --output FILE)"
"$pgn" help nosuch >/dev/null 2>&1 && fail "pgn help of an unknown command succeeded"
grep -q "did you mean 'validate'" <<<"$("$pgn" validat 2>&1)" || fail "no suggestion for a mistyped command"
grep -q "did you mean '--to-lang'" <<<"$("$pgn" convert --to-lnag de x 2>&1)" || fail "no suggestion for a mistyped option"
# The last --format wins.
printf '[Event "e"]\n\n1. e4 e5 *\n' >"$work/g.pgn"
"$pgn" validate -q --format json --format jsonl "$work/g.pgn" >"$work/last.jsonl"
tail -n 1 "$work/last.jsonl" | grep -q '^{"type":"summary"' || fail "the last --format does not win"
if command -v groff >/dev/null; then
  groff -man -Tutf8 -ww -z "$prefix/share/man/man1/pgn.1" 2>"$work/groff.err"
  [ -s "$work/groff.err" ] && fail "the man page has troff warnings: $(head -n 3 "$work/groff.err")"
fi
# The bash completion completes commands and options.
got=$(bash -c 'source "$1"; COMP_WORDS=(pgn val); COMP_CWORD=1; _pgn; echo "${COMPREPLY[*]}"' _ "$prefix/share/bash-completion/completions/pgn")
[ "$got" = validate ] || fail "bash completion of 'pgn val': '$got'"
got=$(bash -c 'source "$1"; COMP_WORDS=(pgn convert --to-l); COMP_CWORD=2; _pgn; echo "${COMPREPLY[*]}"' _ "$prefix/share/bash-completion/completions/pgn")
[ "$got" = --to-lang ] || fail "bash completion of 'pgn convert --to-l': '$got'"
if command -v zsh >/dev/null; then
  zsh -n "$prefix/share/zsh/site-functions/_pgn" || fail "the zsh completion does not parse"
fi

# The installed completions offer option values (tests/cli/completions.sh checks them whole).
got=$(bash -c 'source "$1"; COMP_WORDS=(pgn convert --to cs); COMP_CWORD=3; _pgn; echo "${COMPREPLY[*]}"' _ "$prefix/share/bash-completion/completions/pgn")
[ "$got" = csv ] || fail "bash completion of 'pgn convert --to cs': '$got'"

# The Python module, when the build has it: installed under the prefix's dist-packages, where
# Debian's python3 looks for a prefix (site.getsitepackages), and imported from there with
# PYTHONPATH unset; its version is the project's.
if ls "$build"/python/libpgn/_libpgn*.so >/dev/null 2>&1; then
  ls "$prefix"/lib/python3.*/dist-packages/libpgn/_libpgn*.so >/dev/null 2>&1 ||
    fail "the Python module is not installed under lib/python3.X/dist-packages"
  imported=$(cd / && env -u PYTHONPATH /usr/bin/python3 -c '
import site, sys
for path in site.getsitepackages([sys.argv[1]]):
    site.addsitedir(path)
import libpgn
print(libpgn.__file__.startswith(sys.argv[1] + "/"), libpgn.__version__, libpgn.Position(variant="crazyhouse").variant)
' "$prefix" 2>&1)
  expect "the installed Python module" "True $("$pgn" --version | awk '{print $NF}') crazyhouse" "$imported"
fi

# The installed headers are the public API of docs/cpp.md, exactly: the table after the mark in
# "What is public" lists them, and a layer of the command line that slipped back into the
# installed root would be an extra header here.
documented=$(awk -F '|' '$0 == "<!-- the installed headers, checked by tests/cli/install.sh -->" {found = 1; next}
  found && /^\|/ {print $2; next}
  found {exit}' "$2/docs/cpp.md" | grep -o 'libpgn/[a-z_]*\.hpp' | sort)
[ -n "$documented" ] || fail "docs/cpp.md lists no installed header"
installed=$(cd "$prefix/include" && find libpgn -type f | sort)
[ "$installed" = "$documented" ] ||
  fail "the installed headers are not those docs/cpp.md lists: $(diff <(echo "$documented") <(echo "$installed") | grep '^[<>]' | tr '\n' ' ')"
# The validator's records and the validator itself are not part of it, not even by name.
mentions=$(grep -lwE 'GameRecord|MainLineRecord|GameValidator' "$prefix"/include/libpgn/*.hpp)
[ -z "$mentions" ] || fail "installed headers name the validator's internals: $mentions"

# Each installed header compiles on its own (and twice: its include guard) against the
# installed tree, in a translation unit of its own.
compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
mkdir -p "$work/headers"
{
  echo 'cmake_minimum_required(VERSION 3.22)'
  echo 'project(headers LANGUAGES CXX)'
  echo 'set(CMAKE_CXX_STANDARD 20)'
  echo 'find_package(libpgn 0.1 REQUIRED)'
  echo 'add_library(headers OBJECT)'
  echo 'target_link_libraries(headers PRIVATE libpgn::libpgn)'
} >"$work/headers/CMakeLists.txt"
for header in $installed; do
  unit=$(basename "$header" .hpp).cpp
  printf '#include "%s"\n#include "%s"\n' "$header" "$header" >"$work/headers/$unit"
  echo "target_sources(headers PRIVATE $unit)" >>"$work/headers/CMakeLists.txt"
done
cmake -S "$work/headers" -B "$work/headers/build" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CXX_COMPILER="$compiler" >"$work/headers.log" 2>&1 &&
  cmake --build "$work/headers/build" >>"$work/headers.log" 2>&1 ||
  fail "installed headers do not compile on their own: $(grep -m 5 'error' "$work/headers.log")"

# A consumer project: find_package(libpgn), link libpgn::libpgn, count perft(3) from the start.
mkdir -p "$work/consumer"
cat >"$work/consumer/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.22)
project(consumer LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 20)
find_package(libpgn 0.1 REQUIRED)
add_executable(consumer main.cpp)
target_link_libraries(consumer PRIVATE libpgn::libpgn)
CMAKE
cat >"$work/consumer/main.cpp" <<'CPP'
#include <cstdio>
#include "libpgn/position.hpp"
int main() {
  pgn::FenResult start = pgn::Position::from_fen(pgn::Position::kStartFen, false);
  if (!start.ok()) return 1;
  std::printf("%llu\n", static_cast<unsigned long long>(pgn::perft(start.position, 3)));
  return 0;
}
CPP
# A sanitized build's library needs the sanitizer runtimes in the consumer too.
flags=""
grep -q '^LIBPGN_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" && flags="-fsanitize=address,undefined"
if cmake -S "$work/consumer" -B "$work/consumer/build" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="$flags" >"$work/consumer.log" 2>&1 &&
  cmake --build "$work/consumer/build" >>"$work/consumer.log" 2>&1; then
  [ "$("$work/consumer/build/consumer")" = 8902 ] || fail "the consumer's perft(3) is not 8902"
else
  fail "the consumer project does not build: $(grep -i -m 5 'error' "$work/consumer.log")"
fi

# The examples of docs/cpp.md, taken from the page so that it cannot drift: its CMake lines
# and each marked program build against the installed package, and read_games.cpp (on
# docs/examples/clocks.pgn, compressed) and main_line_cursor.cpp (on it as it is) print what
# the page shows, and so does after_four_plies.cpp (the main-line reader) on it as it is.
docs=$2/docs/cpp.md
examples=$(sed -n 's|^<!-- compiled by tests/cli/install.sh: \(.*\) -->$|\1|p' "$docs")
[ -n "$examples" ] || fail "docs/cpp.md marks no example"
mkdir -p "$work/examples"
# The fenced block of `lang` after the line `marker` (the first block when marker is empty).
block() {
  awk -v marker="$1" -v lang="$2" '
    marker == "" || $0 == marker {found = 1; if (marker != "") next}
    found && !inside && $0 == "```" lang {inside = 1; next}
    inside && $0 == "```" {exit}
    inside {print}' "$docs"
}
block "" cmake >"$work/examples/CMakeLists.txt"
grep -q 'find_package(libpgn' "$work/examples/CMakeLists.txt" || fail "docs/cpp.md shows no find_package"
for name in $examples; do
  block "<!-- compiled by tests/cli/install.sh: $name -->" cpp >"$work/examples/$name"
  [ -s "$work/examples/$name" ] || fail "docs/cpp.md: no code after the mark of $name"
  grep -q "add_executable(${name%.cpp} " "$work/examples/CMakeLists.txt" ||
    printf 'add_executable(%s %s)\ntarget_link_libraries(%s PRIVATE libpgn::libpgn)\n' \
      "${name%.cpp}" "$name" "${name%.cpp}" >>"$work/examples/CMakeLists.txt"
done
if cmake -S "$work/examples" -B "$work/examples/build" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="$flags" >"$work/examples.log" 2>&1 &&
  cmake --build "$work/examples/build" >>"$work/examples.log" 2>&1; then
  gzip -c "$2/docs/examples/clocks.pgn" >"$work/clocks.pgn.gz"
  "$work/examples/build/read_games" "$work/clocks.pgn.gz" >"$work/read_games.out" ||
    fail "the read_games example failed on clocks.pgn.gz"
  block "<!-- output of read_games.cpp on examples/clocks.pgn -->" text >"$work/read_games.expected"
  diff "$work/read_games.expected" "$work/read_games.out" >"$work/read_games.diff" ||
    fail "docs/cpp.md shows another output of read_games than it prints: $(head -n 6 "$work/read_games.diff")"
  "$work/examples/build/main_line_cursor" "$2/docs/examples/clocks.pgn" >"$work/main_line_cursor.out" ||
    fail "the main_line_cursor example failed on clocks.pgn"
  block "<!-- output of main_line_cursor.cpp on examples/clocks.pgn -->" text >"$work/main_line_cursor.expected"
  diff "$work/main_line_cursor.expected" "$work/main_line_cursor.out" >"$work/main_line_cursor.diff" ||
    fail "docs/cpp.md shows another output of main_line_cursor than it prints: $(head -n 6 "$work/main_line_cursor.diff")"
  "$work/examples/build/after_four_plies" "$2/docs/examples/clocks.pgn" >"$work/after_four_plies.out" ||
    fail "the after_four_plies example failed on clocks.pgn"
  block "<!-- output of after_four_plies.cpp on examples/clocks.pgn -->" text >"$work/after_four_plies.expected"
  diff "$work/after_four_plies.expected" "$work/after_four_plies.out" >"$work/after_four_plies.diff" ||
    fail "docs/cpp.md shows another output of after_four_plies than it prints: $(head -n 6 "$work/after_four_plies.diff")"
  [ "$("$work/examples/build/count_captures" "$2/docs/examples/clocks.pgn")" = "$(printf 'game 1: 1 captures\ngame 2: 2 captures')" ] ||
    fail "the count_captures example counts other captures"
  "$work/examples/build/tag_values" >"$work/tag_values.out" || fail "the tag_values example failed"
  block "<!-- output of tag_values.cpp -->" text >"$work/tag_values.expected"
  diff "$work/tag_values.expected" "$work/tag_values.out" >"$work/tag_values.diff" ||
    fail "docs/cpp.md shows another output of tag_values than it prints: $(head -n 6 "$work/tag_values.diff")"
  "$work/examples/build/read_games" "$work/missing.pgn" 2>"$work/missing.err" && fail "read_games of a missing file succeeded"
  grep -q "missing.pgn" "$work/missing.err" || fail "read_games does not name the missing file: $(cat "$work/missing.err")"
else
  fail "the examples of docs/cpp.md do not build: $(grep -i -m 5 'error' "$work/examples.log")"
fi

finish "all install checks passed"
