"""Braids (Berthier, *Pattern-Based Constraint Satisfaction*; SHC's B rating): how long the
chains a T&E(1) state needs are, whatever order they are found in.

A *braid* of length n against a candidate Z is a sequence of n different CSP variables (a cell;
a digit in a row, a column or a box) V1..Vn such that, once the candidates linked to Z (in one
of its variables) are gone, each Vk with k < n has exactly one candidate Rk not linked to Z nor
to R1..R(k-1), and Vn has none: Z is then eliminated. Read as trial and error, it is Z assumed
and n - 1 singles asserted one after another, the n-th variable then left without candidate;
so the least length of a braid against Z is one more than the fewest singles that, asserted
after Z in some order, lead to a contradiction. Braids of length 1 are BRT's box-line
eliminations (a digit of a unit all in Z's peers).

*B_n* is BRT with braids of length up to n; it is confluent (where it ends does not depend on
the order of its eliminations), and the B rating of a state is the least n for which B_n
solves it: 0 where BRT does, and defined on the T&E(1) states (Berthier's theorem: braids of
any length are T&E(1)). SHC finds the shortest braids first; by confluence its figure is the
least such n, which is what is computed here.

The search: for a candidate Z and a bound n, a depth-first search over the *sets* of singles
(the order a set is asserted in changes nothing: the candidates left are those linked to none
of them); a set is reached by many orders and the search follows one: at each step the
smallest single of the set already available (what is available only grows along a path, so
that order exists and each set is met once). ``braid_length`` grows the bound a length at a
time, so the shortest braid is found first; B_n asks only whether there is one of length n at
most, and searches at the bound n at once (a shorter braid is met on the way: the shorter
bounds' searches would only be done again). The C (csrc/df_braids.c) is a copy of this,
faster.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

import attrs

from sudoku_repl.techniques.difficulty import native
from sudoku_repl.techniques.difficulty.board import CLASSIC_BOARD, Board
from sudoku_repl.techniques.difficulty.brt import is_full, propagate
from sudoku_repl.techniques.difficulty.marks import CELLS, Marks
from sudoku_repl.techniques.difficulty.solving import Unrated, unique_solution
from sudoku_repl.techniques.difficulty.te import Level, te_depth

#: SHC's default bound on the length of braids (its ``-max-length``; the B rating of its
#: examples goes to 9)
MAX_LENGTH = 12


@attrs.frozen(eq=False)
class Tables:
    """A board's cells as bits 0-80: each house's, each cell's peers', each cell's beside it
    (non-consecutive: empty tuples without the rule)."""

    board: Board
    houses: tuple[int, ...]
    peers: tuple[int, ...]
    apart: tuple[int, ...]


def _bits(cells: Iterable[int]) -> int:
    return sum(1 << k for k in cells)


@cache
def tables_of(board: Board) -> Tables:
    """The bit tables of ``board`` (made once a board)."""
    return Tables(
        board,
        tuple(map(_bits, board.houses)),
        tuple(map(_bits, board.peers)),
        tuple(map(_bits, board.apart)),
    )


class Trial:
    """A candidate assumed and singles asserted after it: by digit the cells still open to it
    (``cand``) and the cells assigned it (``assigned``: decided in the state, or asserted), and
    the cells assigned nothing (``open``); cells are bits 0-80. ``tables``: the board's."""

    __slots__ = ("assigned", "cand", "open", "tables")

    def __init__(self, cand: list[int], assigned: list[int], open_: int, tables: Tables) -> None:
        self.cand = cand
        self.assigned = assigned
        self.open = open_
        self.tables = tables

    @classmethod
    def of(cls, cands: Sequence[int], board: Board = CLASSIC_BOARD) -> Trial:
        """The state ``cands`` (BRT closed, no contradiction), nothing assumed yet."""
        cand = [0] * 9
        assigned = [0] * 9
        open_ = 0
        for i, m in enumerate(cands):
            for d in range(9):
                if m >> d & 1:
                    cand[d] |= 1 << i
            if m & (m - 1):
                open_ |= 1 << i
            else:
                assigned[m.bit_length() - 1] |= 1 << i
        return cls(cand, assigned, open_, tables_of(board))

    def assume(self, x: int) -> Trial:
        """A copy with candidate ``x`` (cell * 9 + digit - 1) asserted: the candidates linked
        to it gone."""
        cell, d = divmod(x, 9)
        bit, t = 1 << cell, self.tables
        cand = [c & ~bit for c in self.cand]
        cand[d] = self.cand[d] & ~t.peers[cell]
        beside = t.apart[cell]
        if beside:
            away = t.board.away(1 << d)
            for e in range(9):
                if away >> e & 1:
                    cand[e] &= ~beside
        assigned = self.assigned.copy()
        assigned[d] |= bit
        return Trial(cand, assigned, self.open & ~bit, t)

    def singles(self) -> list[int] | None:
        """The candidates each the one left to a variable not yet satisfied (each once, as
        cell * 9 + digit - 1), or None when a variable has none left: a contradiction."""
        once = twice = 0
        for c in self.cand:
            twice |= once & c
            once |= c
        if self.open & ~once:
            return None  # a cell with no candidate
        found: dict[int, None] = {}
        alone = self.open & once & ~twice
        while alone:
            b = alone & -alone
            alone ^= b
            cell = b.bit_length() - 1
            d = next(d for d in range(9) if self.cand[d] & b)
            found[cell * 9 + d] = None
        houses = self.tables.houses
        for d in range(9):
            cand, assigned = self.cand[d], self.assigned[d]
            for unit in houses:
                if assigned & unit:
                    continue  # the digit is placed in the unit
                m = cand & unit
                if not m:
                    return None  # a digit with no place in the unit
                if not m & (m - 1):
                    found[(m.bit_length() - 1) * 9 + d] = None
        return list(found)

    def one_step_short(self, found: list[int]) -> bool:
        """Whether asserting one of ``found`` (the singles of this trial, free of
        contradiction) leaves a variable with no candidate. Where the links are a cell's digits
        and a digit in peers: a single linked to another (two in one cell, or a digit's in two
        peers: the one asserted takes the other's last place), or a digit whose places in a
        unit are all peers of the single's cell (a unit's other digits and the cells lose no
        more than a single does). Under non-consecutive, each single is asserted in turn."""
        if any(self.tables.apart):
            return any(self.assume(x).singles() is None for x in found)
        at = [0] * 9
        for x in found:
            at[x % 9] |= 1 << (x // 9)
        once = twice = 0
        for cells in at:
            twice |= once & cells
            once |= cells
        if twice:
            return True  # two singles in one cell
        peer_cells, houses = self.tables.peers, self.tables.houses
        for x in found:
            cell, d = divmod(x, 9)
            peers, bit = peer_cells[cell], 1 << cell
            if at[d] & peers:
                return True  # a digit's singles in two peers
            cand, assigned = self.cand[d], self.assigned[d]
            for unit in houses:
                if not unit & (bit | assigned) and not cand & unit & ~peers:
                    return True  # the digit's places in the unit all among the cell's peers
        return False


def _contradicts(
    trial: Trial, depth: int, bound: int, path: list[int], first: dict[int, int]
) -> bool:
    """Whether the singles asserted in ``trial`` (``path``, ``depth`` of them) lead to a
    contradiction within ``bound`` variables in all. ``first``: the depth each single on offer
    became available at; a single available since depth k is asserted only when larger than
    every single asserted after depth k (the one order of each set)."""
    found = trial.singles()
    if found is None:
        return True
    if depth + 1 >= bound:
        return False
    if depth + 2 == bound:  # one more single at most: no need to assert each in turn
        return trial.one_step_short(found)
    fresh = [x for x in found if x not in first]
    for x in fresh:
        first[x] = depth
    suffix = [-1] * (depth + 2)  # suffix[j]: the largest of path[j-1:], path[0] being the first
    for j in range(depth, 0, -1):
        suffix[j] = max(path[j - 1], suffix[j + 1])
    hit = False
    for x in found:
        if x > suffix[first[x] + 1]:
            path.append(x)
            hit = _contradicts(trial.assume(x), depth + 1, bound, path, first)
            path.pop()
            if hit:
                break
    for x in fresh:
        del first[x]
    return hit


def braid_length(cands: Sequence[int], z: int, limit: int, board: Board = CLASSIC_BOARD) -> int:
    """The least length (1 to ``limit``) of a braid against candidate ``z`` (cell * 9 + digit
    - 1, of an undecided cell) in ``cands``, a state BRT has closed without contradiction; 0
    when there is none that short."""
    return _length_in(Trial.of(cands, board), z, limit)


def _length_in(base: Trial, z: int, limit: int) -> int:
    start = base.assume(z)
    for bound in range(1, limit + 1):
        if _contradicts(start, 0, bound, [], {}):
            return bound
    return 0


def braids(
    cands: list[int],
    length: int,
    solution: Sequence[int] | None = None,
    board: Board = CLASSIC_BOARD,
) -> bool:
    """B_``length`` (BRT and braids up to ``length``) on ``cands`` in place, until nothing
    changes: False at a contradiction. ``solution`` (the state's, when it holds it) spares the
    search against the true candidates, which no braid eliminates."""
    if not propagate(cands, board):
        return False
    while True:
        progress = False
        base = Trial.of(cands, board)  # (made again after each elimination only)
        for i in range(CELLS):
            for d in range(9):
                m = cands[i]
                if not m >> d & 1 or not m & (m - 1) or (solution and solution[i] == d + 1):
                    continue
                if _contradicts(base.assume(i * 9 + d), 0, length, [], {}):
                    cands[i] = m & ~(1 << d)
                    if not propagate(cands, board):
                        return False
                    base = Trial.of(cands, board)
                    progress = True
            if is_full(cands):
                return True
        if not progress:
            return True


def rating(
    cands: Sequence[int],
    limit: int,
    solution: Sequence[int] | None,
    board: Board = CLASSIC_BOARD,
) -> int:
    """The least n <= ``limit`` for which B_n solves ``cands``: -1 past ``limit``, -2 at a
    contradiction (``native.BRating``'s answers)."""
    grid = list(cands)
    if not propagate(grid, board):
        return -2
    for n in range(limit + 1):
        if n and not braids(grid, n, solution, board):
            return -2
        if is_full(grid):
            return n
    return -1


def b_rating(marks: Marks, max_length: int = MAX_LENGTH) -> Level | None:
    """The B rating of ``marks``: the least n (0 to ``max_length``) for which BRT and braids of
    length up to n solve it, or "more than ``max_length``"; None for a state T&E(1) does not
    solve (no braid of any length does). ``Unrated`` for a state with no solution or several."""
    if not 0 <= max_length <= 64:
        raise ValueError("the braids' length bound is 0 to 64")
    depth = te_depth(marks, limit=1)  # (raises Unrated)
    if depth.value is None:
        return None
    solution = unique_solution(marks)
    fast = native.b_rating(marks.board)
    found = (
        fast(marks.cands, max_length, bytes(solution))
        if fast is not None
        else rating(marks.cands, max_length, solution, marks.board)
    )
    if found == -2:
        raise Unrated("the state has no solution")  # not reached: it has one
    return Level(value=found) if found >= 0 else Level(beyond=max_length)
