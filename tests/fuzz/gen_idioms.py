"""Idioms of the linked-structure generator (tests/fuzz/gen_linked.py): code through which
a program can observe how its nodes are represented, each of which ptrcomp must either
rewrite so that the program behaves as before or leave unchanged with a located reason.

Every idiom is a *unit*: a struct type of its own (`struct iK_<word>`, K the unit's
number), the helpers and globals it needs, and one scenario function `iK_scenario(n,
salt)` that main calls like the families' scenarios (so the scenario-level reduction of
tests/fuzz/differential.py drops whole units). The idioms (IDIOMS):

  ptr-compare      ==, != of nodes of a list and its copy or of two lists of one function,
                   and of one list passed twice to a function that compares; <, <=, >, >=
                   and differences of nodes of one calloc'd array (passed twice, too)
  ptr-arrays       arrays of node pointers: a member array, a heap array a field points
                   to, a global and a local array, grown with realloc, copied with memcpy
                   and memmove; byte counts `sizeof(T *) * n`, `n * sizeof *arr`, `n << 3`
  addr-integers    (uintptr_t)p in variables, parameters, struct fields; subtracted and
                   ordered only on nodes of one calloc'd array, `(at - start) / sizeof(T)`
                   (so the original prints indices, not addresses)
  addr-hash        a visited set keyed by `(uintptr_t)p >> 4` or bucketed `% prime`,
                   printing only how many distinct nodes it saw (which relies on malloc's
                   16-byte alignment)
  macro-text       __COUNTER__, #x and x ## y in macros that touch nodes, in a helper
                   called in two contexts; the stringized text and the counter printed
  sizeof-arith     `sizeof p->kid / sizeof p->kid[0]`, `sizeof(struct T *) * 4` as a
                   loop bound, `mem += sizeof *p` printed
  func-generic     __func__, __FUNCTION__ and _Generic (over node pointers and integers)
                   printed from helpers called with nodes of two contexts (clones)
  setjmp           a driver loop with setjmp calling pool owners that longjmp back (after
                   freeing their structure), also from a callee and through recursion
  alloc-fail       calloc(huge, sizeof(T)), malloc(huge), malloc(many * sizeof(T)) and a
                   realloc that fail; the program prints a message and goes on
  openmp-tasks     OpenMP tasks (and parallel loops) consuming a list the spawning
                   function built, or tasks that a helper creates to consume and free
                   the list it built, which may run after the helper returns (deferred
                   work outliving the owner); only in programs built with -fopenmp
                   (OPENMP_PROB)
  atexit           an atexit handler walking (and freeing) a list reached from a global
  opaque-callback  callbacks that libc functions ptrcomp has no model of call with nodes:
                   twalk (after tsearch) and dl_iterate_phdr
  line-numbers     __LINE__ printed from nodes' code (a helper called in two contexts, a
                   macro, a call spread over lines)
  link-slots       lists edited through pointers to their links (`pp = &(*pp)->next`):
                   sorted insertion, deletion, appending, a tree grown through a
                   conditional; heads in locals, globals and holders
  mixed-storage    global and local objects linked with heap nodes, which move into the
                   pool: a global root of one element, a circular list's global sentinel,
                   an array of global sentinels (one per bucket) with `sizeof a / sizeof
                   a[0]`, a local sentinel, a helper's local dummy head

A unit draws only from the random stream it is given, so the rest of a program does not
depend on which idioms it has. The same guarantees as gen_linked.py hold: deterministic
per seed, C99 without warnings at -Wall -Wextra (gcc and clang), no undefined behaviour,
everything freed (except what an atexit handler frees), output computed from contents:
never from an address, only from indices of nodes in one array and from counts of
distinct nodes. A huge allocation's result is kept in a global so that no compiler may
assume it succeeded (clang removes unused allocations as if they had).
"""

HASH_MUL = "2654435761u"

IDIOMS = ["ptr-compare", "ptr-arrays", "addr-integers", "addr-hash", "macro-text",
          "sizeof-arith", "func-generic", "setjmp", "alloc-fail", "openmp-tasks", "atexit",
          "opaque-callback", "line-numbers", "link-slots", "mixed-storage"]

WORDS = ["node", "item", "cell", "link", "elem", "rec", "ent", "obj", "blk", "unit"]
# payload members: (C type, initialiser from an unsigned expression s, hash of value v)
PAYLOAD = [("unsigned", "({s}) * 2246822519u", "{v}"),
           ("int", "(int)(({s}) % 2001u) - 1000", "(unsigned){v}"),
           ("unsigned short", "(unsigned short)(({s}) & 0xffffu)", "(unsigned){v}"),
           ("long", "(long)(({s}) % 100003u) - 50000L", "(unsigned)(unsigned long){v}"),
           ("unsigned char", "(unsigned char)(({s}) & 0xffu)", "(unsigned){v}"),
           ("double", "(double)(({s}) % 1000u) / 8.0", "(unsigned)({v} * 8.0)")]
PAYLOAD_NAMES = ["val", "wgt", "tag", "cost", "aux", "hue"]


def ind(lines, n=1):
    pad = "    " * n
    return [pad + l if l else l for l in lines]


class Unit:
    """One idiom: a struct, its helpers and globals, one scenario."""
    idiom = None
    gnu = False           # needs _GNU_SOURCE (before every #include)
    includes = ()         # extra headers
    cflags = ()           # extra compiler flags (and ptrcomp parse flags)
    has_next = True

    def __init__(self, prog, r, idx):
        self.p = prog
        self.r = r
        self.t = f"i{idx}"
        self.M = f"I{idx}"
        self.tag = f"{self.t}_{r.choice(WORDS)}"
        self.st = f"struct {self.tag}"
        self.next = r.choice(["next", "link", "nxt"])
        names = list(PAYLOAD_NAMES)
        r.shuffle(names)
        self.pf = [(names[i],) + r.choice(PAYLOAD) for i in range(r.randint(0, 2))]
        self.extra_fields = []    # declarations the subclass adds
        self.extra_init = []      # statements that initialise them in new() (uses p)
        self.used = []
        self.globals = []         # file-scope declarations, in order
        self.macros = []          # #define lines
        self.calloc_new = r.random() < 0.4
        self.features = []
        self.name = f"{self.t}_scenario"

    def feature(self, f):
        if f not in self.features:
            self.features.append(f)

    def use(self, h):
        if h not in self.used:
            self.used.append(h)
        return f"{self.t}_{h}"

    def glob(self, text):
        if text not in self.globals:
            self.globals.append(text)

    def keyexpr(self, i, s):
        return f"({i} * {HASH_MUL}) ^ {s}"

    def fields(self):
        f = ["unsigned key;"]
        if self.has_next:
            f.append(f"{self.st} *{self.next};")
        f += [f"{ct} {n};" for n, ct, _, _ in self.pf] + self.extra_fields
        self.r.shuffle(f)
        return f

    # -- common helpers -------------------------------------------------------------------
    def init_lines(self, lhs, key):
        out = [f"{lhs}key = {key};"]
        for n, _, init, _ in self.pf:
            out.append(f"{lhs}{n} = {init.format(s=lhs + 'key')};")
        return out

    def hash_lines(self, h, acc):
        out = [f"{h} = mix({h}, {acc}key);"]
        for n, _, _, hs in self.pf:
            out.append(f"{h} = mix({h}, {hs.format(v=acc + n)});")
        return out

    def h_new(self):
        if self.calloc_new:
            body = [f"{self.st} *p = calloc(1, sizeof({self.st}));"]
        else:
            body = [f"{self.st} *p = malloc(sizeof *p);"]
        body += ["if (!p) {", '    fputs("out of memory\\n", stderr);', "    exit(2);", "}"]
        body += self.init_lines("p->", "key")
        if self.has_next:
            body.append(f"p->{self.next} = NULL;")
        body += self.extra_init
        body.append("return p;")
        return f"{self.st} *{self.t}_new(unsigned key)", body

    def h_build(self):
        new = self.use("new")
        return f"{self.st} *{self.t}_build(unsigned n, unsigned salt)", [
            f"{self.st} *head = NULL;", "unsigned i;", "for (i = 0; i < n; i++) {",
            f"    {self.st} *p = {new}({self.keyexpr('i', 'salt')});",
            f"    p->{self.next} = head;", "    head = p;", "}", "return head;"]

    def h_hash(self):
        return f"unsigned {self.t}_hash(const {self.st} *p)", (
            ["unsigned h = 17u;", f"for (; p; p = p->{self.next}) {{"] +
            ind(self.hash_lines("h", "p->")) + ["}", "return h;"])

    def h_len(self):
        return f"unsigned {self.t}_len(const {self.st} *p)", [
            "unsigned c = 0u;", f"for (; p; p = p->{self.next})", "    c++;", "return c;"]

    def h_free(self):
        return f"void {self.t}_free({self.st} *p)", [
            "while (p) {", f"    {self.st} *nx = p->{self.next};", "    free(p);",
            "    p = nx;", "}"]

    def h_copy(self):
        new = self.use("new")
        body = [f"{self.st} *head = NULL, *tail = NULL;",
                f"for (; p; p = p->{self.next}) {{",
                f"    {self.st} *q = {new}(p->key);"]
        body += [f"    q->{n} = p->{n};" for n, _, _, _ in self.pf]
        body += ["    if (tail)", f"        tail->{self.next} = q;", "    else",
                 "        head = q;", "    tail = q;", "}", "return head;"]
        return f"{self.st} *{self.t}_copy(const {self.st} *p)", body

    def h_nth(self):
        return f"{self.st} *{self.t}_nth({self.st} *p, unsigned k)", [
            "while (p && k > 0u) {", f"    p = p->{self.next};", "    k--;", "}", "return p;"]

    # -- a second context for helpers that get clones --------------------------------------
    def second_context(self, call):
        """Statements (inside the scenario, where `h`, `n` and `salt` exist) that build a
        list in another context and pass it to `call` (a format with {l}): a global root
        (a global pool), a list whose bytes are read (left unchanged), or another owner
        function. Returns the statements."""
        r = self.r
        build, fr = self.use("build"), self.use("free")
        kind = r.choice(["global", "bytes", "owner"])
        self.feature("context-" + kind)
        if kind == "global":
            g = f"{self.t}_root"
            self.glob(f"static {self.st} *{g};")
            return [f"{g} = {build}(n % 7u + 2u, salt ^ 0x3cu);",
                    f"h = mix(h, {call.format(l=g)});", f"{fr}({g});", f"{g} = NULL;"]
        if kind == "bytes":
            return ["{", f"    {self.st} *b = {build}(n % 5u + 1u, salt + 9u);",
                    f"    const {self.st} *q;", f"    for (q = b; q; q = q->{self.next})",
                    f"        h = mix(h, ((const unsigned char *)q + offsetof({self.st}, "
                    f"key))[0]);",
                    f"    h = mix(h, {call.format(l='b')});", f"    {fr}(b);", "}"]
        self.helpers_extra = getattr(self, "helpers_extra", [])
        other = f"{self.t}_other"
        self.helpers_extra.append((f"unsigned {other}(unsigned n, unsigned salt)", [
            f"{self.st} *l = {build}(n % 6u + 1u, salt);",
            f"unsigned h = {call.format(l='l')};", f"{fr}(l);", "return h;"]))
        return [f"h = mix(h, {other}(n + 1u, salt ^ h));"]

    # -- rendering ----------------------------------------------------------------------------
    def scenario(self):
        """(name, text) of the scenario; call once, before render()."""
        body = self.scenario_body()
        text = "\n".join([f"static unsigned {self.name}(unsigned n, unsigned salt)", "{"] +
                         ind(body) + ["}", ""])
        return self.name, text

    def render(self):
        """The unit's macros, struct, globals, prototypes and helpers."""
        defs, protos = [], []
        done = 0
        while done < len(self.used):
            name = self.used[done]
            done += 1
            sig, body = getattr(self, "h_" + name)()
            protos.append(f"static {sig};")
            defs += [f"static {sig}", "{"] + ind(body) + ["}", ""]
        for sig, body in getattr(self, "helpers_extra", []):
            protos.append(f"static {sig};")
            defs += [f"static {sig}", "{"] + ind(body) + ["}", ""]
        out = [f"/* idiom {self.idiom} */"] + self.macros
        if self.macros:
            out.append("")
        out += [f"{self.st} {{"] + ind(self.fields()) + ["};", ""]
        out += self.globals
        if self.globals:
            out.append("")
        return "\n".join(out + protos + [""] + defs)


