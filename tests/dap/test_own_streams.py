"""The adapter's own streams and the files its commands write: on stdio, a quiz, a
script or a file written named by any name of the protocol's input or output is refused in one
line (it would eat the editor's requests, or break the adapter's answers); a write to a FIFO
whose reader never reads stops at ``pause`` and ``disconnect``."""

from __future__ import annotations

import fcntl
import os
import select
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sudoku_repl.frontends.dap.worker import WORKER
from tests.support.dap_client import TIMEOUT, DapClient, InProcess
from tests.support.helpers import SEED, SEED_FILE

Dap = Callable[..., DapClient]
INPUT = "it is the debug adapter's input (the editor's requests), which no command reads or writes"
OUTPUT = (
    "it is the debug adapter's output (its answers to the editor), which no command reads or writes"
)


def output_fd(client: DapClient) -> int:
    """The adapter's descriptor that writes the protocol (a copy of its stdout, which is then
    its stderr): the one on the pipe the client reads."""
    assert client.proc is not None and client.proc.stdout is not None
    pipe = os.fstat(client.proc.stdout.fileno()).st_ino
    fds = Path(f"/proc/{client.proc.pid}/fd")
    found = [
        int(fd.name)
        for fd in fds.iterdir()
        if fd.name != "1" and _inode(fd) == pipe  # (fd 1 is the adapter's stderr now)
    ]
    assert len(found) == 1, found
    return found[0]


def _inode(path: Path) -> int | None:
    try:
        return path.stat().st_ino
    except OSError:
        return None


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc (Linux)")
def test_the_protocols_input_and_output_are_no_files_for_a_command(
    dap: Dap, tmp_path: Path
) -> None:
    client = dap()
    client.request("initialize", adapterID="test")
    for name in ("/dev/stdin", "/proc/self/fd/0"):
        said = client.refused("launch", program=name)
        assert said == f"Fail to open quiz file {name}: {INPUT}."
    link = tmp_path / "requests"
    link.symlink_to("/dev/stdin")
    for line, said in [
        ("load-quiz /dev/fd/0", f"Fail to open quiz file /dev/fd/0: {INPUT}."),
        (f"load-quiz {link}", f"Fail to open quiz file {link}: {INPUT}."),
        ("source /dev/stdin", f"Cannot read /dev/stdin: {INPUT}."),
    ]:
        assert client.refused("evaluate", expression=line, context="repl") == said
    client.request("launch", program=SEED)
    client.event("initialized")
    fd = output_fd(client)
    for line, name in [
        ("save-session {}", f"/proc/self/fd/{fd}"),
        ("export html {}", f"/dev/fd/{fd}"),
        ("tree --dot {}", f"/proc/{client.proc.pid}/fd/{fd}"),  # type: ignore[union-attr]
    ]:
        refused = client.refused("evaluate", expression=line.format(name), context="repl")
        assert refused == f"Cannot write {name}: {OUTPUT}."
    # the requests after them were read, and every answer framed: the session goes on
    assert client.request("threads") == {"threads": [{"id": 1, "name": "seed.txt"}]}
    assert client.request("evaluate", expression="step", context="repl")["result"]
    assert client.close() == 0


# -- a FIFO whose reader never reads ---------------------------------------------------------


@pytest.fixture
def stalled(tmp_path: Path) -> Iterator[Path]:
    """A FIFO with a reader that never reads, and full: a write to it waits for ever."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    writer = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    try:
        while True:
            os.write(writer, b"x" * 4096)
    except BlockingIOError:
        pass
    os.close(writer)
    yield fifo
    os.close(reader)  # (a write still waiting, before the fix, ends: a broken pipe)


def writing(thread: threading.Thread) -> bool:
    """Whether ``thread`` is inside a write of a stream (``text/files._write_in_place``)."""
    frame = sys._current_frames().get(thread.ident or 0)
    while frame is not None:
        if frame.f_code.co_name == "_write_in_place":
            return True
        frame = frame.f_back
    return False


def until_writing(dap: InProcess) -> None:
    """Until the worker is provably in the write (it waits there: the FIFO is full)."""
    deadline = time.monotonic() + TIMEOUT
    # (any worker thread: another test's adapter may still be closing, its worker idle)
    while not any(writing(t) for t in threading.enumerate() if t.name == WORKER):
        assert dap.adapter.worker.busy, dap.sent()[-3:]  # (it did not end without writing)
        assert time.monotonic() < deadline, "the command never began to write"
        time.sleep(0.01)


COMMANDS = ["export html {}", "save-session {}", "tree --dot {}"]


@pytest.mark.parametrize("line", COMMANDS)
def test_pause_stops_a_write_to_a_fifo_that_is_never_read(stalled: Path, line: str) -> None:
    dap = InProcess()
    try:
        dap.ask("initialize", adapterID="test")
        dap.ask("launch", program=str(SEED_FILE))
        dap.ask("evaluate", expression="runtil 20", context="repl")  # (a record to export)
        expression = line.format(stalled)
        dap.adapter.handle({"seq": 10, "type": "request", "command": "evaluate",
                            "arguments": {"expression": expression, "context": "repl"}})  # fmt: skip
        until_writing(dap)
        dap.adapter.handle({"seq": 11, "type": "request", "command": "pause"})
        assert dap.adapter.worker.idle.wait(TIMEOUT), "the write went on after pause"
        (answer,) = [m for m in dap.sent() if m.get("request_seq") == 10]
        assert answer["success"] is True
        assert answer["body"]["result"] == f"Interrupted: {stalled} got part of it, or none."
        assert dap.ask("evaluate", expression="step", context="repl")["success"] is True
    finally:
        dap.adapter.close()


def test_disconnect_stops_a_write_to_a_fifo_that_is_never_read(stalled: Path) -> None:
    dap = InProcess()
    try:
        dap.ask("initialize", adapterID="test")
        dap.ask("launch", program=str(SEED_FILE))
        dap.ask("evaluate", expression="runtil 20", context="repl")  # (a record to export)
        dap.adapter.handle({"seq": 10, "type": "request", "command": "evaluate",
                            "arguments": {"expression": f"export html {stalled}",
                                          "context": "repl"}})  # fmt: skip
        until_writing(dap)
        dap.adapter.handle({"seq": 11, "type": "request", "command": "disconnect"})
        # the write was stopped before the worker was given up on: its answer came first
        answered = [m.get("request_seq") for m in dap.sent() if m["type"] == "response"]
        assert answered[-2:] == [10, 11]
        assert dap.adapter.worker.idle.is_set()
    finally:
        dap.adapter.close()


def test_a_stream_written_to_in_pieces_gets_all_of_it(tmp_path: Path) -> None:
    """A FIFO whose reader reads slowly (a page of 64 KiB at a time) gets every byte."""
    from sudoku_repl.text import files

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    fcntl.fcntl(reader, fcntl.F_SETPIPE_SZ, 4096)
    text = "".join(f"line {n} \u00e9\n" for n in range(100_000))
    got: list[bytes] = []
    polls = []

    def write() -> None:
        files.named(str(fifo)).write(text, lambda: polls.append(1))

    writer = threading.Thread(target=write)
    writer.start()
    # (a FIFO's read end is not readable before a writer came: select waits for the text)
    while select.select([reader], [], [], TIMEOUT)[0]:
        chunk = os.read(reader, 1 << 16)
        if not chunk:  # the writer closed
            break
        got.append(chunk)
    writer.join(TIMEOUT)
    os.close(reader)
    assert b"".join(got).decode() == text
    assert len(polls) > 1  # asked between pieces
