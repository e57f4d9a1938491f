"""The answer's tree: a fact's cause, its premises' causes, and so on, built on demand from the
states the record restores (``reasons`` per move, ``origin`` per premise), breadth first so a
cause met twice is one node at the depth it was first met."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from sudoku_repl.core.engine import Choice, Engine
from sudoku_repl.core.events import Event
from sudoku_repl.core.session import Session
from sudoku_repl.core.state import FINISHED, EngineState
from sudoku_repl.techniques.why.answer import (
    BEFORE_RECORD,
    CONTRADICTION,
    GIVEN,
    GUESS,
    Cause,
    Fact,
    Guessed,
)
from sudoku_repl.techniques.why.origin import AT_START, Lineage
from sudoku_repl.techniques.why.reasons import COPY, IFact, MoveReasons, Reason, justify

#: an event's lines in the original's words (``text.render.event_lines``, handed in: the
#: techniques draw no text)
Words = Callable[[Event], list[str]]
#: the order of a contradiction in its move: after all it made
_END = 1 << 30
#: a node of the tree: (move, fact); the contradiction's fact is None
Key = tuple[int, IFact | None]


class Unexplained(Exception):
    """A fact that does not hold where it was asked about (a bug if it comes from a premise)."""


class Explainer:
    """Causes of facts on the line of search of the state after ``anchor`` moves (the present,
    or the state before a contradiction); ``ahead``: a move not in the record (the next one,
    worked out on a copy) made from that state: (events, run mode, choice)."""

    def __init__(
        self,
        session: Session,
        words: Words,
        anchor: int,
        anchor_state: EngineState,
        ahead: tuple[Sequence[Event], int, Choice] | None = None,
    ) -> None:
        self.session = session
        self.history = session.history
        self.geo = session.geo
        self.words = words
        if anchor_state.status is FINISHED and anchor > 0:
            # the end of the search popped the frames without restoring their states: the cells
            # are those of the state before that move, whose frames say where they came from
            anchor -= 1
            anchor_state = session.state_after(anchor)
        self.anchor = anchor
        self.anchor_state = anchor_state
        self.lineage = Lineage(session.history, anchor, anchor_state)
        self.ahead = ahead
        self._moves: dict[int, MoveReasons] = {}
        #: the states before the moves restored for this answer, and where each chunk's replay
        #: got to (its snapshot's move: the moves made, the engine there), so a chunk of the
        #: record is replayed at most once an answer however many of its moves it names
        self._states: dict[int, EngineState] = {}
        self._replays: dict[int, tuple[int, Engine]] = {}

    # -- what a move did ---------------------------------------------------------------------

    def reasons(self, move: int) -> MoveReasons:
        known = self._moves.get(move)
        if known is None:
            history = self.history
            if self.ahead is not None and move == self.anchor:
                events, mode, choice = self.ahead
                before = self.anchor_state
            else:
                events, mode, choice = (
                    history.events(move),
                    history.run_mode(move),
                    history.choice(move),
                )
                before = self.state_before(move)
            known = self._moves[move] = justify(self.geo, before, events, mode, choice)
        return known

    def state_before(self, move: int) -> EngineState:
        """The state after the record's first ``move`` moves (before move ``move``): from the
        chunk's replay so far, carried on if it has not got there (each state passed kept)."""
        known = self._states.get(move)
        if known is not None:
            return known
        session = self.session
        done, snapshot = self.history.snapshot_at_or_before(move)
        at, engine = self._replays.get(done, (done, None))
        if engine is None or at > move:
            at, engine = done, session.engine_type(snapshot, self.geo)
        for m in range(at, move):
            if m not in self._states:
                self._states[m] = engine.state()
            session.replay_move(engine, m)
        state = self._states[move] = engine.state()
        if move >= at:
            self._replays[done] = (move, engine)
        return state

    def step_of(self, move: int) -> int:
        """The step whose state shows what the move did (a fill pass that went wrong, and the
        move worked out ahead: the step its line carries)."""
        history = self.history
        if move >= len(history):
            return self.anchor_state.steps
        return history.visible_step(move) if history.advances(move) else history.steps_after(move)

    # -- from a premise to its node ------------------------------------------------------------

    def resolve(self, fact: IFact, move: int, order: int | None) -> tuple[Key, IFact | None]:
        """The node that makes ``fact`` hold for the reason at ``order`` of ``move`` (None: before
        the move): made earlier in the same move, or before it. A copy (a peer of a
        placed value, a given's peer at step 1) is followed to the fact it copies; the fact
        asked about comes back as ``through`` then."""
        through: IFact | None = None
        while True:
            own = None
            if order is not None:
                own = self.reasons(move).facts.get(fact)
                if own is not None and own.order >= order:
                    own = None
            if own is None:
                found = self.lineage.origin(fact, move) if move >= 0 else AT_START
                if found is None:
                    raise Unexplained(self.fact(fact))
                if found == AT_START:
                    value = self.history.start.values[fact[0]]
                    if not fact[2] and value and not self.history.dropped:  # a given's others
                        return (AT_START, (fact[0], value, True)), through or fact
                    return (AT_START, fact), through
                move = found
                own = self.reasons(move).facts.get(fact)
                if own is None:
                    return (move, fact), through
            if own.kind != COPY:
                return (move, fact), through
            through = through or fact
            fact, order = own.premises[0], own.order

    def fact(self, fact: IFact) -> Fact:
        row, col = self.geo.positions[fact[0]]
        return Fact((row + 1, col + 1), fact[1], fact[2])

    # -- the tree ------------------------------------------------------------------------------

    def build(
        self,
        root: Key,
        through: IFact | None,
        depth: int,
        floor: int = -1,
        contradiction: Reason | None = None,
    ) -> tuple[Cause, int]:
        """The tree from ``root`` followed ``depth`` levels down (a cause made before move
        ``floor`` is not followed: ``why wrong`` stops at what held before the guess), and
        how many premises were left out below the depth."""
        reached: dict[Key, int] = {root: 0}
        order: list[Key] = [root]
        children: dict[Key, list[tuple[Key, IFact | None]]] = {}
        reasons: dict[Key, Reason | None] = {}
        left: set[IFact] = set()
        k = 0
        while k < len(order):
            key = order[k]
            k += 1
            reason = self._reason_of(key)
            if key == root and contradiction is not None:
                reason = attrs.evolve(contradiction, order=_END)
            reasons[key] = reason
            if reason is None or not reason.premises:
                continue
            if reached[key] >= depth or (key[0] < floor and key != root):
                if key[0] >= floor or key == root:
                    left.update(reason.premises)
                continue
            move, _ = key
            kids: dict[Key, IFact | None] = {}
            for p in reason.premises:
                child, via = self.resolve(p, move, reason.order)
                if child not in kids or kids[child] is None:
                    kids[child] = via
                if child not in reached:
                    reached[child] = reached[key] + 1
                    order.append(child)
            children[key] = sorted(kids.items(), key=self._recent_first)
        made: dict[Key, Cause] = {}

        def make(key: Key, via: IFact | None) -> Cause:
            known = made.get(key)
            if known is not None and via is None:
                return known
            kids = tuple(make(c, v) for c, v in children.get(key, ()))
            cause = self._cause(key, reasons[key], kids, via)
            if via is None or known is None:
                made[key] = cause
            return cause

        return make(root, through), len(left)

    def _recent_first(self, item: tuple[Key, IFact | None]) -> tuple[int, int, int]:
        """The most recent first: the later move, then the later in the move."""
        (move, fact), _ = item
        reason = self._reason_of((move, fact))
        return (-move, -(reason.order if reason is not None else 0), fact[0] if fact else 0)

    def _reason_of(self, key: Key) -> Reason | None:
        move, fact = key
        if move < 0 or fact is None:
            return None
        return self.reasons(move).facts.get(fact)

    def _cause(
        self, key: Key, reason: Reason | None, kids: tuple[Cause, ...], via: IFact | None
    ) -> Cause:
        move, fact = key
        shown = self.fact(fact) if fact is not None else None
        through = self.fact(via) if via is not None else None
        if move < 0:
            quiz = self.session.quiz
            given = fact is not None and quiz is not None and quiz.givens[fact[0]] == fact[1]
            if self.history.dropped and not given:
                first = self.history.first_steps - 1
                return Cause(
                    shown,
                    BEFORE_RECORD,
                    first,
                    f"held at step {first}, where the kept record starts (older steps were "
                    "dropped to bound memory)",
                    through=through,
                )
            return Cause(shown, GIVEN, None, "given", through=through)
        if reason is None:  # a fact the move that made it hold gives no reason for: a bug
            raise Unexplained(f"{shown}: move {move} gives no reason for it")
        lines = [line for e in reason.events for line in self.words(e)]
        rule = "; ".join(lines) if lines else reason.words
        guess = None
        if reason.guess is not None:
            level, tried, out_of = reason.guess
            guess = Guessed(level, tried, out_of, "your answer" if reason.by_user else "the solver")
        left = len(reason.premises) if not kids and reason.premises else 0
        return Cause(
            shown,
            reason.kind if reason.kind != CONTRADICTION else CONTRADICTION,
            self.step_of(move),
            rule,
            reason.standard,
            tuple(self.fact(p) for p in reason.premises),
            kids,
            left,
            guess,
            through,
            move,
        )


__all__ = ["GUESS", "Explainer", "Key", "Unexplained", "Words"]
