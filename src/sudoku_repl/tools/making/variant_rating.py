"""The maker's one door to Sudoku Explainer's rating of a puzzle under variant rules
(``generate --rules ... --er``): ``se_refusal`` says whether the targets can be met under the
rules at all (the options ask it before anything is made), ``se_rating`` rates one quiz under
them (the judge asks it of each puzzle). Neither is reached for classic sudoku, which the maker
rates with its early exits (``tasks._se``).

The rating of variants (``techniques.explainer.rate_with_rules``) runs serate's order to its
last technique, the nested forcing chains, whose rating grows with their chains': no ER is out
of its reach. A path where no technique finds a step (serate's "beyond solver") has no rating,
so the maker never keeps its puzzle (``se_rating`` None).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sudoku_repl.core.rules import Rules

if TYPE_CHECKING:
    from sudoku_repl.techniques.explainer.rating import SERating
    from sudoku_repl.tools.making.targets import Targets


def se_refusal(rules: Rules, targets: Targets) -> str | None:
    """Why Sudoku Explainer's ``targets`` (``--er``, ``--ep``, ``--ed``, ``--technique``) cannot
    be met under ``rules``, one line's words, or None: they can."""
    from sudoku_repl.techniques.explainer import ruled

    if not rules.words or ruled.plays_classic(rules):
        return None
    other = ruled.serate_words(rules)
    if other is not None:
        return (
            f"Sudoku Explainer has no rating of the rule {other} (serate has no flag for it): "
            f"give --rules {rules} without --er, --ep, --ed and --technique"
        )
    if targets.technique:
        return (
            "--technique under --rules is not in this version (serate's techniques of variant "
            "rules have their own names): give --er, --ep or --ed"
        )
    return None


def se_rating(quiz81: str, rules: Rules) -> SERating | None:
    """ER, EP and ED of ``quiz81`` (81 characters, one solution under ``rules``) and its path,
    as serate rates it with the rules' flags; None where no technique finds a step on its path
    (serate's "beyond solver", 20.0: the maker does not keep it). ``ValueError`` for rules
    ``se_refusal`` refuses (the options refuse them first)."""
    from sudoku_repl.techniques.explainer import rate_with_rules
    from sudoku_repl.techniques.explainer.rating import BEYOND_SOLVER

    rated = rate_with_rules(quiz81, rules, time_limit=None)
    return None if round(rated.er * 10) >= BEYOND_SOLVER else rated
