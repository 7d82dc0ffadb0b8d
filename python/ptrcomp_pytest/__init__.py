"""ptrcomp_pytest: golden-file and behaviour tests of your own C code under ptrcomp.

A pytest plugin (entry point ``pytest11``; from a checkout: ``-p ptrcomp_pytest`` with
this directory's parent on PYTHONPATH)::

    from ptrcomp_pytest import (assert_compressed, assert_golden,
                                assert_same_behaviour, assert_unchanged)

    def test_lists(ptrcomp, ptrcomp_compiler):
        out = ptrcomp("src/lists.c", options=["--index-bits=32"])
        assert_golden(out, "lists")                  # tests/golden/lists/src/lists.c
        assert_compressed(out.report, "struct list", pool_created_in="Testlists")
        assert_same_behaviour(out, ["1000"], compiler=ptrcomp_compiler, sanitize=True)

The fixture ``ptrcomp`` runs ptrcomp on the sources (relative to pytest's rootdir) with
``-o`` and ``--report=json`` and returns a :class:`Transformed`: the output tree, laid
out as the project is, and the report as data. ``pytest --ptrcomp-update`` rewrites the
golden files instead of comparing them. Options (command line, or ini file):

    --ptrcomp-update                  rewrite golden files from the current output
    --ptrcomp-bin=PATH / ptrcomp_bin  the ptrcomp to run (else $PTRCOMP, the ptrcomp
                                      installed with this plugin, ./build of a checkout,
                                      PATH)
    --ptrcomp-compilers=gcc,clang     the compilers ``ptrcomp_compiler`` is parametrised
    ptrcomp_compilers (one per line)  over, and assert_same_behaviour's default
                                      (else $CC, else cc)
    ptrcomp_golden_dir                where golden cases live, relative to the rootdir
                                      (default: golden/ beside each test file)

The checks raise exceptions with messages of their own (PYTEST_DONT_REWRITE: pytest need
not rewrite this module's asserts).
"""
import dataclasses
import difflib
import json
import os
import pathlib
import shlex
import shutil
import subprocess
from typing import List, Optional

import pytest

__version__ = "0.1.0"

__all__ = [
    "assert_golden", "assert_same_behaviour", "assert_compressed", "assert_unchanged",
    "Transformed", "Report", "Behaviour", "PtrcompFailed", "GoldenMismatch",
    "CompilerNotFound", "BuildFailed", "BehaviourDiffers", "ReportMismatch",
]


# ---------------------------------------------------------------------------- errors

class PtrcompFailed(AssertionError):
    """ptrcomp exited with an error; the message holds its command line and stderr."""

    def __init__(self, command, returncode, stderr, cwd):
        self.command, self.returncode, self.stderr = command, returncode, stderr
        super().__init__(
            f"ptrcomp failed (exit status {returncode}) in {cwd}:\n  {_quote(command)}\n"
            f"{_indent(stderr.rstrip() or '(no output on stderr)')}")


class GoldenMismatch(AssertionError):
    """The output tree differs from a golden case."""


class CompilerNotFound(AssertionError):
    """A compiler asked for is not installed."""


class BuildFailed(AssertionError):
    """The original or the transformed program does not compile."""


class BehaviourDiffers(AssertionError):
    """The original and the transformed program behaved differently."""


class ReportMismatch(AssertionError):
    """A structure is not reported as assert_compressed/assert_unchanged says."""


# ------------------------------------------------------------------------- utilities

def _quote(cmd):
    return " ".join(shlex.quote(str(c)) for c in cmd)


def _indent(text, prefix="  "):
    return "\n".join(prefix + line if line else line for line in text.splitlines())


def _rel_or_abs(path, base):
    try:
        return str(pathlib.Path(path).relative_to(base))
    except ValueError:
        return str(path)


def _under(path, base):
    try:
        pathlib.Path(path).relative_to(base)
        return True
    except ValueError:
        return False


def _files_below(d):
    d = pathlib.Path(d)
    if not d.is_dir():
        return []
    return sorted(p.relative_to(d).as_posix() for p in d.rglob("*") if p.is_file())


def _text(data):
    return data.decode("utf-8", errors="replace")


# --------------------------------------------------------------- finding the tools

