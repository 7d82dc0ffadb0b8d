"""Points-to graph tests: small C programs in tests/graphs/ with expectations on the bottom-up
DS graphs that `ptrcomp --dump-graph=all --graph-format=json` prints.

Each case is a function decorated with @case below; it receives the parsed graphs (G) and the
case's source text (S). Source locations are never hard-coded: a line is named by a trailing
`// @name` comment in the .c file, and S.site("name") / S.span("name", "text") compute the
file:line:col from it, so the .c files can be edited freely.

Conventions the expectations rely on (besides the contract in the --dump-graph
documentation):
- node ids are only compared for equality, inside one graph;
- `flags=` checks the exact flag list, `has=` / `lacks=` check single flags; the I flag is only
  asserted where the contract defines it (nodes reachable from a function's formals are I;
  nodes a caller owns alone are not);
- a reason "at" a place means one of the node's reasons contains file:line:col with the
  column inside the named text.

Decisions where the contract leaves room (the analysis is expected to make the same ones):
- "one graph per function defined in the program" excludes functions defined in system
  headers (glibc's static inline __bswap_16 etc.): the expected set is what gcc -O0 emits;
- an array object (local, global, string literal) has its element type and element size
  ("struct node *", 8 for `struct node *heads[4]`; "char", 1 for "abc"), plus A;
- types are spelled canonically without top-level qualifiers: typedef names resolved
  ("struct node", not "Node"), an object read through `const struct rec *` is "struct rec";
- a node that no access types (a function, an untouched formal) may have type null without
  being collapsed; a collapsed node always has type null;
- every global variable is listed in the globals graph as "&NAME" (its G storage node); a
  pointer-typed global may also be listed as "NAME" (its pointee) and both must agree;
- a function's static locals are listed like other locals ("&c" for a static struct, "cache"
  for a static pointer), their storage is G, not S;
- main's parameters have unknown callers, so argv's node is I;
- all variadic arguments of one call meet the callee's single va_arg node;
- distinct string literals are distinct G nodes;
- any subscript p[i] marks p's node A; a collapse reason points at the offending access
  (in the paper's example, the subscript `((char *)B)[5]`, not the cast);
- the array qsort sorts (bsearch searches) is E: libc moves its objects as bytes, so their
  layout must stay as it is; the comparator's parameters and bsearch's result still alias it;
- a struct returned by value carries the callee's objects (H, sites, edges) to the caller;
- every reason carries a file:line:col.
"""
import json
import pathlib
import re
import shutil

import pytest

import ptrcomp_testlib as tl

GRAPHS_DIR = pathlib.Path(__file__).resolve().parent / "graphs"
FLAG_ORDER = "HSGUAEIN"
LOC_RE = re.compile(r"(?P<file>[A-Za-z0-9_./+-]+):(?P<line>\d+):(?P<col>\d+)")
ALLOC_RE = re.compile(r"\b(malloc|calloc|realloc|aligned_alloc|strdup|strndup)\s*\(")
MARK_RE = re.compile(r"//\s*@(?P<name>[\w.-]+)\s*$")


# ----------------------------------------------------------------------------------------
# Source locations from markers


class Span:
    """A place in a source file: one line, columns lo..hi (1-based, inclusive)."""

    def __init__(self, file, line, lo, hi):
        self.file, self.line, self.lo, self.hi = file, line, lo, hi

    def contains(self, file, line, col):
        return file == self.file and line == self.line and self.lo <= col <= self.hi

    def __repr__(self):
        return f"{self.file}:{self.line}:{self.lo}-{self.hi}"


class Lines:
    """A range of whole lines of one file, for reasons whose exact column is not fixed."""

    def __init__(self, file, first, last):
        self.file, self.first, self.last = file, first, last

    def contains(self, file, line, col):
        return file == self.file and self.first <= line <= self.last

    def __repr__(self):
        return f"{self.file}:{self.first}..{self.last}"


class Source:
    def __init__(self, directory, files):
        self.lines = {f: (directory / f).read_text().splitlines() for f in files}

    def _marked(self, name):
        hits = [(f, i + 1, text) for f, lines in self.lines.items()
                for i, text in enumerate(lines)
                if (m := MARK_RE.search(text)) and m.group("name") == name]
        assert len(hits) == 1, f"marker // @{name}: expected exactly one line, found {hits}"
        return hits[0]

    def line_of(self, name):
        return self._marked(name)[1]

    def span(self, name, text):
        """The columns of `text` on the line marked `// @name`."""
        f, ln, line = self._marked(name)
        code = line[:MARK_RE.search(line).start()]
        assert code.count(text) == 1, f"{text!r} must occur once on line {f}:{ln}: {line!r}"
        col = code.index(text) + 1
        return Span(f, ln, col, col + len(text) - 1)

    def site(self, name):
        """The allocation site on the line marked `// @name`: file:line:col of the
        allocator's name (the one allocator call on that line)."""
        f, ln, line = self._marked(name)
        calls = list(ALLOC_RE.finditer(line[:MARK_RE.search(line).start()]))
        assert len(calls) == 1, f"line {f}:{ln} must hold one allocator call: {line!r}"
        return f"{f}:{ln}:{calls[0].start() + 1}"

    def find(self, text):
        """The span of `text`, which must occur exactly once in the case's files."""
        hits = [(f, i + 1, line.index(text) + 1) for f, lines in self.lines.items()
                for i, line in enumerate(lines) if text in line]
        count = sum(line.count(text) for lines in self.lines.values() for line in lines)
        assert count == 1, f"{text!r} must occur exactly once, found {count}"
        f, ln, col = hits[0]
        return Span(f, ln, col, col + len(text) - 1)

    def site_of(self, text):
        """file:line:col of the unique occurrence of `text` (e.g. "malloc(")."""
        s = self.find(text)
        return f"{s.file}:{s.line}:{s.lo}"

    def lines_between(self, first, last):
        """Lines from marker `first` to marker `last` inclusive (same file)."""
        f1, l1, _ = self._marked(first)
        f2, l2, _ = self._marked(last)
        assert f1 == f2 and l1 <= l2
        return Lines(f1, l1, l2)


# ----------------------------------------------------------------------------------------
# The graphs


