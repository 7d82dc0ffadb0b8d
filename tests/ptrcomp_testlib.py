"""Helpers shared by the test files: run ptrcomp, build C programs with the pool runtime,
and compare an original program with its transformation by running both."""
import difflib
import os
import pathlib
import re
import shutil
import subprocess
from dataclasses import dataclass

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD_DIR = pathlib.Path(os.environ.get("PTRCOMP_BUILD_DIR", ROOT / "build")).resolve()
PTRCOMP = BUILD_DIR / "bin" / "ptrcomp"
RUNTIME_INCLUDE = ROOT / "runtime"
RUNTIME_LIB = BUILD_DIR / "lib" / "libptrcomp_rt.a"

# Compilers every transformation test builds with; a missing one is skipped, not faked.
COMPILERS = [c for c in ("gcc", "clang-16", "clang") if shutil.which(c)]
if "clang-16" in COMPILERS and "clang" in COMPILERS:
    COMPILERS.remove("clang")


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str


LEGALITY_MISSED = "internal: legality missed"
SELF_CHECK_VETO = "internal: self-check veto"


def run(cmd, cwd=None, timeout=120, env=None, input=None, self_check_vetoes=False):
    p = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True,
                       timeout=timeout, env=env, input=input, errors="replace")
    # A veto the legality check should have made fired in the rewriter (see
    # tool/legality/Legality.h): a gap in the check, whatever the test looks at.
    assert LEGALITY_MISSED not in p.stderr, (
        f"{' '.join(map(str, cmd))}:\n{p.stderr[-4000:]}")
    # A structure lost to the self-check: the rewriter wrote code that does not compile
    # (but in the tests of the self-check and link check themselves).
    assert self_check_vetoes or SELF_CHECK_VETO not in p.stderr, (
        f"{' '.join(map(str, cmd))}:\n{p.stderr[-4000:]}")
    return Run(p.returncode, p.stdout, p.stderr)


def run_ptrcomp(*args, cwd=None, timeout=300, self_check_vetoes=False):
    return run([PTRCOMP, *args], cwd=cwd, timeout=timeout,
               self_check_vetoes=self_check_vetoes)


def compile_c(sources, out, compiler="gcc", flags=(), with_runtime=False, runtime_lib=None,
              cwd=None):
    """Compile C sources into executable `out`; returns the Run of the compiler. With
    `cwd`, the compiler runs there and the sources are named relative to it (as a build
    in that directory names them: their __FILE__)."""
    names = [os.path.relpath(pathlib.Path(s).resolve(), cwd) if cwd else str(s)
             for s in sources]
    cmd = [compiler, "-std=gnu11", *flags, *names, "-o", str(out)]
    if with_runtime:
        cmd[1:1] = ["-I", str(RUNTIME_INCLUDE)]
        cmd.append(str(runtime_lib or RUNTIME_LIB))
    return run(cmd, cwd=cwd, timeout=300)


# `#line N "file"` and the line markers of cpp output (`# N "file" flags`).
LINE_DIRECTIVE = re.compile(r'\s*#\s*(?:line\s+)?(\d+)(?:\s+"((?:[^"\\]|\\.)*)")?')


LAYOUT_START = re.compile(r"(?:struct|union) \w+_pc(?:16|32|64)(?:_\d+)? \{")


def presumed_lines(text, redundant=None):
    """[(line text, number, file)] for each line of C text that is not a line directive,
    numbered as the compiler numbers it (file None until a directive names one). A list
    `redundant` gets the directives that change nothing (the next line would have their
    number and file without them)."""
    out, number, name = [], 1, None
    for line in text.splitlines():
        m = LINE_DIRECTIVE.fullmatch(line.rstrip())
        if m:
            # Without it, the next line would have the number it has (that of the
            # directive's own line) and the same file.
            if redundant is not None and int(m.group(1)) == number and (
                    m.group(2) is None or m.group(2) == name):
                redundant.append(line)
            number, name = int(m.group(1)), m.group(2) or name
            continue
        out.append((line, number, name))
        number += 1
    return out


