"""Shared fixtures. Importable helpers live in ``tests/helpers.py``."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest
from prompt_toolkit.input import PipeInput, create_pipe_input

sys.path.insert(0, str(Path(__file__).resolve().parent))

from helpers import REPO, Answer, RecordingHooks

import sudoku_repl.core
from sudoku_repl.assembly import register_all


@pytest.fixture
def recording_hooks() -> Callable[..., RecordingHooks]:
    """A factory: ``recording_hooks(answers)`` -> a fresh ``RecordingHooks``."""

    def make(answers: Iterable[Answer] = ()) -> RecordingHooks:
        return RecordingHooks(answers)

    return make


@pytest.fixture
def at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run the test in the repository root, where ``examples/seed.txt`` and the other relative
    paths the tests type are found (``pytestmark = pytest.mark.usefixtures("at_repo_root")``)."""
    monkeypatch.chdir(REPO)


@pytest.fixture
def pipe() -> Iterator[PipeInput]:
    """The prompt's input in-process (``helpers.interact`` types into it)."""
    with create_pipe_input() as inp:
        yield inp


def pytest_configure(config: pytest.Config) -> None:
    """Register the run modes, their lines and the commands once, as every entry point does
    (``sudoku_repl.assembly``): importing a module registers nothing.

    With ``SUDOKU_REPL_EXPECT_COMPILED=1`` (``.ci/compiled``), nothing runs unless the compiled
    core is the one imported (``test_compiled.py``)."""
    if os.environ.get("SUDOKU_REPL_EXPECT_COMPILED") == "1" and not sudoku_repl.core.compiled():
        raise pytest.UsageError(
            "SUDOKU_REPL_EXPECT_COMPILED=1 but the core imported is "
            f"{sudoku_repl.core.build()} ({sudoku_repl.core.__file__})"
        )
    register_all()
