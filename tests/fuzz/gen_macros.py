#!/usr/bin/env python3
"""Macro mode of the linked-structure generator (tests/fuzz/gen_linked.py --macros).

Programs in the style of classic C that reaches its data structures through its own
macros: function-like accessors (`#define M0_NEXT(n) ((n)->next)`, some through other
macros), object-like field-name macros (`p->M0_LINK`), allocation macros
(`#define NEW(T) ((T *)malloc(sizeof(T)))`), statement macros (`do { ... } while (0)`
that push, pop, link, unlink and swap, some spanning lines), loop macros, MIN/MAX and a
hash macro whose arguments read fields and call functions, `assert(...)` around calls and
field reads (the file defines NDEBUG or not, per seed), token pasting of field names,
now and then a macro that stringizes its argument, and <sys/queue.h> SLIST lists with
their heads in global or local variables.

About half of the programs are split into files: the structs, the macros and the
prototypes go to a header shared by prog.c and lib.c (mac.h), lib.c defines some of the
helpers and prog.c the others, the scenarios and main.

The same guarantees as gen_linked.py: a deterministic function of the seed, C99 without
warnings at -Wall -Wextra, no undefined behaviour, everything freed, a checksum printed.
"""
import random
import re

HASH_MUL = "2654435761u"

# payload members: (C type, initialiser from an unsigned expression)
PAYLOAD = [("unsigned", "({s}) * 2246822519u"),
           ("int", "(int)(({s}) % 2001u) - 1000"),
           ("unsigned short", "(unsigned short)(({s}) & 0xffffu)"),
           ("long", "(long)(({s}) % 100003u) - 50000L"),
           ("unsigned char", "(unsigned char)(({s}) & 0xffu)")]
PAYLOAD_NAMES = ["val", "wgt", "tag", "cost", "aux"]


def ind(lines, n=1):
    pad = "    " * n
    return [pad + l if l else l for l in lines]


def stmt_macro(head, lines):
    """A #define whose body is `do { lines } while (0)`, continued over lines."""
    body = ["do {"] + ind(lines) + ["} while (0)"]
    width = max(len(head), *(len(l) + 4 for l in body)) + 1
    out = [f"#define {head}".ljust(width + 8) + "\\"]
    for i, l in enumerate(body):
        text = "    " + l
        out.append(text if i == len(body) - 1 else text.ljust(width + 8) + "\\")
    return out


class Helper:
    def __init__(self, name, sig, body):
        self.name, self.sig, self.body = name, sig, body


class MFam:
    """A struct (or two) reached through macros, with helpers and scenarios."""

    def __init__(self, prog, idx):
        self.p = prog
        self.r = prog.r
        self.t = f"m{idx}"
        self.M = f"M{idx}"
        self.used = []        # helper names, in order of first use
        self.nsc = 0
        self.in_lib = False   # helpers defined in lib.c (two-file programs)

    def use(self, name):
        if name not in self.used:
            self.used.append(name)
        return f"{self.t}_{name}"

    def payload(self):
        r = self.r
        names = list(PAYLOAD_NAMES)
        r.shuffle(names)
        return [(names[i],) + r.choice(PAYLOAD) for i in range(r.randint(0, 2))]

    def helpers(self):
        """Helper objects of every used helper (and those they use), in order."""
        done, out = 0, []
        while done < len(self.used):
            name = self.used[done]
            done += 1
            sig, body = getattr(self, "h_" + name)()
            out.append(Helper(name, sig, body))
        return out

    def key(self, i, s):
        return f"({i} * {HASH_MUL}) ^ {s}"

    def assert_(self, cond):
        self.p.feature("assert")
        return f"assert({cond});"

    def scenario(self):
        self.nsc += 1
        name = f"{self.t}_scenario{self.nsc}"
        body = self.scenario_body()
        return name, [f"static unsigned {name}(unsigned n, unsigned salt)", "{"] + \
            ind(body) + ["}", ""]


