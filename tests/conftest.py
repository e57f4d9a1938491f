"""Shared fixtures. Importable helpers live in ``tests/helpers.py``."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from helpers import Answer, RecordingHooks  # noqa: E402


@pytest.fixture
def recording_hooks() -> Callable[..., RecordingHooks]:
    """A factory: ``recording_hooks(answers)`` -> a fresh ``RecordingHooks``."""

    def make(answers: Iterable[Answer] = ()) -> RecordingHooks:
        return RecordingHooks(answers)

    return make
