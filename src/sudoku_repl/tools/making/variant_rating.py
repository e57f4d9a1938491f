"""The maker's one door to Sudoku Explainer's rating of a puzzle under variant rules
(``generate --rules ... --er``): ``se_refusal`` says whether the rules can be rated at all
(the options ask it before anything is made), ``se_rating`` rates one quiz under them (the
judge asks it of each puzzle). Neither is reached for classic sudoku, which the maker rates
with its early exits (``tasks._se``).

The explainer rates classic sudoku only, so every rule is refused here in one line; a rating
of variants connects here, and nowhere else in the maker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sudoku_repl.core.rules import Rules

if TYPE_CHECKING:
    from sudoku_repl.techniques.explainer.rating import SERating


def se_refusal(rules: Rules) -> str | None:
    """Why Sudoku Explainer's targets (``--er``, ``--ep``, ``--ed``, ``--technique``) cannot be
    asked under ``rules``, one line's words, or None: they can."""
    if not rules.words:
        return None
    return (
        f"Sudoku Explainer's rating of puzzles under --rules {rules} is not in this version: "
        "give --rules without --er, --ep, --ed and --technique"
    )


def se_rating(quiz81: str, rules: Rules, stop: Callable[[], bool]) -> SERating:
    """ER, EP, ED and the path of ``quiz81`` (81 characters) under ``rules``, rated in full
    (``rating.Interrupted`` once ``stop()``). ``ValueError`` for rules ``se_refusal`` refuses
    (the options refuse them first)."""
    why = se_refusal(rules)
    if why is not None:
        raise ValueError(why)
    from sudoku_repl.techniques.explainer import rate

    return rate(quiz81, None, stop)
