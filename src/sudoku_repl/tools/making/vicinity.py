"""A puzzle's vicinity (``generate --near``), as the hardest-puzzle hunters search it:
its {-k+k} neighbours, the minimal puzzles with one solution that differ from it by k givens
taken away and k put in.

A *try* takes k of the puzzle's givens away (drawn at random), puts k-1 givens back on empty
cells drawn at random, with their values in a random completion of what is left (so that it
still has a solution), then looks at every last given that could go in: each cell left empty,
each value its row, column and box allow. Every one that leaves exactly one solution is a
neighbour; one that leaves some given no longer needed is made minimal (the givens that can go
taken away in a random order: ``core.making.minimal_puzzle``). The hunters' {-1+1} is k = 1:
every neighbour a given away makes, all found by one try. Every draw is the ``Rng``'s, and
every count ``core.counting``'s, so the same stream finds the same neighbours on either build.
"""

from __future__ import annotations

from collections.abc import Callable

from sudoku_repl.core.counting import BOX, COL, FULL, ROW, count_solutions
from sudoku_repl.core.making import Rng, drawn, is_minimal, minimal_puzzle, random_completion


def neighbours(
    source: bytes, rng: Rng, minus: int, tries: int, stop: Callable[[], bool]
) -> tuple[int, list[bytes]]:
    """The {-minus+minus} neighbours ``tries`` tries find (the module's *try*), in the order
    found, each once and never ``source``; with how many puzzles the tries made (each tested
    for one solution and minimality). Stops early once ``stop()``."""
    givens = [c for c in range(81) if source[c]]
    seen = {source}
    found: list[bytes] = []
    made = 0
    for _ in range(tries):
        if stop():
            break
        puzzle = bytearray(source)
        for cell in drawn(givens, minus, rng):
            puzzle[cell] = 0
        if minus > 1:
            completed = random_completion(bytes(puzzle), rng)
            if completed is None:  # (a source with no solution: none near it has one)
                break
            empty = [c for c in range(81) if not puzzle[c]]
            for cell in drawn(empty, minus - 1, rng):
                puzzle[cell] = completed[cell]
        for cell, value in _last_givens(puzzle):
            puzzle[cell] = value
            if count_solutions(puzzle) == 1:
                made += 1
                near = bytes(puzzle)
                if not is_minimal(near):
                    reduced = minimal_puzzle(near, rng)
                    assert reduced is not None  # (no pattern: always one)
                    near = bytes(reduced)
                if near not in seen:
                    seen.add(near)
                    found.append(near)
            puzzle[cell] = 0
    return made, found


def _last_givens(puzzle: bytearray) -> list[tuple[int, int]]:
    """Every (cell, value) that may go in: the empty cells in order, each value its row,
    column and box do not hold, ascending."""
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for i, v in enumerate(puzzle):
        if v:
            bit = 1 << (v - 1)
            rows[ROW[i]] |= bit
            cols[COL[i]] |= bit
            boxes[BOX[i]] |= bit
    out = []
    for i, v in enumerate(puzzle):
        if not v:
            free = FULL & ~(rows[ROW[i]] | cols[COL[i]] | boxes[BOX[i]])
            out += [(i, d + 1) for d in range(9) if free >> d & 1]
    return out
