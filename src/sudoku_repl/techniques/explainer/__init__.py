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

    from sudoku_repl.core.rules import Rules
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


def rate_with_rules(puzzle: str, rules: Rules, time_limit: float | None = 60.0) -> SERating:
    """ER, EP and ED of an 81-character puzzle of one solution under variant rules, as serate
    rates it with the rules' flags: classic sudoku's rating (``rate``) where the rules play
    classic (none, or the toroidal board alone), else ``ruled.rate_rules`` (each step's
    ``hint.text`` serate's line). ``ValueError`` (one line) for rules serate has no flag for
    (jigsaw, extra regions, one diagonal) or a puzzle not of 81 characters; ``ruled.Beyond``
    (one line too) where the path needs a technique not yet ported to variant rules."""
    from sudoku_repl.techniques.explainer import ruled

    if ruled.plays_classic(rules):
        return rate(puzzle, time_limit)
    other = ruled.serate_words(rules)
    if other is not None:
        raise ValueError(
            f"Sudoku Explainer has no rating of the rule {other} (serate has no flag for it)."
        )
    if len(puzzle) != 81 or not set(puzzle) <= set("0123456789."):
        raise ValueError("a puzzle is 81 characters, digits 1-9 and '.' or '0' for an empty cell")
    return ruled.rate_rules(puzzle, rules)
