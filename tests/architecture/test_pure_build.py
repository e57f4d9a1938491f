"""Issue 54: a build that leaves the C out says so, and what it means. setup.py's build_ext is
run here as pip runs it, with a C compiler that does not exist (``CC``): every extension fails,
the build succeeds (they are optional), and one Python warning names them, says the SE rating
is tens to hundreds of times slower on the pure Python and how to get the native build. (pip
26 shows a build backend's Python warnings without ``-v``; pip 23 only with it: docs/native.md.)

The expected words are written out here, not made by the code under test."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.helpers import REPO

pytest.importorskip("setuptools", reason="no setuptools in this environment: setup.py not run")

SAID = (
    "sudoku-repl is installed WITHOUT its native C: sudoku_repl.core._native, "
    "sudoku_repl.techniques.explainer._native and sudoku_repl.techniques.difficulty._native "
    "could not be compiled (pip install -v shows why)."
)


def test_a_build_without_a_compiler_says_what_it_left_out(tmp_path: Path) -> None:
    env = {**os.environ, "CC": str(tmp_path / "no-c-compiler"), "SUDOKU_REPL_STRICT_C": ""}
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(tmp_path / "lib"),
         "--build-temp", str(tmp_path / "temp")],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr  # the install goes on without the C
    assert list(tmp_path.rglob("*.so")) == [] and list(tmp_path.rglob("*.pyd")) == []
    err = " ".join(done.stderr.split())  # (the warning's lines joined)
    assert err.count(SAID) == 1, done.stderr
    assert "tens to hundreds of times slower" in err
    assert "apt-get install gcc python3-dev" in err
    assert 'python -m sudoku_repl.techniques.explainer.native says "native explainer (C)"' in err


def test_a_release_build_without_a_compiler_fails(tmp_path: Path) -> None:
    """``SUDOKU_REPL_REQUIRE_C=1`` (.ci/wheels, [tool.cibuildwheel]): no wheel of the pure
    Python under a platform's tag."""
    env = {**os.environ, "CC": str(tmp_path / "no-c-compiler"), "SUDOKU_REPL_REQUIRE_C": "1"}
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(tmp_path / "lib"),
         "--build-temp", str(tmp_path / "temp")],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode != 0
    assert "no-c-compiler" in done.stderr and "WITHOUT its native C" not in done.stderr
    assert list(tmp_path.rglob("*.so")) == []
