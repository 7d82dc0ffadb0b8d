"""CI integration: --dry-run/--Werror, --export-fixes (clang-tidy's YAML, applied by
clang-apply-replacements), --report=sarif (validated against the OASIS SARIF 2.1.0 schema
in tests/data/), expectations files, .ptrcomp.yaml and #pragma ptrcomp."""
import difflib
import json
import pathlib
import re
import shutil

import jsonschema
import pytest
import yaml

import ptrcomp_testlib as tl

HERE = pathlib.Path(__file__).resolve().parent
LISTS_C = tl.ROOT / "examples" / "lists.c"
LIST_TREE_C = HERE / "ci" / "list_tree.c"
MULTI = HERE / "ci" / "multi"  # main.c + list.c sharing list.h
SARIF_SCHEMA = HERE / "data" / "sarif-schema-2.1.0.json"
APPLY = shutil.which("clang-apply-replacements-16") or shutil.which("clang-apply-replacements")
WARNING = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): warning: (?P<msg>.+) "
                     r"\[ptrcomp-would-change\]$")
HELLO = '#include <stdio.h>\nint main(void) { printf("hi\\n"); return 0; }\n'


def snapshot(root):
    """Every file below root with its content, to prove what was (not) written."""
    return {str(p.relative_to(root)): p.read_bytes()
            for p in sorted(pathlib.Path(root).rglob("*")) if p.is_file()}


def copy(src, dst):
    dst = pathlib.Path(dst)
    if pathlib.Path(src).is_dir():
        shutil.copytree(src, dst)
    else:
        dst.mkdir(parents=True, exist_ok=True)
        shutil.copy(src, dst)
    return dst


def transformed(tmp_path, name, *args, src=LISTS_C):
    """The -o output of one file, for comparisons."""
    out = tmp_path / f"out-{name}"
    r = tl.run_ptrcomp(src, "-o", out, *args)
    assert r.returncode == 0, r.stderr
    return (out / pathlib.Path(src).name).read_text()


# --- --dry-run and --Werror ---------------------------------------------------------

def test_dry_run_warns_per_changed_region_and_writes_nothing(tmp_path):
    work = copy(LISTS_C, tmp_path / "w")
    before = snapshot(work)
    r = tl.run_ptrcomp("--dry-run", "lists.c", cwd=work)
    assert r.returncode == 0, r.stderr
    assert r.stdout == ""
    assert snapshot(work) == before
    lines = r.stderr.splitlines()
    warnings = [WARNING.match(l) for l in lines]
    assert lines and all(warnings), r.stderr
    assert lines[0] == ("lists.c:5:1: warning: would insert '#include \"ptrcomp_rt.h\"' "
                        "[ptrcomp-would-change]")
    assert ("lists.c:28:5: warning: would rewrite 'struct list *A = MakeList(n);' as "
            "'pc_idx32 A = MakeList_pc32(&P_A, n);' [ptrcomp-would-change]") in lines
    # Each warning is at a line that changes, and each change has a warning near it.
    old = LISTS_C.read_text().splitlines()
    new = transformed(tmp_path, "dry", src=LISTS_C).splitlines()
    changes = [op for op in difflib.SequenceMatcher(None, old, new, autojunk=False)
               .get_opcodes() if op[0] != "equal"]
    at = [int(w["line"]) for w in warnings]
    # (difflib may attach an insertion after a blank line to either side of it)
    for _, i1, i2, _, _ in changes:
        assert any(i1 - 1 <= l <= i2 + 1 for l in at), (i1, i2, at)
    for l in at:
        assert any(i1 - 1 <= l <= i2 + 1 for _, i1, i2, _, _ in changes), l
    assert at == sorted(at)


