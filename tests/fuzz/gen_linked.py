#!/usr/bin/env python3
"""Generator of random C programs that build and use linked heap data structures.

Each program is a deterministic function of its seed: the same seed gives byte-identical
text (only `random.Random(seed)`, lists and dicts are used; no sets, no hashing). The
programs are C99, compile without warnings at `-Wall -Wextra`, are free of undefined
behaviour (no uninitialised reads, no signed overflow, no out-of-bounds access, no use
after free), run in well under a second and print checksums computed from the contents
of their data structures (never from addresses).

A program is made of *families*: struct types with their shared helper functions
(singly and doubly linked lists, binary search trees with parent pointers, graphs of two
mutually recursive types, arrays of nodes from one calloc that link into themselves,
realloc'd vectors of structs that own lists, chained hash tables, XOR-linked lists).
*Scenarios* are functions that run a random sequence of operations on a few variables of
one family; every family has several scenarios, so its helpers are called from several
contexts. Some operations make the structure they touch escape (byte access, pointer to
integer casts, qsort, memcpy of nodes, nodes on the stack linked to heap nodes) while
the same helpers build other structures that do not.

Most programs also have *idioms* (tests/fuzz/gen_idioms.py): units with a struct of
their own and one scenario each, written in a way through which a program can observe
the representation of its nodes (pointer comparisons and differences, arrays of node
pointers, address integers and address hashing, __COUNTER__/#/## in macros, sizeof
arithmetic, __func__ and _Generic in cloned helpers, setjmp/longjmp, failing
allocations, OpenMP tasks, atexit handlers, callbacks from libc functions without a
model, __LINE__). They come from a random stream of their own, so that a program
without idioms is the one the generator wrote before they existed. The program names
them in a line `/* idioms: i0=setjmp i1=addr-hash */` (idioms()), and the flags it must
be built and transformed with in a line `/* cflags: -fopenmp */` (cflags(); only the
programs of the openmp-tasks idiom have one).

Usage: gen_linked.py SEED [-o FILE] [--macros] [--files DIR] [--mode hooks]
                      [--idioms all|none|LIST] [--idiom-prob P] [--openmp-prob P]

--macros: the macro mode of tests/fuzz/gen_macros.py (structures reached through the
program's own macros, some in a header shared by two files).

With --mode hooks (generate_hooks), the programs are of another kind: containers
allocated through allocator hooks and used through tables of function pointers (see
HooksProgram).
"""
import argparse
import random
import re
import sys

import gen_idioms

HASH_MUL = "2654435761u"

# Idioms (gen_idioms.py) of the programs of generate() and generate_files(): which ones
# may be chosen (None: all), the share of programs that get some, and the share of
# programs built with -fopenmp (the only ones with openmp-tasks). configure() sets them.
IDIOM_SETTINGS = {"names": None, "prob": gen_idioms.IDIOM_PROB,
                  "openmp": gen_idioms.OPENMP_PROB}


def configure(idioms=None, prob=None, openmp=None):
    """Set the idiom knobs: idioms "all", "none" or a comma-separated list of
    gen_idioms.IDIOMS; prob and openmp in [0, 1]."""
    if idioms is not None:
        if idioms == "all":
            IDIOM_SETTINGS["names"] = None
        elif idioms == "none":
            IDIOM_SETTINGS["names"] = []
        else:
            names = [n.strip() for n in idioms.split(",") if n.strip()]
            bad = [n for n in names if n not in gen_idioms.IDIOMS]
            if bad:
                raise ValueError(f"unknown idiom {bad[0]!r} (known: "
                                 f"{', '.join(gen_idioms.IDIOMS)})")
            IDIOM_SETTINGS["names"] = names
    if prob is not None:
        IDIOM_SETTINGS["prob"] = prob
    if openmp is not None:
        IDIOM_SETTINGS["openmp"] = openmp

# Payload field types: (C type, initialiser from an unsigned expression, hash expression).
SCALARS = [
    ("int", "(int)(({s}) % 2001u) - 1000", "(unsigned){v}"),
    ("unsigned", "({s}) * 2246822519u", "{v}"),
    ("short", "(short)((int)(({s}) % 601u) - 300)", "(unsigned){v}"),
    ("unsigned char", "(unsigned char)(({s}) & 0xffu)", "(unsigned){v}"),
    ("signed char", "(signed char)((int)(({s}) % 201u) - 100)", "(unsigned){v}"),
    ("long", "(long)(({s}) % 100003u) - 50000L", "(unsigned)(unsigned long){v}"),
    ("unsigned long long", "(unsigned long long)({s}) * 0x9E3779B97F4A7C15ull",
     "(unsigned)({v} ^ ({v} >> 32))"),
]

WORDS = ["node", "item", "cell", "link", "elem", "rec", "ent", "obj", "blk", "unit"]
PAYLOAD_NAMES = ["val", "wgt", "tag", "cost", "lo", "hi", "aux", "data", "wt", "flags", "c",
                 "score"]


class PField:
    """A non-pointer field of a node: scalar, bit-field or small array."""

    def __init__(self, r, name, salt):
        self.name = name
        self.salt = salt
        k = r.random()
        if k < 0.12:
            self.kind = "bits"
            self.width = r.randint(1, 7)
            self.decl = f"unsigned {name} : {self.width};"
            if r.random() < 0.3:  # an unnamed bit-field before it shifts its bits
                self.decl = f"unsigned : {r.randint(1, 5)};\n    " + self.decl
        elif k < 0.17:
            # anonymous union: only `name` is written and read
            self.kind = "scalar"
            self.ctype, self.init_t, self.hash_t = SCALARS[1]
            self.decl = f"union {{ unsigned {name}; unsigned short {name}_h[2]; }};"
        elif k < 0.21:
            # anonymous struct: `name` and a second member, both written, both hashed
            self.kind = "pair"
            self.decl = f"struct {{ unsigned short {name}; unsigned short {name}_b; }};"
        elif k < 0.25:
            self.kind = "scalar"
            self.ctype, self.init_t, self.hash_t = r.choice(SCALARS)
            self.decl = f"{self.ctype} {name} __attribute__((aligned({r.choice([8, 16])})));"
        elif k < 0.36:
            self.kind = "array"
            self.length = r.randint(2, 5)
            self.decl = f"unsigned char {name}[{self.length}];"
        else:
            self.kind = "scalar"
            self.ctype, self.init_t, self.hash_t = r.choice(SCALARS)
            self.decl = f"{self.ctype} {name};"

    def src(self, key):
        return f"{key} ^ {self.salt}u"

    def init(self, lhs, key):
        """Statements that set the field of lhs (an lvalue prefix like `p->`) from key;
        uses `k` (unsigned) for arrays."""
        if self.kind == "pair":
            return [f"{lhs}{self.name} = (unsigned short)(({self.src(key)}) & 0xffffu);",
                    f"{lhs}{self.name}_b = (unsigned short)(({self.src(key)}) >> 16);"]
        if self.kind == "bits":
            return [f"{lhs}{self.name} = ({self.src(key)}) & {(1 << self.width) - 1}u;"]
        if self.kind == "array":
            return [f"for (k = 0; k < {self.length}u; k++)",
                    f"    {lhs}{self.name}[k] = (unsigned char)(({self.src(key)}) + k * 7u);"]
        return [f"{lhs}{self.name} = {self.init_t.format(s=self.src(key))};"]

    def hash(self, h, acc):
        if self.kind == "pair":
            return [f"{h} = mix({h}, (unsigned){acc}{self.name});",
                    f"{h} = mix({h}, (unsigned){acc}{self.name}_b);"]
        if self.kind == "bits":
            return [f"{h} = mix({h}, (unsigned){acc}{self.name});"]
        if self.kind == "array":
            return [f"for (k = 0; k < {self.length}u; k++)",
                    f"    {h} = mix({h}, (unsigned){acc}{self.name}[k]);"]
        return [f"{h} = mix({h}, {self.hash_t.format(v=acc + self.name)});"]

    def compare(self, a, b):
        """Statements that return -1/1 from a comparator when the fields differ."""
        if self.kind == "array":
            return [f"for (k = 0; k < {self.length}u; k++)",
                    f"    if ({a}->{self.name}[k] != {b}->{self.name}[k])",
                    f"        return {a}->{self.name}[k] < {b}->{self.name}[k] ? -1 : 1;"]
        return [f"if ({a}->{self.name} != {b}->{self.name})",
                f"    return {a}->{self.name} < {b}->{self.name} ? -1 : 1;"]

    def needs_k(self):
        return self.kind == "array"


def indent(lines, n=1):
    pad = "    " * n
    return [pad + l if l else l for l in lines]


class Program:
    def __init__(self, seed, files=False):
        self.seed = seed
        self.r = random.Random(seed)
        # Two-file programs (generate_files): a library in lib.c whose structs prog.c
        # only declares. Decided from a stream of its own, so that single-file programs
        # are the same with and without this mode.
        self.features = []
        self.lib = None
        if files and random.Random(seed * 7919 + 13).random() < 0.3:
            self.lib = OpaqueLib(self, random.Random(seed * 7919 + 14))
        self.globals = []
        self.families = []
        self.scenarios = []      # (name, text)
        self.need_xmalloc = False
        self.counter = 0
        self.units = []          # idioms (gen_idioms.Unit), from a stream of their own

    def feature(self, name):
        if name not in self.features:
            self.features.append(name)

    def fresh(self, base):
        self.counter += 1
        return f"{base}{self.counter}"

    # -- shared spellings -------------------------------------------------------------
    def null(self):
        return self.r.choice(["NULL", "NULL", "NULL", "0", "(void *)0"])

    def nonnull(self, p):
        return self.r.choice([f"{p} != NULL", p, f"{p} != 0", f"NULL != {p}"])

    def isnull(self, p):
        return self.r.choice([f"{p} == NULL", f"!{p}", f"{p} == 0"])

    def alloc(self, size, hook=None):
        c = self.r.random()
        if hook and c < 0.2:
            return f"{hook}({size})"
        if c < 0.55:
            return f"malloc({size})"
        if c < 0.8:
            return f"calloc(1, {size})"
        self.need_xmalloc = True
        return f"xmalloc({size})"

    def generate(self, keep=None):
        """The program text; with `keep` (scenario names), only those scenarios and what
        they need are rendered (used to reduce a failing program)."""
        r = self.r
        kinds = ["list", "list", "dlist", "tree", "graph", "array", "vec", "hash", "xor", "bins"]
        nfam = r.randint(2, 4)
        chosen = [r.choice(kinds) for _ in range(nfam)]
        lists = []
        for kind in chosen:
            if kind == "vec":
                if not lists:
                    lists.append(ListFam(self, len(self.families)))
                    self.families.append(lists[-1])
                fam = VecFam(self, len(self.families), r.choice(lists))
            else:
                fam = FAMILIES[kind](self, len(self.families))
                if kind == "list":
                    lists.append(fam)
            self.families.append(fam)
        for fam in self.families:
            for _ in range(r.randint(2, 3)):
                self.scenarios.append(fam.scenario())
        if self.lib:
            self.scenarios += self.lib.scenarios()
        r.shuffle(self.scenarios)
        # Idioms draw from a stream of their own: a program without idioms is the one
        # the generator wrote before they existed.
        ir = random.Random(self.seed * 104729 + 71)
        self.units = gen_idioms.choose(self, ir, **IDIOM_SETTINGS)
        for u in self.units:
            self.scenarios.insert(ir.randint(0, len(self.scenarios)), u.scenario())
        if keep is not None:
            self.scenarios = [s for s in self.scenarios if s[0] in keep]
            self.units = [u for u in self.units if u.name in keep]
            for fam in self.families:
                fam.restrict(keep)
        return self.render()

    def render(self):
        r = self.r
        out = []
        out.append(f"/* Generated by tests/fuzz/gen_linked.py, seed {self.seed}. */")
        grew = True
        while grew:
            grew = False
            for fam in self.families:
                grew = fam.close() or grew
        body_families = []
        for fam in self.families:
            body_families.append(fam.render())
        units = self.units
        unit_texts = [u.render() for u in units]
        for u in units:  # some variants are chosen as the unit's helpers are written
            for f in u.features:
                self.feature(f)
        rest = "\n".join(body_families + [t for _, t in self.scenarios])
        main = self.render_main([name for name, _ in self.scenarios])
        out.append(f"/* features: {' '.join(self.features)} */")
        if units:
            out.append(f"/* idioms: {' '.join(f'{u.t}={u.idiom}' for u in units)} */")
        cflags = [f for u in units for f in u.cflags]
        if cflags:
            out.append(f"/* cflags: {' '.join(dict.fromkeys(cflags))} */")
        if any(u.gnu for u in units):
            out.append("#define _GNU_SOURCE")
        out += ["#include <stddef.h>", "#include <stdint.h>", "#include <stdio.h>",
                "#include <stdlib.h>", "#include <string.h>"]
        extra = [h for u in units for h in u.includes]
        out += [f"#include <{h}>" for h in dict.fromkeys(extra)] + [""]
        if "rnd()" in rest:
            out += [f"static unsigned rng_state = {self.seed % 1000003}u;", "",
                    "static unsigned rnd(void)", "{",
                    "    rng_state = rng_state * 1103515245u + 12345u;",
                    "    return (rng_state >> 16) & 0x7fffu;", "}", ""]
        out += ["static unsigned mix(unsigned h, unsigned v)", "{",
                "    return (h ^ v) * 16777619u + 0x9e3779b9u;", "}", ""]
        if "xmalloc(" in rest:
            out += ["static void *xmalloc(size_t size)", "{",
                    "    void *p = malloc(size);", "    if (!p) {",
                    '        fputs("out of memory\\n", stderr);', "        exit(2);", "    }",
                    "    return p;", "}", ""]
        for text in body_families:
            out.append(text)
        out += unit_texts
        if self.lib:
            out += self.lib.declarations()
        for name, text in self.scenarios:
            out.append(text)
        out += main
        return "\n".join(out) + "\n"

    def render_main(self, names):
        r = self.r
        calls = []
        for name in names:
            for _ in range(r.choice([1, 1, 2])):
                calls.append((name, r.randint(0, 160), r.randint(0, 0xffff)))
        out = []
        table = r.random() < 0.35
        if table:
            self.feature("scenario-table")
            out.append("static unsigned (*const scenarios[])(unsigned, unsigned) = {")
            out += [f"    {n}," for n in names]
            out += ["};", ""]
        out += ["int main(void)", "{", "    unsigned total = 0u;", "    unsigned r;"]
        if table:
            out.append("    unsigned i;")
            out.append(f"    for (i = 0; i < {len(names)}u; i++) {{")
            out.append(f"        r = scenarios[i](i * 37u + {r.randint(1, 120)}u, i ^ 0x5au);")
            out.append('        printf("scenario %u: %u\\n", i, r);')
            out.append("        total = mix(total, r);")
            out.append("    }")
        for name, n, salt in calls:
            out.append(f"    r = {name}({n}u, {salt}u);")
            out.append(f'    printf("{name}({n}) = %u\\n", r);')
            out.append("    total = mix(total, r);")
        out.append('    printf("total %u\\n", total);')
        exit_mod = r.choice([0, 0, 3, 5])
        if exit_mod:
            out.append(f"    return (int)(total % {exit_mod}u);")
        else:
            out.append("    return 0;")
        out.append("}")
        return out


class Family:
    """A struct type (or two) with shared helpers and random scenarios using them."""
    word_pool = WORDS

    def __init__(self, prog, idx, prefix):
        self.p = prog
        self.r = prog.r
        self.t = f"{prefix}{idx}"
        self.used = []           # helper names in order of first use
        self.cur_uses = None     # helpers used by the scenario being generated
        self.sc_needs = {}       # scenario name -> (helpers, flags)
        self.helpers = {}        # name -> (signature, body lines)
        self.nsc = 0
        r = self.r
        self.typedef = r.random() < 0.3
        self.ptr_typedef = self.typedef and r.random() < 0.4
        self.hook = f"{self.t}_alloc_fn" if r.random() < 0.15 else None
        self.hook_used = False
        self.global_used = False

    def alloc(self, size):
        a = self.p.alloc(size, self.hook)
        if self.hook and a.startswith(self.hook):
            self.hook_used = True
            self.p.feature("alloc-hook")
        return a

    @property
    def extra(self):
        if self.hook_used:
            return [f"static void *(*{self.hook})(size_t) = malloc;", ""]
        return []

    def payload(self, lo=0, hi=3):
        r = self.r
        names = list(PAYLOAD_NAMES)
        r.shuffle(names)
        return [PField(r, names[i], r.randint(1, 0xffff)) for i in range(r.randint(lo, hi))]

    def use(self, name):
        if name not in self.used:
            self.used.append(name)
        if self.cur_uses is not None and name not in self.cur_uses:
            self.cur_uses.append(name)
        return f"{self.t}_{name}"

    # spellings of the family's main struct type
    def stype(self, tag=None):
        tag = tag or self.tag
        if self.typedef and self.r.random() < 0.5:
            return f"{tag}_t"
        return f"struct {tag}"

    def decl(self, name, tag=None, init=None):
        """A declaration of pointer variable `name` to the struct."""
        tag = tag or self.tag
        if self.ptr_typedef and self.r.random() < 0.5:
            d = f"{tag}_p {name}"
        else:
            d = f"{self.stype(tag)} *{name}"
        return d + (f" = {init}" if init is not None else "")

    def ptype(self, tag=None):
        return f"{self.stype(tag)} *"

    def cptype(self, tag=None):
        return f"const {self.stype(tag)} *"

    def sizeof(self, var=None, tag=None):
        choices = [f"sizeof({self.stype(tag)})"]
        if var:
            choices += [f"sizeof *{var}", f"sizeof(*{var})"]
        return self.r.choice(choices)

    def acc(self, p):
        """Member-access prefix for pointer expression p (a postfix expression)."""
        c = self.r.random()
        if c < 0.85:
            return f"{p}->"
        if c < 0.93:
            return f"(*{p})."
        return f"{p}[0]."

    def free(self, p):
        return f"free({p});"

    def typedefs(self, tags):
        out = []
        if self.typedef:
            for t in tags:
                out.append(f"typedef struct {t} {t}_t;")
                if self.ptr_typedef:
                    out.append(f"typedef struct {t} *{t}_p;")
        return out

    def struct(self, tag, fields):
        """fields: list of declaration strings (already shuffled)."""
        return [f"struct {tag} {{"] + [f"    {f}" for f in fields] + ["};", ""]

    def close(self):
        """Generate the helpers used so far (and those they use); True if any was new."""
        if not hasattr(self, "_done"):
            self._done, self._protos, self._defs = 0, [], []
        grew = False
        while self._done < len(self.used):
            name = self.used[self._done]
            self._done += 1
            sig, body = getattr(self, "h_" + name)()
            self._protos.append(f"static {sig};")
            self._defs += [f"static {sig}", "{"] + indent(body) + ["}", ""]
            grew = True
        return grew

    def render_helpers(self):
        """Prototypes and definitions of every helper used (after close())."""
        return self._protos + [""] + self._defs

    SCENARIO_FLAGS = ("global_used", "ops")

    def scenario(self):
        """A scenario function (name, text). What it needs (helpers, globals) is recorded
        per scenario, so that a program can be rendered with only some scenarios."""
        self.nsc += 1
        name = f"{self.t}_scenario{self.nsc}"
        saved = {f: getattr(self, f, False) for f in self.SCENARIO_FLAGS}
        for f in self.SCENARIO_FLAGS:
            setattr(self, f, False)
        self.cur_uses = []
        body = self.scenario_body()
        self.sc_needs[name] = (self.cur_uses, {f: getattr(self, f) for f in
                                               self.SCENARIO_FLAGS})
        self.cur_uses = None
        for f in self.SCENARIO_FLAGS:
            setattr(self, f, saved[f] or getattr(self, f))
        text = "\n".join([f"static unsigned {name}(unsigned n, unsigned salt)", "{"] +
                         indent(body) + ["}", ""])
        return name, text

    def restrict(self, kept):
        """Keep only what the scenarios named in `kept` need (before close())."""
        used, flags = [], {f: False for f in self.SCENARIO_FLAGS}
        for name, (uses, fl) in self.sc_needs.items():
            if name in kept:
                used += [u for u in uses if u not in used]
                for f in fl:
                    flags[f] = flags[f] or fl[f]
        self.used = used
        for f, v in flags.items():
            setattr(self, f, v)

    def keyexpr(self, i, s):
        return f"({i} * {HASH_MUL}) ^ {s}"

    def count_expr(self):
        r = self.r
        return r.choice(["n", "n", "n / 2u + 1u", "n % 23u", f"{r.randint(1, 12)}u",
                         "(n & 15u) + 3u"])

    def salt_expr(self):
        return self.r.choice(["salt", f"salt ^ {self.r.randint(1, 0xffff)}u",
                              f"salt * {self.r.randint(3, 99)}u", "rnd()", "h"])


