"""Unit tests of the pool runtime (runtime/).

Each program in tests/runtime/ checks one concern and prints what it established; it is
built against both static libraries (libptrcomp_rt.a: mmap reservation,
libptrcomp_rt_fallback.a: malloc fallback) with every available C compiler at
-std=c99 -Wall -Wextra -Werror -pedantic, run, and its exit status, stdout and stderr are
compared exactly. The runtime sources are also compiled together with each program under
ASan+UBSan, and the header is checked with stricter warning sets and as C++.

Needs a build of the runtime only (not the tool):
    cmake -S . -B build -G Ninja -DPTRCOMP_BUILD_TOOL=OFF && cmake --build build
"""
import os
import re
import shutil
import signal
import time
import warnings
from dataclasses import dataclass, field

import pytest

import ptrcomp_testlib as tl

PROGRAMS = tl.ROOT / "tests" / "runtime"
RUNTIME_SRC = tl.ROOT / "runtime"
LIB_DIR = tl.BUILD_DIR / "lib"
LIBS = {"mmap": LIB_DIR / "libptrcomp_rt.a", "malloc": LIB_DIR / "libptrcomp_rt_fallback.a"}
# Every runtime source: the OS-layer files not selected by the configuration compile to
# nothing, so a build may simply compile them all.
RUNTIME_SOURCES = sorted(RUNTIME_SRC.glob("*.c"))
BACKEND_DEFS = {"mmap": [], "malloc": ["-DPTRCOMP_RT_USE_MALLOC=1"]}

C_FLAGS = ["-std=c99", "-O2", "-g", "-Wall", "-Wextra", "-Werror", "-pedantic"]
SAN_FLAGS = ["-std=c99", "-O1", "-g", "-Wall", "-Wextra", "-Werror",
             "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
             "-fno-omit-frame-pointer"]
SAN_COMPILER = tl.COMPILERS[0] if tl.COMPILERS else "gcc"
CXX_COMPILERS = [c for c in ("g++", "clang++-16", "clang++") if shutil.which(c)]
if "clang++-16" in CXX_COMPILERS and "clang++" in CXX_COMPILERS:
    CXX_COMPILERS.remove("clang++")
SIGABRT = -signal.SIGABRT
ALL = ("mmap", "malloc", "asan-mmap", "asan-malloc")


@dataclass
class Case:
    id: str
    program: str
    args: tuple = ()
    env: dict = field(default_factory=dict)
    returncode: int = 0
    stdout: str = ""
    stderr: object = ""  # exact text, or a compiled regex that must match all of it
    variants: tuple = ALL
    link: tuple = ()
    asan_options: str = ""  # added to ASAN_OPTIONS for the sanitized variants


def fatal(msg):
    """The runtime's fatal-error output: exactly one line."""
    return f"ptrcomp: {msg}\n"


FULL16 = ("is full: 16-bit indices address at most 65535 objects; use 32-bit indices for it "
          "(--index-bits=32) or exclude this structure from pointer compression")
FULL32 = ("is full: 32-bit indices address at most 4294967295 {what}; exclude this structure "
          "from pointer compression so that it keeps 64-bit pointers")
STATS_LINES = (
    'ptrcomp: pool "struct list (stats.c:17)" obj_size=16 peak_objects=100 peak_bytes=1600 '
    "instances=1\n"
    'ptrcomp: pool "struct tree (stats.c:24)" obj_size=24 peak_objects=50 peak_bytes=1200 '
    "instances=3\n"
    'ptrcomp: pool "bytes (stats.c:32)" obj_size=1 peak_objects=48 peak_bytes=48 instances=1\n')
CHURN_OUT = ("40 pools alive at once, recursion 500 deep: no address space leaked\n"
             "large pool destroyed: pages returned\n")
CHURN_OUT_NORSS = CHURN_OUT.replace("returned", "not measured")
STATS_STDOUT = "on demand:\n" + STATS_LINES + "total peak bytes: 2848\n"


