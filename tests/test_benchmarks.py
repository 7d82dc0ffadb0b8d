"""The benchmark suite stays runnable: a --quick run of benchmarks/run.py builds every
program in every configuration it can, and each configuration that was built must print
exactly what the original prints. Also checks benchmarks/gen_large.py's output.

These tests do not need a ptrcomp build: configurations that cannot be built are
reported as n/a by the harness and are not failures here.
"""
import json
import shutil
import subprocess
import sys

import pytest

import ptrcomp_testlib as tl

BENCH = tl.ROOT / "benchmarks"
RUN_PY = BENCH / "run.py"
GEN = BENCH / "gen_large.py"
PROGRAMS = sorted(p.parent.name for p in BENCH.glob("*/*.c") if p.stem == p.parent.name)


def gcc_m32_works(tmp_path):
    src = tmp_path / "m32.c"
    src.write_text("int main(void) { return 0; }\n")
    r = tl.run(["gcc", "-m32", src, "-o", tmp_path / "m32"], timeout=120)
    return r.returncode == 0 and tl.run([tmp_path / "m32"]).returncode == 0


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
    by = {(x["benchmark"], x["config"]): x for x in rows}

    names = list(_load_run_py().BENCHMARKS)
    for name in names:
        orig = by.get((name, "original"))
        assert orig is not None, f"{name}: no original row"
        assert orig["built"], f"{name}: original does not build: {orig['status']}"
        assert orig["output_ok"] is True, f"{name}: original run failed: {orig.get('error')}"
        assert orig["median_s"] is not None and orig["peak_kb"], name

    wrong = [f"{x['benchmark']}/{x['config']}: {x.get('error', x['status'])}"
             for x in rows if x["built"] and x["output_ok"] is not True]
    assert not wrong, "configurations that built but behave differently:\n" + "\n".join(wrong)
    # Every configuration of every program builds: a transformation that fails to build
    # is a failure, not a missing column. Only -m32 may be missing (no multilib), and
    # then it is checked below.
    unbuilt = [f"{x['benchmark']}/{x['config']}: {x['status']}" for x in rows
               if not x["built"] and x["config"] != "m32"]
    assert not unbuilt, "configurations that did not build:\n" + "\n".join(unbuilt)

    if gcc_m32_works(tmp_path):
        for name in names:
            m32 = by.get((name, "m32"))
            assert m32 is not None and m32["built"], f"{name}: no m32 build: {m32}"
    assert r.returncode == 0, r.stderr[-3000:]
    assert data["llubench_sweep"], "no llubench sweep points"


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


def _row(name, config, median_s, peak_kb, report=None, unchanged=False):
    return {"benchmark": name, "config": config, "size": "large", "median_s": median_s,
            "peak_kb": peak_kb, "built": True, "output_ok": True, "status": "ok",
            "unchanged": unchanged, "report": report}


def test_missed_goals_say_why():
    """A missed goal names what stayed uncompressed (from the report) and what the m32 and
    poolalloc columns measured; met goals carry no explanation."""
    run = _load_run_py()
    report = [{"type": "struct village", "compressed": False, "indexed": False,
               "reasons": ["struct village holds pointers inside an array"]},
              {"type": "struct patient", "compressed": True, "indexed": True, "reasons": []}]
    rows = []
    for name in run.BENCHMARKS:
        rows += [_row(name, "original", 1.0, 1000), _row(name, "poolalloc", 0.8, 900),
                 _row(name, "m32", 0.7, 500), _row(name, "compressed", 0.5, 400)]
    slow = run.SPEED_GOAL_PROGRAMS[0]
    for r in rows:
        if r["benchmark"] == slow:
            r["median_s"] = {"original": 1.0, "poolalloc": 0.9, "m32": 1.3,
                             "compressed": 0.95}[r["config"]]
            if r["config"] == "compressed":
                r["report"] = report
    goals = run.evaluate_goals(rows)
    speed = next(g for g in goals if g["goal"].startswith("compressed time <= 0.9x"))
    assert speed["status"] == "missed"
    item = next(i for i in speed["items"] if i["benchmark"] == slow)
    assert "struct village holds pointers inside an array" in item["why"]
    assert "1.30x" in item["why"] and "compressed/poolalloc time = 1.06" in item["why"]
    met = [i for g in goals for i in g["items"] if i["status"] == "met"]
    assert met and not any("why" in i for i in met)
    assert "    - why: " in run.goals_markdown(goals)
