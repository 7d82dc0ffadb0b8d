"""Code in macro bodies written as the macro's expansion at its uses (README, "Macros and
skipped code"; tool/rewrite/MacroBodies.h). The single-file programs are
tests/exec/macro_body_*.c; this file holds what they cannot show: a header shared by two
files, and the report's list of macros."""
import json
import shutil

import ptrcomp_testlib as tl

from test_exec import EXEC_DIR


def test_macros_of_a_shared_header_from_two_files(ptrcomp, tmp_path):
    """Accessor, allocation and statement macros defined in a header and used in two
    files: each file writes the expansions at its own uses, the header keeps its
    #defines, the program behaves the same."""
    src = tmp_path / "src"
    shutil.copytree(EXEC_DIR.parent / "exec_multi" / "macro_header", src)
    files = ("main.c", "ops.c")
    db = [{"directory": str(src), "file": f,
           "arguments": ["cc", "-std=gnu11", "-O2", "-c", f]} for f in files]
    (src / "compile_commands.json").write_text(json.dumps(db))
    out = tmp_path / "out"
    r = tl.run_ptrcomp("-p", src, "-o", out, "--report=json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    entry = [s for s in report["structures"] if s["type"] == "struct entry"]
    assert len(entry) == 1 and entry[0]["compressed"], entry
    header = (out / "list.h").read_text()
    for define in ("#define ENTRY_NEXT(e) ((e)->next)", "#define ENTRY_KEY(e) ((e)->key)"):
        assert define in header
    main = (out / "main.c").read_text()
    assert "ENTRY_" not in main.split("int main", 1)[1], main
    ops = (out / "ops.c").read_text()
    clone = ops.split("make_list_pc32(pc_pool", 1)[1]
    assert "do { (P_l_base[(e)].next) = (l); (l) = (e); } while (0);" in clone, ops
    # The original versions keep the macros as written.
    assert "ENTRY_PUSH(l, e);" in ops.split("make_list_pc32(pc_pool", 1)[0], ops
    macros = {m["name"]: m for m in report["macros"]}
    assert set(macros) == {"ENTRY_NEXT", "ENTRY_KEY", "ENTRY_NEW", "ENTRY_PUSH"}, macros
    assert macros["ENTRY_NEXT"]["definition"].endswith("list.h:11:9"), macros
    assert macros["ENTRY_NEXT"]["uses_expanded"] == 3, macros
    assert macros["ENTRY_PUSH"]["decision"] == "expanded at its uses", macros
    tl.check_same_behaviour([src / f for f in files], [out / f for f in files], tmp_path,
                            args=["300"])


def test_report_lists_expanded_macros(ptrcomp, tmp_path):
    """--report=json: one entry per macro written as its expansion (name, #define, uses
    expanded, decision); the text report says the same in one line per macro."""
    case = EXEC_DIR / "macro_body_accessor.c"
    r = tl.run_ptrcomp(case.name, "-o", tmp_path, "--report=json", "--", "-std=gnu11",
                       cwd=case.parent)
    assert r.returncode == 0, r.stderr
    macros = {m["name"]: m for m in json.loads(r.stdout)["macros"]}
    assert set(macros) == {"LEFT", "RIGHT", "KEY", "IS_LEAF"}, macros
    assert macros["LEFT"]["definition"] == "macro_body_accessor.c:14:9", macros
    assert macros["KEY"]["uses_expanded"] == 5, macros
    assert macros["LEFT"]["uses"][:3] == ["macro_body_accessor.c:30:9",
                                          "macro_body_accessor.c:34:9",
                                          "macro_body_accessor.c:34:26"], macros
    r = tl.run_ptrcomp(case.name, "-o", tmp_path / "t", "--report=text", "--",
                       "-std=gnu11", cwd=case.parent)
    assert "macro LEFT (macro_body_accessor.c:14:9): 8 uses expanded" in r.stdout, r.stdout