NARROW_FILL = (
    "16-bit pool of {size}-byte objects: indices 1 to 65535, one each\n"
    "freed every other one: neighbours intact, all reused\n"
    'ptrcomp: pool "{name} (narrow.c:16)" obj_size={size} peak_objects=65535 '
    "peak_bytes={bytes} instances=1\n")
GIVE_BACK_OUT = "freed object by object: first index reused, calloc zeroed\n"


def thp_mode():
    """The system's transparent huge page mode ("always", "madvise", "never"), or None."""
    try:
        with open("/sys/kernel/mm/transparent_hugepage/enabled") as f:
            m = re.search(r"\[(\w+)\]", f.read())
    except OSError:
        return None
    return m.group(1) if m else None


# PTRCOMP_HUGEPAGES: where the system gives large pages to hinted memory only ("madvise"),
# a hinted 48 MiB pool gets some and a 2 MiB pool none; without the variable neither gets
# any. With "always" every pool may get them, so only the hinted large pool is checked.
LARGE_OUT = "48 MiB and 2 MiB pools filled, walked, refilled\n"
THP = thp_mode()
if THP == "madvise":
    LARGE_ON = (("check", "small"), LARGE_OUT + "48 MiB pool: large pages yes\n"
                "2 MiB pool: large pages no\n")
    LARGE_OFF = (("check", "small"), LARGE_OUT + "48 MiB pool: large pages no\n"
                 "2 MiB pool: large pages no\n")
elif THP == "always":
    LARGE_ON = (("check",), LARGE_OUT + "48 MiB pool: large pages yes\n")
    LARGE_OFF = (("nocheck",), LARGE_OUT)
else:
    LARGE_ON = LARGE_OFF = (("nocheck",), LARGE_OUT)
SHARED_OUT = ("8 threads x 20000 objects: ok\n"
              "freed by other threads: ok\n"
              "200 threads exited: their objects reused\n"
              "destroyed and created again: no stale objects\n"
              "4 threads x 2000 short-lived shared pools: ok\n")
# Exact under PTRCOMP_STATS: four threads held 1000 objects each at one moment.
SHARED_STATS = ('ptrcomp: pool "shared (shared_threads.c)" obj_size=16 peak_objects=4000 '
                "peak_bytes=64000 instances=2\n")


def reservation_full(name):
    return re.compile(re.escape(f'ptrcomp: pool "{name}" outgrew its address-space reservation '
                                "of 1 MiB (room for ") + r"(\d+)" +
                      re.escape(" objects of 16 bytes); set PTRCOMP_RESERVE_MB to more than 1 "
                                "(MiB per pool)\n"))