# --------------------------------------------------------------------------------------
class ListFam(Family):
    """Singly linked list: struct with a key, payload and a next pointer."""

    def __init__(self, prog, idx):
        super().__init__(prog, idx, "l")
        r = self.r
        self.tag = f"{self.t}_{r.choice(self.word_pool)}"
        self.next = r.choice(["next", "link", "nxt", "succ"])
        self.pf = self.payload()
        self.key_first = r.random() < 0.5
        fields = [f"struct {self.tag} *{self.next};"] + [f.decl for f in self.pf]
        r.shuffle(fields)
        if self.key_first:
            fields.insert(0, "unsigned key;")
        else:
            fields.insert(r.randint(1, len(fields)), "unsigned key;")
        self.fields = fields
        self.push_style = r.choice(["ret", "pp"])
        self.build_style = r.choice(["front", "tail", "dummy"])
        self.hash_style = r.choice(["iter", "rec"])
        self.free_style = r.choice(["iter", "rec"])
        self.remove_style = r.choice(["pp", "prev"])
        self.copy_style = r.choice(["new", "assign", "memcpy"])
        self.global_root = r.random() < 0.3
        self.ops = False
        self.ops_enabled = r.random() < 0.2
        self.visitors = r.random() < 0.5
        # memset/memcpy/memmove of nodes with byte counts spelled many ways, and a
        # recursive function that owns a list per activation
        self.bytes_ops = r.random() < 0.35
        self.recur = r.random() < 0.2
        self.enum_bytes = False

    SCENARIO_FLAGS = Family.SCENARIO_FLAGS + ("enum_bytes",)

    def nk(self):
        return any(f.needs_k() for f in self.pf)

    def render(self):
        out = self.typedefs([self.tag]) + self.struct(self.tag, self.fields)
        if self.enum_bytes:
            out += [f"enum {{ {self.t}_BYTES = sizeof(struct {self.tag}) }};", ""]
        out += self.extra
        if self.global_used:
            out.append(f"static struct {self.tag} *{self.t}_root;")
        if self.ops:
            out.append(f"struct {self.t}_ops {{")
            out.append(f"    struct {self.tag} *(*build)(unsigned, unsigned);")
            out.append(f"    unsigned (*hash)(const struct {self.tag} *);")
            out.append(f"    void (*destroy)(struct {self.tag} *);")
            out.append("};")
        helpers = self.render_helpers()
        if self.ops:
            # defined after the prototypes, used by scenarios
            i = helpers.index("")
            helpers.insert(i + 1, f"static const struct {self.t}_ops {self.t}_ops_table = "
                           f"{{ {self.t}_build, {self.t}_hash, {self.t}_free }};")
        return "\n".join(out + [""] + helpers)

    # -- helpers --------------------------------------------------------------------------
    def h_new(self):
        a = self.acc("p")
        body = [self.decl("p", init=self.alloc(self.sizeof("p"))) + ";"]
        if self.nk():
            body.append("unsigned k;")
        body += [f"if ({self.isnull('p')}) {{", '    fputs("out of memory\\n", stderr);',
                 "    exit(2);", "}", f"{a}key = key;"]
        for f in self.pf:
            body += f.init(self.acc("p"), "key")
        body.append(f"{self.acc('p')}{self.next} = {self.p.null()};")
        body.append("return p;")
        return f"{self.ptype()}{self.t}_new(unsigned key)", body

    def isnull(self, p):
        return self.p.isnull(p)

    def nonnull(self, p):
        return self.p.nonnull(p)

    def h_nhash(self):
        body = []
        if self.nk():
            body.append("unsigned k;")
        body.append(f"unsigned h = {self.acc('p')}key;")
        for f in self.pf:
            body += f.hash("h", self.acc("p"))
        body.append("return h;")
        return f"unsigned {self.t}_nhash({self.cptype()}p)", body

    def h_push(self):
        new = self.use("new")
        n = self.next
        if self.push_style == "ret":
            return (f"{self.ptype()}{self.t}_push({self.ptype()}head, unsigned key)",
                    [self.decl("p", init=f"{new}(key)") + ";", f"{self.acc('p')}{n} = head;",
                     "return p;"])
        return (f"void {self.t}_push({self.ptype()}*headp, unsigned key)",
                [self.decl("p", init=f"{new}(key)") + ";", f"{self.acc('p')}{n} = *headp;",
                 "*headp = p;"])

    def push_stmt(self, var, key):
        push = self.use("push")
        if self.push_style == "ret":
            return f"{var} = {push}({var}, {key});"
        return f"{push}(&{var}, {key});"

    def h_build(self):
        n = self.next
        if self.build_style == "front":
            body = [self.decl("head", init=self.p.null()) + ";", "unsigned i;",
                    "for (i = 0; i < n; i++)",
                    "    " + self.push_stmt("head", self.keyexpr("i", "salt")), "return head;"]
        elif self.build_style == "tail":
            new = self.use("new")
            if self.ptr_typedef and self.r.random() < 0.5:
                body = [f"{self.tag}_p head = NULL, tail = NULL;"]
            else:
                body = [f"{self.stype()} *head = NULL, *tail = NULL;"]
            body += ["unsigned i;", "for (i = 0; i < n; i++) {",
                     f"    {self.decl('p', init=new + '(' + self.keyexpr('i', 'salt') + ')')};",
                     f"    if ({self.isnull('head')})", "        head = p;", "    else",
                     f"        {self.acc('tail')}{n} = p;", "    tail = p;", "}",
                     "return head;"]
        else:
            self.p.feature("stack-dummy-node")
            new = self.use("new")
            body = [f"{self.stype()} dummy;", self.decl("tail", init="&dummy") + ";",
                    "unsigned i;", f"dummy.{n} = NULL;", "for (i = 0; i < n; i++) {",
                    f"    {self.acc('tail')}{n} = {new}({self.keyexpr('i', 'salt')});",
                    f"    tail = tail->{n};", "}", f"return dummy.{n};"]
        return f"{self.ptype()}{self.t}_build(unsigned n, unsigned salt)", body

    def h_hash(self):
        nh = self.use("nhash")
        n = self.next
        if self.hash_style == "iter":
            body = ["unsigned h = 17u;", f"while ({self.nonnull('p')}) {{",
                    f"    h = mix(h, {nh}(p));", f"    p = {self.acc('p')}{n};", "}",
                    "return h;"]
        else:
            self.p.feature("recursion")
            body = [f"if ({self.isnull('p')})", "    return 17u;",
                    f"return mix({self.t}_hash({self.acc('p')}{n}), {nh}(p));"]
        return f"unsigned {self.t}_hash({self.cptype()}p)", body

    def h_len(self):
        n = self.next
        if self.r.random() < 0.5:
            body = ["unsigned c = 0u;", f"for (; {self.nonnull('p')}; p = p->{n})",
                    "    c++;", "return c;"]
        else:
            self.p.feature("recursion")
            body = [f"return {self.nonnull('p')} ? 1u + {self.t}_len(p->{n}) : 0u;"]
        return f"unsigned {self.t}_len({self.cptype()}p)", body

    def h_free(self):
        n = self.next
        if self.free_style == "iter":
            body = [f"while ({self.nonnull('p')}) {{",
                    "    " + self.decl("nx", init=f"{self.acc('p')}{n}") + ";",
                    "    " + self.free("p"), "    p = nx;", "}"]
        else:
            self.p.feature("recursion")
            body = [f"if ({self.nonnull('p')}) {{", f"    {self.t}_free({self.acc('p')}{n});",
                    "    " + self.free("p"), "}"]
        return f"void {self.t}_free({self.ptype()}p)", body

    def h_reverse(self):
        n = self.next
        body = [self.decl("prev", init=self.p.null()) + ";",
                f"while ({self.nonnull('p')}) {{",
                "    " + self.decl("nx", init=f"p->{n}") + ";",
                f"    {self.acc('p')}{n} = prev;", "    prev = p;", "    p = nx;", "}",
                "return prev;"]
        return f"{self.ptype()}{self.t}_reverse({self.ptype()}p)", body

    def h_remove_if(self):
        n = self.next
        if self.remove_style == "pp":
            self.p.feature("pointer-to-pointer")
            body = [f"{self.ptype()}*pp = &head;", "while (*pp) {",
                    f"    if ((*pp)->key % m == 0u) {{",
                    "        " + self.decl("dead", init="*pp") + ";",
                    f"        *pp = dead->{n};", "        " + self.free("dead"),
                    "        ++*removed;", "    } else {", f"        pp = &(*pp)->{n};", "    }",
                    "}", "return head;"]
        else:
            body = [self.decl("prev", init="NULL") + ";", self.decl("p", init="head") + ";",
                    f"while ({self.nonnull('p')}) {{",
                    "    " + self.decl("nx", init=f"p->{n}") + ";",
                    "    if (p->key % m == 0u) {", f"        if ({self.nonnull('prev')})",
                    f"            prev->{n} = nx;", "        else", "            head = nx;",
                    "        " + self.free("p"), "        *removed += 1u;", "    } else {",
                    "        prev = p;", "    }", "    p = nx;", "}", "return head;"]
        return (f"{self.ptype()}{self.t}_remove_if({self.ptype()}head, unsigned m, "
                f"unsigned *removed)", body)

    def h_find(self):
        n = self.next
        body = [f"for (; {self.nonnull('p')}; p = {self.acc('p')}{n})",
                f"    if ({self.acc('p')}key == key)", "        return p;", "return NULL;"]
        return f"{self.ptype()}{self.t}_find({self.ptype()}p, unsigned key)", body

    def h_nth(self):
        n = self.next
        body = [f"while ({self.nonnull('p')} && k > 0u) {{", f"    p = p->{n};", "    k--;",
                "}", "return p;"]
        return f"{self.ptype()}{self.t}_nth({self.ptype()}p, unsigned k)", body

    def h_sort(self):
        n = self.next
        self.p.feature("pointer-to-pointer")
        body = [self.decl("sorted", init="NULL") + ";", "while (head) {",
                "    " + self.decl("p", init="head") + ";",
                f"    {self.ptype()}*pp = &sorted;", f"    head = head->{n};",
                f"    while (*pp && (*pp)->key < {self.acc('p')}key)",
                f"        pp = &(*pp)->{n};", f"    p->{n} = *pp;", "    *pp = p;", "}",
                "return sorted;"]
        return f"{self.ptype()}{self.t}_sort({self.ptype()}head)", body

    def h_copy(self):
        n = self.next
        new = self.use("new")
        body = [self.decl("head", init="NULL") + ";", self.decl("tail", init="NULL") + ";",
                f"for (; {self.nonnull('p')}; p = p->{n}) {{",
                "    " + self.decl("q", init=f"{new}(0u)") + ";"]
        if self.copy_style == "assign":
            self.p.feature("struct-assignment")
            body.append("    *q = *p;")
        elif self.copy_style == "memcpy":
            self.p.feature("memcpy-node")
            body.append("    memcpy(q, p, sizeof *q);")
        else:
            body.append(f"    {self.acc('q')}key = p->key;")
            for f in self.pf:
                if f.kind == "array":
                    body.append(f"    memcpy(q->{f.name}, p->{f.name}, sizeof q->{f.name});")
                else:
                    body.append(f"    q->{f.name} = p->{f.name};")
        body += [f"    q->{n} = NULL;", "    if (tail)", f"        tail->{n} = q;", "    else",
                 "        head = q;", "    tail = q;", "}", "return head;"]
        return f"{self.ptype()}{self.t}_copy({self.cptype()}p)", body

    def h_append(self):
        n = self.next
        body = [self.decl("p", init="a") + ";", f"if ({self.isnull('a')})", "    return b;",
                f"while (p->{n})", f"    p = p->{n};", f"p->{n} = b;", "return a;"]
        return f"{self.ptype()}{self.t}_append({self.ptype()}a, {self.ptype()}b)", body

    def h_bump(self):
        n = self.next
        body = [f"for (; p; p = p->{n})", f"    {self.acc('p')}key += d;"]
        return f"void {self.t}_bump({self.ptype()}p, unsigned d)", body

    def h_cmp(self):
        body = [f"{self.cptype()}a = *({self.cptype()}const *)pa;",
                f"{self.cptype()}b = *({self.cptype()}const *)pb;"]
        if self.nk():
            body.append("unsigned k;")
        body += ["if (a->key != b->key)", "    return a->key < b->key ? -1 : 1;"]
        for f in self.pf:
            body += f.compare("a", "b")
        body.append("return 0;")
        return f"int {self.t}_cmp(const void *pa, const void *pb)", body

    def h_visit(self):
        n = self.next
        self.p.feature("function-pointer")
        body = [f"for (; p; p = p->{n})", "    acc = fn(p, acc);", "return acc;"]
        return (f"unsigned {self.t}_visit({self.cptype()}p, unsigned (*fn)({self.cptype()}, "
                f"unsigned), unsigned acc)", body)

    def h_vis_a(self):
        return (f"unsigned {self.t}_vis_a({self.cptype()}p, unsigned acc)",
                [f"return mix(acc, {self.use('nhash')}(p));"])

    def h_vis_b(self):
        return (f"unsigned {self.t}_vis_b({self.cptype()}p, unsigned acc)",
                [f"return acc + {self.acc('p')}key * 3u;"])

    # -- scenarios ------------------------------------------------------------------------
    def h_rec(self):
        build, hsh, fr = self.use("build"), self.use("hash"), self.use("free")
        rec = f"{self.t}_rec"
        body = [self.decl("l", init=f"{build}(depth % 7u + 1u, salt)") + ";",
                f"unsigned h = {hsh}(l);", "if (depth > 0u)",
                f"    h = mix(h, {rec}(depth - 1u, salt ^ depth));", f"{fr}(l);",
                "return h;"]
        return f"unsigned {rec}(unsigned depth, unsigned salt)", body

    def byte_count(self, f):
        """(declarations, count) for a byte count of one node `f`: whole nodes in many
        spellings (rescaled by ptrcomp), or a variable or a partial size (raw bytes: the
        node must stay uncompressed)."""
        r = self.r
        st = f"struct {self.tag}"
        c = r.random()
        if c < 0.15:
            return [], f"sizeof *{f}"
        if c < 0.3:
            return [], f"sizeof({st})"
        if c < 0.38:
            return [], f"1u * sizeof({st})"
        if c < 0.46:
            return [], f"sizeof({st}) * 1u"
        if c < 0.58:
            self.enum_bytes = True
            return [], f"{self.t}_BYTES"
        if c < 0.66:
            self.enum_bytes = True
            return [], f"{self.t}_BYTES / 2 + {self.t}_BYTES / 2"
        if c < 0.76:
            return [f"const size_t nb = sizeof *{f};"], "nb"
        if c < 0.86:
            return [f"size_t nb = sizeof *{f};", "nb += (size_t)(h & 0u);"], "nb"
        return [], f"offsetof({st}, {self.next})"

    def scenario_body(self):
        r = self.r
        nv = r.randint(1, 3)
        vs = [f"v{i}" for i in range(nv)]
        if self.global_root and r.random() < 0.7:
            vs[0] = f"{self.t}_root"
            self.global_used = True
            self.p.feature("global-root")
        used = set()   # only for membership; order comes from vs
        ops = []
        escapes = r.random() < 0.45
        nops = r.randint(3, 9)
        first = True
        for _ in range(nops):
            v = r.choice(vs)
            w = r.choice(vs)
            ops += self.op(v, w, vs, first, escapes)
            first = False
        body = []
        for v in vs:
            if not v.startswith("v"):
                continue
            body.append(self.decl(v, init="NULL") + ";")
        body.append("unsigned h = salt;")
        if any("removed" in o for o in ops):
            body.append("unsigned removed = 0u;")
        for v in vs:
            if not v.startswith("v"):
                continue
        if not vs[0].startswith("v"):
            body.append(f"{vs[0]} = NULL;")
        body += ops
        body += [f"h = mix(h, {self.use('hash')}({v}));" for v in vs]
        for v in vs:
            body.append(f"{self.use('free')}({v});")
            if not v.startswith("v"):
                body.append(f"{v} = NULL;")
        body.append("return h;")
        return body

    def op(self, v, w, vs, first, escapes):
        r = self.r
        kinds = ["build", "push", "hash", "len", "reverse", "remove", "find", "nth", "sort",
                 "copy", "append", "bump", "print", "early"]
        if escapes:
            kinds += ["bytes", "intcast", "qsort", "memcpy", "stackcopy"] * 2
        if self.visitors:
            kinds += ["visit"]
        if self.ops_enabled:
            kinds += ["ops"]
        if self.bytes_ops:
            kinds += ["wipe", "overwrite"] * 2
        if self.recur:
            kinds += ["recur"]
        k = "build" if first else r.choice(kinds)
        nx = self.next
        if k == "wipe":
            self.p.feature("byte-count")
            pre, count = self.byte_count("f")
            fn = r.choice(["memset(f, 0, {c})", "memset(f, {b}, {c})"]).format(
                c=count, b=r.randint(1, 255))
            return ["{", "    " + self.decl("f", init=f"{self.use('nth')}({v}, h % 7u)") + ";",
                    "    if (f) {"] + ["        " + x for x in pre] + [
                    "        " + self.decl("after", init=f"f->{nx}") + ";",
                    "        unsigned kk = f->key;", f"        {fn};",
                    f"        f->key = kk ^ {r.randint(1, 0xffff)}u;",
                    f"        f->{nx} = after;", "    }", "}"]
        if k == "overwrite":
            self.p.feature("byte-count")
            pre, count = self.byte_count("f")
            if r.random() < 0.5:
                cond, fn = "f && g", f"memmove(f, g, {count})"
            else:
                cond, fn = "f && g && f != g", f"memcpy(f, g, {count})"
            return ["{", "    " + self.decl("f", init=f"{self.use('nth')}({v}, h % 5u)") + ";",
                    "    " + self.decl("g", init=f"{self.use('nth')}({w}, (h >> 3) % 5u)") + ";",
                    f"    if ({cond}) {{"] + ["        " + x for x in pre] + [
                    "        " + self.decl("after", init=f"f->{nx}") + ";",
                    f"        {fn};", f"        f->{nx} = after;", "    }", "}"]
        if k == "recur":
            self.p.feature("recursive-owner")
            depth = r.choice(["n % 200u + 10u", "n * 13u % 1500u + 100u"])
            return [f"h = mix(h, {self.use('rec')}({depth}, h));"]
        if k == "build":
            cnt = "n" if first else self.count_expr()
            return [f"{self.use('free')}({v});",
                    f"{v} = {self.use('build')}({cnt}, {self.salt_expr()});"]
        if k == "ops":
            self.ops = True
            self.p.feature("ops-table")
            self.use("build"), self.use("hash"), self.use("free")
            return [f"{self.t}_ops_table.destroy({v});",
                    f"{v} = {self.t}_ops_table.build({self.count_expr()}, salt + 1u);",
                    f"h = mix(h, {self.t}_ops_table.hash({v}));"]
        if k == "push":
            return [self.push_stmt(v, f"rnd() ^ {r.randint(0, 999)}u")]
        if k == "hash":
            return [f"h = mix(h, {self.use('hash')}({v}));"]
        if k == "len":
            return [f"h = mix(h, {self.use('len')}({v}));"]
        if k == "reverse":
            return [f"{v} = {self.use('reverse')}({v});"]
        if k == "remove":
            return [f"{v} = {self.use('remove_if')}({v}, (h % 5u) + 2u, &removed);",
                    "h = mix(h, removed);"]
        if k == "find":
            return ["{", "    unsigned q;", "    for (q = 0; q < 8u; q++) {",
                    "        " + self.decl("f", init=f"{self.use('find')}({v}, "
                                          f"{self.keyexpr('q', 'salt')})") + ";",
                    f"        h = mix(h, {self.nonnull('f')} ? {self.use('nhash')}(f) : q);",
                    "    }", "}"]
        if k == "nth":
            return ["{", "    " + self.decl("f", init=f"{self.use('nth')}({v}, h % 9u)") + ";",
                    f"    if (f)", f"        h = mix(h, f->key);", "}"]
        if k == "sort":
            return [f"{v} = {self.use('sort')}({v});"]
        if k == "copy":
            if v == w:
                return []
            return [f"{self.use('free')}({w});", f"{w} = {self.use('copy')}({v});"]
        if k == "append":
            if v == w:
                return []
            return [f"{v} = {self.use('append')}({v}, {w});", f"{w} = NULL;"]
        if k == "bump":
            return [f"{self.use('bump')}({v}, h & 255u);"]
        if k == "print":
            return [f'printf("{self.t} %u %u\\n", {self.use("len")}({v}), '
                    f'{self.use("hash")}({v}));']
        if k == "early":
            self.p.feature("early-return")
            out = [f"if (h % {r.randint(3, 11)}u == 1u) {{"]
            for x in vs:
                out.append(f"    {self.use('free')}({x});")
                if not x.startswith("v"):
                    out.append(f"    {x} = NULL;")
            out += ["    return h;", "}"]
            return out
        if k == "visit":
            vis_a, vis_b = self.use("vis_a"), self.use("vis_b")
            return [f"h = {self.use('visit')}({v}, (h & 1u) ? {vis_a} : {vis_b}, h);"]
        if k == "bytes":
            self.p.feature("byte-access")
            kb = r.randint(0, 3)
            if self.key_first and r.random() < 0.5:
                base = r.choice(["(unsigned char *)p", "(char *)p"])
            else:
                base = f"(unsigned char *)p + offsetof(struct {self.tag}, key)"
            out = ["{", "    " + self.decl("p") + ";",
                   f"    for (p = {v}; p; p = p->{nx}) {{",
                   f"        h = mix(h, (unsigned)(unsigned char)({base})[{kb}]);"]
            if r.random() < 0.5:
                out.append(f"        ({base})[{kb}] = (char)(h & 0x7fu);")
            out += ["    }", "}"]
            return out
        if k == "intcast":
            self.p.feature("pointer-to-integer")
            return ["{", "    " + self.decl("p") + ";", f"    uintptr_t first = (uintptr_t){v};",
                    "    unsigned same = 0u;", f"    for (p = {v}; p; p = p->{nx}) {{",
                    "        uintptr_t u = (uintptr_t)p;",
                    f"        {self.decl('q', init=f'({self.ptype()})u')};",
                    "        h = mix(h, q->key);", "        same += (u == first);", "    }",
                    "    h = mix(h, same);", "}"]
        if k == "qsort":
            self.p.feature("qsort")
            cmp = self.use("cmp")
            return ["{", f"    unsigned cnt = {self.use('len')}({v}), i;",
                    f"    {self.ptype()}*arr;", "    " + self.decl("p") + ";",
                    "    if (cnt > 1u) {", "        arr = malloc(cnt * sizeof *arr);",
                    "        if (!arr)", "            exit(2);",
                    f"        for (i = 0, p = {v}; p; p = p->{nx})", "            arr[i++] = p;",
                    f"        qsort(arr, cnt, sizeof *arr, {cmp});",
                    "        for (i = 0; i + 1u < cnt; i++)",
                    f"            arr[i]->{nx} = arr[i + 1u];",
                    f"        arr[cnt - 1u]->{nx} = NULL;", f"        {v} = arr[0];",
                    "        free(arr);", "    }", "}"]
        if k == "memcpy":
            if v == w:
                return []
            self.p.feature("memcpy-node")
            new = self.use("new")
            return ["{", f"    {self.decl('p')}, *tail = NULL;"
                    if not self.ptr_typedef else f"    struct {self.tag} *p, *tail = NULL;",
                    f"    {self.use('free')}({w});", f"    {w} = NULL;",
                    f"    for (p = {v}; p; p = p->{nx}) {{",
                    "        " + self.decl("q", init=f"{new}(0u)") + ";",
                    "        memcpy(q, p, sizeof *q);", f"        q->{nx} = NULL;",
                    "        if (tail)", f"            tail->{nx} = q;", "        else",
                    f"            {w} = q;", "        tail = q;", "    }", "}"]
        if k == "stackcopy":
            self.p.feature("memcpy-node")
            return [f"if ({v}) {{", f"    {self.stype()} tmp;",
                    f"    memcpy(&tmp, {v}, sizeof tmp);",
                    f"    h = mix(h, {self.use('nhash')}(&tmp));",
                    f"    h = mix(h, {self.use('len')}(tmp.{nx}));", "}"]
        raise AssertionError(k)


