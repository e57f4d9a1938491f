"""serate's technique names (``serate_names``), against what SukakuExplainer v1.15.10's hint
classes make of the same finding (read from its source: ``ChainingHint.getNamePrefix``,
``getNameSuffix``, ``Chaining.getNestedSuffix``, ``StrongLinksHint.getSuffix`` and
``rLineName``, ``TurbotFishHint.hintNames``). The whole command's names are compared with the
real serate's output in ``test_serate_golden`` (the ``names*`` cases)."""

from __future__ import annotations

import pytest

from sudoku_repl.techniques.explainer import three_links
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.rating import Step
from sudoku_repl.techniques.explainer.strong_links import Turbot
from sudoku_repl.techniques.explainer.three_links import LinksChain
from sudoku_repl.tools.serate import names as serate_names

EMPTY = Grid.from_puzzle("0" * 81)


@pytest.mark.parametrize(
    ("technique", "ours", "theirs"),
    [
        ("nishio", "Nishio Contradiction Forcing Chain", ("Nishio Forcing Chains", "NFC")),
        ("multiple forcing chains", "Cell Forcing Chain", ("Cell Forcing Chains", "LFC")),
        ("multiple forcing chains", "Region Forcing Chain", ("Region Forcing Chains", "RFC")),
        (
            "dynamic forcing chains",
            "Double Forcing Chain",
            ("Dynamic Double Forcing Chains", "DDFC"),
        ),
        (
            "dynamic forcing chains (+)",
            "Cell Forcing Chain",
            ("Dynamic Cell Forcing Chains (+)", "DLFC+"),
        ),
        (
            "nested forcing chains (+ forcing chains)",
            "Dynamic Region Forcing Chains (+ Forcing Chains)",
            ("Dynamic Region Forcing Chains (+ Forcing Chains)", "DRFC+FC"),
        ),
        (
            "nested forcing chains (+ multiple forcing chains)",
            "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
            ("Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)", "DCFC+MFC"),
        ),
        (
            "nested forcing chains (+ dynamic forcing chains, 2)",
            "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
            ("Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)", "DCFC+DFC"),
        ),
        ("naked triple", "Naked Triplet", ("Naked Triplet", "NT")),
        ("direct hidden pair", "Direct Hidden Pair", ("Direct Hidden Pair", "DP")),
        ("pointing and claiming", "Claiming", ("Claiming", "Cl")),
        ("bug", "BUG type 3", ("BUG type 3", "BUG3")),
        ("cycles and forcing chains", "Forcing Y-Chain", ("Forcing Y-Chain", "FYC")),
    ],
)
def test_names_of_a_technique(technique: str, ours: str, theirs: tuple[str, str]) -> None:
    step = Step(Hint(ours, 90, ((0, 1),)), technique)
    assert serate_names.names(step, EMPTY) == theirs


def _three(*links: tuple[int, bool]) -> LinksChain:
    """Three strong links in these units (in the chain's order), grouped or not."""
    kinds = tuple(unit // 9 for unit, _ in links)
    grouped = sum(grouped for _, grouped in links)
    return LinksChain(57, ((0, 1),), 1, kinds, grouped, 0, ((1, 2), (3, 4)), 5)


def _turbot(*links: tuple[int, bool]) -> Turbot:
    """Two strong links: a base unit and a cover unit, grouped or not."""
    (base, one), (cover, two) = links
    return Turbot(43, ((0, 1),), 1, base, cover, (one, two), 0, 1, 2, 3, 26)


@pytest.mark.parametrize(
    ("links", "theirs"),
    [
        # a block, then two rows, the first of them grouped
        (
            ((0, False), (9, True), (10, False)),
            ("3 Strong links (including blocks) 1011 (Using 1 grouped strong link)", "g3SB1011"),
        ),
        # three columns: a line's type is named 1 where no row is there
        (((18, False), (19, False), (20, False)), ("3 Skyscrapers 0111", "3SS0111")),
        # column, row, block: read from the block end (the smaller way round)
        (
            ((18, False), (9, False), (0, False)),
            ("3 Strong links (including blocks) 0012", "3SB0012"),
        ),
        # row, column, row: rows and columns swapped reads larger, so kept
        (((9, False), (18, False), (10, False)), ("3-String Kite 0121", "3SK0121")),
    ],
)
def test_names_of_three_strong_links(
    links: tuple[tuple[int, bool], ...], theirs: tuple[str, str]
) -> None:
    assert three_links.links_names(_three(*links)) == theirs


@pytest.mark.parametrize(
    ("links", "theirs"),
    [
        (((9, False), (10, False)), ("Skyscraper", "Sky")),
        (((18, False), (9, False)), ("Two-string Kite", "2SK")),
        (((0, False), (18, False)), ("Turbot Crane", "TC")),
        (((0, False), (1, False)), ("Turbot Crane", "GXW")),
        (((0, True), (9, False)), ("Grouped Turbot Crane 01", "gTC01")),
        (((9, True), (10, True)), ("Grouped Skyscraper 11", "gSky11")),
        (((9, True), (18, False)), ("Grouped 2-String Kite 01", "g2SK01")),
    ],
)
def test_names_of_turbot_fish(links: tuple[tuple[int, bool], ...], theirs: tuple[str, str]) -> None:
    assert serate_names._turbot(_turbot(*links)) == theirs
