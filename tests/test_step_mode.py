"""The step mode (--summarize, --link, --apply, --finish) gives the single command's output
byte for byte: the transformed files and the JSON report, on every golden case, every exec
and legality program, the multi-file programs and a generated multi-file project; it
reports damaged, truncated or foreign summaries and plans by name, and a plan that does
not match the file given to --apply, and writes nothing then.
"""
import json
import os
import pathlib
import shlex
import subprocess
import sys

import pytest

import ptrcomp_testlib as tl
import test_exec

TESTS = tl.ROOT / "tests"
GOLDEN = sorted(p for p in (TESTS / "golden").iterdir() if p.is_dir())
EXEC = sorted((TESTS / "exec").glob("*.c")) + sorted((TESTS / "legality").glob("*.c"))
MULTI = [p for p in sorted((TESTS / "exec_multi").iterdir())
         if p.is_dir() and not p.name.startswith("opaque_recursive")]


def tree(root):
    """Every file below root with its bytes."""
    root = pathlib.Path(root)
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


def steps(sources, cwd, work, flags=(), args=(), jobs="1"):
    """Runs the four steps; returns (output tree, report bytes, the last Run)."""
    work = pathlib.Path(work)
    work.mkdir(parents=True, exist_ok=True)
    pcs = []
    for i, s in enumerate(sources):
        out = work / f"{i}.pcs"
        r = tl.run_ptrcomp("--summarize", s, "-o", out, "--", *flags, cwd=cwd)
        assert r.returncode == 0, r.stderr
        pcs.append(out)
    plan = work / "program.pcp"
    r = tl.run_ptrcomp("--link", *pcs, "-o", plan, *args, cwd=cwd)
    assert r.returncode == 0, r.stderr
    pcr = []
    for i, s in enumerate(sources):
        out = work / f"{i}.pcr"
        r = tl.run_ptrcomp("--apply", plan, s, "-o", out, *args, "--", *flags, cwd=cwd)
        assert r.returncode == 0, r.stderr
        pcr.append(out)
    out = work / "out"
    report = work / "report.json"
    r = tl.run_ptrcomp("--finish", plan, *pcr, "-o", out, "--report=json",
                       f"--report-file={report}", "-j", jobs, *args, cwd=cwd)
    assert r.returncode == 0, r.stderr
    return tree(out), report.read_bytes(), r


def single(sources, cwd, work, flags=(), args=()):
    work = pathlib.Path(work)
    out = work / "single"
    report = work / "single.json"
    r = tl.run_ptrcomp(*sources, "-o", out, "--report=json", f"--report-file={report}",
                       *args, "--", *flags, cwd=cwd)
    assert r.returncode == 0, r.stderr
    return tree(out), report.read_bytes(), r


def same(sources, cwd, tmp_path, flags=(), args=()):
    a_files, a_report, a = single(sources, cwd, tmp_path, flags, args)
    b_files, b_report, b = steps(sources, cwd, tmp_path / "steps", flags, args)
    assert sorted(a_files) == sorted(b_files)
    for name in a_files:
        assert a_files[name] == b_files[name], f"{name} differs between the modes"
    assert a_report == b_report, "the reports differ between the modes"
    assert a.stderr == b.stderr
    return a_files


@pytest.mark.parametrize("case", GOLDEN, ids=[c.name for c in GOLDEN])
def test_golden_steps(case, ptrcomp, tmp_path):
    args = shlex.split((case / "args").read_text()) if (case / "args").exists() else []
    files = same(["input.c"], case, tmp_path, args=args)
    # And the golden file itself: the step mode's output is today's expected output.
    assert files["input.c"] == (case / "expected.c").read_bytes()


@pytest.mark.parametrize("case", EXEC, ids=[c.stem for c in EXEC])
def test_exec_steps(case, ptrcomp, tmp_path):
    _, ptrcomp_args, flags, _ = test_exec.all_directives(case)
    same([case.name], case.parent, tmp_path, ["-std=gnu11", *flags], ptrcomp_args)


