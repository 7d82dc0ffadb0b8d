"""The installed CMake package: `cmake --install` of the build under test into a temporary
prefix, then tests/cmake_project (a multi-directory C project) configured and built from
scratch against it with ptrcomp_transform(), and compared with the same project built
without ptrcomp. Nothing here rebuilds ptrcomp itself."""
import json
import os
import pathlib
import re
import shlex
import shutil

import pytest

import ptrcomp_testlib as tl

PROJECT = tl.ROOT / "tests" / "cmake_project"
GENERATOR = ["-G", "Ninja"] if shutil.which("ninja") else []


def cache_value(build, name):
    for line in (build / "CMakeCache.txt").read_text().splitlines():
        if line.startswith(name + ":"):
            return line.split("=", 1)[1]
    return None


def cmake(*args, cwd=None):
    r = tl.run(["cmake", *args], cwd=cwd, timeout=300)
    assert r.returncode == 0, f"cmake {' '.join(map(str, args))}\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
    return r


def configure_and_build(src, build, *defs):
    cmake("-S", src, "-B", build, *GENERATOR, *defs)
    return cmake("--build", build)


def real(p):
    return str(pathlib.Path(p).resolve())


@pytest.fixture(scope="module")
def prefix(build_dir, tmp_path_factory):
    p = tmp_path_factory.mktemp("prefix")
    cmake("--install", build_dir, "--prefix", p)
    return p


@pytest.fixture(scope="module")
def libdir(build_dir):
    return cache_value(build_dir, "CMAKE_INSTALL_LIBDIR") or "lib"


@pytest.fixture(scope="module")
def original_output(tmp_path_factory):
    """The project built as it is, without ptrcomp: the reference behaviour."""
    b = tmp_path_factory.mktemp("orig-build")
    configure_and_build(PROJECT, b, "-DPCDEMO_PTRCOMP=OFF")
    r = tl.run([b / "app" / "pcdemo"])
    assert r.returncode == 0 and r.stdout.count("\n") >= 3, r
    return r.stdout


def test_install_layout(prefix, libdir):
    pkg = prefix / libdir / "cmake" / "ptrcomp"
    for f in ["bin/ptrcomp", f"{libdir}/libptrcomp_rt.a", f"{libdir}/libptrcomp_rt_fallback.a",
              "include/ptrcomp_rt.h"]:
        assert (prefix / f).is_file(), f
    for f in ["ptrcompConfig.cmake", "ptrcompConfigVersion.cmake", "ptrcompTargets.cmake",
              "PtrcompTransform.cmake", "PtrcompTransformRun.cmake"]:
        assert (pkg / f).is_file(), f
    targets = (pkg / "ptrcompTargets.cmake").read_text()
    assert "add_library(ptrcomp::runtime STATIC IMPORTED)" in targets
    assert "add_executable(ptrcomp::ptrcomp IMPORTED)" in targets
    # the tool's build requirements (LLVM headers) are not exported with it
    assert "llvm" not in targets.lower()
    assert (prefix / "include" / "ptrcomp_rt.h").read_bytes() == \
        (tl.ROOT / "runtime" / "ptrcomp_rt.h").read_bytes()


def test_installed_tool_uses_the_installed_runtime(prefix, libdir, tmp_path):
    """--print-runtime-flags of the installed tool names the prefix, and a program
    transformed by the installed tool builds with exactly those flags and behaves the same."""
    exe = prefix / "bin" / "ptrcomp"
    r = tl.run([exe, "--print-runtime-flags"])
    assert r.returncode == 0, r.stderr
    flags = shlex.split(r.stdout)
    assert flags == [f"-I{prefix / 'include'}", str(prefix / libdir / "libptrcomp_rt.a")]
    src = tl.ROOT / "examples" / "lists.c"
    out = tmp_path / "out"
    r = tl.run([exe, src, "-o", out, "--report=json"])
    assert r.returncode == 0, r.stderr
    assert any(s["compressed"] for s in json.loads(r.stdout)["structures"])
    orig, new = tmp_path / "orig", tmp_path / "new"
    assert tl.run(["gcc", "-O2", "-w", src, "-o", orig]).returncode == 0
    c = tl.run(["gcc", "-O2", "-Wall", "-Werror", out / "lists.c", *flags, "-o", new])
    assert c.returncode == 0, c.stderr
    for n in ["100", "1000"]:
        a, b = tl.run([orig, n]), tl.run([new, n])
        assert (b.returncode, b.stdout) == (a.returncode, a.stdout)


