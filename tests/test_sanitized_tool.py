"""ptrcomp itself under AddressSanitizer + UndefinedBehaviorSanitizer.

A second build of the tool with -DPTRCOMP_SANITIZE=ON (scripts/build-sanitized.sh, into
${PTRCOMP_SANITIZE_BUILD_DIR:-build-asan}; scripts/test.sh builds it before the suite, and
the first test here brings it up to date when needed) runs on a fixed set of inputs: every
tests/exec program with its options, the golden inputs, examples/lists.c with every mode
and output option, the graph-dump inputs, a multi-file program through
compile_commands.json, and a selection of the bad-input catalogue. A test fails on any
sanitizer report, and unless the sanitized tool does exactly what the normal build does:
the same exit status, stdout, stderr and files written, byte for byte (so it exercises the
same paths as the tested tool, not a crash-free variant of them).

Only ptrcomp's own code is instrumented (LLVM/Clang are the distribution's libraries).
Leak checking is on: LeakSanitizer sees every allocation, LLVM's included, and none of
these runs leaks (LibTooling frees the frontend's memory), so a leak in our code fails a
test like any other report. The sanitized tool is about twice as slow as the normal one;
all of this takes about 25 s of one core.
"""
import fcntl
import hashlib
import json
import os
import pathlib
import shlex
import shutil
import sys
import tempfile

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import ptrcomp_testlib as tl  # noqa: E402
import test_bad_input as bad  # noqa: E402
from test_exec import directives  # noqa: E402

SAN_BUILD = pathlib.Path(os.environ.get("PTRCOMP_SANITIZE_BUILD_DIR",
                                        tl.ROOT / "build-asan")).resolve()
SAN_EXIT = 99  # the exit status of a sanitizer report: distinct from ptrcomp's 0 and 1
SAN_ENV = {
    "ASAN_OPTIONS": f"detect_leaks=1:exitcode={SAN_EXIT}:abort_on_error=0:"
                    "strict_string_checks=1:detect_stack_use_after_return=1:"
                    "check_initialization_order=1",
    "UBSAN_OPTIONS": f"halt_on_error=1:print_stacktrace=1:exitcode={SAN_EXIT}",
    "LSAN_OPTIONS": f"exitcode={SAN_EXIT}",
}
SAN_MARKERS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:",
               "SUMMARY: UndefinedBehaviorSanitizer", "WARNING: AddressSanitizer")
TIMEOUT = 600

EXEC = sorted((tl.ROOT / "tests" / "exec").glob("*.c"))
GOLDEN = sorted(p for p in (tl.ROOT / "tests" / "golden").iterdir() if p.is_dir())
GRAPHS = sorted((tl.ROOT / "tests" / "graphs").glob("*.c"))
# The graph inputs' reports are compared too: reasons must not depend on heap addresses
# (they once did, through the order of a map keyed by pointers).
COMPARE_GRAPH_REPORTS = True
LISTS = tl.ROOT / "examples" / "lists.c"
LISTS_OPTIONS = {  # "{out}": an output directory, compared file by file
    "stdout": [],
    "report-json": ["-o", "{out}", "--report=json"],
    "report-text": ["-o", "{out}", "--report=text"],
    "report-file": ["--report=json", "--report-file={out}/r.json"],
    "poolalloc": ["-o", "{out}", "--mode=poolalloc", "--report=json"],
    "index16": ["-o", "{out}", "--index-bits=16", "--report=json"],
    "index16-poolalloc": ["-o", "{out}", "--index-bits=16", "--mode=poolalloc"],
    "diff": ["--diff"],
    "dump-graph-all": ["--dump-graph=all"],
    "dump-graph-all-dot": ["--dump-graph=all", "--graph-format=dot"],
    "dump-graph-main": ["--dump-graph=main"],
}
BAD_CASES = ["nul-bytes-binary-garbage", "hash-error", "missing-include",
             "syntax-unbalanced-brace", "syntax-undeclared-identifier",
             "error-in-included-header", "error-in-second-file",
             "two-files-define-same-function", "two-files-define-same-global", "cxx-file",
             "unknown-option", "index-bits-24", "compdb-garbage", "compdb-wrong-schema",
             "compdb-names-missing-file", "report-file-in-missing-directory"]


