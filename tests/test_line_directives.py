"""#line directives (tool/LineDirectives.cpp): after the lines ptrcomp inserts, every
original line keeps its number and file name (the directives name no file unless the
original's own gave it another). The exec tests check every program's output
with tl.check_line_numbers and run tests/exec/line_numbers*.c, which print __LINE__ after
each kind of insertion; these tests cover the places where a directive must not go, the
directives a file already has, and the other outputs that must carry them."""
import pathlib
import shutil

import ptrcomp_testlib as tl

LISTS_C = tl.ROOT / "examples" / "lists.c"

# SECOND's uses are written as its expansion, on one line: one line fewer each time.
SHIFTS_C = r"""#include <stdio.h>
#include <stdlib.h>

struct node {
    int val;
    struct node *next;
};

#define SECOND(n) ((n)->next->val)

int main(void) {
    struct node *l = NULL;
    for (int i = 0; i < 4; i++) {
        struct node *n = malloc(sizeof *n);
        n->val = i;
        n->next = l;
        l = n;
    }
    int a = SECOND(
        l); /* a comment that starts on the line that lost a line
               and ends here */
    printf("%d at line %d\n", a, __LINE__);
    printf("%d %d\n", SECOND(
               l),
           a);
    printf("after the call: line %d\n", __LINE__);
#ifdef NEVER
    int b = (a +
#else
    int b = (a -
#endif
             1);
    printf("%d after an #if with a parenthesis per branch\n", b + SECOND(
        l));
    printf("last: line %d\n", __LINE__);
    while (l) {
        struct node *n = l->next;
        free(l);
        l = n;
    }
    return 0;
}
"""


def transform(tmp_path, name, text, *args):
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / name).write_text(text)
    out = tmp_path / "out"
    r = tl.run_ptrcomp(name, "-o", out, *args, "--", "-std=gnu11", cwd=src)
    assert r.returncode == 0, r.stderr
    return src / name, out / name


def test_joined_lines_keep_their_numbers(ptrcomp, tmp_path):
    """Macro uses spread over lines, written as their expansions on one line, end with
    the line breaks they lack: the comment that starts after one, the call's last
    argument and the code after them keep their lines, with no directive at all inside
    comments or parentheses (where -pedantic would warn about one in a macro's
    arguments)."""
    orig, out = transform(tmp_path, "shifts.c", SHIFTS_C)
    lines = out.read_text().splitlines()
    directives = [k for k, line in enumerate(lines) if line.startswith("#line")]
    for k in directives:
        assert not lines[k - 1].rstrip().endswith(("\\", "(", ",")), lines[k - 1]
        assert "and ends here" not in lines[k + 1]
    assert not any("__LINE__" in lines[k + 1] for k in directives), lines
    tl.check_same_behaviour([orig], [out], tmp_path, sanitize=False,
                            original_flags=["-pedantic"], transformed_flags=["-pedantic"])


def test_directives_of_the_input_are_followed(ptrcomp, tmp_path):
    """Generated code (a parser from bison) says with #line where its lines come from; an
    original line keeps the line and file they give it, and the file's own directives stay
    as they are."""
    text = r"""#include <stdio.h>
#include <stdlib.h>
#line 10 "grammar.y"
struct node { int v; struct node *next; };
int main(void) {
    struct node *h = NULL;
    for (int i = 0; i < 3; i++) {
        struct node *n = malloc(sizeof *n); n->v = i; n->next = h; h = n;
    }
    printf("%s:%d\n", __FILE__, __LINE__);
#line 30
    while (h) { struct node *n = h->next; free(h); h = n; }
    printf("%s:%d\n", __FILE__, __LINE__);
    return 0;
}
"""
    orig, out = transform(tmp_path, "gen.c", text)
    new = out.read_text()
    assert '#line 10 "grammar.y"' in new and "\n#line 30\n" in new
    assert '"gen.c"' not in new, new
    assert '\n#line 32\n    return 0;' in new, new
    tl.check_same_behaviour([orig], [out], tmp_path, sanitize=False)


def test_diff_carries_the_directives(ptrcomp, tmp_path):
    """--diff applied with patch gives the file -o writes, directives included."""
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(LISTS_C, work / "lists.c")
    r = tl.run_ptrcomp("lists.c", "--diff", cwd=work)
    assert r.returncode == 0, r.stderr
    assert '+#line 22\n' in r.stdout
    out = tl.run_ptrcomp("lists.c", "-o", tmp_path / "out", cwd=work)
    assert out.returncode == 0, out.stderr
    p = tl.run(["patch", "-s", "-p1", "-d", work], input=r.stdout)
    assert p.returncode == 0, p.stderr
    assert (work / "lists.c").read_bytes() == (tmp_path / "out" / "lists.c").read_bytes()