class Node:
    def __init__(self, graph, raw):
        self.graph = graph
        self.raw = raw
        self.id = raw.get("id")
        self.type = raw.get("type")
        self.collapsed = raw.get("collapsed")
        self.flags = list(raw.get("flags") or [])
        self.size = raw.get("size")
        self.alloc_sites = set(raw.get("alloc_sites") or [])
        self.reasons = list(raw.get("reasons") or [])
        self.edges = {e["offset"]: (e["target"], e.get("target_offset")) for e in
                      raw.get("edges") or []}

    def __eq__(self, other):
        return isinstance(other, Node) and other.graph is self.graph and other.id == self.id

    def __hash__(self):
        return hash((id(self.graph), self.id))

    def __repr__(self):
        edges = ", ".join(f"{o}->#{t}+{to}" for o, (t, to) in sorted(self.edges.items()))
        return (f"<{self.graph.name} #{self.id} {self.type!r} "
                f"{'collapsed ' if self.collapsed else ''}[{''.join(self.flags)}] "
                f"size={self.size} edges=[{edges}] sites={sorted(self.alloc_sites)} "
                f"reasons={self.reasons}>")

    def edge(self, offset, to=None, at=0):
        """The node the pointer field at byte `offset` points to. With `to`, also check that
        the edge goes to that node, at byte `at` of it."""
        assert offset in self.edges, f"no edge at offset {offset}: {self!r}"
        tid, toff = self.edges[offset]
        target = self.graph.by_id(tid)
        if to is not None:
            assert target == to, f"edge at {offset} of {self!r}\n goes to {target!r}\n not {to!r}"
            assert toff == at, f"edge at {offset} of {self!r} lands at offset {toff}, not {at}"
        return target

    def targets(self):
        return {self.graph.by_id(t) for t, _ in self.edges.values()}

    def expect(self, *, type=..., collapsed=None, size=None, flags=None, has="", lacks="",
               sites=None):
        """Check several properties at once and report every mismatch."""
        bad = []
        if type is not ...:
            if self.type != type:
                bad.append(f"type is {self.type!r}, expected {type!r}")
        if collapsed is not None and self.collapsed is not collapsed:
            bad.append(f"collapsed is {self.collapsed!r}, expected {collapsed!r}")
        if size is not None and self.size != size:
            bad.append(f"size is {self.size!r}, expected {size}")
        if flags is not None and self.flags != list(flags):
            bad.append(f"flags are {self.flags}, expected exactly {list(flags)}")
        missing = [f for f in has if f not in self.flags]
        if missing:
            bad.append(f"flags {self.flags} lack {missing}")
        extra = [f for f in lacks if f in self.flags]
        if extra:
            bad.append(f"flags {self.flags} must not have {extra}")
        if sites is not None and self.alloc_sites != set(sites):
            bad.append(f"alloc_sites are {sorted(self.alloc_sites)}, expected {sorted(sites)}")
        assert not bad, f"{self!r}:\n  " + "\n  ".join(bad)
        return self

    def reason_at(self, *places):
        """Some reason of this node names a location inside one of `places`."""
        for r in self.reasons:
            for m in LOC_RE.finditer(r):
                f, ln, col = m.group("file"), int(m.group("line")), int(m.group("col"))
                if any(p.contains(f, ln, col) for p in places):
                    return r
        raise AssertionError(f"no reason located at {places}: {self!r}")


class Graph:
    def __init__(self, name, raw):
        self.name = name
        self.raw = raw
        self.nodes = {}
        for n in raw.get("nodes") or []:
            node = Node(self, n)
            self.nodes[node.id] = node
        self.variables = dict(raw.get("variables") or {})
        ret = raw.get("return")
        self.ret = None if ret is None else self.by_id(ret)

    def by_id(self, nid):
        assert nid in self.nodes, f"graph {self.name}: no node with id {nid}"
        return self.nodes[nid]

    def __getitem__(self, var):
        """The node `var` points to ("p"), or the node of `var`'s own storage ("&x")."""
        assert var in self.variables, (
            f"graph {self.name}: no variable {var!r}; variables are {sorted(self.variables)}")
        return self.by_id(self.variables[var])

    def __contains__(self, var):
        return var in self.variables

    def pointee(self, name):
        """For a pointer-typed global: the node it points to, from "name" when listed, else
        from the edge at offset 0 of its storage node "&name" (both must agree)."""
        via_storage = self[f"&{name}"].edge(0) if f"&{name}" in self else None
        if name in self:
            if via_storage is not None:
                assert via_storage == self[name], (
                    f"{self.name}: {name!r} and the edge of '&{name}' disagree")
            return self[name]
        assert via_storage is not None, f"{self.name}: global {name!r} not listed"
        return via_storage


class Graphs:
    def __init__(self, data):
        self.data = data
        self.names = [g.get("function") for g in data.get("graphs", [])]
        self.graphs = {g["function"]: Graph(g["function"], g) for g in data.get("graphs", [])}
        self.globals = Graph("<globals>", data.get("globals") or {})

    def __getitem__(self, fn):
        assert fn in self.graphs, f"no graph for function {fn!r}; have {self.names}"
        return self.graphs[fn]


def distinct(*nodes):
    return len(set(nodes)) == len(nodes)


# ----------------------------------------------------------------------------------------
# Running the tool and the shape of its output


class Case:
    def __init__(self, name, check, directory, files):
        self.name, self.check, self.dir, self.files = name, check, directory, files


CASES = {}


def case(name, files=None):
    """Register the expectations for tests/graphs/<name> (a .c file, or a directory holding
    the files listed in `files`)."""
    def register(fn):
        if files is None:
            CASES[name] = Case(name, fn, GRAPHS_DIR, [name])
        else:
            CASES[name] = Case(name, fn, GRAPHS_DIR / name, list(files))
        return fn
    return register


def dump(c, what="all", fmt="json"):
    r = tl.run_ptrcomp(f"--dump-graph={what}", f"--graph-format={fmt}", *c.files, "--",
                       "-std=gnu11", cwd=c.dir)
    assert r.returncode == 0, f"ptrcomp failed on {c.name} (exit {r.returncode}):\n{r.stderr}"
    return r


def dump_json(c, what="all"):
    r = dump(c, what)
    try:
        return json.loads(r.stdout)
    except json.JSONDecodeError as e:
        raise AssertionError(f"{c.name}: output is not JSON ({e}):\n{r.stdout[:2000]}")


def compile_objects(c, tmp_path):
    objs = []
    for f in c.files:
        obj = tmp_path / (pathlib.Path(f).stem + ".o")
        r = tl.run(["gcc", "-std=gnu11", "-O0", "-c", c.dir / f, "-o", obj])
        assert r.returncode == 0, f"{c.name}/{f} is not valid C for gcc:\n{r.stderr}"
        objs.append(obj)
    return objs


def defined_functions(objs):
    names = set()
    for obj in objs:
        r = tl.run(["nm", "--defined-only", obj])
        assert r.returncode == 0, r.stderr
        for line in r.stdout.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in ("T", "t"):
                names.add(parts[2])
    return names


def canonical(g):
    """A graph with its node ids replaced by the order in which a walk from the variables
    (sorted by name), then the return value, then edges (by offset) reaches them, so that two
    dumps of one graph compare equal whatever ids they use. Nodes no variable reaches are
    compared as a sorted list of their descriptions."""
    nodes = {n["id"]: n for n in g["nodes"]}
    order = {}
    todo = [g["variables"][v] for v in sorted(g["variables"])]
    if g.get("return") is not None:
        todo.append(g["return"])
    while todo:
        nid = todo.pop(0)
        if nid in order:
            continue
        order[nid] = len(order)
        todo.extend(e["target"] for e in sorted(nodes[nid]["edges"], key=lambda e: e["offset"]))

    def describe(n, rename):
        return (n["type"], n["collapsed"], tuple(n["flags"]), n["size"],
                tuple(sorted((e["offset"], rename(e["target"]), e["target_offset"])
                             for e in n["edges"])),
                tuple(sorted(n["alloc_sites"])), tuple(sorted(n["reasons"])))

    reached = [describe(nodes[i], lambda t: order.get(t, "?")) for i in order]
    rest = sorted(repr(describe(n, lambda t: order.get(t, "?"))) for i, n in nodes.items()
                  if i not in order)
    return ({v: order[i] for v, i in g["variables"].items()},
            None if g.get("return") is None else order[g["return"]], reached, rest)


