"""Differential fuzzing in the test suite: a small fixed-seed batch of each generator of
tests/fuzz/differential.py, every program of tests/fuzz/regressions/, and the generator of
linked-structure programs itself (deterministic, warning-free, free of undefined
behaviour). Every program here also runs under ASan+UBSan, original and output
(`--sanitize=all`).

A regression file with a comment line `xfail: <reason>` is a known, not yet fixed bug:
its test is a strict xfail (it fails the suite once the bug is fixed, so that the line is
removed and the case guards the fix).

Longer runs: python3 tests/fuzz/differential.py --generator linked --count 500
(and --generator macro for the macro mode, tests/fuzz/gen_macros.py, --generator
hooks for the programs with allocator hooks and dispatch tables, and --generator oldc
for the 1980s/1990s C of tests/fuzz/gen_oldc.py). Most linked programs
hold idioms (tests/fuzz/gen_idioms.py); `--idioms LIST --idiom-prob 1` fuzzes some of
them only, and the run prints a table per idiom before its summary line.
"""
import os
import pathlib
import re
import shutil
import sys
import time

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import ptrcomp_testlib as tl  # noqa: E402

FUZZ = pathlib.Path(__file__).resolve().parent / "fuzz"
sys.path.insert(0, str(FUZZ))
import differential  # noqa: E402
import gen_linked  # noqa: E402
import gen_oldc  # noqa: E402

SUMMARY = re.compile(r"^(\d+) programs, (\d+) transformed, (\d+) structures compressed, "
                     r"(\d+) mismatches$")
REGRESSIONS = sorted((FUZZ / "regressions").glob("*.c"))
XFAIL = re.compile(r"^\W*xfail:\s*(.+?)\s*(\*/)?$", re.M)


def _regression_params():
    params = []
    for p in REGRESSIONS:
        m = XFAIL.search(p.read_text(errors="replace")[:4000])
        marks = [pytest.mark.xfail(strict=True, reason=m[1])] if m else []
        params.append(pytest.param(p, id=p.name, marks=marks))
    return params


def differential_run(ptrcomp, *args, timeout=900):
    cmd = [sys.executable, FUZZ / "differential.py", "--ptrcomp", ptrcomp, "--no-reduce",
           "--jobs", "2", "--sanitize", "all", *args]
    return tl.run(cmd, timeout=timeout)


def assert_clean_summary(r, count, min_transformed=0, min_compressed=0):
    lines = r.stdout.strip().splitlines()
    detail = f"exit {r.returncode}\n--- stdout\n{r.stdout[-6000:]}\n--- stderr\n{r.stderr[-3000:]}"
    assert lines, f"differential.py printed nothing\n{detail}"
    m = SUMMARY.match(lines[-1])
    assert m, f"the last line is not the summary\n{detail}"
    assert int(m[1]) == count, f"{m[1]} programs checked, expected {count}\n{detail}"
    assert int(m[4]) == 0, f"failures (saved under tests/fuzz/results/)\n{detail}"
    # A batch in which ptrcomp transforms (almost) nothing tests nothing.
    assert int(m[2]) >= min_transformed, (
        f"only {m[2]} of {m[1]} programs transformed, expected at least {min_transformed}"
        f"\n{detail}")
    assert int(m[3]) >= min_compressed, (
        f"only {m[3]} structures compressed, expected at least {min_compressed}\n{detail}")
    assert r.returncode == 0, detail


def test_linked_batch(ptrcomp):
    r = differential_run(ptrcomp, "--generator", "linked", "--count", "12", "--seed", "1000")
    # This fixed batch (11 programs with idioms): 12 transformed, 91 structures
    # compressed (when last measured).
    assert_clean_summary(r, 12, min_transformed=10, min_compressed=60)


MACRO_USES = re.compile(r"^macro uses expanded: (\d+) in (\d+) programs", re.M)


