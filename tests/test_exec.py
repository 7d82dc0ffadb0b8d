"""Differential execution tests: every tests/exec/<name>.c is transformed by ptrcomp, the
original and the output are built with gcc and clang at -O2 (the output with -Wall -Wextra
-Werror) and run, and their stdout and exit status must be identical; the output also runs
under ASan+UBSan. The report must say what the program's comments expect.

Directives, in comments of the .c file (each on its own line):

    // ARGS: 2000                       program arguments (shell syntax; optional)
    // PTRCOMP-ARGS: --index-bits=16    extra ptrcomp options (shell syntax; optional)
    // CFLAGS: -DNDEBUG                 compiler flags for ptrcomp's parse and for both
                                        builds (shell syntax; optional)
    // EXPECT: {"type": "struct node", "owner": "main", "indexed": true, ...}

Every EXPECT is a JSON object compared with the structures of `--report=json`. A structure
matches when it has every given key with an equal value, except for these keys:
- "reason": a substring of one of the structure's reasons;
- "note": a substring of one of the structure's notes (a list: each one is);
- "pooled": true when the structure's "pool" is not null, false when it is null;
- "todo": true marks the ideal result that the tool does not reach yet (a known limitation);
  such an expectation is its own test, a strict xfail: the day the tool reaches it the test
  fails (XPASS), so the expectation must then become a requirement.
The EXPECTs without "todo" of one file must match distinct structures (two equal EXPECTs
ask for two such structures).

The transformation must also be deterministic: test_deterministic runs ptrcomp twice on a
few programs and compares the outputs and reports byte for byte.
"""
import json
import re
import pathlib
import shlex
import shutil

import pytest

import ptrcomp_testlib as tl

EXEC_DIR = pathlib.Path(__file__).resolve().parent / "exec"
# tests/legality/: programs that a rule (tool/rules/) leaves unchanged, with its reason.
LEGALITY_DIR = EXEC_DIR.parent / "legality"
CASES = sorted(EXEC_DIR.glob("*.c")) + sorted(LEGALITY_DIR.glob("*.c"))
CRASH_MARKERS = ("Stack dump", "Assertion", "PLEASE submit a bug report")
SPECIAL_KEYS = {"reason", "note", "pooled", "todo"}
DETERMINISM_CASES = ["paper_two_lists", "graph_mutual", "hash_buckets", "typedefs",
                     "pool_in_loop"]
# Programs whose new layouts cover each kind of member (reordered, kept in source order,
# bit-fields, arrays of indices, pointers to arrays of indices, 16-bit indices).
LAYOUT_SIZE_CASES = ["layout_reorder", "layout_reorder_kept", "layout_bitfields",
                     "child_arrays", "node_pointer_arrays", "index16"]


def directives(path):
    """(program args, ptrcomp args, [expectation dicts]) from the comments of a test."""
    args, ptrcomp_args, _, expects = all_directives(path)
    return args, ptrcomp_args, expects


def cflags(path):
    """The // CFLAGS: of a test: given to ptrcomp after -- and to both builds."""
    return all_directives(path)[2]


def all_directives(path):
    args, ptrcomp_args, flags, expects = [], [], [], []
    for lineno, line in enumerate(path.read_text().splitlines(), 1):
        text = line.strip()
        if not text.startswith("//"):
            continue
        text = text[2:].strip()
        key, sep, value = text.partition(":")
        if not sep:
            continue
        value = value.strip()
        if key == "ARGS":
            args = shlex.split(value)
        elif key == "PTRCOMP-ARGS":
            ptrcomp_args = shlex.split(value)
        elif key == "CFLAGS":
            flags = shlex.split(value)
        elif key == "EXPECT":
            try:
                e = json.loads(value)
            except json.JSONDecodeError as err:
                raise ValueError(f"{path.name}:{lineno}: bad EXPECT JSON: {err}") from None
            if not isinstance(e, dict) or not e:
                raise ValueError(f"{path.name}:{lineno}: EXPECT must be a non-empty object")
            expects.append(e)
    return args, ptrcomp_args, flags, expects


def matches(expect, structure):
    for key, want in expect.items():
        if key == "todo":
            continue
        if key in ("reason", "note"):
            for w in want if isinstance(want, list) else [want]:
                if not any(w in r for r in structure.get(key + "s") or []):
                    return False
        elif key == "pooled":
            if (structure.get("pool") is not None) != want:
                return False
        elif key not in structure or structure[key] != want:
            return False
    return True


