"""The measures on both builds: ``build`` runs a test on the build this run has and, where the
C is there, again on the pure Python (the reference)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sudoku_repl.core.engine_choice import ENV
from sudoku_repl.techniques.difficulty import native
from tests.support.helpers import BUILDS


@pytest.fixture(params=BUILDS)
def build(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The build a test runs the measures on: ``native`` (skipped where the C is not built) or
    ``pure``."""
    if request.param == "native" and not native.available():
        pytest.skip(native.build())
    monkeypatch.setenv(ENV, "pure" if request.param == "pure" else "native")
    native.reset()
    yield request.param
    monkeypatch.undo()
    native.reset()
