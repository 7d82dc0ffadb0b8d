"""Static locals of a function written in several versions are declared once, before it,
shared (analysis/SharedStatics.h, tool/rewrite/SharedStatics.h; single-file programs in
tests/exec/static_local_*.c and tests/golden/shared_static_locals). These programs are the
multi-file limits: a function of a header (other files that include it have names of their
own) and a C99 inline function with external linkage (which may not name a file-scope
static) keep one version, with the reason, and behave as the originals."""
import json

import pytest

import ptrcomp_testlib as tl

CASES = tl.ROOT / "tests" / "shared_statics"


@pytest.mark.parametrize("case, struct, why", [
    ("header_static", "struct item",
     "'tally' has a static local 'visits' (tally.h:8:17) that cannot be declared outside "
     "it (the function is defined in a header, which other files may include)"),
    ("inline_external", "struct cell",
     "'cons' has a static local 'scale' (pool.h:6:22) that cannot be declared outside it "
     "(the function is inline with external linkage, which may not use a file-scope "
     "static)"),
])
def test_function_keeps_one_version(ptrcomp, tmp_path, case, struct, why):
    src = CASES / case
    files = sorted(p.name for p in src.glob("*.c"))
    out = tmp_path / "out"
    r = tl.run_ptrcomp(*files, "-o", out, "--report=json", "--", "-std=gnu11", cwd=src)
    assert r.returncode == 0, r.stderr
    mine = [s for s in json.loads(r.stdout)["structures"]
            if s["type"] == struct and s["owner"] == "main"]
    assert len(mine) == 1 and not mine[0]["compressed"], mine
    assert any(x.startswith(why) for x in mine[0]["reasons"]), mine[0]["reasons"]
    tl.check_same_behaviour([src / f for f in files], [out / f for f in files], tmp_path)
