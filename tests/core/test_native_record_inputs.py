"""The native record functions check what crosses from Python (the
part left after the ``Core``'s checks): ``cell_track``, ``value_events``, ``removal_steps`` and
``drop_scan`` (``csrc/record.c``), called through ``sudoku_repl.core.native``'s typed functions, refuse a cell
past the record's cell width, a value or candidates out of range, a buffer whose length does not
fit its items, columns of lengths other than the steps', with a ``ValueError`` of one line naming
the function and what it accepts; nothing is read before (``.ci/sanitize`` runs this file under
AddressSanitizer and UBSan: a read out of bounds stops the run there)."""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any

import pytest

from sudoku_repl.core import native
from sudoku_repl.core.record.chunks import Chunk

pytestmark = pytest.mark.skipif(
    not native.active(), reason=f"not the native core: {native.build()}"
)


def steps(*s: int) -> array[int]:
    return array("I", s)


def cands(*c: int) -> array[int]:
    return array("H", c)


def nothing(k: int) -> None:
    raise AssertionError("no chunk to write out")


def cell_track(**changed: Any) -> tuple[Any, ...]:
    """A valid call on an empty record, with some arguments changed."""
    args = {
        "chunks": [],
        "cell": 0,
        "stop": 0,
        "steps": steps(),
        "start_steps": 0,
        "start_value": 0,
        "start_cands": 0x1FF,
        "wide": False,
        "write_out": nothing,
    }
    args.update(changed)
    scan = native.cell_track_scan()
    assert scan is not None
    return scan(*args.values())


def value_events(
    s: Any = None, before: Any = b"\0\5", after: Any = b"\5\0", passing: Any = None, held: int = 0
) -> tuple[bytes, bytes]:
    scan = native.value_events_scan()
    assert scan is not None
    return scan(steps(3, 8) if s is None else s, before, after, passing or {}, held)


def removal_steps(
    s: Any = None, values: Any = b"\0\0\0", c: Any = None, bit: int = 1, empty: int = 3
) -> bytes:
    scan = native.removal_steps_scan()
    assert scan is not None
    return scan(
        steps(5, 7, 9) if s is None else s, values, cands(3, 2, 0) if c is None else c, bit, empty
    )


def drop_scan(
    cells: Any = b"\0\1", ends: Any = None, states: Any = None, s: Any = None, **changed: Any
) -> tuple[list[int], ...]:
    """A valid call on a record of one chunk of two moves on three cells (cell 0 loses
    candidate 1, then cell 1 gets 4), some arguments changed; the four arrays after it."""
    chunk = Chunk.deferred(
        bytearray(cells) if isinstance(cells, bytes) else cells,
        array("I", [1, 2]) if ends is None else ends,
        cands(0b110, 4 << 9) if states is None else states,
    )
    arrays = [cands(0b111, 0b1111, 0), cands(0, 0, 0), cands(0, 0, 0), cands(0xFFFF) * 3]
    args = {
        "chunks": [chunk],
        "first": 0,
        "stop": 1,
        "steps": steps(1, 2) if s is None else s,
        "start_steps": 0,
        "wide": False,
        "write_out": nothing,
        "last_empty": arrays[0],
        "held": arrays[1],
        "removed": arrays[2],
        "waiting": arrays[3],
    }
    args.update(changed)
    scan = native.drop_scan()
    assert scan is not None
    scan(*args.values())
    return tuple(a.tolist() for a in arrays)


