#!/usr/bin/env python3
"""Runs ptrcomp on the test programs of a practice corpus of public C projects and checks
that every transformed program behaves as its original.

    python3 scripts/practice-corpus.py --corpus DIR [--quick] [--compilers gcc,clang-16]
                                       [--ptrcomp PATH] [-j N] [--keep DIR]

DIR holds clones of uthash, klib and libdict (absent ones are skipped; see README.md,
"Practice corpus"). The test programs of each project:
  - uthash: each tests/testN.c that has a testN.ans, as its tests/do_tests runs them;
  - klib: each test/*_test.c, with the other sources and the libraries that its rule in
    test/Makefile names (the sources named from the project's root: `test/../kmath.c`
    becomes `kmath.c`; ptrcomp used to stop on an input named with "..", our regression
    tests/exec_multi/corpus_dotdot in tests/test_exec.py);
  - libdict: unit_tests.c (CUnit) and the examples anagram.c, benchmark.c and demo.c, each
    with the library's src/*.c. The examples read a word list, the distinct words of the
    library's own sources; benchmark and demo run once per dictionary type, demo on a
    fixed script of commands.
For each of them the script
  - transforms the program's sources with `ptrcomp -o TMP --report=json` and the include
    flags of the project's own build (ptrcomp edits the project headers they include as
    needed, and writes those it changed into TMP);
  - builds original and output with each compiler, at `-O1 -g -fsanitize=address,undefined
    -fno-sanitize-recover=all` and at plain `-O2` (the output with the runtime flags of
    `ptrcomp --print-runtime-flags`);
  - runs both with the test's arguments and standard input (empty unless the test has
    one), in the test's own directory and under the same argv[0], and compares stdout,
    stderr and exit status. Normalised first, because they legitimately differ from run
    to run: timings that benchmark-style tests print (klib's, libdict's benchmark),
    printed addresses (0x...) and the process id in sanitizer reports. Leak checking is
    on, unless the original leaks too;
  - when the original itself has a sanitizer report (a bug of the test), counts only the
    output's reports that the original has in none of its runs (it runs up to five more
    times when the output has one that it lacks), and says so on the test's line. When
    that report is UBSan's, it also builds both again with ASan alone (`-O1 -g
    -fsanitize=address`) and compares those, so that the rest of the test still runs
    under ASan;
  - counts the structures of the report with "compressed": true.

A test is "different" (stdout, stderr or exit status differ), "sanitizer" (the output's
sanitized build reports an error that the original's does not), "ptrcomp failure"
(ptrcomp exits non-zero, says "internal" or crashes, or its output does not compile) or
"same". A test whose original does not build here is skipped with the reason. The script
prints a line per test and a table with a row per project: tests run, each outcome, and
structures compressed of those the reports list. The exit status is 1 when any test is
not "same" or skipped (2 on a usage error). `--quick` runs a fixed subset of ten programs
(QUICK below). `--keep DIR` keeps the work tree (transformed sources, binaries, reports)
in DIR. tests/test_practice_corpus.py runs the quick part of uthash in the test suite.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

CONFIGS = {"asan": ["-O1", "-g", "-fsanitize=address,undefined",
                    "-fno-sanitize-recover=all"],
           "O2": ["-O2"]}
# When the original's ASan+UBSan build stops at a UBSan report of its own (a bug of the
# test), both are built again with ASan alone, so that the rest of the test still runs
# under ASan.
ASAN_ALONE = ["-O1", "-g", "-fsanitize=address"]
SANITIZER = re.compile(r"ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: \w+Sanitizer")
CRASH = ("internal", "Stack dump", "PLEASE submit a bug report", "Assertion")
TIMING = (re.compile(r"\d+\.\d+(?= ?(s|sec|secs|seconds)\b)"), "<time>")
ADDRESS = (re.compile(r"0x[0-9a-fA-F]{5,}"), "<address>")
PID = (re.compile(r"^==\d+==", re.M), "==<pid>==")
LINE_END_TIME = (re.compile(r"(?<=[:\t]) *\d+\.\d+(?= *(\(|$))", re.M), "<time>")
# The --quick subset: uthash's hash tables (test1), two tests that read .dat inputs
# (test11, test65, an LRU cache), and a utlist list and utstring strings that ptrcomp
# compresses (test32, test47); klib's intrusive AVL tree, klist's memory pool, kseq
# reading its data file and the range-minimum tree; libdict's demo on every dictionary.
QUICK = {"uthash": ["test1", "test11", "test32", "test47", "test65"],
         "klib": ["kavl-lite_test", "klist_test", "kseq_test", "krmq_test"],
         "libdict": ["demo"]}
DEMO_SCRIPT = ("insert apple red\ninsert pear green\ninsert fig purple\ninsert kiwi brown\n"
               "insert apple again\nsearch pear\nsearch plum\nsearchle grape\nsearchlt fig\n"
               "searchge grape\nsearchgt pear\nshow\nreverse\ncount\nremove pear\n"
               "remove plum\nshow\nclear\ncount\nquit\n")


@dataclass
class Test:
    project: str
    name: str
    root: Path                 # the project's directory
    sources: list              # paths relative to root; the first defines main
    includes: list             # include directories relative to root
    flags: list = field(default_factory=list)   # other compiler flags (-D, -std)
    libs: list = field(default_factory=list)
    runs: list = field(default_factory=lambda: [([], None)])  # (args, stdin text)
    normalise: list = field(default_factory=lambda: [TIMING, ADDRESS, PID])


# ---------------------------------------------------------------- the corpus projects

def uthash_tests(root):
    tests = []
    for c in sorted((root / "tests").glob("test*.c"), key=lambda p: (len(p.stem), p.stem)):
        if c.stem[4:].isdigit() and c.with_suffix(".ans").exists():   # as tests/do_tests
            tests.append(Test("uthash", c.stem, root, [f"tests/{c.name}"], ["src"]))
    return tests


def klib_tests(root):
    """test/*_test.c; extra sources, libraries and flags from the rule of test/Makefile."""
    makefile = (root / "test" / "Makefile").read_text()
    args = {"kseq_test": ["kseq_test.dat"],  # the input beside it; ketopt's own example:
            "ketopt_test": shlex.split("-xy1 -x arg1 -y -x -- arg2 -x")}
    tests = []
    for c in sorted((root / "test").glob("*_test.c")):
        rule = re.search(rf"^{re.escape(c.stem)}:.*\n\t+(.*)$", makefile, re.M)
        words = shlex.split(rule[1]) if rule else []
        # ../kmath.c named from the root, as kmath.c (as the project's root names it)
        extra = [os.path.normpath(f"test/{w}") for w in words
                 if w.endswith(".c") and w != c.name]
        libs = [w for w in words if w.startswith(("-l", "-f"))] + ["-lm"]  # kmath.c
        norm = [TIMING, ADDRESS, PID] + ([LINE_END_TIME] if c.stem in ("ksort_test", "kbit_test")
                                    else [])
        tests.append(Test("klib", c.stem, root, [f"test/{c.name}", *extra], ["."],
                          libs=libs, runs=[(args.get(c.stem, []), None)], normalise=norm))
    return tests


def libdict_tests(root, work):
    """unit_tests.c (CUnit, as `make test`) and the example programs, each linked with the
    library's sources as GNUmakefile does. The examples read a word list: the distinct
    words of the project's own sources, one per line."""
    lib = sorted(f"src/{p.name}" for p in (root / "src").glob("*.c"))
    words = sorted({w for p in sorted(root.glob("src/*.[ch]")) for w in
                    re.findall(r"[a-z][a-z_]{2,}", p.read_text(errors="replace"))})
    wordfile = work / "libdict-words.txt"
    wordfile.write_text("\n".join(words) + "\n")
    types = "hprtswSH2"
    progs = {"unit_tests": ([([], None)], ["-lcunit"]),
             "anagram": ([([str(wordfile)], None)], []),
             "benchmark": ([([t, str(wordfile)], None) for t in types], []),
             "demo": ([([t], DEMO_SCRIPT) for t in types], [])}
    return [Test("libdict", name, root, [f"{name}.c", *lib], ["include", "src"],
                 flags=["-std=c11"], libs=libs, runs=runs)
            for name, (runs, libs) in progs.items() if (root / f"{name}.c").exists()]


PROJECTS = {"uthash": lambda root, work: uthash_tests(root),
            "klib": lambda root, work: klib_tests(root),
            "libdict": libdict_tests}


# ---------------------------------------------------------------- running one test

def run(cmd, cwd=None, timeout=600, env=None, input=None, argv0=None):
    """Run cmd; with argv0, the program cmd[0] runs under that name (the same in both
    builds, so messages that print it agree)."""
    cmd = [str(c) for c in cmd]
    exe, cmd = (cmd[0], [argv0, *cmd[1:]]) if argv0 else (None, cmd)
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace",
                           timeout=timeout, env=env, input=input or "",
                           executable=exe)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", "", f"timed out after {timeout} s"


def compile_c(cc, test, place, includes, flags, out, extra=()):
    """Build test's sources, found at place(path relative to the project), into `out`, in
    the directory of the main source, naming the sources relative to it (their __FILE__
    is then the same in both builds)."""
    cwd = place(Path(test.sources[0]).parent)
    names = [os.path.relpath(place(s), cwd) for s in test.sources]
    incs = [f"-I{d}" for d in includes]
    return run([cc, *flags, *test.flags, *incs, *names, "-o", out, *extra, *test.libs],
               cwd=cwd)


def output_tree(test, out):
    """Where the files of the project are in ptrcomp's -o tree, and its include flags.
    The tree holds the sources and the changed headers at their paths relative to their
    common directory: that is the project's root when a header outside the sources'
    directory changed, else the sources' directory. Unchanged headers stay where they
    are: the include flags name the tree's directory first, then the project's."""
    parts = Path(test.sources[0]).parts
    k = next(k for k in range(len(parts)) if (out / Path(*parts[k:])).exists())
    place = lambda p: out / Path(*Path(p).parts[k:])
    includes = []
    for d in test.includes:
        if k == 0 or Path(d).parts[:k] == parts[:k]:
            includes.append(place(d))
        includes.append(test.root / d)
    return place, includes


def normalise(test, text):
    for pattern, repl in test.normalise:
        text = pattern.sub(repl, text)
    return text


def check(test, args):
    """Transform, build and run one test; returns (status, detail, compressed, total,
    vetoes) with status one of same, different, sanitizer, ptrcomp, skipped."""
    work = args.work / test.project / test.name
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    cwd = test.root / Path(test.sources[0]).parent
    argv0 = f"./{Path(test.sources[0]).stem}"
    # The original must build with every compiler and configuration, else skip.
    for cc in args.compilers:
        for cfg, flags in CONFIGS.items():
            rc, _, err = compile_c(cc, test, lambda p: test.root / p,
                                   [test.root / d for d in test.includes], ["-w", *flags],
                                   work / f"orig-{cc}-{cfg}")
            if rc != 0:
                return "skipped", f"original does not build with {cc}: " + \
                    (err.strip().splitlines() or ["?"])[-1], 0, 0, 0
    out = work / "out"
    # PTRCOMP_DEBUG_LEGALITY: a gap in the legality check says "internal: ..." (README).
    rc, report, err = run([args.ptrcomp, *test.sources, "-o", out, "--report=json", "--",
                           *test.flags, *[f"-I{test.root / d}" for d in test.includes]],
                          cwd=test.root, env=dict(os.environ, PTRCOMP_DEBUG_LEGALITY="1"))
    (work / "ptrcomp.stderr").write_text(err)
    (work / "report.json").write_text(report)
    if rc != 0 or any(m in err for m in CRASH):
        return "ptrcomp", f"ptrcomp exit {rc}: " + " | ".join(err.strip().splitlines()[-3:]), 0, 0, 0
    structures = json.loads(report)["structures"]
    counts = (sum(1 for s in structures if s.get("compressed")), len(structures),
              sum(1 for s in structures for r in s.get("reasons") or []
                  if "would not compile" in r))
    place, includes = output_tree(test, out)
    notes = set()
    for cc in args.compilers:
        for cfg, flags in CONFIGS.items():
            new = work / f"new-{cc}-{cfg}"
            rc, _, err = compile_c(cc, test, place, includes, ["-w", *flags], new,
                                   args.runtime_flags)
            if rc != 0:
                first = next((l for l in err.splitlines() if "error" in l), err[-300:])
                return "ptrcomp", f"output does not compile with {cc} ({cfg}): {first}", *counts
            for prog_args, stdin in test.runs:
                where = f"{cc} {cfg}" + (f" run {' '.join(prog_args)}" if len(test.runs) > 1
                                         else "")
                a, b, fresh = compare_run(test, work / f"orig-{cc}-{cfg}", new, prog_args,
                                          stdin, cfg == "asan", cwd, argv0)
                if fresh:
                    return "sanitizer", f"{where}: {fresh[0]}", *counts
                if cfg == "asan" and sanitizer_lines(a[2]) and "AddressSanitizer" not in a[2] \
                        and "LeakSanitizer" not in a[2]:
                    ubsan = sanitizer_lines(a[2])[0]
                    pair = [work / f"{w}-{cc}-asan-alone" for w in ("orig", "new")]
                    for exe, place_, incs, extra, status, what in (
                            (pair[0], lambda p: test.root / p,
                             [test.root / d for d in test.includes], (), "skipped",
                             "original"),
                            (pair[1], place, includes, args.runtime_flags, "ptrcomp",
                             "output")):
                        if not exe.exists():
                            rc, _, err = compile_c(cc, test, place_, incs, ["-w", *ASAN_ALONE],
                                                   exe, extra)
                            if rc != 0:
                                return status, f"{what} does not build with {cc} (ASan " \
                                    f"alone): {err.strip()[-300:]}", *counts
                    a, b, fresh = compare_run(test, *pair, prog_args, stdin, True, cwd, argv0)
                    where += " (ASan alone)"
                    if fresh:
                        return "sanitizer", f"{where}: {fresh[0]}", *counts
                    notes.add(f"{cc} asan: the original reports {ubsan}; compared under "
                              "ASan alone")
                if cfg == "asan" and sanitizer_lines(a[2]):
                    notes.add(f"{cc} {cfg} outputs not compared: the original reports "
                              f"{sanitizer_lines(a[2])[0]}")
                    continue
                if a != b:
                    return "different", f"{where}: {describe(a, b)}", *counts
    return "same", "; ".join(sorted(notes)), *counts


# "for type 'struct node *[64]'", "of type 'pc_idx32' (aka 'unsigned int')"
LINE_NUMBER = re.compile(r"(\.[ch]):\d+")
TYPE_NAMED = re.compile(r" (?:for|of) type '[^']*'(?: \(aka '[^']*'\))?")


def sanitizer_lines(stderr):
    """The lines of sanitizer reports, with file names for paths (the builds' directories
    differ), without columns (a rewritten line may shift them) and without the types they
    name (a pointer that became an index has another type), in their order."""
    return list(dict.fromkeys(
        TYPE_NAMED.sub("", re.sub(r"(\.[ch]:\d+):\d+", r"\1",
                                  re.sub(r"/\S*/(?=[^/\s]+\.[ch]\b)", "", l))).strip()
        for l in stderr.splitlines() if SANITIZER.search(l)))