def _installed_ptrcomp():
    """The ptrcomp of the prefix this package was installed into by CMake (the install
    writes _installed.py with the path of that prefix's bin/ relative to this package)."""
    try:
        from . import _installed  # type: ignore
    except ImportError:
        return None
    here = pathlib.Path(__file__).resolve().parent
    p = pathlib.Path(os.path.normpath(here / _installed.BINDIR / "ptrcomp"))
    return p if p.is_file() else None


def _checkout_ptrcomp():
    """build/bin/ptrcomp of the source checkout this package is in (python/ of it)."""
    top = pathlib.Path(__file__).resolve().parent.parent.parent
    p = top / "build" / "bin" / "ptrcomp"
    return p if (top / "runtime" / "ptrcomp_rt.h").is_file() and p.is_file() else None


def _find_ptrcomp(config):
    """(the ptrcomp to run, None) or (None, why none was found)."""
    for how, value in (("--ptrcomp-bin", config.getoption("ptrcomp_bin")),
                       ("$PTRCOMP", os.environ.get("PTRCOMP")),
                       ("the ini option ptrcomp_bin", config.getini("ptrcomp_bin"))):
        if not value:
            continue
        path = pathlib.Path(os.path.expanduser(value))
        if how.startswith("the ini") and not path.is_absolute() and "/" in value:
            path = config.rootpath / path
        found = shutil.which(str(path))
        if not found:
            return None, f"ptrcomp not found: {how} names {value}, which is not an executable"
        return pathlib.Path(found), None
    for p in (_installed_ptrcomp(), _checkout_ptrcomp()):
        if p:
            return p, None
    found = shutil.which("ptrcomp")
    if found:
        return pathlib.Path(found), None
    return None, ("ptrcomp not found: give its path with --ptrcomp-bin=PATH, $PTRCOMP or the "
                  "ini option ptrcomp_bin, or put it on PATH")


def _compilers(config):
    value = config.getoption("ptrcomp_compilers")
    if value:
        names = [c.strip() for c in value.split(",")]
    else:
        names = [c.strip() for c in config.getini("ptrcomp_compilers")]
    names = [n for n in names if n]
    if not names:
        names = [os.environ.get("CC") or "cc"]
    return names


def _compiler_command(compiler):
    """The command of a compiler given as "gcc" or "clang-16 -m32"; raises
    CompilerNotFound when it is not installed."""
    cmd = shlex.split(compiler)
    if not cmd:
        raise CompilerNotFound("ptrcomp_pytest: empty compiler name")
    exe = shutil.which(cmd[0])
    if exe is None:
        raise CompilerNotFound(
            f"compiler {cmd[0]!r} not found: no such executable on PATH "
            f"({os.environ.get('PATH', '')}). Install it, or choose the compilers with "
            f"--ptrcomp-compilers=... or the ptrcomp_compilers ini option.")
    return cmd


# --------------------------------------------------------------------------- report

class Report:
    """ptrcomp's ``--report=json`` as data. ``structures`` is its list of structures
    (dicts with the keys the JSON report documents: type, pool, owner, alloc_sites,
    indexed, compressed, index_bits, reasons, notes, layout, ...), each with one more
    key, ``allocated_in``: the functions holding its allocation sites, as ``--expect``
    names them (known for compressed structures; None for the others)."""

    def __init__(self, data, expectations=None):
        self.data = data
        self.structures = [dict(s) for s in data.get("structures", [])]
        listed = list((expectations or {}).get("compressed", []))
        for s in self.structures:
            s["allocated_in"] = None
            if not s.get("compressed"):
                continue
            for e in listed:
                if (e.get("pool"), e.get("type"), e.get("pool_created_in"),
                        e.get("index_bits")) == (s.get("pool"), s.get("type"),
                                                 s.get("owner"), s.get("index_bits")):
                    s["allocated_in"] = sorted(e.get("allocated_in", []))
                    listed.remove(e)
                    break

    def __iter__(self):
        return iter(self.structures)

    def __len__(self):
        return len(self.structures)

    def of_type(self, type):
        return [s for s in self.structures if s.get("type") == type]

    def __repr__(self):
        return f"<ptrcomp Report: {len(self.structures)} structures>"


def _as_report(report):
    if isinstance(report, Transformed):
        return report.report
    if isinstance(report, Report):
        return report
    if isinstance(report, dict):
        return Report(report)
    raise TypeError(f"expected a ptrcomp Report (out.report), got {type(report).__name__}")