CASES = [
    Case("index_of", "index_of.c", stdout="ok\n"),
    Case("indexing", "indexing.c", stdout=(
        "object pool: first index 1, 200000 objects, base stable\n"
        "byte pool: indices 16 48 80\n"
        "int pool: 1000 distinct objects\n"
        "alloc(0): unique non-zero indices\n"
        "16-bit pool: 65535 objects, last index 65535\n")),
    Case("freelist", "freelist.c", stdout=(
        "lifo: 2 1 reused in reverse order\n"
        "free(0) on an unused pool: ok\n"
        "arrays: reused by size, split when large\n"
        "byte pool: freed blocks reused\n"
        "cycles: highest index below 200\n")),
    Case("realloc_calloc", "realloc_calloc.c", stdout=(
        "realloc: in place, moved, shrunk\n"
        "vector: 100000 ints kept through realloc\n"
        "calloc: zeroed (reused, array, fresh)\n"
        "calloc: zeroed in recycled regions\n"
        "byte pool: realloc and calloc\n")),
    Case("init", "init.c", stdout=(
        "file-scope, local and run-time pools: ok\n"
        "destroy then reuse: indices start at 1 again\n"
        "destroy: ok\n")),
    Case("statics", "statics.c", link=("-pthread",), stdout=(
        "statics: zeroed at setup, kept when empty, made again after destroy\n"
        "shared statics: ok\n"
        "images: copied at setup and after destroy\n")),
    Case("hot_loop", "hot_loop.c", stdout="100000 pools created and destroyed: sum 700000\n"),
    Case("churn", "churn.c", args=("rss",), variants=("mmap", "malloc"), stdout=CHURN_OUT),
    # Under ASan the resident size is not measured: freed malloc blocks (the fallback's
    # regions) sit in the allocator's quarantine instead of going back to the OS.
    Case("churn-sanitized", "churn.c", args=("norss",), variants=("asan-mmap",),
         stdout=CHURN_OUT_NORSS),
    # ASan poisons the shadow of every malloc'd block, so creating and freeing 20,000
    # 64 MiB fallback regions would take minutes; fewer, 8 MiB regions run the same paths.
    Case("churn-sanitized-small", "churn.c", args=("norss", "4", "25"),
         env={"PTRCOMP_RESERVE_MB": "8"}, variants=("asan-malloc",), stdout=CHURN_OUT_NORSS),
    Case("overflow16", "overflow16.c", returncode=SIGABRT,
         stdout="65535 objects allocated\n",
         stderr=fatal(f'pool "struct node (overflow16.c:12)" {FULL16}')),
    Case("block-end16", "block_end16.c", returncode=SIGABRT,
         stdout="array of 4 at 65531, one past its end 65535\n",
         stderr=fatal(f'pool "struct node (block_end16.c:16)" {FULL16}')),
    Case("limit-reserve32", "limits.c", args=("reserve",), env={"PTRCOMP_RESERVE_MB": "1"},
         returncode=SIGABRT, stdout="".join(f"{k}\n" for k in range(10000, 70000, 10000)),
         stderr=reservation_full("struct node (limits.c:32)")),
    # 40000 nodes, then an array doubling beside them: its 32768 would fit the reservation
    # alone (a larger request returns 0: nomem-big1mb), together they outgrow it.
    Case("limit-reserve64", "limits.c", args=("reserve64",), env={"PTRCOMP_RESERVE_MB": "1"},
         returncode=SIGABRT, stdout="1024\n2048\n4096\n8192\n16384\n",
         stderr=reservation_full("struct node (limits.c:64)")),
    # 4 GiB of a byte pool's address space: only the mmap layer reserves that much by
    # default (the fallback's 64 MiB reservation runs out first, tested just above).
    Case("limit-index32", "limits.c", args=("index32",), variants=("mmap", "asan-mmap"),
         returncode=SIGABRT, stdout="3 GiB allocated\n",
         stderr=fatal('pool "bytes (limits.c)" ' + FULL32.format(what="bytes"))),
    # 2^32 nodes (64 GiB) fit a 128 GiB reservation, so the index width is what stops
    # them (with the default 8 GiB the request returns 0: nomem-big).
    Case("limit-huge32", "limits.c", args=("huge32",), env={"PTRCOMP_RESERVE_MB": "131072"},
         returncode=SIGABRT,
         stderr=fatal('pool "struct node (limits.c:32)" ' + FULL32.format(what="objects"))),
    Case("limit-array16", "limits.c", args=("array16",), returncode=SIGABRT,
         stdout="65000 allocated\n", stderr=fatal(f'pool "struct node (limits.c:16)" {FULL16}')),
    Case("limit-realloc16", "limits.c", args=("realloc16",), returncode=SIGABRT,
         stdout="65534 allocated\n", stderr=fatal(f'pool "struct node (limits.c:16)" {FULL16}')),
    Case("limit-badenv", "limits.c", args=("badenv",), env={"PTRCOMP_RESERVE_MB": "12abc"},
         returncode=SIGABRT,
         stderr=fatal('PTRCOMP_RESERVE_MB="12abc" is not a whole number of MiB between 1 and '
                      "67108864")),
    Case("limit-badfree", "limits.c", args=("badfree",), returncode=SIGABRT,
         stderr=fatal('pc_free: index 6 was not allocated from pool "struct node (limits.c:32)"')),
    # Small objects get one index slot each (tests/runtime/narrow.c).
    Case("narrow-fill16-4", "narrow.c", args=("fill16-4",), returncode=SIGABRT,
         stdout=NARROW_FILL.format(size=4, name="int32", bytes=262140),
         stderr=fatal(f'pool "int32 (narrow.c:16)" {FULL16}')),
    Case("narrow-fill16-2", "narrow.c", args=("fill16-2",), returncode=SIGABRT,
         stdout=NARROW_FILL.format(size=2, name="int16", bytes=131070),
         stderr=fatal(f'pool "int16 (narrow.c:16)" {FULL16}')),
    Case("narrow-shared16-4", "narrow.c", args=("shared16-4",), link=("-pthread",),
         returncode=SIGABRT,
         stdout="shared 16-bit pool of 4-byte objects: 65535 objects, one index each\n",
         stderr=fatal(f'pool "shared int32 (narrow.c)" {FULL16}')),
    Case("narrow-slots", "narrow.c", args=("slots",), stdout=(
        "32-bit pool of 4-byte objects: indices 1 to 1001 in order, one each\n"
        "32-bit pool of 2-byte objects: 2, 4 (two slots each), then 3 objects in two units\n"
        "64-bit pool of 4-byte objects: 2, 4 (8-byte links)\n"
        "16-bit byte pool: 16-byte granules 16, 32, 48 (two), 80\n"
        'ptrcomp: pool "int32 (narrow.c:32)" obj_size=4 peak_objects=1001 peak_bytes=4004 '
        "instances=1\n"
        'ptrcomp: pool "int16 (narrow.c:32)" obj_size=2 peak_objects=10 peak_bytes=20 '
        "instances=1\n"
        'ptrcomp: pool "int32 (narrow.c:64)" obj_size=4 peak_objects=4 peak_bytes=16 '
        "instances=1\n"
        'ptrcomp: pool "bytes (narrow.c:16)" obj_size=1 peak_objects=80 peak_bytes=80 '
        "instances=1\n")),
    Case("narrow-arrays16", "narrow.c", args=("arrays16",), stdout=(
        "16-bit pool of 2-byte objects: arrays reused by size, split when large, moved by "
        "realloc; neighbours intact\n")),
    # 2^32 2-byte objects fit a 16 GiB reservation; the message states the limit of
    # objects allocated one at a time (two index slots each).
    Case("narrow-index32-2", "narrow.c", args=("index32-2",), env={"PTRCOMP_RESERVE_MB": "16384"},
         returncode=SIGABRT,
         stderr=fatal('pool "int16 (narrow.c:32)" is full: 32-bit indices address at most '
                      "4294967295 objects (2 index slots per object allocated singly, as a "
                      "free object holds a 4-byte link: at most 2147483647 such objects); "
                      "exclude this structure from pointer compression so that it keeps "
                      "64-bit pointers")),
    # The benchmark of the fast paths, a few rounds (by hand: `bench_alloc 20000 time`).
    Case("bench_alloc", "bench_alloc.c", args=("100",),
         stdout="alloc/free loop, 16- and 4-byte objects: one index each, LIFO reuse\n"),
    # Allocation failure returns 0 like malloc (tests/runtime/nomem.c). The sanitized
    # malloc fallback must let malloc return NULL instead of reporting it.
    Case("nomem-big", "nomem.c", args=("big",), link=("-pthread",), stdout=(
        "first request too large: null pointer, pool usable afterwards\n"
        "private 32-bit pool: alloc, calloc, calloc2, realloc of 2^40 objects and overflowing "
        "sizes return 0 (ENOMEM); realloc keeps the old block; pool usable afterwards\n"
        "16-bit, 64-bit and byte pools: likewise, no abort\n"
        "thread-safe pools: likewise\n")),
    Case("nomem-big1mb", "nomem.c", args=("big1mb",), link=("-pthread",),
         env={"PTRCOMP_RESERVE_MB": "1"},
         stdout="PTRCOMP_RESERVE_MB=1: 70000 nodes of 16 bytes refused, 60000 allocated\n"),
    # Commits exist in the mmap layer only (the fallback has all of its memory up front).
    Case("nomem-commit", "nomem.c", args=("commit",), link=("-pthread",),
         variants=("mmap", "asan-mmap"), stdout=(
             "private pool: growth refused by the system returns 0 (ENOMEM); objects intact; "
             "freed ones reused; grows again once memory is available\n"
             "thread-safe pool: likewise\n")),
    Case("nomem-nodata", "nomem.c", args=("nodata",), link=("-pthread",),
         asan_options="allocator_may_return_null=1", stdout=(
             "new pools, data limit reached: 0 (ENOMEM) from every call, pc_base NULL; usable "
             "once memory is available\n")),
    Case("nomem-noas", "nomem.c", args=("noas",), link=("-pthread",),
         asan_options="allocator_may_return_null=1", stdout=(
             "new pools, address space limit reached: 0 (ENOMEM) from every call, pc_base NULL; "
             "usable once memory is available\n")),
    Case("nomem-cut", "nomem.c", args=("cut",), link=("-pthread",),
         asan_options="allocator_may_return_null=1",
         stdout="reservation cut to 32 MiB by the system: growing past it returns 0 (ENOMEM)\n"),
    Case("stats-at-exit", "stats_report.c", env={"PTRCOMP_STATS": "1"},
         stdout=STATS_STDOUT, stderr=STATS_LINES),
    Case("stats-off", "stats_report.c", stdout=STATS_STDOUT),
    Case("stats-zero", "stats_report.c", env={"PTRCOMP_STATS": "0"}, stdout=STATS_STDOUT),
    Case("stagger", "stagger.c", stdout=(
        "64 pools alive: 64 distinct offsets in a page\n"
        "fresh pools after destroy: different offsets\n")),
    Case("give_back", "give_back.c", args=("rss", "48"), variants=("mmap",),
         stdout=GIVE_BACK_OUT + "pages returned after the last free; two structures in turn "
         "peak as one\n"),
    # The same with large pages past 4 MiB: giving pages back splits them.
    Case("give_back-large_pages", "give_back.c", args=("rss", "48"), variants=("mmap",),
         env={"PTRCOMP_HUGEPAGES": "1"},
         stdout=GIVE_BACK_OUT + "pages returned after the last free; two structures in turn "
         "peak as one\n"),
    # The malloc fallback cannot give pages back, and ASan keeps its own: behaviour only.
    Case("give_back-norss", "give_back.c", args=("norss", "16"),
         variants=("malloc", "asan-mmap", "asan-malloc"),
         stdout=GIVE_BACK_OUT + "resident size not measured\n"),
    Case("large_pages", "large_pages.c", args=LARGE_ON[0], env={"PTRCOMP_HUGEPAGES": "1"},
         variants=("mmap",), stdout=LARGE_ON[1]),
    Case("large_pages-off", "large_pages.c", args=LARGE_OFF[0], variants=("mmap",),
         stdout=LARGE_OFF[1]),
    Case("large_pages-zero", "large_pages.c", args=LARGE_OFF[0],
         env={"PTRCOMP_HUGEPAGES": "0"}, variants=("mmap",), stdout=LARGE_OFF[1]),
    # The malloc fallback ignores the hint; under ASan: behaviour only.
    Case("large_pages-behaviour", "large_pages.c", args=("nocheck",),
         env={"PTRCOMP_HUGEPAGES": "1"}, variants=("malloc", "asan-mmap", "asan-malloc"),
         stdout=LARGE_OUT),
    Case("shared", "shared_threads.c", link=("-pthread",), stdout=SHARED_OUT),
    Case("shared-stats", "shared_threads.c", args=("stats",), link=("-pthread",),
         env={"PTRCOMP_STATS": "1"}, stdout=SHARED_STATS, stderr=SHARED_STATS),
    Case("threads", "threads.c", link=("-pthread",), stdout=(
        "4 threads x 5000 pools: ok\n"
        'ptrcomp: pool "per-thread (threads.c)" obj_size=16 peak_objects=20 peak_bytes=320 '
        "instances=20000\n")),
]