def new_reports(a, b):
    """The sanitizer report lines of run b that run a lacks, in b's order. A finding of
    the same kind in the same file at another line is the original's: code that a macro
    use defines is on the use's line in the original and on lines of its own in the
    output (written out, README.md "Functions defined by a macro")."""
    old = set(sanitizer_lines(a[2]))
    loose = {LINE_NUMBER.sub(r"\1", l) for l in old}
    return [l for l in sanitizer_lines(b[2])
            if l not in old and LINE_NUMBER.sub(r"\1", l) not in loose]


def compare_run(test, orig, new, prog_args, stdin, sanitized, cwd, argv0):
    """Run both builds once; returns their normalised (exit, stdout, stderr) and the
    output's sanitizer report lines that the original has in none of its runs.
    LeakSanitizer scans the stack conservatively and misses a leak now and then, so when
    only the output reports a leak, the original runs a few more times; when it leaks too,
    both run again without leak checking. An original that has a report of its own may
    not have the same one each run (klib's kthread_test calls a function pointer that is
    an integer from two threads, and either one's crash is reported): when the output
    has a report that the original's run lacks, the original runs a few more times too."""
    def go(exe, leaks):
        env = dict(os.environ, ASAN_OPTIONS=f"detect_leaks={int(leaks)}")
        r = run([exe, *prog_args], cwd=cwd, input=stdin, env=env, argv0=argv0)
        return (r[0], normalise(test, r[1]), normalise(test, r[2]))

    leaks = sanitized
    a, b = go(orig, leaks), go(new, leaks)
    if "LeakSanitizer" in a[2] + b[2]:
        if "LeakSanitizer" in a[2] or any("LeakSanitizer" in go(orig, True)[2]
                                          for _ in range(5)):
            leaks = False
            a, b = go(orig, leaks), go(new, leaks)
    fresh = new_reports(a, b)
    if fresh and sanitizer_lines(a[2]):
        for _ in range(5):
            seen = set(sanitizer_lines(go(orig, leaks)[2]))
            fresh = [l for l in fresh if l not in seen]
            if not fresh:
                break
    return a, b, fresh


