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
  include/libpgn/validator.hpp include/libpgn/position.hpp lib/cmake/libpgn/libpgnConfig.cmake \
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
compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
if cmake -S "$work/consumer" -B "$work/consumer/build" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="$flags" >"$work/consumer.log" 2>&1 &&
  cmake --build "$work/consumer/build" >>"$work/consumer.log" 2>&1; then
  [ "$("$work/consumer/build/consumer")" = 8902 ] || fail "the consumer's perft(3) is not 8902"
else
  fail "the consumer project does not build: $(grep -i -m 5 'error' "$work/consumer.log")"
fi

finish "all install checks passed"
