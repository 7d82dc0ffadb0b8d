"""A file the build compiles with several commands (tool/BuildCommands.h): the project in
tests/twice_project/ compiles its library twice, once with -DALLOC_TESTING, which
#defines malloc to the test's failing allocator. ptrcomp rewrites list.c once for both
compiles, so its structures stay unchanged, with both commands named; both programs
built from the output behave as the originals. When the second command sees the same
code (a flag the code does not use), the structure is compressed."""
import json
import shutil

import pytest

import ptrcomp_testlib as tl

PROJECT = tl.ROOT / "tests" / "twice_project"


def database(proj, test_flags):
    """compile_commands.json as a build of the Makefile records it."""
    entries = []
    for src, out, flags in [("main.c", "main.o", []), ("list.c", "list.o", []),
                            ("main.c", "main-test.o", test_flags),
                            ("list.c", "list-test.o", test_flags)]:
        entries.append({"directory": str(proj), "file": src,
                        "arguments": ["cc", "-O2", *flags, "-c", src, "-o", out]})
    (proj / "compile_commands.json").write_text(json.dumps(entries, indent=1))


def build_and_run(directory, cc, test_flags, runtime=False):
    rt = f"RT={tl.RUNTIME_LIB}" if runtime else "RT="
    cflags = "CFLAGS=-O2 -Wall -Werror" + (f" -I{tl.RUNTIME_INCLUDE}" if runtime else "")
    r = tl.run(["make", "-C", directory, f"CC={cc}", cflags, rt,
                f"TEST_FLAGS={' '.join(test_flags)}"], timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    return [tl.run([directory / p]) for p in ("app", "app-test")]


@pytest.mark.parametrize("test_flags, compressed", [
    (["-DALLOC_TESTING"], False),
    (["-DUNUSED_FLAG=1"], True),
])
def test_library_compiled_twice(tmp_path, test_flags, compressed):
    proj = tmp_path / "proj"
    shutil.copytree(PROJECT, proj)
    database(proj, test_flags)
    out = tmp_path / "out"
    r = tl.run_ptrcomp("-p", proj, "main.c", "list.c", "-o", out, "--report=json",
                       "--report-file", tmp_path / "report.json", cwd=proj)
    assert r.returncode == 0, r.stderr
    report = json.loads((tmp_path / "report.json").read_text())
    node = [s for s in report["structures"] if s["type"] == "struct node"]
    assert node and node[0]["compressed"] == compressed, node
    if not compressed:
        why = " ".join(node[0]["reasons"])
        assert "'list.c' is compiled by the build with two commands whose code differs" in why
        assert "cc -O2 -c list.c -o list.o" in why and "-DALLOC_TESTING" in why, why
    shutil.copy(proj / "Makefile", out / "Makefile")
    for cc in tl.COMPILERS:
        (proj / "app").unlink(missing_ok=True)
        tl.run(["make", "-C", proj, "clean"])
        tl.run(["make", "-C", out, "clean"])
        original = build_and_run(proj, cc, test_flags)
        transformed = build_and_run(out, cc, test_flags, runtime=True)
        for a, b in zip(original, transformed):
            assert (a.stdout, a.stderr, a.returncode) == (b.stdout, b.stderr, b.returncode)
        if "-DALLOC_TESTING" in test_flags:
            assert "2 allocations failed" in original[1].stdout
