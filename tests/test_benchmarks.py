"""The benchmark suite stays runnable: a --quick run of benchmarks/run.py builds every
program in every configuration it can, with every compiler (gcc and clang), and each
configuration that was built must print exactly what the same compiler's original prints.
Also checks the harness's goals and tables on synthetic rows, and benchmarks/gen_large.py's
output.

These tests do not need a ptrcomp build: configurations that cannot be built are
reported as n/a by the harness and are not failures here.
"""
import json
import re
import shutil
import subprocess
import sys

import pytest

import ptrcomp_testlib as tl

BENCH = tl.ROOT / "benchmarks"
RUN_PY = BENCH / "run.py"
GEN = BENCH / "gen_large.py"
PROGRAMS = sorted(p.parent.name for p in BENCH.glob("*/*.c") if p.stem == p.parent.name)


# The compilers run.py builds with by default, as it names them, and what it runs.
CLANG = "clang-16" if shutil.which("clang-16") else "clang"
DEFAULT_COMPILERS = {"gcc": "gcc", "clang": CLANG}


def m32_works(cc, tmp_path):
    src = tmp_path / "m32.c"
    src.write_text("int main(void) { return 0; }\n")
    exe = tmp_path / f"m32-{cc}"
    r = tl.run([cc, "-m32", src, "-o", exe], timeout=120)
    return r.returncode == 0 and tl.run([exe]).returncode == 0


def test_programs_present():
    expected = {"treeadd", "bisort", "perimeter", "tsp", "em3d", "power", "health", "mst",
                "llubench", "queue", "binary-trees", "mt-trees", "phases"}
    assert expected <= set(PROGRAMS)
    # Every program is measured: an entry of run.py's table runs it.
    run = _load_run_py()
    assert set(PROGRAMS) == {run.PROGRAM_OF.get(n, n) for n in run.BENCHMARKS}


def test_quick_run(tmp_path):
    out_json = tmp_path / "quick.json"
    cmd = [sys.executable, RUN_PY, "--quick", "--json", out_json,
           "--build-dir", tl.BUILD_DIR, "--work-dir", tmp_path / "work"]
    r = tl.run(cmd, timeout=600)
    assert out_json.exists(), f"run.py wrote no JSON (exit {r.returncode}):\n{r.stderr[-3000:]}"
    data = json.loads(out_json.read_text())
    rows = data["results"]
    by = {(x["benchmark"], x["cc"], x["config"]): x for x in rows}
    # Both compilers by default; one that is not installed is reported n/a, not faked.
    assert data["compilers"] == ["gcc", "clang"]
    present = [cc for cc, cmd in DEFAULT_COMPILERS.items() if shutil.which(cmd)]
    assert "gcc" in present

    names = list(_load_run_py().BENCHMARKS)
    for name in names:
        for cc in present:
            orig = by.get((name, cc, "original"))
            assert orig is not None, f"{name}/{cc}: no original row"
            assert orig["built"], f"{name}/{cc}: original does not build: {orig['status']}"
            assert orig["output_ok"] is True, \
                f"{name}/{cc}: original run failed: {orig.get('error')}"
            assert orig["median_s"] is not None and orig["peak_kb"], (name, cc)
        for cc in set(data["compilers"]) - set(present):
            assert not by[(name, cc, "original")]["built"]

    wrong = [f"{x['benchmark']}/{x['cc']}/{x['config']}: {x.get('error', x['status'])}"
             for x in rows if x["built"] and x["output_ok"] is not True]
    assert not wrong, "configurations that built but behave differently:\n" + "\n".join(wrong)
    # Every configuration of every program builds with every installed compiler: a
    # transformation that fails to build is a failure, not a missing column. Only -m32
    # may be missing (no multilib), and then it is checked below.
    unbuilt = [f"{x['benchmark']}/{x['cc']}/{x['config']}: {x['status']}" for x in rows
               if not x["built"] and x["config"] != "m32" and x["cc"] in present]
    assert not unbuilt, "configurations that did not build:\n" + "\n".join(unbuilt)

    for cc in present:
        if m32_works(DEFAULT_COMPILERS[cc], tmp_path):
            for name in names:
                m32 = by.get((name, cc, "m32"))
                assert m32 is not None and m32["built"], f"{name}/{cc}: no m32 build: {m32}"
    # ptrcomp ran once per program and mode: every compiler compiled the same output
    for name in names:
        for config in ("poolalloc", "compressed"):
            srcs = {x["ptrcomp_commands"][0] for x in rows if x["benchmark"] == name
                    and x["config"] == config and x["cc"] in present}
            assert len(srcs) == 1, (name, config, srcs)
    assert r.returncode == 0, r.stderr[-3000:]
    assert data["llubench_sweep"], "no llubench sweep points"
    assert {p["cc"] for p in data["llubench_sweep"]} == set(present)
    # the printed tables name every compiler
    for cc in present:
        assert f"| treeadd | {cc} |" in r.stdout, r.stdout[:3000]


