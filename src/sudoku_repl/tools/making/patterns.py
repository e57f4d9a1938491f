"""Puzzles on a pattern (``generate --pattern``, the forum's Patterns Game): givens on
exactly the pattern's cells, one solution, minimal.

A random solution grid read on the pattern's cells seldom has one solution (none in a minute
on a pattern of 26 givens). So the values are searched for, as the game's players do by hand:
from a random solution grid on the pattern, a *step* gives a random cell of the pattern
another value its row, column and box allow, and is kept when the puzzle still has a solution
and no more of them than before (counted up to ``LIMIT``: ``core.counting``), until one is
left or ``STEPS`` steps have been tried. The puzzle found is kept when it is minimal (by the
symmetry's orbits); on the patterns of random minimal puzzles, about one in ten of 25 givens
is, and most of 22. Every draw is the ``Rng``'s: the same stream finds the same puzzle on
either build.
"""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_repl.core.counting import BOX, COL, ROW, count_solutions
from sudoku_repl.core.making import Rng, Symmetry, is_minimal, random_solution

#: solutions counted at most while the values are searched for
LIMIT = 64
#: the steps tried before a start is given up
STEPS = 400

_PEERS = [
    tuple(
        j
        for j in range(81)
        if j != i and (ROW[i] == ROW[j] or COL[i] == COL[j] or BOX[i] == BOX[j])
    )
    for i in range(81)
]


def pattern_puzzle(cells: Sequence[int], rng: Rng, symmetry: Symmetry) -> bytes | None:
    """A minimal puzzle with one solution whose givens are ``cells`` (ascending), or None when
    this start found none (the module's search)."""
    solution = random_solution(rng)
    puzzle = bytearray(81)
    for cell in cells:
        puzzle[cell] = solution[cell]
    count = count_solutions(puzzle, LIMIT)
    for _ in range(STEPS):
        if count == 1:
            break
        cell = cells[rng.below(len(cells))]
        held = {puzzle[j] for j in _PEERS[cell]}
        others = [v for v in range(1, 10) if v != puzzle[cell] and v not in held]
        if not others:
            continue
        before = puzzle[cell]
        puzzle[cell] = others[rng.below(len(others))]
        now = count_solutions(puzzle, LIMIT)
        if 1 <= now <= count:
            count = now
        else:
            puzzle[cell] = before
    if count != 1 or not is_minimal(puzzle, symmetry):
        return None
    return bytes(puzzle)
