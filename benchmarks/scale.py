#!/usr/bin/env python3
"""Scale benchmark: how ptrcomp's time and memory grow with the number of files.

For each size N it generates a project with `gen_large.py --files N` (N C files of about
400 lines, each including <stdio.h>, <stdlib.h>, <string.h> and shared project headers,
with a compile_commands.json) and measures, each under a launcher that reads the peak
RSS of its children (runchild.c; wait4 counts every process the measured one waited for):

  clang    clang-16 -fsyntax-only over every file, one after the other, with the flags of
           compile_commands.json: total wall and CPU time, the largest RSS of any one clang
  ptrcomp  the single command `ptrcomp -p DIR -o OUT` (all files in one process)
  steps    ptrcomp's step mode (summarize each file, link, apply each file) through CMake
           and Ninja: not available yet, see measure_steps()

and reports per N and run: files, lines, seconds, seconds per file, CPU (user+sys)
seconds, peak RSS, and ratios against clang -fsyntax-only; with the goals of issue 15.

  python3 benchmarks/scale.py                      N = 100, 300, 1000, 3000
  python3 benchmarks/scale.py --files 100,300 --json s.json --markdown s.md --plot s.png
  python3 benchmarks/scale.py --quick              tiny sizes: a smoke test
"""
import argparse
import datetime
import json
import os
import platform
import re
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import gen_large  # noqa: E402

DEFAULT_SIZES = [100, 300, 1000, 3000]
QUICK_SIZES = [4, 8]
DEFAULT_TIMEOUT = 1800
RUNS = ("clang", "ptrcomp", "steps")
RUN_LABELS = {"clang": "clang -fsyntax-only", "ptrcomp": "ptrcomp (one command)",
              "steps": "ptrcomp steps (CMake/Ninja)"}

# The goals of issue 15, checked on the ptrcomp runs (single command and steps).
GOAL_PER_FILE_SPREAD = 1.3     # time per file, largest / smallest, over the sizes
GOAL_PEAK_MB_AT_3000 = 1024    # peak RSS of any one process at 3,000 files
GOAL_CPU_RATIO = 2.0           # total CPU / clang -fsyntax-only's


def log(msg, quiet=False):
    if not quiet:
        print(msg, file=sys.stderr, flush=True)


def cmd_str(cmd):
    return " ".join(shlex.quote(str(c)) for c in cmd)


def last_line(text):
    lines = [ln.strip() for ln in (text or "").splitlines() if ln.strip()]
    errors = [ln for ln in lines if re.search(r"\berror\b|fatal|cannot", ln, re.I)]
    pick = (errors or lines or ["no error message"])[0 if errors else -1]
    return pick if len(pick) <= 160 else pick[:157] + "..."


# --------------------------------------------------------------------------- running

@dataclass
class Measured:
    returncode: int
    seconds: float
    cpu_seconds: float
    maxrss_kb: int
    stdout: str
    stderr: str
    timed_out: bool = False
    sampled_hwm_kb: int = 0  # largest VmHWM seen while it ran (the only figure on timeout)


_launcher = None
_launcher_note = None


def setup_launcher(workdir, cc="cc"):
    """Compile runchild.c: a small launcher whose wait4 gives the peak RSS of the measured
    process and of every process it waited for (clang under sh, compilers under ninja),
    starting from the launcher's own size (a forked Python child would start from the
    harness's)."""
    global _launcher, _launcher_note
    exe = Path(workdir) / "runchild"
    r = subprocess.run([cc, "-O2", str(HERE / "runchild.c"), "-o", str(exe)],
                       capture_output=True, text=True)
    if r.returncode == 0:
        _launcher = exe
    else:
        _launcher_note = ("runchild.c does not build; peak RSS includes the harness's own "
                          f"({last_line(r.stderr)})")
    return _launcher_note


