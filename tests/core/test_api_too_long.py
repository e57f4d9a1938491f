"""The API's doors that take a puzzle as text (``Session.from_quiz``, ``difficulty``, ``plan``)
refuse one longer than 8,192 characters by its size, in one line, before anything reads it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sudoku_repl.api import Session, difficulty, plan
from sudoku_repl.core.errors import UserError

MEGABYTE = "1" * 1_000_000
#: the bound, said
SAID = (
    "has 1,000,000 characters; at most 8,192 are read (a quiz is 81, a pencil-mark line 729: a "
    "longer text goes in a file)."
)


@pytest.mark.parametrize(
    "call, what",
    [
        (lambda: Session.from_quiz(MEGABYTE), "The quiz"),
        (lambda: difficulty(MEGABYTE), "The puzzle"),
        (lambda: plan(MEGABYTE), "The puzzle"),
    ],
    ids=["Session.from_quiz", "difficulty", "plan"],
)
def test_a_puzzle_too_long_to_read_is_refused_by_its_size(
    call: Callable[[], object], what: str
) -> None:
    with pytest.raises(UserError) as refused:
        call()
    assert refused.value.line == f"{what} {SAID}"