def test_werror_exit_codes(tmp_path):
    work = copy(LISTS_C, tmp_path / "w")
    (work / "hello.c").write_text(HELLO)
    before = snapshot(work)
    changed = tl.run_ptrcomp("--dry-run", "--Werror", "lists.c", cwd=work)
    assert changed.returncode == 1
    assert changed.stderr.count("[ptrcomp-would-change]") >= 5
    assert "error" not in changed.stderr
    unchanged = tl.run_ptrcomp("--dry-run", "--Werror", "hello.c", cwd=work)
    assert (unchanged.returncode, unchanged.stdout, unchanged.stderr) == (0, "", "")
    plain = tl.run_ptrcomp("--dry-run", "lists.c", cwd=work)
    assert plain.returncode == 0 and plain.stderr == changed.stderr
    assert snapshot(work) == before


@pytest.mark.parametrize("argv,message", [
    (["--dry-run", "-i"], "--dry-run writes nothing: it cannot be combined with -o, -i or "
                          "--diff"),
    (["--dry-run", "--diff"], "--dry-run writes nothing"),
    (["--Werror"], "--Werror only applies to --dry-run"),
    (["--dry-run", "--export-fixes=f.yaml"], "cannot be combined with --export-fixes"),
    (["--write-expect=e.txt"], "--write-expect 'e.txt': the name must end in .yaml, .yml "
                               "or .json"),
    (["--export-fixes=no/dir/f.yaml"], "--export-fixes 'no/dir/f.yaml': directory"),
    (["--report=sarif"], "--report needs --report-file=FILE"),
])
def test_usage_errors(tmp_path, argv, message):
    work = copy(LISTS_C, tmp_path / "w")
    before = snapshot(work)
    r = tl.run_ptrcomp(*argv, "lists.c", cwd=work)
    assert r.returncode == 1
    assert r.stderr.startswith("ptrcomp: error: ") and message in r.stderr, r.stderr
    assert r.stdout == "" and snapshot(work) == before


def test_help_documents_ci_options_and_exit_codes():
    r = tl.run([tl.PTRCOMP, "--help"])
    assert r.returncode == 0
    for opt in ["--dry-run", "--Werror", "--export-fixes=<file>", "--write-expect=<file>",
                "--expect=<file>", "--config-file=<file>", "--dump-config",
                "--header-filter=<regex>", "text|json|sarif", ".ptrcomp.yaml",
                "#pragma ptrcomp keep(struct NAME)", "__PTRCOMP__"]:
        assert opt in r.stdout, opt
    status = r.stdout[r.stdout.index("Exit status"):]
    assert "--dry-run --Werror" in status and "--expect" in status


# --- --export-fixes ------------------------------------------------------------------

def apply_fixes(fixes_dir, *style):
    r = tl.run([APPLY, *style, fixes_dir])
    assert r.returncode == 0, r.stderr


@pytest.mark.skipif(not APPLY, reason="clang-apply-replacements not installed")
def test_export_fixes_multi_file_equals_in_place(tmp_path):
    a = copy(MULTI, tmp_path / "a")
    b = copy(MULTI, tmp_path / "b")
    fixes = tmp_path / "fixes"
    fixes.mkdir()
    r = tl.run_ptrcomp("-i", "main.c", "list.c", cwd=a)
    assert r.returncode == 0, r.stderr
    before = snapshot(b)
    r = tl.run_ptrcomp("--export-fixes", fixes / "fixes.yaml", "main.c", "list.c", cwd=b)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "" and snapshot(b) == before  # the fixes file is all it writes
    doc = yaml.safe_load((fixes / "fixes.yaml").read_text())
    assert doc["MainSourceFile"] == str(b / "main.c")
    diags = doc["Diagnostics"]
    assert {d["DiagnosticName"] for d in diags} == {"ptrcomp-would-change"}
    reps = [rep for d in diags for rep in d["DiagnosticMessage"]["Replacements"]]
    assert all(set(rep) == {"FilePath", "Offset", "Length", "ReplacementText"}
               for rep in reps)
    header = [rep for rep in reps if rep["FilePath"] == str(b / "list.h")]
    assert header and len(header) == len({(x["Offset"], x["Length"]) for x in header})
    # One diagnostic per --dry-run warning, at the same places.
    dry = tl.run_ptrcomp("--dry-run", "main.c", "list.c", cwd=b)
    assert len(diags) == dry.stderr.count("[ptrcomp-would-change]")
    apply_fixes(fixes)
    assert snapshot(b) == snapshot(a) != before


