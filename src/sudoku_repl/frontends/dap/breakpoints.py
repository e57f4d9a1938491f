"""The editor's breakpoints as the shell's: each DAP breakpoint is made by a command line of the
shell (its number is the DAP id) and replaced by the next request of its kind, as DAP says.

- a line of the quiz file (nine-line form): ``break row <r>``, or with a column on a digit
  ``break cell [r,c]``;
- a function breakpoint: ``break <name>`` (``92``, ``step 92``, ``level >= 11``, ``cell
  [4,2]=2``, ``row 4``...);
- a data breakpoint on a cell: ``watch [r,c]`` (any ``watch`` form as its dataId);
- ``condition``: ``... if <condition>``; ``hitCondition`` ``n``: stop at the n-th hit, the
  shell's ``ignore <number> n-1``.

``gotoTargets`` on a row's line gives the steps at which a cell of the row got a value, as
``when [r,c]`` says them; ``goto`` goes there."""

from __future__ import annotations

import re
from array import array
from collections.abc import Sequence
from typing import Any, Protocol

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.commands.record_questions import value_templates
from sudoku_repl.core.breakpoints import Breakpoint, OnACell, RowGets, Watch, row_cells
from sudoku_repl.core.errors import UserError, shown
from sudoku_repl.core.geometry import Cell
from sudoku_repl.core.record import GOT, value_events
from sudoku_repl.frontends.dap.frames import StackView, placed_cell
from sudoku_repl.frontends.dap.requests import json_said, whole
from sudoku_repl.frontends.dap.source import QuizSource
from sudoku_repl.text.args import HUGE
from sudoku_repl.text.numbered import numbered_lines

Body = dict[str, Any]
#: what a hit condition is
HIT_FORM = (
    f"hitCondition is a whole number n from 1 to {HUGE - 1}: stop at the n-th hit (the shell's "
    "ignore n-1)"
)
#: a number in a breakpoint's line
DIGITS = re.compile(r"[0-9]+")
NO_CELL = "Only a cell can be watched: a cell of a row of Board, [r,c] (watch [r,c])."


class Maker(Protocol):
    """What the book needs of the adapter that makes it."""

    repl: Repl
    view: StackView

    def quiet(self, line: str) -> tuple[bool, list[str]]: ...

    def source(self) -> QuizSource: ...

    def line_in(self, line: int) -> int: ...

    def column_in(self, column: int) -> int: ...

    def cell(self, text: str) -> Cell: ...


