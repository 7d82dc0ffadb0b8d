#!/usr/bin/env bash
# An example CI job for a C project that uses ptrcomp, as plain shell steps that any CI
# system can run (see README.md beside this file). Without settings it runs on the
# bundled example, examples/lists.c, with the expectations in examples/ci/.
#
#   1. build ptrcomp (or use $PTRCOMP)
#   2. transform the program, with --expect: the job fails when a structure that was
#      compressed is no longer (and says why)
#   3. if the transformed program is committed, check that it is current
#   4. build the transformed program with the runtime flags
#   5. run the project's tests against it
#
# Settings (environment variables):
#   PTRCOMP            a ptrcomp executable to use; else ptrcomp is built from this
#                      repository into $PTRCOMP_BUILD_DIR (default <repo>/build)
#   PROJECT_DIR        the project's root; the commands below run there (default
#                      <repo>/examples)
#   PTRCOMP_INPUTS     what to transform, as ptrcomp arguments: source files, or
#                      "-p <build dir>" for a compile_commands.json (default: lists.c)
#   PTRCOMP_ARGS       more ptrcomp options, e.g. --index-bits=16
#   PTRCOMP_EXPECT     expectations file, written once with --write-expect=FILE and
#                      committed; empty: no check (default: lists.expect.yaml here)
#   PTRCOMP_COMMITTED  the directory where the project commits ptrcomp's output (-o), if
#                      it does: the job fails when it differs from ptrcomp's output now
#   PTRCOMP_IN_PLACE   1: the project commits its sources transformed in place (-i);
#                      then step 2 is `ptrcomp --dry-run --Werror` on them, which fails
#                      when they are no longer what ptrcomp would make of them
#   BUILD_CMD          builds the transformed program from $OUT into $PROG (default: cc
#                      on every .c file of $OUT with the runtime flags $RT_FLAGS)
#   TEST_CMD           the project's tests, run against $PROG (default: build the
#                      original program too and compare the two programs' output for
#                      the arguments in $TEST_ARGS)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
PROJECT_DIR=${PROJECT_DIR:-$repo/examples}
PTRCOMP_INPUTS=${PTRCOMP_INPUTS:-lists.c}
PTRCOMP_ARGS=${PTRCOMP_ARGS:-}
PTRCOMP_EXPECT=${PTRCOMP_EXPECT-$here/lists.expect.yaml}
TEST_ARGS=${TEST_ARGS:-"10;100;5000"}
CC=${CC:-cc}
step() { printf '\n=== %s\n' "$*"; }

step "1. ptrcomp"
if [ -z "${PTRCOMP:-}" ]; then
  build=${PTRCOMP_BUILD_DIR:-$repo/build}
  gen=(); command -v ninja >/dev/null && [ ! -f "$build/CMakeCache.txt" ] && gen=(-G Ninja)
  cmake -S "$repo" -B "$build" "${gen[@]}" >/dev/null
  cmake --build "$build"
  PTRCOMP=$build/bin/ptrcomp
fi
case $PTRCOMP in */*) PTRCOMP=$(cd "$(dirname "$PTRCOMP")" && pwd)/$(basename "$PTRCOMP") ;; esac
"$PTRCOMP" --version
RT_FLAGS=$("$PTRCOMP" --print-runtime-flags)
eval "rt=($RT_FLAGS)"          # ( -I<include dir>  <library> ), shell-quoted by ptrcomp
export RT_FLAGS

cd "$PROJECT_DIR"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OUT=$work/out PROG=$work/prog
read -r -a inputs <<<"$PTRCOMP_INPUTS"
read -r -a args <<<"$PTRCOMP_ARGS"
expect=()
[ -n "$PTRCOMP_EXPECT" ] && expect=("--expect=$PTRCOMP_EXPECT")

if [ "${PTRCOMP_IN_PLACE:-0}" = 1 ]; then
  step "2. the committed sources are ptrcomp's output (--dry-run --Werror)"
  # Transformed sources include ptrcomp_rt.h: give the parse the runtime's directory.
  if ! "$PTRCOMP" "${inputs[@]}" "${args[@]}" --dry-run --Werror "--extra-arg=${rt[0]}"; then
    echo "ptrcomp-ci: the committed sources are not ptrcomp's current output;" \
         "run ptrcomp -i on the original sources and commit the result" >&2
    exit 1
  fi
  # the committed sources are the program to build
  mkdir -p "$OUT"
  find . \( -name '*.c' -o -name '*.h' \) -print0 |
    while IFS= read -r -d '' f; do mkdir -p "$OUT/$(dirname "$f")"; cp "$f" "$OUT/$f"; done
else
  step "2. transform ($PTRCOMP_INPUTS)${PTRCOMP_EXPECT:+ with --expect=$PTRCOMP_EXPECT}"
  "$PTRCOMP" "${inputs[@]}" "${args[@]}" "${expect[@]}" -o "$OUT" \
    --report --report-file="$work/report.txt"
  cat "$work/report.txt"

  if [ -n "${PTRCOMP_COMMITTED:-}" ]; then
    step "3. the committed output ($PTRCOMP_COMMITTED) is current"
    if ! diff -ru "$PTRCOMP_COMMITTED" "$OUT"; then
      echo "ptrcomp-ci: $PTRCOMP_COMMITTED is not ptrcomp's current output; regenerate it" \
           "with: ptrcomp $PTRCOMP_INPUTS $PTRCOMP_ARGS -o $PTRCOMP_COMMITTED" >&2
      exit 1
    fi
  fi
fi

step "4. build the transformed program"
if [ -n "${BUILD_CMD:-}" ]; then
  bash -c "$BUILD_CMD"
else
  mapfile -t csrc < <(find "$OUT" -name '*.c' | sort)
  "$CC" -O2 -Wall -Werror "${csrc[@]}" "${rt[@]}" -o "$PROG"
fi

step "5. tests"
if [ -n "${TEST_CMD:-}" ]; then
  bash -c "$TEST_CMD"
else
  # The bundled example's test: the original and the transformed program print the same.
  "$CC" -O2 -w "${inputs[@]}" -o "$work/original"
  IFS=';' read -r -a runs <<<"$TEST_ARGS"
  for a in "${runs[@]}"; do
    want=$("$work/original" $a); got=$("$PROG" $a)
    if [ "$want" != "$got" ]; then
      echo "ptrcomp-ci: output differs for arguments '$a': '$want' vs '$got'" >&2
      exit 1
    fi
    echo "arguments '$a': same output"
  done
fi
step "ptrcomp-ci: OK"
