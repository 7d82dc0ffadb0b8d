"""Bad and odd input: ptrcomp must never crash, must reject bad input with a clear
diagnostic (`file:line:col: error: ...` where there is a location) and exit status 1, must
write nothing when it fails (no output directory, no half-written or temporary file, the
inputs of -i byte-identical), and must transform valid but unusual C correctly.

Decisions a user would expect, documented here:
- An empty file is a valid (empty) translation unit, as for gcc and clang: the output is
  the same empty file.
- The same file named twice (also by two spellings) is one translation unit: the output
  is the same as naming it once (not a duplicate-definition error).
- A program without `main` is a library: its externally visible interface (types,
  functions, globals) is unchanged, so code that is not transformed can still use it.
- Two translation units that define the same external symbol are an error (what the
  linker would say), reported with both locations.
"""
import difflib
import os
import pathlib
import re
import sys
from dataclasses import dataclass

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import ptrcomp_testlib as tl  # noqa: E402

CRASH_MARKERS = ("Stack dump", "Assertion", "PLEASE submit a bug report")
LOCATED_ERROR = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.+)$",
                           re.M)
ANY_ERROR = re.compile(r"(^|\s|: )error: \S", re.M)
TOOL_TIMEOUT = 120

LIST_C = """\
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

static struct node *push(struct node *head, int value)
{
    struct node *n = malloc(sizeof *n);
    if (!n)
        exit(2);
    n->value = value;
    n->next = head;
    return n;
}

int main(void)
{
    struct node *head = NULL, *p;
    long sum = 0;
    int i;
    for (i = 0; i < 100; i++)
        head = push(head, i * 3);
    for (p = head; p; p = p->next)
        sum += p->value;
    while (head) {
        p = head->next;
        free(head);
        head = p;
    }
    printf("sum %ld\\n", sum);
    return 0;
}
"""

HELPER_C = """\
int helper(void)
{
    return 42;
}
"""


# -- checks ---------------------------------------------------------------------------------

def ptrcomp_run(args, cwd=None, timeout=TOOL_TIMEOUT):
    return tl.run([tl.PTRCOMP, *args], cwd=cwd, timeout=timeout)


def assert_no_crash(r):
    assert r.returncode >= 0, f"ptrcomp killed by signal {-r.returncode}:\n{r.stderr[-4000:]}"
    for marker in CRASH_MARKERS:
        assert marker not in r.stderr, f"ptrcomp crashed ('{marker}'):\n{r.stderr[-4000:]}"


def assert_error(r, where=None, message=None):
    """Exit status 1 with an error diagnostic; `where` = (file name, line) of a located
    `file:line:col: error:` line that must be present (line None: any line); `message` a
    regex (or a tuple of regexes) the stderr must match (case-insensitive)."""
    assert_no_crash(r)
    assert r.returncode == 1, (f"expected exit status 1, got {r.returncode}\n"
                               f"stdout: {r.stdout[-2000:]}\nstderr: {r.stderr[-2000:]}")
    assert ANY_ERROR.search(r.stderr), f"no 'error:' diagnostic on stderr:\n{r.stderr[-2000:]}"
    if where:
        name, line = where
        located = [m for m in LOCATED_ERROR.finditer(r.stderr)
                   if pathlib.PurePath(m["file"]).name == name
                   and (line is None or int(m["line"]) == line)]
        assert located, (f"expected a '{name}:{line or '<line>'}:<col>: error: ...' "
                         f"diagnostic, got:\n{r.stderr[-3000:]}")
    for m in ([message] if isinstance(message, str) else message or []):
        assert re.search(m, r.stderr, re.I), (
            f"the diagnostic does not match /{m}/:\n{r.stderr[-3000:]}")


def assert_success(r):
    assert_no_crash(r)
    assert r.returncode == 0, f"ptrcomp failed (exit {r.returncode}):\n{r.stderr[-4000:]}"


def snapshot(root):
    """Every file and directory below root with its content (bytes) or None for dirs."""
    root = pathlib.Path(root)
    snap = {}
    if not root.exists():
        return snap
    for p in sorted(root.rglob("*")):
        rel = str(p.relative_to(root))
        if p.is_symlink():
            snap[rel] = ("link", os.readlink(p))
        elif p.is_dir():
            snap[rel] = None
        else:
            snap[rel] = p.read_bytes()
    return snap


def assert_unchanged(before, after):
    added = sorted(set(after) - set(before))
    removed = sorted(set(before) - set(after))
    changed = sorted(k for k in before if k in after and before[k] != after[k])
    assert not (added or removed or changed), (
        f"files changed although ptrcomp failed: added {added}, removed {removed}, "
        f"modified {changed}")