def measure(cmd, cwd=None, timeout=DEFAULT_TIMEOUT, mem_limit_mb=None):
    """Run cmd under the launcher: wall time, user+sys CPU time of it and of all the
    processes it waited for, and the largest RSS of any one of them."""
    with tempfile.TemporaryFile() as fo, tempfile.TemporaryFile() as fe, \
            tempfile.NamedTemporaryFile(mode="r", suffix=".rusage") as fr:
        full = [str(c) for c in cmd]
        if _launcher is not None:
            full = [str(_launcher), fr.name, *full]

        def limit():
            if mem_limit_mb:
                n = mem_limit_mb << 20
                resource.setrlimit(resource.RLIMIT_AS, (n, n))

        t0 = time.perf_counter()
        p = subprocess.Popen(full, stdout=fo, stderr=fe, cwd=cwd, start_new_session=True,
                             preexec_fn=limit if mem_limit_mb else None)
        killed = []

        def kill():
            killed.append(True)
            kill_tree(p.pid)

        timer = threading.Timer(timeout, kill)
        timer.start()
        done = threading.Event()
        hwm = [0]
        sampler = threading.Thread(target=sample_hwm, args=(p.pid, done, hwm), daemon=True)
        sampler.start()
        try:
            _, status, ru = os.wait4(p.pid, 0)
        except BaseException:  # Ctrl-C: do not leave the measured process running
            kill()
            os.waitpid(p.pid, 0)
            raise
        finally:
            timer.cancel()
            done.set()
            sampler.join()
        seconds = time.perf_counter() - t0
        p.returncode = rc = os.waitstatus_to_exitcode(status)
        # CPU times add up over the launcher and everything it waited for (recursively)
        cpu = ru.ru_utime + ru.ru_stime
        maxrss = ru.ru_maxrss
        if _launcher is not None and not killed:
            m = re.search(r"exit=(-?\d+) maxrss_kb=(\d+) seconds=([0-9.]+)", fr.read())
            if rc == 0 and m:
                rc, maxrss, seconds = int(m.group(1)), int(m.group(2)), float(m.group(3))
            else:
                rc = rc or -1
        fo.seek(0)
        fe.seek(0)
        return Measured(rc, seconds, cpu, maxrss, fo.read().decode(errors="replace"),
                        fe.read().decode(errors="replace"), bool(killed), hwm[0])


