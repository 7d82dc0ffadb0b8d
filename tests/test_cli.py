"""The ptrcomp command itself: options, output modes, runtime flags, builtin headers,
compilation databases. Transformation results are tested elsewhere."""
import json
import os
import re
import shlex

import pytest

import ptrcomp_testlib as tl

HELLO = '#include <stdio.h>\nint main(void) { printf("hi\\n"); return 0; }\n'
LOCATED_ERROR = re.compile(r"^[^:\n]+:\d+:\d+: error: ", re.M)


def snapshot(root):
    """Every file below root with its content, to prove that nothing was written."""
    return {str(p.relative_to(root)): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_version(ptrcomp):
    r = tl.run([ptrcomp, "--version"])
    assert r.returncode == 0
    assert re.match(r"ptrcomp \d+\.\d+\.\d+ \(built with LLVM \d+", r.stdout)


def test_help_lists_every_option(ptrcomp):
    r = tl.run([ptrcomp, "--help"])
    assert r.returncode == 0
    # LLVM 14 spells a one-letter option's value "-o=<dir>", later versions "-o <dir>".
    assert re.search(r"^  -o[ =]<dir> ", r.stdout, re.M), r.stdout
    for opt in ["-i", "--diff", "--mode=<compress|poolalloc>", "--threads=<auto|single|safe>",
                "--index-bits=<32|16>", "--report", "--report-file", "--dump-graph",
                "--graph-format", "--print-runtime-flags", "--resource-dir", "-p",
                "--extra-arg", "Exit status"]:
        assert opt in r.stdout, opt


def test_runtime_flags_build_a_program(ptrcomp, tmp_path):
    r = tl.run([ptrcomp, "--print-runtime-flags"])
    assert r.returncode == 0 and r.stdout.count("\n") == 1
    src = tmp_path / "use_rt.c"
    src.write_text('#include <stdio.h>\n#include "ptrcomp_rt.h"\n'
                   "int main(void) {\n"
                   '  pc_pool P = PC_POOL_INIT(sizeof(int), 32, "ints");\n'
                   "  uint64_t i = pc_alloc(&P, 1);\n"
                   "  ((int *)pc_base(&P))[i] = 42;\n"
                   '  printf("%d %d\\n", (int)(i != 0), *(int *)pc_ptr(&P, i));\n'
                   "  pc_pool_destroy(&P);\n  return 0;\n}\n")
    exe = tmp_path / "use_rt"
    c = tl.run(["gcc", "-Wall", "-Werror", src, *shlex.split(r.stdout), "-o", exe])
    assert c.returncode == 0, c.stderr
    assert tl.run([exe]).stdout == "1 42\n"


def test_builtin_headers_found_without_options(ptrcomp, tmp_path):
    src = tmp_path / "b.c"
    src.write_text("#include <stddef.h>\n#include <stdarg.h>\n#include <stdbool.h>\n"
                   "size_t f(int n, ...) { va_list ap; va_start(ap, n); va_end(ap);"
                   " return (bool)n; }\n")
    r = tl.run([ptrcomp, src])
    assert r.returncode == 0, r.stderr
    assert r.stdout == src.read_text()


def configured_resource_dir():
    for line in (tl.BUILD_DIR / "CMakeCache.txt").read_text().splitlines():
        if line.startswith("PTRCOMP_RESOURCE_DIR:"):
            return line.split("=", 1)[1]
    return ""


def test_default_resource_dir_is_searched(ptrcomp, tmp_path):
    rd = configured_resource_dir()
    assert rd, "configure did not detect Clang's resource directory"
    src = tmp_path / "b.c"
    src.write_text("#include <stddef.h>\nsize_t n;\n")
    r = tl.run([ptrcomp, src, "--", "-v"])
    assert r.returncode == 0, r.stderr
    search = r.stderr.split("#include <...> search starts here:")[1]
    assert search.split()[0].rstrip("/") == os.path.join(rd, "include"), search


def test_resource_dir_option_overrides(ptrcomp, tmp_path):
    fake = tmp_path / "fake-rd" / "include"
    fake.mkdir(parents=True)
    (fake / "stddef.h").write_text("#error this resource dir was used\n")
    src = tmp_path / "b.c"
    src.write_text("#include <stddef.h>\nsize_t n;\n")
    r = tl.run([ptrcomp, "--resource-dir", tmp_path / "fake-rd", src])
    assert r.returncode == 1
    assert re.search(r"stddef\.h:1:2: error: this resource dir was used", r.stderr), r.stderr
    assert r.stdout == ""


def test_stdout_mode_single_file(ptrcomp, tmp_path):
    src = tmp_path / "h.c"
    src.write_text(HELLO)
    r = tl.run([ptrcomp, src])
    assert (r.returncode, r.stdout) == (0, HELLO)


def test_stdout_mode_refuses_several_files(ptrcomp, tmp_path):
    (tmp_path / "a.c").write_text("int a(void) { return 1; }\n")
    (tmp_path / "b.c").write_text(HELLO)
    r = tl.run([ptrcomp, tmp_path / "a.c", tmp_path / "b.c"])
    assert r.returncode == 1
    assert "error: several input files: use -o DIR, -i or --diff" in r.stderr


def make_project(root):
    (root / "src").mkdir()
    (root / "include").mkdir()
    (root / "include" / "util.h").write_text("int twice(int x);\n")
    (root / "src" / "util.c").write_text('#include "util.h"\nint twice(int x) '
                                         "{ return 2 * x; }\n")
    (root / "main.c").write_text('#include <stdio.h>\n#include "util.h"\n'
                                 'int main(void) { printf("%d\\n", twice(21)); return 0; }\n')
    return [root / "main.c", root / "src" / "util.c"]


def test_out_dir_mirrors_the_program(ptrcomp, tmp_path):
    proj = tmp_path / "proj"
    proj.mkdir()
    srcs = make_project(proj)
    out = tmp_path / "out" / "nested"
    r = tl.run([ptrcomp, *srcs, "-o", out, "--", f"-I{proj / 'include'}"])
    assert r.returncode == 0, r.stderr
    assert snapshot(out) == snapshot(proj)  # identical program, headers included
    exe = tmp_path / "prog"
    c = tl.run(["gcc", out / "main.c", out / "src" / "util.c", f"-I{out / 'include'}",
                "-o", exe])
    assert c.returncode == 0, c.stderr
    assert tl.run([exe]).stdout == "42\n"


def test_out_dir_never_overwrites_inputs(ptrcomp, tmp_path):
    src = tmp_path / "h.c"
    src.write_text(HELLO)
    r = tl.run([ptrcomp, src, "-o", tmp_path])
    assert r.returncode == 1
    assert "would overwrite the input" in r.stderr
    assert src.read_text() == HELLO
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.c"]


def test_out_dir_below_regular_file_writes_nothing(ptrcomp, tmp_path):
    src = tmp_path / "h.c"
    src.write_text(HELLO)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    before = snapshot(tmp_path)
    r = tl.run([ptrcomp, src, "-o", blocker / "sub"])
    assert r.returncode == 1
    assert r.stderr.startswith("ptrcomp: error: "), r.stderr
    assert snapshot(tmp_path) == before


def test_in_place_and_diff_on_unchanged_program(ptrcomp, tmp_path):
    proj = tmp_path / "proj"
    proj.mkdir()
    srcs = make_project(proj)
    before = snapshot(proj)
    mtimes = {p: p.stat().st_mtime_ns for p in proj.rglob("*.c")}
    r = tl.run([ptrcomp, "-i", *srcs, "--", f"-I{proj / 'include'}"])
    assert r.returncode == 0, r.stderr
    assert snapshot(proj) == before
    assert {p: p.stat().st_mtime_ns for p in proj.rglob("*.c")} == mtimes  # not rewritten
    r = tl.run([ptrcomp, "--diff", *srcs, "--", f"-I{proj / 'include'}"])
    assert (r.returncode, r.stdout) == (0, "")


def test_compile_commands_with_relative_directories(ptrcomp, tmp_path):
    proj = tmp_path / "proj"
    proj.mkdir()
    make_project(proj)
    db = [{"directory": str(proj / "src"), "file": "util.c",
           "arguments": ["cc", "-I../include", "-c", "util.c"]},
          {"directory": str(proj), "file": "main.c",
           "command": "cc -Iinclude -DUNUSED=1 -c main.c"}]
    (proj / "compile_commands.json").write_text(json.dumps(db))
    out = tmp_path / "out"
    r = tl.run([ptrcomp, "-p", proj, "-o", out])
    assert r.returncode == 0, r.stderr
    assert (out / "main.c").read_text() == (proj / "main.c").read_text()
    assert (out / "src" / "util.c").exists() and (out / "include" / "util.h").exists()


def test_compile_commands_found_beside_sources(ptrcomp, tmp_path):
    # Without -p or --, the database next to the source supplies its flags (-I here).
    proj = tmp_path / "proj"
    proj.mkdir()
    make_project(proj)
    db = [{"directory": str(proj), "file": "main.c", "command": "cc -Iinclude -c main.c"}]
    (proj / "compile_commands.json").write_text(json.dumps(db))
    r = tl.run([ptrcomp, proj / "main.c"])
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("argv,message", [
    (["--bogus"], "ptrcomp: error: Unknown command line argument '--bogus'"),
    (["--index-bits=24"], "ptrcomp: error: invalid --index-bits='24': must be 32 or 16"),
    (["--mode=fast"], "ptrcomp: error: invalid --mode='fast': must be compress or poolalloc"),
    (["--report=xml"], "ptrcomp: error: invalid --report='xml': must be text, json or sarif"),
    (["-i", "--diff"], "ptrcomp: error: -o, -i and --diff are mutually exclusive"),
])
def test_usage_errors(ptrcomp, tmp_path, argv, message):
    src = tmp_path / "h.c"
    src.write_text(HELLO)
    r = tl.run([ptrcomp, *argv, src])
    assert r.returncode == 1
    assert r.stderr.startswith(message), r.stderr
    assert src.read_text() == HELLO and r.stdout == ""


def test_parse_error_is_located_and_writes_nothing(ptrcomp, tmp_path):
    src = tmp_path / "bad.c"
    src.write_text("int f(void) { return 1 +; }\n")
    out = tmp_path / "out"
    r = tl.run([ptrcomp, src, "-o", out])
    assert r.returncode == 1
    assert re.search(r"bad\.c:1:25: error: expected expression", r.stderr), r.stderr
    assert not out.exists()


SKIPPED_DEBUG = """\
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
int main(void) {
    struct node *head = NULL;
    for (int i = 0; i < 3; i++) {
        struct node *n = malloc(sizeof *n);
        n->val = i;
        n->next = head;
        head = n;
    }
#ifdef DEBUG
    for (struct node *p = head; p; p = p->next)
        printf("%d\\n", p->val);
#endif
    while (head) {
        struct node *n = head->next;
        free(head);
        head = n;
    }
    return 0;
}
"""
SKIPPED_NOTE = "skipped #ifdef block at dbg.c:12 mentions struct node, which was compressed"


def test_skipped_code_note_and_strict_option(ptrcomp, tmp_path):
    """Code in a skipped #ifdef block that names a compressed struct: a note in the text
    and JSON reports; --strict-skipped-code or `StrictSkippedCode: true` in .ptrcomp.yaml
    leaves the structure unchanged with the note as its reason (the option overrides the
    file both ways)."""
    (tmp_path / "dbg.c").write_text(SKIPPED_DEBUG)

    def node(*args):
        r = tl.run_ptrcomp("dbg.c", "--report=json", "--diff", "--report-file=r.json",
                           *args, "--", "-std=gnu11", cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        report = json.loads((tmp_path / "r.json").read_text())
        [s] = [s for s in report["structures"] if s["type"] == "struct node"]
        return s

    s = node()
    assert s["compressed"] and s["pool"], s
    assert SKIPPED_NOTE in s["notes"], s
    assert "skipped #ifdef block at dbg.c:12 mentions field 'next' of struct node, which " \
           "became an index" in s["notes"], s
    r = tl.run_ptrcomp("dbg.c", "--report", "--report-file=r.txt", "-o", "out", "--",
                       "-std=gnu11", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "    note: " + SKIPPED_NOTE + "\n" in (tmp_path / "r.txt").read_text()

    strict_reason = SKIPPED_NOTE.replace("which was compressed", "which would be compressed")
    s = node("--strict-skipped-code")
    assert s["pool"] is None and strict_reason in s["reasons"], s
    (tmp_path / ".ptrcomp.yaml").write_text("StrictSkippedCode: true\n")
    s = node()
    assert s["pool"] is None and strict_reason in s["reasons"], s
    s = node("--strict-skipped-code=false")
    assert s["compressed"] and SKIPPED_NOTE in s["notes"], s

    r = tl.run([ptrcomp, "--help"])
    assert "--strict-skipped-code" in r.stdout and "StrictSkippedCode" in r.stdout


def test_skipped_code_naming_nothing_changed_has_no_note(ptrcomp, tmp_path):
    before, rest = SKIPPED_DEBUG.split("#ifdef DEBUG\n")
    after = rest.split("#endif\n", 1)[1]
    (tmp_path / "dbg.c").write_text(before + "#ifdef DEBUG\n    puts(\"debug build\");\n"
                                    "#endif\n" + after)
    r = tl.run_ptrcomp("dbg.c", "--report=json", "--diff", "--report-file=r.json",
                       "--strict-skipped-code", "--", "-std=gnu11", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    [s] = json.loads((tmp_path / "r.json").read_text())["structures"]
    assert s["compressed"] and s["notes"] == [] and s["reasons"] == [], s
