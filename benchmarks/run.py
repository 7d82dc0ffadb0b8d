#!/usr/bin/env python3
"""Benchmark harness for ptrcomp.

Builds every benchmark program in four configurations, each with every compiler (gcc
and clang by default, see --cc), and compares them:

  original    CC -O2, 64-bit
  poolalloc   ptrcomp --mode=poolalloc, then CC -O2 with the pool runtime
  compressed  ptrcomp (default mode: pool allocation + pointer compression), then CC -O2
  m32         CC -O2 -m32: the physical reference where every pointer is 4 bytes

ptrcomp transforms each program once per mode; its output is compiled by every compiler.
For each build it checks that the output equals the same compiler's original's, and
measures the median wall time over several runs (compilers and configurations
interleaved: run 1 of each, then run 2 of each, ...), the peak RSS of the child process,
and for transformed programs the pool runtime's own peak (PTRCOMP_STATS=1). It also times
ptrcomp itself on a large generated program against `clang -fsyntax-only`.

  python3 benchmarks/run.py              full run: large sizes, llubench sweep, tool speed
  python3 benchmarks/run.py --quick      small sizes, 3 runs (CI smoke test)
  python3 benchmarks/run.py --results    full run, then rewrite RESULTS.md and plots/
  python3 benchmarks/run.py --only treeadd --cc clang    one program, one compiler
"""
import argparse
import datetime
import json
import os
import platform
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# The one place where problem sizes live: name -> (what it is, small args, large args).
# Small: CI (well under a second). Large: the results (100 MB - 1 GB peak heap in the
# original build where the program allows, a few seconds per run).
BENCHMARKS = {
    "treeadd": ("recursive sum over a complete binary tree",
                ["18", "5"], ["24", "10"]),
    "bisort": ("adaptive bitonic sort of values held in a binary tree",
               ["16"], ["22"]),
    "perimeter": ("perimeter of a region in a quadtree image (neighbour finding)",
                  ["12", "2"], ["19", "4"]),
    "tsp": ("travelling salesman: 2-d tree of cities, tours as linked cycles",
            ["50000"], ["4000000"]),
    "em3d": ("bipartite E/H graph, pointer arrays to neighbours, relaxation",
             ["10000", "10", "10"], ["500000", "10", "10"]),
    "power": ("power network root/laterals/branches/leaves, price optimisation",
              ["100", "20"], ["10000", "40"]),
    "health": ("village hierarchy with linked lists of patients",
               ["6", "50"], ["10", "40"]),
    "mst": ("Prim's MST; adjacency stored in per-vertex hash tables",
            ["400"], ["3000"]),
    "llubench": ("many linked lists grown and walked repeatedly",
                 ["200", "32"], ["6400"]),
    "queue": ("Mogul's circular doubly-linked queue: seeks, inserts, deletes",
              ["100000", "1000000", "10"], ["4000000", "20000000", "10"]),
    "binary-trees": ("many short-lived trees beside one long-lived tree",
                     ["14"], ["21"]),
    "phases": ("three large structures in turn, each freed node by node",
               ["200000", "2"], ["3000000", "3"]),
    "dict-vtable": ("BST and treap behind a table of function pointers, hooks allocation",
                    ["20000", "2"], ["300000", "2"]),
    "mt-trees-2": ("2 threads: own trees, plus a shared list freed across threads",
                   ["2", "12", "4"], ["2", "20", "8"]),
    "mt-trees-4": ("4 threads: own trees, plus a shared list freed across threads",
                   ["4", "12", "4"], ["4", "19", "8"]),
    # Macro-heavy style: fields reached only through accessor and statement macros.
    "fheap": ("Dijkstra with a Fibonacci heap; fields only through accessor macros",
              ["20000", "6", "2"], ["500000", "6", "2"]),
    "mbisort": ("bitonic sort of records in a tree; exchanges are statement macros",
                ["14"], ["22"]),
    "anagram": ("anagram classes of a word dictionary in lists and hash chains (macros)",
                ["30000", "30000"], ["1200000", "400000"]),
}
# Entries that run another entry's program with other arguments: name -> program.
PROGRAM_OF = {"mt-trees-2": "mt-trees", "mt-trees-4": "mt-trees"}

# llubench problem-size sweep (Figure 16 of Lattner & Adve): (NLISTS, REPEAT). The heap
# grows with NLISTS (1024 nodes per list); REPEAT keeps small sizes measurable.
LLUBENCH_ITERS = 64
LLUBENCH_SWEEP = [(4, 400), (8, 200), (16, 100), (32, 50), (64, 25), (128, 12), (256, 6),
                  (512, 3), (1024, 2), (2048, 1), (4096, 1), (8192, 1)]
LLUBENCH_SWEEP_QUICK = [(4, 4), (64, 1)]

CONFIGS = ("original", "poolalloc", "compressed", "m32")
TRANSFORMED = ("poolalloc", "compressed")
CFLAGS = ["-O2", "-std=gnu11"]
# -msse2 -mfpmath=sse: same double rounding as x86-64 (x87 would change FP outputs)
M32_FLAGS = ["-m32", "-msse2", "-mfpmath=sse"]
LIBS = ["-lm", "-pthread"]
# Every program is built with each of these (--cc); "clang" means clang-16 when that is on
# PATH (the LLVM version ptrcomp is tested with), else clang.
DEFAULT_COMPILERS = ("gcc", "clang")

# Goals, checked against large-size measurements.
MEMORY_GOAL_PROGRAMS = ("treeadd", "bisort", "llubench", "binary-trees")
# A pool gives its memory back when its last object is freed: structures alive in turn
# peak as one, as with malloc.
GIVE_BACK_GOAL_PROGRAMS = ("phases",)
SPEED_GOAL_PROGRAMS = ("llubench", "treeadd", "perimeter")
# The pointer-chasing programs: their time is bound by the memory traffic of following
# pointers, which compression halves.
POINTER_CHASING_PROGRAMS = ("treeadd", "bisort", "perimeter", "tsp", "em3d", "power",
                            "health", "mst", "llubench", "queue", "binary-trees")
THREAD_GOAL_PROGRAMS = ("mt-trees-2", "mt-trees-4")

RUN_TIMEOUT = 300
PTRCOMP_TIMEOUT = 300


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def first_error_line(text):
    """The most telling line of a tool's error output, shortened."""
    lines = [ln.strip() for ln in (text or "").splitlines() if ln.strip()]
    telling = re.compile(r"\berror\b|cannot find|undefined reference|fatal", re.I)
    pick = next((ln for ln in lines if telling.search(ln) and not ln.startswith("collect2")),
                None)
    pick = pick or next((ln for ln in lines if telling.search(ln)), None)
    pick = pick or (lines[0] if lines else "no error message")
    return pick if len(pick) <= 120 else pick[:117] + "..."


def cmd_str(cmd):
    return " ".join(shlex.quote(str(c)) for c in cmd)


def rel(text):
    """A command or path with the repository's own path left out: as run from its root."""
    return str(text).replace(f"{ROOT}/", "")


# --------------------------------------------------------------------------- running

@dataclass
class RunResult:
    returncode: int
    seconds: float
    maxrss_kb: int
    stdout: str
    stderr: str
    timed_out: bool = False


_launcher = None  # compiled runchild.c, see setup_launcher()
_launcher_command = None  # the command that compiled it