def check_well_formed(data, files):
    """Schema and invariants every graph dump must satisfy."""
    assert set(data) >= {"graphs", "globals"}, f"top-level keys: {sorted(data)}"
    assert isinstance(data["graphs"], list)
    names = [g.get("function") for g in data["graphs"]]
    assert all(isinstance(n, str) for n in names), names
    assert names == sorted(names), f"graphs not sorted by function name: {names}"
    assert len(set(names)) == len(names), f"duplicate graphs: {names}"
    graphs = [(g["function"], g) for g in data["graphs"]] + [("<globals>", data["globals"])]
    site_re = re.compile(r"^(?P<file>.+):\d+:\d+$")
    for name, g in graphs:
        where = f"graph {name}"
        assert isinstance(g.get("nodes"), list), f"{where}: nodes"
        assert isinstance(g.get("variables"), dict), f"{where}: variables"
        ids = [n.get("id") for n in g["nodes"]]
        assert all(isinstance(i, int) and not isinstance(i, bool) for i in ids), f"{where}: ids"
        assert len(set(ids)) == len(ids), f"{where}: duplicate node ids {ids}"
        idset = set(ids)
        for var, nid in g["variables"].items():
            assert nid in idset, f"{where}: variable {var!r} -> unknown node {nid}"
        if name != "<globals>":
            assert "return" in g, f"{where}: no 'return'"
            assert g["return"] is None or g["return"] in idset, f"{where}: return {g['return']}"
        for n in g["nodes"]:
            nw = f"{where} node {n.get('id')}"
            for key in ("type", "collapsed", "flags", "size", "edges", "alloc_sites", "reasons"):
                assert key in n, f"{nw}: missing {key!r}"
            assert isinstance(n["collapsed"], bool), nw
            assert n["type"] is None or not n["collapsed"], (
                f"{nw}: a collapsed node has no type: {n}")
            assert n["type"] is None or isinstance(n["type"], str), nw
            assert n["size"] is None or (isinstance(n["size"], int) and n["size"] >= 0), nw
            flags = n["flags"]
            assert all(f in FLAG_ORDER for f in flags), f"{nw}: unknown flags {flags}"
            assert flags == sorted(set(flags), key=FLAG_ORDER.index), (
                f"{nw}: flags {flags} not in the order {FLAG_ORDER} or repeated")
            offsets = [e.get("offset") for e in n["edges"]]
            assert len(set(offsets)) == len(offsets), f"{nw}: two edges at one offset {offsets}"
            for e in n["edges"]:
                assert isinstance(e.get("offset"), int) and e["offset"] >= 0, f"{nw}: {e}"
                assert e.get("target") in idset, f"{nw}: edge to unknown node {e}"
                assert isinstance(e.get("target_offset"), int) and e["target_offset"] >= 0, e
            for s in n["alloc_sites"]:
                m = site_re.match(s)
                assert m and m.group("file") in files, (
                    f"{nw}: alloc site {s!r} is not file:line:col of an input file {files}")
            if n["alloc_sites"]:
                assert "H" in flags, f"{nw}: holds allocation sites but has no H: {n}"
            if n["collapsed"] or "U" in flags or "E" in flags:
                assert n["reasons"], f"{nw}: collapsed/U/E node without a reason: {n}"
            for r in n["reasons"]:
                assert isinstance(r, str) and LOC_RE.search(r), (
                    f"{nw}: reason without a file:line:col location: {r!r}")


# ----------------------------------------------------------------------------------------
# The cases


@case("paper_fig4.c")
def paper_fig4(G, S):
    site = S.site_of("malloc(")
    mk = G["MakeList"]
    res = mk.ret
    assert res is not None, "MakeList returns its list"
    res.expect(type="struct list", collapsed=False, size=16, has="H", lacks="SGUAE",
               sites={site})
    res.edge(8, to=res, at=0)
    assert mk["Result"] == res and mk["Node"] == res
    ln = G["Length"]
    assert ln.ret is None
    L = ln["L"]
    L.expect(type="struct list", collapsed=False, size=16, has="I", lacks="HSGUAE", sites=set())
    L.edge(8, to=L, at=0)
    t = G["Testlists"]
    A, B = t["A"], t["B"]
    assert A != B, "lists A and B are built at two call sites: two nodes"
    A.expect(type="struct list", collapsed=False, size=16, flags="H", sites={site})
    A.edge(8, to=A, at=0)
    B.expect(type=None, collapsed=True, flags="HA", sites={site})
    assert B in B.targets(), "B's objects still point to B's objects"
    B.reason_at(S.find("((char *)B)[5]"))
    assert A not in B.targets() and B not in A.targets()


@case("decl_init.c")
def decl_init(G, S):
    m = G["main"]
    a, d = m["a"], m["d"]
    assert m["b"] == a
    assert a != d
    a.expect(type="struct node", collapsed=False, size=16, flags="H", sites={S.site("a")})
    d.expect(type="struct node", collapsed=False, size=16, flags="H", sites={S.site("d")})
    p1 = m["&p1"].expect(type="struct pair", collapsed=False, size=16, flags="S")
    p1.edge(0, to=a)
    p1.edge(8, to=d)
    m["&p2"].expect(type="struct pair", collapsed=False, flags="S").edge(8, to=a)
    m["&c"].expect(type="struct node", collapsed=False, size=16, flags="S").edge(8, to=d)


@case("assign_chain.c")
def assign_chain(G, S):
    m = G["main"]
    x, y, z = m["x"], m["y"], m["z"]
    assert m["p"] == x and m["q"] == x
    assert distinct(x, y, z)
    for v in "xyz":
        m[v].expect(type="struct obj", collapsed=False, size=16, flags="H", sites={S.site(v)})
    x.edge(8, to=y)
    z.edge(8, to=z)


@case("compound_assign.c")
def compound_assign(G, S):
    s = G["sum"]
    v = s["v"]
    assert s["end"] == v and s["it"] == v
    v.expect(type="int", collapsed=False, size=4, has="AI", lacks="HSGUE")
    m = G["main"]
    arr, walk, one = m["arr"], m["walk"], m["one"]
    assert distinct(arr, walk, one)
    arr.expect(type="int", collapsed=False, size=4, flags="HA", sites={S.site("arr")})
    walk.expect(type="int", collapsed=False, size=4, flags="HA", sites={S.site("walk")})
    one.expect(type="int", collapsed=False, size=4, flags="H", sites={S.site("one")})


@case("field_access.c")
def field_access(G, S):
    m = G["main"]
    o, n1, n2, r = m["o"], m["n1"], m["n2"], m["r"]
    assert distinct(o, n1, n2, r)
    o.expect(type="struct outer", collapsed=False, size=32, flags="H", sites={S.site("o")})
    n1.expect(type="struct node", collapsed=False, size=16, flags="H", sites={S.site("n1")})
    n2.expect(type="struct node", collapsed=False, size=16, flags="H", sites={S.site("n2")})
    assert set(o.edges) == {16, 24}, f"struct outer has pointers at 16 and 24 only: {o!r}"
    o.edge(16, to=n1)
    o.edge(24, to=n2)
    n1.edge(8, to=n2)
    assert m["ip"] == o, "&o->in points into o's node"
    r.expect(type="struct ref", collapsed=False, size=8, flags="H", sites={S.site("r")})
    r.edge(0, to=o, at=8)


