"""Sudoku Explainer's rating stopped early: ``rate(..., below=X)`` stops
before a step rated above X and tries none of the techniques that all rate above X;
``rate(..., above=X)`` stops once it has taken a step rated above X; and the floors that let
``below`` skip techniques are never above a rating the technique gives.

The puzzles' figures are the committed ones (``tests/data/se_rated_slice.txt``: the bank's ER,
serate's EP and ED), not this code's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sudoku_repl.techniques.explainer import rating
from sudoku_repl.techniques.explainer.floors import cut, floors
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.hint import Finder, Hint
from tests.support.helpers import TEST_DATA, read_lines

SLICE = [line.split() for line in read_lines(TEST_DATA / "se_rated_slice.txt")]


def committed(k: int) -> tuple[str, float, float, float]:
    """Line ``k`` (from 1) of the slice: the puzzle and its ER, EP, ED."""
    puzzle, er, ep, ed = SLICE[k - 1]
    return puzzle, float(er), float(ep), float(ed)


def watched(
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[list[tuple[str, int]], list[int]]:
    """Every technique of the rating wrapped: (its name, the rating of each hint it gives) are
    written down as they are given, and the names of those that were tried."""
    order = rating.techniques()
    level = floors(order)
    given: list[tuple[str, int]] = []
    tried: list[int] = []

    def wrap(k: int, name: str, finder: Finder) -> Finder:
        def find(grid: Grid) -> Iterator[Hint]:
            tried.append(k)
            for hint in finder(grid):
                given.append((name, hint.rating))
                yield hint

        return find

    wrapped = tuple((name, wrap(k, name, f)) for k, (name, f) in enumerate(order))
    monkeypatch.setattr(rating, "techniques", lambda poll=None: wrapped)
    monkeypatch.setattr(rating, "cut", lambda order, below: _cut_of(level, below))
    return given, tried


def _cut_of(level: list[int], below: int) -> int:
    """``floors.cut`` of the techniques' own floors (the wrapped finders carry no ``base``)."""
    end = len(level)
    while end > 0 and level[end - 1] > below:
        end -= 1
    return end


def test_no_technique_gives_a_hint_below_its_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    order = rating.techniques()
    level = dict(zip([name for name, _ in order], floors(order), strict=True))
    given, _ = watched(monkeypatch)
    for k in (2, 3, 7, 8, 13, 16, 19, 34):  # ER 5.4 to 8.2, a first step 2.0 to 2.6
        puzzle, er, _, _ = committed(k)
        assert rating.rate(puzzle).er == er
    names = {name for name, _ in given}
    assert {"hidden single", "naked single", "cycles and forcing chains"} <= names
    assert [(name, r) for name, r in given if r < level[name]] == []


def test_the_cut_keeps_every_technique_that_may_rate_at_or_below_x() -> None:
    order = rating.techniques()
    names = [name for name, _ in order]
    # from the docs' table (docs/se_rating.md): Nishio 7.5 +, cell and region chains 8.0 +,
    # dynamic 8.5 +, dynamic (+) 9.0 +, nested 9.5, 10.0, 10.5 (four of them) +
    nested = [
        "nested forcing chains (+ forcing chains)",
        "nested forcing chains (+ multiple forcing chains)",
        *(f"nested forcing chains (+ dynamic forcing chains, {n})" for n in range(4)),
    ]
    assert names[cut(order, 74) :] == [
        "aligned triplet exclusion",
        "nishio",
        "multiple forcing chains",
        "dynamic forcing chains",
        "dynamic forcing chains (+)",
        *nested,
    ]
    assert names[cut(order, 84) :] == [
        "dynamic forcing chains",
        "dynamic forcing chains (+)",
        *nested,
    ]
    assert names[cut(order, 99) :] == nested[1:]
    assert names[cut(order, 100) :] == nested[2:]
    assert cut(order, 105) == len(order)
    assert cut(order, 9) == 0


@pytest.mark.parametrize("k", [2, 3])  # ER 8.2, 7.2
def test_below_x_stops_before_the_step_above_x_and_never_tries_what_rates_above(
    monkeypatch: pytest.MonkeyPatch, k: int
) -> None:
    puzzle, er, ep, ed = committed(k)
    given, tried = watched(monkeypatch)
    result = rating.rate(puzzle, below=7.0)
    assert result.known_above == 7.0 and result.er_is_lower_bound
    assert result.er <= 7.0 < er
    assert (result.ep, result.ed) == (ep, ed)  # reached before the stop (both 1.2)
    assert all(r <= 70 for _, r in given[:-1])  # no step above 7.0 taken
    order = [name for name, _ in rating.techniques()]
    never = {"nishio", "multiple forcing chains", "dynamic forcing chains"}
    assert never.isdisjoint(order[t] for t in tried)


def test_below_at_the_er_rates_the_puzzle_whole() -> None:
    puzzle, er, ep, ed = committed(13)  # 7.2 / 7.2 / 2.6
    result = rating.rate(puzzle, below=er)
    assert (result.er, result.ep, result.ed, result.known_above) == (er, ep, ed, None)
    assert not result.er_is_lower_bound


def test_above_x_stops_after_the_first_step_above_x() -> None:
    puzzle, er, _, ed = committed(16)  # 7.1 / 3.4 / 2.6
    result = rating.rate(puzzle, above=3.0)
    assert result.known_above == 3.0 and result.er_is_lower_bound
    assert result.ed == ed and 3.0 < result.er <= er
    assert [s.rating > 3.0 for s in result.steps].index(True) == len(result.steps) - 1
    whole = rating.rate(puzzle, above=er)
    assert (whole.er, whole.known_above) == (er, None)
