"""A small Debug Adapter Protocol client for the tests: Content-Length framing over a
subprocess's pipes (``DapClient.spawn``) or a socket (``DapClient.connect``). A thread reads
every message into one list; the tests wait on messages (a response to their request, the
next event of a name), never on the clock, with generous timeouts."""

from __future__ import annotations

import io
import json
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

from sudoku_repl.frontends.dap.adapter import Adapter
from sudoku_repl.frontends.dap.connection import Connection
from sudoku_repl.frontends.dap.server import serve
from sudoku_repl.frontends.dap.wire import read_message
from tests.support.helpers import REPO, SEED_FILE, program_env

Message = dict[str, Any]
#: seconds a test waits for a message at most (a busy 2-core machine)
TIMEOUT = 120.0
LISTENING = re.compile(rb"listening on 127\.0\.0\.1:(\d+)")


def row_lines(path: Path = SEED_FILE) -> list[tuple[int, str]]:
    """A nine-line quiz file's rows as the editor numbers its lines (1-based): comments left
    out."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(n, text) for n, text in enumerate(lines, 1) if text.strip() and text[0] != "#"]


def digit_column(text: str, col: int) -> int:
    """The character column (1-based) of the col-th digit of a row's line."""
    return [k for k, ch in enumerate(text, 1) if ch.isdigit()][col - 1]


def frame(message: Message | bytes) -> bytes:
    """A message as it goes on the wire (bytes: a body sent as it is)."""
    body = message if isinstance(message, bytes) else json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


