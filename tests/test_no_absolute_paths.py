"""No output names a path of the machine that ran ptrcomp (a layout once printed
`union (unnamed union at /abs/path/x.c:5:3)`): every golden and exec program is
transformed from a copy in a temporary directory, and no written file may contain that
directory or the repository's own path."""
import pathlib
import shutil

import pytest

import ptrcomp_testlib as tl

ROOT = tl.ROOT
INPUTS = sorted((ROOT / "tests" / "exec").glob("*.c")) + \
    sorted((ROOT / "tests" / "golden").glob("*/input.c"))


@pytest.mark.parametrize("case", INPUTS, ids=[str(p.relative_to(ROOT / "tests"))
                                               for p in INPUTS])
def test_output_has_no_machine_paths(ptrcomp, tmp_path, case):
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(case, work / case.name)
    for extra in case.parent.glob(case.stem + ".*"):  # what it includes (x.inc)
        shutil.copy(extra, work / extra.name)
    out = tmp_path / "out"
    r = tl.run_ptrcomp(case.name, "-o", out, "--", "-std=gnu11", cwd=work)
    assert r.returncode == 0, r.stderr
    for f in out.rglob("*"):
        if f.is_file():
            text = f.read_text(errors="replace")
            for path in (str(tmp_path), str(ROOT)):
                assert path not in text, f"{f.name} names {path}"