# ---------------------------------------------------------------------------------------------
class PtrCompare(Unit):
    idiom = "ptr-compare"

    def h_same(self):
        nx = self.next
        return f"unsigned {self.t}_same(const {self.st} *a, const {self.st} *b)", [
            "unsigned eq = 0u, ne = 0u;",
            "if (a == b)  /* one structure passed twice */", "    eq += 1000u;",
            f"for (; a && b; a = a->{nx}, b = b->{nx}) {{", "    if (a == b)", "        eq++;",
            "    if (a != b)", "        ne++;", f"    if (a->{nx} == b->{nx})",
            "        eq += 3u;", "}", "return eq * 131u + ne;"]

    def h_order(self):
        return (f"unsigned {self.t}_order(const {self.st} *base, const {self.st} *x, "
                f"const {self.st} *y)"), [
            "unsigned r = 0u;", "if (x < y)", "    r |= 1u;", "if (x <= y)", "    r |= 2u;",
            "if (x > y)", "    r |= 4u;", "if (x >= y)", "    r |= 8u;", "if (x == y)",
            "    r |= 16u;", "return r + 32u * (unsigned)(y - x) + 4096u * (unsigned)(x - base);"]

    def scenario_body(self):
        r = self.r
        nx = self.next
        build, fr, same = self.use("build"), self.use("free"), self.use("same")
        if r.random() < 0.5:
            self.feature("list-and-copy")
            second = f"{self.use('copy')}(a)"
        else:
            self.feature("two-lists")
            second = f"{build}(n % 19u + 1u, salt ^ {r.randint(1, 0xffff)}u)"
        body = [f"{self.st} *a = {build}(n % 25u + 1u, salt);", f"{self.st} *b = {second};",
                f"const {self.st} *p, *q;", "unsigned h = salt, i;"]
        arr = r.random() < 0.8
        if arr:
            body += ["unsigned m = n % 20u + 2u;", f"{self.st} *arr = calloc(m, sizeof *arr);",
                     "if (!arr)", "    exit(2);", "for (i = 0; i < m; i++) {"]
            body += ind(self.init_lines("arr[i].", self.keyexpr("i", "salt")))
            body += [f"    arr[i].{nx} = &arr[(i * {r.choice([3, 5, 7])}u + 1u) % m];", "}"]
        calls = [("a", "a"), ("a", "b"), ("b", "a"), ("b", "b")]
        r.shuffle(calls)
        for x, y in calls[:r.randint(2, 4)]:
            body.append(f"h = mix(h, {same}({x}, {y}));")
        body += ["/* nodes of two lists of one function */",
                 f"for (p = a, q = b, i = 0u; p && q; p = p->{nx}, q = q->{nx}, i++)",
                 f"    if (p == q || p->{nx} == q || (const {self.st} *)a == q)",
                 "        h = mix(h, i);"]
        if r.random() < 0.7:
            body += ["{", f"    const {self.st} *f = {self.use('nth')}(a, salt % 5u);",
                     f"    for (p = a, i = 0u; p; p = p->{nx}, i++)",
                     "        if (p == f)", "            h = mix(h, i + 77u);",
                     f"        else if (p != f && p == b)", "            h = mix(h, 5u);", "}"]
        if arr:
            order = self.use("order")
            body += [f"for (i = 0; i < m; i++)",
                     f"    h = mix(h, {order}(arr, &arr[i], arr[i].{nx}));",
                     f"h = mix(h, {order}(arr, arr + m / 2u, arr + m / 2u));",
                     "{", "    unsigned back = 0u;", "    long dist = 0;",
                     f"    const {self.st} *s = arr;", "    for (i = 0; i < 2u * m; i++) {",
                     f"        if (s->{nx} < s)", "            back++;",
                     f"        dist += s->{nx} - s;", f"        s = s->{nx};", "    }",
                     f'    printf("{self.t} back %u dist %ld\\n", back, dist);',
                     "    h = mix(h, back);", "}",
                     f"if ((const {self.st} *)arr == a || &arr[m - 1u] == b)",
                     "    h = mix(h, 1u);", "free(arr);"]
        body += [f'printf("{self.t} same %u %u\\n", {same}(a, a), {same}(a, b));',
                 f"{fr}(a);", f"{fr}(b);", "return h;"]
        return body


