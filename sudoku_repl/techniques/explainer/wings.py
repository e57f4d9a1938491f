"""XY-Wing (4.2) and XYZ-Wing (4.4)."""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_repl.techniques.explainer.grid import BIT_COUNT, MASK_DIGITS, PEERS, PEER_SETS, Grid
from sudoku_repl.techniques.explainer.hint import Finder, Hint


def xy_wing(xyz: bool) -> Finder:
    """A pivot (xy, or xyz) seeing two bivalue wings xz and yz: z goes from the cells that see
    both wings (and the pivot, for XYZ)."""
    pivot_size = 3 if xyz else 2

    def finder(grid: Grid) -> Iterator[Hint]:
        cands = grid.cands
        for pivot in range(81):
            pm = cands[pivot]
            if BIT_COUNT[pm] != pivot_size:
                continue
            wings = [c for c in PEERS[pivot] if BIT_COUNT[cands[c]] == 2]
            for i, w1 in enumerate(wings):
                for w2 in wings[i + 1 :]:
                    m1, m2 = cands[w1], cands[w2]
                    if m1 == m2:
                        continue
                    z = m1 & m2
                    if BIT_COUNT[z] != 1:
                        continue
                    if xyz:
                        if (m1 | m2) != pm:
                            continue
                    elif z & pm or (m1 | m2) & ~z != pm:
                        continue
                    value = MASK_DIGITS[z][0]
                    targets = PEER_SETS[w1] & PEER_SETS[w2]
                    if xyz:
                        targets &= PEER_SETS[pivot]
                    removals = tuple(
                        (cell, value)
                        for cell in sorted(targets)
                        if cell != pivot and cands[cell] & z
                    )
                    if removals:
                        yield Hint("XYZ-Wing" if xyz else "XY-Wing", 44 if xyz else 42, removals)

    return finder
