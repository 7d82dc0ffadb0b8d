"""Opaque structs across files: a library defines struct entry in list.c and its header
only declares it; the driver in main.c owns the lists. The pools are created in main.c
with the size exported by list.c (ptrcomp_size_entry_pc32), the program goes through
compile_commands.json, and the driver's last #include sits under an #ifdef that the
database may or may not switch on: the output must build and behave the same either way."""
import json
import shutil

import pytest

import ptrcomp_testlib as tl

CASE = tl.ROOT / "tests" / "exec_multi" / "opaque_list"
FILES = ("list.c", "main.c")


@pytest.mark.parametrize("defines", [[], ["-DLIST_DEBUG"]], ids=["plain", "LIST_DEBUG"])
def test_opaque_struct_pool_in_driver(ptrcomp, tmp_path, defines):
    src = tmp_path / "src"
    shutil.copytree(CASE, src)
    db = [{"directory": str(src), "file": f,
           "arguments": ["cc", "-std=gnu11", *defines, "-c", f]} for f in FILES]
    (src / "compile_commands.json").write_text(json.dumps(db))
    out = tmp_path / "out"
    r = tl.run_ptrcomp("-p", src, "-o", out, "--report=json")
    assert r.returncode == 0, r.stderr
    entries = [s for s in json.loads(r.stdout)["structures"] if s["type"] == "struct entry"]
    # Two lists, both built by list_push (one allocation site) for main: one pool.
    assert len(entries) == 1 and all(s["compressed"] and s["owner"] == "main"
                                     and any("one pool for 2 structures" in n
                                             for n in s["notes"])
                                     for s in entries), entries
    main = (out / "main.c").read_text()
    assert "extern const size_t ptrcomp_size_entry_pc32;" in main
    assert "PC_POOL_INIT(ptrcomp_size_entry_pc32, 32," in main
    assert "struct entry {" not in main  # the struct stays opaque to the driver
    assert (out / "list.c").read_text().count(
        "const size_t ptrcomp_size_entry_pc32 = sizeof(struct entry_pc32);") == 1
    # The runtime include is outside the #ifdef block, so a build without the macro works.
    inc = main.index('#include "ptrcomp_rt.h"')
    block = main.index("#ifdef LIST_DEBUG")
    assert not block < inc < main.index("#endif", block), main[:inc + 40]
    tl.check_same_behaviour([src / f for f in FILES], [out / f for f in FILES], tmp_path,
                            args=["1000"])


def test_opaque_struct_recursive_owner_stays_unchanged(ptrcomp, tmp_path):
    """The legality rule OpaquePoolOwner: a recursive function that owns lists of an
    opaque struct would need one static pool sized where the struct is unknown."""
    src = tmp_path / "src"
    shutil.copytree(CASE, src)
    shutil.copy(tl.ROOT / "tests" / "exec_multi" / "opaque_recursive" / "main.c",
                src / "main.c")
    db = [{"directory": str(src), "file": f, "arguments": ["cc", "-std=gnu11", "-c", f]}
          for f in FILES]
    (src / "compile_commands.json").write_text(json.dumps(db))
    out = tmp_path / "out"
    r = tl.run_ptrcomp("-p", src, "-o", out, "--report=json")
    assert r.returncode == 0, r.stderr
    entries = [s for s in json.loads(r.stdout)["structures"] if s["type"] == "struct entry"]
    assert entries and all(s["pool"] is None for s in entries), entries
    assert any("'level', which creates its pool, sees struct entry only as a declaration "
               "(it is defined in another file), and calls itself" in why
               for s in entries for why in s.get("reasons") or []), entries
    tl.check_same_behaviour([src / f for f in FILES], [out / f for f in FILES], tmp_path,
                            args=["500"])
