"""Bidirectional cycles (6.5 X, 7.0 XY) and forcing chains from one candidate (6.6 X, 7.0 XY),
with Sudoku Explainer's length penalty."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

from sudoku_repl.techniques.explainer import native_chains
from sudoku_repl.techniques.explainer.grid import BIT_COUNT, MASK_DIGITS, Grid
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.potentials import (
    Potential,
    ancestor_count,
    chain_of,
    is_ancestor,
    key_of,
    off_to_on,
    on_to_off,
)


def length_penalty(complexity: int) -> int:
    """The rating added (in tenths) for a chain of this complexity: 0.1 past 4, 6, 8, 12, 16,
    24, 32, ... potentials (alternately times 3/2 and 4/3)."""
    added = 0
    ceiling = 4
    length = complexity - 2
    odd = False
    while length > ceiling:
        added += 1
        ceiling = ceiling * 4 // 3 if odd else ceiling * 3 // 2
        odd = not odd
    return added


# where a finding's chains start (``Found.origin``): one candidate (binary chains, forcing
# chains), each value of a cell, each place of a value in a unit (the unit's number), or
# a cycle (its one target read both ways)
NO_ORIGIN, CELL_ORIGIN, CYCLE_ORIGIN = -1, -2, -3


class Found:
    """A chain hint before sorting: rating, complexity and Sudoku Explainer's tie-break key,
    with the potentials its chains end at (``targets``) and where they start (``origin``),
    which a nested chain's finding needs."""

    __slots__ = ("_key", "complexity", "hint", "origin", "sort_key", "targets")

    def __init__(
        self,
        hint: Hint,
        complexity: int,
        sort_key: int,
        targets: tuple[Potential, ...] = (),
        origin: int = NO_ORIGIN,
    ) -> None:
        self.hint = hint
        self.complexity = complexity
        self.sort_key = sort_key
        self.targets = targets
        self.origin = origin
        self._key: tuple[tuple[int, ...], ...] | None = None

    def chain_key(self) -> tuple[tuple[int, ...], ...]:
        """The finding's chains as the keys of their potentials, each from its target in
        breadth-first order (two findings with equal keys are one chain to SE)."""
        if self._key is None:
            keys = [tuple(p.key for p in chain_of(t)) for t in self.targets]
            if self.origin == CYCLE_ORIGIN:
                # the cycle read backwards, from its start: every potential flipped
                first = keys[0]
                keys.append((first[0] ^ 1, *(k ^ 1 for k in reversed(first[1:]))))
            self._key = tuple(keys)
        return self._key


def sorted_found(found: list[Found]) -> list[Found]:
    """Easiest first: by rating, then complexity, then kind (stable)."""
    found.sort(key=lambda f: (f.hint.rating, f.complexity, f.sort_key))
    return found


def sorted_hints(found: list[Found]) -> list[Hint]:
    """The hints of ``sorted_found``."""
    return [f.hint for f in sorted_found(found)]


def _cycles(
    grid: Grid, table: list[list[int]], start: Potential, cell_links: bool, unit_links: bool
) -> list[Potential]:
    geometry = grid.geometry
    peers = geometry.region_peers
    to_on: dict[int, Potential] = {start.key: start}
    to_off: dict[int, Potential] = {}
    pending_on: deque[Potential] = deque([start])
    pending_off: deque[Potential] = deque()
    cycles: list[Potential] = []
    length = 0
    while pending_on or pending_off:
        length += 1
        while pending_on:
            p = pending_on.popleft()
            for off in on_to_off(grid, p, cell_links, peers):
                if not is_ancestor(p, off):
                    pending_off.append(off)
                    to_off[off.key] = off
        length += 1
        while pending_off:
            p = pending_off.popleft()
            for on in off_to_on(grid, table, p, None, to_off, cell_links, unit_links, geometry):
                if length >= 4 and on.key == start.key:
                    cycles.append(on)
                if on.key not in to_on:
                    pending_on.append(on)
                    to_on[on.key] = on
    return cycles


def _forcing_targets(
    grid: Grid,
    table: list[list[int]],
    start: Potential,
    cell_links: bool,
    wanted: int | None = None,
) -> list[Potential]:
    """Chains from ``start`` that reach its own negation; ``wanted``: the key of a target
    to stop at, once reached (the same potential as without it: the first to reach a key)."""
    geometry = grid.geometry
    peers = geometry.region_peers
    to_on: dict[int, Potential] = {}
    to_off: dict[int, Potential] = {}
    (to_on if start.on else to_off)[start.key] = start
    pending_on: deque[Potential] = deque(to_on.values())
    pending_off: deque[Potential] = deque(to_off.values())
    found: dict[int, Potential] = {}
    opposite = start.key ^ 1
    while pending_on or pending_off:
        while pending_on:
            p = pending_on.popleft()
            for off in on_to_off(grid, p, cell_links, peers):
                if off.key == opposite and off.key not in found:
                    found[off.key] = off
                    if off.key == wanted:
                        return [off]
                if off.key not in to_off:
                    pending_off.append(off)
                    to_off[off.key] = off
        while pending_off:
            p = pending_off.popleft()
            for on in off_to_on(grid, table, p, None, to_off, cell_links, True, geometry):
                if on.key == opposite and on.key not in found:
                    found[on.key] = on
                    if on.key == wanted:
                        return [on]
                if on.key not in to_on:
                    pending_on.append(on)
                    to_on[on.key] = on
    return list(found.values())


