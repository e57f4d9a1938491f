"""Messages that once ended the adapter or crossed its answers: a lone UTF-16
surrogate echoed back, two lengths in one header block, refusals answered ahead of the requests
before them, and JSON's true taken for the integer 1."""

from __future__ import annotations

import io
import json
import threading
from typing import Any

import pytest

from sudoku_repl.frontends.dap.connection import Connection
from sudoku_repl.frontends.dap.server import loop
from sudoku_repl.frontends.dap.wire import FramingError, read_message
from tests.support.dap_client import TIMEOUT, InProcess, frame, messages, served
from tests.support.helpers import SEED_FILE

Message = dict[str, Any]
THREADS = {"seq": 9, "type": "request", "command": "threads"}


# -- a lone surrogate -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        {"seq": 1, "type": "request", "command": "\ud800"},  # an unknown request
        {"seq": 1, "type": "event", "command": "\udfff"},  # not a request
        {"seq": 1, "type": "request", "command": "threads\ud800x"},
    ],
    ids=["unknown-request", "not-a-request", "in-the-middle"],
)
def test_a_lone_surrogate_echoed_is_answered_and_the_adapter_and_its_log_go_on(
    message: Message,
) -> None:
    body = json.dumps(message).encode()  # (ASCII: the surrogate as JSON's \ud800)
    assert b"\\ud" in body
    log = io.StringIO()
    answers = served(frame(body) + frame(THREADS), log)
    responses = [m for m in answers if m["type"] == "response"]
    assert [m["request_seq"] for m in responses] == [1, 9]
    refused, threads = responses
    assert refused["success"] is False and refused["message"]
    assert threads["success"] is True and threads["body"] == {"threads": []}
    assert "\ud800" not in json.dumps(refused, ensure_ascii=False)
    assert "cannot be written" not in log.getvalue()
    assert log.getvalue().count(" -> ") == 2  # both answers logged: the log is still on


def test_a_message_that_cannot_be_encoded_is_no_client_gone() -> None:
    written = io.BytesIO()
    conn = Connection(written)
    conn.event("output", {"category": "stdout", "output": "a \udc80 b\n"})
    conn.event("output", {"category": "stdout", "output": "next\n"})
    assert not conn.gone.is_set()
    said = [m["body"]["output"] for m in messages(written.getvalue())]
    assert said == ["a \ufffd b\n", "next\n"]


# -- Content-Length: once, whole, and no other header's -----------------------------------------


def test_two_lengths_in_one_header_block_are_refused_and_the_next_request_is_not_swallowed() -> (
    None
):
    first = json.dumps({"seq": 1, "type": "request", "command": "evaluate"}).encode()
    after = frame(THREADS)
    block = b"Content-Length: %d\r\nContent-Length: %d\r\n\r\n" % (
        len(first),
        len(first) + len(after),  # (the last, once taken, swallowed the next request)
    )
    answers = served(block + first + after)
    responses = [m for m in answers if m["type"] == "response"]
    assert [(m["request_seq"], m["success"]) for m in responses] == [(0, False), (9, True)]
    assert responses[0]["message"].startswith(
        "Two Content-Length headers in one header block: the message is refused; a message is "
        "Content-Length: <bytes>"
    )


@pytest.mark.parametrize(
    "header",
    [b"X-Content-Length: 2\r\n", b"Content-Length: 2xyz\r\n", b"Content-Length: 2 3\r\n"],
    ids=["another-header", "digits-and-letters", "two-numbers"],
)
def test_a_header_that_only_looks_like_a_length_is_none(header: bytes) -> None:
    with pytest.raises(FramingError) as caught:
        read_message(io.BytesIO(header + b"\r\n{}"))
    assert caught.value.line.startswith(f"Not a DAP header: {header.decode().strip()!r}; ")


def test_a_length_after_a_broken_bodys_bytes_is_still_found() -> None:
    stream = io.BytesIO(b'{"half": ' + frame(THREADS))
    assert read_message(stream) == THREADS


# -- every request one response, in order -------------------------------------------------------


def test_refusals_are_answered_in_their_place_among_the_queued_requests() -> None:
    dap = InProcess()
    gate = threading.Event()
    try:
        dap.adapter.worker.submit(lambda: gate.wait(TIMEOUT))  # the worker is busy
        data = b"".join(
            [
                frame({"seq": 1, "type": "request", "command": "stackTrace"}),
                frame({"seq": 2, "type": "response", "command": "threads"}),  # not a request
                frame({"seq": 3, "type": "request", "command": "scopes", "arguments": [1]}),
                frame(b"[]"),  # a framing error: not an object
                frame({"seq": 5, "type": "request", "command": "frobnicate"}),
                frame(
                    {
                        "seq": 6,
                        "type": "request",
                        "command": "variables",
                        "arguments": {"variablesReference": True},
                    }
                ),
                frame(
                    {
                        "seq": 7,
                        "type": "request",
                        "command": "evaluate",
                        "arguments": {"expression": "help", "context": "repl"},
                    }
                ),
            ]
        )
        loop(dap.adapter, io.BytesIO(data))
        assert [m for m in dap.sent() if m["type"] == "response"] == []  # all wait their turn
        gate.set()
        assert dap.adapter.worker.idle.wait(TIMEOUT)
        responses = [m for m in dap.sent() if m["type"] == "response"]
        assert [m["request_seq"] for m in responses] == [1, 2, 3, 0, 5, 6, 7]
        assert [m["success"] for m in responses] == [False] * 6 + [True]
        assert responses[2]["message"] == "The arguments of scopes are an object, not [1]."
    finally:
        gate.set()
        dap.adapter.close()


