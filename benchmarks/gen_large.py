#!/usr/bin/env python3
"""Generate a large, valid C program for measuring how fast ptrcomp processes big inputs.

The program consists of many "units". Each unit declares one struct type whose fields
point to itself and to other units' structs, and functions that allocate, link,
traverse and free instances of it; a per-unit driver builds its own structure plus the
structures it points to, and a chain function calls the chain of an earlier unit, so
that call chains cross many units. main() calls every chain and prints a checksum.

The output is a pure function of --seed and --lines; it compiles with gcc -Wall -Werror
and runs in well under a second.

With --files N it writes a multi-file project instead (see generate_project()): N C files
under src/a/ and src/b/ that include <stdio.h>, <stdlib.h>, <string.h> and shared project
headers from include/, with a compile_commands.json, a CMakeLists.txt and a Makefile.

usage: gen_large.py [--lines N] [--seed S] [-o FILE]
       gen_large.py --files N [--lines-per-file L] [--seed S] -o DIR
"""
import argparse
import json
import os
import random
import shutil
import sys


class Unit:
    def __init__(self, rng, index):
        self.i = index
        self.kind = rng.choice(["list", "list", "tree"])
        self.nints = rng.randint(1, 3)
        # pointer fields to other units: chosen later, once the number of units is known
        self.nptrs = rng.randint(1, 3)
        self.targets = []
        self.length = rng.randint(2, 6)
        self.mult = rng.choice([3, 5, 7, 11, 13, 17, 19, 23, 29, 31])
        self.chain_to = None

    @property
    def name(self):
        return f"s{self.i}"


def emit_struct(u, out):
    out.append(f"struct {u.name} {{")
    out.append("    int id;")
    out.append("    unsigned long long val;")
    for k in range(u.nints):
        out.append(f"    int extra{k};")
    if u.kind == "list":
        out.append(f"    struct {u.name} *next;")
    else:
        out.append(f"    struct {u.name} *left, *right;")
    for k, t in enumerate(u.targets):
        out.append(f"    struct s{t} *p{k};")
    out.append("};")
    out.append("")


def prototypes(u):
    n = u.name
    return [
        f"static struct {n} *{n}_new(int id);",
        f"static struct {n} *{n}_build(int n);",
        f"static unsigned long long {n}_sum(const struct {n} *p);",
        f"static void {n}_free(struct {n} *p);",
        f"static unsigned long long {n}_run(int n);",
        f"static unsigned long long {n}_chain(int depth);",
    ]


