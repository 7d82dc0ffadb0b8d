#!/usr/bin/env python3
"""Old-C mode of the differential fuzzer (tests/fuzz/differential.py --generator oldc).

Programs in the style of 1980s and 1990s C that build and walk linked structures
(singly linked lists and queues, binary search trees, chained hash tables), written the
way code of that time is: K&R function definitions (`struct node *insert(t, key) struct
node *t; int key; {...}`, the parameters' declarations now and then in another order than
the identifier list, an int parameter now and then left undeclared) called without a prototype in scope, or with no declaration at all
(an implicit `extern int f();`), forward declarations
without prototypes (`extern struct node *lookup();`) or through a `P((...))` macro that
drops the parameter list when `__STDC__` is not defined, function headers written twice
under `#ifdef __STDC__ ... #else ... #endif`, definitions placed after main, `return(x);`,
a struct defined in the declaration of a variable (`static struct node {...} *head;`,
`struct fifo {...} used = {NULL, NULL, 0};`, `typedef struct node {...} NODE, *NODEP;`),
`register` locals and parameters, `const` and `volatile` pointers (`struct node *const p`,
`struct node *volatile p`, `const struct node *p`), static locals in functions that are
called for several structures (allocation counters, a recursion depth, a name buffer),
implicit `int` (globals, locals, results, functions that return nothing), `(char *)`
casts in the calls of `free`, `memcpy`, `bcopy`, `bzero` and `memset`, `0` as the null
pointer, and bucket arrays allocated with a cast (`table = (struct sym **)malloc(n *
sizeof(struct sym *));`), fixed ones (`static struct sym *tab[HSIZE];`) or passed as
parameters. Each program picks a subset of these features (its line `/* features: ...
*/`, features()).

A program is a deterministic function of its seed, free of undefined behaviour (every
call to a function without a prototype passes arguments of exactly the parameters'
types; no signed overflow; everything allocated is freed), prints checksums of the
contents of what it built (never addresses) and their total (`total N`), and compiles
without warnings at `-Wall -Wextra -Werror` with gcc and clang with the flags of its line
`/* cflags: ... */` (cflags()): `-std=gnu89` for programs with implicit int (with
`-Wno-implicit-int -Wno-return-type`, the warnings implicit int is made of, and
`-Wno-implicit-function-declaration` when functions are called undeclared, and
`-Wno-missing-parameter-type -Wno-unknown-warning-option` when a K&R definition leaves
an int parameter undeclared: gcc's -Wextra warns about it, clang knows no such warning),
else one of `-std=gnu89`, `-std=gnu99`, `-std=gnu11`; always
`-Wno-deprecated-non-prototype` (clang's warning about K&R definitions and calls without
prototypes; gcc ignores it).

Usage: gen_oldc.py SEED [-o FILE]
"""
import argparse
import random
import re
import sys

# feature: probability that a program has it
FEATURES = [
    ("knr-def", 0.85), ("stdc-ifdef", 0.5), ("noproto-decl", 0.6), ("params-macro", 0.35),
    ("late-def", 0.5), ("return-parens", 0.75), ("struct-with-var", 0.6),
    ("struct-init-var", 0.5), ("typedef", 0.3), ("register", 0.7), ("const-ptr", 0.45),
    ("volatile-ptr", 0.3), ("const-pointee", 0.4), ("static-local", 0.55),
    ("implicit-int", 0.45), ("implicit-decl", 0.6), ("implicit-param", 0.5),
    ("knr-order", 0.5),
    ("char-cast-free", 0.35), ("char-cast-copy", 0.4),
    ("bcopy-bzero", 0.5), ("zero-null", 0.4), ("table-param", 0.35),
    ("fixed-buckets", 0.35),
    ("bucket-cast-malloc", 1.0),   # every hash table of the `global` variant
]
FEATURE_NAMES = [f for f, _ in FEATURES]

LIST_WORDS = ["cell", "node", "elem", "item", "link", "rec"]
TREE_WORDS = ["tnode", "tree", "leaf", "bnode", "key"]
HASH_WORDS = ["sym", "nlist", "entry", "bucket", "word"]
QUEUE_WORDS = ["fifo", "queue", "buf", "chain"]
PARAMS_MACROS = ["P", "PROTO", "ARGS", "PARAMS"]


def ind(lines, n=1):
    pad = "    " * n
    return [pad + l if l else l for l in lines]


def declarator(ctype, name):
    """`struct x *` + `p` -> `struct x *p`; `int` + `n` -> `int n`."""
    return ctype + name if ctype.endswith("*") else f"{ctype} {name}"


def split_type(ctype):
    """(base, stars) of a type text: `struct x **` -> (`struct x`, `**`)."""
    base = ctype.rstrip("* ")
    return base, ctype[len(base):].replace(" ", "")


class Fn:
    """A function: result type text, parameters [(type text, name)], body lines."""

    def __init__(self, name, ret, params, body, deps=()):
        self.name, self.ret, self.params, self.body = name, ret, params, body
        self.deps = list(deps)    # helpers it calls (unit-local names)
        self.static = True
        self.implicit = False     # `int` left implicit
        self.style = "ansi"       # ansi, knr or ifdef
        self.split = True         # result type on a line of its own
        self.decl = None          # forward declaration: None, proto, pmacro or noproto
        self.late = False         # defined after main
        self.regparams = []       # names of parameters declared register