def test_macro_batch(ptrcomp):
    """The macro mode (gen_macros.py): structures reached through accessor, statement,
    allocation and loop macros, assert() around calls, <sys/queue.h>, a shared header."""
    r = differential_run(ptrcomp, "--generator", "macro", "--count", "16", "--seed", "7000")
    # This fixed batch: 16 transformed, 63 structures compressed, 657 macro uses expanded
    # (when last measured).
    assert_clean_summary(r, 16, min_transformed=14, min_compressed=48)
    m = MACRO_USES.search(r.stdout)
    assert m and int(m[1]) >= 450, (
        f"the macros of the batch touch no compressed structure:\n{r.stdout[-3000:]}")


def test_hooks_batch(ptrcomp):
    """The hooks mode of gen_linked.py: containers allocated through allocator hooks
    (global hook variables, a hooks struct with an init_hooks(NULL) reset API, allocator
    objects; sometimes a user allocator that counts, which must stay unchanged) and used
    through tables of function pointers, comparators stored in the containers and
    visitor callbacks passed to the programs' own iteration functions."""
    r = differential_run(ptrcomp, "--generator", "hooks", "--count", "12", "--seed", "1")
    # This fixed batch: 8 transformed, 46 structures compressed (when last
    # measured).
    assert_clean_summary(r, 12, min_transformed=6, min_compressed=30)


def test_oldc_batch(ptrcomp):
    """The old-C mode (gen_oldc.py): lists, trees and hash chains written with K&R
    definitions, calls without prototypes or declarations, implicit int, #ifdef
    __STDC__ headers, register and const/volatile pointers, static locals, (char *)
    casts and bucket arrays allocated with a cast, built with the -std of each
    program's cflags line."""
    r = differential_run(ptrcomp, "--generator", "oldc", "--count", "12", "--seed", "1")
    assert_clean_summary(r, 12, min_transformed=6, min_compressed=10)


def test_csmith_batch(ptrcomp):
    if not shutil.which("csmith") or not differential.csmith_include():
        pytest.fail("csmith is needed for this test and is not installed (or csmith.h is "
                    "missing): apt-get install csmith libcsmith-dev")
    r = differential_run(ptrcomp, "--generator", "csmith", "--count", "6", "--seed", "500")
    assert_clean_summary(r, 6)
    # csmith never allocates on the heap (it has no option to), so its programs hold no
    # structure ptrcomp may pool: each must come out byte for byte as it went in. The
    # generator that does emit linked heap structures is test_linked_batch's, whose
    # summary must show programs transformed.
    m = SUMMARY.match(r.stdout.strip().splitlines()[-1])
    assert int(m[2]) == 0 and int(m[3]) == 0, (
        f"ptrcomp changed a program without heap structures:\n{r.stdout[-3000:]}")


@pytest.mark.parametrize("program", _regression_params())
def test_regression(ptrcomp, program):
    r = differential_run(ptrcomp, "--program", program)
    assert_clean_summary(r, 1)


def test_regressions_folder_is_documented():
    assert (FUZZ / "regressions" / "README.md").is_file()
    for p in REGRESSIONS:
        head = p.read_text(errors="replace")[:2000]
        assert head.lstrip().startswith(("/*", "//")), (
            f"{p.name} must start with a comment saying what failed")


# -- the generator itself ---------------------------------------------------------------------------

def test_generator_is_deterministic():
    """Same seed, byte-identical program: in one process, and across processes with
    different string-hash seeds (no iteration over sets or hashes)."""
    for seed in (0, 1, 77, 123456, 2**31 - 1):
        text = gen_linked.generate(seed)
        assert text == gen_linked.generate(seed)
        for hashseed in ("0", "4242"):
            env = dict(os.environ, PYTHONHASHSEED=hashseed)
            r = tl.run([sys.executable, FUZZ / "gen_linked.py", seed], env=env)
            assert r.returncode == 0, r.stderr
            assert r.stdout == text, f"seed {seed}: output depends on PYTHONHASHSEED"
    texts = {gen_linked.generate(s) for s in range(20)}
    assert len(texts) == 20, "different seeds gave the same program"


