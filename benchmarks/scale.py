#!/usr/bin/env python3
"""Scale benchmark: how ptrcomp's time and memory grow with the number of files.

For each size N it generates a project with `gen_large.py --files N` (N C files of about
400 lines, each including <stdio.h>, <stdlib.h>, <string.h> and shared project headers,
with a compile_commands.json) and measures, each under a launcher that reads the peak
RSS of its children (runchild.c; wait4 counts every process the measured one waited for):

  clang    clang-16 -fsyntax-only over every file, one after the other, with the flags of
           compile_commands.json: total wall and CPU time, the largest RSS of any one clang
  ptrcomp  the single command `ptrcomp -p DIR -o OUT` (all files in one process)
  steps    (--steps) ptrcomp's step mode as CMake/Ninja build actions: the project's
           CMakeLists.txt with -DGEN_PTRCOMP=ON calls ptrcomp_transform, ptrcomp being
           installed once into WORK/prefix; `ninja -j J ptrcomp/genscale/ptrcomp.stamp`
           builds the steps alone (summaries, link, rewrites, finish); then one file is
           edited and the same command measured again (how many summaries ran)

and reports per N and run: files, lines, seconds, seconds per file, CPU (user+sys)
seconds, peak RSS, and ratios against clang -fsyntax-only; with the goals of issue 15.

  python3 benchmarks/scale.py                      N = 100, 300, 1000, 3000
  python3 benchmarks/scale.py --files 100,300 --json s.json --markdown s.md --plot s.png
  python3 benchmarks/scale.py --quick              tiny sizes: a smoke test
  python3 benchmarks/scale.py --steps -j 2 --results
                                   also the steps; the section of RESULTS.md and its plot
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
    exe = args.run_ptrcomp
    cmd = [exe, "-j", str(args.jobs), "-p", project, "-o", out]
    r = row(n, "ptrcomp", lines, hlines, command=cmd_str(cmd), changed_files=None)
    if not os.access(exe, os.X_OK):
        r["status"] = f"n/a (no ptrcomp at {exe})"
        return r
    r["ptrcomp_built"] = args.ptrcomp_stamp or binary_stamp(exe)
    m = measure_repeated(r, cmd, args, before=lambda: shutil.rmtree(out, ignore_errors=True))
    fill(r, m, n, args.timeout)
    if args.ptrcomp_stamp is None and binary_stamp(exe) != r["ptrcomp_built"]:
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


# The step mode through CMake and Ninja: the generated project's CMakeLists.txt calls
# ptrcomp_transform(TARGET genscale) when configured with -DGEN_PTRCOMP=ON, which makes
# ptrcomp's steps build actions. Building the finish step's output builds exactly those
# actions (the compile commands for ptrcomp, a summary per file, the link, a rewrite per
# file, the finish) and nothing of the program itself.
STEPS_TARGET = f"ptrcomp/{gen_large.PROGRAM}/ptrcomp.stamp"
STEP_KINDS = {"summarize": "summarizing", "link": "linking", "apply": "rewriting",
              "finish": "checking and writing", "db": "compile commands of"}
TOUCH_TEXT = "\n/* scale.py: an edit of this file, for the incremental build */\n"


def build_dir_of(ptrcomp):
    """The CMake build directory a ptrcomp binary was built in (BUILD/bin/ptrcomp)."""
    d = Path(ptrcomp).resolve().parent.parent
    return d if (d / "CMakeCache.txt").exists() else None


def install_ptrcomp(args, work):
    """`cmake --install BUILD --prefix WORK/prefix`, once: the steps' CMake projects find
    ptrcomp there (find_package), and the single command runs the same installed binary,
    so that a rebuild of BUILD during a long run changes neither. Returns (prefix, None)
    or (None, why not)."""
    build = args.ptrcomp_build or build_dir_of(args.ptrcomp)
    if build is None:
        return None, (f"no CMake build directory for {args.ptrcomp} (give "
                      "--ptrcomp-build DIR)")
    if not shutil.which("cmake") or not shutil.which("ninja"):
        return None, "cmake or ninja is not on PATH"
    prefix = Path(work) / "prefix"
    why = None
    for attempt in range(3):  # a binary replaced while it was copied does not run
        shutil.rmtree(prefix, ignore_errors=True)
        r = subprocess.run(["cmake", "--install", str(build), "--prefix", str(prefix)],
                           capture_output=True, text=True)
        exe = prefix / "bin" / "ptrcomp"
        if r.returncode != 0:
            why = f"cmake --install {build} failed: {last_line(r.stderr or r.stdout)}"
        elif not ptrcomp_has_steps(exe):
            why = f"the ptrcomp installed from {build} has no --summarize"
        else:
            return prefix, None
        time.sleep(10 * (attempt + 1))
    return None, why


def step_counts(text):
    """How many actions of each step Ninja ran, from its "[i/n] DESCRIPTION" lines."""
    counts = {k: 0 for k in STEP_KINDS}
    files = []
    for line in text.splitlines():
        m = re.search(r"ptrcomp: (summarizing|linking|rewriting|checking and writing|"
                      r"compile commands of)\b ?(\S*)", line)
        if m:
            kind = next(k for k, v in STEP_KINDS.items() if v == m.group(1))
            counts[kind] += 1
            if kind == "summarize":
                files.append(m.group(2))
    return counts, files


def ninja_log_entries(build):
    """The entries of BUILD/.ninja_log, in order: (start ms, end ms, output path)."""
    try:
        lines = (Path(build) / ".ninja_log").read_text().splitlines()
    except OSError:
        return []
    out = []
    for line in lines:
        f = line.split("\t")
        if len(f) >= 4 and not line.startswith("#"):
            try:
                out.append((int(f[0]), int(f[1]), f[3]))
            except ValueError:
                pass
    return out


def step_seconds(entries):
    """Seconds spent in the actions of each step (summed over actions, so more than the
    wall time when they ran in parallel), from .ninja_log entries."""
    kinds = ((".pcs", "summarize"), (".pcr", "apply"), ("/program.pcp", "link"),
             ("/db/compile_commands.json", "db"), ("/ptrcomp.stamp", "finish"))
    out = {k: 0.0 for _, k in kinds}
    for start, end, path in entries:
        for suffix, kind in kinds:
            if path.endswith(suffix):
                out[kind] += (end - start) / 1000.0
    return {k: round(v, 2) for k, v in out.items()}


def same_as_single(project, tree, single_out):
    """Whether the steps' output (tree/<absolute path>) is the single command's (-o OUT,
    relative to a root of its choosing: the project or its src/), byte for byte."""
    if not Path(single_out).is_dir():
        return None
    mine = {p.relative_to(tree / Path(project).relative_to("/")): p
            for p in (tree / Path(project).relative_to("/")).rglob("*") if p.is_file()}
    theirs = [p for p in Path(single_out).rglob("*") if p.is_file()]
    for base in (Path("."), Path("src")):
        rel = {base / p.relative_to(single_out): p for p in theirs}
        if set(rel) <= set(mine):
            same = all(rel[k].read_bytes() == mine[k].read_bytes() for k in rel)
            # files the steps wrote beyond the single command's must be unchanged copies
            extra = [k for k in mine if k not in rel]
            same = same and all(mine[k].read_bytes() == (Path(project) / k).read_bytes()
                                for k in extra if (Path(project) / k).exists())
            return same
    return False


def measure_steps(n, project, work, lines, hlines, args):
    """ptrcomp's steps as CMake/Ninja build actions (ptrcomp_transform): configure the
    generated project in WORK/steps-build (-G Ninja, -DGEN_PTRCOMP=ON, not measured),
    then measure `ninja -j J ptrcomp/genscale/ptrcomp.stamp`, the finish step's output:
    the steps and nothing else (the program is not compiled). Then the incremental case:
    one source edited, the same ninja command again; the row records how many actions of
    each step ran (from Ninja's "ptrcomp: summarizing FILE" lines) and its time."""
    build = Path(work) / "steps-build"
    prefix = args.steps_prefix
    configure = ["cmake", "-S", project, "-B", build, "-G", "Ninja",
                 f"-DCMAKE_PREFIX_PATH={prefix}", "-DGEN_PTRCOMP=ON",
                 "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"]
    cmd = ["ninja", "-C", build, f"-j{args.jobs}", STEPS_TARGET]
    r = row(n, "steps", lines, hlines, command=cmd_str(cmd),
            configure_command=cmd_str(configure))
    if args.steps_unavailable:
        r["status"] = args.steps_unavailable
        return r
    r["ptrcomp_built"] = args.ptrcomp_stamp
    conf = {}

    def fresh():
        shutil.rmtree(build, ignore_errors=True)
        t0 = time.perf_counter()
        p = subprocess.run([str(c) for c in configure], capture_output=True, text=True)
        conf["seconds"] = time.perf_counter() - t0
        conf["error"] = None if p.returncode == 0 else last_line(p.stderr or p.stdout)

    m = measure_repeated(r, cmd, args, before=fresh)
    r["configure_seconds"] = round(conf["seconds"], 3)
    if conf["error"]:
        r["status"] = f"failed (configure: {conf['error']})"
        return r
    fill(r, m, n, args.timeout)
    r["step_counts"], _ = step_counts(m.stdout)
    log_before = ninja_log_entries(build)
    r["step_seconds"] = step_seconds(log_before)
    if r["status"] != "ok":
        return r
    if r["step_counts"]["summarize"] != n:
        r["status"] = (f"failed (ninja summarized {r['step_counts']['summarize']} of "
                       f"{n} files)")
        return r
    r["same_as_single_command"] = same_as_single(
        project, build / "ptrcomp" / gen_large.PROGRAM / "tree", Path(work) / "ptrcomp-out")

    # incremental: edit one file (not main.c), build again
    entries = compile_entries(project)
    edited = Path(entries[len(entries) // 2 - 1][2] if len(entries) > 1 else entries[0][2])
    original = edited.read_text()
    r["incremental_edit"] = str(edited.relative_to(project))
    try:
        edited.write_text(original + TOUCH_TEXT)
        m2 = measure(cmd, timeout=args.timeout, mem_limit_mb=args.mem_limit_mb)
        counts, files = step_counts(m2.stdout)
        r["incremental_step_seconds"] = step_seconds(
            ninja_log_entries(build)[len(log_before):])
        r["incremental_status"] = "ok"
        if m2.timed_out:
            r["incremental_status"] = f"timeout (> {args.timeout:g} s)"
        elif m2.returncode != 0:
            r["incremental_status"] = (f"failed (exit {m2.returncode}: "
                                       f"{last_line(m2.stderr or m2.stdout)})")
        else:
            r["incremental_seconds"] = round(m2.seconds, 3)
            r["incremental_cpu_seconds"] = round(m2.cpu_seconds, 3)
            r["incremental_peak_rss_mb"] = round(m2.maxrss_kb / 1024.0, 1)
            r["incremental_counts"] = counts
            r["resummarized"] = counts["summarize"]
            r["resummarized_files"] = files[:10]
            # and a build with nothing to do
            m3 = measure(cmd, timeout=args.timeout, mem_limit_mb=args.mem_limit_mb)
            if m3.returncode == 0 and not m3.timed_out:
                r["noop_seconds"] = round(m3.seconds, 3)
                r["noop_actions"] = sum(step_counts(m3.stdout)[0].values())
    finally:
        edited.write_text(original)
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
    goal = "after editing one file, a second build re-summarizes only that file"
    steps = [r for r in rows if r["run"] == "steps" and r["status"] == "ok"]
    if steps:  # (no full build of the steps: "all" above says why)
        got = {r["files"]: r.get("resummarized", r.get("incremental_status"))
               for r in steps}
        ok = all(x == 1 for x in got.values())
        goals.append({"run": "steps", "goal": goal, "status": "met" if ok else "missed",
                      "value": ", ".join(f"{n}: {x}" for n, x in sorted(got.items()))})
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


def steps_table(rows):
    """The step mode's full and incremental builds, per size."""
    steps = [r for r in rows if r["run"] == "steps" and r.get("step_counts")]
    if not steps:
        return ""

    def counts(c):
        return "" if not c else "/".join(str(c[k]) for k in
                                         ("summarize", "link", "apply", "finish"))

    def secs(c):
        return "" if not c else " / ".join(f"{c[k]:.1f}" for k in
                                           ("db", "summarize", "link", "apply", "finish"))

    out = ["| files | configure s | full build: actions | full build: action s "
           "| output = one command's | edited file | incremental s | incremental CPU s "
           "| incremental: actions | incremental: action s | no-op build s |",
           "|---:|---:|---|---|---|---|---:|---:|---|---|---:|"]
    for r in steps:
        same = {True: "yes", False: "**no**", None: ""}[r.get("same_as_single_command")]
        inc = r.get("incremental_status")
        inc_s = fmt(r.get("incremental_seconds"), ".2f") if inc == "ok" else (inc or "")
        out.append(f"| {r['files']} | {fmt(r.get('configure_seconds'), '.1f')}"
                   f" | {counts(r['step_counts'])} | {secs(r.get('step_seconds'))}"
                   f" | {same} | {r.get('incremental_edit', '')} | {inc_s}"
                   f" | {fmt(r.get('incremental_cpu_seconds'), '.2f')}"
                   f" | {counts(r.get('incremental_counts'))}"
                   f" | {secs(r.get('incremental_step_seconds'))}"
                   f" | {fmt(r.get('noop_seconds'), '.2f')} |")
    return "\n".join(out)


def goals_markdown(goals):
    return "\n".join(f"- {RUN_LABELS[g['run']]}: {g['goal']}: **{g['status']}** "
                     f"({g['value']})" for g in goals)


def markdown_lines(data, level=1, plot=None):
    """The report as markdown lines; headings start at `level`."""
    h = "#" * level
    m = data["machine"]
    rows = data["results"]
    st = data["settings"]
    text = [
        f"{h} ptrcomp scale benchmark", "",
        f"`{data['command']}`", "",
        f"- date: {m['date']}; machine: {m['cpu']}, {m['nproc']} cores, "
        f"{m['memory_mb']} MB; load average before: {m['load_before']}",
        f"- {m['ptrcomp']}; {m['clang']}",
        f"- project: `gen_large.py --files N --lines-per-file "
        f"{st['lines_per_file']} --seed {st['seed']}`",
        "- peak RSS: the largest of any one process (clang: of any one clang run; steps: "
        "of any one process Ninja ran)",
        "- CPU s: user+sys of every process of the run",
        "- each measurement: " + ("one run" if st["repeat"] == 1 else
                                  f"the run with the median wall time of "
                                  f"{st['repeat']}"),
    ]
    loads = [r["load_before"] for r in rows if r.get("load_before") is not None]
    if loads:
        text.append(f"- load average (1 min) before each measurement: {min(loads):.2f} to "
                    f"{max(loads):.2f} (other work may have been running)")
    runs = {r["run"] for r in rows}
    if "clang" in runs:
        text.append("- clang -fsyntax-only: one file after the other (one process at a "
                    "time), so compare CPU seconds; ptrcomp's wall times use "
                    f"{st.get('jobs', '?')} jobs")
    if "ptrcomp" in runs:
        text.append(f"- ptrcomp (one command): `ptrcomp -j {st.get('jobs', '?')} -p PROJECT "
                    "-o OUT`")
    if "steps" in runs:
        text.append(
            "- ptrcomp steps: the project's CMakeLists.txt configured with `-G Ninja "
            "-DGEN_PTRCOMP=ON` (`ptrcomp_transform(TARGET genscale)`, ptrcomp installed "
            f"with `cmake --install`), then `ninja -j{st.get('jobs', '?')} "
            f"{STEPS_TARGET}`: only ptrcomp's build actions (the compile commands for "
            "ptrcomp, a summary per file, the link, a rewrite per file, the finish), not "
            "the program's compilation; the configure step is not included. Incremental: "
            "one file edited (a comment appended), the same ninja command again")
    built = sorted({r["ptrcomp_built"] for r in rows if r.get("ptrcomp_built")})
    if len(built) > 1:
        text.append("- note: ptrcomp was rebuilt between sizes: "
                    + "; ".join(f"{r['files']} files: {r['ptrcomp_built']}"
                                for r in rows if r.get("ptrcomp_built")))
    elif built:
        text.append(f"- ptrcomp binary: built {built[0]}")
    if m.get("launcher_note"):
        text.append(f"- note: {m['launcher_note']}")
    text += ["", markdown_table(rows), ""]
    stt = steps_table(rows)
    if stt:
        text += ["Step mode: actions are the numbers of summarize/link/apply/finish actions "
                 "Ninja ran; action s are the seconds spent in the actions of "
                 "db (the compile commands for ptrcomp, a CMake script) / summarize / link / "
                 "apply / finish (`ptrcomp --finish` and its CMake script), summed over "
                 "actions (from `.ninja_log`; with parallel jobs more than the wall time).",
                 "", stt, ""]
    if plot:
        text += [f"![scale: time, CPU and memory per file]({plot})", ""]
    text += ["Goals (issue 15):", "", goals_markdown(data["goals"]), ""]
    return text


def write_markdown(path, data):
    Path(path).write_text("\n".join(markdown_lines(data)))


# RESULTS.md keeps the scale benchmark's section between these markers; run.py --results
# keeps it when it rewrites the file (its own copy of the markers must match these).
SCALE_BEGIN = "<!-- scale:begin -->"
SCALE_END = "<!-- scale:end -->"


def replace_section(text, section):
    """text with the part between the markers (included) replaced by section, or with
    section appended after a blank line when there are no markers."""
    a, b = text.find(SCALE_BEGIN), text.find(SCALE_END)
    if a >= 0 and b > a:
        return text[:a] + section + text[b + len(SCALE_END):]
    if text and not text.endswith("\n"):
        text += "\n"
    return text + ("\n" if text else "") + section + "\n"


def write_results(path, data, plot):
    """The scale section of RESULTS.md (path), between the markers; plot is the PNG."""
    path = Path(path)
    rel = os.path.relpath(plot, path.parent) if plot else None
    body = markdown_lines(data, level=2, plot=rel)
    while body and body[-1] == "":
        body.pop()
    body[1:1] = ["", "Written by `scale.py --results` (the command below) between the "
                 "scale markers; `run.py --results` keeps this section. Do not edit by "
                 "hand."]
    section = "\n".join([SCALE_BEGIN, *body, SCALE_END])
    old = path.read_text() if path.exists() else ""
    path.write_text(replace_section(old, section))


def write_plot(path, rows):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker
    fig, (ax1, ax2, ax3) = plt.subplots(1, 3, figsize=(15, 4.4))
    for run, style in (("clang", "s--"), ("ptrcomp", "o-"), ("steps", "^-")):
        pts = sorted((r["files"], r) for r in rows if r["run"] == run and r["status"] == "ok")
        if not pts:
            continue
        xs = [n for n, _ in pts]
        ax1.plot(xs, [r["seconds_per_file"] * 1000 for _, r in pts], style,
                 label=RUN_LABELS[run])
        ax2.plot(xs, [r["cpu_seconds"] / n * 1000 for n, r in pts], style,
                 label=RUN_LABELS[run])
        ax3.plot(xs, [r["peak_rss_mb"] for _, r in pts], style, label=RUN_LABELS[run])
    clang = {r["files"]: r for r in rows if r["run"] == "clang" and r["status"] == "ok"}
    if clang:
        xs = sorted(clang)
        ax2.plot(xs, [clang[n]["cpu_seconds"] / n * 1000 * GOAL_CPU_RATIO for n in xs],
                 color="grey", lw=0.8, ls=":", label=f"goal ({GOAL_CPU_RATIO:g}x clang)")
    ax3.axhline(GOAL_PEAK_MB_AT_3000, color="grey", lw=0.8, ls=":",
                label=f"goal at 3,000 files ({GOAL_PEAK_MB_AT_3000} MB)")
    sizes = sorted({r["files"] for r in rows})
    for ax, title, unit in ((ax1, "wall time per file", "ms per file"),
                            (ax2, "CPU time (user+sys) per file", "ms per file"),
                            (ax3, "peak RSS of any one process", "MB")):
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
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
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
    ap.add_argument("--ptrcomp-build", type=Path,
                    help="the CMake build directory of --ptrcomp, installed for the step "
                         "mode (default: the directory above its bin/)")
    ap.add_argument("--clang", help="the clang for -fsyntax-only (default clang-16, else "
                    "clang)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2,
                    help="parallel jobs: `ptrcomp -j N` for the single command, `ninja -j N` "
                         "for the steps (default: the number of cores)")
    ap.add_argument("--measure", default="clang,ptrcomp",
                    help="what to measure, comma-separated, of clang,ptrcomp,steps "
                         "(default clang,ptrcomp; --steps adds steps)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="run each measurement this many times and report the run with "
                         "the median wall time (default 1)")
    ap.add_argument("--steps", action="store_true",
                    help="also measure ptrcomp's step mode (--summarize/--link/--apply/"
                         "--finish) as the build actions of ptrcomp_transform with Ninja: "
                         "a full build, and one after editing one file")
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
    ap.add_argument("--plot", type=Path, help="write a PNG: time per file, CPU per file and "
                    "peak memory against files")
    ap.add_argument("--results", action="store_true",
                    help="write the table, goals and plot into benchmarks/RESULTS.md between "
                         f"{SCALE_BEGIN} and {SCALE_END} (replacing that section, or "
                         "appended), and the plot to benchmarks/plots/scale.png")
    ap.add_argument("--results-file", type=Path, default=HERE / "RESULTS.md",
                    help="with --results: the file (default benchmarks/RESULTS.md); the plot "
                         "goes to plots/scale.png beside it")
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
    if args.results and args.quick and \
            args.results_file.resolve() == (HERE / "RESULTS.md").resolve():
        ap.error("--results with --quick would put a smoke test into benchmarks/RESULTS.md "
                 "(give --results-file)")
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")
    args.ptrcomp = args.ptrcomp.resolve() if args.ptrcomp.exists() else args.ptrcomp
    clang = args.clang or shutil.which("clang-16") or shutil.which("clang")

    work = args.work_dir.resolve()
    work.mkdir(parents=True, exist_ok=True)
    setup_launcher(work)
    # The ptrcomp that runs: with the step mode, a copy installed once into WORK/prefix,
    # used by both ptrcomp runs (a rebuild of the build directory meanwhile changes
    # neither); else the binary itself.
    args.run_ptrcomp, args.ptrcomp_stamp = args.ptrcomp, None
    args.steps_prefix, args.steps_unavailable = None, None
    if "steps" in runs:
        if not os.access(args.ptrcomp, os.X_OK):
            args.steps_unavailable = f"n/a (no ptrcomp at {args.ptrcomp})"
        elif not ptrcomp_has_steps(args.ptrcomp):
            args.steps_unavailable = STEPS_NOT_AVAILABLE
        else:
            stamp = binary_stamp(args.ptrcomp)
            prefix, why = install_ptrcomp(args, work)
            if prefix is None:
                args.steps_unavailable = f"n/a ({why})"
            else:
                args.steps_prefix = prefix
                args.run_ptrcomp = prefix / "bin" / "ptrcomp"
                args.ptrcomp_stamp = stamp + f", installed into {prefix}"
        if args.steps_unavailable:
            log(f"--steps: {args.steps_unavailable}", args.quiet)
    data = {"command": "python3 benchmarks/scale.py " + cmd_str(
                argv if argv is not None else sys.argv[1:]),
            "machine": machine_info(args, clang),
            "settings": {"sizes": sizes, "runs": runs, "repeat": args.repeat,
                         "jobs": args.jobs,
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
            load = os.getloadavg()[0]
            if run in stopped:
                r = row(n, run, lines, hlines, status=f"skipped ({stopped[run]})")
            elif run == "clang":
                r = measure_clang(n, project, d, clang, lines, hlines, args)
            elif run == "ptrcomp":
                r = measure_ptrcomp(n, project, d, lines, hlines, args)
            else:
                r = measure_steps(n, project, d, lines, hlines, args)
            r["load_before"] = round(load, 2)
            if r["status"].startswith("timeout"):
                stopped[run] = f"{n} files timed out"
            rows.append(r)
            if r["seconds"] is not None:
                log(f"        {r['seconds']:.2f} s, {r['seconds_per_file'] * 1000:.1f} ms/file, "
                    f"CPU {r['cpu_seconds']:.2f} s, peak {r['peak_rss_mb']:.0f} MB"
                    + ("" if r["status"] == "ok" else f": {r['status']}")
                    + (f", check: {r['check']}" if r.get("check") else ""), args.quiet)
                if r.get("incremental_status"):
                    log("        incremental: " + (
                        f"{r['incremental_seconds']:.2f} s, actions "
                        + ", ".join(f"{k} {v}" for k, v in r["incremental_counts"].items())
                        if r["incremental_status"] == "ok" else r["incremental_status"]),
                        args.quiet)
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
    if steps_table(rows):
        print(steps_table(rows))
        print()
    print(goals_markdown(data["goals"]))
    if args.json:
        args.json.write_text(json.dumps(data, indent=2) + "\n")
    if args.markdown:
        write_markdown(args.markdown, data)
    plot = args.plot
    if args.results and plot is None:
        plot = args.results_file.parent / "plots" / "scale.png"
    if plot:
        try:
            write_plot(plot, rows)
        except ImportError as e:
            log(f"--plot: matplotlib is missing ({e})")
            plot = None
            if not args.results:
                return 1
    if args.results:
        write_results(args.results_file, data, plot)
        log(f"wrote the scale section of {args.results_file}"
            + (f" and {plot}" if plot else " (no plot: matplotlib is missing)"), args.quiet)
    failed = [r for r in rows if r["status"].startswith("failed")]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