def setup_launcher(cc, workdir):
    """Compile runchild.c, the launcher that reports a child's own peak RSS. Without it
    run_child() falls back to os.wait4 here, whose ru_maxrss includes the RSS the child
    inherited from this Python process before exec."""
    global _launcher, _launcher_command
    exe = Path(workdir) / "runchild"
    cmd = [cc, "-O2", HERE / "runchild.c", "-o", exe]
    rc, _, err = run_tool(cmd, timeout=120)
    if rc == 0:
        _launcher, _launcher_command = exe, cmd_str(cmd)
        return None
    return f"runchild.c does not build ({first_error_line(err)}); peak RSS includes the " \
           "harness's own footprint"


def run_child(cmd, env=None, timeout=RUN_TIMEOUT):
    """Run cmd; its wall time and its own peak RSS."""
    with tempfile.TemporaryFile() as fo, tempfile.TemporaryFile() as fe, \
            tempfile.NamedTemporaryFile(mode="r", suffix=".rusage") as fr:
        full = [str(c) for c in cmd]
        if _launcher is not None:
            full = [str(_launcher), fr.name, *full]
        t0 = time.perf_counter()
        p = subprocess.Popen(full, stdout=fo, stderr=fe, env=env, start_new_session=True)
        killed = []

        def kill():
            killed.append(True)
            try:
                os.killpg(p.pid, signal.SIGKILL)  # the launcher and the program
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            _, status, ru = os.wait4(p.pid, 0)
        except BaseException:  # e.g. Ctrl-C: do not leave the program running
            kill()
            os.waitpid(p.pid, 0)
            raise
        finally:
            timer.cancel()
        seconds = time.perf_counter() - t0
        p.returncode = rc = os.waitstatus_to_exitcode(status)
        maxrss = ru.ru_maxrss
        if _launcher is not None and not killed:
            m = re.search(r"exit=(-?\d+) maxrss_kb=(\d+) seconds=([0-9.]+)", fr.read())
            if rc != 0 or not m:
                rc = rc or -1
            else:
                rc, maxrss, seconds = int(m.group(1)), int(m.group(2)), float(m.group(3))
        fo.seek(0)
        fe.seek(0)
        return RunResult(rc, seconds, maxrss, fo.read().decode(errors="replace"),
                         fe.read().decode(errors="replace"), bool(killed))


def run_tool(cmd, timeout=PTRCOMP_TIMEOUT, env=None):
    try:
        p = subprocess.run([str(c) for c in cmd], capture_output=True, text=True,
                           errors="replace", timeout=timeout, env=env)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -1, "", f"timed out after {timeout} s"
    except OSError as e:
        return -1, "", f"cannot run {cmd[0]}: {e}"


# --------------------------------------------------------------------------- building

@dataclass
class Compiler:
    name: str                   # as the tables name it: gcc, clang
    command: str                # what is run: gcc, clang-16
    version: str = None         # first line of `command --version`
    error: str = None           # why nothing can be built with it
    m32_error: str = None       # why -m32 cannot be built with it


def resolve_compilers(spec):
    """Compilers from --cc: comma-separated names or paths. `clang` runs clang-16 when that
    is on PATH, else clang; anything else runs as given."""
    out = []
    for c in (x.strip() for x in spec.split(",")):
        if not c:
            continue
        command = "clang-16" if c == "clang" and shutil.which("clang-16") else c
        out.append(Compiler(os.path.basename(c), command))
    return out


@dataclass
class Transform:
    """ptrcomp's output for one program and mode, compiled by every compiler."""
    config: str
    source: Path = None         # the transformed .c file; None when there is none
    status: str = "ok"          # "ok" or "n/a (...)"
    unchanged: bool = False
    report: list = None         # ptrcomp --report=json structures
    commands: list = field(default_factory=list)


@dataclass
class Build:
    config: str
    cc: str = None              # Compiler.name
    exe: Path = None
    status: str = "ok"          # "ok", "unchanged by ptrcomp" or "n/a (...)"
    unchanged: bool = False
    report: list = None         # ptrcomp --report=json structures
    commands: list = field(default_factory=list)          # ptrcomp's, then the compiler's
    ptrcomp_commands: list = field(default_factory=list)  # those of commands that ran ptrcomp

    @property
    def built(self):
        return self.exe is not None


class Toolchain:
    def __init__(self, build_dir, compilers):
        self.compilers = compilers
        self.build_dir = Path(build_dir).resolve()
        self.ptrcomp = self.build_dir / "bin" / "ptrcomp"
        self.ptrcomp_error = None
        self.runtime_flags = []
        self.ptrcomp_version = None
        if not self.ptrcomp.exists():
            self.ptrcomp_error = f"ptrcomp not built: {self.ptrcomp} missing"
        else:
            rc, out, err = run_tool([self.ptrcomp, "--print-runtime-flags"], timeout=60)
            if rc != 0:
                self.ptrcomp_error = ("ptrcomp --print-runtime-flags failed: "
                                      + first_error_line(err or out))
            else:
                self.runtime_flags = shlex.split(out.strip())
            rc, out, err = run_tool([self.ptrcomp, "--version"], timeout=60)
            if rc == 0:
                self.ptrcomp_version = first_error_line(out)
        for cc in compilers:
            if shutil.which(cc.command) is None:
                cc.error = f"{cc.command} not found"
                continue
            rc, out, _ = run_tool([cc.command, "--version"], timeout=60)
            if rc == 0 and out.strip():
                cc.version = out.splitlines()[0].strip()
            cc.m32_error = self._check_m32(cc)

    def _check_m32(self, cc):
        with tempfile.TemporaryDirectory() as d:
            src = Path(d) / "t.c"
            src.write_text("#include <stdio.h>\nint main(void) { puts(\"ok\"); return 0; }\n")
            rc, out, err = run_tool([cc.command, *M32_FLAGS, src, "-o", Path(d) / "t"],
                                    timeout=60)
            if rc != 0:
                return f"{cc.command} -m32 cannot build: {first_error_line(err)}"
            rc, out, err = run_tool([Path(d) / "t"], timeout=60)
            if rc != 0 or out.strip() != "ok":
                return f"{cc.command} -m32 output does not run"
        return None

    def runtime_info(self):
        """The runtime library the transformed builds link, and the compiler CMake built
        it with (every compiler links this same library: it has a C ABI)."""
        lib = next((f for f in self.runtime_flags if f.endswith((".a", ".so"))), None)
        if lib is None:
            return None
        cc = None
        try:
            m = re.search(r"^CMAKE_C_COMPILER:\w+=(.+)$",
                          (self.build_dir / "CMakeCache.txt").read_text(), re.M)
            cc = m.group(1).strip() if m else None
        except OSError:
            pass
        if cc is None:
            return rel(lib)
        rc, out, _ = run_tool([cc, "--version"], timeout=30)
        ver = out.splitlines()[0].strip() if rc == 0 and out.strip() else None
        return f"{rel(lib)}, built by CMake with {cc}" + (f" ({ver})" if ver else "")

    def compile(self, cc, build, sources, exe, extra_pre=(), extra_post=()):
        cmd = [cc.command, *CFLAGS, *extra_pre, *map(str, sources), "-o", str(exe),
               *extra_post, *LIBS]
        build.commands.append(cmd_str(cmd))
        rc, out, err = run_tool(cmd)
        if rc != 0:
            build.status = f"n/a (compile failed: {first_error_line(err or out)})"
            return False
        build.exe = exe
        return True

    def transform(self, name, config, workdir):
        """Run ptrcomp once for a program and a transformed configuration; every compiler
        compiles what it wrote."""
        prog = PROGRAM_OF.get(name, name)
        src = HERE / prog / f"{prog}.c"
        t = Transform(config)
        if self.ptrcomp_error:
            t.status = f"n/a ({self.ptrcomp_error})"
            return t
        tdir = Path(workdir) / "transformed" / config / name
        if tdir.exists():
            shutil.rmtree(tdir)
        tdir.parent.mkdir(parents=True, exist_ok=True)
        mode = ["--mode=poolalloc"] if config == "poolalloc" else []
        cmd = [self.ptrcomp, *mode, "--report=json", src, "-o", tdir, "--", *CFLAGS]
        t.commands.append(cmd_str(cmd))
        rc, out, err = run_tool(cmd)
        if rc != 0:
            # maybe only the report is broken: try once more without it
            if tdir.exists():
                shutil.rmtree(tdir)
            cmd2 = [self.ptrcomp, *mode, src, "-o", tdir, "--", *CFLAGS]
            rc2, out2, err2 = run_tool(cmd2)
            if rc2 != 0:
                t.status = f"n/a (ptrcomp failed: {first_error_line(err or out)})"
                return t
            t.commands.append(cmd_str(cmd2))
            out = ""
        t.report = parse_report(out)
        tsrc = tdir / src.name
        if not tsrc.exists():
            found = sorted(tdir.rglob("*.c")) if tdir.exists() else []
            if len(found) != 1:
                t.status = f"n/a (ptrcomp wrote no {name}.c into {tdir})"
                return t
            tsrc = found[0]
        t.source = tsrc
        t.unchanged = tsrc.read_bytes() == src.read_bytes()
        return t

    def build(self, name, config, cc, workdir, transforms):
        """One configuration with one compiler; transforms: config -> Transform."""
        prog = PROGRAM_OF.get(name, name)
        src = HERE / prog / f"{prog}.c"
        outdir = Path(workdir) / cc.name / config / name
        if outdir.exists():
            shutil.rmtree(outdir)
        outdir.mkdir(parents=True)
        b = Build(config, cc.name)
        exe = outdir / name
        if cc.error:
            b.status = f"n/a ({cc.error})"
        elif config == "original":
            self.compile(cc, b, [src], exe)
        elif config == "m32":
            if cc.m32_error:
                b.status = f"n/a ({cc.m32_error})"
            else:
                self.compile(cc, b, [src], exe, extra_pre=M32_FLAGS)
        else:
            t = transforms[config]
            b.report, b.unchanged = t.report, t.unchanged
            b.commands += t.commands
            b.ptrcomp_commands = list(t.commands)
            if t.source is None:
                b.status = t.status
            elif self.compile(cc, b, [t.source], exe, extra_post=self.runtime_flags):
                b.status = "unchanged by ptrcomp" if b.unchanged else "ok"
            elif b.unchanged:
                b.status = b.status[:-1] + "; output unchanged by ptrcomp)"
        return b