@pytest.mark.skipif(not APPLY, reason="clang-apply-replacements not installed")
def test_export_fixes_single_file_equals_in_place(tmp_path):
    # clang-apply-replacements re-sorts an #include block that an edit touches, even
    # without --format; the runtime's include is a block of its own, so plain
    # clang-apply-replacements must give exactly the bytes of -i.
    a = copy(LISTS_C, tmp_path / "a")
    b = copy(LISTS_C, tmp_path / "b")
    fixes = tmp_path / "fixes"
    fixes.mkdir()
    assert tl.run_ptrcomp("-i", "lists.c", cwd=a).returncode == 0
    r = tl.run_ptrcomp("--export-fixes=" + str(fixes / "f.yaml"), "lists.c", cwd=b)
    assert r.returncode == 0, r.stderr
    assert (b / "lists.c").read_bytes() == LISTS_C.read_bytes()
    apply_fixes(fixes)
    assert (b / "lists.c").read_bytes() == (a / "lists.c").read_bytes()
    assert (a / "lists.c").read_bytes() != LISTS_C.read_bytes()


@pytest.mark.skipif(not APPLY, reason="clang-apply-replacements not installed")
def test_export_fixes_keeps_crlf_line_ends(tmp_path):
    crlf = LISTS_C.read_bytes().replace(b"\n", b"\r\n")
    a, b, fixes = tmp_path / "a", tmp_path / "b", tmp_path / "fixes"
    for d in (a, b, fixes):
        d.mkdir()
    (a / "lists.c").write_bytes(crlf)
    (b / "lists.c").write_bytes(crlf)
    assert tl.run_ptrcomp("-i", "lists.c", cwd=a).returncode == 0
    r = tl.run_ptrcomp("--export-fixes=" + str(fixes / "f.yaml"), "lists.c", cwd=b)
    assert r.returncode == 0, r.stderr
    apply_fixes(fixes)
    out = (b / "lists.c").read_bytes()
    assert out == (a / "lists.c").read_bytes() != crlf
    assert b"\n" not in out.replace(b"\r\n", b"")


def test_report_file_through_a_symlink_is_written_not_replaced(tmp_path):
    work = copy(LISTS_C, tmp_path / "w")
    (work / "real.sarif").write_text("old content that is longer than nothing\n" * 200)
    (work / "link.sarif").symlink_to("real.sarif")
    r = tl.run_ptrcomp("--report=sarif", "--report-file=link.sarif", "--dry-run",
                       "lists.c", cwd=work)
    assert r.returncode == 0, r.stderr
    assert (work / "link.sarif").is_symlink()
    assert json.loads((work / "real.sarif").read_text())["version"] == "2.1.0"


def test_export_fixes_not_written_when_the_run_fails(tmp_path):
    work = copy(LISTS_C, tmp_path / "w")
    (work / "bad.c").write_text("int f(void) { return 1 +; }\n")
    r = tl.run_ptrcomp("--export-fixes=f.yaml", "lists.c", "bad.c", cwd=work)
    assert r.returncode == 1
    assert not (work / "f.yaml").exists()
    assert sorted(p.name for p in work.iterdir()) == ["bad.c", "lists.c"]  # no temporaries


# --- --report=sarif ---------------------------------------------------------------

