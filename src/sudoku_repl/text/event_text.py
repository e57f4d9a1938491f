"""Events as one line of text and back, derived from the records (``events.KINDS``): the kind's
name, then each field but ``kind`` as ``name=value`` in the record's order, written by its type.

    guess step=7 cell=46 level=1 tried=1 out_of=2
    celset cells=21,45 values=6,7
    solution step=98 solution_sum=1 grid=00050300…

An int (a cell, a unit, a count) is written in decimal, a bool as 0 or 1, a tuple of ints as
its numbers joined by commas (nothing for none), bytes (a grid) in hex. Nothing here is written
per kind: a technique's kind reads and writes once it is registered (``events.register_kind``).
These are not the original's lines (``render.event_lines``), which say less than the record.
"""

from __future__ import annotations

import typing
from functools import cache
from typing import Any

from sudoku_repl.core.errors import UserError
from sudoku_repl.core.events import KINDS, Event


def _write_int(value: Any) -> str:
    return str(int(value))


def _write_bool(value: Any) -> str:
    return "1" if value else "0"


def _write_ints(value: Any) -> str:
    return ",".join(str(int(v)) for v in value)


def _write_bytes(value: Any) -> str:
    return bytes(value).hex()


def _read_int(text: str) -> int:
    return int(text)


def _read_bool(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(f"{text!r} is not 0 or 1")
    return text == "1"


def _read_ints(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in text.split(",")) if text else ()


def _read_bytes(text: str) -> bytes:
    return bytes.fromhex(text)


#: per field type: how it is written, how it is read, and what a reader is told it must be
_TYPES: dict[object, tuple[Any, Any, str]] = {
    int: (_write_int, _read_int, "a whole number"),
    bool: (_write_bool, _read_bool, "0 or 1"),
    tuple[int, ...]: (_write_ints, _read_ints, "numbers joined by commas"),
    bytes: (_write_bytes, _read_bytes, "hex digits"),
}


@cache
def _fields(record: type[tuple[Any, ...]]) -> tuple[tuple[str, Any, Any, str], ...]:
    """(name, writer, reader, what it must be) of each field of ``record`` but ``kind``."""
    hints = typing.get_type_hints(record)
    names: tuple[str, ...] = record._fields  # type: ignore[attr-defined]
    out = []
    for name in names[1:]:
        hint = hints[name]
        if hint not in _TYPES:
            raise TypeError(f"{record.__name__}.{name}: no text form for {hint}")
        out.append((name, *_TYPES[hint]))
    return tuple(out)


def event_text(event: Event) -> str:
    """One line for ``event``."""
    name, record = KINDS[event[0]]
    fields = _fields(record)
    return " ".join([name, *(f"{f}={write(v)}" for (f, write, _, _), v in zip(fields, event[1:]))])


def _by_name() -> dict[str, tuple[int, type[tuple[Any, ...]]]]:
    return {name: (kind, record) for kind, (name, record) in KINDS.items()}


def parse_event(text: str) -> Event:
    """The event of a line ``event_text`` wrote; ``UserError`` saying what is wrong otherwise."""
    words = text.split()
    if not words:
        raise UserError("An event line is empty: <kind> field=value ...")
    known = _by_name()
    if words[0] not in known:
        raise UserError(f"Not an event kind: {words[0]!r}; one of {', '.join(known)}.")
    kind, record = known[words[0]]
    fields = _fields(record)
    form = " ".join([words[0], *(f"{name}=..." for name, _, _, _ in fields)])
    given = dict(word.partition("=")[::2] for word in words[1:])
    if len(words) - 1 != len(fields) or set(given) != {name for name, _, _, _ in fields}:
        raise UserError(f"An event line has these fields: {form}")
    values: list[Any] = [kind]
    for name, _, read, what in fields:
        try:
            values.append(read(given[name]))
        except ValueError:
            raise UserError(f"{words[0]} {name}={given[name]}: {what}; {form}") from None
    return record(*values)