class Program:
    def __init__(self, seed):
        self.seed = seed
        self.r = random.Random(seed)
        r = self.r
        self.chosen = [f for f, p in FEATURES if r.random() < p]
        self.features = []
        self.std = "gnu89" if self.on("implicit-int") else r.choice(["gnu89", "gnu99",
                                                                       "gnu11"])
        self.pmacro = r.choice(PARAMS_MACROS)
        self.units = []
        self.mixname = "mix"
        self.rndname = "rnd"
        self.strings_h = False
        self.verbose = False   # main reads argv into a global `verbose`

    # -- feature bookkeeping -------------------------------------------------------------
    def on(self, name):
        return name in self.chosen

    def mark(self, name):
        if name not in self.features:
            self.features.append(name)

    def maybe(self, name, prob=1.0):
        """True (and the feature recorded as used) when the program has the feature and
        a draw of `prob` succeeds."""
        if self.on(name) and self.r.random() < prob:
            self.mark(name)
            return True
        return False

    # -- spelling helpers ----------------------------------------------------------------
    def ret(self, expr=None):
        if expr is None:
            return "return;"
        if self.maybe("return-parens", 0.85):
            return f"return({expr});"
        return f"return {expr};"

    def null(self):
        return "0" if self.maybe("zero-null", 0.5) else "NULL"

    def typed_null(self, ptype):
        return f"({ptype}){self.null()}"

    def is_null(self, x):
        if self.maybe("zero-null", 0.5):
            return self.r.choice([f"{x} == 0", f"!{x}"])
        return f"{x} == NULL"

    def not_null(self, x):
        if self.maybe("zero-null", 0.5):
            return self.r.choice([f"{x} != 0", x])
        return f"{x} != NULL"

    def reg(self, decl):
        """A local declaration, `register` when the program has the feature."""
        if self.maybe("register", 0.6):
            return "register " + decl
        return decl

    def int_decl(self, names, register_ok=True, static=False):
        """`int a, b;` with implicit int now and then (`register a, b;`, `static n;`)."""
        lead = "static " if static else ""
        if register_ok and not static and self.maybe("register", 0.6):
            lead = "register "
        if lead and self.maybe("implicit-int", 0.5):
            return f"{lead}{names};"
        return f"{lead}int {names};"

    def mixcall(self, h, expr):
        return f"{self.mixname}({h}, (unsigned long)({expr}))"

    def free_call(self, x, unit):
        if unit.charfree:
            return f"free((char *){x});"
        return f"free({x});"

    def oom(self, var):
        return [f"if ({self.is_null(var)}) {{",
                '    fprintf(stderr, "out of memory\\n");',
                "    exit(1);",
                "}"]

    # -- functions -----------------------------------------------------------------------
    def style_fn(self, fn, may_be_late=True, may_be_implicit=True):
        """Chooses how `fn` is written (definition style, forward declaration, place)."""
        r = self.r
        choices = ["ansi"]
        if self.on("knr-def"):
            choices += ["knr"] * 3
        if self.on("stdc-ifdef") and fn.params:
            choices += ["ifdef"] * 2
        fn.style = r.choice(choices)
        if fn.style == "knr":
            self.mark("knr-def")
        elif fn.style == "ifdef":
            self.mark("stdc-ifdef")
        fn.split = r.random() < 0.6
        if fn.style != "ansi" and self.maybe("register", 0.3):
            fn.regparams = [n for t, n in fn.params if r.random() < 0.6]
        if getattr(fn, "noreturn", False):
            fn.implicit = True   # an implicit int function that returns nothing
        elif may_be_implicit and fn.ret == "int" and self.maybe("implicit-int", 0.6):
            fn.implicit = True
        if may_be_late and self.maybe("late-def", 0.4):
            fn.late = True
            if fn.implicit and self.on("implicit-int") and self.maybe("implicit-decl", 0.5):
                # called with no declaration in scope (an implicit `extern int f();`)
                fn.static = False
                return
        decls = ["proto"]
        if self.on("noproto-decl"):
            decls += ["noproto"] * 3
        if self.on("params-macro"):
            decls += ["pmacro"] * 2
        if fn.late or r.random() < 0.35:
            fn.decl = r.choice(decls)
            if fn.decl == "noproto":
                self.mark("noproto-decl")
            elif fn.decl == "pmacro":
                self.mark("params-macro")
        if fn.decl == "noproto" and r.random() < 0.5:
            fn.static = False   # `extern struct node *lookup();`

    def result_prefix(self, fn, in_decl=False):
        lead = "static " if fn.static else ("extern " if in_decl and fn.decl == "noproto"
                                            else "")
        if fn.implicit:
            return lead
        return lead + fn.ret + ("" if fn.ret.endswith("*") else " ")

    def forward_decl(self, fn):
        prefix = self.result_prefix(fn, in_decl=True)
        types = ", ".join(t for t, _ in fn.params) or "void"
        if fn.decl == "proto":
            return f"{prefix}{fn.name}({types});"
        if fn.decl == "pmacro":
            return f"{prefix}{fn.name} {self.pmacro}(({types}));"
        return f"{prefix}{fn.name}();"

    def knr_param_decls(self, fn):
        out = []
        groups = []
        params = list(fn.params)
        if len(params) > 1 and self.maybe("knr-order", 0.5):
            # the declarations need not follow the identifier list
            self.r.shuffle(params)
        if self.on("implicit-int"):
            # an int parameter left undeclared is an int
            kept = [(t, n) for t, n in params
                    if t != "int" or not self.maybe("implicit-param", 0.5)]
            params = kept
        for t, n in params:
            base, stars = split_type(t)
            regd = n in fn.regparams
            if groups and groups[-1][0] == base and groups[-1][1] == regd and \
                    self.r.random() < 0.7:
                groups[-1][2].append(stars + n)
            else:
                groups.append((base, regd, [stars + n]))
        for base, regd, names in groups:
            out.append(f"{'register ' if regd else ''}{base} {', '.join(names)};")
        return ind(out)

    def ansi_params(self, fn):
        if not fn.params:
            return "void"
        return ", ".join(("register " if n in fn.regparams else "") + declarator(t, n)
                         for t, n in fn.params)

    def header(self, fn, style):
        prefix = self.result_prefix(fn)
        if style == "ansi":
            call = f"{fn.name}({self.ansi_params(fn)})"
        else:
            call = f"{fn.name}({', '.join(n for _, n in fn.params)})"
        if fn.split and prefix.strip():
            lines = [prefix.rstrip(), call]
        else:
            lines = [prefix + call]
        if style == "knr":
            lines += self.knr_param_decls(fn)
        return lines

    def definition(self, fn):
        if fn.style == "ifdef":
            saved = fn.split
            fn.split = False
            head = (["#ifdef __STDC__"] + self.header(fn, "ansi") + ["#else"] +
                    self.header(fn, "knr") + ["#endif"])
            fn.split = saved
        else:
            head = self.header(fn, fn.style)
        return head + ["{"] + ind(fn.body) + ["}", ""]

    # -- the program ---------------------------------------------------------------------
    def common_fns(self):
        r = self.r
        mix = Fn("mix", "unsigned long", [("unsigned long", "h"), ("unsigned long", "v")],
                 [self.ret("(h ^ v) * 16777619UL + 0x9e3779b9UL")])
        self.style_fn(mix, may_be_late=False)
        lcg = f"{r.choice([1103515245, 1664525, 22695477])}UL"
        rnd = Fn("rnd", "int", [("int", "n")],
                 [f"seed = seed * {lcg} + 12345UL;",
                  self.ret("(int)((seed >> 16) % (unsigned long)n)")])
        self.style_fn(rnd, may_be_late=False)
        return mix, rnd

    def generate(self):
        r = self.r
        nunits = r.randint(2, 4)
        for k in range(nunits):
            kind = r.choice(["list", "list", "tree", "hash"])
            self.units.append({"list": ListUnit, "tree": TreeUnit,
                               "hash": HashUnit}[kind](self, k))
        mix, rnd = self.common_fns()
        scen = []
        for u in self.units:
            scen += u.make_scenarios()
        helpers = []
        for u in self.units:
            helpers += u.helper_fns()
        for f in scen:
            self.style_fn(f, may_be_late=True, may_be_implicit=False)
            f.params = []
        order = list(scen)
        r.shuffle(order)
        main = self.main_fn(order)

        top = [f"/* Generated by tests/fuzz/gen_oldc.py, seed {self.seed}. */",
               "FEATURES",
               "CFLAGS",
               "#include <stdio.h>",
               "#include <stdlib.h>",
               "#include <string.h>"]
        if self.strings_h:
            top.append("#include <strings.h>")
        top.append("")
        body = []
        if any(f.decl == "pmacro" for f in [mix, rnd] + helpers + scen):
            body += ["#ifdef __STDC__", f"#define {self.pmacro}(a) a", "#else",
                     f"#define {self.pmacro}(a) ()", "#endif", ""]
        body += [f"static unsigned long seed = {r.randint(1, 99999)}UL;"]
        if self.verbose:
            body.append(self.int_decl("verbose", register_ok=False, static=True))
        body += ["static unsigned long total;", ""]
        for u in self.units:
            body += u.top_lines() + [""]
        fns = [mix, rnd] + helpers + scen
        decls = [self.forward_decl(f) for f in fns if f.decl]
        if decls:
            body += decls + [""]
        for f in fns:
            if not f.late:
                body += self.definition(f)
        body += main
        for f in fns:
            if f.late:
                body += [""] + self.definition(f)[:-1]
        cflags = [f"-std={self.std}"]
        if self.std == "gnu89" and "implicit-int" in self.features:
            cflags += ["-Wno-implicit-int", "-Wno-return-type"]
        if "implicit-decl" in self.features:
            cflags.append("-Wno-implicit-function-declaration")
        if "implicit-param" in self.features:
            # gcc's warning (-Wextra) about it; clang has none and must not complain
            cflags += ["-Wno-missing-parameter-type", "-Wno-unknown-warning-option"]
        cflags.append("-Wno-deprecated-non-prototype")
        feats = [f for f in FEATURE_NAMES if f in self.features]
        text = "\n".join(top + body) + "\n"
        text = text.replace("FEATURES", f"/* features: {' '.join(feats)} */", 1)
        text = text.replace("CFLAGS", f"/* cflags: {' '.join(cflags)} */", 1)
        return text

    def main_fn(self, order):
        r = self.r
        body = ["unsigned long r;", ""]
        argv = self.verbose = r.random() < 0.4
        if argv:
            body += ["if (argc > 1 && argv[1][0] == 'v')", "    verbose = 1;"]
        for f in order:
            body += [f"r = {f.name}();",
                     f'printf("{f.name} %lu\\n", r);',
                     f"total = {self.mixname}(total, r);"]
            if argv and r.random() < 0.2:
                body += ["if (verbose)", f'    printf("after {f.name}: %lu\\n", total);']
        body.append('printf("total %lu\\n", total);')
        status = r.choice(["0", "0", "(int)(total % 3UL)"])
        if r.random() < 0.3:
            body.append(f"exit({status});")
        else:
            body.append(self.ret(status))
        if self.maybe("implicit-int", 0.7):
            head = ["main(argc, argv)", "    int argc;", "    char **argv;"] if argv and \
                self.on("knr-def") else (["main(int argc, char **argv)"] if argv else
                                         ["main()"])
        else:
            head = (["int", "main(argc, argv)", "    int argc;", "    char **argv;"]
                    if argv and self.on("knr-def") else
                    ["int main(int argc, char **argv)"] if argv else ["int main()"])
        if argv and self.on("knr-def"):
            self.mark("knr-def")
        return head + ["{"] + ind(body) + ["}"]