# ---------------------------------------------------------------------------------------------
class PtrArrays(Unit):
    idiom = "ptr-arrays"
    has_next = False

    def __init__(self, prog, r, idx):
        super().__init__(prog, r, idx)
        self.K = r.randint(2, 4)
        self.R = r.randint(3, 6)
        self.kid = r.choice(["kid", "child", "sub"])
        self.extra_fields = ["unsigned nk;", "unsigned nmore;", "unsigned cap;",
                             "unsigned mark;", f"{self.st} *{self.kid}[{self.K}];",
                             f"{self.st} **more;"]
        self.glob(f"static {self.st} *{self.t}_roots[{self.R}];")
        self.glob(f"static unsigned {self.t}_gen;")
        # `n << 3` (raw bytes: ptrcomp must leave the arrays unchanged or rescale them) in
        # some units only, so that the others may be compressed
        self.shifts = r.random() < 0.4

    def count(self, n, arr):
        """A byte count of n node pointers, spelled one of three ways."""
        c = self.r.random()
        if c < 0.35 or (c >= 0.7 and not self.shifts):
            self.feature("count-sizeof-type")
            return f"sizeof({self.st} *) * ({n})"
        if c < 0.7:
            self.feature("count-sizeof-expr")
            return f"({n}) * sizeof *{arr}"
        self.feature("count-shift")
        return f"(size_t)({n}) << 3"

    def h_new(self):
        K = self.K
        if self.calloc_new:
            body = [f"{self.st} *p = calloc(1, sizeof *p);", "if (!p)", "    exit(2);"]
        else:
            body = [f"{self.st} *p = malloc(sizeof({self.st}));"]
            if self.r.random() < 0.5:
                body += ["unsigned j;", "if (!p)", "    exit(2);", f"for (j = 0; j < {K}u; j++)",
                         f"    p->{self.kid}[j] = NULL;"]
            else:
                body += ["if (!p)", "    exit(2);",
                         f"memset(p->{self.kid}, 0, sizeof p->{self.kid});"]
            body += ["p->more = NULL;", "p->nk = p->nmore = p->cap = p->mark = 0u;"]
        body += self.init_lines("p->", "key") + ["return p;"]
        return f"{self.st} *{self.t}_new(unsigned key)", body

    def h_add(self):
        return f"void {self.t}_add({self.st} *p, {self.st} *c)", [
            f"if (p->nk < {self.K}u) {{", f"    p->{self.kid}[p->nk++] = c;", "    return;", "}",
            "if (p->nmore == p->cap) {", "    unsigned cap = p->cap ? p->cap * 2u : 2u;",
            f"    {self.st} **m = realloc(p->more, {self.count('cap', 'm')});",
            "    if (!m)", "        exit(2);", "    p->more = m;", "    p->cap = cap;", "}",
            "p->more[p->nmore++] = c;"]

    def h_drop(self):
        return f"void {self.t}_drop({self.st} *p)", [
            "if (p->nmore > 0u) {",
            f"    memmove(p->more, p->more + 1, {self.count('p->nmore - 1u', 'p->more')});",
            "    p->nmore--;", "}"]

    def h_hash(self):
        kid = self.kid
        if self.r.random() < 0.5:
            self.feature("local-stack-array")
            stack = [f"{self.st} *stack[64];", "(void)total;"]
            cap = "sizeof stack / sizeof stack[0]"
            done = []
        else:
            self.feature("heap-stack-array")
            stack = [f"{self.st} **stack = malloc({self.count('total + 1u', 'stack')});",
                     "if (!stack)", "    exit(2);"]
            cap = "total + 1u"
            done = ["free(stack);"]
        body = ["unsigned sp = 0u, h = 17u, j;", f"unsigned gen = ++{self.t}_gen;"] + stack + [
            "if (root) {", "    root->mark = gen;", "    stack[sp++] = root;", "}",
            "while (sp > 0u) {", f"    {self.st} *p = stack[--sp];"]
        body += ind(self.hash_lines("h", "p->"))
        body += ["    for (j = 0; j < p->nk + p->nmore; j++) {",
                 f"        {self.st} *c = j < p->nk ? p->{kid}[j] : p->more[j - p->nk];",
                 f"        if (c->mark != gen && sp < {cap}) {{",
                 "            c->mark = gen;", "            stack[sp++] = c;", "        }",
                 "    }", "}"] + done + ["return h;"]
        return f"unsigned {self.t}_hash({self.st} *root, unsigned total)", body

    def scenario_body(self):
        r = self.r
        K, kid, roots = self.K, self.kid, f"{self.t}_roots"
        new, add = self.use("new"), self.use("add")
        body = ["unsigned cnt = n % 40u + 2u, i;",
                f"{self.st} **all = malloc({self.count('cnt', 'all')});",
                "unsigned h = salt;", "if (!all)", "    exit(2);",
                "for (i = 0; i < cnt; i++) {",
                f"    all[i] = {new}({self.keyexpr('i', 'salt')});",
                "    if (i > 0u)", f"        {add}(all[(i * 7u + salt) % i], all[i]);",
                "    if (i > 2u && i % 4u == 0u)",
                f"        {add}(all[(i + salt) % (i - 1u)], all[i]);", "}"]
        # the global and the local array (which make the nodes mix with non-heap
        # objects for ptrcomp) only in some units, so that others may be compressed
        self.use_roots = r.random() < 0.5
        if self.use_roots:
            self.feature("global-pointer-array")
            body += ["/* a global array of node pointers */",
                     f"nr = cnt < {self.R}u ? cnt : {self.R}u;",
                     f"memcpy({roots}, all, {self.count('nr', roots)});",
                     "for (i = 0; i < nr; i++)",
                     f"    h = mix(h, {roots}[i]->key ^ {roots}[i]->nk);"]
        if r.random() < 0.5:
            self.feature("local-pointer-array")
            body += ["/* a member array copied to a local array */",
                     f"memcpy(local, all[0]->{kid}, sizeof local);",
                     "for (j = 0; j < all[0]->nk; j++)", "    h = mix(h, local[j]->key);"]
        if r.random() < 0.5:
            body += ["/* one node's member array copied into another's */",
                     "if (cnt > 3u) {",
                     f"    memcpy(all[cnt - 1u]->{kid}, all[1]->{kid}, "
                     f"sizeof all[1]->{kid});",
                     "    all[cnt - 1u]->nk = all[1]->nk;", "}"]
        if r.random() < 0.7:
            body += ["for (i = 0; i < cnt; i++)", "    if (all[i]->nmore > 1u && (h & 1u))",
                     f"        {self.use('drop')}(all[i]);"]
        if r.random() < 0.6:
            extra = r.randint(1, 9)
            body += ["/* the local heap array resized */", "{",
                     f"    {self.st} **grown = realloc(all, "
                     f"{self.count(f'cnt + {extra}u', 'grown')});", "    if (!grown)",
                     "        exit(2);", "    all = grown;",
                     f"    for (i = cnt; i < cnt + {extra}u; i++) {{",
                     f"        all[i] = {new}(i ^ h);",
                     f"        {add}(all[(i * 3u) % i], all[i]);", "    }",
                     f"    cnt += {extra}u;", "}"]
        if r.random() < 0.5:
            body += ["/* a heap copy of the array */", "{",
                     f"    {self.st} **dup = malloc({self.count('cnt', 'dup')});",
                     "    if (!dup)", "        exit(2);",
                     f"    memcpy(dup, all, {self.count('cnt', 'dup')});",
                     "    for (i = 0; i < cnt; i++)",
                     "        if (dup[i] != all[i])", "            h = mix(h, i);",
                     "    h = mix(h, dup[cnt / 2u]->key);", "    free(dup);", "}"]
        if self.use_roots:
            body += [f"memmove({roots}, {roots} + 1, {self.count('nr - 1u', roots)});",
                     f"h = mix(h, {roots}[0]->key);"]
        body += [f"h = mix(h, {self.use('hash')}(all[0], cnt));",
                 f'printf("{self.t} nodes %u hash %u\\n", cnt, h);',
                 "for (i = 0; i < cnt; i++) {", "    free(all[i]->more);", "    free(all[i]);",
                 "}", "free(all);"]
        if self.use_roots and r.random() < 0.5:
            body.append(f"memset({roots}, 0, sizeof {roots});")
        elif self.use_roots:
            body += [f"for (i = 0; i < {self.R}u; i++)", f"    {roots}[i] = NULL;"]
        body.append("return h;")
        decls = ["unsigned j;"] * ("local[j]" in "\n".join(body)) + \
            ["unsigned nr;"] * self.use_roots + \
            [f"{self.st} *local[{K}];"] * ("local[j]" in "\n".join(body))
        if not self.use_roots:
            self.globals.remove(f"static {self.st} *{roots}[{self.R}];")
        return body[:2] + decls + body[2:]


