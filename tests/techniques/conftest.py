"""The explainer's tests' shared fixture: ``build``, each case run on the native explainer (skipped
where it is not built) and on the pure one."""

from __future__ import annotations

import pytest

from sudoku_repl.techniques.explainer import native
from tests.support.helpers import BUILDS


@pytest.fixture(params=BUILDS)
def build(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "native" and not native.available():
        pytest.skip(f"no native explainer here: {native.build()}")
    monkeypatch.setattr(native.door, "selected", request.param == "native")
    return str(request.param)
