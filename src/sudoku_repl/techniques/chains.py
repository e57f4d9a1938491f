"""X-Chains and Forcing-Chains (seed 004, KLSudoku's method): chains of candidates whose links
alternate between weak and strong, found by a breadth-first search, shortest chain first.

Glossary:

- a *node* is one candidate of an empty cell, numbered ``cell * 9 + value - 1``; *candidate
  order* is the order of these numbers (cells row-major, then values ascending). Written
  ``r8c4=3`` when the chain takes it as true, ``r8c4!=3`` when it takes it as false.
- a *weak link* ``A -> B``: A and B cannot both be true, so A true makes B false. Two cells of a
  unit with the same value as a candidate; or (Forcing-Chain only) two candidates of one cell.
- a *strong link* ``A => B``: A and B cannot both be false, so A false makes B true. A unit that
  still needs a value and has it as a candidate in exactly two cells; or (Forcing-Chain only) a
  cell with exactly two candidates. A strong link is a weak link too (the two are conjugate).
- a *chain for a target X*: ``X=v -> B!=v => C=v -> ... => Y=v -> X!=v``. Assuming X leads,
  link by link, to X's own negation, so X is false. The part from B to Y starts and ends with
  a strong link: B false makes Y true, so B or Y is true, and every candidate weakly linked to
  both B and Y (X among them) is false. One chain step removes all of those.

The seed's other two readings are the same chains seen from elsewhere: "a node proven true"
(``A!=v => ... => A=v``) is the B..Y part of the chains of the cell's other candidates, and
"eliminated from the cells seen by both ends" is the removal rule above.

Search order (deterministic; the same values and candidates always give the same chain):

1. the chains of all targets are searched together, a breadth-first search per target taken in
   lockstep (two links at a time, from a true candidate to the next), so the first chain that
   closes is a shortest one;
2. among the targets whose chain closes at that length, the first in candidate order wins;
3. among that target's shortest chains, the one whose nodes, read from the target, come first,
   where at each link a same-value node comes before another value of the same cell, and then
   candidate order decides.

An X-Chain uses unit links of one value only; a Forcing-Chain also uses the links inside cells,
so it may change value along the way. The two are separate techniques: the filter chain runs
X-Chain first, then Forcing-Chain. Run modes 4 (grp, ply, then chains) and 5 (chains only) are
registered at the bottom, with the two event kinds and their lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

import attrs

from sudoku_repl.core import events as E
from sudoku_repl.core import filters, modes
from sudoku_repl.core.events import Event, NoCandidate
from sudoku_repl.core.geometry import Cell, Geometry, Mask, values_of
from sudoku_repl.core.modes import Searching

Node = int  # cell * 9 + value - 1

#: event kinds of a chain step (a ``ChainStep`` record)
X_CHAIN = 40
FORCING_CHAIN = 41
TECHNIQUES = {X_CHAIN: "X-Chain", FORCING_CHAIN: "Forcing-Chain"}


class ChainStep(NamedTuple):
    """The event of a chain step: ``nodes`` the chain from its target to its last true node
    (it closes back at the target), ``removed`` the nodes it removes."""

    kind: int  # X_CHAIN or FORCING_CHAIN
    step: int
    nodes: tuple[Node, ...]
    removed: tuple[Node, ...]


#: What a chain step returns to the engine. COMPLETE is the engine's "no guess after this
#: filter" (the next step searches again, grp first); SHRUNKEN would be followed by a guess at
#: the step's foremost cell in the same step, as after 1GW/2GW/3GW, which wastes the chain.
RESULT = filters.COMPLETE


def node_of(cell: Cell, value: int) -> Node:
    return cell * 9 + value - 1


def cell_of(node: Node) -> Cell:
    return node // 9


def value_of(node: Node) -> int:
    return node % 9 + 1


@attrs.frozen
class Chain:
    """A found chain: its nodes from the target (true) to the last true node, and the nodes
    removed (candidate order). Node k is taken as true for even k, false for odd k."""

    technique: int
    nodes: tuple[Node, ...]
    removed: tuple[Node, ...]

    @property
    def target(self) -> Node:
        return self.nodes[0]

    @property
    def ends(self) -> tuple[Node, Node]:
        """The two ends of the strong-ended part (B and Y): one of them is true."""
        return self.nodes[1], self.nodes[-1]


# The search works on bit masks. Inside it a candidate is a *bit* ``(value - 1) * size + cell``
# (value-major), so that the cells of one value in a unit are a shifted cell mask.


@attrs.frozen
class Links:
    """The link graph of a state. ``order``: the live candidates' bits in candidate order;
    ``weak[b]`` / ``strong[b]``: the bits weakly / strongly linked to bit b, as a mask."""

    size: int
    order: tuple[int, ...]
    weak: dict[int, int]
    strong: dict[int, int]

    def node(self, b: int) -> Node:
        value, cell = divmod(b, self.size)
        return node_of(cell, value + 1)


def links(geo: Geometry, values: Sequence[int], cands: Sequence[Mask], in_cells: bool) -> Links:
    """The weak and strong links of a state; ``in_cells`` adds the links inside cells."""
    size = geo.size
    where = [0] * 9  # per value - 1: the empty cells that have it as a candidate
    placed = [0] * 9  # per value - 1: the cells where it is placed
    order: list[int] = []
    for c in range(size):
        if values[c]:
            placed[values[c] - 1] |= 1 << c
        else:
            for v in values_of(cands[c]):
                where[v - 1] |= 1 << c
                order.append((v - 1) * size + c)
    peers = _peers(geo)
    weak: dict[int, int] = {}
    for b in order:
        v, c = divmod(b, size)
        weak[b] = (where[v] & peers[c]) << (v * size)
    strong = dict.fromkeys(order, 0)
    for unit_mask in _unit_masks(geo):
        for v in range(9):
            pair = where[v] & unit_mask
            if pair.bit_count() == 2 and not placed[v] & unit_mask:
                a, b = _members(pair << (v * size))
                strong[a] |= 1 << b
                strong[b] |= 1 << a
    if in_cells:
        stride = _stride(size)
        for b in order:
            c = b % size
            weak[b] |= (stride[cands[c]] << c) & ~(1 << b)
        for c in range(size):
            if not values[c] and cands[c].bit_count() == 2:
                a, b = _members(stride[cands[c]] << c)
                strong[a] |= 1 << b
                strong[b] |= 1 << a
    return Links(size, tuple(order), weak, strong)


# Tables per geometry (kept by the geometry itself as key, so a table never outlives it) and
# per puzzle size.


@cache
def _unit_masks(geo: Geometry) -> list[int]:
    return [sum(1 << c for c in u.cells) for u in geo.units]


@cache
def _peers(geo: Geometry) -> list[int]:
    """Per cell, the mask of the other cells it shares a unit with."""
    peers = [0] * geo.size
    for mask in _unit_masks(geo):
        for c in _members(mask):
            peers[c] |= mask
    return [m & ~(1 << c) for c, m in enumerate(peers)]


@cache
def _stride(size: int) -> list[int]:
    """Per candidate mask, the bits of its values for cell 0 (shift by the cell for others)."""
    return [sum(1 << ((v - 1) * size) for v in values_of(m)) for m in range(512)]


def _members(mask: int) -> list[int]:
    """The bits of a mask, ascending."""
    found: list[int] = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _spread(frontier: int, graph: dict[int, int]) -> int:
    """The union of ``graph[b]`` over the bits of a mask."""
    reached = 0
    while frontier:
        low = frontier & -frontier
        reached |= graph[low.bit_length() - 1]
        frontier ^= low
    return reached


def _to_linked(graph: Links) -> dict[int, int]:
    """The weak links to candidates that have a strong link: only those can go on a chain
    (taken as false, a candidate without a strong link implies nothing)."""
    linked = 0
    for b, m in graph.strong.items():
        if m:
            linked |= 1 << b
    return {b: m & linked for b, m in graph.weak.items()}


def shortest_target(graph: Links) -> tuple[int, int] | None:
    """(target bit, chain length in links) of the first target, in candidate order, among those
    whose chain is the shortest; None when no candidate has a chain. Search orders 1 and 2.

    The search moves two links at a time, from true to true (a weak link to a candidate with a
    strong link, then that strong link): ``jump[b]``. A chain closes when a candidate reached
    true is weakly linked to the target."""
    weak = graph.weak
    jump = {b: _spread(m, graph.strong) for b, m in _to_linked(graph).items()}
    # per target: (target, bits reached true, the last layer of them)
    alive = [(x, 1 << x | jump[x], jump[x] & ~(1 << x)) for x in graph.order if jump[x]]
    length = 1
    while alive:
        length += 2
        going: list[tuple[int, int, int]] = []
        for x, seen, layer in alive:
            if layer & weak[x]:
                return x, length
            new = _spread(layer, jump) & ~seen
            if new:
                going.append((x, seen | new, new))
        alive = going
    return None


def _layers(graph: Links, target: int, length: int) -> tuple[dict[int, int], dict[int, int]]:
    """Breadth-first distances from ``target`` taken as true, up to ``length`` links: (of the
    bits reached true, of the bits reached false; only those with a strong link)."""
    onward = _to_linked(graph)
    true_at: dict[int, int] = {target: 0}
    false_at: dict[int, int] = {}
    seen_true, seen_false, layer = 1 << target, 0, 1 << target
    for depth in range(1, length + 1):
        if depth % 2:
            layer = _spread(layer, onward) & ~seen_false
            seen_false |= layer
            false_at.update(dict.fromkeys(_members(layer), depth))
        else:
            layer = _spread(layer, graph.strong) & ~seen_true
            seen_true |= layer
            true_at.update(dict.fromkeys(_members(layer), depth))
    return true_at, false_at


def chain_for(graph: Links, target: int, length: int, technique: int) -> Chain:
    """The target's chain of that (shortest) length chosen by search order 3, and what it
    removes. A candidate n taken with truth p at link k lies on a shortest chain iff the rest
    of the way, from n(p) to target(false), is ``length - k`` links; by contraposition (every
    link read backwards with both ends negated is a link of the same kind) that is the
    distance from target(true) to n(not p), which the breadth-first layers give."""
    true_at, false_at = _layers(graph, target, length)
    bits = [target]
    for k in range(1, length):
        here = bits[-1]
        truth = k % 2 == 0  # the truth the k-th candidate is taken with
        step = graph.strong[here] if truth else graph.weak[here]
        opposite = false_at if truth else true_at  # distances of n(not truth)
        here_value = here // graph.size
        fits = [n for n in _members(step) if opposite.get(n) == length - k]
        bits.append(min(fits, key=lambda n: (n // graph.size != here_value, graph.node(n))))
    removed = _members(graph.weak[bits[1]] & graph.weak[bits[-1]])
    return Chain(technique, tuple(map(graph.node, bits)), tuple(sorted(map(graph.node, removed))))


def find(
    geo: Geometry, values: Sequence[int], cands: Sequence[Mask], technique: int
) -> Chain | None:
    """The chain the technique finds first in this state (search order above), or None."""
    graph = links(geo, values, cands, in_cells=technique == FORCING_CHAIN)
    found = shortest_target(graph)
    if found is None:
        return None
    return chain_for(graph, found[0], found[1], technique)


def find_x_chain(geo: Geometry, values: Sequence[int], cands: Sequence[Mask]) -> Chain | None:
    return find(geo, values, cands, X_CHAIN)


def find_forcing_chain(geo: Geometry, values: Sequence[int], cands: Sequence[Mask]) -> Chain | None:
    return find(geo, values, cands, FORCING_CHAIN)


# -- text ---------------------------------------------------------------------------------------


# -- the engine's side: filters, run modes, lines ------------------------------------------------


def _apply(engine: Searching, ev: list[Event], chain: Chain | None) -> filters.Result:
    """Remove what the chain removes; WRONG (after its line) if that empties a cell."""
    if chain is None:
        return filters.NOTHING
    cands = engine.cands
    emptied = -1
    for n in chain.removed:
        c = cell_of(n)
        cands[c] &= ~(1 << (value_of(n) - 1))
        engine.touched.append(c)
        if not cands[c] and emptied < 0:
            emptied = c
    ev.append(ChainStep(chain.technique, engine.steps, chain.nodes, chain.removed))
    if emptied >= 0:
        ev.append(NoCandidate(E.NO_CANDIDATE, engine.steps, emptied))
        return filters.WRONG
    return RESULT


def x_chain_filter(engine: Searching, ev: list[Event]) -> filters.Result:
    return _apply(engine, ev, find_x_chain(engine.geo, engine.values, engine.cands))


def forcing_chain_filter(engine: Searching, ev: list[Event]) -> filters.Result:
    return _apply(engine, ev, find_forcing_chain(engine.geo, engine.values, engine.cands))


CHAIN_FILTERS = (x_chain_filter, forcing_chain_filter)


def register() -> None:
    """Run modes 4 and 5 and their event kinds (called by ``assembly.register_modes``; their
    lines are ``views/technique_lines.py``'s)."""
    E.register_kind(X_CHAIN, "x-chain", ChainStep)
    E.register_kind(FORCING_CHAIN, "forcing-chain", ChainStep)
    modes.register_filters(
        4, (modes.grp, modes.ply, *CHAIN_FILTERS), "grp, ply, then X-Chain and Forcing-Chain"
    )
    modes.register_filters(5, CHAIN_FILTERS, "X-Chain and Forcing-Chain only")
