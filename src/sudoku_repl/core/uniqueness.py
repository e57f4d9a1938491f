"""Counting solutions, fast and only as far as asked: does a quiz have exactly one?

A plain bitmask depth-first search (the empty cell with the fewest possible values first). It is
not the stepping engine: it cannot pause and prints nothing, and ``generate`` calls it many times
per quiz, where only "none, one, or more" matters.
"""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_repl.core.counting import BOX, COL, FULL, ROW

Grid = tuple[int, ...]


def solutions(givens: Sequence[int], limit: int = 2) -> list[Grid]:
    """Up to ``limit`` solutions of a quiz (0 = empty), in the order the search meets them;
    [] when the givens clash or there is none."""
    grid = list(givens)
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for i, v in enumerate(grid):
        if v:
            b = 1 << (v - 1)
            r, c, x = ROW[i], COL[i], BOX[i]
            if (rows[r] | cols[c] | boxes[x]) & b:
                return []
            rows[r] |= b
            cols[c] |= b
            boxes[x] |= b
    empty = [i for i, v in enumerate(grid) if not v]
    found: list[Grid] = []

    def search(n: int) -> None:
        # n = how many cells of ``empty`` are still open (they are empty[:n])
        if n == 0:
            found.append(tuple(grid))
            return
        best, best_mask, best_count = -1, 0, 10
        for k in range(n):
            i = empty[k]
            mask = FULL & ~(rows[ROW[i]] | cols[COL[i]] | boxes[BOX[i]])
            count = mask.bit_count()
            if count < best_count:
                best, best_mask, best_count = k, mask, count
                if count <= 1:
                    break
        if best_count == 0:
            return
        i = empty[best]
        empty[best], empty[n - 1] = empty[n - 1], i
        r, c, x = ROW[i], COL[i], BOX[i]
        mask = best_mask
        while mask and len(found) < limit:
            b = mask & -mask
            mask ^= b
            rows[r] |= b
            cols[c] |= b
            boxes[x] |= b
            grid[i] = b.bit_length()
            search(n - 1)
            rows[r] ^= b
            cols[c] ^= b
            boxes[x] ^= b
        grid[i] = 0
        empty[best], empty[n - 1] = empty[n - 1], empty[best]

    search(len(empty))
    return found
