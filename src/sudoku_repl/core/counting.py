"""Counting a grid's solutions, only as far as asked: none, one, or more.

A generator asks "is this still unique?" thousands of times a second, and only "0, 1 or at
least ``limit``" matters; the counter records nothing (no solution, no step). On the native
build it is the C of ``csrc/counting.c`` (a bitboard search with naked and hidden singles), else
the pure search below, the reference: both answer the same number for every grid.

Glossary: a *grid* is 81 values in row-major order, 0 for an empty cell, 1-9 for a given.
"""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_repl.core import native

Grid = tuple[int, ...]

CELLS = 81
#: the nine values' bits; each cell's row, column and box (0-8), by the cell's index (0-80):
#: the tables of every search on a flat 81-cell grid (here, ``uniqueness``, ``making``, the
#: tools that make puzzles)
FULL = 0x1FF
ROW = [i // 9 for i in range(CELLS)]
COL = [i % 9 for i in range(CELLS)]
BOX = [(i // 27) * 3 + (i % 9) // 3 for i in range(CELLS)]
#: the 27 units' cells: rows, columns, boxes (the order of ``rows + cols + boxes``)
_UNITS = [[k for k in range(CELLS) if of[k] == u] for of in (ROW, COL, BOX) for u in range(9)]


#: the values a grid's byte may hold: 0 (empty) to 9
_VALUES = bytes(range(10))


def checked(grid: Sequence[int] | bytes) -> bytes:
    """The grid as 81 bytes, or ValueError with one line saying what is wrong."""
    if len(grid) != CELLS:
        raise ValueError(f"a grid has {CELLS} cells (0 for empty, 1-9), not {len(grid)}")
    try:
        packed = grid if type(grid) is bytes else bytes(grid)
    except (TypeError, ValueError):
        bad = next((v for v in grid if not isinstance(v, int) or not 0 <= v <= 9), None)
        raise ValueError(f"a grid's values are 0 (empty) to 9, not {bad!r}") from None
    if packed.translate(None, _VALUES):  # (what is left once 0-9 are taken out: a byte above 9)
        cell = next(k for k, v in enumerate(packed) if v > 9)
        raise ValueError(f"a grid's values are 0 (empty) to 9, not {packed[cell]} (cell {cell})")
    return packed


def count_solutions(grid: Sequence[int] | bytes, limit: int = 2) -> int:
    """How many solutions ``grid`` has, counted up to ``limit`` (the search stops there): 0 when
    the givens clash or nothing completes them. ValueError for a grid that is not 81 values
    0-9, or a limit below 1."""
    packed = checked(grid)
    if limit < 1:
        raise ValueError(f"the limit of a count is 1 or more, not {limit}")
    fast = native.solution_counter()
    if fast is not None:
        return fast(packed, limit)
    return count_pure(packed, limit)


def count_pure(packed: bytes, limit: int) -> int:
    """The pure count (the reference): a depth-first search that places a naked single (a cell
    with one possible value) or a hidden single (a value with one place in a unit) where there
    is one, else tries each value of the cell with the fewest."""
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for i, v in enumerate(packed):
        if v:
            b = 1 << (v - 1)
            r, c, x = ROW[i], COL[i], BOX[i]
            if (rows[r] | cols[c] | boxes[x]) & b:
                return 0
            rows[r] |= b
            cols[c] |= b
            boxes[x] |= b
    open_cells = {i for i, v in enumerate(packed) if not v}
    found = 0

    def place(i: int, b: int) -> None:
        r, c, x = ROW[i], COL[i], BOX[i]
        open_cells.discard(i)
        rows[r] |= b
        cols[c] |= b
        boxes[x] |= b
        search()
        rows[r] ^= b
        cols[c] ^= b
        boxes[x] ^= b
        open_cells.add(i)

    def search() -> None:
        nonlocal found
        if not open_cells:
            found += 1
            return
        masks = {}
        best, best_mask, best_count = -1, 0, 10
        for i in open_cells:
            mask = FULL & ~(rows[ROW[i]] | cols[COL[i]] | boxes[BOX[i]])
            masks[i] = mask
            count = mask.bit_count()
            if count < best_count:
                best, best_mask, best_count = i, mask, count
                if count <= 1:
                    break
        if best_count == 0:
            return
        if best_count > 1:
            held = (*rows, *cols, *boxes)
            for unit, placed in zip(_UNITS, held):
                once = twice = 0
                for i in unit:
                    if i in open_cells:
                        m = masks[i]
                        twice |= once & m
                        once |= m
                if (once | placed) != FULL:  # a value with no place left in the unit
                    return
                single = once & ~twice
                if single:
                    b = single & -single
                    place(next(i for i in unit if i in open_cells and masks[i] & b), b)
                    return
        mask = best_mask
        while mask and found < limit:
            b = mask & -mask
            mask ^= b
            place(best, b)

    search()
    return found


def settles(grid: Sequence[int] | bytes) -> bool:
    """Whether the rules alone solve ``grid``, with no guess: naked singles, hidden singles
    (rows, columns, boxes) and locked candidates (a value of a box on one row or column of it
    leaves the rest of that line, a value of a row or column in one box leaves the rest of that
    box), until none finds anything. False when they stop short or the givens clash; True says
    the grid has one solution, and that Sudoku Explainer rates it 2.8 (claiming) at most: each
    step it takes is the easiest the grid offers, and these rules go on offering one. The
    generator's quick rejection (``tools/making/tasks``). ValueError as ``checked``'s."""
    packed = checked(grid)
    fast = native.settler()
    if fast is not None:
        return fast(packed)
    return settles_pure(packed)


#: each cell's 20 peers
_PEERS = [
    frozenset(
        k
        for k in range(CELLS)
        if k != i and (ROW[k] == ROW[i] or COL[k] == COL[i] or BOX[k] == BOX[i])
    )
    for i in range(CELLS)
]


def settles_pure(packed: bytes) -> bool:
    """``settles`` in Python (the reference)."""
    cands = [FULL] * CELLS
    placed = [False] * CELLS

    def place(i: int, b: int) -> bool:
        """b in cell i, and out of its peers (False: it was not a candidate there)."""
        if not cands[i] & b:
            return False
        cands[i], placed[i] = b, True
        for k in _PEERS[i]:
            cands[k] &= ~b
        return True

    for i, v in enumerate(packed):
        if v and not place(i, 1 << (v - 1)):
            return False  # (two givens of a value see each other)
    changed = True
    while changed:
        changed = False
        for i in range(CELLS):
            if not cands[i]:
                return False
            if not placed[i] and cands[i].bit_count() == 1:
                changed = place(i, cands[i]) or changed
        for unit in _UNITS:
            for b in (1 << d for d in range(9)):
                where = [i for i in unit if cands[i] & b]
                if not where:
                    return False
                if len(where) == 1 and not placed[where[0]]:
                    changed = place(where[0], b) or changed
                elif len(where) > 1:
                    changed = _locked(where, b, cands) or changed
    return all(placed)


def _locked(where: list[int], b: int, cands: list[int]) -> bool:
    """Locked candidates of value ``b`` whose places in a unit are ``where``: all in one box,
    the rest of the box loses it; all in one row or column, the rest of it loses it (whether
    anything went)."""
    gone = False
    for of in (ROW, COL, BOX):
        if len({of[i] for i in where}) == 1:
            line = of[where[0]]
            for k in range(CELLS):
                if of[k] == line and k not in where and cands[k] & b:
                    cands[k] &= ~b
                    gone = True
    return gone