def assert_same_tree(a, b):
    """Directories a and b hold the same files with the same bytes (a diff if not)."""
    sa, sb = snapshot(a), snapshot(b)
    assert sorted(sa) == sorted(sb), f"{a} holds {sorted(sa)}, {b} holds {sorted(sb)}"
    for name in sa:
        if sa[name] != sb[name]:
            diff = difflib.unified_diff(
                (sb[name] or b"").decode("utf-8", "replace").splitlines(),
                (sa[name] or b"").decode("utf-8", "replace").splitlines(),
                f"{b}/{name}", f"{a}/{name}", lineterm="")
            raise AssertionError(f"{name} differs:\n" + "\n".join(list(diff)[:60]))


def clean_compilers(sources, workdir):
    """The compilers that build the original cleanly at -Wall -Wextra -Werror (an output
    can only be required to be warning-free where its input is)."""
    ok = []
    for cc in tl.COMPILERS:
        r = tl.compile_c(sources, pathlib.Path(workdir) / f"probe-{cc}", cc,
                         ["-O0", "-Wall", "-Wextra", "-Werror"])
        if r.returncode == 0:
            ok.append(cc)
    assert ok, f"no compiler builds the original cleanly: {sources}"
    return ok


def write_files(root, files):
    root = pathlib.Path(root)
    root.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        p = root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            p.write_bytes(content)
        else:
            p.write_text(content, encoding="utf-8", newline="")
    return root


def transform_ok(srcdir, names, outdir, extra=()):
    """Run ptrcomp on names (relative to srcdir) into outdir; assert success."""
    r = ptrcomp_run([*[str(pathlib.Path(srcdir) / n) for n in names], "-o", str(outdir),
                     *extra])
    assert_success(r)
    for n in names:
        assert (pathlib.Path(outdir) / n).is_file(), (
            f"-o did not write {n}; {outdir} holds {sorted(snapshot(outdir))}")
    return r


def same_behaviour(srcdir, names, outdir, workdir, opt="-O2", extra_orig=(), extra_new=(),
                   sanitize=True):
    orig = [pathlib.Path(srcdir) / n for n in names] + list(extra_orig)
    new = [pathlib.Path(outdir) / n for n in names] + list(extra_new)
    tl.check_same_behaviour(orig, new, workdir, compilers=clean_compilers(orig, workdir),
                            opt=opt, sanitize=sanitize)


# -- error cases --------------------------------------------------------------------------------

@dataclass
class Bad:
    """One kind of bad input. `args` are ptrcomp's arguments with {src} (the directory
    holding `files`) and {out} (an output directory that does not exist yet); `modes` are
    the output modes the case is run in: "o" appends -o {out}, "i" appends -i, "raw" runs
    args as they are."""
    id: str
    files: dict
    args: list
    where: tuple = None
    message: str = None
    modes: tuple = ("o", "i")
    setup: object = None   # function(tmp_path, src) run before, may return a skip reason
    stdout_empty: bool = False


def _binary_garbage():
    # deterministic bytes that are not C: every byte value, NULs included
    return bytes((i * 37 + 11) % 256 for i in range(600))


def _symlink_loop(tmp, src):
    os.symlink(src / "loop.c", src / "loop.c")


def _compdb_missing_file(tmp, src):
    db = src / "db"
    db.mkdir()
    (db / "compile_commands.json").write_text(
        '[{"directory": "%s", "file": "gone.c", "command": "cc -c gone.c"}]\n' % src)