def check_transformed_build(build, index_bits, original_output):
    """The program built from ptrcomp's output behaves like the original, and the objects
    really were compiled from the transformed sources and headers."""
    r = tl.run([build / "app" / "pcdemo"])
    assert (r.returncode, r.stdout) == (0, original_output)

    work = build / "app" / "ptrcomp" / "pcdemo"
    tree = work / "tree"
    report = (work / "report.txt").read_text()
    for struct in ["struct item", "struct tnode"]:
        line = next(l for l in report.splitlines() if l.startswith(struct + " "))
        assert f"{index_bits}-bit indices, compressed" in line, report
    sources = [PROJECT / "app" / "main.c", PROJECT / "lib" / "src" / "list.c",
               PROJECT / "lib" / "src" / "tree.c"]
    header = pathlib.Path(str(tree) + real(PROJECT / "lib" / "include" / "pcdemo" /
                                           "structs.h"))
    assert f"pc_idx{index_bits} next;" in header.read_text()
    for s in sources:
        t = pathlib.Path(str(tree) + real(s))
        assert t.read_text() != s.read_text(), f"{t} is not transformed"
        assert f"_pc{index_bits}(" in t.read_text()

    if GENERATOR:
        # What the compiler read, from Ninja's dependency log: every object comes from a
        # file in tree/, includes the transformed shared header and never the original.
        deps = tl.run(["ninja", "-C", build, "-t", "deps"]).stdout
        per_object = re.split(r"\n(?=\S)", deps.strip())
        objects = [d for d in per_object if "pcdemo.dir" in d.split("\n")[0]]
        assert len(objects) == 3, deps
        orig_header = real(PROJECT / "lib" / "include" / "pcdemo" / "structs.h")
        for d in objects:
            files = [l.strip() for l in d.splitlines()[1:]]
            assert files[0].startswith(str(tree) + "/"), d
            assert str(header) in files, d
            assert orig_header not in files, d


def test_transform_through_compile_commands(prefix, original_output, tmp_path):
    build = tmp_path / "build"
    configure_and_build(PROJECT, build, f"-DCMAKE_PREFIX_PATH={prefix}",
                        "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON")
    # ptrcomp read the build's own command lines, turned back into the originals' ones
    db = json.loads((build / "app" / "ptrcomp" / "pcdemo" / "db" /
                     "compile_commands.json").read_text())
    assert sorted(e["file"] for e in db) == sorted(
        real(p) for p in [PROJECT / "app" / "main.c", PROJECT / "lib" / "src" / "list.c",
                          PROJECT / "lib" / "src" / "tree.c"])
    for e in db:
        assert not re.search(r"-I ?\S*/ptrcomp/pcdemo/tree", e["command"]), e
        assert e["command"].endswith(" -c " + e["file"]), e
        assert "-DPCDEMO_KEY_RANGE=5000" in e["command"] and "-std=c11" in e["command"]
    check_transformed_build(build, 32, original_output)


def test_transform_16_bit_through_target_properties(prefix, original_output, tmp_path):
    build = tmp_path / "build"
    configure_and_build(PROJECT, build, f"-DCMAKE_PREFIX_PATH={prefix}",
                        "-DCMAKE_EXPORT_COMPILE_COMMANDS=OFF", "-DPCDEMO_INDEX_BITS=16")
    # The steps' compile commands, made from the target's properties.
    db = json.loads((build / "app" / "ptrcomp" / "pcdemo" / "db" /
                     "compile_commands.json").read_text())
    assert len(db) == 3
    for e in db:
        assert e["arguments"][-2:] == ["-c", e["file"]], e
        assert "-DPCDEMO_KEY_RANGE=5000" in e["arguments"] and "-std=c11" in e["arguments"]
    check_transformed_build(build, 16, original_output)


