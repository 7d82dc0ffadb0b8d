"""src/tree.c under ptrcomp: its output is pinned, its structures checked, its behaviour
compared with the original's. `pytest --ptrcomp-update` accepts a new output."""
from ptrcomp_pytest import (assert_compressed, assert_golden, assert_same_behaviour,
                            assert_unchanged)


def test_output(ptrcomp):
    out = ptrcomp("src/tree.c", options=["--index-bits=32"])
    assert_golden(out, "tree")                  # tests/golden/tree/src/tree.c
    assert_compressed(out.report, "struct node", index_bits=32, pool_created_in="main")
    assert_unchanged(out.report, "struct rec", reason_contains="qsort")


def test_behaviour(ptrcomp, ptrcomp_compiler):
    out = ptrcomp("src/tree.c", options=["--index-bits=32"])
    assert_same_behaviour(out, ["5000"], compiler=ptrcomp_compiler, sanitize=True)