def describe(a, b):
    """The first difference between two (exit, stdout, stderr) triples, in a line."""
    if a[0] != b[0]:
        tail = (b[2].strip().splitlines() or [""])[-1]
        return f"exit status {a[0]} != {b[0]} ({tail[:200]})"
    for name, x, y in (("stdout", a[1], b[1]), ("stderr", a[2], b[2])):
        if x != y:
            xl, yl = x.splitlines(), y.splitlines()
            i = next((i for i, (p, q) in enumerate(zip(xl, yl)) if p != q),
                     min(len(xl), len(yl)))
            got = (lambda l: l[i][:120] if i < len(l) else "<end>")
            return f"{name} line {i + 1}: {got(xl)!r} != {got(yl)!r}"
    return "?"


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", required=True, type=Path)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--compilers", default="gcc,clang-16")
    ap.add_argument("--ptrcomp", default=shutil.which("ptrcomp") or str(
        Path(__file__).resolve().parent.parent / "build" / "bin" / "ptrcomp"))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--keep", type=Path, help="keep the work tree in this directory")
    args = ap.parse_args()
    args.compilers = args.compilers.split(",")
    for tool in [args.ptrcomp, *args.compilers]:
        if not shutil.which(tool):
            ap.error(f"not found: {tool}")
    args.runtime_flags = shlex.split(subprocess.run(
        [args.ptrcomp, "--print-runtime-flags"], capture_output=True, text=True,
        check=True).stdout)
    args.work = (args.keep or Path(tempfile.mkdtemp(prefix="practice-corpus-"))).resolve()
    args.work.mkdir(parents=True, exist_ok=True)

    tests = []
    for name, find in PROJECTS.items():
        root = (args.corpus / name).resolve()
        if not root.is_dir():
            print(f"{name}: not in {args.corpus}, skipped")
            continue
        found = find(root, args.work)
        tests += [t for t in found if not args.quick or t.name in QUICK[name]]
    if not tests:
        print(f"no corpus project (uthash, klib, libdict) in {args.corpus}: nothing to do")
        return 0

    start = time.time()
    results = {}
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        futures = {pool.submit(check, t, args): t for t in tests}
        for n, f in enumerate(concurrent.futures.as_completed(futures), 1):
            t = futures[f]
            try:
                results[t.project, t.name] = r = f.result()
            except Exception as e:  # a bug of this script: say it, count it as a failure
                results[t.project, t.name] = r = ("ptrcomp", f"script error: {e!r}", 0, 0, 0)
            status, detail, comp, total, vetoes = r
            word = {"ptrcomp": "PTRCOMP FAILURE", "different": "DIFFERENT",
                    "sanitizer": "SANITIZER REPORT"}.get(status, status)
            extra = f", {vetoes} 'would not compile' veto(es)" if vetoes else ""
            print(f"[{n}/{len(tests)}] {t.project} {t.name}: {word}, {comp} compressed"
                  f"{extra}{': ' + detail if detail else ''}", flush=True)

    print(f"\n{'project':10} {'tests':>5} {'same':>5} {'diff':>5} {'sanit':>5} "
          f"{'ptrcomp':>7} {'skip':>5} {'compressed':>10}")
    for project in dict.fromkeys(t.project for t in tests):
        rs = [r for (p, _), r in results.items() if p == project]
        count = lambda s: sum(1 for r in rs if r[0] == s)
        comp = f"{sum(r[2] for r in rs)}/{sum(r[3] for r in rs)}"
        print(f"{project:10} {len(rs) - count('skipped'):5} {count('same'):5} "
              f"{count('different'):5} {count('sanitizer'):5} {count('ptrcomp'):7} "
              f"{count('skipped'):5} {comp:>10}")
    print(f"\n{len(tests)} tests in {time.time() - start:.0f} s with "
          f"{', '.join(args.compilers)}; work tree: "
          f"{args.work if args.keep else '(removed; --keep DIR keeps it)'}")
    if not args.keep:
        shutil.rmtree(args.work, ignore_errors=True)
    bad = [r for r in results.values() if r[0] not in ("same", "skipped")]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
