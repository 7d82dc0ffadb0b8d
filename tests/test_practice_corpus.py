"""The quick part of scripts/practice-corpus.py (README.md, "Practice corpus") in the suite.

The practice corpus is public code that this repository does not hold. Of its three
projects only uthash is packaged by Debian, and the upstream tarball of its source package
(uthash_VERSION.orig.tar.gz) holds the library and its own test programs (tests/test*.c
with their .ans and .dat files). This test fetches that tarball with apt, checks it
against the SHA-256 that the source package's signed index gives, unpacks it as the
corpus's uthash and runs the script's --quick subset of uthash with the suite's
compilers: the transformed test programs must behave as the originals, plain and under
ASan+UBSan. klib and libdict are in no package registry that the suite can reach (Debian
packages neither, npm has neither name, and PyPI's "klib" is an unrelated Python
package), so they run only in the script on clones.

apt works in a directory of its own here: a deb-src entry made from the machine's own
entries for its Debian release, its own package lists and cache; the machine's apt state
is not touched. Where apt is missing, or the archive cannot be reached, the test skips
and says why. With PTRCOMP_PRACTICE_CORPUS=DIR (clones of the three projects, as the
README says), the quick subset runs on DIR instead, for all three.
"""
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

import ptrcomp_testlib as tl

SCRIPT = tl.ROOT / "scripts" / "practice-corpus.py"
APT_HELPER = Path("/usr/lib/apt/apt-helper")
QUICK_UTHASH = 5   # the script's QUICK["uthash"]
MIN_COMPRESSED_UTHASH = 3
# A row of the script's table: project, tests, same, diff, sanit, ptrcomp, skip,
# compressed/structures.
TABLE = re.compile(r"^(uthash|klib|libdict)" + r" +(\d+)" * 6 + r" +(\d+)/(\d+)$", re.M)


def release_codename():
    for line in Path("/etc/os-release").read_text().splitlines():
        if line.startswith("VERSION_CODENAME="):
            return line.split("=", 1)[1].strip().strip('"')
    return None


def debian_source_stanzas(codename):
    """deb822 stanzas of type deb-src for the machine's enabled 'deb' entries of suite
    `codename` (one-line .list files and deb822 .sources files alike)."""
    stanzas = []

    def add(uri, components, signed_by):
        s = (f"Types: deb-src\nURIs: {uri}\nSuites: {codename}\n"
             f"Components: {' '.join(components)}\n")
        stanzas.append(s + (f"Signed-By: {signed_by}\n" if signed_by else ""))

    apt = Path("/etc/apt")
    for f in [apt / "sources.list", *sorted((apt / "sources.list.d").glob("*.list"))]:
        if not f.is_file():
            continue
        for line in f.read_text(errors="replace").splitlines():
            line = line.split("#", 1)[0].strip()
            m = re.match(r"deb\s+(?:\[([^\]]*)\]\s+)?(\S+)\s+(\S+)\s+(.+)$", line)
            if m and m[3] == codename:
                opts = dict(o.split("=", 1) for o in (m[1] or "").split() if "=" in o)
                add(m[2], m[4].split(), opts.get("signed-by"))
    for f in sorted((apt / "sources.list.d").glob("*.sources")):
        for block in re.split(r"\n\s*\n", f.read_text(errors="replace")):
            fields, key = {}, None
            for line in block.splitlines():
                if line.startswith("#"):
                    continue
                if line[:1] in (" ", "\t") and key:
                    fields[key] += "\n" + line
                elif ":" in line:
                    key, value = line.split(":", 1)
                    key = key.strip().lower()
                    fields[key] = value.strip()
            if ("deb" in fields.get("types", "").split()
                    and codename in fields.get("suites", "").split()
                    and fields.get("enabled", "yes").lower() != "no"):
                signed = fields.get("signed-by", "")
                signed = signed if signed and "\n" not in signed else None
                for uri in fields.get("uris", "").split():
                    add(uri, fields.get("components", "main").split(), signed)
    return stanzas