# Sanitizer runs of generated programs: leak checking on, and NULL from an allocation
# larger than ASan's limit (the alloc-fail idiom), as from malloc; ASan then warns on
# stderr, which is not an error.
SAN_ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1")


def sanitizer_errors(stderr):
    """stderr of a run without ASan's warnings about allocations it refused."""
    return "\n".join(l for l in stderr.splitlines()
                     if "WARNING: AddressSanitizer failed to allocate" not in l)


def check_generated_program(tmp_path, text, sanitize_clang=True, time_limit=1.0):
    """Builds `text` (a generated program, with the flags of its cflags line) with gcc
    -O0, gcc -O2 -Wextra, clang -O2 -Wextra and ASan+UBSan, all -Werror; checks that it
    runs in time, cleanly, the same everywhere, and prints a checksum."""
    prog = tmp_path / "prog.c"
    prog.write_text(text)
    extra = gen_linked.cflags(text)
    builds = {"gcc-O0": ("gcc", ["-std=c99", "-Wall", "-Werror", "-O0"]),
              "gcc-O2": ("gcc", ["-std=c99", "-Wall", "-Wextra", "-Werror", "-O2"]),
              "san": ("gcc", ["-std=c99", "-Wall", "-Werror", *differential.SAN_FLAGS])}
    clang = shutil.which("clang-16") or shutil.which("clang")
    if clang:
        builds["clang-O2"] = (clang, ["-std=c99", "-Wall", "-Wextra", "-Werror", "-O2"])
        if sanitize_clang:
            builds["clang-san"] = (clang, ["-std=c99", "-Wall", "-Werror",
                                           *differential.SAN_FLAGS])
    results = {}
    for name, (cc, flags) in builds.items():
        exe = tmp_path / name
        r = tl.run([cc, *flags, *extra, prog, "-o", exe])
        assert r.returncode == 0, f"{name}: {r.stderr[-3000:]}"
        t0 = time.monotonic()
        r = tl.run([exe], env=SAN_ENV, timeout=60)
        if name == "gcc-O2":
            assert time.monotonic() - t0 < time_limit, "the program runs too long"
        err = sanitizer_errors(r.stderr)
        assert "runtime error" not in err and "Sanitizer" not in err, (
            f"{name}:\n{r.stderr[-3000:]}")
        results[name] = (r.returncode, r.stdout)
    ref = results["gcc-O0"]
    assert re.search(r"^total \d+$", ref[1], re.M), "no checksum printed"
    for name, res in results.items():
        assert res == ref, f"{name} behaves differently from gcc -O0"
    return ref


@pytest.mark.parametrize("seed", [3, 17, 101, 2024, 99991])
def test_generated_programs_are_valid(tmp_path, seed):
    """A generated program compiles without warnings (gcc -Wall -Werror -std=c99, and
    -Wextra with gcc and clang at -O2), runs in well under a second, prints a checksum,
    and behaves the same under ASan+UBSan and with every compiler (so its output depends
    on nothing unspecified)."""
    check_generated_program(tmp_path, gen_linked.generate(seed))


@pytest.fixture
def idiom_settings():
    """Restores the generator's idiom knobs (gen_linked.configure) after the test."""
    saved = dict(gen_linked.IDIOM_SETTINGS)
    yield gen_linked.configure
    gen_linked.IDIOM_SETTINGS.clear()
    gen_linked.IDIOM_SETTINGS.update(saved)


# The idioms in five programs (few builds: the suite stays quick), each program holding
# every idiom of its group; OpenMP with the idioms that run work later or elsewhere.
IDIOM_GROUPS = [("ptr-compare", "ptr-arrays", "addr-integers"),
                ("addr-hash", "macro-text", "sizeof-arith"),
                ("func-generic", "setjmp", "alloc-fail"),
                ("openmp-tasks", "atexit", "opaque-callback", "line-numbers"),
                ("link-slots", "mixed-storage")]


def test_idiom_groups_cover_the_idioms():
    assert sorted(i for g in IDIOM_GROUPS for i in g) == sorted(gen_linked.gen_idioms.IDIOMS)