ESCAPING_C = """\
#include <stdio.h>
#include <stdlib.h>

struct item { int v; struct item *next; };
struct cell { int v; struct cell *next; };
void log_items(struct item *head);

int main(void) {
    struct item *items = NULL;
    struct cell *cells = NULL;
    for (int i = 0; i < 10; ++i) {
        struct item *it = malloc(sizeof *it);
        it->v = i;
        it->next = items;
        items = it;
        struct cell *c = malloc(sizeof *c);
        c->v = i;
        c->next = cells;
        cells = c;
    }
    log_items(items);
    printf("%d\\n", cells->v);
    return 0;
}
"""


def sarif_of(cwd, *args):
    r = tl.run_ptrcomp("--report=sarif", "--report-file=r.sarif", "-o", "out", *args,
                       cwd=cwd)
    assert r.returncode == 0, r.stderr
    log = json.loads((pathlib.Path(cwd) / "r.sarif").read_text())
    schema = json.loads(SARIF_SCHEMA.read_text())
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(log), key=str)
    assert not errors, "\n".join(e.message for e in errors[:5])
    return log


def test_sarif_is_valid_and_locates_each_reason(tmp_path):
    work = copy(LISTS_C, tmp_path / "w")
    (work / "esc.c").write_text(ESCAPING_C)
    log = sarif_of(work, "lists.c")
    run = log["runs"][0]
    assert log["version"] == "2.1.0"
    driver = run["tool"]["driver"]
    assert driver["name"] == "ptrcomp" and re.match(r"\d+\.\d+\.\d+", driver["version"])
    rule_ids = [r["id"] for r in driver["rules"]]
    assert len(rule_ids) == len(set(rule_ids))
    for rid in ["ptrcomp-escapes", "ptrcomp-not-type-homogeneous", "ptrcomp-macro",
                "ptrcomp-kept-by-pragma", "ptrcomp-excluded-by-config"]:
        assert rid in rule_ids
    [res] = run["results"]  # list B is not type-homogeneous: 64-bit indices
    assert res["ruleId"] == "ptrcomp-not-type-homogeneous"
    assert rule_ids[res["ruleIndex"]] == res["ruleId"]
    assert "struct list in Testlists" in res["message"]["text"]
    loc = res["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "lists.c", "uriBaseId": "%SRCROOT%"}
    assert loc["region"] == {"startLine": 31, "startColumn": 5}  # ((char *)B)[5] = 'c'
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == work.as_uri() + "/"

    log = sarif_of(work / "..", str(work / "esc.c"))
    [res] = log["runs"][0]["results"]
    assert res["ruleId"] == "ptrcomp-escapes"
    assert re.match(r"struct item in main: left unchanged because escapes: passed to "
                    r".*'log_items' at w/esc\.c:21:5", res["message"]["text"])
    loc = res["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "w/esc.c", "uriBaseId": "%SRCROOT%"}
    assert loc["region"] == {"startLine": 21, "startColumn": 5}


# --- expectations -------------------------------------------------------------------

def test_write_expect_yaml_and_json(tmp_path):
    work = copy(LIST_TREE_C, tmp_path / "w")
    for name in ["e.yaml", "e.json"]:
        r = tl.run_ptrcomp(f"--write-expect={name}", "-o", "out", "list_tree.c", cwd=work)
        assert r.returncode == 0, r.stderr
    want = [{"type": "struct node", "allocated_in": ["push"], "pool_created_in": "main",
             "index_bits": 32, "pool": "P_list"},
            {"type": "struct tree", "allocated_in": ["build_tree"],
             "pool_created_in": "main", "index_bits": 32, "pool": "P_t"}]
    for name in ["e.yaml", "e.json"]:
        doc = yaml.safe_load((work / name).read_text())
        assert doc == {"version": 1, "compressed": want}, name
    assert json.loads((work / "e.json").read_text())["compressed"] == want


BREAKS = {
    # a byte store through a node pointer: the list is no longer type-homogeneous
    "cast": ("        s += n->value;\n",
             "        s += n->value;\n    ((char *)list)[1] = 0;\n",
             "is no longer compressed",
             r"because collapsed: .*list_tree\.c:46:5"),
    # the list handed to a function ptrcomp cannot see
    "escape": ("int main(void) {\n",
               "void log_list(struct node *);\nint main(void) {\n",
               "is no longer compressed",
               r"because escapes: passed to .*'log_list' at list_tree\.c:44:5"),
}


@pytest.mark.parametrize("kind", sorted(BREAKS))
@pytest.mark.parametrize("ext", ["yaml", "json"])
def test_expect_catches_a_structure_that_stops_being_compressed(tmp_path, kind, ext):
    work = copy(LIST_TREE_C, tmp_path / "w")
    exp = f"expect.{ext}"
    r = tl.run_ptrcomp(f"--write-expect={exp}", "-o", "out0", "list_tree.c", cwd=work)
    assert r.returncode == 0, r.stderr
    ok = tl.run_ptrcomp(f"--expect={exp}", "-o", "out1", "list_tree.c", cwd=work)
    assert ok.returncode == 0 and ok.stderr == "", ok.stderr
    assert snapshot(work / "out1") == snapshot(work / "out0")

    old, new, what, why = BREAKS[kind]
    src = work / "list_tree.c"
    text = src.read_text()
    assert old in text
    if kind == "escape":
        text = text.replace(old, new).replace("    long s = 0;\n",
                                              "    log_list(list);\n    long s = 0;\n")
    else:
        text = text.replace(old, new)
    src.write_text(text)
    before = snapshot(work)
    for mode in (["-i"], ["-o", "out2"], []):
        r = tl.run_ptrcomp(f"--expect={exp}", *mode, "list_tree.c", cwd=work)
        assert r.returncode == 1, r.stderr
        assert r.stdout == "" and snapshot(work) == before  # nothing written
        first = r.stderr.splitlines()[0]
        assert re.match(rf"{re.escape(exp)}:\d+:\d+: error: struct node \(allocated in "
                        rf"push, pool created in main\) {what}$", first), r.stderr
        assert ("  - struct node (allocated in push, pool created in main): compressed, "
                "32-bit indices") in r.stderr
        assert re.search(r"  \+ struct node \(allocated in push, pool created in main\): ",
                         r.stderr)
        assert re.search(why, r.stderr), r.stderr
        assert "struct tree" not in r.stderr  # still compressed: not reported
        assert r.stderr.rstrip().endswith(f"1 of 2 expected compressed structures in "
                                          f"'{exp}' not met; nothing was written")


def test_expect_notes_unlisted_structures_and_checks_index_bits(tmp_path):
    work = copy(LIST_TREE_C, tmp_path / "w")
    (work / "e.yaml").write_text("version: 1\ncompressed:\n"
                                 "  - type: struct tree\n    allocated_in: [ build_tree ]\n"
                                 "    pool_created_in: main\n    index_bits: 32\n")
    r = tl.run_ptrcomp("--expect=e.yaml", "-o", "out", "list_tree.c", cwd=work)
    assert r.returncode == 0
    assert r.stderr == ("ptrcomp: note: struct node (allocated in push, pool created in "
                        "main) is compressed but not listed in 'e.yaml'\n")
    r = tl.run_ptrcomp("--expect=e.yaml", "--index-bits=16", "-o", "out16", "list_tree.c",
                       cwd=work)
    assert r.returncode == 1
    assert ("e.yaml:3:5: error: struct tree (allocated in build_tree, pool created in "
            "main) has different index bits than expected") in r.stderr
    assert "  + struct tree (allocated in build_tree, pool created in main): pool P_t, " \
           "compressed, 16-bit indices" in r.stderr
    assert not (work / "out16").exists()


@pytest.mark.parametrize("content,error", [
    ("version: 1\ncompressed:\n  - type: struct node\n    colour: red\n",
     r"e\.yaml:4:5: error: unknown key 'colour'"),
    ("version: 1\ncompressed:\n  - type: struct node\n    allocated_in: [push]\n"
     "    pool_created_in: main\n    index_bits: 24\n",
     r"e\.yaml:6:17: error: invalid index_bits '24': must be 32 or 16"),
    ("version: 1\ncompressed: [ {type: x\n", r"e\.yaml:\d+:\d+: error: "),
    ("compressed: []\n", r"e\.yaml:1:1: error: missing key 'version'"),
])
def test_malformed_expectations_are_located_errors(tmp_path, content, error):
    work = copy(LIST_TREE_C, tmp_path / "w")
    (work / "e.yaml").write_text(content)
    before = snapshot(work)
    r = tl.run_ptrcomp("--expect=e.yaml", "-i", "list_tree.c", cwd=work)
    assert r.returncode == 1
    assert re.search(error, r.stderr), r.stderr
    assert snapshot(work) == before and r.stdout == ""


# --- .ptrcomp.yaml ------------------------------------------------------------------

def project(tmp_path, config):
    """proj/.ptrcomp.yaml above proj/src/list_tree.c."""
    src = copy(LIST_TREE_C, tmp_path / "proj" / "src")
    if config is not None:
        (tmp_path / "proj" / ".ptrcomp.yaml").write_text(config)
    return src / "list_tree.c"


def test_config_found_upwards_and_overridden_by_options(tmp_path):
    src = project(tmp_path, "IndexBits: 16\n")
    out16 = transformed(tmp_path, "cfg", src=src)
    assert "pc_idx16" in out16 and "pc_idx32" not in out16
    out32 = transformed(tmp_path, "cli", "--index-bits=32", src=src)
    assert "pc_idx32" in out32 and "pc_idx16" not in out32
    assert out32 == transformed(tmp_path, "plain", src=LIST_TREE_C)
    # An explicit --config-file wins over the one found.
    other = tmp_path / "other.yaml"
    other.write_text("Mode: poolalloc\n")
    pa = transformed(tmp_path, "explicit", f"--config-file={other}", src=src)
    assert "pc_idx" not in pa and "pc_pool" in pa
    tl.check_same_behaviour([LIST_TREE_C], [tmp_path / "out-cfg" / "list_tree.c"],
                            tmp_path, compilers=tl.COMPILERS[:1], sanitize=False)


def test_dump_config(tmp_path):
    src = project(tmp_path, "IndexBits: 16\nExcludeStructs: [ \"struct tree\" ]\n"
                            "HeaderFilter: 'include/.*'\n")
    r = tl.run_ptrcomp("--dump-config", src)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("# effective ptrcomp configuration (from ")
    assert yaml.safe_load(r.stdout) == {
        "IndexBits": 16, "Mode": "compress", "Threads": "auto",
        "ExcludeStructs": ["struct tree"],
        "ExcludeFunctions": [], "HeaderFilter": "include/.*", "StrictSkippedCode": False}
    r = tl.run_ptrcomp("--dump-config", "--index-bits=32", "--mode=poolalloc",
                       "--threads=safe", "--strict-skipped-code", src)
    assert yaml.safe_load(r.stdout)["StrictSkippedCode"] is True
    assert yaml.safe_load(r.stdout)["IndexBits"] == 32
    assert yaml.safe_load(r.stdout)["Mode"] == "poolalloc"
    assert yaml.safe_load(r.stdout)["Threads"] == "safe"
    # Without sources: the configuration of the working directory, read back as input.
    (tmp_path / "proj" / "dumped.yaml").write_text(r.stdout)
    r2 = tl.run_ptrcomp("--dump-config", cwd=tmp_path / "proj")
    assert yaml.safe_load(r2.stdout)["IndexBits"] == 16
    r3 = tl.run_ptrcomp("--dump-config", "--config-file=dumped.yaml", cwd=tmp_path / "proj")
    assert yaml.safe_load(r3.stdout) == yaml.safe_load(r.stdout)


def test_config_excludes_structs_and_functions(tmp_path):
    src = project(tmp_path, "ExcludeStructs: [ \"struct tree\" ]\n")
    r = tl.run_ptrcomp("--report", "-o", tmp_path / "o1", src, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert ("struct tree in main (allocated at proj/src/list_tree.c:26:22): unchanged\n"
            "    because excluded by ExcludeStructs at proj/.ptrcomp.yaml:1:19\n") in r.stdout
    out = (tmp_path / "o1" / "list_tree.c").read_text()
    assert "tree_pc32" not in out and "node_pc32" in out
    tl.check_same_behaviour([LIST_TREE_C], [tmp_path / "o1" / "list_tree.c"], tmp_path,
                            compilers=tl.COMPILERS[:1], sanitize=False)
    (tmp_path / "proj" / ".ptrcomp.yaml").write_text("ExcludeFunctions:\n  - main\n")
    r = tl.run_ptrcomp("--report", "-o", tmp_path / "o2", src, cwd=tmp_path)
    assert r.stdout.count("because excluded by ExcludeFunctions at "
                          "proj/.ptrcomp.yaml:2:5") == 2
    assert (tmp_path / "o2" / "list_tree.c").read_text() == LIST_TREE_C.read_text()


@pytest.mark.parametrize("config,error", [
    ("IndexBits: 24\n", r"\.ptrcomp\.yaml:1:12: error: invalid IndexBits '24': must be "
                        r"32 or 16"),
    ("IndexBits: 16\nColour: red\n", r"\.ptrcomp\.yaml:2:1: error: unknown key 'Colour'"),
    ("Mode: fast\n", r"\.ptrcomp\.yaml:1:7: error: invalid Mode 'fast'"),
    ("ExcludeStructs: struct list\n", r"\.ptrcomp\.yaml:1:17: error: expected a list"),
    ("HeaderFilter: '('\n", r"\.ptrcomp\.yaml:1:15: error: invalid HeaderFilter"),
    ("StrictSkippedCode: maybe\n", r"\.ptrcomp\.yaml:1:20: error: invalid StrictSkippedCode "
                                   r"'maybe': must be true or false"),
    ("IndexBits: [16\n", r"\.ptrcomp\.yaml:1:\d+: error: "),
])
def test_malformed_config_is_a_located_error(tmp_path, config, error):
    src = project(tmp_path, config)
    before = snapshot(tmp_path)
    for mode in (["-i"], ["-o", tmp_path / "out"]):
        r = tl.run_ptrcomp(*mode, src)
        assert r.returncode == 1
        assert re.search(error, r.stderr), r.stderr
        assert snapshot(tmp_path) == before and r.stdout == ""


def test_header_filter_leaves_structures_of_other_headers_unchanged(tmp_path):
    work = copy(MULTI, tmp_path / "w")
    (work / ".ptrcomp.yaml").write_text("HeaderFilter: 'include/'\n")
    r = tl.run_ptrcomp("--report", "-o", "out", "main.c", "list.c", cwd=work)
    assert r.returncode == 0, r.stderr
    assert re.search(r"struct list in run .*: unchanged\n    because would need edits in a "
                     r"header at list\.h:\d+:\d+, which HeaderFilter 'include/' excludes",
                     r.stdout), r.stdout
    for f in ["main.c", "list.c", "list.h"]:
        assert (work / "out" / f).read_text() == (MULTI / f).read_text()
    # A matching filter (here from the command line, over the file) lets it through.
    r = tl.run_ptrcomp("--header-filter=list\\.h$", "-o", "out2", "main.c", "list.c",
                       cwd=work)
    assert r.returncode == 0, r.stderr
    assert "struct list_pc32" in (work / "out2" / "list.h").read_text()
    tl.check_same_behaviour([MULTI / "main.c", MULTI / "list.c"],
                            [work / "out2" / "main.c", work / "out2" / "list.c"], tmp_path,
                            compilers=tl.COMPILERS[:1], sanitize=False)


# --- #pragma ptrcomp ----------------------------------------------------------------

PRAGMAS = """\
#ifdef __PTRCOMP__
#pragma ptrcomp keep(struct node)
#endif
#if 0
#pragma ptrcomp keep(struct tree)
#endif
/* #pragma ptrcomp keep_function(main) */
"""


def with_pragmas(tmp_path, pragmas):
    """kept.c: list_tree.c with `pragmas` inserted before push(); returns it and the
    line number of the first inserted line."""
    text = LIST_TREE_C.read_text()
    at = text.index("static struct node *push")
    src = tmp_path / "kept.c"
    src.write_text(text[:at] + pragmas + "\n" + text[at:])
    return src, text[:at].count("\n") + 1


def line_of(path, needle):
    return pathlib.Path(path).read_text().split(needle)[0].count("\n") + 1


def test_pragma_keeps_a_struct_and_stays_warning_free(tmp_path):
    src, first = with_pragmas(tmp_path, PRAGMAS)
    for cc in tl.COMPILERS:  # the guarded pragma is invisible to normal builds
        c = tl.compile_c([src], tmp_path / f"orig-{cc}", cc, ["-Wall", "-Wextra", "-Werror"])
        assert c.returncode == 0, c.stderr
    r = tl.run_ptrcomp("--report", "-o", "out", src.name, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    alloc = line_of(src, "malloc(sizeof *n)")
    assert (f"struct node in main (allocated at kept.c:{alloc}:22): unchanged\n"
            f"    because kept by #pragma ptrcomp at kept.c:{first + 1}:1\n") in r.stdout
    assert re.search(r"struct tree in main .*: pool P_t, 32-bit indices, compressed",
                     r.stdout)
    out = (tmp_path / "out" / "kept.c").read_text()
    assert "node_pc32" not in out and "tree_pc32" in out
    tl.check_same_behaviour([src], [tmp_path / "out" / "kept.c"], tmp_path)


def test_pragma_keep_function(tmp_path):
    src, first = with_pragmas(tmp_path, "#ifdef __PTRCOMP__\n#pragma ptrcomp "
                                        "keep_function(main)\n#endif\n")
    r = tl.run_ptrcomp("--report", "-o", "out", src.name, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.count(f"because kept by #pragma ptrcomp at kept.c:{first + 1}:1") == 2
    assert (tmp_path / "out" / "kept.c").read_text() == src.read_text()


@pytest.mark.parametrize("pragma", ["#pragma ptrcomp keep(struct)",
                                    "#pragma ptrcomp keep_struct(node)",
                                    "#pragma ptrcomp keep_function(a b)",
                                    "  #  pragma ptrcomp keep(struct node"])
def test_malformed_pragma_is_a_located_error(tmp_path, pragma):
    src, first = with_pragmas(tmp_path, pragma)
    before = snapshot(tmp_path)
    r = tl.run_ptrcomp("-i", src.name, cwd=tmp_path)
    assert r.returncode == 1
    col = len(pragma) - len(pragma.lstrip()) + 1
    assert r.stderr.startswith(f"kept.c:{first}:{col}: error: malformed #pragma ptrcomp"), \
        r.stderr
    assert snapshot(tmp_path) == before


def test_transformed_output_is_a_fixed_point_without_extra_flags(tmp_path):
    """Sources rewritten with -i parse again with no flags (ptrcomp finds its own runtime
    header) and nothing more would change: CI can check that committed output is current."""
    d = copy(LISTS_C, tmp_path / "p")
    assert tl.run_ptrcomp("-i", "lists.c", cwd=d).returncode == 0
    once = (d / "lists.c").read_bytes()
    assert once != LISTS_C.read_bytes()
    r = tl.run_ptrcomp("--dry-run", "--Werror", "lists.c", cwd=d)
    assert r.returncode == 0, r.stderr
    assert "ptrcomp-would-change" not in r.stderr
    assert (d / "lists.c").read_bytes() == once