# ---------------------------------------------------------------------------------------------
class AddrInts(Unit):
    idiom = "addr-integers"

    def __init__(self, prog, r, idx):
        super().__init__(prog, r, idx)
        self.self_field = r.random() < 0.6
        if self.self_field:
            self.extra_fields = ["uintptr_t self;"]
            self.extra_init = ["p->self = (uintptr_t)p;"]

    def h_index(self):
        return f"unsigned {self.t}_index(uintptr_t start, uintptr_t at)", [
            f"return (unsigned)((at - start) / sizeof({self.st}));"]

    def h_before(self):
        return f"int {self.t}_before(uintptr_t x, uintptr_t y)", ["return x < y;"]

    def scenario_body(self):
        r = self.r
        nx = self.next
        index = self.use("index")
        before = (lambda x, y: f"{self.use('before')}({x}, {y})") if r.random() < 0.5 else \
            (lambda x, y: f"{x} < {y}")
        body = ["unsigned m = n % 30u + 2u, i, up = 0u, same = 0u;",
                f"{self.st} *a = calloc(m, sizeof *a);", f"{self.st} *p;",
                "uintptr_t start, prev;", f"struct {self.t}_mark {{", "    uintptr_t at;",
                "    unsigned key;", "} mk[4];", "unsigned h = salt;", "if (!a)", "    exit(2);",
                "start = (uintptr_t)a;", "for (i = 0; i < m; i++) {"]
        body += ind(self.init_lines("a[i].", self.keyexpr("i", "salt")))
        body.append(f"    a[i].{nx} = &a[(i * {r.choice([3, 5, 7, 11])}u + 1u) % m];")
        if self.self_field:
            body.append("    a[i].self = (uintptr_t)&a[i];")
        body += ["}", "memset(mk, 0, sizeof mk);", "p = a;", "prev = start;",
                 "for (i = 0; i < 3u * m; i++) {", "    uintptr_t at = (uintptr_t)p;",
                 f"    h = mix(h, {index}(start, at));", f"    if ({before('at', 'prev')})",
                 "        up++;"]
        if self.self_field:
            body += ["    if (at == p->self)", "        same++;"]
        body += ["    mk[i % 4u].at = at;", "    mk[i % 4u].key = p->key;", "    prev = at;",
                 f"    p = p->{nx};", "}", "for (i = 0; i < 4u; i++)", "    if (mk[i].at != 0u)",
                 "        h = mix(h, (unsigned)((mk[i].at - start) / sizeof *a) ^ mk[i].key);",
                 f'printf("{self.t} last %u up %u same %u\\n", '
                 f"{index}(start, (uintptr_t)&a[m - 1u]), up, same);"]
        if self.self_field and r.random() < 0.25:
            self.feature("int-to-pointer")
            body += ["/* an address integer back to a node */",
                     f"p = ({self.st} *)a[salt % m].self;", "h = mix(h, p->key);"]
        if r.random() < 0.5:
            self.feature("address-equality")
            build, fr = self.use("build"), self.use("free")
            body += ["/* addresses of separately allocated nodes: equality only */", "{",
                     f"    {self.st} *l = {build}(n % 11u + 1u, salt);",
                     f"    uintptr_t want = (uintptr_t){self.use('nth')}(l, salt % 7u);",
                     f"    const {self.st} *q;", "    unsigned pos = 0u, found = 99u;",
                     f"    for (q = l; q; q = q->{nx}, pos++)",
                     "        if ((uintptr_t)q == want)", "            found = pos;",
                     "    h = mix(h, found);", f"    {fr}(l);", "}"]
        body += ["free(a);", "return h;"]
        return body


# ---------------------------------------------------------------------------------------------
class AddrHash(Unit):
    idiom = "addr-hash"

    def __init__(self, prog, r, idx):
        super().__init__(prog, r, idx)
        self.extra_fields = [f"{self.st} *jump;"]
        self.extra_init = ["p->jump = NULL;"]
        self.style = r.choice(["shift-prime", "shift-mask", "prime"])

    def h_push(self):
        return f"{self.st} *{self.t}_push({self.st} *head, unsigned key)", [
            f"{self.st} *p = {self.use('new')}(key);", f"p->{self.next} = head;",
            "if (head && key % 3u == 0u)", f"    p->jump = head->{self.next};", "return p;"]

    def h_distinct(self):
        self.feature("key-" + self.style)
        if self.style == "shift-prime":
            key, bucket = "(uintptr_t)p >> 4", "(unsigned)(k % 509u)"
        elif self.style == "shift-mask":
            key, bucket = "(uintptr_t)p >> 4", "(unsigned)(k & 511u)"
        else:
            key, bucket = "(uintptr_t)p", "(unsigned)(k % 503u)"
        return f"unsigned {self.t}_distinct(const {self.st} *p, unsigned steps, unsigned *sum)", [
            "uintptr_t seen[512];", "unsigned i, cnt = 0u;", "memset(seen, 0, sizeof seen);",
            "for (; p && steps > 0u; steps--) {", f"    uintptr_t k = {key};",
            f"    i = {bucket};", "    while (seen[i] != 0u && seen[i] != k)",
            "        i = (i + 1u) % 512u;", "    if (seen[i] == 0u) {", "        seen[i] = k;",
            "        cnt++;", "        *sum = mix(*sum, p->key);", "    }",
            f"    p = (p->key & 1u) && p->jump ? p->jump : p->{self.next};", "}", "return cnt;"]

    def scenario_body(self):
        r = self.r
        push, dist = self.use("push"), self.use("distinct")
        body = [f"{self.st} *l = NULL;", "unsigned i, cnt = n % 200u + 1u, sum = 0u, d;",
                "unsigned h = salt;", "for (i = 0; i < cnt; i++)",
                f"    l = {push}(l, {self.keyexpr('i', 'salt')});",
                f"d = {dist}(l, 3u * cnt, &sum);",
                f'printf("{self.t} distinct %u of %u\\n", d, {self.use("len")}(l));',
                "h = mix(mix(h, d), sum);"]
        if r.random() < 0.6:
            self.feature("array-ring")
            body += ["/* nodes of one array in a ring */", "{",
                     "    unsigned m = n % 60u + 1u;",
                     f"    {self.st} *a = calloc(m, sizeof *a);", "    if (!a)", "        exit(2);",
                     "    for (i = 0; i < m; i++) {", "        a[i].key = i * 2u;",
                     f"        a[i].{self.next} = &a[(i + 1u) % m];", "    }",
                     f"    d = {dist}(a, 2u * m, &sum);",
                     f'    printf("{self.t} ring %u of %u\\n", d, m);', "    h = mix(h, d);",
                     "    free(a);", "}"]
        body += [f"{self.use('free')}(l);", "return h;"]
        return body


# ---------------------------------------------------------------------------------------------
class MacroText(Unit):
    idiom = "macro-text"

    def __init__(self, prog, r, idx):
        super().__init__(prog, r, idx)
        M, t, nx = self.M, self.t, self.next
        cut = r.randint(1, len(nx) - 1)
        self.nx_a, self.nx_b = nx[:cut], nx[cut:]
        self.macros = [
            f"#define {M}_STR(x) #x",
            f'#define {M}_SHOW(p, f) printf("%s = %u [%d]\\n", #p "->" #f, '
            f"(unsigned)(p)->f, __COUNTER__)",
            f"#define {M}_GET(p, a, b) ((p)->a##b)",
            f"#define {M}_FN(op) {t}_##op",
            f'#define {M}_TAG(x) printf("tag %d: %s\\n", __COUNTER__, #x)']

    def h_dump(self):
        M = self.M
        return f"unsigned {self.t}_dump(const {self.st} *p, unsigned lim)", [
            "unsigned h = 0u;", "for (; p && lim > 0u; lim--) {", f"    {M}_SHOW(p, key);",
            f"    h = mix(h, {M}_GET(p, ke, y));",
            f"    p = {M}_GET(p, {self.nx_a}, {self.nx_b});", "}",
            'printf("counter %d\\n", __COUNTER__);', "return h;"]

    def scenario_body(self):
        r = self.r
        M = self.M
        self.use("build"), self.use("free")
        dump = self.use("dump")
        body = [f"{self.st} *a = {M}_FN(build)(n % 9u + 1u, salt);", "unsigned h = salt;",
                f"h = mix(h, {dump}(a, 3u));", f"{M}_TAG(a->{self.next}->key);",
                f"{M}_SHOW(a, key);",
                f'printf("%s %d\\n", {M}_STR(a->key + 1), __COUNTER__);']
        if r.random() < 0.5:
            body += [f"if (a->{self.next})", f"    {M}_SHOW(a->{self.next}, key);"]
        body += self.second_context(f"{dump}({{l}}, 2u)")
        body += [f"{M}_FN(free)(a);", "return h;"]
        return body


