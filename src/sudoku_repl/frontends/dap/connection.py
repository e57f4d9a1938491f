"""The way out to the client: responses and events, numbered and written one at a time (two
threads write: the reader answering requests, the worker telling of the search), and the
``Repl``'s ``Output``, whose lines go to the client as ``output`` events exactly as the shell
prints them, a batch of lines an event.

A ``--log`` file gets every message both ways and every line that is not protocol; a log that
cannot be written (a full disk, a file size limit) is said once, on stderr and to the client,
and is off from there: the session goes on."""

from __future__ import annotations

import contextlib
import json
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any, BinaryIO, TextIO

from sudoku_repl.frontends.dap.wire import Message, clean, encode

#: lines held before they leave as one output event (they leave sooner at any other message)
BATCH = 256
#: the lines of a command kept to read why it stopped (the stop line comes before the show
#: block and the timing lines)
RECENT = 400
#: lines a captured command (the debug console's) keeps for its result before they stream
CAPTURED = 2000


class Connection:
    """Writes messages to ``stream``; ``log``: the protocol log (None: none). After the client
    went away (a broken pipe), writing does nothing and ``gone`` is set."""

    def __init__(self, stream: BinaryIO, log: TextIO | None = None) -> None:
        self.stream = stream
        self.log = log
        self.lock = threading.RLock()
        self.gone = threading.Event()
        self._seq = 0
        #: why the log was switched off, to be told to the client (None: nothing to tell)
        self._log_failed: str | None = None
        #: called (under the lock) before any message is written: the output held goes first
        self.before_send: Callable[[], None] = lambda: None
        #: called once when the client is found gone (the search that runs is stopped)
        self.on_gone: Callable[[], None] = lambda: None

    def send(self, message: Message) -> None:
        with self.lock:
            self.before_send()
            self.write_locked(message)

    def write_locked(self, message: Message) -> None:
        """Number and write ``message``; the caller holds the lock."""
        self._seq += 1
        message["seq"] = self._seq
        self.note("->", message)
        self._write(message)
        if self._log_failed is not None:  # (after the message it was met writing)
            line, self._log_failed = self._log_failed, None
            self._seq += 1
            self._write({"seq": self._seq, "type": "event", "event": "output",
                         "body": {"category": "stderr", "output": line + "\n"}})  # fmt: skip

    def _write(self, message: Message) -> None:
        if self.gone.is_set():
            return
        data = encode(message)  # (outside: a message that cannot be encoded is no client gone)
        try:
            self.stream.write(data)
            self.stream.flush()
        except (OSError, ValueError):  # ValueError: the stream was closed
            self.gone.set()
            self.on_gone()

    def respond(self, request: Message, body: dict[str, Any] | None = None) -> None:
        message: Message = {
            "type": "response",
            "request_seq": _seq_of(request),
            "success": True,
            "command": _command_of(request),
        }
        if body is not None:
            message["body"] = body
        self.send(message)

    def fail(self, request: Message, line: str, *, show_user: bool = True) -> None:
        """The error response: ``message`` says what was wrong, in one line (``body.error`` too,
        where VS Code shows it; ``show_user`` False where the client, not the user, asked for
        something gone: VS Code asks for a stopped frame's variables while the user steps on,
        and a pop-up there would only be noise)."""
        self.send(
            {
                "type": "response",
                "request_seq": _seq_of(request),
                "success": False,
                "command": _command_of(request),
                "message": line,
                "body": {"error": {"id": 1, "format": line, "showUser": show_user}},
            }
        )

    def event(self, name: str, body: dict[str, Any] | None = None) -> None:
        message: Message = {"type": "event", "event": name}
        if body is not None:
            message["body"] = body
        self.send(message)

    def note(self, direction: str, message: Message | str) -> None:
        """A line of the protocol log."""
        if self.log is None:
            return
        text = clean(
            message if isinstance(message, str) else json.dumps(message, ensure_ascii=False)
        )
        with self.lock:
            log = self.log
            if log is None:
                return
            try:
                log.write(f"{time.strftime('%H:%M:%S')} {direction} {text}\n")
                log.flush()
            except (OSError, ValueError) as e:
                self.log = None
                with contextlib.suppress(OSError, ValueError):
                    log.close()  # (what it held cannot be written either)
                name = getattr(log, "name", "the log")
                why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
                line = f"sudoku-repl dap: the log {name} cannot be written ({why}); it is off."
                sys.stderr.write(line + "\n")
                self._log_failed = line


def _seq_of(request: Message) -> int:
    """The request's number (0: none, or not an integer: JSON's true is none)."""
    seq = request.get("seq", 0)
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else 0


def _command_of(request: Message) -> str:
    """The request's command echoed ("": none, or not a string)."""
    command = request.get("command", "")
    return command if isinstance(command, str) else ""


class EventOutput:
    """The ``Repl``'s ``Output``: each line goes to the client in an ``output`` event (category
    ``stdout``; an error line ``stderr``), in order with every other message. While a command
    of the debug console runs, its lines are ``captured`` for the evaluate's result instead
    (beyond ``CAPTURED`` lines, and when the guess question is asked, they stream as events).
    ``recent``: the last lines of the command running, to read why it stopped."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self._held: list[tuple[str, str]] = []
        self.captured: list[str] | None = None
        self.recent: deque[str] = deque(maxlen=RECENT)
        #: the error lines of the command running
        self.errors: list[str] = []
        self.flushed_at = time.monotonic()
        conn.before_send = self._release

    def message(self, line: str) -> None:
        self._put("stdout", line)

    def error(self, line: str) -> None:
        with self.conn.lock:
            self.errors.append(line)
        self._put("stderr", line)

    def begin(self) -> None:
        """A command begins: what it writes is read from here (``recent``, ``errors``)."""
        with self.conn.lock:
            self.recent.clear()
            self.errors.clear()

    def emit(self, line: str) -> None:
        """A line for the person, sent even while lines are captured (the guess question)."""
        with self.conn.lock:
            self._held.append(("stdout", line))
            self._release()

    def _put(self, category: str, line: str) -> None:
        with self.conn.lock:
            self.recent.append(line)
            if self.captured is not None:
                self.captured.append(line)
                if len(self.captured) > CAPTURED:
                    self.stream_captured()
                return
            self._held.append((category, line))
            if len(self._held) >= BATCH:
                self._release()

    def capture(self) -> None:
        """From here, lines are kept for a result (``take``)."""
        with self.conn.lock:
            self.captured = []

    def take(self) -> list[str]:
        """The lines captured, and back to sending them."""
        with self.conn.lock:
            lines, self.captured = self.captured or [], None
            return lines

    def stream_captured(self) -> None:
        """The lines captured so far leave as output events (a long command of the console, or
        one that asks the guess question: the person must see what came before it)."""
        with self.conn.lock:
            if self.captured:
                self._held += [("stdout", line) for line in self.captured]
                self.captured.clear()
            self._release()

    def flush(self) -> None:
        with self.conn.lock:
            self._release()

    def _release(self) -> None:
        """The lines held, as output events (one per run of one category); under the lock."""
        held, self._held = self._held, []
        self.flushed_at = time.monotonic()
        start = 0
        for k in range(1, len(held) + 1):
            if k == len(held) or held[k][0] != held[start][0]:
                text = "".join(line + "\n" for _, line in held[start:k])
                self.conn.write_locked(
                    {"type": "event", "event": "output",
                     "body": {"category": held[start][0], "output": text}}
                )  # fmt: skip
                start = k
