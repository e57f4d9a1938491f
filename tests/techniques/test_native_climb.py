"""The rating's whole loop in C (``native_ladder.climb`` over every technique, the chains'
too: ``csrc/se_rating.c``): a rating crosses into C once, and gives the path that the loop
over the techniques' own doors gives (each a call into C, the first hint of the first technique
that finds one, in Python), step for step, names included; and it stops at the deadline and at
the poll inside a chain search, as that loop does."""

from __future__ import annotations

import time

import pytest

from sudoku_repl.techniques.explainer import native, native_ladder, rating
from sudoku_repl.techniques.explainer.grid import Grid
from tests.support.helpers import TEST_DATA, read_lines
from tests.support.sweeps import sanitized

pytestmark = pytest.mark.skipif(not native.active(), reason=native.build())

SLICE = [line.split()[0] for line in read_lines(TEST_DATA / "se_rated_slice.txt")]
#: serate 10.3/1.2/1.2, 11.1/11.1/11.1 (its first step already nested chains), 9.5/1.2/1.2
HARD = [
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "98.7..6..75..6......68.....4..3...2...5.9.7.......8..4.1......3..918.5.......2.1.",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
]
ORDER = native_ladder.native_prefix(rating.techniques())
FIRST_CHAIN = 23  # aligned pair exclusion
#: the quizzes climbed: the slice and the hard ones; under the sanitizers every fourth of the
#: slice (the loop over the doors, in Python, is most of the time there) and the hard ones,
#: whose paths go through the chains
CLIMBED = sanitized(SLICE, SLICE[::4]) + HARD


