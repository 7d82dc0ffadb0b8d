"""Programs that run threads: every tests/threads/<name>.c is transformed by ptrcomp and
checked like tests/exec/ (same directives, see test_exec.py: ARGS, PTRCOMP-ARGS, EXPECT;
plus `// CFLAGS: -fopenmp`, flags for parsing and building both programs). Then the output
is built with clang -fsanitize=thread, together with the runtime's sources so that the
pool operations are instrumented too, and run TSAN_RUNS times: every run must print what
the original prints, exit as it does, and draw no ThreadSanitizer report.

Two more directives:
    // UNSEEN: unseen/run_on_threads.c   sources built into both programs but not given to
                                         ptrcomp (a library it cannot see)
    // NO-TSAN: <why>                    ThreadSanitizer cannot run the original program
                                         either (say why): the transformed program, built
                                         by each compiler, runs TSAN_RUNS times instead

The programs' output does not depend on the interleaving (sums, counts, per-thread
results printed after the joins), so a difference is a bug, never flakiness.
"""
import json
import os
import pathlib
import shlex
import shutil

import pytest

import ptrcomp_testlib as tl
from test_exec import CRASH_MARKERS, _describe, assign, directives, matches

THREADS_DIR = pathlib.Path(__file__).resolve().parent / "threads"
CASES = sorted(THREADS_DIR.glob("*.c"))
TSAN_RUNS = 20
TSAN_CC = next((c for c in ("clang-16", "clang") if shutil.which(c)), None)
# OpenMP's runtime is not instrumented: its own synchronisation is known to TSan through
# the OMPT tool library (archer) that libomp loads, and reports from inside it are noise.
TSAN_ENV = {"TSAN_OPTIONS": "halt_on_error=1 ignore_noninstrumented_modules=1"}


def directive(path, name):
    """The text of the test's `// NAME:` line, or None."""
    for line in path.read_text().splitlines():
        text = line.strip()
        if text.startswith("//") and text[2:].strip().startswith(name + ":"):
            return text[2:].strip()[len(name) + 1:].strip()
    return None


def cflags(path):
    return shlex.split(directive(path, "CFLAGS") or "")


def unseen_sources(path):
    return [path.parent / s for s in shlex.split(directive(path, "UNSEEN") or "")]


def can_build(cc, flags, tmp_path):
    """Whether `cc` builds and links a threaded program with `flags` here (OpenMP needs
    libgomp or libomp)."""
    src = tmp_path / "probe.c"
    src.write_text("#include <pthread.h>\nint main(void) { return 0; }\n")
    r = tl.run([cc, *flags, "-pthread", src, "-o", tmp_path / "probe"])
    return r.returncode == 0


def transform(case, outdir, extra_args, flags):
    r = tl.run_ptrcomp(case.name, "-o", outdir, "--report=json", *extra_args, "--",
                       "-std=gnu11", *flags, cwd=case.parent)
    crash = [m for m in CRASH_MARKERS if m in r.stderr]
    assert r.returncode == 0 and not crash, (
        f"ptrcomp failed on {case.name} (exit {r.returncode}):\n{r.stderr[-4000:]}")
    return pathlib.Path(outdir) / case.name, json.loads(r.stdout)


