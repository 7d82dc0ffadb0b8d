"""The whole program links: clones of inline and static functions of headers keep their
function's linkage (tests/exec_multi/inline_c99, inline_gnu89, inline_in_source,
static_inline_unused, static_header), and the self-check checks the external symbols of
the transformed program, so that a rewrite that would define a symbol twice or not at
all leaves the structures it serves unchanged (shown with the testing-only
--inject-fault), in the single command and in the step mode alike."""
import json
import re
import shutil

import pytest

import ptrcomp_testlib as tl
import test_step_mode

MULTI = tl.ROOT / "tests" / "exec_multi"


def transform(case, out, *args, flags=("-std=gnu11",), cwd=None, vetoes=False):
    """`vetoes`: the link check is expected to veto (a limit it is the test of)."""
    src = cwd or MULTI / case
    files = sorted(p.name for p in src.glob("*.c"))
    r = tl.run_ptrcomp(*files, "-o", out, "--report=json", *args, "--", *flags, cwd=src,
                       self_check_vetoes=vetoes)
    assert r.returncode == 0, r.stderr
    return files, json.loads(r.stdout)["structures"], r.stderr


def node(structures):
    found = [s for s in structures if s["type"] == "struct node"]
    assert len(found) == 1, structures
    return found[0]


def definitions(text, name):
    """The definitions (not declarations) of function `name` in C text."""
    return re.findall(r"^[^\n;{}]*\b" + name + r"\([^;{]*\)\s*\{", text, re.M)


def same_behaviour(case, files, out, tmp_path, flags=(), src=None):
    src = src or MULTI / case
    tl.check_same_behaviour([src / f for f in files], [out / f for f in files], tmp_path,
                            args=["300"], original_flags=list(flags),
                            transformed_flags=list(flags))


def test_c99_inline_in_a_header(ptrcomp, tmp_path):
    """C99: node.h defines `inline int node_val`, a.c's `extern inline` declaration makes
    a.c's the external definition. The clone's local version stays an inline definition
    in the header (static inline), its external entry goes after a.c's declaration: one
    definition in the program, and b.c and main.c call it."""
    out = tmp_path / "out"
    files, structures, stderr = transform("inline_c99", out)
    n = node(structures)
    assert n["compressed"], n
    header = (out / "node.h").read_text()
    a = (out / "a.c").read_text()
    assert definitions(header, "node_val_pc32_local")
    assert "static inline int node_val_pc32_local(" in header
    assert not definitions(header, "node_val_pc32"), header
    assert len(definitions(a, "node_val_pc32")) == 1, a
    assert a.index("extern inline int node_val(struct node *n);") < a.index(
        "int node_val_pc32(")
    for f in ("b.c", "main.c"):
        assert not definitions((out / f).read_text(), "node_val_pc32")
    assert "internal error" not in stderr
    same_behaviour("inline_c99", files, out, tmp_path)


@pytest.mark.parametrize("flags", [["-std=gnu11"],
                                   ["-std=gnu11", "-fgnu89-inline", "-DNO_GNU_INLINE_ATTR"]],
                         ids=["gnu_inline-attribute", "fgnu89-inline"])
def test_gnu89_inline_in_a_header(ptrcomp, tmp_path, flags):
    """gnu89 rules, reversed: node.h's `extern inline` definition is for inlining only and
    b.c's declaration with `inline` and without `extern` makes b.c's the external one
    (b.c, not a.c, the first file, holds the program's copy of node_val): the clone's
    entry goes to b.c, its local version stays inline in the header."""
    out = tmp_path / "out"
    files, structures, stderr = transform("inline_gnu89", out, flags=flags)
    n = node(structures)
    assert n["compressed"], n
    header = (out / "node.h").read_text()
    b = (out / "b.c").read_text()
    assert "static inline int node_val_pc32_local(" in header
    assert not definitions(header, "node_val_pc32"), header
    assert len(definitions(b, "node_val_pc32")) == 1, b
    assert not definitions((out / "a.c").read_text(), "node_val_pc32")
    assert "internal error" not in stderr
    same_behaviour("inline_gnu89", files, out, tmp_path, flags=flags[1:])


def test_inline_defined_in_a_source_file(ptrcomp, tmp_path):
    """a.c's inline definition is external because node.h declares node_val without
    `inline`. That declaration comes first, but it is in a header that main.c includes
    too: the clone's entry goes after its local version in a.c (once written after the
    declaration in node.h, where every file that includes it defines it, and before the
    local version it calls)."""
    out = tmp_path / "out"
    files, structures, stderr = transform("inline_in_source", out)
    n = node(structures)
    assert n["compressed"], n
    a = (out / "a.c").read_text()
    assert not definitions((out / "node.h").read_text(), "node_val_pc32")
    assert len(definitions(a, "node_val_pc32")) == 1, a
    assert a.index("static inline int node_val_pc32_local(") < a.index("int node_val_pc32(")
    assert "internal error" not in stderr
    same_behaviour("inline_in_source", files, out, tmp_path)