class BreakpointBook:
    """The shell breakpoints each kind of DAP request made, by number (``reason``: which
    kind a number is, for the ``stopped`` event)."""

    def __init__(self, adapter: Maker) -> None:
        self.adapter = adapter
        self.sources: dict[str, list[int]] = {}
        self.functions: list[int] = []
        self.data: list[int] = []
        #: every breakpoint seen before a command ran, by number (numbers are never reused): a
        #: temporary one is gone once it stops, and its stop is still shown at its place
        self.seen: dict[int, Breakpoint] = {}

    def remember(self) -> None:
        """Before a command that may stop at breakpoints: those there are now."""
        self.seen.update(self.adapter.repl.session.breakpoints.items)

    def stop_cell(self, hits: Sequence[int]) -> Cell | None:
        """Where frame 0 shows a stop at breakpoints ``hits``: at the first one on a place (the
        editor's line breakpoints first), its cell, or for a row the cell of it the step set;
        None when none is on a place."""
        mine = [n for n in hits if any(n in numbers for numbers in self.sources.values())]
        items = self.adapter.repl.session.breakpoints.items
        for number in [*mine, *(n for n in hits if n not in mine)]:
            bp = items.get(number, self.seen.get(number))
            if isinstance(bp, OnACell) and bp.bound:
                return bp.cell
            if isinstance(bp, RowGets) and bp.bound:
                cell = placed_cell(self.adapter.repl, bp.cells)
                if cell is not None:
                    return cell
        return None

    def reason(self, number: int) -> str:
        if number in self.functions:
            return "function breakpoint"
        if number in self.data:
            return "data breakpoint"
        if any(number in numbers for numbers in self.sources.values()):
            return "breakpoint"
        bp = self.adapter.repl.session.breakpoints.items.get(number)  # one typed in the console
        return "data breakpoint" if isinstance(bp, Watch) else "breakpoint"

    # -- making them --------------------------------------------------------------------

    def _drop(self, numbers: list[int]) -> None:
        """The breakpoints a request made before (one deleted in the console is gone already)."""
        items = self.adapter.repl.session.breakpoints.items
        for n in numbers:
            if n in items:
                self.adapter.quiet(f"delete {n}")
        numbers.clear()

    def _make(self, line: str, spec: dict[str, Any], made: list[int]) -> Body:
        """A breakpoint by the shell's ``line``, its condition and hit condition: the DAP
        breakpoint (refused: ``verified`` false, the shell's line as ``message``)."""
        condition = spec.get("condition")
        if isinstance(condition, str) and condition.strip():
            line += f" if {condition.strip()}"
        hit = _hits(spec.get("hitCondition"))
        if isinstance(hit, str):
            return {"verified": False, "message": hit}
        big = next((m.group() for m in DIGITS.finditer(line) if not _below_huge(m.group())), None)
        if big is not None:  # (the shell takes it as the largest: the adapter says so instead)
            return {"verified": False, "message": f"{shown(big)!r} is beyond the largest number "
                    f"a breakpoint takes, {HUGE - 1}: {shown(line)!r}"}  # fmt: skip
        items = self.adapter.repl.session.breakpoints.items
        before = set(items)
        ok, said = self.adapter.quiet(line)
        new = sorted(set(items) - before)
        if not ok or not new:
            return {"verified": False, "message": " ".join(said)}
        number = new[0]
        made.append(number)
        if hit is not None and hit > 1:
            ok, more = self.adapter.quiet(f"ignore {number} {hit - 1}")
            said += more
        return {"id": number, "verified": True, "message": " ".join(said)}

    def set_source(self, args: dict[str, Any]) -> Body:
        adapter = self.adapter
        adapter.repl.require_quiz()
        where = args.get("source")
        path = where.get("path") if isinstance(where, dict) else None
        if not isinstance(path, str):
            raise UserError("setBreakpoints names the quiz file by its source's path.")
        specs = _specs(args)
        source = adapter.source()
        if not source.same_file(path):  # left unverified, as other debuggers leave them
            loaded = source.path or "a quiz typed in"
            said = (f"Not the quiz file: {shown(path, 240)}; breakpoints go on the rows of the "
                    f"quiz loaded, {shown(loaded, 240)}.")  # fmt: skip
            return {"breakpoints": [{"verified": False, "line": spec["line"], "message": said}
                                    for spec in specs]}  # fmt: skip
        made = self.sources.setdefault(source.path or "", [])
        self._drop(made)
        if source.rows is None:
            said = source.why_not_mapped()
            return {"breakpoints": [{"verified": False, "message": said} for _ in specs]}
        found = []
        for spec in specs:
            line = adapter.line_in(spec["line"])
            row = source.row_of_line(line)
            if row is None:
                found.append({"verified": False, "line": spec["line"],
                              "message": f"Line {line} holds no row of the quiz: "
                                         f"{source.lines_said()}."})  # fmt: skip
                continue
            column = spec.get("column")
            if isinstance(column, int):
                col = source.col_of_column(row, adapter.column_in(column))
                if col is None:
                    found.append({"verified": False, "line": spec["line"],
                                  "message": f"Column {adapter.column_in(column)} of line {line} "
                                             "is not a cell's digit: put it on a digit, or on "
                                             "the line for the whole row."})  # fmt: skip
                    continue
                bp = self._make(f"break cell [{row},{col}]", spec, made)
            else:
                bp = self._make(f"break row {row}", spec, made)
            bp["line"] = spec["line"]
            if isinstance(column, int):
                bp["column"] = column
            found.append(bp)
        return {"breakpoints": found}

    def set_functions(self, args: dict[str, Any]) -> Body:
        missing = ("A function breakpoint's name is what break takes: 92, step 92, "
                   "level >= 11, cell [4,2]=2, row 4.")  # fmt: skip
        return self._set_named(args, "setFunctionBreakpoints", "name", "break", missing,
                               self.functions)  # fmt: skip

    def set_data(self, args: dict[str, Any]) -> Body:
        return self._set_named(args, "setDataBreakpoints", "dataId", "watch", NO_CELL, self.data)

    def _set_named(
        self,
        args: dict[str, Any],
        request: str,
        key: str,
        command: str,
        missing: str,
        kept: list[int],
    ) -> Body:
        """The breakpoints of ``request``, each the shell's ``command`` on its ``key`` (in
        place of those set before by it: ``kept``); one without the key says ``missing``."""
        self.adapter.repl.require_quiz()
        specs = args.get("breakpoints", [])
        if not isinstance(specs, list):
            raise UserError(f"{request} needs breakpoints: a list of {{{key}}}.")
        self._drop(kept)
        found = []
        for spec in specs:
            text = spec.get(key) if isinstance(spec, dict) else None
            if not isinstance(text, str) or not text.strip():
                found.append({"verified": False, "message": missing})
                continue
            found.append(self._make(f"{command} {text.strip()}", spec, kept))
        return {"breakpoints": found}

    def data_info(self, args: dict[str, Any]) -> Body:
        """A cell of a row can be watched; nothing else (``dataId`` null says why)."""
        adapter = self.adapter
        adapter.repl.require_quiz()
        name = str(args.get("name", ""))
        reference = args.get("variablesReference")
        if reference is not None:
            adapter.view.refresh()
            adapter.view.handles.get(reference, "variables reference")  # a stale one is refused
        try:
            adapter.cell(name)
        except UserError:
            return {"dataId": None, "description": NO_CELL}
        return {
            "dataId": name,
            "description": f"{name}: stop where its value changes (watch {name})",
            "accessTypes": ["write"],
            "canPersist": False,
        }

    # -- time travel ------------------------------------------------------------------------

    def goto_targets(self, args: dict[str, Any]) -> Body:
        """The steps at which a cell of the line's row (or the column's cell) got a value, in
        the record of the present experiment."""
        adapter = self.adapter
        session = adapter.repl.require_quiz()
        source = adapter.source()
        line = args.get("line")
        if not isinstance(line, int):
            raise UserError("gotoTargets needs a line of the quiz file.")
        if source.rows is None:
            raise UserError(source.why_not_mapped())
        row = source.row_of_line(adapter.line_in(line))
        if row is None:
            raise UserError(f"Line {adapter.line_in(line)} holds no row of the quiz: "
                            f"{source.lines_said()}.")  # fmt: skip
        geo, history = session.geo, session.history
        cells = row_cells(geo, row)
        column = args.get("column")
        if isinstance(column, int):
            col = source.col_of_column(row, adapter.column_in(column))
            cells = cells if col is None else (cells[col - 1],)
        labels: dict[int, list[str]] = {}
        for cell in cells:
            steps, codes = value_events(history.cell_track(cell))
            got = [(s, c) for s, c in zip(steps, codes) if c >> 4 == GOT]
            lines = numbered_lines(
                _u32([s for s, _ in got]),
                bytes(c for _, c in got),
                value_templates(geo.cell_name(cell)),
            )
            for (step, _), said in zip(got, lines):
                labels.setdefault(step, []).append(said)
        return {
            "targets": [
                {"id": step, "label": "; ".join(said), "line": line}
                for step, said in sorted(labels.items())
            ]
        }


