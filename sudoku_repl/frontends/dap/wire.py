"""The Debug Adapter Protocol's framing: a message is a header block (``Content-Length: N``, then
an empty line, each line ended by CRLF) and N bytes of JSON. A message that cannot be read is a
``FramingError`` with one line saying what was wrong; the reader goes on with the next one (a
header line is looked for anywhere in a line, so that bytes left over from a broken message do
not hide the next header)."""

from __future__ import annotations

import json
import re
from typing import Any, BinaryIO

#: one header line at most (bytes); a longer one is no DAP header
MAX_HEADER_LINE = 8192
#: one message's body at most (bytes); a longer one is skipped
MAX_BODY = 64 << 20
LENGTH = re.compile(rb"Content-Length:[ \t]*([0-9]+)", re.IGNORECASE)
EXPECTED = "a message is Content-Length: <bytes>, an empty line, then that many bytes of JSON"

Message = dict[str, Any]


class FramingError(Exception):
    """A message that could not be read: ``line`` says why; ``seq``, the request's number when
    the JSON was read that far."""

    def __init__(self, line: str, seq: int = 0) -> None:
        super().__init__(line)
        self.line = line
        self.seq = seq


def read_message(stream: BinaryIO) -> Message | None:
    """The next message, None at the end of the input. Raises ``FramingError`` for a header
    without a length, a body cut short, or a body that is not a JSON object."""
    length: int | None = None
    header: list[bytes] = []
    while True:
        line = stream.readline(MAX_HEADER_LINE)
        if not line:
            if header:
                raise FramingError(f"The input ended inside a header: {EXPECTED}.")
            return None
        if line in (b"\r\n", b"\n"):
            if length is not None:
                break
            if header:
                raise FramingError(f"Not a DAP header: {_shown(header[0])}; {EXPECTED}.")
            continue  # blank lines between messages
        header.append(line)
        found = LENGTH.search(line)
        if found:
            length = int(found.group(1))
    if length > MAX_BODY:
        _skip(stream, length)
        raise FramingError(f"A message of {length} bytes is too long (at most {MAX_BODY}).")
    body = stream.read(length)
    if len(body) < length:
        raise FramingError(f"The input ended inside a message ({len(body)} of {length} bytes).")
    try:
        message = json.loads(body)
    except ValueError as e:
        raise FramingError(f"The message is not JSON ({e}): {_shown(body)}.") from None
    if not isinstance(message, dict):
        raise FramingError(f"The message is not a JSON object: {_shown(body)}.")
    return message


def encode(message: Message) -> bytes:
    body = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def _skip(stream: BinaryIO, length: int) -> None:
    while length > 0:
        chunk = stream.read(min(length, 1 << 16))
        if not chunk:
            return
        length -= len(chunk)


def _shown(data: bytes, limit: int = 60) -> str:
    text = data.decode("utf-8", "replace").strip()
    return repr(text if len(text) <= limit else text[:limit] + "...")