@pytest.mark.parametrize("case", MULTI, ids=[c.name for c in MULTI])
def test_multi_file_steps(case, ptrcomp, tmp_path):
    sources = sorted(p.name for p in case.glob("*.c"))
    same(sources, case, tmp_path, ["-std=gnu11"])


def test_generated_project_steps(ptrcomp, tmp_path):
    """A generated project of 12 files (shared headers, calls and pools across files):
    the same output in both modes, with several jobs, and it behaves as the original."""
    proj = tmp_path / "proj"
    subprocess.run([sys.executable, tl.ROOT / "benchmarks" / "gen_large.py", "--files", "12",
                    "--lines-per-file", "120", "-o", proj], check=True, capture_output=True)
    sources = sorted(str(p.relative_to(proj)) for p in (proj / "src").rglob("*.c"))
    flags = ["-Iinclude", "-DGEN_SCALE=2"]
    a_files, a_report, _ = single(sources, proj, tmp_path, flags)
    b_files, b_report, _ = steps(sources, proj, tmp_path / "steps", flags, jobs="2")
    assert a_files == b_files and a_report == b_report
    report = json.loads(a_report)
    assert any(s.get("compressed") for s in report["structures"])
    out = tmp_path / "steps" / "out"
    tl.check_same_behaviour([proj / s for s in sources], [out / s for s in sources],
                            tmp_path, compilers=tl.COMPILERS[:1], sanitize=False,
                            original_flags=["-I", proj / "include", "-DGEN_SCALE=2"],
                            transformed_flags=["-I", out / "include", "-DGEN_SCALE=2"])


# A program whose main file calls clones of another file's functions, with a global pool
# that both files use and a header they share: each --apply reads its part of the plan.
CROSS_FILES = {
    "list.h": r"""struct node { int v; struct node *next; };
struct cell { int v; struct cell *next; };
typedef void (*visit_fn)(const struct cell *, long *);
extern struct node *kept;
struct node *push(struct node *l, int v);
void release(struct node *l);
int total(const struct node *l);
struct cell *cons(struct cell *l, int v);
void drop(struct cell *l);
void walk(const struct cell *l, visit_fn f, long *acc);
void is_big(const struct cell *n, long *acc);
void is_odd(const struct cell *n, long *acc);
""",
    "list.c": r"""#include <stdlib.h>
#include "list.h"
struct node *kept;
struct node *push(struct node *l, int v) {
    struct node *n = malloc(sizeof *n);
    n->v = v;
    n->next = l;
    return n;
}
void release(struct node *l) {
    while (l) { struct node *n = l->next; free(l); l = n; }
}
int total(const struct node *l) {
    int s = 0;
    for (; l; l = l->next)
        s += l->v;
    return s;
}
struct cell *cons(struct cell *l, int v) {
    struct cell *n = malloc(sizeof *n);
    n->v = v;
    n->next = l;
    return n;
}
void drop(struct cell *l) {
    while (l) { struct cell *n = l->next; free(l); l = n; }
}
void walk(const struct cell *l, visit_fn f, long *acc) {
    for (; l; l = l->next)
        f(l, acc);
}
void is_big(const struct cell *n, long *acc) { *acc += n->v > 10; }
""",
    "main.c": r"""#include <stdio.h>
#include "list.h"
void is_odd(const struct cell *n, long *acc) { *acc += n->v & 1; }
static int build(int k) {
    struct cell *l = 0;
    for (int i = 0; i < k; i++)
        l = cons(l, i);
    long a = 0, b = 0;
    walk(l, is_big, &a);
    walk(l, is_odd, &b);
    int r = (int)(a * 100 + b);
    drop(l);
    return r;
}
int main(void) {
    for (int i = 0; i < 4; i++)
        kept = push(kept, i * 7);
    printf("%d %d %d\n", build(20), build(3), total(kept));
    release(kept);
    return 0;
}
""",
}


def write_cross(d):
    for name, text in CROSS_FILES.items():
        (d / name).write_text(text)


