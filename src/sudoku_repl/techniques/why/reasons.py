"""Each rule's justification: given the state before a move and what the move did (its events,
its run mode, the guess answer it was given), which facts the move made hold and, for each, the
premises its rule read. A function per rule; a move that does several things one after another
(the fill pass, a complete shrink, a placement and its peers) is followed in its own order, so a
premise made earlier in the same move is known as such.

Facts here are ``(cell, value, holds)`` with 0-based cells (``answer.Fact`` is the API's).
Nothing here runs while stepping: ``tree`` calls it on the states the record restores.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

import attrs

from sudoku_repl.core import events as E
from sudoku_repl.core import filters, hand, modes
from sudoku_repl.core.engine import Choice
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import Cell, Geometry, Mask, values_of
from sudoku_repl.core.state import GUESS_DUE, LOADED, SEARCHING, EngineState
from sudoku_repl.techniques import chains, names, theorems
from sudoku_repl.techniques.why.answer import CONTRADICTION, EDIT, GUESS, RULE

IFact = tuple[Cell, int, bool]

#: a fact that holds only because another of the same move does (a peer of a placed cell
#: losing its value, the other values of a placed cell): ``premises`` is that one fact
COPY: Final = "copy"
ALL: Final = range(1, 10)


@attrs.frozen
class Reason:
    """Why one fact came to hold in a move (or, ``kind`` CONTRADICTION, why the move met one):
    ``events`` the records whose lines are the rule's words (none: ``words`` says it),
    ``standard`` the community's name, ``premises`` the facts read, ``order`` its place in
    the move, ``guess`` (level, tried, out of) and ``by_user`` for a guess."""

    kind: str
    premises: tuple[IFact, ...]
    events: tuple[Event, ...] = ()
    words: str = ""
    standard: str = ""
    order: int = 0
    guess: tuple[int, int, int] | None = None
    by_user: bool = False


@attrs.define
class MoveReasons:
    """What a move made hold, fact by fact, and the contradiction it met (if it did)."""

    facts: dict[IFact, Reason] = attrs.Factory(dict)
    contradiction: Reason | None = None
    #: the move's guess placement (cell, value), for ``wrong``: the branch it began
    guess: tuple[Cell, int] | None = None

    def add(self, fact: IFact, reason: Reason) -> None:
        if fact not in self.facts:  # (made directly: attrs.evolve costs more, on every fact)
            r = reason
            self.facts[fact] = Reason(
                r.kind,
                r.premises,
                r.events,
                r.words,
                r.standard,
                len(self.facts),
                r.guess,
                r.by_user,
            )


def holds(fact: IFact, value: int, cands: Mask, computed: bool = True) -> bool:
    """Whether a cell with this value and candidates shows the fact (``computed``: the
    candidates have been worked out; before step 1 an empty cell has them all)."""
    _, v, is_value = fact
    if is_value:
        return value == v
    if value:
        return value != v
    return computed and not cands >> (v - 1) & 1


def lost(cell: Cell, keep: int) -> tuple[IFact, ...]:
    """The facts ``[cell]!=w`` for every value w but ``keep``: the cell can be nothing else."""
    return tuple((cell, w, False) for w in ALL if w != keep)


class _Sim:
    """The cells as a move changes them, and what it made hold so far."""

    def __init__(self, geo: Geometry, values: Sequence[int], cands: Sequence[Mask]) -> None:
        self.geo = geo
        self.values = list(values)
        self.cands = list(cands)
        self.out = MoveReasons()

    def place(self, cell: Cell, value: int, reason: Reason, line_step: int) -> bool:
        """``Engine.place``, followed: the value, then its peers in the engine's order; False
        with the contradiction when a peer loses its last candidate."""
        out, cands = self.out, self.cands
        out.add((cell, value, True), reason)
        copy = Reason(COPY, ((cell, value, True),))
        for w in values_of(cands[cell]):
            if w != value:
                out.add((cell, w, False), copy)
        self.values[cell] = value
        cands[cell] = 0
        b = 1 << (value - 1)
        for j, in_block in self.geo.place_order[cell]:
            if cands[j] & b:
                cands[j] ^= b
                out.add((j, value, False), copy)
                if not cands[j]:
                    went = E.WentWrong(E.WENT_WRONG, line_step, value, j, in_block)
                    premises = ((cell, value, True), *lost(j, value))
                    out.contradiction = Reason(CONTRADICTION, premises, (went,))
                    return False
        return True


def justify(
    geo: Geometry,
    before: EngineState,
    events: Sequence[Event],
    run_mode: int,
    choice: Choice,
) -> MoveReasons:
    """The reasons of a move made from ``before`` (the state the record restores), which
    recorded ``events`` under ``run_mode`` with ``choice`` (a guess answer or a hand move)."""
    sim = _Sim(geo, before.values, before.cands)
    steps = before.steps
    if run_mode == modes.HAND and choice is not None:
        _hand(sim, events, choice, steps + 1, before.status is LOADED)
    elif before.status is LOADED:
        _start(sim, events)
    elif before.status is GUESS_DUE:
        _guess(sim, before, events, choice, steps + 1)
    elif before.status is SEARCHING:
        if run_mode in modes.STRATEGIES:
            _conversion(sim, events, steps + 1)
        elif any(not v and c.bit_count() == 1 for v, c in zip(before.values, before.cands)):
            _fill(sim, steps)
        else:
            _filters(sim, events, run_mode, steps + 1)
    else:  # WRONG or SOLVED: the next guess, from the state its frame kept
        _next_guess(sim, before, events, steps + 1)
    return sim.out


# -- the moves without a filter ------------------------------------------------------------


def _start(sim: _Sim, events: Sequence[Event]) -> None:
    """Step 1: each empty cell loses the values of its given peers (the first in ``place``'s
    order names it)."""
    values, geo = sim.values, sim.geo
    for i in range(geo.size):
        if values[i]:
            continue
        seen: set[int] = set()
        for j, _ in geo.place_order[i]:
            w = values[j]
            if w and w not in seen:
                seen.add(w)
                sim.out.add((i, w, False), Reason(COPY, ((j, w, True),)))
    for e in events:
        if isinstance(e, E.NoCandidate):
            sim.out.contradiction = Reason(CONTRADICTION, lost(e.cell, 0), (e,))


def _guess(
    sim: _Sim, before: EngineState, events: Sequence[Event], choice: Choice, step: int
) -> None:
    for e in events:
        if isinstance(e, E.Guess):
            options = values_of(before.cands[e.cell])
            value = choice[1] if choice is not None else (options[0] if options else 0)
            if value:
                _place_guess(sim, e, value, choice is not None, step)
            return


def _next_guess(sim: _Sim, before: EngineState, events: Sequence[Event], step: int) -> None:
    for e in events:
        if isinstance(e, E.Guess) and e.level <= len(before.frames):
            frame = before.frames[e.level - 1]
            sim.values, sim.cands = list(frame.values), list(frame.cands)
            _place_guess(sim, e, frame.options[e.tried - 1], False, step)
            return


def _place_guess(sim: _Sim, e: E.Guess, value: int, by_user: bool, step: int) -> None:
    reason = Reason(
        GUESS,
        (),
        (e,),
        standard=names.GUESS,
        guess=(e.level, e.tried, e.out_of),
        by_user=by_user,
    )
    sim.out.guess = (e.cell, value)
    sim.place(e.cell, value, reason, step)


def _hand(
    sim: _Sim, events: Sequence[Event], choice: tuple[Cell, int], step: int, loaded: bool
) -> None:
    """A what-if edit: a root. Made before step 1 (``loaded``: no candidates worked out yet),
    the value placed is what makes the cell's other values impossible, as a placement's
    candidates are later: ``[r,c]=v`` implies ``[r,c]!=w`` for each other w."""
    cell, signed = choice
    shown = tuple(e for e in events if e[0] in (hand.HAND_SET, hand.HAND_REMOVED))
    reason = Reason(EDIT, (), shown, words="a what-if edit")
    if signed < 0:
        sim.out.add((cell, -signed, False), reason)
        if not sim.cands[cell] & ~(1 << (-signed - 1)):
            premises = lost(cell, 0)
            sim.out.contradiction = Reason(CONTRADICTION, premises, shown, words="no candidate")
        return
    sim.place(cell, signed, reason, step)
    if loaded:
        copy = Reason(COPY, ((cell, signed, True),))
        for w in lost(cell, signed):
            sim.out.add(w, copy)


# -- the fill pass and the book's conversions ----------------------------------------------------


def _fill(sim: _Sim, steps: int) -> None:
    """The fill pass: the cells with one candidate, in order, as placing makes more of them
    (``Engine.fill``); its contradiction line carries the count it began with."""
    cands, values = sim.cands, sim.values
    i = 0
    while i < len(values):
        if not values[i] and cands[i].bit_count() == 1:
            v = cands[i].bit_length()
            reason = Reason(
                RULE,
                lost(i, v),
                words="the fill pass: its only candidate left",
                standard="naked single",
            )
            if not sim.place(i, v, reason, steps):
                return
        i += 1


def _conversion(sim: _Sim, events: Sequence[Event], step: int) -> None:
    """Run-mode 3: theorem 2 (one possible value), 3 (one cell of a unit for the value) or
    4 (the unit's last empty cell), then theorem 1 (``place``) for the peers."""
    for e in events:
        if isinstance(e, theorems.Conversion):
            cells = sim.geo.units[e.unit].cells
            unit = names.unit_name(sim.geo, e.unit)
            premises: tuple[IFact, ...]
            if e.theorem == 2:
                premises, standard = lost(e.cell, e.value), "naked single"
            elif e.theorem == 3:
                premises = tuple((c, e.value, False) for c in cells if c != e.cell)
                standard = f"hidden single, {unit}"
            else:
                premises = tuple((c, sim.values[c], True) for c in cells if c != e.cell)
                standard = f"full house, {unit}"
            sim.place(e.cell, e.value, Reason(RULE, premises, (e,), standard=standard), step)
            return


# -- the filters: grp (complete shrink, 1GW, 2GW, 3GW), ply, the chains -----------------------


def _filters(sim: _Sim, events: Sequence[Event], run_mode: int, step: int) -> None:
    kinds = {e[0] for e in events}
    if E.COMPLETE in kinds:
        unit = next(e.unit for e in events if isinstance(e, E.UnitShrunk))
        _complete_shrink(sim, unit, step, events)
    elif E.INCOMPLETE in kinds:
        _subset(sim, events)
    elif E.PLY in kinds:
        _ply(sim, events)
    elif kinds & set(chains.TECHNIQUES):
        _chain(sim, events)
    elif not events and modes.grp in modes.filters_of(run_mode):
        _shrink_wrong(sim, step)


def _shrink_wrong(sim: _Sim, step: int) -> None:
    """A filter move without a line that met a contradiction: complete shrink found a value
    with no place left in a unit (grp's first unit that yields anything)."""
    values, cands = list(sim.values), list(sim.cands)
    result = filters.grp(sim.geo, values, cands, step - 1, [])
    if result != filters.WRONG:
        return
    for u, unit in enumerate(sim.geo.units):
        if any(not sim.values[c] for c in unit.cells):
            trial = _Sim(sim.geo, sim.values, sim.cands)
            if _complete_shrink(trial, u, step, ()) == filters.WRONG:
                sim.out = trial.out
                return
            if trial.out.facts:
                return  # this unit yields something else: not the contradiction looked for


def _complete_shrink(sim: _Sim, u: int, step: int, events: Sequence[Event]) -> filters.Result:
    """``filters._complete_shrink`` followed: the values missing from the unit ascending, each
    with the cells the earlier ones left."""
    geo, cands, values = sim.geo, sim.cands, sim.values
    cells = geo.units[u].cells
    unit = names.unit_name(geo, u)
    shown = tuple(e for e in events if e[0] == E.COMPLETE)
    missing = [v for v in ALL if v not in {values[c] for c in cells}]
    empty = [c for c in cells if not values[c]]
    for v in missing:
        b = 1 << (v - 1)
        where = [c for c in empty if cands[c] & b]
        others = tuple((c, v, False) for c in cells if c not in where)
        if not where:
            sim.out.contradiction = Reason(
                CONTRADICTION,
                others,
                words=f"{step}) {geo.units[u].name} has no place left for {v} (complete shrink)",
            )
            return filters.WRONG
        if len(where) == 1 and cands[where[0]] != b:
            only = where[0]
            reason = Reason(RULE, others, shown, standard=f"hidden single, {unit}")
            for w in values_of(cands[only] & ~b):
                sim.out.add((only, w, False), reason)
            cands[only] = b
    return filters.COMPLETE


def _subset(sim: _Sim, events: Sequence[Event]) -> None:
    """1GW, 2GW, 3GW: a hidden set (the CelSet names it) or a naked set (found again among the
    unit's cells that lost nothing) justifies each removal."""
    geo, cands, values = sim.geo, sim.cands, sim.values
    u = next(e.unit for e in events if isinstance(e, E.UnitShrunk))
    unit = names.unit_name(geo, u)
    cells = geo.units[u].cells
    shown_unit = tuple(e for e in events if isinstance(e, E.UnitShrunk | E.CelSet))
    removals = [e for e in events if isinstance(e, E.Removal)]
    celset = next((e for e in events if isinstance(e, E.CelSet)), None)
    premises: tuple[IFact, ...] = ()
    standard = ""
    if celset is not None:
        premises = tuple(
            (c, v, False) for v in celset.values for c in cells if c not in celset.cells
        )
        standard = f"{names.set_name('hidden', len(celset.cells))}, {unit}"
    else:
        targets = {e.cell for e in removals}
        wanted = 0
        for e in removals:
            wanted |= 1 << (e.value - 1)
        found = _naked_set([c for c in cells if not values[c] and c not in targets], cands, wanted)
        if found is not None:
            combo, union = found
            premises = tuple((c, w, False) for c in combo for w in ALL if not union >> (w - 1) & 1)
            standard = f"{names.set_name('naked', len(combo))}, {unit}"
    for e in removals:
        sim.out.add(
            (e.cell, e.value, False), Reason(RULE, premises, (e, *shown_unit), standard=standard)
        )


def _naked_set(
    cells: list[Cell], cands: Sequence[Mask], wanted: Mask
) -> tuple[tuple[Cell, ...], Mask] | None:
    """The smallest k cells whose candidates together are k values, ``wanted`` among them."""
    for k in range(1, len(cells) + 1):
        for combo in combinations(cells, k):
            union = 0
            for c in combo:
                union |= cands[c]
            if union.bit_count() == k and union & wanted == wanted:
                return combo, union
    return None


def _ply(sim: _Sim, events: Sequence[Event]) -> None:
    """ply: a candidate of a line ruled out by the value a crossed block holds outside it."""
    geo, values, cands = sim.geo, sim.values, sim.cands
    shown = tuple(e for e in events if e[0] == E.PLY)
    u = shown[0][2] if shown else 0
    line = (geo.rows + geo.cols)[u]
    inside = set(line.cells)
    for c in line.cells:
        if values[c]:
            continue
        for x in geo.blocks[geo.block_of[c]].cells:
            w = values[x]
            if x not in inside and w and cands[c] >> (w - 1) & 1:
                sim.out.add((c, w, False), Reason(RULE, ((x, w, True),), shown))


def _chain(sim: _Sim, events: Sequence[Event]) -> None:
    """A chain's removals: one of its two ends is true, so a candidate seen by both is false.
    The premises are what makes each strong link strong (the weak links hold by the rules)."""
    for e in events:
        if isinstance(e, chains.ChainStep):
            premises = _strong_premises(sim, e.nodes)
            standard = names.CHAINS.get(e.kind, "")
            for n in e.removed:
                fact = (chains.cell_of(n), chains.value_of(n), False)
                sim.out.add(fact, Reason(RULE, premises, (e,), standard=standard))
                sim.cands[fact[0]] &= ~(1 << (fact[1] - 1))
        elif isinstance(e, E.NoCandidate):
            sim.out.contradiction = Reason(CONTRADICTION, lost(e.cell, 0), (e,))


def _strong_premises(sim: _Sim, nodes: Sequence[int]) -> tuple[IFact, ...]:
    """What each strong link of the chain's part from B to Y stands on: a cell with two
    candidates, or a unit with the value in two cells (its other cells lack it)."""
    geo, values, cands = sim.geo, sim.values, sim.cands
    out: dict[IFact, None] = {}
    for k in range(1, len(nodes) - 1, 2):
        a, b = nodes[k], nodes[k + 1]
        ca, cb, va, vb = (
            chains.cell_of(a),
            chains.cell_of(b),
            chains.value_of(a),
            chains.value_of(b),
        )
        if ca == cb:
            out.update(dict.fromkeys((ca, w, False) for w in ALL if w not in (va, vb)))
            continue
        for unit in geo.units:
            if ca in unit.cells and cb in unit.cells:
                where = [c for c in unit.cells if not values[c] and cands[c] >> (va - 1) & 1]
                if sorted(where) == sorted((ca, cb)) and va not in [values[c] for c in unit.cells]:
                    out.update(
                        dict.fromkeys((c, va, False) for c in unit.cells if c not in (ca, cb))
                    )
                    break
    return tuple(out)
