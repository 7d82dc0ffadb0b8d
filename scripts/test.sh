#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, then runs pytest over tests/.
# Extra arguments go to pytest (e.g. -k runtime, -x).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/bootstrap.sh"
cd "$root"
exec python3 -m pytest -q -n "${PTRCOMP_TEST_JOBS:-auto}" tests "$@"