class Unit:
    """A structure kind with its helpers and scenarios; k numbers it in the program."""

    def __init__(self, prog, k):
        self.p = prog
        self.r = prog.r
        self.k = k
        self.used = []
        self.charfree = prog.maybe("char-cast-free", 0.5)

    def use(self, name):
        if name not in self.used:
            self.used.append(name)
        return f"{name}{self.k}"

    def helper_fns(self):
        """The Fn of every used helper (and those they call), in an order where each
        comes after the helpers it calls."""
        builders = self.helpers()
        need = []

        def add(name):
            if name in need:
                return
            fn = builders[name]()
            for d in fn.deps:
                add(d)
            need.append(name)
            fns[name] = fn

        fns = {}
        for name in list(self.used):
            add(name)
        out = []
        for name in builders:   # canonical order: dependencies first
            if name in fns:
                fn = fns[name]
                fn.name = f"{name}{self.k}"
                self.p.style_fn(fn)
                out.append(fn)
        return out

    def alloc(self, var, stype, ptype):
        p, r = self.p, self.r
        size = r.choice([f"sizeof({stype})", f"sizeof *{var}", f"sizeof(*{var})"])
        lines = [f"{var} = ({ptype})malloc({size});"] + p.oom(var)
        if p.maybe("bcopy-bzero", 0.3):
            p.strings_h = True
            lines.append(f"bzero((char *){var}, sizeof({stype}));")
        elif p.maybe("char-cast-copy", 0.2):
            lines.append(f"memset((char *){var}, 0, sizeof({stype}));")
        return lines

    def copy_bytes(self, dst, src, stype):
        p, r = self.p, self.r
        if p.maybe("bcopy-bzero", 0.5):
            p.strings_h = True
            return f"bcopy((char *){src}, (char *){dst}, sizeof({stype}));"
        if p.maybe("char-cast-copy", 0.7):
            return f"memcpy((char *){dst}, (char *){src}, sizeof({stype}));"
        return r.choice([f"*{dst} = *{src};", f"memcpy({dst}, {src}, sizeof *{dst});"])