# --------------------------------------------------------------------------------------
class DListFam(Family):
    """Doubly linked list with a header struct (head, tail, count)."""

    def __init__(self, prog, idx):
        super().__init__(prog, idx, "d")
        r = self.r
        self.tag = f"{self.t}_{r.choice(self.word_pool)}"
        self.htag = f"{self.t}_list"
        self.pf = self.payload()
        fields = [f"struct {self.tag} *prev;", f"struct {self.tag} *next;", "unsigned key;"]
        fields += [f.decl for f in self.pf]
        r.shuffle(fields)
        self.fields = fields
        hf = [f"struct {self.tag} *head;", f"struct {self.tag} *tail;", "unsigned count;"]
        r.shuffle(hf)
        self.hfields = hf
        self.heap_header = r.random() < 0.4
        self.global_header = r.random() < 0.25

    def nk(self):
        return any(f.needs_k() for f in self.pf)

    def render(self):
        out = self.typedefs([self.tag]) + self.struct(self.tag, self.fields)
        out += self.struct(self.htag, self.hfields) + self.extra
        if self.global_used:
            out.append(f"static struct {self.htag} {self.t}_glist;")
        return "\n".join(out + [""] + self.render_helpers())

    def L(self):
        return f"struct {self.htag} *"

    def h_new(self):
        body = [self.decl("p", init=self.alloc(self.sizeof("p"))) + ";"]
        if self.nk():
            body.append("unsigned k;")
        body += [f"if ({self.p.isnull('p')})", "    exit(2);", f"{self.acc('p')}key = key;"]
        for f in self.pf:
            body += f.init(self.acc("p"), "key")
        body += [f"p->prev = {self.p.null()};", f"p->next = {self.p.null()};", "return p;"]
        return f"{self.ptype()}{self.t}_new(unsigned key)", body

    def h_nhash(self):
        body = []
        if self.nk():
            body.append("unsigned k;")
        body.append(f"unsigned h = {self.acc('p')}key * 5u;")
        for f in self.pf:
            body += f.hash("h", self.acc("p"))
        body.append("return h;")
        return f"unsigned {self.t}_nhash({self.cptype()}p)", body

    def h_init(self):
        return f"void {self.t}_init({self.L()}l)", [
            f"l->head = {self.p.null()};", f"l->tail = {self.p.null()};", "l->count = 0u;"]

    def h_create(self):
        self.use("init")
        return f"{self.L()}{self.t}_create(void)", [
            f"{self.L()}l = {self.p.alloc('sizeof *l')};", "if (!l)", "    exit(2);",
            f"{self.t}_init(l);", "return l;"]

    def h_push_back(self):
        return f"void {self.t}_push_back({self.L()}l, unsigned key)", [
            self.decl("p", init=f"{self.use('new')}(key)") + ";", "p->prev = l->tail;",
            f"if ({self.p.nonnull('l->tail')})", "    l->tail->next = p;", "else",
            "    l->head = p;", "l->tail = p;", "l->count++;"]

    def h_push_front(self):
        return f"void {self.t}_push_front({self.L()}l, unsigned key)", [
            self.decl("p", init=f"{self.use('new')}(key)") + ";", "p->next = l->head;",
            "if (l->head)", f"    {self.acc('l->head')}prev = p;", "else", "    l->tail = p;",
            "l->head = p;", "l->count++;"]

    def h_detach(self):
        return f"void {self.t}_detach({self.L()}l, {self.ptype()}p)", [
            "if (p->prev)", "    p->prev->next = p->next;", "else", "    l->head = p->next;",
            "if (p->next)", "    p->next->prev = p->prev;", "else", "    l->tail = p->prev;",
            "p->prev = p->next = NULL;", "l->count--;"]

    def h_remove_if(self):
        return f"unsigned {self.t}_remove_if({self.L()}l, unsigned m)", [
            "unsigned removed = 0u;", self.decl("p", init="l->head") + ";", "while (p) {",
            "    " + self.decl("nx", init="p->next") + ";", "    if (p->key % m == 0u) {",
            f"        {self.use('detach')}(l, p);", "        free(p);", "        removed++;",
            "    }", "    p = nx;", "}", "return removed;"]

    def h_hash_fwd(self):
        return f"unsigned {self.t}_hash_fwd(const struct {self.htag} *l)", [
            "unsigned h = l->count;", self.cptype() + "p;",
            f"for (p = l->head; {self.p.nonnull('p')}; p = p->next)",
            f"    h = mix(h, {self.use('nhash')}(p));", "return h;"]

    def h_hash_bwd(self):
        return f"unsigned {self.t}_hash_bwd(const struct {self.htag} *l)", [
            "unsigned h = 3u;", self.cptype() + "p = l->tail;", "while (p) {",
            f"    h = mix(h, {self.use('nhash')}(p));", f"    p = {self.acc('p')}prev;", "}",
            "return h;"]

    def h_check(self):
        return f"unsigned {self.t}_check(const struct {self.htag} *l)", [
            "unsigned ok = 0u, c = 0u;", self.cptype() + "p;",
            "for (p = l->head; p; p = p->next) {", "    c++;",
            "    if (p->next ? p->next->prev == p : l->tail == p)", "        ok++;",
            "    if (p->prev ? p->prev->next == p : l->head == p)", "        ok++;", "}",
            "return ok * 2u + (c == l->count);"]

    def h_clear(self):
        return f"void {self.t}_clear({self.L()}l)", [
            self.decl("p", init="l->head") + ";", "while (p) {",
            "    " + self.decl("nx", init="p->next") + ";", "    free(p);", "    p = nx;", "}",
            f"{self.use('init')}(l);"]

    def h_move_all(self):
        return f"void {self.t}_move_all({self.L()}dst, {self.L()}src)", [
            "if (!src->head)", "    return;", "if (dst->tail) {",
            "    dst->tail->next = src->head;", "    src->head->prev = dst->tail;",
            "} else {", "    dst->head = src->head;", "}", "dst->tail = src->tail;",
            "dst->count += src->count;", f"{self.use('init')}(src);"]

    def h_insert_sorted(self):
        return f"void {self.t}_insert_sorted({self.L()}l, unsigned key)", [
            self.decl("q", init="l->head") + ";", self.decl("p") + ";",
            "while (q && q->key < key)", "    q = q->next;",
            "if (!q) {", f"    {self.use('push_back')}(l, key);", "    return;", "}",
            f"p = {self.use('new')}(key);", "p->next = q;", "p->prev = q->prev;",
            "if (q->prev)", "    q->prev->next = p;", "else", "    l->head = p;",
            "q->prev = p;", "l->count++;"]

    def h_rotate(self):
        return f"void {self.t}_rotate({self.L()}l, unsigned k)", [
            "while (k-- > 0u && l->head && l->head != l->tail) {",
            "    " + self.decl("p", init="l->head") + ";", f"    {self.use('detach')}(l, p);",
            "    p->prev = l->tail;", "    l->tail->next = p;", "    l->tail = p;",
            "    l->count++;", "}"]

    def scenario_body(self):
        r = self.r
        nv = r.randint(1, 3)
        vs = [f"v{i}" for i in range(nv)]
        heap = self.heap_header
        use_global = self.global_header and r.random() < 0.7
        refs = {}
        for v in vs:
            refs[v] = v if heap else f"&{v}"
        if use_global:
            refs[vs[0]] = f"&{self.t}_glist"
            self.global_used = True
            self.p.feature("global-root")
        ops = []
        for i in range(r.randint(3, 9)):
            v, w = r.choice(vs), r.choice(vs)
            ops += self.op(refs[v], refs[w], i == 0, vs, refs)
        body = []
        for v in vs:
            if refs[v] != v and not refs[v].startswith("&v"):
                continue
            if heap:
                body.append(f"{self.L()}{v} = {self.use('create')}();")
            else:
                body.append(f"struct {self.htag} {v};")
        body.append("unsigned h = salt;")
        for v in vs:
            if refs[v].startswith("&"):
                body.append(f"{self.use('init')}({refs[v]});")
        body += ops
        for v in vs:
            body.append(f"h = mix(h, {self.use('hash_fwd')}({refs[v]}));")
        body += self.cleanup(vs, refs)
        body.append("return h;")
        return body

    def cleanup(self, vs, refs):
        out = []
        for v in vs:
            out.append(f"{self.use('clear')}({refs[v]});")
            if refs[v] == v:
                out.append(f"free({v});")
        return out

    def op(self, v, w, first, vs, refs):
        r = self.r
        k = "fill" if first else r.choice(
            ["fill", "push_front", "push_back", "remove", "hash_fwd", "hash_bwd", "check",
             "move", "sorted", "rotate", "clear", "early", "pop"])
        if k == "fill":
            cnt = "n" if first else self.count_expr()
            return ["{", "    unsigned i;", f"    for (i = 0; i < {cnt}; i++) {{",
                    f"        if (rnd() & 1u)",
                    f"            {self.use('push_back')}({v}, {self.keyexpr('i', 'salt')});",
                    "        else",
                    f"            {self.use('push_front')}({v}, {self.keyexpr('i', 'salt')});",
                    "    }", "}"]
        if k in ("push_front", "push_back"):
            return [f"{self.use(k)}({v}, rnd());"]
        if k == "remove":
            return [f"h = mix(h, {self.use('remove_if')}({v}, h % 4u + 2u));"]
        if k in ("hash_fwd", "hash_bwd", "check"):
            return [f"h = mix(h, {self.use(k)}({v}));"]
        if k == "move":
            if v == w:
                return []
            return [f"{self.use('move_all')}({v}, {w});"]
        if k == "sorted":
            return ["{", "    unsigned i;", f"    for (i = 0; i < {self.count_expr()}; i++)",
                    f"        {self.use('insert_sorted')}({v}, rnd() % 1000u);", "}"]
        if k == "rotate":
            return [f"{self.use('rotate')}({v}, h % 7u);"]
        if k == "clear":
            return [f"{self.use('clear')}({v});"]
        if k == "pop":
            return [f"if (({v})->head) {{", f"    {self.decl('p', init=f'({v})->head')};",
                    f"    {self.use('detach')}({v}, p);", f"    h = mix(h, {self.use('nhash')}(p));",
                    "    free(p);", "}"]
        if k == "early":
            self.p.feature("early-return")
            return [f"if (h % {r.randint(3, 11)}u == 2u) {{"] + indent(
                self.cleanup(vs, refs)) + ["    return h;", "}"]
        raise AssertionError(k)


