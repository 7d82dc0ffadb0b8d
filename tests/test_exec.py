"""Differential tests: every tests/exec/<name>.c is transformed, the report is checked
against the program's `// EXPECT: {...}` lines, and the original and the output are built
(gcc and clang, -O2, the output with -Wall -Wextra -Werror), run and compared, and the
output is run under ASan+UBSan.

Directives in comments:
  // ARGS: ...            program arguments
  // PTRCOMP-ARGS: ...    extra ptrcomp options
  // EXPECT: {json}       some report structure matches every key; "reason" is a substring
                          of one of its reasons; "todo": true marks the ideal result that
                          the tool does not reach yet (an expected failure, not a pass)
"""
import json
import pathlib
import re
import shlex

import pytest

import ptrcomp_testlib as tl

CASES = sorted((tl.ROOT / "tests" / "exec").glob("*.c"))


def directives(path):
    text = path.read_text()
    args = re.findall(r"^// ARGS:(.*)$", text, re.M)
    pargs = re.findall(r"^// PTRCOMP-ARGS:(.*)$", text, re.M)
    expects = [json.loads(m) for m in re.findall(r"^// EXPECT:\s*(\{.*\})\s*$", text, re.M)]
    return (shlex.split(args[0]) if args else [], shlex.split(pargs[0]) if pargs else [],
            expects)


def matches(structure, expect):
    for key, want in expect.items():
        if key == "todo":
            continue
        if key == "reason":
            if not any(want in r for r in structure["reasons"]):
                return False
        elif structure.get(key) != want:
            return False
    return True


def transform(case, out, extra=()):
    r = tl.run_ptrcomp(*extra, case.name, "-o", out, "--report=json", cwd=case.parent)
    assert r.returncode == 0 and "Stack dump" not in r.stderr, r.stderr
    return json.loads(r.stdout)


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_exec(case, ptrcomp, tmp_path):
    args, pargs, expects = directives(case)
    assert expects, f"{case.name} states no expectation"
    report = transform(case, tmp_path / "out", pargs)
    tl.check_same_behaviour([case], [tmp_path / "out" / case.name], tmp_path, args=args)
    missing = [e for e in expects
               if not e.get("todo") and not any(matches(s, e) for s in report["structures"])]
    assert not missing, (f"unmet expectations {missing}\nreport:\n" +
                         json.dumps(report, indent=1))
    todo = [e for e in expects
            if e.get("todo") and not any(matches(s, e) for s in report["structures"])]
    if todo:
        pytest.xfail(f"not reached yet: {todo}")


@pytest.mark.parametrize("name", ["sll_basic", "paper_two_lists", "hash_table"])
def test_deterministic(name, ptrcomp, tmp_path):
    case = tl.ROOT / "tests" / "exec" / f"{name}.c"
    a = transform(case, tmp_path / "a")
    b = transform(case, tmp_path / "b")
    assert a == b
    assert (tmp_path / "a" / case.name).read_bytes() == (tmp_path / "b" / case.name).read_bytes()


def test_multi_tu_through_compile_commands(ptrcomp, tmp_path):
    """A struct in a shared header, functions in two files, flags from -p: the header's
    layout is written once, the clones cross the files, and the program behaves the same."""
    import shutil
    src = tmp_path / "src"
    shutil.copytree(tl.ROOT / "tests" / "graphs" / "multi_tu", src)
    db = [{"directory": str(src), "file": f, "arguments": ["cc", "-std=gnu11", "-c", f]}
          for f in ("alloc.c", "use.c")]
    (src / "compile_commands.json").write_text(json.dumps(db))
    out = tmp_path / "out"
    r = tl.run_ptrcomp("-p", src, "-o", out, "--report=json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert any(s["compressed"] and s["owner"] == "main" for s in report["structures"])
    header = (out / "node.h").read_text()
    assert header.count("struct node_pc32 {") == 1
    tl.check_same_behaviour([src / "alloc.c", src / "use.c"],
                            [out / "alloc.c", out / "use.c"], tmp_path)