# ---------------------------------------------------------------------------------------------
class SizeofArith(Unit):
    idiom = "sizeof-arith"

    def __init__(self, prog, r, idx):
        super().__init__(prog, r, idx)
        self.K = r.randint(2, 5)
        self.kid = r.choice(["kid", "peer", "sub"])
        self.extra_fields = [f"{self.st} *{self.kid}[{self.K}];"]
        kid = self.kid
        self.extra_init = [f"for (k = 0; k < sizeof p->{kid} / sizeof p->{kid}[0]; k++)",
                           f"    p->{kid}[k] = NULL;", f"{self.t}_mem += sizeof *p;"]
        self.glob(f"static size_t {self.t}_mem;")

    def h_new(self):
        sig, body = super().h_new()
        return sig, ["size_t k;"] + body

    def scenario_body(self):
        r = self.r
        kid, nx = self.kid, self.next
        new, fr, hsh = self.use("new"), self.use("free"), self.use("hash")
        body = [f"{self.st} *l = NULL, *p;", f"{self.st} *stack[{r.randint(6, 16)}];",
                "size_t mem = 0, b;",
                "unsigned i, iters = 0u, sp = 0u, cnt = n % 30u + 1u, h = salt;",
                "unsigned cap = (unsigned)(sizeof stack / sizeof stack[0]);",
                "for (i = 0; i < cnt; i++) {", f"    p = {new}({self.keyexpr('i', 'salt')});",
                "    mem += sizeof *p;", f"    p->{nx} = l;", "    if (l)",
                f"        p->{kid}[i % (sizeof p->{kid} / sizeof *p->{kid})] = l;", "    l = p;",
                "}"]
        if r.random() < 0.5:
            body += [f"for (b = 0; b < sizeof({self.st} *) * 4; b++)", "    iters++;"]
        else:
            body += [f"for (b = 0; b < sizeof({self.st} *) * 4; b += sizeof({self.st} *))",
                     "    iters++;"]
        body += [f"for (p = l; p && sp < cap; p = p->{nx})", "    stack[sp++] = p;",
                 "while (sp > 0u) {", "    p = stack[--sp];", "    h = mix(h, p->key);",
                 f"    for (i = 0; i < sizeof p->{kid} / sizeof p->{kid}[0]; i++)",
                 f"        if (p->{kid}[i])", f"            h = mix(h, p->{kid}[i]->key + i);",
                 "}",
                 f'printf("{self.t} mem %lu %lu iters %u kids %u\\n", (unsigned long)mem, '
                 f"(unsigned long){self.t}_mem, iters, "
                 f"(unsigned)(sizeof l->{kid} / sizeof l->{kid}[0]));"]
        if r.random() < 0.3:
            self.feature("sizeof-printed")
            body.append(f'printf("{self.t} bytes %u %u\\n", (unsigned)sizeof l->{kid}, '
                        f"(unsigned)sizeof({self.st}));")
        body += [f"h = mix(h, {hsh}(l));", f"{fr}(l);", "return h;"]
        return body


# ---------------------------------------------------------------------------------------------
class FuncGeneric(Unit):
    idiom = "func-generic"

    def h_show(self):
        st, nx = self.st, self.next
        return f"unsigned {self.t}_show(const {st} *p, unsigned tag)", [
            "unsigned h = tag;",
            'printf("%s %s %d %d %d %d\\n", __func__, __FUNCTION__,',
            f"       _Generic(p, const {st} *: 1, {st} *: 2, default: 3),",
            "       _Generic(p->key, unsigned: 4, int: 5, default: 6),",
            f"       _Generic(p->{nx}, {st} *: 7, const {st} *: 8, default: 9),",
            "       _Generic(p - p, long: 10, int: 11, unsigned: 12, default: 13));",
            f"for (; p; p = p->{nx})", "    h = mix(h, p->key);", "return h;"]

    def h_kind(self):
        return f"const char *{self.t}_kind({self.st} *p, unsigned v)", [
            "(void)p;",
            f'return v ? _Generic(p, {self.st} *: "node", default: "other") :',
            '    _Generic(v, unsigned: "unsigned", int: "int", default: "other");']

    def scenario_body(self):
        r = self.r
        build, fr = self.use("build"), self.use("free")
        show = self.use("show")
        body = [f"{self.st} *a = {build}(n % 8u + 1u, salt);", "unsigned h = salt;",
                f"h = mix(h, {show}(a, 1u));"]
        if r.random() < 0.6:
            kind = self.use("kind")
            body.append(f'printf("%s %s %s\\n", __func__, {kind}(a, 1u), {kind}(a, 0u));')
        body += self.second_context(f"{show}({{l}}, 2u)")
        body += [f"{fr}(a);", "return h;"]
        return body


# ---------------------------------------------------------------------------------------------
class SetJmp(Unit):
    idiom = "setjmp"
    includes = ("setjmp.h",)

    def __init__(self, prog, r, idx):
        super().__init__(prog, r, idx)
        self.glob(f"static jmp_buf {self.t}_env;")
        self.glob(f"static unsigned {self.t}_code;")
        self.mod = r.randint(2, 4)
        self.callee = r.random() < 0.5
        self.keep = r.random() < 0.4

    def h_check(self):
        return f"void {self.t}_check({self.st} *l, unsigned h)", [
            f"if (h % {self.mod + 1}u == 1u) {{",
            "    /* jumps from a callee of the owner: the list is freed first */",
            f"    {self.use('free')}(l);", f"    {self.t}_code = h % 997u + 2000u;",
            f"    longjmp({self.t}_env, 2);", "}"]

    def h_work(self):
        build, fr, hsh = self.use("build"), self.use("free"), self.use("hash")
        sig_keep = f", const {self.st} *keep" if self.keep else ""
        body = [f"{self.st} *l = {build}(n % 13u + 1u, salt);", f"unsigned h = {hsh}(l);"]
        if self.keep:
            body.append(f"h = mix(h, {hsh}(keep));")
        body += [f"if (h % {self.mod}u == 0u) {{", "    /* the list is freed before the jump */",
                 f"    {fr}(l);", f"    {self.t}_code = h % 1000u + 1u;",
                 f"    longjmp({self.t}_env, 1);", "}"]
        if self.callee:
            body.append(f"{self.use('check')}(l, h);")
        body += [f"{fr}(l);", "if (depth > 0u)",
                 f"    h = mix(h, {self.t}_work(n + 3u, salt ^ h, depth - 1u"
                 f"{', keep' if self.keep else ''}));", "return h;"]
        # noinline: gcc's -Wclobbered would see the callee's locals in the function that
        # calls setjmp
        return (f"__attribute__((noinline)) unsigned {self.t}_work(unsigned n, unsigned salt, "
                f"unsigned depth{sig_keep})"), body

    def h_try(self):
        keep = ", keep" if self.keep else ""
        sig_keep = f", const {self.st} *keep" if self.keep else ""
        return f"unsigned {self.t}_try(unsigned n, unsigned salt{sig_keep})", [
            f"if (setjmp({self.t}_env) != 0)", f"    return 1000u + {self.t}_code;",
            f"return {self.use('work')}(n, salt, 2u{keep});"]

    def h_drive(self):
        """The driver loop with setjmp (a function of its own: gcc inlines no function
        that calls setjmp, so no other code shares its frame)."""
        keep = ", keep" if self.keep else ""
        sig_keep = f", const {self.st} *keep" if self.keep else ""
        return f"unsigned {self.t}_drive(unsigned n, unsigned salt{sig_keep})", [
            "volatile unsigned h = salt, i, jumps = 0u;",
            f"for (i = 0u; i < {self.rounds}u; i++) {{",
            f"    if (setjmp({self.t}_env) == 0) {{",
            f"        h = mix(h, {self.use('work')}(n + i, salt + i, 2u{keep}));",
            "    } else {", f"        h = mix(h, 1000u + {self.t}_code);", "        jumps++;",
            "    }", "}", f'printf("{self.t} jumps %u\\n", jumps);', "return h;"]

    def scenario_body(self):
        r = self.r
        self.rounds = r.randint(3, 8)
        keep = ", keep" if self.keep else ""
        body = []
        if self.keep:
            self.feature("owner-across-setjmp")
            body.append(f"{self.st} *keep = {self.use('build')}(n % 5u + 1u, salt);")
        body.append("unsigned h;")
        if r.random() < 0.5:
            self.feature("setjmp-in-loop")
            body.append(f"h = {self.use('drive')}(n, salt{keep});")
        else:
            self.feature("setjmp-in-callee")
            tr = self.use("try")
            body += ["unsigned i, jumps = 0u;", "h = salt;",
                     f"for (i = 0u; i < {self.rounds}u; i++) {{",
                     f"    unsigned v = {tr}(n + i, salt + i{keep});", "    if (v >= 1000u)",
                     "        jumps++;", "    h = mix(h, v);", "}",
                     f'printf("{self.t} jumps %u\\n", jumps);']
        if self.keep:
            body.append(f"{self.use('free')}(keep);")
        body.append("return h;")
        return body


