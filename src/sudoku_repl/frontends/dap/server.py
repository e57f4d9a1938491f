"""The adapter's transports and its reader loop: DAP on a pair of byte streams (stdin and stdout,
what editors start by default), or on one TCP connection on 127.0.0.1 (``--port``). One client;
when it goes away (the end of its input, a broken pipe, ``disconnect``) the adapter ends."""

from __future__ import annotations

import contextlib
import io
import os
import select
import socket
import sys
from typing import BinaryIO, TextIO

from sudoku_repl.frontends.dap.adapter import Adapter
from sudoku_repl.frontends.dap.connection import Connection
from sudoku_repl.frontends.dap.log import LOG
from sudoku_repl.frontends.dap.wire import FramingError, read_message, skipped_line
from sudoku_repl.text.files import reserve

HOST = "127.0.0.1"


def serve(
    reader: BinaryIO, writer: BinaryIO, log: TextIO | None = None, guard: bool = False
) -> Adapter:
    """Answer the requests read from ``reader`` on ``writer`` until the client has gone; a
    message that cannot be read gets an error response, and the next one is read. ``guard``:
    ``writer`` is the process's stdout, so ``sys.stdout`` becomes a ``StrayOutput`` meanwhile.
    Returns the adapter, ended, and ``writer`` closed (quietly: the client may have gone)."""
    conn = Connection(writer, log)
    adapter = Adapter(conn)
    saved = sys.stdout
    if guard:
        sys.stdout = StrayOutput(conn)
    try:
        with reserve(protocol_fds(reader, writer, log), files_only="the debug adapter"):
            loop(adapter, reader)
    finally:
        adapter.close()
        sys.stdout = saved
        with contextlib.suppress(OSError, ValueError):  # what it held goes nowhere: gone
            writer.close()
    return adapter


def protocol_fds(reader: BinaryIO, writer: BinaryIO, log: TextIO | None = None) -> dict[int, str]:
    """The descriptors the protocol is read from and written to, and the log's (none for a
    stream in memory), each with what it is: no command may read or write them
    (``text/files.reserve``)."""
    found = {}
    streams: list[tuple[BinaryIO | TextIO, str]] = [(writer, OUTPUT), (reader, INPUT)]
    if log is not None:
        streams.append((log, LOG))
    for stream, what in streams:
        with contextlib.suppress(OSError, ValueError):  # (no descriptor: UnsupportedOperation)
            found[stream.fileno()] = what
    return found


#: what the protocol's streams are, in the line that refuses them to a command
INPUT = "the debug adapter's input (the editor's requests)"
OUTPUT = "the debug adapter's output (its answers to the editor)"


def loop(adapter: Adapter, reader: BinaryIO) -> None:
    conn = adapter.conn
    while not adapter.ended.is_set() and not conn.gone.is_set():
        skipped: list[bytes] = []
        try:
            message = read_message(reader, skipped)
        except FramingError as e:
            conn.note("<-", f"(not read) {e.line}")
            adapter.refuse({"seq": e.seq, "command": ""}, e.line)  # (in its turn)
            e.resync(reader)
            continue
        except (OSError, ValueError):  # the input was closed under the reader
            return
        if message is None:
            return
        if skipped:  # (said, and the message served: the client's next request is answered)
            said = skipped_line(skipped)
            conn.note("<-", f"(not read) {said}")
            conn.event("output", {"category": "stderr", "output": f"sudoku-repl dap: {said}\n"})
        adapter.handle(message)


def serve_port(port: int, log: TextIO | None = None) -> Adapter:
    """Listen on 127.0.0.1:``port`` (0: a free one), say the port on stderr, serve the first
    client that connects, and end with it."""
    with socket.create_server((HOST, port)) as server:
        print(f"sudoku-repl dap: listening on {HOST}:{server.getsockname()[1]}", file=sys.stderr,
              flush=True)  # fmt: skip
        client, _ = server.accept()
    with client, client.makefile("rb") as reader:
        return serve(reader, client.makefile("wb"), log)


class StrayOutput(io.TextIOBase):
    """``sys.stdout`` while the adapter speaks on the real one: a line printed by anything else
    reaches the client as an ``output`` event (category ``console``), never the protocol."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self._part = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self._part += text
        if "\n" in self._part:
            whole, _, self._part = self._part.rpartition("\n")
            self.conn.event("output", {"category": "console", "output": whole + "\n"})
        return len(text)


class WatchedInput(io.RawIOBase):
    """The input (a file descriptor) read while the output's is watched: once the output is
    broken (its reader closed the pipe: ``POLLERR``, or hung up) the input ends, so that an
    adapter whose client closed its stdout alone ends at once, not at its next request."""

    def __init__(self, fd: int, output: int) -> None:
        self.fd = fd
        self.output = output

    def readable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        poll = select.poll()
        poll.register(self.fd, select.POLLIN | select.POLLPRI)
        poll.register(self.output, 0)  # (its errors and hang-ups alone)
        while True:
            ready = dict(poll.poll())
            if ready.get(self.output):
                return 0  # nobody reads what the adapter says: the end
            if ready.get(self.fd):
                data = os.read(self.fd, len(buffer))
                buffer[: len(data)] = data
                return len(data)
