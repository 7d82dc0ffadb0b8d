"""The pytest plugin python/ptrcomp_pytest (README.md, "Golden tests of your own code").

Its behaviour as a user sees it is tested with pytest's `pytester`: each test writes a
small project (a C program, goldens, a test file) and runs pytest on it in-process with
`-p ptrcomp_pytest`, then reads the outcome and the terminal output. The report helpers
are checked against ptrcomp's own --expect on the same program; the examples/pytest
project and README's example file are run as shipped; `pip install` of python/ and the
CMake install rules are exercised in temporary directories (without the network)."""
import importlib.util
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

import ptrcomp_testlib as tl

PLUGIN_DIR = tl.ROOT / "python"
sys.path.insert(0, str(PLUGIN_DIR))
import ptrcomp_pytest as pp  # noqa: E402

EXAMPLE = tl.ROOT / "examples" / "pytest"
CC = tl.COMPILERS[0] if tl.COMPILERS else "cc"

LIST_C = r"""#include <stdio.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

struct node *push(struct node *l, int v) {
    struct node *n = malloc(sizeof *n);
    n->v = v;
    n->next = l;
    return n;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 5;
    struct node *l = NULL;
    for (int i = 0; i < n; ++i)
        l = push(l, i);
    long sum = 0;
    while (l) {
        struct node *next = l->next;
        sum += l->v;
        free(l);
        l = next;
    }
    printf("sum %ld\n", sum);
    return 0;
}
"""


def runpytest(pytester, *args, ptrcomp=None):
    """pytest in-process on pytester's project, with the plugin and this suite's build."""
    return pytester.runpytest("-p", "ptrcomp_pytest", f"--ptrcomp-bin={ptrcomp or tl.PTRCOMP}",
                              "-p", "no:cacheprovider", "-p", "no:xdist", *args)


@pytest.fixture
def project(pytester):
    """pytester's directory as a user's project: src/list.c and a pytest.ini."""
    pytester.makeini("[pytest]\n")
    (pytester.path / "src").mkdir()
    (pytester.path / "src" / "list.c").write_text(LIST_C)
    return pytester


def write_golden(pytester, case="list"):
    """golden/<case>/src/list.c from ptrcomp itself (one file to stdout: the same text as
    the -o tree the plugin reads)."""
    r = tl.run_ptrcomp("src/list.c", cwd=pytester.path)
    assert r.returncode == 0, r.stderr
    gold = pytester.path / "golden" / case / "src" / "list.c"
    gold.parent.mkdir(parents=True, exist_ok=True)
    gold.write_text(r.stdout)
    return gold, r.stdout


GOLDEN_TEST = """
from ptrcomp_pytest import assert_golden

def test_list(ptrcomp):
    out = ptrcomp("src/list.c")
    assert out.files == ["src/list.c"]
    assert_golden(out, "list")
"""


def test_golden_passes(project):
    write_golden(project)
    project.makepyfile(test_user_golden=GOLDEN_TEST)
    r = runpytest(project)
    r.assert_outcomes(passed=1)
    assert re.search(r"^ptrcomp: .*ptrcomp; compilers: ", r.stdout.str(), re.M)


def test_golden_mismatch_shows_a_diff(project):
    gold, _ = write_golden(project)
    src = project.path / "src" / "list.c"
    src.write_text(src.read_text().replace("sum += l->v;", "sum += 2 * l->v;"))
    (gold.parent / "gone.h").write_text("/* no longer in the output */\n")
    project.makepyfile(test_user_golden=GOLDEN_TEST + """

def test_no_such_case(ptrcomp):
    assert_golden(ptrcomp("src/list.c"), "never_written")
""")
    r = runpytest(project)
    r.assert_outcomes(failed=2)
    out = r.stdout.str()
    r.stdout.fnmatch_lines([
        "*GoldenMismatch: ptrcomp's output differs from the golden case 'list' (golden/list/):",
        "*--- golden/list/src/list.c",
        "*+++ ptrcomp output src/list.c",
        "*@@ *",
        "*-        sum += *v;",
        "*+        sum += 2 * *v;",
        "*golden file not in the output any more: golden/list/src/gone.h",
        "*Run pytest with --ptrcomp-update to accept the new output.",
    ])
    assert "no golden case 'never_written': golden/never_written/ does not exist" in out
    # the unchanged lines around the change are context, not differences
    assert not re.search(r"^E\s+[-+]\s+struct node_pc32", out, re.M)


