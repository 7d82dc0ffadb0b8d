"""Calls through function pointers that pass pools (issue 17): the report's
"function_pointers" entries name, per function type, the pointers, their targets and the
decision taken (the programs themselves are differential tests in tests/exec/)."""
import json
import pathlib

import ptrcomp_testlib as tl

EXEC_DIR = pathlib.Path(__file__).resolve().parent / "exec"


def report(name, tmp_path, fmt="json"):
    r = tl.run_ptrcomp(name, "-o", tmp_path, f"--report={fmt}", "--", "-std=gnu11",
                       cwd=EXEC_DIR)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout) if fmt == "json" else r.stdout


def classes(rep):
    return {c["type"]: c for c in rep.get("function_pointers", [])}


def test_dispatch_table_cloned(tmp_path):
    c = classes(report("dispatch_set_ops.c", tmp_path))
    insert = c["void (struct set *, int)"]
    assert insert["pointers"] == ["set_ops.insert"]
    assert insert["targets"] == ["list_insert", "tree_insert"]
    assert insert["clones"] == ["list_insert_pc32", "tree_insert_pc32"]
    assert insert["decision"].startswith("clones with 2 pool parameters")
    out = (tmp_path / "dispatch_set_ops.c").read_text()
    # The set (its own pool) and its nodes' pool; the set pointer becomes an index.
    assert "void (*insert)(pc_pool *, pc_pool *, pc_idx32, int key);" in out
    assert '{"tree", tree_insert_pc32, tree_has_pc32, tree_sum_pc32, tree_clear_pc32}' in out


def test_typedef_retyped(tmp_path):
    c = classes(report("funcptr_cmp.c", tmp_path))
    cls = c["int (const struct rec *, const struct rec *)"]
    assert cls["targets"] == ["by_a", "by_b", "by_sum_desc"]
    assert "cmp_fn" in cls["pointers"]
    out = (tmp_path / "funcptr_cmp.c").read_text()
    assert "typedef int (*cmp_fn)(pc_pool *, pc_pool *, pc_idx32, pc_idx32);" in out
    assert "{by_a_pc32, by_b_pc32, by_sum_desc_pc32}" in out


def test_escaping_member_unchanged(tmp_path):
    c = classes(report("dispatch_bsearch_shared.c", tmp_path))
    cls = c["int (const void *, const void *)"]
    assert cls["targets"] == ["cmp_item"]
    assert cls["clones"] == []
    assert cls["decision"] == ("unchanged: 'cmp_item' is also passed to code ptrcomp "
                               "cannot see")


def test_no_entry_without_pools(tmp_path):
    # Function pointers whose calls pass no pools are not reported.
    assert "function_pointers" not in report("funcptr_visit.c", tmp_path)


def test_text_report(tmp_path):
    text = report("dispatch_spelled_field.c", tmp_path, fmt="text")
    assert ("function pointers long (const struct item *, int) (scorer.score) may hold "
            "score_mixed, score_plain: clones with 1 pool parameter") in text