def parse_report(text):
    """Structures from `ptrcomp --report=json` output; None when there is no report."""
    text = (text or "").strip()
    if not text:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        start, end = text.find("{"), text.rfind("}")
        if start < 0 or end < start:
            return None
        try:
            data = json.loads(text[start:end + 1])
        except ValueError:
            return None
    structs = data.get("structures") if isinstance(data, dict) else None
    if not isinstance(structs, list):
        return None
    keep = ("type", "pool", "indexed", "compressed", "index_bits", "reasons")
    return [{k: s.get(k) for k in keep if k in s} for s in structs if isinstance(s, dict)]


POOL_RE = re.compile(r'^ptrcomp:\s*pool\b.*?\bpeak_bytes\s*=\s*(\d+)', re.M)


def parse_pool_stats(stderr):
    """Sum of peak_bytes over the pools PTRCOMP_STATS=1 reports; None when absent."""
    vals = [int(m.group(1)) for m in POOL_RE.finditer(stderr or "")]
    return (sum(vals), len(vals)) if vals else (None, 0)


# --------------------------------------------------------------------------- measuring

def measure(name, args, builds, configs, runs, size):
    """Interleaved runs of every built configuration of every compiler; builds maps
    (compiler, config) to a Build. Returns one row per compiler and configuration, and
    the originals' outputs (the references: compiler -> output or None)."""
    ccs = list(dict.fromkeys(cc for cc, _ in builds))
    runnable = []
    for cc in ccs:
        cs = [c for c in configs if builds[(cc, c)].built]
        if builds[(cc, "original")].built and "original" not in cs:
            cs = ["original"] + cs  # needed as the reference output
        runnable += [(cc, c) for c in cs]
    samples = {k: [] for k in runnable}
    failed = set()
    for r in range(runs):
        for k in runnable:
            if k in failed:
                continue
            res = run_child([builds[k].exe, *args])
            samples[k].append(res)
            bad = res.returncode != 0 or res.timed_out
            log(f"  {name:13s} {k[0]:8s} {k[1]:10s} run {r + 1}/{runs}: {res.seconds:7.3f} s "
                f"{res.maxrss_kb / 1024:8.1f} MB" + ("  FAILED" if bad else ""))
            if bad:
                failed.add(k)
    # each compiler's builds are checked against that compiler's original
    ref_outs = {}
    for cc in ccs:
        s0 = samples.get((cc, "original"))
        ref_outs[cc] = s0[0].stdout if s0 and s0[0].returncode == 0 else None
    refs = [(cc, o) for cc, o in ref_outs.items() if o is not None]
    for cc, o in refs[1:]:
        if o != refs[0][1]:
            log(f"  note: {name}: the {cc} original prints something else than the "
                f"{refs[0][0]} original")
    stats = {}
    for k in runnable:
        if k[1] in TRANSFORMED and k not in failed:
            env = dict(os.environ, PTRCOMP_STATS="1")
            res = run_child([builds[k].exe, *args], env=env)
            stats[k] = res
            peak, npools = parse_pool_stats(res.stderr)
            log(f"  {name:13s} {k[0]:8s} {k[1]:10s} stats run: pool peak "
                f"{'n/a' if peak is None else f'{peak / 2**20:.1f} MB'} ({npools} pools)")
    rows = []
    for cc in ccs:
        for c in configs:
            k = (cc, c)
            b = builds[k]
            row = {"benchmark": name, "cc": cc, "config": c, "size": size, "args": args,
                   "built": b.built, "status": b.status, "unchanged": b.unchanged,
                   "median_s": None, "times_s": [], "peak_kb": None, "output_ok": None,
                   "pool_peak_bytes": None, "pools": None, "report": b.report,
                   "commands": b.commands, "ptrcomp_commands": b.ptrcomp_commands,
                   "exe": str(b.exe) if b.built else None}
            if b.built:
                s = samples[k]
                runs_all = s + ([stats[k]] if k in stats else [])
                row["times_s"] = [round(x.seconds, 4) for x in s]
                # the original must agree with itself, everything else with the original
                expect = s[0].stdout if c == "original" else ref_outs[cc]
                bad = next((x for x in runs_all if x.returncode != 0 or x.timed_out
                            or (expect is not None and x.stdout != expect)), None)
                ok = bad is None and expect is not None
                row["output_ok"] = ok
                if bad is not None:
                    why = ("timed out" if bad.timed_out else
                           f"exit {bad.returncode}" if bad.returncode else "different output")
                    row["error"] = why + (": " + first_error_line(bad.stderr)
                                          if bad.stderr.strip() else "")
                elif not ok:
                    row["error"] = "no reference output (original failed)"
                if s and ok:
                    row["median_s"] = round(statistics.median(x.seconds for x in s), 4)
                    row["peak_kb"] = max(x.maxrss_kb for x in s)
                if k in stats:
                    row["pool_peak_bytes"], row["pools"] = parse_pool_stats(stats[k].stderr)
            if b.built and samples[k]:
                row["output"] = samples[k][0].stdout[:500]
            rows.append(row)
    return rows, ref_outs