def require_libs():
    missing = [str(p) for p in LIBS.values() if not p.is_file()]
    if missing:
        pytest.fail(f"runtime library not built: {', '.join(missing)}; build it with "
                    f"cmake -S {tl.ROOT} -B {tl.BUILD_DIR} -G Ninja -DPTRCOMP_BUILD_TOOL=OFF && "
                    f"cmake --build {tl.BUILD_DIR} (or set PTRCOMP_BUILD_DIR)", pytrace=False)


@pytest.fixture(scope="session")
def builds(tmp_path_factory):
    """Builds each (program, compiler, variant) once per test session (per xdist worker)."""
    out_dir = tmp_path_factory.mktemp("runtime-builds")
    cache = {}

    def sanitized_runtime(backend):
        key = ("runtime", backend)
        if key not in cache:
            objs = []
            for src in RUNTIME_SOURCES:
                obj = out_dir / f"rt-{backend}-{src.stem}.o"
                r = tl.run([SAN_COMPILER, *SAN_FLAGS, *BACKEND_DEFS[backend], "-I", RUNTIME_SRC,
                            "-c", src, "-o", obj], timeout=300)
                assert r.returncode == 0, f"runtime does not build under sanitizers:\n{r.stderr}"
                objs.append(obj)
            cache[key] = objs
        return cache[key]

    def build(program, compiler, variant, link=()):
        key = (program, compiler, variant, link)
        if key not in cache:
            exe = out_dir / f"{program.replace('.', '_')}-{compiler}-{variant}"
            src = PROGRAMS / program
            if variant.startswith("asan-"):
                objs = sanitized_runtime(variant[5:])
                r = tl.run([compiler, *SAN_FLAGS, *link, "-I", RUNTIME_SRC, src, *objs,
                            "-o", exe], timeout=300)
            else:
                r = tl.compile_c([src], exe, compiler, [*C_FLAGS, *link], with_runtime=True,
                                 runtime_lib=LIBS[variant])
            assert r.returncode == 0, f"{program} ({compiler}, {variant}) does not build:\n{r.stderr}"
            cache[key] = exe
        return cache[key]

    return build


