#!/usr/bin/env bash
# Every example of README.md and docs/*.md runs against this build and prints what the
# documents say it prints (tests/cli/lib/docs_examples.py says how, and what it ignores).
# Usage: docs_examples.sh PGN_BINARY SOURCE_DIR [SHARED_DIR]; the examples never use SHARED_DIR.
# The Python examples run in /usr/bin/python3, the interpreter the module is built for.
set -euo pipefail
python=python3
[ -x /usr/bin/python3 ] && python=/usr/bin/python3
exec "$python" "$(dirname "$0")/lib/docs_examples.py" "$1" "$2"