def llubench_sweep(builds, configs, points, runs):
    """Time per node visit of llubench over a range of problem sizes, per compiler."""
    out = []
    for nlists, repeat in points:
        args = [str(nlists), str(LLUBENCH_ITERS), str(repeat)]
        rows, ref_outs = measure("llubench", args, builds, configs, runs, "sweep")
        for row in rows:
            if row["median_s"] is None:
                continue
            m = re.search(r"nodes=(\d+) visits=(\d+)", ref_outs.get(row["cc"]) or "")
            nodes, visits = (int(m.group(1)), int(m.group(2))) if m else (None, None)
            out.append({"nlists": nlists, "repeat": repeat, "cc": row["cc"],
                        "config": row["config"], "median_s": row["median_s"],
                        "peak_kb": row["peak_kb"], "nodes": nodes, "visits": visits,
                        "ns_per_visit": row["median_s"] * 1e9 / visits if visits else None})
    return out


# --------------------------------------------------------------------------- tool speed

def tool_speed(tc, workdir, lines, runs):
    """Seconds per KLOC for ptrcomp and clang -fsyntax-only on a generated program."""
    sys.path.insert(0, str(HERE))
    import gen_large  # noqa: E402
    d = Path(workdir) / "tool-speed"
    d.mkdir(parents=True, exist_ok=True)
    src = d / "large.c"
    src.write_text(gen_large.generate(lines, 1))
    nlines = src.read_text().count("\n")
    kloc = nlines / 1000.0
    res = {"lines": nlines, "clang": None, "clang_s": None, "clang_s_per_kloc": None,
           "ptrcomp_s": None, "ptrcomp_s_per_kloc": None, "ptrcomp_peak_kb": None,
           "ratio": None, "ptrcomp_status": "ok", "clang_status": "ok"}
    clang = shutil.which("clang-16") or shutil.which("clang")
    if clang is None:
        res["clang_status"] = "n/a (no clang found)"
    else:
        res["clang"] = os.path.basename(clang)
        times = []
        for i in range(runs):
            r = run_child([clang, "-fsyntax-only", *CFLAGS, src])
            log(f"  tool-speed clang -fsyntax-only run {i + 1}/{runs}: {r.seconds:.2f} s")
            if r.returncode != 0:
                res["clang_status"] = f"n/a (clang failed: {first_error_line(r.stderr)})"
                break
            times.append(r.seconds)
        if times and res["clang_status"] == "ok":
            res["clang_s"] = statistics.median(times)
            res["clang_s_per_kloc"] = res["clang_s"] / kloc
    if tc.ptrcomp_error:
        res["ptrcomp_status"] = f"n/a ({tc.ptrcomp_error})"
    else:
        times, peak = [], 0
        for i in range(runs):
            out = d / f"ptrcomp-out-{i}"
            if out.exists():
                shutil.rmtree(out)
            r = run_child([tc.ptrcomp, src, "-o", out, "--", *CFLAGS], timeout=PTRCOMP_TIMEOUT)
            log(f"  tool-speed ptrcomp run {i + 1}/{runs}: {r.seconds:.2f} s")
            if r.returncode != 0 or r.timed_out:
                why = (f"timed out after {PTRCOMP_TIMEOUT} s" if r.timed_out
                       else first_error_line(r.stderr or r.stdout))
                res["ptrcomp_status"] = f"n/a (ptrcomp failed: {why})"
                break
            times.append(r.seconds)
            peak = max(peak, r.maxrss_kb)
            written = out / src.name
            res["ptrcomp_unchanged"] = written.exists() and written.read_bytes() == src.read_bytes()
            if r.seconds > 60:
                break  # slow enough that one run is a good measurement
        if times and res["ptrcomp_status"] == "ok":
            res["ptrcomp_s"] = statistics.median(times)
            res["ptrcomp_s_per_kloc"] = res["ptrcomp_s"] / kloc
            res["ptrcomp_peak_kb"] = peak
    if res["ptrcomp_s"] and res["clang_s"]:
        res["ratio"] = res["ptrcomp_s"] / res["clang_s"]
    return res


# --------------------------------------------------------------------------- reporting

def cc_of(row):
    """The compiler of a row or sweep point (rows from before there were several compilers
    were built with gcc)."""
    return row.get("cc") or "gcc"


def compilers_of(rows):
    return list(dict.fromkeys(cc_of(r) for r in rows))


def by_key(rows):
    return {(r["benchmark"], cc_of(r), r["config"]): r for r in rows}


def ratio(rows_by, name, cc, num, den, key):
    a, b = rows_by.get((name, cc, num)), rows_by.get((name, cc, den))
    if not a or not b or a.get(key) is None or b.get(key) is None or not b[key]:
        return None
    return a[key] / b[key]


def fmt_ratio(v):
    return "n/a" if v is None else f"{v:.2f}"


def cell_status(row):
    if row is None:
        return "not run"
    if not row["built"]:
        return row["status"]
    if row["output_ok"] is False:
        return "WRONG OUTPUT" + (f" ({row['error']})" if row.get("error") else "")
    return row["status"]


def md_table(header, body):
    """Markdown table; columns holding only numbers (or n/a) are right-aligned."""
    def numeric(col):
        cells = [str(line[col]) for line in body if str(line[col]) not in ("", "n/a")]
        return bool(cells) and all(re.fullmatch(r"-?[0-9.]+", c) for c in cells)
    align = ["---:" if numeric(i) else "---" for i in range(len(header))]
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    out += ["| " + " | ".join(str(c).replace("|", "\\|") for c in line) + " |" for line in body]
    return "\n".join(out)


# (column, numerator, denominator, key) of the ratios table
RATIO_COLUMNS = [
    ("time C/O", "compressed", "original", "median_s"),
    ("time C/PA", "compressed", "poolalloc", "median_s"),
    ("time C/m32", "compressed", "m32", "median_s"),
    ("mem C/O", "compressed", "original", "peak_kb"),
    ("mem C/PA", "compressed", "poolalloc", "peak_kb"),
    ("mem C/m32", "compressed", "m32", "peak_kb"),
    ("time m32/O", "m32", "original", "median_s"),
    ("mem m32/O", "m32", "original", "peak_kb"),
    ("mem PA/O", "poolalloc", "original", "peak_kb"),
]


def results_tables(rows, configs):
    rb = by_key(rows)
    names = list(dict.fromkeys(r["benchmark"] for r in rows))
    ccs = compilers_of(rows)
    # absolute values, one row per program, compiler and configuration
    body = []
    for n in names:
        first_n = True
        for cc in ccs:
            first_cc = True
            for c in configs:
                r = rb.get((n, cc, c))
                if r is None:
                    continue
                pool = r.get("pool_peak_bytes")
                body.append([n if first_n else "", " ".join(r["args"]) if first_n else "",
                             cc if first_cc else "", c, cell_status(r),
                             "" if r["median_s"] is None else f"{r['median_s']:.3f}",
                             "" if r["peak_kb"] is None else f"{r['peak_kb'] / 1024:.1f}",
                             "" if pool is None else f"{pool / 2**20:.1f}",
                             {True: "yes", False: "NO", None: ""}[r["output_ok"]]])
                first_n = first_cc = False
    absolute = md_table(["program", "args", "compiler", "config", "status", "median s",
                         "peak RSS MB", "pool peak MB", "output ok"], body)
    # ratios, one row per program and compiler
    body = []
    for n in names:
        for cc in ccs:
            if not any((n, cc, c) in rb for c in configs):
                continue
            body.append([n, cc] + [fmt_ratio(ratio(rb, n, cc, num, den, key))
                                   for _, num, den, key in RATIO_COLUMNS])
    ratios = md_table(["program", "compiler", *[col for col, *_ in RATIO_COLUMNS]], body)
    return absolute, ratios


