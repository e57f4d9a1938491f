"""The seed's 0-1 integer program of a position (seed 001, Ke Chunmei: samurai and flower
sudoku in LINGO), as a value: ``Model``. ``text/lp_files`` writes it as CPLEX LP and free MPS,
``tools/ilp/highs`` hands it to HiGHS.

The article has a binary x(i,j,k) per grid, cell and digit, and equalities tying the grids'
copies of a shared cell together. Here those equalities are folded in: one binary per cell of
the frame and digit (variable ``cell * 9 + digit - 1``), so a cell shared by two grids is one
variable. The constraints, each a sum of binaries equal to 1: each cell holds one digit
(``cell_r4_c2``, frame coordinates), and in every grid each digit once in each row, column and
box (``g2_row4_d2``, ``g2_col7_d9``, ``g2_box5_d1``: the grid's own 1-based rows, columns and
boxes). A unit two grids share (a samurai's corner box) is written once for each grid, as the
article writes it: the two rows are the same, and a solver's presolve drops one.

The size follows from the layout alone (docs/ilp.md): C cells in G grids give 9C binaries,
C + 243G constraints and 9C + 2187G nonzeros. The objective is a constant (the article's
``min=1``): any solution is optimal.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from sudoku_repl.core.geometry import Geometry, bit

#: the units of a grid (``Geometry.grid_units``' kinds), with the word in their names
GRID_UNITS = {"row": "row", "col": "col", "blk": "box"}


@attrs.frozen
class Constraint:
    """A row of the program: the sum of its binaries (indices into the model's variables, each
    with coefficient 1) equals 1."""

    name: str
    columns: tuple[int, ...]


@attrs.frozen
class Model:
    """The program of one position. ``cells``: each cell's 1-based frame (row, column), in the
    geometry's cell order; variable ``cell * 9 + digit - 1`` is its binary for ``digit``.
    ``fixed``: (variable, 0 or 1), in variable order: a given or placed digit fixed to 1, a
    struck candidate to 0; the others are free binaries. ``source``: the puzzle's name,
    ``step``: the step whose position this is (None: the quiz's givens), ``grids``: how many
    9x9 grids the frame holds."""

    cells: tuple[tuple[int, int], ...]
    constraints: tuple[Constraint, ...]
    fixed: tuple[tuple[int, int], ...]
    grids: int
    source: str = ""
    step: int | None = None

    @property
    def variable_count(self) -> int:
        return 9 * len(self.cells)

    @property
    def nonzeros(self) -> int:
        return sum(len(c.columns) for c in self.constraints)

    def variable_name(self, variable: int) -> str:
        row, col = self.cells[variable // 9]
        return f"x_r{row}_c{col}_d{variable % 9 + 1}"

    def fixed_to(self, value: int) -> int:
        """How many binaries are fixed to ``value`` (0 or 1)."""
        return sum(v == value for _, v in self.fixed)


def variable(cell: int, digit: int) -> int:
    """The index of the binary that says ``cell`` holds ``digit``."""
    return cell * 9 + digit - 1


def build(
    geo: Geometry,
    values: Sequence[int],
    cands: Sequence[int] | None = None,
    source: str = "",
    step: int | None = None,
) -> Model:
    """The program of a position: ``values`` (0 for an empty cell) fixed to 1, and with
    ``cands`` (a candidate mask per cell) each digit an empty cell no longer has fixed to 0.
    Without ``cands``, the givens alone (the quiz)."""
    cells = tuple((r + 1, c + 1) for r, c in geo.positions)
    constraints = [
        Constraint(f"cell_r{r}_c{c}", tuple(variable(cell, d) for d in range(1, 10)))
        for cell, (r, c) in enumerate(cells)
    ]
    for g in range(1, len(geo.grids) + 1):
        units = geo.grid_units(g)
        for kind, word in GRID_UNITS.items():
            for n, unit in enumerate(units[kind], 1):
                for d in range(1, 10):
                    constraints.append(
                        Constraint(f"g{g}_{word}{n}_d{d}", tuple(variable(c, d) for c in unit))
                    )
    fixed: list[tuple[int, int]] = []
    for cell, value in enumerate(values):
        if value:
            fixed.append((variable(cell, value), 1))
        elif cands is not None:
            mask = cands[cell]
            fixed += [(variable(cell, d), 0) for d in range(1, 10) if not mask & bit(d)]
    return Model(cells, tuple(constraints), tuple(fixed), len(geo.grids), source, step)


def solution_values(model: Model, ones: Sequence[int]) -> tuple[int, ...]:
    """A digit per cell from the variables at 1 (``ones``: their indices)."""
    digits = [0] * len(model.cells)
    for k in ones:
        digits[k // 9] = k % 9 + 1
    return tuple(digits)
