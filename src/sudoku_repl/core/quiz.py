"""A quiz as a value: its givens, where it came from, and its geometry (one grid or several).

Reading quizzes from files and strings is ``text.quiz_files``'s job.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import lru_cache, reduce
from itertools import compress
from operator import lshift, or_

import attrs

from sudoku_repl.core import native
from sudoku_repl.core.errors import PATH, QuizError, shown
from sudoku_repl.core.geometry import CLASSIC, Geometry, one_apart
from sudoku_repl.core.rules import Rules, geometry_of

MAX_GRIDS = 64  # grids of one puzzle at most (a samurai has five)
#: a quiz string's characters to their values, and values to characters (``bytes.translate``:
#: rating reads and writes every quiz of a file, and these are its cheapest ways)
QUIZ_BYTES = b".0123456789"  # the characters of a quiz string
_VALUES = bytes.maketrans(QUIZ_BYTES, b"\x00" + bytes(range(10)))
_SHOWN = bytes.maketrans(bytes(range(10)), b".123456789")
#: a pencil-mark (sukaku) puzzle's characters: nine a cell, the digit where it is a candidate
SUKAKU = 729


@attrs.frozen
class Quiz:
    """Givens of a quiz (0 = empty), in the cell order of its geometry, and where they came
    from."""

    givens: tuple[int, ...]
    source: str
    geometry: Geometry = CLASSIC
    #: a pencil-mark puzzle's candidates, a mask a cell (bit v - 1 for the value
    #: v); None: a quiz of givens, every candidate the givens leave
    marks: tuple[int, ...] | None = None

    @classmethod
    def from_marks(cls, marks: Sequence[int], source: str) -> Quiz:
        """A pencil-mark puzzle (a sukaku, as SukakuExplainer and SHC read them): each cell's
        candidates (bit v - 1 for v), no given (a cell of one candidate is still to be placed).
        ``QuizError`` for a cell without any."""
        for cell, mask in enumerate(marks):
            if not mask:
                raise QuizError(
                    f"Invalid pencil marks: {CLASSIC.cell_name(cell)} has no candidate."
                )
        if len(marks) != SUKAKU // 9:
            raise QuizError(f"Invalid pencil marks: {len(marks)} cells, want {SUKAKU // 9}.")
        return cls((0,) * len(marks), source, CLASSIC, tuple(marks))

    @classmethod
    def from_string(cls, text: str, source: str = "", check: bool = True) -> Quiz:
        """An 81-character quiz (``0`` or ``.`` for an empty cell), checked for clashes
        (``check``: False for a quiz whose rules, checked with them, are still to come)."""
        raw = text.encode("ascii", "replace")
        if raw.translate(None, QUIZ_BYTES):  # (not ASCII digits and dots: as int() reads them)
            cells = tuple(0 if ch == "." else int(ch) for ch in text)
            packed = None
        else:
            packed = raw.translate(_VALUES)
            cells = tuple(packed)
        quiz = cls(cells, source or text)
        if check:
            check_clashes(quiz.givens, packed=packed)
        return quiz

    @classmethod
    def from_grids(cls, grids: Sequence[tuple[int, int, str]], source: str) -> Quiz:
        """A puzzle of several grids: (top-left row, column, 81 characters) each."""
        if not grids:
            raise QuizError(f"Invalid quiz {shown(source, PATH)}: it has no grid.")
        if len(grids) > MAX_GRIDS:
            raise QuizError(
                f"Invalid quiz {shown(source, PATH)}: {len(grids)} grids (at most {MAX_GRIDS})."
            )
        for r0, c0, _ in grids:
            if r0 % 3 or c0 % 3:
                raise QuizError(
                    f"Invalid quiz: a grid at {r0},{c0} is not on block boundaries "
                    f"(its row and column must be multiples of 3)."
                )
        geo = Geometry.from_grids([(r0, c0) for r0, c0, _ in grids])
        givens = [0] * geo.size
        given_by: dict[int, int] = {}
        for r0, c0, text in sorted(grids):  # grid 1 first, so a clash names them in order
            g = geo.grids.index((r0, c0)) + 1
            for k, ch in enumerate(text):
                if ch in "0.":
                    continue
                cell = geo.index[(r0 + k // 9, c0 + k % 9)]
                v = int(ch)
                if givens[cell] and givens[cell] != v:
                    raise QuizError(
                        f"Invalid quiz: grids {given_by[cell]} and {g} give {geo.cell_name(cell)} "
                        f"different values ({givens[cell]} and {v})."
                    )
                givens[cell] = v
                given_by.setdefault(cell, g)
        quiz = cls(tuple(givens), source, geo)
        check_clashes(quiz.givens, geo)
        return quiz

    def with_rules(self, rules: Rules) -> Quiz:
        """This quiz of givens on a 9x9 grid, played by ``rules`` (``core/rules``; no rule:
        classic sudoku), its givens checked against them; ``QuizError``: one line naming the
        clash, or why the quiz cannot take rules."""
        if not rules.words:
            return self
        if not self.geometry.one_grid:
            raise QuizError("Invalid quiz: variant rules are played on one 9x9 grid, not on grids.")
        if self.marks is not None:
            raise QuizError("Invalid quiz: variant rules are played from givens, not pencil marks.")
        geo = geometry_of(rules)
        check_clashes(self.givens, geo)
        check_neighbours(self.givens, geo)
        return attrs.evolve(self, geometry=geo)

    @property
    def rules(self) -> str:
        """Its variant rules as ``rules.parse`` reads them ("" for classic sudoku)."""
        return self.geometry.rules

    def __str__(self) -> str:
        geo = self.geometry
        if self.marks is not None:
            return "".join(
                str(k + 1) if mask >> k & 1 else "." for mask in self.marks for k in range(9)
            )
        if geo.one_grid:
            return bytes(self.givens).translate(_SHOWN).decode("ascii")
        parts = []
        for r0, c0 in geo.grids:
            cells = [self.givens[geo.index[(r0 + k // 9, c0 + k % 9)]] for k in range(81)]
            parts.append(f"{r0},{c0}:" + "".join(str(v) if v else "." for v in cells))
        return ";".join(parts)


@lru_cache(maxsize=8)
def _unit_bits(geo: Geometry) -> tuple[int, ...]:
    """Per cell, a bit for each unit it lies in, ten bits apart from unit to unit: shifted by a
    given value, two givens' bits meet only where a unit gives that value twice."""
    bits = [0] * geo.size
    for u, unit in enumerate(geo.units):
        for c in unit.cells:
            bits[c] |= 1 << (10 * u)
    return tuple(bits)