@case("deref_star.c")
def deref_star(G, S):
    m = G["main"]
    lst, slot = m["list"], m["&list"]
    slot.expect(type="struct node *", collapsed=False, size=8, flags="S")
    slot.edge(0, to=lst)
    assert m["pp"] == slot
    assert m["it"] == lst
    lst.expect(type="struct node", collapsed=False, size=16, flags="H",
               sites={S.site("main"), S.site("push")})
    lst.edge(8, to=lst)
    p = G["push"]
    head, n = p["head"], p["n"]
    head.expect(type="struct node *", collapsed=False, size=8, has="I", lacks="HSGUAE")
    head.edge(0, to=n)
    n.expect(type="struct node", collapsed=False, size=16, has="HI", lacks="SGUAE",
             sites={S.site("push")})
    n.edge(8, to=n)


@case("stack_iterator.c")
def stack_iterator(G, S):
    for f in ("first", "next"):
        it = G[f]["it"].expect(type="struct itr", collapsed=False, has="I")
        slot = it.edge(128)
        assert slot != it, f"{f}: top points to a slot node of its own, not into the iterator"
        slot.expect(type="struct node *", collapsed=False)
        assert slot.edge(0) == it.edge(0), f"{f}: the slot holds what the stack holds"
    m = G["main"]
    it = m["&it"].expect(type="struct itr", collapsed=False, has="S")
    node = it.edge(0).expect(type="struct node", collapsed=False, has="H")
    assert it.edge(128) != it and it.edge(128).edge(0) == node


@case("address_of.c")
def address_of(G, S):
    m = G["main"]
    x = m["&x"].expect(type="int", collapsed=False, size=4, flags="S")
    assert m["px"] == x
    r = m["r"].expect(type="struct rec", collapsed=False, size=16, flags="H",
                      sites={S.site("r")})
    assert m["pc"] == r, "&r->count points into r's node"
    slot = m["&r"].expect(type="struct rec *", collapsed=False, size=8, flags="S")
    slot.edge(0, to=r)
    # prr only reads through the place it designates: a slot pointer (SlotPointers.h),
    # whose node of its own holds what the variable r holds, and is no stack object.
    view = m["prr"].expect(type="struct rec *", collapsed=False, size=8, flags="")
    view.edge(0, to=r)
    h = m["h"].expect(type="struct ref", collapsed=False, size=8, flags="H", sites={S.site("h")})
    h.edge(0, to=r, at=8)
    assert distinct(x, r, slot, view, h)


@case("array_subscript.c")
def array_subscript(G, S):
    m = G["main"]
    heads = m["&heads"].expect(type="struct node *", collapsed=False, size=8, flags="SA")
    second = m["second"]
    heads.edge(0, to=second)
    second.expect(type="struct node", collapsed=False, size=16, flags="H", sites={S.site("h")})
    counts = m["&counts"].expect(type="int", collapsed=False, size=4, flags="SA")
    assert m["c2"] == counts
    assert distinct(heads, second, counts)


@case("ptr_arith_diff.c")
def ptr_arith_diff(G, S):
    m = G["main"]
    arr = m["arr"]
    for v in ("end", "mid", "last"):
        assert m[v] == arr, f"{v} is computed from arr by pointer arithmetic"
    arr.expect(type="struct item", collapsed=False, size=16, flags="HA", sites={S.site("arr")})
    cb = G["count_between"]
    for v in ("lo", "hi"):
        cb[v].expect(collapsed=False, lacks="HSGUE")


@case("cast_void_roundtrip.c")
def cast_void_roundtrip(G, S):
    m = G["main"]
    p = m["p"]
    for v in ("raw", "q", "back", "r"):
        assert m[v] == p, f"{v} is the same object as p, through void *"
    p.expect(type="struct s", collapsed=False, size=16, has="H", lacks="SGUAE",
             sites={S.site("raw")})
    p.edge(8, to=p)
    # p is stored into a global: stash's graph may know more about it from the globals
    # graph, but nothing in it makes it U, A or escaping.
    G["stash"]["p"].expect(collapsed=False, lacks="SUAE")


@case("cast_first_member.c")
def cast_first_member(G, S):
    m = G["main"]
    d = m["d"]
    for v in ("bp", "back", "kp"):
        assert m[v] == d, f"{v} is d cast to (a pointer to) its first member"
    d.expect(type="struct derived", collapsed=False, size=16, flags="H", sites={S.site("d")})
    G["kind_of"]["bp"].expect(type="struct base", collapsed=False, size=4, has="I",
                              lacks="HSGUAE")


@case("cast_char_collapse.c")
def cast_char_collapse(G, S):
    m = G["main"]
    good, bad, name = m["good"], m["bad"], m["name"]
    assert distinct(good, bad, name)
    good.expect(type="struct rec", collapsed=False, size=16, flags="H", sites={S.site("good")})
    good.edge(8, to=good)
    assert m["bytes"] == bad
    bad.expect(type=None, collapsed=True, flags="HA", sites={S.site("bad")})
    assert bad in bad.targets()
    bad.reason_at(S.span("poke", "bytes[1] = 0xff"))
    name.expect(type="char", collapsed=False, size=1, flags="HA", sites={S.site("name")})


@case("cast_int_to_ptr.c")
def cast_int_to_ptr(G, S):
    m = G["main"]
    regs, ok = m["regs"], m["ok"]
    assert regs != ok
    regs.expect(type=None, collapsed=True, has="U", lacks="HSE", sites=set())
    regs.reason_at(S.span("i2p", "(struct dev *)addr"))
    ok.expect(type="struct dev", collapsed=False, size=8, flags="H", sites={S.site("ok")})


@case("cast_ptr_to_int.c")
def cast_ptr_to_int(G, S):
    m = G["main"]
    hashed, plain = m["hashed"], m["plain"]
    assert hashed != plain
    # The program never casts an integer back to a pointer: the cast is one-way, so the
    # node keeps its type and gets no U (the rewriter casts the real address); N says
    # its addresses become integers (its pool keeps malloc's alignment).
    hashed.expect(type="struct node", collapsed=False, flags="HN", sites={S.site("hashed")})
    plain.expect(type="struct node", collapsed=False, size=16, flags="H",
                 sites={S.site("plain")})


@case("cast_ptr_int_roundtrip.c")
def cast_ptr_int_roundtrip(G, S):
    hashed = G["main"]["hashed"]
    hashed.expect(has="HU", lacks="SE", sites={S.site("hashed")})
    hashed.reason_at(S.span("p2i", "(uintptr_t)hashed"))


@case("union_ptrs.c")
def union_ptrs(G, S):
    m = G["main"]
    u, bp = m["u"], m["bp"]
    u.expect(type=None, collapsed=True, has="H", lacks="SGUE", sites={S.site("u")})
    u.reason_at(S.lines_between("u", "pun"))
    assert bp in u.targets(), "u->pb reads the union's one pointer cell"
    bp.expect(type=None, collapsed=True, has="H", lacks="SGUE", sites={S.site("ua")})
    bp.reason_at(S.lines_between("u", "ready"))
    s, other = m["&s"], m["other"]
    s.expect(type="union same", collapsed=False, size=8, flags="S")
    s.edge(0, to=other)
    other.expect(type="struct a", collapsed=False, size=16, flags="H", sites={S.site("sa")})
    assert distinct(u, bp, s, other)