# -- singly linked list ---------------------------------------------------------------------
class MList(MFam):
    def __init__(self, prog, idx):
        super().__init__(prog, idx)
        r = self.r
        self.tag = f"{self.t}_{r.choice(['node', 'item', 'cell', 'link'])}"
        self.next = r.choice(["next", "link", "nxt"])
        self.pf = self.payload()
        self.paste = r.random() < 0.4      # payload read through a ## macro
        self.key_paren = r.random() < 0.5  # M_KEY(n) ((n)->key) or (n)->key
        self.pop_free = r.choice(["free", "DEL"])
        self.free_style = r.choice(["pop", "iter", "rec"])

    def T(self):
        return f"struct {self.tag}"

    def defs(self):
        M, T, n = self.M, self.T(), self.next
        fields = ["unsigned key;", f"{T} *{n};"] + [f"{c} pf_{nm};" for nm, c, _ in self.pf]
        self.r.shuffle(fields)
        out = [f"{T} {{"] + ind(fields) + ["};", ""]
        out += [f"#define {M}_NEXT(n) ((n)->{n})",
                f"#define {M}_KEY(n) " + ("((n)->key)" if self.key_paren else "(n)->key"),
                f"#define {M}_LINK {n}",
                f"#define {M}_NEWNODE() NEW({T})"]
        if self.paste:
            out.append(f"#define {M}_PF(n, f) ((n)->pf_##f)")
        out.append(f"#define {M}_FOREACH(it, head) for ((it) = (head); (it) != NULL; "
                   f"(it) = {M}_NEXT(it))")
        init = []
        for nm, c, e in self.pf:
            init.append(f"t_->pf_{nm} = {e.format(s='(k) ^ ' + str(len(nm)) + 'u')};")
        out += stmt_macro(f"{M}_PUSH(head, k)", [
            f"{T} *t_ = {M}_NEWNODE();", "CHECK_ALLOC(t_);", f"{M}_KEY(t_) = (k);"] + init +
            [f"{M}_NEXT(t_) = (head);", "(head) = t_;"])
        out += stmt_macro(f"{M}_POP(head, out)", [
            f"{T} *d_ = (head);", f"(out) = {M}_KEY(d_);", f"(head) = d_->{M}_LINK;",
            f"{self.pop_free}(d_);"])
        out += stmt_macro(f"{M}_SWAPKEY(a, b)", [
            f"unsigned s_ = {M}_KEY(a);", f"{M}_KEY(a) = {M}_KEY(b);", f"{M}_KEY(b) = s_;"])
        return out + [""]

    def pfread(self, p, nm):
        if self.paste:
            self.p.feature("paste")
            return f"{self.M}_PF({p}, {nm})"
        return f"{p}->pf_{nm}"

    # helpers
    def h_len(self):
        return f"unsigned {self.t}_len(const {self.T()} *h)", [
            f"const {self.T()} *it;", "unsigned c = 0u;", f"{self.M}_FOREACH(it, h)",
            "    c++;", "return c;"]

    def h_hash(self):
        M = self.M
        body = ["unsigned h = 17u;", "for (; h_ != NULL; h_ = " + f"{M}_NEXT(h_)) {{",
                f"    h = MIX(h, {M}_KEY(h_));"]
        for nm, c, _ in self.pf:
            body.append(f"    h = MIX(h, (unsigned){self.pfread('h_', nm)});")
        body += ["}", "return h;"]
        return f"unsigned {self.t}_hash(const {self.T()} *h_)", body

    def h_free(self):
        M = self.M
        if self.free_style == "pop":
            return f"void {self.t}_free({self.T()} *h)", [
                "while (h) {", "    unsigned k_;", f"    {M}_POP(h, k_);", "    (void)k_;", "}"]
        if self.free_style == "iter":
            return f"void {self.t}_free({self.T()} *h)", [
                "while (h != NULL) {", f"    {self.T()} *nx = {M}_NEXT(h);", "    DEL(h);",
                "    h = nx;", "}"]
        return f"void {self.t}_free({self.T()} *h)", [
            "if (h) {", f"    {self.t}_free({M}_NEXT(h));", "    free(h);", "}"]

    def h_reverse(self):
        M = self.M
        return f"{self.T()} *{self.t}_reverse({self.T()} *h)", [
            f"{self.T()} *prev = NULL;", "while (h) {", f"    {self.T()} *nx = h->{M}_LINK;",
            f"    {M}_NEXT(h) = prev;", "    prev = h;", "    h = nx;", "}", "return prev;"]

    def h_sort(self):
        M = self.M
        return f"void {self.t}_sort({self.T()} *h)", [
            f"{self.T()} *a, *b;", f"for (a = h; a; a = {M}_NEXT(a))",
            f"    for (b = {M}_NEXT(a); b; b = b->{M}_LINK)",
            f"        if ({M}_KEY(b) < {M}_KEY(a))", f"            {M}_SWAPKEY(a, b);"]

    def h_find(self):
        M = self.M
        return f"{self.T()} *{self.t}_find({self.T()} *h, unsigned key)", [
            f"for (; h != NULL; h = {M}_NEXT(h))", f"    if ({M}_KEY(h) == key)",
            "        return h;",
            "return NULL;"]

    def h_max(self):
        M = self.M
        return f"unsigned {self.t}_max(const {self.T()} *h)", [
            "unsigned m = 0u;", f"for (; h; h = {M}_NEXT(h))", f"    m = MAXU(m, {M}_KEY(h));",
            "return m;"]

    def h_copy(self):
        M = self.M
        return f"{self.T()} *{self.t}_copy(const {self.T()} *h)", [
            f"{self.T()} *out = NULL;", "for (; h; h = " + f"{M}_NEXT(h))",
            f"    {M}_PUSH(out, {M}_KEY(h) + 1u);", f"return {self.use('reverse')}(out);"]

    def scenario_body(self):
        r, M, T = self.r, self.M, self.T()
        self.p.feature("stmt-macro")
        body = ["for (i = 0; i < n; i++)", f"    {M}_PUSH(a, {self.key('i', 'salt')});"]
        if r.random() < 0.7:
            body.append(self.assert_(f"{self.use('len')}(a) == n"))
        escaped = False
        for _ in range(r.randint(2, 6)):
            op = r.choice(["hash", "pop", "sort", "reverse", "find", "walk", "field", "assert",
                           "second", "swaphead", "max", "copy", "escape", "minmax", "nested"])
            if op == "hash":
                body.append(f"h = MIX(h, {self.use('hash')}(a));")
            elif op == "pop":
                body += ["for (i = 0; i < h % 5u && a != NULL; i++) {",
                         f"    {M}_POP(a, k);", "    h = MIX(h, k);", "}"]
            elif op == "sort":
                body.append(f"{self.use('sort')}(a);")
                body.append(self.assert_(f"a == NULL || {M}_KEY(a) <= {self.use('max')}(a)"))
            elif op == "reverse":
                body.append(f"a = {self.use('reverse')}(a);")
            elif op == "find":
                body += [f"p = {self.use('find')}(a, {self.key('(h % (n + 1u))', 'salt')});",
                         f"h = MIX(h, p ? {M}_KEY(p) : 1u);"]
                if r.random() < 0.5:
                    body.append(self.assert_(
                        f"a == NULL || {self.use('find')}(a, {M}_KEY(a)) == a"))
            elif op == "walk":
                self.p.feature("loop-macro")
                body += [f"{M}_FOREACH(p, a)", f"    h = MIX(h, {M}_KEY(p) ^ i);"]
            elif op == "field":
                self.p.feature("field-name-macro")
                body += [f"for (p = a; p; p = p->{M}_LINK)", "    h ^= p->key;"]
                for nm, c, _ in self.pf[:1]:
                    body += [f"if (a)", f"    h = MIX(h, (unsigned){self.pfread('a', nm)});"]
            elif op == "assert":
                body.append(self.assert_(
                    f"a == NULL || ({M}_NEXT(a) != a && {self.use('len')}(a) > 0u)"))
            elif op == "second":
                body += ["for (p = a; p != NULL; p = " + f"{M}_NEXT(p))",
                         f"    {M}_PUSH(b, {M}_KEY(p) ^ h);",
                         f"h = MIX(h, {self.use('hash')}(b));"]
            elif op == "swaphead":
                self.p.feature("type-argument")
                body += [f"SWAPV({T} *, a, b);", f"h = MIX(h, {self.use('len')}(a));"]
            elif op == "max":
                body.append(f"h = MIX(h, {self.use('max')}(a) + {self.use('max')}(b));")
            elif op == "copy":
                body += ["p = " + f"{self.use('copy')}(a);", f"h = MIX(h, {self.use('hash')}(p));",
                         f"{self.use('free')}(p);"]
            elif op == "escape" and not escaped:
                # b's list goes through an integer: its structure stays unchanged while
                # a's is compressed, so the macros and helpers serve two contexts
                escaped = True
                self.p.feature("two-contexts")
                self.p.need_stdint = True
                body += ["{", "    uintptr_t u_;", f"    {M}_PUSH(b, h);", "    u_ = (uintptr_t)b;",
                         f"    b = ({T} *)u_;", f"    h = MIX(h, {M}_KEY(b));", "}"]
            elif op == "nested":
                # a macro use whose argument calls a function with another use in its
                # arguments (the key of a is in a, so find does not return NULL)
                self.p.feature("call-in-macro-argument")
                find = self.use("find")
                body += ["if (a != NULL) {",
                         f"    h = MIX(h, {M}_KEY({find}(a, {M}_KEY(a))));",
                         "    " + self.assert_(f"{M}_KEY({find}(a, {M}_KEY(a))) == {M}_KEY(a)"),
                         "}"]
            elif op == "minmax":
                body += ["if (a != NULL && b != NULL)",
                         f"    h = MIX(h, MAXU({M}_KEY(a), {M}_KEY(b)) - "
                         f"MINU({M}_KEY(a), {M}_KEY(b)));"]
        if self.p.stringize and r.random() < 0.3:
            self.p.feature("stringize")
            body += ["if (a)", f"    SHOWU({M}_KEY(a) % 7u);"]
        body += [f"h = MIX(h, {self.use('hash')}(a));", f"{self.use('free')}(a);",
                 f"{self.use('free')}(b);", "return h;"]
        text = "\n".join(body)
        ptr = ["*a = NULL", "*b = NULL"] + (["*p"] if re.search(r"\bp\b", text) else [])
        var = ["h = salt", "i"] + (["k = 0u"] if re.search(r"\bk\b", text) else [])
        return [f"{T} {', '.join(ptr)};", f"unsigned {', '.join(var)};"] + body


