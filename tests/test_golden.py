"""Golden-file tests: tests/golden/<case>/ holds input.c, expected.c, an optional `args`
file (extra ptrcomp options, shell syntax) and an optional expected.stderr. The tool's
output is compared byte for byte; cases with a main are also built and run, original
against output, with gcc and clang (and the output under ASan+UBSan).

    pytest tests/test_golden.py --update-golden   # rewrite expectations from the tool
"""
import difflib
import pathlib
import shlex

import pytest

import ptrcomp_testlib as tl

CASES = sorted(p for p in (tl.ROOT / "tests" / "golden").iterdir() if p.is_dir())


def _diff(expected, actual, name):
    return "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        f"{name} (expected)", f"{name} (actual)"))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_golden(case, ptrcomp, update_golden, tmp_path):
    args = shlex.split((case / "args").read_text()) if (case / "args").exists() else []
    r = tl.run_ptrcomp(*args, "input.c", cwd=case)
    assert r.returncode == 0, f"ptrcomp failed:\n{r.stderr}"
    expected_c = case / "expected.c"
    expected_err = case / "expected.stderr"
    if update_golden:
        expected_c.write_text(r.stdout)
        if r.stderr or expected_err.exists():
            expected_err.write_text(r.stderr)
        return
    assert expected_c.exists(), f"{case.name}: no expected.c (run with --update-golden)"
    expected = expected_c.read_text()
    assert r.stdout == expected, _diff(expected, r.stdout, "expected.c")
    if expected_err.exists():
        assert r.stderr == expected_err.read_text(), _diff(expected_err.read_text(),
                                                          r.stderr, "expected.stderr")
    source = (case / "input.c").read_text()
    if "main(" in source:
        out = tmp_path / "input.c"
        out.write_text(r.stdout)
        run_args = shlex.split((case / "run_args").read_text()) if (
            case / "run_args").exists() else []
        tl.check_same_behaviour([case / "input.c"], [out], tmp_path, args=run_args)