BAD = [
    Bad("nul-bytes-binary-garbage", {"garbage.c": _binary_garbage()}, ["{src}/garbage.c"],
        where=("garbage.c", None)),
    Bad("directory-as-input", {"dir/a.c": LIST_C}, ["{src}/dir"], message=r"director"),
    Bad("missing-file", {}, ["{src}/does-not-exist.c"],
        message=r"does-not-exist\.c.*(no such file|not found|does not exist)"),
    Bad("symlink-loop", {}, ["{src}/loop.c"], setup=_symlink_loop, message=r"loop\.c"),
    Bad("hash-error", {"a.c": "int x;\n#error stop here\nint main(void) { return x; }\n"},
        ["{src}/a.c"], where=("a.c", 2), message=r"stop here"),
    Bad("missing-include", {"a.c": '#include "nothere.h"\nint main(void) { return 0; }\n'},
        ["{src}/a.c"], where=("a.c", 1), message=r"nothere\.h"),
    Bad("syntax-missing-semicolon",
        {"a.c": "int main(void)\n{\n    int x = 1\n    return x;\n}\n"}, ["{src}/a.c"],
        where=("a.c", 3)),
    Bad("syntax-unbalanced-brace",
        {"a.c": "int main(void)\n{\n    if (1) {\n        return 0;\n}\n"}, ["{src}/a.c"],
        where=("a.c", 5)),
    Bad("syntax-undeclared-identifier",
        {"a.c": "int main(void)\n{\n    return undeclared_thing + 1;\n}\n"}, ["{src}/a.c"],
        where=("a.c", 3), message=r"undeclared_thing"),
    Bad("syntax-cxx-in-c-file",
        {"a.c": "class Node {\npublic:\n    int v;\n};\nint main() { return 0; }\n"},
        ["{src}/a.c"], where=("a.c", 1)),
    Bad("error-in-included-header",
        {"a.c": '#include "h.h"\n' + LIST_C, "h.h": "struct s {\n    int a;\n    int b c;\n};\n"},
        ["{src}/a.c"], where=("h.h", 3)),
    Bad("error-in-second-file",
        {"a.c": LIST_C, "b.c": "int helper(void)\n{\n    return 1 +;\n}\n"},
        ["{src}/a.c", "{src}/b.c"], where=("b.c", 3)),
    Bad("two-files-define-same-function",
        {"a.c": "int helper(void);\nint helper(void)\n{\n    return 1;\n}\n"
                "int main(void) { return helper(); }\n",
         "b.c": "int other;\nint helper(void)\n{\n    return 2;\n}\n"},
        ["{src}/a.c", "{src}/b.c"], message=(r"helper", r"\ba\.c:2:\d+", r"\bb\.c:2:\d+")),
    Bad("two-files-define-same-global",
        {"a.c": "#include <stdio.h>\nint counter = 1;\n"
                "int main(void) { printf(\"%d\\n\", counter); return 0; }\n",
         "b.c": "\nint counter = 2;\n"},
        ["{src}/a.c", "{src}/b.c"], message=(r"counter", r"\ba\.c:2:\d+", r"\bb\.c:2:\d+")),
    Bad("cxx-file",
        {"x.cpp": "#include <cstdio>\nclass List {\npublic:\n    List *next = nullptr;\n"
                  "    int v = 0;\n};\nint main() { List l; std::printf(\"%d\\n\", l.v); }\n"},
        ["{src}/x.cpp"], message=r"x\.cpp.*\bC\b|\bC\b.*x\.cpp"),
    Bad("unknown-option", {"a.c": LIST_C}, ["--frobnicate", "{src}/a.c"],
        message=r"frobnicate"),
    Bad("index-bits-24", {"a.c": LIST_C}, ["--index-bits=24", "{src}/a.c"],
        message=r"index-bits.*24|24.*index-bits"),
    Bad("index-bits-not-a-number", {"a.c": LIST_C}, ["--index-bits=wide", "{src}/a.c"],
        message=r"index-bits"),
    Bad("unknown-mode", {"a.c": LIST_C}, ["--mode=fast", "{src}/a.c"], message=r"mode"),
    Bad("unknown-report-format", {"a.c": LIST_C}, ["--report=xml", "{src}/a.c"],
        message=r"report"),
    Bad("unknown-compiler-flag", {"a.c": LIST_C}, ["{src}/a.c", "--", "-fno-such-flag-xyz"],
        message=r"fno-such-flag-xyz"),
    Bad("no-input-files", {}, [], message=r"input"),
    Bad("missing-response-file", {"a.c": LIST_C}, ["@{src}/missing.rsp", "{src}/a.c"],
        message=r"missing\.rsp"),
    Bad("o-below-a-regular-file", {"a.c": LIST_C, "file.txt": "x\n"},
        ["{src}/a.c", "-o", "{src}/file.txt/out"], modes=("raw",), message=r"file\.txt"),
    Bad("o-is-a-regular-file", {"a.c": LIST_C, "file.txt": "x\n"},
        ["{src}/a.c", "-o", "{src}/file.txt"], modes=("raw",), message=r"file\.txt"),
    Bad("o-would-overwrite-input", {"a.c": LIST_C}, ["{src}/a.c", "-o", "{src}"],
        modes=("raw",)),
    Bad("o-and-i-together", {"a.c": LIST_C}, ["{src}/a.c", "-i", "-o", "{out}"],
        modes=("raw",), message=r"-o.*-i|-i.*-o|exclusive|together|conflict"),
    Bad("diff-and-i-together", {"a.c": LIST_C}, ["{src}/a.c", "-i", "--diff"],
        modes=("raw",), message=r"diff", stdout_empty=True),
    Bad("diff-and-o-together", {"a.c": LIST_C}, ["{src}/a.c", "--diff", "-o", "{out}"],
        modes=("raw",), message=r"diff", stdout_empty=True),
    Bad("several-inputs-to-stdout", {"a.c": LIST_C, "b.c": HELPER_C},
        ["{src}/a.c", "{src}/b.c"], modes=("raw",), stdout_empty=True),
    Bad("compdb-dir-without-database", {"a.c": LIST_C, "nodb/README": "empty\n"},
        ["-p", "{src}/nodb", "{src}/a.c"], message=r"compil"),
    Bad("compdb-garbage", {"a.c": LIST_C, "db/compile_commands.json": "{ this is not json"},
        ["-p", "{src}/db", "{src}/a.c"], message=r"compile_commands\.json|compilation "
                                                 r"database|json"),
    Bad("compdb-wrong-schema", {"a.c": LIST_C, "db/compile_commands.json": '{"a": 1}\n'},
        ["-p", "{src}/db", "{src}/a.c"], message=r"compile_commands\.json|compilation "
                                                 r"database|json"),
    Bad("compdb-names-missing-file", {}, ["-p", "{src}/db"], setup=_compdb_missing_file,
        message=r"gone\.c"),
    Bad("report-file-in-missing-directory", {"a.c": LIST_C},
        ["{src}/a.c", "--report=json", "--report-file={src}/no/such/dir/r.json"],
        modes=("raw",), message=r"r\.json", stdout_empty=True),
    Bad("report-file-is-a-directory", {"a.c": LIST_C, "rdir/keep": "x\n"},
        ["{src}/a.c", "--report=json", "--report-file={src}/rdir"], modes=("raw",),
        message=r"rdir", stdout_empty=True),
]


