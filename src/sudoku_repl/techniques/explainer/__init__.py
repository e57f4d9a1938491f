"""Sudoku Explainer's difficulty scale (ER, EP, ED), computed in this project's own code.

Sudoku Explainer rates a puzzle by solving it step by step: at each step the techniques are
tried in a fixed order, simplest first, and the first finding of the first technique that finds
anything is applied. ER is the hardest step of that path, EP the hardest up to the first
placement, ED the first step's rating. ``rate`` is the entry point; the scale reproduced is the
one of SukakuExplainer 1.15.10's ``serate`` with its default options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from sudoku_repl.techniques.explainer.rating import SERating


def rate(
    puzzle: str,
    time_limit: float | None = 60.0,
    interrupted: Callable[[], bool] | None = None,
    above: float | None = None,
    below: float | None = None,
    without: frozenset[str] = frozenset(),
) -> SERating:
    """ER, EP and ED of an 81-character puzzle (see ``rating.rate``; ``interrupted`` true
    raises ``rating.Interrupted``; ``above``/``below``: its early exits; ``without``: the
    techniques not used)."""
    from sudoku_repl.techniques.explainer.rating import rate as _rate

    return _rate(puzzle, time_limit, interrupted, above, below, without)
