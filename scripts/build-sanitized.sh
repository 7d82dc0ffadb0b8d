#!/usr/bin/env bash
# Builds ptrcomp with AddressSanitizer + UndefinedBehaviorSanitizer into
# ${PTRCOMP_SANITIZE_BUILD_DIR:-build-asan} (only the ptrcomp target: the runtime is tested
# under the sanitizers elsewhere). Used by scripts/bootstrap.sh and by
# tests/test_sanitized_tool.py; incremental, so running it again costs a second.
# -O1 -g1: fast enough to run, line numbers in sanitizer reports, quicker to compile than
# the normal -O2 -g build. LLVM/Clang themselves are not instrumented: only our code is.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${PTRCOMP_SANITIZE_BUILD_DIR:-$root/build-asan}

if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DPTRCOMP_SANITIZE=ON \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
        -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1" >/dev/null
fi
cmake --build "$build" --target ptrcomp