def test_static_inline_helper_in_a_header(ptrcomp, tmp_path):
    """A static inline helper of a header that banner.c includes and never calls: its
    clone stays static inline (a static function would fail -Wunused-function -Werror in
    banner.c, which the harness builds with)."""
    out = tmp_path / "out"
    files, structures, _ = transform("static_inline_unused", out)
    assert node(structures)["compressed"]
    header = (out / "node.h").read_text()
    assert "static inline int node_weight_pc32(" in header, header
    same_behaviour("static_inline_unused", files, out, tmp_path)


def test_static_function_in_a_header(ptrcomp, tmp_path):
    """count.h's static count_big: main.c calls only its clone, b.c its clone and the
    original (on a list of stack nodes). Each file has a copy of its own, rewritten at
    the same place: the header gets the clone once, after the original that b.c still
    calls (the two files' rewrites once wrote it in the original's place and after it:
    twice), and main.c, which no longer calls the original, sees it marked unused."""
    out = tmp_path / "out"
    files, structures, stderr = transform("static_header", out)
    n = node(structures)
    assert n["compressed"], n
    header = (out / "count.h").read_text()
    assert len(definitions(header, "count_big_pc32")) == 1, header
    assert len(definitions(header, "count_big")) == 1, header
    assert "__attribute__((unused)) static int count_big(" in header, header
    same_behaviour("static_header", files, out, tmp_path)


# The link check: faults injected in the rewrite of inline_c99.

def check_vetoed(src, out, structures, stderr, fault_text):
    n = node(structures)
    assert not n["compressed"] and n["pool"] is None, n
    reasons = " ".join(n["reasons"])
    assert "the rewritten program would not link (" + fault_text in reasons, reasons
    assert "internal error" not in stderr
    for f in src.iterdir():
        assert (out / f.name).read_bytes() == f.read_bytes(), f"{f.name} changed"
    return reasons


def test_duplicate_definition_vetoes(ptrcomp, tmp_path):
    """The bug this check was made for: the clone's external entry also written into the
    header (as ptrcomp once wrote it) is defined by every file that includes it. Each file
    compiles on its own; the link check names both definitions, and the structure stays
    unchanged."""
    out = tmp_path / "out"
    _, structures, stderr = transform("inline_c99", out, "--inject-fault=link-duplicate")
    reasons = check_vetoed(MULTI / "inline_c99", out, structures, stderr,
                           "multiple definition of 'node_val_pc32': ")
    assert re.search(r"node\.h:\d+:\d+ in a\.c and node\.h:\d+:\d+ in b\.c", reasons), reasons
    assert "in code ptrcomp wrote" in reasons


def test_undefined_reference_vetoes(ptrcomp, tmp_path):
    """The entry not written at all: b.c's call of the clone has no definition."""
    out = tmp_path / "out"
    _, structures, stderr = transform("inline_c99", out, "--inject-fault=link-undefined")
    reasons = check_vetoed(MULTI / "inline_c99", out, structures, stderr,
                           "undefined reference to 'node_val_pc32' at ")
    assert "no file of the program defines it" in reasons


def test_inline_without_external_definition(ptrcomp, tmp_path):
    """No file has an external definition of node_val (the program counts on its calls
    being inlined): the clone's entry has no place, and the link check leaves the
    structure unchanged rather than write calls that nothing defines."""
    src = tmp_path / "src"
    shutil.copytree(MULTI / "inline_c99", src)
    a = (src / "a.c").read_text().replace("extern inline int node_val(struct node *n);\n", "")
    (src / "a.c").write_text(a)
    out = tmp_path / "out"
    _, structures, stderr = transform("inline_c99", out, cwd=src, vetoes=True)
    n = node(structures)
    assert not n["compressed"], n
    assert "undefined reference to 'node_val_pc32'" in " ".join(n["reasons"]), n
    assert "internal error" not in stderr
    assert (out / "a.c").read_text() == a


def test_variadic_inline_clone_vetoed(ptrcomp, tmp_path):
    """node_val made variadic: its clone cannot be split into a local version and an
    entry, so the clone that b.c and main.c call is an ordinary definition after the
    original in node.h, defined by every file that includes it. Each file compiles; the
    link check leaves the structure unchanged, naming both definitions."""
    src = tmp_path / "src"
    shutil.copytree(MULTI / "inline_c99", src)
    for f in src.iterdir():
        text = f.read_text().replace("node_val(struct node *n)", "node_val(struct node *n, ...)")
        f.write_text(text.replace("node_val(l)", "node_val(l, 0)"))
    out = tmp_path / "out"
    _, structures, stderr = transform("inline_c99", out, cwd=src, vetoes=True)
    reasons = check_vetoed(src, out, structures, stderr,
                           "multiple definition of 'node_val_pc32': ")
    assert re.search(r"node\.h:\d+:\d+ in a\.c and node\.h:\d+:\d+ in b\.c", reasons), reasons