@pytest.mark.parametrize("mode", ["compress", "poolalloc"])
@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_threads(case, mode, ptrcomp, tmp_path):
    args, ptrcomp_args, expects = directives(case)
    flags = cflags(case)
    if mode == "poolalloc":
        # Pool allocation only: the same pools and thread modes, pointers stay pointers.
        ptrcomp_args = [*ptrcomp_args, "--mode=poolalloc"]
        expects = [{k: v for k, v in e.items() if k in ("type", "owner", "threads")}
                   for e in expects]
    out, report = transform(case, tmp_path / "out", ptrcomp_args, flags)
    structures = report["structures"]
    assert assign(expects, structures), (
        "report does not meet the expectations (no structure matches "
        f"{[e for e in expects if not any(matches(e, s) for s in structures)]})\n"
        f"structures: {_describe(report)}")
    assert out.read_text() != case.read_text(), "the output is the unchanged input"
    compilers = [cc for cc in tl.COMPILERS if can_build(cc, flags, tmp_path)]
    assert compilers, f"no compiler here builds with {flags}"
    build_flags = ["-pthread", *flags]
    unseen = unseen_sources(case)
    tl.check_same_behaviour([case, *unseen], [out, *unseen], tmp_path, args=args,
                            compilers=compilers, original_flags=build_flags,
                            transformed_flags=build_flags)

    if directive(case, "NO-TSAN"):
        # The programs check_same_behaviour built, run again and again.
        for cc in compilers:
            expected = tl.run([tmp_path / "orig" / f"prog-{cc}", *args], timeout=120)
            for k in range(TSAN_RUNS):
                got = tl.run([tmp_path / "new" / f"prog-{cc}", *args], timeout=120)
                assert (got.stdout, got.returncode) == (expected.stdout, expected.returncode), (
                    f"{cc}, run {k + 1}: behaviour differs\n--- original (exit "
                    f"{expected.returncode})\n{expected.stdout[-2000:]}\n--- transformed "
                    f"(exit {got.returncode})\n{got.stdout[-2000:]}\n{got.stderr[-2000:]}")
        return
    if TSAN_CC is None or not can_build(TSAN_CC, ["-fsanitize=thread", *flags], tmp_path):
        pytest.skip("no clang that builds ThreadSanitizer programs with these flags")
    orig = tmp_path / "orig-tsan-ref"
    r = tl.compile_c([case, *unseen], orig, TSAN_CC, ["-O2", "-w", *build_flags])
    assert r.returncode == 0, r.stderr
    expected = tl.run([orig, *args], timeout=120)
    tsan = tmp_path / "new-tsan"
    runtime_sources = sorted((tl.ROOT / "runtime").glob("*.c"))
    r = tl.run([TSAN_CC, "-std=gnu11", "-O1", "-g", "-fsanitize=thread", *build_flags,
                "-I", tl.RUNTIME_INCLUDE, out, *unseen, *runtime_sources, "-o", tsan],
               timeout=300)
    assert r.returncode == 0, f"TSan build failed:\n{r.stderr[-3000:]}"
    env = dict(os.environ, **TSAN_ENV)
    for k in range(TSAN_RUNS):
        got = tl.run([tsan, *args], timeout=300, env=env)
        reports = got.stderr.count("WARNING: ThreadSanitizer")
        assert reports == 0 and "ThreadSanitizer" not in got.stderr.replace(
            "Warning: please export TSAN_OPTIONS", ""), (
            f"run {k + 1}: ThreadSanitizer report:\n{got.stderr[-6000:]}")
        assert (got.stdout, got.returncode) == (expected.stdout, expected.returncode), (
            f"run {k + 1}: behaviour differs under TSan\n--- original (exit "
            f"{expected.returncode})\n{expected.stdout[-2000:]}\n--- transformed (exit "
            f"{got.returncode})\n{got.stdout[-2000:]}\n{got.stderr[-2000:]}")


@pytest.mark.parametrize("mode, want", [("single", "private"), ("safe", "safe")])
def test_threads_option_overrides_analysis(mode, want, ptrcomp, tmp_path):
    """--threads=single trusts the user (every pool private, also in a threaded program);
    --threads=safe makes every pool thread-safe, also the private ones."""
    case = THREADS_DIR / "global_list_mutex.c"
    _, report = transform(case, tmp_path / "out", [f"--threads={mode}"], [])
    pools = [s for s in report["structures"] if s["pool"]]
    assert len(pools) == 2, _describe(report)
    assert {s["threads"] for s in pools} == {want}, _describe(report)
    assert {s["thread_reason"] for s in pools} == {f"--threads={mode}"}