# ---------------------------------------------------------------------------------------------
class AllocFail(Unit):
    idiom = "alloc-fail"

    def __init__(self, prog, r, idx):
        super().__init__(prog, r, idx)
        # the results go to a global: clang may remove an allocation whose pointer stays
        # local, as if it had succeeded
        self.glob(f"static {self.st} *{self.t}_spare;")

    def scenario_body(self):
        r = self.r
        t, st = self.t, self.st
        build, fr, hsh = self.use("build"), self.use("free"), self.use("hash")
        body = [f"{st} *l = {build}(n % 20u + 1u, salt);", "unsigned h = salt, fails = 0u;"]
        forms = [f"calloc({t}_huge, sizeof({st}))", f"calloc({t}_huge, sizeof *{t}_spare)",
                 f"malloc({t}_huge)", f"malloc({t}_many * sizeof({st}))",
                 f"calloc({t}_many, sizeof *{t}_spare)"]
        r.shuffle(forms)
        for i, f in enumerate(forms[:r.randint(1, 3)]):
            self.feature("fail-" + f.split("(")[0])
            body += [f"{t}_spare = {f};", f"if (!{t}_spare) {{",
                     f'    printf("{t}: allocation {i} failed, going on\\n");', "    fails++;",
                     "} else {", f"    {t}_spare->key = 1u;", f"    h = mix(h, {t}_spare->key);",
                     f"    free({t}_spare);", "}", f"{t}_spare = NULL;"]
        if r.random() < 0.5:
            self.feature("fail-realloc")
            self.glob(f"static {st} *{t}_grown;")
            body += ["/* a realloc that fails keeps the block */",
                     f"{t}_spare = calloc(4, sizeof *{t}_spare);", f"if (!{t}_spare)",
                     "    exit(2);", f"{t}_spare[3].key = 33u;",
                     f"{t}_grown = realloc({t}_spare, {t}_many * sizeof *{t}_spare);",
                     f"if (!{t}_grown) {{",
                     f'    printf("{t}: realloc failed, kept %u\\n", {t}_spare[3].key);',
                     "    fails++;", f"    free({t}_spare);", "} else {",
                     f"    free({t}_grown);", "}", f"{t}_spare = NULL;", f"{t}_grown = NULL;"]
        if r.random() < 0.5:
            self.feature("fail-in-loop")
            body += ["/* allocations keep working after failures */", "{",
                     "    unsigned i;", "    for (i = 0; i < 3u; i++) {",
                     f"        {st} *q = {self.use('new')}(i + fails);",
                     f"        q->{self.next} = l;", "        l = q;", "    }", "}"]
        body += [f'printf("{t} fails %u\\n", fails);', f"h = mix(h, {hsh}(l));", f"{fr}(l);",
                 "return h;"]
        # volatile: no compiler knows the sizes (gcc would warn about them)
        text = "\n".join(body)
        if f"{t}_huge" in text:
            self.glob(f"static volatile size_t {t}_huge = (size_t)1 << 62;")
        if f"{t}_many" in text:
            self.glob(f"static volatile size_t {t}_many = (size_t)1 << 56;")
        return body


# ---------------------------------------------------------------------------------------------
class OmpTasks(Unit):
    idiom = "openmp-tasks"
    cflags = ("-fopenmp",)

    def h_consume(self):
        body = ["unsigned h = salt, r;", "for (r = 0; r < 3u; r++) {"]
        body += ind(self.hash_lines("h", "p->"))
        body += ["}", "return h;"]
        return f"unsigned {self.t}_consume(const {self.st} *p, unsigned salt)", body

    def h_spawn(self):
        """Builds a list and hands it to a task that consumes and frees it: the task may
        run after this function (the list's only owner in the program) has returned."""
        return f"void {self.t}_spawn(unsigned n, unsigned salt, unsigned *out)", [
            f"{self.st} *l = {self.use('build')}(n % 40u + 1u, salt);",
            "#pragma omp task firstprivate(l, salt, out)", "{",
            f"    *out = {self.use('consume')}(l, salt);", f"    {self.use('free')}(l);", "}"]

    def scenario_body(self):
        r = self.r
        nx = self.next
        build, fr, consume = self.use("build"), self.use("free"), self.use("consume")
        body = [f"{self.st} *l = {build}(n % 40u + 1u, salt);", "unsigned res[64];",
                "unsigned h = salt, i, cnt;", f"const {self.st} *p;",
                "memset(res, 0, sizeof res);"]
        style = r.choice(["task", "task", "taskloop", "for", "deferred"])
        self.feature("omp-" + style)
        if style == "deferred":
            body += ["#pragma omp parallel num_threads(2)", "#pragma omp single", "{",
                     f"    for (i = 0u; i < {r.randint(2, 12)}u; i++)",
                     f"        {self.use('spawn')}(n + i, salt ^ i, &res[i]);", "}",
                     "cnt = i;", "(void)p;"]
        elif style == "task":
            body += ["#pragma omp parallel num_threads(2)", "#pragma omp single", "{",
                     f"    for (p = l, i = 0u; p && i < 64u; p = p->{nx}, i++) {{",
                     "#pragma omp task firstprivate(p, i) shared(res)",
                     f"        res[i] = {consume}(p, salt);", "    }",
                     "#pragma omp taskwait", "}",
                     f"cnt = {self.use('len')}(l);"]
        else:
            body += [f"const {self.st} *arr[64];", "unsigned k;",
                     f"for (p = l, cnt = 0u; p && cnt < 64u; p = p->{nx})", "    arr[cnt++] = p;"]
            if style == "taskloop":
                body += ["#pragma omp parallel num_threads(2)", "#pragma omp single",
                         "#pragma omp taskloop shared(res, arr)",
                         "for (k = 0; k < cnt; k++)",
                         f"    res[k] = {consume}(arr[k], salt);"]
            else:
                body += ["#pragma omp parallel for num_threads(2) shared(res, arr)",
                         "for (k = 0; k < cnt; k++)",
                         f"    res[k] = {consume}(arr[k], salt);"]
        if r.random() < 0.5:
            self.feature("omp-reduction")
            body += ["{", "    unsigned total = 0u;", "    int k2;",
                     "#pragma omp parallel for num_threads(2) reduction(+:total)",
                     "    for (k2 = 0; k2 < 64; k2++)", "        total += res[k2];",
                     f'    printf("{self.t} total %u\\n", total);', "}"]
        body += ["for (i = 0; i < cnt && i < 64u; i++)", "    h = mix(h, res[i]);",
                 f"{fr}(l);", "return h;"]
        return body


# ---------------------------------------------------------------------------------------------
class AtExit(Unit):
    idiom = "atexit"

    def __init__(self, prog, r, idx):
        super().__init__(prog, r, idx)
        t = self.t
        self.in_struct = r.random() < 0.5
        if self.in_struct:
            self.glob(f"static struct {t}_registry {{\n    {self.st} *head;\n"
                      f"    unsigned added;\n}} {t}_reg;")
            self.root = f"{t}_reg.head"
        else:
            self.glob(f"static {self.st} *{t}_root;")
            self.root = f"{t}_root"
        self.glob(f"static unsigned {t}_registered;")

    def h_at_exit(self):
        root = self.root
        return f"void {self.t}_at_exit(void)", [
            f'printf("{self.t} at exit: %u nodes, hash %u\\n", {self.use("len")}({root}), '
            f"{self.use('hash')}({root}));", f"{self.use('free')}({root});", f"{root} = NULL;"]

    def scenario_body(self):
        r = self.r
        t, root, nx = self.t, self.root, self.next
        at_exit = self.use("at_exit")
        body = ["unsigned h = salt, i;", f"if (!{t}_registered) {{", f"    {t}_registered = 1u;",
                f"    if (atexit({at_exit}) != 0)", "        exit(2);", "}",
                f"for (i = 0; i < n % 9u + 1u; i++) {{",
                f"    {self.st} *p = {self.use('new')}({self.keyexpr('i', 'salt')});",
                f"    p->{nx} = {root};", f"    {root} = p;"]
        if self.in_struct:
            body.append(f"    {t}_reg.added++;")
        body.append("}")
        if r.random() < 0.5:
            body += ["/* drop a few, the handler frees the rest */",
                     f"while ({root} && ({root}->key & 3u) == 0u) {{",
                     f"    {self.st} *d = {root};", f"    {root} = d->{nx};", "    free(d);", "}"]
        body += [f"h = mix(h, {self.use('hash')}({root}));", "return h;"]
        return body