def _describe(s):
    """As ptrcomp --expect names a structure."""
    where = []
    if s.get("allocated_in"):
        where.append("allocated in " + ", ".join(s["allocated_in"]))
    elif s.get("alloc_sites"):
        where.append("allocated at " + ", ".join(s["alloc_sites"]))
    where.append("pool created in " + str(s.get("owner")))
    return f"{s.get('type')} ({', '.join(where)})"


def _status(s):
    """What became of a structure, in the words of ptrcomp --expect."""
    if not s.get("pool"):
        return "unchanged"
    if not s.get("indexed"):
        return f"pool {s['pool']}, pointers unchanged"
    if not s.get("compressed"):
        return (f"pool {s['pool']}, {s.get('index_bits')}-bit indices, layout unchanged "
                f"(not compressed)")
    return f"pool {s['pool']}, compressed, {s.get('index_bits')}-bit indices"


def _explain(structures):
    lines = []
    for s in structures:
        lines.append(f"  {_describe(s)}: {_status(s)}")
        lines += [f"      because {r}" for r in s.get("reasons", [])]
    return "\n".join(lines) or "  (none)"


def _select(report, type, allocated_in, pool_created_in, pool):
    def keep(s):
        if s.get("type") != type:
            return False
        if pool_created_in is not None and s.get("owner") != pool_created_in:
            return False
        if pool is not None and s.get("pool") != pool:
            return False
        return True
    return [s for s in report.structures if keep(s)]


def _wanted(type, allocated_in, pool_created_in, pool):
    parts = []
    if allocated_in is not None:
        parts.append("allocated in " + ", ".join(allocated_in))
    if pool_created_in is not None:
        parts.append("pool created in " + pool_created_in)
    if pool is not None:
        parts.append("pool " + pool)
    return type + (f" ({', '.join(parts)})" if parts else "")


def assert_compressed(report, type, *, index_bits=None, allocated_in=None,
                      pool_created_in=None, pool=None):
    """Assert that a structure of ``type`` ("struct node") is compressed, i.e. what a
    ``--expect`` entry states: its pool stores indices in a new layout, of ``index_bits``
    (32 or 16; any when None), allocated in the functions ``allocated_in`` (a list, or
    one name) and with its pool created in ``pool_created_in`` when those are given.
    ``report`` is ``out.report`` (or ``out``). Returns the structure's report entry."""
    __tracebackhide__ = True
    report = _as_report(report)
    if isinstance(allocated_in, str):
        allocated_in = [allocated_in]
    if allocated_in is not None:
        allocated_in = sorted(allocated_in)
    if index_bits is not None and index_bits not in (16, 32):
        raise ValueError("index_bits must be 32 or 16")
    candidates = _select(report, type, allocated_in, pool_created_in, pool)
    for s in candidates:
        if (s.get("compressed") and (index_bits is None or s.get("index_bits") == index_bits)
                and (allocated_in is None or s.get("allocated_in") == allocated_in)):
            return s
    expected = "compressed" + (f", {index_bits}-bit indices" if index_bits else "")
    name = _wanted(type, allocated_in, pool_created_in, pool)
    if not candidates:
        raise ReportMismatch(
            f"{name} is not found in the report (renamed or moved?)\n"
            f"  - {name}: {expected}\n  + (no such structure)\n"
            f"structures in the report:\n{_explain(report.structures)}")
    compressed = [s for s in candidates if s.get("compressed")]
    what = ("has different index bits or allocation functions than expected"
            if compressed else "is not compressed")
    raise ReportMismatch(f"{name} {what}\n  - {name}: {expected}\n  + what ptrcomp did:\n"
                         f"{_explain(candidates)}")


def assert_unchanged(report, type, *, reason_contains=None, pool_created_in=None, pool=None):
    """Assert that no structure of ``type`` (with its pool created in ``pool_created_in``,
    when given) is compressed: the opposite of what ``--expect`` checks. The structure
    must be in the report; with ``reason_contains``, each such structure's reasons
    (the report's "because ...") must include that text. Returns the entries."""
    __tracebackhide__ = True
    report = _as_report(report)
    name = _wanted(type, None, pool_created_in, pool)
    candidates = _select(report, type, None, pool_created_in, pool)
    if not candidates:
        raise ReportMismatch(f"{name} is not found in the report\nstructures in the report:\n"
                             f"{_explain(report.structures)}")
    compressed = [s for s in candidates if s.get("compressed")]
    if compressed:
        raise ReportMismatch(f"{name} is compressed, expected unchanged:\n"
                             f"{_explain(candidates)}")
    if reason_contains is not None:
        missing = [s for s in candidates
                   if not any(reason_contains in r for r in s.get("reasons", []))]
        if missing:
            raise ReportMismatch(
                f"{name} is not compressed, but not because of {reason_contains!r}:\n"
                f"{_explain(missing)}")
    return candidates