# -- integers are integers, in JSON's words ------------------------------------------------------


@pytest.fixture
def launched() -> Any:
    dap = InProcess()
    dap.ask("initialize", adapterID="test")
    dap.ask("launch", program=str(SEED_FILE))
    dap.ask("evaluate", expression="goto 7", context="repl")  # a guess level: frames 0 and 1
    yield dap
    dap.adapter.close()


@pytest.mark.parametrize("value", [True, False, 1.0, "1", None], ids=json.dumps)
def test_a_frame_id_is_an_integer_never_a_bool(launched: InProcess, value: object) -> None:
    frames = launched.ask("stackTrace", threadId=1)["body"]["stackFrames"]
    assert [f["id"] for f in frames] == [1, 2]  # (true would be frame 1, the present)
    answer = launched.ask("scopes", frameId=value)
    assert answer["success"] is False
    said = json.dumps(value)
    if value is None:
        assert answer["message"].startswith("No frame given: ")
    else:
        assert answer["message"] == f"scopes's frameId is an integer, not {said}" + (
            " (a string)." if isinstance(value, str) else "."
        )
    assert "True" not in answer["message"] and "False" not in answer["message"]


@pytest.mark.parametrize(
    ("command", "arguments", "said"),
    [
        ("stackTrace", {"threadId": True}, "stackTrace's threadId is an integer, not true."),
        ("stackTrace", {"startFrame": False}, "stackTrace's startFrame is an integer, not false."),
        (
            "variables",
            {"variablesReference": True},
            "variables's variablesReference is an integer, not true.",
        ),
        (
            "setVariable",
            {"variablesReference": True, "name": "[1,1]", "value": "5"},
            "setVariable's variablesReference is an integer, not true.",
        ),
        (
            "evaluate",
            {"expression": "[1,1]", "context": "hover", "frameId": True},
            "evaluate's frameId is an integer, not true.",
        ),
        ("sudokuBoard", {"frameId": False}, "sudokuBoard's frameId is an integer, not false."),
        (
            "completions",
            {"text": "print", "column": True},
            "completions's column is an integer, not true.",
        ),
        (
            "gotoTargets",
            {"source": {"path": str(SEED_FILE)}, "line": True},
            "gotoTargets's line is an integer, not true.",
        ),
        ("goto", {"threadId": 1, "targetId": True}, "goto's targetId is an integer, not true."),
        ("next", {"threadId": False}, "next's threadId is an integer, not false."),
        (
            "dataBreakpointInfo",
            {"name": "[1,1]", "variablesReference": True},
            "dataBreakpointInfo's variablesReference is an integer, not true.",
        ),
        (
            "setBreakpoints",
            {"source": {"path": str(SEED_FILE)}, "breakpoints": [{"line": True}]},
            "setBreakpoints needs breakpoints: a list of {line, column?}, each an integer.",
        ),
        (
            "setBreakpoints",
            {"source": {"path": str(SEED_FILE)}, "breakpoints": [{"line": 3, "column": True}]},
            "setBreakpoints needs breakpoints: a list of {line, column?}, each an integer.",
        ),
    ],
)
def test_every_integer_argument_refuses_a_bool_in_jsons_words(
    launched: InProcess, command: str, arguments: dict[str, object], said: str
) -> None:
    before = launched.adapter.repl.session.state().steps
    answer = launched.ask(command, **arguments)
    assert answer["success"] is False, answer
    assert answer["message"] == said
    assert launched.adapter.repl.session.state().steps == before


def test_python_spellings_are_not_echoed(launched: InProcess) -> None:
    answers = [
        launched.ask("goto", threadId=1, targetId=None),
        launched.ask("launch", program=str(SEED_FILE), cwd=True),
        launched.ask(
            "setFunctionBreakpoints", breakpoints=[{"name": "row 4", "hitCondition": True}]
        ),
    ]
    said = json.dumps(answers)
    for python in ("None", "True", "False"):
        assert python not in said, said
    assert answers[0]["message"] == "goto's targetId is a step (from gotoTargets), not null."
    assert answers[1]["message"] == "No such folder: cwd true."