@case("struct_copy.c")
def struct_copy(G, S):
    m = G["main"]
    p, q = m["p"], m["q"]
    assert p != q, "*p = *q copies the contents; p and q stay two objects"
    p.expect(type="struct box", collapsed=False, size=16, flags="H", sites={S.site("p")})
    q.expect(type="struct box", collapsed=False, size=16, flags="H", sites={S.site("q")})
    data = p.edge(8)
    q.edge(8, to=data)
    data.expect(type="struct payload", collapsed=False, size=4, flags="H",
                sites={S.site("pq"), S.site("pp")})
    m["&local"].expect(type="struct box", collapsed=False, size=16, flags="S").edge(8, to=data)


@case("struct_return.c")
def struct_return(G, S):
    m = G["main"]
    a, b = m["&a"], m["&b"]
    assert a != b
    heads, tails = [], []
    for st in (a, b):
        st.expect(type="struct pair", collapsed=False, size=16, flags="S")
        h, t = st.edge(0), st.edge(8)
        assert h != t
        h.expect(type="struct node", collapsed=False, size=16, flags="H",
                 sites={S.site("head")})
        t.expect(type="struct node", collapsed=False, size=16, flags="H",
                 sites={S.site("tail")})
        h.edge(8, to=t)
        heads.append(h)
        tails.append(t)
    assert distinct(*heads, *tails), "two calls of make_pair: two pairs of lists"
    r = G["make_pair"]["&r"].expect(type="struct pair", collapsed=False, has="S")
    r.edge(0).expect(type="struct node", has="H", sites={S.site("head")})


@case("compound_literal.c")
def compound_literal(G, S):
    m = G["main"]
    p, s = m["p"], m["s"]
    p.expect(type="struct pt", collapsed=False, size=8, has="S", lacks="HGUAE")
    s.expect(type="struct seg", collapsed=False, size=16, flags="H", sites={S.site("s")})
    s.edge(0, to=p)
    to = s.edge(8)
    assert to != p
    to.expect(type="struct pt", collapsed=False, size=8, has="G", lacks="HSUAE")
    local = m["&local"].expect(type="struct seg", collapsed=False, size=16, flags="S")
    local.edge(0, to=p)
    local.edge(8, to=p)
    G.globals.pointee("origin").expect(type="struct pt", collapsed=False, size=8, has="G",
                                       lacks="HSUAE")


@case("string_literal.c")
def string_literal(G, S):
    m = G["main"]
    s, t = m["s"], m["t"]
    assert s != t, "distinct string literals are distinct objects"
    s.expect(type="char", collapsed=False, size=1, has="GA", lacks="HSUE")
    t.expect(type="char", collapsed=False, size=1, has="G", lacks="HSUE")
    buf = m["&buf"].expect(type="char", collapsed=False, size=1, flags="SA")
    assert m["w"] == buf
    G.globals.pointee("greeting").expect(type="char", collapsed=False, size=1, has="G",
                                         lacks="HSUE")


@case("static_local.c")
def static_local(G, S):
    gc = G["get_counter"]
    c = gc["&c"].expect(type="struct counter", collapsed=False, size=16, has="G",
                        lacks="HSUAE")
    c.edge(8, to=c)
    assert gc.ret == c
    ca = G["cached"]
    n = ca["cache"].expect(type="struct node", collapsed=False, size=16, has="H", lacks="SUAE",
                           sites={S.site("cache")})
    assert ca.ret == n
    m = G["main"]
    m["k"].expect(type="struct counter", collapsed=False, has="G", lacks="HSUAE")
    m["n"].expect(type="struct node", collapsed=False, has="H", lacks="SGUAE",
                  sites={S.site("cache")})


@case("global_init.c")
def global_init(G, S):
    g = G.globals
    val = g["&g_val"].expect(type="int", collapsed=False, size=4, has="G", lacks="HSUE")
    g["&g_ptr"].expect(type="int *", collapsed=False, size=8, has="G", lacks="HSUE")
    assert g.pointee("g_ptr") == val
    head = g["&g_head"].expect(type="struct list", collapsed=False, size=16, has="G",
                               lacks="HSUE")
    head.edge(8, to=head)
    first, tail = g["&g_first"], g["&g_tail"]
    assert distinct(first, tail, head, val)
    first.expect(type="struct list", collapsed=False, size=16, has="G", lacks="HSUE")
    tail.expect(type="struct list", collapsed=False, size=16, has="G", lacks="HSUE")
    first.edge(8, to=tail)
    names = g["&g_names"].expect(type="char *", collapsed=False, size=8, has="G", lacks="HSUE")
    names.edge(0).expect(type="char", collapsed=False, size=1, has="G", lacks="HSUE")
    G["main"]["p"].expect(type="int", collapsed=False, has="G", lacks="HSUE")


@case("global_heap.c")
def global_heap(G, S):
    site = S.site("add")
    g = G.globals
    g["&g_list"].expect(type="struct node *", collapsed=False, size=8, has="G", lacks="HSUAE")
    lst = g.pointee("g_list")
    lst.expect(type="struct node", collapsed=False, size=16, has="H", lacks="SGUAE",
               sites={site})
    lst.edge(8, to=lst)
    it = G["main"]["it"]
    it.expect(type="struct node", collapsed=False, size=16, has="H", lacks="SGUAE",
              sites={site})
    it.edge(8, to=it)
    n = G["add"]["n"].expect(type="struct node", has="H", lacks="SGUAE", sites={site})
    n.edge(8, to=n)


@case("varargs.c")
def varargs(G, S):
    G["total"]["l"].expect(type="struct list", collapsed=False, size=16, lacks="HUE")
    m = G["main"]
    a, b, c = m["a"], m["b"], m["c"]
    assert a == b, "all variadic actuals of one call meet the callee's one va_arg node"
    assert a != c
    for n in (a, c):
        n.expect(type="struct list", collapsed=False, size=16, flags="H", sites={S.site("mk")})


@case("funcptr_indirect.c")
def funcptr_indirect(G, S):
    left, right, pair = S.site("left"), S.site("right"), S.site("pair")
    d = G["direct"]
    dp = d["dp"].expect(type="struct pair", collapsed=False, size=16, flags="H", sites={pair})
    ln, rn = dp.edge(0), dp.edge(8)
    assert ln != rn, "a direct call of get_left does not join left and right"
    assert d["o"] == ln
    ln.expect(type="struct obj", collapsed=False, size=4, flags="H", sites={left})
    rn.expect(type="struct obj", collapsed=False, size=4, flags="H", sites={right})
    i = G["indirect"]
    ip = i["ip"].expect(type="struct pair", collapsed=False, size=16, flags="H", sites={pair})
    o2 = i["o2"]
    ip.edge(0, to=o2)
    ip.edge(8, to=o2)
    o2.expect(type="struct obj", collapsed=False, size=4, flags="H", sites={left, right})
    i["get"].expect(has="G", lacks="HSUAE")


