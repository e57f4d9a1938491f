"""Shared fixtures. Importable helpers live in ``tests/helpers.py``."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from helpers import Answer, RecordingHooks

from sudoku_repl.assembly import register_all


@pytest.fixture
def recording_hooks() -> Callable[..., RecordingHooks]:
    """A factory: ``recording_hooks(answers)`` -> a fresh ``RecordingHooks``."""

    def make(answers: Iterable[Answer] = ()) -> RecordingHooks:
        return RecordingHooks(answers)

    return make


def pytest_configure(config: pytest.Config) -> None:
    """Register the run modes, their lines and the commands once, as every entry point does
    (``sudoku_repl.assembly``): importing a module registers nothing."""
    register_all()