def test_tool_speed_smoke(tmp_path):
    """--tool-speed runs on a small generated program and reports clang's speed."""
    out_json = tmp_path / "tool.json"
    r = tl.run([sys.executable, RUN_PY, "--tool-speed", "--tool-lines", "3000",
                "--json", out_json, "--build-dir", tl.BUILD_DIR,
                "--work-dir", tmp_path / "work"], timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    ts = json.loads(out_json.read_text())["tool_speed"]
    assert ts["lines"] >= 3000
    if shutil.which("clang-16") or shutil.which("clang"):
        assert ts["clang_s_per_kloc"] is not None, ts["clang_status"]
    assert ts["ptrcomp_status"] == "ok" or ts["ptrcomp_status"].startswith("n/a"), ts
    if ts["ptrcomp_status"] == "ok":
        assert ts["ptrcomp_s_per_kloc"] is not None


def generate(tmp_path, seed, lines=3000, name=None):
    out = tmp_path / (name or f"gen-{seed}.c")
    r = tl.run([sys.executable, GEN, "--lines", str(lines), "--seed", str(seed), "-o", out])
    assert r.returncode == 0, r.stderr
    return out


def test_gen_large_compiles_and_is_deterministic(tmp_path):
    a = generate(tmp_path, 7, name="a.c")
    b = generate(tmp_path, 7, name="b.c")
    c = generate(tmp_path, 8, name="c.c")
    assert a.read_text() == b.read_text(), "same seed, different program"
    assert a.read_text() != c.read_text(), "seed has no effect"
    assert a.read_text().count("\n") >= 3000

    exe = tmp_path / "gen"
    r = tl.compile_c([a], exe, "gcc", ["-O1", "-Wall", "-Werror"])
    assert r.returncode == 0, r.stderr[-3000:]
    first = tl.run([exe])
    second = tl.run([exe])
    assert first.returncode == 0, first.stderr
    assert "checksum=" in first.stdout
    assert first.stdout == second.stdout


@pytest.mark.skipif(not shutil.which("clang-16") and not shutil.which("clang"),
                    reason="no clang")
def test_gen_large_clang_clean(tmp_path):
    src = generate(tmp_path, 3, lines=2000)
    clang = shutil.which("clang-16") or shutil.which("clang")
    r = subprocess.run([clang, "-fsyntax-only", "-std=gnu11", "-Wall", "-Werror", str(src)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]


def _load_run_py():
    import importlib.util
    spec = importlib.util.spec_from_file_location("bench_run", RUN_PY)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _row(name, config, median_s, peak_kb, report=None, unchanged=False, cc="gcc",
         pool_peak_bytes=None):
    out = tl.ROOT / "benchmarks" / "out"
    src = f"{tl.ROOT}/benchmarks/{name}/{name}.c"
    command = {"gcc": "gcc", "clang": "clang-16"}.get(cc, cc)
    exe = f"{out}/{cc}/{config}/{name}/{name}"
    ptrcomp = []
    if config in ("poolalloc", "compressed"):
        mode = "--mode=poolalloc " if config == "poolalloc" else ""
        tsrc = f"{out}/transformed/{config}/{name}"
        ptrcomp = [f"{tl.ROOT}/build/bin/ptrcomp {mode}--report=json {src} -o {tsrc} "
                   "-- -O2 -std=gnu11"]
        compile_cmd = (f"{command} -O2 -std=gnu11 {tsrc}/{name}.c -o {exe} "
                       f"-I{tl.ROOT}/runtime {tl.ROOT}/build/lib/libptrcomp_rt.a -lm -pthread")
    else:
        m32 = " -m32 -msse2 -mfpmath=sse" if config == "m32" else ""
        compile_cmd = f"{command} -O2 -std=gnu11{m32} {src} -o {exe} -lm -pthread"
    return {"benchmark": name, "cc": cc, "config": config, "size": "large",
            "args": ["10", "2"], "median_s": median_s, "peak_kb": peak_kb, "built": True,
            "output_ok": True, "status": "ok", "unchanged": unchanged, "report": report,
            "pool_peak_bytes": pool_peak_bytes, "commands": ptrcomp + [compile_cmd],
            "ptrcomp_commands": ptrcomp, "exe": exe}


def _all_rows(run, compilers=("gcc", "clang")):
    """Every program with every compiler, meeting every goal."""
    rows = []
    for name in run.BENCHMARKS:
        for cc in compilers:
            rows += [_row(name, "original", 1.0, 1000, cc=cc),
                     _row(name, "poolalloc", 0.8, 900, cc=cc, pool_peak_bytes=800 << 10),
                     _row(name, "m32", 0.7, 500, cc=cc),
                     _row(name, "compressed", 0.5, 400, cc=cc, pool_peak_bytes=300 << 10)]
    return rows


def _set(rows, name, cc, key, values):
    for r in rows:
        if r["benchmark"] == name and r["cc"] == cc:
            r[key] = values[r["config"]]


def _goal(goals, prefix):
    return next(g for g in goals if g["goal"].startswith(prefix))


def test_missed_goals_say_why():
    """A missed goal names what stayed uncompressed (from the report) and what the m32 and
    poolalloc columns measured; met goals carry no explanation. Goals are per compiler:
    a miss with clang does not hide that gcc met it."""
    run = _load_run_py()
    report = [{"type": "struct village", "compressed": False, "indexed": False,
               "reasons": ["struct village holds pointers inside an array"]},
              {"type": "struct patient", "compressed": True, "indexed": True, "reasons": []}]
    rows = _all_rows(run)
    slow = run.SPEED_GOAL_PROGRAMS[0]
    _set(rows, slow, "clang", "median_s",
         {"original": 1.0, "poolalloc": 0.9, "m32": 1.3, "compressed": 0.95})
    for r in rows:
        if r["benchmark"] == slow and r["config"] == "compressed":
            r["report"] = report
    goals = run.evaluate_goals(rows)
    speed = _goal(goals, "compressed time <= 0.9x")
    assert speed["status"] == "missed"
    assert speed["by_compiler"] == {"gcc": "met", "clang": "missed"}
    item = next(i for i in speed["items"] if i["benchmark"] == slow and i["cc"] == "clang")
    assert "struct village holds pointers inside an array" in item["why"]
    assert "1.30x" in item["why"] and "compressed/poolalloc time = 1.06" in item["why"]
    gcc_item = next(i for i in speed["items"] if i["benchmark"] == slow and i["cc"] == "gcc")
    assert gcc_item["status"] == "met" and "why" not in gcc_item
    met = [i for g in goals for i in g["items"] if i["status"] == "met"]
    assert met and not any("why" in i for i in met)
    md = run.goals_markdown(goals)
    assert "    - why: " in md
    assert f"  - {slow} / clang: missed (0.950)" in md
    assert f"  - {slow} / gcc: met (0.500)" in md
    assert "(gcc: met, clang: missed)" in md


def test_goals_per_compiler():
    """The goals of the issue, each listed per program and compiler: 0.9x time on the
    pointer-chasing programs, never above 1.05x, compressed peak <= m32's and
    pool-allocation-only peak <= original on every program."""
    run = _load_run_py()
    rows = _all_rows(run)
    goals = run.evaluate_goals(rows)
    assert all(g["status"] == "met" for g in goals), run.goals_markdown(goals)
    chasing = _goal(goals, "compressed time <= 0.9x original on the pointer-chasing")
    assert {(i["benchmark"], i["cc"]) for i in chasing["items"]} == {
        (n, cc) for n in ("treeadd", "bisort", "perimeter", "tsp", "em3d", "power", "health",
                          "mst", "llubench", "queue", "binary-trees")
        for cc in ("gcc", "clang")}
    every = [_goal(goals, t) for t in ("compressed time <= 1.05x original on every",
                                       "compressed peak memory <= m32's on every",
                                       "pool-allocation-only peak memory <= original")]
    for g in every:
        assert len(g["items"]) == 2 * len(run.BENCHMARKS), g["goal"]

    # compressed above m32 with gcc only; poolalloc above the original with clang only;
    # compressed 1.06x the original's time with clang
    _set(rows, "em3d", "gcc", "peak_kb",
         {"original": 1000, "poolalloc": 900, "m32": 500, "compressed": 520})
    _set(rows, "health", "clang", "peak_kb",
         {"original": 1000, "poolalloc": 1100, "m32": 900, "compressed": 500})
    _set(rows, "power", "clang", "median_s",
         {"original": 1.0, "poolalloc": 1.0, "m32": 1.0, "compressed": 1.06})
    goals = run.evaluate_goals(rows)
    m32 = _goal(goals, "compressed peak memory <= m32's on every")
    assert m32["by_compiler"] == {"gcc": "missed", "clang": "met"}
    miss = [i for i in m32["items"] if i["status"] == "missed"]
    assert [(i["benchmark"], i["cc"]) for i in miss] == [("em3d", "gcc")]
    assert "-m32/original peak memory = 0.50" in miss[0]["why"]
    pa = _goal(goals, "pool-allocation-only peak memory <= original")
    miss = [i for i in pa["items"] if i["status"] == "missed"]
    assert [(i["benchmark"], i["cc"]) for i in miss] == [("health", "clang")]
    assert miss[0]["value"] == "1.100"
    assert "pools' own peak is 0.8 MB of poolalloc's 1.1 MB peak RSS" in miss[0]["why"]
    slow = _goal(goals, "compressed time <= 1.05x original on every")
    assert [(i["benchmark"], i["cc"]) for i in slow["items"] if i["status"] == "missed"] \
        == [("power", "clang")]
    chasing = _goal(goals, "compressed time <= 0.9x original on the pointer-chasing")
    assert chasing["by_compiler"] == {"gcc": "met", "clang": "missed"}
    # a compiler that could not build a program: not measurable for that compiler only
    for r in rows:
        if r["benchmark"] == "treeadd" and r["cc"] == "clang" and r["config"] == "m32":
            r.update(built=False, status="n/a (clang-16 -m32 cannot build: ...)",
                     median_s=None, peak_kb=None, output_ok=None)
    item = next(i for i in _goal(run.evaluate_goals(rows), "compressed peak memory <= 1.05x")
                ["items"] if i["benchmark"] == "treeadd" and i["cc"] == "clang")
    assert item["status"] == "not yet measurable" and "m32 not built" in item["value"]


def test_tables_and_reproduce_name_both_compilers(tmp_path):
    """The ratio and raw tables have a row per program and compiler, and RESULTS.md's
    "How to reproduce" gives ptrcomp's command once and each compiler's compile commands,
    with paths relative to the repository."""
    run = _load_run_py()
    rows = _all_rows(run)
    _set(rows, "treeadd", "clang", "median_s",
         {"original": 2.0, "poolalloc": 1.5, "m32": 1.6, "compressed": 1.0})
    absolute, ratios = run.results_tables(rows, list(run.CONFIGS))
    header = ratios.splitlines()[0]
    for col in ("compiler", "time C/O", "time C/PA", "time C/m32", "mem C/O", "mem C/PA",
                "mem C/m32", "time m32/O", "mem m32/O", "mem PA/O"):
        assert f"| {col} |" in header, header
    assert "| treeadd | gcc | 0.50 | 0.62 | 0.71 | 0.40 |" in ratios
    assert "| treeadd | clang | 0.50 | 0.67 | 0.62 | 0.40 |" in ratios
    assert len(ratios.splitlines()) == 2 + 2 * len(run.BENCHMARKS)
    assert "| compiler |" in absolute.splitlines()[0]
    assert "| treeadd | 10 2 | gcc | original | ok |" in absolute
    assert "|  |  | clang | original | ok |" in absolute

    data = {"machine": {"date": "today", "nproc": 2, "cpu": "cpu", "memory_mb": 2048,
                        "kernel": "6", "ptrcomp": "ptrcomp 0", "commit": "abc",
                        "runtime": "build/lib/libptrcomp_rt.a, built by CMake with cc",
                        "compilers": [{"name": "gcc", "command": "gcc", "version": "gcc 12"},
                                      {"name": "clang", "command": "clang-16",
                                       "version": "clang 16"}]},
            "results": rows, "configs": list(run.CONFIGS), "runs": 5, "size": "large",
            "goals": run.evaluate_goals(rows), "llubench_sweep": [], "tool_speed": None,
            "launcher_command": f"gcc -O2 {tl.ROOT}/benchmarks/runchild.c -o "
                                f"{tl.ROOT}/benchmarks/out/runchild"}
    md_path = tmp_path / "RESULTS.md"
    run.write_results_md(md_path, data, [])
    md = md_path.read_text()
    assert "- compilers: gcc: gcc 12; clang: clang 16 (`clang-16`)" in md
    assert "| treeadd | clang | 0.50 |" in md and "| treeadd | gcc | 0.50 |" in md
    assert "  - treeadd / gcc: met" in md and "  - treeadd / clang: met" in md
    repro = md[md.index("## How to reproduce"):]
    assert str(tl.ROOT) not in repro
    assert "`gcc -O2 benchmarks/runchild.c -o benchmarks/out/runchild`" in repro
    block = repro[repro.index("### treeadd"):repro.index("### bisort")]
    for config in ("poolalloc", "compressed"):
        mode = "--mode=poolalloc " if config == "poolalloc" else ""
        ptrcomp = (f"build/bin/ptrcomp {mode}--report=json benchmarks/treeadd/treeadd.c "
                   f"-o benchmarks/out/transformed/{config}/treeadd -- -O2 -std=gnu11")
        assert block.count(ptrcomp + "\n") == 1, block
    for cc, command in (("gcc", "gcc"), ("clang", "clang-16")):
        assert f"# {cc}\n" in block
        assert (f"{command} -O2 -std=gnu11 benchmarks/treeadd/treeadd.c "
                f"-o benchmarks/out/{cc}/original/treeadd/treeadd -lm -pthread") in block
        assert (f"{command} -O2 -std=gnu11 -m32 -msse2 -mfpmath=sse "
                f"benchmarks/treeadd/treeadd.c -o benchmarks/out/{cc}/m32/treeadd/treeadd "
                "-lm -pthread") in block
        assert (f"{command} -O2 -std=gnu11 benchmarks/out/transformed/compressed/treeadd/"
                f"treeadd.c -o benchmarks/out/{cc}/compressed/treeadd/treeadd -Iruntime "
                "build/lib/libptrcomp_rt.a -lm -pthread") in block
    assert "# run: EXE 10 2" in block


# --------------------------------------------------------------------------- multi-file
# gen_large.py --files N and benchmarks/scale.py (issue 15)

SCALE_PY = BENCH / "scale.py"


def generate_project(tmp_path, name, files=6, seed=1, lines=None):
    out = tmp_path / name
    cmd = [sys.executable, GEN, "--files", str(files), "--seed", str(seed), "-o", out]
    if lines:
        cmd += ["--lines-per-file", str(lines)]
    r = tl.run(cmd)
    assert r.returncode == 0, r.stderr
    return out


def project_texts(root):
    return {str(p.relative_to(root)): p.read_text() for p in sorted(root.rglob("*"))
            if p.is_file()}


def test_gen_large_single_file_output_pinned():
    """The single-file mode's output is what it was before the multi-file mode (run.py's
    tool-speed numbers in RESULTS.md are measured on it)."""
    import hashlib
    r = tl.run([sys.executable, GEN, "--lines", "300", "--seed", "5"])
    assert r.returncode == 0, r.stderr
    assert hashlib.sha256(r.stdout.encode()).hexdigest() == \
        "cc8d771e3efb6c372db7d72e08221c3c6e486f93afc36e1465ec7399dcee2899"


def test_gen_large_files_deterministic(tmp_path):
    a = project_texts(generate_project(tmp_path, "a"))
    b = project_texts(generate_project(tmp_path, "b"))
    c = project_texts(generate_project(tmp_path, "c", seed=2))
    # compile_commands.json names the directory; everything else is the same bytes
    db_a = a.pop("compile_commands.json")
    db_b = b.pop("compile_commands.json")
    assert db_a.replace(str(tmp_path / "a"), "DIR") == db_b.replace(str(tmp_path / "b"), "DIR")
    assert a == b, "same arguments, different project"
    c.pop("compile_commands.json")
    assert a != c, "seed has no effect"
    assert project_texts(generate_project(tmp_path, "a")) == dict(
        a, **{"compile_commands.json": db_a}), "regenerating into the same directory differs"


def test_gen_large_files_structure(tmp_path):
    """N C files in src/a and src/b, each including the three system headers and shared
    project headers (with include guards), calls across files, one main() calling every
    file's entry point; compile_commands.json, CMakeLists.txt and Makefile name them all."""
    root = generate_project(tmp_path, "p", files=7)
    texts = project_texts(root)
    sources = sorted(k for k in texts if k.endswith(".c"))
    assert len(sources) == 7
    assert {k.split("/")[1] for k in sources if k != "src/main.c"} == {"a", "b"}
    headers = [k for k in texts if k.endswith(".h")]
    assert all(k.startswith("include/") for k in headers) and len(headers) >= 3
    for h in headers:
        guard = re.search(r"^#ifndef (\w+)\n#define \1$", texts[h], re.M)
        assert guard and texts[h].rstrip().endswith("#endif"), h
    defined, lines = {}, []
    for s in sources:
        text = texts[s]
        for sys_header in ("stdio.h", "stdlib.h", "string.h"):
            assert f"#include <{sys_header}>" in text, (s, sys_header)
        assert '#include "common.h"' in text, s
        for m in re.finditer(r"^(?!static)[a-z][^;(]*?\b(\w+)\(.*\)\n\{", text, re.M):
            defined[m.group(1)] = s
        if s != "src/main.c":
            assert '#include "types.h"' in text, s
            assert re.search(r"^static struct \w+ \*", text, re.M), f"{s}: no static function"
            assert re.search(r"^struct item \{", text, re.M), f"{s}: no file-local struct"
            lines.append(text.count("\n"))
    # each unit file calls functions defined in other files (builders, walkers, destructors)
    for s in sources:
        if s == "src/main.c":
            continue
        called = set(re.findall(r"\b(\w+)\(", texts[s]))
        elsewhere = {f for f in called if defined.get(f, s) != s}
        assert any(f.endswith(("_build", "_sum", "_free")) for f in elsewhere), s
    entries = [f for f in defined if f.endswith("_entry")]
    assert len(entries) == 6
    for e in entries:
        assert f"{e}(" in texts["src/main.c"]
    # struct types of the shared headers are used by several files
    types = re.findall(r"^struct (\w+) \{", texts["include/types.h"], re.M)
    users = {t: sum(f"struct {t} " in texts[s] for s in sources) for t in types}
    assert max(users.values()) >= 2, users
    assert 300 <= sum(lines) / len(lines) <= 500, lines

    db = json.loads(texts["compile_commands.json"])
    assert sorted(e["file"] for e in db) == sorted(str(root / s) for s in sources)
    for e in db:
        assert e["directory"] == str(root)
        assert "-Iinclude" in e["arguments"] and any(a.startswith("-D") for a in e["arguments"])
    for s in sources:
        assert s in texts["CMakeLists.txt"] and s in texts["Makefile"]


@pytest.mark.parametrize("cc", [c for c in ("gcc", "clang-16") if shutil.which(c)])
def test_gen_large_files_compiles_and_runs(tmp_path, cc):
    root = generate_project(tmp_path, "p", files=6, lines=200)
    db = json.loads((root / "compile_commands.json").read_text())
    flags = [a for a in db[0]["arguments"][1:] if a.startswith(("-I", "-D", "-std"))]
    exe = tmp_path / f"prog-{cc}"
    r = tl.run([cc, "-O1", "-Wall", "-Werror", *flags, *(e["file"] for e in db), "-o", exe],
               cwd=root, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    first, second = tl.run([exe]), tl.run([exe])
    assert first.returncode == 0, first.stderr
    assert re.fullmatch(r"files=6 scale=2 checksum=[0-9a-f]{16}\n", first.stdout), first.stdout
    assert first.stdout == second.stdout


@pytest.mark.skipif(not tl.PTRCOMP.exists(), reason="no ptrcomp build")
def test_scale_quick(tmp_path):
    out_json = tmp_path / "scale.json"
    md = tmp_path / "scale.md"
    r = tl.run([sys.executable, SCALE_PY, "--quick", "--files", "3", "--steps",
                "--ptrcomp", tl.PTRCOMP, "--work-dir", tmp_path / "work", "--json", out_json,
                "--markdown", md], timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "[1/" in r.stderr  # progress lines
    data = json.loads(out_json.read_text())
    rows = {x["run"]: x for x in data["results"]}
    assert set(rows) == {"clang", "ptrcomp", "steps"}
    for run in ("clang", "ptrcomp"):
        x = rows[run]
        if run == "clang" and x["status"].startswith("n/a"):
            continue
        assert x["status"] == "ok", x
        assert x["files"] == 3 and x["lines"] > 300
        for key in ("seconds", "seconds_per_file", "cpu_seconds", "peak_rss_mb"):
            assert isinstance(x[key], (int, float)) and x[key] > 0, (run, key, x)
        assert x["peak_rss_mb"] < 4096
    p = rows["ptrcomp"]
    assert p["changed_files"] >= 3, "ptrcomp left the generated program unchanged"
    if rows["clang"]["status"] == "ok":
        for key in ("ratio_time", "ratio_cpu", "ratio_mem"):
            assert p[key] is not None and p[key] > 0
    steps = rows["steps"]["status"]
    help_text = tl.run_ptrcomp("--help").stdout
    if "--summarize" not in help_text:
        assert steps.startswith("not available yet"), steps
    elif shutil.which("cmake") and shutil.which("ninja"):
        assert steps == "ok", rows["steps"]
    assert {"machine", "settings", "goals"} <= set(data)
    assert "| files | lines | run |" in md.read_text()


def _load_scale_py():
    import importlib.util
    sys.path.insert(0, str(BENCH))  # scale.py imports gen_large
    try:
        spec = importlib.util.spec_from_file_location("bench_scale", SCALE_PY)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    finally:
        sys.path.remove(str(BENCH))
    return mod


HAVE_STEPS = (tl.PTRCOMP.exists() and shutil.which("cmake") and shutil.which("ninja")
              and "--summarize" in tl.run_ptrcomp("--help").stdout)


@pytest.mark.skipif(not HAVE_STEPS, reason="needs a ptrcomp build with the step mode, "
                    "cmake and ninja")
def test_scale_steps_quick(tmp_path):
    """--steps: ptrcomp_transform's build actions with Ninja on a generated project (the
    CMakeLists.txt calls it with -DGEN_PTRCOMP=ON), a full build whose output is the
    single command's, then one edited file: exactly one summary again. --results writes
    the section and the plot beside the given RESULTS.md."""
    out_json = tmp_path / "scale.json"
    results = tmp_path / "RESULTS.md"
    results.write_text("# Benchmark results\n\nrun.py's part.\n")
    r = tl.run([sys.executable, SCALE_PY, "--quick", "--files", "4", "--steps", "-j", "2",
                "--measure", "ptrcomp", "--ptrcomp", tl.PTRCOMP,
                "--work-dir", tmp_path / "work", "--json", out_json, "--results",
                "--results-file", results], timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    data = json.loads(out_json.read_text())
    rows = {x["run"]: x for x in data["results"]}
    assert set(rows) == {"ptrcomp", "steps"}
    s = rows["steps"]
    assert s["status"] == "ok", s
    for key in ("seconds", "seconds_per_file", "cpu_seconds", "peak_rss_mb"):
        assert isinstance(s[key], (int, float)) and s[key] > 0, (key, s)
    assert s["command"].startswith("ninja ") and "-j2" in s["command"].split()
    assert s["command"].endswith("ptrcomp/genscale/ptrcomp.stamp")
    assert s["step_counts"] == {"summarize": 4, "link": 1, "apply": 4, "finish": 1, "db": 1}
    assert s["same_as_single_command"] is True
    assert set(s["step_seconds"]) == {"db", "summarize", "link", "apply", "finish"}
    assert s["step_seconds"]["summarize"] > 0 and s["step_seconds"]["apply"] > 0
    assert s["incremental_status"] == "ok" and s["resummarized"] == 1, s
    assert s["incremental_counts"]["summarize"] == 1
    assert s["incremental_seconds"] > 0 and s["noop_actions"] == 0
    assert rows["ptrcomp"]["command"].split()[1:3] == ["-j", "2"]
    goal = next(g for g in data["goals"]
                if g["run"] == "steps" and "re-summarizes" in g["goal"])
    assert goal["status"] == "met" and goal["value"] == "4: 1"
    # the generated project is as it was (the edit is undone)
    assert not (tmp_path / "work" / "n4").exists()
    md = results.read_text()
    assert md.startswith("# Benchmark results\n\nrun.py's part.\n\n<!-- scale:begin -->\n")
    assert md.endswith("<!-- scale:end -->\n") and md.count("<!-- scale:begin -->") == 1
    assert "](plots/scale.png)" in md and (tmp_path / "plots" / "scale.png").stat().st_size
    assert "| 4 | " in md and "re-summarizes only that file: **met**" in md


def test_scale_default_cmake_build_unchanged(tmp_path):
    """The generated CMakeLists.txt calls ptrcomp_transform only with -DGEN_PTRCOMP=ON:
    by default it needs no ptrcomp and builds the original program."""
    root = generate_project(tmp_path, "p", files=3)
    text = (root / "CMakeLists.txt").read_text()
    guarded = text[text.index("if(GEN_PTRCOMP)"):]
    assert "find_package(ptrcomp REQUIRED)" in guarded
    assert "ptrcomp_transform(TARGET genscale)" in guarded
    assert text.count("find_package") == 1 and text.count("ptrcomp_transform(") == 1
    if not (shutil.which("cmake") and shutil.which("ninja")):
        pytest.skip("no cmake or ninja")
    b = tmp_path / "b"
    r = tl.run(["cmake", "-S", root, "-B", b, "-G", "Ninja"], timeout=120)
    assert r.returncode == 0, r.stderr
    r = tl.run(["ninja", "-C", b], timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ptrcomp" not in r.stdout
    run = tl.run([b / "genscale"])
    assert re.fullmatch(r"files=3 scale=2 checksum=[0-9a-f]{16}\n", run.stdout), run.stdout


@pytest.mark.skipif(not shutil.which("ninja") or not shutil.which("cc"),
                    reason="needs ninja and cc")
def test_scale_peak_rss_through_ninja(tmp_path):
    """scale.py's peak RSS of a Ninja build is the largest single process Ninja ran (its
    commands run under sh, each in a process group of its own), not a sum; CPU adds up."""
    scale = _load_scale_py()
    scale.setup_launcher(tmp_path)
    alloc = "x = bytearray({} << 20); x[::4096] = b'1' * len(x[::4096])"
    (tmp_path / "build.ninja").write_text(
        "rule big\n"
        f"  command = {sys.executable} -c \"{alloc.format('$mb')}\" && touch $out\n"
        "build a: big\n  mb = 200\n"
        "build b: big\n  mb = 150\n"
        "build c: big\n  mb = 150\n")
    m = scale.measure(["ninja", "-C", tmp_path, "-j2"], timeout=120)
    assert m.returncode == 0, m.stdout + m.stderr
    mb = m.maxrss_kb / 1024
    assert 200 <= mb < 350, mb
    assert m.cpu_seconds > 0


def test_run_py_keeps_scale_section(tmp_path):
    """run.py --results rewrites RESULTS.md but keeps the section scale.py --results wrote
    between the markers (at the end); without one, its output is unchanged."""
    run = _load_run_py()
    scale = _load_scale_py()
    assert (run.SCALE_BEGIN, run.SCALE_END) == (scale.SCALE_BEGIN, scale.SCALE_END)
    rows = _all_rows(run)
    data = {"machine": {"date": "today", "nproc": 2, "cpu": "cpu", "memory_mb": 2048,
                        "kernel": "6", "ptrcomp": "ptrcomp 0", "commit": "abc",
                        "runtime": "rt", "compilers": [{"name": "gcc", "command": "gcc",
                                                        "version": "gcc 12"}]},
            "results": rows, "configs": list(run.CONFIGS), "runs": 5, "size": "large",
            "goals": run.evaluate_goals(rows), "llubench_sweep": [], "tool_speed": None}
    plain = tmp_path / "plain.md"
    run.write_results_md(plain, data, [])
    expected = plain.read_text()
    # an old file without a section: the output is exactly run.py's
    old = tmp_path / "RESULTS.md"
    old.write_text("# old results\n")
    run.write_results_md(old, data, [])
    assert old.read_text() == expected
    # scale.py's section into it, then run.py again: the section is kept, byte for byte
    section = "\n".join([scale.SCALE_BEGIN, "## ptrcomp scale benchmark", "",
                         "| files |", "", "![scale](plots/scale.png)", scale.SCALE_END])
    old.write_text(scale.replace_section(old.read_text(), section))
    assert old.read_text() == expected + "\n" + section + "\n"
    old.write_text("# stale run.py output\n\n" + section + "\n\nstale tail\n")
    run.write_results_md(old, data, [])
    assert old.read_text() == expected + "\n" + section + "\n"
    # scale.py again replaces only its section
    newer = section.replace("| files |", "| files | lines |")
    old.write_text(scale.replace_section(old.read_text(), newer))
    assert old.read_text() == expected + "\n" + newer + "\n"


@pytest.mark.skipif(not shutil.which("ninja") or not shutil.which("cc"),
                    reason="needs ninja and cc")
def test_scale_timeout_kills_ninja_commands(tmp_path):
    """A Ninja run killed at its timeout takes the commands Ninja started with it (they
    are in process groups of their own), and its row gets their sampled peak RSS."""
    import os
    import time
    scale = _load_scale_py()
    scale.setup_launcher(tmp_path)
    code = ("import os, sys, time; open(sys.argv[1], 'w').write(str(os.getpid())); "
            "x = bytearray(60 << 20); x[::4096] = b'1' * len(x[::4096]); time.sleep(60)")
    (tmp_path / "build.ninja").write_text(
        "rule slow\n"
        f"  command = {sys.executable} -c \"{code}\" $out.pid && touch $out\n"
        "build a: slow\nbuild b: slow\n")
    m = scale.measure(["ninja", "-C", tmp_path, "-j2"], timeout=4.5)
    assert m.timed_out
    assert m.sampled_hwm_kb >= 60 << 10, m.sampled_hwm_kb
    pids = [int((tmp_path / f"{x}.pid").read_text()) for x in "ab"]
    deadline = time.time() + 10
    while time.time() < deadline and any(os.path.exists(f"/proc/{p}") for p in pids):
        time.sleep(0.2)
    alive = [p for p in pids if os.path.exists(f"/proc/{p}")]
    for p in alive:  # do not leave them behind, whatever the result
        os.kill(p, 9)
    assert not alive, "commands Ninja started survive the timeout"
