"""The C chain search on variant rules (``native_chains.shaped_*`` on a layout's geometry)
against the pure searches, the reference: on serate's candidates before the steps of the
goldens of every rule family (tests/data/rules/serate_chains/, serate_nested/) and on grids a
few steps along from them, the aligned pair and triplet exclusions, the cycles and forcing X/Y
chains, the forcing chains of level 0 (Nishio, multiple, dynamic), the dynamic forcing chains
(+) and the nested ones (levels 2-4, their "+" the family's technique set's) find the same
findings in the same order: hints, complexities and shapes (where the chains start, the first
chain's target, a cycle's cells, every chain's walk), which make serate's lines. Then what the
C refuses, with one line."""

from __future__ import annotations

import pickle
import re
from collections.abc import Iterator

import pytest

from sudoku_repl.core.rules import parse
from sudoku_repl.techniques.explainer import (
    chains,
    exclusion,
    forcing,
    native,
    native_chains,
    nested,
    ruled_chains,
    ruled_plus,
)
from sudoku_repl.techniques.explainer.chains import CYCLE_ORIGIN, Found
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.potentials import Potential
from sudoku_repl.techniques.explainer.ruled import RuledGrid, layout_of
from tests.support.helpers import SLOW, TEST_DATA
from tests.support.sweeps import either, sweep, sweeping
from tests.techniques.test_se_variant_chains import entries, serate_grid

pytestmark = pytest.mark.skipif(not native.active(), reason=native.build())

FOLDERS = (TEST_DATA / "rules" / "serate_chains", TEST_DATA / "rules" / "serate_nested")
#: the families the quick run holds, a state each (a diagonal's extra regions, no blocks, a
#: leap, windows, disjoint groups); the others' first state runs with the slow tests, and
#: every state of every family (and the grids along from them) when sweeping
QUICK = ("x", "latin", "antiknight", "windoku", "dg")
#: the level 0 chainers: Nishio, multiple and dynamic forcing chains
MODES = ((False, True, True), (True, False, False), (True, True, False))
#: the levels above (level, nesting): dynamic (+), nested 2 and 3, 4 over dynamic chains 0-3
#: (the last two, half a minute of pure Python each on a nested golden's state, when sweeping)
LEVELS = ((1, 0), (2, 0), (3, 0), (4, 0), (4, 1), (4, 2), (4, 3))
#: what the quick run holds on the first state of a family (a second or two of pure Python
#: each): the "+" of a Latin square's set and of the variant set (VLocking, generalized naked
#: pairs), a nested level
QUICK_LEVELS = (("latin", 1, 0), ("x", 1, 0), ("latin", 2, 0))


def _cases() -> list[object]:
    cases: list[object] = []
    for folder in FOLDERS:
        for states in sorted(folder.glob("*.states")):
            stem = states.stem
            quick = folder.name == "serate_chains" and stem in QUICK
            for k, entry in enumerate(sweep(entries(stem, folder), 1)):
                case = (folder.name, stem, entry.state)
                cases.append(case if quick and not k else pytest.param(*case, marks=SLOW))
    return cases


def _walk(target: Potential) -> list[Potential]:
    walked = [target]
    while walked[-1].parents:
        walked.append(walked[-1].parents[0])
    return walked


def pure_shape(found: Found) -> tuple[int, ...]:
    """A pure finding's shape as ``se_found.h`` lays it out, made here from its chains."""
    walks = [_walk(t) for t in found.targets]
    if found.origin == CYCLE_ORIGIN:
        head = [p.cell for p in walks[0]]
    else:
        start, target = walks[0][-1], walks[0][0]
        head = [found.complexity, found.origin, start.cell, start.value, int(start.on),
                target.cell, target.value, int(target.on)]  # fmt: skip
    walked = [n for w in walks for n in (len(w), *(k for p in w for k in (p.cell, p.value, p.on)))]
    return (*head, *walked, len(walked))