def test_update_rewrites_the_goldens(project):
    gold, expected = write_golden(project)
    gold.write_text(expected.replace("sum", "SUM"))
    stale = gold.parent / "old" / "stale.h"
    stale.parent.mkdir()
    stale.write_text("/* stale */\n")
    project.makepyfile(test_user_golden=GOLDEN_TEST)
    r = runpytest(project, "--ptrcomp-update")
    r.assert_outcomes(passed=1)
    r.stdout.fnmatch_lines(["*ptrcomp golden cases*",
                            "rewritten: golden/list: src/list.c, src/old/stale.h"])
    assert gold.read_text() == expected
    assert not stale.exists() and not stale.parent.exists()
    runpytest(project).assert_outcomes(passed=1)
    r = runpytest(project, "--ptrcomp-update")
    r.assert_outcomes(passed=1)
    r.stdout.fnmatch_lines(["no golden case changed"])
    # a case that does not exist yet is created
    gold.unlink()
    runpytest(project, "--ptrcomp-update").assert_outcomes(passed=1)
    assert gold.read_text() == expected


def test_same_behaviour_under_sanitizers(project):
    project.makepyfile(test_user_run=f"""
from ptrcomp_pytest import assert_same_behaviour

def test_run(ptrcomp, ptrcomp_compiler):
    out = ptrcomp("src/list.c")
    b = assert_same_behaviour(out, ["7"], compiler=ptrcomp_compiler, sanitize=True)
    assert (b.returncode, b.stdout, b.stderr) == (0, "sum 21\\n", "")
    # the builds are kept: other arguments run the same programs
    assert assert_same_behaviour(out, ["3"], compiler=ptrcomp_compiler).stdout == "sum 3\\n"
""")
    r = runpytest(project, f"--ptrcomp-compilers={CC}")
    r.assert_outcomes(passed=1)


def test_behaviour_mismatch_shows_both_outputs(project, tmp_path):
    """A ptrcomp whose output prints something else and exits 3 (a stand-in for a
    miscompilation): the failure shows the exit statuses and both outputs."""
    wrapper = tmp_path / "ptrcomp-broken"
    wrapper.write_text(f"""#!/bin/sh
{tl.PTRCOMP} "$@" || exit $?
prev=""
for a in "$@"; do
  if [ "$prev" = "-o" ]; then
    find "$a" -name "*.c" -exec sed -i 's/"sum %ld\\\\n"/"total %ld\\\\n"/; s/return 0;/return 3;/' {{}} +
  fi
  prev="$a"
done
""")
    wrapper.chmod(0o755)
    project.makepyfile(test_user_run=f"""
from ptrcomp_pytest import assert_same_behaviour

def test_run(ptrcomp):
    assert_same_behaviour(ptrcomp("src/list.c"), ["4"], compiler="{CC}")
""")
    r = runpytest(project, ptrcomp=wrapper)
    r.assert_outcomes(failed=1)
    r.stdout.fnmatch_lines([
        f"*BehaviourDiffers: behaviour differs ({CC}, args ?'4'?):",
        "*exit status: original 0, transformed 3 (DIFFERENT)",
        "*stdout differs:",
        "*--- original stdout",
        "*+++ transformed stdout",
        "*-sum 6",
        "*+total 6",
        "*stderr: same (0 lines)",
    ])


def test_missing_compiler_is_reported(project):
    project.makepyfile(test_user_run="""
from ptrcomp_pytest import assert_same_behaviour

def test_run(ptrcomp, ptrcomp_compiler):
    assert_same_behaviour(ptrcomp("src/list.c"), compiler=ptrcomp_compiler)
""")
    r = runpytest(project, "--ptrcomp-compilers=no-such-cc-42")
    r.assert_outcomes(failed=1)
    r.stdout.fnmatch_lines([
        "*test_run?no-such-cc-42?*",
        "*CompilerNotFound: compiler 'no-such-cc-42' not found: no such executable on PATH*",
    ])
    assert "--ptrcomp-compilers" in r.stdout.str()