def test_crlf_file_gets_crlf_directives(ptrcomp, tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "crlf.c").write_bytes(LISTS_C.read_bytes().replace(b"\n", b"\r\n"))
    r = tl.run_ptrcomp("crlf.c", "-o", tmp_path / "out", cwd=src)
    assert r.returncode == 0, r.stderr
    new = (tmp_path / "out" / "crlf.c").read_bytes()
    assert b'#line 22\r\n' in new
    assert new.count(b"\n") == new.count(b"\r\n")


def test_no_name_whatever_the_path(ptrcomp, tmp_path):
    """Whatever path ptrcomp is given (relative, ./, absolute), the directives name no
    file: the output names no directory of the machine, and the same input gives the
    same output."""
    src = tmp_path / "proj" / "src"
    src.mkdir(parents=True)
    shutil.copy(LISTS_C, src / "lists.c")
    outs = []
    for k, (cwd, name) in enumerate([(src, "lists.c"), (src, "./lists.c"),
                                     (tmp_path, "proj/src/lists.c"),
                                     (tmp_path, str(src / "lists.c"))]):
        r = tl.run_ptrcomp(name, "-o", tmp_path / f"out{k}", cwd=cwd)
        assert r.returncode == 0, r.stderr
        outs.append((tmp_path / f"out{k}" / "lists.c").read_text())
    assert all(o == outs[0] for o in outs)
    assert '\n#line 22\n' in outs[0] and '"lists.c"' not in outs[0]


FILE_NAMES = {
    "lib/list.h": """#include <stdio.h>
struct node { int v; struct node *next; };
struct node *push(struct node *h, int v);
static inline void where(void) { printf("header %s:%d\\n", __FILE__, __LINE__); }
""",
    "lib/list.c": """#include <stdlib.h>
#include "list.h"
struct node *push(struct node *h, int v) {
    struct node *n = malloc(sizeof *n);
    if (!n) exit(1);
    n->v = v; n->next = h;
    printf("push %s:%d\\n", __FILE__, __LINE__);
    return n;
}
""",
    "src/main.c": """#include <stdlib.h>
#include "../lib/list.h"
int main(void) {
    struct node *h = NULL;
    long s = 0;
    for (int i = 0; i < 3; i++) h = push(h, i);
    for (struct node *p = h; p; p = p->next) s += p->v;
    where();
    printf("main %s:%d %ld\\n", __FILE__, __LINE__, s);
    while (h) { struct node *n = h->next; free(h); h = n; }
    return 0;
}
""",
}


def test_file_names_as_the_build_spells_them(ptrcomp, tmp_path):
    """A program built from src/ (`cc main.c ../lib/list.c`, the header included as
    "../lib/list.h"): __FILE__ of the edited files and header is what the build's
    compiler names them, not their paths in ptrcomp's output tree (a directive naming
    "lib/list.c" changed what the program prints)."""
    proj = tmp_path / "proj"
    for rel, text in FILE_NAMES.items():
        (proj / rel).parent.mkdir(parents=True, exist_ok=True)
        (proj / rel).write_text(text)
    out = tmp_path / "out"
    r = tl.run_ptrcomp("src/main.c", "lib/list.c", "-o", out, "--report=json", "--",
                       "-std=gnu11", cwd=proj)
    assert r.returncode == 0, r.stderr
    assert '"compressed": true' in r.stdout
    changed = [rel for rel in FILE_NAMES
               if (out / rel).read_text() != (proj / rel).read_text()]
    assert "lib/list.c" in changed and "#line" in (out / "lib/list.c").read_text()
    runs = []
    for root in (proj, out):
        exe = tmp_path / f"prog-{root.name}"
        c = tl.compile_c([root / "src" / "main.c", root / "lib" / "list.c"], exe, "cc",
                         ["-O2"], with_runtime=root == out, cwd=root / "src")
        assert c.returncode == 0, c.stderr
        runs.append(tl.run([exe]).stdout)
    assert "push ../lib/list.c:" in runs[0] and "header ../lib/list.h:4" in runs[0], runs
    assert runs[0] == runs[1], runs
