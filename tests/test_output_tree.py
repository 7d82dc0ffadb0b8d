"""-o DIR mirrors every project file the program reads, wherever it is relative to the
inputs (a test driver that does `#include "../lib.c"`, a header beside it), so that
relative includes work in the output tree as in the input tree."""
import pathlib

import ptrcomp_testlib as tl

LIB_C = """\
#include <stdlib.h>
#include "../include/item.h"

static struct item *push(struct item *head, int v) {
    struct item *i = malloc(sizeof *i);
    i->v = v;
    i->next = head;
    return i;
}

static int total(const struct item *i) {
    int s = 0;
    for (; i; i = i->next)
        s += i->v;
    return s;
}

static void drop(struct item *i) {
    while (i) {
        struct item *n = i->next;
        free(i);
        i = n;
    }
}
"""

ITEM_H = """\
#ifndef ITEM_H
#define ITEM_H
struct item {
    int v;
    struct item *next;
};
#endif
"""

DRIVER_C = """\
#include <stdio.h>
#include "../lib/lib.c"

int main(void) {
    struct item *l = NULL;
    for (int k = 0; k < 50; k++)
        l = push(l, k);
    printf("%d\\n", total(l));
    drop(l);
    return 0;
}
"""


def test_relative_includes_outside_the_inputs_directory(ptrcomp, tmp_path):
    src = tmp_path / "src"
    for rel, text in {"lib/lib.c": LIB_C, "include/item.h": ITEM_H,
                      "tests/driver.c": DRIVER_C}.items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(text)
    out = tmp_path / "out"
    r = tl.run_ptrcomp(src / "tests" / "driver.c", "-o", out, "--report", "--",
                       "-std=gnu11")
    assert r.returncode == 0, r.stderr
    assert "compressed" in r.stdout, r.stdout
    # The layout of the tree is the input's, from the files' common directory.
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert written == ["include/item.h", "lib/lib.c", "tests/driver.c"], written
    assert "struct item_pc32" in (out / "include" / "item.h").read_text()
    tl.check_same_behaviour([src / "tests" / "driver.c"], [out / "tests" / "driver.c"],
                            tmp_path)


def test_unchanged_headers_from_include_directories_stay_where_they_are(ptrcomp, tmp_path):
    """A header found through -I elsewhere, unchanged, is not copied (the build finds it
    where it is), even when it includes another header relative to itself."""
    ext = tmp_path / "ext"
    ext.mkdir()
    (ext / "limits_ext.h").write_text('#include "limits_more.h"\n#define START 3\n')
    (ext / "limits_more.h").write_text("#define STEP 2\n")
    src = tmp_path / "proj"
    src.mkdir()
    (src / "main.c").write_text(
        '#include <stdio.h>\n#include <stdlib.h>\n#include "limits_ext.h"\n'
        "struct n { int v; struct n *next; };\n"
        "int main(void) {\n    struct n *l = NULL;\n"
        "    for (int i = START; i < 40; i += STEP) {\n"
        "        struct n *x = malloc(sizeof *x);\n        x->v = i;\n        x->next = l;\n"
        "        l = x;\n    }\n    int s = 0;\n"
        "    while (l) {\n        struct n *nx = l->next;\n        s += l->v;\n"
        "        free(l);\n        l = nx;\n    }\n    printf(\"%d\\n\", s);\n    return 0;\n}\n")
    out = tmp_path / "out"
    r = tl.run_ptrcomp(src / "main.c", "-o", out, "--", "-std=gnu11", f"-I{ext}")
    assert r.returncode == 0, r.stderr
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert written == ["main.c"], written
    assert "struct n_pc32" in (out / "main.c").read_text()