# --------------------------------------------------------------------------------------
class TreeFam(Family):
    """Binary search tree with parent pointers."""

    def __init__(self, prog, idx):
        super().__init__(prog, idx, "t")
        r = self.r
        self.tag = f"{self.t}_{r.choice(self.word_pool)}"
        self.pf = self.payload()
        fields = [f"struct {self.tag} *left;", f"struct {self.tag} *right;",
                  f"struct {self.tag} *parent;", "unsigned key;"] + [f.decl for f in self.pf]
        r.shuffle(fields)
        self.fields = fields
        self.insert_style = r.choice(["iter", "rec"])
        self.global_root = r.random() < 0.3

    def nk(self):
        return any(f.needs_k() for f in self.pf)

    def render(self):
        out = self.typedefs([self.tag]) + self.struct(self.tag, self.fields) + self.extra
        if self.global_used:
            out.append(f"static struct {self.tag} *{self.t}_root;")
        return "\n".join(out + [""] + self.render_helpers())

    def h_new(self):
        body = [self.decl("p", init=self.alloc(self.sizeof("p"))) + ";"]
        if self.nk():
            body.append("unsigned k;")
        body += ["if (!p)", "    exit(2);", f"{self.acc('p')}key = key;"]
        for f in self.pf:
            body += f.init(self.acc("p"), "key")
        body += [f"p->left = p->right = {self.p.null()};", "p->parent = parent;", "return p;"]
        return f"{self.ptype()}{self.t}_new(unsigned key, {self.ptype()}parent)", body

    def h_nhash(self):
        body = []
        if self.nk():
            body.append("unsigned k;")
        body.append(f"unsigned h = {self.acc('p')}key;")
        for f in self.pf:
            body += f.hash("h", self.acc("p"))
        body.append("return h;")
        return f"unsigned {self.t}_nhash({self.cptype()}p)", body

    def h_insert(self):
        new = self.use("new")
        if self.insert_style == "iter":
            self.p.feature("pointer-to-pointer")
            body = [f"{self.ptype()}*link = rootp;", self.decl("parent", init="NULL") + ";",
                    "while (*link) {", "    parent = *link;",
                    "    if (key == parent->key)", "        return 0u;",
                    "    link = key < parent->key ? &parent->left : &parent->right;", "}",
                    f"*link = {new}(key, parent);", "return 1u;"]
            return f"unsigned {self.t}_insert({self.ptype()}*rootp, unsigned key)", body
        self.p.feature("recursion")
        body = [f"if ({self.p.isnull('*rootp')}) {{", f"    *rootp = {new}(key, parent);",
                "    return 1u;", "}", "if (key == (*rootp)->key)", "    return 0u;",
                "if (key < (*rootp)->key)",
                f"    return {self.t}_insert_at(&(*rootp)->left, *rootp, key);",
                f"return {self.t}_insert_at(&(*rootp)->right, *rootp, key);"]
        self.use("insert_at_wrap")
        return (f"unsigned {self.t}_insert_at({self.ptype()}*rootp, {self.ptype()}parent, "
                f"unsigned key)", body)

    def h_insert_at_wrap(self):
        return (f"unsigned {self.t}_insert_rec({self.ptype()}*rootp, unsigned key)",
                [f"return {self.t}_insert_at(rootp, NULL, key);"])

    def insert(self):
        self.use("insert")
        if self.insert_style == "iter":
            return f"{self.t}_insert"
        return f"{self.t}_insert_rec"

    def h_min(self):
        return f"{self.ptype()}{self.t}_min({self.ptype()}p)", [
            "if (p)", "    while (p->left)", "        p = p->left;", "return p;"]

    def h_succ(self):
        return f"{self.ptype()}{self.t}_succ({self.ptype()}p)", [
            "if (p->right)", f"    return {self.use('min')}(p->right);",
            "while (p->parent && p == p->parent->right)", "    p = p->parent;",
            "return p->parent;"]

    def h_hash_inorder(self):
        return f"unsigned {self.t}_hash_inorder({self.ptype()}root)", [
            "unsigned h = 11u;", self.decl("p") + ";",
            f"for (p = {self.use('min')}(root); p; p = {self.use('succ')}(p))",
            f"    h = mix(h, {self.use('nhash')}(p));", "return h;"]

    def h_hash_rec(self):
        self.p.feature("recursion")
        return f"unsigned {self.t}_hash_rec({self.cptype()}p, unsigned depth)", [
            "if (!p)", "    return depth;",
            f"return mix(mix({self.use('nhash')}(p), {self.t}_hash_rec(p->left, depth + 1u)),",
            f"           {self.t}_hash_rec(p->right, depth + 1u));"]

    def h_height(self):
        self.p.feature("recursion")
        return f"unsigned {self.t}_height({self.cptype()}p)", [
            "unsigned a, b;", "if (!p)", "    return 0u;", f"a = {self.t}_height(p->left);",
            f"b = {self.t}_height(p->right);", "return 1u + (a > b ? a : b);"]

    def h_free(self):
        self.p.feature("recursion")
        return f"void {self.t}_free({self.ptype()}p)", [
            "if (!p)", "    return;", f"{self.t}_free(p->left);", f"{self.t}_free(p->right);",
            "free(p);"]

    def h_find(self):
        return f"{self.ptype()}{self.t}_find({self.ptype()}p, unsigned key)", [
            "while (p) {", "    if (key == p->key)", "        return p;",
            "    p = key < p->key ? p->left : p->right;", "}", "return NULL;"]

    def h_depth(self):
        return f"unsigned {self.t}_depth({self.cptype()}p)", [
            "unsigned d = 0u;", "while (p->parent) {", "    p = p->parent;", "    d++;", "}",
            "return d;"]

    def h_remove_min(self):
        return f"unsigned {self.t}_remove_min({self.ptype()}*rootp)", [
            self.decl("p", init=self.use("min") + "(*rootp)") + ";", "unsigned key;",
            "if (!p)", "    return 0u;", "key = p->key;", "if (p->right)",
            "    p->right->parent = p->parent;", "if (p->parent)",
            "    p->parent->left = p->right;", "else", "    *rootp = p->right;", "free(p);",
            "return key;"]

    def h_move_into(self):
        self.p.feature("recursion")
        return f"void {self.t}_move_into({self.ptype()}*dst, {self.ptype()}p)", [
            "if (!p)", "    return;", f"{self.t}_move_into(dst, p->left);",
            f"{self.t}_move_into(dst, p->right);", f"{self.insert()}(dst, p->key);", "free(p);"]

    def scenario_body(self):
        r = self.r
        vs = [f"v{i}" for i in range(r.randint(1, 2))]
        if self.global_root and r.random() < 0.7:
            vs[0] = f"{self.t}_root"
            self.global_used = True
            self.p.feature("global-root")
        escapes = r.random() < 0.3
        ops = []
        for i in range(r.randint(3, 8)):
            ops += self.op(r.choice(vs), r.choice(vs), i == 0, vs, escapes)
        body = [self.decl(v, init="NULL") + ";" for v in vs if v.startswith("v")]
        body.append("unsigned h = salt;")
        if not vs[0].startswith("v"):
            body.append(f"{vs[0]} = NULL;")
        body += ops
        for v in vs:
            body.append(f"h = mix(h, {self.use('hash_inorder')}({v}));")
        body += self.cleanup(vs)
        body.append("return h;")
        return body

    def cleanup(self, vs):
        out = []
        for v in vs:
            out.append(f"{self.use('free')}({v});")
            if not v.startswith("v"):
                out.append(f"{v} = NULL;")
        return out

    def op(self, v, w, first, vs, escapes):
        r = self.r
        kinds = ["fill", "hash_inorder", "hash_rec", "height", "find", "remove_min", "merge",
                 "early", "fill"]
        if escapes:
            kinds += ["intcast", "bytes"]
        k = "fill" if first else r.choice(kinds)
        if k == "fill":
            cnt = "n" if first else self.count_expr()
            return ["{", "    unsigned i;", f"    for (i = 0; i < {cnt}; i++)",
                    f"        h += {self.insert()}(&{v}, {self.keyexpr('i', self.salt_expr())});",
                    "}"]
        if k == "hash_inorder":
            return [f"h = mix(h, {self.use('hash_inorder')}({v}));"]
        if k == "hash_rec":
            return [f"h = mix(h, {self.use('hash_rec')}({v}, 0u));"]
        if k == "height":
            return [f"h = mix(h, {self.use('height')}({v}));"]
        if k == "find":
            return ["{", "    unsigned i;", "    for (i = 0; i < 12u; i++) {",
                    "        " + self.decl("f", init=self.use("find") + "(" + v + ", " +
                                           self.keyexpr("i", "salt") + ")") + ";",
                    f"        h = mix(h, f ? {self.use('depth')}(f) + {self.use('nhash')}(f) : i);",
                    "    }", "}"]
        if k == "remove_min":
            return ["{", "    unsigned i;", "    for (i = 0; i < h % 9u; i++)",
                    f"        h = mix(h, {self.use('remove_min')}(&{v}));", "}"]
        if k == "merge":
            if v == w:
                return []
            return [f"{self.use('move_into')}(&{v}, {w});", f"{w} = NULL;"]
        if k == "early":
            self.p.feature("early-return")
            return [f"if (h % {r.randint(3, 11)}u == 0u) {{"] + indent(self.cleanup(vs)) + [
                "    return h;", "}"]
        if k == "intcast":
            self.p.feature("pointer-to-integer")
            return [f"if ({v}) {{", f"    {self.decl('p', init=self.use('min') + '(' + v + ')')};",
                    "    while (p) {",
                    "        uintptr_t up = (uintptr_t)p->parent;",
                    f"        {self.decl('q', init=f'({self.ptype()})up')};",
                    "        h = mix(h, q ? q->key : 1u);",
                    f"        p = {self.use('succ')}(p);", "    }", "}"]
        if k == "bytes":
            self.p.feature("byte-access")
            return [f"if ({v}) {{",
                    f"    const unsigned char *b = (const unsigned char *){v} + "
                    f"offsetof(struct {self.tag}, key);",
                    f"    h = mix(h, (unsigned)b[{r.randint(0, 3)}]);", "}"]
        raise AssertionError(k)


# --------------------------------------------------------------------------------------
class GraphFam(Family):
    """Directed graph of two mutually recursive types: vertices hold edge lists."""

    def __init__(self, prog, idx):
        super().__init__(prog, idx, "g")
        r = self.r
        self.vtag = f"{self.t}_vertex"
        self.etag = f"{self.t}_edge"
        self.tag = self.vtag
        self.gtag = f"{self.t}_graph"
        self.vpf = self.payload(0, 2)
        self.epf = self.payload(0, 1)
        vf = [f"struct {self.etag} *out;", f"struct {self.vtag} *next;", "unsigned id;",
              "unsigned mark;"] + [f.decl for f in self.vpf]
        r.shuffle(vf)
        ef = [f"struct {self.vtag} *to;", f"struct {self.etag} *next;", "unsigned w;"] + [
            f.decl for f in self.epf]
        if r.random() < 0.5:
            ef.append(f"struct {self.vtag} *from;")
            self.has_from = True
        else:
            self.has_from = False
        r.shuffle(ef)
        self.vfields, self.efields = vf, ef
        self.recursive_dfs = r.random() < 0.5

    def render(self):
        out = self.typedefs([self.vtag, self.etag])
        out += [f"struct {self.etag};", ""]
        out += self.struct(self.vtag, self.vfields) + self.struct(self.etag, self.efields)
        out += self.struct(self.gtag, [f"struct {self.vtag} *verts;",
                                       f"struct {self.vtag} **index;", "unsigned nv;",
                                       "unsigned cap;"])
        out += self.extra
        return "\n".join(out + [""] + self.render_helpers())

    def G(self):
        return f"struct {self.gtag} *"

    def h_init(self):
        return f"void {self.t}_init({self.G()}g)", [
            "g->verts = NULL;", "g->index = NULL;", "g->nv = g->cap = 0u;"]

    def h_add_vertex(self):
        self.p.feature("realloc")
        v = self.vtag
        body = [self.decl("v", tag=v, init=self.alloc(self.sizeof("v", v))) + ";"]
        if any(f.needs_k() for f in self.vpf):
            body.append("unsigned k;")
        body += ["if (!v)", "    exit(2);", "v->id = id;", "v->mark = 0u;",
                 f"v->out = {self.p.null()};"]
        for f in self.vpf:
            body += f.init(self.acc("v"), "id")
        body += ["v->next = g->verts;", "g->verts = v;", "if (g->nv == g->cap) {",
                 "    unsigned cap = g->cap ? g->cap * 2u : 4u;",
                 f"    struct {v} **ni = realloc(g->index, cap * sizeof *ni);", "    if (!ni)",
                 "        exit(2);", "    g->index = ni;", "    g->cap = cap;", "}",
                 "g->index[g->nv++] = v;", "return v;"]
        return f"{self.ptype(v)}{self.t}_add_vertex({self.G()}g, unsigned id)", body

    def h_add_edge(self):
        e = self.etag
        body = [self.decl("e", tag=e, init=self.alloc(self.sizeof("e", e))) + ";"]
        if any(f.needs_k() for f in self.epf):
            body.append("unsigned k;")
        body += ["if (!e)", "    exit(2);", "e->w = w;", "e->to = b;"]
        if self.has_from:
            body.append("e->from = a;")
        for f in self.epf:
            body += f.init(self.acc("e"), "w")
        body += ["e->next = a->out;", "a->out = e;"]
        return (f"void {self.t}_add_edge({self.ptype(self.vtag)}a, {self.ptype(self.vtag)}b, "
                f"unsigned w)", body)

    def h_build(self):
        return f"void {self.t}_build({self.G()}g, unsigned n, unsigned m, unsigned salt)", [
            "unsigned i, base = g->nv;", "for (i = 0; i < n; i++)",
            f"    {self.use('add_vertex')}(g, base + i);", "if (g->nv == 0u)", "    return;",
            "for (i = 0; i < m; i++) {", "    unsigned a = rnd() % g->nv;",
            "    unsigned b = rnd() % g->nv;",
            f"    {self.use('add_edge')}(g->index[a], g->index[b], (i * {HASH_MUL}) ^ salt);",
            "}"]

    def h_vhash(self):
        body = []
        if any(f.needs_k() for f in self.vpf):
            body.append("unsigned k;")
        body.append(f"unsigned h = {self.acc('v')}id;")
        for f in self.vpf:
            body += f.hash("h", self.acc("v"))
        body.append("return h;")
        return f"unsigned {self.t}_vhash({self.cptype(self.vtag)}v)", body

    def h_ehash(self):
        body = []
        if any(f.needs_k() for f in self.epf):
            body.append("unsigned k;")
        body.append(f"unsigned h = {self.acc('e')}w ^ {self.acc('e')}to->id;")
        if self.has_from:
            body.append("h = mix(h, e->from->id);")
        for f in self.epf:
            body += f.hash("h", self.acc("e"))
        body.append("return h;")
        return f"unsigned {self.t}_ehash({self.cptype(self.etag)}e)", body

    def h_dfs(self):
        if self.recursive_dfs:
            self.p.feature("recursion")
            return f"unsigned {self.t}_dfs({self.ptype(self.vtag)}v, unsigned stamp)", [
                f"{self.cptype(self.etag)}e;", f"unsigned h = {self.use('vhash')}(v);",
                "v->mark = stamp;", "for (e = v->out; e; e = e->next) {",
                f"    h = mix(h, {self.use('ehash')}(e));", "    if (e->to->mark != stamp)",
                f"        h = mix(h, {self.t}_dfs(e->to, stamp));", "}", "return h;"]
        self.p.feature("realloc")
        return f"unsigned {self.t}_dfs({self.ptype(self.vtag)}start, unsigned stamp)", [
            f"struct {self.vtag} **stack = NULL;", "unsigned sp = 0u, cap = 0u, h = 0u;",
            "start->mark = stamp;", "for (;;) {", f"    {self.cptype(self.etag)}e;",
            f"    h = mix(h, {self.use('vhash')}(start));",
            "    for (e = start->out; e; e = e->next) {",
            f"        h = mix(h, {self.use('ehash')}(e));",
            "        if (e->to->mark != stamp) {", "            e->to->mark = stamp;",
            "            if (sp == cap) {", "                cap = cap ? cap * 2u : 8u;",
            "                stack = realloc(stack, cap * sizeof *stack);",
            "                if (!stack)", "                    exit(2);", "            }",
            "            stack[sp++] = e->to;", "        }", "    }", "    if (sp == 0u)",
            "        break;", "    start = stack[--sp];", "}", "free(stack);", "return h;"]

    def h_reach(self):
        return f"unsigned {self.t}_reach({self.G()}g, unsigned k, unsigned stamp)", [
            "if (g->nv == 0u)", "    return 0u;",
            f"return {self.use('dfs')}(g->index[k % g->nv], stamp);"]

    def h_remove_edges(self):
        self.p.feature("pointer-to-pointer")
        return f"unsigned {self.t}_remove_edges({self.G()}g, unsigned m)", [
            "unsigned removed = 0u;", self.decl("v", tag=self.vtag) + ";",
            "for (v = g->verts; v; v = v->next) {",
            f"    {self.ptype(self.etag)}*pp = &v->out;", "    while (*pp) {",
            f"        {self.decl('e', tag=self.etag, init='*pp')};",
            "        if (e->w % m == 0u) {", "            *pp = e->next;", "            free(e);",
            "            removed++;", "        } else {", "            pp = &e->next;", "        }",
            "    }", "}", "return removed;"]

    def h_hash(self):
        return f"unsigned {self.t}_hash(const struct {self.gtag} *g)", [
            "unsigned h = g->nv, i;", "for (i = 0; i < g->nv; i++) {",
            f"    {self.cptype(self.etag)}e;",
            f"    h = mix(h, {self.use('vhash')}(g->index[i]));",
            "    for (e = g->index[i]->out; e; e = e->next)",
            f"        h = mix(h, {self.use('ehash')}(e));", "}", "return h;"]

    def h_free(self):
        return f"void {self.t}_free({self.G()}g)", [
            f"{self.decl('v', tag=self.vtag, init='g->verts')};", "while (v) {",
            f"    {self.decl('nv', tag=self.vtag, init='v->next')};",
            f"    {self.decl('e', tag=self.etag, init='v->out')};", "    while (e) {",
            f"        {self.decl('ne', tag=self.etag, init='e->next')};", "        free(e);",
            "        e = ne;", "    }", "    free(v);", "    v = nv;", "}", "free(g->index);",
            f"{self.use('init')}(g);"]

    def scenario_body(self):
        r = self.r
        vs = [f"g{i}" for i in range(r.randint(1, 2))]
        heap = r.random() < 0.3
        refs = {v: (v if heap else f"&{v}") for v in vs}
        ops = []
        for i in range(r.randint(2, 7)):
            ops += self.op(refs[r.choice(vs)], i == 0, vs, refs)
        body = []
        for v in vs:
            if heap:
                body += [f"{self.G()}{v} = {self.p.alloc(f'sizeof *{v}')};"]
            else:
                body.append(f"struct {self.gtag} {v};")
        body.append("unsigned h = salt, stamp = 0u;")
        for v in vs:
            if heap:
                body += [f"if (!{v})", "    exit(2);"]
            body.append(f"{self.use('init')}({refs[v]});")
        body += ops
        for v in vs:
            body.append(f"h = mix(h, {self.use('hash')}({refs[v]}));")
        body += self.cleanup(vs, refs)
        body.append("return h + stamp;")
        return body

    def cleanup(self, vs, refs):
        out = []
        for v in vs:
            out.append(f"{self.use('free')}({refs[v]});")
            if refs[v] == v:
                out.append(f"free({v});")
        return out

    def op(self, g, first, vs, refs):
        r = self.r
        k = "build" if first else r.choice(["build", "reach", "reach", "remove", "hash",
                                            "early", "edges"])
        if k == "build":
            cnt = "n % 50u + 1u" if first else r.choice(["n % 17u", "5u", "n / 8u"])
            return [f"{self.use('build')}({g}, {cnt}, {r.choice(['n', '2u * n', 'n / 3u'])}, "
                    f"{self.salt_expr()});"]
        if k == "reach":
            return ["{", "    unsigned i;", f"    for (i = 0; i < {r.randint(1, 4)}u; i++)",
                    f"        h = mix(h, {self.use('reach')}({g}, h, ++stamp));", "}"]
        if k == "remove":
            return [f"h = mix(h, {self.use('remove_edges')}({g}, h % 3u + 2u));"]
        if k == "hash":
            return [f"h = mix(h, {self.use('hash')}({g}));"]
        if k == "edges":
            return ["{", "    unsigned i;", f"    for (i = 0; ({g})->nv && i < 10u; i++)",
                    f"        {self.use('add_edge')}(({g})->index[rnd() % ({g})->nv], "
                    f"({g})->index[h % ({g})->nv], i);", "}"]
        if k == "early":
            self.p.feature("early-return")
            return [f"if (h % {r.randint(3, 11)}u == 0u) {{"] + indent(
                self.cleanup(vs, refs)) + ["    return h;", "}"]
        raise AssertionError(k)


