"""The shape of a step's finding: what serate's description of it (``%s``) and its name (``%R``
...) say beyond its removals and placement (the units of a set, the cells of a wing, where a
chain starts), a tuple of ints laid out by the hint's name as the C lays it out
(``explainer/csrc/include/se_rungs.h`` and ``se_found.h``).

Where the C took the step (``native_ladder.climb``: every step of a rating on the native build),
the step carries the shape of the very finding it applied (``Step.shape``). Elsewhere (the pure
build) ``shape`` finds it again with the Python finders, the reference of both builds: the first
finding of the step's technique, in its finder's own order, that gives the step's hint, which is
the finding the step applied (the finder's first); a test holds the two ways equal.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from sudoku_repl.techniques.explainer import (
    chains,
    exclusion,
    fish,
    forcing,
    native_ladder,
    singles,
    strong_links,
    subsets,
    three_links,
    uniqueness,
    wings,
)
from sudoku_repl.techniques.explainer.grid import UNITS, Grid
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.potentials import Potential
from sudoku_repl.techniques.explainer.rating import Step, techniques

Shape = tuple[int, ...]
#: a chain of a finding, walked from its target back by first parents to its start: (cell,
#: value, on) a potential
Walk = tuple[tuple[int, int, bool], ...]

#: the naked and hidden sets' techniques: naked or not, and their degree
_SETS = {
    "naked pair": (True, 2),
    "naked triple": (True, 3),
    "naked quad": (True, 4),
    "hidden pair": (False, 2),
    "hidden triple": (False, 3),
    "hidden quad": (False, 4),
}
_FISH = {"x-wing": 2, "swordfish": 3, "jellyfish": 4}


def shape(step: Step, before: Grid) -> Shape:
    """The shape of the finding the step applied: the one it carries (a chain's without its
    chains, ``chain_core``), else found again on ``before`` (the grid it was found on, not
    changed)."""
    if step.shape is None:
        return found_shape(step, before)
    return chain_core(step.shape) if is_chain(step.technique) else step.shape


def is_chain(technique: str) -> bool:
    """Whether a technique's findings are chains (their shape carries them, ``se_found.h``)."""
    return technique == "cycles and forcing chains" or technique in chainers()


def chain_core(carried: Shape) -> Shape:
    """A chain finding's shape as the C hands it back, without the chains after it (their ints'
    count is its last int)."""
    return carried[: len(carried) - carried[-1] - 1]


def carried_chains(step: Step) -> tuple[Walk, ...] | None:
    """The chains of the finding a step applied, each target's walked back by first parents,
    where the C handed them back with the step (``se_found.h``); else None."""
    if step.shape is None or not is_chain(step.technique):
        return None
    ints = step.shape[len(step.shape) - step.shape[-1] - 1 : -1]
    walks = []
    at = 0
    while at < len(ints):
        length = ints[at]
        flat = ints[at + 1 : at + 1 + 3 * length]
        walks.append(
            tuple((flat[i], flat[i + 1], bool(flat[i + 2])) for i in range(0, len(flat), 3))
        )
        at += 1 + 3 * length
    return tuple(walks)


def chains_of(found: chains.Found) -> tuple[Walk, ...]:
    """``carried_chains`` of a finding found by the Python finders: the reference."""
    return tuple(tuple((p.cell, p.value, p.on) for p in walk(target)) for target in found.targets)


def found_shape(step: Step, before: Grid) -> Shape:
    """The shape of the step's finding found again by the Python finders on ``before``: the
    first finding of its technique, in its finder's order, that gives the step's hint."""
    hint, technique = step.hint, step.technique
    if technique in chainers():
        # (where the C says which cell's chains found it, the Python follows that cell's alone)
        return chain_shape(chainers()[technique].found_of(before, hint))
    for found_hint, found in findings(technique, before):
        if _gives(found_hint, hint):
            return found
    raise LookupError(f"the {technique} step is not found again")  # (the Python is the reference)


