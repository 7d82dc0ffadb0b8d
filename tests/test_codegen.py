"""Code the C compilers make of ptrcomp's output: a read-only traversal's version must
compile like the original's function, apart from the index arithmetic.

Each tests/codegen/<name>.c names, in `// SAME-CODE: f g`, functions that only read their
structure (and may give both builds flags in `// CFLAGS:`, e.g. -fno-inline to keep small
functions out of their callers). The program is transformed, both versions are compiled with every compiler at
-O2 (assembly, and LLVM IR with clang), and for each function f (its version f_pc32):
- the version calls nothing but itself (no pool runtime: its base arrives as a parameter);
- it has at most 1.5 times the original's instructions (gcc's and clang's split-off parts,
  f.part.0 and the like, count with the function);
- clang proves it pure as it does the original (`memory(argmem: read)` or `memory(read,
  ...)`: it writes no memory, so a loop calling it can be hoisted as the original's is);
and the transformed program behaves as the original.
"""
import pathlib
import re

import pytest

import ptrcomp_testlib as tl

CODEGEN_DIR = pathlib.Path(__file__).resolve().parent / "codegen"
CASES = sorted(CODEGEN_DIR.glob("*.c"))
CLANGS = [c for c in tl.COMPILERS if c.startswith("clang")]


def same_code_functions(case):
    for line in case.read_text().splitlines():
        m = re.match(r"\s*//\s*SAME-CODE:\s*(.*)", line)
        if m:
            return m.group(1).split()
    raise AssertionError(f"{case.name}: no // SAME-CODE: line")


def cflags(case):
    for line in case.read_text().splitlines():
        m = re.match(r"\s*//\s*CFLAGS:\s*(.*)", line)
        if m:
            return m.group(1).split()
    return []


def transform(case, tmp_path):
    r = tl.run_ptrcomp(case.name, "--", "-std=gnu11", cwd=case.parent)
    assert r.returncode == 0, r.stderr
    out = tmp_path / case.name
    out.write_text(r.stdout)
    return out


def functions_in_asm(asm):
    """Symbol -> list of instruction lines, for every function in `asm`."""
    funcs, current = {}, None
    for line in asm.splitlines():
        m = re.match(r"^([A-Za-z_.$][\w.$]*):", line)
        if m and not m.group(1).startswith(".L"):
            current = m.group(1)
            funcs[current] = []
            continue
        s = line.strip()
        if current and line.startswith("\t") and s and not s.startswith(".") and \
                not s.startswith("#"):
            funcs[current].append(s)
    return funcs


def family(funcs, name):
    """Instructions of `name` and of the parts the compiler split off it (name.part.0)."""
    insns = []
    for sym, body in funcs.items():
        if sym == name or sym.startswith(name + "."):
            insns += body
    return insns


def memory_effects(ir, name):
    m = re.search(r"^define [^@]*@" + re.escape(name) + r"\(.*\)[^#{]*#(\d+)", ir,
                  re.MULTILINE)
    assert m, f"no definition of {name} in the IR"
    attrs = re.search(r"^attributes #" + m.group(1) + r" = \{(.*)\}", ir, re.MULTILINE)
    text = attrs.group(1)
    effects = re.findall(r"memory\([^)]*\)|\b(?:readonly|readnone|writeonly|argmemonly)\b",
                         text)
    return sorted(effects)


def pure(effects):
    """Whether clang's memory effects say the function writes no memory."""
    return any(e in ("readonly", "readnone") or
               (e.startswith("memory(") and "write" not in e) for e in effects)


@pytest.mark.parametrize("compiler", tl.COMPILERS)
@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_same_code(case, compiler, ptrcomp, tmp_path):
    out = transform(case, tmp_path)
    names = same_code_functions(case)
    asm = {}
    for label, src, extra in (("original", case, []),
                              ("compressed", out, ["-I", str(tl.RUNTIME_INCLUDE)])):
        s = tmp_path / f"{label}.s"
        r = tl.run([compiler, "-std=gnu11", "-O2", *cflags(case), "-S", *extra, src,
                    "-o", s])
        assert r.returncode == 0, r.stderr
        asm[label] = functions_in_asm(s.read_text())
    for name in names:
        orig = family(asm["original"], name)
        clone = family(asm["compressed"], name + "_pc32")
        assert clone, f"{compiler}: no {name}_pc32 in the output's assembly"
        calls = [i for i in clone if re.match(r"(call|jmp)\w*\s+[A-Za-z_]", i)]
        foreign = [c for c in calls
                   if not re.search(r"\s" + re.escape(name) + r"_pc32\b", c)]
        assert not foreign, f"{compiler}: {name}_pc32 calls {foreign}"
        assert len(clone) <= 1.5 * len(orig), (
            f"{compiler}: {name}_pc32 has {len(clone)} instructions, "
            f"the original {len(orig)}")
    if compiler in CLANGS:
        ir = {}
        for label, src, extra in (("original", case, []),
                                  ("compressed", out, ["-I", str(tl.RUNTIME_INCLUDE)])):
            ll = tmp_path / f"{label}.ll"
            r = tl.run([compiler, "-std=gnu11", "-O2", *cflags(case), "-S", "-emit-llvm",
                        *extra, src, "-o", ll])
            assert r.returncode == 0, r.stderr
            ir[label] = ll.read_text()
        for name in names:
            orig = memory_effects(ir["original"], name)
            assert pure(orig), f"the original {name} is not pure ({orig}): fix the test"
            clone = memory_effects(ir["compressed"], name + "_pc32")
            assert pure(clone), f"{name}_pc32 is not pure under {compiler}: {clone}"


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_same_behaviour(case, ptrcomp, tmp_path):
    out = transform(case, tmp_path)
    tl.check_same_behaviour([case], [out], tmp_path, args=("12", "20"))
