"""The adapter's transports and its reader loop: DAP on a pair of byte streams (stdin and stdout,
what editors start by default), or on one TCP connection on 127.0.0.1 (``--port``). One client;
when it goes away (the end of its input, a broken pipe, ``disconnect``) the adapter ends."""

from __future__ import annotations

import io
import socket
import sys
from typing import BinaryIO, TextIO

from sudoku_repl.frontends.dap.adapter import Adapter
from sudoku_repl.frontends.dap.connection import Connection
from sudoku_repl.frontends.dap.wire import FramingError, read_message

HOST = "127.0.0.1"


def serve(
    reader: BinaryIO, writer: BinaryIO, log: TextIO | None = None, guard: bool = False
) -> Adapter:
    """Answer the requests read from ``reader`` on ``writer`` until the client has gone; a
    message that cannot be read gets an error response, and the next one is read. ``guard``:
    ``writer`` is the process's stdout, so ``sys.stdout`` becomes a ``StrayOutput`` meanwhile.
    Returns the adapter, ended."""
    conn = Connection(writer, log)
    adapter = Adapter(conn)
    saved = sys.stdout
    if guard:
        sys.stdout = StrayOutput(conn)
    try:
        loop(adapter, reader)
    finally:
        adapter.close()
        sys.stdout = saved
    return adapter


def loop(adapter: Adapter, reader: BinaryIO) -> None:
    conn = adapter.conn
    while not adapter.ended.is_set() and not conn.gone.is_set():
        try:
            message = read_message(reader)
        except FramingError as e:
            conn.note("<-", f"(not read) {e.line}")
            conn.fail({"seq": e.seq, "command": ""}, e.line)
            continue
        except (OSError, ValueError):  # the input was closed under the reader
            return
        if message is None:
            return
        adapter.handle(message)


def serve_port(port: int, log: TextIO | None = None) -> Adapter:
    """Listen on 127.0.0.1:``port`` (0: a free one), say the port on stderr, serve the first
    client that connects, and end with it."""
    with socket.create_server((HOST, port)) as server:
        print(f"sudoku-repl dap: listening on {HOST}:{server.getsockname()[1]}", file=sys.stderr,
              flush=True)  # fmt: skip
        client, _ = server.accept()
    with client, client.makefile("rb") as reader, client.makefile("wb") as writer:
        return serve(reader, writer, log)


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