def report_table(rows):
    """What ptrcomp did; its output is the same for every compiler, so one line per
    program."""
    body, seen = [], set()
    for r in rows:
        if r["config"] != "compressed" or not r.get("report") or r["benchmark"] in seen:
            continue
        seen.add(r["benchmark"])

        def what(s):
            return s.get("type", "?") + (f" ({s['pool']})" if s.get("pool") else "")
        comp = [what(s) for s in r["report"] if s.get("compressed")]
        idx = [what(s) for s in r["report"] if s.get("indexed") and not s.get("compressed")]
        other = [f"{what(s)}: {'; '.join(map(str, s.get('reasons') or [])) or '-'}"
                 for s in r["report"] if not s.get("compressed") and not s.get("indexed")]
        body.append([r["benchmark"], ", ".join(comp) or "-", ", ".join(idx) or "-",
                     "<br>".join(other) or "-"])
    if not body:
        return None
    return md_table(["program", "compressed", "indexed only", "left alone (reasons)"], body)


def sweep_table(points, configs):
    if not points:
        return None
    sizes = list(dict.fromkeys((p["nlists"], p["repeat"]) for p in points))
    ccs = compilers_of(points)
    pb = {(p["nlists"], cc_of(p), p["config"]): p for p in points}
    used = [c for c in configs if any(p["config"] == c for p in points)]
    body = []
    for nl, rep in sizes:
        nodes = next((p["nodes"] for p in points if p["nlists"] == nl and p["nodes"]), None)
        for cc in ccs:
            if not any((nl, cc, c) in pb for c in used):
                continue
            ref = pb.get((nl, cc, "original"))
            line = [str(nl), str(rep), "" if nodes is None else str(nodes), cc,
                    "" if not ref or ref["peak_kb"] is None else f"{ref['peak_kb'] / 1024:.1f}"]
            for c in used:
                p = pb.get((nl, cc, c))
                line.append("n/a" if not p or p["ns_per_visit"] is None
                            else f"{p['ns_per_visit']:.2f}")
            body.append(line)
    return md_table(["lists", "repeat", "nodes", "compiler", "original peak MB",
                     *[f"{c} ns/visit" for c in used]], body)


def tool_speed_table(ts):
    if not ts:
        return None

    def f(v, fmt="{:.3f}"):
        return "n/a" if v is None else fmt.format(v)
    body = [
        [f"{ts.get('clang') or 'clang'} -fsyntax-only", ts["clang_status"], f(ts["clang_s"]),
         f(ts["clang_s_per_kloc"], "{:.4f}"), ""],
        ["ptrcomp FILE -o DIR", ts["ptrcomp_status"] +
         (", output unchanged by ptrcomp" if ts.get("ptrcomp_unchanged") else ""),
         f(ts["ptrcomp_s"]),
         f(ts["ptrcomp_s_per_kloc"], "{:.4f}"),
         "" if ts["ptrcomp_peak_kb"] is None else f"{ts['ptrcomp_peak_kb'] / 1024:.0f}"],
    ]
    t = md_table(["tool", "status", "median s", "s per KLOC", "peak RSS MB"], body)
    return (f"Input: generated program of {ts['lines']} lines "
            f"(`benchmarks/gen_large.py --seed 1`).\n\n{t}\n\n"
            f"ptrcomp / clang ratio: {fmt_ratio(ts['ratio'])}")


def explain_miss(rb, name, cc, key, num="compressed"):
    """Why a goal is missed for one program and compiler, from what the run itself
    measured. For compressed: the structures ptrcomp left uncompressed (with the report's
    reasons), else what the -m32 and poolalloc columns say about where the cost is. For
    poolalloc: how much of its peak the pools themselves account for."""
    row = rb.get((name, cc, num))
    orig, m32, pa = (rb.get((name, cc, c)) for c in ("original", "m32", "poolalloc"))
    what = "time" if key == "median_s" else "peak memory"
    parts = []
    if row and row.get("unchanged"):
        parts.append("ptrcomp left the program unchanged")
    if num == "poolalloc":
        pool = (pa or {}).get("pool_peak_bytes")
        if key == "peak_kb" and pa and pa.get(key) and pool is not None:
            parts.append(f"the pools' own peak is {pool / 2**20:.1f} MB of poolalloc's "
                         f"{pa[key] / 1024:.1f} MB peak RSS"
                         + (f" (original: {orig[key] / 1024:.1f} MB)"
                            if orig and orig.get(key) else ""))
        elif pa and pa.get(key) and orig and orig.get(key):
            parts.append(f"poolalloc/original {what} = {pa[key] / orig[key]:.2f}")
        return "; ".join(parts) or "no explanation available from this run"
    report = (row or {}).get("report") or []
    left = [f"{s.get('type', '?')}: {'; '.join(map(str, s.get('reasons') or [])) or 'no reason given'}"
            for s in report if not s.get("compressed")]
    if left:
        parts.append("not compressed: " + " | ".join(dict.fromkeys(left)))
    if orig and m32 and orig.get(key) and m32.get(key) and m32.get("output_ok"):
        r = m32[key] / orig[key]
        if r > 0.9 and key == "median_s":
            parts.append(f"a -m32 build, where every pointer is 4 bytes, has {r:.2f}x the "
                         f"original's {what} too: pointer size does not bound this program")
        else:
            parts.append(f"-m32/original {what} = {r:.2f}")
    if row and pa and pa.get(key) and row.get(key) and pa.get("output_ok"):
        parts.append(f"compressed/poolalloc {what} = {row[key] / pa[key]:.2f}")
    return "; ".join(parts) or "no explanation available from this run"


def evaluate_goals(rows):
    """Goal statuses computed from large-size rows, for each program and compiler."""
    large = [r for r in rows if r["size"] == "large"]
    rb = by_key(large)
    measured = {(r["benchmark"], cc_of(r)) for r in large}
    ccs = compilers_of(large)

    def check(n, cc, num, den, key, limit):
        a, b = rb.get((n, cc, num)), rb.get((n, cc, den))
        if a is None or b is None:
            return "not yet measurable", "not run"
        for r in (a, b):
            if not r["built"]:
                return "not yet measurable", f"{r['config']} not built, see the table"
            if not r["output_ok"]:
                return "not yet measurable", f"{r['config']} output wrong"
        v = a[key] / b[key]
        note = f"{v:.3f}" + ("; ptrcomp left the program unchanged, so this is run-to-run "
                             "noise" if a["unchanged"] else "")
        return ("met" if v <= limit else "missed"), note

    def overall(sts):
        return ("missed" if "missed" in sts else
                "not yet measurable" if "not yet measurable" in sts else "met")

    goals = []

    def goal(title, progs, num, den, key, limit):
        items = []
        for n in progs:
            for cc in ccs:
                if (n, cc) not in measured:
                    items.append((n, cc, "not yet measurable", "not run at large size"))
                else:
                    items.append((n, cc, *check(n, cc, num, den, key, limit)))
        goals.append({"goal": title, "status": overall([s for _, _, s, _ in items]),
                      "by_compiler": {cc: overall([s for _, c, s, _ in items if c == cc])
                                      for cc in ccs},
                      "items": [{"benchmark": n, "cc": cc, "status": s, "value": v,
                                 **({"why": explain_miss(rb, n, cc, key, num)}
                                    if s == "missed" else {})}
                                for n, cc, s, v in items]})

    goal("compressed peak memory <= 0.55x original", MEMORY_GOAL_PROGRAMS,
         "compressed", "original", "peak_kb", 0.55)
    goal("compressed peak memory <= 1.05x m32", MEMORY_GOAL_PROGRAMS,
         "compressed", "m32", "peak_kb", 1.05)
    goal("compressed peak memory <= m32's on every program", list(BENCHMARKS),
         "compressed", "m32", "peak_kb", 1.0)
    goal("compressed time <= 0.9x original (large sizes)", SPEED_GOAL_PROGRAMS,
         "compressed", "original", "median_s", 0.9)
    goal("compressed time <= 0.9x original on the pointer-chasing programs",
         POINTER_CHASING_PROGRAMS, "compressed", "original", "median_s", 0.9)
    goal("compressed time <= 1.05x original on every program", list(BENCHMARKS),
         "compressed", "original", "median_s", 1.05)
    goal("pool-allocation-only peak memory <= original on every program", list(BENCHMARKS),
         "poolalloc", "original", "peak_kb", 1.0)
    goal("compressed peak memory <= original, structures alive in turn",
         GIVE_BACK_GOAL_PROGRAMS, "compressed", "original", "peak_kb", 1.0)
    goal("pool-allocated peak memory <= original, structures alive in turn",
         GIVE_BACK_GOAL_PROGRAMS, "poolalloc", "original", "peak_kb", 1.0)
    # Threads (thread-safe pools against glibc malloc's per-thread arenas).
    goal("threaded: compressed time <= 1.0x original", THREAD_GOAL_PROGRAMS,
         "compressed", "original", "median_s", 1.0)
    goal("threaded: compressed peak memory <= 0.6x original", THREAD_GOAL_PROGRAMS,
         "compressed", "original", "peak_kb", 0.6)
    return goals