@pytest.mark.parametrize("group", IDIOM_GROUPS, ids=lambda g: "+".join(g))
def test_idiom_programs_are_valid(tmp_path, idiom_settings, group):
    """Programs whose idioms are those of one group (tests/fuzz/gen_idioms.py), the first
    seed that has all of them, are valid like every generated program (warning-free with
    gcc and clang, the same at -O0, -O2 and under ASan+UBSan with leak checking, whatever
    malloc's addresses are); the program names its idioms and, for OpenMP, its flags."""
    omp = "openmp-tasks" in group
    idiom_settings(idioms=",".join(group), prob=1.0, openmp=1.0 if omp else 0.0)
    for seed in range(1000):
        text = gen_linked.generate(seed)
        if {i for _, i in gen_linked.idioms(text)} == set(group):
            break
    else:
        pytest.fail(f"no seed below 1000 has all the idioms {group}")
    assert gen_linked.cflags(text) == (["-fopenmp"] if omp else [])
    check_generated_program(tmp_path, text, sanitize_clang=False)


def test_generator_covers_its_idioms(idiom_settings):
    """With the default knobs, most programs have idioms, a few are OpenMP programs, and
    across a few hundred seeds every idiom and every variant of them appears (of the
    OpenMP variants, across a few dozen OpenMP programs); without
    idioms, programs are those of the generator before idioms (no idiom line)."""
    idiom_settings(idioms="all")
    seen, feats, with_idioms, omp = [], [], 0, 0
    for seed in range(300):
        text = gen_linked.generate(seed)
        ids = [i for _, i in gen_linked.idioms(text)]
        with_idioms += bool(ids)
        omp += "-fopenmp" in gen_linked.cflags(text)
        assert ("openmp-tasks" in ids) == ("-fopenmp" in gen_linked.cflags(text))
        seen += [i for i in ids if i not in seen]
        feats += [f for f in gen_linked.features(text) if f not in feats]
    assert 180 <= with_idioms <= 270 and 8 <= omp <= 50, (with_idioms, omp)
    missing = [i for i in gen_linked.gen_idioms.IDIOMS if i not in seen]
    assert not missing, f"idioms never generated: {missing}"
    wanted = ["list-and-copy", "two-lists", "count-sizeof-type", "count-sizeof-expr",
              "count-shift", "global-pointer-array", "local-pointer-array",
              "local-stack-array", "heap-stack-array", "int-to-pointer", "address-equality",
              "key-shift-prime", "key-shift-mask", "key-prime", "array-ring",
              "context-global", "context-bytes", "context-owner", "sizeof-printed",
              "owner-across-setjmp", "setjmp-in-loop", "setjmp-in-callee", "fail-calloc",
              "fail-malloc", "fail-realloc", "fail-in-loop", "omp-task", "omp-taskloop",
              "omp-for", "omp-deferred", "omp-reduction", "twalk", "dl_iterate_phdr",
              "root", "sentinel", "heads", "local-sentinel", "dummy-head"]
    # the OpenMP programs are few: their variants from OpenMP programs only
    idiom_settings(idioms="openmp-tasks", prob=1.0, openmp=1.0)
    for seed in range(40):
        feats += [f for f in gen_linked.features(gen_linked.generate(seed)) if f not in feats]
    missing = [f for f in wanted if f not in feats]
    assert not missing, f"idiom variants never generated: {missing}"
    idiom_settings(idioms="none", prob=gen_linked.gen_idioms.IDIOM_PROB,
                   openmp=gen_linked.gen_idioms.OPENMP_PROB)
    assert not any(gen_linked.idioms(gen_linked.generate(s)) for s in range(30))


