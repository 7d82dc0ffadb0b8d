#!/usr/bin/env bash
# The main job on the bundled example: installs what is missing, builds ptrcomp, transforms
# examples/lists.c, builds and runs the original and the output, and prints their outputs
# and peak memory side by side. Arguments go to scripts/demo.py (e.g. --size 500000).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/bootstrap.sh" >/dev/null
exec python3 "$root/scripts/demo.py" "$@"