def goals_markdown(goals):
    out = []
    for g in goals:
        per = g.get("by_compiler") or {}
        out.append(f"- **{g['goal']}**: {g['status']}" +
                   (" (" + ", ".join(f"{cc}: {s}" for cc, s in per.items()) + ")"
                    if len(per) > 1 else ""))
        for it in g["items"]:
            who = it["benchmark"] + (f" / {it['cc']}" if it.get("cc") else "")
            out.append(f"  - {who}: {it['status']} ({it['value']})")
            if it.get("why"):
                out.append(f"    - why: {it['why']}")
    return "\n".join(out)


def reproduce_markdown(rows):
    """The exact commands behind the rows, paths relative to the repository root: per
    program, ptrcomp once per mode, then each compiler's compile command per
    configuration, and the arguments each executable runs with."""
    out = []
    names = list(dict.fromkeys(r["benchmark"] for r in rows))
    for n in names:
        mine = [r for r in rows if r["benchmark"] == n]
        lines = []
        ptrcomp = list(dict.fromkeys(c for r in mine
                                     for c in r.get("ptrcomp_commands") or []))
        if ptrcomp:
            lines.append("# ptrcomp, once per mode (its output is the same for every "
                         "compiler)")
            lines += [rel(c) for c in ptrcomp]
        for cc in compilers_of(mine):
            lines.append(f"# {cc}")
            for r in mine:
                if cc_of(r) != cc:
                    continue
                cmds = (r.get("commands") or [])[len(r.get("ptrcomp_commands") or []):]
                lines += [rel(c) for c in cmds]
                if not r["built"]:
                    lines.append(f"#   {r['config']}: {rel(r['status'])}")
        args = " ".join(shlex.quote(a) for a in mine[0]["args"])
        exes = [r["exe"] for r in mine if r.get("exe")]
        lines.append(f"# run: EXE {args}   (EXE: each executable above, "
                     f"e.g. {rel(exes[0]) if exes else n})")
        out += [f"### {n}", "", "```sh", *lines, "```", ""]
    return "\n".join(out).rstrip("\n")


def machine_info(tc):
    cpu = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = None
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal:"):
                mem = int(line.split()[1]) // 1024
    except OSError:
        pass

    rc, commit, _ = run_tool(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], timeout=30)
    commit = commit.strip() if rc == 0 else "none"
    rc2, dirty, _ = run_tool(["git", "-C", str(ROOT), "status", "--porcelain",
                              "--untracked-files=no"], timeout=30)
    if rc == 0 and rc2 == 0 and dirty.strip():
        commit += " (working tree has uncommitted changes)"
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "memory_mb": mem,
        "kernel": platform.release(),
        "compilers": [{"name": cc.name, "command": cc.command,
                       "version": cc.version or cc.error} for cc in tc.compilers],
        "runtime": tc.runtime_info(),
        "ptrcomp": tc.ptrcomp_version or tc.ptrcomp_error,
        "commit": commit,
    }


def sizes_table(names):
    body = [[n, BENCHMARKS[n][0], " ".join(BENCHMARKS[n][1]), " ".join(BENCHMARKS[n][2])]
            for n in names]
    return md_table(["program", "what it does", "small args", "large args"], body)


# --------------------------------------------------------------------------- plots

COLORS = {"original": "#4c72b0", "poolalloc": "#dd8452", "compressed": "#55a868",
          "m32": "#8172b2"}


