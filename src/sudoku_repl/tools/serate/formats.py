"""serate's formats (``--start``, ``--before``, ``--after``, ``--format``): its ``Formatter``
(SukakuExplainer v1.15.10, ``diuf/sudoku/test/serate.java``) rule for rule.

A format is copied character for character; ``%`` and the next character is a conversion, where
the section knows it (``SECTIONS``), else that character itself (``%%`` is ``%``, ``%x`` is
``x``); a ``%`` that ends the format is itself. A section whose text is empty prints nothing,
not even its line's end. The grid's strings are serate's ``Grid.toString81``,
``toStringPencilmarks`` and ``toStringMultilinePencilmarks``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from sudoku_repl.core.errors import UserError
from sudoku_repl.techniques.explainer.grid import MASK_DIGITS, Grid

#: the conversions each section knows (serate's switch of each)
SECTIONS = {
    "start": "Mgilmnt",
    "before": "Mgilmt",
    "after": "MeghilmnSRrst",
    "format": "UDdegilnTPpSRrt",
}
# the conversions serate knows that this command does not give: said before any rating
_NOT_HERE = {
    "h": "a step's HTML explanation",
}
#: the conversions of the techniques' names (``serate_names``)
NAMES = "RSPTDU"


def conversions(fmt: str) -> list[str]:
    """The conversion characters of ``fmt``, as serate reads it."""
    found = []
    i = 0
    while i < len(fmt):
        if fmt[i] == "%" and i + 1 < len(fmt):
            found.append(fmt[i + 1])
            i += 2
        else:
            i += 1
    return found


def check(section: str, fmt: str) -> None:
    """Refuse (``UserError``, one line) a conversion this command does not give."""
    known = SECTIONS[section]
    for ch in conversions(fmt):
        if ch in known and ch in _NOT_HERE:
            raise UserError(
                f"--{section}: %{ch} ({_NOT_HERE[ch]}) is not given here; the conversions "
                f"given are {_given()}"
            )


def _given() -> str:
    return " ".join(
        f"--{section}: " + "".join(f"%{ch}" for ch in known if ch not in _NOT_HERE)
        for section, known in SECTIONS.items()
    )


def expand(section: str, fmt: str, values: Mapping[str, Callable[[], str]]) -> str:
    """``fmt`` with the section's conversions replaced by ``values``' (those it knows)."""
    known = SECTIONS[section]
    out = []
    i = 0
    while i < len(fmt):
        ch = fmt[i]
        if ch != "%" or i + 1 >= len(fmt):
            out.append(ch)
            i += 1
            continue
        ch = fmt[i + 1]
        i += 2
        if ch == "l":
            out.append("\n")
        elif ch == "t":
            out.append("\t")
        elif ch in known and ch in values:
            out.append(values[ch]())
        else:
            out.append(ch)
    return "".join(out)


def rating_text(tenths: int) -> str:
    """serate's ``ratingToString`` of a rating in tenths: ``7.3``, ``20.0``, ``0.0``."""
    return f"{tenths // 10}.{tenths % 10}"


def time_text(ms: int) -> str:
    """serate's ``getTimeString`` of a time in milliseconds: ``3.13s``, ``2m05s``, ``1h02m``,
    ``2d03h``."""
    hundredths = ms // 10
    t, u = hundredths // 100, hundredths % 100
    if t < 60:
        return f"{t}.{u:02d}s"
    if t < 3600:
        return f"{t // 60}m{t % 60:02d}s"
    if t < 86400:
        return f"{t // 3600}h{(t % 3600) // 60:02d}m"
    return f"{t // 86400}d{(t % 86400) // 3600:02d}h"


def grid81(grid: Grid) -> str:
    """``toString81``: the values, ``.`` for an empty cell."""
    return "".join(str(v) if v else "." for v in grid.values)


def marks(grid: Grid) -> str:
    """``toStringPencilmarks``: 729 characters, each cell's nine places."""
    out = []
    for value, cands in zip(grid.values, grid.cands, strict=True):
        mask = 1 << value if value else cands
        out.append("".join(str(v) if mask >> v & 1 else "." for v in range(1, 10)))
    return "".join(out)


def marks_lines(grid: Grid) -> str:
    """``toStringMultilinePencilmarks``: the grid of candidates in lines (empty when no cell
    has two)."""
    width = max([1] + [len(MASK_DIGITS[c]) for c in grid.cands])
    if width <= 1:
        return ""
    rule = "+" + ("-" * (3 * (width + 1)) + "-+") * 3
    lines = []
    for band in range(3):
        lines.append(rule)
        for r in range(band * 3, band * 3 + 3):
            s = "|"
            for stack in range(3):
                for c in range(stack * 3, stack * 3 + 3):
                    cell = r * 9 + c
                    value = grid.values[cell]
                    text = str(value) if value else "".join(map(str, MASK_DIGITS[grid.cands[cell]]))
                    s += " " + text + " " * (width - len(text))
                s += " |"
            lines.append(s)
    lines.append(rule)
    return "\n".join(lines)
