"""The record and its moves as the API reads them: ``Move`` (a move of ``session.history``)
and ``EventView`` (an event record with named fields, cells as ``(row, col)``), and ``History``,
the record shown in a notebook as its timeline."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import attrs

from sudoku_repl.core.events import KINDS, Event
from sudoku_repl.core.geometry import CLASSIC, Cell, Geometry
from sudoku_repl.core.record import History as CoreHistory
from sudoku_repl.text.render import event_lines


def _rc(geo: Geometry, cell: Cell) -> tuple[int, int]:
    """A cell's 1-based (row, column) in the frame, as ``[r,c]`` names it."""
    row, col = geo.positions[cell]
    return row + 1, col + 1


def _node(geo: Geometry, node: int) -> tuple[tuple[int, int], int]:
    """A chain's node (cell * 9 + value - 1) as ((row, col), value)."""
    return _rc(geo, node // 9), node % 9 + 1


#: How a record's field reads in the view, by the field's name; any other field reads as it is
#: recorded. Cells as (row, col), units by name, a chain's nodes as ((row, col), value), a grid
#: as its digits, a Removal's technique as the original writes it (1GW, 2GW, 3GW).
_READ: dict[str, Callable[[Geometry, Any], Any]] = {
    "cell": _rc,
    "cells": lambda geo, cells: tuple(_rc(geo, c) for c in cells),
    "unit": lambda geo, unit: geo.units[unit].name,
    "nodes": lambda geo, nodes: tuple(_node(geo, n) for n in nodes),
    "removed": lambda geo, nodes: tuple(_node(geo, n) for n in nodes),
    "grid": lambda geo, grid: "".join(str(v) for v in grid),
    "technique": lambda geo, number: f"{number}GW",
}


@attrs.frozen(repr=False)
class EventView:
    """An event record (``record``, the engine's own, unchanged) read with named fields:
    ``kind_name`` (``"removed"``, ``"guess"``, ...), and each field of the record by its name,
    with cells as 1-based ``(row, col)``, units by name (``"blk 4"``), a chain's nodes as
    ``((row, col), value)``, a grid as its digits and a removal's technique as ``"2GW"``.
    ``fields`` holds them all; ``lines()`` are the original's lines of the record. Two views
    are equal when their records are."""

    record: Event
    geometry: Geometry = attrs.field(default=CLASSIC, eq=False)

    @property
    def kind(self) -> int:
        return int(self.record[0])

    @property
    def kind_name(self) -> str:
        known = KINDS.get(self.kind)
        return known[0] if known is not None else f"kind {self.kind}"

    @property
    def fields(self) -> dict[str, Any]:
        """The record's fields but ``kind``, by name, read as the class docstring says."""
        names: tuple[str, ...] = getattr(self.record, "_fields", ())
        geo = self.geometry
        return {
            name: _READ[name](geo, value) if name in _READ else value
            for name, value in zip(names[1:], self.record[1:])
        }

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name in ("record", "geometry"):  # (not set yet: no loop)
            raise AttributeError(name)
        fields = self.fields
        if name in fields:
            return fields[name]
        raise AttributeError(f"a {self.kind_name} event has no field {name!r}")

    def lines(self) -> list[str]:
        return event_lines(self.record, self.geometry)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in self.fields.items())
        record = type(self.record).__name__
        return f"{record}({self.kind_name!r}{', ' if shown else ''}{shown})"


@attrs.frozen(repr=False)
class Move:
    """A move of the record (``session.history``: move ``index``, 0-based, as
    ``history.events(index)`` counts them): ``step`` is the step whose state first shows it
    (docs/engine.md, "The state at step N"), ``run_mode`` the mode it ran under, ``events``
    its records read as ``EventView``; ``records`` are the engine's own."""

    index: int
    step: int
    run_mode: int
    events: tuple[EventView, ...]

    @property
    def records(self) -> tuple[Event, ...]:
        return tuple(event.record for event in self.events)

    def lines(self) -> list[str]:
        """The original's lines of the move."""
        return [line for event in self.events for line in event.lines()]

    def __repr__(self) -> str:
        events = ", ".join(repr(event) for event in self.events)
        return f"Move({self.index}, step={self.step}, run_mode={self.run_mode}, events=[{events}])"


class History(CoreHistory):
    """The record (``core.record.History``), shown in a notebook as its timeline: the guess
    level over the steps (``timeline --svg``'s picture)."""

    def _repr_html_(self) -> str:
        from sudoku_repl.views.timeline import svg_timeline

        if len(self) == 0:
            return f"<p>{html.escape(repr(self))}</p>"
        svg = svg_timeline(self)
        return svg[svg.index("<svg") :]  # (no XML declaration inside HTML)
