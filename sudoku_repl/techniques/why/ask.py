"""The three questions: ``why [r,c]`` (how the cell got its value), ``why removed v [r,c]``
(why v went), ``why wrong`` (which removals, back to the guess, met the contradiction). Each
answers from the present (``cursor`` moves of the record) and changes nothing; a question the
present cannot answer is a ``UserError`` of one line."""

from __future__ import annotations

from typing import Final

from sudoku_repl.core import events as E
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.geometry import Cell
from sudoku_repl.core.session import Session
from sudoku_repl.core.state import LOADED, SEARCHING, EngineState
from sudoku_repl.techniques.why.answer import Cause, Why
from sudoku_repl.techniques.why.reasons import COPY, IFact, holds, justify
from sudoku_repl.techniques.why.tree import Explainer, Unexplained, Words

#: levels of causes followed unless asked for more
DEPTH: Final = 2
#: the moves ``why wrong`` reads back for the last contradiction at most
_LOOK_BACK: Final = 4096


def _present(session: Session) -> EngineState:
    state = session.state()
    if state.status is LOADED or session.cursor == 0:
        raise UserError(
            "Nothing has been done yet (no step): why explains what the search did; step first"
        )
    return state


def _explainer(session: Session, words: Words, state: EngineState) -> Explainer:
    return Explainer(session, words, session.cursor, state)


def _answer(ex: Explainer, question: str, fact: IFact, state: EngineState, depth: int) -> Why:
    try:
        root, through = ex.resolve(fact, ex.anchor, None)
    except Unexplained:
        raise UserError(f"why: {question} does not hold at step {state.steps}") from None
    cause, left = ex.build(root, through, depth)
    return Why(question, state.steps, cause, depth, left)


def why_value(session: Session, cell: Cell, words: Words, depth: int = DEPTH) -> Why:
    """How ``cell`` got the value it holds at the present step."""
    state = _present(session)
    name = session.geo.cell_name(cell)
    value = state.values[cell]
    if not value:
        raise UserError(
            f"{name} is empty at step {state.steps}: why [r,c] explains a value, "
            f"why removed v [r,c] a lost candidate"
        )
    ex = _explainer(session, words, state)
    return _answer(ex, f"{name}={value}", (cell, value, True), state, depth)


def why_removed(session: Session, cell: Cell, value: int, words: Words, depth: int = DEPTH) -> Why:
    """Why ``value`` is no longer possible at ``cell`` at the present step."""
    state = _present(session)
    name = session.geo.cell_name(cell)
    fact = (cell, value, False)
    if not holds(fact, state.values[cell], state.cands[cell]):
        if state.values[cell] == value:
            raise UserError(f"{name} holds {value} at step {state.steps}: why {name} tells how")
        raise UserError(
            f"{value} is still a candidate of {name} at step {state.steps}: it was never "
            "removed (why removed v [r,c] explains a lost candidate)"
        )
    ex = _explainer(session, words, state)
    return _answer(ex, f"{name}!={value}", fact, state, depth)


def why_wrong(session: Session, words: Words, depth: int | None = None) -> Why:
    """The contradiction at or just after the present, else the last one before it: the
    facts that met it, followed back to the guess whose try it ended (what held before that
    guess is not followed, unless ``depth`` is given)."""
    state = _present(session)
    cursor = session.cursor
    found = _ahead(session, state)
    ex: Explainer
    if found is not None:
        ex = Explainer(session, words, cursor, state, found)
        move = cursor
    else:
        last = _recorded(session, cursor)
        if last is None:
            raise UserError(
                f"No contradiction at step {state.steps} nor in the {_LOOK_BACK} moves before "
                "it: why wrong explains one (a guess that went wrong)"
            )
        move = last
        ex = Explainer(session, words, move, session.state_after(move))
    contradiction = ex.reasons(move).contradiction
    if contradiction is None:
        raise UserError(f"why wrong: no contradiction to explain at step {state.steps}")
    guess, floor = _branch(ex, move)
    cause, left = ex.build(
        (move, None), None, 10**6 if depth is None else depth, floor, contradiction
    )
    note = ""
    if guess is not None:
        step = ex.step_of(guess)
        if guess in {c.move for c in _walk(cause)}:
            note = (
                f"It goes back to the guess of step {step}; what held before that guess is not "
                "followed (why [r,c] and why removed v [r,c] there go on)."
            )
        else:
            note = (
                f"The guess of step {step} is not among its causes: what held before it met "
                "the contradiction."
            )
    return Why("wrong", state.steps, cause, depth if depth is not None else 0, left, note)


def step_premises(session: Session, moves: int) -> list[Cell]:
    """The cells whose state the rules of the present step read (the premises of its moves'
    facts and contradiction, not the copies), for ``board --why``: the step of the state after
    ``moves`` moves."""
    history = session.history
    steps = history.steps_after(moves)
    if not moves or steps - 1 < history.start.steps:
        return []
    cells: set[Cell] = set()
    for m in range(history.moves_to(steps - 1), moves):
        made = justify(
            session.geo,
            session.state_after(m),
            history.events(m),
            history.run_mode(m),
            history.choice(m),
        )
        reasons = [r for r in made.facts.values() if r.kind != COPY]
        if made.contradiction is not None:
            reasons.append(made.contradiction)
        for r in reasons:
            cells.update(p[0] for p in r.premises)
    return sorted(cells)


def _walk(cause: Cause) -> list[Cause]:
    out: list[Cause] = []
    todo = [cause]
    while todo:
        c = todo.pop()
        out.append(c)
        todo.extend(c.causes)
    return out


def _ahead(session: Session, state: EngineState) -> tuple[tuple[E.Event, ...], int, None] | None:
    """The next move, when it meets a contradiction without a step of its own (a fill pass
    that goes wrong carries the present step's number): from the record, or worked out on a
    copy of the engine at the end of the record."""
    history, cursor = session.history, session.cursor
    if cursor < len(history):
        if history.advances(cursor):
            return None
        events = history.events(cursor)
        mode, choice = history.run_mode(cursor), history.choice(cursor)
    else:
        if state.status is not SEARCHING:
            return None
        engine = session.engine_after(cursor)
        mode, choice = session.settings.run_mode, None
        events = tuple(engine.advance(mode))
        if engine.steps != state.steps:
            return None
    reasons = justify(session.geo, state, events, mode, choice)
    return (tuple(events), mode, None) if reasons.contradiction is not None else None


def _recorded(session: Session, cursor: int) -> int | None:
    """The last move before ``cursor`` that met a contradiction: the move before a next guess
    (a Forward or Upward guess, or the end of the search) that was no solution."""
    history = session.history
    for m in range(cursor - 1, max(cursor - _LOOK_BACK, 0), -1):
        if any(e[0] in (E.FORWARD, E.UPWARD, E.NO_MORE) for e in history.events(m)):
            before = history.events(m - 1)
            if not any(E.is_solution(e) for e in before):
                return m - 1
    return None


def _branch(ex: Explainer, move: int) -> tuple[int | None, int]:
    """The guess move whose try the contradiction at ``move`` ended, and the first move of
    that try (what came before it is not followed)."""
    if ex.reasons(move).guess is not None:
        return move, move
    history = ex.history
    for m in range(min(move, len(history)) - 1, max(move - _LOOK_BACK, -1), -1):
        if any(e[0] in E.GUESS_KINDS for e in history.events(m)):
            return m, m
    return None, 0


__all__ = ["DEPTH", "step_premises", "why_removed", "why_value", "why_wrong"]