def emit_unit(u, units, out):
    n = u.name
    # constructor
    out += [
        f"static struct {n} *{n}_new(int id)",
        "{",
        f"    struct {n} *p = malloc(sizeof *p);",
        "",
        "    if (p == NULL)",
        "        out_of_memory();",
        "    p->id = id;",
        f"    p->val = (unsigned long long)id * {u.mult}u + {u.i % 97}u;",
    ]
    for k in range(u.nints):
        out.append(f"    p->extra{k} = id ^ {(u.i * 7 + k) % 251};")
    if u.kind == "list":
        out.append("    p->next = NULL;")
    else:
        out.append("    p->left = NULL;")
        out.append("    p->right = NULL;")
    for k in range(len(u.targets)):
        out.append(f"    p->p{k} = NULL;")
    out += ["    return p;", "}", ""]

    # builder
    if u.kind == "list":
        out += [
            f"static struct {n} *{n}_build(int n)",
            "{",
            f"    struct {n} *head = NULL;",
            "    int i;",
            "",
            "    for (i = 0; i < n; i++) {",
            f"        struct {n} *p = {n}_new(i);",
            "        p->next = head;",
            "        head = p;",
            "    }",
            "    return head;",
            "}",
            "",
        ]
    else:
        out += [
            f"static struct {n} *{n}_build(int n)",
            "{",
            f"    struct {n} *p;",
            "",
            "    if (n <= 0)",
            "        return NULL;",
            f"    p = {n}_new(n);",
            f"    p->left = {n}_build(n / 2);",
            f"    p->right = {n}_build(n - 1 - n / 2);",
            "    return p;",
            "}",
            "",
        ]

    # linker: point every element at the given targets
    params = ", ".join(f"struct s{t} *a{k}" for k, t in enumerate(u.targets))
    out += [f"static void {n}_link(struct {n} *p, {params})", "{"]
    if u.kind == "list":
        out.append("    for (; p != NULL; p = p->next) {")
        for k in range(len(u.targets)):
            out.append(f"        p->p{k} = a{k};")
        out.append("    }")
    else:
        args = ", ".join(f"a{k}" for k in range(len(u.targets)))
        out.append("    if (p == NULL)")
        out.append("        return;")
        for k in range(len(u.targets)):
            out.append(f"    p->p{k} = a{k};")
        out.append(f"    {n}_link(p->left, {args});")
        out.append(f"    {n}_link(p->right, {args});")
    out += ["}", ""]

    # traversal
    body = ["        h = h * 31u + p->val;"]
    for k in range(u.nints):
        body.append(f"        h += (unsigned long long)(p->extra{k} & 0xff);")
    for k, t in enumerate(u.targets):
        body.append(f"        if (p->p{k} != NULL)")
        body.append(f"            h ^= p->p{k}->val + (unsigned long long)p->p{k}->id;")
    if u.kind == "list":
        out += [
            f"static unsigned long long {n}_sum(const struct {n} *p)",
            "{",
            "    unsigned long long h = 0;",
            "",
            "    for (; p != NULL; p = p->next) {",
            *body,
            "    }",
            "    return h;",
            "}",
            "",
        ]
    else:
        out += [
            f"static unsigned long long {n}_sum(const struct {n} *p)",
            "{",
            "    unsigned long long h = 0;",
            "",
            "    if (p != NULL) {",
            *body,
            f"        h += {n}_sum(p->left) * 3u + {n}_sum(p->right);",
            "    }",
            "    return h;",
            "}",
            "",
        ]

    # destructor
    if u.kind == "list":
        out += [
            f"static void {n}_free(struct {n} *p)",
            "{",
            "    while (p != NULL) {",
            f"        struct {n} *next = p->next;",
            "        free(p);",
            "        p = next;",
            "    }",
            "}",
            "",
        ]
    else:
        out += [
            f"static void {n}_free(struct {n} *p)",
            "{",
            "    if (p == NULL)",
            "        return;",
            f"    {n}_free(p->left);",
            f"    {n}_free(p->right);",
            "    free(p);",
            "}",
            "",
        ]

    # driver: own structure plus one instance of each target structure
    out += [f"static unsigned long long {n}_run(int n)", "{",
            f"    struct {n} *own = {n}_build(n + {u.length});"]
    for k, t in enumerate(u.targets):
        out.append(f"    struct s{t} *t{k} = s{t}_build({1 + (u.i + k) % 3});")
    out += ["    unsigned long long h;", ""]
    out.append(f"    {n}_link(own, {', '.join(f't{k}' for k in range(len(u.targets)))});")
    out.append(f"    h = {n}_sum(own);")
    for k, t in enumerate(u.targets):
        out.append(f"    h = h * 7u + s{t}_sum(t{k});")
    out.append(f"    {n}_free(own);")
    for k, t in enumerate(u.targets):
        out.append(f"    s{t}_free(t{k});")
    out += ["    return h;", "}", ""]

    # call chain through an earlier unit
    out += [f"static unsigned long long {n}_chain(int depth)", "{",
            f"    unsigned long long h = {n}_run(depth);", ""]
    if u.chain_to is not None:
        out += ["    if (depth > 0)", f"        h ^= s{u.chain_to}_chain(depth - 1) + {u.i}u;"]
    out += ["    return h;", "}", ""]


