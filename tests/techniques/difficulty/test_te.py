"""T&E-depth (``te.te_depth``) against SHC 6.2's own figures (tests/data/shc/: its examples'
342 puzzles, and 34 states this project chose, SHC's ratings of them kept beside them)."""

from __future__ import annotations

import pytest

from sudoku_repl.techniques.difficulty import native
from sudoku_repl.techniques.difficulty.marks import Marks
from sudoku_repl.techniques.difficulty.solving import Unrated
from sudoku_repl.techniques.difficulty.te import Level, te_depth
from tests.support.helpers import TEST_DATA
from tests.support.sweeps import sweep

SHC = TEST_DATA / "shc"


def shc_examples() -> list[tuple[str, int]]:
    """SHC's TE-input.txt (a puzzle's 81 characters open each line) with TE-output-expected.txt
    (a header line, then one depth a puzzle)."""
    puzzles = [line[:81] for line in (SHC / "TE-input.txt").read_text().splitlines() if line]
    depths = [int(d) for d in (SHC / "TE-output-expected.txt").read_text().splitlines()[1:]]
    assert len(puzzles) == len(depths) == 342
    return list(zip(puzzles, depths))


def more() -> list[tuple[str, int, str]]:
    rows = [line.split() for line in (SHC / "more_te.txt").read_text().splitlines()]
    return [(r[0], int(r[1]), r[2]) for r in rows if r and not r[0].startswith("#")]


EXAMPLES = shc_examples()
#: a sample of SHC's examples over every depth: 3 of depth 0, 4 of 1, 3 of 2, 2 of 3 (two
#: the pure Python rates in about a second each)
SAMPLE = [EXAMPLES[k] for k in (0, 5, 9, 10, 40, 70, 91, 92, 150, 201, 279, 300)]


def test_the_sample_spans_every_depth() -> None:
    assert [d for _, d in SAMPLE] == [0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3]
    assert sorted(d for _, d in EXAMPLES).count(3) == 140


@pytest.mark.parametrize(("puzzle", "depth"), SAMPLE, ids=[p[:12] for p, _ in SAMPLE])
def test_shc_examples_sample(puzzle: str, depth: int, build: str) -> None:
    assert te_depth(Marks.from_sukaku(puzzle)) == Level(value=depth)


@pytest.mark.slow
@pytest.mark.skipif(not native.available(), reason=native.build())
def test_every_shc_example() -> None:
    """SHC's examples on the C: 80 spread over the file (the sample above among them), all
    when sweeping (``SUDOKU_REPL_SWEEP=1``)."""
    native.reset()
    chosen = sweep(EXAMPLES, 80, SAMPLE)
    assert [te_depth(Marks.from_sukaku(p)).value for p, _ in chosen] == [d for _, d in chosen]


def test_shc_figures_on_states_this_project_chose(build: str) -> None:
    rows = more()
    assert len(rows) == 34 and sum(len(p) == 729 for p, _, _ in rows) == 4
    chosen = rows if build == "native" else rows[::6] + rows[-4:]
    for puzzle, depth, source in chosen:
        assert te_depth(Marks.from_sukaku(puzzle)) == Level(value=depth), source


def test_the_search_stops_at_its_limit(build: str) -> None:
    deep = next(p for p, d in SAMPLE if d == 2)
    assert te_depth(Marks.from_sukaku(deep), limit=1) == Level(beyond=1)
    assert str(Level(beyond=1)) == "more than 1" and str(Level(value=2)) == "2"
    with pytest.raises(ValueError):
        Level()
    with pytest.raises(ValueError):
        Level(value=1, beyond=1)


def test_a_state_with_no_solution_or_several_is_unrated(build: str) -> None:
    puzzle = SAMPLE[0][0]
    with pytest.raises(Unrated, match="no solution"):
        te_depth(Marks.from_sukaku("11" + puzzle[2:]))
    with pytest.raises(Unrated, match="more than one solution"):
        te_depth(Marks.from_sukaku("." * 81))
    cands = list(Marks.from_sukaku(puzzle).cands)
    cands[cands.index(next(m for m in cands if m & (m - 1)))] = 0
    with pytest.raises(Unrated, match="no solution"):
        te_depth(Marks(tuple(cands)))
