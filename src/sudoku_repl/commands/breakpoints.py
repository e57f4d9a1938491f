"""The breakpoint commands: ``break`` and ``tbreak`` (with their ``if`` conditions), ``watch``,
``delete``, ``disable``, ``enable``; the breakpoints themselves are the core's
(``core/breakpoints.py``: a watchpoint is a kind of them). Declared in ``declared/debugger.py``."""

from __future__ import annotations

from sudoku_repl.commands.declared.debugger import BREAK, INFO, WATCH
from sudoku_repl.commands.running import title
from sudoku_repl.core.breakpoints import (
    COMPARISONS,
    QUANTITIES,
    AtStep,
    Breakpoint,
    CellGets,
    Comparison,
    Condition,
    LevelAtLeast,
    OnACell,
    Removed,
    RowGets,
    Solution,
    WatchCandidate,
    WatchCell,
    Wrong,
    row_cells,
)
from sudoku_repl.core.errors import UserError, shown
from sudoku_repl.core.geometry import Cell
from sudoku_repl.text.args import parse_count
from sudoku_repl.text.words import counted

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


def break_(
    repl: Repl,
    kind: str | None = None,  # (None: a bare number, break 92: a step)
    level: int | None = None,
    step: int | None = None,
    cell: Cell | None = None,
    cell_value: tuple[Cell, int] | None = None,
    value: int | None = None,
    expr: str | None = None,
    row: int | None = None,
) -> None:
    made = _breakpoint(repl, kind, level, step, cell, cell_value, value, row)
    _set_breakpoint(repl, made, expr, temporary=False)


def tbreak(
    repl: Repl,
    kind: str | None = None,
    level: int | None = None,
    step: int | None = None,
    cell: Cell | None = None,
    cell_value: tuple[Cell, int] | None = None,
    value: int | None = None,
    expr: str | None = None,
    row: int | None = None,
) -> None:
    made = _breakpoint(repl, kind, level, step, cell, cell_value, value, row)
    _set_breakpoint(repl, made, expr, temporary=True)


def watch(repl: Repl, cell: Cell, value: int | None = None, expr: str | None = None) -> None:
    made = WatchCell(0, cell=cell) if value is None else WatchCandidate(0, cell=cell, value=value)
    _set_breakpoint(repl, made, expr, temporary=False, form=WATCH.usage)


CONDITION_FORM = "<step|level|solutions> <op> <number> [and ...], op one of > >= < <= == !="


def parse_condition(text: str, form: str) -> Condition:
    """``step > 100 and level >= 8``: comparisons of the step's state, joined by ``and``."""
    parts = []
    for clause in text.split(" and "):
        words = clause.split()
        if len(words) != 3 or words[0] not in QUANTITIES or words[1] not in COMPARISONS:
            raise UserError(f"Not a condition: {shown(clause.strip())!r}; {CONDITION_FORM}: {form}")
        number = parse_count(words[2], f"A condition compares with a whole number: {form}")
        parts.append(Comparison(words[0], words[1], number))
    return Condition(tuple(parts))


def _set_breakpoint(
    repl: Repl, made: Breakpoint, expr: str | None, temporary: bool, form: str = BREAK.usage
) -> None:
    if expr is not None:
        made.condition = parse_condition(expr, f"{form} if {CONDITION_FORM}")
    bps = repl.session.breakpoints
    made.number = bps.number()
    bp = bps.add(made)
    said = bp.listing(repl.session.geo)  # (tbreak's says it is temporary first: gdb's words)
    bp.temporary = temporary
    repl.out.message(f"{title(bp)} {bp.number}: {said}")


def _breakpoint(
    repl: Repl,
    kind: str | None,
    level: int | None,
    step: int | None,
    cell: Cell | None,
    cell_value: tuple[Cell, int] | None,
    value: int | None,
    row: int | None,
) -> Breakpoint:
    """The breakpoint of one of ``BREAK``'s forms (its ``kind``, the first word)."""
    if kind == "row" and row is not None:
        geo = repl.session.geo
        cells = row_cells(geo, row)
        if not cells:
            raise UserError(f"No row {row}: the rows are 1..{geo.height}: {BREAK.usage}")
        return RowGets(0, row=row, cells=cells)
    if kind == "level" and level is not None:
        return LevelAtLeast(0, level=level)
    if kind in ("step", None) and step is not None:
        return AtStep(0, step=step)
    if kind == "cell" and cell_value is not None:
        return CellGets(0, cell=cell_value[0], value=cell_value[1])
    if kind == "cell" and cell is not None:
        return CellGets(0, cell=cell)
    if kind == "removed" and cell is not None and value is not None:
        return Removed(0, cell=cell, value=value)
    return Wrong(0) if kind == "wrong" else Solution(0)


def breakpoint_of(repl: Repl, number: int) -> Breakpoint:
    """The breakpoint a command names by its number."""
    bp = repl.session.breakpoints.items.get(number)
    if bp is None:
        raise UserError(f"No breakpoint {number}; see {INFO.name} break.")
    return bp


def delete(repl: Repl, number: int | None = None) -> None:
    if number is None:
        _delete_all(repl)
        return
    bp = breakpoint_of(repl, number)
    del repl.session.breakpoints.items[bp.number]
    repl.out.message(f"Deleted {title(bp).lower()} {bp.number}.")


#: the question ``delete`` alone asks where the front end may ask (gdb's)
DELETE_ALL = "Delete all breakpoints?"


def _delete_all(repl: Repl) -> None:
    """``delete`` alone: every breakpoint and watchpoint, as gdb; asked first where the front
    end may ask (``Repl.confirmed``)."""
    items = repl.session.breakpoints.items
    if not items:
        repl.out.message("No breakpoints to delete.")
        return
    if not repl.confirmed(DELETE_ALL):
        repl.out.message("Not confirmed: the breakpoints stay.")
        return
    count = len(items)
    items.clear()
    repl.out.message(f"Deleted all {counted(count, 'breakpoint')}.")


def disable(repl: Repl, number: int) -> None:
    bp = breakpoint_of(repl, number)
    bp.enabled = False
    repl.out.message(f"Disabled breakpoint {bp.number}.")


def enable(repl: Repl, number: int) -> None:
    bp = breakpoint_of(repl, number)
    if not bp.bound:
        geo = repl.session.geo
        place = bp.place(geo)
        watched = place if isinstance(bp, OnACell) else bp.describe(geo)
        raise UserError(
            f"Breakpoint {bp.number} watches {watched}, which this quiz does not have; "
            f"load a quiz with a cell {place}, or delete {bp.number}."
        )
    bp.enabled = True
    repl.out.message(f"Enabled breakpoint {bp.number}.")