class ListUnit(Unit):
    def __init__(self, prog, k):
        super().__init__(prog, k)
        r, p = self.r, prog
        w = r.choice(LIST_WORDS)
        self.tag = f"{w}{k}"
        self.S = f"struct {self.tag}"
        self.typedef = p.maybe("typedef", 0.6)
        self.T = f"{w.upper()}{k}" if self.typedef else self.S
        self.TP = f"{w.upper()}P{k}" if self.typedef else self.S + " *"
        self.payload = r.random() < 0.5
        self.has_id = p.maybe("static-local", 0.6)
        self.next_first = r.random() < 0.4
        self.queue = r.random() < 0.55
        self.Q = f"struct {r.choice(QUEUE_WORDS)}{k}"
        self.head = f"head{k}"
        self.used_var = f"used{k}"
        self.global_head = False
        self.global_queue = False
        self.len_static = p.maybe("static-local", 0.5)
        self.M = r.choice([20, 50, 100, 1000])
        self.push_key_first = r.random() < 0.3

    def ptype(self):
        """The node pointer type, as a typedef name now and then."""
        if self.typedef and self.r.random() < 0.6:
            return self.TP
        return self.S + " *"

    def top_lines(self):
        p, r = self.p, self.r
        fields = ["int key;"]
        if self.payload:
            fields.append("int wgt;")
        if self.has_id:
            fields.append("int id;")
        link = f"{self.S} *next;"
        fields = [link] + fields if self.next_first else fields + [link]
        lines = []
        if self.typedef:
            lines += [f"typedef {self.S} {{"] + ind(fields) + [f"}} {self.T}, *{self.TP};"]
            if self.global_head:
                lines.append(f"static {self.TP} {self.head};")
        elif self.global_head and p.maybe("struct-with-var", 0.8):
            init = r.choice(["", " = NULL", " = 0"])
            lead = r.choice(["static ", "static ", ""])
            lines += [f"{lead}{self.S} {{"] + ind(fields) + [f"}} *{self.head}{init};"]
        else:
            lines += [f"{self.S} {{"] + ind(fields) + ["};"]
            if self.global_head:
                lines.append(f"static {self.S} *{self.head};")
        if self.queue:
            qf = [f"{self.S} *first, *last;", "int n;"]
            if self.global_queue and p.maybe("struct-init-var", 0.8):
                nul = p.null()
                lead = r.choice(["", "static "])
                lines += [f"{lead}{self.Q} {{"] + ind(qf) + [
                    f"}} {self.used_var} = {{{nul}, {nul}, 0}};"]
            else:
                lines += [f"{self.Q} {{"] + ind(qf) + ["};"]
                if self.global_queue:
                    lines.append(f"static {self.Q} {self.used_var};")
        return lines

    def helpers(self):
        return {"new": self.h_new, "push": self.h_push, "append": self.h_append,
                "pop": self.h_pop, "qpop": self.h_qpop, "del": self.h_del,
                "rev": self.h_rev, "find": self.h_find, "sum": self.h_sum,
                "len": self.h_len, "copy": self.h_copy, "free": self.h_free}

    # helpers ----------------------------------------------------------------------------
    def h_new(self):
        p = self.p
        pt = self.ptype()
        body = [p.reg(declarator(pt, "p") + ";")]
        if self.has_id:
            body.append(p.int_decl("made", static=True))
        body.append("")
        body += self.alloc("p", self.T, pt)
        body.append("p->key = key;")
        if self.payload:
            body.append("p->wgt = key * 3 % 17;")
        if self.has_id:
            body += ["made++;", "p->id = made;"]
        body += [f"p->next = {p.null()};", p.ret("p")]
        return Fn("new", pt, [("int", "key")], body)

    def h_push(self):
        p, r = self.p, self.r
        pt = self.ptype()
        new = f"new{self.k}"
        if p.maybe("const-ptr", 0.5):
            body = [f"{self.S} *const p = {new}(key);", "", "p->next = h;", p.ret("p")]
        else:
            body = [p.reg(f"{self.S} *p;"), "", f"p = {new}(key);", "p->next = h;",
                    p.ret("p")]
        params = [(pt, "h"), ("int", "key")]
        if self.push_key_first:
            params.reverse()
        return Fn("push", pt, params, body, deps=["new"])

    def h_append(self):
        p = self.p
        body = [f"{self.S} *p;", "", f"p = new{self.k}(key);",
                f"if ({p.is_null('q->last')})", "    q->first = p;", "else",
                "    q->last->next = p;", "q->last = p;", "q->n++;"]
        fn = Fn("append", "int", [(self.Q + " *", "q"), ("int", "key")], body,
                deps=["new"])
        if p.maybe("implicit-int", 0.5):
            fn.noreturn = True   # an implicit int function that returns nothing
        else:
            fn.ret = "void"
        return fn

    def h_pop(self):
        p = self.p
        body = [f"{self.S} *p;", "int k;", "", "p = *hp;", "*hp = p->next;", "k = p->key;",
                p.free_call("p", self), p.ret("k")]
        return Fn("pop", "int", [(f"{self.S} **", "hp")], body)

    def h_qpop(self):
        p = self.p
        body = [f"{self.S} *p;", "int k;", "", "p = q->first;", "q->first = p->next;",
                f"if ({p.is_null('q->first')})", f"    q->last = {p.null()};", "q->n--;",
                "k = p->key;", p.free_call("p", self), p.ret("k")]
        return Fn("qpop", "int", [(self.Q + " *", "q")], body)

    def h_del(self):
        p = self.p
        body = [p.reg(f"{self.S} **pp;"), f"{self.S} *p;", "",
                f"for (pp = hp; {p.not_null('*pp')}; pp = &(*pp)->next)",
                "    if ((*pp)->key == key) {", "        p = *pp;", "        *pp = p->next;",
                "        " + p.free_call("p", self), "        " + p.ret("1"), "    }",
                p.ret("0")]
        return Fn("del", "int", [(f"{self.S} **", "hp"), ("int", "key")], body)

    def h_rev(self):
        p = self.p
        pt = self.ptype()
        body = [f"{self.S} *r = {p.null()}, *n;", "",
                f"while ({p.not_null('h')}) {{", "    n = h->next;", "    h->next = r;",
                "    r = h;", "    h = n;", "}", p.ret("r")]
        return Fn("rev", pt, [(pt, "h")], body)

    def h_find(self):
        p = self.p
        pt = self.ptype()
        body = [p.reg(f"{self.S} *p;"), "",
                f"for (p = h; {p.not_null('p')}; p = p->next)",
                "    if (p->key == key)", "        " + p.ret("p"),
                p.ret(p.typed_null(pt) if self.r.random() < 0.7 else p.null())]
        return Fn("find", pt, [(pt, "h"), ("int", "key")], body)

    def cursor(self):
        """Declaration of a walking cursor `p`: const pointee, volatile, register."""
        p = self.p
        if p.maybe("const-pointee", 0.5):
            return f"const {self.S} *p;"
        if p.maybe("volatile-ptr", 0.4):
            return f"{self.S} *volatile p;"
        return p.reg(f"{self.S} *p;")

    def h_sum(self):
        p = self.p
        term = "(unsigned long)p->key"
        if self.payload:
            term += " + (unsigned long)p->wgt * 7UL"
        if self.has_id:
            term += " + (unsigned long)p->id"
        body = [self.cursor(), "unsigned long s = 0;", "",
                f"for (p = h; {p.not_null('p')}; p = p->next)",
                f"    s = s * 31UL + {term};", p.ret("s")]
        return Fn("sum", "unsigned long", [(self.ptype(), "h")], body)

    def h_len(self):
        p = self.p
        body = [p.int_decl("n")]
        if self.len_static:
            body.append(p.int_decl("calls", static=True))
        body += ["", f"for (n = 0; {p.not_null('h')}; h = h->next)", "    n++;"]
        if self.len_static:
            body += ["calls++;", p.ret("n * 4 + calls % 4")]
        else:
            body.append(p.ret("n"))
        return Fn("len", "int", [(self.ptype(), "h")], body)

    def h_copy(self):
        p = self.p
        S = self.S
        body = [f"{S} *r = {p.null()}, **tp = &r, *q;", self.cursor(), "",
                f"for (p = h; {p.not_null('p')}; p = p->next) {{"]
        inner = self.alloc("q", self.T, self.ptype())
        inner += [self.copy_bytes("q", "p", self.T), f"q->next = {p.null()};", "*tp = q;",
                  "tp = &q->next;"]
        body += ind(inner) + ["}", p.ret("r")]
        return Fn("copy", self.ptype(), [(self.ptype(), "h")], body)

    def h_free(self):
        p = self.p
        body = [p.reg(f"{self.S} *p, *n;"), "",
                f"for (p = h; {p.not_null('p')}; p = n) {{", "    n = p->next;",
                "    " + p.free_call("p", self), "}"]
        fn = Fn("free", "int", [(self.ptype(), "h")], body)
        if p.maybe("implicit-int", 0.5):
            fn.noreturn = True
        else:
            fn.ret = "void"
        return fn

    # scenarios --------------------------------------------------------------------------
    def push_call(self, head, key):
        args = f"{key}, {head}" if self.push_key_first else f"{head}, {key}"
        return f"{self.use('push')}({args})"

    def make_scenarios(self):
        r, p = self.r, self.p
        out = []
        n = r.randint(2, 3)
        for j in range(n):
            roots = ["local-head", "global-head"] + (["local-queue", "global-queue"]
                                                     if self.queue else [])
            root = r.choice(roots)
            if root == "global-head":
                self.global_head = True
            if root == "global-queue":
                self.global_queue = True
            out.append(self.scenario(j, root))
        return out

    def scenario(self, j, root):
        r, p = self.r, self.p
        k = self.k
        decls, body = [], []
        need = {"p": False, "c": False}
        M = self.M
        if root.endswith("head"):
            H = self.head if root == "global-head" else "h"
            if root == "local-head":
                decls.append(declarator(self.ptype(), "h") + ";")
                body.append(f"h = {p.null()};")
            body += [f"for (i = 0; i < {r.randint(5, 40)}; i++)",
                     f"    {H} = {self.push_call(H, p.rndname + '(' + str(M) + ')')};"]
            ops = ["pop", "del", "rev", "find", "sum", "len", "copy", "push"]
            head_expr, addr = H, f"&{H}"
        else:
            Q = self.used_var if root == "global-queue" else "q"
            if root == "local-queue":
                if p.maybe("struct-init-var", 0.3):
                    nul = p.null()
                    decls.append(f"{self.Q} q = {{{nul}, {nul}, 0}};")
                else:
                    decls.append(f"{self.Q} q;")
                    body += [f"q.first = q.last = {p.null()};", "q.n = 0;"]
            body += [f"for (i = 0; i < {r.randint(5, 40)}; i++)",
                     f"    {self.use('append')}(&{Q}, {p.rndname}({M}));"]
            ops = ["qpop", "find", "sum", "len", "copy", "qlen", "append"]
            head_expr, addr = f"{Q}.first", f"&{Q}"
        for _ in range(r.randint(2, 6)):
            op = r.choice(ops)
            if op == "pop":
                body += [f"if ({p.not_null(head_expr)})",
                         f"    r = {p.mixcall('r', self.use('pop') + '(' + addr + ')')};"]
            elif op == "qpop":
                body += [f"if ({p.not_null(head_expr)})",
                         f"    r = {p.mixcall('r', self.use('qpop') + '(' + addr + ')')};"]
            elif op == "del":
                call = f"{self.use('del')}({addr}, {p.rndname}({M}))"
                body.append(f"r = {p.mixcall('r', call)};")
            elif op == "rev":
                body.append(f"{head_expr} = {self.use('rev')}({head_expr});")
            elif op == "find":
                need["p"] = True
                body += [f"p = {self.use('find')}({head_expr}, {p.rndname}({M}));",
                         f"if ({p.not_null('p')})",
                         f"    r = {p.mixcall('r', 'p->key')};",
                         "else", "    r = " + p.mixcall("r", "7") + ";"]
            elif op == "sum":
                body.append(f"r = {p.mixcall('r', self.use('sum') + '(' + head_expr + ')')};")
            elif op == "len":
                body.append(f"r = {p.mixcall('r', self.use('len') + '(' + head_expr + ')')};")
            elif op == "qlen":
                body.append(f"r = {p.mixcall('r', head_expr.replace('.first', '.n'))};")
            elif op == "copy":
                need["c"] = True
                body += [f"c = {self.use('copy')}({head_expr});",
                         f"r = {p.mixcall('r', self.use('sum') + '(c)')};",
                         f"{self.use('free')}(c);"]
            elif op == "push":
                body.append(f"{head_expr} = "
                            f"{self.push_call(head_expr, p.rndname + '(' + str(M) + ')')};")
            elif op == "append":
                body.append(f"{self.use('append')}({addr}, {p.rndname}({M}));")
        # the end: everything freed
        body.append(f"{self.use('free')}({head_expr});")
        if root.endswith("head"):
            if root == "global-head":
                body.append(f"{head_expr} = {p.null()};")
        else:
            Q = addr[1:]
            if root == "global-queue":
                body += [f"{Q}.first = {Q}.last = {p.null()};", f"{Q}.n = 0;"]
        if need["p"]:
            decls.append(p.reg(f"{self.S} *p;") if r.random() < 0.5 else
                         declarator(self.ptype(), "p") + ";")
        if need["c"]:
            decls.append(declarator(self.ptype(), "c") + ";")
        decls.insert(0, p.int_decl("i"))
        decls.append("unsigned long r = 0;")
        return Fn(f"s{k}_{j}", "unsigned long", [], decls + [""] + body + [p.ret("r")])