def test_transform_in_one_run(prefix, original_output, tmp_path):
    """ONE_RUN: one ptrcomp process instead of the steps, the same program."""
    build = tmp_path / "build"
    r = configure_and_build(PROJECT, build, f"-DCMAKE_PREFIX_PATH={prefix}",
                            "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON", "-DPCDEMO_ONE_RUN=ON")
    assert "ptrcomp: transforming the C sources of pcdemo" in r.stdout
    assert not (build / "app" / "ptrcomp" / "pcdemo" / "steps").exists()
    check_transformed_build(build, 32, original_output)


def test_steps_are_build_actions(prefix, original_output, tmp_path):
    """Each source is summarized and rewritten by a build action of its own, and the
    transformed program is the one a single run makes."""
    build, one = tmp_path / "build", tmp_path / "one"
    r = configure_and_build(PROJECT, build, f"-DCMAKE_PREFIX_PATH={prefix}",
                            "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON")
    for name in ["main.c", "list.c", "tree.c"]:
        assert f"ptrcomp: summarizing {name}" in r.stdout
        assert f"ptrcomp: rewriting {name}" in r.stdout
    assert "ptrcomp: linking pcdemo" in r.stdout
    steps = build / "app" / "ptrcomp" / "pcdemo" / "steps"
    assert len(list(steps.glob("*.pcs"))) == 3 and len(list(steps.glob("*.pcr"))) == 3
    assert (steps / "program.pcp").is_file()
    if GENERATOR:
        # Ninja reads the summaries' depfiles as ptrcomp writes them: no process per
        # source converts them
        summarize = [line for line in (build / "build.ninja").read_text().splitlines()
                     if "--summarize" in line]
        assert len(summarize) == 3
        assert not any("cmake_transform_depfile" in line for line in summarize)
        # each step reads a database of its own source's command alone
        for line in summarize:
            words = line.split()
            source = words[words.index("--summarize") + 1]
            db = json.loads((pathlib.Path(words[words.index("-p") + 1]) /
                             "compile_commands.json").read_text())
            assert [e["file"] for e in db] == [source]
    configure_and_build(PROJECT, one, f"-DCMAKE_PREFIX_PATH={prefix}",
                        "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON", "-DPCDEMO_ONE_RUN=ON")
    a = build / "app" / "ptrcomp" / "pcdemo" / "tree"
    b = one / "app" / "ptrcomp" / "pcdemo" / "tree"
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    for f in files:
        assert (a / f).read_bytes() == (b / f).read_bytes(), f