def check_run(case, exe):
    env = dict(os.environ)
    for var in ("PTRCOMP_STATS", "PTRCOMP_RESERVE_MB", "PTRCOMP_HUGEPAGES"):
        env.pop(var, None)
    env.update(case.env)
    # Sanitizer reports must fail the run; leak checking stays on (every test program
    # destroys its local pools, and what is left is reachable from globals).
    env["ASAN_OPTIONS"] = ":".join(o for o in ("abort_on_error=0:detect_leaks=1",
                                                case.asan_options) if o)
    env["UBSAN_OPTIONS"] = "print_stacktrace=1"
    start = time.monotonic()
    r = tl.run([exe, *case.args], env=env, timeout=120)
    elapsed = time.monotonic() - start
    where = f"{exe.name} {' '.join(case.args)}"
    assert r.returncode == case.returncode, (
        f"{where}: exit status {r.returncode}, expected {case.returncode}\n"
        f"--- stdout\n{r.stdout[-3000:]}\n--- stderr\n{r.stderr[-3000:]}")
    assert r.stdout == case.stdout, f"{where}: stdout differs\n--- stderr\n{r.stderr[-3000:]}"
    if isinstance(case.stderr, re.Pattern):
        m = case.stderr.fullmatch(r.stderr)
        assert m, f"{where}: stderr does not match {case.stderr.pattern!r}:\n{r.stderr}"
        return m, elapsed
    assert r.stderr == case.stderr, f"{where}: stderr differs"
    return None, elapsed