def test_unexplained_link_error(ptrcomp, tmp_path):
    """A symbol defined twice by text no structure explains (an object defined in a
    header beside the runtime's #include): the program is left unchanged, with the
    internal error note naming the symbol."""
    out = tmp_path / "out"
    _, structures, stderr = transform("inline_c99", out, "--inject-fault=link-unexplained")
    assert all(s["pool"] is None for s in structures), structures
    for f in (MULTI / "inline_c99").iterdir():
        assert (out / f.name).read_bytes() == f.read_bytes(), f"{f.name} changed"
    lines = [line for line in stderr.splitlines() if "internal error" in line]
    assert len(lines) == 1, stderr
    assert lines[0].startswith("node.h:") and "would not link" in lines[0], lines[0]
    assert "multiple definition of 'ptrcomp_injected_link_fault'" in lines[0]
    assert "report this as a bug" in lines[0]


@pytest.mark.parametrize("fault", ["link-duplicate", "link-undefined"])
def test_link_check_in_step_mode(ptrcomp, tmp_path, fault):
    """The finish of the step mode checks the link with every unit's result: the same
    vetoes, output and report as the single command: the program left unchanged."""
    src = MULTI / "inline_c99"
    files = sorted(p.name for p in src.glob("*.c"))
    out = test_step_mode.same(files, src, tmp_path, ["-std=gnu11"],
                              [f"--inject-fault={fault}"])
    assert out == test_step_mode.tree(src)
    report = json.loads((tmp_path / "single.json").read_text())
    assert "would not link" in " ".join(node(report["structures"])["reasons"])


def test_gnu89_inline_through_a_macro(ptrcomp, tmp_path):
    """list.h writes its definitions with LIST_INLINE, `extern inline` (gnu_inline) in
    main.c and nothing in list.c, which defines LIST_IMPL: list.c's copies are the
    program's external definitions (a definition that is not inline wins over inline
    ones, once a "redefinition" error). An ordinary definition in a header is split like
    an inline function's: the local version static inline in the header, the external
    entry at the end of list.c: one definition of each in the program (once written in
    the header, where main.c defined it too)."""
    out = tmp_path / "out"
    files, structures, stderr = transform("inline_gnu89_macro", out)
    n = node(structures)
    assert n["compressed"], n
    header = (out / "list.h").read_text()
    assert "static inline pc_idx32 list_push_pc32_local(" in header, header
    assert not definitions(header, "list_push_pc32"), header
    assert len(definitions((out / "list.c").read_text(), "list_push_pc32")) == 1
    assert not definitions((out / "main.c").read_text(), "list_push_pc32")
    assert "internal error" not in stderr
    same_behaviour("inline_gnu89_macro", files, out, tmp_path, flags=["-std=gnu11"])


def test_weak_definitions(ptrcomp, tmp_path):
    """hooks.c defines weak defaults; report.c replaces hook_report. The strong definition
    is the program's (no "redefinition" error). hook_weight keeps its weak default, which
    a definition in code ptrcomp cannot see may replace at link time: what it is given
    stays unchanged. Built with report.c, and with only hooks.c and main.c given to
    ptrcomp and report.c (unseen) linked to the output: both behave as the original."""
    out = tmp_path / "out"
    files, structures, stderr = transform("weak_definitions", out)
    by_type = {s["type"]: s for s in structures}
    assert not by_type["struct item"]["compressed"]
    assert by_type["struct item"]["reasons"][0].startswith(
        "escapes: parameter of 'hook_weight', defined weak, which a definition in code "
        "ptrcomp cannot see may replace"), by_type["struct item"]
    assert by_type["struct cell"]["compressed"], by_type["struct cell"]
    same_behaviour("weak_definitions", files, out, tmp_path, flags=["-std=gnu11"])

    src = tmp_path / "src"
    shutil.copytree(MULTI / "weak_definitions", src)
    (src / "report.c").rename(tmp_path / "report.c")
    out2 = tmp_path / "out2"
    files2, structures2, _ = transform("weak_definitions", out2, cwd=src)
    assert files2 == ["hooks.c", "main.c"]
    shutil.copy(tmp_path / "report.c", src / "report.c")
    shutil.copy(tmp_path / "report.c", out2 / "report.c")
    same_behaviour("weak_definitions", [*files2, "report.c"], out2, tmp_path / "b",
                   flags=["-std=gnu11"], src=src)