def test_threads_config_key(ptrcomp, tmp_path):
    """The Threads key of .ptrcomp.yaml sets the default; the command line overrides it."""
    src = tmp_path / "p.c"
    shutil.copy(THREADS_DIR / "private_lists.c", src)
    (tmp_path / ".ptrcomp.yaml").write_text("Threads: safe\n")
    r = tl.run_ptrcomp("--dump-config", src.name, cwd=tmp_path)
    assert r.returncode == 0 and "Threads:         safe" in r.stdout, r.stdout + r.stderr
    _, report = transform(src, tmp_path / "out", [], [])
    assert [s["threads"] for s in report["structures"] if s["pool"]] == ["safe"]
    _, report = transform(src, tmp_path / "out2", ["--threads=auto"], [])
    assert [s["threads"] for s in report["structures"] if s["pool"]] == ["private"]
    (tmp_path / ".ptrcomp.yaml").write_text("Threads: sometimes\n")
    r = tl.run_ptrcomp(src.name, "--dry-run", cwd=tmp_path)
    assert r.returncode == 1
    assert ".ptrcomp.yaml:1:10: error: invalid Threads 'sometimes'" in r.stderr, r.stderr


def test_bad_threads_option(ptrcomp, tmp_path):
    r = tl.run_ptrcomp("--threads=maybe", THREADS_DIR / "private_lists.c", "--dry-run")
    assert r.returncode == 1
    assert "invalid --threads='maybe': must be auto, single or safe" in r.stderr


def test_single_threaded_program_gets_private_pools(ptrcomp, tmp_path):
    """A program that starts no threads pays nothing: every pool is private, and the text
    report says nothing about threads."""
    case = tl.ROOT / "tests" / "exec" / "paper_two_lists.c"
    r = tl.run_ptrcomp(case.name, "--report=json", "--dry-run", "--", "-std=gnu11",
                       cwd=case.parent)
    pools = [s for s in json.loads(r.stdout)["structures"] if s["pool"]]
    assert pools and {s["threads"] for s in pools} == {"private"}
    assert {s["thread_reason"] for s in pools} == {"the program starts no threads"}
    r = tl.run_ptrcomp(case.name, "--report", "--dry-run", "--", "-std=gnu11",
                       cwd=case.parent)
    assert "thread" not in r.stdout, r.stdout


def test_global_pool_of_a_struct_main_does_not_see(ptrcomp, tmp_path):
    """main readies a thread-safe global pool whose struct only list.c defines: the pool is
    defined in list.c and declared extern in main.c (before, main.c got the definition and
    sizeof of an incomplete type, so the structure was left unchanged)."""
    src = THREADS_DIR / "multi_opaque"
    files = [src / "main.c", src / "list.c"]
    r = tl.run_ptrcomp("--report=json", "-o", tmp_path / "out", *files, "--", "-std=gnu11")
    assert r.returncode == 0, r.stderr
    pools = [s for s in json.loads(r.stdout)["structures"] if s["pool"]]
    assert [(s["type"], s["compressed"], s["threads"]) for s in pools] == [
        ("struct node", True, "safe")], r.stdout
    main_c = (tmp_path / "out" / "main.c").read_text()
    assert "extern pc_pool P_head;" in main_c and "pc_pool_ready(&P_head);" in main_c
    assert "PC_POOL_INIT_SHARED" in (tmp_path / "out" / "list.c").read_text()
    out = [tmp_path / "out" / "main.c", tmp_path / "out" / "list.c"]
    tl.check_same_behaviour(files, out, tmp_path, original_flags=["-pthread"],
                            transformed_flags=["-pthread"])
    tsan = tmp_path / "tsan"
    r = tl.run([TSAN_CC, "-std=gnu11", "-O1", "-g", "-fsanitize=thread", "-pthread", "-I",
                tl.RUNTIME_INCLUDE, *out, *sorted((tl.ROOT / "runtime").glob("*.c")), "-o",
                tsan], timeout=300)
    assert r.returncode == 0, r.stderr
    for _ in range(5):
        got = tl.run([tsan], env=dict(os.environ, **TSAN_ENV), timeout=120)
        assert "ThreadSanitizer" not in got.stderr, got.stderr[-4000:]
        assert got.stdout == "1537492500\n"
