"""A pencil-mark state of a 9x9 quiz: each cell's candidates, and the board they are on (classic
sudoku's, or a variant's rules: ``board``), nothing else.

The measures of this package are defined on such states (Berthier's *resolution states*), so a
puzzle, a sukaku (a 729-character pencil-mark line, as SHC and SukakuExplainer read them) and
the state a stepping session has reached are rated alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from sudoku_repl.core.geometry import FULL, Cell, Mask
from sudoku_repl.techniques.difficulty.board import CLASSIC_BOARD, Board

if TYPE_CHECKING:  # (a session's state is read only by from_engine_state: a rating needs none)
    from sudoku_repl.core.state import EngineState

CELLS: Final = 81
#: the 27 units' cells: rows, columns, boxes, each ascending (classic sudoku's board's houses)
UNITS: Final[tuple[tuple[Cell, ...], ...]] = CLASSIC_BOARD.houses
#: each cell's 20 peers (the cells sharing a unit with it), ascending
PEERS: Final[tuple[tuple[Cell, ...], ...]] = CLASSIC_BOARD.peers

#: a candidate: a cell and one of its digits
Candidate = tuple[Cell, int]

_GONE: Final = frozenset(".0")
_EMPTY: Final = frozenset(".0")


class MarksError(ValueError):
    """Text that is no pencil-mark state: one line saying what is wrong and what is accepted."""


def cell_name(cell: Cell) -> str:
    """``r1c5`` for cell 4: the field's name of a cell, 1-based."""
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def candidate_name(candidate: Candidate) -> str:
    """``9r1c5``: a digit at a cell."""
    return f"{candidate[1]}{cell_name(candidate[0])}"


def _masks(given: Iterable[int]) -> tuple[int, ...]:
    cands = tuple(given)
    if len(cands) != CELLS or any(not isinstance(m, int) or not 0 <= m <= FULL for m in cands):
        raise MarksError("a pencil-mark state has 81 masks of 9 bits (0-511), one a cell")
    return cands


@attrs.frozen
class Marks:
    """81 candidate masks, row-major: bit d-1 set when digit d is still possible there. A
    decided cell (a given, a placed value) is a single bit, as is any cell with one candidate
    left: a resolution state knows no difference. ``board``: the rules it is played on."""

    cands: tuple[int, ...] = attrs.field(converter=_masks)
    board: Board = CLASSIC_BOARD

    @classmethod
    def from_givens(cls, givens: Sequence[int], board: Board = CLASSIC_BOARD) -> Marks:
        """A puzzle's state: a given is its digit; an empty cell (0) keeps the digits no given
        among its peers holds, nor (non-consecutive) one apart from a given beside it (direct
        elimination, nothing more)."""
        if len(givens) != CELLS or any(not 0 <= v <= 9 for v in givens):
            raise MarksError("a puzzle has 81 values: 0 for an empty cell, 1-9 for a given")
        cands = [
            1 << (v - 1)
            if v
            else FULL & ~_held(givens, board.peers[i]) & ~board.away(_held(givens, board.apart[i]))
            for i, v in enumerate(givens)
        ]
        return cls(tuple(cands), board)

    @classmethod
    def from_sukaku(cls, text: str) -> Marks:
        """A sukaku line: 729 characters, nine a cell, digit d at place d-1 when present, ``.``
        or ``0`` when gone; or an 81-character puzzle (digits, ``.`` or ``0`` for empty)."""
        line = text.strip()
        if len(line) == CELLS:
            givens = []
            for k, ch in enumerate(line):
                if ch in _EMPTY:
                    givens.append(0)
                elif "1" <= ch <= "9":
                    givens.append(int(ch))
                else:
                    raise MarksError(
                        f"a puzzle's cells are 1-9, or . or 0 for empty, not {ch!r} "
                        f"(at {cell_name(k)})"
                    )
            return cls.from_givens(givens)
        if len(line) != 9 * CELLS:
            raise MarksError(
                "a sukaku is 729 characters (nine a cell: digit d at place d, . or 0 when "
                f"gone) or an 81-character puzzle, not {len(line)} characters"
            )
        cands = []
        for i in range(CELLS):
            mask = 0
            for d in range(9):
                ch = line[9 * i + d]
                if ch == str(d + 1):
                    mask |= 1 << d
                elif ch not in _GONE:
                    raise MarksError(
                        f"a sukaku's place {d + 1} of a cell holds {d + 1}, . or 0, not {ch!r} "
                        f"(at {cell_name(i)})"
                    )
            cands.append(mask)
        return cls(tuple(cands))

    @classmethod
    def from_state(
        cls, values: Sequence[int], cands: Sequence[Mask], board: Board = CLASSIC_BOARD
    ) -> Marks:
        """A session's state (``EngineState.values`` and ``.cands``: 0 and the candidate mask
        for an empty cell, the value and an empty mask for a filled one) as pencil marks."""
        if len(values) != CELLS or len(cands) != CELLS:
            raise MarksError("the measures of difficulty take a 9x9 quiz (81 cells)")
        return cls(tuple(1 << (v - 1) if v else m & FULL for v, m in zip(values, cands)), board)

    @classmethod
    def from_engine_state(cls, state: EngineState) -> Marks:
        """A session's state as it stands (``session.engine.state()``): its values and
        candidates, or, before its first step (LOADED: no candidate computed yet), its givens'
        candidates (``from_givens``)."""
        from sudoku_repl.core.state import Status

        if state.status is Status.LOADED:
            if len(state.values) != CELLS:
                raise MarksError("the measures of difficulty take a 9x9 quiz (81 cells)")
            return cls.from_givens(state.values)
        return cls.from_state(state.values, state.cands)

    def sukaku(self) -> str:
        """The 729-character line ``from_sukaku`` reads."""
        return "".join(str(d + 1) if m >> d & 1 else "." for m in self.cands for d in range(9))

    def givens(self) -> tuple[int, ...]:
        """The decided cells' digits, 0 elsewhere (a puzzle line's values)."""
        return tuple(m.bit_length() if m and not m & (m - 1) else 0 for m in self.cands)

    def candidates(self) -> tuple[Candidate, ...]:
        """Every candidate of an undecided cell, cell by cell, digits ascending."""
        return tuple(
            (i, d + 1)
            for i, m in enumerate(self.cands)
            if m & (m - 1)
            for d in range(9)
            if m >> d & 1
        )


def state_line(values: Sequence[int], marks: Sequence[int] | None) -> str:
    """The line a state is read from, as a bug report names it: its 81 values where it has no
    candidates of its own (``marks`` None), else its 729-character line (a value's place alone,
    else each candidate's; ``marks`` engine bits)."""
    if marks is None:
        return "".join(map(str, values))
    return Marks(
        tuple(1 << (v - 1) if v else m for v, m in zip(values, marks, strict=True))
    ).sukaku()


def _held(givens: Sequence[int], cells: Sequence[Cell]) -> int:
    mask = 0
    for k in cells:
        if givens[k]:
            mask |= 1 << (givens[k] - 1)
    return mask
