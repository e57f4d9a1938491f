"""Every step Sudoku Explainer offers at a position (``hint se all``, the MCP tool
``all_steps``, the Board's list): the list its window's "Get all hints" shows
(``Solver.getAllHints`` of SukakuExplainer 1.15.10), each step as a ``PlanStep``.

SE's list, as it makes it: every finding of every technique below the chains, in the rating's
order of techniques and each technique's own order; only where none has one, the chains' (the
cycles and forcing chains, the aligned triplet exclusion, Nishio, multiple and dynamic forcing
chains, all of them), then the dynamic (+) chains', then the nested chains' one technique at a
time, each only while the list is still empty. A finding equal to one already listed, as SE's
hints compare (``_same``), is listed once: a hidden single of a cell and digit however many
houses hide it, one unique loop of a set of cells, one chain of a set of removals."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from sudoku_repl.techniques.explainer import native_chains
from sudoku_repl.techniques.explainer.grid import UNITS, Grid
from sudoku_repl.techniques.explainer.hint import Finder, Hint
from sudoku_repl.techniques.explainer.plan_step import PlanStep
from sudoku_repl.techniques.explainer.rating import (
    CHAINS,
    Interrupted,
    Step,
    poller,
    techniques,
)
from sudoku_repl.tools.explain.plan import plan_step
from sudoku_repl.tools.serate.shapes import Shape, findings, is_chain


def all_steps(
    grid: Grid, interrupted: Callable[[], bool] | None = None, uniqueness: bool = True
) -> tuple[PlanStep, ...]:
    """Every step SE offers on ``grid`` (not changed), in SE's order (its list's: by technique,
    not by rating). ``Interrupted`` of the rating once ``interrupted()`` (polled before each
    technique and inside the chain searches). ``uniqueness``: with the techniques that assume
    one solution (else without: a grid with several, where their steps remove real solutions'
    values)."""
    order = techniques(poller(None, interrupted), uniqueness)
    token = native_chains.limits.set((None, interrupted))
    try:
        with native_chains.remembered():
            steps = _gathered(grid, order, interrupted)
    except native_chains.Stopped:
        raise Interrupted from None
    finally:
        native_chains.limits.reset(token)
    made = []
    for step in steps:  # (a chain's pattern is its search followed again: polled between)
        if interrupted is not None and interrupted():
            raise Interrupted
        made.append(plan_step(step, grid))
    return tuple(made)


def by_rating(steps: Sequence[PlanStep]) -> list[PlanStep]:
    """The steps easiest first; those of one rating in SE's order."""
    return sorted(steps, key=lambda step: step.rating)


def _gathered(
    grid: Grid, order: Sequence[tuple[str, Finder]], interrupted: Callable[[], bool] | None
) -> list[Step]:
    """SE's list of steps (``Step``s, each with its finding's shape where the Python finders
    give it) on ``grid``, technique by technique as the module's docstring says."""
    listed: list[Step] = []
    seen: set[Hashable] = set()
    below = [(name, finder) for name, finder in order if not is_chain(name) and name not in CHAINS]
    chains = [(name, finder) for name, finder in order[len(below) :] if name in CHAINS]
    later = order[len(below) + len(chains) :]
    for name, finder in below:
        _gather(grid, name, finder, interrupted, listed, seen)
    if not listed:
        for name, finder in chains:
            _gather(grid, name, finder, interrupted, listed, seen)
    for name, finder in later:
        if listed:
            break
        _gather(grid, name, finder, interrupted, listed, seen)
    return listed


def _gather(
    grid: Grid,
    name: str,
    finder: Finder,
    interrupted: Callable[[], bool] | None,
    listed: list[Step],
    seen: set[Hashable],
) -> None:
    """The technique's findings added to ``listed``, each not equal to one ``seen``."""
    if interrupted is not None and interrupted():
        raise Interrupted
    hints = list(finder(grid))
    shapes: Sequence[Shape | None] = [None] * len(hints)
    if hints and not is_chain(name):  # (a chain's shape is found again from its hint)
        found = list(findings(name, grid))
        if [_effect(hint) for hint, _ in found] == [_effect(hint) for hint in hints]:
            shapes = [shape for _, shape in found]
    for hint, shape in zip(hints, shapes, strict=True):
        same = _same(grid, name, hint, shape)
        if same is not None:
            if same in seen:
                continue
            seen.add(same)
        listed.append(Step(hint, name, shape))


def _effect(hint: Hint) -> tuple[object, ...]:
    return hint.rating, hint.eliminations, hint.placement


def _same(grid: Grid, name: str, hint: Hint, shape: Shape | None) -> Hashable | None:
    """What makes two findings one in SE's list, where its hints say (their ``equals``): a
    direct hint's cell and digit; a locked set's digit and cells; an XY(Z)-Wing's pivot, digit
    and wings; a unique loop's kind and cells (and a type 3's removals); an aligned exclusion's
    cells and removals; a chain's removals, whichever chain technique found it. None: the
    finding is its own (SE compares those hints as objects)."""
    if name in ("hidden single", "naked single"):
        return name, hint.placement
    if is_chain(name) or name in CHAINS - {"aligned triplet exclusion"}:
        return "chain", frozenset(hint.eliminations)
    if shape is None:
        return None
    if name in ("direct pointing", "pointing and claiming"):
        # (a direct pointing places the digit it locks, in another house)
        digit = hint.placement[1] if hint.placement is not None else hint.eliminations[0][1]
        cells = frozenset(UNITS[shape[0]]) & frozenset(UNITS[shape[1]])
        return name, digit, frozenset(c for c in cells if grid.cands[c] >> digit & 1)
    if name in ("xy-wing", "xyz-wing"):
        return name, shape[0], shape[3], frozenset(shape[1:3])
    if name == "unique loops":
        type3 = hint.eliminations if "type 3" in hint.technique else None
        return hint.technique, frozenset(shape[2:]), type3
    if name in ("aligned pair exclusion", "aligned triplet exclusion"):
        return name, frozenset(shape), frozenset(hint.eliminations)
    return None