# --------------------------------------------------------------------------------------
class ArrayFam(Family):
    """Nodes allocated as one array by calloc, linked into themselves; grown by realloc
    with the links rebuilt from indices; optionally qsorted in place."""

    def __init__(self, prog, idx):
        super().__init__(prog, idx, "a")
        r = self.r
        self.tag = f"{self.t}_{r.choice(self.word_pool)}"
        self.pf = self.payload(0, 2)
        fields = [f"struct {self.tag} *next;", f"struct {self.tag} *alt;", "unsigned key;",
                  "unsigned id;"] + [f.decl for f in self.pf]
        r.shuffle(fields)
        self.fields = fields

    def nk(self):
        return any(f.needs_k() for f in self.pf)

    def render(self):
        out = self.typedefs([self.tag]) + self.struct(self.tag, self.fields) + self.extra
        return "\n".join(out + [""] + self.render_helpers())

    def h_make(self):
        self.p.feature("calloc-array")
        body = [self.decl("a") + ";", "unsigned i;"]
        if self.nk():
            body.append("unsigned k;")
        body += [f"a = calloc(n, {self.sizeof('a')});", "if (!a)", "    exit(2);",
                 "for (i = 0; i < n; i++) {",
                 f"    a[i].key = {self.keyexpr('i', 'salt')};", "    a[i].id = i;"]
        for f in self.pf:
            body += indent(f.init("a[i].", "a[i].key"))
        body += ["    a[i].next = &a[(i + 1u) % n];",
                 "    if (rnd() % 3u == 0u)", "        a[i].alt = a + rnd() % n;", "}",
                 "return a;"]
        return f"{self.ptype()}{self.t}_make(unsigned n, unsigned salt)", body

    def h_nhash(self):
        body = []
        if self.nk():
            body.append("unsigned k;")
        body.append(f"unsigned h = {self.acc('p')}key + {self.acc('p')}id * 3u;")
        for f in self.pf:
            body += f.hash("h", self.acc("p"))
        body.append("return h;")
        return f"unsigned {self.t}_nhash({self.cptype()}p)", body

    def h_walk(self):
        return f"unsigned {self.t}_walk({self.cptype()}a, unsigned n, unsigned steps)", [
            f"{self.cptype()}p = a;", "unsigned h = 0u;", "if (n == 0u)", "    return 0u;",
            "while (steps-- > 0u) {",
            f"    h = mix(h, {self.use('nhash')}(p) + (unsigned)(p - a));",
            "    if ((p->key & 1u) && p->alt)", "        p = p->alt;", "    else",
            "        p = p->next;", "}", "return h;"]

    def h_shuffle(self):
        return f"void {self.t}_shuffle({self.ptype()}a, unsigned n)", [
            "unsigned i;", "for (i = 0; i < n; i++) {", "    unsigned j = rnd() % n;",
            f"    {self.ptype()}t = a[i].next;", "    a[i].next = a[j].next;",
            "    a[j].next = t;", "    if (i % 4u == 0u)",
            f"        a[i].alt = {self.p.null()};", "}"]

    def h_grow(self):
        self.p.feature("realloc")
        body = [f"unsigned *nx = malloc((*np + 1u) * sizeof *nx);",
                f"unsigned *al = malloc((*np + 1u) * sizeof *al);", self.decl("b") + ";",
                "unsigned i, n = *np;"]
        if self.nk():
            body.append("unsigned k;")
        body += ["if (!nx || !al)", "    exit(2);", "for (i = 0; i < n; i++) {",
                 "    nx[i] = (unsigned)(a[i].next - a);",
                 "    al[i] = a[i].alt ? (unsigned)(a[i].alt - a) + 1u : 0u;", "}",
                 f"b = realloc(a, (n + extra) * sizeof *b);", "if (!b)", "    exit(2);",
                 "for (i = 0; i < n + extra; i++) {",
                 "    if (i < n) {", "        b[i].next = b + nx[i];",
                 "        b[i].alt = al[i] ? &b[al[i] - 1u] : NULL;", "    } else {",
                 f"        b[i].key = {self.keyexpr('i', '0x51u')};", "        b[i].id = i;"]
        for f in self.pf:
            body += indent(f.init("b[i].", "b[i].key"), 2)
        body += ["        b[i].next = &b[(i + 1u) % (n + extra)];",
                 "        b[i].alt = NULL;", "    }", "}",
                 "if (n > 0u)", "    b[n - 1u].next = &b[n];", "*np = n + extra;",
                 "free(nx);", "free(al);", "return b;"]
        return (f"{self.ptype()}{self.t}_grow({self.ptype()}a, unsigned *np, unsigned extra)",
                body)

    def h_cmp(self):
        body = [f"{self.cptype()}a = pa;", f"{self.cptype()}b = pb;",
                "if (a->key != b->key)", "    return a->key < b->key ? -1 : 1;",
                "if (a->id != b->id)", "    return a->id < b->id ? -1 : 1;", "return 0;"]
        return f"int {self.t}_cmp(const void *pa, const void *pb)", body

    def scenario_body(self):
        r = self.r
        ops = []
        for i in range(r.randint(2, 6)):
            ops += self.op(i == 0)
        body = [self.decl("a", init=f"{self.use('make')}(n % 40u + 1u, salt)") + ";",
                "unsigned na = n % 40u + 1u;", "unsigned h = salt;"]
        body += ops
        body += [f"h = mix(h, {self.use('walk')}(a, na, 3u * na));", "free(a);", "return h;"]
        return body

    def op(self, first):
        r = self.r
        k = r.choice(["walk", "walk", "shuffle", "grow", "qsort", "bump", "early", "index"])
        if k == "walk":
            return [f"h = mix(h, {self.use('walk')}(a, na, {r.randint(1, 60)}u));"]
        if k == "shuffle":
            return [f"{self.use('shuffle')}(a, na);"]
        if k == "grow":
            return [f"a = {self.use('grow')}(a, &na, {r.randint(1, 20)}u);"]
        if k == "qsort":
            self.p.feature("qsort-nodes")
            return [f"qsort(a, na, sizeof *a, {self.use('cmp')});"]
        if k == "bump":
            return ["{", "    unsigned i;", "    for (i = 0; i < na; i++)",
                    "        a[i].key += h & 0xffu;", "}"]
        if k == "index":
            return ["{", f"    {self.ptype()}p = a + h % na;", "    unsigned i = 0;",
                    "    while (p != &a[0] && i < na) {",
                    "        p = p->next;", "        i++;", "    }", "    h = mix(h, i);", "}"]
        if k == "early":
            self.p.feature("early-return")
            return [f"if (h % {r.randint(3, 11)}u == 0u) {{", "    free(a);", "    return h;",
                    "}"]
        raise AssertionError(k)


# --------------------------------------------------------------------------------------
class VecFam(Family):
    """A realloc'd vector of records, each owning a list built by a list family's helpers."""

    def __init__(self, prog, idx, lst):
        super().__init__(prog, idx, "r")
        self.lst = lst
        r = self.r
        self.tag = f"{self.t}_rec"
        self.vtag = f"{self.t}_vec"
        f = [f"struct {lst.tag} *items;", "unsigned key;", "unsigned count;"]
        r.shuffle(f)
        self.fields = f

    def render(self):
        out = self.struct(self.tag, self.fields)
        out += self.struct(self.vtag, [f"struct {self.tag} *data;", "unsigned len;",
                                       "unsigned cap;"])
        return "\n".join(out + self.extra + [""] + self.render_helpers())

    def V(self):
        return f"struct {self.vtag} *"

    def h_push(self):
        self.p.feature("realloc")
        L = self.lst
        return f"void {self.t}_push({self.V()}v, unsigned key, unsigned cnt)", [
            "if (v->len == v->cap) {", "    unsigned cap = v->cap ? v->cap * 2u : 2u;",
            f"    struct {self.tag} *d = realloc(v->data, cap * sizeof *d);", "    if (!d)",
            "        exit(2);", "    v->data = d;", "    v->cap = cap;", "}",
            "v->data[v->len].key = key;", "v->data[v->len].count = cnt;",
            f"v->data[v->len].items = {L.use('build')}(cnt, key);", "v->len++;"]

    def h_hash(self):
        L = self.lst
        return f"unsigned {self.t}_hash(const struct {self.vtag} *v)", [
            "unsigned h = v->len, i;", "for (i = 0; i < v->len; i++) {",
            "    h = mix(h, v->data[i].key + v->data[i].count);",
            f"    h = mix(h, {L.use('hash')}(v->data[i].items));", "}", "return h;"]

    def h_remove(self):
        L = self.lst
        return f"void {self.t}_remove({self.V()}v, unsigned i)", [
            "if (i >= v->len)", "    return;", f"{L.use('free')}(v->data[i].items);",
            "v->data[i] = v->data[--v->len];"]

    def h_free(self):
        L = self.lst
        return f"void {self.t}_free({self.V()}v)", [
            "unsigned i;", "for (i = 0; i < v->len; i++)",
            f"    {L.use('free')}(v->data[i].items);", "free(v->data);", "v->data = NULL;",
            "v->len = v->cap = 0u;"]

    def h_concat(self):
        L = self.lst
        return f"void {self.t}_concat({self.V()}v)", [
            "unsigned i;", "for (i = 1; i < v->len; i++) {",
            f"    v->data[0].items = {L.use('append')}(v->data[0].items, v->data[i].items);",
            "    v->data[0].count += v->data[i].count;", "    v->data[i].items = NULL;",
            "    v->data[i].count = 0u;", "}"]

    def scenario_body(self):
        r = self.r
        body = [f"struct {self.vtag} v = {{ NULL, 0u, 0u }};", "unsigned h = salt, i;",
                f"for (i = 0; i < n / 4u + 1u; i++)",
                f"    {self.use('push')}(&v, i ^ salt, i % 9u);"]
        for _ in range(r.randint(1, 4)):
            k = r.choice(["hash", "remove", "push", "concat"])
            if k == "hash":
                body.append(f"h = mix(h, {self.use('hash')}(&v));")
            elif k == "remove":
                body.append(f"{self.use('remove')}(&v, h % (v.len + 1u));")
            elif k == "push":
                body.append(f"{self.use('push')}(&v, h, h % 13u);")
            else:
                body.append(f"{self.use('concat')}(&v);")
        body += [f"h = mix(h, {self.use('hash')}(&v));", f"{self.use('free')}(&v);",
                 "return h;"]
        return body


# --------------------------------------------------------------------------------------
class HashFam(Family):
    """Chained hash table: a calloc'd array of bucket heads."""

    def __init__(self, prog, idx):
        super().__init__(prog, idx, "h")
        r = self.r
        self.tag = f"{self.t}_{r.choice(self.word_pool)}"
        self.ttag = f"{self.t}_table"
        self.pf = self.payload(0, 2)
        fields = [f"struct {self.tag} *chain;", "unsigned key;"] + [f.decl for f in self.pf]
        r.shuffle(fields)
        self.fields = fields

    def nk(self):
        return any(f.needs_k() for f in self.pf)

    def render(self):
        out = self.typedefs([self.tag]) + self.struct(self.tag, self.fields)
        out += self.struct(self.ttag, [f"struct {self.tag} **buckets;", "unsigned nb;",
                                       "unsigned count;"]) + self.extra
        return "\n".join(out + [""] + self.render_helpers())

    def T(self):
        return f"struct {self.ttag} *"

    def h_init(self):
        return f"void {self.t}_init({self.T()}t, unsigned nb)", [
            "t->buckets = calloc(nb, sizeof *t->buckets);", "if (!t->buckets)", "    exit(2);",
            "t->nb = nb;", "t->count = 0u;"]

    def h_find(self):
        return f"{self.ptype()}{self.t}_find(const struct {self.ttag} *t, unsigned key)", [
            f"{self.decl('p', init='t->buckets[key % t->nb]')};",
            f"for (; {self.p.nonnull('p')}; p = p->chain)", "    if (p->key == key)",
            "        return p;", "return NULL;"]

    def h_insert(self):
        body = [self.decl("p") + ";"]
        if self.nk():
            body.append("unsigned k;")
        body += [f"if ({self.use('find')}(t, key))", "    return 0u;",
                 f"p = {self.alloc(self.sizeof('p'))};", "if (!p)", "    exit(2);",
                 f"{self.acc('p')}key = key;"]
        for f in self.pf:
            body += f.init(self.acc("p"), "key")
        body += ["p->chain = t->buckets[key % t->nb];", "t->buckets[key % t->nb] = p;",
                 "t->count++;", "return 1u;"]
        return f"unsigned {self.t}_insert({self.T()}t, unsigned key)", body

    def h_remove(self):
        self.p.feature("pointer-to-pointer")
        return f"unsigned {self.t}_remove({self.T()}t, unsigned key)", [
            f"{self.ptype()}*pp = &t->buckets[key % t->nb];", "while (*pp) {",
            "    if ((*pp)->key == key) {", f"        {self.decl('d', init='*pp')};",
            "        *pp = d->chain;", "        free(d);", "        t->count--;",
            "        return 1u;", "    }", "    pp = &(*pp)->chain;", "}", "return 0u;"]

    def h_rehash(self):
        return f"void {self.t}_rehash({self.T()}t, unsigned nb)", [
            f"{self.ptype()}*nbk = calloc(nb, sizeof *nbk);", "unsigned i;", "if (!nbk)",
            "    exit(2);", "for (i = 0; i < t->nb; i++) {",
            f"    {self.decl('p', init='t->buckets[i]')};", "    while (p) {",
            f"        {self.decl('nx', init='p->chain')};", "        p->chain = nbk[p->key % nb];",
            "        nbk[p->key % nb] = p;", "        p = nx;", "    }", "}",
            "free(t->buckets);", "t->buckets = nbk;", "t->nb = nb;"]

    def h_nhash(self):
        body = []
        if self.nk():
            body.append("unsigned k;")
        body.append(f"unsigned h = {self.acc('p')}key;")
        for f in self.pf:
            body += f.hash("h", self.acc("p"))
        body.append("return h;")
        return f"unsigned {self.t}_nhash({self.cptype()}p)", body

    def h_hash(self):
        return f"unsigned {self.t}_hash(const struct {self.ttag} *t)", [
            "unsigned h = t->count, i;", "for (i = 0; i < t->nb; i++) {",
            f"    {self.cptype()}p;", "    for (p = t->buckets[i]; p; p = p->chain)",
            f"        h = mix(h, {self.use('nhash')}(p) + i);", "}", "return h;"]

    def h_destroy(self):
        return f"void {self.t}_destroy({self.T()}t)", [
            "unsigned i;", "for (i = 0; i < t->nb; i++) {",
            f"    {self.decl('p', init='t->buckets[i]')};", "    while (p) {",
            f"        {self.decl('nx', init='p->chain')};", "        free(p);", "        p = nx;",
            "    }", "}", "free(t->buckets);", "t->buckets = NULL;", "t->nb = t->count = 0u;"]

    def scenario_body(self):
        r = self.r
        body = [f"struct {self.ttag} t;", "unsigned h = salt, i;",
                f"{self.use('init')}(&t, {r.choice(['7u', '16u', 'n % 13u + 1u'])});",
                "for (i = 0; i < n; i++)",
                f"    h += {self.use('insert')}(&t, rnd() % {r.choice(['50u', '500u', '100000u'])});"]
        for _ in range(r.randint(1, 5)):
            k = r.choice(["find", "remove", "rehash", "hash", "early", "insert"])
            if k == "find":
                body += ["for (i = 0; i < 20u; i++) {",
                         f"    {self.decl('f', init=self.use('find') + '(&t, i * 3u)')};",
                         f"    h = mix(h, f ? {self.use('nhash')}(f) : i);", "}"]
            elif k == "remove":
                body += ["for (i = 0; i < 30u; i++)",
                         f"    h += {self.use('remove')}(&t, (h + i) % 60u);"]
            elif k == "rehash":
                body.append(f"{self.use('rehash')}(&t, t.nb * 2u + 1u);")
            elif k == "hash":
                body.append(f"h = mix(h, {self.use('hash')}(&t));")
            elif k == "insert":
                body += ["for (i = 0; i < 10u; i++)", f"    h += {self.use('insert')}(&t, h % 97u + i);"]
            else:
                self.p.feature("early-return")
                body += [f"if (h % {r.randint(3, 11)}u == 0u) {{",
                         f"    {self.use('destroy')}(&t);", "    return h;", "}"]
        body += [f"h = mix(h, {self.use('hash')}(&t));", f"{self.use('destroy')}(&t);",
                 "return h;"]
        return body


