"""An independent oracle: plain recursive backtracking over a list of 81 ints (0 = empty).

Written from scratch for the tests; it imports nothing from ``sudoku_repl`` so that it cannot
share a bug with the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

Grid = tuple[int, ...]

ROWS = [[r * 9 + c for c in range(9)] for r in range(9)]
COLS = [[r * 9 + c for r in range(9)] for c in range(9)]
BOXES = [
    [(br * 3 + r) * 9 + bc * 3 + c for r in range(3) for c in range(3)]
    for br in range(3)
    for bc in range(3)
]
UNITS = ROWS + COLS + BOXES
PEERS: list[frozenset[int]] = [
    frozenset(j for unit in UNITS if i in unit for j in unit if j != i) for i in range(81)
]
DIGITS = frozenset(range(1, 10))


def givens_clash(grid: Sequence[int]) -> bool:
    """True when a value is given twice in a row, column or box."""
    for unit in UNITS:
        seen = [grid[i] for i in unit if grid[i]]
        if len(seen) != len(set(seen)):
            return True
    return False


def is_solution(grid: Sequence[int], givens: Sequence[int]) -> bool:
    """A complete, valid grid that keeps every given."""
    if len(grid) != 81 or any(g and g != v for g, v in zip(givens, grid)):
        return False
    return all(set(grid[i] for i in unit) == DIGITS for unit in UNITS)


def possible(grid: Sequence[int], i: int) -> set[int]:
    """The values that no peer of cell i holds."""
    return set(DIGITS) - {grid[j] for j in PEERS[i]}


ROW_OF = [i // 9 for i in range(81)]
COL_OF = [i % 9 for i in range(81)]
BOX_OF = [(i // 27) * 3 + (i % 9) // 3 for i in range(81)]
ALL_BITS = 0b1111111110  # bit v stands for value v


def solutions(givens: Sequence[int], limit: int | None = None) -> list[Grid]:
    """Every solution, in no particular order (at most ``limit`` + 1 of them when a limit is
    given, so that ``len(result) > limit`` says "more than limit")."""
    grid = list(givens)
    if len(grid) != 81 or givens_clash(grid):
        return []
    used_row, used_col, used_box = [0] * 9, [0] * 9, [0] * 9
    for i, v in enumerate(grid):
        if v:
            used_row[ROW_OF[i]] |= 1 << v
            used_col[COL_OF[i]] |= 1 << v
            used_box[BOX_OF[i]] |= 1 << v
    empty = [i for i in range(81) if not grid[i]]
    found: list[Grid] = []
    cap = None if limit is None else limit + 1

    def search() -> bool:
        """Fill the open cell with the fewest options, each option in turn. False once the
        cap is reached (stop everything)."""
        best, best_free, best_n = -1, 0, 10
        for i in empty:
            if grid[i]:
                continue
            free = ALL_BITS & ~(used_row[ROW_OF[i]] | used_col[COL_OF[i]] | used_box[BOX_OF[i]])
            n = bin(free).count("1")
            if n < best_n:
                best, best_free, best_n = i, free, n
                if n == 0:
                    return True  # dead end
        if best < 0:
            found.append(tuple(grid))
            return cap is None or len(found) < cap
        r, c, b = ROW_OF[best], COL_OF[best], BOX_OF[best]
        for v in range(1, 10):
            bit = 1 << v
            if not best_free & bit:
                continue
            grid[best] = v
            used_row[r] |= bit
            used_col[c] |= bit
            used_box[b] |= bit
            going = search()
            grid[best] = 0
            used_row[r] &= ~bit
            used_col[c] &= ~bit
            used_box[b] &= ~bit
            if not going:
                return False
        return True

    search()
    return found


def count_solutions(givens: Sequence[int], limit: int | None = None) -> int:
    """How many solutions (``limit`` + 1 means "more than limit")."""
    return len(solutions(givens, limit))