def test_generator_covers_its_features():
    """Across a few dozen seeds every construct the generator knows appears."""
    seen = []
    for seed in range(60):
        for f in gen_linked.features(gen_linked.generate(seed)):
            if f not in seen:
                seen.append(f)
    wanted = ["recursion", "pointer-to-pointer", "realloc", "pointer-to-integer",
              "global-root", "memcpy-node", "byte-access", "calloc-array", "stack-dummy-node",
              "qsort", "qsort-nodes", "function-pointer", "alloc-hook", "ops-table",
              "struct-assignment", "early-return", "scenario-table", "byte-count",
              "recursive-owner", "embedded-headers", "headers-in-nodes", "header-in-local",
              "headers-in-array", "header-in-global", "header-copy", "header-by-value",
              "address-hashing"]
    for seed in range(60):
        for f in gen_linked.features(gen_linked.generate_files(seed)["prog.c"]):
            if f not in seen:
                seen.append(f)
    wanted.append("opaque-library")
    missing = [f for f in wanted if f not in seen]
    assert not missing, f"features never generated: {missing}"


@pytest.mark.parametrize("seed", [1, 5, 9])
def test_generated_two_file_programs_are_valid(tmp_path, seed):
    """A program the generator splits into prog.c and a library in lib.c (whose structs
    prog.c only declares) builds without warnings, runs the same under ASan+UBSan, and
    is generated the same twice; its prog.c differs from the single-file program."""
    files = gen_linked.generate_files(seed)
    assert files == gen_linked.generate_files(seed)
    assert "lib.c" in files, f"seed {seed} no longer has a library: pick another"
    assert files["prog.c"] != gen_linked.generate(seed)
    assert re.search(r"^struct o0_set;$", files["prog.c"], re.M)
    assert "struct o0_set {" not in files["prog.c"] and "struct o0_set {" in files["lib.c"]
    srcs = []
    for name, text in files.items():
        (tmp_path / name).write_text(text)
        srcs.append(tmp_path / name)
    outs = []
    for name, flags in (("O2", ["-O2"]), ("san", list(differential.SAN_FLAGS))):
        exe = tmp_path / name
        r = tl.run(["gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", *flags,
                    *gen_linked.cflags(files["prog.c"]), *srcs, "-o", exe])
        assert r.returncode == 0, r.stderr[-3000:]
        r = tl.run([exe], env=SAN_ENV, timeout=60)
        err = sanitizer_errors(r.stderr)
        assert "runtime error" not in err and "Sanitizer" not in err, r.stderr
        outs.append((r.returncode, r.stdout))
    assert outs[0] == outs[1] and re.search(r"^total \d+$", outs[0][1], re.M)


def test_macro_generator_is_deterministic():
    for seed in (0, 5, 4242):
        files = gen_linked.generate_macro_files(seed)
        assert files == gen_linked.generate_macro_files(seed)
        env = dict(os.environ, PYTHONHASHSEED="77")
        r = tl.run([sys.executable, FUZZ / "gen_linked.py", seed, "--macros"], env=env)
        assert r.returncode == 0, r.stderr
        import gen_macros
        assert r.stdout == gen_macros.generate(seed)
    texts = {gen_linked.generate_macro_files(s)["prog.c"] for s in range(20)}
    assert len(texts) == 20, "different seeds gave the same program"


def test_macro_generator_covers_its_features():
    seen = []
    for seed in range(60):
        for f in gen_linked.features(gen_linked.generate_macro_files(seed)["prog.c"]):
            if f not in seen:
                seen.append(f)
    wanted = ["macros", "assert", "ndebug", "stmt-macro", "loop-macro", "field-name-macro",
              "nested-macro", "multiline-macro", "paste", "stringize", "type-argument",
              "two-contexts", "sys-queue", "shared-header", "call-in-macro-argument"]
    missing = [f for f in wanted if f not in seen]
    assert not missing, f"features never generated: {missing}"


