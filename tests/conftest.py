"""Shared pytest configuration: where the build is, and the --update-golden switch.

The suite runs against an existing build (scripts/test.sh builds first). Set
PTRCOMP_BUILD_DIR to test another build tree.
"""
import os
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import ptrcomp_testlib as tl  # noqa: E402

# tests/test_pytest_plugin.py runs pytest on projects of its own (the pytest plugin).
pytest_plugins = ("pytester",)

# Every ptrcomp run of the suite reports a veto that its legality check missed (the
# rewriter's safety net firing); tl.run fails the test when one appears.
os.environ["PTRCOMP_DEBUG_LEGALITY"] = "1"


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite expected.c / expected.stderr of golden cases from the "
                          "current tool output instead of comparing")


@pytest.fixture(scope="session")
def build_dir():
    b = tl.BUILD_DIR
    if not (b / "bin" / "ptrcomp").exists():
        pytest.exit(f"no ptrcomp build in {b}: run scripts/test.sh (or set PTRCOMP_BUILD_DIR)",
                    returncode=2)
    return b


@pytest.fixture(scope="session")
def ptrcomp(build_dir):
    return build_dir / "bin" / "ptrcomp"


@pytest.fixture
def update_golden(request):
    return request.config.getoption("--update-golden")