# --------------------------------------------------------------------------------------
class BinFam(Family):
    """List headers embedded in other objects: bins (heap nodes of their own list) that
    embed two headers of one type, directly, one level down or as an array of headers;
    headers in locals (brace lists with or without designators), in arrays of locals, in
    a global and in a static local; copies of headers, headers passed and returned by
    value, compound literals; node addresses hashed."""

    def __init__(self, prog, idx):
        super().__init__(prog, idx, "b")
        r = self.r
        self.tag = f"{self.t}_{r.choice(self.word_pool)}"
        self.htag = f"{self.t}_hdr"
        self.btag = f"{self.t}_bin"
        self.shape = r.choice(["pair", "pair", "deep", "deep", "array"])
        self.deep = self.shape == "deep"
        self.a, self.b = {"pair": ("lo", "hi"), "deep": ("desk.in", "desk.out"),
                          "array": ("slots[0]", "slots[2]")}[self.shape]
        # every header of a bin (the array shape has one between a and b)
        self.hdrs = [self.a, "slots[1]", self.b] if self.shape == "array" else [self.a, self.b]
        self.static_used = False
        self.pf = self.payload(0, 2)
        fields = [f"struct {self.tag} *next;", "unsigned key;"] + [f.decl for f in self.pf]
        r.shuffle(fields)
        self.fields = fields
        prog.feature("embedded-headers")

    def nk(self):
        return any(f.needs_k() for f in self.pf)

    def render(self):
        out = self.typedefs([self.tag]) + self.struct(self.tag, self.fields)
        out += self.struct(self.htag, [f"struct {self.tag} *head;", "unsigned count;"])
        if self.deep:
            out += self.struct(f"{self.t}_desk", ["int open;", f"struct {self.htag} in;",
                                                   f"struct {self.htag} out;"])
            bf = ["unsigned id;", f"struct {self.t}_desk desk;", f"struct {self.btag} *next;"]
        elif self.shape == "array":
            self.p.feature("header-array-in-node")
            bf = ["unsigned id;", f"struct {self.htag} slots[3];", f"struct {self.btag} *next;"]
        else:
            bf = ["unsigned id;", f"struct {self.htag} lo, hi;", f"struct {self.btag} *next;"]
        out += self.struct(self.btag, bf) + self.extra
        if self.global_used:
            out += [f"static struct {self.htag} {self.t}_g;", ""]
        return "\n".join(out + [""] + self.render_helpers())

    def H(self):
        return f"struct {self.htag} *"

    def h_push(self):
        body = [self.decl("it", init=self.alloc(self.sizeof("it"))) + ";"]
        if self.nk():
            body.append("unsigned k;")
        body += ["if (!it)", "    exit(2);", f"{self.acc('it')}key = key;"]
        for f in self.pf:
            body += f.init(self.acc("it"), "key")
        body += ["it->next = h->head;", "h->head = it;", "h->count++;"]
        return f"void {self.t}_push({self.H()}h, unsigned key)", body

    def h_pop(self):
        return f"unsigned {self.t}_pop({self.H()}h)", [
            f"{self.decl('it', init='h->head')};", "unsigned key;",
            f"if ({self.p.isnull('it')})", "    return 0u;", "key = it->key;",
            "h->head = it->next;", "h->count--;", "free(it);", "return key;"]

    def h_hash(self):
        body = ["unsigned h = hd->count * 31u;"]
        if self.nk():
            body.append("unsigned k;")
        body += [f"{self.cptype()}it;", "for (it = hd->head; it; it = it->next) {",
                 "    h = mix(h, it->key);"]
        for f in self.pf:
            body += indent(f.hash("h", "it->"))
        body += ["}", "return h;"]
        return f"unsigned {self.t}_hash(const struct {self.htag} *hd)", body

    def h_hashval(self):
        self.p.feature("header-by-value")
        return f"unsigned {self.t}_hashval(struct {self.htag} hd)", [
            f"return {self.use('hash')}(&hd) ^ 0x55u;"]

    def h_clear(self):
        return f"void {self.t}_clear({self.H()}h)", [
            "while (h->head)", f"    {self.use('pop')}(h);", "h->count = 0u;"]

    def h_distinct(self):
        # Address hashing: the number of distinct node addresses, never the addresses.
        self.p.feature("address-hashing")
        return f"unsigned {self.t}_distinct(const struct {self.htag} *hd)", [
            "uintptr_t seen[256];", "unsigned i, n = 0u;", f"{self.cptype()}it;",
            "memset(seen, 0, sizeof seen);",
            "for (it = hd->head; it && n < 128u; it = it->next) {",
            "    uintptr_t a = (uintptr_t)it;", "    i = (unsigned)((a >> 4) % 256u);",
            "    while (seen[i] && seen[i] != a)", "        i = (i + 1u) % 256u;",
            "    if (!seen[i]) {", "        seen[i] = a;", "        n++;", "    }", "}",
            "return n;"]

    def h_newbin(self):
        body = [f"struct {self.btag} *b = {self.alloc('sizeof *b')};", "if (!b)", "    exit(2);"]
        c = self.r.random()
        if c < 0.4:
            body.append("memset(b, 0, sizeof *b);")
        elif c < 0.6:
            self.p.feature("header-compound-literal")
            for x in self.hdrs:
                body.append(f"b->{x} = (struct {self.htag}){{ NULL, 0u }};")
            if self.deep:
                body.append("b->desk.open = 1;")
        else:
            for x in self.hdrs:
                body += [f"b->{x}.head = NULL;", f"b->{x}.count = 0u;"]
            if self.deep:
                body.append("b->desk.open = 1;")
        body += ["b->id = id;", "b->next = next;", "return b;"]
        return f"struct {self.btag} *{self.t}_newbin(unsigned id, struct {self.btag} *next)", body

    def h_freebins(self):
        return f"void {self.t}_freebins(struct {self.btag} *b)", [
            "while (b) {", f"    struct {self.btag} *nx = b->next;"] + [
            f"    {self.use('clear')}(&b->{x});" for x in self.hdrs] + [
            "    free(b);", "    b = nx;", "}"]

    def h_take(self):
        # A header returned by value; the source is left empty (a compound literal).
        self.p.feature("header-returned-by-value")
        if self.r.random() < 0.5:
            reset = [f"*h = (struct {self.htag}){{ .count = 0u, .head = NULL }};"]
        else:
            reset = ["h->head = NULL;", "h->count = 0u;"]
        return f"struct {self.htag} {self.t}_take({self.H()}h)", [
            f"struct {self.htag} r = *h;"] + reset + ["return r;"]

    def h_merge(self):
        # Two headers by value in, one out: b's nodes pushed in front of a's.
        self.p.feature("header-by-value")
        return (f"struct {self.htag} {self.t}_merge(struct {self.htag} a, "
                f"struct {self.htag} b)"), [
            "while (b.head) {", f"    struct {self.tag} *it = b.head;",
            "    b.head = it->next;", "    it->next = a.head;", "    a.head = it;",
            "    a.count++;", "}", "return a;"]

    def h_registry(self):
        self.p.feature("header-in-static-local")
        return f"{self.H()}{self.t}_registry(void)", [
            f"static struct {self.htag} reg;", "return &reg;"]

    def hdr_uses(self, ref, body):
        r = self.r
        for _ in range(r.randint(1, 3)):
            k = r.choice(["hash", "hash", "pop", "distinct", "copy", "byvalue"])
            if k == "hash":
                body.append(f"h = mix(h, {self.use('hash')}({ref}));")
            elif k == "pop":
                body += ["for (i = 0; i < h % 4u; i++)",
                         f"    h = mix(h, {self.use('pop')}({ref}));"]
            elif k == "distinct":
                body.append(f"h = mix(h, {self.use('distinct')}({ref}));")
            elif k == "copy":
                self.p.feature("header-copy")
                body += ["{", f"    struct {self.htag} cp = *({ref});",
                         f"    h = mix(h, {self.use('hash')}(&cp));", "}"]
            elif r.random() < 0.3:
                body.append(f"h = mix(h, {self.use('hashval')}(*({ref})));")
            elif r.random() < 0.5:
                # (ref may depend on h: the header is named once)
                body += ["{", f"    struct {self.htag} *rp = {ref};",
                         f"    struct {self.htag} tk = {self.use('take')}(rp);",
                         f"    h = mix(h, {self.use('hash')}(&tk) + rp->count);",
                         "    *rp = tk;", "}"]
            else:
                body += ["{", f"    struct {self.htag} *rp = {ref};",
                         f"    struct {self.htag} tk = {self.use('take')}(rp);",
                         f"    struct {self.htag} two = {self.use('take')}(rp);",
                         f"    *rp = {self.use('merge')}(tk, two);",
                         f"    h = mix(h, {self.use('hash')}(rp));", "}"]

    def scenario_body(self):
        r = self.r
        kind = r.choice(["bins", "bins", "local", "array", "global", "static"])
        key = self.keyexpr("i", self.salt_expr())
        if kind == "bins":
            self.p.feature("headers-in-nodes")
            if self.shape == "array" and r.random() < 0.6:
                pick = "&b->slots[(i + h) % 3u]"
            else:
                pick = (f"(i + h) % 3u ? &b->{self.a} : &b->{self.b}" if r.random() < 0.6
                        else f"&b->{self.a}")
            body = [f"struct {self.btag} *bins = NULL, *b;", "unsigned h = salt, i, j;",
                    f"unsigned nb = {self.count_expr()} % 7u + 1u;",
                    "for (i = 0; i < nb; i++)",
                    f"    bins = {self.use('newbin')}(i, bins);",
                    "for (i = 0; i < n; i++) {", "    b = bins;",
                    "    for (j = 0; j < i % nb && b->next; j++)", "        b = b->next;",
                    f"    {self.use('push')}({pick}, {key});", "}",
                    "for (b = bins; b; b = b->next) {",
                    f"    h = mix(h, {self.use('hash')}(&b->{self.a}) + b->{self.b}.count);"]
            inner = []
            self.hdr_uses(f"&b->{self.b}", inner)
            body += indent(inner) + ["}", f"{self.use('freebins')}(bins);", "return h;"]
            return body
        if kind == "local":
            self.p.feature("header-in-local")
            init = r.choice([" = {0}", " = { NULL, 0u }", "",
                             " = { .count = 0u, .head = NULL }"])
            body = [f"struct {self.htag} loc{init};", "unsigned h = salt, i;"]
            if not init:
                body.append("memset(&loc, 0, " + r.choice(["sizeof loc", f"sizeof(struct {self.htag})"]) + ");")
            body += ["for (i = 0; i < n; i++)", f"    {self.use('push')}(&loc, {key});"]
            self.hdr_uses("&loc", body)
            body += [f"h = mix(h, loc.count);", f"{self.use('clear')}(&loc);", "return h;"]
            return body
        if kind == "array":
            self.p.feature("headers-in-array")
            body = [f"struct {self.htag} arr[3];", "unsigned h = salt, i;",
                    "memset(arr, 0, sizeof arr);", "for (i = 0; i < n; i++)",
                    f"    {self.use('push')}(&arr[i % 3u], {key});"]
            self.hdr_uses("&arr[h % 3u]", body)
            body += ["for (i = 0; i < 3u; i++) {",
                     f"    h = mix(h, {self.use('hash')}(&arr[i]));",
                     f"    {self.use('clear')}(&arr[i]);", "}", "return h;"]
            return body
        if kind == "static":
            g = f"(*{self.use('registry')}())"
            body = ["unsigned h = salt, i;", "for (i = 0; i < n; i++)",
                    f"    {self.use('push')}(&{g}, {key});"]
            self.hdr_uses(f"&{g}", body)
            body += [f"h = mix(h, {g}.count);", f"{self.use('clear')}(&{g});", "return h;"]
            return body
        self.p.feature("header-in-global")
        self.global_used = True
        g = f"{self.t}_g"
        body = ["unsigned h = salt, i;", "for (i = 0; i < n; i++)",
                f"    {self.use('push')}(&{g}, {key});"]
        self.hdr_uses(f"&{g}", body)
        body += [f"h = mix(h, {g}.count);", f"{self.use('clear')}(&{g});", "return h;"]
        return body


# --------------------------------------------------------------------------------------
class XorFam(Family):
    """XOR-linked list: prev ^ next stored as an integer (must stay uncompressed)."""

    def __init__(self, prog, idx):
        super().__init__(prog, idx, "x")
        r = self.r
        self.tag = f"{self.t}_{r.choice(self.word_pool)}"
        self.pf = self.payload(0, 2)
        fields = ["uintptr_t link;", "unsigned key;"] + [f.decl for f in self.pf]
        r.shuffle(fields)
        self.fields = fields
        prog.feature("pointer-to-integer")

    def nk(self):
        return any(f.needs_k() for f in self.pf)

    def render(self):
        out = self.typedefs([self.tag]) + self.struct(self.tag, self.fields)
        out += self.struct(f"{self.t}_list", [f"struct {self.tag} *head;",
                                              f"struct {self.tag} *tail;"]) + self.extra
        return "\n".join(out + [""] + self.render_helpers())

    def X(self):
        return f"struct {self.t}_list *"

    def h_push_back(self):
        body = [self.decl("p", init=self.alloc(self.sizeof("p"))) + ";"]
        if self.nk():
            body.append("unsigned k;")
        body += ["if (!p)", "    exit(2);", "p->key = key;"]
        for f in self.pf:
            body += f.init(self.acc("p"), "key")
        body += ["p->link = (uintptr_t)l->tail;", "if (l->tail)",
                 "    l->tail->link ^= (uintptr_t)p;", "else", "    l->head = p;",
                 "l->tail = p;"]
        return f"void {self.t}_push_back({self.X()}l, unsigned key)", body

    def h_walk(self):
        body = [f"{self.cptype()}prev = NULL;", "unsigned h = 5u;"]
        if self.nk():
            body.append("unsigned k;")
        body += ["while (p) {", f"    {self.cptype()}nx = "
                 f"({self.cptype()})(p->link ^ (uintptr_t)prev);",
                 "    h = mix(h, p->key);"]
        for f in self.pf:
            body += indent(f.hash("h", "p->"))
        body += ["    prev = p;", "    p = nx;", "}", "return h;"]
        return f"unsigned {self.t}_walk({self.cptype()}p)", body

    def h_pop_front(self):
        return f"unsigned {self.t}_pop_front({self.X()}l)", [
            f"{self.decl('p', init='l->head')};", "unsigned key;", "if (!p)", "    return 0u;",
            "key = p->key;",
            f"l->head = ({self.ptype()})p->link;", "if (l->head)",
            "    l->head->link ^= (uintptr_t)p;", "else", "    l->tail = NULL;", "free(p);",
            "return key;"]

    def h_clear(self):
        return f"void {self.t}_clear({self.X()}l)", [
            "while (l->head)", f"    {self.use('pop_front')}(l);"]

    def scenario_body(self):
        r = self.r
        body = [f"struct {self.t}_list l = {{ NULL, NULL }};", "unsigned h = salt, i;",
                "for (i = 0; i < n; i++)",
                f"    {self.use('push_back')}(&l, {self.keyexpr('i', 'salt')});"]
        for _ in range(r.randint(1, 4)):
            k = r.choice(["fwd", "bwd", "pop", "push"])
            if k == "fwd":
                body.append(f"h = mix(h, {self.use('walk')}(l.head));")
            elif k == "bwd":
                body.append(f"h = mix(h, {self.use('walk')}(l.tail));")
            elif k == "pop":
                body += [f"for (i = 0; i < h % 5u; i++)",
                         f"    h = mix(h, {self.use('pop_front')}(&l));"]
            else:
                body += ["for (i = 0; i < 7u; i++)", f"    {self.use('push_back')}(&l, h + i);"]
        body += [f"h = mix(h, {self.use('walk')}(l.head));", f"{self.use('clear')}(&l);",
                 "return h;"]
        return body


FAMILIES = {"list": ListFam, "dlist": DListFam, "tree": TreeFam, "graph": GraphFam,
            "array": ArrayFam, "hash": HashFam, "xor": XorFam, "bins": BinFam}


class OpaqueLib:
    """A library in its own file, lib.c: a set of keys kept in a list whose structs
    prog.c only declares (`struct oN_set;`), used through functions; prog.c owns the
    sets (so their pools are created where the struct is opaque)."""

    def __init__(self, prog, r):
        self.p = prog
        self.r = r
        self.t = "o0"
        self.embedded = r.random() < 0.5  # the list header embedded in the set
        prog.feature("opaque-library")

    def declarations(self):
        t = self.t
        return [f"struct {t}_set;", f"struct {t}_set *{t}_create(unsigned seed);",
                f"void {t}_add(struct {t}_set *s, unsigned key);",
                f"unsigned {t}_take(struct {t}_set *s);",
                f"unsigned {t}_hash(const struct {t}_set *s);",
                f"void {t}_destroy(struct {t}_set *s);", ""]

    def scenarios(self):
        r, t, out = self.r, self.t, []
        for i in range(r.randint(1, 2)):
            name = f"{t}_scenario{i + 1}"
            body = [f"struct {t}_set *a = {t}_create(salt);", "unsigned h = salt, i;"]
            two = r.random() < 0.5
            if two:
                body.append(f"struct {t}_set *b = {t}_create(salt + 1u);")
            body += ["for (i = 0; i < n; i++)",
                     f"    {t}_add({'i & 1u ? a : b' if two else 'a'}, i * {HASH_MUL} ^ salt);"]
            if r.random() < 0.6:
                body += ["for (i = 0; i < n / 3u; i++)", f"    h = mix(h, {t}_take(a));"]
            body.append(f"h = mix(h, {t}_hash(a));")
            if two:
                body += [f"h = mix(h, {t}_hash(b));", f"{t}_destroy(b);"]
            body += [f"{t}_destroy(a);", "return h;"]
            out.append((name, "\n".join([f"static unsigned {name}(unsigned n, unsigned salt)",
                                          "{"] + indent(body) + ["}", ""])))
        return out

    def render(self):
        t = self.t
        head = "struct {t}_list hdr;" if self.embedded else "struct {t}_node *head;"
        head = head.format(t=t)
        first = f"s->hdr.head" if self.embedded else "s->head"
        out = [f"/* Library part of gen_linked.py seed {self.p.seed}. */",
               "#include <stdlib.h>", "",
               f"struct {t}_node {{", "    unsigned key;", f"    struct {t}_node *next;", "};", ""]
        if self.embedded:
            out += [f"struct {t}_list {{", f"    struct {t}_node *head;", "    unsigned len;",
                    "};", ""]
        out += [f"struct {t}_set {{", "    unsigned seed;", f"    {head}", "};", "",
                f"struct {t}_set *{t}_create(unsigned seed)", "{",
                f"    struct {t}_set *s = malloc(sizeof *s);", "    if (!s)", "        exit(2);",
                "    s->seed = seed;", f"    {first} = NULL;"]
        if self.embedded:
            out.append("    s->hdr.len = 0u;")
        out += ["    return s;", "}", "",
                f"void {t}_add(struct {t}_set *s, unsigned key)", "{",
                f"    struct {t}_node *n = malloc(sizeof *n);", "    if (!n)", "        exit(2);",
                "    n->key = key ^ s->seed;", f"    n->next = {first};", f"    {first} = n;"]
        if self.embedded:
            out.append("    s->hdr.len++;")
        out += ["}", "", f"unsigned {t}_take(struct {t}_set *s)", "{",
                f"    struct {t}_node *n = {first};", "    unsigned key;", "    if (!n)",
                "        return 0u;", f"    {first} = n->next;", "    key = n->key;",
                "    free(n);", "    return key;", "}", "",
                f"unsigned {t}_hash(const struct {t}_set *s)", "{",
                f"    const struct {t}_node *n;", "    unsigned h = 2166136261u;",
                f"    for (n = {first}; n; n = n->next)",
                "        h = (h ^ n->key) * 16777619u;", "    return h;", "}", "",
                f"void {t}_destroy(struct {t}_set *s)", "{",
                f"    while ({first})", f"        {t}_take(s);", "    free(s);", "}", ""]
        return "\n".join(out)