# -- binary search tree ----------------------------------------------------------------------
class MTree(MFam):
    def __init__(self, prog, idx):
        super().__init__(prog, idx)
        r = self.r
        self.tag = f"{self.t}_{r.choice(['tnode', 'bst', 'vertex'])}"
        self.pf = self.payload()
        self.nested = r.random() < 0.6       # LEFT defined through KID
        # the two pointer-to-pointer styles leave the tree unchanged for now: "pp-root"
        # takes the address of the root parameter (stack and heap in one place), "pp"
        # points one pointer at the left and at the right link (collapsed)
        self.insert_style = r.choice(["pp", "pp-root", "rec", "rec", "rec"])

    def T(self):
        return f"struct {self.tag}"

    def defs(self):
        M, T = self.M, self.T()
        fields = ["unsigned key;", f"{T} *left;", f"{T} *right;"] + \
            [f"{c} pf_{nm};" for nm, c, _ in self.pf]
        self.r.shuffle(fields)
        out = [f"{T} {{"] + ind(fields) + ["};", ""]
        if self.nested:
            self.p.feature("nested-macro")
            out += [f"#define {M}_KID(n, side) ((n)->side)",
                    f"#define {M}_LEFT(n) {M}_KID(n, left)",
                    f"#define {M}_RIGHT(n) {M}_KID(n, right)"]
        else:
            out += [f"#define {M}_LEFT(n) ((n)->left)", f"#define {M}_RIGHT(n) ((n)->right)"]
        out += [f"#define {M}_KEY(n) ((n)->key)",
                f"#define {M}_ISLEAF(n) ({M}_LEFT(n) == NULL && {M}_RIGHT(n) == NULL)"]
        out += stmt_macro(f"{M}_SWAPKIDS(n)", [
            f"{T} *s_ = {M}_LEFT(n);", f"{M}_LEFT(n) = {M}_RIGHT(n);", f"{M}_RIGHT(n) = s_;"])
        init = [f"(n)->pf_{nm} = {e.format(s='(k) + 3u')};" for nm, c, e in self.pf]
        out += stmt_macro(f"{M}_INIT(n, k)", [
            "CHECK_ALLOC(n);", f"{M}_KEY(n) = (k);", f"{M}_LEFT(n) = {M}_RIGHT(n) = NULL;"] +
            init)
        return out + [""]

    def h_insert(self):
        M, T = self.M, self.T()
        if self.insert_style == "pp":
            return f"{T} *{self.t}_insert({T} *root, unsigned key)", [
                f"{T} **pp;", "if (root == NULL) {", f"    root = NEW({T});",
                f"    {M}_INIT(root, key);", "    return root;", "}",
                f"pp = key < {M}_KEY(root) ? &{M}_LEFT(root) : &{M}_RIGHT(root);",
                "while (*pp != NULL)",
                f"    pp = key < {M}_KEY(*pp) ? &{M}_LEFT(*pp) : &{M}_RIGHT(*pp);",
                f"*pp = NEWZ({T});", f"{M}_INIT(*pp, key);", "return root;"]
        if self.insert_style == "pp-root":
            return f"{T} *{self.t}_insert({T} *root, unsigned key)", [
                f"{T} **pp = &root;", "while (*pp)",
                f"    pp = key < {M}_KEY(*pp) ? &{M}_LEFT(*pp) : &{M}_RIGHT(*pp);",
                f"*pp = NEWZ({T});", f"{M}_INIT(*pp, key);", "return root;"]
        return f"{T} *{self.t}_insert({T} *t, unsigned key)", [
            "if (t == NULL) {", f"    t = NEW({T});", f"    {M}_INIT(t, key);", "    return t;",
            "}", f"if (key < {M}_KEY(t))", f"    {M}_LEFT(t) = {self.t}_insert({M}_LEFT(t), key);",
            "else", f"    {M}_RIGHT(t) = {self.t}_insert({M}_RIGHT(t), key);", "return t;"]

    def h_hash(self):
        M = self.M
        body = ["if (t == NULL)", "    return 3u;",
                f"h = MIX({self.t}_hash({M}_LEFT(t)), {M}_KEY(t));"]
        for nm, c, _ in self.pf:
            body.append(f"h = MIX(h, (unsigned)t->pf_{nm});")
        body.append(f"return MIX(h, {self.t}_hash({M}_RIGHT(t)));")
        return f"unsigned {self.t}_hash(const {self.T()} *t)", ["unsigned h;"] + body

    def h_count(self):
        M = self.M
        return f"unsigned {self.t}_count(const {self.T()} *t)", [
            f"return t ? 1u + {self.t}_count({M}_LEFT(t)) + {self.t}_count({M}_RIGHT(t)) : 0u;"]

    def h_depth(self):
        M = self.M
        return f"unsigned {self.t}_depth(const {self.T()} *t)", [
            "unsigned dl, dr;", "if (!t)", "    return 0u;", f"dl = {self.t}_depth({M}_LEFT(t));",
            f"dr = {self.t}_depth({M}_RIGHT(t));", "return 1u + MAXU(dl, dr);"]

    def h_leaves(self):
        M = self.M
        return f"unsigned {self.t}_leaves(const {self.T()} *t)", [
            "if (t == NULL)", "    return 0u;", f"if ({M}_ISLEAF(t))", "    return 1u;",
            f"return {self.t}_leaves({M}_LEFT(t)) + {self.t}_leaves({M}_RIGHT(t));"]

    def h_mirror(self):
        M = self.M
        return f"void {self.t}_mirror({self.T()} *t)", [
            "if (t == NULL)", "    return;", f"{M}_SWAPKIDS(t);", f"{self.t}_mirror({M}_LEFT(t));",
            f"{self.t}_mirror({M}_RIGHT(t));"]

    def h_min(self):
        M = self.M
        return f"{self.T()} *{self.t}_min({self.T()} *t)", [
            f"while ({M}_LEFT(t) != NULL)", f"    t = {M}_LEFT(t);", "return t;"]

    def h_free(self):
        M = self.M
        return f"void {self.t}_free({self.T()} *t)", [
            "if (t) {", f"    {self.t}_free({M}_LEFT(t));", f"    {self.t}_free({M}_RIGHT(t));",
            "    DEL(t);", "}"]

    def scenario_body(self):
        r, M, T = self.r, self.M, self.T()
        key = self.key("i", f"salt ^ {r.randint(1, 999)}u")
        body = [f"{T} *t = NULL;", "unsigned h = salt, i;", "for (i = 0; i < n; i++)",
                f"    t = {self.use('insert')}(t, {key});"]
        mirrored = False
        if r.random() < 0.6:
            body.append(self.assert_(f"{self.use('count')}(t) == n"))
        for _ in range(r.randint(2, 5)):
            op = r.choice(["hash", "depth", "leaves", "mirror", "min", "assert", "root",
                           "deep"])
            if op == "hash":
                body.append(f"h = MIX(h, {self.use('hash')}(t));")
            elif op == "depth":
                body.append(f"h = MIX(h, {self.use('depth')}(t));")
            elif op == "leaves":
                body.append(f"h = MIX(h, {self.use('leaves')}(t));")
            elif op == "mirror":
                body.append(f"{self.use('mirror')}(t);")
                mirrored = not mirrored
            elif op == "min" and not mirrored:
                body += ["if (t)", f"    h = MIX(h, {M}_KEY({self.use('min')}(t)));"]
                if r.random() < 0.5:
                    body.append(self.assert_(
                        f"t == NULL || {M}_KEY({self.use('min')}(t)) <= {M}_KEY(t)"))
            elif op == "assert":
                body.append(self.assert_(
                    f"t == NULL || {self.use('leaves')}(t) <= {self.use('count')}(t)"))
            elif op == "deep" and not mirrored:
                self.p.feature("call-in-macro-argument")
                mn = self.use("min")
                body += [f"if (t != NULL && {M}_RIGHT(t) != NULL)",
                         f"    h = MIX(h, {M}_KEY({mn}({M}_RIGHT(t))) + {M}_KEY({mn}(t)));"]
            elif op == "root":
                body += ["if (t != NULL && !" + f"{M}_ISLEAF(t))",
                         f"    h = MIX(h, {M}_KEY(t) ^ ({M}_LEFT(t) ? {M}_KEY({M}_LEFT(t)) : 0u));"]
        if self.p.stringize and r.random() < 0.3:
            self.p.feature("stringize")
            body += ["if (t)", f"    SHOWU({M}_KEY(t) & 15u);"]
        body += [f"h = MIX(h, {self.use('hash')}(t));", f"{self.use('free')}(t);", "return h;"]
        return body