def test_rerun_when_a_header_changes(prefix, tmp_path):
    """Editing a header of the program re-runs ptrcomp and recompiles the program from the
    new output; touching nothing runs nothing."""
    proj = tmp_path / "proj"
    shutil.copytree(PROJECT, proj)
    build, orig = tmp_path / "build", tmp_path / "orig"
    configure_and_build(proj, build, f"-DCMAKE_PREFIX_PATH={prefix}",
                        "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON")
    first = tl.run([build / "app" / "pcdemo"]).stdout
    if GENERATOR:
        assert "no work to do" in cmake("--build", build).stdout
        # a source touched but not changed: it is summarized again, its summary is the
        # same, so nothing else runs and nothing is compiled again
        (proj / "lib" / "src" / "list.c").touch()
        r = cmake("--build", build)
        assert "ptrcomp: summarizing list.c" in r.stdout, r.stdout
        for other in ["summarizing main.c", "summarizing tree.c", "linking", "rewriting",
                      "Building C object"]:
            assert other not in r.stdout, r.stdout
        # a source edited where no other file's rewrite reads: the plan changes, but
        # only that source's stamp, so only it is rewritten again
        with open(proj / "lib" / "src" / "list.c", "a") as f:
            f.write("/* an edit */\n")
        r = cmake("--build", build)
        for step in ["summarizing list.c", "linking pcdemo", "rewriting list.c",
                     "checking and writing"]:
            assert f"ptrcomp: {step}" in r.stdout, r.stdout
        for other in ["rewriting main.c", "rewriting tree.c"]:
            assert other not in r.stdout, r.stdout
        assert tl.run([build / "app" / "pcdemo"]).stdout == first
    config = proj / "app" / "config" / "pcdemo_config.h"
    config.write_text(config.read_text().replace("12345u", "777u")
                      .replace("1500", "900"))
    r = cmake("--build", build)
    assert "ptrcomp: checking and writing the transformed pcdemo" in r.stdout
    if GENERATOR:
        # the summaries' depfiles: only the source that includes the header again
        assert "ptrcomp: summarizing main.c" in r.stdout, r.stdout
        for other in ["summarizing list.c", "summarizing tree.c"]:
            assert other not in r.stdout, r.stdout
    copied = pathlib.Path(str(build / "app" / "ptrcomp" / "pcdemo" / "tree") + real(config))
    assert copied.read_text() == config.read_text()
    configure_and_build(proj, orig, "-DPCDEMO_PTRCOMP=OFF")
    expected = tl.run([orig / "app" / "pcdemo"]).stdout
    assert expected != first
    assert tl.run([build / "app" / "pcdemo"]).stdout == expected


def test_expect_file(prefix, original_output, tmp_path):
    exe = prefix / "bin" / "ptrcomp"
    # The expectation of the 32-bit transformation, written by ptrcomp itself.
    expect = tmp_path / "pcdemo.expect.yaml"
    srcs = [PROJECT / "app" / "main.c", PROJECT / "lib" / "src" / "list.c",
            PROJECT / "lib" / "src" / "tree.c"]
    r = tl.run([exe, *srcs, "-o", tmp_path / "x", f"--write-expect={expect}", "--",
                "-std=c11", "-DPCDEMO_ROUNDS=3", "-DPCDEMO_KEY_RANGE=5000",
                f"-I{PROJECT / 'app' / 'config'}", f"-I{PROJECT / 'lib' / 'include'}"])
    assert r.returncode == 0, r.stderr
    assert "struct tnode" in expect.read_text()
    ok = tmp_path / "ok"
    configure_and_build(PROJECT, ok, f"-DCMAKE_PREFIX_PATH={prefix}",
                        f"-DPCDEMO_EXPECT={expect}")
    assert tl.run([ok / "app" / "pcdemo"]).stdout == original_output
    # The same expectation for a 16-bit build: the transformation differs, the build fails.
    bad = tmp_path / "bad"
    cmake("-S", PROJECT, "-B", bad, *GENERATOR, f"-DCMAKE_PREFIX_PATH={prefix}",
          f"-DPCDEMO_EXPECT={expect}", "-DPCDEMO_INDEX_BITS=16")
    r = tl.run(["cmake", "--build", bad], timeout=300)
    assert r.returncode != 0
    assert "ptrcomp_transform(pcdemo): ptrcomp failed" in r.stdout + r.stderr
    assert not (bad / "app" / "pcdemo").exists()


def cmake_style_json(entries):
    """compile_commands.json as CMake writes it: one member per line, "},\n{" between
    entries (and here also between the objects of a member's array)."""
    return "[\n" + ",\n".join(
        "{\n" + ",\n".join(f"  {json.dumps(k)}: {json.dumps(v).replace('}, {', '},' + chr(10) + '{')}"
                            for k, v in e.items())
        + "\n}" for e in entries) + "\n]"


DB_LAYOUTS = {
    "cmake": cmake_style_json,
    # as many "},\n{" as entries, not all between entries
    "mixed": lambda e: cmake_style_json(e).replace("\n},\n{\n", "\n}, {\n", 1),
    "indented": lambda e: json.dumps(e, indent=2),
    "compact": json.dumps,
}


