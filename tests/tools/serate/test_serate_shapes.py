"""The shape the C hands back with each step of a rating (``Step.shape``: what serate's
description and name of the very finding the step applied say, ``serate_shapes``) is the one
the Python finders, the reference, find again for the step: on every step of the rating paths
of a sample of serate's goldens' bank sample (``PUZZLES``: singles to the dynamic forcing
chains), and of the first of its hard puzzles for the steps' descriptions (ER 10.2: the nested
forcing chains). A chain's shape carries its chains too (each target's walked back by first
parents, for a plan's links): they are the ones the Python finders find again."""

from __future__ import annotations

from collections import Counter

import pytest

from sudoku_repl.techniques.explainer import native
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.rating import rate_grid
from sudoku_repl.tools.explain.plan import chain_finding
from sudoku_repl.tools.serate.shapes import carried_chains, chains_of, found_shape, shape
from tests.support.helpers import TEST_DATA, read_lines
from tests.support.sweeps import sweep

pytestmark = pytest.mark.skipif(not native.active(), reason=native.build())

BANK = [line.split()[0] for line in read_lines(TEST_DATA / "serate" / "bank_sample.txt")]
#: the sample of the bank: four spread, and the two whose paths take the most chains (ten each),
#: so that the chains the Python finds again are still past a hundred with the hard puzzle's;
#: every kind of shape the test names is among them (the sweep: the whole bank)
PUZZLES = [
    *sweep(BANK, 4, keep=(BANK[9], BANK[18])),
    read_lines(TEST_DATA / "serate" / "hard_steps.txt")[0].split()[0],
]


def test_the_c_hands_back_the_shape_the_python_finds_again() -> None:
    techniques: Counter[str] = Counter()
    chains = 0
    for puzzle in PUZZLES:
        grid = Grid.from_puzzle(puzzle)
        for step in rate_grid(grid.copy(), None).steps:
            assert step.shape is not None
            assert shape(step, grid) == found_shape(step, grid), (puzzle, step)
            carried = carried_chains(step)
            if carried is not None:
                found = chain_finding(step, shape(step, grid), grid)
                assert carried == chains_of(found), (puzzle, step)
                chains += 1
            techniques[step.technique] += 1
            step.hint.apply(grid)
    assert chains > 100
    # every kind of shape was among them: sets, fish, wings, links, loops, chains, the nested
    assert {
        "hidden single",
        "pointing and claiming",
        "naked pair",
        "x-wing",
        "turbot fish",
        "wxyz-wing",
        "unique loops",
        "cycles and forcing chains",
        "multiple forcing chains",
        "dynamic forcing chains",
        "nested forcing chains (+ forcing chains)",
    } <= set(techniques), techniques
