"""Events are one union of named records (``events.KINDS``) and their text form
is derived from the records: every kind goes event -> text -> event and text -> event -> text
unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_repl.core import events as E
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.session import Session
from sudoku_repl.text.event_text import event_text, parse_event
from tests.support.helpers import SEED_QUIZ, RecordingHooks

#: the kinds of the original (docs/engine.md), of the techniques of run modes 3, 4 and 5, and
#: of the hand moves (set cell, set removed)
ALL_KINDS = {*range(12), 30, 40, 41, 50, 51}

#: a field's values by its type, derived as the codec is
FIELDS = {
    int: st.integers(-(2**40), 2**40),
    bool: st.booleans(),
    tuple[int, ...]: st.lists(st.integers(0, 10**6), max_size=12).map(tuple),
    bytes: st.binary(max_size=100),
}


def records(kind: int) -> st.SearchStrategy[Any]:
    import typing

    _, record = E.KINDS[kind]
    hints = typing.get_type_hints(record)
    return st.tuples(*(FIELDS[hints[f]] for f in record._fields[1:])).map(
        lambda values: record(kind, *values)
    )


def test_every_kind_has_a_record_and_a_name_of_its_own() -> None:
    assert set(E.KINDS) == ALL_KINDS
    names = [name for name, _ in E.KINDS.values()]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("kind", sorted(ALL_KINDS))
@given(data=st.data())
def test_every_kind_goes_to_text_and_back(kind: int, data: st.DataObject) -> None:
    event = data.draw(records(kind))
    text = event_text(event)
    back = parse_event(text)
    assert back == event and type(back) is type(event)
    assert event_text(back) == text


def test_the_text_names_the_fields() -> None:
    guess = E.Guess(E.FORWARD, 7, 46, 1, 2, 2)
    assert event_text(guess) == "forward step=7 cell=46 level=1 tried=2 out_of=2"
    assert parse_event("celset cells=21,45 values=6,7") == E.CelSet(E.CELSET, (21, 45), (6, 7))
    wrong = E.WentWrong(E.WENT_WRONG, 3, 5, 10, True)
    assert event_text(wrong) == "went-wrong step=3 value=5 cell=10 in_block=1"
    assert parse_event("solution step=9 solution_sum=1 grid=0a00") == E.Outcome(
        E.SOLUTION, 9, 1, b"\n\x00"
    )


def test_a_whole_search_reads_back_from_its_text() -> None:
    session, hooks = Session(), RecordingHooks()
    session.load(Quiz.from_string(SEED_QUIZ))
    session.run(hooks, 0)
    texts = [event_text(e) for e in hooks.all_events]
    assert [parse_event(t) for t in texts] == hooks.all_events
    assert {t.split()[0] for t in texts} >= {"guess", "forward", "solution", "no-more", "celset"}


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("", "An event line is empty: <kind> field=value ..."),
        ("guesses step=1", "Not an event kind: 'guesses'; one of "),
        ("ply step=1", "An event line has these fields: ply step=... unit=..."),
        ("ply step=1 unit=1 unit=2", "An event line has these fields: ply step=... unit=..."),
        ("ply step=x unit=1", "ply step=x: a whole number; ply step=... unit=..."),
        ("went-wrong step=1 value=1 cell=1 in_block=2", "went-wrong in_block=2: 0 or 1; "),
        ("no-more step=1 solution_sum=0 grid=zz", "no-more grid=zz: hex digits; "),
    ],
)
def test_a_bad_line_says_what_is_wrong(line: str, said: str) -> None:
    with pytest.raises(UserError) as e:
        parse_event(line)
    assert e.value.line.startswith(said)
