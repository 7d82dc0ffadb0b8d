"""Generated code: scanners and parsers that flex and bison write from programs of our own
(tests/generated/<name>/), whose actions build linked structures: a syntax tree, symbol
tables and lists. The generated sources are produced here, at test time, into a
temporary directory (never committed); ptrcomp transforms them together with our own .c
files; the report must say what each PROGRAMS entry expects; and the original and the
output must behave the same on the program's input (tl.check_same_behaviour: gcc and
clang, the output with -Wall -Wextra -Werror, ASan+UBSan with leak checking, __LINE__).

The programs (see the comment at the top of each .y/.l):
    calc_ast     bison (%union, %destructor) + flex: a calculator building an AST,
                 evaluated with a symbol table of struct sym
    config_list  flex only: an INI reader building a list of records and a chain of
                 sections, then merge-sorted, printed and freed
    sexpr_yacc   `bison -y` (y.tab.c, y.tab.h, YYSTYPE #defined as a pointer, no %union)
                 + plain flex (lex.yy.c, own yywrap): cons cells, interned atoms and an
                 environment of bindings

Each program's input is its input.txt plus a few hundred lines generated here
(deterministically): long enough that bison grows its stacks (YYSTACK_RELOCATE) and
that the lists and trees are not trivial.

What stays unchanged, and why (asserted below with the exact reasons): what bison's value
stack points to (struct ast, struct cell), for a genuine limit: the value stack is made
of unions holding pointers, which ptrcomp does not rewrite (a %union YYSTYPE; and
bison's own `union yyalloc { yy_state_t yyss_alloc; YYSTYPE yyvs_alloc; }`, the grown
stack, even when YYSTYPE is a plain pointer). Everything else the actions build is
compressed: the symbol table, the config records and sections, the atom table and the
environment, and flex's struct yy_buffer_state.

Two gaps of ptrcomp's that these programs found are closed, each with a program of our
own in tests/exec/: bison grows its stacks with YYCOPY, which is __builtin_memcpy under
GCC and Clang, not known as memcpy (generated_builtin_memcpy.c); and YY_INPUT's `buf`
argument, subscripted in one expansion and passed to fread in the other, vetoed struct
yy_buffer_state although both need the same text (generated_argument_read_twice.c).
"""
import json
import pathlib
import random
import re
import shutil
from dataclasses import dataclass, field

import pytest

import ptrcomp_testlib as tl
from test_exec import CRASH_MARKERS

GENERATED_DIR = pathlib.Path(__file__).resolve().parent / "generated"
FLEX, BISON = shutil.which("flex"), shutil.which("bison")

pytestmark = pytest.mark.skipif(
    not (FLEX and BISON),
    reason="flex and bison are not installed (scripts/bootstrap.sh installs them)")

# The reasons of what stays unchanged; the locations are in the generated code, whose
# line numbers depend on the version of flex or bison. calc_ast: YYSTYPE is a %union of a
# long and two pointers, collapsed to untyped objects; sexpr_yacc: YYSTYPE is a pointer,
# stored in bison's union yyalloc when the stack grows (which mixes the stack's first,
# local array yyvsa with heap objects).
UNTYPED_STACK = r"pointers to it are stored in untyped objects that ptrcomp does not rewrite"
YYALLOC = (r"stored in field 'yyvs_alloc' of an object that ptrcomp does not rewrite "
           r"at y\.tab\.c:\d+:\d+")
NOT_WRITTEN = ("would not compile", "would not link")


def calc_input(base):
    """input.txt, then ~300 statements over 24 variables (values kept below 10^6 in
    magnitude, so nothing overflows), a sum of 200 terms (a deep left-leaning tree) and
    an expression nested 150 deep to the right (bison's stacks grow past 200)."""
    rnd = random.Random(33)
    names = [f"v{i}" for i in range(24)]
    lines = [base.rstrip("\n")]
    for i in range(300):
        a, b, c = rnd.sample(names, 3)
        k, m = rnd.randrange(1, 1000), rnd.randrange(-50, 50)
        form = rnd.randrange(5)
        if form == 0:
            lines.append(f"{a} = ({b} * {k} + {c} - {m}) % 1000003")
        elif form == 1:
            lines.append(f"print ({a} + {b}) % {k}")
        elif form == 2:
            lines.append(f"{a} = -{b} / {k} + -(-{c} % 7)")
        elif form == 3:
            lines.append(f"({a} - {b}) * ({c} % 97)   # bare expression")
        else:
            lines.append("")
    lines.append("sum = " + " + ".join(str(i) for i in range(200)))
    lines.append("deep = " + "1 + (" * 150 + "1" + ")" * 150)
    lines.append("print sum - deep")
    return "\n".join(lines) + "\n"


