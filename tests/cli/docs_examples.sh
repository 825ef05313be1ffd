#!/usr/bin/env bash
# Every example of README.md and docs/*.md runs against this build and prints what the
# documents say it prints (tests/cli/lib/docs_examples.py says how, and what it ignores).
# Usage: docs_examples.sh PGN_BINARY SOURCE_DIR [SHARED_DIR]; the examples never use SHARED_DIR.
set -euo pipefail
exec python3 "$(dirname "$0")/lib/docs_examples.py" "$1" "$2"