class DapClient:
    def __init__(self, reader: BinaryIO, writer: BinaryIO) -> None:
        self.writer = writer
        self.messages: list[Message] = []
        self.ended = False  # the adapter's output ended
        self._taken: set[int] = set()  # events a test has waited for (by index)
        self._seq = 0
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._read, args=(reader,), daemon=True)
        self._thread.start()
        self.proc: subprocess.Popen[bytes] | None = None
        self.sock: socket.socket | None = None  # (a socket client's)

    @classmethod
    def spawn(cls, *args: str, cwd: Path = REPO, stderr: BinaryIO | int | None = None) -> DapClient:
        """``python -m sudoku_repl dap ARGS`` with its stdin and stdout as the protocol."""
        proc = subprocess.Popen(
            [sys.executable, "-m", "sudoku_repl", "dap", *args],
            cwd=cwd,
            env=program_env(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE if stderr is None else stderr,
        )
        assert proc.stdin is not None and proc.stdout is not None
        client = cls(proc.stdout, proc.stdin)
        client.proc = proc
        return client

    @classmethod
    def connect(cls, port: int) -> DapClient:
        sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        sock.settimeout(None)
        client = cls(sock.makefile("rb"), sock.makefile("wb"))
        client.sock = sock
        return client

    # -- reading ----------------------------------------------------------------------------

    def _read(self, reader: BinaryIO) -> None:
        try:
            while True:
                length = None
                while True:
                    line = reader.readline()
                    if not line:
                        return
                    if line == b"\r\n":
                        break
                    name, _, value = line.decode().partition(":")
                    assert name == "Content-Length", line  # the adapter writes only this header
                    length = int(value)
                assert length is not None
                message = json.loads(reader.read(length))
                with self._changed:
                    self.messages.append(message)
                    self._changed.notify_all()
        finally:
            with self._changed:
                self.ended = True
                self._changed.notify_all()

    def wait_for(self, found: Callable[[], Any], what: str, timeout: float = TIMEOUT) -> Any:
        """Until ``found()`` gives something (or the adapter's output ends: a failure)."""
        with self._changed:
            result = found()
            while not result:
                if self.ended:
                    raise AssertionError(f"the adapter ended before {what}: {self.messages[-5:]}")
                if not self._changed.wait(timeout):
                    raise AssertionError(f"no {what} in {timeout} s: {self.messages[-5:]}")
                result = found()
            return result

    # -- writing ------------------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        self.writer.write(data)
        self.writer.flush()

    def send(self, command: str, **arguments: Any) -> int:
        self._seq += 1
        message = {"seq": self._seq, "type": "request", "command": command}
        if arguments:
            message["arguments"] = arguments
        self.write(frame(message))
        return self._seq

    def response(self, seq: int) -> Message:
        def found() -> Message | None:
            return next(
                (m for m in self.messages if m["type"] == "response" and m["request_seq"] == seq),
                None,
            )

        return self.wait_for(found, f"response to request {seq}")  # type: ignore[no-any-return]

    def request(self, command: str, **arguments: Any) -> Message:
        """Send a request and wait for its response, which must succeed; its body."""
        answer = self.response(self.send(command, **arguments))
        assert answer["success"], answer
        assert answer["command"] == command
        return answer.get("body", {})  # type: ignore[no-any-return]

    def refused(self, command: str, **arguments: Any) -> str:
        """Send a request whose response must be an error; its message."""
        answer = self.response(self.send(command, **arguments))
        assert answer["success"] is False, answer
        assert answer["message"], answer
        return answer["message"]  # type: ignore[no-any-return]

    def event(self, name: str, since: int = 0) -> Message:
        """The next event of that name not waited for yet (earliest first; ``since``: from that
        ``mark`` on)."""

        def found() -> Message | None:
            for k, m in enumerate(self.messages[since:], since):
                if k not in self._taken and m["type"] == "event" and m["event"] == name:
                    self._taken.add(k)
                    return m
            return None

        return self.wait_for(found, f"{name} event")  # type: ignore[no-any-return]

    def stopped(self) -> dict[str, Any]:
        """The next stopped event's body."""
        return self.event("stopped")["body"]  # type: ignore[no-any-return]

    def output(self) -> str:
        """Everything the output events said so far (category stdout and stderr)."""
        with self._changed:
            return "".join(
                m["body"]["output"]
                for m in self.messages
                if m["type"] == "event" and m["event"] == "output"
            )

    def mark(self) -> int:
        """Where the messages are now (``output_since``)."""
        with self._changed:
            return len(self.messages)

    def output_since(self, mark: int) -> str:
        with self._changed:
            return "".join(
                m["body"]["output"]
                for m in self.messages[mark:]
                if m["type"] == "event" and m["event"] == "output"
            )

    # -- the session ------------------------------------------------------------------------

    def launch(self, stop: bool = True, **arguments: Any) -> dict[str, Any]:
        """initialize, launch, configurationDone: the stopped event at the entry (``stop``)."""
        self.request("initialize", adapterID="sudoku-repl", linesStartAt1=True,
                     columnsStartAt1=True, **arguments.pop("client", {}))  # fmt: skip
        self.request("launch", **arguments)
        self.event("initialized")
        self.request("configurationDone")
        return self.stopped() if stop else {}

    def top(self) -> dict[str, Any]:
        """Frame 0 of the stack."""
        return self.request("stackTrace", threadId=1)["stackFrames"][0]  # type: ignore[no-any-return]

    def variables_of(self, frame_id: int, scope: str) -> dict[str, str]:
        """A scope's variables of a frame, name to value."""
        scopes = self.request("scopes", frameId=frame_id)["scopes"]
        ref = next(s["variablesReference"] for s in scopes if s["name"] == scope)
        found = self.request("variables", variablesReference=ref)["variables"]
        return {v["name"]: v["value"] for v in found}

    def close(self) -> int | None:
        """disconnect, then the process's exit status (None: a socket client)."""
        if not self.ended:
            self.request("disconnect")
        self.writer.close()
        if self.proc is None:
            return None
        status = self.proc.wait(TIMEOUT)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
        return status


# -- in process ---------------------------------------------------------------------------


def messages(data: bytes) -> list[Message]:
    stream = io.BytesIO(data)
    found = []
    while (message := read_message(stream)) is not None:
        found.append(message)
    return found


class Kept(io.BytesIO):
    """A byte buffer that keeps what was written after it is closed."""

    def close(self) -> None:
        self.kept = self.getvalue()
        super().close()


def served(data: bytes, log: io.StringIO | None = None) -> list[Message]:
    """What an adapter answers to ``data`` (in-process, to the end of it; ``log``: its log)."""
    out = Kept()
    serve(io.BytesIO(data), out, log)
    return messages(out.kept)


class InProcess:
    """An adapter writing to a byte buffer; ``ask`` hands it a request and waits for its worker
    to be idle."""

    def __init__(self) -> None:
        self.written = io.BytesIO()
        self.adapter = Adapter(Connection(self.written))
        self.seq = 0

    def ask(self, command: str, **arguments: object) -> Message:
        self.seq += 1
        self.adapter.handle(
            {"seq": self.seq, "type": "request", "command": command, "arguments": arguments}
        )
        assert self.adapter.worker.idle.wait(120)
        (answer,) = [
            m for m in self.sent() if m["type"] == "response" and m["request_seq"] == self.seq
        ]
        return answer

    def sent(self) -> list[Message]:
        return messages(self.written.getvalue())
