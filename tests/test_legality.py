"""The legality check (tool/legality/) decides before any text is written what ptrcomp
cannot express. It holds no rule of its own: each rule is one file of tool/rules/ with
its check and its rewrite, asked by the legality walk and by the rewriter alike, so the
two cannot disagree. Each rule file has test programs named after it:
tests/exec/<rule>_*.c or tests/legality/<rule>_*.c (run by test_exec.py like every exec
program: transformed, built with gcc and clang, run and compared, its EXPECT matched
against the report). The whole suite runs ptrcomp with PTRCOMP_DEBUG_LEGALITY=1
(conftest.py), so a veto that the rewriter makes and the check missed fails whichever
test hit it."""
import os
import re

import ptrcomp_testlib as tl

LEGALITY_DIR = tl.ROOT / "tests" / "legality"
RULES_DIR = tl.ROOT / "tool" / "rules"
WALK = tl.ROOT / "tool" / "legality" / "FunctionLegality.cpp"
REWRITER = [tl.ROOT / "tool" / "rewrite" / f
            for f in ("FunctionRewriter.cpp", "VersionView.cpp", "ProgramRewriter.cpp")]
NOT_A_RULE = {"RuleVeto"}  # the type rules return their vetoes in


def snake(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def rule_calls(path):
    return set(re.findall(r"\brules::([a-z]\w*)\(", path.read_text()))


def test_the_walk_holds_no_rules_of_its_own():
    header = WALK.with_suffix(".h").read_text()
    assert not re.findall(r"\bvoid rule\w+\(", header)
    walk = rule_calls(WALK)
    assert len(walk) >= 20, walk
    rewriter = set().union(*(rule_calls(p) for p in REWRITER))
    # Every rule the walk asks, the rewriter asks too: they decide from one place.
    assert not walk - rewriter, f"asked by the legality walk only: {sorted(walk - rewriter)}"


def test_every_rule_file_has_test_programs():
    rules = [snake(h.stem) for h in sorted(RULES_DIR.glob("*.h")) if h.stem not in NOT_A_RULE]
    assert len(rules) >= 15, rules
    missing = [r for r in rules
               if not any((tl.ROOT / "tests" / kind).glob(f"{r}_*.c")
                          for kind in ("exec", "legality"))]
    assert not missing, f"rule files without test programs: {missing}"


def test_missed_legality_is_reported(ptrcomp, tmp_path):
    """The safety net speaks: with the check switched off (a hidden testing option), a
    structure the rewriter has to veto prints 'internal: legality missed', which tl.run
    turns into a failure; the structure is still left unchanged."""
    case = LEGALITY_DIR / "unsupported_expressions_statement_expression.c"
    r = tl.subprocess.run([str(ptrcomp), "--skip-legality-check", str(case), "--",
                           "-std=gnu11"], capture_output=True, text=True,
                          env={**os.environ, "PTRCOMP_DEBUG_LEGALITY": "1"})
    assert r.returncode == 0, r.stderr
    assert tl.LEGALITY_MISSED + ": pooled data used in a StmtExpr" in r.stderr