def test_ptrcomp_errors_are_reported(project):
    (project.path / "src" / "bad.c").write_text("int main(void) { return undeclared; }\n")
    project.makepyfile(test_user_bad="""
import pytest

def test_bad_source(ptrcomp):
    ptrcomp("src/bad.c")

def test_reserved_option(ptrcomp):
    with pytest.raises(ValueError, match="set by the fixture itself"):
        ptrcomp("src/list.c", options=["--diff"])
""")
    r = runpytest(project)
    r.assert_outcomes(failed=1, passed=1)
    r.stdout.fnmatch_lines([
        "*PtrcompFailed: ptrcomp failed (exit status 1) in *",
        "*ptrcomp* src/bad.c -o *--report=json*",
        "*src/bad.c:1:*error: use of undeclared identifier 'undeclared'*",
    ])
    r = runpytest(project, ptrcomp=project.path / "no" / "ptrcomp")
    r.assert_outcomes(errors=2)
    r.stdout.fnmatch_lines(["ptrcomp not found: --ptrcomp-bin names */no/ptrcomp, which is "
                            "not an executable"])


def test_compilers_parametrise_tests(pytester, monkeypatch):
    pytester.makepyfile(test_user_p="def test_b(ptrcomp_compiler): pass\n")
    r = runpytest(pytester, "--collect-only", "-q", "--ptrcomp-compilers=gcc,clang-16 -m32")
    r.stdout.fnmatch_lines(["test_user_p.py::test_b[[]gcc[]]", "test_user_p.py::test_b[[]clang-16 -m32[]]"])
    pytester.makeini("[pytest]\nptrcomp_compilers =\n    gcc\n    clang-16\n")
    r = runpytest(pytester, "--collect-only", "-q")
    r.stdout.fnmatch_lines(["test_user_p.py::test_b[[]gcc[]]", "test_user_p.py::test_b[[]clang-16[]]"])
    pytester.makeini("[pytest]\n")
    monkeypatch.setenv("CC", "my-cc")
    r = runpytest(pytester, "--collect-only", "-q")
    r.stdout.fnmatch_lines(["test_user_p.py::test_b[[]my-cc[]]"])


# ----------------------------------------------------------------- the API directly

QSORT_C = r"""#include <stdio.h>
#include <stdlib.h>
#include "list.h"

struct rec { int key; };

static int cmp(const void *a, const void *b) {
    return (*(struct rec *const *)a)->key - (*(struct rec *const *)b)->key;
}

int main(void) {
    struct node *l = NULL;
    struct rec *r[4];
    for (int i = 0; i < 4; ++i) {
        l = push(l, i);
        r[i] = malloc(sizeof *r[i]);
        r[i]->key = 4 - i;
    }
    qsort(r, 4, sizeof r[0], cmp);
    printf("%ld %d\n", total(l), r[0]->key);
    for (int i = 0; i < 4; ++i)
        free(r[i]);
    release(l);
    return 0;
}
"""

LIST_H = """struct node {
    long v;
    struct node *next;
};
struct node *push(struct node *l, long v);
long total(const struct node *l);
void release(struct node *l);
"""

LIB_C = """#include <stdlib.h>
#include "list.h"

struct node *push(struct node *l, long v) {
    struct node *n = malloc(sizeof *n);
    n->v = v;
    n->next = l;
    return n;
}

long total(const struct node *l) { return l ? l->v + total(l->next) : 0; }

void release(struct node *l) {
    while (l) {
        struct node *next = l->next;
        free(l);
        l = next;
    }
}
"""


@pytest.fixture
def two_files(tmp_path):
    """A program of two files in src/ with its header in include/ (found through -I):
    struct node is compressed, struct rec escapes to qsort."""
    root = tmp_path / "proj"
    for name, text in (("src/main.c", QSORT_C), ("src/list.c", LIB_C),
                       ("include/list.h", LIST_H)):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    ctx = pp._Context(ptrcomp=tl.PTRCOMP, rootdir=root, golden_dir=root / "golden",
                      update=False, compilers=[CC], tmp=tmp_path / "work", node=None)
    return root, pp.Ptrcomp(ctx)