@pytest.fixture(scope="session")
def sanitized_ptrcomp(build_dir):
    """The sanitized tool, built or brought up to date (once at a time: pytest-xdist
    workers wait for each other on a lock; an up-to-date build costs a second)."""
    # one lock per build directory, the same in every worker process
    lock = pathlib.Path(tempfile.gettempdir()) / (
        "ptrcomp-sanitized-build-" + hashlib.sha1(str(SAN_BUILD).encode()).hexdigest()[:12]
        + ".lock")
    with open(lock, "w") as fd:
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            env = dict(os.environ, PTRCOMP_SANITIZE_BUILD_DIR=str(SAN_BUILD))
            r = tl.run(["bash", tl.ROOT / "scripts" / "build-sanitized.sh"], env=env,
                       timeout=3600)
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    exe = SAN_BUILD / "bin" / "ptrcomp"
    assert r.returncode == 0 and exe.is_file(), (
        f"the sanitizer build failed (scripts/build-sanitized.sh):\n{r.stdout[-4000:]}\n"
        f"{r.stderr[-4000:]}")
    return exe


def tree(root):
    root = pathlib.Path(root)
    if not root.exists():
        return None
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None)
            for p in sorted(root.rglob("*"))}


def compare_builds(normal, sanitized, args, cwd, out=None, timeout=TIMEOUT, mkdir=False,
                   same_stdout=True):
    """Runs the normal and the sanitized ptrcomp with the same arguments in the same
    directory (one after the other: paths in the output are then the same); `out` is a
    directory the run writes, compared file by file and removed before each run (made
    anew, empty, when `mkdir`)."""
    results = []
    for exe, env in ((normal, None), (sanitized, dict(os.environ, **SAN_ENV))):
        if out is not None and pathlib.Path(out).exists():
            shutil.rmtree(out)
        if out is not None and mkdir:
            pathlib.Path(out).mkdir(parents=True)
        # What the self-check vetoes is the exec tests' concern; here both builds must
        # veto the same (tests/fuzz/regressions/field_points_into_embedded_holder.c).
        r = tl.run([exe, *args], cwd=cwd, env=env, timeout=timeout, self_check_vetoes=True)
        results.append((r, tree(out) if out is not None else None))
    (a, ta), (b, tb) = results
    cmd = "$ ptrcomp " + shlex.join(map(str, args))
    reports = [m for m in SAN_MARKERS if m in b.stderr]
    assert not reports and b.returncode != SAN_EXIT, (
        f"sanitizer report ({cmd}, exit {b.returncode}):\n{b.stderr[-12000:]}")
    assert b.returncode >= 0, f"sanitized ptrcomp killed by signal {-b.returncode} ({cmd})"
    assert a.returncode == b.returncode, (
        f"exit status {a.returncode} (normal build) vs {b.returncode} (sanitized) ({cmd})\n"
        f"--- sanitized stderr\n{b.stderr[-4000:]}")
    assert a.stdout == b.stdout or not same_stdout, f"stdout differs between the builds ({cmd})"
    # messages may name the executable ("see 'BUILD/bin/ptrcomp --help'")
    errs = [r.stderr.replace(str(exe), "ptrcomp") for r, exe in ((a, normal), (b, sanitized))]
    assert errs[0] == errs[1], (f"stderr differs between the builds ({cmd})\n--- normal\n"
                                f"{a.stderr[-3000:]}\n--- sanitized\n{b.stderr[-3000:]}")
    assert ta == tb, f"the files written differ between the builds ({cmd})"
    return a


@pytest.mark.parametrize("case", EXEC, ids=[c.stem for c in EXEC])
def test_exec_inputs(ptrcomp, sanitized_ptrcomp, tmp_path, case):
    _, ptrcomp_args, _ = directives(case)
    r = compare_builds(ptrcomp, sanitized_ptrcomp,
                       [case.name, "-o", tmp_path / "out", "--report=json", *ptrcomp_args,
                        "--", "-std=gnu11"], cwd=case.parent, out=tmp_path / "out")
    assert r.returncode == 0, r.stderr[-3000:]


@pytest.mark.parametrize("case", GOLDEN, ids=[c.name for c in GOLDEN])
def test_golden_inputs(ptrcomp, sanitized_ptrcomp, case):
    args = shlex.split((case / "args").read_text()) if (case / "args").exists() else []
    r = compare_builds(ptrcomp, sanitized_ptrcomp, [*args, "input.c"], cwd=case)
    assert r.returncode == 0, r.stderr[-3000:]


@pytest.mark.parametrize("name", list(LISTS_OPTIONS))
def test_lists_example(ptrcomp, sanitized_ptrcomp, tmp_path, name):
    out = tmp_path / "out"
    args = [a.replace("{out}", str(out)) for a in LISTS_OPTIONS[name]]
    r = compare_builds(ptrcomp, sanitized_ptrcomp, [*args, LISTS.name], cwd=LISTS.parent,
                       out=out, mkdir=name == "report-file")
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout or any(out.iterdir()), "nothing written"


