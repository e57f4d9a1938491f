"""What the adapter holds and answers is bounded: the frame ids and variables
references of one stop by its frames, scopes and rows (never by how often the client asks), and
a ``completions`` answer by ``MOST`` items (a folder of 100,000 files was an answer of 7.5 MB)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sudoku_repl.frontends.dap.completing import MOST
from tests.support.dap_client import InProcess
from tests.support.helpers import SEED_FILE


@pytest.fixture
def at_a_guess() -> Iterator[InProcess]:
    dap = InProcess()
    dap.ask("initialize", adapterID="test")
    dap.ask("launch", program=str(SEED_FILE))
    dap.ask("evaluate", expression="goto 7", context="repl")  # a guess level: two frames
    yield dap
    dap.adapter.close()


def handed_out(dap: InProcess) -> set[int]:
    """Every number a client's usual round at a stop is given: the stack, each frame's scopes,
    each scope's variables."""
    numbers = set()
    for frame in dap.ask("stackTrace", threadId=1)["body"]["stackFrames"]:
        numbers.add(frame["id"])
        for scope in dap.ask("scopes", frameId=frame["id"])["body"]["scopes"]:
            numbers.add(scope["variablesReference"])
            variables = dap.ask("variables", variablesReference=scope["variablesReference"])
            numbers |= {v["variablesReference"] for v in variables["body"]["variables"]}
    return numbers - {0}


def test_the_numbers_of_one_stop_are_bounded_by_what_it_shows_not_by_the_requests(
    at_a_guess: InProcess,
) -> None:
    first = handed_out(at_a_guess)
    assert len(first) == 2 + 2 * 2 + 2 * 9  # two frames, their two scopes, a Board's nine rows
    again: set[int] = set()
    for _ in range(50):
        again |= handed_out(at_a_guess)
    assert again == first  # the same numbers again, none new
    held = at_a_guess.adapter.view.handles
    assert len(held._items) == len(first)


def test_the_numbers_change_when_the_search_moves(at_a_guess: InProcess) -> None:
    first = handed_out(at_a_guess)
    at_a_guess.ask("stepIn", threadId=1)
    after = handed_out(at_a_guess)
    assert not first & after  # (a number from before the step is refused: test_protocol)


def test_completions_answer_at_most_MOST_items(at_a_guess: InProcess, tmp_path: Path) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    for n in range(MOST + 100):
        (folder / f"quiz{n:05}.txt").touch()
    text = f"load-quiz {folder}/"
    answer = at_a_guess.ask("completions", text=text, column=len(text) + 1)
    targets = answer["body"]["targets"]
    assert len(targets) == MOST
    assert all(t["label"].startswith("quiz") for t in targets)
    few = f"load-quiz {folder}/quiz0000"  # fewer than MOST: all of them
    answer = at_a_guess.ask("completions", text=few, column=len(few) + 1)
    assert sorted(t["label"] for t in answer["body"]["targets"]) == [
        f"quiz0000{n}.txt" for n in range(10)
    ]