def assign(expects, structures):
    """An injective assignment of expectations to matching structures, or None."""
    used = set()

    def go(i):
        if i == len(expects):
            return True
        for j, s in enumerate(structures):
            if j not in used and matches(expects[i], s):
                used.add(j)
                if go(i + 1):
                    return True
                used.discard(j)
        return False

    return go(0)


def transform(case, outdir, extra_args):
    """Run ptrcomp on one case into outdir; returns (transformed file, report dict)."""
    r = tl.run_ptrcomp(case.name, "-o", outdir, "--report=json", *extra_args, "--",
                       "-std=gnu11", *cflags(case), cwd=case.parent)
    crash = [m for m in CRASH_MARKERS if m in r.stderr]
    assert r.returncode == 0 and not crash, (
        f"ptrcomp failed on {case.name} (exit {r.returncode}):\n{r.stderr[-4000:]}")
    out = pathlib.Path(outdir) / case.name
    assert out.exists(), f"ptrcomp wrote no {out}:\n{r.stderr[-2000:]}"
    try:
        report = json.loads(r.stdout)
    except json.JSONDecodeError as err:
        raise AssertionError(f"report is not JSON ({err}):\n{r.stdout[:2000]}") from None
    assert isinstance(report.get("structures"), list), f"report without structures:\n{report}"
    return out, report


def _params():
    main, todo = [], []
    for case in CASES:
        main.append(pytest.param(case, id=case.stem))
        _, _, expects = directives(case)
        for k, e in enumerate(expects):
            if e.get("todo"):
                todo.append(pytest.param(
                    case, e, id=f"{case.stem}-{k}",
                    marks=pytest.mark.xfail(strict=True,
                                            reason="ideal result, not reached yet")))
    return main, todo


MAIN_PARAMS, TODO_PARAMS = _params()


def _describe(report):
    return json.dumps(report.get("structures"), indent=1, sort_keys=True)[:6000]


@pytest.mark.parametrize("case", MAIN_PARAMS)
def test_exec(case, ptrcomp, tmp_path):
    args, ptrcomp_args, expects = directives(case)
    required = [e for e in expects if not e.get("todo")]
    out, report = transform(case, tmp_path / "out", ptrcomp_args)
    structures = report["structures"]
    problems = []
    if not assign(required, structures):
        unmatched = [e for e in required if not any(matches(e, s) for s in structures)]
        problems.append("report does not meet the expectations"
                        + (f" (no structure matches {unmatched})" if unmatched
                           else " (too few distinct structures)")
                        + f"\nstructures: {_describe(report)}")
    if any(e.get("indexed") or e.get("pooled") for e in required):
        if out.read_text() == case.read_text():
            problems.append("report promises pools but the output is the unchanged input")
    try:
        tl.check_same_behaviour([case], [out], tmp_path, args=args,
                                original_flags=cflags(case), transformed_flags=cflags(case))
    except AssertionError as err:
        problems.append(f"behaviour: {err}")
    assert not problems, "\n\n".join(problems)


def noop_lines(diff_text):
    """Lines a unified diff removes and adds back unchanged within one change block."""
    found, removed, added = [], [], []

    def flush():
        found.extend(line for line in removed if line in added)
        removed.clear()
        added.clear()

    for line in diff_text.splitlines():
        if line.startswith(("---", "+++")):
            continue
        if line.startswith("-"):
            if added:
                flush()
            removed.append(line[1:])
        elif line.startswith("+"):
            added.append(line[1:])
        else:
            flush()
    flush()
    return found


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_diff_changes_only_what_changes(case, ptrcomp):
    """--diff shows no line that the transformation leaves as it was."""
    _, ptrcomp_args, _ = directives(case)
    r = tl.run_ptrcomp(case.name, "--diff", *ptrcomp_args, "--", "-std=gnu11",
                       *cflags(case), cwd=case.parent)
    assert r.returncode == 0, r.stderr[-3000:]
    same = noop_lines(r.stdout)
    assert not same, "edits that change nothing:\n" + "\n".join(same[:10])


@pytest.mark.parametrize("case, expect", TODO_PARAMS)
def test_exec_todo(case, expect, ptrcomp, tmp_path):
    _, ptrcomp_args, _ = directives(case)
    _, report = transform(case, tmp_path / "out", ptrcomp_args)
    assert any(matches(expect, s) for s in report["structures"]), (
        f"no structure matches {expect}\nstructures: {_describe(report)}")


