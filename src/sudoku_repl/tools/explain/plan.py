"""Sudoku Explainer's path as data: each step of a rating as a ``PlanStep`` (the
technique as serate names it, its rating, the pattern's cells, a chain's links in order, the
candidates removed and the values placed), every removal and placement checked against the
solution while the plan is made.

A step's pattern comes from the shape of the very finding it applied (``serate/shapes``: the
C's, handed back with the step, or found again by the Python finders); a chain's potentials
(its links) from the Python chain search followed again from the chain's start alone
(``chains.cycles_and_chains_from``, ``Chainer.found_of``), the reference of both builds.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from sudoku_repl.core.rule_counting import solutions_under
from sudoku_repl.core.rules import geometry_of
from sudoku_repl.techniques.difficulty.marks import Marks
from sudoku_repl.techniques.difficulty.solving import solutions
from sudoku_repl.techniques.explainer import chains
from sudoku_repl.techniques.explainer.grid import CELL_UNITS, MASK_DIGITS, UNITS, Grid
from sudoku_repl.techniques.explainer.grid import unit_name as _unit_name
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.no_step import finds_nothing
from sudoku_repl.techniques.explainer.plan_step import (
    CANDIDATE_LABELS,
    CELL_LABELS,
    Link,
    PlanStep,
    candidate_label,
    label_cell,
    label_digit,
)
from sudoku_repl.techniques.explainer.rating import (
    Step,
    first_hint,
    poller,
    rate_grid,
    techniques,
)
from sudoku_repl.techniques.explainer.ruled import RuledGrid, rate_ruled_grid
from sudoku_repl.tools.explain.ruled_steps import ruled_plan
from sudoku_repl.tools.serate.names import line_name, names
from sudoku_repl.tools.serate.shapes import (
    Shape,
    carried_chains,
    chain_shape,
    chainers,
    chains_of,
    shape,
    three_of,
    turbot_of,
)
from sudoku_repl.tools.serate.steps import describe, locked_cells

_SETS = frozenset(
    ("naked pair", "naked triple", "naked quad", "hidden pair", "hidden triple", "hidden quad")
)
_DIRECT_SETS = frozenset(("direct hidden pair", "direct hidden triple"))
_FISH = frozenset(("x-wing", "swordfish", "jellyfish"))
#: a pattern's chain: its links in order, and whether each chain starts true (``PlanStep``)
Chain = tuple[tuple[Link, ...], tuple[bool, ...]]
NO_CHAIN: Chain = ((), ())
#: the base lines' words, by the fish's base type (1 rows, 2 columns)
_LINES = {1: "rows", 2: "columns"}


#: each unit's name (``block 3``, ``row 4``): made once
UNIT_NAMES = tuple(map(_unit_name, range(27)))
unit_name = UNIT_NAMES.__getitem__
#: each unit's cells' labels (a hidden single's pattern: most steps of a plan), made once
UNIT_LABELS = tuple(tuple(map(CELL_LABELS.__getitem__, cells)) for cells in UNITS)


class WrongStep(AssertionError):
    """A step removed a candidate that is the solution's value, or placed a value that is not:
    a bug of the rating, reported with the puzzle and the step (never a silent step)."""


def plan_step(step: Step, before: Grid, described: bool = True) -> PlanStep:
    """The step as data; ``before``: the grid it was found on (not changed). ``described``:
    with serate's line of it (a hint's last level says it; a plan's JSON has none) and the
    roles read on the grid (a unique loop's corners': a picture's)."""
    hint = step.hint
    found = shape(step, before)
    cells, house, (links, starts) = _pattern(step, found, before)
    placement = hint.placement
    name = names(step, before)[0]
    base_lines, cover_lines = _fish_lines(step.technique, found)
    return PlanStep(
        name,
        step.rating,
        cells,
        links,
        tuple([CANDIDATE_LABELS[c][v] for c, v in hint.eliminations]) if hint.eliminations else (),
        () if placement is None else (CANDIDATE_LABELS[placement[0]][placement[1]],),
        house,
        describe(step, before) if described else "",
        _digits(step.technique, found),
        starts,
        line_name(step, name),
        _roles(step.technique, found, before if described else None),
        base_lines,
        cover_lines,
    )


def plan_of(
    grid: Grid,
    steps: Sequence[Step],
    puzzle: str,
    solution: Sequence[int] | None = None,
    described: bool = True,
) -> tuple[PlanStep, ...]:
    """The plan of a rating's ``steps`` from ``grid`` (the puzzle's start, not changed), each
    removal and placement checked against ``solution`` (81 digits; None: the grid's own, found
    here) as it is made: ``WrongStep`` naming ``puzzle`` and the step otherwise (with serate's
    line of it, whether or not the plan is ``described``)."""
    now = grid.copy()
    truth = grid_solution(now) if solution is None else solution
    right = frozenset(enumerate(truth))  # the solution's candidates (cell, value): a lookup
    behind: list[Hint] = []  # the steps taken that ``now`` does not show yet
    plan = []
    for number, step in enumerate(steps, 1):
        if behind and (described or reads_grid(step)):
            _catch_up(now, behind)
        made = plan_step(step, now, described)
        hint = step.hint
        placed = hint.placement
        if not right.isdisjoint(hint.eliminations) or (placed is not None and placed not in right):
            _catch_up(now, behind)
            check(made._replace(description=describe(step, now)), truth, puzzle, number)
        behind.append(hint)
        plan.append(made)
    return tuple(plan)


#: the techniques whose pattern is read on the grid the step was found on (``_pattern``): the
#: others' is all in the shape the C hands back with the step
_READS_GRID = frozenset(
    ("direct pointing", "pointing and claiming", "x-wing", "swordfish", "jellyfish")
)


def reads_grid(step: Step) -> bool:
    """Whether an undescribed plan's step reads the grid it was found on: its pattern does
    (``_READS_GRID``), or the step has no shape from the C (found again on the grid, and a
    chain's links with it). ``plan_of`` brings its grid up to date for those alone: most
    steps of a path come after the last of them, and taking each step on the grid was a
    sixth of a plan's cost (``benchmarks/bench_plan.py``); a test holds the plans alike either way."""
    return step.shape is None or step.technique in _READS_GRID


def _catch_up(grid: Grid, behind: list[Hint]) -> None:
    """The steps ``behind`` taken on ``grid``, in order; none left behind."""
    for hint in behind:
        hint.apply(grid)
    behind.clear()


def plan_rows(
    grid: Grid, steps: Sequence[Step], puzzle: str, solution: Sequence[int] | None = None
) -> tuple[dict[str, object], ...]:
    """``plan_of`` as ``rate --plan``'s rows hold it (``PlanStep.to_json``): a
    ``rating.rate.Planner``. A grid of variant rules (``ruled.RuledGrid``): its steps made as
    a hint makes them (``ruled_steps.ruled_plan``), each checked against ``solution`` too."""
    if isinstance(grid, RuledGrid):
        ruled = ruled_plan(grid, steps)
        if solution is not None and _solves(grid, steps):
            _checked(ruled, solution, puzzle)
        return tuple([step.to_json() for step in ruled])
    made = plan_of(grid, steps, puzzle, solution, described=False)
    return tuple([step.to_json() for step in made])


def _solves(grid: RuledGrid, steps: Sequence[Step]) -> bool:
    """Whether serate's path on variant rules ends solved: where it ends beyond its solver
    (20.0), it may have taken a step that removes a value of the solution (on a Latin square
    with extra regions serate's turbot fish reads blocks the rules have not), serate's own,
    which the plan gives as serate takes it, unchecked."""
    ended = grid.copy()
    for step in steps:
        step.hint.apply(ended)
    return ended.is_solved()


def next_step(
    grid: Grid,
    interrupted: Callable[[], bool] | None = None,
    found: Sequence[Sequence[int]] | None = None,
    deadline: float | None = None,
) -> PlanStep | None:
    """The step Sudoku Explainer takes next from ``grid`` (not changed), as data; None where
    no technique finds one. ``found``: the grid's solutions up to two (``grid_solutions``;
    worked out where not given). Where it has several, the techniques of uniqueness are left
    out (their steps would remove real solutions' values); where it has one, the step is
    checked against it (a session's state may have lost it: then there is nothing to check
    against). ``Interrupted`` of the rating once ``interrupted()``; ``OutOfTime`` once
    ``deadline`` (``time.monotonic``'s clock) passes."""
    taken = next_taken(grid, interrupted, found, deadline)
    return None if taken is None else taken[1]


def next_taken(
    grid: Grid,
    interrupted: Callable[[], bool] | None = None,
    found: Sequence[Sequence[int]] | None = None,
    deadline: float | None = None,
) -> tuple[Step, PlanStep] | None:
    """``next_step`` with the rating's ``Step`` it was made from (a hint's third level finds
    a chain's links again from it: ``premises``)."""
    if found is None:
        found = grid_solutions(grid)
    order = techniques(poller(deadline, interrupted), uniqueness=len(found) < 2)
    found_by: list[int] = []
    if finds_nothing(grid):
        return None
    hint = first_hint(grid, order, deadline, interrupted, 0, found_by)
    if hint is None:
        return None
    step = Step(hint, order[found_by[0]][0])
    made = plan_step(step, grid)
    if len(found) == 1:
        check(made, found[0], grid_text(grid), 1)
    return step, made


def grid_text(grid: Grid) -> str:
    """A grid's 729-character line (its values and candidates), as a bug report names it."""
    masks = [1 << v if v else c for v, c in zip(grid.values, grid.cands, strict=True)]
    return "".join(str(d) if m >> d & 1 else "." for m in masks for d in range(1, 10))


def plan_puzzle(
    grid: Grid,
    puzzle: str,
    time_limit: float | None = None,
    interrupted: Callable[[], bool] | None = None,
) -> tuple[PlanStep, ...]:
    """The SE path of a grid with one solution (``rate_grid``'s, ``puzzle`` its text for a bug
    report) as a plan. A grid of variant rules (``ruled.RuledGrid``): its one solution under
    the rules, and serate's path on them (to where no technique finds a step, if one
    does not)."""
    if isinstance(grid, RuledGrid):
        found = solutions_under(grid.values, geometry_of(grid.layout.rules), 2)
        if len(found) != 1:
            raise ValueError(f"a plan is made of a grid with one solution, not {len(found)}")
        steps = rate_ruled_grid(grid.copy()).steps
        plan = ruled_plan(grid, steps)
        return _checked(plan, found[0], puzzle) if _solves(grid, steps) else plan
    rated = rate_grid(grid.copy(), time_limit, interrupted)
    return plan_of(grid, rated.steps, puzzle)


def _checked(
    plan: tuple[PlanStep, ...], solution: Sequence[int], puzzle: str
) -> tuple[PlanStep, ...]:
    """The plan, each step checked against the solution (``check``)."""
    for number, step in enumerate(plan, 1):
        check(step, solution, puzzle, number)
    return plan


def grid_solutions(grid: Grid) -> list[tuple[int, ...]]:
    """The solutions of a grid's values and candidates, up to two (two: it has several)."""
    return solutions(
        Marks(
            [1 << (v - 1) if v else c >> 1 for v, c in zip(grid.values, grid.cands, strict=True)]
        ),
        2,
    )


def grid_solution(grid: Grid) -> tuple[int, ...]:
    """The one solution of a grid's values and candidates; ValueError when it has none or
    several (a plan is made of a puzzle with one solution)."""
    found = grid_solutions(grid)
    if len(found) != 1:
        raise ValueError(f"a plan is made of a grid with one solution, not {len(found)}")
    return found[0]


def check(step: PlanStep, solution: Sequence[int], puzzle: str, number: int) -> None:
    """``WrongStep`` when the step removes the solution's value or places another."""
    for label in step.removed:
        if solution[label_cell(label)] == label_digit(label):
            raise WrongStep(_wrong(puzzle, number, step, f"removes {label}, the solution's value"))
    for label in step.placed:
        right = solution[label_cell(label)]
        if right != label_digit(label):
            raise WrongStep(
                _wrong(puzzle, number, step, f"places {label}, where the solution has {right}")
            )


def _wrong(puzzle: str, number: int, step: PlanStep, what: str) -> str:
    return (
        f"bug: Sudoku Explainer's step {number} of {puzzle} ({step.description}) {what}; "
        "please report it with this line"
    )


def figures(plan: Sequence[PlanStep]) -> tuple[float, float, float]:
    """ER, EP and ED of a plan (docs/se_rating.md): the hardest step, the hardest up to and
    with the first that places a value, the first step's rating (0.0 where there is none)."""
    er = max((step.rating for step in plan), default=0.0)
    first = next((i for i, step in enumerate(plan) if step.placed), len(plan) - 1)
    ep = max((step.rating for step in plan[: first + 1]), default=0.0)
    ed = plan[0].rating if plan else 0.0
    return er, ep, ed


# -- the pattern of each technique -----------------------------------------------------------


def _pattern(step: Step, found: Shape, before: Grid) -> tuple[tuple[str, ...], str, Chain]:
    """The pattern's cells' labels (in order, each once), where to look (a house, where a chain
    starts) and a chain's links."""
    if step.technique == "hidden single":
        return UNIT_LABELS[found[0]], unit_name(found[0]), NO_CHAIN
    cells, house, chain = _pattern_cells(step, found, before)
    return tuple(map(CELL_LABELS.__getitem__, cells)), house, chain


def _pattern_cells(step: Step, found: Shape, before: Grid) -> tuple[Sequence[int], str, Chain]:
    """``_pattern`` of the steps but hidden singles, the pattern's cells as numbers (0..80)."""
    hint, technique = step.hint, step.technique
    if technique == "naked single":
        assert hint.placement is not None
        return (hint.placement[0],), unit_name(CELL_UNITS[hint.placement[0]][0]), NO_CHAIN
    if technique in ("direct pointing", "pointing and claiming"):
        unit1, unit2 = found
        value = hint.placement[1] if hint.placement else hint.eliminations[0][1]
        return locked_cells(before, value, unit1, unit2), unit_name(unit1), NO_CHAIN
    if technique in _DIRECT_SETS or technique in _SETS:
        unit, places = found[0], found[1]
        return [c for i, c in enumerate(UNITS[unit]) if places >> i & 1], unit_name(unit), NO_CHAIN
    if technique in _FISH:
        value, base_type, lines = found[0], found[1], found[2]
        bases = [base_type * 9 + line for line in range(9) if lines >> line & 1]
        cells = [c for u in bases for c in UNITS[u] if before.cands[c] >> value & 1]
        where = f"{_LINES[base_type]} " + _and([str(u % 9 + 1) for u in bases])
        return cells, where, NO_CHAIN
    if technique in ("xy-wing", "xyz-wing"):
        return found[:3], f"the pivot is in {_block(found[0])}", NO_CHAIN
    if technique in ("wxyz-wing", "vwxyz-wing"):
        return found[3:], f"the set's bivalue cell is in {_block(found[-1])}", NO_CHAIN
    if technique in ("turbot fish", "three strong links"):
        return _strong_links(step, found)
    if technique == "unique loops":
        loop = found[2:]
        shape = "rectangle" if "Rectangle" in hint.technique else "loop"
        return loop, f"the {shape} starts in {_block(loop[0])}", NO_CHAIN
    if technique == "bug":
        return found[1:], "the cells with three candidates or more", NO_CHAIN
    if technique in ("aligned pair exclusion", "aligned triplet exclusion"):
        return found, f"the set starts in {_block(found[0])}", NO_CHAIN
    return _chain(step, found, before)


def _block(cell: int) -> str:
    return unit_name(CELL_UNITS[cell][0])


def _and(words: Sequence[str]) -> str:
    """``1``, ``1 and 4``, ``1, 4 and 7``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _strong_links(step: Step, found: Shape) -> tuple[Sequence[int], str, Chain]:
    """A turbot fish (two strong links and a weak one between them) or three strong links
    (two weak ones): the cells its hint names in the chain's order, strong and weak links in
    turn (a grouped link by its cell the hint names)."""
    if step.technique == "turbot fish":
        turbot = turbot_of(step.hint, found)
        value = turbot.value
        cells: list[int] = [turbot.start, turbot.bridge1, turbot.bridge2, turbot.end]
    else:
        three = three_of(step.hint, found)
        value = three.value
        cells = [three.start, *(c for pair in three.bridges for c in pair), three.end]
    links = tuple(
        Link(
            candidate_label(a, value),
            candidate_label(b, value),
            "strong" if i % 2 == 0 else "weak",
        )
        for i, (a, b) in enumerate(itertools.pairwise(cells))
    )
    where = f"the chain starts in {unit_name(CELL_UNITS[cells[0]][1])}"
    return list(dict.fromkeys(cells)), where, (links, (False,))  # (from a strong link)


def _chain(step: Step, found: Shape, before: Grid) -> tuple[Sequence[int], str, Chain]:
    """A cycle's or forcing chain's potentials: the chains the step carries (the C's), else
    found again from its start; each target's chain walked from the start, one after another;
    a link's kind is its inference's (an "off" potential makes an "on" one: strong; an "on" an
    "off": weak)."""
    walks = carried_chains(step)
    if walks is None:
        walks = chains_of(chain_finding(step, found, before))
    cells: list[int] = []
    links: list[Link] = []
    labels = CANDIDATE_LABELS
    starts = tuple(walk[-1][2] for walk in walks if len(walk) > 1)
    for walk in walks:
        forward = walk[::-1]
        links += [
            Link(labels[cell][value], labels[child][digit], "strong" if on else "weak")
            for (cell, value, _), (child, digit, on) in itertools.pairwise(forward)
        ]
        cells += [cell for cell, _, _ in forward]
    if "Cycle" not in step.hint.technique and found[1] >= 0:  # a region's chains
        where = f"the chains start in {unit_name(found[1])}"
    else:
        where = f"the chain starts in {unit_name(CELL_UNITS[walks[0][-1][0]][1])}"
    # (each cell once, where first met)
    return list(dict.fromkeys(cells)), where, (tuple(links), starts)


def chain_finding(step: Step, found: Shape, before: Grid) -> chains.Found:
    """The step's chain finding found again: the forcing chains' by their chainer from the
    cell the C names (``found_of``); a cycle from its start, a forcing X or Y chain from its
    start to its target (the shape says where they are)."""
    hint = step.hint
    by_name = chainers()
    if step.technique in by_name:
        return by_name[step.technique].found_of(before, hint)
    if "Cycle" in hint.technique:
        for closing in chains.cycles_from(before, hint.technique, found[-1]):
            finding = chains.Found(hint, 0, 0, (closing,), chains.CYCLE_ORIGIN)
            if chain_shape(finding) == found:
                return finding
    else:
        _, _, cell, value, on, t_cell, t_value, t_on = found
        target = chains.chain_from(
            before, hint.technique, cell, value, bool(on), (t_cell, t_value, bool(t_on))
        )
        if target is not None:
            return chains.Found(hint, 0, 0, (target,))
    raise LookupError(f"the {step.technique} step is not found again from its start")


def _roles(technique: str, found: Shape, before: Grid | None) -> tuple[str, ...]:
    """Each pattern cell's role, in ``_pattern``'s order (``PlanStep.roles``): a wing's pivot
    and pincers; a WXYZ- or VWXYZ-Wing's set and its bivalue cell (last); a unique rectangle's
    or loop's corners with its two digits only (floor) or other candidates too (roof), read on
    ``before`` (None: an undescribed plan's grid, not brought up to date for them, so none, as
    no description). None for the others."""
    if technique in ("xy-wing", "xyz-wing"):
        return ("pivot", "pincer", "pincer")
    if technique in ("wxyz-wing", "vwxyz-wing"):
        return ("set",) * (len(found) - 4) + ("bivalue",)
    if technique == "unique loops" and before is not None:
        pair = 1 << found[0] | 1 << found[1]
        return tuple("floor" if before.cands[c] == pair else "roof" for c in found[2:])
    return ()


def _fish_lines(technique: str, found: Shape) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A fish's base lines and cover lines, as unit numbers (``PlanStep.base_lines``); none
    for the other techniques."""
    if technique not in _FISH:
        return (), ()
    base_type, lines, covers = found[1], found[2], found[3]
    cover_type = 3 - base_type
    return (
        tuple(base_type * 9 + line for line in range(9) if lines >> line & 1),
        tuple(cover_type * 9 + line for line in range(9) if covers >> line & 1),
    )


#: the techniques whose pattern is about some digits (``_digits``)
_ABOUT_DIGITS = _SETS | _DIRECT_SETS | _FISH | {"unique loops"}


def _digits(technique: str, found: Shape) -> tuple[int, ...]:
    """The digits a pattern is about (a set's, a fish's, a loop's; none for the others: a
    hint's second level names them with the pattern's cells, which must not tell a removed
    candidate)."""
    if technique not in _ABOUT_DIGITS:
        return ()
    if technique in _DIRECT_SETS or technique in _SETS:
        return tuple(MASK_DIGITS[found[2]])
    if technique in _FISH:
        return (found[0],)
    if technique == "unique loops":
        return tuple(sorted(found[:2]))
    return ()