# -- hooks mode: allocator hooks and dispatch tables ---------------------------------------
# Programs of their own (generate_hooks, `gen_linked.py --mode hooks SEED`): containers
# whose nodes are allocated and freed through allocator hooks and whose operations are
# called through tables of function pointers, as C libraries write them. Every hook a
# program has holds malloc-family functions only, unless the program plugs in a user
# allocator that counts (and prints) its allocations, which must then stay unchanged.

class HookAlloc:
    """The program's allocator hooks, in one of three styles: global hook variables
    (`void *(*hk_malloc)(size_t) = malloc;`, maybe with a setter API), a hooks struct with
    an init_hooks(NULL)-resets API, or allocator objects passed to the constructors."""

    def __init__(self, prog, r):
        self.p = prog
        self.r = r
        self.style = r.choice(["global", "global", "struct", "struct", "object"])
        # A user allocator that counts: every structure allocated through the hook must
        # then stay as it is (the counts are printed).
        self.user = r.random() < 0.3
        self.calloc_hook = self.style == "global" and r.random() < 0.4
        self.setter = self.style == "global" and r.random() < 0.6
        self.extern = r.random() < 0.4
        self.deref_call = r.random() < 0.3  # (*hook)(size) rather than hook(size)
        # when main installs the user allocator: before every scenario, or halfway
        self.install_at = r.choice(["start", "middle"])
        # calls of the reset API (init_hooks(NULL) / set_allocator(NULL, NULL))
        self.resets = r.choice([0, 0, 1, 2])
        prog.feature("hook-" + self.style)
        if self.user:
            prog.feature("user-allocator")
        if self.calloc_hook:
            prog.feature("calloc-hook")

    def call(self, fn, args):
        return f"(*{fn})({args})" if self.deref_call else f"{fn}({args})"

    def alloc(self, size, holder):
        """An allocation of size bytes; holder: an expression of the allocator object
        (object style)."""
        if self.style == "object":
            return f"{holder}->alloc({holder}, {size})"
        if self.style == "struct":
            return self.call("hk_global.malloc_fn", size)
        if self.calloc_hook and self.r.random() < 0.5:
            return self.call("hk_calloc", f"1u, {size}")
        return self.call("hk_malloc", size)

    def free(self, ptr, holder):
        if self.style == "object":
            return f"{holder}->release({holder}, {ptr});"
        if self.style == "struct":
            return self.call("hk_global.free_fn", ptr) + ";"
        return self.call("hk_free", ptr) + ";"

    def holder_for_scenario(self):
        """The allocator object a scenario passes to its constructors (object style)."""
        if self.user and self.r.random() < 0.6:
            return self.r.choice(["(salt & 2u) ? &hk_counted : &hk_heap", "&hk_counted"])
        return "&hk_heap"

    def definitions(self):
        """(name, text) of the hooks and the allocators, in order."""
        ext = "" if self.extern else "static "
        defs = []
        if self.style == "object":
            defs.append(("struct hk_alloc", "\n".join([
                "struct hk_alloc {",
                "    void *(*alloc)(struct hk_alloc *a, size_t size);",
                "    void (*release)(struct hk_alloc *a, void *p);",
                "    unsigned long live;", "};", ""])))
            defs.append(("hk_heap_alloc", "\n".join([
                "static void *hk_heap_alloc(struct hk_alloc *a, size_t size)", "{",
                "    (void)a;", "    return malloc(size);", "}", ""])))
            defs.append(("hk_heap_release", "\n".join([
                "static void hk_heap_release(struct hk_alloc *a, void *p)", "{",
                "    (void)a;", "    free(p);", "}", ""])))
            defs.append(("hk_heap", f"{ext}struct hk_alloc hk_heap = "
                                    "{ hk_heap_alloc, hk_heap_release, 0ul };\n"))
            if self.user:
                defs.append(("hk_count_alloc", "\n".join([
                    "static void *hk_count_alloc(struct hk_alloc *a, size_t size)", "{",
                    "    a->live++;", "    return malloc(size);", "}", ""])))
                defs.append(("hk_count_release", "\n".join([
                    "static void hk_count_release(struct hk_alloc *a, void *p)", "{",
                    "    if (p)", "        a->live--;", "    free(p);", "}", ""])))
                defs.append(("hk_counted", "static struct hk_alloc hk_counted = "
                                           "{ hk_count_alloc, hk_count_release, 0ul };\n"))
            return defs
        if self.user:
            defs.append(("hk_nalloc", "static unsigned long hk_nalloc, hk_nlive;\n"))
            defs.append(("hk_counting_malloc", "\n".join([
                "static void *hk_counting_malloc(size_t size)", "{", "    hk_nalloc++;",
                "    hk_nlive++;", "    return malloc(size);", "}", ""])))
            defs.append(("hk_counting_free", "\n".join([
                "static void hk_counting_free(void *p)", "{", "    if (p)",
                "        hk_nlive--;", "    free(p);", "}", ""])))
        if self.style == "global":
            defs.append(("hk_malloc", f"{ext}void *(*hk_malloc)(size_t) = malloc;\n"))
            defs.append(("hk_free", f"{ext}void (*hk_free)(void *) = free;\n"))
            if self.calloc_hook:
                defs.append(("hk_calloc",
                             f"{ext}void *(*hk_calloc)(size_t, size_t) = calloc;\n"))
            defs.append(("hk_set_allocator", "\n".join([
                f"{ext}void hk_set_allocator(void *(*m)(size_t), void (*f)(void *))", "{",
                "    hk_malloc = m ? m : malloc;", "    hk_free = f ? f : free;", "}", ""])))
        else:
            defs.append(("struct hk_hooks", "\n".join([
                "struct hk_hooks {", "    void *(*malloc_fn)(size_t);",
                "    void (*free_fn)(void *);", "};", ""])))
            defs.append(("hk_global", f"{ext}struct hk_hooks hk_global = {{ malloc, free }};\n"))
            defs.append(("hk_init_hooks", "\n".join([
                f"{ext}void hk_init_hooks(const struct hk_hooks *h)", "{",
                "    if (h == NULL) {", "        hk_global.malloc_fn = malloc;",
                "        hk_global.free_fn = free;", "        return;", "    }",
                "    hk_global.malloc_fn = h->malloc_fn ? h->malloc_fn : malloc;",
                "    hk_global.free_fn = h->free_fn ? h->free_fn : free;", "}", ""])))
        return defs

    def reset_stmt(self):
        if self.style == "global":
            return ["hk_set_allocator(NULL, NULL);"] if self.setter else [
                "hk_malloc = malloc;", "hk_free = free;"]
        if self.style == "struct":
            return ["hk_init_hooks(NULL);"]
        return []

    def install_stmt(self):
        """Statements of main that plug in the user allocator."""
        if not self.user or self.style == "object":
            return []
        if self.style == "global":
            if self.setter:
                return [self.r.choice(["hk_set_allocator(hk_counting_malloc, hk_counting_free);",
                                       "hk_set_allocator(hk_counting_malloc, NULL);"])]
            return ["hk_malloc = hk_counting_malloc;", "hk_free = hk_counting_free;"]
        if self.r.random() < 0.5:
            return ["{", "    struct hk_hooks mine;", "    mine.malloc_fn = hk_counting_malloc;",
                    f"    mine.free_fn = {self.r.choice(['hk_counting_free', 'NULL'])};",
                    "    hk_init_hooks(&mine);", "}"]
        return ["{", "    static const struct hk_hooks mine = { hk_counting_malloc, "
                     "hk_counting_free };", "    hk_init_hooks(&mine);", "}"]

    def final_prints(self):
        if not self.user:
            return []
        if self.style == "object":
            return ['printf("counted live %lu\\n", hk_counted.live);']
        return ['printf("allocations %lu live %lu\\n", hk_nalloc, hk_nlive);']


