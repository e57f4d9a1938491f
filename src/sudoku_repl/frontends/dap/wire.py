"""The Debug Adapter Protocol's framing: a message is a header block (``Content-Length: N``, then
an empty line, each line ended by CRLF) and N bytes of JSON. A message that cannot be read is a
``FramingError`` with one line saying what was wrong; the reader goes on with the next one. A
header is looked for anywhere in a line, so that bytes left over from a broken message (its body
after a header that had no length, ``Content-Length: 5xyz``; random bytes) do not hide the next
one: ``Content-Length:`` with its digits alone to the line's end (``5xyz`` is no length), unless
what comes before it on the line is another header's name (``X-Content-Length:``). The bytes
skipped before it are handed back (``skipped``) to be said. A header block with two lengths is
refused, as HTTP refuses one: which is the body's cannot be known, so nothing is skipped, and the
next header is found after the body's bytes. Every bound is said in the error line that meets
it: a header of more than ``MAX_HEADER`` bytes, a body longer than ``MAX_BODY`` (its length said
however many digits it has), JSON nested deeper than ``MAX_DEPTH``."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, BinaryIO

#: one header line at most (bytes); a longer one is no DAP header
MAX_HEADER_LINE = 8192
#: one message's header block at most (bytes, its lines together); past it the header is
#: refused and its lines are skipped to the next empty line
MAX_HEADER = 64 << 10
#: one message's body at most (bytes); a longer one is skipped
MAX_BODY = 64 << 20
#: how deep a message's JSON may nest (arrays and objects): a DAP message nests a few levels
MAX_DEPTH = 100
#: the digits of a length shown in full (a longer one is said by its count of digits)
SHOWN_DIGITS = 20
LENGTH = re.compile(rb"Content-Length:[ \t]*([0-9]+)[ \t]*\r?\n?\Z", re.IGNORECASE)
#: a line's start that makes a ``Content-Length:`` after it another header's name (a token
#: ending in a dash: ``X-Content-Length:``)
OTHER_NAME = re.compile(rb"[-!#$%&'*+.^_`|~0-9A-Za-z]*-\Z")
#: a header line of any name (``Name: value``)
HEADER_LINE = re.compile(rb"[-!#$%&'*+.^_`|~0-9A-Za-z]+:")
EXPECTED = "a message is Content-Length: <bytes>, an empty line, then that many bytes of JSON"

Message = dict[str, Any]


class FramingError(Exception):
    """A message that could not be read: ``line`` says why; ``seq``, the request's number when
    the JSON was read that far; ``resync``: what reading must skip before the next message
    (called once the error was answered, so that the error is said at once)."""

    def __init__(
        self, line: str, seq: int = 0, resync: Callable[[BinaryIO], None] | None = None
    ) -> None:
        super().__init__(line)
        self.line = line
        self.seq = seq
        self.resync: Callable[[BinaryIO], None] = resync or (lambda stream: None)


def read_message(stream: BinaryIO, skipped: list[bytes] | None = None) -> Message | None:
    """The next message, None at the end of the input. Raises ``FramingError`` for a header
    without a length or too long, a body cut short or too long, or a body that is not a JSON
    object (or nests too deep). ``skipped`` gets the bytes passed over before the length's
    header: what was no header on its line, and the block's lines before it that are no
    header (``Name: value``)."""
    digits: bytes | None = None
    twice = False  # a second Content-Length in the block
    header: list[bytes] = []
    junk: list[bytes] = []  # the block's lines before the length that are no header
    size = 0
    while True:
        line = stream.readline(MAX_HEADER_LINE)
        if not line:
            if header:
                raise FramingError(f"The input ended inside a header: {EXPECTED}.")
            return None
        if line in (b"\r\n", b"\n"):
            if digits is not None:
                break
            if header:
                raise FramingError(f"Not a DAP header: {_shown(header[0])}; {EXPECTED}.")
            continue  # blank lines between messages
        size += len(line)
        if size > MAX_HEADER:
            raise FramingError(
                f"A header longer than {MAX_HEADER} bytes (no empty line after it): "
                f"{_shown(header[0] if header else line)}; {EXPECTED}.",
                resync=_skip_header,
            )
        if not header:
            header.append(line)  # (the first line, to say what came)
        found = LENGTH.search(line)
        if found and found.start() and OTHER_NAME.fullmatch(line[: found.start()]):
            found = None  # another header's name
        if found:
            if digits is not None:
                twice = True
            elif skipped is not None:
                skipped.extend(junk)
                if found.start():
                    skipped.append(line[: found.start()])
            digits = found.group(1).lstrip(b"0") or b"0"
        elif digits is None and not HEADER_LINE.match(line):
            junk.append(line)
    if twice:
        raise FramingError(
            f"Two Content-Length headers in one header block: the message is refused; {EXPECTED}."
        )
    if len(digits) > len(str(MAX_BODY)) or int(digits) > MAX_BODY:
        said = (
            digits.decode() if len(digits) <= SHOWN_DIGITS else f"a {len(digits)}-digit number of"
        )
        length = int(digits) if len(digits) <= SHOWN_DIGITS else None  # (None: to the end)
        raise FramingError(
            f"A message of {said} bytes is too long (at most {MAX_BODY}).",
            resync=lambda stream: _skip(stream, length),
        )
    length = int(digits)
    body = stream.read(length)
    if len(body) < length:
        raise FramingError(f"The input ended inside a message ({len(body)} of {length} bytes).")
    try:
        message = json.loads(body)
        deep = _too_deep(message)
    except RecursionError:
        deep = True  # (deeper than Python's own limit)
    except ValueError as e:
        raise FramingError(f"The message is not JSON ({e}): {_shown(body)}.") from None
    if deep:
        raise FramingError(f"The message nests deeper than {MAX_DEPTH} levels: {_shown(body)}.")
    if not isinstance(message, dict):
        raise FramingError(f"The message is not a JSON object: {_shown(body)}.")
    return message


def _too_deep(value: object) -> bool:
    """Whether ``value`` nests arrays and objects deeper than ``MAX_DEPTH`` (without recursion)."""
    level: list[object] = [value]
    for _ in range(MAX_DEPTH):
        level = [
            item
            for v in level
            if isinstance(v, (list, dict))
            for item in (v.values() if isinstance(v, dict) else v)
        ]
        if not level:
            return False
    return any(isinstance(v, (list, dict)) for v in level)


def encode(message: Message) -> bytes:
    body = utf8(json.dumps(message, separators=(",", ":"), ensure_ascii=False))
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


#: a UTF-16 surrogate alone: JSON's ``"\\ud800"`` reads as one, and UTF-8 has no bytes for it
SURROGATE = re.compile("[\ud800-\udfff]")


def clean(text: str) -> str:
    """``text`` with each lone surrogate (echoed from a client's message: ``"\\ud800"``) as
    U+FFFD, as a decoder shows bytes it cannot read. (A Python string holds no surrogate
    pairs: every surrogate in it is alone.)"""
    return SURROGATE.sub("\ufffd", text)


def utf8(text: str) -> bytes:
    """``text`` in UTF-8 (``clean``: a lone surrogate as U+FFFD)."""
    try:
        return text.encode()
    except UnicodeEncodeError:
        return clean(text).encode()


def _skip(stream: BinaryIO, length: int | None) -> None:
    """Past ``length`` bytes (None: to the end of the input), none of them kept."""
    while length is None or length > 0:
        chunk = stream.read(1 << 16 if length is None else min(length, 1 << 16))
        if not chunk:
            return
        if length is not None:
            length -= len(chunk)


def _skip_header(stream: BinaryIO) -> None:
    """Past the lines of a header too long, to the empty line after it (none of them kept)."""
    while (line := stream.readline(MAX_HEADER_LINE)) and line not in (b"\r\n", b"\n"):
        pass


def skipped_line(skipped: list[bytes]) -> str:
    """The line that says what bytes were passed over before a message (``read_message``)."""
    data = b"".join(skipped)
    return f"Skipped {len(data)} bytes that were no DAP message, before the next header: {_shown(data)}."


def _shown(data: bytes, limit: int = 60) -> str:
    text = data.decode("utf-8", "replace").strip()
    return repr(text if len(text) <= limit else text[:limit] + "...")
