"""The libc model (analysis/LibcModel.cpp) checked against the system's own prototypes:
an argument the model says is read as bytes, kept, or written through must be a pointer
parameter; a callback must be a function pointer; a result that aliases memory must be a
pointer; a byte count must be an integer parameter. This is the check that would have
caught read()/write() marking the file descriptor as byte-accessed instead of the buffer."""
import json

import pytest

import ptrcomp_testlib as tl

HEADERS = ["stdio.h", "stdlib.h", "string.h", "strings.h", "unistd.h", "signal.h",
           "time.h", "setjmp.h", "pthread.h", "ctype.h", "math.h", "locale.h",
           "sys/time.h", "sys/times.h", "assert.h", "inttypes.h", "search.h"]


def prototypes(tmp_path):
    """name -> (return type, [parameter types], variadic) of every function the headers
    declare."""
    clang = next((c for c in ("clang-16", "clang") if c in tl.COMPILERS), None)
    if clang is None:
        pytest.skip("no clang to read the prototypes with")
    src = tmp_path / "all.c"
    src.write_text("#define _GNU_SOURCE 1\n" +
                   "".join(f"#include <{h}>\n" for h in HEADERS))
    r = tl.run([clang, "-fsyntax-only", "-Xclang", "-ast-dump=json", src], timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    protos = {}
    for d in json.loads(r.stdout).get("inner", []):
        if d.get("kind") != "FunctionDecl" or "name" not in d:
            continue
        ftype = d["type"]["qualType"]
        # Typedefs (__sighandler_t) are judged by what they stand for.
        params = [p["type"].get("desugaredQualType", p["type"]["qualType"])
                  for p in d.get("inner", []) if p.get("kind") == "ParmVarDecl"]
        protos[d["name"]] = (ftype.split("(", 1)[0].strip(), params, d.get("variadic", False))
    return protos


def is_pointer(t):
    return "*" in t or "[" in t


def test_model_matches_prototypes(ptrcomp, tmp_path):
    model = json.loads(tl.run_ptrcomp("--dump-libc-model").stdout)
    protos = prototypes(tmp_path)
    checked, problems = 0, []
    for name, row in sorted(model.items()):
        if name not in protos:
            continue  # a builtin, a _chk variant, or a header not included
        ret, params, variadic = protos[name]
        checked += 1
        for i, effects in enumerate(row["args"]):
            if not effects:
                continue
            if i >= len(params):
                if not variadic:
                    problems.append(f"{name}: argument {i} has effects {effects} but the "
                                    f"function takes {len(params)} parameters")
                continue
            if not is_pointer(params[i]):
                problems.append(f"{name}: argument {i} ({params[i]}) is not a pointer but "
                                f"the model says {effects}")
            if "callback" in effects and "(*)" not in params[i]:
                problems.append(f"{name}: argument {i} ({params[i]}) is not a function "
                                "pointer but the model calls it back")
        if row["returns"] != "none" and not is_pointer(ret):
            problems.append(f"{name}: returns {ret}, but the model says {row['returns']}")
        bc = row.get("byte_count")
        if bc:
            for i in bc["covered"]:
                if i >= len(params) or not is_pointer(params[i]):
                    problems.append(f"{name}: byte count covers argument {i}, not a pointer")
                elif "bytes" not in row["args"][i]:
                    problems.append(f"{name}: byte count covers argument {i}, which the "
                                    "model does not access as bytes")
            s = bc["size_arg"]
            if s >= len(params) or is_pointer(params[s]):
                problems.append(f"{name}: byte count argument {s} is not an integer")
    assert not problems, "\n".join(problems)
    # The headers declare most of the model: the check is not vacuous.
    assert checked >= 200, f"only {checked} functions of the model were checked"
