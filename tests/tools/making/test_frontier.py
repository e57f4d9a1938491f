"""``--near``'s frontier (``tools/making/frontier.py``.5, §1.13): the given puzzles
take turns by task number, each lineage searches its best puzzle first in series of rounds
({-1+1}, {-1+1}, {-2+2}), and what a task searches is decided from the results of the tasks
``LAG`` and more before it, never from tasks under way."""

from __future__ import annotations

import pytest

from sudoku_repl.tools.making import frontier as frontiers
from sudoku_repl.tools.making.frontier import Frontier, GivenForms, shape
from sudoku_repl.tools.making.tasks import Made

A, B = bytes([1] + [0] * 80), bytes([2] + [0] * 80)
LOW = Made("3" + "." * 80, 10.5, 1.2, 1.2)
HIGH = Made("4" + "." * 80, 11.0, 1.2, 1.2)


def test_the_given_puzzles_take_turns_by_task_number(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(frontiers, "LAG", 6)
    frontier = Frontier([A, B])
    assert len(frontier) == 6  # decided before any result
    assert [frontier[k] for k in range(6)] == [
        (A, 1, 0), (B, 1, 1), (A, 1, 2), (B, 1, 3), (A, 2, 4), (B, 2, 5),
    ]  # fmt: skip


def test_a_lineage_searches_its_best_find_first_and_only_from_results_taken_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(frontiers, "LAG", 2)
    frontier = Frontier([A])
    assert [frontier[0], frontier[1]] == [(A, 1, 0), (A, 1, 1)]
    frontier.absorb(0, [LOW, HIGH])  # task 2 is decided now: A's third round
    assert len(frontier) == 3 and frontier[2] == (A, 2, 2)
    frontier.absorb(1, [])
    handed = [frontier[3][:2]]
    for task in range(4, 9):
        frontier.absorb(task - 2, [])
        handed.append(frontier[task][:2])
    assert handed == [
        (HIGH.givens, 1), (HIGH.givens, 1), (HIGH.givens, 2),  # the best found first
        (LOW.givens, 1), (LOW.givens, 1), (LOW.givens, 2),
    ]  # fmt: skip


def test_results_are_taken_in_in_task_order() -> None:
    frontier = Frontier([A])
    with pytest.raises(AssertionError):
        frontier.absorb(1, [])


def test_a_continued_run_replays_the_decisions_from_the_families(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The frontier of a run that goes on at task 5 decides what an uninterrupted one does,
    from the puzzles kept before (each with the task that made it)."""
    monkeypatch.setattr(frontiers, "LAG", 2)
    low, high = (
        Made(LOW.puzzle, 10.5, 1.2, 1.2, family=1),
        Made(HIGH.puzzle, 11.0, 1.2, 1.2, family=3),
    )
    whole = Frontier([A, B])
    handed = [whole[0], whole[1]]
    for task in range(12):
        whole.absorb(task, [made for made in (low, high) if made.family == task])
        handed.append(whole[task + 2])
    later = Frontier([A, B], 5, [low, high])
    assert len(later) == 2
    assert [later[0], later[1]] == handed[5:7]
    for task in range(5, 12):
        later.absorb(task, [])
        assert later[task + 2 - 5] == handed[task + 2]
    assert HIGH.givens in {puzzle for puzzle, _, _ in handed[5:]}  # (a find was searched)


def test_given_forms_find_an_isomorphic_puzzle_by_its_form() -> None:
    from sudoku_repl.core.canonical import canonical_form

    puzzle = bytes.fromhex("0" * 2 + "03" + "0" * 158)  # (shape only: any grid of values)
    turned = bytes(puzzle[9 * (k % 9) + k // 9] for k in range(81))  # transposed
    relabelled = bytes((v % 9) + 1 if v else 0 for v in turned)
    assert shape(relabelled) == shape(puzzle)
    given = GivenForms([puzzle])
    assert given.holds(canonical_form(relabelled), relabelled)
    other = bytes([1, 2] + [0] * 79)
    assert not given.holds(canonical_form(other), other)
