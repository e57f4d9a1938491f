"""A puzzle's vicinity (``tools/making/vicinity.py``: ``generate --near`` and the climb from
a random start): every neighbour found has one solution and is minimal (the tests' own
backtracker says so), is new, and differs from its source by the givens a {-k+k} move and a
reduction can change."""

from __future__ import annotations

import pytest

from sudoku_repl.core.making import Rng
from sudoku_repl.tools.making.vicinity import neighbours
from tests.oracles import brute
from tests.support.helpers import TEST_DATA, read_lines

#: a puzzle of serate's ER 11.1 (tests/data/se_hard_rated.txt's first line of 11 and above)
HARD = next(
    line.split()[0]
    for line in read_lines(TEST_DATA / "se_hard_rated.txt")
    if float(line.split()[1]) >= 11
)


def grid(puzzle: str) -> bytes:
    return bytes(0 if ch in ".0" else int(ch) for ch in puzzle)


def minimal(puzzle: bytes) -> bool:
    return all(
        brute.count_solutions([0 if k == c else v for k, v in enumerate(puzzle)], 2) > 1
        for c in range(81)
        if puzzle[c]
    )


@pytest.mark.parametrize("minus", [1, 2])
def test_neighbours_are_new_minimal_puzzles_near_their_source(minus: int) -> None:
    source = grid(HARD)
    made, found = neighbours(source, Rng(3), minus, 1, lambda: False)
    assert found, "a try near a minimal puzzle finds neighbours"
    assert made >= len(found)
    assert len(set(found)) == len(found) and source not in found
    for near in found[:3]:  # (the backtracker takes seconds on each)
        assert brute.count_solutions(list(near), 2) == 1
        assert minimal(near)
        put_in = sum(1 for c in range(81) if near[c] and near[c] != source[c])
        assert 1 <= put_in <= minus  # the givens put in (the reduction only takes away)


def test_the_same_stream_finds_the_same_neighbours() -> None:
    source = grid(HARD)
    assert neighbours(source, Rng(9), 1, 1, lambda: False) == neighbours(
        source, Rng(9), 1, 1, lambda: False
    )


def test_a_stop_ends_the_tries() -> None:
    assert neighbours(grid(HARD), Rng(1), 1, 5, lambda: True) == (0, [])
