"""examples/ci/ptrcomp-ci.sh, the example CI job: it passes on the bundled example and
fails, with its message, on each of the problems it is there to catch (an expectation no
longer met, a committed output that is out of date, sources committed in place that are
not ptrcomp's output, a transformed program that behaves differently)."""
import os
import shutil

import ptrcomp_testlib as tl

SCRIPT = tl.ROOT / "examples" / "ci" / "ptrcomp-ci.sh"
LISTS = tl.ROOT / "examples" / "lists.c"


def ci(**env):
    e = dict(os.environ, PTRCOMP=str(tl.PTRCOMP))
    e.update({k: str(v) for k, v in env.items()})
    return tl.run(["bash", SCRIPT], env=e, timeout=300)


def test_bundled_example_passes(ptrcomp):
    r = ci()
    assert r.returncode == 0, r.stdout + r.stderr
    assert "--expect=" in r.stdout and "compressed" in r.stdout
    assert r.stdout.count("same output") == 3
    assert r.stdout.rstrip().endswith("ptrcomp-ci: OK")


def test_expectation_not_met_fails(ptrcomp):
    # lists.expect.yaml says 32-bit indices
    r = ci(PTRCOMP_ARGS="--index-bits=16")
    assert r.returncode != 0
    assert "has different index bits than expected" in r.stderr
    assert "ptrcomp-ci: OK" not in r.stdout


def test_committed_output_must_be_current(ptrcomp, tmp_path):
    proj = tmp_path / "proj"
    proj.mkdir()
    shutil.copy(LISTS, proj / "lists.c")
    committed = tmp_path / "committed"
    assert tl.run([ptrcomp, proj / "lists.c", "-o", committed]).returncode == 0
    r = ci(PROJECT_DIR=proj, PTRCOMP_COMMITTED=committed)
    assert r.returncode == 0, r.stdout + r.stderr
    # the source changed after the output was committed
    src = proj / "lists.c"
    src.write_text(src.read_text().replace("Node->X = i + 'A';", "Node->X = i + 'B';"))
    r = ci(PROJECT_DIR=proj, PTRCOMP_COMMITTED=committed, PTRCOMP_EXPECT="")
    assert r.returncode != 0
    assert f"{committed} is not ptrcomp's current output" in r.stderr
    assert "+        Node->X = i + 'B';" in r.stdout


def test_sources_committed_in_place(ptrcomp, tmp_path):
    proj = tmp_path / "proj"
    proj.mkdir()
    shutil.copy(LISTS, proj / "lists.c")
    orig = tmp_path / "orig"
    assert tl.run(["gcc", "-O2", "-w", LISTS, "-o", orig]).returncode == 0
    want = tl.run([orig, "300"]).stdout.strip()
    test = f'test "$("$PROG" 300)" = "{want}"'
    # not transformed yet: --dry-run --Werror finds changes
    r = ci(PROJECT_DIR=proj, PTRCOMP_IN_PLACE=1, PTRCOMP_EXPECT="", TEST_CMD=test)
    assert r.returncode != 0
    assert "[ptrcomp-would-change]" in r.stderr
    assert "the committed sources are not ptrcomp's current output" in r.stderr
    # transformed in place: current, builds, and passes the project's test
    assert tl.run([ptrcomp, "-i", "lists.c"], cwd=proj).returncode == 0
    r = ci(PROJECT_DIR=proj, PTRCOMP_IN_PLACE=1, PTRCOMP_EXPECT="", TEST_CMD=test)
    assert r.returncode == 0, r.stdout + r.stderr
    # the project's test fails: so does the job
    r = ci(PROJECT_DIR=proj, PTRCOMP_IN_PLACE=1, PTRCOMP_EXPECT="",
           TEST_CMD=f'test "$("$PROG" 301)" = "{want}"')
    assert r.returncode != 0 and "ptrcomp-ci: OK" not in r.stdout
