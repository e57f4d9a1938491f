"""The two builds of the core: pure Python (``pip install .``, the reference) and the compiled
core (``SUDOKU_REPL_COMPILE=1 pip install .``, mypyc).

The golden traces run against the compiled build in CI (``.ci/compiled``, when a C compiler is
present): it sets ``SUDOKU_REPL_EXPECT_COMPILED=1``, and then ``conftest.py`` refuses to run any
test unless the compiled modules are the ones imported, so that run cannot silently test pure
Python. ``SUDOKU_REPL_COMPILED_PYTHON=<a python with the compiled build>`` also compares the
compiled build's searches with this one's here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from helpers import PUZZLES, REPO

import sudoku_repl.core
from sudoku_repl.core import native
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.session import Quiet, Session

EXPECT_COMPILED = os.environ.get("SUDOKU_REPL_EXPECT_COMPILED") == "1"
COMPILED_PYTHON = os.environ.get("SUDOKU_REPL_COMPILED_PYTHON")


def module_files() -> dict[str, str]:
    return {
        name: str(getattr(sys.modules[f"sudoku_repl.core.{name}"], "__file__", ""))
        for name in native.COMPILED
    }


def test_the_build_is_whole_pure_or_whole_compiled() -> None:
    """Never a mix (a stale extension beside newer sources would be one)."""
    assert sudoku_repl.core.build() in ("pure Python", "compiled core (mypyc)"), module_files()
    assert sudoku_repl.core.compiled() == (sudoku_repl.core.build() == "compiled core (mypyc)")


def test_the_compiled_modules_are_the_ones_imported() -> None:
    if not EXPECT_COMPILED:
        pytest.skip(
            "pure-Python run: SUDOKU_REPL_EXPECT_COMPILED=1 (set by .ci/compiled) requires the "
            "compiled core"
        )
    assert sudoku_repl.core.compiled()
    for name, file in module_files().items():
        assert file.endswith(tuple(EXTENSION_SUFFIXES)), (name, file)
        assert Path(file).with_name(f"{name}.py").is_file(), f"{name}.py is shipped beside it"
    # the classes other layers subclass stay open to it (mypyc's allow_interpreted_subclasses)
    from sudoku_repl.api import Session as ApiSession

    assert issubclass(ApiSession, Session)
    assert type("Hooks", (Quiet,), {})().interrupted() is False


def test_the_pure_build_needs_neither_mypy_nor_a_compiler() -> None:
    """``pip install .`` builds with setuptools alone; only the switch brings mypy in."""
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    system = pyproject["build-system"]
    assert not any("mypy" in r for r in system["requires"])
    assert system["build-backend"] == "sudoku_repl_backend"
    pytest.importorskip("setuptools", reason="the build backend wraps setuptools' own")
    sys.path.insert(0, str(REPO / system["backend-path"][0]))
    try:
        import sudoku_repl_backend as backend
    finally:
        sys.path.pop(0)
    assert any(r.startswith("mypy") for r in backend.COMPILE_REQUIRES)
    saved = os.environ.pop(backend.ENV, None)
    try:
        assert not backend.compiling()
        os.environ[backend.ENV] = "1"
        assert backend.compiling()
    finally:
        os.environ.pop(backend.ENV, None)
        if saved is not None:
            os.environ[backend.ENV] = saved


#: What each build computes for the comparison: per quiz, (steps to the first solution, steps
#: to the end, solutions, biggest level of the first run, the record's length).
PROBE = """
import json, sys
from sudoku_repl.core import compiled
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.session import Quiet, Session
out = []
for line in sys.stdin.read().split():
    s = Session()
    s.load(Quiz.from_string(line))
    first = s.run(Quiet(), 1)
    steps1 = s.engine.steps
    s.run(Quiet(), 0)
    out.append([steps1, s.engine.steps, s.engine.solutions, first.biggest, len(s.history)])
print(json.dumps({"compiled": compiled(), "figures": out}))
"""


def test_compiled_and_pure_search_alike() -> None:
    if not COMPILED_PYTHON:
        pytest.skip(
            "no compiled build to compare with: set SUDOKU_REPL_COMPILED_PYTHON to the python "
            "of an environment made with SUDOKU_REPL_COMPILE=1 pip install ."
        )
    quizzes = (PUZZLES / "norvig_top95.txt").read_text(encoding="utf-8").split()[:30]
    result = subprocess.run(
        [COMPILED_PYTHON, "-P", "-c", PROBE],
        input="\n".join(quizzes),
        capture_output=True,
        text=True,
        cwd=Path(COMPILED_PYTHON).parent,  # not the repository: its sources would be imported
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    theirs = json.loads(result.stdout)
    assert theirs["compiled"], "SUDOKU_REPL_COMPILED_PYTHON does not run the compiled core"
    ours = []
    for quiz in quizzes:
        s = Session()
        s.load(Quiz.from_string(quiz))
        first = s.run(Quiet(), 1)
        steps1 = s.engine.steps
        s.run(Quiet(), 0)
        ours.append([steps1, s.engine.steps, s.engine.solutions, first.biggest, len(s.history)])
    assert theirs["figures"] == ours