def variants_for(case):
    for v in case.variants:
        compilers = [SAN_COMPILER] if v.startswith("asan-") else tl.COMPILERS
        for cc in compilers:
            yield pytest.param(case, cc, v, id=f"{case.id}-{cc}-{v}")


@pytest.mark.parametrize("case,compiler,variant",
                         [p for c in CASES for p in variants_for(c)])
def test_program(case, compiler, variant, builds):
    if not variant.startswith("asan-"):
        require_libs()
    exe = builds(case.program, compiler, variant, case.link)
    m, elapsed = check_run(case, exe)
    if m is not None:  # the reservation message states how many objects fitted
        room = int(m.group(1))
        assert 60000 < room < 65536, f"implausible room in a 1 MiB reservation: {room}"
    if case.program == "hot_loop.c" and not variant.startswith("asan-") and elapsed > 1.0:
        # Not an assertion (machines differ), but creating and destroying 100,000 pools
        # should take a few milliseconds; say so when it does not.
        warnings.warn(f"hot_loop.c took {elapsed:.2f}s with {compiler}/{variant}")


def test_c_compiler_available():
    assert tl.COMPILERS, "no C compiler (gcc or clang) found"


HEADER_WARNINGS = ["-Wall", "-Wextra", "-Werror", "-pedantic", "-Wconversion",
                   "-Wsign-conversion", "-Wcast-qual", "-Wshadow", "-Wstrict-prototypes",
                   "-Wmissing-prototypes", "-Wundef", "-Wold-style-definition",
                   "-Wunused-function", "-Wredundant-decls"]