def check_line_numbers(original, transformed, allow=()):
    """The output numbers its lines as the original does (__LINE__, assert's messages and
    diagnostics): each line of the original found unchanged in the output (matched in
    order, as a diff would; blank lines and lone braces aside) has the original's number
    and file name there (or those of an equal line: clones repeat lines), and no directive
    is where nothing shifted. Names are compared by their last component: the output's
    directives name the file by its path in the output tree. Lines of a new layout, which
    copy the original struct's members, are new lines; `allow`: lines (stripped) known to
    be numbered otherwise. Returns how many lines were compared."""
    original, transformed = pathlib.Path(original), pathlib.Path(transformed)

    def where(number, name):
        return number, pathlib.PurePath(name).name if name else original.name

    old = [(line, where(n, f))
           for line, n, f in presumed_lines(original.read_text(errors="replace"))]
    at = {}  # (number, file) -> the original's text there
    for line, w in old:
        at.setdefault(w, line)
    new, in_layout, redundant = [], False, []
    for line, number, name in presumed_lines(transformed.read_text(errors="replace"),
                                             redundant):
        if LAYOUT_START.match(line):
            in_layout = not line.rstrip().endswith("};")
            line = None
        elif in_layout:
            in_layout = not line.startswith("}")
            line = None
        new.append((line, where(number, name)))
    # Matching every repeated line is quadratic: in files of thousands of lines (the
    # bad-input tests' 3,000-arm chains) the lines that repeat most are left out.
    matcher = difflib.SequenceMatcher(None, [line for line, _ in old],
                                      [line for line, _ in new],
                                      autojunk=len(old) > 2000)
    checked, wrong = 0, []
    for a, b, size in matcher.get_matching_blocks():
        for k in range(size):
            line, got = new[b + k]
            want = old[a + k][1]
            if len(line.strip()) < 3 or not any(c.isalnum() for c in line):
                continue
            checked += 1
            # A line repeated in the original (`return;`) may be matched to another
            # copy of it: it is right where an equal line has its number. So is an
            # edited line that became equal to a later one (`!= NULL` written `!= 0`):
            # it is numbered as the line it is a rewrite of.
            there = at.get(got)
            right = there == line or (there is not None and difflib.SequenceMatcher(
                None, there.strip(), line.strip()).ratio() > 0.75)
            if got != want and not right and line.strip() not in allow:
                wrong.append(f"{want[1]}:{want[0]} is numbered {got[1]}:{got[0]}: "
                             f"{line.strip()}")
    assert not wrong, (f"{transformed.name}: lines moved without a #line directive:\n"
                       + "\n".join(wrong[:10]))
    assert not redundant, f"{transformed.name}: directives where nothing shifted: {redundant}"
    return checked


def check_same_behaviour(original_sources, transformed_sources, workdir, args=(),
                         compilers=None, opt="-O2", sanitize=True, stdin=None, timeout=60,
                         original_flags=(), transformed_flags=(), lines_numbered_otherwise=()):
    """Build the original and transformed program with each compiler, run both, and assert
    identical stdout, stderr and exit status. The transformed program is built with -Wall
    -Wextra -Werror and, when `sanitize`, also run under ASan+UBSan with leak checking.

    Each program is built in the directory of its first source, naming its sources
    relative to it, into executables of the same name (in directories of their own): so
    __FILE__ and the program's name are the same in both, and a failed assert's message
    must be the same too. The output's line numbers are checked (check_line_numbers) for
    every source and every header beside it that the transformation changed (but the
    lines `lines_numbered_otherwise`)."""
    workdir = pathlib.Path(workdir)
    for o, t in zip(original_sources, transformed_sources):
        check_line_numbers(o, t, lines_numbered_otherwise)
        for h in pathlib.Path(t).parent.glob("*.h"):
            oh = pathlib.Path(o).parent / h.name
            if oh.exists() and oh.read_bytes() != h.read_bytes():
                check_line_numbers(oh, h, lines_numbered_otherwise)
    orig_dir = pathlib.Path(original_sources[0]).resolve().parent
    new_dir = pathlib.Path(transformed_sources[0]).resolve().parent
    for sub in ("orig", "new", "asan"):
        (workdir / sub).mkdir(parents=True, exist_ok=True)
    for cc in compilers or COMPILERS:
        orig = workdir / "orig" / f"prog-{cc}"
        new = workdir / "new" / f"prog-{cc}"
        r = compile_c(original_sources, orig, cc, [opt, "-w", *original_flags], cwd=orig_dir)
        assert r.returncode == 0, f"{cc}: original does not compile:\n{r.stderr}"
        r = compile_c(transformed_sources, new, cc,
                      [opt, "-Wall", "-Wextra", "-Werror", *transformed_flags], with_runtime=True,
                      cwd=new_dir)
        assert r.returncode == 0, f"{cc}: output does not compile cleanly:\n{r.stderr}"
        a = run([orig, *args], timeout=timeout, input=stdin)
        b = run([new, *args], timeout=timeout, input=stdin)
        assert (a.stdout, a.stderr, a.returncode) == (b.stdout, b.stderr, b.returncode), (
            f"{cc}: behaviour differs\n--- original (exit {a.returncode})\n{a.stdout[-2000:]}"
            f"\n{a.stderr[-1000:]}\n--- transformed (exit {b.returncode})\n{b.stdout[-2000:]}"
            f"\n{b.stderr[-2000:]}")
    if sanitize:
        cc = COMPILERS[0]
        san = workdir / "asan" / f"prog-{cc}"
        flags = ["-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                 "-fno-omit-frame-pointer"]
        r = compile_c(transformed_sources, san, cc, [*flags, *transformed_flags],
                      with_runtime=True, cwd=new_dir)
        assert r.returncode == 0, f"sanitizer build failed:\n{r.stderr}"
        orig = workdir / "orig" / f"prog-{cc}"
        a = run([orig, *args], timeout=timeout, input=stdin)
        # Leak checking on: what the program writes to stderr must be what the original
        # writes, so a leak report (or any sanitizer report) fails the test.
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1")
        b = run([san, *args], timeout=timeout * 3, env=env, input=stdin)
        assert (a.stdout, a.stderr, a.returncode) == (b.stdout, b.stderr, b.returncode), (
            f"ASan/UBSan run differs (exit {b.returncode}):\n{b.stderr[-3000:]}")