def _same(ours: list[native_chains.Shaped] | None, pure: list[Found]) -> None:
    assert ours is not None
    assert [(h, c, s) for h, c, s in ours] == [(f.hint, f.complexity, pure_shape(f)) for f in pure]


def along(grid: RuledGrid, steps: int) -> Iterator[RuledGrid]:
    """The grid, then the grids after each of ``steps`` first findings of the cycles or of the
    dynamic chains (the C's: those held to the pure ones on the grid before)."""
    yield grid
    for _ in range(steps):
        found = native_chains.shaped_cycles(grid, None) or native_chains.shaped_chains(
            grid, True, True, False, None
        )
        if not found:
            return
        grid = grid.copy()
        found[0][0].apply(grid)
        yield grid


@pytest.mark.parametrize(("folder", "stem", "state"), _cases())
def test_the_c_finds_the_pure_findings_on_variant_rules(folder: str, stem: str, state: str) -> None:
    lay = layout_of(parse(stem.replace("_", ",")))
    start = serate_grid(state, lay)
    for grid in along(start, either(0, 2)):
        for degree in (2, 3):
            ours = native_chains.shaped_exclusion(grid, degree)
            assert ours is not None
            assert list(ours) == list(exclusion.aligned_groups(grid, degree))
        _same(native_chains.shaped_cycles(grid, None), chains.cycles_and_chains_found(grid))
        for mode in MODES:
            pure = forcing.Chainer(*mode).found(grid)
            _same(native_chains.shaped_chains(grid, *mode, None), pure)


def _levels() -> list[object]:
    """(folder, stem, state, level, nesting): the quick run's (``QUICK_LEVELS``); a state of
    the nested goldens' each level with the slow tests; every state's when sweeping (minutes
    of pure Python a nested one)."""
    cases: list[object] = [
        ("serate_chains", stem, entries(stem, FOLDERS[0])[0].state, level, nesting)
        for stem, level, nesting in QUICK_LEVELS
    ]
    nested_states = [(s.stem, e.state) for s in sorted(FOLDERS[1].glob("*.states"))
                     for e in entries(s.stem, FOLDERS[1])]  # fmt: skip
    held = sweep(nested_states, 1)
    levels = either(LEVELS[:5], LEVELS)
    slow = [("serate_nested", stem, state, *lv) for stem, state in held for lv in levels]
    if sweeping():
        slow += [("serate_chains", states.stem, e.state, *lv)
                 for states in sorted(FOLDERS[0].glob("*.states"))
                 for e in entries(states.stem, FOLDERS[0]) for lv in LEVELS]  # fmt: skip
    return cases + [pytest.param(*case, marks=SLOW) for case in slow]


@pytest.mark.parametrize(("folder", "stem", "state", "level", "nesting"), _levels())
def test_the_c_finds_the_pure_plus_and_nested_findings(
    folder: str, stem: str, state: str, level: int, nesting: int
) -> None:
    lay = layout_of(parse(stem.replace("_", ",")))
    grid = serate_grid(state, lay)
    plus = ruled_plus.plus(lay.variant, lay.blocks)
    chaining = (
        nested.nested_chainer(level, nesting, None, plus)
        if level >= 2
        else nested.dynamic_chainer(level, None, plus)
    )
    kind = native_chains.plus_of(lay.variant, lay.blocks)
    ours = native_chains.shaped_chains(
        grid, True, True, False, None, level, nesting, kind, chaining.named
    )
    _same(ours, chaining.found(grid))