def _expand(args, src, out):
    return [a.replace("{src}", str(src)).replace("{out}", str(out)) for a in args]


@pytest.mark.parametrize("case", BAD, ids=[c.id for c in BAD])
def test_bad_input(ptrcomp, tmp_path, case):
    src = write_files(tmp_path / "src", case.files)
    if case.setup:
        case.setup(tmp_path, src)
    for mode in case.modes:
        out = tmp_path / f"out-{mode}"
        # the mode goes first: anything after `--` is a compiler argument
        args = {"o": ["-o", str(out)], "i": ["-i"], "raw": []}[mode] + \
            _expand(case.args, src, out)
        before = snapshot(tmp_path)
        r = ptrcomp_run(args, cwd=tmp_path)
        assert_error(r, case.where, case.message)
        assert_unchanged(before, snapshot(tmp_path))
        assert not out.exists(), f"{mode}: the output directory was created"
        if case.stdout_empty or mode in ("o", "i"):
            assert r.stdout == "", f"{mode}: something was written on stdout:\n{r.stdout[:2000]}"


def test_unwritable_output_directory(ptrcomp, tmp_path):
    """-o into a directory where nothing can be created. chmod does not stop root, so as
    root a directory of procfs (where no file can be created) stands in for it."""
    src = write_files(tmp_path / "src", {"a.c": LIST_C})
    if os.geteuid() == 0:
        target = pathlib.Path("/proc/self/fdinfo")
        assert target.is_dir()
    else:
        target = tmp_path / "readonly"
        target.mkdir()
        target.chmod(0o555)
    before = snapshot(tmp_path)
    try:
        r = ptrcomp_run([src / "a.c", "-o", target])
    finally:
        if os.geteuid() != 0:
            target.chmod(0o755)
    assert_error(r, message=r"a\.c|" + re.escape(str(target)))
    assert_unchanged(before, snapshot(tmp_path))


def test_in_place_in_unwritable_directory(ptrcomp, tmp_path):
    """-i where no temporary file can be created beside the input: a clear error, the
    input untouched."""
    if os.geteuid() == 0:
        pytest.xfail("running as root: directory permissions do not stop root from "
                     "writing, and there is no unwritable directory whose files we may "
                     "give as input")
    src = write_files(tmp_path / "src", {"a.c": LIST_C})
    before = snapshot(tmp_path)
    src.chmod(0o555)
    try:
        r = ptrcomp_run([src / "a.c", "-i"])
    finally:
        src.chmod(0o755)
    # with the identity transformation nothing needs writing; once the list is rewritten
    # the write must fail cleanly
    assert_no_crash(r)
    if r.returncode != 0:
        assert_error(r, message=r"a\.c")
    assert_unchanged(before, snapshot(tmp_path))


# -- deep and big input ----------------------------------------------------------------------------

