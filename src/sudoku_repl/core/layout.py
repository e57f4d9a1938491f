"""The record's layout, as the native core reads it too: how many moves a chunk holds, how a
cell's state is packed (and the mark of a drop's cell with no state waiting), and the kinds of
a cell's value events. The C has the same numbers in
``csrc/include/native.h``; ``native_check`` compares the extension's with these when it loads
(this module imports nothing, so that the check needs nothing of the record)."""

from __future__ import annotations

from typing import Final

#: moves a chunk of the record holds, from one snapshot to the next
MOVES_PER_SNAPSHOT: Final = 128
#: a cell's change is stored as ``value << VALUE_SHIFT | candidates``
VALUE_SHIFT: Final = 9
CANDS: Final = (1 << VALUE_SHIFT) - 1
#: a cell's entry in a drop's ``waiting`` (``record.dropped``) when none of its changes waits
NOT_WAITING: Final = 0xFFFF

#: The kinds of a cell's value events (``record.value_events``): a code is ``kind << 4 | value``.
LOST: Final = 0
GOT: Final = 1
PASSING: Final = 2
