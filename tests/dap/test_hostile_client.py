"""A client cannot kill the adapter: bodies nested too deep, lengths of thousands of
digits, headers without end, a log that cannot be written, a client that goes away in the
middle of a run or closes the adapter's output alone; and after ``bye`` the session is over.
Each refusal is one line, and the adapter goes on or ends with status 0."""

from __future__ import annotations

import errno
import io
import resource
import socket
import struct
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sudoku_repl.frontends.dap.connection import Connection
from sudoku_repl.frontends.dap.server import serve
from sudoku_repl.frontends.dap.wire import MAX_DEPTH, MAX_HEADER, FramingError, read_message
from sudoku_repl.text.args import HUGE
from tests.support.dap_client import LISTENING, TIMEOUT, DapClient, frame, served
from tests.support.helpers import LONG_SEARCH, REPO, SEED, SEED_FILE, Shell, program_env

Dap = Callable[..., DapClient]
NESTED = b"[" * 1000 + b"]" * 1000
THREADS = {"seq": 2, "type": "request", "command": "threads"}


# -- 1. nesting ---------------------------------------------------------------------------------


def test_a_body_nested_deeper_than_the_limit_is_refused_and_the_adapter_goes_on() -> None:
    deep = {"seq": 1, "type": "request", "command": "evaluate", "arguments": {"x": []}}
    inner: list[object] = deep["arguments"]["x"]  # type: ignore[index]
    for _ in range(MAX_DEPTH):  # the message, its arguments, then MAX_DEPTH lists: too deep
        inner.append([])
        inner = inner[0]  # type: ignore[assignment]
    answers = served(frame(NESTED) + frame(deep) + frame(THREADS))
    said = [m["message"] for m in answers if m["success"] is False]
    assert said[0] == f"The message nests deeper than {MAX_DEPTH} levels: '{'[' * 60}...'."
    assert str(said[1]).startswith(f"The message nests deeper than {MAX_DEPTH} levels: ")
    assert answers[-1]["command"] == "threads" and answers[-1]["success"] is True


def test_a_deep_body_on_stdio_gets_a_response_and_the_adapter_goes_on(dap: Dap) -> None:
    client = dap()
    client.write(frame(NESTED))
    refused = client.wait_for(lambda: client.messages, "the error response")[0]
    assert refused["message"].startswith(f"The message nests deeper than {MAX_DEPTH} levels")
    assert client.request("threads") == {"threads": []}
    assert client.close() == 0


# -- 2. a length of thousands of digits -----------------------------------------------------


@pytest.mark.parametrize("digits", [4300, 4301, 8000])
def test_a_length_of_thousands_of_digits_is_too_long_at_once(dap: Dap, digits: int) -> None:
    client = dap()
    client.write(b"Content-Length: " + b"9" * digits + b"\r\n\r\n")
    refused = client.wait_for(lambda: client.messages, "the error response")[0]
    assert refused["message"] == (
        f"A message of a {digits}-digit number of bytes is too long (at most {64 << 20})."
    )
    assert client.proc is not None and client.proc.poll() is None  # it said so, and waits
    client.writer.close()  # (the rest of the input would be that message's)
    assert client.proc.wait(TIMEOUT) == 0


# -- 3. a log that cannot be written -----------------------------------------------------------


class Full(io.StringIO):
    """A log on a full disk."""

    name = "full.log"

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_log_that_cannot_be_written_is_said_once_and_switched_off(
    capsys: pytest.CaptureFixture[str],
) -> None:
    written = io.BytesIO()
    conn = Connection(written, Full())
    for n in range(3):
        conn.event("output", {"category": "stdout", "output": f"{n}\n"})
    line = (
        "sudoku-repl dap: the log full.log cannot be written (No space left on device); it is off."
    )
    assert capsys.readouterr().err == line + "\n"
    stream = io.BytesIO(written.getvalue())
    said = []
    while (message := read_message(stream)) is not None:
        said.append(message["body"]["output"])
    assert said == ["0\n", line + "\n", "1\n", "2\n"]
    assert conn.log is None


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (30_000, 30_000))