def config_input(base):
    """input.txt, then 300 lines of sections, comments and assignments to 40 keys
    (so that many are overridden), a third of the values quoted."""
    rnd = random.Random(4)
    sections = ["server", "client", "paths", "log", "db.main", "cache-2"]
    lines = [base.rstrip("\n")]
    for i in range(300):
        r = rnd.random()
        if r < 0.08:
            lines.append(f"[{rnd.choice(sections)}]")
        elif r < 0.15:
            lines.append(f"{rnd.choice('#;')} comment {i}")
        elif r < 0.2:
            lines.append("")
        else:
            key = f"k{rnd.randrange(40)}" + rnd.choice(["", ".sub", "-x"])
            value = f'"value {i}, quoted"' if rnd.random() < 0.3 else f"v{i} w{i % 7}"
            lines.append(f"{key} = {value}" + ("   # trailing" if i % 11 == 0 else ""))
    return "\n".join(lines) + "\n"


def sexpr_input(base):
    """input.txt, then 250 forms: defines (values below 3*10^6 in magnitude), arithmetic
    with products of small numbers, quoted nested lists; then a quoted list of 300
    numbers and a sum of 300 (right-recursive lists: bison's stacks grow to hold them)."""
    rnd = random.Random(7)
    defined = ["x", "y"]

    def expr(depth):
        r = rnd.random()
        if depth == 0 or r < 0.3:
            return rnd.choice(defined) if rnd.random() < 0.5 else str(rnd.randrange(-99, 100))
        if r < 0.5:
            return f"(* {rnd.randrange(1, 50)} {expr(0)})"
        op = rnd.choice("+-")
        return f"({op} " + " ".join(expr(depth - 1) for _ in range(rnd.randrange(1, 4))) + ")"

    def datum(depth):
        if depth == 0 or rnd.random() < 0.6:
            return rnd.choice(["a", "b", "foo", "bar-baz", "42", "-1", "x"])
        return "(" + " ".join(datum(depth - 1) for _ in range(rnd.randrange(0, 4))) + ")"

    lines = [base.rstrip("\n")]
    for i in range(250):
        r = rnd.random()
        if r < 0.3:
            name = f"n{i}"
            lines.append(f"(define {name} (- (* {rnd.randrange(100)} {rnd.randrange(100)}) "
                         f"{rnd.choice(defined)}))")
            defined.append(name)
        elif r < 0.7:
            lines.append(expr(3))
        elif r < 0.9:
            lines.append("'" + datum(3))
        else:
            lines.append(f"; comment {i}")
    lines.append("'(" + " ".join(str(i) for i in range(300)) + ")")
    lines.append("(+ " + " ".join(str(i) for i in range(300)) + ")")
    return "\n".join(lines) + "\n"


@dataclass
class Program:
    name: str
    generate: list            # commands run in the copy of the program's directory
    sources: list             # what ptrcomp transforms and the builds compile, in order
    make_input: object
    compressed: list          # structures the report must show compressed
    unchanged: dict           # structure -> regex its one reason must match in full
    flags: list = field(default_factory=list)   # for both builds (and ptrcomp's parse)


PROGRAMS = {p.name: p for p in [
    Program(
        "calc_ast",
        [[BISON, "-Wall", "-d", "-o", "parser.c", "parser.y"],
         [FLEX, "-o", "scanner.c", "scanner.l"]],
        ["scanner.c", "parser.c", "main.c"], calc_input,
        compressed=["struct sym", "struct yy_buffer_state"],
        unchanged={"struct ast": UNTYPED_STACK}),
    Program(
        "config_list",
        [[FLEX, "-o", "scanner.c", "scanner.l"]],
        ["scanner.c", "main.c"], config_input,
        compressed=["struct entry", "struct section", "struct yy_buffer_state"],
        unchanged={}),
    Program(
        "sexpr_yacc",
        [[BISON, "-y", "-d", "parser.y"], [FLEX, "scanner.l"]],
        ["y.tab.c", "lex.yy.c"], sexpr_input,
        compressed=["struct atom", "struct binding", "struct yy_buffer_state"],
        unchanged={"struct cell": YYALLOC},
        # The scanner has no `%option nounput noinput`, as old lex programs did not:
        # flex's static yyunput() and input() are defined and never used, which -Wall
        # reports (gcc: -Wunused-function; clang: also -Wunneeded-internal-declaration,
        # which -Wno-unused-function silences too).
        flags=["-Wno-unused-function"]),
]}


