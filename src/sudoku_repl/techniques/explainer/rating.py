"""The rating: solve step by step with the techniques in Sudoku Explainer's order, and keep
the hardest step (ER), the hardest up to the first placement (EP) and the first step (ED)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from functools import cache

import attrs

from sudoku_repl.techniques.explainer import (
    chains,
    exclusion,
    fish,
    forcing,
    native,
    native_chains,
    native_ladder,
    nested,
    singles,
    strong_links,
    subsets,
    three_links,
    uniqueness,
    wings,
)
from sudoku_repl.techniques.explainer.floors import cut, floors
from sudoku_repl.techniques.explainer.forcing import Poll
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.hint import Finder, Hint

#: serate's rating of a puzzle that no technique can finish ("Beyond solver"), in tenths
BEYOND_SOLVER = 200

#: the techniques that hold only where the puzzle has one solution (a unique rectangle or loop,
#: a BUG: "else it would have two"): on a grid with several they remove real solutions' values
UNIQUENESS = frozenset(("unique loops", "bug"))

#: the techniques SE gathers together once none below them has a finding (its "chaining" hint
#: producers); the later ones each alone, while the list is still empty
CHAINS = frozenset(
    (
        "cycles and forcing chains",
        "aligned triplet exclusion",
        "nishio",
        "multiple forcing chains",
        "dynamic forcing chains",
    )
)


def techniques(poll: Poll | None = None, uniqueness: bool = True) -> tuple[tuple[str, Finder], ...]:
    """Every technique, in the order serate tries them (SukakuExplainer 1.15.10, defaults).
    ``poll`` is called often inside the chain searches and raises to stop them.
    ``uniqueness``: with the techniques of ``UNIQUENESS`` (else without: a grid with several
    solutions)."""
    every = _techniques(poll)
    return every if uniqueness else tuple(t for t in every if t[0] not in UNIQUENESS)


def _techniques(poll: Poll | None) -> tuple[tuple[str, Finder], ...]:

    def cycles(grid: Grid) -> Iterator[Hint]:
        return chains.cycles_and_forcing_chains(grid, poll)

    def exclusion_rung(degree: int) -> native_ladder.ChainRung:
        name = "Aligned Pair Exclusion" if degree == 2 else "Aligned Triplet Exclusion"
        return native_ladder.ChainRung(
            native_ladder.EXCLUSION, degree, exclusion.aligned_exclusion(degree), lambda _: name
        )

    def chainer_rung(chainer: forcing.Chainer) -> native_ladder.ChainRung:
        kind = (chainer.multiple, chainer.dynamic, chainer.nishio, chainer.level, chainer.nesting)
        return native_ladder.ChainRung(
            native_ladder.CHAINER,
            native_ladder.CHAINER_KINDS[kind],
            chainer,
            lambda n: chainer.named(native_chains.CHAIN_NAMES[n]),
        )

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
        ("three strong links", three_links.three_strong_links),
        ("wxyz-wing", wings.als_wing(3)),
        ("bug", uniqueness.bug),
        ("vwxyz-wing", wings.als_wing(4)),
        ("aligned pair exclusion", exclusion_rung(2)),
        (
            "cycles and forcing chains",
            native_ladder.ChainRung(
                native_ladder.CYCLES, 0, cycles, lambda n: native_chains.CYCLE_NAMES[n]
            ),
        ),
        ("aligned triplet exclusion", exclusion_rung(3)),
        ("nishio", chainer_rung(forcing.Chainer(False, True, True, poll=poll))),
        ("multiple forcing chains", chainer_rung(forcing.Chainer(True, False, False, poll=poll))),
        ("dynamic forcing chains", chainer_rung(nested.dynamic_chainer(0, poll))),
        ("dynamic forcing chains (+)", chainer_rung(nested.dynamic_chainer(1, poll))),
        (
            "nested forcing chains (+ forcing chains)",
            chainer_rung(nested.nested_chainer(2, 0, poll)),
        ),
        (
            "nested forcing chains (+ multiple forcing chains)",
            chainer_rung(nested.nested_chainer(3, 0, poll)),
        ),
        *(
            (
                f"nested forcing chains (+ dynamic forcing chains, {n})",
                chainer_rung(nested.nested_chainer(4, n, poll)),
            )
            for n in range(4)
        ),
    )


@attrs.frozen
class Step:
    """One step of the path: the technique's hint and the rating it counts for, the technique
    that found it (its name in ``techniques``) and, where the C took the step
    (``native_ladder.climb``), the shape of the very finding it applied: what serate's
    description of it names beyond its removals and placement (``native_ladder.Found``; None:
    the pure build's step, whose shape ``tools.serate.shapes`` finds again). Two steps of the
    same hint and technique are the same step, with or without the shape."""

    hint: Hint
    technique: str = ""
    shape: tuple[int, ...] | None = attrs.field(default=None, eq=False)

    @property
    def rating(self) -> float:
        return self.hint.rating / 10


@attrs.frozen
class SERating:
    """Sudoku Explainer's three numbers for a puzzle, and the path that gave them.

    ``er_is_lower_bound`` is set when the time limit stopped the path, or no technique found
    anything: then ``er`` is a true lower bound, the hardest step reached or the level the
    search had exhausted, whichever is higher. ``ep_is_lower_bound``: no value was placed
    yet (``ep`` is then that bound too); ``ed_is_lower_bound``: no step was found (``ed`` is
    the level the first step's search had exhausted). ``known_above``: X when the rating
    stopped early because ER is known to be above X (``rate(..., above=X)`` or ``below=X``;
    ``er_is_lower_bound`` is then set too)."""

    er: float
    ep: float
    ed: float
    steps: tuple[Step, ...]
    er_is_lower_bound: bool = False
    ep_is_lower_bound: bool = False
    ed_is_lower_bound: bool = False
    known_above: float | None = None


def exhausted_level(order: Sequence[tuple[str, Finder]], index: int) -> int:
    """A lower bound (tenths) of any step found from technique ``index`` on: the least of
    their floors (``floors``)."""
    return min(floors(order)[index:])


class OutOfTime(Exception):
    """The time limit came before a step was found (``first_hint``'s ``deadline``)."""


class _Timeout(OutOfTime):
    """The time limit came while technique ``index`` was searching (or before it began)."""

    def __init__(self, index: int) -> None:
        super().__init__(index)
        self.index = index


class Interrupted(Exception):
    """The caller's interrupt callable said stop (Ctrl-C): no rating."""


def first_hint(
    grid: Grid,
    order: Sequence[tuple[str, Finder]],
    deadline: float | None = None,
    interrupted: Callable[[], bool] | None = None,
    start: int = 0,
    found_by: list[int] | None = None,
) -> Hint | None:
    """The first hint of the first technique (from ``start`` on) that finds one (``OutOfTime``
    past the ``deadline``). Before each
    technique, the time limit (``deadline``) and the caller's ``interrupted`` are looked at
    (the chain searches look at them inside too: the Python ones through the ``poll`` they
    were made with, the native ones every thousand or so potentials). ``found_by`` gets the
    index in ``order`` of the technique that found it."""
    token = native_chains.limits.set((deadline, interrupted))  # (the native search's)
    try:
        for index, (_, finder) in enumerate(order[start:], start):
            if deadline is not None and time.monotonic() > deadline:
                raise _Timeout(index)
            if interrupted is not None and interrupted():
                raise Interrupted
            try:
                for hint in finder(grid):
                    if found_by is not None:
                        found_by.append(index)
                    return hint
            except _Timeout:
                raise _Timeout(index) from None
            except native_chains.Stopped as stopped:
                raise Interrupted if stopped.interrupted else _Timeout(index) from None
    finally:
        native_chains.limits.reset(token)
    return None


def poller(deadline: float | None, interrupted: Callable[[], bool] | None) -> Poll:
    """The chain searches' ``poll``: raises at the time limit or once ``interrupted()``."""

    def poll() -> None:
        if deadline is not None and time.monotonic() > deadline:
            raise _Timeout(-1)
        if interrupted is not None and interrupted():
            raise Interrupted

    return poll


_PUZZLE_CHARS = frozenset("0123456789.")


def rate(
    puzzle: str,
    time_limit: float | None = 60.0,
    interrupted: Callable[[], bool] | None = None,
    above: float | None = None,
    below: float | None = None,
    without: frozenset[str] = frozenset(),
) -> SERating:
    """Rate an 81-character puzzle (digits, ``.`` or ``0`` for empty cells) that has one
    solution; ``time_limit`` seconds (None: no limit) bound the work, after which ER is the
    hardest step reached and ``er_is_lower_bound`` is set. ``interrupted`` (Ctrl-C's flag,
    say) is polled where the time limit is looked at (before each technique and often inside
    the chain searches); once true, ``Interrupted`` is raised. A puzzle without a single
    solution gets a meaningless rating: check it first.

    Early exits, for a filter of the hardest puzzles: ``above=X`` stops once a step rated above
    X has been taken; ``below=X`` stops before a step rated above X is taken, without trying
    the techniques that all rate above X (``floors``). Either sets ``known_above`` to X.
    ``without``: the names (``techniques``) of techniques not to use (serate's ``--techs``)."""
    if len(puzzle) != 81 or not _PUZZLE_CHARS.issuperset(puzzle):
        raise ValueError(
            f"a puzzle is 81 characters, digits 1-9 and '.' or '0' for an empty cell; got {puzzle!r:.100}"
        )
    return rate_grid(Grid.from_puzzle(puzzle), time_limit, interrupted, above, below, without)


def rate_grid(
    grid: Grid,
    time_limit: float | None = 60.0,
    interrupted: Callable[[], bool] | None = None,
    above: float | None = None,
    below: float | None = None,
    without: frozenset[str] = frozenset(),
) -> SERating:
    """``rate`` from a grid of candidates (serate's 729-character lines), which the path
    changes (it is left as the last step left it)."""
    with native_chains.remembered():
        return _rate(grid, time_limit, interrupted, above, below, without)


def _rate(
    grid: Grid,
    time_limit: float | None,
    interrupted: Callable[[], bool] | None,
    above: float | None,
    below: float | None,
    without: frozenset[str] = frozenset(),
) -> SERating:
    """rate's path on the grid, the native searches' memo set."""
    deadline = None if time_limit is None else time.monotonic() + time_limit
    order = tuple(
        (name, finder)
        for name, finder in techniques(poller(deadline, interrupted))
        if name not in without
    )
    tried = order if below is None else order[: cut(order, round(below * 10))]
    # the techniques, in C on the native build: many steps a call (native_ladder.climb), a
    # rating crossing into C once
    rungs = native_ladder.native_prefix(tried)
    path = _Path()
    lower = False
    exceeded: float | None = None
    while not grid.is_solved():
        if rungs:
            if deadline is not None and time.monotonic() > deadline:  # as first_hint's
                lower = True
                path.er = max(path.er, exhausted_level(order, 0))
                break
            taken_by: list[int] = []
            shapes: list[tuple[int, ...]] = []
            climbed, status, index = native_ladder.climb(
                grid,
                rungs,
                None if above is None else round(above * 10),
                None if below is None else round(below * 10),
                interrupted,
                deadline,
                native_chains.memo.get(),
                taken_by,
                shapes,
            )
            for taken, by, shape in zip(climbed, taken_by, shapes, strict=True):
                path.took(taken, tried[by][0], shape)
            if status == native_ladder.STOPPED:
                raise Interrupted
            if status == native_ladder.TIMEOUT:  # as first_hint's _Timeout(index)
                lower = True
                path.er = max(path.er, exhausted_level(order, index))
                break
            if status != native_ladder.NONE:  # solved, or a step above ``above`` or ``below``
                exceeded = {native_ladder.OVER_ABOVE: above, native_ladder.OVER_BELOW: below}.get(
                    status
                )
                break
        try:
            found_by: list[int] = []
            hint = first_hint(grid, tried, deadline, interrupted, len(rungs), found_by)
        except _Timeout as timeout:
            lower = True
            path.er = max(path.er, exhausted_level(order, timeout.index))
            break
        if below is not None and (_over(hint, below) if hint else len(tried) < len(order)):
            exceeded = below  # the step to take rates above ``below``: it is not taken
            break
        if hint is None:  # beyond every technique: at least the last one's level
            lower = True
            path.er = max(path.er, exhausted_level(order, len(order) - 1))
            break
        hint.apply(grid)
        path.took(hint, tried[found_by[0]][0])
        if above is not None and _over(hint, above):
            exceeded = above
            break
    lower = lower or exceeded is not None
    er, ep, ed = path.er, path.ep, path.ed
    if lower and not path.pearl_set:
        ep = er
        if not path.diamond_set:
            ed = er
    return SERating(
        er / 10,
        ep / 10,
        ed / 10,
        tuple(path.steps),
        lower,
        lower and not path.pearl_set,
        lower and not path.diamond_set,
        exceeded,
    )


class _Path:
    """The steps taken, and ER, EP and ED (tenths) as they stand."""

    def __init__(self) -> None:
        self.er = self.ep = self.ed = 0
        self.pearl_set = self.diamond_set = False
        self.steps: list[Step] = []

    def took(self, hint: Hint, technique: str, shape: tuple[int, ...] | None = None) -> None:
        """A step taken (the hint applied to the grid), its technique's name and its finding's
        shape (``Step``)."""
        self.steps.append(Step(hint, technique, shape))
        self.counted(hint.rating, hint.placement is not None)

    def counted(self, rating: int, places: bool) -> None:
        """A step rated ``rating`` (tenths) taken, placing a value or not: ER, EP and ED as
        they then stand."""
        self.er = max(self.er, rating)
        if not self.pearl_set:
            if not self.diamond_set:
                self.ed = self.er
                self.diamond_set = True
            if places:
                self.ep = self.er
                self.pearl_set = True


def _over(hint: Hint, limit: float) -> bool:
    """Whether the hint rates above ``limit`` (a rating as written, 9.0)."""
    return hint.rating > round(limit * 10)


def reaches(puzzle: str, least: int, interrupted: Callable[[], bool] | None = None) -> bool:
    """Whether the rating of a puzzle with one solution has a step rated ``least`` (tenths) or
    more, so that its ER is at least that: ``rate(puzzle, None, interrupted, below=least -
    1)`` asks the same (``known_above`` set), and this is its answer alone, for a filter that
    asks it of thousands of puzzles (``generate --er 9.0-``): on the native build one C call
    over the techniques worth trying (``floors.cut``), made once a process, and no step handed
    back as a hint. ``Interrupted`` once ``interrupted()``."""
    if native.se_climb() is not None:  # the native build
        spec = _probe_rungs(least)
        grid = Grid.from_puzzle(puzzle)
        with native_chains.remembered():
            _, status, _ = native_ladder.climb_status(
                grid, spec, least - 1, interrupted, native_chains.memo.get()
            )
        if status == native_ladder.STOPPED:
            raise Interrupted
        return status != native_ladder.SOLVED
    return rate(puzzle, None, interrupted, below=(least - 1) / 10).known_above is not None


def figures(
    puzzle: str, interrupted: Callable[[], bool] | None = None, above: int | None = None
) -> tuple[int, int, int] | None:
    """ER, EP and ED (tenths) of ``rate(puzzle, None, interrupted, above=above / 10)`` for a
    puzzle with one solution, or None where that rating is not exact: it took a step rated
    above ``above`` (tenths), or no technique found a step. Its three numbers alone: on the
    native build one C call whose steps are read for their ratings, none made a ``Hint`` and
    the techniques' list not made again, which was a tenth of the rating of a puzzle of ER 8
    (a filter rates thousands: ``generate``); on the pure build ``rate`` itself.
    ``Interrupted`` once ``interrupted()``."""
    rungs = None if native.se_climb() is None else _every_rung()
    if rungs is None:
        rated = rate(puzzle, None, interrupted, None if above is None else above / 10)
        if rated.known_above is not None or rated.er_is_lower_bound:
            return None
        return round(rated.er * 10), round(rated.ep * 10), round(rated.ed * 10)
    grid = Grid.from_puzzle(puzzle)
    with native_chains.remembered():
        found, status, _ = native_ladder.climb_status(
            grid, rungs, None, interrupted, native_chains.memo.get(), above
        )
    if status == native_ladder.STOPPED:
        raise Interrupted
    if status != native_ladder.SOLVED:  # a step above ``above``, or beyond the techniques
        return None
    path = _Path()
    for _, (_, rating, _, placement, _) in found:
        path.counted(rating, placement is not None)
    return path.er, path.ep, path.ed


def batch_er(
    puzzle: str,
    least: int,
    interrupted: Callable[[], bool] | None = None,
    *,
    enough: int | None = None,
) -> int | None:
    """The hardest step (tenths) of a path that solves a puzzle with one solution by steps all
    rated below ``least`` (tenths), taken a batch at a time; None when none is known. At each
    grid, the first technique that finds anything (the one the rating takes a step of there)
    gives every finding of it rated below ``least``, applied at once, where the rating applies
    the first (or the easiest chain) alone and searches again. None once a grid comes where
    that technique's findings all rate ``least`` or more (or none finds anything). With
    ``enough``, the path stops after the first batch that takes the hardest step to ``enough``
    or more, and answers that step's rating: the hardest only grows, so a caller that rejects
    the numbers below ``enough`` decides as it would on the whole path, without the rest of it.

    A filter's quick rejection (``generate --er 8.0-``): a number says the ER is below
    ``least`` without following the rating's path step by step, which costs a chain search a
    step where this takes a batch of findings a search. It holds because the techniques are
    nearly monotone: a finding on a grid is found again, or done already, on a grid with fewer
    candidates, rated no higher; then the rating's own path meets a finding below ``least`` at
    every grid too. Not everywhere: a chain's rating counts its length, and the easiest chain
    the rating takes may leave longer ones than a batch does, so a puzzle of ER ``least`` or
    more may, rarely, get a number just below it (2 of 1,039 puzzles of ER 7.x, at ``least``
    70, got 6.6 and 6.7), which ``generate`` guards against by rejecting only a number a
    margin below ``least`` (``tools/making/tasks``). The same answer on the pure build (in
    Python, the same batches) as on the native one (one C call). ``Interrupted`` once
    ``interrupted()``."""
    search = native.se_below()
    with native_chains.remembered():
        if search is not None:
            said = search(
                puzzle.encode().translate(_GIVENS),
                list(_probe_rungs(least)),
                least,
                interrupted,
                native_chains.memo.get(),
                -1 if enough is None else enough,
            )
            if said == 1:
                raise Interrupted
            return said or None
        order = techniques(poller(None, interrupted))
        tried = order[: cut(order, least - 1)]
        grid = Grid.from_puzzle(puzzle)
        hardest = 0
        while not grid.is_solved():
            for _, finder in tried:
                if interrupted is not None and interrupted():
                    raise Interrupted
                found = list(finder(grid))
                if found:
                    break
            else:
                return None
            easy = [hint for hint in found if hint.rating < least]
            if not easy:
                return None
            for hint in easy:  # each found on the grid before the batch
                hint.apply(grid)
                hardest = max(hardest, hint.rating)
            if enough is not None and hardest >= enough:
                return hardest
        return hardest or None


#: a puzzle's characters as its givens' bytes (``se_below``'s): 0 for an empty cell
_GIVENS = bytes.maketrans(b".0123456789", bytes([0, *range(10)]))


@cache
def _probe_rungs(least: int) -> tuple[tuple[int, int], ...]:
    """The C's numbers of the techniques ``reaches`` tries for ``least``."""
    order = techniques()
    rungs = native_ladder.native_prefix(order[: cut(order, least - 1)])
    return tuple((rung.technique, rung.degree) for rung in rungs)


@cache
def _every_rung() -> tuple[tuple[int, int], ...] | None:
    """The C's numbers of every technique the rating tries on the native build, when the C
    takes them all, else None (``_rate`` then goes on in Python after them)."""
    order = techniques()
    rungs = native_ladder.native_prefix(order)
    if len(rungs) < len(order):
        return None
    return tuple((rung.technique, rung.degree) for rung in rungs)
