"""Sudoku Explainer's exclusions and chains on variant rules (``explainer.ruled_chains``)
against serate.jar's own steps with the rules' flags (tests/data/rules/serate_chains/,
tests/data/README.md), on the candidates serate printed before each step: the first of the
techniques from the aligned pair exclusion on that finds a step finds serate's, its line and
rating byte for byte (the nested forcing chains' steps: ``test_se_variant_nested``). And
serate's paths from a step on, where the rest needs no technique of the stretch not ported:
the same steps, to the end or to where serate's next step is past the chains ported."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from sudoku_repl.core.rules import parse
from sudoku_repl.techniques.explainer import ruled, ruled_chains
from sudoku_repl.techniques.explainer.ruled import Beyond, Layout, RuledGrid, layout_of
from tests.support.helpers import TEST_DATA, slow_cases, variant_modules_once
from tests.support.serate_variant_lines import in_stretch
from tests.support.sweeps import either, sweep

pytestmark = variant_modules_once()

GOLDENS = TEST_DATA / "rules" / "serate_chains"
#: the sets the quick run holds (the diagonals' extra regions, no blocks, a leap): the others'
#: chains, seconds of pure Python each, run with the slow tests
QUICK = frozenset(("x", "latin", "antiking"))
#: the step of each set of the slow run it holds (``sweeps.sweep``: all when sweeping): its
#: first, or (puzzle, step) named here where the first takes the pure Python several seconds
#: more (a dynamic chain of a sparser grid) than another of the set's dynamic chains
SLOW_HELD = {"antiknight": (0, 18), "toroidal_antiking": (0, 95)}
#: how many steps of a tail up to where serate's run was stopped are held (all when sweeping)
STOPPED_STEPS = 3
#: the least rating of a step past the techniques ported (the nested forcing chains)
PAST = 9.5


def serate_grid(state: str, lay: Layout) -> RuledGrid:
    """serate's grid of its 729-character candidates' line (``Grid.fromString``, then
    ``adjustPencilmarks``: a cell of one candidate none of its visible cells holds is a
    value)."""
    cands = [0] * 81
    for index, ch in enumerate(state):
        if ch != ".":
            cands[index // 9] |= 1 << int(ch)
    values = [0] * 81
    for cell, mask in enumerate(cands):
        if mask & (mask - 1) == 0 and not any(cands[p] & mask for p in lay.peers[cell]):
            values[cell], cands[cell] = mask.bit_length() - 1, 0
    return RuledGrid(values, cands, lay)


class Entry(NamedTuple):
    """A step of ``RULES.states``: where it is in serate's paths, serate's candidates before
    it and its line; for a tail, the path's lines from there to its end."""

    puzzle: int
    step: int
    state: str
    line: str
    tail: tuple[str, ...]
    #: the tail is the path's lines up to where serate's run was stopped (not its end)
    stopped: bool


def entries(stem: str, folder: Path = GOLDENS) -> list[Entry]:
    """The steps of ``folder/RULES.states``."""
    lines = (folder / f"{stem}.states").read_text().splitlines()
    found = []
    at = 0
    while at < len(lines):
        head = lines[at].split()
        count = int(head[3]) if head[2:3] == ["tail"] else 1
        said = tuple(lines[at + 2 : at + 2 + count])
        found.append(Entry(int(head[0]), int(head[1]), lines[at + 1], said[0],
                           said if head[2:3] else (), head[4:] == ["stopped"]))  # fmt: skip
        at += 2 + count
    return found


def _stems() -> list[str]:
    return sorted(p.stem for p in GOLDENS.glob("*.states"))


def _held(stem: str) -> list[Entry]:
    """The steps of the stretch a set's test holds: all of a quick set's; of the others (each
    step seconds of pure Python, the slow tests') a sample, all when sweeping."""
    held = [entry for entry in entries(stem) if in_stretch(entry.line)]
    if stem in QUICK:
        return held
    named = SLOW_HELD.get(stem)
    if named is None:
        return sweep(held, 1)
    return sweep(held, 0, lambda entry: (entry.puzzle, entry.step) == named)