def test_report_facts_are_those_of_expect(two_files, tmp_path):
    """assert_compressed states what an --expect entry states: every entry ptrcomp's
    --write-expect lists holds for it, and an entry that --expect rejects is rejected
    with the same reason."""
    root, ptrcomp = two_files
    out = ptrcomp("src/main.c", "src/list.c", flags=["-Iinclude"])
    assert out.files == ["include/list.h", "src/list.c", "src/main.c"]
    assert "pc_idx32 next;" in out.read("include/list.h")

    expect = tmp_path / "all.expect.json"
    r = tl.run_ptrcomp("src/main.c", "src/list.c", "-o", tmp_path / "o",
                       f"--write-expect={expect}", "--", "-Iinclude", cwd=root)
    assert r.returncode == 0, r.stderr
    listed = json.loads(expect.read_text())["compressed"]
    assert [e["type"] for e in listed] == ["struct node"]
    for e in listed:
        s = pp.assert_compressed(out.report, e["type"], index_bits=e["index_bits"],
                                 allocated_in=e["allocated_in"],
                                 pool_created_in=e["pool_created_in"], pool=e["pool"])
        assert s["compressed"] and s["allocated_in"] == ["push"]
    pp.assert_compressed(out, "struct node", allocated_in="push", pool_created_in="main")
    pp.assert_unchanged(out.report, "struct rec", reason_contains="qsort")

    def rejected_by_expect(entry):
        f = tmp_path / "one.expect.json"
        f.write_text(json.dumps({"version": 1, "compressed": [entry]}))
        r = tl.run_ptrcomp("src/main.c", "src/list.c", "-o", tmp_path / "o2",
                           f"--expect={f}", "--", "-Iinclude", cwd=root)
        assert r.returncode == 1, r.stderr
        return r.stderr

    rec = {"type": "struct rec", "allocated_in": ["main"], "pool_created_in": "main",
           "index_bits": 32}
    stderr = rejected_by_expect(rec)
    assert "is no longer compressed" in stderr
    with pytest.raises(pp.ReportMismatch) as e:
        pp.assert_compressed(out.report, "struct rec", index_bits=32, allocated_in=["main"],
                             pool_created_in="main")
    assert "is not compressed" in str(e.value)
    because = re.search(r"because (escapes: .*qsort.*)", stderr).group(1)
    assert because in str(e.value)

    node16 = dict(listed[0], index_bits=16)
    assert "different index bits" in rejected_by_expect(node16)
    with pytest.raises(pp.ReportMismatch, match="different index bits"):
        pp.assert_compressed(out.report, "struct node", index_bits=16)
    with pytest.raises(pp.ReportMismatch, match="struct node is compressed, expected unchanged"):
        pp.assert_unchanged(out.report, "struct node")
    with pytest.raises(pp.ReportMismatch, match="not because of 'free'"):
        pp.assert_unchanged(out.report, "struct rec", reason_contains="free")
    with pytest.raises(pp.ReportMismatch, match="struct nope is not found in the report"):
        pp.assert_compressed(out.report, "struct nope")
    with pytest.raises(pp.ReportMismatch, match=r"struct node \(pool created in elsewhere\) "
                                                r"is not found"):
        pp.assert_compressed(out.report, "struct node", pool_created_in="elsewhere")


def test_behaviour_of_a_program_with_include_dirs(two_files):
    """The transformed build reads the header ptrcomp changed from the output tree and
    the original build the original: both behave the same (and __FILE__ agrees)."""
    root, ptrcomp = two_files
    out = ptrcomp(["src/main.c", "src/list.c"], flags=["-I", "include"])
    b = pp.assert_same_behaviour(out, cflags=["-O1"])
    assert b.stdout == "6 1\n"
    original, _ = pp._map_flags(out.flags, out.root, out.base, out.tree)
    assert original == ["-I", str(root / "include")]


# ------------------------------------------------------------- examples and install

def test_example_project(pytester):
    """examples/pytest passes as shipped, and a change of its source fails with a diff."""
    shutil.copytree(EXAMPLE, pytester.path, dirs_exist_ok=True)
    r = runpytest(pytester, f"--ptrcomp-compilers={CC}")
    r.assert_outcomes(passed=2)
    src = pytester.path / "src" / "tree.c"
    src.write_text(src.read_text().replace("t->count = 1;", "t->count = 1 + 0;"))
    r = runpytest(pytester, "-k", "test_output")
    r.assert_outcomes(failed=1, deselected=1)
    r.stdout.fnmatch_lines(["*--- tests/golden/tree/src/tree.c",
                            "*+++ ptrcomp output src/tree.c",
                            "*-*.count = 1;",
                            "*+*.count = 1 + 0;"])


