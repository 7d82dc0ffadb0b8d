#!/usr/bin/env python3
"""Runs ptrcomp on examples/lists.c (or another single-file program), builds the original
and the transformed program, runs both with the same size argument, and prints their
outputs and peak memory side by side."""
import argparse
import os
import pathlib
import re
import resource
import shlex
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


def peak_kib(cmd, launcher, env=None):
    """Runs cmd under benchmarks/runchild.c, which reports the program's own peak RSS (a
    child forked from this Python process would count the RSS it inherited before exec)."""
    def big_stack():
        soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
        resource.setrlimit(resource.RLIMIT_STACK, (hard, hard))

    with tempfile.NamedTemporaryFile(mode="r", suffix=".rusage") as fr:
        p = subprocess.run([str(launcher), fr.name, *map(str, cmd)], capture_output=True,
                           text=True, env=env or os.environ, preexec_fn=big_stack)
        m = re.search(r"exit=(-?\d+) maxrss_kb=(\d+)", fr.read())
        if not m:
            sys.exit(f"could not measure {cmd[0]}:\n{p.stderr}")
        return p.stdout, p.stderr, int(m[1]), int(m[2])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", nargs="?", default=str(ROOT / "examples" / "lists.c"))
    ap.add_argument("--size", default="2000000", help="argument passed to the program")
    ap.add_argument("--build-dir", default=os.environ.get("PTRCOMP_BUILD_DIR",
                                                          str(ROOT / "build")))
    ap.add_argument("--out", default=str(ROOT / "examples" / "out"))
    args = ap.parse_args()

    ptrcomp = pathlib.Path(args.build_dir) / "bin" / "ptrcomp"
    src = pathlib.Path(args.source).resolve()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    report = subprocess.run([str(ptrcomp), str(src), "-o", str(out), "--report=text"],
                            capture_output=True, text=True)
    if report.returncode != 0:
        sys.exit(f"ptrcomp failed:\n{report.stderr}")
    rt_flags = shlex.split(subprocess.run([str(ptrcomp), "--print-runtime-flags"],
                                          capture_output=True, text=True).stdout)
    orig_exe, new_exe = out / "original", out / "compressed"
    subprocess.run(["gcc", "-O2", str(src), "-o", str(orig_exe)], check=True)
    subprocess.run(["gcc", "-O2", "-Wall", "-Wextra", "-Werror", str(out / src.name),
                    *rt_flags, "-o", str(new_exe)], check=True)
    launcher = out / "runchild"
    subprocess.run(["gcc", "-O2", str(ROOT / "benchmarks" / "runchild.c"), "-o",
                    str(launcher)], check=True)

    print(f"$ ptrcomp {src.relative_to(ROOT) if src.is_relative_to(ROOT) else src} "
          f"-o {out} --report=text")
    print(report.stdout.rstrip() or "(no report)")
    print()
    rows = []
    for name, exe in [("original", orig_exe), ("compressed", new_exe)]:
        o, e, code, kib = peak_kib([str(exe), args.size], launcher)
        rows.append((name, o.strip(), code, kib))
    w = max(len(r[1]) for r in rows) + 2
    print(f"{'build':<12}{'output':<{w}}{'exit':<6}{'peak RSS':>12}")
    for name, o, code, kib in rows:
        print(f"{name:<12}{o:<{w}}{code:<6}{kib / 1024:>9.1f} MiB")
    same = rows[0][1:3] == rows[1][1:3]
    ratio = rows[1][3] / rows[0][3]
    print(f"\nsame output: {'yes' if same else 'NO'}; peak memory compressed/original = "
          f"{ratio:.2f}")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