@pytest.mark.parametrize("seed", [2, 3, 11, 40])
def test_macro_programs_are_valid(tmp_path, seed):
    """A macro-mode program (one file, or prog.c and lib.c sharing mac.h) compiles
    without warnings with gcc and clang, runs the same under ASan+UBSan (leak checking
    on) and prints a checksum."""
    files = gen_linked.generate_macro_files(seed)
    srcs = []
    for name, text in files.items():
        (tmp_path / name).write_text(text)
        if name.endswith(".c"):
            srcs.append(tmp_path / name)
    builds = {"gcc-O2": ("gcc", ["-O2"]), "san": ("gcc", list(differential.SAN_FLAGS))}
    clang = shutil.which("clang-16") or shutil.which("clang")
    if clang:
        builds["clang-O2"] = (clang, ["-O2"])
    outs = {}
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1")
    for name, (cc, flags) in builds.items():
        exe = tmp_path / name
        r = tl.run([cc, "-std=c99", "-Wall", "-Wextra", "-Werror", *flags, *srcs, "-o", exe])
        assert r.returncode == 0, f"{name}: {r.stderr[-3000:]}"
        r = tl.run([exe], env=env, timeout=60)
        assert r.stderr == "", f"{name}:\n{r.stderr[-3000:]}"
        outs[name] = (r.returncode, r.stdout)
    assert len(set(outs.values())) == 1, outs
    assert re.search(r"^total \d+$", outs["gcc-O2"][1], re.M)


def test_generator_emits_byte_counts_and_layout_members():
    """The constructs ptrcomp must rescale or refuse and lay out again: memset, memcpy and
    memmove of nodes with every byte-count spelling (whole nodes, a const variable, a
    variable, a partial size), anonymous unions and structs, aligned members, unnamed
    bit-fields, and a recursive function that owns a list per activation."""
    texts = "\n".join(gen_linked.generate(seed) for seed in range(150))
    wanted = {
        "memset": r"memset\(f, \d+, ", "memcpy": r"memcpy\(f, g, ",
        "memmove": r"memmove\(f, g, ", "sizeof *f": r"mem\w+\(f, [^;]*sizeof \*f\)",
        "sizeof(struct)": r"mem\w+\(f, [^;]*, sizeof\(struct \w+\)\)",
        "k * sizeof": r"1u \* sizeof\(struct", "sizeof * k": r"sizeof\(struct \w+\) \* 1u",
        "enum constant": r"mem\w+\(f, [^;]*, \w+_BYTES\)",
        "enum sum": r"_BYTES / 2 \+ \w+_BYTES / 2", "const variable": r"const size_t nb = ",
        "variable": r"nb \+= ", "partial": r"mem\w+\(f, [^;]*offsetof\(",
        "anonymous union": r"union \{ unsigned \w+; ", "anonymous struct": r"    struct \{ ",
        "aligned member": r"__attribute__\(\(aligned\(", "unnamed bit-field": r"unsigned : \d;",
        "recursive owner": r"_rec\(depth - 1u",
    }
    missing = [k for k, rx in wanted.items() if not re.search(rx, texts)]
    assert not missing, f"never generated: {missing}"


@pytest.mark.parametrize("seed", [2, 11, 40, 77, 123])
def test_generated_hooks_programs_are_valid(tmp_path, seed):
    """A program of the hooks mode compiles without warnings with gcc and clang, behaves
    the same at -O0, -O2 and under ASan+UBSan (leak checking on: it frees everything),
    and is generated the same twice and across hash seeds."""
    text = gen_linked.generate_hooks(seed)
    assert text == gen_linked.generate_hooks(seed)
    r = tl.run([sys.executable, FUZZ / "gen_linked.py", "--mode", "hooks", seed],
               env=dict(os.environ, PYTHONHASHSEED="4242"))
    assert r.returncode == 0 and r.stdout == text, "output depends on PYTHONHASHSEED"
    prog = tmp_path / "prog.c"
    prog.write_text(text)
    builds = {"gcc-O0": ("gcc", ["-std=c99", "-Wall", "-Wextra", "-Werror", "-O0"]),
              "gcc-O2": ("gcc", ["-std=c99", "-Wall", "-Wextra", "-Werror", "-O2"]),
              "san": ("gcc", ["-std=c99", "-Wall", "-Werror", *differential.SAN_FLAGS])}
    clang = shutil.which("clang-16") or shutil.which("clang")
    if clang:
        builds["clang-O2"] = (clang, ["-std=c99", "-Wall", "-Wextra", "-Werror", "-O2"])
    results = {}
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1")
    for name, (cc, flags) in builds.items():
        exe = tmp_path / name
        r = tl.run([cc, *flags, prog, "-o", exe])
        assert r.returncode == 0, f"{name}: {r.stderr[-3000:]}"
        r = tl.run([exe], env=env, timeout=60)
        assert "runtime error" not in r.stderr and "AddressSanitizer" not in r.stderr, (
            f"{name}:\n{r.stderr[-3000:]}")
        results[name] = (r.returncode, r.stdout)
    assert re.search(r"^total \d+$", results["gcc-O0"][1], re.M), "no checksum printed"
    for name, res in results.items():
        assert res == results["gcc-O0"], f"{name} behaves differently from gcc -O0"