BAD: dict[str, tuple[Callable[[], object], str]] = {
    "cell past 8-bit cells": (
        lambda: cell_track(cell=300),
        "cell_track: cell 300 is out of range (0 to 255)",
    ),
    "cell past 16-bit cells": (
        lambda: cell_track(cell=100_000, wide=True),
        "cell_track: cell 100000 is out of range (0 to 65535)",
    ),
    "negative cell": (lambda: cell_track(cell=-1), "cell_track: cell -1 is out of range"),
    "negative stop": (lambda: cell_track(stop=-5), "cell_track: stop -5 is out of range"),
    "start value 200": (
        lambda: cell_track(start_value=200),
        "cell_track: start value 200 is out of range (0 to 9)",
    ),
    "candidates 0xFFFF": (
        lambda: cell_track(start_cands=0xFFFF),
        "cell_track: start candidates 65535 is out of range (0 to 511)",
    ),
    "start steps past 32 bits": (
        lambda: cell_track(start_steps=2**32),
        "cell_track: start steps 4294967296 is out of range (0 to 4294967295)",
    ),
    "negative start steps": (
        lambda: cell_track(start_steps=-1),
        "cell_track: start steps -1 is out of range (0 to 4294967295)",
    ),
    "steps of 3 bytes": (
        lambda: cell_track(steps=b"abc"),
        "cell_track: steps are 4-byte numbers, not 3 bytes",
    ),
    "values column short": (
        lambda: value_events(before=b"\0"),
        "value_events: the values before hold 1 bytes, not 2 for 2 steps",
    ),
    "values column long": (
        lambda: value_events(after=b"\0\0\0"),
        "value_events: the values hold 3 bytes, not 2 for 2 steps",
    ),
    "a value 200": (
        lambda: value_events(after=b"\xc8\0"),
        "value_events: a value 200 is out of range (0 to 9)",
    ),
    "a passing value 200": (
        lambda: value_events(passing={0: (200,)}),
        "value_events: a passing value 200 is out of range (1 to 9)",
    ),
    "a passing entry past the track": (
        lambda: value_events(passing={7: (4,)}),
        "value_events: a passing entry 7 is out of range (0 to 1)",
    ),
    "held 10": (lambda: value_events(held=10), "value_events: held 10 is out of range (0 to 9)"),
    "steps of 6 bytes": (
        lambda: value_events(s=b"abcdef"),
        "value_events: steps are 4-byte numbers, not 6 bytes",
    ),
    "bit of two candidates": (
        lambda: removal_steps(bit=3),
        "removal_steps: bit 3 is no candidate's bit (1 << (value - 1), value 1 to 9)",
    ),
    "bit past the candidates": (
        lambda: removal_steps(bit=1 << 9),
        "removal_steps: bit 512 is no candidate's bit",
    ),
    "candidates column short": (
        lambda: removal_steps(c=cands(1)),
        "removal_steps: the candidates hold 2 bytes, not 6 for 3 steps",
    ),
    "values column short (removals)": (
        lambda: removal_steps(values=b"\0"),
        "removal_steps: the values hold 1 bytes, not 3 for 3 steps",
    ),
    "last empty 0xFFFF": (
        lambda: removal_steps(empty=0xFFFF),
        "removal_steps: last empty candidates 65535 is out of range (-1 to 511)",
    ),
    "stop past the chunks": (
        lambda: drop_scan(stop=2),
        "drop_scan: stop 2 is out of range (0 to 1)",
    ),
    "first past stop": (
        lambda: drop_scan(first=1, stop=0),
        "drop_scan: first 1 is out of range (0 to 0)",
    ),
    "negative first": (lambda: drop_scan(first=-1), "drop_scan: first -1 is out of range"),
    "drop's start steps past 32 bits": (
        lambda: drop_scan(start_steps=2**32),
        "drop_scan: start steps 4294967296 is out of range (0 to 4294967295)",
    ),
    "a cell past the arrays": (
        lambda: drop_scan(cells=b"\0\5"),
        "drop_scan: a chunk's cell 5 is out of range (0 to 2)",
    ),
    "a 16-bit cell past the arrays": (
        lambda: drop_scan(cells=cands(0, 300), wide=True),
        "drop_scan: a chunk's cell 300 is out of range (0 to 2)",
    ),
    "a state's value 12": (
        lambda: drop_scan(states=cands(0b110, 12 << 9)),
        "drop_scan: a state's value 12 is out of range (0 to 9)",
    ),
    "a state's value 12 in a move that waits": (
        lambda: drop_scan(states=cands(12 << 9, 4 << 9), s=steps(0, 1)),
        "drop_scan: a state's value 12 is out of range (0 to 9)",
    ),
    "ends going down": (
        lambda: drop_scan(ends=array("I", [2, 1])),
        "drop_scan: a chunk's ends go from 2 to 1 (0 to 2, never down)",
    ),
    "ends past the cells": (
        lambda: drop_scan(ends=array("I", [1, 3])),
        "drop_scan: a chunk's ends go from 1 to 3 (0 to 2, never down)",
    ),
    "a chunk past the steps": (
        lambda: drop_scan(s=steps(1)),
        "drop_scan: chunk 0 ends at move 2, past the 1 steps given",
    ),
    "arrays of other lengths": (
        lambda: drop_scan(held=cands(0, 0)),
        "drop_scan: held holds 2 cells, not 3 as last_empty",
    ),
    "an array of 3 bytes": (
        lambda: drop_scan(removed=bytearray(b"abc")),
        "drop_scan: removed are 2-byte numbers, not 3 bytes",
    ),
    "steps of 5 bytes": (
        lambda: drop_scan(s=b"abcde"),
        "drop_scan: steps are 4-byte numbers, not 5 bytes",
    ),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_input_is_one_value_error_line(case: str) -> None:
    call, said = BAD[case]
    with pytest.raises(ValueError) as raised:
        call()
    line = str(raised.value)
    assert line.startswith(said) and "\n" not in line, line


def test_valid_inputs_still_give_their_answers() -> None:
    """Worked by hand: the track's empty cell has candidates 1 2 (0b11), then 2, then none;
    candidate 1 (bit 1) goes at step 7, candidate 2 (bit 2) at step 9. Its values: 5 got at
    step 3 (GOT), lost at step 8 (LOST)."""
    for case in BAD.values():  # (refused calls leave nothing behind)
        with pytest.raises(ValueError):
            case[0]()
    assert array("I", removal_steps()).tolist() == [7]
    assert array("I", removal_steps(bit=2)).tolist() == [9]
    found, codes = value_events()
    assert array("I", found).tolist() == [3, 8]
    assert list(codes) == [1 << 4 | 5, 0 << 4 | 5]  # GOT 5 at step 3, LOST 5 at step 8
    assert cell_track() == (b"", b"", b"", b"", b"", [])
    # the drop's record: cell 0 loses candidate 1 at step 1, cell 1 holds 4 at step 2
    last_empty, held, removed, waiting = drop_scan()
    assert (last_empty, held, removed) == ([0b110, 0b1111, 0], [0, 1 << 3, 0], [1, 0, 0])
    assert waiting == [0xFFFF] * 3
    # a record that starts past 2**31 steps: its count crosses as 64 bits (a long has 32 on
    # Windows, where the parse raised OverflowError), up to the record's uint32 steps' last
    for start in (2**31, 2**32 - 3):
        assert cell_track(start_steps=start) == (b"", b"", b"", b"", b"", [])
        late = drop_scan(start_steps=start, s=steps(start + 1, start + 2))
        assert late == (last_empty, held, removed, waiting)
    assert cell_track(start_steps=2**32 - 1) == (b"", b"", b"", b"", b"", [])