def _gives(found: Hint, hint: Hint) -> bool:
    return (found.rating, found.eliminations, found.placement) == (
        hint.rating,
        hint.eliminations,
        hint.placement,
    )


def _mask(items: Iterable[int]) -> int:
    return sum(1 << item for item in items)


def _places(unit: int, cells: Iterable[int]) -> int:
    """The places in the unit (a 9-bit mask) of ``cells``."""
    return _mask(UNITS[unit].index(cell) for cell in cells)


def findings(technique: str, grid: Grid) -> Iterable[tuple[Hint, Shape]]:
    """Each finding of the technique in its finder's order: a hint giving its rating,
    removals and placement, and its shape."""
    if technique == "hidden single":
        for rating, unit, cell, value in singles.hidden_single_places(grid):
            yield Hint("", rating, placement=(cell, value)), (unit,)
    elif technique == "naked single":
        for hint in singles.pure_naked_singles(grid):
            yield hint, ()
    elif technique == "direct pointing":
        for value, unit1, unit2, cell in singles.direct_pointing_places(grid):
            yield Hint("", 17 if unit1 < 9 else 19, placement=(cell, value)), (unit1, unit2)
    elif technique in ("direct hidden pair", "direct hidden triple"):
        degree = 2 if technique == "direct hidden pair" else 3
        rating = 20 if degree == 2 else 25
        for unit, values, common, cell, value in singles.direct_hidden_set_places(grid, degree):
            yield Hint("", rating, placement=(cell, value)), (unit, common, _mask(values))
    elif technique == "pointing and claiming":
        for value, unit1, unit2 in singles.locked_places(grid):
            removals = singles.locking_removals(grid, value, unit1, unit2)
            if removals:
                yield Hint("", 26 if unit1 < 9 else 28, removals), (unit1, unit2)
    elif technique in _SETS:
        yield from _sets(technique, grid)
    elif technique in _FISH:
        rating = {2: 32, 3: 38, 4: 52}[_FISH[technique]]
        for value, base_type, indexes, covers, removals in fish.fish_patterns(
            grid, _FISH[technique]
        ):
            yield Hint("", rating, removals), (value, base_type, _mask(indexes), covers)
    elif technique in ("xy-wing", "xyz-wing"):
        xyz = technique == "xyz-wing"
        for pivot, w1, w2, value, removals in wings.xy_wing_patterns(grid, xyz):
            yield Hint("", 44 if xyz else 42, removals), (pivot, w1, w2, value)
    elif technique in ("wxyz-wing", "vwxyz-wing"):
        size = 3 if technique == "wxyz-wing" else 4
        for rating, _, removals, (double, biggest, total, cells) in wings.als_findings(grid, size):
            yield Hint("", rating, removals), (int(double), biggest, total, *cells)
    elif technique == "turbot fish":
        for turbot in strong_links.turbot_findings(grid):
            yield Hint("", turbot.rating, turbot.removals), _turbot_shape(turbot)
    elif technique == "three strong links":
        for chain in three_links.three_findings(grid):
            yield Hint("", chain.rating, chain.removals), _three_shape(chain)
    elif technique == "unique loops":
        for rating, _, removals, _, loop, v1, v2 in uniqueness.loop_findings(grid):
            yield Hint("", rating, removals), (v1, v2, *loop)
    elif technique == "bug":
        for hint, cells, digits in uniqueness.bug_findings(grid):
            yield hint, (digits, *cells)
    elif technique in ("aligned pair exclusion", "aligned triplet exclusion"):
        degree = 2 if technique == "aligned pair exclusion" else 3
        for group, removals in exclusion.aligned_groups(grid, degree):
            yield Hint("", 62 if degree == 2 else 75, removals), group
    elif technique == "cycles and forcing chains":
        yield from _cycle_findings(bytes(grid.values), tuple(grid.cands))


@lru_cache(maxsize=1)
def _cycle_findings(values: bytes, cands: tuple[int, ...]) -> tuple[tuple[Hint, Shape], ...]:
    """The cycles' and forcing X/Y chains' findings of a grid (its values and candidates), kept
    for the last grid asked: the Python search is long, and every step of a grid's whole list
    (``tools/explain/all_steps``) asks it again for its shape and its description."""
    grid = Grid(list(values), list(cands))
    return tuple((found.hint, chain_shape(found)) for found in chains.cycles_and_chains_found(grid))