def test_graph_inputs(ptrcomp, sanitized_ptrcomp, tmp_path):
    """The analysis on every graph-test input at once (one process: a few seconds in
    all), its graphs dumped and the program transformed with the report."""
    work = tmp_path / "graphs"
    shutil.copytree(tl.ROOT / "tests" / "graphs", work,
                    ignore=shutil.ignore_patterns("multi_tu", "same_tag"))
    for f in sorted(work.glob("*.c")):
        compare_builds(ptrcomp, sanitized_ptrcomp,
                       [f.name, "--dump-graph=all", "--", "-std=gnu11"], cwd=work)
        compare_builds(ptrcomp, sanitized_ptrcomp,
                       [f.name, "-o", tmp_path / "out", "--report=json", "--",
                        "-std=gnu11"], cwd=work, out=tmp_path / "out",
                       same_stdout=COMPARE_GRAPH_REPORTS)
    assert GRAPHS, "no graph inputs"


def test_multi_tu(ptrcomp, sanitized_ptrcomp, tmp_path):
    """Two files and a shared header through compile_commands.json, with the program-wide
    graph dump and both modes."""
    src = tmp_path / "src"
    shutil.copytree(tl.ROOT / "tests" / "graphs" / "multi_tu", src)
    db = [{"directory": str(src), "file": f, "arguments": ["cc", "-std=gnu11", "-c", f]}
          for f in ("alloc.c", "use.c")]
    (src / "compile_commands.json").write_text(json.dumps(db))
    out = tmp_path / "out"
    for extra in ([], ["--mode=poolalloc"], ["--index-bits=16"]):
        r = compare_builds(ptrcomp, sanitized_ptrcomp,
                           ["-p", src, "-o", out, "--report=json", *extra], cwd=tmp_path,
                           out=out)
        assert r.returncode == 0, r.stderr[-3000:]
    r = compare_builds(ptrcomp, sanitized_ptrcomp, ["-p", src, "--dump-graph=all"],
                       cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    same_tag = tl.ROOT / "tests" / "graphs" / "same_tag"
    files = sorted(p.name for p in same_tag.glob("*.c"))
    r = compare_builds(ptrcomp, sanitized_ptrcomp,
                       [*files, "-o", tmp_path / "out2", "--report=json", "--",
                        "-std=gnu11"], cwd=same_tag, out=tmp_path / "out2")
    assert r.returncode == 0, r.stderr[-3000:]


@pytest.mark.parametrize("name", BAD_CASES)
def test_bad_inputs(ptrcomp, sanitized_ptrcomp, tmp_path, name):
    case = next(c for c in bad.BAD if c.id == name)
    src = bad.write_files(tmp_path / "src", case.files)
    if case.setup:
        case.setup(tmp_path, src)
    out = tmp_path / "out"
    mode = case.modes[0]
    args = {"o": ["-o", str(out)], "i": ["-i"], "raw": []}[mode] + \
        bad._expand(case.args, src, out)
    r = compare_builds(ptrcomp, sanitized_ptrcomp, args, cwd=tmp_path, out=out)
    assert r.returncode == 1, f"expected an error:\n{r.stderr[-3000:]}"


def test_deep_nesting(ptrcomp, sanitized_ptrcomp, tmp_path):
    """Deep ASTs: recursion in our code (local graphs, rewriter) must stay within the
    stack with ASan's larger frames too. 250 brackets deep is within clang's limit (256),
    3000 beyond it (an error); 20,000 terms joined by + need no brackets."""
    cases = {f"{kind}{depth}.c": bad._deep(kind, depth)
             for kind in ("parens", "blocks") for depth in (250, 3000)}
    terms = " + ".join(f"(unsigned)p->value * {i % 7}u" for i in range(20000))
    cases["chain.c"] = bad.LIST_C.replace(
        "    printf(\"sum %ld\\n\", sum);",
        "    {\n        struct node q = { 3, NULL };\n        struct node *p = &q;\n"
        f"        unsigned t = {terms};\n        printf(\"t %u\\n\", t);\n    }}\n"
        "    printf(\"sum %ld\\n\", sum);")
    assert "unsigned t =" in cases["chain.c"]
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
        r = compare_builds(ptrcomp, sanitized_ptrcomp, [name, "-o", tmp_path / "out"],
                           cwd=tmp_path, out=tmp_path / "out")
        assert r.returncode == (1 if "3000" in name else 0), r.stderr[-3000:]


def test_the_tool_is_instrumented(sanitized_ptrcomp):
    """The build really is ASan+UBSan (else every test above would pass vacuously): our
    code calls into both runtimes, and ASan is live when the tool runs."""
    exe = pathlib.Path(sanitized_ptrcomp).read_bytes()
    assert b"__asan_report_" in exe and b"__ubsan_handle_" in exe, "not instrumented"
    env = dict(os.environ, ASAN_OPTIONS="help=1")
    r = tl.run([sanitized_ptrcomp, "--version"], env=env)
    assert "Available flags for AddressSanitizer" in r.stderr, r.stderr[-2000:]
