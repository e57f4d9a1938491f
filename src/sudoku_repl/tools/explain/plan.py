"""Sudoku Explainer's path as data (issue 68): each step of a rating as a ``PlanStep`` (the
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

from sudoku_repl.techniques.difficulty.marks import Marks
from sudoku_repl.techniques.difficulty.solving import solutions
from sudoku_repl.techniques.explainer import chains
from sudoku_repl.techniques.explainer.grid import CELL_UNITS, MASK_DIGITS, UNITS, Grid, unit_name
from sudoku_repl.techniques.explainer.no_step import finds_nothing
from sudoku_repl.techniques.explainer.plan_step import Link, PlanStep, candidate_label, cell_label
from sudoku_repl.techniques.explainer.potentials import Potential
from sudoku_repl.techniques.explainer.rating import (
    Step,
    first_hint,
    poller,
    rate_grid,
    techniques,
)
from sudoku_repl.tools.serate.names import names
from sudoku_repl.tools.serate.shapes import (
    Shape,
    chain_shape,
    chainers,
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
#: the base lines' words, by the fish's base type (1 rows, 2 columns)
_LINES = {1: "rows", 2: "columns"}


class WrongStep(AssertionError):
    """A step removed a candidate that is the solution's value, or placed a value that is not:
    a bug of the rating, reported with the puzzle and the step (never a silent step)."""


def plan_step(step: Step, before: Grid) -> PlanStep:
    """The step as data; ``before``: the grid it was found on (not changed)."""
    hint, technique = step.hint, step.technique
    found = shape(step, before)
    cells, house, links = _pattern(step, found, before)
    return PlanStep(
        technique=names(step, before)[0],
        rating=step.rating,
        cells=tuple(cell_label(c) for c in dict.fromkeys(cells)),
        links=links,
        removed=tuple(candidate_label(c, v) for c, v in hint.eliminations),
        placed=() if hint.placement is None else (candidate_label(*hint.placement),),
        house=house,
        description=describe(step, before),
        digits=_digits(technique, found),
    )


def plan_of(
    grid: Grid,
    steps: Sequence[Step],
    puzzle: str,
    solution: Sequence[int] | None = None,
) -> tuple[PlanStep, ...]:
    """The plan of a rating's ``steps`` from ``grid`` (the puzzle's start, not changed), each
    removal and placement checked against ``solution`` (81 digits; None: the grid's own, found
    here) as it is made: ``WrongStep`` naming ``puzzle`` and the step otherwise."""
    now = grid.copy()
    truth = grid_solution(now) if solution is None else solution
    plan = []
    for number, step in enumerate(steps, 1):
        made = plan_step(step, now)
        check(made, truth, puzzle, number)
        step.hint.apply(now)
        plan.append(made)
    return tuple(plan)


def plan_rows(grid: Grid, steps: Sequence[Step], puzzle: str) -> tuple[dict[str, object], ...]:
    """``plan_of`` as ``rate --plan``'s rows hold it (``PlanStep.to_json``): a
    ``rating.rate.Planner``."""
    return tuple(step.to_json() for step in plan_of(grid, steps, puzzle))


def next_step(grid: Grid, interrupted: Callable[[], bool] | None = None) -> PlanStep | None:
    """The step Sudoku Explainer takes next from ``grid`` (not changed), as data; None where
    no technique finds one. Checked against the solution where the grid has one (a session's
    state may have lost it: then there is nothing to check against). ``Interrupted`` of the
    rating once ``interrupted()``."""
    order = techniques(poller(None, interrupted))
    found_by: list[int] = []
    if finds_nothing(grid):
        return None
    hint = first_hint(grid, order, None, interrupted, 0, found_by)
    if hint is None:
        return None
    made = plan_step(Step(hint, order[found_by[0]][0]), grid)
    try:
        truth = grid_solution(grid)
    except ValueError:
        return made
    check(made, truth, grid_text(grid), 1)
    return made


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
    report) as a plan."""
    rated = rate_grid(grid.copy(), time_limit, interrupted)
    return plan_of(grid, rated.steps, puzzle)


def grid_solution(grid: Grid) -> tuple[int, ...]:
    """The one solution of a grid's values and candidates; ValueError when it has none or
    several (a plan is made of a puzzle with one solution)."""
    marks = Marks(
        tuple(1 << (v - 1) if v else c >> 1 for v, c in zip(grid.values, grid.cands, strict=True))
    )
    found = solutions(marks, 2)
    if len(found) != 1:
        raise ValueError(f"a plan is made of a grid with one solution, not {len(found)}")
    return found[0]


