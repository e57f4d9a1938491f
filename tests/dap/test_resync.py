"""After a message that cannot be read, the next one is: a header with no length
(``Content-Length: 5xyz``) whose body then runs into the next header on its line, or thousands
of random bytes; the bytes passed over are said (an ``output`` event on stderr's category), and
nothing but messages reaches the client. A body of JSON ``null`` is no object, not too deep."""

from __future__ import annotations

import io
import random

import pytest

from sudoku_repl.frontends.dap.wire import FramingError, read_message
from tests.support.dap_client import DapClient, frame, served

THREADS = {"seq": 9, "type": "request", "command": "threads"}
NOT_A_HEADER = "Not a DAP header: 'Content-Length: 5xyz'; a message is Content-Length: <bytes>"


def _threads_answered(answers: list[dict[str, object]]) -> bool:
    return any(
        m["type"] == "response" and m["request_seq"] == 9 and m["success"] is True for m in answers
    )


def test_a_header_without_length_then_its_body_then_the_next_request() -> None:
    answers = served(b"Content-Length: 5xyz\r\n\r\nhello" + frame(THREADS))
    refused, skipped, threads = answers
    assert refused["type"] == "response" and refused["success"] is False
    assert str(refused["message"]).startswith(NOT_A_HEADER)
    assert skipped["event"] == "output"
    assert skipped["body"] == {
        "category": "stderr",
        "output": "sudoku-repl dap: Skipped 5 bytes that were no DAP message, before the next "
        "header: 'hello'.\n",
    }
    assert (threads["request_seq"], threads["success"], threads["body"]) == (
        9, True, {"threads": []},
    )  # fmt: skip


@pytest.mark.parametrize("seed", range(20))
def test_random_bytes_then_the_next_request(seed: int) -> None:
    junk = random.Random(seed).randbytes(5000)
    assert _threads_answered(served(junk + frame(THREADS)))


def test_another_headers_name_is_no_length() -> None:
    """``X-Content-Length:`` at a line's start is another header; ``helloContent-Length:`` is
    the bytes ``hello`` and then the header."""
    with pytest.raises(FramingError):
        read_message(io.BytesIO(b"X-Content-Length: 2\r\n\r\n{}"))
    skipped: list[bytes] = []
    assert read_message(io.BytesIO(b"hello" + frame(THREADS)), skipped) == THREADS
    assert skipped == [b"hello"]


def test_a_body_of_null_is_no_object() -> None:
    with pytest.raises(FramingError) as caught:
        read_message(io.BytesIO(frame(b"null")))
    assert caught.value.line == "The message is not a JSON object: 'null'."


def test_on_stdio_the_request_after_the_bytes_is_answered() -> None:
    client = DapClient.spawn()
    try:
        client.write(b"Content-Length: 5xyz\r\n\r\nhello")
        assert client.request("threads") == {"threads": []}
        client.write(random.Random(59).randbytes(5000))
        assert client.request("threads") == {"threads": []}
        assert client.close() == 0
    finally:
        if client.proc is not None and client.proc.poll() is None:
            client.proc.kill()
            client.proc.wait()