_prepared = {}


def prepare(name, tmp_path_factory):
    """(source dir, output dir, report, stdin) of one program: its files copied, flex
    and bison run, ptrcomp run; once per program and test process."""
    if name not in _prepared:
        prog = PROGRAMS[name]
        work = tmp_path_factory.mktemp(name)
        src = work / "src"
        shutil.copytree(GENERATED_DIR / name, src)
        for cmd in prog.generate:
            r = tl.run(cmd, cwd=src)
            assert r.returncode == 0, f"{' '.join(map(str, cmd))}:\n{r.stderr}"
        out = work / "out"
        r = tl.run_ptrcomp(*prog.sources, "-o", out, "--report=json", "--", "-std=gnu11",
                           *prog.flags, cwd=src)
        crash = [m for m in CRASH_MARKERS if m in r.stderr]
        assert r.returncode == 0 and not crash, (
            f"ptrcomp failed on {name} (exit {r.returncode}):\n{r.stderr[-4000:]}")
        report = json.loads(r.stdout)
        stdin = prog.make_input((src / "input.txt").read_text())
        _prepared[name] = (src, out, report, stdin)
    return _prepared[name]


def unchanged_problem(report, struct, reason):
    """Why `struct` is not one unchanged structure whose one reason matches `reason` in
    full, or None."""
    rows = by_type(report).get(struct, [])
    if len(rows) == 1 and not rows[0]["compressed"] and len(rows[0]["reasons"]) == 1 and \
            re.fullmatch(reason, rows[0]["reasons"][0]):
        return None
    return f"{struct} is not unchanged for exactly /{reason}/: {rows}"


def by_type(report):
    found = {}
    for s in report["structures"]:
        found.setdefault(s["type"], []).append(s)
    return found


def describe(report):
    return "\n".join(f"{s['type']}: compressed={s['compressed']} {s['reasons']}"
                     for s in report["structures"])


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_report(name, ptrcomp, tmp_path_factory):
    """The structures the actions build are compressed or unchanged as PROGRAMS says,
    every struct of the report is one of those, and no rewrite was thrown away because
    it would not compile or link."""
    prog = PROGRAMS[name]
    _, _, report, _ = prepare(name, tmp_path_factory)
    found, problems = by_type(report), []
    for t in prog.compressed:
        if not any(s["compressed"] for s in found.get(t, [])):
            problems.append(f"{t} is not compressed")
    for t, reason in prog.unchanged.items():
        problems.append(unchanged_problem(report, t, reason))
    # Rows for what is not a struct (char buffers, arrays of pointers such as flex's
    # buffer stack, bison's union yyalloc, collapsed objects) are not checked; a struct
    # must be expected.
    for t in found:
        if re.fullmatch(r"struct \w+", t) and t not in prog.compressed and \
                t not in prog.unchanged:
            problems.append(f"{t} is reported but not expected")
    for s in report["structures"]:
        for r in s["reasons"]:
            if any(w in r for w in NOT_WRITTEN):
                problems.append(f"{s['type']}: {r}")
    problems = [p for p in problems if p]
    assert not problems, "\n".join(problems) + "\n\nreport:\n" + describe(report)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_same_behaviour(name, ptrcomp, tmp_path_factory, tmp_path):
    prog = PROGRAMS[name]
    src, out, _, stdin = prepare(name, tmp_path_factory)
    assert any((out / f).read_text() != (src / f).read_text() for f in prog.sources), (
        "the report compresses structures but the output is the unchanged input")
    tl.check_same_behaviour([src / f for f in prog.sources], [out / f for f in prog.sources],
                            tmp_path, stdin=stdin, original_flags=prog.flags,
                            transformed_flags=prog.flags)
