"""Sudoku Explainer's steps on variant rules as a hint shows them (``hint se``, ``hint se
all``, the Board's list, the MCP tools ``hint`` and ``all_steps``): the next step serate's
variant order takes (``ruled.order_of``) and every step its ported techniques offer, each a
``PlanStep`` whose houses are the rules' regions (blocks, rows and columns named as a classic
hint names them, the others as serate does: ``ruled.full_name``).

A ported finder hands back its effect and serate's line of the step (``Hint.text``); the
pattern (its cells, the region it is found in, a pointing's crossing region, a set's digits)
is read back from that line, which names them as serate does: cells ``A1`` (column letter,
then row), a region by its type (``in block``, ``of block in column``) or in full (``in
block 2``). A technique whose line names no region still gets its cells and its effect, and
the row it starts in as where to look.

Where no technique finds a step (serate's order is ported whole: serate is beyond its solver
there too), one line says so (``beyond_line``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterator, Sequence

from sudoku_repl.techniques.explainer.grid import unit_name
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.plan_step import CANDIDATE_LABELS, CELL_LABELS, PlanStep
from sudoku_repl.techniques.explainer.rating import CHAINS, Interrupted, Step
from sudoku_repl.techniques.explainer.region_names import region_name
from sudoku_repl.techniques.explainer.ruled import Layout, RuledGrid, order_of
from sudoku_repl.techniques.explainer.ruled_words import TYPE_NAMES

#: a cell in serate's line: its column's letter, then its row's number
_CELL = re.compile(r"\b([A-I])([1-9])\b")
_TYPES = "|".join(map(re.escape, TYPE_NAMES))
#: the region a step is found in, at its line's end: its type (``in block``), or its full name
#: (``in block 2``, ``in column D``, ``in Main Diagonal``)
_IN = re.compile(rf" in ({_TYPES})(?: ([1-9A-I]))?$")
#: a pointing's or claiming's two regions: ``5 of block in column`` (direct), ``5 in block and row``
_OF = re.compile(rf": ([1-9]) (?:of|in) ({_TYPES}) (?:in|and) ({_TYPES})$")
#: a set's digits (``: 2,7 in block``) or one digit (``on value 5``)
_DIGITS = re.compile(r"(?:: |on value )([1-9](?:,[1-9])*)(?: in |$)")
#: a fish's base lines: ``in 2 rows and 2 columns``
_FISH = re.compile(r" in \d (row|column)s and \d (?:row|column)s$")


def beyond_line(layout: Layout) -> str:
    """What a hint says where no technique of serate's order (ported whole to every rules it
    has a flag for) takes a step: serate's rating is "beyond solver" there too."""
    return (
        f"Sudoku Explainer takes no step here under the rules {layout.rules} (serate rates "
        "such a state 20.0, beyond its solver): no step given."
    )


def _poll(interrupted: Callable[[], bool] | None) -> Callable[[], None] | None:
    """The chains' poll of ``interrupted``: ``Interrupted`` once it is true."""
    if interrupted is None:
        return None

    def poll() -> None:
        if interrupted():
            raise Interrupted

    return poll


def ruled_next(
    grid: RuledGrid, interrupted: Callable[[], bool] | None = None
) -> tuple[Step, PlanStep] | None:
    """The step serate takes next from ``grid`` (not changed) on its rules, and it as data:
    the first finding of the first technique of its order that has one; None where none of
    the techniques ported has one. ``Interrupted`` once ``interrupted()`` (polled before each
    technique and inside the chains' searches)."""
    for name, finder in order_of(grid.layout, _poll(interrupted)):
        if interrupted is not None and interrupted():
            raise Interrupted
        hint = next(finder(grid), None)
        if hint is not None:
            step = Step(hint, name)
            return step, ruled_plan_step(step, grid)
    return None


