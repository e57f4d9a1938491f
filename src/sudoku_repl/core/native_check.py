"""The numbers the native core shares with Python, checked once, when the extension is first
loaded (``native._extension``): the event kinds, the statuses' order, the record's chunk of
moves and its way of packing a cell's state (and a drop's mark of a cell with none waiting),
the count of a filled cell, the kinds of a cell's value events. The C defines them in ``csrc/include/native.h`` and exports them as module
attributes (``csrc/module.c``); Python defines them in its own modules. Were a build to
disagree, the two sides would read each other's numbers wrong without an error, so a mismatch
refuses the native core, as a broken build is refused.
"""

from __future__ import annotations

from typing import Any

#: the event kinds the core makes, by their names in core/events.py
EVENT_KIND_NAMES = (
    "NO_CANDIDATE",
    "WENT_WRONG",
    "COMPLETE",
    "REMOVED",
    "CELSET",
    "INCOMPLETE",
    "PLY",
    "GUESS",
    "FORWARD",
    "UPWARD",
    "NO_MORE",
    "SOLUTION",
)
#: the kinds of a cell's value events, by their names in core/layout.py
VALUE_EVENT_KIND_NAMES = ("LOST", "GOT", "PASSING")


def expected() -> dict[str, object]:
    """Python's definitions, under the names of the extension's attributes."""
    # imported here: only a build that loads the extension reads them
    from sudoku_repl.core import events, layout
    from sudoku_repl.core.engine import FILLED
    from sudoku_repl.core.state import Status

    return {
        "EVENT_KINDS": {name: getattr(events, name) for name in EVENT_KIND_NAMES},
        "STATUSES": tuple(status.name for status in Status),
        "MOVES_PER_SNAPSHOT": layout.MOVES_PER_SNAPSHOT,
        "FILLED": FILLED,
        "VALUE_SHIFT": layout.VALUE_SHIFT,
        "NOT_WAITING": layout.NOT_WAITING,
        "VALUE_EVENT_KINDS": {name: getattr(layout, name) for name in VALUE_EVENT_KIND_NAMES},
    }


def check(module: Any) -> str:
    """'' when the extension's constants are Python's, else why not (the first that differs)."""
    for name, value in expected().items():
        native = getattr(module, name, None)
        if native is None:
            return f"the C extension does not export {name} (a stale build?)"
        if native != value:
            return f"the C extension's {name} is {native!r}, Python's is {value!r}"
    return ""