def test_db_step_with_unusual_paths_and_layouts(prefix, libdir, tmp_path):
    """The db step (PtrcompTransformRun.cmake) turns the build's compile commands for
    tree/<source> into commands for <source>: file names with spaces and regular
    expression characters, commands with ; [ ] and "}," in them, entries for other files
    and a second entry of a source skipped, the "arguments" form joined. It reads
    CMake's own layout of compile_commands.json entry by entry; any other layout of the
    same JSON gives the same result, byte for byte, and so do the errors."""
    run_script = prefix / libdir / "cmake" / "ptrcomp" / "PtrcompTransformRun.cmake"
    src = tmp_path / "src (1.0) [x]+$"
    tree = str(tmp_path / "w" / "tree")
    sources = [str(src / "a b.c"), str(src / "c+d^{e}.c"), str(src / "f.c")]
    entries = [
        {"directory": "/bld", "command": f'cc -I{tree}/opt/inc -I"{tree}/opt/inc2" '
         f'-I {tree}/opt -DL="a;b[1]}},{{" -c "{tree}{sources[0]}"',
         "file": f"{tree}{sources[0]}", "output": "a.o"},
        {"directory": "/bld", "command": "cc -c other.c", "file": "other.c"},
        {"directory": "/bld/sub", "arguments": ["cc", f"-I{tree}/opt", "-DX=(y)", "-c",
                                                f"{tree}{sources[1]}"],
         "file": f"{tree}{sources[1]}", "more": [{"x": 1}, {"y": 2}]},
        {"directory": "/bld", "command": f"cc -DSECOND -c {tree}{sources[0]}",
         "file": f"{tree}{sources[0]}"},
        # relative: /bld/../<tree>/..., not below tree/
        {"directory": "/bld", "command": "cc -c f.c", "file": f"..{tree}{sources[2]}"},
    ]
    expected = [
        {"directory": "/bld", "file": sources[0], "command":
         f'cc -DL="a;b[1]}},{{" -c "{sources[0]}"'},
        {"directory": "/bld/sub", "file": sources[1], "command": "cc -DX=(y) -c " + sources[1]},
    ]

    def db_step(layout, srcs):
        work = tmp_path / "w"
        shutil.rmtree(work / "db", ignore_errors=True)
        db = tmp_path / f"compile_commands-{layout}.json"
        db.write_text(DB_LAYOUTS[layout](entries))
        params = tmp_path / "params.cmake"
        params.write_text("".join(f"set({k} [===[{v}]===])\n" for k, v in [
            ("PTRCOMP_EXE", "/nonexistent/ptrcomp"), ("PTRCOMP_TARGET", "prog"),
            ("PTRCOMP_WORK", work), ("PTRCOMP_TREE", tree),
            ("PTRCOMP_SOURCES", ";".join(srcs)), ("PTRCOMP_OPTIONS", ""),
            ("PTRCOMP_DATABASE", db), ("PTRCOMP_FLAGS", "")]))
        r = tl.run(["cmake", f"-DPTRCOMP_PARAMS={params}", "-DPTRCOMP_STEP=db",
                    "-P", run_script])
        out = work / "db" / "compile_commands.json"
        return r, db, (out.read_text() if out.exists() else None)

    texts = set()
    for layout in DB_LAYOUTS:
        r, db, text = db_step(layout, sources[:2])
        assert r.returncode == 0, r.stderr
        assert json.loads(text) == expected
        texts.add(text)
        # a source without a compile command
        r, db, text = db_step(layout, sources)
        assert r.returncode != 0 and text is None
        assert (f"ptrcomp_transform(prog): no compile command for {tree}{sources[2]} "
                f"in {db}") in " ".join(r.stderr.split()), r.stderr
    assert len(texts) == 1


