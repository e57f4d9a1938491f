"""Steps a session marked on its record (``Session.marks``): where a run stopped at a
breakpoint and what bisection found. The replay page marks them on its timeline."""

from __future__ import annotations

from typing import NamedTuple

#: the kinds of mark
BREAK = "break"
BISECT = "bisect"


class Mark(NamedTuple):
    """A step, what happened there in a few words (``Breakpoint 1``, ``Level 11 is first
    reached``) and its kind (``BREAK`` or ``BISECT``)."""

    step: int
    text: str
    kind: str