# -- doubly linked list with a header ------------------------------------------------------
class MDList(MFam):
    def __init__(self, prog, idx):
        super().__init__(prog, idx)
        r = self.r
        self.tag = f"{self.t}_dnode"
        self.ltag = f"{self.t}_dlist"
        self.hdr = r.choice(["local", "heap", "global"])

    def defs(self):
        M, T, L = self.M, f"struct {self.tag}", f"struct {self.ltag}"
        out = [f"{T} {{", "    unsigned key;", f"    {T} *prev;", f"    {T} *next;", "};", "",
               f"{L} {{", f"    {T} *first;", f"    {T} *last;", "    unsigned count;", "};", "",
               f"#define {M}_FIRST(l) ((l)->first)", f"#define {M}_LAST(l) ((l)->last)",
               f"#define {M}_NEXT(n) ((n)->next)", f"#define {M}_PREV(n) ((n)->prev)"]
        self.p.feature("multiline-macro")
        out += stmt_macro(f"{M}_PUSH_BACK(l, n)", [
            f"{M}_NEXT(n) = NULL;", f"{M}_PREV(n) = {M}_LAST(l);", f"if ({M}_LAST(l))",
            f"    {M}_NEXT({M}_LAST(l)) = (n);", "else", f"    {M}_FIRST(l) = (n);",
            f"{M}_LAST(l) = (n);", "(l)->count++;"])
        out += stmt_macro(f"{M}_UNLINK(l, n)", [
            f"if ({M}_PREV(n))", f"    {M}_NEXT({M}_PREV(n)) = {M}_NEXT(n);", "else",
            f"    {M}_FIRST(l) = {M}_NEXT(n);", f"if ({M}_NEXT(n))",
            f"    {M}_PREV({M}_NEXT(n)) = {M}_PREV(n);", "else", f"    {M}_LAST(l) = {M}_PREV(n);",
            "(l)->count--;"])
        return out + [""]

    def h_add(self):
        M = self.M
        return f"void {self.t}_add(struct {self.ltag} *l, unsigned key)", [
            f"struct {self.tag} *n = NEW(struct {self.tag});", "CHECK_ALLOC(n);",
            f"n->key = key;", f"{M}_PUSH_BACK(l, n);"]

    def h_hash(self):
        M = self.M
        return f"unsigned {self.t}_hash(const struct {self.ltag} *l)", [
            "unsigned h = 11u;", f"const struct {self.tag} *n;",
            f"for (n = {M}_FIRST(l); n; n = {M}_NEXT(n))", "    h = MIX(h, n->key);",
            f"for (n = {M}_LAST(l); n; n = {M}_PREV(n))", "    h = MIX(h, n->key + 1u);",
            "return MIX(h, l->count);"]

    def h_drop(self):
        M = self.M
        return f"unsigned {self.t}_drop(struct {self.ltag} *l, unsigned m)", [
            f"struct {self.tag} *n = {M}_FIRST(l);", "unsigned c = 0u;", "while (n) {",
            f"    struct {self.tag} *nx = {M}_NEXT(n);", "    if (n->key % m == 0u) {",
            f"        {M}_UNLINK(l, n);", "        DEL(n);", "        c++;", "    }", "    n = nx;",
            "}", "return c;"]

    def h_clear(self):
        M = self.M
        return f"void {self.t}_clear(struct {self.ltag} *l)", [
            f"while ({M}_FIRST(l)) {{", f"    struct {self.tag} *n = {M}_FIRST(l);",
            f"    {M}_UNLINK(l, n);", "    free(n);", "}"]

    def scenario_body(self):
        r, M = self.r, self.M
        if self.hdr == "local":
            body = [f"struct {self.ltag} ls = {{ NULL, NULL, 0u }};",
                    f"struct {self.ltag} *l = &ls;"]
        elif self.hdr == "heap":
            body = [f"struct {self.ltag} *l = NEWZ(struct {self.ltag});", "CHECK_ALLOC(l);"]
        else:
            g = f"static struct {self.ltag} {self.t}_g;"
            if g not in self.p.globals:
                self.p.globals.append(g)
            body = [f"struct {self.ltag} *l = &{self.t}_g;"]
        body += ["unsigned h = salt, i;", "for (i = 0; i < n; i++)",
                 f"    {self.use('add')}(l, {self.key('i', 'salt')});"]
        if r.random() < 0.5:
            body.append(self.assert_(f"l->count == n && ({M}_FIRST(l) == NULL) == (n == 0u)"))
        for _ in range(r.randint(1, 4)):
            op = r.choice(["hash", "drop", "ends", "add"])
            if op == "hash":
                body.append(f"h = MIX(h, {self.use('hash')}(l));")
            elif op == "drop":
                body.append(f"h = MIX(h, {self.use('drop')}(l, h % 5u + 2u));")
                body.append(self.assert_(f"l->count == 0u || {M}_PREV({M}_FIRST(l)) == NULL"))
            elif op == "ends":
                body += [f"if ({M}_FIRST(l) != NULL)",
                         f"    h = MIX(h, {M}_FIRST(l)->key ^ {M}_LAST(l)->key);"]
            else:
                body += ["for (i = 0; i < 5u; i++)", f"    {self.use('add')}(l, h + i);"]
        body += [f"h = MIX(h, {self.use('hash')}(l));", f"{self.use('clear')}(l);"]
        if self.hdr == "heap":
            body.append("free(l);")
        body.append("return h;")
        return body


