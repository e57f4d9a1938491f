"""Sudoku Explainer's nested forcing chains on variant rules (``explainer.ruled_chains``' levels
2 to 4, their "+" the variant technique set's) against serate.jar's own steps with the rules'
flags (tests/data/rules/serate_nested/, tests/data/README.md): on the candidates serate printed
before a step of its nested chains, the first hint of the nested chains is serate's, its line
and rating byte for byte, and none of the techniques before them finds a step there; and a
whole path through them, serate's steps and ER/EP/ED."""

from __future__ import annotations

import pytest

from sudoku_repl.core.rules import parse
from sudoku_repl.techniques.explainer import ruled, ruled_chains
from sudoku_repl.techniques.explainer.ruled import RuledGrid, layout_of
from tests.support.helpers import TEST_DATA, variant_modules_once
from tests.support.sweeps import sweep, sweeping
from tests.techniques.test_se_variant_chains import Entry, entries, serate_grid
from tests.techniques.test_se_variants import _golden

pytestmark = variant_modules_once()

GOLDENS = TEST_DATA / "rules" / "serate_nested"
#: serate's nested forcing chains' least rating: its steps rated less are of earlier techniques
NESTED = 95
#: the states the whole anti-king path (``test_a_whole_path_through_the_nested_chains_is_serates``,
#: slow) passes through, its step there held to serate's line: CI holds them there, not twice;
#: the others (a level 3 chain, a level 2 one of a sparser grid) take minutes. Every state is
#: held on its own when sweeping (``SUDOKU_REPL_SWEEP=1``, benchmarks/sweeps.sh)
ON_THE_PATH = frozenset({("antiking", 0, 75)})


def _stems() -> list[str]:
    return sorted(p.stem for p in GOLDENS.glob("*.states"))


def _params() -> list[object]:
    """The states as parameters named by set, puzzle and step: ``ON_THE_PATH``'s, run on their
    own when sweeping (CI holds their steps on the whole path), and every one when sweeping."""
    every = [(stem, entry) for stem in _stems() for entry in entries(stem, GOLDENS)]
    held = pytest.mark.skipif(
        not sweeping(), reason="the sweep's: CI holds this step on the whole path (slow)"
    )
    return [
        pytest.param(stem, entry, id=f"{stem}-{entry.puzzle}-{entry.step}", marks=held)
        for stem, entry in sweep(every, 0, lambda c: (c[0], c[1].puzzle, c[1].step) in ON_THE_PATH)
    ]


def _said(hint_rating: int, text: str) -> str:
    return f"{hint_rating / 10:.1f} {text}"


def _split(stem: str) -> tuple[ruled.Layout, list[tuple[str, ruled.Finder]], list[str]]:
    """The rules' layout, their chain techniques from the nested ones on, and the names of
    those before them."""
    lay = layout_of(parse(stem.replace("_", ",")))
    techniques = ruled_chains.techniques(lay.variant, lay.blocks)
    first = next(i for i, (name, _) in enumerate(techniques) if ruled.TOP[name] >= NESTED)
    return lay, list(techniques[first:]), [name for name, _ in techniques[:first]]


@pytest.mark.parametrize(("stem", "entry"), _params())
def test_the_nested_chains_first_step_is_serates(stem: str, entry: Entry) -> None:
    lay, nested, _ = _split(stem)
    grid = serate_grid(entry.state, lay)
    name, hint = next((name, h) for name, finder in nested for h in finder(grid))
    assert _said(hint.rating, hint.text) == entry.line
    assert name.startswith("nested forcing chains") and hint.rating >= NESTED


@pytest.mark.parametrize(("stem", "entry"), _params())
def test_no_technique_before_the_nested_chains_finds_a_step_there(stem: str, entry: Entry) -> None:
    """The states are where serate's next step is a nested chain: every technique before
    them in the order finds none."""
    lay = layout_of(parse(stem.replace("_", ",")))
    _, nested, before = _split(stem)
    order = ruled.order_of(lay)
    assert [name for name, _ in order[-len(nested) :]] == [name for name, _ in nested]
    grid = serate_grid(entry.state, lay)
    found = [name for name, finder in order[: -len(nested)] if next(finder(grid), None)]
    assert found == [], (entry.puzzle, entry.step, found, before)


@pytest.mark.slow
@pytest.mark.parametrize("stem", sorted(p.stem for p in GOLDENS.glob("*.out")))
def test_a_whole_path_through_the_nested_chains_is_serates(stem: str) -> None:
    """Each golden puzzle rated whole (under ten seconds of pure Python each): serate's steps
    byte for byte, and its ER/EP/ED; the steps at ``ON_THE_PATH``'s states are the nested
    chains' and serate's lines there."""
    lay = layout_of(parse(stem.replace("_", ",")))
    on_the_path = [e for e in entries(stem, GOLDENS) if (stem, e.puzzle, e.step) in ON_THE_PATH]
    for index, (puzzle, steps, figures) in enumerate(_golden(stem, GOLDENS, every=False)):
        rated = ruled.rate_ruled_grid(RuledGrid.of_puzzle(puzzle, lay))
        assert [_said(s.hint.rating, s.hint.text) for s in rated.steps] == steps, puzzle
        assert f"{rated.er:.1f}/{rated.ep:.1f}/{rated.ed:.1f}" == figures, puzzle
        assert any(s.technique.startswith("nested forcing chains") for s in rated.steps)
        for entry in (e for e in on_the_path if e.puzzle == index):
            taken = rated.steps[entry.step]
            assert _said(taken.hint.rating, taken.hint.text) == entry.line
            assert taken.technique.startswith("nested forcing chains")
    assert len(on_the_path) == sum(key[0] == stem for key in ON_THE_PATH)


