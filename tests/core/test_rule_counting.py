"""The count under variant rules (``core/rule_counting``) against the tests' oracle
(``tests/oracles/rules_brute``) on the puzzles it made (tests/data/rules/puzzles.txt, one
solution each under their rules): the same solution, one of it; with a given taken away, two
solutions the oracle accepts, or one where the oracle finds one; a given the rules forbid, none."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_repl.core.making import Rng
from sudoku_repl.core.rule_counting import completion_under, count_under, solutions_under
from sudoku_repl.core.rules import geometry_of, parse
from tests.oracles.rules_count import Counter

PUZZLES = Path(__file__).resolve().parents[1] / "data" / "rules" / "puzzles.txt"
CASES = [line.split() for line in PUZZLES.read_text().splitlines() if line.strip()]


def grid(text: str) -> list[int]:
    return [0 if ch == "." else int(ch) for ch in text]


@pytest.mark.parametrize(("words", "puzzle"), CASES, ids=[c[0][:20] for c in CASES])
def test_the_count_under_rules_is_the_oracles(words: str, puzzle: str) -> None:
    rules = parse(words)
    geometry = geometry_of(rules)
    oracle = Counter(rules.words, rules.jigsaw, rules.extra)
    givens = grid(puzzle)
    (solution,) = solutions_under(givens, geometry, 2)
    assert oracle.solves(givens, solution)
    first = next(c for c, v in enumerate(givens) if v)
    fewer = [0 if c == first else v for c, v in enumerate(givens)]
    found = solutions_under(fewer, geometry, 2)
    assert all(oracle.solves(fewer, s) for s in found) and len(set(found)) == len(found)
    assert len(found) == oracle.count(fewer)


@pytest.mark.parametrize(
    ("words", "clash"),
    [
        ("x", {0: 5, 80: 5}),  # both on the main diagonal
        ("antiknight", {0: 3, 11: 3}),  # r1c1 and r2c3, a knight's move apart
        ("nc", {40: 4, 41: 5}),  # side by side, one apart
        ("nc+", {0: 9, 1: 1}),  # 9 and 1, one apart when cyclic
    ],
)
def test_givens_the_rules_forbid_have_no_solution(words: str, clash: dict[int, int]) -> None:
    givens = [clash.get(c, 0) for c in range(81)]
    geometry = geometry_of(parse(words))
    assert count_under(givens, geometry) == 0
    assert completion_under(givens, geometry, Rng(1).below) is None


def test_a_random_completion_keeps_the_rules_and_the_seed_decides_it() -> None:
    rules = parse("x,antiking")
    oracle = Counter(rules.words)
    made = completion_under(bytes(81), geometry_of(rules), Rng(4).below)
    assert made is not None and oracle.solves([0] * 81, made)
    assert made == completion_under(bytes(81), geometry_of(rules), Rng(4).below)
    assert made != completion_under(bytes(81), geometry_of(rules), Rng(5).below)