def _deep(kind, depth):
    if kind == "parens":
        expr = "(" * depth + "1" + ")" * depth
        return ("#include <stdio.h>\nint main(void)\n{\n    int x = " + expr +
                ";\n    printf(\"%d\\n\", x);\n    return 0;\n}\n")
    if kind == "blocks":
        return ("#include <stdio.h>\nint main(void)\n{\n    int x = 0;\n" +
                "{ x++;\n" * depth + "}\n" * depth +
                "    printf(\"%d\\n\", x);\n    return 0;\n}\n")
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["parens", "blocks"])
def test_nesting_3000_deep(ptrcomp, tmp_path, kind):
    """Brackets nested 3,000 deep exceed clang's bracket depth limit (256): a located
    error, or (with a larger limit) success with a correct output; never a crash."""
    src = write_files(tmp_path / "src", {"deep.c": _deep(kind, 3000)})
    out = tmp_path / "out"
    r = ptrcomp_run([src / "deep.c", "-o", out])
    assert_no_crash(r)
    if r.returncode != 0:
        assert_error(r, where=("deep.c", None))
        assert not out.exists()
    else:
        same_behaviour(src, ["deep.c"], out, tmp_path)


def test_long_operator_chain(ptrcomp, tmp_path):
    """20,000 terms joined by + (an AST 20,000 deep without brackets) is valid C."""
    terms = " + ".join(f"(unsigned)p->value * {i % 7}u" for i in range(20000))
    text = LIST_C.replace("    printf(\"sum %ld\\n\", sum);",
                          "    {\n        struct node q = { 3, NULL };\n"
                          "        struct node *p = &q;\n"
                          f"        unsigned t = {terms};\n"
                          "        printf(\"t %u\\n\", t);\n    }\n"
                          "    printf(\"sum %ld\\n\", sum);")
    src = write_files(tmp_path / "src", {"chain.c": text})
    out = tmp_path / "out"
    transform_ok(src, ["chain.c"], out)
    same_behaviour(src, ["chain.c"], out, tmp_path, opt="-O0")


def test_else_if_chain_3000(ptrcomp, tmp_path):
    """An else-if chain 3,000 long (nested IfStmts, no brackets) is valid C."""
    arms = "".join(f"        else if (p->value == {i})\n            acc += {i % 13}u;\n"
                   for i in range(3000))
    text = LIST_C.replace("    for (p = head; p; p = p->next)\n        sum += p->value;\n",
                          "    for (p = head; p; p = p->next) {\n        unsigned acc = 0;\n"
                          "        if (p->value < 0)\n            acc = 1;\n" + arms +
                          "        sum += p->value + (long)acc;\n    }\n")
    src = write_files(tmp_path / "src", {"chain.c": text})
    out = tmp_path / "out"
    transform_ok(src, ["chain.c"], out)
    # no sanitizer build: gcc -O1 -g -fsanitize takes minutes on this function
    same_behaviour(src, ["chain.c"], out, tmp_path, opt="-O0", sanitize=False)


def test_100000_lines(ptrcomp, tmp_path):
    """A valid 100,000-line file: succeeds in reasonable time, output correct."""
    lines = ["#include <stdio.h>", "#include <stdlib.h>", ""]
    nfun = 4000
    for i in range(nfun):
        lines += [f"static unsigned f{i}(unsigned x)", "{", f"    return x * {i % 17 + 1}u + {i}u;",
                  "}"]
    lines += ["static unsigned (*const funs[])(unsigned) = {"]
    lines += [f"    f{i}," for i in range(nfun)]
    lines += ["};", "", "static const unsigned table[] = {"]
    ntable = 100000 - len(lines) - 60
    lines += [f"    {(i * 2654435761) % 100003}u," for i in range(ntable)]
    lines += ["};"]
    lines += LIST_C.replace("    printf(\"sum %ld\\n\", sum);",
                            "    {\n        unsigned h = 0, k;\n"
                            "        for (k = 0; k < sizeof table / sizeof table[0]; k++)\n"
                            "            h = h * 31u + funs[k % "
                            f"{nfun}u](table[k]);\n"
                            "        printf(\"h %u\\n\", h);\n    }\n"
                            "    printf(\"sum %ld\\n\", sum);").splitlines()[2:]
    text = "\n".join(lines) + "\n"
    assert 99000 <= text.count("\n") <= 101000
    src = write_files(tmp_path / "src", {"big.c": text})
    out = tmp_path / "out"
    r = ptrcomp_run([src / "big.c", "-o", out], timeout=300)
    assert_success(r)
    same_behaviour(src, ["big.c"], out, tmp_path, opt="-O0")


# -- valid but unusual input -------------------------------------------------------------------