FAKE_FINISH = """\
#!/bin/sh
# ptrcomp --finish ... -o STAGE --report-file=R: copies the directory $FAKE_STAGE
while [ $# -gt 0 ]; do
  case "$1" in
    -o) stage=$2; shift;;
    --report-file=*) report=${1#--report-file=};;
  esac
  shift
done
mkdir -p "$stage" && cp -R "$FAKE_STAGE"/. "$stage" && echo report > "$report"
"""


def test_finish_step_updates_the_tree(prefix, libdir, tmp_path):
    """The finish step (PtrcompTransformRun.cmake, ptrcomp replaced by a copy of a given
    stage/) copies the output to tree/<absolute path>: changed files only, keeping the
    time stamps of the others; files no longer produced are removed; tree.stamp is
    touched only when tree/ changed; ptrcomp.d lists the files. Names with spaces and
    regular expression characters."""
    run_script = prefix / libdir / "cmake" / "ptrcomp" / "PtrcompTransformRun.cmake"
    fake = tmp_path / "fake-ptrcomp"
    fake.write_text(FAKE_FINISH)
    fake.chmod(0o755)
    src = tmp_path / "src (1.0) [x]+$"
    sources = [str(src / "a b.c"), str(src / "c+d^{e}.c")]
    work = tmp_path / "w"
    tree = str(work / "tree")
    params = tmp_path / "params.cmake"
    params.write_text("".join(f"set({k} [===[{v}]===])\n" for k, v in [
        ("PTRCOMP_EXE", fake), ("PTRCOMP_TARGET", "prog"), ("PTRCOMP_WORK", work),
        ("PTRCOMP_TREE", tree), ("PTRCOMP_SOURCES", ";".join(sources)),
        ("PTRCOMP_OPTIONS", ""), ("PTRCOMP_DATABASE", ""), ("PTRCOMP_FLAGS", "")]))
    stray = pathlib.Path(tree + str(src / "old [1].c"))
    stray.parent.mkdir(parents=True)
    stray.write_text("old\n")

    def finish(files):
        stage = tmp_path / "given"
        shutil.rmtree(stage, ignore_errors=True)
        for name, text in files.items():
            (stage / name).parent.mkdir(parents=True, exist_ok=True)
            (stage / name).write_text(text)
        r = tl.run(["cmake", f"-DPTRCOMP_PARAMS={params}", "-DPTRCOMP_STEP=finish",
                    f"-DPTRCOMP_PLAN={tmp_path / 'plan'}", "-DPTRCOMP_RESULTS=r1;r2",
                    "-P", run_script], env={**os.environ, "FAKE_STAGE": str(stage)})
        assert r.returncode == 0, r.stderr
        got = {str(p.relative_to(tree + str(src))): p.read_text()
               for p in pathlib.Path(tree).rglob("*") if p.is_file()}
        assert got == files
        return {n: os.stat(tree + str(src / n)).st_mtime_ns for n in files}

    def age(*paths):  # time stamps in the past: a rewrite shows
        for p in paths:
            os.utime(p, (1_000_000_000, 1_000_000_000))

    files = {"a b.c": "A\n", "c+d^{e}.c": "C\n", "inc (2)/h[1].h": "H\n"}
    finish(files)
    dep = (work / "ptrcomp.d").read_text()
    assert dep.split(":", 1)[0] == str(work / "ptrcomp.stamp").replace(" ", "\\ ")
    for n in files:
        assert " \\\n  " + str(src / n).replace(" ", "\\ ") in dep, dep
    stamp = work / "tree.stamp"
    age(stamp, *(tree + str(src / n) for n in files))
    # the same output: nothing in tree/ changes
    assert set(finish(files).values()) == {1_000_000_000 * 10**9}
    assert stamp.stat().st_mtime_ns == 1_000_000_000 * 10**9
    # one file changed, one no longer produced
    del files["inc (2)/h[1].h"]
    files["a b.c"] = "A2\n"
    times = finish(files)
    assert times["a b.c"] != 1_000_000_000 * 10**9
    assert times["c+d^{e}.c"] == 1_000_000_000 * 10**9
    assert stamp.stat().st_mtime_ns != 1_000_000_000 * 10**9