def check(step: PlanStep, solution: Sequence[int], puzzle: str, number: int) -> None:
    """``WrongStep`` when the step removes the solution's value or places another."""
    from sudoku_repl.techniques.explainer.plan_step import label_cell, label_digit

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


def _pattern(step: Step, found: Shape, before: Grid) -> tuple[Sequence[int], str, tuple[Link, ...]]:
    """The pattern's cells (in order), where to look (a house, where a chain starts) and a
    chain's links."""
    hint, technique = step.hint, step.technique
    if technique == "hidden single":
        return UNITS[found[0]], unit_name(found[0]), ()
    if technique == "naked single":
        assert hint.placement is not None
        return (hint.placement[0],), unit_name(CELL_UNITS[hint.placement[0]][0]), ()
    if technique in ("direct pointing", "pointing and claiming"):
        unit1, unit2 = found
        value = hint.placement[1] if hint.placement else hint.eliminations[0][1]
        return locked_cells(before, value, unit1, unit2), unit_name(unit1), ()
    if technique in _DIRECT_SETS or technique in _SETS:
        unit, places = found[0], found[1]
        return [c for i, c in enumerate(UNITS[unit]) if places >> i & 1], unit_name(unit), ()
    if technique in _FISH:
        value, base_type, lines = found[0], found[1], found[2]
        bases = [base_type * 9 + line for line in range(9) if lines >> line & 1]
        cells = [c for u in bases for c in UNITS[u] if before.cands[c] >> value & 1]
        where = f"{_LINES[base_type]} " + _and([str(u % 9 + 1) for u in bases])
        return cells, where, ()
    if technique in ("xy-wing", "xyz-wing"):
        return found[:3], f"the pivot is in {_block(found[0])}", ()
    if technique in ("wxyz-wing", "vwxyz-wing"):
        return found[3:], f"the set's bivalue cell is in {_block(found[-1])}", ()
    if technique in ("turbot fish", "three strong links"):
        return _strong_links(step, found)
    if technique == "unique loops":
        loop = found[2:]
        return loop, f"the loop starts in {_block(loop[0])}", ()
    if technique == "bug":
        return found[1:], "the cells with three candidates or more", ()
    if technique in ("aligned pair exclusion", "aligned triplet exclusion"):
        return found, f"the set starts in {_block(found[0])}", ()
    return _chain(step, found, before)


def _block(cell: int) -> str:
    return unit_name(CELL_UNITS[cell][0])


def _and(words: Sequence[str]) -> str:
    """``1``, ``1 and 4``, ``1, 4 and 7``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _strong_links(step: Step, found: Shape) -> tuple[Sequence[int], str, tuple[Link, ...]]:
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
    return cells, f"the chain starts in {unit_name(CELL_UNITS[cells[0]][1])}", links


def _chain(step: Step, found: Shape, before: Grid) -> tuple[Sequence[int], str, tuple[Link, ...]]:
    """A cycle's or forcing chain's potentials, found again from its start: each target's
    chain walked from the start, one after another; a link's kind is its inference's (an "off"
    potential makes an "on" one: strong; an "on" an "off": weak)."""
    finding = _chain_found(step, found, before)
    cells: list[int] = []
    links: list[Link] = []
    for target in finding.targets:
        walk = _walk(target)
        for parent, child in itertools.pairwise(walk):
            links.append(
                Link(
                    candidate_label(parent.cell, parent.value),
                    candidate_label(child.cell, child.value),
                    "strong" if child.on else "weak",
                )
            )
        cells.extend(p.cell for p in walk)
    start = _walk(finding.targets[0])[0]
    if finding.origin >= 0:  # a region's chains: they start from the places of a digit there
        where = f"the chains start in {unit_name(finding.origin)}"
    else:
        where = f"the chain starts in {unit_name(CELL_UNITS[start.cell][1])}"
    return cells, where, tuple(links)


def _walk(target: Potential) -> list[Potential]:
    """The potentials of a target's chain from its start, by first parents."""
    walk = [target]
    while walk[-1].parents:
        walk.append(walk[-1].parents[0])
    return walk[::-1]


def _chain_found(step: Step, found: Shape, before: Grid) -> chains.Found:
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


def _digits(technique: str, found: Shape) -> tuple[int, ...]:
    """The digits a pattern is about (a set's, a fish's, a loop's; none for the others: a
    hint's second level names them with the pattern's cells, which must not tell a removed
    candidate)."""
    if technique in _DIRECT_SETS or technique in _SETS:
        return tuple(MASK_DIGITS[found[2]])
    if technique in _FISH:
        return (found[0],)
    if technique == "unique loops":
        return tuple(sorted(found[:2]))
    return ()