def make_plots(rows, sweep, configs, plot_dir):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plot_dir = Path(plot_dir)
    plot_dir.mkdir(parents=True, exist_ok=True)
    rb = by_key(rows)
    # one group of bars per program and compiler
    groups = list(dict.fromkeys((r["benchmark"], cc_of(r)) for r in rows))
    ccs = compilers_of(rows)
    names = [n if len(ccs) == 1 else f"{n} / {cc}" for n, cc in groups]
    files = []

    def has(c):
        return any(rb.get((n, cc, c)) and rb[(n, cc, c)]["peak_kb"] for n, cc in groups)

    def label(c):
        return c if has(c) else f"{c} (no data)"

    from matplotlib.patches import Patch
    from matplotlib.lines import Line2D

    def bars(ax, xs, vals, width, c):
        """Bars for one configuration; missing values are marked n/a, not drawn as 0."""
        ax.bar([x for x, v in zip(xs, vals) if v is not None],
               [v for v in vals if v is not None], width, color=COLORS.get(c))
        for x, v in zip(xs, vals):
            if v is None:
                ax.text(x, 0.02, "n/a", rotation=90, ha="center", va="bottom", fontsize=9,
                        color=COLORS.get(c), transform=ax.get_xaxis_transform())

    def legend(ax, cfgs, extra=(), **kw):
        handles = [Patch(color=COLORS.get(c), label=label(c)) for c in cfgs]
        handles += [Line2D([], [], color="grey", ls="--", label=t) for t in extra]
        ax.legend(handles=handles, fontsize=8, **kw)

    # peak memory: absolute and relative to original
    wide = max(11, 0.42 * len(groups) + 2)
    fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(wide, 7.5), sharex=True)
    width = 0.8 / len(configs)
    xs = list(range(len(names)))
    for i, c in enumerate(configs):
        off = (i - (len(configs) - 1) / 2) * width
        absv = [rb[(n, cc, c)]["peak_kb"] / 1024
                if rb.get((n, cc, c)) and rb[(n, cc, c)]["peak_kb"] else None
                for n, cc in groups]
        relv = [ratio(rb, n, cc, c, "original", "peak_kb") for n, cc in groups]
        bars(ax1, [x + off for x in xs], absv, width, c)
        bars(ax2, [x + off for x in xs], relv, width, c)
    ax1.set_ylabel("peak RSS (MB)")
    ax1.set_title("Peak memory per program and configuration")
    ax1.set_ylim(0, max([1] + [rb[k]["peak_kb"] / 1024 * 1.2 for k in rb if rb[k]["peak_kb"]]))
    legend(ax1, configs, ncol=len(configs), loc="upper right")
    ax1.grid(axis="y", alpha=0.3)
    ax1.set_xlim(-0.6, len(names) - 0.4)
    ax2.axhline(1.0, color="black", lw=0.8)
    ax2.axhline(0.55, color="grey", lw=1, ls="--")
    ax2.set_ylim(0, 1.4)
    legend(ax2, [], ["goal for compressed on treeadd, bisort, llubench, binary-trees: "
                     "0.55x original"], loc="upper right")
    ax2.set_ylabel("relative to original")
    ax2.grid(axis="y", alpha=0.3)
    ax2.set_xticks(xs)
    ax2.set_xticklabels(names, rotation=30, ha="right")
    fig.tight_layout()
    p = plot_dir / "peak_memory.png"
    fig.savefig(p, dpi=80)
    plt.close(fig)
    files.append(p)

    # time relative to original
    fig, ax = plt.subplots(figsize=(wide, 4.5))
    others = [c for c in configs if c != "original"]
    width = 0.8 / max(1, len(others))
    top = 1.3
    for i, c in enumerate(others):
        off = (i - (len(others) - 1) / 2) * width
        relv = [ratio(rb, n, cc, c, "original", "median_s") for n, cc in groups]
        top = max([top] + [v * 1.25 for v in relv if v is not None])
        bars(ax, [x + off for x in xs], relv, width, c)
    ax.axhline(1.0, color="black", lw=0.8)
    ax.axhline(0.9, color="grey", lw=1, ls="--")
    ax.set_ylim(0, top)
    ax.set_xlim(-0.6, len(names) - 0.4)
    ax.set_ylabel("median time / original")
    ax.set_title("Run time relative to the original 64-bit build (same compiler)")
    ax.set_xticks(xs)
    ax.set_xticklabels(names, rotation=30, ha="right")
    legend(ax, others, ["goal for compressed on the pointer-chasing programs: 0.9x"],
           ncol=len(others) + 1, loc="upper left")
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    p = plot_dir / "time_ratio.png"
    fig.savefig(p, dpi=80)
    plt.close(fig)
    files.append(p)

    # llubench: time per node visit over problem size
    if sweep:
        fig, ax = plt.subplots(figsize=(9, 5))
        sweep_ccs = compilers_of(sweep)
        for j, cc in enumerate(sweep_ccs):
            style = ("o-", "s--", "^:", "d-.")[j % 4]
            for c in configs:
                lab = c if len(sweep_ccs) == 1 else f"{c} / {cc}"
                pts = sorted((p for p in sweep if p["config"] == c and cc_of(p) == cc
                              and p["ns_per_visit"]), key=lambda p: p["nodes"] or 0)
                if not pts:
                    ax.plot([], [], style, label=f"{lab} (no data)", color=COLORS.get(c))
                    continue
                ax.plot([p["nodes"] for p in pts], [p["ns_per_visit"] for p in pts], style,
                        label=lab, color=COLORS.get(c))
        ax.set_xscale("log", base=2)
        ax.set_xlabel("list nodes (heap size; 1 node = 32 B in the original build)")
        ax.set_ylabel("ns per node visit")
        ax.set_title("llubench: time to process one node vs problem size")
        ax.set_ylim(bottom=0)
        ax.grid(alpha=0.3, which="both")
        ax.legend(fontsize=9)
        fig.tight_layout()
        p = plot_dir / "llubench_sweep.png"
        fig.savefig(p, dpi=80)
        plt.close(fig)
        files.append(p)
    return files


# --------------------------------------------------------------------------- main

def compilers_line(m):
    ccs = m.get("compilers")
    if ccs is None:  # JSON from before there were several compilers
        return m.get("cc") or "?"
    return "; ".join(f"{c['name']}: {c['version'] or '?'}"
                     + (f" (`{c['command']}`)" if c["command"] != c["name"] else "")
                     for c in ccs)


# scale.py --results writes its section of RESULTS.md between these markers (the same
# strings as scale.py's); write_results_md keeps it, at the end of the file.
SCALE_BEGIN = "<!-- scale:begin -->"
SCALE_END = "<!-- scale:end -->"


def kept_scale_section(path):
    """The scale benchmark's section of the RESULTS.md at path, markers included, or
    None."""
    try:
        text = Path(path).read_text()
    except OSError:
        return None
    a = text.find(SCALE_BEGIN)
    b = text.find(SCALE_END, a + 1) if a >= 0 else -1
    return text[a:b + len(SCALE_END)] if a >= 0 and b >= 0 else None