KR_C = """\
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

static struct node *push(head, value)
    struct node *head;
    int value;
{
    struct node *n = malloc(sizeof *n);
    if (!n)
        exit(2);
    n->value = value;
    n->next = head;
    return n;
}

static long sum(p, scale)
    struct node *p;
    long scale;
{
    long s = 0;
    for (; p; p = p->next)
        s += p->value * scale;
    return s;
}

static void release(p)
    struct node *p;
{
    while (p) {
        struct node *n = p->next;
        free(p);
        p = n;
    }
}

int main(void)
{
    struct node *head = NULL;
    int i;
    for (i = 0; i < 50; i++)
        head = push(head, i);
    printf("%ld\\n", sum(head, 3L));
    release(head);
    return 0;
}
"""

UNICODE_C = """\
/* Größenberechnung für eine verkettete Liste — «ünïcödé» comments, 日本語 */
#include <stdio.h>
#include <stdlib.h>

struct knoten {
    int wert;
    struct knoten *nächster;
};

static struct knoten *vorne_einfügen(struct knoten *kopf, int wert)
{
    struct knoten *k = malloc(sizeof *k);
    if (!k)
        exit(2);
    k->wert = wert;
    k->nächster = kopf;
    return k;
}

int main(void)
{
    struct knoten *liste = NULL, *k;
    long größe = 0, σ = 0;
    int i;
    for (i = 0; i < 40; i++)
        liste = vorne_einfügen(liste, i);
    for (k = liste; k; k = k->nächster) {
        größe++;
        σ += k->wert;
    }
    printf("Größe %ld, Σ %ld — ok\\n", größe, σ);
    while (liste) {
        k = liste->nächster;
        free(liste);
        liste = k;
    }
    return 0;
}
"""

LIB_H = """\
#ifndef LIB_H
#define LIB_H
struct item {
    int value;
    struct item *next;
};
extern struct item *lib_head;
struct item *lib_push(struct item *head, int value);
int lib_sum(const struct item *p);
void lib_free(struct item *p);
int lib_private_work(int n);
#endif
"""

LIB_C = """\
#include <stdlib.h>
#include "lib.h"

struct item *lib_head;

/* private: nobody outside sees these nodes */
struct cell {
    unsigned key;
    struct cell *next;
};

struct item *lib_push(struct item *head, int value)
{
    struct item *it = malloc(sizeof *it);
    if (!it)
        abort();
    it->value = value;
    it->next = head;
    return it;
}

int lib_sum(const struct item *p)
{
    int s = 0;
    for (; p; p = p->next)
        s += p->value;
    return s;
}

void lib_free(struct item *p)
{
    while (p) {
        struct item *n = p->next;
        free(p);
        p = n;
    }
}

int lib_private_work(int n)
{
    struct cell *head = NULL, *c;
    unsigned h = 0;
    int i;
    for (i = 0; i < n; i++) {
        c = malloc(sizeof *c);
        if (!c)
            abort();
        c->key = (unsigned)i * 2654435761u;
        c->next = head;
        head = c;
    }
    for (c = head; c; c = c->next)
        h = h * 31u + c->key;
    while (head) {
        c = head->next;
        free(head);
        head = c;
    }
    return (int)(h % 1000u);
}
"""

DRIVER_C = """\
#include <stdio.h>
#include "lib.h"

int main(void)
{
    struct item *p;
    int i, s = 0;
    for (i = 0; i < 30; i++)
        lib_head = lib_push(lib_head, i);
    for (p = lib_head; p; p = p->next)   /* walks the library's nodes itself */
        s += p->value;
    printf("%d %d %d\\n", s, lib_sum(lib_head), lib_private_work(25));
    lib_free(lib_head);
    return 0;
}
"""

STATIC_A_C = LIST_C.replace("int main(void)", "int other_sum(void);\n\n"
                            "static int helper(int x)\n{\n    return x + 1;\n}\n\n"
                            "int main(void)").replace(
    "    printf(\"sum %ld\\n\", sum);",
    "    printf(\"sum %ld %d %d\\n\", sum, helper(1), other_sum());")
STATIC_B_C = """\
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

static int helper(int x)
{
    return x * 2;
}

int other_sum(void)
{
    struct node *head = NULL, *p;
    int i, s = 0;
    for (i = 0; i < 10; i++) {
        p = malloc(sizeof *p);
        if (!p)
            abort();
        p->value = helper(i);
        p->next = head;
        head = p;
    }
    while (head) {
        s += head->value;
        p = head->next;
        free(head);
        head = p;
    }
    return s;
}
"""