# ---------------------------------------------------------------------------------------------
class OpaqueCallback(Unit):
    idiom = "opaque-callback"
    gnu = True

    def __init__(self, prog, r, idx):
        super().__init__(prog, r, idx)
        self.kind = r.choice(["twalk", "phdr", "both"])
        inc = []
        if self.kind in ("twalk", "both"):
            inc.append("search.h")
            self.glob(f"static unsigned {self.t}_acc;")
        if self.kind in ("phdr", "both"):
            inc.append("link.h")
            self.glob(f"struct {self.t}_ctx {{\n    const {self.st} *head;\n    unsigned h;\n"
                      f"    unsigned calls;\n}};")
        self.includes = tuple(inc)

    def h_cmp(self):
        return f"int {self.t}_cmp(const void *a, const void *b)", [
            f"const {self.st} *x = a, *y = b;", "if (x->key != y->key)",
            "    return x->key < y->key ? -1 : 1;", "return 0;"]

    def h_action(self):
        return f"void {self.t}_action(const void *nodep, VISIT which, int depth)", [
            f"const {self.st} *p = *(const {self.st} *const *)nodep;",
            "if (which == postorder || which == leaf)",
            f"    {self.t}_acc = mix({self.t}_acc, p->key + (unsigned)depth);"]

    def h_nofree(self):
        return f"void {self.t}_nofree(void *p)", ["(void)p;"]

    def h_phdr(self):
        return f"int {self.t}_phdr(struct dl_phdr_info *info, size_t size, void *data)", [
            f"struct {self.t}_ctx *c = data;", f"const {self.st} *p;", "(void)info;",
            "(void)size;", "c->calls++;", f"for (p = c->head; p; p = p->{self.next})",
            "    c->h = mix(c->h, p->key);", "return 1;  /* only the first object */"]

    def scenario_body(self):
        nx = self.next
        build, fr = self.use("build"), self.use("free")
        body = [f"{self.st} *l = {build}(n % 30u + 1u, salt);", "unsigned h = salt;"]
        if self.kind in ("twalk", "both"):
            self.feature("twalk")
            body += ["{", "    void *root = NULL;", f"    {self.st} *p;",
                     f"    for (p = l; p; p = p->{nx})",
                     f"        if (!tsearch(p, &root, {self.use('cmp')}))", "            exit(2);",
                     f"    {self.t}_acc = salt;", f"    twalk(root, {self.use('action')});",
                     f"    h = mix(h, {self.t}_acc);",
                     f"    tdestroy(root, {self.use('nofree')});", "}"]
        if self.kind in ("phdr", "both"):
            self.feature("dl_iterate_phdr")
            body += ["{", f"    struct {self.t}_ctx c;", "    c.head = l;", "    c.h = salt;",
                     "    c.calls = 0u;", f"    dl_iterate_phdr({self.use('phdr')}, &c);",
                     f'    printf("{self.t} phdr %u %u\\n", c.calls, c.h);',
                     "    h = mix(h, c.h);", "}"]
        body += [f"{fr}(l);", "return h;"]
        return body


# ---------------------------------------------------------------------------------------------
class LineNumbers(Unit):
    idiom = "line-numbers"

    def __init__(self, prog, r, idx):
        super().__init__(prog, r, idx)
        self.macros = [f'#define {self.M}_WHERE(p) printf("line %d: %u\\n", __LINE__, '
                       f"(p)->key)"]

    def h_trace(self):
        return f"unsigned {self.t}_trace(const {self.st} *p, unsigned lim)", [
            "unsigned h = 0u;", f'printf("{self.t} trace at line %d\\n", __LINE__);',
            f"for (; p && lim > 0u; p = p->{self.next}, lim--) {{", f"    {self.M}_WHERE(p);",
            "    h = mix(h, p->key + (unsigned)__LINE__);", "}",
            'printf("%d %u\\n",', "       __LINE__,", "       h);", "return h;"]

    def scenario_body(self):
        build, fr, trace = self.use("build"), self.use("free"), self.use("trace")
        body = [f"{self.st} *a = {build}(n % 6u + 1u, salt);", "unsigned h = salt;",
                f"h = mix(h, {trace}(a, 3u));",
                f'printf("{self.t} at %d: %u\\n", __LINE__, a->key);', f"{self.M}_WHERE(a);"]
        body += self.second_context(f"{trace}({{l}}, 2u)")
        body += [f"{fr}(a);", "return h;"]
        return body


class LinkSlots(Unit):
    """Lists edited through pointers to their links (`T **pp = &head; ... pp =
    &(*pp)->next;`): sorted insertion, deletion, appending at the tail, and a binary tree
    grown through `p = k < (*p)->key ? &(*p)->lt : &(*p)->rt`. The head is a local of the
    scenario, a global, or a member of a holder on the heap or in a global."""
    idiom = "link-slots"

    def __init__(self, prog, r, idx):
        super().__init__(prog, r, idx)
        t = self.t
        self.where = r.choice(["local", "global", "heap-holder", "global-holder"])
        self.feature("head-" + self.where)
        self.tree = r.random() < 0.5
        if self.tree:
            self.feature("tree")
            self.extra_fields += [f"{self.st} *lt;", f"{self.st} *rt;"]
            self.extra_init += ["p->lt = NULL;", "p->rt = NULL;"]
        if self.where in ("heap-holder", "global-holder"):
            self.glob(f"struct {t}_list {{\n    {self.st} *first;\n    unsigned count;\n}};")
        if self.where == "global":
            self.glob(f"static {self.st} *{t}_head;")
        if self.where == "global-holder":
            self.glob(f"static struct {t}_list {t}_lst;")

    def h_insert(self):
        nx = self.next
        return f"void {self.t}_insert({self.st} **pp, unsigned key)", [
            f"{self.st} *q = {self.use('new')}(key);",
            f"while (*pp && (*pp)->key < key)", f"    pp = &(*pp)->{nx};",
            f"q->{nx} = *pp;", "*pp = q;"]

    def h_drop(self):
        nx = self.next
        return f"unsigned {self.t}_drop({self.st} **pp, unsigned mask)", [
            "unsigned c = 0u;", "while (*pp != NULL) {", "    if (((*pp)->key & mask) == 0u) {",
            f"        {self.st} *d = *pp;", f"        *pp = d->{nx};", "        free(d);",
            "        c++;", "    } else {", f"        pp = &(*pp)->{nx};", "    }", "}",
            "return c;"]

    def h_tput(self):
        return f"void {self.t}_tput({self.st} **root, unsigned key)", [
            f"{self.st} **p = root;",
            "while (*p)", "    p = key < (*p)->key ? &(*p)->lt : &(*p)->rt;",
            f"*p = {self.use('new')}(key);"]

    def h_tsum(self):
        return f"unsigned {self.t}_tsum(const {self.st} *p, unsigned d)", [
            "if (!p)", "    return d;",
            f"return mix({self.t}_tsum(p->lt, d + 1u), {self.t}_tsum(p->rt, p->key ^ d));"]

    def h_tfree(self):
        return f"void {self.t}_tfree({self.st} *p)", [
            "if (p) {", f"    {self.t}_tfree(p->lt);", f"    {self.t}_tfree(p->rt);",
            "    free(p);", "}"]

    def scenario_body(self):
        r = self.r
        t, nx = self.t, self.next
        body = ["unsigned h = salt, i;"]
        if self.where == "local":
            body.append(f"{self.st} *head = NULL;")
            head = "head"
        elif self.where == "global":
            head = f"{t}_head"
        elif self.where == "global-holder":
            head = f"{t}_lst.first"
        else:
            body += [f"struct {t}_list *lst = malloc(sizeof *lst);", "if (!lst)",
                     "    exit(2);", "lst->first = NULL;", "lst->count = 0u;"]
            head = "lst->first"
        ins, drop, fr = self.use("insert"), self.use("drop"), self.use("free")
        body += [f"for (i = 0; i < n % 11u + 2u; i++)",
                 f"    {ins}(&{head}, {self.keyexpr('i', 'salt')} % 1000u);"]
        if r.random() < 0.5:
            body += ["{", f"    {self.st} **tail = &{head};", "    while (*tail)",
                     f"        tail = &(*tail)->{nx};",
                     f"    *tail = {self.use('new')}(salt % 1000u + 1000u);", "}"]
        body += [f"h = mix(h, {drop}(&{head}, 1u << (salt % 3u)));",
                 f"h = mix(h, {self.use('hash')}({head}));",
                 f"h = mix(h, {self.use('len')}({head}));",
                 f"{fr}({head});", f"{head} = NULL;"]
        if self.where == "heap-holder":
            body.append("free(lst);")
        if self.tree:
            body += ["{", f"    {self.st} *root = NULL;",
                     f"    for (i = 0; i < n % 13u + 1u; i++)",
                     f"        {self.use('tput')}(&root, {self.keyexpr('i', 'salt')} % 97u);",
                     f"    h = mix(h, {self.use('tsum')}(root, 1u));",
                     f"    {self.use('tfree')}(root);", "}"]
        body.append("return h;")
        return body


