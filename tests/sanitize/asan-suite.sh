#!/usr/bin/env bash
# Builds the library, the tools and the tests with AddressSanitizer and
# UndefinedBehaviorSanitizer in a separate tree and runs the test suite there, including the
# pathological-input tests (robustness_slowtest), so that no memory error or undefined
# behaviour hides behind a passing release build.
#
# Usage: asan-suite.sh SOURCE_DIR BUILD_DIR [CXX]
set -euo pipefail
source_dir=$1
build_dir=$2
cxx=${3:-g++}
jobs=2

export ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1:detect_leaks=1:strict_string_checks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

CXX=$cxx cmake -S "$source_dir" -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DLIBPGN_SANITIZE=ON -DLIBPGN_FUZZ=OFF -DLIBPGN_BUILD_TESTS=ON -DLIBPGN_BUILD_TOOLS=ON >/dev/null
cmake --build "$build_dir" -j"$jobs"

# Everything but the long corpus and perft runs (they prove nothing more under a sanitizer and
# would take most of the CI budget), then the pathological-input tests, which are the point.
# Both always run, so a failure in the first does not hide the second's findings.
status=0
ctest --test-dir "$build_dir" --output-on-failure -j"$jobs" -LE 'slow|sanitize|fuzz' || status=1
ctest --test-dir "$build_dir" --output-on-failure -j1 -R '^Pathological\.' || status=1
exit $status
