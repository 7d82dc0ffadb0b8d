"""The legality check (tool/legality/) decides before any text is written what ptrcomp
cannot express. Each of its rules has a test program: tests/legality/<rule>.c (run by
test_exec.py like every exec program: transformed, built with gcc and clang, run and
compared, its EXPECT matched against the report), or a named test for rules that need
several files. Each rule file of tool/rules/ (one rule, its check and its rewrite, asked
by both the legality walk and the rewriter) has test programs named after it:
tests/exec/<rule>_*.c or tests/legality/<rule>_*.c. The whole suite runs ptrcomp with PTRCOMP_DEBUG_LEGALITY=1 (conftest.py),
so a veto that the rewriter makes and the check missed fails whichever test hit it."""
import os
import re

import ptrcomp_testlib as tl

HEADER = tl.ROOT / "tool" / "legality" / "FunctionLegality.h"
LEGALITY_DIR = tl.ROOT / "tests" / "legality"
ELSEWHERE = {
    # rule: (test file, test function)
    "opaque_pool_owner": ("test_opaque.py", "test_opaque_struct_recursive_owner_stays_unchanged"),
}


def snake(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def test_every_rule_has_a_test_program():
    rules = [snake(m) for m in re.findall(r"\bvoid rule(\w+)\(", HEADER.read_text())]
    assert len(rules) >= 15, rules
    missing = []
    for rule in rules:
        if rule in ELSEWHERE:
            path, func = ELSEWHERE[rule]
            if f"def {func}(" not in (tl.ROOT / "tests" / path).read_text():
                missing.append(f"{rule} ({path}::{func})")
        elif not (LEGALITY_DIR / f"{rule}.c").exists():
            missing.append(rule)
    assert not missing, f"legality rules without a test program: {missing}"


RULES_DIR = tl.ROOT / "tool" / "rules"


def test_every_rule_file_has_test_programs():
    rules = [snake(h.stem) for h in sorted(RULES_DIR.glob("*.h"))]
    assert len(rules) >= 4, rules
    missing = [r for r in rules
               if not any((tl.ROOT / "tests" / kind).glob(f"{r}_*.c")
                          for kind in ("exec", "legality"))]
    assert not missing, f"rule files without test programs: {missing}"


def test_missed_legality_is_reported(ptrcomp, tmp_path):
    """The safety net speaks: with the check switched off (a hidden testing option), a
    structure the rewriter has to veto prints 'internal: legality missed', which tl.run
    turns into a failure; the structure is still left unchanged."""
    case = LEGALITY_DIR / "unsupported_expression.c"
    r = tl.subprocess.run([str(ptrcomp), "--skip-legality-check", str(case), "--",
                           "-std=gnu11"], capture_output=True, text=True,
                          env={**os.environ, "PTRCOMP_DEBUG_LEGALITY": "1"})
    assert r.returncode == 0, r.stderr
    assert tl.LEGALITY_MISSED + ": pooled data used in a StmtExpr" in r.stderr