def generate(lines, seed):
    rng = random.Random(seed)
    header = [
        "/* Generated by benchmarks/gen_large.py "
        f"(seed {seed}, at least {lines} lines). Do not edit. */",
        "#include <stdio.h>",
        "#include <stdlib.h>",
        "",
        "static void out_of_memory(void)",
        "{",
        '    fprintf(stderr, "out of memory\\n");',
        "    exit(1);",
        "}",
        "",
    ]
    # Add units until the program is long enough (a unit is roughly 110 lines).
    units = [Unit(rng, 0)]
    while True:
        text = render(units, header, seed)
        missing = lines - text.count("\n")
        if missing <= 0:
            return text
        for _ in range(missing // 130 + 1):
            units.append(Unit(rng, len(units)))


def render(units, header, seed):
    # targets and chains depend on the final number of units: choose them from a
    # generator seeded by the seed and unit count, so the result is deterministic
    rng = random.Random(f"{seed}/{len(units)}")
    n = len(units)
    for u in units:
        u.targets = [rng.randrange(n) for _ in range(u.nptrs)]
        u.chain_to = rng.randrange(u.i) if u.i > 0 else None
    out = list(header)
    for u in units:
        out.append(f"struct {u.name};")
    out.append("")
    for u in units:
        emit_struct(u, out)
    for u in units:
        out += prototypes(u)
    out.append("")
    for u in units:
        emit_unit(u, units, out)
    out += [
        "int main(void)",
        "{",
        "    unsigned long long h = 1469598103934665603ull;",
        "",
    ]
    for u in units:
        out.append(f"    h = (h ^ {u.name}_chain({u.i % 4})) * 1099511628211ull;")
    out += [
        f'    printf("units={n} checksum=%016llx\\n", h);',
        "    return 0;",
        "}",
    ]
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- multi-file mode
#
# A project of N C files (the last one is src/main.c) in modules of MODULE_FILES files;
# even-numbered files are in src/a/, odd-numbered ones in src/b/. Headers in include/:
#   common.h      GEN_SCALE (from -D), the allocation helpers main.c defines
#   types.h       SHARED_TYPES struct types (lists, doubly linked lists, binary trees) that
#                 point to each other; used by every module
#   modNNN.h      per module: two struct types of its own, and the prototypes of every
#                 function its files export (builders, walkers, destructors, entry points)
#   entries.h     every file's entry point, for main.c
# Each file includes common.h, types.h, its own module's header and the next module's. A
# "unit" of a file works on one struct type: a static constructor, an exported builder,
# walker and destructor, a static linker that points each element at structures of other
# types, and a static driver that builds its structure with another file's builder, walks
# and frees it with yet other files' functions (of the same type) and so owns the pools of
# structures whose code lives in other files. Every file also has a file-local struct type
# (`struct item`, a different one in each file: the tag is reused, as real programs do)
# holding its units' results, a static struct of counters, and an entry point that calls
# its units and the entry point of an earlier file. main() calls every entry point and
# prints a checksum. Header sizes do not grow with N (except entries.h, which only main.c
# includes), so clang's time per file does not either.

MODULE_FILES = 25
SHARED_TYPES = 16
MODULE_TYPES = 2
DEFAULT_LINES_PER_FILE = 400
SCALE_DEFINE = "GEN_SCALE=2"
PROGRAM = "genscale"


class SType:
    """A struct type: a list, a doubly linked list or a binary tree, with pointers to
    structures of other types."""

    def __init__(self, rng, name, max_refs):
        self.name = name
        self.kind = rng.choice(["list", "list", "dlist", "tree"])
        self.nints = rng.randint(1, 3)
        self.has_name = rng.random() < 0.3
        self.nrefs = rng.randint(0, max_refs)
        self.refs = []

    def choose_refs(self, rng, pool):
        pool = [t for t in pool if t is not self]
        self.refs = [rng.choice(pool) for _ in range(self.nrefs)]

    @property
    def links(self):
        return {"list": ["next"], "dlist": ["next", "prev"], "tree": ["left", "right"]}[self.kind]

    def definition(self):
        out = [f"struct {self.name} {{", "    int id;", "    unsigned long long val;"]
        out += [f"    int extra{k};" for k in range(self.nints)]
        if self.has_name:
            out.append("    char name[12];")
        out.append(f"    struct {self.name} *{', *'.join(self.links)};")
        out += [f"    struct {t.name} *ref{k};" for k, t in enumerate(self.refs)]
        return out + ["};"]


class MUnit:
    """One unit of a file: the functions working on one struct type."""

    def __init__(self, rng, f, index, stype):
        self.file = f
        self.index = index
        self.type = stype
        self.alloc = rng.choice(["malloc", "xmalloc"])
        self.zero = rng.choice(["memset", "fields"])
        self.length = rng.randint(2, 6)
        self.mult = rng.choice([3, 5, 7, 11, 13, 17, 19, 23, 29, 31])
        self.add = rng.randrange(1000)
        # callees (units in scope), chosen once every file's units are known
        self.build = self.walk = self.free = self
        # per ref: (builder, walker, destructor) units, or None
        self.ref_units = [(self, self, self)] * len(stype.refs)

    @property
    def fn(self):
        return f"{self.file.name}_u{self.index}"


class MFile:
    def __init__(self, index, width, module, neighbour):
        self.index = index
        self.name = f"f{index:0{width}d}"
        self.module = module
        self.neighbour = neighbour  # the other module whose header it includes, or None
        self.subdir = "ab"[index % 2]
        self.units = []
        self.chain_to = None
        self.has_pending = False

    @property
    def path(self):
        return f"src/{self.subdir}/{self.name}.c"


def _mod_header(m):
    return f"mod{m:03d}.h"


def _unit_code(u):
    """The text of one unit (its line count does not depend on the callees chosen)."""
    t = u.type
    st = f"struct {t.name}"
    n = u.fn
    out = [f"/* {st} ({t.kind}); {n}_run builds one with {u.build.fn}_build, walks it "
           f"with {u.walk.fn}_sum, frees it with {u.free.fn}_free */"]
    out += [f"static {st} *{n}_new(int id)", "{"]
    if u.alloc == "xmalloc":
        out += [f"    {st} *p = gen_xmalloc(sizeof *p);", ""]
    else:
        out += [f"    {st} *p = malloc(sizeof *p);", "", "    if (p == NULL)",
                "        gen_out_of_memory();"]
    if u.zero == "memset":
        out.append("    memset(p, 0, sizeof *p);")
    else:
        out += [f"    p->{link} = NULL;" for link in t.links]
        out += [f"    p->ref{k} = NULL;" for k in range(len(t.refs))]
    out += ["    p->id = id;", f"    p->val = (unsigned long long)id * {u.mult}u + {u.add}u;"]
    out += [f"    p->extra{k} = id ^ {(u.add + 7 * k) % 251};" for k in range(t.nints)]
    if t.has_name:
        out.append(f'    snprintf(p->name, sizeof p->name, "{t.name}.%d", id % 1000);')
    out += ["    return p;", "}", ""]

    # builder (exported)
    out += [f"{st} *{n}_build(int n)", "{"]
    if t.kind in ("list", "dlist"):
        out += [f"    {st} *head = NULL;", "    int i;", "", "    for (i = 0; i < n; i++) {",
                f"        {st} *p = {n}_new(i);", "", "        p->next = head;"]
        if t.kind == "dlist":
            out += ["        if (head != NULL)", "            head->prev = p;"]
        out += ["        head = p;", "    }", "    return head;", "}", ""]
    else:
        out += [f"    {st} *p;", "", "    if (n <= 0)", "        return NULL;",
                f"    p = {n}_new(n);", f"    p->left = {n}_build(n / 2);",
                f"    p->right = {n}_build(n - 1 - n / 2);", "    return p;", "}", ""]

    # walker (exported)
    body = ["        h = h * 31u + p->val;"]
    body += [f"        h += (unsigned long long)(p->extra{k} & 0xff);" for k in range(t.nints)]
    if t.has_name:
        body.append("        h += strlen(p->name);")
    if t.kind == "dlist":
        body += ["        if (p->prev != NULL)",
                 "            h += (unsigned long long)(p->prev->id & 3);"]
    for k in range(len(t.refs)):
        body += [f"        if (p->ref{k} != NULL)",
                 f"            h ^= p->ref{k}->val + (unsigned long long)p->ref{k}->id;"]
    out += [f"unsigned long long {n}_sum(const {st} *p)", "{",
            "    unsigned long long h = 0;", ""]
    if t.kind in ("list", "dlist"):
        out += ["    for (; p != NULL; p = p->next) {", *body, "    }"]
    else:
        out += ["    if (p != NULL) {", *body,
                f"        h += {n}_sum(p->left) * 3u + {n}_sum(p->right);", "    }"]
    out += ["    return h;", "}", ""]

    # destructor (exported)
    out += [f"void {n}_free({st} *p)", "{"]
    if t.kind in ("list", "dlist"):
        out += ["    while (p != NULL) {", f"        {st} *next = p->next;", "",
                "        free(p);", "        p = next;", "    }", "}", ""]
    else:
        out += ["    if (p == NULL)", "        return;", f"    {n}_free(p->left);",
                f"    {n}_free(p->right);", "    free(p);", "}", ""]

    # linker (static): every element points at the given structures
    refs = list(enumerate(t.refs))
    if refs:
        params = ", ".join(f"struct {r.name} *a{k}" for k, r in refs)
        out += [f"static void {n}_link({st} *p, {params})", "{"]
        if t.kind in ("list", "dlist"):
            out.append("    for (; p != NULL; p = p->next) {")
            out += [f"        p->ref{k} = a{k};" for k, _ in refs]
            out.append("    }")
        else:
            args = ", ".join(f"a{k}" for k, _ in refs)
            out += ["    if (p == NULL)", "        return;"]
            out += [f"    p->ref{k} = a{k};" for k, _ in refs]
            out += [f"    {n}_link(p->left, {args});", f"    {n}_link(p->right, {args});"]
        out += ["}", ""]

    # driver (static): owns the pools of its structure and of the ones it points to,
    # whose code is in other files
    out += [f"static unsigned long long {n}_run(int n)", "{",
            f"    {st} *own = {u.build.fn}_build(n + {u.length});"]
    for k, r in refs:
        ru = u.ref_units[k]
        size = f"{1 + (u.index + k) % 3} + GEN_SCALE"
        out.append(f"    struct {r.name} *r{k} = "
                   + (f"{ru[0].fn}_build({size});" if ru else "NULL;"))
    out += ["    unsigned long long h;", ""]
    if refs:
        out.append(f"    {n}_link(own, {', '.join(f'r{k}' for k, _ in refs)});")
    out.append(f"    h = {u.walk.fn}_sum(own);")
    for k, r in refs:
        ru = u.ref_units[k]
        out.append(f"    h = h * 7u + {ru[1].fn}_sum(r{k});" if ru else "    h = h * 7u;")
    out.append(f"    {u.free.fn}_free(own);")
    for k, r in refs:
        ru = u.ref_units[k]
        out.append(f"    {ru[2].fn}_free(r{k});" if ru else f"    (void)r{k};")
    out += ["    return h;", "}", ""]
    return out


def _file_code(f, seed, nfiles):
    mods = [f.module] + ([f.neighbour] if f.neighbour is not None else [])
    out = [f"/* Generated by benchmarks/gen_large.py --files {nfiles} (seed {seed}): "
           f"{f.path}. Do not edit. */",
           "#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>", "",
           '#include "common.h"', '#include "types.h"']
    out += [f'#include "{_mod_header(m)}"' for m in mods]
    out += ["",
            "/* file-local: one item per unit, holding the unit's result */",
            "struct item {", "    int key;", "    unsigned long long acc;"]
    if f.index % 2:
        out.append("    int weight;")
    out += ["    struct item *next;", "};", "",
            "static struct {", "    unsigned long long calls;", "    unsigned long long last;",
            f"}} {f.name}_stats;", ""]
    if f.has_pending:
        out += ["/* file-local list in a static: results kept between calls */",
                "static struct item *pending;", ""]
    out += ["static struct item *item_push(struct item *head, int key, unsigned long long acc)",
            "{", "    struct item *it = malloc(sizeof *it);", "", "    if (it == NULL)",
            "        gen_out_of_memory();", "    it->key = key;", "    it->acc = acc;"]
    if f.index % 2:
        out.append("    it->weight = key * 3 + 1;")
    out += ["    it->next = head;", "    return it;", "}", "",
            "static unsigned long long item_drain(struct item *head)", "{",
            "    unsigned long long h = 0;", "", "    while (head != NULL) {",
            "        struct item *next = head->next;", "",
            "        h = h * 131u + head->acc + (unsigned long long)head->key;"]
    if f.index % 2:
        out.append("        h += (unsigned long long)head->weight;")
    out += ["        free(head);", "        head = next;", "    }", "    return h;", "}", ""]
    for u in f.units:
        out += _unit_code(u)
    out += [f"unsigned long long {f.name}_entry(int depth)", "{",
            "    struct item *work = NULL;",
            f"    unsigned long long h = {(f.index * 2654435761 + seed) % (1 << 32)}ull;", ""]
    for u in f.units:
        out.append(f"    work = item_push(work, {u.index}, {u.fn}_run(depth + {u.index % 3}));")
    if f.chain_to is not None:
        out += ["    if (depth > 0)", f"        h ^= {f.chain_to.name}_entry(depth - 1) + {f.index}u;"]
    if f.has_pending:
        out += ["    if (depth == 0) {", "        pending = item_push(pending, -1, h);",
                "    } else {", "        h += item_drain(pending);", "        pending = NULL;",
                "    }"]
    out += ["    h = GEN_MIX(h, item_drain(work));", f"    {f.name}_stats.calls++;",
            f"    h += {f.name}_stats.last & 0xffu;", f"    {f.name}_stats.last = h;",
            "    return h;", "}"]
    return "\n".join(out) + "\n"


def _layout(nfiles, lines_per_file, seed, refs_to_any):
    """Files, units, types and callees: everything but the text."""
    rng = random.Random(f"gen_large multi-file/{seed}/{nfiles}/{lines_per_file}"
                        + ("/any" if refs_to_any else ""))
    nunit_files = nfiles - 1  # the last file is main.c
    width = max(4, len(str(nunit_files - 1)))
    nmod = (nunit_files + MODULE_FILES - 1) // MODULE_FILES
    # Even-numbered shared types are leaves (no pointers to other types); the others and
    # the modules' own types point to leaves. So every structure with pointers to other
    # structures is a driver's own structure, linked to the driver's other structures, and
    # each type has one layout. (With refs_to_any, any type may point to any shared type,
    # and structures built only as targets keep those pointers NULL: then a type needs
    # different layouts in different files; see notes in benchmarks/README.md.)
    shared = [SType(rng, f"t{i}", 2 if i % 2 or refs_to_any else 0)
              for i in range(SHARED_TYPES)]
    leaves = shared if refs_to_any else [t for t in shared if not t.nrefs]
    for t in shared:
        t.choose_refs(rng, leaves)
    mtypes = []
    for m in range(nmod):
        mtypes.append([SType(rng, f"m{m}_r{j}", 1) for j in range(MODULE_TYPES)])
        for t in mtypes[-1]:
            t.choose_refs(rng, leaves)

    # Files and their units: each module deals its types out to its units in a shuffled
    # cycle, and a file gets units while that brings it closer to lines_per_file.
    files = []
    for m in range(nmod):
        cycle = shared + mtypes[m]
        rng.shuffle(cycle)
        j = 0
        for k in range(m * MODULE_FILES, min(nunit_files, (m + 1) * MODULE_FILES)):
            f = MFile(k, width, m, (m + 1) % nmod if nmod > 1 else None)
            f.has_pending = rng.random() < 0.25
            lines = _file_code(f, seed, nfiles).count("\n")
            while True:
                u = MUnit(rng, f, len(f.units), cycle[j % len(cycle)])
                more = len(_unit_code(u)) + 1
                if f.units and lines + more - lines_per_file > lines_per_file - lines:
                    break
                j += 1
                f.units.append(u)
                lines += more
            files.append(f)

    # callees: units of the same type in the file's module or the next one, preferring
    # other files
    by_scope = {}
    for f in files:
        for u in f.units:
            by_scope.setdefault((f.module, u.type.name), []).append(u)

    def candidates(f, tname):
        mods = [f.module] + ([f.neighbour] if f.neighbour is not None else [])
        return [v for m in mods for v in by_scope.get((m, tname), [])]

    for f in files:
        for u in f.units:
            cands = candidates(f, u.type.name)
            others = [v for v in cands if v.file is not f] or cands
            u.build, u.walk, u.free = (rng.choice(others) for _ in range(3))
            u.ref_units = []
            for r in u.type.refs:
                c = candidates(f, r.name)
                u.ref_units.append(tuple(rng.choice(c) for _ in range(3)) if c else None)
        earlier = [g for g in files[max(0, f.index - MODULE_FILES):f.index]
                   if g.module in (f.module, f.neighbour)]
        f.chain_to = rng.choice(earlier) if earlier else None
    return shared, mtypes, files


def generate_project(nfiles, lines_per_file=DEFAULT_LINES_PER_FILE, seed=1,
                     refs_to_any=False):
    """The multi-file program: {relative path: text} for its headers, then its C files in
    compile order, main.c last (the build files, which name absolute paths, are made by
    build_files())."""
    if nfiles < 2:
        raise ValueError("--files must be at least 2 (one of them is main.c)")
    shared, mtypes, files = _layout(nfiles, lines_per_file, seed, refs_to_any)
    stamp = f"Generated by benchmarks/gen_large.py --files {nfiles} (seed {seed})"
    out = {}
    out["include/common.h"] = "\n".join([
        f"/* {stamp}. Do not edit. */",
        "#ifndef GEN_COMMON_H", "#define GEN_COMMON_H", "",
        "#include <stddef.h>", "",
        "#ifndef GEN_SCALE",
        '#error "compile with -DGEN_SCALE=<n>, as compile_commands.json does"',
        "#endif", "",
        "#define GEN_MIX(h, x) (((h) ^ (x)) * 1099511628211ull)", "",
        "/* defined in main.c */",
        "void gen_out_of_memory(void);",
        "void *gen_xmalloc(size_t size);", "",
        "#endif"]) + "\n"
    types = [f"/* {stamp}. Do not edit. */", "#ifndef GEN_TYPES_H", "#define GEN_TYPES_H", ""]
    types += [f"struct {t.name};" for t in shared] + [""]
    for t in shared:
        types += t.definition() + [""]
    out["include/types.h"] = "\n".join(types + ["#endif"]) + "\n"
    for m, mt in enumerate(mtypes):
        mf = [f for f in files if f.module == m]
        g = f"GEN_MOD{m:03d}_H"
        text = [f"/* {stamp}. Do not edit. */",
                f"/* module {m}: {mf[0].path} .. {mf[-1].path} */",
                f"#ifndef {g}", f"#define {g}", "", '#include "types.h"', ""]
        for t in mt:
            text += t.definition() + [""]
        for f in mf:
            text.append(f"/* {f.path} */")
            for u in f.units:
                st = f"struct {u.type.name}"
                text += [f"{st} *{u.fn}_build(int n);",
                         f"unsigned long long {u.fn}_sum(const {st} *p);",
                         f"void {u.fn}_free({st} *p);"]
            text += [f"unsigned long long {f.name}_entry(int depth);", ""]
        out[f"include/{_mod_header(m)}"] = "\n".join(text + ["#endif"]) + "\n"
    out["include/entries.h"] = "\n".join(
        [f"/* {stamp}. Do not edit. */", "#ifndef GEN_ENTRIES_H", "#define GEN_ENTRIES_H",
         "", *[f"unsigned long long {f.name}_entry(int depth);" for f in files], "",
         "#endif"]) + "\n"
    for f in files:
        out[f.path] = _file_code(f, seed, nfiles)
    main = [f"/* {stamp}: src/main.c. Do not edit. */",
            "#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>", "",
            '#include "common.h"', '#include "entries.h"', "",
            "void gen_out_of_memory(void)", "{", '    fprintf(stderr, "out of memory\\n");',
            "    exit(1);", "}", "",
            "void *gen_xmalloc(size_t size)", "{", "    void *p = malloc(size);", "",
            "    if (p == NULL)", "        gen_out_of_memory();", "    return p;", "}", "",
            "int main(void)", "{", "    unsigned long long h = 1469598103934665603ull;", ""]
    main += [f"    h = GEN_MIX(h, {f.name}_entry({f.index % 3}));" for f in files]
    main += ["", f'    printf("files={nfiles} scale=%d checksum=%016llx\\n", GEN_SCALE, h);',
             "    return 0;", "}"]
    out["src/main.c"] = "\n".join(main) + "\n"
    return out


def build_files(root, sources):
    """compile_commands.json, CMakeLists.txt and Makefile for the sources under root."""
    root = os.path.abspath(root)
    db = []
    for s in sources:
        obj = "obj/" + s[:-2] + ".o"
        db.append({"directory": root,
                   "arguments": ["cc", "-std=gnu11", "-O2", "-Iinclude", f"-D{SCALE_DEFINE}",
                                 "-c", "-o", obj, os.path.join(root, s)],
                   "file": os.path.join(root, s), "output": obj})
    out = {"compile_commands.json": json.dumps(db, indent=2) + "\n"}
    out["CMakeLists.txt"] = "\n".join([
        "# Generated by benchmarks/gen_large.py. Do not edit.",
        "cmake_minimum_required(VERSION 3.20)",
        f"project({PROGRAM} C)",
        "set(CMAKE_EXPORT_COMPILE_COMMANDS ON)",
        "set(CMAKE_C_STANDARD 11)",
        "set(CMAKE_C_EXTENSIONS ON)",
        f"add_executable({PROGRAM}",
        *[f"  {s}" for s in sources],
        ")",
        f"target_include_directories({PROGRAM} PRIVATE include)",
        f"target_compile_definitions({PROGRAM} PRIVATE {SCALE_DEFINE})",
        "",
        "# -DGEN_PTRCOMP=ON: build the program from ptrcomp's output (its steps as build",
        "# actions; needs an installed ptrcomp, e.g. -DCMAKE_PREFIX_PATH=<prefix>)",
        f'option(GEN_PTRCOMP "transform {PROGRAM} with ptrcomp_transform" OFF)',
        "if(GEN_PTRCOMP)",
        "  find_package(ptrcomp REQUIRED)",
        f"  ptrcomp_transform(TARGET {PROGRAM})",
        "endif()", ""])
    out["Makefile"] = "\n".join([
        "# Generated by benchmarks/gen_large.py. Do not edit.",
        "# RT_CPPFLAGS / RT_LIBS: the pool runtime, for building ptrcomp's output.",
        "CC ?= cc",
        "CFLAGS ?= -O2",
        f"CPPFLAGS += -Iinclude -D{SCALE_DEFINE} $(RT_CPPFLAGS)",
        "LDLIBS += $(RT_LIBS)",
        "",
        "SRCS = \\",
        *[f"\t{s} \\" for s in sources[:-1]],
        f"\t{sources[-1]}",
        "OBJS = $(SRCS:%.c=obj/%.o)",
        "HDRS = $(wildcard include/*.h)",
        "",
        f"{PROGRAM}: $(OBJS)",
        "\t$(CC) $(CFLAGS) -o $@ $(OBJS) $(LDLIBS)",
        "",
        "obj/%.o: %.c $(HDRS)",
        "\t@mkdir -p $(dir $@)",
        "\t$(CC) -std=gnu11 $(CPPFLAGS) $(CFLAGS) -c -o $@ $<",
        "",
        "clean:",
        f"\trm -rf obj {PROGRAM}",
        ".PHONY: clean", ""])
    return out


MARKER = ".gen_large"


def write_project(root, nfiles, lines_per_file=DEFAULT_LINES_PER_FILE, seed=1,
                  refs_to_any=False):
    """Write the project into root (new, empty, or an earlier output of this script);
    returns the number of lines of its C files and headers."""
    root = os.path.abspath(root)
    if os.path.isdir(root) and os.listdir(root):
        if not os.path.exists(os.path.join(root, MARKER)):
            raise SystemExit(f"gen_large.py: {root} is not empty and was not written by "
                             "gen_large.py --files")
        for name in ("src", "include", "obj"):
            shutil.rmtree(os.path.join(root, name), ignore_errors=True)
    files = generate_project(nfiles, lines_per_file, seed, refs_to_any)
    sources = [rel for rel in files if rel.endswith(".c")]  # main.c last
    files.update(build_files(root, sources))
    files[MARKER] = (f"--files {nfiles} --lines-per-file {lines_per_file} --seed {seed}"
                     + (" --refs-to-any" if refs_to_any else "") + "\n")
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as fh:
            fh.write(text)
    return sum(t.count("\n") for r, t in files.items() if r.endswith((".c", ".h")))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=100_000,
                    help="minimum number of lines (default 100000)")
    ap.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    ap.add_argument("-o", "--output",
                    help="output file (default: stdout); with --files, the output directory")
    ap.add_argument("--files", type=int,
                    help="write a multi-file project of this many C files into -o DIR")
    ap.add_argument("--lines-per-file", type=int, default=DEFAULT_LINES_PER_FILE,
                    help=f"with --files: lines of each file's own code, roughly "
                         f"(default {DEFAULT_LINES_PER_FILE})")
    ap.add_argument("--refs-to-any", action="store_true",
                    help="with --files: let every struct type point to every shared type "
                         "(structures of one type then need different layouts in different "
                         "files)")
    args = ap.parse_args(argv)
    if args.files is not None:
        if not args.output:
            ap.error("--files needs -o DIR")
        if args.files < 2:
            ap.error("--files must be at least 2 (one of them is main.c)")
        write_project(args.output, args.files, args.lines_per_file, args.seed,
                      args.refs_to_any)
        return 0
    text = generate(max(args.lines, 50), args.seed)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