@case("funcptr_struct.c")
def funcptr_struct(G, S):
    m = G["main"]
    a, b = m["a"], m["b"]
    assert a != b, "two calls (one indirect) of make_node: two nodes"
    for n in (a, b):
        n.expect(type="struct node", collapsed=False, size=16, flags="H", sites={S.site("mk")})
    ops = m["&ops"].expect(type="struct ops", collapsed=False, size=8, flags="S")
    ops.edge(0).expect(has="G", lacks="HSUAE")


@case("cond_expr.c")
def cond_expr(G, S):
    m = G["main"]
    a, b, c = m["a"], m["b"], m["c"]
    assert a == b and m["pick"] == a
    assert a != c
    a.expect(type="struct node", collapsed=False, size=16, flags="H",
             sites={S.site("a"), S.site("b")})
    c.expect(type="struct node", collapsed=False, size=16, flags="H", sites={S.site("c")})


@case("comma_expr.c")
def comma_expr(G, S):
    m = G["main"]
    r, s = m["r"], m["s"]
    assert m["p"] == s and m["q"] == r
    assert r != s, "the left operand of ',' is not the value"
    r.expect(type="struct node", collapsed=False, flags="H", sites={S.site("r")})
    s.expect(type="struct node", collapsed=False, flags="H", sites={S.site("s")})


@case("recursion.c")
def recursion(G, S):
    site = S.site("t")
    b = G["build"]
    t = b["t"].expect(type="struct tree", collapsed=False, size=24, has="H", lacks="SGUAE",
                      sites={site})
    assert b.ret == t
    t.edge(8, to=t)
    t.edge(16, to=t)
    c = G["count"]["t"].expect(type="struct tree", collapsed=False, size=24, has="I",
                               lacks="HSGUAE", sites=set())
    c.edge(8, to=c)
    c.edge(16, to=c)
    m = G["main"]
    a, bb = m["a"], m["b"]
    assert a != bb
    for n in (a, bb):
        n.expect(type="struct tree", collapsed=False, size=24, flags="H", sites={site})
        n.edge(8, to=n)
        n.edge(16, to=n)


@case("mutual_recursion.c")
def mutual_recursion(G, S):
    # One SCC, one shared graph: calls inside the SCC unify instead of cloning, so the even
    # and odd objects stay two nodes that point to each other.
    even, odd = S.site("even"), S.site("odd")
    for fn, own, other in (("build_even", even, odd), ("build_odd", odd, even)):
        g = G[fn]
        r = g.ret
        assert r is not None and g["l"] == r
        r.expect(type="struct list", collapsed=False, size=16, has="H", lacks="SGUAE",
                 sites={own})
        nxt = r.edge(8)
        assert nxt != r
        nxt.expect(type="struct list", collapsed=False, size=16, has="H", lacks="SGUAE",
                   sites={other})
        nxt.edge(8, to=r)
    for fn in ("len_a", "len_b"):
        n = G[fn]["l"].expect(type="struct list", collapsed=False, size=16, has="I",
                              lacks="HSGUAE")
        other = n.edge(8)
        assert other != n, "len_a's and len_b's formals are two nodes of the shared graph"
        other.expect(type="struct list", collapsed=False, size=16, has="I", lacks="HSGUAE")
        other.edge(8, to=n)
    m = G["main"]
    x, y = m["x"], m["y"]
    xn, yn = x.edge(8), y.edge(8)
    assert distinct(x, y, xn, yn), "two call sites into the SCC: two separate 2-cycles"
    for n, site in ((x, even), (xn, odd), (y, odd), (yn, even)):
        n.expect(type="struct list", collapsed=False, size=16, flags="H", sites={site})
    xn.edge(8, to=x)
    yn.edge(8, to=y)


@case("dlist.c")
def dlist(G, S):
    site = S.site("n")
    p = G["push_front"]
    n, head = p["n"], p["head"]
    assert n != head
    assert p.ret == n
    n.expect(type="struct dnode", collapsed=False, size=24, has="H", lacks="SGUAE",
             sites={site})
    head.expect(type="struct dnode", collapsed=False, size=24, has="I", lacks="HSGUAE")
    n.edge(8, to=head)
    head.edge(16, to=n)
    m = G["main"]
    h = m["h"]
    assert m["tail"] == h
    h.expect(type="struct dnode", collapsed=False, size=24, flags="H", sites={site})
    h.edge(8, to=h)
    h.edge(16, to=h)


@case("tree_parent.c")
def tree_parent(G, S):
    site = S.site("n")
    ins = G["insert"]
    t = ins["root"]
    assert ins["cur"] == t and ins["n"] == t and ins.ret == t
    t.expect(type="struct tree", collapsed=False, size=32, has="HI", lacks="SGUAE",
             sites={site})
    for off in (8, 16, 24):
        t.edge(off, to=t)
    d = G["depth"]["t"].expect(type="struct tree", collapsed=False, size=32, has="I",
                               lacks="HSGUAE")
    d.edge(24, to=d)
    m = G["main"]
    mt = m["t"].expect(type="struct tree", collapsed=False, size=32, flags="H", sites={site})
    for off in (8, 16, 24):
        mt.edge(off, to=mt)
    m["&keys"].expect(type="int", collapsed=False, size=4, flags="SA")


@case("mutual_structs.c")
def mutual_structs(G, S):
    m = G["main"]
    d, e = m["d"], m["first"]
    assert m["e"] == e
    assert d != e
    d.expect(type="struct dept", collapsed=False, size=16, flags="H", sites={S.site("d")})
    e.expect(type="struct emp", collapsed=False, size=24, flags="H", sites={S.site("e")})
    d.edge(0, to=e)
    e.edge(8, to=d)
    e.edge(16, to=e)


@case("calloc_array.c")
def calloc_array(G, S):
    m = G["main"]
    items = m["items"]
    assert m["it"] == items
    items.expect(type="struct item", collapsed=False, size=16, flags="HA",
                 sites={S.site("items")})
    items.edge(8, to=items)


@case("realloc_array.c")
def realloc_array(G, S):
    m = G["main"]
    tab, nums = m["tab"], m["nums"]
    tab.expect(type="struct rec *", collapsed=False, size=8, flags="HA", sites={S.site("tab")})
    rec = tab.edge(0)
    rec.expect(type="struct rec", collapsed=False, size=16, flags="H", sites={S.site("rec")})
    nums.expect(type="int", collapsed=False, size=4, flags="HA",
                sites={S.site("nums"), S.site("nums2")})
    assert distinct(tab, rec, nums)


@case("libc_strings.c")
def libc_strings(G, S):
    m = G["main"]
    e = m["e"].expect(type="struct entry", collapsed=False, size=16, flags="H",
                      sites={S.site("e")})
    key = e.edge(0)
    # Only libc functions touch these two buffers: no access of the program types them.
    key.expect(collapsed=False, has="H", lacks="SGUE", sites={S.site("dup")})
    copy = m["copy"].expect(collapsed=False, has="H", lacks="SGUE", sites={S.site("copy")})
    assert copy != key, "strcpy copies characters, it does not make its arguments aliases"
    strings = m["argv"].edge(0)
    assert strings != key, "strdup returns a new object"
    strings.expect(lacks="HE")