def fetch_uthash_source(into):
    """Unpack the upstream tarball of Debian's uthash source package into `into`/uthash;
    skips the test, with the reason, where that cannot be done."""
    if not shutil.which("apt-get") or not APT_HELPER.exists():
        pytest.skip("apt-get is not here: uthash's tests come from its Debian source package")
    codename = release_codename()
    stanzas = debian_source_stanzas(codename) if codename else []
    if not stanzas:
        pytest.skip(f"no Debian archive entry for release {codename!r} in /etc/apt to take "
                    "uthash's source package from")
    apt_dir = into / "apt"
    for d in ("lists/partial", "cache/archives/partial", "parts"):
        (apt_dir / d).mkdir(parents=True)
    (apt_dir / "sources.list.d").mkdir()
    (apt_dir / "sources.list.d" / "source.sources").write_text("\n".join(stanzas))
    opts = ["-q", "-o", f"Dir::Etc::SourceList={apt_dir / 'none.list'}",
            "-o", f"Dir::Etc::SourceParts={apt_dir / 'sources.list.d'}",
            "-o", f"Dir::State::Lists={apt_dir / 'lists'}",
            "-o", f"Dir::Cache={apt_dir / 'cache'}"]
    if os.geteuid() == 0:   # apt's download user could not write into this directory
        opts += ["-o", "APT::Sandbox::User=root"]
    try:
        r = subprocess.run(["apt-get", *opts, "update"], capture_output=True, text=True,
                           timeout=300)
    except subprocess.TimeoutExpired:
        pytest.skip("the Debian package archive did not answer within 300 s (apt-get update)")
    if r.returncode != 0 or "Err:" in r.stdout:
        pytest.skip("the Debian package archive cannot be reached (apt-get update): "
                    + " | ".join((r.stdout + r.stderr).strip().splitlines()[-2:]))
    r = subprocess.run(["apt-get", *opts, "source", "--print-uris", "uthash"],
                       capture_output=True, text=True, timeout=120, cwd=into)
    orig = re.search(r"^'(\S+)' (uthash_[^ ]+\.orig\.tar\.gz) \d+ (SHA256:[0-9a-f]{64})$",
                     r.stdout, re.M)
    if r.returncode != 0 or not orig:
        pytest.skip("Debian's package index has no uthash source package here: "
                    + " | ".join((r.stdout + r.stderr).strip().splitlines()[-2:]))
    tarball = into / orig[2]
    # apt's own downloader, which checks the file against the hash the signed index gives.
    try:
        r = subprocess.run([APT_HELPER, *opts[1:], "download-file", orig[1], tarball,
                            orig[3]], capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        pytest.skip(f"downloading {orig[2]} did not finish within 300 s")
    if r.returncode != 0 or not tarball.is_file():
        pytest.skip(f"{orig[2]} cannot be downloaded: "
                    + " | ".join((r.stdout + r.stderr).strip().splitlines()[-2:]))
    corpus = into / "corpus"
    with tarfile.open(tarball) as t:
        members = t.getmembers()
        top = {m.name.split("/", 1)[0] for m in members}
        assert len(top) == 1, f"{orig[2]}: expected one top directory, found {sorted(top)}"
        if hasattr(tarfile, "data_filter"):
            t.extractall(corpus, filter="data")
        else:   # a Python without extraction filters: no name may leave `corpus`
            outside = [m.name for m in members for n in (m.name, m.linkname or "")
                       if n.startswith("/") or ".." in Path(n).parts]
            assert not outside, f"{orig[2]}: names outside its directory: {outside[:3]}"
            t.extractall(corpus)
    (corpus / top.pop()).rename(corpus / "uthash")
    assert (corpus / "uthash" / "tests" / "test1.ans").is_file(), \
        f"{orig[2]} holds no tests/test1.ans: not uthash's test suite"
    return corpus, orig[2]


def test_practice_corpus_quick(ptrcomp, tmp_path):
    """The script's --quick subset: every test program that ran behaves the same after the
    transformation, plain and under ASan+UBSan, with gcc and clang."""
    compilers = [c for c in tl.COMPILERS if c != "clang"] or tl.COMPILERS
    if not compilers:
        pytest.skip("no C compiler")
    given = os.environ.get("PTRCOMP_PRACTICE_CORPUS")
    if given:
        corpus, what = Path(given).resolve(), f"the corpus in {given}"
    else:
        corpus, what = fetch_uthash_source(tmp_path)
    r = subprocess.run([sys.executable, SCRIPT, "--corpus", corpus, "--quick",
                        "--ptrcomp", ptrcomp, "--compilers", ",".join(compilers), "-j", "2"],
                       capture_output=True, text=True, timeout=900)
    out = r.stdout + r.stderr
    assert tl.LEGALITY_MISSED not in out, out[-6000:]
    assert r.returncode == 0, f"{what}: a test program is not the same:\n{out[-6000:]}"
    rows = {m[1]: [int(x) for x in m.groups()[1:]] for m in TABLE.finditer(r.stdout)}
    assert "uthash" in rows, f"{what}: no uthash row in the summary:\n{out[-3000:]}"
    tests, same, _, _, _, skipped, compressed, _ = rows["uthash"]
    # Every program of the subset ran, none was skipped: a subset that ran nothing
    # would pass unseen.
    assert (tests, same, skipped) == (QUICK_UTHASH, QUICK_UTHASH, 0), (
        f"{what}: expected {QUICK_UTHASH} uthash tests run and the same:\n{out[-3000:]}")
    # test32's utlist list and test47's two utstring strings are compressed (when last
    # measured): a subset in which nothing changes would test nothing.
    assert compressed >= MIN_COMPRESSED_UTHASH, (
        f"{what}: {compressed} uthash structures compressed, expected at least "
        f"{MIN_COMPRESSED_UTHASH}:\n{out[-3000:]}")


def _script_module():
    import importlib.util
    spec = importlib.util.spec_from_file_location("practice_corpus", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_sanitizer_lines_ignore_rewritten_types():
    """A finding of the original (klib's kavl test reads path[-1]) is the same finding in the
    output, where the array holds indices: its type is not compared, its file and line are;
    a finding elsewhere is new."""
    m = _script_module()
    orig = ("kavl_test.c:15:1: runtime error: index -1 out of bounds for type "
            "'const struct my_node *[64]'\n")
    new = ("/tmp/w/out/kavl_test.c:15:154: runtime error: index -1 out of bounds for type "
           "'pc_idx32[64]' (aka 'unsigned int[64]')\n")
    assert m.sanitizer_lines(orig) == m.sanitizer_lines(new) == [
        "kavl_test.c:15: runtime error: index -1 out of bounds"]
    assert m.new_reports((0, "", orig), (0, "", new)) == []
    # At another line of the file (a macro use written out over lines of its own): the
    # same finding; of another kind or in another file: new.
    moved = new.replace("kavl_test.c:15:", "kavl_test.c:51:")
    assert m.new_reports((0, "", orig), (0, "", moved)) == []
    other = new.replace("index -1 out of bounds", "load of misaligned address")
    assert m.new_reports((0, "", orig), (0, "", other)) == [
        "kavl_test.c:15: runtime error: load of misaligned address"]
    elsewhere = new.replace("kavl_test.c", "kavl.h")
    assert m.new_reports((0, "", orig), (0, "", elsewhere)) == [
        "kavl.h:15: runtime error: index -1 out of bounds"]
