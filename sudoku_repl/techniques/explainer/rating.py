"""The rating: solve step by step with the techniques in Sudoku Explainer's order, and keep
the hardest step (ER), the hardest up to the first placement (EP) and the first step (ED)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import attrs

from sudoku_repl.techniques.explainer import (
    advanced,
    chains,
    exclusion,
    fish,
    forcing,
    native_chains,
    singles,
    strong_links,
    subsets,
    uniqueness,
    wings,
)
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.hint import Finder, Hint


def techniques() -> tuple[tuple[str, Finder], ...]:
    """Every technique, in the order serate tries them (SukakuExplainer 1.15.10, defaults)."""
    return (
        ("hidden single", singles.hidden_singles),
        ("direct pointing", singles.direct_pointing),
        ("direct hidden pair", singles.direct_hidden_sets(2)),
        ("naked single", singles.naked_singles),
        ("direct hidden triple", singles.direct_hidden_sets(3)),
        ("pointing and claiming", singles.locking),
        ("naked pair", subsets.naked_sets(2)),
        ("x-wing", fish.fish(2)),
        ("hidden pair", subsets.hidden_sets(2)),
        ("naked triple", subsets.naked_sets(3)),
        ("swordfish", fish.fish(3)),
        ("hidden triple", subsets.hidden_sets(3)),
        ("turbot fish", strong_links.turbot_fish),
        ("xy-wing", wings.xy_wing(False)),
        ("xyz-wing", wings.xy_wing(True)),
        ("unique loops", uniqueness.unique_loops),
        ("naked quad", subsets.naked_sets(4)),
        ("jellyfish", fish.fish(4)),
        ("hidden quad", subsets.hidden_sets(4)),
        ("three strong links", strong_links.three_strong_links),
        ("wxyz-wing", wings.als_wing(3)),
        ("bug", uniqueness.bug),
        ("vwxyz-wing", wings.als_wing(4)),
        ("aligned pair exclusion", exclusion.aligned_exclusion(2)),
        ("cycles and forcing chains", chains.cycles_and_forcing_chains),
        ("aligned triplet exclusion", exclusion.aligned_exclusion(3)),
        ("nishio", forcing.Chainer(False, True, True)),
        ("multiple forcing chains", forcing.Chainer(True, False, False)),
        ("dynamic forcing chains", forcing.Chainer(True, True, False)),
        (
            "dynamic forcing chains (+)",
            forcing.Chainer(True, True, False, 1, advanced.simple_rule_offs),
        ),
    )


@attrs.frozen
class Step:
    """One step of the path: the technique's hint and the rating it counts for."""

    hint: Hint

    @property
    def rating(self) -> float:
        return self.hint.rating / 10


@attrs.frozen
class SERating:
    """Sudoku Explainer's three numbers for a puzzle, and the path that gave them.

    ``er_is_lower_bound`` is set when the time limit stopped the path, or no technique found
    anything (then ``er`` is the hardest step reached)."""

    er: float
    ep: float
    ed: float
    steps: tuple[Step, ...]
    er_is_lower_bound: bool = False


class _Timeout(Exception):
    pass


class Interrupted(Exception):
    """The caller's interrupt callable said stop (Ctrl-C): no rating."""


def first_hint(
    grid: Grid,
    order: Sequence[tuple[str, Finder]],
    deadline: float | None = None,
    interrupted: Callable[[], bool] | None = None,
) -> Hint | None:
    """The first hint of the first technique that finds one. Before each technique, the time
    limit (``deadline``) and the caller's ``interrupted`` are looked at, and inside the native
    chain search every thousand or so potentials."""
    token = native_chains.limits.set((deadline, interrupted))  # (the native search's)
    try:
        for _, finder in order:
            if deadline is not None and time.monotonic() > deadline:
                raise _Timeout
            if interrupted is not None and interrupted():
                raise Interrupted
            for hint in finder(grid):
                return hint
    except native_chains.Stopped as stopped:
        raise Interrupted if stopped.interrupted else _Timeout from None
    finally:
        native_chains.limits.reset(token)
    return None


def rate(
    puzzle: str,
    time_limit: float | None = 60.0,
    interrupted: Callable[[], bool] | None = None,
) -> SERating:
    """Rate an 81-character puzzle (digits, ``.`` or ``0`` for empty cells) that has one
    solution; ``time_limit`` seconds (None: no limit) bound the work, after which ER is the
    hardest step reached and ``er_is_lower_bound`` is set. ``interrupted`` (Ctrl-C's flag,
    say) is polled where the time limit is looked at; once true, ``Interrupted`` is raised. A
    puzzle without a single solution gets a meaningless rating: check it first."""
    if len(puzzle) != 81 or any(ch not in "0123456789." for ch in puzzle):
        raise ValueError(
            f"a puzzle is 81 characters, digits 1-9 and '.' or '0' for an empty cell; got {puzzle!r:.100}"
        )
    grid = Grid.from_puzzle(puzzle)
    order = techniques()
    deadline = None if time_limit is None else time.monotonic() + time_limit
    er = ep = ed = 0
    pearl_set = diamond_set = False
    steps: list[Step] = []
    lower = False
    while not grid.is_solved():
        try:
            hint = first_hint(grid, order, deadline, interrupted)
        except _Timeout:
            lower = True
            break
        if hint is None:
            lower = True
            break
        steps.append(Step(hint))
        er = max(er, hint.rating)
        hint.apply(grid)
        if not pearl_set:
            if not diamond_set:
                ed = er
                diamond_set = True
            if hint.placement is not None:
                ep = er
                pearl_set = True
    return SERating(er / 10, ep / 10, ed / 10, tuple(steps), lower)