@case("extern_escape.c")
def extern_escape(G, S):
    m = G["main"]
    call = S.span("call", "consume(sent)")
    sent, kept, got = m["sent"], m["kept"], m["got"]
    sent.expect(type="struct list", collapsed=False, size=24, has="HE", lacks="SGU",
                sites={S.site("sent")})
    sent.reason_at(call)
    sent.edge(8, to=sent)
    data = sent.edge(16)
    data.expect(type="struct payload", collapsed=False, size=4, has="HE", lacks="SGU",
                sites={S.site("sd")})
    data.reason_at(call)
    kept.expect(type="struct list", collapsed=False, size=24, flags="H", sites={S.site("kept")})
    assert distinct(sent, data, kept)
    got.expect(has="E", lacks="HS")
    got.reason_at(S.span("prod", "produce()"))
    assert got not in (sent, kept)


@case("libc_memset.c")
def libc_memset(G, S):
    m = G["main"]
    r = m["r"].expect(type="struct rec", collapsed=False, size=24, flags="H",
                      sites={S.site("r")})
    r.edge(16, to=r)
    m["arr"].expect(type="struct rec", collapsed=False, size=24, flags="HA",
                    sites={S.site("arr")})
    local = m["&local"].expect(type="struct rec", collapsed=False, size=24, flags="S")
    local.edge(16, to=r)


@case("libc_memcpy.c")
def libc_memcpy(G, S):
    m = G["main"]
    src, dst, other = m["src"], m["dst"], m["other"]
    assert src == dst, "memcpy(dst, src, sizeof *dst) unifies dst and src"
    src.expect(type="struct node", collapsed=False, size=16, flags="H",
               sites={S.site("src"), S.site("dst")})
    src.edge(8).expect(type="struct child", collapsed=False, size=4, flags="H",
                       sites={S.site("kid")})
    assert other != src
    other.expect(type="struct node", collapsed=False, size=16, flags="H",
                 sites={S.site("other")})


@case("libc_qsort.c")
def libc_qsort(G, S):
    m = G["main"]
    arr = m["arr"]
    # libc moves the sorted/searched objects as bytes, so their layout must stay as it is:
    # the array escapes (E), with the qsort and bsearch calls as reasons.
    arr.expect(type="struct rec", collapsed=False, size=16, has="HAE", lacks="GU",
               sites={S.site("arr")})
    arr.reason_at(S.find("qsort(arr"))
    arr.reason_at(S.find("bsearch("))
    assert m["seen"] == arr, "qsort called cmp with pointers into arr; cmp stored one"
    assert m["found"] == arr, "bsearch returns a pointer into arr"
    c = G["cmp"]
    for v in ("x", "y"):
        # x is also stored into a global: cmp's graph may know it is H (and E) from the
        # globals graph; nothing makes it U.
        c[v].expect(type="struct rec", collapsed=False, size=16, lacks="U")


@case("stack_heap_link.c")
def stack_heap_link(G, S):
    g = G["linked_no_walk"]
    anchor = g["&anchor"].expect(type="struct list", collapsed=False, size=16, flags="S")
    heap = anchor.edge(8)
    assert heap != anchor
    heap.expect(type="struct list", collapsed=False, size=16, flags="H", sites={S.site("a")})
    heap.edge(8, to=anchor)
    w = G["walk_merges"]
    s = w["&sentinel"]
    assert w["cur"] == s
    s.expect(type="struct list", collapsed=False, size=16, flags="HS", sites={S.site("w")})
    s.edge(8, to=s)


@case("context_two_lists.c")
def context_two_lists(G, S):
    site = S.site("mk")
    m = G["main"]
    p, q = m["p"], m["q"]
    t = m["&t"].expect(type="struct two", collapsed=False, size=16, flags="S")
    ta, tb = t.edge(0), t.edge(8)
    assert distinct(p, q, ta, tb), "four calls of make_list (two through make_two): four lists"
    for n in (p, q, ta, tb):
        n.expect(type="struct list", collapsed=False, size=16, flags="H", sites={site})
        n.edge(8, to=n)
    mt = G["make_two"]["t"]
    a2, b2 = mt.edge(0), mt.edge(8)
    assert a2 != b2
    for n in (a2, b2):
        n.expect(type="struct list", collapsed=False, size=16, has="HI", lacks="SGUAE",
                 sites={site})


@case("context_one_var.c")
def context_one_var(G, S):
    site = S.site("mk")
    m = G["main"]
    v, a, w = m["v"], m["a"], m["w"]
    assert m["first"] == v, "both results went through variable v"
    assert m["tail"] == a and m["second"] == a, "second was appended to list a"
    assert distinct(v, a, w)
    for n in (v, a, w):
        n.expect(type="struct list", collapsed=False, size=16, flags="H", sites={site})
        n.edge(8, to=n)


@case("typedefs.c")
def typedefs(G, S):
    site = S.site("cons")
    m = G["main"]
    l = m["l"]
    assert m["m"] == l and m["pv"] == l
    l.expect(type="struct node", collapsed=False, size=16, flags="H", sites={site})
    inner = l.edge(8)
    assert inner != l, "cons(1, cons(2, NULL)): two call sites, two nodes"
    inner.expect(type="struct node", collapsed=False, size=16, flags="H", sites={site})
    c = G["cons"]
    assert c.ret == c["n"]
    assert c["n"] != c["tail"]
    c["n"].edge(8, to=c["tail"])


@case("param_incomplete.c")
def param_incomplete(G, S):
    f = G["fill"]
    l = f["l"].expect(type="struct list", collapsed=False, size=16, has="I", lacks="HSGUAE")
    nx = l.edge(8)
    assert nx != l
    nx.expect(type="struct list", collapsed=False, size=16, has="HI", lacks="SGUAE",
              sites={S.site("fill")})
    m = G["main"]
    head = m["head"].expect(type="struct list", collapsed=False, size=16, flags="H",
                            sites={S.site("head")})
    hn = head.edge(8)
    assert hn != head
    hn.expect(type="struct list", collapsed=False, size=16, flags="H", sites={S.site("fill")})
    m["argv"].expect(has="I")


@case("robustness.c")
def robustness(G, S):
    w = G["weird"]
    assert w["lp"] == w["it"], "&it->link points into it's node"
    assert w["back"] == w["it"], "container_of(lp, ...) points to the same object as it"
    assert w["g"] == w["f"], "g was copied from f through a byte buffer"


@case("multi_tu", files=["alloc.c", "use.c"])
def multi_tu(G, S):
    site = S.site("new")
    assert site.startswith("alloc.c:")
    nn = G["node_new"]
    n = nn["n"].expect(type="struct node", collapsed=False, size=16, has="H", lacks="SGUAE",
                       sites={site})
    assert nn.ret == n
    n.edge(8, to=nn["next"])
    ns = G["node_sum"]["n"].expect(type="struct node", collapsed=False, size=16, has="I",
                                   lacks="HSGUAE")
    ns.edge(8, to=ns)
    m = G["main"]
    a, b = m["a"], m["b"]
    assert a != b, "two lists built by node_new from the other file: two nodes"
    # node_sum walks n = n->next, so passing a to it folds a's two objects into one node.
    a.edge(8, to=a)
    for x in (a, b):
        x.expect(type="struct node", collapsed=False, size=16, has="H", lacks="SGUAE",
                 sites={site})
    g = G.globals
    g["&g_root"].expect(type="struct node *", collapsed=False, size=8, has="G", lacks="HSUAE")
    g.pointee("g_root").expect(type="struct node", collapsed=False, size=16, has="H",
                               lacks="SGUAE", sites={site})


