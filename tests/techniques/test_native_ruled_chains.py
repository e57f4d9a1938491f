"""The C chain search on variant rules (``native_chains.shaped_*`` on a layout's geometry)
against the pure searches, the reference: on serate's candidates before the steps of the
goldens of every rule family (tests/data/rules/serate_chains/, serate_nested/) and on grids a
few steps along from them, the aligned pair and triplet exclusions, the cycles and forcing X/Y
chains and the forcing chains of level 0 (Nishio, multiple, dynamic) find the same findings in
the same order: hints, complexities and shapes (where the chains start, the first chain's
target, a cycle's cells, every chain's walk), which make serate's lines. Then a geometry the
C cannot take is refused with one line."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from sudoku_repl.core.rules import parse
from sudoku_repl.techniques.explainer import chains, exclusion, forcing, native, native_chains
from sudoku_repl.techniques.explainer.chains import CYCLE_ORIGIN, Found
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.potentials import Potential
from sudoku_repl.techniques.explainer.ruled import RuledGrid, layout_of
from tests.support.helpers import SLOW, TEST_DATA
from tests.support.sweeps import sanitized, sweep
from tests.techniques.test_se_variant_chains import entries, serate_grid

pytestmark = pytest.mark.skipif(not native.active(), reason=native.build())

FOLDERS = (TEST_DATA / "rules" / "serate_chains", TEST_DATA / "rules" / "serate_nested")
#: the families the quick run holds, a state each (a diagonal's extra regions, no blocks, a
#: leap, windows, disjoint groups); the others and more states each run with the slow tests
QUICK = ("x", "latin", "antiknight", "windoku", "dg")
#: the level 0 chainers: Nishio, multiple and dynamic forcing chains
MODES = ((False, True, True), (True, False, False), (True, True, False))


def _cases() -> list[object]:
    cases: list[object] = []
    for folder in FOLDERS:
        for states in sorted(folder.glob("*.states")):
            stem = states.stem
            quick = folder.name == "serate_chains" and stem in QUICK
            held = sweep(entries(stem, folder), sanitized(1, 1) if quick else 3)
            for k, entry in enumerate(held if not quick else held[:1]):
                case = (folder.name, stem, entry.state)
                slow = not quick or k > 0
                cases.append(pytest.param(*case, marks=SLOW) if slow else case)
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
    for grid in along(start, 0 if folder == "serate_chains" and stem in QUICK else 2):
        for degree in (2, 3):
            ours = native_chains.shaped_exclusion(grid, degree)
            assert ours is not None
            assert list(ours) == list(exclusion.aligned_groups(grid, degree))
        _same(native_chains.shaped_cycles(grid, None), chains.cycles_and_chains_found(grid))
        for mode in MODES:
            pure = forcing.Chainer(*mode).found(grid)
            _same(native_chains.shaped_chains(grid, *mode, None), pure)


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
    assert lay.geometry.native is not None  # made once, kept on the geometry
    kept = lay.geometry.native
    native_chains.shaped_cycles(ruled, None)
    assert lay.geometry.native is kept


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


def test_a_variant_geometry_takes_level_0_alone() -> None:
    """The "+" rules in C are classic sudoku's: on a variant's geometry the C refuses the
    levels above 0 (the variant set's "+" rules run in Python)."""
    lay = layout_of(parse("x"))
    grid = serate_grid(entries("x", FOLDERS[0])[0].state, lay)
    search = native.se_chainer()
    assert search is not None
    geometry = native_chains.geometry_of(grid)
    with pytest.raises(ValueError, match="^the chain search on a variant's geometry is level 0$"):
        search(grid.values, grid.cands, True, True, False, 1, None, None, 0, None, geometry, True)
