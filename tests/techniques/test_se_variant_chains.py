"""Sudoku Explainer's exclusions and chains on variant rules (``explainer.ruled_chains``)
against serate.jar's own steps with the rules' flags (tests/data/rules/serate_chains/,
tests/data/README.md), on the candidates serate printed before each step: the first of the
techniques from the aligned pair exclusion on that finds a step finds serate's, its line and
rating byte for byte; where serate's step is past them (the dynamic forcing chains (+) and the
nested ones, not ported), they find none. And serate's paths from a step on, where the rest
needs no technique of the stretch not ported: the same steps, to the end or to where serate's
next step is past the chains ported."""

from __future__ import annotations

import pytest

from sudoku_repl.core.rules import parse
from sudoku_repl.techniques.explainer import ruled, ruled_chains
from sudoku_repl.techniques.explainer.ruled import Beyond, Layout, RuledGrid, layout_of
from tests.oracles.se_variant_chain_goldens import in_stretch
from tests.support.helpers import TEST_DATA

GOLDENS = TEST_DATA / "rules" / "serate_chains"
#: the least rating of a step past the techniques ported (the dynamic forcing chains (+))
PAST = 9.0


def _grid(state: str, lay: Layout) -> RuledGrid:
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


def _entries(stem: str) -> list[tuple[int, int, bool, str, str]]:
    """(puzzle, step, a tail's start, serate's candidates, serate's line) of a set."""
    lines = (GOLDENS / f"{stem}.states").read_text().splitlines()
    found = []
    for at in range(0, len(lines), 3):
        head = lines[at].split()
        found.append((int(head[0]), int(head[1]), head[2:] == ["tail"], *lines[at + 1 : at + 3]))
    return found


def _paths(stem: str) -> list[list[str]]:
    """serate's step lines of each puzzle of a set (``RULES.out``)."""
    paths: list[list[str]] = [[]]
    for line in (GOLDENS / f"{stem}.out").read_text().splitlines():
        if line.count("/") == 2 and " " not in line:
            paths.append([])
        else:
            paths[-1].append(line)
    return paths


def _stems() -> list[str]:
    return sorted(p.stem for p in GOLDENS.glob("*.states"))


def _said(rating: int, text: str) -> str:
    return f"{rating / 10:.1f} {text}"


@pytest.mark.parametrize("stem", _stems())
def test_the_first_step_of_the_chains_is_serates(stem: str) -> None:
    lay = layout_of(parse(stem.replace("_", ",")))
    techniques = ruled_chains.techniques()
    checked = 0
    for _, _, tail, state, line in _entries(stem):
        if tail and not in_stretch(line):
            continue
        grid = _grid(state, lay)
        hint = next((h for _, finder in techniques for h in finder(grid)), None)
        if hint is None:
            assert float(line.split()[0]) >= PAST, line
        else:
            assert _said(hint.rating, hint.text) == line
        checked += 1
    assert checked


def test_every_kind_of_chain_is_held() -> None:
    """The goldens hold a step of each technique ported but the triplets, and steps past."""
    lines = [line for stem in _stems() for *_, line in _entries(stem)]
    named = {line.split(" ", 1)[1].split(":")[0] for line in lines if in_stretch(line)}
    assert named >= {"Aligned Pair Exclusion", "Forcing Chain", "Nishio Forcing Chain",
                     "Region Forcing Chains", "Cell Forcing Chains",
                     "Contradiction Forcing Chain", "Double Forcing Chain"}  # fmt: skip
    assert any(float(line.split()[0]) >= PAST for line in lines)


def _ported_order(lay: Layout) -> tuple[tuple[str, ruled.Finder], ...]:
    """``order_of`` without its stretch not ported: where serate's path needs none of it."""
    return tuple(entry for entry in ruled.order_of(lay) if entry[0] != ruled.UNPORTED)


@pytest.mark.parametrize("stem", _stems())
def test_a_path_through_the_chains_is_serates(stem: str) -> None:
    lay = layout_of(parse(stem.replace("_", ",")))
    paths = _paths(stem)
    tails = [e for e in _entries(stem) if e[2]]
    for puzzle, step, _, state, _ in tails:
        expected = paths[puzzle][step:]
        try:
            rated = ruled.rate_ruled_grid(_grid(state, lay), _ported_order(lay))
        except Beyond as beyond:
            ours = [_said(s.hint.rating, s.hint.text) for s in beyond.steps]
            assert ours == expected[: len(ours)]
            following = expected[len(ours)]
            assert in_stretch(following) and float(following.split()[0]) >= PAST, following
        else:
            assert [_said(s.hint.rating, s.hint.text) for s in rated.steps] == expected


def test_a_path_stops_where_the_stretch_not_ported_comes() -> None:
    """With the whole order, a path that needs a technique of the stretch not ported is not
    rated: the exclusions and chains after it are not reached."""
    stem = "x"
    lay = layout_of(parse(stem))
    puzzle = (GOLDENS / f"{stem}.txt").read_text().split()[0]
    expected = _paths(stem)[0]
    with pytest.raises(Beyond) as stopped:
        ruled.rate_rules(puzzle, lay.rules)
    ours = [_said(s.hint.rating, s.hint.text) for s in stopped.value.steps]
    assert ours == expected[: len(ours)]
    assert not in_stretch(expected[len(ours)])
    assert stopped.value.level == 40


def test_the_goldens_are_serates_files() -> None:
    """Each set's puzzles are rated whole in ``RULES.out`` or stopped (anti-knight's nested
    chains): its lines and the states' lines are serate's step lines."""
    for stem in _stems():
        puzzles = (GOLDENS / f"{stem}.txt").read_text().split()
        paths = _paths(stem)
        assert 1 <= len([p for p in paths if p]) <= len(puzzles)
        for puzzle, step, _, state, line in _entries(stem):
            assert len(state) == 729 and paths[puzzle][step] == line