@lru_cache(maxsize=8)
def _unit_table(geo: Geometry) -> bytes:
    """Every unit as its number of cells, then its cells: 16-bit numbers, what the native
    core's clash test reads."""
    table = array("H")
    for unit in geo.units:
        table.append(len(unit.cells))
        table.extend(unit.cells)
    return table.tobytes()


def _no_clash(givens: Sequence[int], geo: Geometry, packed: bytes | None = None) -> bool:
    """Whether no unit gives a value twice (the cheap test: ``rate`` checks every quiz of a
    file; ``packed``: the givens as bytes, when the caller has them). On the native build in
    C; else the givens' bits never meet, so that their sum is their union (loops left to C
    too)."""
    fast = native.clash_test()
    if fast is not None:
        return bool(fast(packed or bytes(givens), _unit_table(geo)))
    shifted: list[int] = list(
        map(lshift, compress(_unit_bits(geo), givens), compress(givens, givens))
    )
    union: int = reduce(or_, shifted, 0)
    return sum(shifted) == union


def check_clashes(
    givens: Sequence[int], geo: Geometry = CLASSIC, packed: bytes | None = None
) -> None:
    """Refuse the first value given twice in a unit (units and cells in scan order);
    ``packed``: the givens as bytes, when the caller has them."""
    if _no_clash(givens, geo, packed):
        return
    for unit in geo.units:
        seen: dict[int, int] = {}
        for c in unit.cells:
            v = givens[c]
            if not v:
                continue
            if v in seen:
                where = ""
                if not geo.classic:
                    shared = sorted({g for cell in (seen[v], c) for g in geo.grids_of(cell)})
                    if len(shared) > 1:
                        where = " in the overlap of " + " and ".join(f"g{g}" for g in shared)
                raise QuizError(
                    f"Invalid quiz: {v} appears twice in {unit.name} "
                    f"({geo.cell_name(seen[v])} and {geo.cell_name(c)}){where}.",
                    cells=(seen[v], c),
                )
            seen[v] = c


def check_neighbours(givens: Sequence[int], geo: Geometry) -> None:
    """Refuse the first given a neighbour rule forbids (``check_clashes`` checks the units):
    the same digit where a peer shares no unit with it, a digit one apart beside it under a
    non-consecutive rule."""
    for cell, v in enumerate(givens):
        if not v:
            continue
        in_units = {c for unit in geo.units if cell in unit.cells for c in unit.cells}
        for other in geo.peers[cell]:
            if other > cell and other not in in_units and givens[other] == v:
                raise QuizError(
                    f"Invalid quiz: {v} at {geo.cell_name(cell)} and {geo.cell_name(other)}, "
                    f"which the rules ({geo.rules}) make neighbours.",
                    cells=(cell, other),
                )
        for other in geo.apart[cell] if geo.apart else ():
            w = givens[other]
            if other > cell and w and one_apart(v, geo.cyclic) >> (w - 1) & 1:
                raise QuizError(
                    f"Invalid quiz: {v} at {geo.cell_name(cell)} and {w} at "
                    f"{geo.cell_name(other)} side by side, one apart ({geo.rules}).",
                    cells=(cell, other),
                )