# ----------------------------------------------------------------- the transformation

@dataclasses.dataclass
class _Context:
    """What a test's transformations share: the session's settings and the test."""
    ptrcomp: Optional[pathlib.Path]
    rootdir: pathlib.Path
    golden_dir: pathlib.Path
    update: bool
    compilers: List[str]
    tmp: pathlib.Path
    node: object
    runtime_flags: Optional[List[str]] = None
    count: int = 0

    def runtime(self):
        if self.runtime_flags is None:
            p = subprocess.run([str(self.ptrcomp), "--print-runtime-flags"],
                               capture_output=True, text=True, errors="replace")
            if p.returncode != 0:
                raise PtrcompFailed([self.ptrcomp, "--print-runtime-flags"], p.returncode,
                                    p.stderr, os.getcwd())
            self.runtime_flags = shlex.split(p.stdout)
        return self.runtime_flags


# Options the fixture sets itself, or that write or print something else than a program.
_RESERVED = ("-o", "-i", "--in-place", "--diff", "--report", "--report-file", "--dry-run",
             "--export-fixes", "--write-expect", "--summarize", "--link", "--apply",
             "--finish", "--dump-graph", "--dump-config", "--print-runtime-flags")

# Compiler options naming a directory or file, relative to the directory ptrcomp ran in.
_PATH_OPTIONS = ("-I", "-iquote", "-isystem", "-idirafter", "-include", "-imacros")


class Transformed:
    """One ptrcomp run. ``tree`` holds the output laid out as the project is:
    ``tree / "src/list.c"`` is the transformed ``src/list.c`` (every input, and every
    file ptrcomp changed or copied). ``report`` is the :class:`Report`, ``stderr``
    ptrcomp's notes, ``command`` what was run (in ``root``)."""

    def __init__(self, ctx, root, base, sources, options, flags, tree, report, stderr,
                 command):
        self._ctx = ctx
        self.root = root            # where ptrcomp ran; sources are relative to it
        self.base = base            # the directory the tree mirrors (root, usually)
        self.sources = sources      # relative to base
        self.options = options
        self.flags = flags
        self.tree = tree
        self.report = report
        self.stderr = stderr
        self.command = command
        self._builds = {}

    @property
    def files(self):
        """The output tree's files, as paths relative to it."""
        return _files_below(self.tree)

    def read(self, name):
        """The text of the output's file ``name`` (a path relative to the tree)."""
        return (self.tree / name).read_text(errors="replace")

    def __repr__(self):
        return f"<ptrcomp output of {' '.join(self.sources)} in {self.tree}>"


