"""Making puzzles to order: minimal puzzles with one solution, judged against the
targets (``targets.Targets``), in tasks that worker processes can do apart.

A *task* is numbered; what it makes depends on the order, the seed and its number alone (its
own ``Rng``, ``task_rng``), so that the tasks' results put back in their order (``rate_pool``'s
``in_order``) are the same puzzles in the same order with 1 or N workers, on the pure build as
on the native one. A task of a random start makes a random solution grid, then a minimal
puzzle of it (``core.making``), and judges it; one that comes close to the targets is a start
for its neighbours (``climb``). A task near a puzzle (``--near``) judges neighbours of a puzzle
the caller hands it.

Judging asks what it needs and no more: the original's figures (``run`` to the first
solution) only for ``--level`` or ``--steps``; Sudoku Explainer's rating stopped as soon as
it is known to fall short of the least ER the targets allow (the batch path, ``_below``),
and, for a puzzle that passes that, rated in full, stopped as soon as it goes above the
most ER allowed (``above``), so that every figure printed is the exact one (``rate --scale se``'s).
The search sits above the rater and the counter: nothing of theirs calls back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import attrs

from sudoku_repl.core.making import Rng, Symmetry, random_minimal_puzzle
from sudoku_repl.core.rule_making import random_minimal_under
from sudoku_repl.core.rules import NO_RULES, Rules
from sudoku_repl.tools.making.patterns import pattern_puzzle
from sudoku_repl.tools.making.targets import LOWEST, Targets
from sudoku_repl.tools.making.vicinity import neighbours

#: a task's Rng: its seed and its number mixed (splitmix64's own gamma, another odd constant)
_TASK_STRIDE = 0xD1B54A32D192ED03
MASK64 = (1 << 64) - 1


@attrs.frozen
class Order:
    """What a generation makes: puzzles meeting ``targets``, minimal by ``symmetry``'s orbits,
    on ``pattern`` (the givens' cells) when given."""

    targets: Targets = attrs.field(factory=Targets)
    symmetry: Symmetry = Symmetry.NONE
    pattern: frozenset[int] | None = None
    #: random starts that come close climb (``climbs``: ``--climb``); by default each puzzle
    #: comes from a random start of its own, independent of every other
    climb: bool = False
    #: each puzzle lacks a digit (``--lacking-digit``): the minimal puzzle takes the givens away
    #: a digit at a time, the first digit's all of them
    lacking_digit: bool = False
    #: the variant rules its puzzles are played by (``--rules``): one solution, minimal, under
    #: them (``core/rule_making``)
    rules: Rules = NO_RULES


@attrs.frozen
class Made:
    """A puzzle made and its figures: SE's ER, EP, ED (when an SE target asked for them), the
    original's biggest level and steps of ``run`` to the first solution (when ``--level`` or
    ``--steps`` did), and its *family*: the number of the task that made it, when a task makes
    several puzzles near one (a climb, ``--near``: a family's puzzles are neighbours)."""

    puzzle: str  # 81 characters, '.' for an empty cell
    er: float | None = None
    ep: float | None = None
    ed: float | None = None
    level: int | None = None
    steps: int | None = None
    family: int | None = None

    @property
    def line(self) -> str:
        """Its line in the output, the same on every surface (stdout, ``--out``, the shell,
        ``Made.line`` in Python): the puzzle, ``ER/EP/ED`` where rated, ``[steps:N, biggest
        level:L]`` where ``--level`` or ``--steps`` asked for them (the original's words, as
        ``scramble`` says them), ``family N`` where it has one (what ``rate``, ``load-quiz FILE
        N`` and ``serate`` read: the puzzle first, a blank, then anything)."""
        words = [self.puzzle]
        if self.er is not None:
            words.append(f"{self.er:.1f}/{self.ep:.1f}/{self.ed:.1f}")
        if self.level is not None:
            words.append(ORIGINAL.format(steps=self.steps, level=self.level))
        if self.family is not None:
            words += [FAMILY, str(self.family)]
        return " ".join(words)

    @property
    def givens(self) -> bytes:
        return bytes(0 if ch == "." else int(ch) for ch in self.puzzle)


def made_from_line(line: str, order: Order, families: bool = False) -> Made:
    """A puzzle's line (``Made.line``) read back, as ``order`` writes it (ER/EP/ED with an SE
    target, the original's figures with ``--level`` or ``--steps``, ``family N`` with
    ``families``: a climb's or ``--near``'s): ``ValueError`` for anything else."""
    level = steps = None
    if order.targets.original:
        found = _ORIGINAL.search(line)
        if found is None:
            raise ValueError("want the original's figures ([steps:N, biggest level:L])")
        steps, level = int(found.group(1)), int(found.group(2))
        line = line[: found.start()] + line[found.end() :]
    parts = line.split()
    se = order.targets.se
    family = None
    if families:
        if len(parts) < 2 or parts[-2] != FAMILY or not parts[-1].isdecimal():
            raise ValueError("want the puzzle's family at the end (family N)")
        family = int(parts[-1])
        parts = parts[:-2]
    if len(parts) != (2 if se else 1) or len(parts[0]) != 81 or not set(parts[0]) <= _PUZZLE:
        want = "the puzzle and ER/EP/ED" if se else "the puzzle alone"
        raise ValueError(f"want {want}")
    if not se:
        return Made(parts[0], level=level, steps=steps, family=family)
    er, ep, ed = (float(part) for part in parts[1].split("/"))
    return Made(parts[0], er, ep, ed, level, steps, family)


_PUZZLE = frozenset(".123456789")
#: the word before a puzzle's family on its line
FAMILY = "family"
#: the original's figures on a puzzle's line (``--level``, ``--steps``), and read back
ORIGINAL = "[steps:{steps}, biggest level:{level}]"
_ORIGINAL = re.compile(r" \[steps:([0-9]{1,9}), biggest level:([0-9]{1,9})\]")


@attrs.frozen
class Batch:
    """What a task gives back: how many minimal puzzles it made and judged, and those that
    met the targets, in the order made."""

    made: int
    found: tuple[Made, ...] = ()


class Stopped(Exception):
    """The stop flag was raised while a task worked."""


def task_rng(seed: int, task: int) -> Rng:
    """The stream of task ``task`` of a generation from ``seed``."""
    return Rng((seed + (task + 1) * _TASK_STRIDE) & MASK64)


def text(grid: Sequence[int] | bytes) -> str:
    return "".join(str(v) if v else "." for v in grid)


# -- judging -----------------------------------------------------------------------------------


def judge(
    puzzle: bytes, targets: Targets, stop: Callable[[], bool], rules: Rules = NO_RULES
) -> Made | None:
    """The puzzle's figures (under ``rules``) if they meet ``targets``, else None. ``Stopped``
    once ``stop()``."""
    level = steps = None
    if targets.original:
        level, steps = _original(puzzle, stop)
        if not targets.original_holds(level, steps):
            return None
    er = ep = ed = None
    if targets.se:
        rated = _se(puzzle, targets, stop, rules)
        if rated is None:
            return None
        er, ep, ed = rated
    return Made(text(puzzle), er, ep, ed, level, steps)


def _original(puzzle: bytes, stop: Callable[[], bool]) -> tuple[int, int]:
    """The biggest level and steps of ``run`` to the first solution (``rate``'s figures)."""
    from sudoku_repl.tools.rating.rate import Interrupted, rate_givens

    try:
        rating = rate_givens(puzzle, interrupted=stop, to_end=False)
    except Interrupted:
        raise Stopped from None
    assert rating.biggest_first is not None and rating.steps_first is not None  # (one solution)
    return rating.biggest_first, rating.steps_first


def _se(
    puzzle: bytes, targets: Targets, stop: Callable[[], bool], rules: Rules = NO_RULES
) -> tuple[float, float, float] | None:
    """ER, EP and ED if they meet ``targets``, else None. The rating is stopped where it is
    known to miss them: first up to the least ER allowed (below it: missed), then, for a
    puzzle that reaches it, in full up to the most ER allowed (above it: missed). Under
    ``rules``, rated in full through the maker's one door to a rating of variants
    (``variant_rating.se_rating``: a path of the ported techniques, milliseconds; a puzzle
    beyond them is not kept)."""
    # (modules imported by their dotted names: a name taken from a package goes through
    # importlib's Python at each call, some microseconds, where this is a lookup in C)
    import sudoku_repl.techniques.explainer.rating as rating
    import sudoku_repl.tools.making.variant_rating as variant_rating

    quiz81 = puzzle.translate(_DIGITS).decode()
    least, most = targets.least_er(), targets.most_er()
    try:
        if rules.words:
            ruled = variant_rating.se_rating(quiz81, rules)
            if ruled is None:
                return None  # no exact rating under the rules in this version: not kept
            rated = ruled
        elif least is not None and least > LOWEST and _below(puzzle, least, stop):
            return None  # below ``least``, known without the path step by step
        elif not targets.technique:
            # the path followed once, from the start, for its three numbers alone: a puzzle
            # that ends below ``least`` is dropped by ``targets.se_holds`` (a probe up to
            # ``least`` first would walk the same path on it, and on a puzzle that reaches
            # ``least`` make the rating run the whole ladder again at the grid where the probe
            # stopped)
            known = rating.figures(quiz81, stop, most)
            if known is None:  # above, or beyond the solver
                return None
            return _held(known, targets)
        else:
            rated = rating.rate(quiz81, None, stop, above=None if most is None else most / 10)
    except rating.Interrupted:
        raise Stopped from None
    if rated.known_above is not None or rated.er_is_lower_bound:  # above, or beyond the solver
        return None
    er, ep, ed = (round(value * 10) for value in (rated.er, rated.ep, rated.ed))
    held = _held((er, ep, ed), targets)
    if held is None or (targets.technique and not _uses(quiz81, rated.steps, targets.technique)):
        return None
    return held


def _held(figures: tuple[int, int, int], targets: Targets) -> tuple[float, float, float] | None:
    """ER, EP and ED (as written: 8.3) where their tenths ``figures`` meet ``targets``."""
    er, ep, ed = figures
    if not targets.se_holds(er, ep, ed):
        return None
    return er / 10, ep / 10, ed / 10


_DIGITS = bytes.maketrans(bytes(range(10)), b"0123456789")


def _uses(quiz81: str, steps: Sequence[object], technique: str) -> bool:
    """Whether a step of the path (``rating.Step``s) has serate's name ``technique``."""
    from sudoku_repl.techniques.explainer.grid import Grid
    from sudoku_repl.techniques.explainer.rating import Step
    from sudoku_repl.tools.serate.names import matches, names

    grid = Grid.from_puzzle(quiz81)
    for step in steps:
        assert isinstance(step, Step)
        if matches(technique, names(step, grid)[0]):
            return True
        step.hint.apply(grid)
    return False


# -- tasks ---------------------------------------------------------------------------------------


def random_start(order: Order, seed: int, task: int, stop: Callable[[], bool]) -> Batch:
    """Task ``task``: a random solution grid and a minimal puzzle of it (on the order's pattern,
    ``patterns.pattern_puzzle``, which may find none), judged; and, when it comes close to the
    least ER asked (``climbs``), the climb from it."""
    if stop():
        raise Stopped
    rng = task_rng(seed, task)
    if order.pattern is not None:
        on_pattern = pattern_puzzle(sorted(order.pattern), rng, order.symmetry)
        if on_pattern is None:
            return Batch(0)
        found = judge(on_pattern, order.targets, stop)
        return Batch(1, () if found is None else (found,))
    if order.rules.words:
        made = random_minimal_under(order.rules, rng, order.symmetry, stop)
        if made is None:
            raise Stopped
        found = judge(made, order.targets, stop, order.rules)
        return Batch(1, () if found is None else (found,))
    least = order.targets.least_er()
    # --lacking-digit: a digit's givens at a time; such puzzles reach a least ER more often, and
    # cost less to make and to rate (1.25x the puzzles of ER >= 8.0 a CPU-second, 1.8x those
    # of ER >= 9.0: docs/generate.md), but each lacks a digit, which is the user's to ask for
    puzzle = random_minimal_puzzle(rng, order.symmetry, order.lacking_digit)
    if not climbs(order) or least is None:
        found = judge(puzzle, order.targets, stop)
        return Batch(1, () if found is None else (found,))
    if not _reaches(puzzle, least - CLIMB_MARGIN, stop):
        return Batch(1)
    return _climb(order, puzzle, rng, stop, task)


def climbs(order: Order) -> bool:
    """Whether random starts climb: with a least ER asked, and neither symmetry nor pattern
    (a neighbour keeps neither), unless the order says not to."""
    return (
        order.climb
        and order.symmetry is Symmetry.NONE
        and order.pattern is None
        and order.targets.least_er() is not None
    )


#: a random start within this much (tenths) below the least ER asked is a start for a climb
CLIMB_MARGIN = 10
#: the puzzles a climb searches near (the start, then those it finds), and the tries of each
CLIMB_SOURCES = 8
CLIMB_TRIES = 2


def _climb(order: Order, start: bytes, rng: Rng, stop: Callable[[], bool], task: int) -> Batch:
    """The climb from a start that came close: the start judged, then the {-1+1} neighbours
    (``vicinity``) of the start and of each puzzle found that meets the targets, in the order
    found, ``CLIMB_SOURCES`` puzzles searched near at most. A neighbour of a hard puzzle is
    hard several times as often as a random puzzle is: the hunters' way, from random starts.
    Its puzzles are a family: ``task``'s."""
    made = 1
    first = judge(start, order.targets, stop)
    kept = [] if first is None else [first]
    sources = [start]
    for source in sources:  # (which grows as it is read, to CLIMB_SOURCES)
        more, found = neighbours(source, rng, 1, CLIMB_TRIES, stop)
        made += more
        for neighbour in found:
            judged = judge(neighbour, order.targets, stop)
            if judged is not None:
                kept.append(judged)
                if len(sources) < CLIMB_SOURCES:
                    sources.append(neighbour)
    if stop():
        raise Stopped
    return Batch(made, tuple(attrs.evolve(found, family=task) for found in kept))


def _reaches(puzzle: bytes, least: int, stop: Callable[[], bool]) -> bool:
    """Whether the puzzle's ER is ``least`` or more (``rating.reaches``)."""
    from sudoku_repl.techniques.explainer.rating import Interrupted, reaches

    quiz81 = puzzle.translate(_DIGITS).decode()
    try:
        return not _below(puzzle, least, stop) and reaches(quiz81, least, stop)
    except Interrupted:
        raise Stopped from None


#: ``_below`` rejects a puzzle whose batch path's hardest step is more than this (tenths)
#: below the least ER asked; nearer, the rating's own path decides (``rating.batch_er``: the
#: batch path may miss a step the rating's path needs, most often by a few tenths)
BATCH_MARGIN = 2


#: the highest rating (tenths) of a path ``counting.settles`` says the rules take: claiming
RULES_ER = 28


def _below(puzzle: bytes, least: int, stop: Callable[[], bool]) -> bool:
    """Whether the puzzle's ER is known below ``least`` without the rating's path step by
    step: the counter's rules solve it (``counting.settles``, a few microseconds: half of the
    random minimal puzzles, ER 2.8 at most), or its batch path (``rating.batch_er``, a few
    times cheaper than the rating's) solves it with steps all more than ``BATCH_MARGIN`` below
    ``least``. A quick rejection for most puzzles; the rest go on to the rating's exact path.
    ``Interrupted`` as ``batch_er``'s."""
    import sudoku_repl.core.counting as counting
    import sudoku_repl.techniques.explainer.rating as rating

    if least - BATCH_MARGIN > RULES_ER and counting.settles(puzzle):
        return True
    # (the path stops at the first step that rules the rejection out: the rest would not
    # change the answer)
    hardest = rating.batch_er(
        puzzle.translate(_DIGITS).decode(), least, stop, enough=least - BATCH_MARGIN
    )
    return hardest is not None and hardest < least - BATCH_MARGIN


def near(
    order: Order, seed: int, task: int, source: bytes, minus: int, stop: Callable[[], bool]
) -> Batch:
    """Task ``task`` near ``source``: its {-minus+minus} neighbours that ``NEAR_TRIES`` tries
    find (``vicinity.neighbours``), each judged."""
    if stop():
        raise Stopped
    rng = task_rng(seed, task)
    made, found = neighbours(source, rng, minus, NEAR_TRIES, stop)
    kept: list[Made] = []
    for neighbour in found:
        judged = judge(neighbour, order.targets, stop)
        if judged is not None:
            kept.append(attrs.evolve(judged, family=task))
    if stop():
        raise Stopped
    return Batch(made, tuple(kept))


#: the tries of a task near a puzzle (each a given, or two, taken away: ``vicinity``)
NEAR_TRIES = 3


def random_chunk(
    order: Order, seed: int, tasks: list[int], stop: Callable[[], bool]
) -> list[Batch]:
    """``random_start`` of each task (in a worker: ``rate_pool.in_order``'s work), fewer once
    ``stop()``."""
    done = []
    for task in tasks:
        try:
            done.append(random_start(order, seed, task, stop))
        except Stopped:
            break
    return done


def near_chunk(
    order: Order, seed: int, tasks: list[tuple[bytes, int, int]], stop: Callable[[], bool]
) -> list[Batch]:
    """``near`` of each (puzzle, minus, task number) (``frontier.Frontier``'s tasks), fewer
    once ``stop()``."""
    done = []
    for source, minus, task in tasks:
        try:
            done.append(near(order, seed, task, source, minus, stop))
        except Stopped:
            break
    return done