def ruled_all(
    grid: RuledGrid, interrupted: Callable[[], bool] | None = None
) -> tuple[PlanStep, ...]:
    """Every step the ported techniques of the rules find on ``grid`` (not changed), as SE's
    list makes it (``all_steps``): every finding of the techniques below the chains, in
    serate's order of techniques and each technique's own; only where none has one, the
    chains' together (``CHAINS``), then each later one alone while the list is still empty. A
    single of one cell and digit is listed once a technique, as SE's list compares its hints,
    a direct pointing or claiming of the same locked cells and digit once, and a chain of one
    set of removals once, whichever chain technique found it."""
    listed: list[PlanStep] = []
    seen: set[Hashable] = set()
    order = order_of(grid.layout, _poll(interrupted))
    first = next((i for i, (name, _) in enumerate(order) if name in CHAINS), len(order))
    below = order[:first]
    chains = [(name, finder) for name, finder in order[first:] if name in CHAINS]
    later = order[first + len(chains) :]
    chained = CHAINS | {name for name, _ in later}  # (a chain of one set of removals once)

    def gather(name: str, finder: Callable[[RuledGrid], Iterator[Hint]]) -> None:
        if interrupted is not None and interrupted():
            raise Interrupted
        for hint in finder(grid):
            same: Hashable | None = None
            if name in ("hidden single", "naked single"):
                same = name, hint.placement
            elif name == "direct pointing":
                same = name, hint.text
            elif name in chained:
                same = "chain", frozenset(hint.eliminations)
            if same is not None:
                if same in seen:
                    continue
                seen.add(same)
            listed.append(ruled_plan_step(Step(hint, name), grid))

    for name, finder in below:
        gather(name, finder)
    if not listed:
        for name, finder in chains:
            gather(name, finder)
    for name, finder in later:
        if listed:
            break
        gather(name, finder)
    return tuple(listed)


def ruled_plan(grid: RuledGrid, steps: Sequence[Step]) -> tuple[PlanStep, ...]:
    """The plan of a rating's ``steps`` on variant rules (``ruled.rate_ruled_grid``'s) from
    ``grid`` (its start, not changed): each step as data, on the grid it was found on."""
    now = grid.copy()
    plan = []
    for step in steps:
        plan.append(ruled_plan_step(step, now))
        step.hint.apply(now)
    return tuple(plan)


def ruled_plan_step(step: Step, before: RuledGrid) -> PlanStep:
    """The step as data, its pattern read back from serate's line of it (the module's
    docstring); ``before``: the grid it was found on."""
    hint, lay = step.hint, before.layout
    text = hint.text
    named = list(dict.fromkeys((int(r) - 1) * 9 + ord(c) - 65 for c, r in _CELL.findall(text)))
    placement = hint.placement
    cells: Sequence[int] = named
    crossing = ""
    base: tuple[int, ...] = ()
    cover: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    if (found := _DIGITS.search(text)) is not None:
        digits = tuple(int(d) for d in found.group(1).split(","))
    if step.technique == "naked single" and placement is not None:
        kind = 0 if lay.blocks else 1
        house = region_name(kind, _index_of(lay, kind, placement[0]))
    elif (pointing := _OF.search(text)) is not None:
        digits = (int(pointing.group(1)),)
        first, second = TYPE_NAMES.index(pointing.group(2)), TYPE_NAMES.index(pointing.group(3))
        house = region_name(first, _index_of(lay, first, named[0]))
        crossing = region_name(second, _index_of(lay, second, named[0]))
    elif (fish := _FISH.search(text)) is not None:
        kind = 1 if fish.group(1) == "row" else 2
        lines = sorted({cell // 9 if kind == 1 else cell % 9 for cell in named})
        house = f"{fish.group(1)}s " + _and([str(line + 1) for line in lines])
        crossing_lines = sorted({cell % 9 if kind == 1 else cell // 9 for cell in named})
        base = tuple(kind * 9 + line for line in lines)
        cover = tuple((3 - kind) * 9 + line for line in crossing_lines)
    elif (region := _IN.search(text)) is not None:
        kind = TYPE_NAMES.index(region.group(1))
        index = _index_named(region.group(2)) if region.group(2) else None
        if index is None:
            index = _index_of(lay, kind, named[0])
        house = region_name(kind, index)
        if step.technique == "hidden single":
            cells = lay.regions[kind][index]
    else:  # (a technique whose line names no region: where its pattern starts)
        house = f"the pattern starts in {unit_name(9 + named[0] // 9)}" if named else "the grid"
    removed = hint.eliminations
    return PlanStep(
        hint.technique,
        hint.rating / 10,
        tuple(CELL_LABELS[c] for c in cells),
        (),
        tuple(CANDIDATE_LABELS[c][v] for c, v in removed),
        () if placement is None else (CANDIDATE_LABELS[placement[0]][placement[1]],),
        house,
        text,
        digits,
        (),
        "",
        (),
        base,
        cover,
        crossing,
    )


def _index_named(word: str) -> int:
    """The index of a region serate names in full: a number from 1, a column's letter."""
    return int(word) - 1 if word.isdigit() else ord(word) - 65


def _index_of(lay: Layout, kind: int, cell: int) -> int:
    """The index of the region of type ``kind`` that holds the cell (a type's regions are
    apart)."""
    return next(i for i, region in enumerate(lay.regions[kind]) if cell in region)


def _and(words: Sequence[str]) -> str:
    """``1``, ``1 and 4``, ``1, 4 and 7``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