def test_cross_file_clones_steps(ptrcomp, tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    write_cross(src)
    files = same(["list.c", "main.c"], src, tmp_path, ["-std=gnu11"])
    assert b"push_pc32(&P_kept" in files["main.c"], files["main.c"].decode()


def test_veto_after_the_graphs_are_shed(ptrcomp, tmp_path):
    """A structure whose rewrite does not compile is found by the finish's check, after
    it freed the plan's graphs: the next round reads the plan again (--finish its file,
    the single command its temporary copy) and both modes give the same program, with
    only that structure unchanged."""
    cases = pathlib.Path(__file__).resolve().parent / "self_check"
    files = same(["two_structs.c"], cases, tmp_path, ["-std=gnu11"],
                 ["--inject-fault=field:leaf"])
    text = files["two_structs.c"].decode()
    assert "struct cell_pc32" in text and "struct leaf_pc32" not in text, text
    assert "_injected_fault" not in text


def test_apply_fails_when_its_part_lacks_a_callee(ptrcomp, tmp_path):
    """A unit's part of the plan names the functions its rewriting reads; if one were
    missing, --apply must stop with an internal error and write nothing, never rewrite
    without it."""
    d = tmp_path
    write_cross(d)
    for s in ("list.c", "main.c"):
        r = tl.run_ptrcomp("--summarize", s, "-o", s + ".pcs", "--", "-std=gnu11", cwd=d)
        assert r.returncode == 0, r.stderr
    r = tl.run_ptrcomp("--link", "list.c.pcs", "main.c.pcs", "-o", "bad.pcp",
                       "--inject-fault=plan-callees", cwd=d)
    assert r.returncode == 0, r.stderr
    r = tl.run_ptrcomp("--apply", "bad.pcp", "main.c", "-o", "main.pcr", "--", "-std=gnu11",
                       cwd=d)
    assert r.returncode != 0 and "internal error" in r.stderr, r.stderr
    assert "was not read for this unit" in r.stderr, r.stderr
    assert not (d / "main.pcr").exists()
    # The same plan, whole: the apply goes through.
    r = tl.run_ptrcomp("--link", "list.c.pcs", "main.c.pcs", "-o", "good.pcp", cwd=d)
    assert r.returncode == 0, r.stderr
    r = tl.run_ptrcomp("--apply", "good.pcp", "main.c", "-o", "main.pcr", "--", "-std=gnu11",
                       cwd=d)
    assert r.returncode == 0, r.stderr


# --- Bad input -----------------------------------------------------------------------

LIST = """#include <stdlib.h>
struct node { int v; struct node *next; };
int main(void) {
    struct node *l = NULL;
    for (int i = 0; i < 3; i++) { struct node *n = malloc(sizeof *n); n->v = i; n->next = l; l = n; }
    int s = 0;
    while (l) { struct node *n = l->next; s += l->v; free(l); l = n; }
    return s;
}
"""


@pytest.fixture
def summarized(ptrcomp, tmp_path):
    (tmp_path / "list.c").write_text(LIST)
    r = tl.run_ptrcomp("--summarize", "list.c", "-o", "list.pcs", "--", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    return tmp_path


@pytest.mark.parametrize("damage", ["flip", "truncate", "version", "empty", "other-kind"])
def test_bad_summary(summarized, damage):
    d = summarized
    data = (d / "list.pcs").read_bytes()
    if damage == "flip":
        data = data[:-10] + bytes([data[-10] ^ 0x40]) + data[-9:]
        want = "damaged summary file"
    elif damage == "truncate":
        data = data[: len(data) // 2]
        want = "truncated summary file"
    elif damage == "version":
        line, rest = data.split(b"\n", 1)
        data = line.replace(b"ptrcomp 0.", b"ptrcomp 9.") + b"\n" + rest
        want = "written by another version of ptrcomp"
    elif damage == "empty":
        data = b""
        want = "not a ptrcomp summary file"
    else:
        r = tl.run_ptrcomp("--link", "list.pcs", "-o", "p.pcp", cwd=d)
        assert r.returncode == 0, r.stderr
        data = (d / "p.pcp").read_bytes()
        want = "not a ptrcomp summary file"
    (d / "bad.pcs").write_bytes(data)
    before = tree(d)
    r = tl.run_ptrcomp("--link", "bad.pcs", "-o", "program.pcp", cwd=d)
    assert r.returncode == 1
    assert f"summary 'bad.pcs': {want}" in r.stderr, r.stderr
    assert tree(d) == before, "a failed step wrote something"


def test_many_bad_summaries_stop_early(summarized):
    """Stale summaries (say, after an upgrade) are reported ten at a time, not one line per
    file of a large program."""
    d = summarized
    line, rest = (d / "list.pcs").read_bytes().split(b"\n", 1)
    stale = line.replace(b"ptrcomp 0.", b"ptrcomp 9.") + b"\n" + rest
    names = [f"s{i:02}.pcs" for i in range(25)]
    for n in names:
        (d / n).write_bytes(stale)
    before = tree(d)
    r = tl.run_ptrcomp("--link", *names, "-o", "program.pcp", cwd=d)
    assert r.returncode == 1
    lines = r.stderr.splitlines()
    assert len(lines) == 11, r.stderr
    assert all("written by another version of ptrcomp" in l for l in lines[:10])
    assert "summary 's00.pcs'" in lines[0] and "summary 's09.pcs'" in lines[9]
    assert lines[10] == ("ptrcomp: error: too many summaries could not be read; "
                         "stopping now (25 given)")
    assert tree(d) == before


def test_bad_plan_and_mismatched_file(summarized):
    d = summarized
    assert tl.run_ptrcomp("--link", "list.pcs", "-o", "program.pcp", cwd=d).returncode == 0
    # A plan file cut short.
    data = (d / "program.pcp").read_bytes()
    (d / "cut.pcp").write_bytes(data[: len(data) - 5])
    r = tl.run_ptrcomp("--apply", "cut.pcp", "list.c", "-o", "list.pcr", "--", cwd=d)
    assert r.returncode == 1 and "plan 'cut.pcp': truncated plan file" in r.stderr, r.stderr
    assert not (d / "list.pcr").exists()
    # A file that is not a unit of the plan.
    (d / "other.c").write_text("int main(void) { return 0; }\n")
    r = tl.run_ptrcomp("--apply", "program.pcp", "other.c", "-o", "other.pcr", "--", cwd=d)
    assert r.returncode == 1 and "'other.c' is not a unit of plan 'program.pcp'" in r.stderr
    assert not (d / "other.pcr").exists()
    # The unit's file changed since it was summarized.
    (d / "list.c").write_text(LIST.replace("int s = 0;", "int s = 0; int t = 1; (void)&t;"))
    r = tl.run_ptrcomp("--apply", "program.pcp", "list.c", "-o", "list.pcr", "--", cwd=d)
    assert r.returncode == 1 and "summarize it again" in r.stderr, r.stderr
    assert not (d / "list.pcr").exists()


def test_link_writes_the_plan_whole(summarized):
    """The plan goes to disk through a temporary beside it: nothing else is left there; a
    link whose plan has not changed leaves the file alone, time stamp included (a build's
    restat then skips every --apply); an unwritable plan is an error naming it, and an
    existing plan stays as it was."""
    d = summarized
    assert tl.run_ptrcomp("--link", "list.pcs", "-o", "program.pcp", cwd=d).returncode == 0
    files = sorted(p.name for p in d.iterdir())
    assert files == ["list.c", "list.pcs", "program.pcp"], files
    plan = (d / "program.pcp").read_bytes()
    os.utime(d / "program.pcp", ns=(10**18, 10**18))
    r = tl.run_ptrcomp("--link", "list.pcs", "-o", "program.pcp", cwd=d)
    assert r.returncode == 0, r.stderr
    assert (d / "program.pcp").stat().st_mtime_ns == 10**18, "an unchanged plan was rewritten"
    assert (d / "program.pcp").read_bytes() == plan
    assert sorted(p.name for p in d.iterdir()) == files
    # A plan that differs (a different option) replaces the old one.
    r = tl.run_ptrcomp("--link", "list.pcs", "-o", "program.pcp", "--index-bits=16", cwd=d)
    assert r.returncode == 0, r.stderr
    assert (d / "program.pcp").read_bytes() != plan
    assert sorted(p.name for p in d.iterdir()) == files
    # Same size, one byte different: replaced too.
    (d / "program.pcp").write_bytes(plan[:-1] + bytes([plan[-1] ^ 1]))
    r = tl.run_ptrcomp("--link", "list.pcs", "-o", "program.pcp", cwd=d)
    assert r.returncode == 0, r.stderr
    assert (d / "program.pcp").read_bytes() == plan
    # A directory where no file can be made (even by root).
    r = tl.run_ptrcomp("--link", "list.pcs", "-o", "/proc/self/program.pcp", cwd=d)
    assert r.returncode == 1
    assert "cannot write '/proc/self/program.pcp'" in r.stderr, r.stderr
    assert sorted(p.name for p in d.iterdir()) == files


def test_finish_needs_every_result(summarized):
    d = summarized
    (d / "two.c").write_text("int twice(int x) { return 2 * x; }\n")
    assert tl.run_ptrcomp("--summarize", "two.c", "-o", "two.pcs", "--", cwd=d).returncode == 0
    assert tl.run_ptrcomp("--link", "list.pcs", "two.pcs", "-o", "p.pcp", cwd=d).returncode == 0
    r = tl.run_ptrcomp("--apply", "p.pcp", "list.c", "-o", "list.pcr", "--", cwd=d)
    assert r.returncode == 0, r.stderr
    r = tl.run_ptrcomp("--finish", "p.pcp", "list.pcr", "-o", "out", cwd=d)
    assert r.returncode == 1 and "no result for" in r.stderr and "two.c" in r.stderr
    assert not (d / "out").exists()


def test_step_options(ptrcomp, tmp_path):
    (tmp_path / "a.c").write_text("int main(void) { return 0; }\n")
    r = tl.run_ptrcomp("--summarize", "a.c", "--", cwd=tmp_path)
    assert r.returncode == 1 and "--summarize needs -o FILE" in r.stderr
    r = tl.run_ptrcomp("--summarize", "--link", "a.c", "-o", "x", "--", cwd=tmp_path)
    assert r.returncode == 1 and "give one" in r.stderr
    r = tl.run_ptrcomp("--link", "missing.pcs", "-o", "p.pcp", cwd=tmp_path)
    assert r.returncode == 1 and "'missing.pcs': no such file" in r.stderr
    r = tl.run_ptrcomp("--help", cwd=tmp_path)
    for opt in ("--summarize", "--link", "--apply=<plan.pcp>", "--finish=<plan.pcp>", "-j"):
        assert opt in r.stdout, opt


def test_jobs_spellings(ptrcomp, tmp_path):
    """-j1, -j 1 and -j=1 are one option (as with make and ninja), and -j changes nothing
    in the output."""
    src = tl.ROOT / "examples" / "steps"
    outs = []
    for i, spelling in enumerate((["-j1"], ["-j", "1"], ["-j=1"], ["-j2"])):
        out = tmp_path / f"out{i}"
        r = tl.run_ptrcomp(*spelling, "main.c", "shapes.c", "tree.c", "-o", out,
                           "--", "-std=c11", "-I.", cwd=src)
        assert r.returncode == 0, (spelling, r.stderr)
        outs.append({p.name: p.read_bytes() for p in out.iterdir()})
    assert all(o == outs[0] for o in outs) and "tree.c" in outs[0]


def test_makefile_example(ptrcomp, tmp_path):
    """examples/steps/Makefile runs the steps with make (in parallel), the program
    behaves as the original, and touching one source summarizes only that source."""
    import shutil
    proj = tmp_path / "steps"
    shutil.copytree(tl.ROOT / "examples" / "steps", proj,
                    ignore=shutil.ignore_patterns("build", "out"))
    r = tl.run(["make", "-j2", f"PTRCOMP={tl.PTRCOMP}", "check"], cwd=proj, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "prints what the original prints" in r.stdout
    assert r.stdout.count("--summarize") == 3 and r.stdout.count("--apply") == 3
    report = (proj / "build" / "report.txt").read_text()
    assert "struct shape" in report and "compressed" in report
    (proj / "tree.c").touch()
    r = tl.run(["make", f"PTRCOMP={tl.PTRCOMP}"], cwd=proj, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.count("--summarize") == 1 and "--summarize tree.c" in r.stdout
    assert "--link" not in r.stdout  # tree.c's summary is the same: the plan stands


def test_summary_cache(ptrcomp, tmp_path):
    """--cache-dir: a second run reuses every summary, a run after one file changed makes
    only that file's again; the output is the same as without the cache."""
    proj = tmp_path / "proj"
    subprocess.run([sys.executable, tl.ROOT / "benchmarks" / "gen_large.py", "--files", "6",
                    "--lines-per-file", "100", "-o", proj], check=True, capture_output=True)
    cache = tmp_path / "cache"

    def run(out):
        r = tl.run_ptrcomp("-p", proj, "-o", tmp_path / out, f"--cache-dir={cache}")
        assert r.returncode == 0, r.stderr
        return {p.name: p.stat().st_mtime_ns for p in cache.iterdir()}

    first = run("a")
    assert len(first) == 6 and all(p.suffix == ".pcs" for p in cache.iterdir())
    assert run("b") == first
    changed = next((proj / "src").rglob("*.c"))
    changed.write_text(changed.read_text() + "\n/* changed */\n")
    third = run("c")
    newer = [n for n in third if third[n] != first.get(n)]
    assert newer and all(n.startswith(changed.name + "-") for n in newer), newer
    r = tl.run_ptrcomp("-p", proj, "-o", tmp_path / "d")
    assert r.returncode == 0, r.stderr
    assert tree(tmp_path / "c") == tree(tmp_path / "d")


def test_depfile_names_files_below_the_directory_it_runs_in_relative(ptrcomp, tmp_path):
    """A build tool matches a depfile's paths as text, relative to where it runs the step
    (Ninja: the top build directory): the target as given, the files below the
    current directory relative to it, the others (system headers) absolute."""
    proj = tmp_path / "my proj"
    (proj / "inc").mkdir(parents=True)
    (proj / "inc" / "shape.h").write_text("struct shape { struct shape *next; int n; };\n")
    (proj / "a.c").write_text('#include <stdlib.h>\n#include "inc/shape.h"\n'
                              "int main(void) { struct shape *s = malloc(sizeof *s);\n"
                              "  free(s); return 0; }\n")
    (proj / "out").mkdir()
    r = tl.run_ptrcomp("--summarize", proj / "a.c", "-o", "out/a.pcs",
                       "--depfile=out/a.pcs.d", "--", cwd=proj)
    assert r.returncode == 0, r.stderr
    lines = [l.strip(" \\") for l in (proj / "out" / "a.pcs.d").read_text().splitlines()]
    assert lines[0] == "out/a.pcs:"
    deps = lines[1:]
    assert "a.c" in deps and "inc/shape.h" in deps, deps
    assert not any(str(proj).replace(" ", "\\ ") in d for d in deps), deps
    assert any(d.startswith("/") and d.endswith("stdlib.h") for d in deps), deps


STAMPED = {
    "list.h": "struct node { int v; struct node *next; };\n"
              "struct node *build(int n);\nvoid release(struct node *l);\n"
              "int sum(struct node *l);\n",
    "main.c": '#include <stdio.h>\n#include "list.h"\n'
              "int main(void) {\n  struct node *l = build(10);\n"
              '  printf("%d\\n", sum(l));\n  release(l);\n  return 0;\n}\n',
    "build.c": '#include <stdlib.h>\n#include "list.h"\n'
               "struct node *build(int n) {\n  struct node *l = 0;\n"
               "  for (int i = 0; i < n; i++) {\n"
               "    struct node *x = malloc(sizeof *x);\n"
               "    x->v = i; x->next = l; l = x;\n  }\n  return l;\n}\n"
               "void release(struct node *l) {\n"
               "  while (l) { struct node *n = l->next; free(l); l = n; }\n}\n",
    "sum.c": '#include "list.h"\n'
             "int sum(struct node *l) {\n  int s = 0;\n"
             "  for (; l; l = l->next) s += l->v;\n  return s;\n}\n",
}


def test_unit_stamps_change_only_with_what_the_apply_reads(ptrcomp, tmp_path):
    """--link --unit-stamps=DIR writes DIR/<n>.pcu for the n-th summary, rewritten only
    when the parts of the plan that file's --apply reads change; a file whose stamp a
    new plan left as it was gets the same result from the new plan (what lets a build
    skip its apply)."""
    for name, text in STAMPED.items():
        (tmp_path / name).write_text(text)
    # (not in the order of their names, which is the plan's order of the units: the
    # stamps go by the order the summaries are given in)
    sources = ["sum.c", "main.c", "build.c"]
    (tmp_path / "units").mkdir()

    def run_steps():
        for i, s in enumerate(sources):
            r = tl.run_ptrcomp("--summarize", s, "-o", f"{i}.pcs", "--", cwd=tmp_path)
            assert r.returncode == 0, r.stderr
        r = tl.run_ptrcomp("--link", *[f"{i}.pcs" for i in range(len(sources))], "-o",
                           "program.pcp", "--unit-stamps=units", cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        results = []
        for i, s in enumerate(sources):
            r = tl.run_ptrcomp("--apply=program.pcp", s, "-o", f"{i}.pcr", "--",
                               cwd=tmp_path)
            assert r.returncode == 0, r.stderr
            results.append((tmp_path / f"{i}.pcr").read_bytes())
        stamps = [tmp_path / "units" / f"{i}.pcu" for i in range(len(sources))]
        return results, [p.read_bytes() for p in stamps], [p.stat().st_mtime_ns for p in stamps]

    results, stamps, _ = run_steps()
    assert sorted(p.name for p in (tmp_path / "units").iterdir()) == ["0.pcu", "1.pcu",
                                                                       "2.pcu"]
    assert all(s.startswith(b"ptrcomp unit stamp") for s in stamps), stamps
    assert len(set(stamps)) == 3
    for p in (tmp_path / "units").iterdir():
        os.utime(p, ns=(10**18, 10**18))
    # An edit of sum.c that no other file's rewrite reads: only its stamp changes, and
    # the others' results are the same.
    with open(tmp_path / "sum.c", "a") as f:
        f.write("/* an edit */\n")
    results2, stamps2, times2 = run_steps()
    assert stamps2[0] != stamps[0]
    assert stamps2[1:] == stamps[1:] and times2[1:] == [10**18, 10**18]
    assert results2[1:] == results[1:]
    # An edit that moves build.c's allocation (the pool's label says where): the pools
    # every file reads change, so every stamp does.
    (tmp_path / "build.c").write_text("\n" + STAMPED["build.c"])
    results3, stamps3, _ = run_steps()
    assert all(a != b for a, b in zip(stamps2, stamps3)), (stamps2, stamps3)
    # Whatever changed, an unchanged stamp means an unchanged result.
    for a, b, ra, rb in zip(stamps, stamps3, results, results3):
        assert a != b or ra == rb
    # The option's own errors.
    r = tl.run_ptrcomp("--link", "0.pcs", "-o", "p.pcp", "--unit-stamps=missing",
                       cwd=tmp_path)
    assert r.returncode == 1 and "--unit-stamps 'missing': no such directory" in r.stderr
    r = tl.run_ptrcomp("--summarize", "sum.c", "-o", "s.pcs", "--unit-stamps=units", "--",
                       cwd=tmp_path)
    assert r.returncode == 1 and "--unit-stamps only applies to --link" in r.stderr