def _sets(technique: str, grid: Grid) -> Iterable[tuple[Hint, Shape]]:
    naked, degree = _SETS[technique]
    if naked:
        rating = {2: 30, 3: 36, 4: 50}[degree]
        # the unit each set is found in, in the finder's order (its cells and removals lie there)
        for cells, union, removals in subsets.naked_set_patterns(grid, degree):
            unit = next(
                u
                for u in singles.BLOCKS_COLUMNS_ROWS
                if all(c in UNITS[u] for c in cells) and all(c in UNITS[u] for c, _ in removals)
            )
            yield Hint("", rating, removals), (unit, _places(unit, cells), union)
    else:
        rating = {2: 34, 3: 40, 4: 54}[degree]
        for unit, values, common, removals in subsets.hidden_set_patterns(grid, degree):
            yield Hint("", rating, removals), (unit, common, _mask(values))


def _turbot_shape(found: strong_links.Turbot) -> Shape:
    """A turbot fish's shape: its base and cover units, whether each is grouped, the cells its
    hint names (start, bridge 1, bridge 2, end)."""
    base_grouped, cover_grouped = found.grouped
    return (
        found.base,
        found.cover,
        int(base_grouped),
        int(cover_grouped),
        found.start,
        found.bridge1,
        found.bridge2,
        found.end,
    )


def _three_shape(found: three_links.LinksChain) -> Shape:
    """Three strong links' shape: the links' unit types in the chain's order, how many are
    grouped, the cells its hint names (start, each weak link's two bridges, end)."""
    bridges = [cell for pair in found.bridges for cell in pair]
    return (*found.kinds, found.grouped, found.start, *bridges, found.end)


def turbot_of(hint: Hint, found: Shape) -> strong_links.Turbot:
    """The turbot fish of a step's hint and shape (``shared``, which no name or description
    says, is -1)."""
    base, cover, base_grouped, cover_grouped, start, bridge1, bridge2, end = found
    return strong_links.Turbot(
        hint.rating,
        hint.eliminations,
        hint.eliminations[0][1],
        base,
        cover,
        (bool(base_grouped), bool(cover_grouped)),
        start,
        bridge1,
        bridge2,
        end,
        -1,
    )


def three_of(hint: Hint, found: Shape) -> three_links.LinksChain:
    """The chain of three strong links of a step's hint and shape."""
    kinds, grouped, start, bridges, end = found[:3], found[3], found[4], found[5:9], found[9]
    return three_links.LinksChain(
        hint.rating,
        hint.eliminations,
        hint.eliminations[0][1],
        kinds,
        grouped,
        start,
        ((bridges[0], bridges[1]), (bridges[2], bridges[3])),
        end,
    )


def walk(target: Potential) -> list[Potential]:
    """The potentials from ``target`` back by first parents to the one its chain starts from."""
    walk = [target]
    while walk[-1].parents:
        walk.append(walk[-1].parents[0])
    return walk


def chain_shape(found: chains.Found) -> Shape:
    """A chain finding's shape, from its first target's chain: a cycle's cells walked back from
    the target, else (complexity, origin, the start's cell, value, on, the target's)."""
    walked = walk(found.targets[0])
    if found.origin == chains.CYCLE_ORIGIN:
        return tuple(p.cell for p in walked)
    start, target = walked[-1], walked[0]
    return (
        found.complexity,
        found.origin,
        start.cell,
        start.value,
        int(start.on),
        target.cell,
        target.value,
        int(target.on),
    )


@cache
def chainers() -> dict[str, forcing.Chainer]:
    """The rating's forcing chains' techniques, by name."""
    return {
        name: rung.finder
        for name, rung in techniques()
        if isinstance(rung, native_ladder.ChainRung) and isinstance(rung.finder, forcing.Chainer)
    }
