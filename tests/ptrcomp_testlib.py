"""Helpers shared by the test files: run ptrcomp, build C programs with the pool runtime,
and compare an original program with its transformation by running both."""
import os
import pathlib
import shutil
import subprocess
from dataclasses import dataclass

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD_DIR = pathlib.Path(os.environ.get("PTRCOMP_BUILD_DIR", ROOT / "build")).resolve()
PTRCOMP = BUILD_DIR / "bin" / "ptrcomp"
RUNTIME_INCLUDE = ROOT / "runtime"
RUNTIME_LIB = BUILD_DIR / "lib" / "libptrcomp_rt.a"

# Compilers every transformation test builds with; a missing one is skipped, not faked.
COMPILERS = [c for c in ("gcc", "clang-16", "clang") if shutil.which(c)]
if "clang-16" in COMPILERS and "clang" in COMPILERS:
    COMPILERS.remove("clang")


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str


LEGALITY_MISSED = "internal: legality missed"


def run(cmd, cwd=None, timeout=120, env=None, input=None):
    p = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True,
                       timeout=timeout, env=env, input=input, errors="replace")
    # A veto the legality check should have made fired in the rewriter (see
    # tool/legality/Legality.h): a gap in the check, whatever the test looks at.
    assert LEGALITY_MISSED not in p.stderr, (
        f"{' '.join(map(str, cmd))}:\n{p.stderr[-4000:]}")
    return Run(p.returncode, p.stdout, p.stderr)


def run_ptrcomp(*args, cwd=None, timeout=300):
    return run([PTRCOMP, *args], cwd=cwd, timeout=timeout)


def compile_c(sources, out, compiler="gcc", flags=(), with_runtime=False, runtime_lib=None):
    """Compile C sources into executable `out`; returns the Run of the compiler."""
    cmd = [compiler, "-std=gnu11", *flags, *map(str, sources), "-o", str(out)]
    if with_runtime:
        cmd[1:1] = ["-I", str(RUNTIME_INCLUDE)]
        cmd.append(str(runtime_lib or RUNTIME_LIB))
    return run(cmd, timeout=300)


def check_same_behaviour(original_sources, transformed_sources, workdir, args=(),
                         compilers=None, opt="-O2", sanitize=True, stdin=None, timeout=60,
                         original_flags=(), transformed_flags=()):
    """Build the original and transformed program with each compiler, run both, and assert
    identical stdout, stderr and exit status. The transformed program is built with -Wall
    -Wextra -Werror and, when `sanitize`, also run under ASan+UBSan with leak checking."""
    workdir = pathlib.Path(workdir)
    for cc in compilers or COMPILERS:
        orig = workdir / f"orig-{cc}"
        new = workdir / f"new-{cc}"
        r = compile_c(original_sources, orig, cc, [opt, "-w", *original_flags])
        assert r.returncode == 0, f"{cc}: original does not compile:\n{r.stderr}"
        r = compile_c(transformed_sources, new, cc,
                      [opt, "-Wall", "-Wextra", "-Werror", *transformed_flags], with_runtime=True)
        assert r.returncode == 0, f"{cc}: output does not compile cleanly:\n{r.stderr}"
        a = run([orig, *args], timeout=timeout, input=stdin)
        b = run([new, *args], timeout=timeout, input=stdin)
        assert (a.stdout, a.stderr, a.returncode) == (b.stdout, b.stderr, b.returncode), (
            f"{cc}: behaviour differs\n--- original (exit {a.returncode})\n{a.stdout[-2000:]}"
            f"\n{a.stderr[-1000:]}\n--- transformed (exit {b.returncode})\n{b.stdout[-2000:]}"
            f"\n{b.stderr[-2000:]}")
    if sanitize:
        cc = COMPILERS[0]
        san = workdir / "new-asan"
        flags = ["-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                 "-fno-omit-frame-pointer"]
        r = compile_c(transformed_sources, san, cc, [*flags, *transformed_flags],
                      with_runtime=True)
        assert r.returncode == 0, f"sanitizer build failed:\n{r.stderr}"
        orig = workdir / f"orig-{cc}"
        a = run([orig, *args], timeout=timeout, input=stdin)
        # Leak checking on: what the program writes to stderr must be what the original
        # writes, so a leak report (or any sanitizer report) fails the test.
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1")
        b = run([san, *args], timeout=timeout * 3, env=env, input=stdin)
        assert (a.stdout, a.stderr, a.returncode) == (b.stdout, b.stderr, b.returncode), (
            f"ASan/UBSan run differs (exit {b.returncode}):\n{b.stderr[-3000:]}")
