"""The adapter without a subprocess: the framing on byte streams, the dispatcher answering
requests in order (its worker waited for, never the clock), and a stray ``print`` kept out of
the protocol."""

from __future__ import annotations

import io
import json

import pytest

from sudoku_repl.frontends.dap.adapter import Adapter
from sudoku_repl.frontends.dap.connection import Connection
from sudoku_repl.frontends.dap.server import StrayOutput
from sudoku_repl.frontends.dap.wire import MAX_BODY, FramingError, read_message
from tests.support.dap_client import InProcess, frame, messages
from tests.support.helpers import SEED_FILE, Shell, untimed


def test_messages_are_read_between_blank_lines_and_other_headers() -> None:
    one = {"seq": 1, "type": "request", "command": "threads"}
    data = b"\r\n" + frame(one) + b"Content-Type: application/json\r\n" + frame(one)
    assert messages(data) == [one, one]


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"Content-Length: 10\r\n\r\n{}", "The input ended inside a message (2 of 10 bytes)."),
        (b"Content-Length: 2\r\n", "The input ended inside a header: a message is Content-Length:"),
        (b"Length 2\r\n\r\n", "Not a DAP header: 'Length 2'; a message is Content-Length:"),
        (frame(b'"text"'), "The message is not a JSON object: '\"text\"'."),
        (frame(b"{1: 2}"), "The message is not JSON (Expecting property name enclosed in"),
    ],
)
def test_an_unreadable_message_is_one_line_saying_why(data: bytes, said: str) -> None:
    with pytest.raises(FramingError) as caught:
        read_message(io.BytesIO(data))
    assert caught.value.line.startswith(said)


def test_the_next_message_is_found_after_a_broken_one() -> None:
    good = {"seq": 2, "type": "request", "command": "threads"}
    stream = io.BytesIO(b"garbage\r\n\r\n" + b'{"half": ' + frame(good))
    with pytest.raises(FramingError):
        read_message(stream)
    assert read_message(stream) == good  # the header found after the leftover bytes


def test_a_body_too_long_is_skipped_and_said() -> None:
    good = {"seq": 3, "type": "request", "command": "threads"}
    stream = io.BytesIO(b"Content-Length: %d\r\n\r\n" % (MAX_BODY + 1) + b" " * (MAX_BODY + 1))
    stream.seek(0, io.SEEK_END)
    stream.write(frame(good))
    stream.seek(0)
    with pytest.raises(FramingError, match="too long") as caught:
        read_message(stream)
    caught.value.resync(stream)  # (after the error was answered)
    assert read_message(stream) == good


def test_the_dispatcher_answers_in_order_through_the_shells_repl() -> None:
    shell = Shell.loaded()
    dap = InProcess()
    try:
        assert dap.ask("initialize", adapterID="test")["success"] is True
        assert dap.ask("launch", program=str(SEED_FILE))["success"] is True
        assert dap.ask("configurationDone")["success"] is True
        start = len(dap.sent())
        assert dap.ask("next", threadId=1)["success"] is True
        after = dap.sent()[start:]
        output = "".join(
            str(m["body"]["output"])  # type: ignore[index]
            for m in after
            if m.get("event") == "output"
        )
        assert untimed(output).splitlines() == [untimed(line) for line in shell.ok("next")]
        assert [m.get("event") for m in after][-1] == "stopped"
        sent = dap.sent()
        assert [m["seq"] for m in sent] == list(range(1, len(sent) + 1))
        top = dap.ask("stackTrace", threadId=1)["body"]["stackFrames"][0]  # type: ignore[index]
        assert top["source"]["path"] == str(SEED_FILE)
        assert dap.adapter.repl.session.state().steps == shell.steps
    finally:
        dap.adapter.close()


def test_a_stray_print_becomes_an_output_event_never_protocol_bytes() -> None:
    written = io.BytesIO()
    stray = StrayOutput(Connection(written))
    print("half", end="", file=stray)
    assert written.getvalue() == b""
    print(" a line", file=stray)
    (event,) = messages(written.getvalue())
    assert event["event"] == "output"
    assert event["body"] == {"category": "console", "output": "half a line\n"}
    assert json.dumps(event)  # a whole message, framed


def test_a_client_that_counts_lines_and_columns_from_0_gets_them_so() -> None:
    rows = [
        (n, text)
        for n, text in enumerate(SEED_FILE.read_text(encoding="utf-8").splitlines(), 1)
        if text.strip() and not text.startswith("#")
    ]
    dap = InProcess()
    try:
        dap.ask("initialize", adapterID="test", linesStartAt1=False, columnsStartAt1=False)
        dap.ask("launch", program=str(SEED_FILE))
        dap.ask("evaluate", expression="goto 7", context="repl")  # 7) Guess [6,2] level 1
        frames = dap.ask("stackTrace", threadId=1)["body"]["stackFrames"]  # type: ignore[index]
        line, text = rows[5]  # row 6
        column = [k for k, ch in enumerate(text, 1) if ch.isdigit()][1]  # its 2nd cell
        assert (frames[1]["line"], frames[1]["column"]) == (line - 1, column - 1)
        made = dap.ask(
            "setBreakpoints",
            source={"path": str(SEED_FILE)},
            breakpoints=[{"line": line - 1, "column": column - 1}],
        )["body"]["breakpoints"]  # type: ignore[index]
        assert made[0]["message"] == "Breakpoint 1: cell [6,2]"
        targets = dap.ask("completions", text="print [6,", column=9)["body"]["targets"]  # type: ignore[index]
        assert targets and all(t["start"] == 6 for t in targets)  # the word "[6," from 0
    finally:
        dap.adapter.close()


class Closed(io.RawIOBase):
    """A pipe whose reader went away."""

    def writable(self) -> bool:
        return True

    def write(self, data: object) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_client_gone_stops_the_search_and_nothing_more_is_written() -> None:
    adapter = Adapter(Connection(Closed()))  # type: ignore[arg-type]
    try:
        adapter.repl.execute(f"load-quiz {SEED_FILE}")
        assert not adapter.worker.flag()
        adapter.conn.event("stopped", {"reason": "entry"})
        assert adapter.conn.gone.is_set()
        assert adapter.worker.flag()  # the interrupt the next step of a run would meet
        adapter.conn.event("stopped", {"reason": "step"})  # (said to no one, no error)
    finally:
        adapter.close()
