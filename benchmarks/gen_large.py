#!/usr/bin/env python3
"""Generate a large, valid C program for measuring how fast ptrcomp processes big inputs.

The program consists of many "units". Each unit declares one struct type whose fields
point to itself and to other units' structs, and functions that allocate, link,
traverse and free instances of it; a per-unit driver builds its own structure plus the
structures it points to, and a chain function calls the chain of an earlier unit, so
that call chains cross many units. main() calls every chain and prints a checksum.

The output is a pure function of --seed and --lines; it compiles with gcc -Wall -Werror
and runs in well under a second.

usage: gen_large.py [--lines N] [--seed S] [-o FILE]
"""
import argparse
import random
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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=100_000,
                    help="minimum number of lines (default 100000)")
    ap.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    ap.add_argument("-o", "--output", help="output file (default: stdout)")
    args = ap.parse_args(argv)
    text = generate(max(args.lines, 50), args.seed)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
