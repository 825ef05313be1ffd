#!/usr/bin/env bash
# Builds the libFuzzer targets with clang, AddressSanitizer and UndefinedBehaviorSanitizer in
# a separate tree and runs each one briefly on its seed corpus (a copy in a temporary
# directory). Any crash, leak, timeout or sanitizer report fails the test.
#
# Usage: fuzz-smoke.sh SOURCE_DIR SHARED_DIR BUILD_DIR [SECONDS_PER_TARGET]
set -euo pipefail
source_dir=$1
shared_dir=$2
build_dir=$3
seconds=${4:-10}

cxx=${FUZZ_CXX:-clang++}
if ! command -v "$cxx" >/dev/null; then
  echo "fuzz-smoke: $cxx not found (tools/install-deps installs clang)" >&2
  exit 1
fi
CXX=$cxx cmake -S "$source_dir" -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DLIBPGN_FUZZ=ON -DLIBPGN_SANITIZE=ON -DLIBPGN_BUILD_TESTS=OFF -DLIBPGN_BUILD_TOOLS=OFF >/dev/null
cmake --build "$build_dir" -j2

work=$(mktemp -d "${TMPDIR:-/tmp}/libpgn-fuzz-smoke.XXXXXX")
trap 'rm -rf "$work"' EXIT
SOURCE_DIR=$source_dir SHARED_DIR=$shared_dir "$source_dir/fuzz/run-fuzzers.sh" "$build_dir" "$work" "$seconds"