def test_the_goldens_hold_nested_steps_of_each_state() -> None:
    """Each state is serate's 729-character candidates before a step rated as a nested
    chain is at least, of a puzzle of its set."""
    held = 0
    for stem in _stems():
        puzzles = (GOLDENS / f"{stem}.txt").read_text().split()
        for entry in entries(stem, GOLDENS):
            assert len(entry.state) == 729 and entry.puzzle < len(puzzles)
            assert float(entry.line.split()[0]) * 10 >= NESTED
            held += 1
    assert held


#: serate's nested forcing chains alone (``--techs``: its other techniques off) on candidates
#: of X, windoku, disjoint groups and asterisk (tests/data/rules/serate_nested_alone/), where
#: its earlier chains would take every step of a whole path first: ``PUZZLE`` is a state's
#: number in ``RULES.txt``
ALONE = TEST_DATA / "rules" / "serate_nested_alone"


#: the most candidates of a state whose step CI holds alone: on more, the pure Python's nested
#: chains take seconds a step (the sweep's)
QUICK_MOST = 130
#: the runs' ends CI holds (``RULES``, state): the last steps, then none found at any level
#: (seconds of pure Python: every chainer to level 4 searched); the others, and the runs'
#: first steps on the denser candidates, the sweep's
ENDS_HELD = frozenset({("asterisk", 1)})


def _alone(tails: bool) -> list[object]:
    """The steps held alone (``tails``: False) or the runs' stretches (True): those CI holds
    (``QUICK_MOST``, ``ENDS_HELD``), and every one when sweeping."""
    every = [
        (stem, entry)
        for stem in sorted(p.stem for p in ALONE.glob("*.states"))
        for entry in entries(stem, ALONE)
        if bool(entry.tail) == tails
    ]

    def held(case: tuple[str, Entry]) -> bool:
        stem, entry = case
        if tails:
            return not entry.stopped and (stem, entry.puzzle) in ENDS_HELD
        return sum(ch != "." for ch in entry.state) <= QUICK_MOST

    swept = pytest.mark.skipif(not sweeping(), reason="the sweep's: seconds of pure Python")
    return [
        pytest.param(
            stem,
            entry,
            id=f"{stem}-{entry.puzzle}-{entry.step}",
            marks=[] if held((stem, entry)) else [swept],
        )
        for stem, entry in every
    ]


def _alone_steps(stem: str, state: str, count: int) -> tuple[list[str], bool]:
    """Our nested chains alone (serate's order of them: level 2, 3, then 4 at nesting 0 to 3)
    from serate's candidates, step after step: ``count`` lines, and whether a step follows."""
    lay, nested, _ = _split(stem)
    grid = serate_grid(state, lay)
    ours = []
    for _ in range(count):
        hint = next((h for _, finder in nested for h in finder(grid)), None)
        if hint is None:
            break
        ours.append(_said(hint.rating, hint.text))
        hint.apply(grid)
    return ours, next((True for _, finder in nested for _ in finder(grid)), False)


@pytest.mark.parametrize(("stem", "entry"), _alone(tails=False))
def test_the_nested_chains_alone_take_serates_step(stem: str, entry: Entry) -> None:
    """Steps of serate's runs of its nested chains alone held on their own: each run's last
    (its sparsest candidates: under a second of pure Python where the run went far) and its
    first region forcing chain in a region of the rules (a diagonal, a window, ...)."""
    lay, nested, _ = _split(stem)
    grid = serate_grid(entry.state, lay)
    hint = next(h for _, finder in nested for h in finder(grid))
    assert _said(hint.rating, hint.text) == entry.line


@pytest.mark.parametrize(("stem", "entry"), _alone(tails=True))
def test_the_nested_chains_alone_follow_serates_run(stem: str, entry: Entry) -> None:
    """serate's run of its nested chains alone: its first steps from each state (seconds of
    pure Python a step), and its last ones, after which it found none (its 20.0): neither
    do ours, every level searched to its end."""
    ours, more = _alone_steps(stem, entry.state, len(entry.tail))
    assert ours == list(entry.tail)
    assert more == entry.stopped


def test_the_nested_chains_alone_are_held_under_each_extra_region() -> None:
    """Each extra region's rules have steps, runs' heads and ends, and a step of a chain
    in one of its regions (``in Main Diagonal``, ``in Asterisk group``, ...)."""
    stems = sorted(p.stem for p in ALONE.glob("*.states"))
    assert stems == ["asterisk", "dg", "windoku", "x"]
    for stem in stems:
        # serate's NestedForcingChain: its six chainers, level 2, 3, then 4 at nesting 0-3
        assert [ruled.TOP[name] for name, _ in _split(stem)[1]] == [95, 100, 105, 105, 105, 105]
        held = entries(stem, ALONE)
        starts = (ALONE / f"{stem}.txt").read_text().split()
        assert {e.puzzle for e in held} == set(range(len(starts)))
        assert all(len(e.state) == 729 for e in held)
        assert any(e.stopped for e in held) and any(e.tail and not e.stopped for e in held)
        lines = [line for e in held for line in (e.tail or (e.line,))]
        assert all(float(line.split()[0]) * 10 >= NESTED for line in lines)
        regions = {line.split(" in ", 1)[1].split(" ==>")[0] for line in lines if " in " in line}
        assert regions - {"block", "row", "column"}, stem
