"""README's first command: scripts/demo.py transforms examples/lists.c, runs both builds
and prints their outputs and peak memory. The outputs must be equal and the compressed
build's peak memory well below the original's (measured by benchmarks/runchild.c, so the
figures are the programs' own, not the Python harness's)."""
import re
import sys

import ptrcomp_testlib as tl


def test_demo_shows_memory_saved(ptrcomp, tmp_path):
    r = tl.run([sys.executable, tl.ROOT / "scripts" / "demo.py", "--size", "1000000",
                "--out", tmp_path / "out"], timeout=300)
    assert r.returncode == 0, r.stderr
    assert "same output: yes" in r.stdout, r.stdout
    m = re.search(r"peak memory compressed/original = ([0-9.]+)", r.stdout)
    assert m and float(m[1]) < 0.6, r.stdout
    rows = dict(re.findall(r"^(original|compressed)\s.*?([0-9.]+) MiB$", r.stdout, re.M))
    assert float(rows["original"]) > 20, r.stdout  # 1,000,000 two-pointer nodes and more