def test_a_log_over_the_file_size_limit_is_switched_off_and_stepping_goes_on(
    tmp_path: Path,
) -> None:
    log = tmp_path / "dap.log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudoku_repl", "dap", "--log", str(log)],
        cwd=REPO,
        env=program_env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_limited,  # (a resource limit of the child alone)
    )
    assert proc.stdout is not None and proc.stdin is not None and proc.stderr is not None
    client = DapClient(proc.stdout, proc.stdin)
    client.proc = proc
    try:
        client.launch(program=SEED)
        shell = Shell.loaded()
        for _ in range(40):
            shell.ok("step")
            client.request("stepIn", threadId=1)
            assert client.stopped()["reason"] == "step"
        assert client.variables_of(client.top()["id"], "Run")["step"] == str(shell.steps)
        told = [line for line in client.output().splitlines() if "cannot be written" in line]
        assert told == [
            f"sudoku-repl dap: the log {log} cannot be written (File too large); it is off."
        ]
        client.request("disconnect")
        proc.stdin.close()
        assert proc.stderr.read().decode().count("cannot be written") == 1
        assert proc.wait(TIMEOUT) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()
    assert log.stat().st_size <= 30_000


# -- 4. a header without end -------------------------------------------------------------------


class Lines(io.RawIOBase):
    """``count`` header lines of 1 KB without an empty line, then a good message; made as they
    are read (``read``: the bytes read so far)."""

    def __init__(self, count: int) -> None:
        self.left = count
        self.tail = b"\r\n" + frame(THREADS)
        self.read_so_far = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if self.left:
            self.left -= 1
            data = b"X-Filler: " + b"x" * 1012 + b"\r\n"
        else:
            data, self.tail = self.tail[: len(buffer)], self.tail[len(buffer) :]
        buffer[: len(data)] = data
        self.read_so_far += len(data)
        return len(data)


def test_a_header_without_end_is_refused_once_its_bound_is_passed_and_skipped() -> None:
    raw = Lines(200_000)
    stream = io.BufferedReader(raw, 1024)
    with pytest.raises(FramingError) as caught:
        read_message(stream)
    assert caught.value.line.startswith(
        f"A header longer than {MAX_HEADER} bytes (no empty line after it): 'X-Filler: xxx"
    )
    assert raw.read_so_far < 2 * MAX_HEADER  # said at the bound, not after 200 MB
    caught.value.resync(stream)
    assert read_message(stream) == THREADS


# -- 5. --port: the client goes away during a run ------------------------------------------


class Broken(io.RawIOBase):
    def writable(self) -> bool:
        return True

    def write(self, data: object) -> int:
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")


def test_serving_ends_quietly_when_the_output_broke_with_bytes_still_held() -> None:
    writer = io.BufferedWriter(Broken())
    adapter = serve(io.BytesIO(frame(THREADS)), writer)
    assert adapter.conn.gone.is_set() and writer.closed  # and nothing was raised


def _port_adapter() -> tuple[subprocess.Popen[bytes], int]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudoku_repl", "dap", "--port", "0"],
        cwd=REPO,
        env=program_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert proc.stderr is not None
    found = LISTENING.search(proc.stderr.readline())
    assert found, "the port is said on stderr"
    return proc, int(found.group(1))


@pytest.fixture
def port_adapter() -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    proc, port = _port_adapter()
    yield proc, port
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    assert proc.stderr is not None
    proc.stderr.close()


