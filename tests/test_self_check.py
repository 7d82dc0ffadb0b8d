"""The self-check: ptrcomp parses its own output before writing it, and a structure whose
rewritten code does not compile is left unchanged (with the compile error as its reason)
instead of being written broken. Faults are injected with the testing-only option
--inject-fault. The assert() case was once a real rewriter gap that only the check
covered; it is now rewritten, and must stay so."""
import json
import pathlib

import pytest

import ptrcomp_testlib as tl

CASES = pathlib.Path(__file__).resolve().parent / "self_check"


def transform(name, out, *extra):
    r = tl.run_ptrcomp(name, "-o", out, "--report=json", *extra, "--", "-std=gnu11",
                       cwd=CASES)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)["structures"], r.stderr


def by_type(structures, type_name):
    found = [s for s in structures if s["type"] == type_name]
    assert found, f"no {type_name} in the report: {structures}"
    return found


def test_without_fault_both_compressed(ptrcomp, tmp_path):
    structures, stderr = transform("two_structs.c", tmp_path / "out")
    for t in ("struct cell", "struct leaf"):
        assert all(s["compressed"] for s in by_type(structures, t)), structures
    assert stderr == ""


def test_fault_in_one_structure_vetoes_only_it(ptrcomp, tmp_path):
    out = tmp_path / "out"
    structures, stderr = transform("two_structs.c", out, "--inject-fault=field:leaf")
    leaf = by_type(structures, "struct leaf")
    assert all(s["pool"] is None and not s["indexed"] for s in leaf), leaf
    reasons = [r for s in leaf for r in s["reasons"]]
    assert any("would not compile" in r and "two_structs.c:" in r and
               "_injected_fault" in r for r in reasons), reasons
    assert all(s["compressed"] for s in by_type(structures, "struct cell")), structures
    text = (out / "two_structs.c").read_text()
    assert "_injected_fault" not in text
    assert "struct cell_pc32" in text and "struct leaf_pc32" not in text
    assert "internal error" not in stderr
    tl.check_same_behaviour([CASES / "two_structs.c"], [out / "two_structs.c"], tmp_path)


def test_unexplained_error_leaves_program_unchanged(ptrcomp, tmp_path):
    out = tmp_path / "out"
    structures, stderr = transform("two_structs.c", out, "--inject-fault=file-scope")
    assert all(s["pool"] is None for s in structures), structures
    assert (out / "two_structs.c").read_text() == (CASES / "two_structs.c").read_text()
    lines = [line for line in stderr.splitlines() if "internal error" in line]
    assert len(lines) == 1, stderr
    # Located in the input as the user named it, and asks for a bug report.
    assert lines[0].startswith("two_structs.c:") and ": note: internal error:" in lines[0]
    assert "report this as a bug" in lines[0]


def test_fault_with_dry_run_and_diff(ptrcomp, tmp_path):
    """Every output mode goes through the check: the diff never shows the broken code."""
    r = tl.run_ptrcomp("two_structs.c", "--diff", "--inject-fault=field:cell", "--",
                       "-std=gnu11", cwd=CASES)
    assert r.returncode == 0, r.stderr
    assert "_injected_fault" not in r.stdout
    assert "struct leaf_pc32" in r.stdout and "struct cell_pc32" not in r.stdout


@pytest.mark.parametrize("flags", [[], ["-DNDEBUG"]], ids=["assert", "ndebug"])
def test_call_in_assert_argument(ptrcomp, tmp_path, flags):
    """assert(list_append(&list, &v) != NULL): the output never passes a retyped head to
    the original function: the call goes to the clone and the list is compressed. assert
    prints its argument as written when it fails, so the use is written as its expansion,
    which keeps the original text in the message. With -DNDEBUG the call is not compiled
    (nothing is appended, in both programs)."""
    out = tmp_path / "out"
    r = tl.run_ptrcomp("assert_call.c", "-o", out, "--report=json", "--", "-std=gnu11",
                       *flags, cwd=CASES)
    assert r.returncode == 0, r.stderr
    structures = json.loads(r.stdout)["structures"]
    text = (out / "assert_call.c").read_text()
    if flags:
        # Nothing allocates: no structure, and the program is left as it is.
        assert structures == [] and text == (CASES / "assert_call.c").read_text()
    else:
        entry = by_type(structures, "struct entry")
        assert all(s["compressed"] and s["pool"] for s in entry), entry
        main = text.split("int main", 1)[1]
        assert "list_append_pc32(&P_list, &list, &v) != 0" in main
        assert '"list_append(&list, &v) != NULL"' in main
    tl.check_same_behaviour([CASES / "assert_call.c"], [out / "assert_call.c"], tmp_path,
                            original_flags=flags, transformed_flags=flags)


@pytest.mark.parametrize("std", ["gnu89", "c89"])
def test_implicit_calls_in_rewritten_code(ptrcomp, tmp_path, std):
    """Old C built with -Wno-implicit-function-declaration: a call of a function that
    has no declaration yet, in a statement ptrcomp rewrites, is the original's call. The
    structure is compressed and the output really is rewritten (a run once reported it
    compressed while the self-check had kept the original text), and behaves the same.
    Under strict -std=c89 the runtime header spells inline __inline__."""
    flags = [f"-std={std}", "-Wno-implicit-function-declaration", "-Wno-implicit-int"]
    out = tmp_path / "out"
    r = tl.run_ptrcomp("implicit_calls.c", "-o", out, "--report=json", "--", *flags,
                       cwd=CASES)
    assert r.returncode == 0, r.stderr
    node = by_type(json.loads(r.stdout)["structures"], "struct node")
    assert all(s["compressed"] for s in node), node
    text = (out / "implicit_calls.c").read_text()
    assert "pc_idx32 head" in text and "bump(1) + toupper(97)" in text, text
    build = flags + ["-Wno-deprecated-non-prototype", "-Wno-unknown-warning-option"]
    tl.check_same_behaviour([CASES / "implicit_calls.c"], [out / "implicit_calls.c"],
                            tmp_path, original_flags=build, transformed_flags=build)
