"""What the record says of one cell: its ``CellStep`` s, kept as columns (``CellTrack``), which
``History.cell_track`` gathers and the record's queries (``queries``) read."""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from typing import NamedTuple

from sudoku_repl.core.geometry import Mask


class CellStep(NamedTuple):
    """How one step changed one cell: its value and candidates in the state of the step before
    and in the state of this step. ``passing``: values it held only inside the step (a fill
    pass that went wrong placed them, the next guess undid them)."""

    step: int
    value_before: int
    cands_before: Mask
    value: int
    cands: Mask
    passing: tuple[int, ...] = ()


def u32(data: bytes) -> array[int]:
    """Native unsigned 32-bit numbers (as the native core's columns come) as an array."""
    numbers = array("I")
    numbers.frombytes(data)
    return numbers


def u16(data: bytes) -> array[int]:
    numbers = array("H")
    numbers.frombytes(data)
    return numbers


class CellTrack:
    """The ``CellStep`` s of one cell (``History.cell_track``) as columns, entry i of each being
    the i-th step: ``steps``, ``values_before`` and ``values`` (a byte each: ``find`` looks a
    value up), ``cands_before`` and ``cands``, and ``passing`` for the few entries that have
    such values (entry -> values). A million steps give some 100,000 entries: the readers
    (``value_events``, ``removal_steps``) go through the columns in C on the native build."""

    __slots__ = ("cands", "cands_before", "passing", "steps", "values", "values_before")

    def __init__(
        self,
        steps: array[int],
        values_before: bytes,
        values: bytes,
        cands_before: array[int],
        cands: array[int],
        passing: dict[int, tuple[int, ...]],
    ) -> None:
        self.steps = steps
        self.values_before = values_before
        self.values = values
        self.cands_before = cands_before
        self.cands = cands
        self.passing = passing

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[CellStep]:
        passing = self.passing
        columns = (self.steps, self.values_before, self.cands_before, self.values, self.cands)
        for i, (step, value_before, cands_before, value, cands) in enumerate(zip(*columns)):
            yield CellStep(step, value_before, cands_before, value, cands, passing.get(i, ()))

    def first_showing(self, value: int) -> int | None:
        """The first step whose state shows the cell holding ``value`` (None if none does)."""
        i = self.values.find(value)
        return None if i < 0 else self.steps[i]