class MixedStorage(Unit):
    """Global and local objects linked with heap nodes, which move into the pool: a
    global root of one element that a builder fills in (`static T root[1]`), a circular
    list whose sentinel is a global (`static T nil; nil.next = &nil;`), an array of such
    sentinels, one per bucket (`static T heads[K]`, `heads + i`, `&heads[i]`, `sizeof
    heads / sizeof heads[0]`), a sentinel that is a local of the scenario, and a dummy
    head local to a helper that copies a list (returned early when the list is empty).
    Each scenario call starts them afresh. Also initialised: a global sentinel that
    points to itself from its initializer (the scenario leaves it so), a local one and a
    static local one (`static T s = { .next = &s };`, kept across the scenario's calls);
    and a stack iterator (klib's kavl: `struct it { const T *stack[64], **top; }`) that
    walks a list backwards."""
    idiom = "mixed-storage"

    def __init__(self, prog, r, idx):
        super().__init__(prog, r, idx)
        t = self.t
        self.kind = r.choice(["root", "sentinel", "heads", "local-sentinel", "dummy-head",
                              "init-sentinel", "init-local", "stack-iter",
                              "static-sentinel"])
        self.feature(self.kind)
        if self.kind in ("local-sentinel", "dummy-head", "init-local"):
            pass
        elif self.kind == "static-sentinel":
            self.gkey = r.randint(1, 999)
        elif self.kind == "init-sentinel":
            # Its values come from the pool's image; the scenario leaves it as it found it.
            self.gkey = r.randint(1, 999)
            self.glob(f"static {self.st} {t}_g = {{ .{self.next} = &{t}_g, "
                      f".key = {self.gkey}u }};")
        elif self.kind == "stack-iter":
            # klib's kavl iterator: a stack of node pointers and a member moving along it.
            self.glob(f"struct {t}_it {{ const {self.st} *stack[64]; const {self.st} **top; "
                      f"}};")
        elif self.kind == "root":
            self.glob(f"static {self.st} {t}_g[1];")
        elif self.kind == "sentinel":
            self.glob(f"static {self.st} {t}_g;")
        else:
            self.k = r.randint(2, 5)
            self.glob(f"static {self.st} {t}_g[{self.k}];")
            self.macros.append(f"#define {self.M}_NB (sizeof {t}_g / sizeof {t}_g[0])")

    def h_push(self):
        # After `at`, which is a global object or a heap node.
        nx = self.next
        return f"void {self.t}_push({self.st} *at, unsigned key)", [
            f"{self.st} *q = {self.use('new')}(key);", f"q->{nx} = at->{nx};",
            f"at->{nx} = q;"]

    def h_walk(self):
        # From a sentinel (circular) or a root (until NULL), the sentinel itself excluded.
        nx = self.next
        return f"unsigned {self.t}_walk(const {self.st} *s, const {self.st} *stop)", (
            ["unsigned h = 5u;", f"const {self.st} *p;",
             f"for (p = s->{nx}; p != stop; p = p->{nx}) {{"] +
            ind(self.hash_lines("h", "p->")) + ["}", "return h;"])

    def h_clear(self):
        nx = self.next
        return f"void {self.t}_clear({self.st} *s, const {self.st} *stop)", [
            f"while (s->{nx} != stop) {{", f"    {self.st} *d = s->{nx};",
            f"    s->{nx} = d->{nx};", "    free(d);", "}"]

    def h_dcopy(self):
        # A copy built on a dummy head local to this helper.
        nx = self.next
        return f"{self.st} *{self.t}_dcopy(const {self.st} *p)", [
            f"{self.st} dummy;", f"{self.st} *tail = &dummy;", "if (!p)", "    return NULL;",
            f"for (; p; p = p->{nx}) {{", f"    tail->{nx} = {self.use('new')}(p->key ^ 1u);",
            f"    tail = tail->{nx};", "}", f"tail->{nx} = NULL;", f"return dummy.{nx};"]

    def h_siter(self):
        # Pushes up to 64 nodes of a list, then pops them: the list backwards.
        nx, t = self.next, self.t
        return f"unsigned {t}_siter(const {self.st} *p)", [
            f"struct {t}_it it;", "unsigned h = 3u;", "it.top = it.stack;",
            f"for (; p && it.top < it.stack + 64; p = p->{nx})", "    *it.top++ = p;",
            "h = mix(h, (unsigned)(it.top - it.stack));", "while (it.top > it.stack) {",
            f"    const {self.st} *q = *--it.top;"] + ind(self.hash_lines("h", "q->")) + [
            "}", "return h;"]

    def scenario_body(self):
        r = self.r
        t, nx, g = self.t, self.next, f"{self.t}_g"
        if self.kind == "stack-iter":
            build, fr = self.use("build"), self.use("free")
            return ["unsigned h = salt;", f"{self.st} *a = {build}(n % 90u, salt);",
                    f"h = mix(h, {self.use('siter')}(a));", f"{fr}(a);", "return h;"]
        if self.kind == "dummy-head":
            build, fr = self.use("build"), self.use("free")
            return ["unsigned h = salt;", f"{self.st} *a = {build}(n % 7u, salt);",
                    f"{self.st} *b = {self.use('dcopy')}(a);",
                    f"h = mix(h, {self.use('hash')}(b));",
                    f"h = mix(h, (unsigned)({self.use('dcopy')}(NULL) == NULL));",
                    f"{fr}(a);", f"{fr}(b);", "return h;"]
        push, walk, clear = self.use("push"), self.use("walk"), self.use("clear")
        body = ["unsigned h = salt, i;"]
        if self.kind in ("local-sentinel", "init-local", "static-sentinel"):
            if self.kind == "static-sentinel":
                # Left empty by each call, as the next one expects.
                body += [f"static {self.st} s = {{ .key = {self.gkey}u, .{nx} = &s }};",
                         "h = mix(h, s.key);"]
            elif self.kind == "init-local":
                body += [f"{self.st} s = {{ .key = salt, .{nx} = &s }};"]
            else:
                body += [f"{self.st} s;", f"s.{nx} = &s;", "s.key = salt;"]
            body += [f"for (i = 0; i < n % 9u + 1u; i++)",
                     f"    {push}(i % 2u ? &s : s.{nx}, {self.keyexpr('i', 'salt')} % 1000u);",
                     f"h = mix(h, {walk}(&s, &s));", f"{clear}(&s, &s);",
                     f"h = mix(h, (unsigned)(s.{nx} == &s));"]
        elif self.kind == "root":
            body += [f"memset({g}, 0, sizeof {g});", f"{g}->key = salt;",
                     f"for (i = 0; i < n % 9u + 1u; i++)",
                     f"    {push}(i % 2u ? {g} : {g}->{nx} ? {g}->{nx} : {g}, "
                     f"{self.keyexpr('i', 'salt')} % 1000u);",
                     f"h = mix(h, {walk}({g}, NULL));", f"h = mix(h, {g}[0].key);",
                     f"h = mix(h, (unsigned)sizeof {g});",
                     f"{clear}(&{g}[0], NULL);"]
        elif self.kind in ("sentinel", "init-sentinel"):
            if self.kind == "sentinel":
                if r.random() < 0.5:
                    body.append(f"memset(&{g}, 0, sizeof {g});")
                body += [f"{g}.{nx} = &{g};", f"{g}.key = salt % 7u;"]
            body += [f"for (i = 0; i < n % 9u + 1u; i++)",
                     f"    {push}(i % 3u ? &{g} : {g}.{nx}, {self.keyexpr('i', 'salt')} % 1000u);",
                     f"h = mix(h, {walk}(&{g}, &{g}));", f"h = mix(h, {g}.key);",
                     f"h = mix(h, (unsigned)({g}.{nx} == &{g}));",
                     f"{clear}(&{g}, &{g});", f"h = mix(h, (unsigned)({g}.{nx} == &{g}));"]
        else:
            nb = f"{self.M}_NB"
            body += [f"for (i = 0; i < {nb}; i++)", f"    {g}[i].{nx} = {g} + i;",
                     f"for (i = 0; i < n % 13u + 2u; i++)",
                     f"    {push}(&{g}[({self.keyexpr('i', 'salt')}) % {nb}], i);",
                     f"for (i = 0; i < {nb}; i++) {{",
                     f"    h = mix(h, {walk}({g} + i, &{g}[i]));",
                     f"    {clear}(&{g}[i], {g} + i);", "}",
                     f"h = mix(h, (unsigned){nb});"]
        body.append("return h;")
        return body


UNITS = {"ptr-compare": PtrCompare, "ptr-arrays": PtrArrays, "addr-integers": AddrInts,
         "addr-hash": AddrHash, "macro-text": MacroText, "sizeof-arith": SizeofArith,
         "func-generic": FuncGeneric, "setjmp": SetJmp, "alloc-fail": AllocFail,
         "openmp-tasks": OmpTasks, "atexit": AtExit, "opaque-callback": OpaqueCallback,
         "line-numbers": LineNumbers, "link-slots": LinkSlots,
         "mixed-storage": MixedStorage}
assert list(UNITS) == IDIOMS

# Defaults of the knobs (gen_linked.configure changes them): the share of programs that
# get idioms, how many each, and the share of programs built with -fopenmp (these get
# openmp-tasks, and only these).
IDIOM_PROB = 0.75
OPENMP_PROB = 0.08


def choose(prog, r, names=None, prob=IDIOM_PROB, openmp=OPENMP_PROB):
    """The idiom units of one program, drawn from r only: a list of Unit objects (whose
    scenarios are generated). `names`: the idioms allowed (None: all)."""
    allowed = [i for i in IDIOMS if names is None or i in names]
    use_omp = r.random() < openmp
    if r.random() >= prob or not allowed:
        return []
    pool = [i for i in allowed if i != "openmp-tasks"]
    picked = []
    if use_omp and "openmp-tasks" in allowed:
        picked.append("openmp-tasks")
    for _ in range(r.randint(1, 3)):
        if pool:
            picked.append(r.choice(pool))
    units = []
    for i, name in enumerate(picked):
        units.append(UNITS[name](prog, r, i))
    return units