def test_the_c_takes_the_geometry_of_each_grid() -> None:
    """The same grid's candidates on classic sudoku and on a diagonal's layout: the C's
    findings follow the geometry handed to it (the diagonal's extra regions), and the classic
    grid's are the classic search's."""
    lay = layout_of(parse("x"))
    differ = 0
    for entry in entries("x", FOLDERS[0])[:4]:
        ruled = serate_grid(entry.state, lay)
        classic = Grid(ruled.values[:], ruled.cands[:])
        on_x = native_chains.shaped_chains(ruled, True, True, False, None)
        on_classic = native_chains.shaped_chains(classic, True, True, False, None)
        assert on_x is not None and on_classic is not None
        assert [h for h, _, _ in on_classic] == native_chains.chainer_hints(
            classic, True, True, False, 0
        )
        differ += [h for h, _, _ in on_x] != [h for h, _, _ in on_classic]
    assert differ
    kept = native_chains.geometry_of(ruled)  # made once a geometry
    assert kept is not None and native_chains.geometry_of(ruled.copy()) is kept
    assert native_chains.geometry_of(classic) is None  # classic sudoku's: the C's own


def test_a_layout_searched_in_c_still_pickles() -> None:
    """A rating pool's worker is handed layouts and grids pickled: the C's copy of a geometry
    (a capsule, which does not pickle) is kept beside them, never on them."""
    lay = layout_of(parse("windoku"))
    grid = serate_grid(entries("windoku", FOLDERS[0])[0].state, lay)
    assert native_chains.shaped_cycles(grid, None) is not None
    again = pickle.loads(pickle.dumps(grid))
    assert again.layout == lay and again.cands == grid.cands


@pytest.mark.parametrize(
    ("units", "types", "said"),
    [
        ([tuple(range(8))], [1], "the geometry's units: item 0 is not 9 cells (0-80)"),
        ([tuple(range(9))], [1, 2], "the geometry's unit types: one int a unit"),
        ([tuple(range(9))], [11], "the geometry's unit types are 0-9"),
        ([(0,) * 9], [1], "the geometry: a unit's cells twice"),
        ([tuple(range(9))] * 11, [1] * 11, "the geometry: a cell in 10 units at most"),
    ],
)
def test_a_bad_geometry_is_refused_with_one_line(
    units: list[tuple[int, ...]], types: list[int], said: str
) -> None:
    make = native.se_geometry()
    assert make is not None
    peers = [()] * 81
    with pytest.raises(ValueError, match=f"^{re.escape(said)}$"):
        make(units, types, peers, peers)


@pytest.mark.parametrize("plus", [0, 4, -1])
def test_a_variant_geometry_takes_a_variant_set_of_plus_rules(plus: int) -> None:
    """Above level 0 on a variant's geometry the C takes a variant set of "+" rules (1-3),
    never classic sudoku's (0), nor a number it does not know."""
    lay = layout_of(parse("x"))
    grid = serate_grid(entries("x", FOLDERS[0])[0].state, lay)
    search = native.se_chainer()
    assert search is not None
    geometry = native_chains.geometry_of(grid)
    said = (
        "the \"+\" rules are classic sudoku's (0) or a variant set's (1-3), a variant's "
        "geometry above level 0"
    )
    with pytest.raises(ValueError, match=f"^{re.escape(said)}$"):
        search(grid.values, grid.cands, True, True, False, 1, None, None, 0, None, geometry, True,
               plus)  # fmt: skip


@pytest.mark.parametrize("stem", ["latin", "x"])
def test_the_lines_from_the_c_are_the_pure_searches_lines(
    stem: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each technique of the stretch (``ruled_chains.techniques``) words its hints the same
    from the C's shapes as from the pure searches' chains (the pure build's way, the C's
    doors answering None): the exclusions, cycles and chains of level 0 (the levels above
    word theirs as level 0's, ``ruled_chains._chaining_line``)."""
    lay = layout_of(parse(stem))
    grid = serate_grid(entries(stem, FOLDERS[0])[0].state, lay)
    techniques = ruled_chains.techniques(lay.variant, lay.blocks)[:6]
    ours = [(h, h.text) for _, finder in techniques for h in finder(grid)]
    for door in ("shaped_exclusion", "shaped_cycles", "shaped_chains"):
        monkeypatch.setattr(native_chains, door, lambda *_: None)
    pure = [(h, h.text) for _, finder in techniques for h in finder(grid)]
    assert ours == pure
    assert any(" in " in text for _, text in ours)  # a region forcing chain's line among them
