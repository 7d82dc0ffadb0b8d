#!/usr/bin/env bash
# Builds ptrcomp against each LLVM/Clang version and runs the test suite with each build.
#
#   scripts/test-matrix.sh              the whole suite with LLVM 14, 15, 16 and 19
#   scripts/test-matrix.sh 14 19        the whole suite with the versions given
#   scripts/test-matrix.sh --ci         one version other than 16 (14, 15 and 19 in turn,
#                                       by day of the year), golden, exec and thread tests
#
# Installs what is missing (Debian packages clang-N libclang-N-dev llvm-N-dev, as
# scripts/bootstrap.sh does for 16). Version N builds into build-llvmN (16: build/, made by
# bootstrap.sh); the tests find it through PTRCOMP_BUILD_DIR. Prints a table of results and
# exits non-zero if any version fails to build or to pass.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

ci=0
versions=()
for a in "$@"; do
  case "$a" in
    --ci) ci=1 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    14|15|16|19) versions+=("$a") ;;
    *) echo "test-matrix: unknown argument '$a' (versions: 14 15 16 19; --ci)" >&2; exit 2 ;;
  esac
done
tests=(tests)
if [ "$ci" = 1 ]; then
  others=(14 15 19)
  day=$(( 10#$(date -u +%j) ))
  versions=("${others[$(( day % 3 ))]}")
  tests=(tests/test_golden.py tests/test_exec.py tests/test_threads.py)
fi
[ ${#versions[@]} -gt 0 ] || versions=(14 15 16 19)

# 16 (and what every build needs) comes from bootstrap.sh.
bash scripts/bootstrap.sh || exit 1

sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

declare -A result seconds
status=0
for v in "${versions[@]}"; do
  start=$(date +%s)
  if [ "$v" = 16 ]; then
    build="$root/build"
  else
    build="$root/build-llvm$v"
    need=()
    for p in "clang-$v" "libclang-$v-dev" "llvm-$v-dev"; do have_pkg "$p" || need+=("$p"); done
    if [ ${#need[@]} -gt 0 ]; then
      echo "test-matrix: installing ${need[*]}" >&2
      $sudo apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
    fi
    echo "test-matrix: building with LLVM $v in $build" >&2
    if ! { cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
             -DPTRCOMP_LLVM_VERSION="$v" >/dev/null && cmake --build "$build"; }; then
      result[$v]="build failed"
      seconds[$v]=$(( $(date +%s) - start ))
      status=1
      continue
    fi
  fi
  echo "test-matrix: testing LLVM $v (${tests[*]})" >&2
  log="$build/test-matrix.log"
  # tests/test_sanitized_tool.py compares the tool with its ASan+UBSan build, which is
  # built with 16 only (build-asan/): with another version it would compare two versions'
  # diagnostics (19 prints source lines with their numbers). The 16 run covers it.
  skip=()
  [ "$v" = 16 ] || skip=(--ignore=tests/test_sanitized_tool.py)
  PTRCOMP_BUILD_DIR="$build" python3 -m pytest -q -n "${PTRCOMP_TEST_JOBS:-auto}" \
    "${tests[@]}" "${skip[@]}" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  summary=$(grep -E "^[0-9]+ (passed|failed)|^=+ .*(passed|failed).* =+$" "$log" | tail -1 |
            sed 's/=//g; s/^ *//; s/ *$//')
  result[$v]="${summary:-no summary} (exit $rc)"
  [ "$rc" = 0 ] || status=1
  seconds[$v]=$(( $(date +%s) - start ))
done

echo
echo "| LLVM | result | time |"
echo "|---|---|---:|"
for v in "${versions[@]}"; do
  printf '| %s | %s | %d s |\n' "$v" "${result[$v]}" "${seconds[$v]}"
done
exit $status