def techniques_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rating's loop over the techniques' own doors from the chains on (the climb in C
    below them alone): each chain technique a whole search of its own."""
    ladder_only = native_ladder.native_prefix

    def below_the_chains(order: object) -> list[native_ladder.Rung | native_ladder.ChainRung]:
        return [r for r in ladder_only(order) if isinstance(r, native_ladder.Rung)]  # type: ignore[arg-type]

    monkeypatch.setattr(native_ladder, "native_prefix", below_the_chains)


def test_one_climb_gives_the_path_of_the_techniques_one_by_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    whole = {p: rating.rate(p, time_limit=None) for p in CLIMBED}
    techniques_one_by_one(monkeypatch)
    for puzzle, result in whole.items():
        assert rating.rate(puzzle, time_limit=None) == result, puzzle
    assert {len(r.steps) for r in whole.values()} != {0}
    assert any(s.hint.technique.startswith("Dynamic") for r in whole.values() for s in r.steps)


#: serate 8.4/1.2/1.2 (tests/data/se_bank_serate.txt): its path takes an aligned exclusion on a
#: grid where the exclusion found nothing a few steps before, a group a changed cell sees: the
#: climb looks again only at the groups a changed cell is in or sees (se_exclusion_since), so a
#: group passed by wrongly rates it 8.5
EXCLUDED_AGAIN = "008040020400005800020100009040302700800050003003806040700004080004700005050010300"


def test_the_climb_looks_again_at_an_exclusion_a_changed_cell_sees(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    whole = rating.rate(EXCLUDED_AGAIN, time_limit=None)
    assert (round(whole.er * 10), round(whole.ep * 10), round(whole.ed * 10)) == (84, 12, 12)
    techniques_one_by_one(monkeypatch)
    assert rating.rate(EXCLUDED_AGAIN, time_limit=None) == whole


#: serate's ER/EP/ED of three of the bank (tests/data/se_bank_serate.txt) whose paths take
#: aligned triplet exclusions on grids where the exclusion found nothing steps before: the climb
#: looks again only at the triplets of a pair whose third a changed cell is, or sees with the
#: pair, or of a pair that holds a changed cell (se_exclusion.c, the thirds kept as bits); the
#: first two's climbs part from the techniques' own path where a changed cell that sees the
#: pair is left out, the third's where a changed cell of the pair is
TRIPLETS_AGAIN = [
    ("009700004100030000003008200000002060210080097080600000005900700000050002700006300", "8.6"),
    ("004720800000009200210004006045000008100050009800000530400200085001400000003096400", "8.8"),
    ("010006090608010007090020100500000800070208010004000003007080060100070305030600040", "8.3"),
]


def test_the_climb_looks_again_at_the_triplets_a_changed_cell_touches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    whole = {p: rating.rate(p, time_limit=None) for p, _ in TRIPLETS_AGAIN}
    for puzzle, er in TRIPLETS_AGAIN:  # (each EP and ED 1.2)
        result = whole[puzzle]
        assert f"{result.er:.1f}/{result.ep:.1f}/{result.ed:.1f}" == f"{er}/1.2/1.2", puzzle
    techniques_one_by_one(monkeypatch)
    for puzzle, result in whole.items():
        assert rating.rate(puzzle, time_limit=None) == result, puzzle


def test_the_deadline_stops_the_climb_at_the_chain_technique_it_came_in() -> None:
    grid = Grid.from_puzzle(HARD[1])  # nothing below the chains applies to it
    before = (grid.values[:], grid.cands[:])
    taken, status, index = native_ladder.climb(
        grid, ORDER, None, None, None, time.monotonic() - 1.0
    )
    assert (taken, status, index) == ([], native_ladder.TIMEOUT, FIRST_CHAIN)
    assert (grid.values, grid.cands) == before
    # a deadline that comes inside a chain search (the quiz's first step takes a tenth of a
    # second and more): the technique searching then, a chain's
    taken, status, index = native_ladder.climb(
        grid, ORDER, None, None, None, time.monotonic() + 0.02
    )
    assert (status, taken) == (native_ladder.TIMEOUT, [])
    assert FIRST_CHAIN <= index < len(ORDER)
    assert (grid.values, grid.cands) == before


def test_the_poll_stops_the_climb_inside_a_chain_search() -> None:
    calls: list[int] = []

    def poll() -> bool:
        calls.append(1)
        return len(calls) > 5

    taken, status, index = native_ladder.climb(Grid.from_puzzle(HARD[1]), ORDER, None, None, poll)
    assert (taken, status, index) == ([], native_ladder.STOPPED, -1)
    assert len(calls) == 6


def test_a_rating_inside_a_ratings_poll_keeps_both_exact() -> None:
    # The chain searches' scratch outlives a call (the next rating takes it): a rating run from
    # inside another's poll, while the outer one's cycles and chainers hold theirs, must make
    # or take its own, and both paths stay serate's (``se_rated_slice.txt``'s figures). Then a
    # rating stopped midway by its poll, and the same puzzle rated again after it.
    if not native.available():
        pytest.skip(f"no native explainer here: {native.build()}")
    rows = [line.split() for line in read_lines(TEST_DATA / "se_rated_slice.txt")]
    outer, inner = rows[1], rows[0]  # 8.2 and 7.3, both through cycles and forcing chains
    assert (outer[1], inner[1]) == ("8.2", "7.3")
    polls, inside = [], []

    def poll() -> bool:
        polls.append(1)
        if len(polls) % 10 == 0 and len(inside) < 4:
            rated = rating.rate(inner[0], None)
            inside.append(f"{rated.er:.1f} {rated.ep:.1f} {rated.ed:.1f}")
        return False

    rated = rating.rate(outer[0], None, poll)
    assert f"{rated.er:.1f} {rated.ep:.1f} {rated.ed:.1f}" == " ".join(outer[1:4])
    assert inside == [" ".join(inner[1:4])] * 4

    with pytest.raises(rating.Interrupted):
        rating.rate(outer[0], None, lambda: len(polls.append(1) or polls) > 100)
    rated = rating.rate(outer[0], None)
    assert f"{rated.er:.1f} {rated.ep:.1f} {rated.ed:.1f}" == " ".join(outer[1:4])


#: a puzzle the maker kept at ER 8.4 (seed 1): its path takes an aligned pair exclusion on a grid
#: where the pair exclusion found nothing steps before, a pair that a changed cell sees with both
#: its cells and is neither of them: the climb looks again only at the pairs a changed cell
#: touches (se_exclusion.c, the firsts kept as bits), so a pair passed by wrongly takes a
#: forcing chain there instead
PAIR_AGAIN = ".2...19.7....89.....6.....865..4..2..7...84....3.....6..751.6..39.....51........."


def test_the_climb_looks_again_at_the_pairs_a_changed_cell_sees(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    whole = rating.rate(PAIR_AGAIN, time_limit=None)
    assert any(s.hint.technique == "Aligned Pair Exclusion" for s in whole.steps)
    techniques_one_by_one(monkeypatch)
    assert rating.rate(PAIR_AGAIN, time_limit=None) == whole


#: serate 8.3/1.2/1.2 (tests/data/se_bank_serate.txt): its path takes two Nishio forcing
#: chains of the 7s on a grid where Nishio found nothing steps before, the 7s' places moved
#: since: the climb looks again only at the values whose places moved (se_chainer_since), so a
#: value passed by wrongly takes a region forcing chain there instead
NISHIO_AGAIN = "001000800009000200680090014040000020700080009006040500063000450050060080000301000"


def test_the_climb_looks_again_at_the_nishio_chains_of_a_value_that_moved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    whole = rating.rate(NISHIO_AGAIN, time_limit=None)
    assert (round(whole.er * 10), round(whole.ep * 10), round(whole.ed * 10)) == (83, 12, 12)
    nishio = [s for s in whole.steps if s.hint.technique.startswith("Nishio")]
    assert [s.hint.eliminations for s in nishio[:2]] == [((66, 7),), ((68, 7),)]
    techniques_one_by_one(monkeypatch)
    assert rating.rate(NISHIO_AGAIN, time_limit=None) == whole


#: serate 8.5/1.2/1.2 (tests/data/se_bank_serate.txt): its path takes a Nishio chain of the 9s
#: on a grid where the 2s' Nishio chains met contradictions too (rated higher: not taken), then
#: the 2s' own on the next grid, their places unchanged: a value whose chains met a
#: contradiction, kept or not, is not known to find nothing (se_chainer_since), so a value
#: passed by wrongly takes a cell forcing chain there instead
NISHIO_MET = "020400008014000500060035000600300100030050080001008004000840070005000640700003090"


def test_the_climb_looks_again_at_the_nishio_chains_of_a_value_that_met_a_contradiction(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    whole = rating.rate(NISHIO_MET, time_limit=None)
    assert (round(whole.er * 10), round(whole.ep * 10), round(whole.ed * 10)) == (85, 12, 12)
    nishio = [s.hint.eliminations for s in whole.steps if s.hint.technique.startswith("Nishio")]
    assert nishio[-3:] == [((48, 9),), ((49, 2),), ((52, 2),)]
    techniques_one_by_one(monkeypatch)
    assert rating.rate(NISHIO_MET, time_limit=None) == whole
