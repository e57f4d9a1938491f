"""What the session did that the user should hear about, as facts (``Session.notices``): the
command layer words them (``commands/notices.py``) and prints them after the command.

Small frozen attrs classes, as the outcomes of a walk are (``core/outcomes.py``): the core
returns facts, never English.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs


@attrs.frozen
class RecordFull:
    """The record reached its cap: the steps before ``first_steps`` were dropped."""

    first_steps: int


@attrs.frozen
class ExperimentsDropped:
    """Experiments that parted before ``first_steps`` went with the dropped steps."""

    numbers: tuple[int, ...]
    first_steps: int


@attrs.frozen
class ExperimentFollowed:
    """Stepping on from step ``step`` with the inputs experiment ``number`` (named ``name``)
    holds from there followed it: it is the present one, ``left`` stands at its end."""

    number: int
    name: str
    left: int
    step: int


@attrs.frozen
class BreakpointDisabled:
    """A new quiz has no cell at the place of a cell or row breakpoint, so it was disabled: its
    ``number``, what it watches (``Breakpoint.describe``) and the place (``Breakpoint.place``),
    as the new quiz names them."""

    number: int
    described: str
    place: str


Notice: TypeAlias = RecordFull | ExperimentsDropped | ExperimentFollowed | BreakpointDisabled