@case("int_roundtrip.c")
def int_roundtrip(G, S):
    m = G["main"]
    a, b, p = m["a"], m["b"], m["p"]
    assert m["q"] == p, "what is stored through parent(b) is read back through a"
    a.expect(type=None, collapsed=True, has="HU", lacks="SE")
    assert S.site("a") in a.alloc_sites
    a.reason_at(S.find("(uintptr_t)p"), S.find("(struct tn *)(n->parent_color"))
    assert p in a.targets()
    p.expect(type="struct payload", collapsed=False, size=4, flags="H", sites={S.site("p")})
    b.expect(type="struct tn", collapsed=False, size=24, flags="H", sites={S.site("b")})
    assert distinct(a, b, p)


@case("va_list_pass.c")
def va_list_pass(G, S):
    m = G["main"]
    a = m["a"].expect(type="struct list", collapsed=False, size=16, flags="H",
                      sites={S.site("a")})
    a.edge(8).expect(type="struct list", collapsed=False, size=16, flags="H",
                     sites={S.site("vfill")})
    pr = m["&pr"].expect(type="struct pair", collapsed=False, size=16, flags="S")
    first, second = pr.edge(0), pr.edge(8)
    # One va_arg node per callee: the two fields of the pair meet there.
    assert first == second
    first.expect(type="struct list", collapsed=False, size=16, flags="H",
                 sites={S.site("first"), S.site("second")})
    first.edge(8, to=first)
    v = G["vfill"]
    v["l"].expect(type="struct list", collapsed=False, has="I", lacks="HSGUE")
    v["l"].edge(8).expect(has="H", sites={S.site("vfill")})


@case("container_of.c")
def container_of(G, S):
    io = G["item_of"]
    assert io.ret == io["l"], "item_of returns the object its argument points into"
    io.ret.expect(collapsed=False, has="I", lacks="HSGUE")
    m = G["main"]
    it, other = m["it"], m["other"]
    assert m["back"] == it
    it.expect(type="struct item", collapsed=False, size=16, flags="H", sites={S.site("it")})
    other.expect(type=None, collapsed=True, has="H", lacks="SGUE", sites={S.site("other")})
    other.reason_at(S.span("step", "c += n"))
    assert it != other
    G["key_at"]["x"].expect(collapsed=True, has="I").reason_at(S.span("step", "c += n"))


@case("funcptr_unknown.c")
def funcptr_unknown(G, S):
    m = G["main"]
    l = m["l"].expect(type="struct list", collapsed=False, size=16, has="HE", lacks="SGU",
                      sites={S.site("l")})
    l.reason_at(S.span("call", "h(l)"))
    m["h"].expect(has="E")


@case("same_tag", files=["a.c", "b.c"])
def same_tag(G, S):
    a = G["make_a"]["n"].expect(type="struct node", collapsed=False, size=16, has="H",
                                sites={S.site("a")})
    a.edge(8, to=a)
    b = G["sum_b"]["n"].expect(type="struct node", collapsed=False, size=24, flags="H",
                               sites={S.site("b")})
    b.edge(16, to=b)
    assert set(b.edges) == {16}, "b.c's struct node has its pointer at 16, not a.c's 8"


# ----------------------------------------------------------------------------------------
# Tests


CASE_NAMES = sorted(CASES)


def test_every_case_file_has_expectations():
    on_disk = {p.name for p in GRAPHS_DIR.iterdir()
               if p.suffix == ".c" or (p.is_dir() and any(p.glob("*.c")))}
    assert on_disk == set(CASES), (
        f"cases without expectations: {sorted(on_disk - set(CASES))}; "
        f"expectations without a case: {sorted(set(CASES) - on_disk)}")


@pytest.mark.parametrize("name", CASE_NAMES)
def test_case_is_valid_c(name, tmp_path):
    compile_objects(CASES[name], tmp_path)


@pytest.mark.parametrize("name", CASE_NAMES)
def test_graph_dump_is_well_formed(name, ptrcomp):
    c = CASES[name]
    check_well_formed(dump_json(c), c.files)


@pytest.mark.parametrize("name", CASE_NAMES)
def test_one_graph_per_defined_function(name, ptrcomp, tmp_path):
    c = CASES[name]
    names = [g["function"] for g in dump_json(c)["graphs"]]
    expected = defined_functions(compile_objects(c, tmp_path))
    assert set(names) == expected, (
        f"one graph per function defined in the program (not in system headers): "
        f"extra {sorted(set(names) - expected)}, missing {sorted(expected - set(names))}")


@pytest.mark.parametrize("name", CASE_NAMES)
def test_graph_expectations(name, ptrcomp):
    c = CASES[name]
    c.check(Graphs(dump_json(c)), Source(c.dir, c.files))


@pytest.mark.parametrize("name", ["paper_fig4.c", "funcptr_indirect.c", "union_ptrs.c",
                                  "mutual_recursion.c", "robustness.c", "multi_tu"])
def test_dump_is_deterministic(name, ptrcomp):
    c = CASES[name]
    first = dump(c).stdout
    assert first.strip(), "empty output"
    for _ in range(2):
        assert dump(c).stdout == first, "two runs on the same input printed different graphs"
    dot = dump(c, fmt="dot").stdout
    assert dump(c, fmt="dot").stdout == dot


@pytest.mark.parametrize("name,function", [("paper_fig4.c", "Length"),
                                           ("paper_fig4.c", "Testlists"),
                                           ("multi_tu", "main")])
def test_dump_graph_of_one_function(name, function, ptrcomp):
    c = CASES[name]
    everything = dump_json(c)
    one = dump_json(c, what=function)
    assert [g["function"] for g in one["graphs"]] == [function]
    [full] = [g for g in everything["graphs"] if g["function"] == function]
    assert canonical(one["graphs"][0]) == canonical(full), (
        "the filtered graph differs from the same function's graph in --dump-graph=all")


@pytest.mark.parametrize("name", ["paper_fig4.c", "mutual_structs.c", "multi_tu"])
def test_dot_output(name, ptrcomp, tmp_path):
    c = CASES[name]
    data = dump_json(c)
    dot = dump(c, fmt="dot").stdout
    assert dot.strip(), "empty DOT output"
    assert dot.lstrip().startswith("digraph"), dot[:200]
    types = {n["type"] for g in data["graphs"] + [data["globals"]] for n in g["nodes"]
             if n["type"]}
    for t in sorted(types):
        assert t in dot, f"node type {t!r} does not appear in the DOT output"
    # Graphviz itself must accept it (scripts/bootstrap.sh installs it).
    assert shutil.which("dot"), "graphviz's dot is not installed (run scripts/bootstrap.sh)"
    src = tmp_path / "graphs.dot"
    src.write_text(dot)
    r = tl.run(["dot", "-Tsvg", src, "-o", tmp_path / "graphs.svg"])
    assert r.returncode == 0, f"dot rejects the output:\n{r.stderr}"