# -- <sys/queue.h> SLIST ---------------------------------------------------------------------
class MQueue(MFam):
    """An SLIST of <sys/queue.h> with a named entry struct, its head in a global or in a
    local variable."""

    def __init__(self, prog, idx):
        super().__init__(prog, idx)
        r = self.r
        self.tag = f"{self.t}_qent"
        self.htag = f"{self.t}_qhead"
        self.head = r.choice(["global", "local"])
        self.entry = r.choice(["named", "SLIST_ENTRY"])
        prog.need_queue = True
        prog.feature("sys-queue")

    def defs(self):
        T = f"struct {self.tag}"
        if self.entry == "named":
            out = [f"struct {self.t}_qlink {{", f"    {T} *sle_next;", "};", "",
                   f"{T} {{", "    unsigned key;", f"    struct {self.t}_qlink link;", "};", ""]
        else:
            out = [f"{T} {{", "    unsigned key;", f"    SLIST_ENTRY({self.tag}) link;", "};", ""]
        out += [f"SLIST_HEAD({self.htag}, {self.tag});", ""]
        return out

    def h_fill(self):
        return f"void {self.t}_fill(struct {self.htag} *hd, unsigned n, unsigned salt)", [
            "unsigned i;", "for (i = 0; i < n; i++) {",
            f"    struct {self.tag} *e = NEW(struct {self.tag});", "    CHECK_ALLOC(e);",
            f"    e->key = {self.key('i', 'salt')};", "    SLIST_INSERT_HEAD(hd, e, link);", "}"]

    def h_hash(self):
        return f"unsigned {self.t}_hash(const struct {self.htag} *hd)", [
            "unsigned h = 5u;", f"const struct {self.tag} *e;",
            "SLIST_FOREACH(e, hd, link)", "    h = MIX(h, e->key);", "return h;"]

    def h_empty(self):
        return f"void {self.t}_empty(struct {self.htag} *hd)", [
            "while (!SLIST_EMPTY(hd)) {", f"    struct {self.tag} *e = SLIST_FIRST(hd);",
            "    SLIST_REMOVE_HEAD(hd, link);", "    free(e);", "}"]

    def scenario_body(self):
        r = self.r
        if self.head == "global":
            g = f"{self.t}_g{self.nsc}"
            self.p.globals.append(f"static struct {self.htag} {g} = SLIST_HEAD_INITIALIZER({g});")
            body = [f"struct {self.htag} *hd = &{g};"]
        else:
            body = [f"struct {self.htag} head;", f"struct {self.htag} *hd = &head;",
                    "SLIST_INIT(hd);"]
        body += ["unsigned h = salt;", f"{self.use('fill')}(hd, n, salt);"]
        if r.random() < 0.5:
            body += ["if (!SLIST_EMPTY(hd))",
                     "    h = MIX(h, SLIST_FIRST(hd)->key ^ (SLIST_NEXT(SLIST_FIRST(hd), link) "
                     "!= NULL));"]
        if r.random() < 0.5:
            body.append(self.assert_(f"SLIST_EMPTY(hd) == (n == 0u)"))
        body += [f"h = MIX(h, {self.use('hash')}(hd));", f"{self.use('empty')}(hd);", "return h;"]
        return body


