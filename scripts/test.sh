#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds (the tool, and the tool under
# ASan+UBSan for tests/test_sanitized_tool.py), then runs pytest over tests/.
# Extra arguments go to pytest (e.g. -k runtime, -x).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/bootstrap.sh" --sanitized
cd "$root"
exec python3 -m pytest -q -n "${PTRCOMP_TEST_JOBS:-auto}" tests "$@"
