"""The numerical-analysis view of Jin Jianming's book (seed 000): its arrays NA, KH, MMK and NAK
and the reasons it writes beside every zeroed candidate, read from the record.

The book's names (``I``, ``NA(I)``, ``NAK(v, I)``, ``MMK(I)``, ``KH(I)``, the references ``Ik`` /
``Jm`` / ``Gn``, theorems 1-4 and the expansion shown before the first step) are explained once,
in the glossary of ``techniques.theorems`` (run-mode 3, the book's method as a run mode).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

import attrs

from sudoku_repl.core import events as E
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import CLASSIC, FULL, Cell, Geometry, Mask, values_of
from sudoku_repl.core.hand import HandMove
from sudoku_repl.core.record import History
from sudoku_repl.core.state import EngineState, Status
from sudoku_repl.techniques.theorems import Conversion
from sudoku_repl.text.render import event_lines
from sudoku_repl.views.technique_lines import recorded_lines

# -- the arrays and the reasons, read from the record ---------------------------------------


class Zeroing(NamedTuple):
    """Why ``NAK(v, I)`` is 0: the move that did it and, for theorem 1, the placed peer."""

    move: int
    peer: Cell | None  # the cell whose value zeroed it (None: a technique of the move did)


@attrs.define
class BookState:
    """The present state in the book's terms, with the history of every value and zeroing."""

    values: list[int]
    cands: list[Mask]
    computed: bool  # False before the first step: the view shows the expansion
    order: list[Cell]  # KH order: the cells holding values, givens first
    got: list[int | None]  # the move in which each cell got its value (-1: a given)
    before: list[Mask]  # a placed cell's possible values just before the move that placed it
    zeroed: dict[tuple[Cell, int], Zeroing]  # (cell, value) -> why it was zeroed

    def copy(self) -> BookState:
        return BookState(
            list(self.values),
            list(self.cands),
            self.computed,
            list(self.order),
            list(self.got),
            list(self.before),
            dict(self.zeroed),
        )

    # the book's arrays

    def na(self) -> list[int]:
        return list(self.values)

    def kh(self) -> list[int]:
        numbers = [0] * len(self.values)
        for k, cell in enumerate(self.order, 1):
            numbers[cell] = k
        return numbers

    def nak(self, value: int) -> list[int]:
        b = 1 << (value - 1)
        return [
            (value if v == value else 0) if v else (value if self.possible(i) & b else 0)
            for i, v in enumerate(self.values)
        ]

    def mmk(self) -> list[int]:
        return [1 if v else self.possible(i).bit_count() for i, v in enumerate(self.values)]

    def possible(self, cell: Cell) -> Mask:
        """The values still possible for an empty cell (all of them before the first step)."""
        return self.cands[cell] if self.computed else FULL


def book_state(history: History, moves: int) -> BookState:
    """Replay the record's first ``moves`` moves in the book's terms. A Forward or Upward
    guess puts back what its level's guess started from, reasons and KH numbers included."""
    start = history.start
    values = list(start.values)
    state = BookState(
        values,
        list(start.cands),
        start.status is not Status.LOADED,
        [i for i, v in enumerate(values) if v],
        [-1 if v else None for v in values],
        [0] * len(values),
        {},
    )
    levels: list[BookState] = []  # what each guess level started from
    for m in range(moves):
        events = history.events(m)
        changes = list(history.changes(m))
        for e in events:
            if E.is_new_guess(e):
                levels.append(state.copy())
            elif isinstance(e, E.Guess):  # Forward or Upward
                del levels[e.level :]
                state = levels[-1].copy()
            elif isinstance(e, HandMove):  # as if given: every level keeps it
                for level in levels:
                    _apply(level, m, [(c, v, _hand_mask(level, c, e, v, k)) for c, v, k in changes])
        _apply(state, m, changes)
    return state


def _hand_mask(level: BookState, cell: Cell, e: HandMove, value: int, mask: Mask) -> Mask:
    """A cell's candidates in a guess level's state after the hand move ``e`` (the edit made
    there too): the hand cell's value as placed, the value gone from the other cells it
    changed."""
    if value:
        return mask
    return level.cands[cell] & ~(1 << (e.value - 1))


def _apply(state: BookState, move: int, changes: list[tuple[Cell, int, Mask]]) -> None:
    values, cands = state.values, state.cands
    # the values that can zero a candidate in this move: those placed in it, or the givens
    # while the first step computes the candidates
    if state.computed:
        sources = _by_value((c, v) for c, v, _ in changes if v and not values[c])
    else:
        sources = _by_value((c, v) for c, v in enumerate(values) if v)
    for cell, value, mask in changes:
        old_value, old_mask = values[cell], state.possible(cell)
        if value != old_value:
            if old_value:
                state.order.remove(cell)
                state.got[cell] = None
            if value:
                state.order.append(cell)
                state.got[cell] = move
                state.before[cell] = old_mask
        if not value:
            for v in values_of(old_mask & ~mask):
                state.zeroed[cell, v] = Zeroing(move, _zeroing_peer(cell, v, sources))
            for v in values_of(mask & ~old_mask):
                state.zeroed.pop((cell, v), None)
        values[cell] = value
        cands[cell] = mask
    state.computed = True