def test_usage_errors_at_configure_time(prefix, tmp_path):
    proj = tmp_path / "proj"
    proj.mkdir()
    (proj / "main.c").write_text("int main(void) { return 0; }\n")
    for call, message in [
            ("ptrcomp_transform(TARGET prog INDEX_BITS 24)", "INDEX_BITS must be 32 or 16"),
            ("ptrcomp_transform(TARGET prog MODE fast)", "MODE must be compress or poolalloc"),
            ("ptrcomp_transform(TARGET nosuch)", "'nosuch' is not a target"),
            ("ptrcomp_transform(TARGET prog)\nptrcomp_transform(TARGET prog)",
             "'prog' is already transformed")]:
        (proj / "CMakeLists.txt").write_text(
            "cmake_minimum_required(VERSION 3.20)\nproject(p C)\n"
            "find_package(ptrcomp REQUIRED)\nadd_executable(prog main.c)\n" + call + "\n")
        shutil.rmtree(tmp_path / "b", ignore_errors=True)
        r = tl.run(["cmake", "-S", proj, "-B", tmp_path / "b", *GENERATOR,
                    f"-DCMAKE_PREFIX_PATH={prefix}"])
        assert r.returncode != 0 and message in r.stderr, r.stderr


RUNTIME_USER = """\
cmake_minimum_required(VERSION 3.20)
project(rtuser C)
find_package(ptrcomp REQUIRED COMPONENTS runtime)
add_executable(lists lists.c)
target_link_libraries(lists PRIVATE ptrcomp::runtime)
"""


def test_runtime_only_package(build_dir, tmp_path):
    """PTRCOMP_BUILD_TOOL=OFF installs the runtime and a package that works for it: a
    transformed program builds against ptrcomp::runtime alone; the tool component is
    reported missing."""
    rt_build, rt_prefix = tmp_path / "rt-build", tmp_path / "rt-prefix"
    cmake("-S", tl.ROOT, "-B", rt_build, *GENERATOR, "-DPTRCOMP_BUILD_TOOL=OFF")
    cmake("--build", rt_build)
    cmake("--install", rt_build, "--prefix", rt_prefix)
    assert not (rt_prefix / "bin").exists()
    libdir = cache_value(rt_build, "CMAKE_INSTALL_LIBDIR") or "lib"
    assert (rt_prefix / libdir / "libptrcomp_rt.a").is_file()
    assert "ptrcomp::ptrcomp" not in (rt_prefix / libdir / "cmake" / "ptrcomp" /
                                       "ptrcompTargets.cmake").read_text()

    user = tmp_path / "user"
    user.mkdir()
    src = tl.ROOT / "examples" / "lists.c"
    r = tl.run([tl.PTRCOMP, src, "-o", user])  # the transformation, from the tested build
    assert r.returncode == 0, r.stderr
    (user / "CMakeLists.txt").write_text(RUNTIME_USER)
    r = configure_and_build(user, user / "build", f"-DCMAKE_PREFIX_PATH={rt_prefix}")
    assert cache_value(user / "build", "ptrcomp_DIR").startswith(str(rt_prefix))
    orig = tmp_path / "orig"
    assert tl.run(["gcc", "-O2", "-w", src, "-o", orig]).returncode == 0
    for n in ["50", "500"]:
        a, b = tl.run([orig, n]), tl.run([user / "build" / "lists", n])
        assert (b.returncode, b.stdout) == (a.returncode, a.stdout)

    (user / "CMakeLists.txt").write_text(
        RUNTIME_USER.replace("COMPONENTS runtime", "COMPONENTS runtime tool"))
    r = tl.run(["cmake", "-S", user, "-B", tmp_path / "b2", *GENERATOR,
                f"-DCMAKE_PREFIX_PATH={rt_prefix}"])
    assert r.returncode != 0 and "tool" in r.stderr