def _said(rating: int, text: str) -> str:
    return f"{rating / 10:.1f} {text}"


@pytest.mark.parametrize("stem", slow_cases(_stems(), lambda stem: stem not in QUICK))
def test_the_first_step_of_the_chains_is_serates(stem: str) -> None:
    lay = layout_of(parse(stem.replace("_", ",")))
    techniques = ruled_chains.techniques(lay.variant, lay.blocks)
    checked = 0
    for entry in _held(stem):
        grid = serate_grid(entry.state, lay)
        hint = next(h for _, finder in techniques for h in finder(grid))
        assert _said(hint.rating, hint.text) == entry.line
        checked += 1
    assert checked


def test_every_kind_of_chain_is_held() -> None:
    """The goldens hold a step of each kind of the techniques ported (serate's minimal
    puzzles here take no aligned pair exclusion), and steps past them."""
    lines = [entry.line for stem in _stems() for entry in entries(stem)]
    named = {line.split(" ", 1)[1].split(":")[0] for line in lines if in_stretch(line)}
    assert named >= {"Aligned Triplet Exclusion", "Forcing Chain", "Nishio Forcing Chain",
                     "Region Forcing Chains", "Cell Forcing Chains",
                     "Contradiction Forcing Chain", "Double Forcing Chain"}  # fmt: skip
    assert any(float(line.split()[0]) >= PAST for line in lines)


@pytest.mark.parametrize("stem", slow_cases(_stems(), lambda stem: stem not in QUICK))
def test_a_path_through_the_chains_is_serates(stem: str) -> None:
    lay = layout_of(parse(stem.replace("_", ",")))
    order = ruled.order_of(lay)
    for entry in (e for e in entries(stem) if e.tail):
        expected = list(entry.tail)
        if entry.stopped:  # the steps up to where serate's run stopped, none further
            # (CI holds the first few: a chain, then the order from its start
            # again; those after them are chains of seconds each, the sweep's)
            expected = expected[: either(STOPPED_STEPS, len(expected))]
            grid = serate_grid(entry.state, lay)
            ours = []
            for _ in expected:
                hint = next(h for _, finder in order for h in finder(grid))
                ours.append(_said(hint.rating, hint.text))
                hint.apply(grid)
            assert ours == expected
            continue
        try:
            rated = ruled.rate_ruled_grid(serate_grid(entry.state, lay))
        except Beyond as beyond:
            ours = [_said(s.hint.rating, s.hint.text) for s in beyond.steps]
            raise AssertionError(f"no step after {ours}: serate's {expected}") from None
        ours = [_said(s.hint.rating, s.hint.text) for s in rated.steps]
        assert ours == expected


def test_the_goldens_hold_steps_and_tails() -> None:
    """Each set's states are serate's candidates lines before steps of its puzzles."""
    tails = 0
    for stem in _stems():
        puzzles = (GOLDENS / f"{stem}.txt").read_text().split()
        for entry in entries(stem):
            assert len(entry.state) == 729 and entry.puzzle < len(puzzles)
            tails += bool(entry.tail)
    assert tails >= 3


def test_three_strong_links_on_a_latin_square_are_serates() -> None:
    """serate's three strong links alone (``--techs``, its other techniques off) on Latin
    squares' candidates (tests/data/rules/serate_links/): every step it takes, in order, ours
    byte for byte, then none where it found none (its 20.0). Its sets with a block are
    skipped there: a Latin square's chains run in rows and columns."""
    lay = layout_of(parse("latin"))
    folder = TEST_DATA / "rules" / "serate_links"
    states = (folder / "latin.txt").read_text().split()
    runs = (folder / "latin.out").read_text().split("20.0/0.0/")
    assert len(runs) == len(states) + 1
    for state, run in zip(states, runs, strict=False):
        steps = [line for line in run.splitlines() if " " in line]
        grid = serate_grid(state, lay)
        ours = []
        while (hint := next(ruled.three_strong_links(grid), None)) is not None:
            ours.append(f"{hint.rating / 10:.1f} {hint.text}")
            hint.apply(grid)
        assert ours == steps, state