@pytest.mark.parametrize("name", DETERMINISM_CASES)
def test_deterministic(name, ptrcomp, tmp_path):
    case = EXEC_DIR / f"{name}.c"
    _, ptrcomp_args, _ = directives(case)
    runs = []
    for k in range(2):
        r = tl.run_ptrcomp(case.name, "-o", tmp_path / f"out{k}", "--report=json",
                           *ptrcomp_args, "--", "-std=gnu11", *cflags(case),
                           cwd=case.parent)
        assert r.returncode == 0, f"ptrcomp failed:\n{r.stderr[-3000:]}"
        runs.append(((tmp_path / f"out{k}" / case.name).read_bytes(), r.stdout))
    assert runs[0][0] == runs[1][0], "two runs gave different output files"
    assert runs[0][1] == runs[1][1], "two runs gave different reports"


@pytest.mark.parametrize("name", LAYOUT_SIZE_CASES)
def test_layout_sizes_are_the_compilers(name, ptrcomp, tmp_path):
    """The report's size_before and size_after of each pool's objects are what the
    compilers take for sizeof the original struct and the new layout in the output."""
    case = EXEC_DIR / f"{name}.c"
    _, ptrcomp_args, _ = directives(case)
    out, report = transform(case, tmp_path / "out", ptrcomp_args)
    sizes = set()
    for s in report["structures"]:
        if s.get("layout"):
            sizes.add((s["type"], s["size_before"]))
            sizes.add((s["layout"], s["size_after"]))
    assert sizes, f"no layout in the report of {name}"
    check = tmp_path / case.name
    check.write_text(out.read_text() + "\n" + "".join(
        f'_Static_assert(sizeof({t}) == {n}, "sizeof({t}) is not {n}");\n'
        for t, n in sorted(sizes)))
    for cc in tl.COMPILERS:
        r = tl.run([cc, "-std=gnu11", "-fsyntax-only", "-I", tl.RUNTIME_INCLUDE, check])
        assert r.returncode == 0, f"{cc}:\n{r.stderr[-3000:]}"


def test_cases_are_well_formed():
    """Every program has at least one expectation and the suite has enough programs."""
    assert len(CASES) >= 30
    for case in CASES:
        _, _, expects = directives(case)
        assert expects, f"{case.name}: no // EXPECT: line"
        for e in expects:
            assert "type" in e, f"{case.name}: EXPECT without a type: {e}"