def test_empty_file(ptrcomp, tmp_path):
    """An empty file is an empty translation unit: success, an empty output."""
    src = write_files(tmp_path / "src", {"empty.c": b""})
    out = tmp_path / "out"
    transform_ok(src, ["empty.c"], out)
    assert (out / "empty.c").read_bytes() == b""
    r = tl.run(["gcc", "-c", out / "empty.c", "-o", tmp_path / "empty.o"])
    assert r.returncode == 0, r.stderr


def test_nul_bytes_in_comments_and_whitespace(ptrcomp, tmp_path):
    """NUL bytes in a comment and between tokens: compilers accept them (with a warning);
    the tool must keep every byte it does not rewrite, NULs included."""
    text = LIST_C.encode().replace(b"struct node {", b"/* a \x00 b */ struct node {") \
        .replace(b"int main(void)", b"\x00int main(void)")
    src = write_files(tmp_path / "src", {"nul.c": text})
    out = tmp_path / "out"
    transform_ok(src, ["nul.c"], out)
    new = (out / "nul.c").read_bytes()
    assert b"/* a \x00 b */" in new and b"\x00int main(void)" in new
    assert new.count(b"\x00") == 2
    orig_exe, new_exe = tmp_path / "orig", tmp_path / "new"
    for sources, exe, rt in (([src / "nul.c"], orig_exe, False), ([out / "nul.c"], new_exe, True)):
        r = tl.compile_c(sources, exe, "gcc", ["-O1", "-w"], with_runtime=rt)
        assert r.returncode == 0, r.stderr
    a, b = tl.run([orig_exe]), tl.run([new_exe])
    assert (a.stdout, a.returncode) == (b.stdout, b.returncode)


def test_kr_definitions(ptrcomp, tmp_path):
    """K&R-style function definitions (valid C89, still accepted by gcc and clang)."""
    src = write_files(tmp_path / "src", {"kr.c": KR_C})
    out = tmp_path / "out"
    transform_ok(src, ["kr.c"], out)
    same_behaviour(src, ["kr.c"], out, tmp_path)


def test_non_ascii_identifiers(ptrcomp, tmp_path):
    """UTF-8 identifiers (C99 extended identifiers), comments and string literals."""
    src = write_files(tmp_path / "src", {"unicode.c": UNICODE_C})
    out = tmp_path / "out"
    transform_ok(src, ["unicode.c"], out)
    new = (out / "unicode.c").read_text(encoding="utf-8")
    assert "Größenberechnung" in new and "日本語" in new
    same_behaviour(src, ["unicode.c"], out, tmp_path)


def test_latin1_bytes_are_kept(ptrcomp, tmp_path):
    """Bytes that are not UTF-8 in comments and strings (a Latin-1 file) are valid C: they
    pass through byte for byte."""
    text = LIST_C.encode().replace(b"struct node {", b"/* Gr\xf6\xdfe */\nstruct node {") \
        .replace(b'"sum %ld\\n"', b'"sum \xe9 %ld\\n"')
    src = write_files(tmp_path / "src", {"latin1.c": text})
    out = tmp_path / "out"
    transform_ok(src, ["latin1.c"], out)
    new = (out / "latin1.c").read_bytes()
    assert b"/* Gr\xf6\xdfe */" in new and b'"sum \xe9 %ld\\n"' in new
    same_behaviour(src, ["latin1.c"], out, tmp_path)


def test_crlf_line_endings(ptrcomp, tmp_path):
    """A file with CRLF line endings keeps them."""
    text = LIST_C.replace("\n", "\r\n").encode()
    src = write_files(tmp_path / "src", {"crlf.c": text})
    out = tmp_path / "out"
    transform_ok(src, ["crlf.c"], out)
    new = (out / "crlf.c").read_bytes()
    assert new.count(b"\n") == new.count(b"\r\n"), "line endings were changed"
    same_behaviour(src, ["crlf.c"], out, tmp_path)


def test_utf8_bom_and_no_final_newline(ptrcomp, tmp_path):
    """A UTF-8 byte order mark and a missing final newline are kept."""
    text = b"\xef\xbb\xbf" + LIST_C.rstrip("\n").encode()
    src = write_files(tmp_path / "src", {"bom.c": text})
    out = tmp_path / "out"
    transform_ok(src, ["bom.c"], out)
    new = (out / "bom.c").read_bytes()
    assert new.startswith(b"\xef\xbb\xbf"), "the byte order mark was lost"
    assert new.endswith(b"}"), "a final newline was added or the end changed"
    same_behaviour(src, ["bom.c"], out, tmp_path)


def test_file_name_with_spaces_and_non_ascii(ptrcomp, tmp_path):
    name = "my prog ü.c"
    src = write_files(tmp_path / "src dir", {name: LIST_C})
    out = tmp_path / "out dir"
    transform_ok(src, [name], out)
    same_behaviour(src, [name], out, tmp_path)