def _by_value(cells: Iterable[tuple[Cell, int]]) -> dict[int, list[Cell]]:
    """The cells holding each value, in row-major order."""
    found: dict[int, list[Cell]] = {}
    for c, v in sorted(cells):
        found.setdefault(v, []).append(c)
    return found


def _zeroing_peer(
    cell: Cell, value: int, sources: dict[int, list[Cell]], below: int = 81
) -> Cell | None:
    """The peer holding ``value`` that zeroed it in ``cell``: the first in row-major order (the
    order of the fill pass, and of the givens' KH numbers) among ``sources`` below ``below``."""
    letters = _LETTERS[cell]
    for p in sources.get(value, ()):
        if p < below and letters[p]:
            return p
    return None


def _peer_letter(cell: Cell, peer: Cell) -> str:
    """The book's unit letter for a peer: I (same row), J (same column), G (same block);
    empty when the two cells share no unit. A row or column beats the block, as in ``place``."""
    if cell == peer:
        return ""
    if cell // 9 == peer // 9:
        return "I"
    if cell % 9 == peer % 9:
        return "J"
    if cell // 27 == peer // 27 and cell % 9 // 3 == peer % 9 // 3:
        return "G"
    return ""


_LETTERS = [[_peer_letter(c, p) for p in range(81)] for c in range(81)]


def reference(cell: Cell, peer: Cell) -> str:
    """``I12``, ``J39``, ``G20``: the unit letter and the peer's number I."""
    return f"{_peer_letter(cell, peer)}{peer + 1}"


# -- the matrices ---------------------------------------------------------------------------

ARRAYS = ("na", "kh", "mmk", "nak")


def matrix_lines(entries: Sequence[int]) -> list[str]:
    """A 9x9 matrix laid out like the grid: three blocks a line, a blank line between bands.
    One-digit matrices look exactly like the grid; wider ones separate their entries."""
    width = max(len(str(e)) for e in entries)
    sep = "" if width == 1 else " "
    lines = []
    for r in range(9):
        row = [str(e).rjust(width) for e in entries[r * 9 : r * 9 + 9]]
        lines.append((sep + " ").join(sep.join(row[b : b + 3]) for b in (0, 3, 6)))
        if r in (2, 5):
            lines.append("")
    return lines


def array_lines(state: BookState, name: str, steps: int, value: int | None = None) -> list[str]:
    """``matrix <name> [v]``: a header and the matrix (NAK: value v's, or all nine)."""
    if name == "nak":
        lines: list[str] = []
        for v in [value] if value else range(1, 10):
            if lines:
                lines.append("")
            lines += [f"NAK({v},I) at step {steps}:", *matrix_lines(state.nak(v))]
        return lines
    entries = {"na": state.na, "kh": state.kh, "mmk": state.mmk}[name]()
    return [f"{name.upper()}(I) at step {steps}:", *matrix_lines(entries)]


# -- why ------------------------------------------------------------------------------------


def why_value_lines(
    history: History,
    state: BookState,
    cell: Cell,
    geo: Geometry = CLASSIC,
    names: str = "readalps",
) -> list[str]:
    """``why [r,c]``: when and how the cell got its value (the trace lines named as ``set
    names`` says)."""
    name, number = geo.cell_name(cell), cell + 1
    value = state.values[cell]
    if not value:
        possible = state.possible(cell)
        shown = " ".join(map(str, values_of(possible)))
        mmk = f"MMK({number})={possible.bit_count()} ({shown})"
        return [f"{name} has no value yet: NA({number})=0, {mmk}."]
    kh = state.kh()[cell]
    move = state.got[cell]
    if move is None or move < 0:
        return [f"{name} is a given: NA({number})={value}, KH({number})={kh}."]
    step = history.visible_step(move)
    head = f"NA({number})={value} {name} since step {step}, KH({number})={kh}"
    own = [e for e in history.events(move) if _places(e, cell)]
    if own:
        return [f"{head}:", *recorded_lines(history, move, own[:1], geo, names)]
    lines = [f"{head}: the fill pass, {value} being its only possible value (theorem 2)."]
    # its last other values went in this same pass (placed peers before it in the scan) or in
    # the last move that zeroed any of them
    others = values_of(state.before[cell] & ~(1 << (value - 1)))
    if others:
        placed = _by_value((c, v) for c, v, _ in history.changes(move) if v)
        for v in others:
            same_pass = Zeroing(move, _zeroing_peer(cell, v, placed, below=cell))
            lines += _zeroing_lines(history, state, cell, v, same_pass, geo, names)
        return lines
    last = max(
        (z.move for (c, _), z in state.zeroed.items() if c == cell and z.move < move), default=None
    )
    for v in range(1, 10):
        earlier = state.zeroed.get((cell, v))
        if earlier is not None and earlier.move == last:
            lines += _zeroing_lines(history, state, cell, v, earlier, geo, names)
    return lines