class TreeUnit(Unit):
    def __init__(self, prog, k):
        super().__init__(prog, k)
        r, p = self.r, prog
        w = r.choice(TREE_WORDS)
        self.tag = f"{w}{k}"
        self.S = f"struct {self.tag}"
        self.root = f"root{k}"
        self.global_root = False
        self.walk_static = p.maybe("static-local", 0.5)
        self.alloc_static = p.maybe("static-local", 0.3)
        self.M = r.choice([30, 100, 500, 5000])

    def top_lines(self):
        p, r = self.p, self.r
        fields = ["int key;", "int cnt;"]
        kids = ([f"{self.S} *left, *right;"] if r.random() < 0.5 else
                [f"{self.S} *left;", f"{self.S} *right;"])
        if self.alloc_static:
            fields.append("int serial;")
        fields = kids + fields if r.random() < 0.3 else fields + kids
        if self.global_root and p.maybe("struct-with-var", 0.8):
            lead = r.choice(["static ", "static ", ""])
            return [f"{lead}{self.S} {{"] + ind(fields) + [f"}} *{self.root};"]
        lines = [f"{self.S} {{"] + ind(fields) + ["};"]
        if self.global_root:
            lines.append(f"static {self.S} *{self.root};")
        return lines

    def helpers(self):
        return {"talloc": self.h_talloc, "tins": self.h_tins, "tfind": self.h_tfind,
                "twalk": self.h_twalk, "theight": self.h_theight, "tmin": self.h_tmin,
                "tdelmin": self.h_tdelmin, "tcount": self.h_tcount, "tfree": self.h_tfree}

    def h_talloc(self):
        p = self.p
        body = [p.reg(f"{self.S} *t;")]
        if self.alloc_static:
            body.append(p.int_decl("serial", static=True))
        body.append("")
        body += self.alloc("t", self.S, self.S + " *")
        body += ["t->key = key;", "t->cnt = 1;",
                 f"t->left = t->right = {p.null()};"]
        if self.alloc_static:
            body += ["serial++;", "t->serial = serial;"]
        body.append(p.ret("t"))
        return Fn("talloc", self.S + " *", [("int", "key")], body)

    def h_tins(self):
        p = self.p
        ins = f"tins{self.k}"
        body = [f"if ({p.is_null('t')})", f"    " + p.ret(f"talloc{self.k}(key)"),
                "if (key < t->key)", f"    t->left = {ins}(t->left, key);",
                "else if (key > t->key)", f"    t->right = {ins}(t->right, key);",
                "else", "    t->cnt++;", p.ret("t")]
        return Fn("tins", self.S + " *", [(self.S + " *", "t"), ("int", "key")], body,
                  deps=["talloc"])

    def h_tfind(self):
        p = self.p
        body = [f"while ({p.not_null('t')} && t->key != key)",
                "    t = key < t->key ? t->left : t->right;", p.ret("t")]
        if p.maybe("const-ptr", 0.4):
            body = [f"{self.S} *const start = t;", f"{self.S} *x;", "",
                    f"for (x = start; {p.not_null('x')}; x = key < x->key ? x->left : "
                    f"x->right)", "    if (x->key == key)", "        " + p.ret("x"),
                    p.ret(p.typed_null(self.S + " *"))]
        return Fn("tfind", self.S + " *", [(self.S + " *", "t"), ("int", "key")], body)

    def h_twalk(self):
        p = self.p
        w = f"twalk{self.k}"
        if self.walk_static:
            body = [p.int_decl("depth", static=True), "unsigned long s;", "",
                    f"if ({p.is_null('t')})", "    " + p.ret("0"), "depth++;",
                    f"s = {w}(t->left);",
                    "s = s * 7UL + (unsigned long)t->key * (unsigned long)depth;",
                    f"s += {w}(t->right) * 13UL + (unsigned long)t->cnt;", "depth--;",
                    p.ret("s")]
        else:
            body = ["unsigned long s;", "", f"if ({p.is_null('t')})", "    " + p.ret("0"),
                    f"s = {w}(t->left);",
                    "s = s * 7UL + (unsigned long)t->key * (unsigned long)t->cnt;",
                    f"s += {w}(t->right) * 13UL;", p.ret("s")]
        return Fn("twalk", "unsigned long", [(self.S + " *", "t")], body)

    def h_theight(self):
        p = self.p
        h = f"theight{self.k}"
        body = [p.int_decl("a, b"), "", f"if ({p.is_null('t')})", "    " + p.ret("0"),
                f"a = {h}(t->left);", f"b = {h}(t->right);", p.ret("1 + (a > b ? a : b)")]
        return Fn("theight", "int", [(self.S + " *", "t")], body)

    def h_tmin(self):
        p = self.p
        cur = "t"
        body = []
        if p.maybe("volatile-ptr", 0.4):
            body = [f"{self.S} *volatile x = t;", ""]
            cur = "x"
        body += [f"while ({p.not_null(cur + '->left')})", f"    {cur} = {cur}->left;",
                 p.ret(cur)]
        return Fn("tmin", self.S + " *", [(self.S + " *", "t")], body)

    def h_tdelmin(self):
        p = self.p
        body = [f"{self.S} *r;", "", f"if ({p.is_null('t->left')}) {{", "    r = t->right;",
                "    " + p.free_call("t", self), "    " + p.ret("r"), "}",
                f"t->left = tdelmin{self.k}(t->left);", p.ret("t")]
        return Fn("tdelmin", self.S + " *", [(self.S + " *", "t")], body)

    def h_tcount(self):
        p = self.p
        c = f"tcount{self.k}"
        if p.maybe("const-pointee", 0.4):
            # a const cursor over the left spine, recursion on the right subtrees
            body = [f"const {self.S} *x;", p.int_decl("n"), "", "n = 0;",
                    f"for (x = t; {p.not_null('x')}; x = x->left)",
                    f"    n += 1 + {c}(x->right);", p.ret("n")]
        else:
            body = [f"if ({p.is_null('t')})", "    " + p.ret("0"),
                    p.ret(f"1 + {c}(t->left) + {c}(t->right)")]
        return Fn("tcount", "int", [(self.S + " *", "t")], body)

    def h_tfree(self):
        p = self.p
        f = f"tfree{self.k}"
        body = [f"if ({p.not_null('t')}) {{", f"    {f}(t->left);", f"    {f}(t->right);",
                "    " + p.free_call("t", self), "}"]
        fn = Fn("tfree", "int", [(self.S + " *", "t")], body)
        if p.maybe("implicit-int", 0.5):
            fn.noreturn = True
        else:
            fn.ret = "void"
        return fn

    def make_scenarios(self):
        r = self.r
        out = []
        for j in range(r.randint(2, 3)):
            root = r.choice(["local", "local", "global"])
            if root == "global":
                self.global_root = True
            out.append(self.scenario(j, root))
        return out

    def scenario(self, j, root):
        r, p = self.r, self.p
        k, M = self.k, self.M
        decls, body = [], []
        T = self.root if root == "global" else "t"
        if root == "local":
            if p.maybe("register", 0.5):
                decls.append(f"register {self.S} *t = {p.null()};")
            else:
                decls.append(f"{self.S} *t;")
                body.append(f"t = {p.null()};")
        body += [f"for (i = 0; i < {r.randint(5, 60)}; i++)",
                 f"    {T} = {self.use('tins')}({T}, {p.rndname}({M}));"]
        need_x = False
        for _ in range(r.randint(2, 6)):
            op = r.choice(["find", "walk", "height", "min", "delmin", "count", "ins"])
            if op == "find":
                need_x = True
                body += [f"x = {self.use('tfind')}({T}, {p.rndname}({M}));",
                         f"if ({p.not_null('x')})",
                         f"    r = {p.mixcall('r', 'x->key + x->cnt')};"]
            elif op == "walk":
                body.append(f"r = {p.mixcall('r', self.use('twalk') + '(' + T + ')')};")
            elif op == "height":
                body.append(f"r = {p.mixcall('r', self.use('theight') + '(' + T + ')')};")
            elif op == "count":
                body.append(f"r = {p.mixcall('r', self.use('tcount') + '(' + T + ')')};")
            elif op == "min":
                body += [f"if ({p.not_null(T)})",
                         f"    r = {p.mixcall('r', self.use('tmin') + '(' + T + ')->key')};"]
            elif op == "delmin":
                body += [f"if ({p.not_null(T)})",
                         f"    {T} = {self.use('tdelmin')}({T});"]
            else:
                body.append(f"{T} = {self.use('tins')}({T}, {p.rndname}({M}));")
        body.append(f"{self.use('tfree')}({T});")
        if root == "global":
            body.append(f"{T} = {p.null()};")
        decls.insert(0, p.int_decl("i"))
        if need_x:
            decls.append(f"{self.S} *x;")
        decls.append("unsigned long r = 0;")
        return Fn(f"s{k}_{j}", "unsigned long", [], decls + [""] + body + [p.ret("r")])