def test_very_long_line(ptrcomp, tmp_path):
    """One line of about a megabyte (a long initializer) is valid."""
    init = ", ".join(str(i % 1000) for i in range(250000))
    text = LIST_C.replace("int main(void)",
                          f"static const short big[] = {{ {init} }};\n\nint main(void)") \
        .replace("    printf(\"sum %ld\\n\", sum);",
                 "    printf(\"sum %ld %d\\n\", sum, big[sizeof big / sizeof big[0] - 1]);")
    assert max(len(l) for l in text.splitlines()) > 1_000_000
    src = write_files(tmp_path / "src", {"long.c": text})
    out = tmp_path / "out"
    transform_ok(src, ["long.c"], out)
    same_behaviour(src, ["long.c"], out, tmp_path, opt="-O0")


def test_program_without_main_is_a_library(ptrcomp, tmp_path):
    """A library (no main): its externally visible types, functions and globals are left
    as they were, so a client that is not transformed links against the output and walks
    the library's nodes itself."""
    src = write_files(tmp_path / "src", {"lib.c": LIB_C, "lib.h": LIB_H})
    client = write_files(tmp_path / "client", {"driver.c": DRIVER_C.replace(
        '#include "lib.h"', f'#include "{src / "lib.h"}"')})
    out = tmp_path / "out"
    transform_ok(src, ["lib.c"], out)
    if (out / "lib.h").exists():
        assert (out / "lib.h").read_text() == LIB_H, "the public header was changed"
    same_behaviour(src, ["lib.c"], out, tmp_path, extra_orig=[client / "driver.c"],
                   extra_new=[client / "driver.c"])


def test_static_functions_with_same_name_in_two_files(ptrcomp, tmp_path):
    """Internal linkage: `static int helper` in two files is no conflict."""
    src = write_files(tmp_path / "src", {"a.c": STATIC_A_C, "b.c": STATIC_B_C})
    out = tmp_path / "out"
    transform_ok(src, ["a.c", "b.c"], out)
    same_behaviour(src, ["a.c", "b.c"], out, tmp_path)


def test_same_file_twice(ptrcomp, tmp_path):
    """The same file named twice, or by two spellings, is processed once: the output is
    what naming it once gives."""
    src = write_files(tmp_path / "src", {"a.c": LIST_C})
    once, twice = tmp_path / "once", tmp_path / "twice"
    rel_once, spelled = tmp_path / "rel-once", tmp_path / "spelled"
    transform_ok(src, ["a.c"], once)
    assert_success(ptrcomp_run([src / "a.c", src / "a.c", "-o", twice]))
    assert_same_tree(twice, once)
    assert_success(ptrcomp_run(["a.c", "-o", rel_once], cwd=src))
    assert_success(ptrcomp_run(["a.c", "../src/a.c", "-o", spelled], cwd=src))
    assert_same_tree(spelled, rel_once)
    same_behaviour(src, ["a.c"], twice, tmp_path)


def test_output_does_not_depend_on_path_spelling(ptrcomp, tmp_path):
    """The same file named by an absolute or a relative path gives the same output: the
    output must not carry the machine's directory layout (reproducible builds)."""
    src = write_files(tmp_path / "src", {"a.c": LIST_C})
    absolute, relative = tmp_path / "abs", tmp_path / "rel"
    assert_success(ptrcomp_run([src / "a.c", "-o", absolute]))
    assert_success(ptrcomp_run(["a.c", "-o", relative], cwd=src))
    assert_same_tree(absolute, relative)


def test_in_place_leaves_no_temporary_files(ptrcomp, tmp_path):
    """-i on a valid program: the file is replaced (or left) and nothing else appears."""
    src = write_files(tmp_path / "src", {"a.c": LIST_C})
    keep = write_files(tmp_path / "orig", {"a.c": LIST_C})
    r = ptrcomp_run([src / "a.c", "-i"])
    assert_success(r)
    assert sorted(snapshot(src)) == ["a.c"]
    tl.check_same_behaviour([keep / "a.c"], [src / "a.c"], tmp_path)


def test_report_file_written_only_on_success(ptrcomp, tmp_path):
    """--report-file is not created when the run fails."""
    src = write_files(tmp_path / "src", {"bad.c": "int main(void) { return }\n"})
    report = tmp_path / "report.json"
    r = ptrcomp_run([src / "bad.c", "--report=json", f"--report-file={report}"])
    assert_error(r, where=("bad.c", 1))
    assert r.stdout == ""
    assert not report.exists()
