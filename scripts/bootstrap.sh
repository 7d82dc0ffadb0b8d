#!/usr/bin/env bash
# Installs what ptrcomp needs when it is missing (Debian/Ubuntu), then configures and builds
# into ${PTRCOMP_BUILD_DIR:-build}. Safe to run again: every step is skipped when done.
# --sanitized also builds ptrcomp with ASan+UBSan into ${PTRCOMP_SANITIZE_BUILD_DIR:-build-asan}
# (scripts/build-sanitized.sh; the test suite runs it in tests/test_sanitized_tool.py).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${PTRCOMP_BUILD_DIR:-$root/build}

need_pkgs=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
if command -v dpkg-query >/dev/null 2>&1; then
  for p in clang-16 libclang-16-dev llvm-16-dev ninja-build cmake gcc-multilib \
           python3-pip csmith libcsmith-dev clang-tools-16 bear graphviz \
           libomp-16-dev flex bison autoconf automake g++; do
    have_pkg "$p" || need_pkgs+=("$p")
  done
  if [ ${#need_pkgs[@]} -gt 0 ]; then
    echo "bootstrap: installing ${need_pkgs[*]}" >&2
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need_pkgs[@]}" >/dev/null
  fi
fi
# setuptools and wheel: tests/test_pytest_plugin.py pip-installs python/ without the network.
for mod in pytest xdist matplotlib jsonschema yaml setuptools wheel; do
  python3 -c "import $mod" 2>/dev/null || {
    pkg=$mod; [ "$mod" = yaml ] && pkg=PyYAML; [ "$mod" = xdist ] && pkg=pytest-xdist
    echo "bootstrap: pip install $pkg" >&2
    python3 -m pip install -q "$pkg" 2>/dev/null ||
      python3 -m pip install -q --break-system-packages "$pkg"
  }
done

if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja >/dev/null
fi
cmake --build "$build"
if [ "${1:-}" = "--sanitized" ]; then
  bash "$root/scripts/build-sanitized.sh"
fi
