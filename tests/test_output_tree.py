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