def write_results_md(path, data, plot_files):
    m = data["machine"]
    rows = data["results"]
    configs = data["configs"]
    absolute, ratios = results_tables(rows, configs)
    rt = report_table(rows)
    st = sweep_table(data.get("llubench_sweep"), configs)
    tt = tool_speed_table(data.get("tool_speed"))
    names = list(dict.fromkeys(r["benchmark"] for r in rows))
    ccs = compilers_of(rows)
    mem = "?" if m["memory_mb"] is None else f"{m['memory_mb'] / 1024:.1f} GB"
    plot_rel = {p.name: os.path.relpath(p, Path(path).parent) for p in plot_files}
    out = [
        "# Benchmark results",
        "",
        "Generated by `python3 benchmarks/run.py --results` (a full run; this file and",
        "`benchmarks/plots/` are overwritten). Do not edit by hand.",
        "",
        f"- date: {m['date']}",
        f"- machine: {m['nproc']} CPUs, {m['cpu']}, {mem} memory, Linux {m['kernel']}",
        f"- compilers: {compilers_line(m)}",
        f"- pool runtime: {m.get('runtime') or '?'} (linked by every compiler's "
        "transformed builds)",
        f"- ptrcomp: {m['ptrcomp']}",
        f"- commit: {m['commit']}",
        f"- runs per configuration: {data['runs']} (median wall time; compilers and "
        "configurations interleaved)",
        "",
        "The machine is shared and has few cores, so times are indicative only.",
        "",
        "## Goals",
        "",
        "Computed from the large-size measurements below (peak = peak RSS of the process),",
        "for each program and compiler: every ratio compares builds of the same compiler.",
        "",
        goals_markdown(data["goals"]),
        "",
        "## Results (large sizes)",
        "",
        "C = compressed, O = original, PA = poolalloc, each built with the compiler of the",
        "row. Ratios below 1 mean the numerator is faster / smaller. `n/a` means a",
        "configuration could not be built or measured.",
        "",
        ratios,
        "",
        absolute,
        "",
    ]
    if rt:
        out += ["## What ptrcomp did (compressed mode)", "", rt, ""]
    if "peak_memory.png" in plot_rel:
        out += ["## Plots", "", f"![peak memory]({plot_rel['peak_memory.png']})", "",
                f"![time relative to original]({plot_rel['time_ratio.png']})", ""]
    if st:
        out += ["## llubench over problem size", "",
                f"`llubench LISTS {LLUBENCH_ITERS} REPEAT`: time per node visit "
                "(median wall time / node visits, including start-up and allocation).", "",
                st, ""]
        if "llubench_sweep.png" in plot_rel:
            out += [f"![llubench sweep]({plot_rel['llubench_sweep.png']})", ""]
    if tt:
        out += ["## Speed of ptrcomp itself", "", tt, ""]
    out += ["## Problem sizes", "", sizes_table(names), ""]
    out += [
        "## How to reproduce",
        "",
        "Everything above: `python3 benchmarks/run.py --results`; one program with one",
        f"compiler: `python3 benchmarks/run.py --only {names[0] if names else 'treeadd'} "
        f"--cc {ccs[-1] if ccs else 'clang'}` (see `benchmarks/README.md`).",
        "",
        "By hand, from the repository root: these are the commands the harness ran. ptrcomp",
        "transforms each program once per mode, and every compiler compiles its output",
        "(linking the one pool runtime library above). The harness runs each executable",
        f"{data['runs']} times as `RUNCHILD RESULTFILE EXE ARGS`, and each transformed one once",
        "more with `PTRCOMP_STATS=1` for the pool peak. RUNCHILD reads the program's own peak",
        "RSS; it is built by "
        + (f"`{rel(data['launcher_command'])}`." if data.get("launcher_command")
           else "compiling `benchmarks/runchild.c`."),
        "",
        reproduce_markdown(rows),
        "",
    ]
    kept = kept_scale_section(path)
    if kept:
        out += [kept, ""]
    Path(path).write_text("\n".join(out))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build and measure the ptrcomp benchmarks.",
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 2)[2])
    ap.add_argument("--quick", action="store_true",
                    help="small sizes, 3 runs, tiny llubench sweep, no tool speed (CI)")
    ap.add_argument("--results", action="store_true",
                    help="full run, then rewrite benchmarks/RESULTS.md and benchmarks/plots/")
    ap.add_argument("--only", help="comma-separated programs to run")
    ap.add_argument("--configs", help=f"comma-separated subset of {','.join(CONFIGS)}")
    ap.add_argument("--build-dir", default=str(ROOT / "build"),
                    help="ptrcomp build directory (default: <repo>/build)")
    ap.add_argument("--work-dir", default=str(HERE / "out"),
                    help="where programs are built (default: benchmarks/out)")
    ap.add_argument("--json", help="write all measurements to this JSON file")
    ap.add_argument("--plots", help="write PNG plots into this directory")
    ap.add_argument("--runs", type=int, help="timed runs per configuration (default 5; "
                    "3 with --quick)")
    ap.add_argument("--size", choices=("small", "large"),
                    help="problem sizes (default: large; small with --quick)")
    ap.add_argument("--tool-speed", action="store_true",
                    help="measure ptrcomp's own speed (only that, unless combined with "
                         "--only/--quick)")
    ap.add_argument("--tool-lines", type=int, default=100_000,
                    help="lines of the generated program for --tool-speed (default 100000)")
    ap.add_argument("--no-sweep", action="store_true", help="skip the llubench size sweep")
    ap.add_argument("--cc", default=",".join(DEFAULT_COMPILERS),
                    help="comma-separated C compilers to build every configuration with "
                         "(default gcc,clang; clang runs clang-16 when on PATH)")
    args = ap.parse_args(argv)

    configs = list(CONFIGS)
    if args.configs:
        configs = [c.strip() for c in args.configs.split(",") if c.strip()]
        bad = [c for c in configs if c not in CONFIGS]
        if bad:
            ap.error(f"unknown configuration(s): {', '.join(bad)}")
    names = list(BENCHMARKS)
    if args.only:
        names = [n.strip() for n in args.only.split(",") if n.strip()]
        bad = [n for n in names if n not in BENCHMARKS]
        if bad:
            ap.error(f"unknown program(s): {', '.join(bad)}")
    full = not (args.quick or args.only or args.tool_speed)
    if args.results and (args.quick or args.only or args.size == "small"):
        ap.error("--results needs a full run (no --quick/--only/--size small)")
    if args.tool_speed and not (args.only or args.quick):
        names = []
    size = args.size or ("small" if args.quick else "large")
    runs = args.runs or (3 if args.quick else 5)
    do_tool = full or args.tool_speed
    do_sweep = "llubench" in names and not args.no_sweep

    compilers = resolve_compilers(args.cc)
    if not compilers:
        ap.error("--cc names no compiler")
    dup = [c.name for c in compilers if [d.name for d in compilers].count(c.name) > 1]
    if dup:
        ap.error(f"compiler named twice: {dup[0]}")

    workdir = Path(args.work_dir).resolve()
    workdir.mkdir(parents=True, exist_ok=True)
    tc = Toolchain(args.build_dir, compilers)
    usable = [c for c in compilers if not c.error]
    launcher_note = setup_launcher((usable or compilers)[0].command, workdir)
    if launcher_note:
        log(f"note: {launcher_note}")
    if tc.ptrcomp_error:
        log(f"note: {tc.ptrcomp_error}; transformed configurations will be n/a")
    for cc in compilers:
        if cc.error:
            log(f"note: {cc.error}; every {cc.name} configuration will be n/a")
        elif cc.m32_error and "m32" in configs:
            log(f"note: {cc.m32_error}; m32 with {cc.name} will be n/a")

    t_start = time.time()
    rows, sweep, builds_all = [], [], {}
    for n in names:
        log(f"[{n}] transforming and building")
        # ptrcomp once per mode; its output is compiled by every compiler
        transforms = {c: tc.transform(n, c, workdir) for c in TRANSFORMED if c in configs}
        builds = {(cc.name, c): tc.build(n, c, cc, workdir, transforms)
                  for cc in compilers for c in dict.fromkeys(["original", *configs])}
        builds_all[n] = builds
        for cc in compilers:
            for c in configs:
                if builds[(cc.name, c)].status != "ok":
                    log(f"  {n:13s} {cc.name:8s} {c:10s} {builds[(cc.name, c)].status}")
        nargs = BENCHMARKS[n][1] if size == "small" else BENCHMARKS[n][2]
        rows += measure(n, nargs, builds, configs, runs, size)[0]
    if do_sweep:
        log("[llubench sweep]")
        points = LLUBENCH_SWEEP_QUICK if size == "small" else LLUBENCH_SWEEP
        sweep_runs = 1 if args.quick else min(runs, 3)
        sweep = llubench_sweep(builds_all["llubench"], configs, points, sweep_runs)
    ts = None
    if do_tool:
        log("[tool speed]")
        ts = tool_speed(tc, workdir, args.tool_lines, 1 if args.quick else 3)
    elapsed = time.time() - t_start

    goals = evaluate_goals(rows) if rows and size == "large" else []
    data = {"machine": machine_info(tc), "configs": configs,
            "compilers": [c.name for c in compilers], "runs": runs, "size": size,
            "elapsed_s": round(elapsed, 1), "results": rows, "llubench_sweep": sweep,
            "tool_speed": ts, "goals": goals, "launcher_note": launcher_note,
            "launcher_command": _launcher_command,
            "m32_flags": M32_FLAGS, "cflags": CFLAGS}

    if rows:
        absolute, ratios = results_tables(rows, configs)
        print(f"## Results ({size} sizes, {runs} runs, median wall time)\n")
        print(ratios + "\n")
        print(absolute + "\n")
        rt = report_table(rows)
        if rt:
            print(rt + "\n")
    st = sweep_table(sweep, configs)
    if st:
        print("## llubench sweep\n\n" + st + "\n")
    tt = tool_speed_table(ts)
    if tt:
        print("## Tool speed\n\n" + tt + "\n")
    if goals:
        print("## Goals\n\n" + goals_markdown(goals) + "\n")
    print(f"(total {elapsed:.0f} s)")

    plot_dir = args.plots or (str(HERE / "plots") if args.results else None)
    plot_files = []
    if plot_dir and rows:
        plot_files = make_plots(rows, sweep, configs, plot_dir)
        log(f"plots written to {plot_dir}")
    json_path = args.json or (str(HERE / "results" / "results.json") if args.results else None)
    if json_path:
        Path(json_path).parent.mkdir(parents=True, exist_ok=True)
        Path(json_path).write_text(json.dumps(data, indent=1) + "\n")
        log(f"JSON written to {json_path}")
    if args.results:
        write_results_md(HERE / "RESULTS.md", data, plot_files)
        log(f"wrote {HERE / 'RESULTS.md'}")
    bad = [r for r in rows if r["built"] and r["output_ok"] is False]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