class HashUnit(Unit):
    def __init__(self, prog, k):
        super().__init__(prog, k)
        r, p = self.r, prog
        w = r.choice(HASH_WORDS)
        self.tag = f"{w}{k}"
        self.S = f"struct {self.tag}"
        if p.maybe("table-param", 0.6):
            self.variant = "param"
        elif p.maybe("fixed-buckets", 0.6):
            self.variant = "fixed"
        else:
            self.variant = "global"
        self.tab = f"tab{k}"
        self.nb = f"nb{k}"
        self.HS = f"HSIZE{k}"
        self.hsize = r.choice([7, 13, 31, 101])
        self.M = r.choice([40, 200, 900])

    def T(self):
        return "tab" if self.variant == "param" else self.tab

    def N(self):
        return {"param": "nb", "fixed": self.HS, "global": self.nb}[self.variant]

    def tparams(self):
        if self.variant == "param":
            return [(self.S + " **", "tab"), ("int", "nb")]
        return []

    def targs(self):
        return "tab, nb, " if self.variant == "param" else ""

    def top_lines(self):
        p, r = self.p, self.r
        fields = ["char name[16];", "int val;", f"{self.S} *next;"]
        if r.random() < 0.3:
            fields = [fields[2], fields[0], fields[1]]
        lines = []
        if self.variant == "fixed":
            lines.append(f"#define {self.HS} {self.hsize}")
        var = {"fixed": f"*{self.tab}[{self.HS}]", "global": f"**{self.tab}",
               "param": None}[self.variant]
        if var and p.maybe("struct-with-var", 0.7):
            lines += [f"static {self.S} {{"] + ind(fields) + [f"}} {var};"]
        else:
            lines += [f"{self.S} {{"] + ind(fields) + ["};"]
            if var:
                lines.append(f"static {self.S} {var};")
        if self.variant == "global":
            lines.append(p.int_decl(self.nb, static=True))
        if self.variant != "param":
            p.mark("bucket-cast-malloc" if self.variant == "global" else "fixed-buckets")
        return lines

    def helpers(self):
        return {"hash": self.h_hash, "mkname": self.h_mkname, "tinit": self.h_tinit,
                "lookup": self.h_lookup, "install": self.h_install, "remove": self.h_remove,
                "sumtab": self.h_sumtab, "dupval": self.h_dupval, "chain": self.h_chain,
                "freetab": self.h_freetab}

    def h_hash(self):
        p = self.p
        n = self.N()
        body = [p.reg("unsigned h;"), "",
                "for (h = 0; *s != '\\0'; s++)",
                "    h = h * 31U + (unsigned char)*s;",
                p.ret(f"(int)(h % (unsigned){n})")]
        params = [("char *", "s")] + ([("int", "nb")] if self.variant == "param" else [])
        fn = Fn("hash", "int", params, body)
        return fn

    def h_mkname(self):
        p = self.p
        body = ["static char buf[16];", "",
                "sprintf(buf, \"%c%d\", 'a' + n % 5, n);", p.ret("buf")]
        p.mark("static-local")
        return Fn("mkname", "char *", [("int", "n")], body)

    def h_tinit(self):
        p, r = self.p, self.r
        T, S = self.T(), self.S
        if self.variant == "fixed":
            if p.maybe("bcopy-bzero", 0.5):
                p.strings_h = True
                body = [f"bzero((char *){T}, sizeof({T}));"]
            elif p.maybe("char-cast-copy", 0.5):
                body = [f"memset((char *){T}, 0, sizeof {T});"]
            else:
                body = [p.int_decl("i"), "", f"for (i = 0; i < {self.HS}; i++)",
                        f"    {T}[i] = {p.null()};"]
            fn = Fn("tinit", "int", [], body)
            if p.maybe("implicit-int", 0.5):
                fn.noreturn = True
            else:
                fn.ret = "void"
            return fn
        var = "t" if self.variant == "param" else T
        body = []
        if self.variant == "param":
            body += [f"{S} **t;"]
        kind = r.choice(["malloc-loop", "malloc-bzero", "calloc"])
        if kind == "malloc-bzero" and not p.maybe("bcopy-bzero", 0.8):
            kind = "malloc-memset"
        if kind == "malloc-loop":
            body = [p.int_decl("i")] + body
        body.append("")
        if kind == "calloc":
            body.append(f"{var} = ({S} **)calloc((unsigned)n, sizeof({S} *));")
        else:
            body.append(f"{var} = ({S} **)malloc(n * sizeof({S} *));")
        body += p.oom(var)
        if kind == "malloc-loop":
            body += ["for (i = 0; i < n; i++)", f"    {var}[i] = {p.null()};"]
        elif kind == "malloc-bzero":
            p.strings_h = True
            body.append(f"bzero((char *){var}, n * sizeof({S} *));")
        elif kind == "malloc-memset":
            body.append(f"memset((char *){var}, 0, n * sizeof({S} *));")
        if self.variant == "param":
            body.append(p.ret("t"))
            return Fn("tinit", S + " **", [("int", "n")], body)
        body.append(f"{self.nb} = n;")
        p.mark("bucket-cast-malloc")
        fn = Fn("tinit", "int", [("int", "n")], body)
        if p.maybe("implicit-int", 0.5):
            fn.noreturn = True
        else:
            fn.ret = "void"
        return fn

    def h_lookup(self):
        p = self.p
        T = self.T()
        body = [p.reg(f"{self.S} *p;"), "",
                f"for (p = {T}[hash{self.k}(s{', nb' if self.variant == 'param' else ''})]; "
                f"{p.not_null('p')}; p = p->next)",
                "    if (strcmp(s, p->name) == 0)", "        " + p.ret("p"),
                p.ret(p.typed_null(self.S + " *") if self.r.random() < 0.7 else p.null())]
        return Fn("lookup", self.S + " *", self.tparams() + [("char *", "s")], body,
                  deps=["hash"])

    def h_install(self):
        p, r = self.p, self.r
        T, S = self.T(), self.S
        hargs = "s, nb" if self.variant == "param" else "s"
        body = [p.reg(f"{S} *p;"), "int h;", "",
                f"if ((p = lookup{self.k}({self.targs()}s)) != {p.null()}) {{",
                "    p->val += val;", "    " + p.ret("p"), "}"]
        body += self.alloc("p", S, S + " *")
        if p.maybe("bcopy-bzero", 0.4):
            p.strings_h = True
            body.append("bcopy(s, p->name, strlen(s) + 1);")
        elif r.random() < 0.3:
            body.append("memcpy(p->name, s, strlen(s) + 1);")
        else:
            body.append("strcpy(p->name, s);")
        body += ["p->val = val;", f"h = hash{self.k}({hargs});", f"p->next = {T}[h];",
                 f"{T}[h] = p;", p.ret("p")]
        return Fn("install", S + " *", self.tparams() + [("char *", "s"), ("int", "val")],
                  body, deps=["lookup", "hash"])

    def h_remove(self):
        p = self.p
        T, S = self.T(), self.S
        hargs = "s, nb" if self.variant == "param" else "s"
        body = [p.reg(f"{S} **pp;"), f"{S} *p;", "",
                f"for (pp = &{T}[hash{self.k}({hargs})]; {p.not_null('*pp')}; "
                f"pp = &(*pp)->next)",
                "    if (strcmp((*pp)->name, s) == 0) {", "        p = *pp;",
                "        *pp = p->next;", "        " + p.free_call("p", self),
                "        " + p.ret("1"), "    }", p.ret("0")]
        return Fn("remove", "int", self.tparams() + [("char *", "s")], body, deps=["hash"])

    def h_sumtab(self):
        p = self.p
        T, N = self.T(), self.N()
        cur = "const " + self.S + " *p;" if p.maybe("const-pointee", 0.5) else \
            p.reg(f"{self.S} *p;")
        body = [p.int_decl("i"), cur, "unsigned long s = 0;", "",
                f"for (i = 0; i < {N}; i++)",
                f"    for (p = {T}[i]; {p.not_null('p')}; p = p->next)",
                "        s = s * 131UL + (unsigned long)p->val + (unsigned long)i * 3UL + "
                "(unsigned long)strlen(p->name);", p.ret("s")]
        return Fn("sumtab", "unsigned long", self.tparams(), body)

    def h_dupval(self):
        """Copies a node (bytewise), returns something of the copy, frees it."""
        p = self.p
        S = self.S
        body = [f"{S} *q;", "int v;", ""] + self.alloc("q", S, S + " *")
        body += [self.copy_bytes("q", "e", S), f"q->next = {p.null()};",
                 "v = q->val * 3 + (int)strlen(q->name);", p.free_call("q", self),
                 p.ret("v")]
        return Fn("dupval", "int", [(S + " *", "e")], body)

    def h_chain(self):
        """The length of the longest chain."""
        p = self.p
        T, N = self.T(), self.N()
        cur = f"{self.S} *volatile p;" if p.maybe("volatile-ptr", 0.5) else \
            p.reg(f"{self.S} *p;")
        body = [p.int_decl("i, n, best"), cur, "", "best = 0;",
                f"for (i = 0; i < {N}; i++) {{",
                f"    for (n = 0, p = {T}[i]; {p.not_null('p')}; p = p->next)",
                "        n++;", "    if (n > best)", "        best = n;", "}", p.ret("best")]
        return Fn("chain", "int", self.tparams(), body)

    def h_freetab(self):
        p = self.p
        T, N = self.T(), self.N()
        body = [p.int_decl("i"), f"{self.S} *p, *q;", "",
                f"for (i = 0; i < {N}; i++) {{",
                f"    for (p = {T}[i]; {p.not_null('p')}; p = q) {{", "        q = p->next;",
                "        " + p.free_call("p", self), "    }",
                f"    {T}[i] = {p.null()};", "}"]
        if self.variant != "fixed":
            body.append(p.free_call(T, self))
        if self.variant == "global":
            body += [f"{T} = {p.null()};", f"{self.nb} = 0;"]
        fn = Fn("freetab", "int", self.tparams(), body)
        if p.maybe("implicit-int", 0.5):
            fn.noreturn = True
        else:
            fn.ret = "void"
        return fn

    def make_scenarios(self):
        return [self.scenario(j) for j in range(self.r.randint(2, 3))]

    def scenario(self, j):
        r, p = self.r, self.p
        k, M = self.k, self.M
        decls, body = [], []
        ta = self.targs()
        if self.variant == "param":
            decls += [f"{self.S} **tab;", "int nb;"]
            body += [f"nb = {r.choice([5, 7, 16, 31, 64])};",
                     f"tab = {self.use('tinit')}(nb);"]
        elif self.variant == "global":
            body.append(f"{self.use('tinit')}({r.choice([5, 7, 16, 31, 64])});")
        else:
            body.append(f"{self.use('tinit')}();")
        mk = self.use("mkname")
        body += [f"for (i = 0; i < {r.randint(5, 60)}; i++)",
                 f"    {self.use('install')}({ta}{mk}({p.rndname}({M})), i);"]
        need_x = False
        for _ in range(r.randint(2, 6)):
            op = r.choice(["look", "remove", "sum", "dup", "chain", "install"])
            if op == "look":
                need_x = True
                body += [f"x = {self.use('lookup')}({ta}{mk}({p.rndname}({M})));",
                         f"if ({p.not_null('x')})", f"    r = {p.mixcall('r', 'x->val')};"]
            elif op == "remove":
                call = f"{self.use('remove')}({ta}{mk}({p.rndname}({M})))"
                body.append(f"r = {p.mixcall('r', call)};")
            elif op == "sum":
                body.append(f"r = {p.mixcall('r', self.use('sumtab') + '(' + ta[:-2] + ')')};")
            elif op == "chain":
                body.append(f"r = {p.mixcall('r', self.use('chain') + '(' + ta[:-2] + ')')};")
            elif op == "dup":
                need_x = True
                body += [f"x = {self.use('lookup')}({ta}{mk}({p.rndname}({M})));",
                         f"if ({p.not_null('x')})",
                         f"    r = {p.mixcall('r', self.use('dupval') + '(x)')};"]
            else:
                need_x = True
                body += [f"x = {self.use('install')}({ta}{mk}({p.rndname}({M})), "
                         f"{r.randint(1, 9)});",
                         f"r = {p.mixcall('r', 'x->val')};"]
        body.append(f"{self.use('freetab')}({ta[:-2]});")
        decls.insert(0, p.int_decl("i"))
        if need_x:
            decls.append(f"{self.S} *x;")
        decls.append("unsigned long r = 0;")
        return Fn(f"s{k}_{j}", "unsigned long", [], decls + [""] + body + [p.ret("r")])


def generate(seed):
    """The old-C program for `seed`, as a string."""
    return Program(seed).generate()


def features(text):
    """The features line of a program, as a list."""
    m = re.search(r"^/\* features: (.*) \*/$", text, re.M)
    return m.group(1).split() if m else []


def cflags(text):
    """The flags a program must be built and parsed with (its `/* cflags: ... */`
    line), as a list."""
    m = re.search(r"^/\* cflags: (.*) \*/$", text, re.M)
    return m.group(1).split() if m else []


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", "--output", help="write the program here instead of stdout")
    a = ap.parse_args(argv)
    text = generate(a.seed)
    if a.output:
        with open(a.output, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