class HookFam:
    """A set of keys with two implementations (an unbalanced search tree and a sorted
    list threaded through `right`) behind a table of function pointers; the nodes (and
    maybe the set) are allocated and freed through the program's hooks; the order may be
    a comparator stored in the set; iteration takes a visitor callback."""

    def __init__(self, prog, idx, hooks):
        self.p = prog
        self.r = r = prog.r
        self.h = hooks
        self.t = t = f"h{idx}"
        self.pf = [PField(r, n, r.randint(1, 0xffff))
                   for n in r.sample(PAYLOAD_NAMES, r.randint(0, 3))]
        self.dispatch = r.random() < 0.85
        self.ops_in_set = self.dispatch and r.random() < 0.6
        self.cmp_in_set = r.random() < 0.5
        self.alloc_set_by_hook = r.random() < 0.6
        self.designated = r.random() < 0.4
        self.allow_qsort = r.random() < 0.15
        self.nsc = 0
        if self.dispatch:
            prog.feature("ops-in-set" if self.ops_in_set else "ops-table")
        if self.cmp_in_set:
            prog.feature("cmp-in-set")

    # -- spellings --------------------------------------------------------------------------
    def cmp(self, s, n, key):
        if self.cmp_in_set:
            return f"{s}->cmp({n}, {key})"
        return f"{self.t}_cmp_asc({n}, {key})"

    def holder(self, s):
        return f"{s}->a" if self.h.style == "object" else None

    def node_alloc(self):
        return self.h.alloc("sizeof *x", "s->a")

    def node_free(self, p):
        return self.h.free(p, "s->a")

    def definitions(self):
        t, r, h = self.t, self.r, self.h
        nk = any(f.needs_k() for f in self.pf)
        fields = ["unsigned key;"] + [f.decl for f in self.pf] + [
            f"struct {t}_node *left;", f"struct {t}_node *right;"]
        r.shuffle(fields)
        defs = [(f"struct {t}_node", "\n".join(
            [f"struct {t}_node {{"] + [f"    {f}" for f in fields] + ["};", ""]))]
        defs.append((f"{t}_cmp_fn", f"typedef int (*{t}_cmp_fn)(const struct {t}_node *n, "
                                    f"unsigned key);\n"))
        defs.append((f"{t}_visit_fn", f"typedef void (*{t}_visit_fn)(struct {t}_node *n, "
                                      f"unsigned *acc);\n"))
        sfields = [f"struct {t}_node *root;", "unsigned count;"]
        if self.ops_in_set:
            sfields.append(f"const struct {t}_ops *ops;")
        if self.cmp_in_set:
            sfields.append(f"{t}_cmp_fn cmp;")
        if h.style == "object":
            sfields.append("struct hk_alloc *a;")
        r.shuffle(sfields)
        defs.append((f"struct {t}_set", "\n".join(
            ([f"struct {t}_ops;", ""] if self.ops_in_set else []) +
            [f"struct {t}_set {{"] + [f"    {f}" for f in sfields] + ["};", ""])))
        # comparators: n's key before key (< 0), the same (0), after (> 0)
        defs.append((f"{t}_cmp_asc", "\n".join([
            f"static int {t}_cmp_asc(const struct {t}_node *n, unsigned key)", "{",
            "    return n->key < key ? -1 : n->key > key;", "}", ""])))
        defs.append((f"{t}_cmp_desc", "\n".join([
            f"static int {t}_cmp_desc(const struct {t}_node *n, unsigned key)", "{",
            "    return n->key > key ? -1 : n->key < key;", "}", ""])))
        defs.append((f"{t}_cmp_mod", "\n".join([
            f"static int {t}_cmp_mod(const struct {t}_node *n, unsigned key)", "{",
            "    unsigned a = n->key % 97u, b = key % 97u;", "    if (a != b)",
            "        return a < b ? -1 : 1;", "    return n->key < key ? -1 : n->key > key;",
            "}", ""])))
        # node hash
        body = [f"static unsigned {t}_nhash(unsigned h, const struct {t}_node *n)", "{"]
        if nk:
            body.append("    unsigned k;")
        body.append("    h = mix(h, n->key);")
        for f in self.pf:
            body += indent(f.hash("h", "n->"))
        body += ["    return h;", "}", ""]
        defs.append((f"{t}_nhash", "\n".join(body)))
        # node allocation
        body = [f"static struct {t}_node *{t}_node_new(struct {t}_set *s, unsigned key)", "{",
                f"    struct {t}_node *x = {self.node_alloc()};"]
        if nk:
            body.append("    unsigned k;")
        if h.style != "object":
            body.append("    (void)s;")
        body += ["    if (x == NULL)", "        exit(2);", "    x->key = key;"]
        for f in self.pf:
            body += indent(f.init("x->", "key"))
        body += ["    x->left = NULL;", "    x->right = NULL;", "    return x;", "}", ""]
        defs.append((f"{t}_node_new", "\n".join(body)))
        body = [f"static void {t}_node_free(struct {t}_set *s, struct {t}_node *x)", "{"]
        if h.style != "object":
            body.append("    (void)s;")
        body += [f"    {self.node_free('x')}", "}", ""]
        defs.append((f"{t}_node_free", "\n".join(body)))
        defs += self.tree_defs() + self.list_defs()
        # visitors
        defs.append((f"{t}_visit_hash", "\n".join([
            f"static void {t}_visit_hash(struct {t}_node *n, unsigned *acc)", "{",
            f"    *acc = {t}_nhash(*acc, n);", "}", ""])))
        defs.append((f"{t}_visit_count", "\n".join([
            f"static void {t}_visit_count(struct {t}_node *n, unsigned *acc)", "{",
            "    *acc += 1u + (n->key & 1u);", "}", ""])))
        defs.append((f"{t}_visit_keys", "\n".join([
            f"static void {t}_visit_keys(struct {t}_node *n, unsigned *acc)", "{",
            "    *acc = *acc * 31u + n->key;", "}", ""])))
        # the dispatch tables
        if self.dispatch:
            members = [("insert", "int (*{})(struct {t}_set *s, unsigned key)"),
                       ("find", "struct {t}_node *(*{})(const struct {t}_set *s, unsigned key)"),
                       ("remove", "int (*{})(struct {t}_set *s, unsigned key)"),
                       ("hash", "unsigned (*{})(const struct {t}_set *s)"),
                       ("each", "void (*{})(struct {t}_set *s, {t}_visit_fn fn, unsigned *acc)"),
                       ("clear", "void (*{})(struct {t}_set *s)")]
            defs.append((f"struct {t}_ops", "\n".join(
                [f"struct {t}_ops {{"] +
                [f"    {sig.format(m, t=t)};" for m, sig in members] + ["};", ""])))
            for kind in ("tree", "list"):
                if self.designated:
                    init = ", ".join(f".{m} = {t}_{kind}_{m}" for m, _ in members)
                else:
                    init = ", ".join(f"{t}_{kind}_{m}" for m, _ in members)
                defs.append((f"{t}_{kind}_ops",
                             f"static const struct {t}_ops {t}_{kind}_ops = {{ {init} }};\n"))
        # constructor and destructor
        params = []
        if self.ops_in_set:
            params.append(f"const struct {t}_ops *ops")
        if self.cmp_in_set:
            params.append(f"{t}_cmp_fn cmp")
        if h.style == "object":
            params.append("struct hk_alloc *a")
        body = [f"static struct {t}_set *{t}_new({', '.join(params) or 'void'})", "{"]
        if self.alloc_set_by_hook:
            body.append(f"    struct {t}_set *s = {h.alloc('sizeof *s', 'a')};")
        else:
            body.append(f"    struct {t}_set *s = malloc(sizeof *s);")
        body += ["    if (s == NULL)", "        exit(2);", "    s->root = NULL;",
                 "    s->count = 0u;"]
        if self.ops_in_set:
            body.append("    s->ops = ops;")
        if self.cmp_in_set:
            body.append("    s->cmp = cmp;")
        if h.style == "object":
            body.append("    s->a = a;")
        body += ["    return s;", "}", ""]
        defs.append((f"{t}_new", "\n".join(body)))
        for kind in ("tree", "list"):
            body = [f"static void {t}_{kind}_destroy(struct {t}_set *s)", "{",
                    f"    {t}_{kind}_clear(s);"]
            body += self.set_free()
            defs.append((f"{t}_{kind}_destroy", "\n".join(body + ["}", ""])))
        if self.dispatch:
            if self.ops_in_set:
                body = [f"static void {t}_destroy(struct {t}_set *s)", "{",
                        "    s->ops->clear(s);"]
            else:
                body = [f"static void {t}_destroy(const struct {t}_ops *ops, struct {t}_set *s)",
                        "{", "    ops->clear(s);"]
            body += self.set_free()
            defs.append((f"{t}_destroy", "\n".join(body + ["}", ""])))
        # qsort over the nodes of a set whose kind is known (that set escapes to qsort)
        defs.append((f"{t}_qcmp", "\n".join([
            f"static int {t}_qcmp(const void *a, const void *b)", "{",
            f"    const struct {t}_node *x = *(const struct {t}_node *const *)a;",
            f"    const struct {t}_node *y = *(const struct {t}_node *const *)b;",
            "    return x->key < y->key ? -1 : x->key > y->key;", "}", ""])))
        defs.append((f"{t}_tree_collect", "\n".join([
            f"static void {t}_tree_collect(struct {t}_node *n, struct {t}_node **arr, "
            "unsigned *m)", "{", "    while (n) {",
            f"        {t}_tree_collect(n->left, arr, m);", "        arr[(*m)++] = n;",
            "        n = n->right;", "    }", "}", ""])))
        for kind in ("tree", "list"):
            body = [f"static unsigned {t}_{kind}_qsorted(struct {t}_set *s)", "{",
                    f"    struct {t}_node **arr;", "    unsigned i, m = 0u, h = 7u;"]
            if kind == "list":
                body.append(f"    struct {t}_node *n;")
            body += ["    if (s->count == 0u)", "        return h;",
                     "    arr = malloc(s->count * sizeof *arr);", "    if (arr == NULL)",
                     "        exit(2);"]
            if kind == "tree":
                body.append(f"    {t}_tree_collect(s->root, arr, &m);")
            else:
                body += ["    for (n = s->root; n; n = n->right)", "        arr[m++] = n;"]
            body += [f"    qsort(arr, m, sizeof *arr, {t}_qcmp);", "    for (i = 0; i < m; i++)",
                     f"        h = {t}_nhash(h, arr[i]);", "    free(arr);", "    return h;",
                     "}", ""]
            defs.append((f"{t}_{kind}_qsorted", "\n".join(body)))
        return defs

    def set_free(self):
        if self.alloc_set_by_hook:
            if self.h.style == "object":
                return ["    {", "        struct hk_alloc *a = s->a;",
                        f"        {self.h.free('s', 'a')}", "    }"]
            return [f"    {self.h.free('s', None)}"]
        return ["    free(s);"]

    def tree_defs(self):
        t = self.t
        n = f"struct {t}_node"
        S = f"struct {t}_set"
        c = self.cmp
        return [
            (f"{t}_tree_add", "\n".join([
                f"static {n} *{t}_tree_add({S} *s, {n} *n, unsigned key, int *added)", "{",
                "    int c;", "    if (n == NULL) {", "        *added = 1;",
                f"        return {t}_node_new(s, key);", "    }", f"    c = {c('s', 'n', 'key')};",
                "    if (c > 0)", f"        n->left = {t}_tree_add(s, n->left, key, added);",
                "    else if (c < 0)", f"        n->right = {t}_tree_add(s, n->right, key, added);",
                "    return n;", "}", ""])),
            (f"{t}_tree_insert", "\n".join([
                f"static int {t}_tree_insert({S} *s, unsigned key)", "{", "    int added = 0;",
                f"    s->root = {t}_tree_add(s, s->root, key, &added);",
                "    s->count += (unsigned)added;", "    return added;", "}", ""])),
            (f"{t}_tree_find", "\n".join([
                f"static {n} *{t}_tree_find(const {S} *s, unsigned key)", "{",
                f"    {n} *n = s->root;", "    while (n) {", f"        int c = {c('s', 'n', 'key')};",
                "        if (c == 0)", "            break;",
                "        n = c > 0 ? n->left : n->right;", "    }", "    return n;", "}", ""])),
            (f"{t}_tree_take_min", "\n".join([
                f"static {n} *{t}_tree_take_min({n} *n, {n} **min)", "{",
                "    if (n->left == NULL) {", "        *min = n;", "        return n->right;",
                "    }", f"    n->left = {t}_tree_take_min(n->left, min);", "    return n;", "}",
                ""])),
            (f"{t}_tree_del", "\n".join([
                f"static {n} *{t}_tree_del({S} *s, {n} *n, unsigned key, int *removed)", "{",
                f"    {n} *keep;", "    int c;", "    if (n == NULL)", "        return NULL;",
                f"    c = {c('s', 'n', 'key')};", "    if (c > 0) {",
                f"        n->left = {t}_tree_del(s, n->left, key, removed);", "        return n;",
                "    }", "    if (c < 0) {",
                f"        n->right = {t}_tree_del(s, n->right, key, removed);",
                "        return n;", "    }", "    if (n->left == NULL) {",
                "        keep = n->right;", "    } else if (n->right == NULL) {",
                "        keep = n->left;", "    } else {",
                f"        n->right = {t}_tree_take_min(n->right, &keep);",
                "        keep->left = n->left;", "        keep->right = n->right;", "    }",
                f"    {t}_node_free(s, n);", "    *removed = 1;", "    return keep;", "}", ""])),
            (f"{t}_tree_remove", "\n".join([
                f"static int {t}_tree_remove({S} *s, unsigned key)", "{", "    int removed = 0;",
                f"    s->root = {t}_tree_del(s, s->root, key, &removed);",
                "    s->count -= (unsigned)removed;", "    return removed;", "}", ""])),
            (f"{t}_tree_hash_rec", "\n".join([
                f"static unsigned {t}_tree_hash_rec(const {n} *n, unsigned h)", "{",
                "    while (n) {", f"        h = {t}_tree_hash_rec(n->left, h);",
                f"        h = {t}_nhash(h, n);", "        n = n->right;", "    }", "    return h;",
                "}", ""])),
            (f"{t}_tree_hash", "\n".join([
                f"static unsigned {t}_tree_hash(const {S} *s)", "{",
                f"    return {t}_tree_hash_rec(s->root, 17u + s->count);", "}", ""])),
            (f"{t}_tree_walk", "\n".join([
                f"static void {t}_tree_walk({n} *n, {t}_visit_fn fn, unsigned *acc)", "{",
                "    while (n) {", f"        {t}_tree_walk(n->left, fn, acc);",
                "        fn(n, acc);", "        n = n->right;", "    }", "}", ""])),
            (f"{t}_tree_each", "\n".join([
                f"static void {t}_tree_each({S} *s, {t}_visit_fn fn, unsigned *acc)", "{",
                f"    {t}_tree_walk(s->root, fn, acc);", "}", ""])),
            (f"{t}_tree_drop", "\n".join([
                f"static void {t}_tree_drop({S} *s, {n} *n)", "{", "    if (n) {",
                f"        {t}_tree_drop(s, n->left);", f"        {t}_tree_drop(s, n->right);",
                f"        {t}_node_free(s, n);", "    }", "}", ""])),
            (f"{t}_tree_clear", "\n".join([
                f"static void {t}_tree_clear({S} *s)", "{", f"    {t}_tree_drop(s, s->root);",
                "    s->root = NULL;", "    s->count = 0u;", "}", ""])),
        ]

    def list_defs(self):
        t = self.t
        n = f"struct {t}_node"
        S = f"struct {t}_set"
        c = self.cmp
        return [
            (f"{t}_list_insert", "\n".join([
                f"static int {t}_list_insert({S} *s, unsigned key)", "{",
                f"    {n} *prev = NULL, *cur = s->root, *x;",
                f"    while (cur && {c('s', 'cur', 'key')} < 0) {{", "        prev = cur;",
                "        cur = cur->right;", "    }",
                f"    if (cur && {c('s', 'cur', 'key')} == 0)", "        return 0;",
                f"    x = {t}_node_new(s, key);", "    x->right = cur;", "    if (prev)",
                "        prev->right = x;", "    else", "        s->root = x;",
                "    s->count++;", "    return 1;", "}", ""])),
            (f"{t}_list_find", "\n".join([
                f"static {n} *{t}_list_find(const {S} *s, unsigned key)", "{",
                f"    {n} *cur = s->root;", f"    while (cur && {c('s', 'cur', 'key')} < 0)",
                "        cur = cur->right;",
                f"    return cur && {c('s', 'cur', 'key')} == 0 ? cur : NULL;", "}", ""])),
            (f"{t}_list_remove", "\n".join([
                f"static int {t}_list_remove({S} *s, unsigned key)", "{",
                f"    {n} *prev = NULL, *cur = s->root;",
                f"    while (cur && {c('s', 'cur', 'key')} < 0) {{", "        prev = cur;",
                "        cur = cur->right;", "    }",
                f"    if (cur == NULL || {c('s', 'cur', 'key')} != 0)", "        return 0;",
                "    if (prev)", "        prev->right = cur->right;", "    else",
                "        s->root = cur->right;", f"    {t}_node_free(s, cur);",
                "    s->count--;", "    return 1;", "}", ""])),
            (f"{t}_list_hash", "\n".join([
                f"static unsigned {t}_list_hash(const {S} *s)", "{",
                f"    const {n} *n;", "    unsigned h = 17u + s->count;",
                "    for (n = s->root; n; n = n->right)", f"        h = {t}_nhash(h, n);",
                "    return h;", "}", ""])),
            (f"{t}_list_each", "\n".join([
                f"static void {t}_list_each({S} *s, {t}_visit_fn fn, unsigned *acc)", "{",
                f"    {n} *n;", "    for (n = s->root; n; n = n->right)", "        fn(n, acc);",
                "}", ""])),
            (f"{t}_list_clear", "\n".join([
                f"static void {t}_list_clear({S} *s)", "{", "    while (s->root) {",
                f"        {n} *next = s->root->right;", f"        {t}_node_free(s, s->root);",
                "        s->root = next;", "    }", "    s->count = 0u;", "}", ""])),
        ]

    # -- scenarios ---------------------------------------------------------------------------
    def scenario(self):
        r, t = self.r, self.t
        self.nsc += 1
        name = f"{t}_scenario{self.nsc}"
        body = ["unsigned h = salt, i, acc = 0u;"]
        sets = ["a", "b"] if r.random() < 0.5 else ["a"]
        kinds, calls = {}, {}
        holder = self.h.holder_for_scenario() if self.h.style == "object" else None
        for v in sets:
            kind = r.choice(["tree", "list", "dyn"]) if self.dispatch else \
                r.choice(["tree", "list"])
            kinds[v] = kind
            table = {"tree": f"&{t}_tree_ops", "list": f"&{t}_list_ops",
                     "dyn": f"(salt & 1u) ? &{t}_tree_ops : &{t}_list_ops"}[kind]
            if kind == "dyn" and v == "b":
                table = f"(salt & 1u) ? &{t}_list_ops : &{t}_tree_ops"
            args = []
            if self.ops_in_set:
                args.append(table)
                calls[v] = f"{v}->ops->"
            elif self.dispatch:
                body.insert(1, f"const struct {t}_ops *ops_{v} = {table};")
                calls[v] = f"ops_{v}->"
            else:
                calls[v] = f"{t}_{kind}_"
            if self.cmp_in_set:
                args.append(r.choice([f"{t}_cmp_asc", f"{t}_cmp_asc", f"{t}_cmp_desc",
                                      f"{t}_cmp_mod"]))
            if holder:
                args.append(holder)
            body.append(f"struct {t}_set *{v} = {t}_new({', '.join(args)});")
        if self.dispatch:
            self.p.feature("dispatch")

        def call(v, op, *args):
            return f"{calls[v]}{op}({', '.join((v,) + args)})"

        def key(i="i"):
            return (f"(({i} * {HASH_MUL}) ^ {self.salt()}) % "
                    f"{r.choice(['64u', '256u', '1000u', '37u'])}")

        ops = [("fill", sets[0])]
        for _ in range(r.randint(3, 8)):
            op = r.choice(["fill", "fill", "find", "remove", "each", "hash", "count", "move",
                           "qsort", "clear"])
            ops.append((op, r.choice(sets)))
        for op, v in ops:
            cnt = r.choice(["n", "n", "n / 2u + 1u", "n % 23u", f"{r.randint(1, 12)}u"])
            if op == "fill":
                body += [f"for (i = 0; i < {cnt}; i++)",
                         f"    h += (unsigned){call(v, 'insert', key())};"]
            elif op == "find":
                body += [f"for (i = 0; i < {cnt}; i++) {{",
                         f"    struct {t}_node *f = {call(v, 'find', key())};",
                         "    if (f)", f"        h = {t}_nhash(h, f);", "    else",
                         "        h = mix(h, i);", "}"]
            elif op == "remove":
                body += [f"for (i = 0; i < {cnt}; i++)",
                         f"    h = mix(h, (unsigned){call(v, 'remove', key())});"]
            elif op == "each":
                self.p.feature("callback")
                vis = r.choice(["hash", "count", "keys"])
                body += ["acc = 0u;", call(v, "each", f"{t}_visit_{vis}", "&acc") + ";",
                         "h = mix(h, acc);"]
            elif op == "hash":
                body.append(f"h = mix(h, {call(v, 'hash')});")
            elif op == "count":
                body.append(f"h = mix(h, {v}->count);")
            elif op == "move" and len(sets) == 2:
                w = "b" if v == "a" else "a"
                body += [f"for (i = 0; i < {cnt}; i++) {{", f"    unsigned k = {key()};",
                         f"    if ({call(v, 'remove', 'k')})",
                         f"        h += (unsigned){call(w, 'insert', 'k')};", "}"]
            elif op == "qsort" and self.allow_qsort and kinds[v] != "dyn":
                self.p.feature("qsort")
                body.append(f"h = mix(h, {t}_{kinds[v]}_qsorted({v}));")
            elif op == "clear":
                body += [call(v, "clear") + ";", f"h = mix(h, {v}->count);"]
        for v in sets:
            body.append(f"h = mix(h, {call(v, 'hash')});")
        for v in sets:
            if self.ops_in_set:
                body.append(f"{t}_destroy({v});")
            elif self.dispatch:
                body.append(f"{t}_destroy(ops_{v}, {v});")
            else:
                body.append(f"{t}_{kinds[v]}_destroy({v});")
        body.append("return h;")
        if not any("acc" in line for line in body[1:]):
            body[0] = "unsigned h = salt, i;"
        if not any(re.search(r"\bn\b", line) for line in body):
            body.insert(1, "(void)n;")
        text = "\n".join([f"static unsigned {name}(unsigned n, unsigned salt)", "{"] +
                         indent(body) + ["}", ""])
        return name, text

    def salt(self):
        return self.r.choice(["salt", f"{self.r.randint(1, 0xffff)}u", "(salt >> 3)"])


class HooksProgram:
    """A program of the hooks mode: one HookAlloc, one or two HookFams, their scenarios."""

    def __init__(self, seed):
        self.seed = seed
        self.r = random.Random(seed * 2654435761 + 17)
        self.features = []

    def feature(self, name):
        if name not in self.features:
            self.features.append(name)

    def generate(self, keep=None):
        r = self.r
        hooks = HookAlloc(self, r)
        fams = [HookFam(self, i, hooks) for i in range(r.randint(1, 2))]
        defs = hooks.definitions()
        for f in fams:
            defs += f.definitions()
        scenarios = []
        for f in fams:
            for _ in range(r.randint(2, 3)):
                scenarios.append(f.scenario())
        r.shuffle(scenarios)
        self.names = [n for n, _ in scenarios]
        if keep is not None:
            scenarios = [s for s in scenarios if s[0] in keep]
        main = self.render_main(hooks, [n for n, _ in scenarios])
        # only what the scenarios and main use (a static function or variable nobody
        # uses is a warning); definitions come before their uses
        used_text = "\n".join([t for _, t in scenarios] + main)
        keep_defs = [False] * len(defs)
        grew = True
        while grew:
            grew = False
            for i, (name, text) in enumerate(defs):
                if keep_defs[i]:
                    continue
                word = name.split()[-1]
                if name.startswith("struct ") or re.search(r"\b" + word + r"\b", used_text):
                    keep_defs[i] = True
                    used_text += "\n" + text
                    grew = True
        out = [f"/* Generated by tests/fuzz/gen_linked.py --mode hooks, seed {self.seed}. */",
               f"/* features: {' '.join(self.features)} */",
               "#include <stddef.h>", "#include <stdio.h>", "#include <stdlib.h>", "",
               "static unsigned mix(unsigned h, unsigned v)", "{",
               "    return (h ^ v) * 16777619u + 0x9e3779b9u;", "}", ""]
        out += [text for (name, text), k in zip(defs, keep_defs) if k]
        out += [text for _, text in scenarios]
        out += main
        return "\n".join(out) + "\n"

    def render_main(self, hooks, names):
        r = self.r
        calls = []
        for name in names:
            for _ in range(r.choice([1, 1, 2])):
                calls.append((name, r.randint(0, 160), r.randint(0, 0xffff)))
        body = ["unsigned total = 0u;", "unsigned r;"]
        install = hooks.install_stmt()
        at = 0 if hooks.install_at == "start" else len(calls) // 2
        resets = sorted(r.randint(0, len(calls)) for _ in range(hooks.resets))
        if hooks.resets and hooks.reset_stmt():
            self.feature("reset-api")
        for i, call in enumerate(calls + [(None, 0, 0)]):
            name, n, salt = call
            for pos in resets:
                if pos == i:
                    body += hooks.reset_stmt()
            if i == at:
                body += install
            if name is None:
                break
            body += [f"r = {name}({n}u, {salt}u);", f'printf("{name}({n}) = %u\\n", r);',
                     "total = mix(total, r);"]
        body.append('printf("total %u\\n", total);')
        body += hooks.final_prints()
        m = r.choice([0, 0, 3])
        body.append(f"return (int)(total % {m}u);" if m else "return 0;")
        return ["int main(void)", "{"] + indent(body) + ["}"]


def generate_hooks(seed, keep=None):
    """The hooks-mode program for `seed` (allocator hooks and dispatch tables); with
    `keep`, only those scenarios and what they use."""
    return HooksProgram(seed).generate(keep)


def hooks_scenario_names(seed):
    p = HooksProgram(seed)
    p.generate()
    return p.names


def generate_files(seed):
    """The program for `seed` as files {name: text}: prog.c, and for some seeds lib.c
    (a library whose structs prog.c only declares)."""
    p = Program(seed, files=True)
    prog = p.generate()
    return {"prog.c": prog, **({"lib.c": p.lib.render()} if p.lib else {})}


def generate(seed, keep=None):
    """The C program for `seed`, as a string; with `keep` (a collection of scenario names),
    only those scenarios (and the helpers and globals they need) are kept."""
    return Program(seed).generate(keep)


def scenario_names(seed):
    """The names of the scenario functions of the program for `seed`, in program order."""
    p = Program(seed)
    p.generate()
    return [name for name, _ in p.scenarios]


def features(text):
    """The features line of a generated program, as a list."""
    for line in text.splitlines():
        if line.startswith("/* features:"):
            return line[len("/* features:"):-2].split()
    return []


def idioms(text):
    """The idioms of a program (its `/* idioms: i0=setjmp ... */` line) as a list of
    (unit prefix, idiom name); the unit's structs are named `struct <prefix>_...`."""
    m = re.search(r"^/\* idioms: (.*) \*/$", text, re.M)
    if not m:
        return []
    return [tuple(w.split("=", 1)) for w in m.group(1).split() if "=" in w]


def cflags(text):
    """The flags a program must be built and parsed with (its `/* cflags: ... */` line,
    -fopenmp for OpenMP programs), as a list."""
    m = re.search(r"^/\* cflags: (.*) \*/$", text, re.M)
    return m.group(1).split() if m else []


def generate_macro_files(seed):
    """The macro-mode program for `seed` as files {name: text} (tests/fuzz/gen_macros.py:
    data structures reached through the program's own macros; prog.c, and for some seeds
    a header mac.h shared with lib.c)."""
    import gen_macros
    return gen_macros.generate_files(seed)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", "--output", help="write the program here instead of stdout")
    ap.add_argument("--macros", action="store_true",
                    help="macro mode (gen_macros.py): structures reached through macros")
    ap.add_argument("--files", metavar="DIR", help="write the program's files (prog.c and, "
                    "for some seeds, lib.c and a header) into DIR")
    ap.add_argument("--mode", choices=["linked", "hooks"], default="linked",
                    help="hooks: allocator hooks and dispatch tables (generate_hooks)")
    ap.add_argument("--idioms", metavar="LIST",
                    help="idioms (gen_idioms.py) the program may have: all (the default), "
                         "none, or a comma-separated list of " + ", ".join(gen_idioms.IDIOMS))
    ap.add_argument("--idiom-prob", type=float, metavar="P",
                    help=f"share of programs with idioms (default {gen_idioms.IDIOM_PROB})")
    ap.add_argument("--openmp-prob", type=float, metavar="P",
                    help=f"share of programs built with -fopenmp, the only ones with the "
                         f"openmp-tasks idiom (default {gen_idioms.OPENMP_PROB})")
    a = ap.parse_args(argv)
    try:
        configure(idioms=a.idioms, prob=a.idiom_prob, openmp=a.openmp_prob)
    except ValueError as e:
        ap.error(str(e))
    if a.files:
        import os
        os.makedirs(a.files, exist_ok=True)
        files = generate_macro_files(a.seed) if a.macros else generate_files(a.seed)
        for name, body in files.items():
            with open(os.path.join(a.files, name), "w", encoding="utf-8", newline="\n") as f:
                f.write(body)
        return 0
    if a.macros:
        import gen_macros
        text = gen_macros.generate(a.seed)
    elif a.mode == "hooks":
        text = generate_hooks(a.seed)
    else:
        text = generate(a.seed)
    if a.output:
        with open(a.output, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