FAMILIES = [MList, MList, MTree, MTree, MDList, MQueue]


class MacroProgram:
    def __init__(self, seed, files=True):
        self.seed = seed
        self.r = random.Random(seed * 31 + 7)
        self.features = ["macros"]
        self.globals = []
        self.need_stdint = False
        self.need_queue = False
        r = self.r
        self.split = files and r.random() < 0.5
        self.stringize = r.random() < 0.12
        # NDEBUG per file: asserts expand to nothing in some files
        self.ndebug = {"prog.c": r.random() < 0.3, "lib.c": r.random() < 0.3}
        self.families = []

    def feature(self, name):
        if name not in self.features:
            self.features.append(name)

    def generate(self):
        r = self.r
        nfam = r.randint(2, 3)
        for i in range(nfam):
            self.families.append(r.choice(FAMILIES)(self, i))
        scenarios = []
        for fam in self.families:
            for _ in range(r.randint(1, 3)):
                scenarios.append(fam.scenario())
        r.shuffle(scenarios)
        if self.split:
            self.feature("shared-header")
            for fam in self.families:
                fam.in_lib = r.random() < 0.7
        if "assert" in self.features and (self.ndebug["prog.c"] or
                                          (self.split and self.ndebug["lib.c"])):
            self.feature("ndebug")
        helpers = [(fam, fam.helpers()) for fam in self.families]
        common = self.common_macros()
        files = {}
        if self.split:
            hdr = ["/* Shared header of gen_linked.py --macros, seed %d. */" % self.seed,
                   "#ifndef MAC_H", "#define MAC_H", ""] + self.includes() + common
            for fam, hs in helpers:
                hdr += fam.defs()
                hdr += [f"{h.sig};" for h in hs if fam.in_lib]
                hdr.append("")
            hdr += ["#endif", ""]
            files["mac.h"] = "\n".join(hdr)
            lib = [f"/* Library part of gen_linked.py --macros, seed {self.seed}. */"]
            lib += self.assert_include("lib.c") + ['#include "mac.h"', ""]
            for fam, hs in helpers:
                if fam.in_lib:
                    for h in hs:
                        lib += [h.sig, "{"] + ind(h.body) + ["}", ""]
            files["lib.c"] = "\n".join(lib)
        prog = [f"/* Generated by tests/fuzz/gen_linked.py --macros, seed {self.seed}. */",
                "/* features: FEATURES */"]
        prog += self.assert_include("prog.c")
        if self.split:
            prog += ['#include "mac.h"', ""]
        else:
            prog += self.includes() + common
        # static helpers of prog.c; under NDEBUG a helper used only in asserts would be
        # unused, so there they get external linkage
        linkage = "" if self.ndebug["prog.c"] else "static "
        for fam, hs in helpers:
            if not self.split:
                prog += fam.defs()
            if fam.in_lib:
                continue
            prog += [f"{linkage}{h.sig};" for h in hs] + [""]
        prog += self.globals + ([""] if self.globals else [])
        for fam, hs in helpers:
            if fam.in_lib:
                continue
            for h in hs:
                prog += [f"{linkage}{h.sig}", "{"] + ind(h.body) + ["}", ""]
        for name, text in scenarios:
            prog += text
        prog += self.main([n for n, _ in scenarios])
        text = "\n".join(prog) + "\n"
        text = text.replace("FEATURES", " ".join(self.features), 1)
        files = {"prog.c": text, **{k: v + "\n" if not v.endswith("\n") else v
                                    for k, v in files.items()}}
        return files

    def assert_include(self, name):
        out = []
        if self.ndebug[name] and "assert" in self.features:
            out.append("#define NDEBUG")
        return out + ["#include <assert.h>"]

    def includes(self):
        out = ["#include <stddef.h>"]
        if self.need_stdint:
            out.append("#include <stdint.h>")
        out += ["#include <stdio.h>", "#include <stdlib.h>"]
        if self.need_queue:
            out.append("#include <sys/queue.h>")
        return out + [""]

    def common_macros(self):
        out = ["#define NEW(T) ((T *)malloc(sizeof(T)))",
               "#define NEWZ(T) ((T *)calloc(1, sizeof(T)))", "#define DEL(p) free(p)",
               "#define MIX(h, v) ((((h) ^ (v)) * 16777619u) + 0x9e3779b9u)",
               "#define MAXU(a, b) ((a) > (b) ? (a) : (b))",
               "#define MINU(a, b) ((a) < (b) ? (a) : (b))"]
        out += stmt_macro("CHECK_ALLOC(p)", [
            "if ((p) == NULL) {", '    fputs("out of memory\\n", stderr);', "    exit(2);", "}"])
        out += stmt_macro("SWAPV(T, x, y)", ["T s_ = (x);", "(x) = (y);", "(y) = s_;"])
        if self.stringize:
            out.append('#define SHOWU(e) printf("%s = %u\\n", #e, (unsigned)(e))')
        return out + [""]

    def main(self, names):
        r = self.r
        out = ["int main(void)", "{", "    unsigned total = 0u, r;"]
        for name in names:
            for _ in range(r.choice([1, 1, 2])):
                n, salt = r.randint(0, 160), r.randint(0, 0xffff)
                out += [f"    r = {name}({n}u, {salt}u);",
                        f'    printf("{name}({n}) = %u\\n", r);', "    total = MIX(total, r);"]
        out += ['    printf("total %u\\n", total);', "    return 0;", "}"]
        return out


def generate_files(seed):
    """The macro-mode program for `seed` as files {name: text}: prog.c, and for about half
    of the seeds mac.h and lib.c."""
    return MacroProgram(seed).generate()


def generate(seed):
    """A single-file macro-mode program for `seed`."""
    return MacroProgram(seed, files=False).generate()["prog.c"]