def _cycle_removals(grid: Grid, dst: Potential) -> tuple[tuple[int, int], ...]:
    """What both ways round the cycle take out: the value of every cell seeing (a rule's
    leaps too) a cell of the cycle, outside it."""
    visible = grid.geometry.peers
    chain = []
    p = dst
    while p.parents:
        chain.append(p)
        p = p.parents[0]
    cells = {q.cell for q in chain}
    forward: dict[tuple[int, int], None] = {}
    backward: set[tuple[int, int]] = set()
    for q in chain:
        bit = 1 << q.value
        for peer in visible[q.cell]:
            if peer not in cells and grid.cands[peer] & bit:
                if q.on:
                    forward[(peer, q.value)] = None
                else:
                    backward.add((peer, q.value))
    return tuple(sorted(k for k in forward if k in backward))


def _kind(cell_links: bool, unit_links: bool) -> tuple[str, int]:
    if cell_links and unit_links:
        return "", 4
    if cell_links:
        return "Y-", 3
    return "X-", 2


def _search(
    grid: Grid,
    cell_links: bool,
    unit_links: bool,
    out: list[Found],
    poll: Callable[[], None] | None,
) -> None:
    cands = grid.cands
    prefix, sort_key = _kind(cell_links, unit_links)
    both = cell_links and unit_links
    table = grid.position_table()
    for cell in range(81):
        mask = cands[cell]
        if BIT_COUNT[mask] < 2:
            continue
        if poll is not None:
            poll()
        for value in MASK_DIGITS[mask]:
            if not unit_links and BIT_COUNT[mask] > 2:
                continue
            start = Potential(cell, value, True)
            cycles = _cycles(grid, table, start, cell_links, unit_links)
            targets: list[Potential] = []
            if unit_links:
                targets = _forcing_targets(grid, table, start, cell_links)
                for t in _forcing_targets(grid, table, Potential(cell, value, False), cell_links):
                    if all(t.key != other.key for other in targets):
                        targets.append(t)
            for dst in cycles:
                removals = _cycle_removals(grid, dst)
                if removals:
                    complexity = ancestor_count(dst)
                    rating = (70 if both else 65) + length_penalty(complexity)
                    name = "Bidirectional " + prefix + "Cycle"
                    hint = Hint(name, rating, removals)
                    out.append(Found(hint, complexity, sort_key, (dst,), CYCLE_ORIGIN))
            for target in targets:
                if target.on:
                    removals = tuple(
                        (target.cell, v)
                        for v in MASK_DIGITS[cands[target.cell]]
                        if v != target.value
                    )
                    placement: tuple[int, int] | None = (target.cell, target.value)
                else:
                    removals = ((target.cell, target.value),)
                    placement = None
                if not removals:
                    continue
                complexity = ancestor_count(target)
                rating = (70 if both else 66) + length_penalty(complexity)
                name = "Forcing Chain" if both else "Forcing " + prefix + "Chain"
                hint = Hint(name, rating, removals, placement)
                out.append(Found(hint, complexity, sort_key, (target,)))


def cycles_and_chains_found(grid: Grid, poll: Callable[[], None] | None = None) -> list[Found]:
    """X-cycles and X-chains, then Y-cycles, then XY-cycles and forcing chains; easiest first.
    ``poll`` is called before each cell's chains (it raises to stop)."""
    found: list[Found] = []
    _search(grid, False, True, found, poll)
    _search(grid, True, False, found, poll)
    _search(grid, True, True, found, poll)
    return sorted_found(found)


#: a cycle's or forcing chain's hint name: its links (cell links, unit links)
LINKS_OF = {
    "Bidirectional X-Cycle": (False, True),
    "Bidirectional Y-Cycle": (True, False),
    "Bidirectional Cycle": (True, True),
    "Forcing X-Chain": (False, True),
    "Forcing Y-Chain": (True, False),
    "Forcing Chain": (True, True),
}


def chain_from(
    grid: Grid, name: str, cell: int, value: int, on: bool, target: tuple[int, int, bool]
) -> Potential | None:
    """The target potential (cell, value, on) of the forcing chain ``name`` (``LINKS_OF``)
    that starts at (cell, value, on), with its chain, as ``cycles_and_chains_found`` finds it
    (one search from that start, the same): a step's chain found again where its two ends
    are known."""
    cell_links = LINKS_OF[name][0]
    table = grid.position_table()
    wanted = key_of(*target)
    found = _forcing_targets(grid, table, Potential(cell, value, on), cell_links, wanted)
    return next((t for t in found if t.key == wanted), None)


def cycles_from(grid: Grid, name: str, cell: int) -> list[Potential]:
    """The cycles ``name`` (``LINKS_OF``) that start at ``cell``, each by the potential that
    closes it, as ``cycles_and_chains_found`` finds them from there."""
    cell_links, unit_links = LINKS_OF[name]
    table = grid.position_table()
    return [
        closing
        for value in MASK_DIGITS[grid.cands[cell]]
        for closing in _cycles(grid, table, Potential(cell, value, True), cell_links, unit_links)
    ]


def cycles_and_forcing_chains(grid: Grid, poll: Callable[[], None] | None = None) -> Iterator[Hint]:
    """The hints of ``cycles_and_chains_found`` (from the native search where there is one)."""
    found = native_chains.cycle_hints(grid)
    yield from pure_cycles_and_forcing_chains(grid, poll) if found is None else found


def pure_cycles_and_forcing_chains(
    grid: Grid, poll: Callable[[], None] | None = None
) -> Iterator[Hint]:
    """``cycles_and_forcing_chains`` in Python, the reference."""
    yield from (f.hint for f in cycles_and_chains_found(grid, poll))
