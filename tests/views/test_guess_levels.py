"""``backtrace`` on a long search whose oldest steps were dropped (SUDOKU_REPL_RECORD_CAP): the
levels made before the kept record are said so at once, without reading the whole record back
(it read every kept move's events, 300 ms at step 1,000,000, which the editor's stack trace pays
at every stop)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.support.helpers import PUZZLES, Shell

MANY = PUZZLES / "multiple_solutions.txt"


def test_the_levels_before_the_kept_record_cost_no_scan_of_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kept = Shell()
    kept.ok(f"load-quiz {MANY} 18")
    kept.ok("set trace off")
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", "2048")
    trimmed = Shell()
    trimmed.ok(f"load-quiz {MANY} 18")
    trimmed.ok("set trace off")
    for step in (30_000, 60_000):
        kept.ok(f"goto {step}")
        trimmed.ok(f"goto {step}")
        history = trimmed.repl.session.history
        assert history.first_steps > step // 2  # most of the search was dropped
        read = Counted(history.events)
        with monkeypatch.context() as patched:
            patched.setattr(history, "events", read)
            lines = trimmed.ok("bt")
        dropped = [line for line in lines if "older steps were dropped" in line]
        assert dropped, "some levels were made before the kept record"
        # each kept level as the session that kept everything says it; the others said dropped
        full = kept.ok("bt")
        assert [a for a, b in zip(lines, full) if a != b] == dropped
        assert read.calls < 200, read.calls  # a few moves a level, not the kept record


class Counted:
    """``History.events``, counting the moves it was asked for."""

    def __init__(self, events: Callable[[int], object]) -> None:
        self.events = events
        self.calls = 0

    def __call__(self, move: int) -> object:
        self.calls += 1
        return self.events(move)