def test_multi_tu_through_compile_commands(ptrcomp, tmp_path):
    """A struct in a shared header, functions in two files, flags from -p: the header's
    layout is written once, the clones cross the files, and the program behaves the same."""
    import shutil
    src = tmp_path / "src"
    shutil.copytree(tl.ROOT / "tests" / "graphs" / "multi_tu", src)
    db = [{"directory": str(src), "file": f, "arguments": ["cc", "-std=gnu11", "-c", f]}
          for f in ("alloc.c", "use.c")]
    (src / "compile_commands.json").write_text(json.dumps(db))
    out = tmp_path / "out"
    r = tl.run_ptrcomp("-p", src, "-o", out, "--report=json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert any(s["compressed"] and s["owner"] == "main" for s in report["structures"])
    header = (out / "node.h").read_text()
    assert header.count("struct node_pc32 {") == 1
    tl.check_same_behaviour([src / "alloc.c", src / "use.c"],
                            [out / "alloc.c", out / "use.c"], tmp_path)


def test_multi_tu_global_root_through_compile_commands(ptrcomp, tmp_path):
    """A global tree root defined in one file, functions taking its nodes in another,
    prototypes in a shared header, a debugging function nobody calls: the global pool is
    defined once, the functions are renamed in every file, the program behaves the same."""
    import shutil
    src = tmp_path / "src"
    shutil.copytree(EXEC_DIR.parent / "exec_multi" / "global_tree", src)
    files = ("main.c", "tree.c", "walk.c")
    db = [{"directory": str(src), "file": f,
           "arguments": ["cc", "-std=gnu11", "-O2", "-c", f]} for f in files]
    (src / "compile_commands.json").write_text(json.dumps(db))
    out = tmp_path / "out"
    r = tl.run_ptrcomp("-p", src, "-o", out, "--report=json")
    assert r.returncode == 0, r.stderr
    sym = [s for s in json.loads(r.stdout)["structures"] if s["type"] == "struct sym"]
    assert len(sym) == 1 and sym[0]["owner"] == "(global)", sym
    assert sym[0]["compressed"] and sym[0]["index_bits"] == 32, sym
    texts = {f: (out / f).read_text() for f in files}
    pool = sym[0]["pool"]
    defined = [f for f in files if f"pc_pool {pool} = PC_POOL_INIT" in texts[f]]
    assert defined == ["main.c"], defined
    assert (out / "tree.h").read_text().count("struct sym_pc32 {") == 1
    tl.check_same_behaviour([src / f for f in files], [out / f for f in files], tmp_path,
                            args=["500"])


@pytest.mark.parametrize("defined", ["tentative", "initialised"])
@pytest.mark.parametrize("mode", ["command", "steps"])
def test_multi_tu_global_sentinel(ptrcomp, tmp_path, mode, defined):
    """A global sentinel node declared `extern` in a header, defined in one file and
    linked to heap nodes in both: it moves into the pool, every declaration of it becomes
    the index of its object (the first in each file; the definition after the header's
    is left empty), and the program behaves the same, run as one command and as the four
    steps of a build system. Defined tentatively (made zeroed), or initialised to point
    to itself with a key of -1 that main prints: then lru.c, which defines it, writes the
    pool's image, and main.c, which defines the pool, declares it."""
    import shutil
    import test_step_mode
    src = tmp_path / "src"
    shutil.copytree(EXEC_DIR.parent / "exec_multi" / "global_sentinel", src)
    if defined == "initialised":
        lru_c = (src / "lru.c").read_text()
        lru_c = lru_c.replace("struct entry lru;", "struct entry lru = { &lru, &lru, -1, 0 };")
        lru_c = lru_c.replace("lru.newer = lru.older = &lru;", "lru.value = 0;")
        (src / "lru.c").write_text(lru_c)
    files = ["lru.c", "main.c"]
    if mode == "steps":
        out_files, report, _ = test_step_mode.steps(files, src, tmp_path / "steps",
                                                    ["-std=gnu11"])
        out = tmp_path / "steps" / "out"
    else:
        out = tmp_path / "out"
        r = tl.run_ptrcomp(*[src / f for f in files], "-o", out, "--report=json",
                           "--", "-std=gnu11")
        assert r.returncode == 0, r.stderr
        report = r.stdout
    entry = [s for s in json.loads(report)["structures"] if s["type"] == "struct entry"]
    assert len(entry) == 1 and entry[0]["compressed"], entry
    [moved] = entry[0]["moved_into_pool"]
    assert moved.startswith("global 'lru' (") and moved.endswith("lru.c:5:14)"), entry
    pool = entry[0]["pool"]
    header = (out / "lru.h").read_text()
    assert f"enum {{ lru = 1 /* ptrcomp: object 1 of pool {pool} */ }};" in header, header
    lru_c, main_c = (out / "lru.c").read_text(), (out / "main.c").read_text()
    assert "/* ptrcomp: 'lru' is an index into a pool, declared above */;" in lru_c
    image = f"const struct entry_pc32 {pool}_image[1]"
    if defined == "initialised":
        assert image + " = {\n    [0] = {.newer = lru, .older = lru, .key = -1}\n};" in lru_c
        assert "extern " + image + ";" in main_c and image + " =" not in main_c
        assert f"PC_POOL_INIT_IMAGE(sizeof(struct entry_pc32), 32, " in main_c
    else:
        assert image not in lru_c + main_c
    tl.check_same_behaviour([src / f for f in files], [out / f for f in files], tmp_path,
                            args=["500"], original_flags=["-std=gnu11"],
                            transformed_flags=["-std=gnu11"])


@pytest.mark.parametrize("mode", ["command", "steps"])
def test_multi_tu_static_local_sentinel(ptrcomp, tmp_path, mode):
    """A list made circular through a static local sentinel of list.c (`static struct node
    head = { -1, &head };` in the function that returns it), walked by main.c: the
    sentinel moves into the pool, its declaration becomes the index of its object, and
    list.c writes the pool's image with the number of the object for `&head`, whose name
    means nothing outside its function."""
    import shutil
    import test_step_mode
    src = tmp_path / "src"
    shutil.copytree(EXEC_DIR.parent / "exec_multi" / "static_sentinel", src)
    files = ["list.c", "main.c"]
    if mode == "steps":
        out_files, report, _ = test_step_mode.steps(files, src, tmp_path / "steps", [])
        out = tmp_path / "steps" / "out"
    else:
        out = tmp_path / "out"
        r = tl.run_ptrcomp(*[src / f for f in files], "-o", out, "--report=json")
        assert r.returncode == 0, r.stderr
        report = r.stdout
    [node] = [s for s in json.loads(report)["structures"] if s["type"] == "struct node"]
    assert node["compressed"], node
    [moved] = node["moved_into_pool"]
    assert moved.startswith("static local 'head' of head_of (") and \
        moved.endswith("list.c:5:22)"), node
    pool = node["pool"]
    list_c = (out / "list.c").read_text()
    assert f"  enum {{ head = 1 /* ptrcomp: object 1 of pool {pool} */ }};\n" in list_c
    assert (f"const struct node_pc32 {pool}_image[1] = {{\n    [0] = {{.key = -1, .next = 1}}"
            "\n};") in list_c, list_c
    tl.check_same_behaviour([src / f for f in files], [out / f for f in files], tmp_path)


def test_multi_tu_sys_queue_steps(ptrcomp, tmp_path):
    """<sys/queue.h> SLIST across two files, run as the four steps of a build system
    (--summarize, --link, --apply, --finish): the events and the queue holding their
    head (allocated in the other file) are compressed, the header's structs get their
    layouts once, and the program behaves the same."""
    import test_step_mode
    src = EXEC_DIR.parent / "exec_multi" / "queue_events"
    files = ["events.c", "main.c"]
    out_files, report, _ = test_step_mode.steps(files, src, tmp_path / "steps",
                                                ["-std=gnu11"])
    structures = {s["type"]: s for s in json.loads(report)["structures"]}
    for t in ("struct event", "struct evqueue"):
        assert t in structures and structures[t]["compressed"], structures
        assert structures[t]["owner"] == "main", structures[t]
    out = tmp_path / "steps" / "out"
    header = (out / "events.h").read_text()
    assert header.count("struct event_pc32 {") == 1 and "pc_idx32 sle_next;" in header
    tl.check_same_behaviour([src / f for f in files], [out / f for f in files], tmp_path,
                            args=["500"], original_flags=["-std=gnu11"],
                            transformed_flags=["-std=gnu11"])


@pytest.mark.parametrize("named", ["plain", "dotdot"])
def test_inputs_named_with_dotdot(ptrcomp, tmp_path, named):
    """The practice corpus's klib builds test/kmin_test.c with ../kmath.c, and a build in a
    directory of its own names every source as ../x.c. The same program, exec_multi/
    corpus_dotdot (a hash table whose unit kv.c has a static function), named as main.c
    kv.c and, from a subdirectory, as ../main.c ../kv.c: both times its table is
    compressed and the program behaves the same. (ptrcomp used to exit 1 on the second:
    "'kv_hash' (../kv.c:6:17) is not what was summarized", the unit's name in the static
    function's key being `../kv.c` when summarized and its absolute path when applied.)"""
    src = tmp_path / "src"
    shutil.copytree(EXEC_DIR.parent / "exec_multi" / "corpus_dotdot", src)
    cwd = src
    files = ["main.c", "kv.c"]
    if named == "dotdot":
        cwd = src / "build"
        cwd.mkdir()
        files = ["../main.c", "../kv.c"]
    out = tmp_path / "out"
    r = tl.run_ptrcomp(*files, "-o", out, "--report=json", "--", "-std=gnu11", cwd=cwd)
    assert r.returncode == 0, r.stderr[-3000:]
    kv = [s for s in json.loads(r.stdout)["structures"] if s["type"] == "struct kv"]
    assert len(kv) == 1 and kv[0]["compressed"], kv
    tl.check_same_behaviour([src / "main.c", src / "kv.c"], [out / "main.c", out / "kv.c"],
                            tmp_path, original_flags=["-std=gnu11"],
                            transformed_flags=["-std=gnu11"])


@pytest.mark.parametrize("mode", [[], ["--mode=poolalloc"], ["--index-bits=16"]],
                         ids=["compress", "poolalloc", "index16"])
def test_line_numbers_in_a_header(ptrcomp, tmp_path, mode):
    """Headers ptrcomp edits get #line directives too, naming no file: a layout written in list.h, a clone of walk.h's static function in its
    place (poolalloc: a clone taking the pool), and the program prints __LINE__ and
    __FILE__ of both headers and both files as the original does."""
    src = EXEC_DIR.parent / "exec_multi" / "line_header"
    files = ["main.c", "stats.c"]
    out = tmp_path / "out"
    r = tl.run_ptrcomp(*files, "-o", out, "--report=json", *mode, "--", "-std=gnu11",
                       cwd=src)
    assert r.returncode == 0, r.stderr
    item = [s for s in json.loads(r.stdout)["structures"] if s["type"] == "struct item"]
    assert len(item) == 1 and item[0]["pool"], item
    directives = {}
    for name in ("list.h", "walk.h", "main.c", "stats.c"):
        text = (out / name).read_text()
        directives[name] = [line for line in text.splitlines() if line.startswith("#line")]
        # No name: the compiler keeps the one it gave the file (its __FILE__).
        assert all(re.fullmatch(r"#line \d+", line) for line in directives[name]), \
            directives
    assert directives["walk.h"] and directives["main.c"], directives
    if not mode or mode == ["--index-bits=16"]:
        assert directives["list.h"], "no directive after the layout in list.h"
    tl.check_same_behaviour([src / f for f in files], [out / f for f in files], tmp_path,
                            original_flags=["-std=gnu11"], transformed_flags=["-std=gnu11"])


HOOK_LIBRARY_C = r"""
#include <stdlib.h>
void *(*lib_malloc)(size_t) = malloc;
static void *(*lib_alloc2)(size_t) = malloc;
void lib_set_alloc(void *(*f)(size_t)) { lib_alloc2 = f; }
static void *(*lib_alloc3)(size_t) = malloc;
struct node { int k; struct node *next; };
long exported(int n) {
  struct node *h = NULL;
  for (int i = 0; i < n; i++) {
    struct node *x = lib_malloc(sizeof *x);
    if (!x) return -1;
    x->k = i; x->next = h; h = x;
  }
  long s = 0;
  for (struct node *p = h; p; p = p->next) s += p->k;
  while (h) { struct node *x = h->next; free(h); h = x; }
  return s;
}
long settable(int n) {
  struct node *h = NULL;
  for (int i = 0; i < n; i++) {
    struct node *x = lib_alloc2(sizeof *x);
    if (!x) return -1;
    x->k = i; x->next = h; h = x;
  }
  long s = 0;
  for (struct node *p = h; p; p = p->next) s += p->k;
  while (h) { struct node *x = h->next; free(h); h = x; }
  return s;
}
long private_hook(int n) {
  struct node *h = NULL;
  for (int i = 0; i < n; i++) {
    struct node *x = lib_alloc3(sizeof *x);
    if (!x) return -1;
    x->k = i; x->next = h; h = x;
  }
  long s = 0;
  for (struct node *p = h; p; p = p->next) s += p->k;
  while (h) { struct node *x = h->next; free(h); h = x; }
  return s;
}
"""


def test_allocation_hooks_of_a_library_without_main(ptrcomp, tmp_path):
    """A library (no main): its users may set an exported hook, or a static one through an
    exported setter, which only the finished graphs show (the entry points are marked after
    the call targets are found); the plan leaves those lists unchanged, naming the hook.
    A static hook nothing exported can reach holds only malloc: that list is pooled, and
    the output compiles warning-free."""
    src = tmp_path / "lib.c"
    src.write_text(HOOK_LIBRARY_C)
    r = tl.run_ptrcomp("lib.c", "-o", "out", "--report=json", "--", "-std=gnu11",
                       cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    by_owner = {s["owner"]: s for s in json.loads(r.stdout)["structures"]}
    for owner, hook in [("exported", "lib_malloc"), ("settable", "lib_alloc2")]:
        s = by_owner[owner]
        assert s["pool"] is None, s
        assert any(f"allocated through '{hook}'" in why and
                   "which code ptrcomp cannot see may set (escapes: " in why
                   for why in s["reasons"]), s
        assert s["hooks"] == [{"hook": hook, "targets": ["malloc"], "decision": "unchanged"}]
    s = by_owner["private_hook"]
    assert s["compressed"], s
    assert s["hooks"] == [{"hook": "lib_alloc3", "targets": ["malloc"],
                           "decision": "pool allocation"}]
    for cc in tl.COMPILERS:
        c = tl.compile_c([tmp_path / "out" / "lib.c"], tmp_path / f"lib-{cc}.o", cc,
                         ["-c", "-O2", "-Wall", "-Wextra", "-Werror", "-I", tl.RUNTIME_INCLUDE])
        assert c.returncode == 0, c.stderr