def process_tree(root):
    """The pids of root's process group and of root's descendants (ninja starts each
    command in a process group of its own, so the group alone misses them)."""
    parent, group = {}, {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                stat = f.read()
            # after the command name (in parentheses, may hold spaces): state ppid pgrp
            fields = stat[stat.rindex(")") + 2:].split()
            parent[int(d)], group[int(d)] = int(fields[1]), int(fields[2])
        except (OSError, ValueError, IndexError):
            pass
    out = {pid for pid, g in group.items() if g == root}
    todo = [root, *out]
    while todo:
        pid = todo.pop()
        for child, pp in parent.items():
            if pp == pid and child not in out:
                out.add(child)
                todo.append(child)
    return out


def kill_tree(root):
    """SIGKILL root, its process group and all its descendants: stop them first, so that
    none starts new processes meanwhile (ninja does)."""
    for sig in (signal.SIGSTOP, signal.SIGKILL):
        for pid in process_tree(root) | {root}:
            try:
                os.kill(pid, sig)
            except (ProcessLookupError, PermissionError):
                pass
    try:
        os.killpg(root, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def sample_hwm(root, done, hwm, interval=2.0):
    """Every interval seconds until done: the largest VmHWM (peak RSS) of root's process
    group and descendants, into hwm[0]. A run killed at its timeout leaves no rusage, so
    this is what its row reports then (a lower bound: it misses the last interval)."""
    while not done.wait(interval):
        for pid in process_tree(root):
            try:
                with open(f"/proc/{pid}/status") as f:
                    for line in f:
                        if line.startswith("VmHWM:"):
                            hwm[0] = max(hwm[0], int(line.split()[1]))
                            break
            except (OSError, ValueError):
                pass


def measure_repeated(r, cmd, args, before=None):
    """measure() args.repeat times (stopping at a failure); the run with the median wall
    time. Every run's wall time goes to r["all_seconds"]."""
    got = []
    for _ in range(args.repeat):
        if before:
            before()
        m = measure(cmd, timeout=args.timeout, mem_limit_mb=args.mem_limit_mb)
        got.append(m)
        if m.returncode != 0 or m.timed_out:
            r["all_seconds"] = [round(x.seconds, 3) for x in got]
            return m
    r["all_seconds"] = [round(x.seconds, 3) for x in got]
    return sorted(got, key=lambda x: x.seconds)[(len(got) - 1) // 2]


# --------------------------------------------------------------------------- project

def compile_entries(project):
    """(directory, argument list, file) of every entry of compile_commands.json."""
    db = json.loads((Path(project) / "compile_commands.json").read_text())
    out = []
    for e in db:
        args = e.get("arguments") or shlex.split(e["command"])
        directory = e.get("directory", str(project))
        out.append((directory, list(args), os.path.join(directory, e["file"])))
    return out


def flags_of(directory, args, file):
    """The compile flags of an entry: its arguments without the compiler, -c, -o OUT and
    the source file."""
    out, skip = [], False
    for a in args[1:]:
        if skip:
            skip = False
        elif a == "-o":
            skip = True
        elif a == "-c" or (a.startswith("-o") and len(a) > 2):
            continue
        elif os.path.normpath(os.path.join(directory, a)) == os.path.normpath(file):
            continue
        else:
            out.append(a)
    return out


def syntax_script(project, clang, path):
    """A shell script running clang -fsyntax-only over every file of the database, one
    after the other; stops at the first failure."""
    lines = ["set -e"]
    cwd = None
    for directory, args, file in compile_entries(project):
        if directory != cwd:
            lines.append(f"cd {shlex.quote(directory)}")
            cwd = directory
        lines.append(cmd_str([clang, "-fsyntax-only", *flags_of(directory, args, file),
                              file]))
    Path(path).write_text("\n".join(lines) + "\n")
    return len(lines)


def count_lines(project):
    c = h = 0
    for p in Path(project).rglob("*"):
        if p.suffix == ".c":
            c += p.read_text().count("\n")
        elif p.suffix == ".h":
            h += p.read_text().count("\n")
    return c, h


def changed_files(project, out):
    """Files of ptrcomp's output that differ from the project's."""
    n = 0
    for p in Path(out).rglob("*"):
        if p.is_file():
            orig = Path(project) / p.relative_to(out)
            if not orig.exists() or orig.read_bytes() != p.read_bytes():
                n += 1
    return n


# --------------------------------------------------------------------------- the runs

def row(n, run, lines, header_lines, **kw):
    r = {"files": n, "run": run, "label": RUN_LABELS[run], "lines": lines,
         "header_lines": header_lines, "status": "ok", "command": None, "seconds": None,
         "seconds_per_file": None, "cpu_seconds": None, "peak_rss_mb": None,
         "ratio_time": None, "ratio_cpu": None, "ratio_mem": None}
    r.update(kw)
    return r


def fill(r, m, n, timeout):
    r["exit"] = m.returncode
    if m.timed_out:
        r["status"] = f"timeout (> {timeout:g} s)"
        r["timeout_s"] = timeout
        if m.sampled_hwm_kb:
            r["peak_rss_mb_before_timeout"] = round(m.sampled_hwm_kb / 1024.0, 1)
        return r
    r["seconds"] = round(m.seconds, 3)
    r["seconds_per_file"] = round(m.seconds / n, 6)
    r["cpu_seconds"] = round(m.cpu_seconds, 3)
    r["peak_rss_mb"] = round(m.maxrss_kb / 1024.0, 1)
    if m.returncode != 0:
        r["status"] = f"failed (exit {m.returncode}: {last_line(m.stderr or m.stdout)})"
    return r


def measure_clang(n, project, work, clang, lines, hlines, args):
    script = Path(work) / "clang-syntax.sh"
    syntax_script(project, clang, script)
    r = row(n, "clang", lines, hlines,
            command=f"sh {script}  # {clang} -fsyntax-only <flags of compile_commands.json> "
                    f"FILE, for each of the {n} files")
    if clang is None:
        r["status"] = "n/a (no clang-16 or clang on PATH)"
        return r
    m = measure_repeated(r, ["sh", script], args)
    return fill(r, m, n, args.timeout)


def measure_ptrcomp(n, project, work, lines, hlines, args):
    out = Path(work) / "ptrcomp-out"
    cmd = [args.ptrcomp, "-p", project, "-o", out]
    r = row(n, "ptrcomp", lines, hlines, command=cmd_str(cmd), changed_files=None)
    if not os.access(args.ptrcomp, os.X_OK):
        r["status"] = f"n/a (no ptrcomp at {args.ptrcomp})"
        return r
    r["ptrcomp_built"] = binary_stamp(args.ptrcomp)
    m = measure_repeated(r, cmd, args, before=lambda: shutil.rmtree(out, ignore_errors=True))
    fill(r, m, n, args.timeout)
    if binary_stamp(args.ptrcomp) != r["ptrcomp_built"]:
        r["ptrcomp_built"] += " (rebuilt while measuring)"
    if r["status"] == "ok":
        r["changed_files"] = changed_files(project, out)
        if args.check:
            r["check"] = check_output(project, out, work, args)
    return r


def binary_stamp(path):
    """When the binary was built, and its size: the build directory may be rebuilt by
    others between two sizes."""
    st = os.stat(path)
    return (datetime.datetime.fromtimestamp(st.st_mtime).strftime("%Y-%m-%d %H:%M:%S")
            + f", {st.st_size} bytes")


def ptrcomp_has_steps(ptrcomp):
    """Whether this ptrcomp has the step mode (--summarize, --link, --apply)."""
    try:
        p = subprocess.run([str(ptrcomp), "--help"], capture_output=True, text=True,
                           timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return "--summarize" in p.stdout + p.stderr


STEPS_NOT_AVAILABLE = "not available yet (this ptrcomp has no --summarize)"


def measure_steps(n, project, work, lines, hlines, args):
    """THE STEP MODE: TO BE FILLED IN once ptrcomp has it.

    What it will measure, through the generated project's CMakeLists.txt built with Ninja
    (configured in WORK/steps-build with -G Ninja, the configure step not measured):

      ptrcomp --summarize FILE -o FILE.pcs        once per file, with the file's flags
      ptrcomp --link *.pcs -o program.pcp          once
      ptrcomp --apply program.pcp FILE -o OUT      once per file

    - a full build, `ninja -j <nproc>` under measure(): wall time, CPU time of every
      process (measure() adds up everything ninja waited for), and the peak RSS of any one
      process (the launcher's wait4 gives the largest over ninja's children);
    - the same for the separate phases if the build exposes them as targets;
    - incremental: touch one source, run ninja again, and record how many summarize steps
      ran (from `ninja -d explain` or `.ninja_log`): the goal is exactly one, and the
      relink and the applies that the changed summary affects.

    Return row(n, "steps", ...) filled with fill(), plus e.g. "resummarized": <count>,
    "incremental_seconds". Until then, the row says the mode is not available."""
    r = row(n, "steps", lines, hlines)
    if not os.access(args.ptrcomp, os.X_OK):
        r["status"] = f"n/a (no ptrcomp at {args.ptrcomp})"
    elif not ptrcomp_has_steps(args.ptrcomp):
        r["status"] = STEPS_NOT_AVAILABLE
    else:
        r["status"] = "not implemented in scale.py yet (ptrcomp has --summarize)"
    return r


def check_output(project, out, work, args):
    """Build the original project and ptrcomp's output with gcc (the flags of
    compile_commands.json; the output with `ptrcomp --print-runtime-flags`), run both and
    compare what they print. Returns "ok" or what went wrong."""
    p = subprocess.run([str(args.ptrcomp), "--print-runtime-flags"], capture_output=True,
                       text=True)
    rt = shlex.split(p.stdout)
    rt_inc = [a for a in rt if a.startswith("-I")]
    rt_lib = [a for a in rt if not a.startswith("-I")]
    entries = compile_entries(project)
    results = {}
    for label, root, extra in (("original", Path(project), []),
                               ("transformed", Path(out), rt_inc)):
        objdir = Path(work) / f"check-{label}"
        shutil.rmtree(objdir, ignore_errors=True)
        objdir.mkdir(parents=True)

        def cc(i_entry):
            i, (directory, args_, file) = i_entry
            src = root / os.path.relpath(file, project)
            inc = [f"-I{out}/include"] if label == "transformed" else []
            cmd = ["gcc", *inc, *flags_of(directory, args_, file), *extra, "-O0", "-w",
                   "-c", str(src), "-o", str(objdir / f"{i}.o")]
            return subprocess.run(cmd, cwd=directory, capture_output=True, text=True)

        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
            runs = list(ex.map(cc, enumerate(entries)))
        bad = [r for r in runs if r.returncode != 0]
        if bad:
            return f"{label} does not compile: {last_line(bad[0].stderr)}"
        exe = objdir / "prog"
        link = subprocess.run(["gcc", *map(str, sorted(objdir.glob("*.o"))), "-o", str(exe),
                               *(rt_lib if label == "transformed" else [])],
                              capture_output=True, text=True)
        if link.returncode != 0:
            return f"{label} does not link: {last_line(link.stderr)}"
        r = subprocess.run([str(exe)], capture_output=True, text=True, timeout=600)
        results[label] = (r.returncode, r.stdout, r.stderr)
    if results["original"] != results["transformed"]:
        return ("output differs: original " + repr(results["original"])[:200]
                + ", transformed " + repr(results["transformed"])[:200])
    return "ok"


def add_ratios(rows):
    clang = {r["files"]: r for r in rows if r["run"] == "clang" and r["status"] == "ok"}
    for r in rows:
        c = clang.get(r["files"])
        if r["run"] == "clang" or c is None or r["status"] != "ok":
            continue
        for key, field in (("ratio_time", "seconds"), ("ratio_cpu", "cpu_seconds"),
                           ("ratio_mem", "peak_rss_mb")):
            if r[field] is not None and c[field]:
                r[key] = round(r[field] / c[field], 3)


# --------------------------------------------------------------------------- goals

def evaluate_goals(rows):
    """Issue 15's goals for each ptrcomp run (single command, steps)."""
    goals = []
    measured = {r["run"] for r in rows}
    for run in [r for r in ("ptrcomp", "steps") if r in measured]:
        ok = [r for r in rows if r["run"] == run and r["status"] == "ok"]
        if not ok:
            goals.append({"run": run, "goal": "all", "status": "not measured",
                          "value": next(r["status"] for r in rows if r["run"] == run)})
            continue
        failed = [r["files"] for r in rows if r["run"] == run and r["status"] != "ok"]
        per = {r["files"]: r["seconds_per_file"] for r in ok if 100 <= r["files"] <= 3000}
        if len(per) >= 2:
            lo, hi = min(per.values()), max(per.values())
            spread = hi / lo
            value = (f"{spread:.2f}x over {', '.join(map(str, sorted(per)))} files "
                     f"({lo * 1000:.1f} to {hi * 1000:.1f} ms per file)")
        else:
            spread, value = None, f"measured at {sorted(per) or 'no sizes in 100..3000'}"
        if spread is not None and spread > GOAL_PER_FILE_SPREAD:
            st = "missed"  # more sizes can only widen the spread
        elif any(n in failed for n in (100, 3000)):
            st, value = "missed", value + f"; no result at {[n for n in failed]} files"
        elif spread is not None and {100, 3000} <= set(per):
            st = "met"
        else:
            st = "not measured"
            value += " (needs 100 and 3,000)"
        goals.append({"run": run, "goal": f"time per file constant within "
                      f"{GOAL_PER_FILE_SPREAD}x from 100 to 3,000 files",
                      "status": st, "value": value})
        at = next((r for r in ok if r["files"] == 3000), None)
        if at is not None:
            st = "met" if at["peak_rss_mb"] <= GOAL_PEAK_MB_AT_3000 else "missed"
            value = f"{at['peak_rss_mb']:.0f} MB"
        elif 3000 in failed:
            st, value = "missed", "no result at 3000 files"
        else:
            st, value = "not measured", "3000 files not run"
        goals.append({"run": run, "goal": f"peak memory of any one process <= "
                      f"{GOAL_PEAK_MB_AT_3000} MB at 3,000 files", "status": st,
                      "value": value})
        ratios = {r["files"]: r["ratio_cpu"] for r in ok if r["ratio_cpu"] is not None}
        if ratios:
            worst = max(ratios.values())
            st = "met" if worst <= GOAL_CPU_RATIO else "missed"
            value = ", ".join(f"{n}: {x:.2f}x" for n, x in sorted(ratios.items()))
        else:
            st, value = "not measured", "no clang result"
        goals.append({"run": run, "goal": f"total CPU <= {GOAL_CPU_RATIO}x clang "
                      "-fsyntax-only", "status": st, "value": value})
    steps = [r for r in rows if r["run"] == "steps" and "resummarized" in r]
    if "steps" not in measured:
        pass
    elif steps:
        ok = all(r["resummarized"] == 1 for r in steps)
        goals.append({"run": "steps", "goal": "after touching one file, a second run "
                      "re-summarizes only that file", "status": "met" if ok else "missed",
                      "value": ", ".join(f"{r['files']}: {r['resummarized']}"
                                         for r in steps)})
    else:
        goals.append({"run": "steps", "goal": "after touching one file, a second run "
                      "re-summarizes only that file", "status": "not measured",
                      "value": "step mode not measured"})
    return goals


# --------------------------------------------------------------------------- output

def fmt(x, spec):
    return "" if x is None else format(x, spec)


def markdown_table(rows):
    head = ("| files | lines | run | s | ms/file | CPU s | peak RSS MB | time/clang "
            "| CPU/clang | RSS/clang | status |")
    out = [head, "|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        ms = r["seconds_per_file"] * 1000 if r["seconds_per_file"] is not None else None
        secs, peak = fmt(r["seconds"], ".2f"), fmt(r["peak_rss_mb"], ".0f")
        if r["status"].startswith("timeout"):
            secs = f"> {r['timeout_s']:g}"
            if r.get("peak_rss_mb_before_timeout"):
                peak = f">= {r['peak_rss_mb_before_timeout']:.0f}"
        out.append(f"| {r['files']} | {r['lines']} | {r['label']} | {secs}"
                   f" | {fmt(ms, '.1f')} | {fmt(r['cpu_seconds'], '.2f')}"
                   f" | {peak} | {fmt(r['ratio_time'], '.2f')}"
                   f" | {fmt(r['ratio_cpu'], '.2f')} | {fmt(r['ratio_mem'], '.2f')}"
                   f" | {r['status']} |")
    return "\n".join(out)


def goals_markdown(goals):
    return "\n".join(f"- {RUN_LABELS[g['run']]}: {g['goal']}: **{g['status']}** "
                     f"({g['value']})" for g in goals)


def write_markdown(path, data):
    m = data["machine"]
    text = [
        "# ptrcomp scale benchmark", "",
        f"`{data['command']}`", "",
        f"- date: {m['date']}; machine: {m['cpu']}, {m['nproc']} cores, "
        f"{m['memory_mb']} MB; load average before: {m['load_before']}",
        f"- {m['ptrcomp']}; {m['clang']}",
        f"- project: `gen_large.py --files N --lines-per-file "
        f"{data['settings']['lines_per_file']} --seed {data['settings']['seed']}`",
        "- peak RSS: the largest of any one process (clang: of any one clang run)",
        "- each measurement: " + ("one run" if data["settings"]["repeat"] == 1 else
                                  f"the run with the median wall time of "
                                  f"{data['settings']['repeat']}"),
    ]
    built = sorted({r["ptrcomp_built"] for r in data["results"] if r.get("ptrcomp_built")})
    if len(built) > 1:
        text.append("- note: ptrcomp was rebuilt between sizes: "
                    + "; ".join(f"{r['files']} files: {r['ptrcomp_built']}"
                                for r in data["results"] if r.get("ptrcomp_built")))
    if m.get("launcher_note"):
        text.append(f"- note: {m['launcher_note']}")
    text += ["", markdown_table(data["results"]), "", "Goals (issue 15):", "",
             goals_markdown(data["goals"]), ""]
    Path(path).write_text("\n".join(text))


def write_plot(path, rows):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    for run, style in (("clang", "s--"), ("ptrcomp", "o-"), ("steps", "^-")):
        pts = sorted((r["files"], r) for r in rows if r["run"] == run and r["status"] == "ok")
        if not pts:
            continue
        xs = [n for n, _ in pts]
        ax1.plot(xs, [r["seconds_per_file"] * 1000 for _, r in pts], style,
                 label=RUN_LABELS[run])
        ax2.plot(xs, [r["peak_rss_mb"] for _, r in pts], style, label=RUN_LABELS[run])
    ax2.axhline(GOAL_PEAK_MB_AT_3000, color="grey", lw=0.8, ls=":",
                label=f"goal at 3,000 files ({GOAL_PEAK_MB_AT_3000} MB)")
    sizes = sorted({r["files"] for r in rows})
    for ax, title, unit in ((ax1, "wall time per file", "ms per file"),
                            (ax2, "peak RSS of any one process", "MB")):
        ax.set_xscale("log")
        ax.set_xticks(sizes)
        ax.set_xticklabels([f"{n:,}" for n in sizes])
        ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
        ax.set_xlabel("files")
        ax.set_ylabel(unit)
        ax.set_title(title)
        ax.grid(True, which="both", alpha=0.3)
        ax.set_ylim(bottom=0)
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def machine_info(args, clang):
    def first(path, prefix):
        try:
            for line in open(path):
                if line.startswith(prefix):
                    return line.split(":", 1)[1].strip()
        except OSError:
            pass
        return None

    mem = first("/proc/meminfo", "MemTotal:")
    version, mtime = "ptrcomp: not found", ""
    if os.access(args.ptrcomp, os.X_OK):
        mtime = f", built {binary_stamp(args.ptrcomp)}"
        p = subprocess.run([str(args.ptrcomp), "--version"], capture_output=True, text=True)
        version = (p.stdout.strip() or p.stderr.strip()).splitlines()[0]
    cv = "clang: not found"
    if clang:
        p = subprocess.run([clang, "--version"], capture_output=True, text=True)
        cv = p.stdout.splitlines()[0] if p.stdout else clang
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    return {"date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
            "cpu": first("/proc/cpuinfo", "model name") or platform.processor(),
            "nproc": os.cpu_count(), "memory_mb": int(mem.split()[0]) // 1024 if mem else None,
            "kernel": platform.release(), "load_before": " ".join(
                f"{x:.2f}" for x in os.getloadavg()),
            "ptrcomp": f"{version} ({args.ptrcomp}{mtime})", "clang": cv, "commit": commit,
            "launcher_note": _launcher_note}


# --------------------------------------------------------------------------- main

def parse_sizes(text):
    try:
        sizes = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of numbers: {text!r}")
    if not sizes or min(sizes) < 2:
        raise argparse.ArgumentTypeError("sizes must be at least 2 (one file is main.c)")
    return sizes


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=parse_sizes,
                    help="sizes, comma-separated (default 100,300,1000,3000; "
                         f"with --quick {','.join(map(str, QUICK_SIZES))})")
    ap.add_argument("--quick", action="store_true", help="tiny sizes: a smoke test")
    ap.add_argument("--lines-per-file", type=int, default=gen_large.DEFAULT_LINES_PER_FILE)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ptrcomp", type=Path,
                    default=Path(os.environ.get("PTRCOMP_BUILD_DIR", ROOT / "build"))
                    / "bin" / "ptrcomp", help="the ptrcomp binary (default build/bin/ptrcomp)")
    ap.add_argument("--clang", help="the clang for -fsyntax-only (default clang-16, else "
                    "clang)")
    ap.add_argument("--measure", default="clang,ptrcomp",
                    help="what to measure, comma-separated, of clang,ptrcomp,steps "
                         "(default clang,ptrcomp; --steps adds steps)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="run each measurement this many times and report the run with "
                         "the median wall time (default 1)")
    ap.add_argument("--steps", action="store_true",
                    help="also measure ptrcomp's step mode (--summarize/--link/--apply) "
                         "through CMake and Ninja")
    ap.add_argument("--check", action="store_true",
                    help="also build ptrcomp's output with gcc, run it, and compare with the "
                         "original (not timed)")
    ap.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                    help=f"seconds per measured run (default {DEFAULT_TIMEOUT}); a run that "
                         "times out is recorded as such and larger sizes of it are skipped")
    ap.add_argument("--mem-limit-mb", type=int,
                    help="address-space limit (RLIMIT_AS) of each measured run")
    ap.add_argument("--work-dir", type=Path, default=HERE / "out" / "scale")
    ap.add_argument("--keep", action="store_true",
                    help="keep each size's project and output (default: delete them after "
                         "measuring)")
    ap.add_argument("--json", type=Path, help="write the results as JSON")
    ap.add_argument("--markdown", type=Path, help="write the table and goals as markdown")
    ap.add_argument("--plot", type=Path, help="write a PNG: time per file and peak memory "
                    "against files")
    ap.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    args = ap.parse_args(argv)

    sizes = args.files or (QUICK_SIZES if args.quick else DEFAULT_SIZES)
    runs = [r.strip() for r in args.measure.split(",") if r.strip()]
    if args.steps and "steps" not in runs:
        runs.append("steps")
    bad = [r for r in runs if r not in RUNS]
    if bad:
        ap.error(f"unknown run {bad[0]!r} (choose from {', '.join(RUNS)})")
    if args.repeat < 1:
        ap.error("--repeat must be at least 1")
    if "steps" in runs and os.access(args.ptrcomp, os.X_OK) \
            and not ptrcomp_has_steps(args.ptrcomp):
        log(f"--steps: {STEPS_NOT_AVAILABLE}", args.quiet)
    args.ptrcomp = args.ptrcomp.resolve() if args.ptrcomp.exists() else args.ptrcomp
    clang = args.clang or shutil.which("clang-16") or shutil.which("clang")

    work = args.work_dir.resolve()
    work.mkdir(parents=True, exist_ok=True)
    setup_launcher(work)
    data = {"command": "python3 benchmarks/scale.py " + cmd_str(
                argv if argv is not None else sys.argv[1:]),
            "machine": machine_info(args, clang),
            "settings": {"sizes": sizes, "runs": runs, "repeat": args.repeat,
                         "seed": args.seed,
                         "lines_per_file": args.lines_per_file, "timeout": args.timeout,
                         "mem_limit_mb": args.mem_limit_mb},
            "results": []}
    rows = data["results"]
    total = len(sizes) * (1 + len(runs))
    step = 0
    stopped = {}  # run -> why larger sizes are skipped

    def progress(msg):
        nonlocal step
        step += 1
        log(f"[{step}/{total}] {msg}", args.quiet)

    for n in sizes:
        d = work / f"n{n}"
        project = d / "project"
        progress(f"N={n}: generating the project")
        gen_large.write_project(project, n, args.lines_per_file, args.seed)
        lines, hlines = count_lines(project)
        for run in runs:
            progress(f"N={n}: {RUN_LABELS[run]}")
            if run in stopped:
                r = row(n, run, lines, hlines, status=f"skipped ({stopped[run]})")
            elif run == "clang":
                r = measure_clang(n, project, d, clang, lines, hlines, args)
            elif run == "ptrcomp":
                r = measure_ptrcomp(n, project, d, lines, hlines, args)
            else:
                r = measure_steps(n, project, d, lines, hlines, args)
            if r["status"].startswith("timeout"):
                stopped[run] = f"{n} files timed out"
            rows.append(r)
            if r["seconds"] is not None:
                log(f"        {r['seconds']:.2f} s, {r['seconds_per_file'] * 1000:.1f} ms/file, "
                    f"CPU {r['cpu_seconds']:.2f} s, peak {r['peak_rss_mb']:.0f} MB"
                    + ("" if r["status"] == "ok" else f": {r['status']}")
                    + (f", check: {r['check']}" if r.get("check") else ""), args.quiet)
            else:
                log(f"        {r['status']}" + (
                    f", peak >= {r['peak_rss_mb_before_timeout']:.0f} MB"
                    if r.get("peak_rss_mb_before_timeout") else ""), args.quiet)
        if not args.keep:
            shutil.rmtree(d, ignore_errors=True)
    add_ratios(rows)
    data["goals"] = evaluate_goals(rows)

    print(markdown_table(rows))
    print()
    print(goals_markdown(data["goals"]))
    if args.json:
        args.json.write_text(json.dumps(data, indent=2) + "\n")
    if args.markdown:
        write_markdown(args.markdown, data)
    if args.plot:
        try:
            write_plot(args.plot, rows)
        except ImportError as e:
            log(f"--plot: matplotlib is missing ({e})")
            return 1
    failed = [r for r in rows if r["status"].startswith("failed")]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
