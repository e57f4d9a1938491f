"""The seed's 0-1 program (``core/ilp_model.Model``) as the text of the two files every MIP
solver reads: CPLEX LP (``lp_text``) and free MPS (``mps_text``), each opening with a comment
block that names the puzzle, the position and the model's size.

Written for the readers of HiGHS, CBC, GLPK and SCIP alike: the objective is a constant (LP:
``obj: 0 x_r1_c1_d1``, the zero that every LP reader takes; MPS: an objective row with no
entry), a free binary is in LP's ``Binaries`` section and has MPS's ``BV`` bound, and a fixed
one is an integer with equal bounds (LP: ``x = 1`` under ``Bounds`` and the name under
``Generals``; MPS: ``FX``): readers differ on whether a ``Binaries`` entry resets the bounds
given under ``Bounds`` (GLPK's does), never on a general integer's.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sudoku_repl.core.ilp_model import Model

#: names on one line of LP's Binaries and Generals sections (a line stays under 255 characters)
_PER_LINE = 8


def about_lines(model: Model) -> list[str]:
    """What the comment block says: the program, the puzzle, the position, the size."""
    cells, grids = len(model.cells), model.grids
    layout = "a classic quiz" if grids == 1 else f"a frame of {grids} grids"
    if model.step is None:
        position = f"the quiz: its {model.fixed_to(1)} givens fixed to 1"
    else:
        position = (
            f"step {model.step}: its {model.fixed_to(1)} digits placed (givens included) fixed "
            f"to 1, its {model.fixed_to(0)} struck candidates fixed to 0"
        )
    return [
        "sudoku-repl: the 0-1 integer program of seed 001 (Ke Chunmei), docs/ilp.md",
        f"puzzle: {model.source or '(unnamed)'}, {layout}, {cells} cells",
        f"position: {position}",
        f"size: {model.variable_count} binaries (x_rROW_cCOL_dDIGIT: {cells} cells x 9 digits), "
        f"{len(model.constraints)} constraints ({cells} cells + {grids} x 243 grid rows, "
        f"columns and boxes by digit), {model.nonzeros} nonzeros",
        "objective: a constant (the article's min=1): any solution is optimal",
    ]


def lp_text(model: Model) -> str:
    """The program in CPLEX LP format."""
    name = model.variable_name
    fixed = dict(model.fixed)
    lines = [f"\\ {line}" for line in about_lines(model)]
    lines += ["Minimize", f" obj: 0 {name(0)}", "Subject To"]
    for row in model.constraints:
        lines.append(f" {row.name}: " + " + ".join(name(k) for k in row.columns) + " = 1")
    if fixed:
        lines.append("Bounds")
        lines += [f" {name(k)} = {value}" for k, value in model.fixed]
        lines.append("Generals")
        lines += _name_lines(name(k) for k, _ in model.fixed)
    free = [k for k in range(model.variable_count) if k not in fixed]
    if free:
        lines.append("Binaries")
        lines += _name_lines(name(k) for k in free)
    lines.append("End")
    return "\n".join(lines) + "\n"


def _name_lines(names: Iterable[str]) -> Iterator[str]:
    line: list[str] = []
    for n in names:
        line.append(n)
        if len(line) == _PER_LINE:
            yield " " + " ".join(line)
            line = []
    if line:
        yield " " + " ".join(line)


def mps_text(model: Model) -> str:
    """The program in free MPS format (names without blanks, fields parted by blanks)."""
    name = model.variable_name
    rows_of: list[list[str]] = [[] for _ in range(model.variable_count)]
    for row in model.constraints:
        for k in row.columns:
            rows_of[k].append(row.name)
    lines = [f"* {line}" for line in about_lines(model)]
    lines += ["NAME sudoku", "ROWS", " N obj"]
    lines += [f" E {row.name}" for row in model.constraints]
    lines += ["COLUMNS", " MARKER 'MARKER' 'INTORG'"]
    for k, rows in enumerate(rows_of):
        var = name(k)
        for i in range(0, len(rows), 2):  # two entries a line, as MPS writers do
            lines.append(f" {var} " + " ".join(f"{r} 1" for r in rows[i : i + 2]))
    lines += [" MARKER 'MARKER' 'INTEND'", "RHS"]
    lines += [f" RHS {row.name} 1" for row in model.constraints]
    lines.append("BOUNDS")
    fixed = dict(model.fixed)
    for k in range(model.variable_count):
        value = fixed.get(k)
        lines.append(f" BV BND {name(k)}" if value is None else f" FX BND {name(k)} {value}")
    lines.append("ENDATA")
    return "\n".join(lines) + "\n"