@pytest.mark.parametrize("std", ["c89", "gnu89", "c99", "c11", "gnu11"])
@pytest.mark.parametrize("compiler", tl.COMPILERS)
def test_header_compiles_cleanly(compiler, std, tmp_path):
    """Unused inline functions and the header itself raise no warning, even with warning
    sets stricter than the transformed programs use."""
    for opt in ("-O0", "-O2"):
        r = tl.run([compiler, f"-std={std}", opt, *HEADER_WARNINGS, "-I", RUNTIME_SRC, "-c",
                    PROGRAMS / "header_only.c", "-o", tmp_path / "h.o"])
        assert r.returncode == 0, f"{compiler} -std={std} {opt}:\n{r.stderr}"


def test_cxx_compiler_available():
    assert CXX_COMPILERS, "no C++ compiler (g++ or clang++) found"


# HEADER_WARNINGS less those for C only.
CXX_HEADER_WARNINGS = ["-Wall", "-Wextra", "-Werror", "-pedantic", "-Wconversion",
                       "-Wsign-conversion", "-Wcast-qual", "-Wshadow", "-Wundef",
                       "-Wunused-function", "-Wredundant-decls"]


@pytest.mark.parametrize("std", ["c++11", "c++17"])
@pytest.mark.parametrize("compiler", CXX_COMPILERS)
def test_header_compiles_cleanly_as_cxx(compiler, std, tmp_path):
    """C++ code may include the header (a project header that includes it, in a mixed C
    and C++ project): its inline functions compile as C++ (no implicit conversion from
    void *, no C-only syntax), unused and without warnings."""
    for opt in ("-O0", "-O2"):
        r = tl.run([compiler, "-x", "c++", f"-std={std}", opt, *CXX_HEADER_WARNINGS, "-I",
                    RUNTIME_SRC, "-c", PROGRAMS / "header_only.c", "-o", tmp_path / "h.o"])
        assert r.returncode == 0, f"{compiler} -std={std} {opt}:\n{r.stderr}"