def _specs(args: dict[str, Any]) -> list[dict[str, Any]]:
    """The source breakpoints asked for (the old ``lines`` form too)."""
    specs = args.get("breakpoints")
    if specs is None:
        lines = args.get("lines", [])
        specs = [{"line": n} for n in lines] if isinstance(lines, list) else None
    if not isinstance(specs, list) or not all(
        isinstance(s, dict) and whole(s.get("line")) and whole(s.get("column", 0)) for s in specs
    ):
        raise UserError(
            "setBreakpoints needs breakpoints: a list of {line, column?}, each an integer."
        )
    return specs


def _hits(value: object) -> int | str | None:
    """The hit condition's count (None: none), or why it is refused."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    said = value if isinstance(value, str) else json_said(value)  # (JSON's words: true)
    text = said.strip().removeprefix("==").strip()
    if text.isascii() and text.isdigit() and _below_huge(text) and int(text) >= 1:
        return int(text)
    return f"{HIT_FORM}, not {shown(said)!r}."


def _below_huge(digits: str) -> bool:
    """Whether the ASCII ``digits`` make a number below ``HUGE``, which the shell takes for
    any larger one (``int`` is not asked about thousands of digits)."""
    digits = digits.lstrip("0")
    return len(digits) <= len(str(HUGE)) and int(digits or "0") < HUGE


def _u32(values: list[int]) -> array[int]:
    return array("I", values)