def why_removed_lines(
    history: History,
    state: BookState,
    cell: Cell,
    value: int,
    geo: Geometry = CLASSIC,
    names: str = "readalps",
) -> list[str]:
    """``why removed v [r,c]``: when and why ``NAK(v, I)`` became 0."""
    name, number = geo.cell_name(cell), cell + 1
    nak = f"NAK({value},{number})"
    if state.values[cell] == value:
        return [f"{name} has the value {value}: {nak}={value}."]
    if not state.values[cell] and state.possible(cell) >> (value - 1) & 1:
        return [f"{nak}={value}: {value} is still possible for {name}."]
    z = state.zeroed.get((cell, value))
    if z is not None:
        return _zeroing_lines(history, state, cell, value, z, geo, names)
    got = state.got[cell]
    if got is None or got < 0:  # a given: it never had other values
        return [f"{nak}=0: {name} is a given, NA({number})={state.values[cell]} (theorem 1)."]
    step = history.visible_step(got)
    return [
        f"{nak}=0 since step {step}: {name} got its value {state.values[cell]} "
        "and keeps only that one (theorem 1)."
    ]


def _zeroing_lines(
    history: History,
    state: BookState,
    cell: Cell,
    value: int,
    z: Zeroing,
    geo: Geometry,
    names: str = "readalps",
) -> list[str]:
    step = history.visible_step(z.move)
    nak = f"NAK({value},{cell + 1})=0 at step {step}"
    if z.peer is not None:
        peer = z.peer
        by = f"NA({peer + 1})={value} {geo.cell_name(peer)}"
        if state.got[peer] == -1:
            return [f"{nak}: {reference(cell, peer)}, by {by}, a given."]
        lines = [f"{nak}: {reference(cell, peer)}, by {by} placed at step {step}."]
        own = [e for e in history.events(z.move) if _places(e, peer)]
        return lines + recorded_lines(history, z.move, own[:1], geo, names)
    shown, whole = _technique_events(history.events(z.move), cell, value, geo)
    if not shown:
        return [f"{nak}: (a move that prints no line)"]
    first, *rest = recorded_lines(history, z.move, shown, geo, names)
    return [f"{nak}: {first}", *(rest if whole else [])]


def _technique_events(
    events: Sequence[Event], cell: Cell, value: int, geo: Geometry
) -> tuple[list[Event], bool]:
    """The records of a move whose lines explain a removal, and whether all their lines are
    shown: the removal's own and the line naming its unit (all), or the move's first record
    with a line (its first line only)."""
    for k, e in enumerate(events):
        if isinstance(e, E.Removal) and e.value == value and e.cell == cell:
            shown: list[Event] = [e]
            for f in events[k + 1 :]:  # the cells and values of a 2GW, the unit's line
                incomplete = isinstance(f, E.UnitShrunk) and f.kind == E.INCOMPLETE
                if incomplete or isinstance(f, E.CelSet):
                    shown.append(f)
                if incomplete:
                    break
            return shown, True
    for e in events:
        if event_lines(e, geo):
            return [e], False
    return [], False


def _places(event: Event, cell: Cell) -> bool:
    """True when the event is the line of a value placed in ``cell`` (a conversion, a guess)."""
    return isinstance(event, (Conversion, E.Guess, HandMove)) and event.cell == cell


class RecordCut(Exception):
    """The record no longer starts at the loaded quiz (its oldest moves were dropped to bound
    memory): KH numbers and reasons cannot be read from it."""

    def __init__(self, first_steps: int) -> None:
        super().__init__(first_steps)
        self.first_steps = first_steps


def present(history: History, moves: int, engine_state: EngineState) -> BookState:
    """The book's view of the present (``moves`` applied), checked against the engine."""
    if history.start.status is not Status.LOADED:
        raise RecordCut(history.first_steps)
    state = book_state(history, moves)
    assert list(state.values) == list(engine_state.values), "the record and the engine disagree"
    return state


def from_engine(engine_state: EngineState) -> BookState:
    """NA, MMK and NAK of a state alone (no KH numbers, no reasons)."""
    n = len(engine_state.values)
    return BookState(
        list(engine_state.values),
        list(engine_state.cands),
        engine_state.status is not Status.LOADED,
        [],
        [None] * n,
        [0] * n,
        {},
    )