def test_a_socket_client_that_goes_away_during_a_run_ends_the_adapter_with_0(
    port_adapter: tuple[subprocess.Popen[bytes], int],
) -> None:
    proc, port = port_adapter
    sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
    sock.sendall(frame(NESTED))  # (on --port too: an error response)
    for seq, command, arguments in [
        (1, "initialize", {"adapterID": "test"}),
        (2, "launch", {"program": str(LONG_SEARCH), "stopOnEntry": False}),
        (3, "configurationDone", {}),
    ]:
        sock.sendall(frame({"seq": seq, "type": "request", "command": command,
                            "arguments": arguments}))  # fmt: skip
    got = b""
    while got.count(b'"event":"output"') < 3:  # the run is under way, its trace coming
        chunk = sock.recv(1 << 16)
        assert chunk, got[-300:]
        got += chunk
    assert b"nests deeper than" in got
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()  # gone at once (a reset): the adapter's next write fails
    assert proc.wait(TIMEOUT) == 0
    assert proc.stderr is not None
    assert b"Broken pipe" not in proc.stderr.read()


# -- 6. stdio: the client closes the adapter's output alone ----------------------------------


def test_an_adapter_whose_output_was_closed_ends_without_more_input() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudoku_repl", "dap"],
        cwd=REPO,
        env=program_env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(frame({"seq": 1, "type": "request", "command": "initialize"}))
        proc.stdin.flush()
        assert proc.stdout.readline().startswith(b"Content-Length: ")  # it is up and serving
        proc.stdout.close()  # the client stops reading; its end of stdin stays open
        assert proc.wait(TIMEOUT) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdin.close()


# -- 7. after bye -----------------------------------------------------------------------------


def test_after_bye_requests_that_need_the_session_are_refused_and_the_end_is_said_once(
    dap: Dap,
) -> None:
    client = dap()
    client.launch(program=SEED)
    client.request("evaluate", expression="bye", context="repl")
    client.event("exited")
    client.event("terminated")
    ended = "The session has ended (bye); disconnect, or start another debugging session."
    assert client.refused("stepIn", threadId=1) == ended
    assert client.refused("evaluate", expression="step", context="repl") == ended
    assert client.refused("stackTrace", threadId=1) == ended
    assert [m.get("event") for m in client.messages].count("exited") == 1
    assert [m.get("event") for m in client.messages].count("terminated") == 1
    assert client.close() == 0


def test_steps_at_the_end_of_the_search_stop_there_and_never_end_the_session(dap: Dap) -> None:
    client = dap()
    client.launch(program=SEED, trace=False)
    client.request("evaluate", expression="runrun 0", context="repl")  # to the end
    end = client.stopped()["description"]
    assert end.startswith("The search ended at step ")  # (a stop, not terminated)
    for _ in range(3):
        client.request("stepIn", threadId=1)
        assert client.stopped()["description"] == end
    client.request("stepBack", threadId=1)  # (the record stays: back from the end)
    assert client.stopped()["reason"] == "step"
    assert [m.get("event") for m in client.messages].count("exited") == 0
    assert [m.get("event") for m in client.messages].count("terminated") == 0
    assert client.close() == 0


# -- 8. numbers beyond the limit ------------------------------------------------------------


def test_numbers_beyond_the_limit_are_refused_naming_it(dap: Dap) -> None:
    client = dap()
    client.launch(program=SEED)
    (hit,) = client.request(
        "setFunctionBreakpoints",
        breakpoints=[{"name": "row 4", "hitCondition": "99999999999999999999999999"}],
    )["breakpoints"]
    assert hit == {
        "verified": False,
        "message": f"hitCondition is a whole number n from 1 to {HUGE - 1}: stop at the n-th hit "
        "(the shell's ignore n-1), not '99999999999999999999999999'.",
    }
    (level,) = client.request(
        "setFunctionBreakpoints", breakpoints=[{"name": "level >= 99999999999999999999"}]
    )["breakpoints"]
    assert level["verified"] is False
    assert level["message"] == (
        f"'99999999999999999999' is beyond the largest number a breakpoint takes, {HUGE - 1}: "
        "'break level >= 99999999999999999999'"
    )
    (fine,) = client.request(
        "setBreakpoints",
        source={"path": str(SEED_FILE)},
        breakpoints=[{"line": 5, "hitCondition": str(HUGE - 1)}],
    )["breakpoints"]
    assert fine["verified"] is True
    info = client.request("evaluate", expression="info break", context="repl")["result"]
    assert "No breakpoints" not in info
    assert client.close() == 0