def test_hooks_generator_covers_its_features():
    """Across a few dozen seeds every construct of the hooks mode appears."""
    seen = []
    for seed in range(60):
        for f in gen_linked.features(gen_linked.generate_hooks(seed)):
            if f not in seen:
                seen.append(f)
    wanted = ["hook-global", "hook-struct", "hook-object", "user-allocator", "calloc-hook",
              "reset-api", "ops-in-set", "ops-table", "dispatch", "cmp-in-set", "callback",
              "qsort"]
    missing = [f for f in wanted if f not in seen]
    assert not missing, f"features never generated: {missing}"


# -- the old-C generator ------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [4, 19, 29, 46])
def test_generated_oldc_programs_are_valid(tmp_path, seed):
    """An oldc program (gen_oldc.py) is generated the same twice and across hash seeds,
    compiles without warnings at -Wall -Wextra -Werror with gcc and clang and the flags
    of its cflags line, and behaves the same at -O0, -O2 and under ASan+UBSan (leak
    checking on: it frees everything), printing a checksum."""
    text = gen_oldc.generate(seed)
    assert text == gen_oldc.generate(seed)
    r = tl.run([sys.executable, FUZZ / "gen_oldc.py", seed],
               env=dict(os.environ, PYTHONHASHSEED="4242"))
    assert r.returncode == 0 and r.stdout == text, "output depends on PYTHONHASHSEED"
    flags = gen_oldc.cflags(text)
    assert flags and flags[0].startswith("-std=gnu"), flags
    assert ("-std=gnu89" in flags) or "implicit-int" not in gen_oldc.features(text)
    prog = tmp_path / "prog.c"
    prog.write_text(text)
    strict = ["-Wall", "-Wextra", "-Werror", *flags]
    builds = {"gcc-O0": ("gcc", [*strict, "-O0"]), "gcc-O2": ("gcc", [*strict, "-O2"]),
              "san": ("gcc", [*strict, *differential.SAN_FLAGS])}
    clang = shutil.which("clang-16") or shutil.which("clang")
    if clang:
        builds["clang-O2"] = (clang, [*strict, "-O2"])
    results = {}
    for name, (cc, cflags) in builds.items():
        exe = tmp_path / name
        r = tl.run([cc, *cflags, prog, "-o", exe])
        assert r.returncode == 0, f"{name}: {r.stderr[-3000:]}"
        r = tl.run([exe], env=SAN_ENV, timeout=60)
        assert r.stderr == "", f"{name}:\n{r.stderr[-3000:]}"
        results[name] = (r.returncode, r.stdout)
    assert re.search(r"^total \d+$", results["gcc-O0"][1], re.M), "no checksum printed"
    for name, res in results.items():
        assert res == results["gcc-O0"], f"{name} behaves differently from gcc -O0"


def test_oldc_generator_covers_its_features():
    """Across a few dozen seeds every feature of the old-C mode appears, and programs
    differ by seed."""
    seen, texts = [], []
    for seed in range(60):
        text = gen_oldc.generate(seed)
        texts.append(text)
        seen += [f for f in gen_oldc.features(text) if f not in seen]
    missing = [f for f in gen_oldc.FEATURE_NAMES if f not in seen]
    assert not missing, f"features never generated: {missing}"
    assert len(set(texts)) == len(texts), "different seeds gave the same program"