def test_readme_shows_the_example_test_file():
    readme = (tl.ROOT / "README.md").read_text()
    section = readme.split("## Golden tests of your own code", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert (EXAMPLE / "tests" / "test_tree.py").read_text() in blocks
    assert len(blocks[0].splitlines()) <= 20


def test_versions_agree():
    cmake = re.search(r"project\(ptrcomp VERSION ([\d.]+)",
                      (tl.ROOT / "CMakeLists.txt").read_text()).group(1)
    pyproject = re.search(r'^version = "([\d.]+)"', (PLUGIN_DIR / "pyproject.toml").read_text(),
                          re.M).group(1)
    assert cmake == pyproject == pp.__version__


SMOKE_TEST = """
from ptrcomp_pytest import assert_compressed, assert_golden

def test_list(ptrcomp):
    out = ptrcomp("list.c")
    assert_golden(out, "list")
    assert_compressed(out.report, "struct node")
"""


def smoke_project(d):
    """A project whose test needs the plugin loaded without -p: the entry point."""
    d.mkdir(parents=True)
    (d / "pytest.ini").write_text("[pytest]\n")
    (d / "list.c").write_text(LIST_C)
    (d / "test_list.py").write_text(SMOKE_TEST)
    return d


def run_pytest_subprocess(cwd, pythonpath, *args):
    env = {k: v for k, v in os.environ.items()
           if k not in ("PTRCOMP", "PYTEST_ADDOPTS", "PYTEST_PLUGINS",
                        "PYTEST_DISABLE_PLUGIN_AUTOLOAD")}
    env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                           "-p", "no:xdist", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def can_build_wheels():
    if importlib.util.find_spec("setuptools") is None:
        return False
    if importlib.util.find_spec("wheel") is not None:
        return True
    import setuptools
    return tuple(int(x) for x in setuptools.__version__.split(".")[:2]) >= (70, 1)


@pytest.mark.skipif(not can_build_wheels(),
                    reason="pip needs setuptools and wheel to build the plugin without the "
                           "network (scripts/bootstrap.sh installs them)")
def test_pip_install(tmp_path):
    """pip install of python/ (from a copy: setuptools writes into the tree it builds)
    registers the pytest11 entry point: pytest loads the plugin without -p."""
    src = tmp_path / "src"
    shutil.copytree(PLUGIN_DIR, src, ignore=shutil.ignore_patterns("__pycache__", "build",
                                                                    "*.egg-info"))
    target = tmp_path / "site"
    r = subprocess.run([sys.executable, "-m", "pip", "install", "--no-index",
                        "--no-build-isolation", "--no-deps", "--target", str(target),
                        str(src)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    eps = next(target.glob("ptrcomp_pytest-*.dist-info")) / "entry_points.txt"
    assert "[pytest11]\nptrcomp_pytest = ptrcomp_pytest" in eps.read_text()
    proj = smoke_project(tmp_path / "proj")
    r = run_pytest_subprocess(proj, target, f"--ptrcomp-bin={tl.PTRCOMP}", "--ptrcomp-update")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "plugins: " in r.stdout and "ptrcomp-pytest-" in r.stdout, r.stdout
    assert (proj / "golden" / "list" / "list.c").is_file()


def test_cmake_install(tmp_path):
    """cmake --install puts the plugin into P/share/ptrcomp/python (README), with the
    metadata of its entry point, and the installed plugin runs the ptrcomp of its prefix.
    (The install rules of this checkout, from a configuration without the tool; the
    tool in the prefix is this suite's build, linked in.)"""
    build, prefix = tmp_path / "build", tmp_path / "prefix"
    r = tl.run(["cmake", "-S", tl.ROOT, "-B", build, "-DPTRCOMP_BUILD_TOOL=OFF"], timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    r = tl.run(["cmake", "--install", build, "--component", "ptrcomp_pytest",
                "--prefix", prefix])
    assert r.returncode == 0, r.stdout + r.stderr
    pydir = prefix / "share" / "ptrcomp" / "python"
    assert (pydir / "ptrcomp_pytest" / "__init__.py").read_bytes() == \
        (PLUGIN_DIR / "ptrcomp_pytest" / "__init__.py").read_bytes()
    eps = pydir / f"ptrcomp_pytest-{pp.__version__}.dist-info" / "entry_points.txt"
    assert eps.read_text() == "[pytest11]\nptrcomp_pytest = ptrcomp_pytest\n"
    (prefix / "bin").mkdir()
    (prefix / "bin" / "ptrcomp").symlink_to(tl.PTRCOMP)
    proj = smoke_project(tmp_path / "proj")
    r = run_pytest_subprocess(proj, pydir, "--ptrcomp-update")
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"ptrcomp: {prefix}/bin/ptrcomp;" in r.stdout, r.stdout
    r = run_pytest_subprocess(proj, pydir)
    assert r.returncode == 0 and "1 passed" in r.stdout, r.stdout + r.stderr