@pytest.mark.parametrize("std", ["c++11", "c++17"])
@pytest.mark.parametrize("compiler", CXX_COMPILERS)
def test_header_as_cxx(compiler, std, tmp_path):
    """extern "C" guards: the header parses as C++ and a C++ program links with the C
    library and runs."""
    src = PROGRAMS / "cxx_header.cpp"
    flags = [f"-std={std}", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", RUNTIME_SRC]
    r = tl.run([compiler, *flags, "-fsyntax-only", src])
    assert r.returncode == 0, r.stderr
    require_libs()
    exe = tmp_path / "cxx"
    r = tl.run([compiler, *flags, src, LIBS["mmap"], "-o", exe])
    assert r.returncode == 0, r.stderr
    r = tl.run([exe], env={k: v for k, v in os.environ.items() if k != "PTRCOMP_STATS"})
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout == ('ptrcomp: pool "local (cxx_header.cpp)" obj_size=16 peak_objects=1 '
                        "peak_bytes=16 instances=1\n"
                        'ptrcomp: pool "node (cxx_header.cpp)" obj_size=16 peak_objects=4 '
                        "peak_bytes=64 instances=1\n")


@pytest.mark.parametrize("backend", ["mmap", "malloc"])
@pytest.mark.parametrize("compiler", tl.COMPILERS)
def test_runtime_sources_compile_strictly(compiler, backend, tmp_path):
    """Every runtime source, the unselected OS layers included, builds as ISO C99 without
    warnings in both configurations."""
    for src in RUNTIME_SOURCES:
        r = tl.run([compiler, "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic",
                    "-Wshadow", "-Wstrict-prototypes", "-Wmissing-prototypes",
                    *BACKEND_DEFS[backend], "-I", RUNTIME_SRC, "-c", src,
                    "-o", tmp_path / f"{src.stem}.o"])
        assert r.returncode == 0, f"{src.name} ({backend}):\n{r.stderr}"


def test_threads_under_tsan(tmp_path):
    """Pools of different threads share the region cache and the statistics registry:
    ThreadSanitizer must find no race in them."""
    exe = tmp_path / "threads-tsan"
    r = tl.run([SAN_COMPILER, "-std=c99", "-O1", "-g", "-fsanitize=thread", "-pthread",
                "-Wall", "-Wextra", "-Werror", "-I", RUNTIME_SRC, PROGRAMS / "threads.c",
                *RUNTIME_SOURCES, "-o", exe], timeout=300)
    assert r.returncode == 0, r.stderr
    env = {k: v for k, v in os.environ.items() if not k.startswith("PTRCOMP_")}
    env["TSAN_OPTIONS"] = "halt_on_error=1"
    r = tl.run([exe], env=env)
    case = next(c for c in CASES if c.id == "threads")
    assert (r.returncode, r.stdout, r.stderr) == (0, case.stdout, ""), r.stderr[-3000:]


TSAN_CC = next((c for c in ("clang-16", "clang") if shutil.which(c)), None)


@pytest.mark.parametrize("args, env, stdout", [
    ((), {}, SHARED_OUT),
    (("stats",), {"PTRCOMP_STATS": "1"}, SHARED_STATS),
], ids=["all", "stats"])
def test_shared_pools_under_tsan(args, env, stdout, tmp_path):
    """The thread-safe mode, runtime sources instrumented too: no ThreadSanitizer report
    in five runs of every scenario of shared_threads.c."""
    if TSAN_CC is None:
        pytest.skip("no clang for ThreadSanitizer")
    exe = tmp_path / "shared-tsan"
    r = tl.run([TSAN_CC, "-std=c99", "-O1", "-g", "-fsanitize=thread", "-pthread",
                "-I", RUNTIME_SRC, PROGRAMS / "shared_threads.c", *RUNTIME_SOURCES,
                "-o", exe], timeout=300)
    assert r.returncode == 0, r.stderr
    run_env = dict(os.environ, TSAN_OPTIONS="halt_on_error=1", **env)
    for k in range(5):
        got = tl.run([exe, *args], timeout=300, env=run_env)
        assert "ThreadSanitizer" not in got.stderr, f"run {k + 1}:\n{got.stderr[-6000:]}"
        assert (got.returncode, got.stdout) == (0, stdout), got.stderr[-3000:]
