"""compile_commands.json from real build tools with `ptrcomp -p`: one recorded by
`bear -- make` for a Makefile project and one written by CMake for the same program, whose
files are compiled with different flags (-DLIST_SCALE=3 for list.c only, -Iextra for
tree.c only; the sources #error when they get the wrong ones), and databases with relative
"directory" entries, which ptrcomp resolves against the database's own directory.
Every transformation is built with the project's Makefile and compared, run against run,
with the original program."""
import json
import os
import pathlib
import shutil

import pytest

import ptrcomp_testlib as tl

PROJECT = tl.ROOT / "tests" / "compile_db_project"
SOURCES = ["src/main.c", "src/list.c", "src/tree.c"]
RUN_ARGS = [[], ["3000"], ["17"]]

needs_bear = pytest.mark.skipif(shutil.which("bear") is None,
                                reason="bear is not installed (scripts/bootstrap.sh installs it)")


def make(directory, *args):
    r = tl.run(["make", "-C", directory, *args], timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    return r


@pytest.fixture
def project(tmp_path):
    """A fresh copy of the project, built by make under bear: the original program and
    bear's compile_commands.json."""
    proj = tmp_path / "proj"
    shutil.copytree(PROJECT, proj)
    r = tl.run(["bear", "--", "make"], cwd=proj, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (proj / "shapes").exists()
    return proj


def original_outputs(proj):
    return [tl.run([proj / "shapes", *a]) for a in RUN_ARGS]


def check_transformation(out, proj, tmp_path):
    """ptrcomp's output `out` of `proj` builds with the project's own Makefile (per-file
    flags included) cleanly and behaves as the original; both structures are compressed."""
    header = (out / "include" / "shapes.h").read_text()
    for field in ["pc_idx32 next;", "pc_idx32 left;", "pc_idx32 right;"]:
        assert field in header, header
    for s in SOURCES:
        assert (out / s).read_text() != (proj / s).read_text(), f"{s} unchanged"
    shutil.copy(proj / "Makefile", out / "Makefile")
    make(out, f"RT_CPPFLAGS=-I{tl.RUNTIME_INCLUDE}", f"RT_LIBS={tl.RUNTIME_LIB}",
         "CFLAGS=-O2 -Wall -Wextra -Werror")
    for a, orig in zip(RUN_ARGS, original_outputs(proj)):
        new = tl.run([out / "shapes", *a])
        assert (new.returncode, new.stdout) == (orig.returncode, orig.stdout), a
        assert orig.returncode == 0 and orig.stdout


def bear_database(proj):
    db = json.loads((proj / "compile_commands.json").read_text())
    assert sorted(pathlib.Path(e["file"]).name for e in db) == ["list.c", "main.c", "tree.c"]
    return db


@needs_bear
def test_bear_database_whole_program(ptrcomp, project, tmp_path):
    out = tmp_path / "out"
    r = tl.run([ptrcomp, "-p", project, "-o", out, "--report"], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("compressed") == 2, r.stdout
    check_transformation(out, project, tmp_path)


@needs_bear
def test_bear_database_named_files(ptrcomp, project, tmp_path):
    out = tmp_path / "out"
    r = tl.run([ptrcomp, "-p", project, *[project / s for s in SOURCES], "-o", out],
               cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    check_transformation(out, project, tmp_path)


@needs_bear
def test_named_files_relative_to_working_directory(ptrcomp, project, tmp_path):
    """Files named relative to the working directory find their entries (absolute in
    bear's database): ptrcomp reads only the named files' entries."""
    db = bear_database(project)
    # An entry of a file that is not named (nor exists) changes nothing.
    db.append({"directory": str(project), "file": "src/absent.c",
               "arguments": ["cc", "-c", "src/absent.c"]})
    (project / "compile_commands.json").write_text(json.dumps(db))
    out = tmp_path / "out"
    r = tl.run([ptrcomp, "-p", ".", *SOURCES, "-o", out], cwd=project)
    assert r.returncode == 0, r.stderr
    check_transformation(out, project, tmp_path)


@needs_bear
@pytest.mark.parametrize("escaped", [False, True], ids=["plain", "escaped-name"])
def test_named_files_entries_found_in_a_large_database(ptrcomp, project, tmp_path, escaped):
    """ptrcomp finds the named files' entries by their text instead of parsing the whole
    database: entries of other files with the same names come first, arguments hold
    braces, brackets and escaped quotes that the scan must step over, and an entry it does
    not need is not read (a malformed one does not stop it); a name that the database
    writes with escapes is not found by its text, and the whole database is parsed
    instead. Each file still gets its own flags (they #error otherwise)."""
    db = bear_database(project)
    note = '-DPTRCOMP_TEST_NOTE="{[\\"}]\\\\"'  # a define no file uses
    decoys = [{"directory": str(tmp_path / f"other{i}"), "file": f"src/{name}",
               "arguments": ["cc", "-DLIST_SCALE=99", note, "-c", f"src/{name}"]}
              for i in range(40) for name in ["main.c", "list.c", "tree.c"]]
    if not escaped:
        # Read only by the whole-database parse, which it fails (no "file"): the scan
        # must have found the entries without it.
        decoys.append({"directory": str(tmp_path), "arguments": ["cc", "-c", "x.c"]})
    for e in db:
        e["arguments"].insert(1, note)
    text = json.dumps(decoys + db, indent=1)
    if escaped:
        text = text.replace("tree.c", "tre\\u0065.c")
        assert "tree.c" not in text and json.loads(text)[-1]["file"].endswith(".c")
    (project / "compile_commands.json").write_text(text)
    out = tmp_path / "out"
    r = tl.run([ptrcomp, "-p", ".", *SOURCES, "-o", out], cwd=project)
    assert r.returncode == 0, r.stderr
    check_transformation(out, project, tmp_path)


@needs_bear
def test_named_files_through_symbolic_link(ptrcomp, project, tmp_path):
    """A file named by another path than its entry's (a symbolic link to the project)
    is matched as clang matches it: its own flags, not a guess."""
    link = tmp_path / "link"
    link.symlink_to(project)
    out = tmp_path / "out"
    r = tl.run([ptrcomp, "-p", project, *[link / s for s in SOURCES], "-o", out],
               cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    check_transformation(out, project, tmp_path)


@needs_bear
def test_per_file_flags_are_needed(ptrcomp, project, tmp_path):
    """The control: the union of the flags given to every file does not parse (main.c
    refuses -DLIST_SCALE), so the runs above did use each file's own flags."""
    r = tl.run([ptrcomp, *[project / s for s in SOURCES], "-o", tmp_path / "out", "--",
                f"-I{project / 'include'}", f"-I{project / 'extra'}", "-DLIST_SCALE=3"])
    assert r.returncode == 1
    assert "main.c:6:2: error: \"only list.c is compiled with -DLIST_SCALE\"" in r.stderr
    assert not (tmp_path / "out").exists()


def relative_entries(db, base, directories):
    """db with entry i's "directory" replaced by directories[i] (None: unchanged), after
    checking that the relative directory names the same place from `base`."""
    db = json.loads(json.dumps(db))
    for e, d in zip(db, directories):
        if d is not None:
            assert os.path.realpath(os.path.join(base, d)) == os.path.realpath(e["directory"])
            e["directory"] = d
    return db


@needs_bear
def test_relative_directory_resolved_against_the_database(ptrcomp, project, tmp_path):
    # The database moved to proj/db/: "..", "../src/.." and one absolute entry; ptrcomp
    # runs from elsewhere, so relative to its working directory nothing would be found.
    dbdir = project / "db"
    dbdir.mkdir()
    db = relative_entries(bear_database(project), dbdir, ["..", "../src/..", None])
    (dbdir / "compile_commands.json").write_text(json.dumps(db, indent=1))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    out = tmp_path / "out-all"
    r = tl.run([ptrcomp, "-p", dbdir, "-o", out], cwd=elsewhere)
    assert r.returncode == 0, r.stderr
    check_transformation(out, project, tmp_path)

    out = tmp_path / "out-named"
    r = tl.run([ptrcomp, "-p", dbdir, *[project / s for s in SOURCES], "-o", out],
               cwd=elsewhere)
    assert r.returncode == 0, r.stderr
    check_transformation(out, project, tmp_path)


@needs_bear
def test_relative_directory_in_database_found_beside_sources(ptrcomp, project, tmp_path):
    # No -p: the database is found from the sources' directory upwards (proj/), and its
    # "." means proj/, not the working directory.
    db = relative_entries(bear_database(project), project, [".", None, "."])
    (project / "compile_commands.json").write_text(json.dumps(db, indent=1))
    out = tmp_path / "out"
    r = tl.run([ptrcomp, *[project / s for s in SOURCES], "-o", out], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    check_transformation(out, project, tmp_path)


def test_relative_directory_with_extra_args(ptrcomp, tmp_path):
    """--extra-arg still applies to a database whose directories were resolved."""
    proj = tmp_path / "proj"
    shutil.copytree(PROJECT, proj)
    db = [{"directory": ".", "file": s, "arguments": ["cc", "-Iinclude", "-c", s]}
          for s in SOURCES]
    db[1]["arguments"].insert(1, "-DLIST_SCALE=3")
    db[2]["arguments"].insert(1, "-Iextra")
    (proj / "compile_commands.json").write_text(json.dumps(db))
    r = tl.run([ptrcomp, "-p", proj, "-o", tmp_path / "out", "--extra-arg=-DLIST_SCALE=2"],
               cwd=tmp_path)
    assert r.returncode == 1
    assert "main.c:6:2: error: \"only list.c is compiled with -DLIST_SCALE\"" in r.stderr
    r = tl.run([ptrcomp, "-p", proj, "-o", tmp_path / "out"], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "out" / "src" / "list.c").exists()


@needs_bear
def test_cmake_database(ptrcomp, project, tmp_path):
    """CMake's compile_commands.json (per-source properties give the per-file flags); the
    program CMake builds from the originals also behaves like the Makefile's."""
    build = tmp_path / "cmake-build"
    gen = ["-G", "Ninja"] if shutil.which("ninja") else []
    r = tl.run(["cmake", "-S", project, "-B", build, *gen], timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    r = tl.run(["cmake", "--build", build], timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    for a, orig in zip(RUN_ARGS, original_outputs(project)):
        assert tl.run([build / "shapes", *a]).stdout == orig.stdout
    db = json.loads((build / "compile_commands.json").read_text())
    assert len(db) == 3 and all(os.path.isabs(e["directory"]) for e in db)
    out = tmp_path / "out"
    r = tl.run([ptrcomp, "-p", build, "-o", out], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    check_transformation(out, project, tmp_path)


def test_recursive_make_database_with_relative_paths(ptrcomp, tmp_path):
    """A database as `bear -- make` records a recursive make: each entry compiled in its
    own directory, with relative file names and -I paths. Every file must find its own
    headers (one shared file cache used to resolve src/'s "-I../lib" lookups against
    lib/'s directory: "cannot open file './list.h'")."""
    src = tmp_path / "proj"
    (src / "lib").mkdir(parents=True)
    (src / "src").mkdir()
    (src / "lib" / "list.h").write_text(
        "struct cell { int v; struct cell *next; };\n"
        "struct cell *cell_push(struct cell *l, int v);\n"
        "int cell_sum(const struct cell *l);\n"
        "void cell_free(struct cell *l);\n")
    (src / "lib" / "list.c").write_text(
        '#include <stdlib.h>\n#include "list.h"\n'
        "struct cell *cell_push(struct cell *l, int v) {\n"
        "  struct cell *c = malloc(sizeof *c);\n  c->v = v;\n  c->next = l;\n  return c;\n}\n"
        "int cell_sum(const struct cell *l) {\n"
        "  int s = 0;\n  for (; l; l = l->next)\n    s += l->v;\n  return s;\n}\n"
        "void cell_free(struct cell *l) {\n"
        "  while (l) {\n    struct cell *n = l->next;\n    free(l);\n    l = n;\n  }\n}\n")
    (src / "src" / "main.c").write_text(
        '#include <stdio.h>\n#include "list.h"\n'
        "int main(void) {\n  struct cell *l = NULL;\n"
        "  for (int i = 0; i < 1000; i++)\n    l = cell_push(l, i);\n"
        '  printf("%d\\n", cell_sum(l));\n  cell_free(l);\n  return 0;\n}\n')
    db = [{"directory": str(src / "lib"), "file": "list.c",
           "arguments": ["cc", "-std=gnu11", "-c", "-o", "list.o", "list.c"]},
          {"directory": str(src / "src"), "file": "main.c",
           "arguments": ["cc", "-std=gnu11", "-I../lib", "-c", "-o", "main.o", "main.c"]}]
    (src / "compile_commands.json").write_text(json.dumps(db))
    out = tmp_path / "out"
    r = tl.run_ptrcomp("-p", src, "-o", out, "--report=json")
    assert r.returncode == 0, r.stderr
    cells = [s for s in json.loads(r.stdout)["structures"] if s["type"] == "struct cell"]
    assert len(cells) == 1 and cells[0]["compressed"], cells
    tl.check_same_behaviour([src / "lib" / "list.c", src / "src" / "main.c"],
                            [out / "lib" / "list.c", out / "src" / "main.c"], tmp_path,
                            original_flags=["-I" + str(src / "lib")],
                            transformed_flags=["-I" + str(out / "lib")])
