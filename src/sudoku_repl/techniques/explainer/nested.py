"""Nested forcing chains: Sudoku Explainer's levels 2 to 4 (9.5, 10.0, 10.5, each plus the
length penalty). They are dynamic forcing chains that, once their implications run dry, look
on the chain's own grid for the simple rules of the "+" (``advanced.py``) and, failing those,
for whole forcing chains: level 2 for forcing chains and cycles (6.5-7.0), level 3 for those
and then cell and region forcing chains (8.0), level 4 for dynamic forcing chains of a lower
level (its "nesting": 0 plain, 1 with the "+", 2 and 3 nested again). What a nested chain
removes joins the outer chain, resting on the outer chain's removals that the nested one
needed (its "rule parents"); the outer finding's complexity counts each nested chain once,
with its own complexity."""

from __future__ import annotations

from sudoku_repl.techniques.explainer.advanced import hash_order, simple_rule_offs
from sudoku_repl.techniques.explainer.chains import (
    CELL_ORIGIN,
    CYCLE_ORIGIN,
    Found,
    cycles_and_chains_found,
)
from sudoku_repl.techniques.explainer.forcing import Chainer, Poll
from sudoku_repl.techniques.explainer.grid import BLOCK_OF, CELL_UNITS, DIGITS, ROW_OF, UNITS, Grid
from sudoku_repl.techniques.explainer.potentials import Potential, chain_of, key_of

# how a potential follows from its first parent: the cell's last value, or the value's last
# place in a unit (the unit's type: block 0, row 1, column 2)
NAKED = 3
_SUFFIX = {2: " (+ Forcing Chains)", 3: " (+ Multiple Forcing Chains)"}
DYNAMIC_SUFFIX = " (+ Dynamic Forcing Chains)"


def _cause(p: Potential) -> int:
    """The link from a potential's first parent: the cell (``NAKED``) or the first unit type
    they share, in the order Sudoku Explainer looks at them."""
    parent = p.parents[0]
    if parent.cell == p.cell:
        return NAKED
    if BLOCK_OF[parent.cell] == BLOCK_OF[p.cell]:
        return 0
    if ROW_OF[parent.cell] == ROW_OF[p.cell]:
        return 1
    return 2


class _Parents:
    """The candidates removed between ``source`` (where the outer chain began) and ``grid``
    (the outer chain's grid now) that a nested chain's links rest on, in order, each once."""

    def __init__(self, source: Grid, grid: Grid) -> None:
        self.source = source.cands
        self.grid = grid.cands
        self.keys: dict[int, None] = {}

    def add(self, cell: int, value: int, cause: int) -> None:
        if cause == NAKED:
            lost = self.source[cell] & ~self.grid[cell]
            for v in DIGITS:
                if lost >> v & 1:
                    self.keys[key_of(cell, v, False)] = None
            return
        bit = 1 << value
        for other in UNITS[CELL_UNITS[cell][cause]]:
            if self.source[other] & bit and not self.grid[other] & bit:
                self.keys[key_of(other, value, False)] = None


def rule_parents(found: Found, source: Grid, grid: Grid) -> list[int]:
    """The keys of the "off" potentials a nested finding rests on (Sudoku Explainer's
    ``getRuleParents``): for every "on" potential of its chains, the candidates removed since
    ``source`` from its cell (reached as the cell's last value) or from its unit (as the
    value's last place); a cell or region chain's own assumptions count as such links."""
    parents = _Parents(source, grid)
    origin = found.origin
    for target in found.targets:
        chain = chain_of(target)
        for p in chain:
            if not p.on:
                continue
            if p.parents:
                parents.add(p.cell, p.value, _cause(p))
            elif origin == CELL_ORIGIN:
                parents.add(p.cell, p.value, NAKED)
            elif origin >= 0:
                parents.add(p.cell, p.value, origin // 9)
        if origin == CYCLE_ORIGIN:
            # the cycle read backwards: its "off" potentials turned "on", same links
            for p in reversed(chain[1:]):
                if not p.on:
                    parents.add(p.cell, p.value, _cause(p))
    return list(parents.keys)


class _Cycles:
    """Forcing chains and cycles (the 6.5-7.0 technique) as a nested rule."""

    def __init__(self, poll: Poll | None) -> None:
        self.poll = poll

    def found(self, grid: Grid) -> list[Found]:
        return cycles_and_chains_found(grid, self.poll)


class NestedRules:
    """What a chain of level 2 and up adds once it runs dry (``Chainer``'s ``advanced``):
    the removals of the first rule that finds any resting on the chain: the simple rules,
    then the nested chains of the level, in that order."""

    #: how many grids' findings are remembered: chains of one step often run dry on the same
    #: grid (a strong link's two ends, a region's places chained again for each cell)
    REMEMBERED = 1024

    def __init__(self, level: int, nesting: int = 0, poll: Poll | None = None) -> None:
        self.remembered: dict[tuple[int, tuple[int, ...]], list[Found]] = {}
        self.rules: list[_Cycles | Chainer]
        if level < 4:
            self.rules = [_Cycles(poll)]
            if level >= 3:
                self.rules.append(Chainer(True, False, False, poll=poll))
        else:
            self.rules = [dynamic_chainer(nesting, poll)]

    def __call__(self, grid: Grid, source: Grid, offs: dict[int, Potential]) -> list[Potential]:
        result = simple_rule_offs(grid, source, offs)
        if result:
            return result
        for index, rule in enumerate(self.rules):
            for found in self._found(index, rule, grid):
                keys = rule_parents(found, source, grid)
                if not keys:  # holds without the chain: nothing to add
                    continue
                parents = [offs[k] for k in keys]
                for cell, value in hash_order(found.hint.eliminations):
                    off = Potential(cell, value, False, list(parents))
                    off.nested = found
                    result.append(off)
            if result:
                return result
        return result

    def _found(self, index: int, rule: _Cycles | Chainer, grid: Grid) -> list[Found]:
        """The rule's findings on the grid, one per set of removals (Sudoku Explainer keeps
        the first, the easiest), remembered: they depend on the grid alone."""
        key = (index, tuple(grid.cands))
        found = self.remembered.get(key)
        if found is None:
            seen: set[frozenset[tuple[int, int]]] = set()
            found = []
            for finding in rule.found(grid):
                same = frozenset(finding.hint.eliminations)
                if same not in seen:
                    seen.add(same)
                    found.append(finding)
            if len(self.remembered) >= self.REMEMBERED:
                del self.remembered[next(iter(self.remembered))]
            self.remembered[key] = found
        return found


def dynamic_chainer(level: int, poll: Poll | None = None) -> Chainer:
    """The dynamic forcing chains of a level: 0 plain (8.5), 1 with the "+" (9.0), 2 and 3
    nested (9.5, 10.0)."""
    if level == 0:
        return Chainer(True, True, False, poll=poll)
    if level == 1:
        return Chainer(True, True, False, 1, simple_rule_offs, poll=poll)
    return Chainer(
        True, True, False, level, NestedRules(level, 0, poll), poll=poll, suffix=_SUFFIX[level]
    )


def nested_chainer(level: int, nesting: int = 0, poll: Poll | None = None) -> Chainer:
    """Sudoku Explainer's nested forcing chains: level 2 (9.5), 3 (10.0), or 4 (10.5) over
    dynamic chains of level ``nesting``."""
    if level < 4:
        return dynamic_chainer(level, poll)
    return Chainer(
        True,
        True,
        False,
        4,
        NestedRules(4, nesting, poll),
        poll=poll,
        suffix=DYNAMIC_SUFFIX,
        nesting=nesting,
    )