class Ptrcomp:
    """The ``ptrcomp`` fixture: call it to transform sources."""

    def __init__(self, ctx):
        self._ctx = ctx

    @property
    def executable(self):
        return self._ctx.ptrcomp

    def __call__(self, *sources, options=(), flags=None, cwd=None, timeout=600):
        """Transform ``sources`` (paths relative to ``cwd``, by default pytest's rootdir)
        with the ptrcomp ``options`` ("--index-bits=16", "--mode=poolalloc",
        "--expect=app.expect.yaml", ...); ``flags`` are the compiler's (``-Iinclude``,
        ``-DNDEBUG``), passed after ``--``. With ``flags=None`` (not ``[]``), ptrcomp
        looks for a compile_commands.json as it does on the command line. Returns a
        :class:`Transformed`; raises :class:`PtrcompFailed` when ptrcomp fails."""
        __tracebackhide__ = True
        ctx = self._ctx
        if len(sources) == 1 and isinstance(sources[0], (list, tuple)):
            sources = tuple(sources[0])
        if not sources:
            raise ValueError("ptrcomp(): no source files given")
        if isinstance(options, str):
            options = shlex.split(options)
        if isinstance(flags, str):
            flags = shlex.split(flags)
        options = [str(o) for o in options]
        for o in options:
            name = o.split("=", 1)[0]
            if name in _RESERVED:
                raise ValueError(f"ptrcomp(): option {o!r} is set by the fixture itself "
                                 f"(it writes the output tree with -o and reads "
                                 f"--report=json)")
        root = (ctx.rootdir / cwd).resolve() if cwd else ctx.rootdir
        absolute = []
        for s in sources:
            p = pathlib.Path(s)
            p = p if p.is_absolute() else root / p
            if not p.is_file():
                raise FileNotFoundError(f"ptrcomp(): no source file {p}")
            absolute.append(pathlib.Path(os.path.normpath(p)))
        names = [os.path.relpath(p, root) for p in absolute]

        ctx.count += 1
        work = ctx.tmp / (f"ptrcomp-{ctx.count}")
        if work.exists():
            shutil.rmtree(work)
        work.mkdir(parents=True)
        written, expect = work / "written", work / "expect.json"
        command = [str(ctx.ptrcomp), *options, *names, "-o", str(written), "--report=json",
                   f"--write-expect={expect}"]
        if flags is not None:
            command += ["--", *[str(f) for f in flags]]
        try:
            p = subprocess.run(command, cwd=root, capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired as e:
            raise PtrcompFailed(command, "timeout",
                                f"ptrcomp did not finish within {timeout} s\n"
                                + _text(e.stderr or b""), root) from None
        stdout, stderr = _text(p.stdout), _text(p.stderr)
        if p.returncode != 0:
            raise PtrcompFailed(command, p.returncode, stderr, root)
        try:
            data = json.loads(stdout)
        except ValueError:
            raise PtrcompFailed(command, p.returncode,
                                "its --report=json is not JSON:\n" + stdout[:2000]
                                + "\n" + stderr, root) from None
        expectations = json.loads(expect.read_text()) if expect.is_file() else None

        # -o writes the files at their paths relative to the program's common directory;
        # find it (the deepest directory above the sources under which they are all in
        # the output) and lay the tree out as the project is, below `base`.
        common = pathlib.Path(os.path.commonpath([str(p.parent) for p in absolute]))
        while not all((written / p.relative_to(common)).is_file() for p in absolute):
            if common.parent == common:
                raise PtrcompFailed(command, 0, "the sources are not in ptrcomp's output "
                                    f"tree {written}: {_files_below(written)}", root)
            common = common.parent
        base = root if _under(common, root) else common
        tree = work / "tree"
        target = tree / common.relative_to(base)
        target.parent.mkdir(parents=True, exist_ok=True)
        written.rename(target)
        return Transformed(ctx, root, base, [os.path.relpath(p, base) for p in absolute],
                           options, None if flags is None else [str(f) for f in flags],
                           tree, Report(data, expectations), stderr, command)


# ------------------------------------------------------------------------- goldens

def _diff(expected, actual, expected_name, actual_name, context=3):
    return "".join(difflib.unified_diff(
        expected.splitlines(True), actual.splitlines(True), expected_name, actual_name,
        n=context))


def _no_newline_safe(diff):
    # unified_diff joins a last line without "\n" to the next header: make each line end.
    return "".join(line if line.endswith("\n") else line + "\n"
                   for line in diff.splitlines(True))


def assert_golden(out, case, *, golden_dir=None):
    """Compare every file of the output tree ``out.tree`` with ``<golden dir>/<case>/``
    (the golden dir is ``golden/`` beside the test file, or the ini option
    ``ptrcomp_golden_dir``; ``golden_dir`` overrides both), and fail with a unified diff
    of each difference. Under ``pytest --ptrcomp-update`` the case is rewritten from
    the output instead (files the output no longer has are removed)."""
    __tracebackhide__ = True
    ctx = out._ctx
    base = pathlib.Path(golden_dir) if golden_dir is not None else ctx.golden_dir
    if not base.is_absolute():
        base = ctx.rootdir / base
    gold = base / case
    shown = _rel_or_abs(gold, ctx.rootdir)
    actual = out.files
    expected = _files_below(gold)

    if ctx.update:
        changed = []
        for name in actual:
            data = (out.tree / name).read_bytes()
            dest = gold / name
            if not dest.is_file() or dest.read_bytes() != data:
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_bytes(data)
                changed.append(name)
        for name in sorted(set(expected) - set(actual)):
            (gold / name).unlink()
            changed.append(name)
            d = (gold / name).parent
            while d != gold and d.is_dir() and not any(d.iterdir()):
                d.rmdir()
                d = d.parent
        if changed:
            ctx.node.user_properties.append(
                ("ptrcomp_golden_updated", f"{shown}: {', '.join(changed)}"))
        return

    if not gold.is_dir():
        raise GoldenMismatch(
            f"no golden case {case!r}: {shown}/ does not exist.\n"
            f"Run pytest with --ptrcomp-update to create it from the current output "
            f"({', '.join(actual)}).")
    parts = []
    for name in sorted(set(actual) & set(expected)):
        a, e = (out.tree / name).read_bytes(), (gold / name).read_bytes()
        if a != e:
            parts.append(_no_newline_safe(_diff(_text(e), _text(a), f"{shown}/{name}",
                                                f"ptrcomp output {name}")))
    for name in sorted(set(actual) - set(expected)):
        parts.append(f"new file in the output, not in the golden case: {name}\n")
    for name in sorted(set(expected) - set(actual)):
        parts.append(f"golden file not in the output any more: {shown}/{name}\n")
    if parts:
        raise GoldenMismatch(
            f"ptrcomp's output differs from the golden case {case!r} ({shown}/):\n"
            + "".join(parts)
            + "Run pytest with --ptrcomp-update to accept the new output.")


# ------------------------------------------------------------------------- behaviour

@dataclasses.dataclass
class Behaviour:
    """What one program did: its exit status (negative: killed by that signal),
    standard output and standard error."""
    returncode: int
    stdout: str
    stderr: str


def _map_flags(flags, root, base, tree):
    """The compiler flags as given for `root`, for compiling in `base` (the original) and
    in `tree` (the output): directories and files named relative to `root` become
    absolute, and each include directory under `base` is searched in the output tree
    first (ptrcomp writes the headers it changed there, and not the others)."""
    original, transformed = [], []
    flags = list(flags or [])
    i = 0
    while i < len(flags):
        f = flags[i]
        opt = next((o for o in _PATH_OPTIONS
                    if f == o or (f.startswith(o) and o not in ("-include", "-imacros"))),
                   None)
        if opt is None:
            original.append(f)
            transformed.append(f)
            i += 1
            continue
        if f == opt:
            if i + 1 >= len(flags):
                original.append(f)
                transformed.append(f)
                break
            value, i = flags[i + 1], i + 2
        else:
            value, i = f[len(opt):], i + 1
        path = pathlib.Path(os.path.normpath(root / value))
        original += [opt, str(path)]
        if _under(path, base):
            copy = tree / path.relative_to(base)
            if opt in ("-include", "-imacros"):
                transformed += [opt, str(copy if copy.is_file() else path)]
            else:
                transformed += [opt, str(copy), opt, str(path)]
        else:
            transformed += [opt, str(path)]
    return original, transformed


def _sanitizer_flags(sanitize):
    kinds = "address,undefined" if sanitize is True else str(sanitize)
    return [f"-fsanitize={kinds}", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer",
            "-g"]


def _build(out, compiler, cflags, ldflags, sanitize):
    """Build the original and the transformed program (the latter with the runtime, and
    under sanitizers when asked), each in its own directory under the same name, from
    the same relative source names (so that __FILE__ and argv[0] agree)."""
    __tracebackhide__ = True
    key = (compiler, tuple(cflags), tuple(ldflags), sanitize)
    if key in out._builds:
        return out._builds[key]
    cc = _compiler_command(compiler)
    runtime = out._ctx.runtime()
    original_flags, transformed_flags = _map_flags(out.flags, out.root, out.base, out.tree)
    n = len(out._builds) + 1
    program = pathlib.PurePath(out.sources[0]).stem or "prog"
    work = out.tree.parent / "builds" / f"{n}-{pathlib.Path(cc[0]).name}"
    builds = []
    jobs = [("original", out.base, original_flags, [], work / "original")]
    san = _sanitizer_flags(sanitize) if sanitize else []
    jobs.append(("transformed", out.tree, transformed_flags + san, runtime,
                 work / "transformed"))
    for what, cwd, flags, rt, d in jobs:
        d.mkdir(parents=True, exist_ok=True)
        exe = d / program
        cmd = [*cc, *flags, *cflags, *out.sources, "-o", str(exe), *rt, *ldflags]
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace")
        if p.returncode != 0:
            raise BuildFailed(f"the {what} program does not compile with {cc[0]} "
                              f"(exit status {p.returncode}):\n  cd {shlex.quote(str(cwd))}"
                              f" && {_quote(cmd)}\n{_indent(p.stderr.rstrip())}")
        builds.append(exe)
    out._builds[key] = tuple(builds)
    return out._builds[key]


def _run(exe, args, stdin, cwd, env, timeout):
    __tracebackhide__ = True
    try:
        p = subprocess.run([exe.name, *map(str, args)], executable=str(exe), cwd=cwd,
                           env=env, input=stdin.encode() if isinstance(stdin, str) else stdin,
                           capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return Behaviour(f"timeout after {timeout} s", _text(e.stdout or b""),
                         _text(e.stderr or b""))
    return Behaviour(p.returncode, _text(p.stdout), _text(p.stderr))


def _compare(a, b, label):
    """A report of how b differs from a, or None."""
    if a == b:
        return None
    lines = [f"behaviour differs ({label}):"]
    same = "same" if a.returncode == b.returncode else "DIFFERENT"
    lines.append(f"  exit status: original {a.returncode}, transformed {b.returncode} "
                 f"({same})")
    for stream in ("stdout", "stderr"):
        x, y = getattr(a, stream), getattr(b, stream)
        if x == y:
            lines.append(f"  {stream}: same ({len(x.splitlines())} lines)")
            continue
        # Short outputs are shown whole, as the context of the diff; long ones around
        # their differences.
        context = max(len(x.splitlines()), len(y.splitlines())) if (
            len(x) + len(y) < 8000) else 3
        diff = _no_newline_safe(_diff(x, y, f"original {stream}", f"transformed {stream}",
                                      context))
        lines.append(f"  {stream} differs:")
        lines.append(_indent(diff.rstrip("\n"), "    "))
    return "\n".join(lines)


def assert_same_behaviour(out, args=(), *, stdin=None, compiler=None, sanitize=False,
                          cflags=("-O2",), ldflags=(), cwd=None, env=None, timeout=60):
    """Build the original program (``out``'s sources) and the transformed one (its
    output tree, with ptrcomp's runtime flags) with ``compiler`` ("gcc", "clang-16 -m32",
    a list of them; default: the configured compilers, see ``ptrcomp_compiler``) and
    the compile flags given to ptrcomp plus ``cflags``; run both with ``args`` and
    ``stdin`` (str or bytes) in ``cwd`` (default: the directory ptrcomp ran in), with the
    variables ``env`` added to the environment; fail unless their
    exit status, stdout and stderr are the same. With ``sanitize`` (True: ASan+UBSan, or
    a -fsanitize= list such as "undefined") the transformed program is also built and run
    under the sanitizers, against the same original run. Returns the original's
    :class:`Behaviour` (for further asserts on what the program printed)."""
    __tracebackhide__ = True
    if not isinstance(out, Transformed):
        raise TypeError("assert_same_behaviour(out, ...): `out` is what the ptrcomp fixture "
                        "returned")
    if isinstance(args, str):
        args = shlex.split(args)
    if compiler is None:
        compilers = out._ctx.compilers
    elif isinstance(compiler, str):
        compilers = [compiler]
    else:
        compilers = list(compiler)
    if env is not None:
        env = {**os.environ, **{k: str(v) for k, v in env.items()}}
    run_in = pathlib.Path(cwd) if cwd else out.root
    first = None
    for cc in compilers:
        name = (shlex.split(cc) or ["?"])[0]
        label = f"{name}, args {list(map(str, args))}"
        original, transformed = _build(out, cc, cflags, ldflags, False)
        a = _run(original, args, stdin, run_in, env, timeout)
        b = _run(transformed, args, stdin, run_in, env, timeout)
        problem = _compare(a, b, label)
        if problem:
            raise BehaviourDiffers(problem + f"\n  programs: {original} and {transformed}")
        if sanitize:
            _, checked = _build(out, cc, cflags, ldflags, sanitize)
            c = _run(checked, args, stdin, run_in, env, timeout * 3)
            problem = _compare(a, c, label + ", transformed under -fsanitize="
                               + _sanitizer_flags(sanitize)[0].split("=", 1)[1])
            if problem:
                raise BehaviourDiffers(problem + f"\n  programs: {original} and {checked}")
        first = first or a
    return first


# ---------------------------------------------------------------------------- plugin

def pytest_addoption(parser):
    group = parser.getgroup("ptrcomp", "golden and behaviour tests of C code under ptrcomp")
    group.addoption("--ptrcomp-update", action="store_true", default=False,
                    dest="ptrcomp_update",
                    help="rewrite the golden cases (assert_golden) from ptrcomp's current "
                         "output instead of comparing")
    group.addoption("--ptrcomp-bin", dest="ptrcomp_bin", default=None, metavar="PATH",
                    help="the ptrcomp to run (default: $PTRCOMP, the ptrcomp installed "
                         "with this plugin, PATH)")
    group.addoption("--ptrcomp-compilers", dest="ptrcomp_compilers", default=None,
                    metavar="CC,CC",
                    help="compilers for assert_same_behaviour and the ptrcomp_compiler "
                         "fixture, comma-separated (default: $CC, else cc)")
    parser.addini("ptrcomp_bin", "the ptrcomp to run", default="")
    parser.addini("ptrcomp_compilers", "compilers for assert_same_behaviour, one per line",
                  type="linelist", default=[])
    parser.addini("ptrcomp_golden_dir", "directory of the golden cases, relative to the "
                  "rootdir (default: golden/ beside each test file)", default="")


class _State:
    """The session's settings and the golden cases rewritten (a plugin object of its own:
    its hooks see the reports of every test, also those xdist's workers send)."""

    def __init__(self, config):
        self.config = config
        self._found = None
        self.updated = []

    def ptrcomp(self):
        """(the ptrcomp to run, None) or (None, why there is none)."""
        if self._found is None:
            self._found = _find_ptrcomp(self.config)
        return self._found

    def pytest_runtest_logreport(self, report):
        for name, value in getattr(report, "user_properties", ()):
            if name == "ptrcomp_golden_updated" and value not in self.updated:
                self.updated.append(value)

    def pytest_terminal_summary(self, terminalreporter):
        if not self.config.getoption("ptrcomp_update"):
            return
        tr = terminalreporter
        tr.section("ptrcomp golden cases")
        if not self.updated:
            tr.line("no golden case changed")
        for line in self.updated:
            tr.line(f"rewritten: {line}")


_STATE = "ptrcomp_pytest-state"


def _state(config):
    return config.pluginmanager.get_plugin(_STATE)


def pytest_configure(config):
    config.pluginmanager.register(_State(config), _STATE)


def pytest_report_header(config):
    exe, problem = _state(config).ptrcomp()
    if exe is None:
        return [problem]
    return [f"ptrcomp: {exe}; compilers: {', '.join(_compilers(config))}"]


def pytest_generate_tests(metafunc):
    if "ptrcomp_compiler" in metafunc.fixturenames:
        names = _compilers(metafunc.config)
        metafunc.parametrize("ptrcomp_compiler", names,
                             ids=[n.strip() or "?" for n in names])


@pytest.fixture
def ptrcomp_compiler(request):
    """One of the configured compilers (--ptrcomp-compilers, ptrcomp_compilers, $CC, cc):
    a test that takes this fixture runs once with each."""
    return request.param


@pytest.fixture
def ptrcomp(request, tmp_path):
    """Transform C sources with ptrcomp: ``out = ptrcomp("src/a.c", "src/b.c",
    options=[...], flags=[...])`` (see :meth:`Ptrcomp.__call__`)."""
    config = request.config
    golden_ini = config.getini("ptrcomp_golden_dir")
    golden = (config.rootpath / golden_ini) if golden_ini else (
        pathlib.Path(str(getattr(request, "path", None) or request.fspath)).parent
        / "golden")
    exe, problem = _state(config).ptrcomp()
    if exe is None:
        pytest.fail(problem, pytrace=False)
    ctx = _Context(ptrcomp=exe, rootdir=config.rootpath,
                   golden_dir=golden, update=config.getoption("ptrcomp_update"),
                   compilers=_compilers(config), tmp=tmp_path, node=request.node)
    return Ptrcomp(ctx)
