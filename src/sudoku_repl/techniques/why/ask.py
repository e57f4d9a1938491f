"""The three questions: ``why [r,c]`` (how the cell got its value), ``why removed v [r,c]``
(why v went), ``why wrong`` (which removals, back to the guess, met the contradiction). Each
answers at a point of the record (``Point``: by default the present, ``cursor`` moves of it;
``frame`` hands the state of an outer guess level) and changes nothing; a question the point
cannot answer is a ``UserError`` of one line."""

from __future__ import annotations

from typing import Final

import attrs

from sudoku_repl.core import events as E
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.geometry import Cell
from sudoku_repl.core.modes import HAND
from sudoku_repl.core.session import Session
from sudoku_repl.core.state import LOADED, SEARCHING, WRONG, EngineState, Frame
from sudoku_repl.techniques.why import tries
from sudoku_repl.techniques.why.answer import Cause, Why
from sudoku_repl.techniques.why.origin import pushes
from sudoku_repl.techniques.why.reasons import COPY, IFact, holds, justify
from sudoku_repl.techniques.why.tree import Explainer, Unexplained, Words

#: levels of causes followed unless asked for more (``why wrong`` on an answer the search
#: gave up: levels of tries below it)
DEPTH: Final = 2
#: the moves ``why wrong`` reads back for the last contradiction at most
_LOOK_BACK: Final = 4096

#: a point of the record: the moves made to it, and its state
Point = tuple[int, EngineState]


def _point(session: Session, at: Point | None) -> Point:
    """``at``, by default the present; refused before the first move (nothing to explain)."""
    moves, state = (session.cursor, session.state()) if at is None else at
    if moves == 0:
        raise UserError(
            "Nothing has been done yet (no step): why explains what the search did; step first"
        )
    return moves, state


def _answer(ex: Explainer, question: str, fact: IFact, state: EngineState, depth: int) -> Why:
    try:
        root, through = ex.resolve(fact, ex.anchor, None)
    except Unexplained:
        raise UserError(f"why: {question} does not hold at step {state.steps}") from None
    cause, left = ex.build(root, through, depth)
    return Why(question, state.steps, cause, depth, left)


def why_value(
    session: Session, cell: Cell, words: Words, depth: int = DEPTH, at: Point | None = None
) -> Why:
    """How ``cell`` got the value it holds at the point ``at`` (the present)."""
    moves, state = _point(session, at)
    name = session.geo.cell_name(cell)
    value = state.values[cell]
    if not value:
        raise UserError(
            f"{name} is empty at step {state.steps}: why [r,c] explains a value, "
            f"why removed v [r,c] a lost candidate"
        )
    ex = Explainer(session, words, moves, state)
    return _answer(ex, f"{name}={value}", (cell, value, True), state, depth)


def why_removed(
    session: Session,
    cell: Cell,
    value: int,
    words: Words,
    depth: int = DEPTH,
    at: Point | None = None,
) -> Why:
    """Why ``value`` is no longer possible at ``cell`` at the point ``at`` (the present)."""
    moves, state = _point(session, at)
    name = session.geo.cell_name(cell)
    fact = (cell, value, False)
    if state.status is LOADED and not state.values[cell]:  # (a what-if edit before step 1)
        raise UserError(
            f"{name} has no candidates yet at step {state.steps} (the next step works them out): "
            "why removed v [r,c] explains a lost candidate"
        )
    if not holds(fact, state.values[cell], state.cands[cell]):
        if state.values[cell] == value:
            raise UserError(f"{name} holds {value} at step {state.steps}: why {name} tells how")
        raise UserError(
            f"{value} is still a candidate of {name} at step {state.steps}: it was never "
            "removed (why removed v [r,c] explains a lost candidate)"
        )
    ex = Explainer(session, words, moves, state)
    return _answer(ex, f"{name}!={value}", fact, state, depth)


def why_wrong(
    session: Session, words: Words, depth: int | None = None, at: Point | None = None
) -> Why:
    """The contradiction at or just after the point ``at`` (the present), else the last one
    before it: the facts that met it, followed back to the guess whose try it ended (what held
    before that guess is not followed, unless ``depth`` is given). An answer to the guess
    question comes first: where the search gives it up, it is the root and the tries below it
    (each of which went wrong) its causes; in its try before any contradiction, it is named
    with the step that gives it up."""
    moves, state = _point(session, at)
    found = _ahead(session, moves, state)
    ex: Explainer
    if found is not None:
        ex = Explainer(session, words, moves, state, found)
        move = moves
    else:
        given_up = _given_up_answer(session, words, moves, state, depth)
        if given_up is not None:
            return given_up
        last = _recorded(session, moves, state)
        answer = _answer_on_stack(session, moves, state, -1 if last is None else last)
        if answer is not None:
            return _answer_ahead(session, words, moves, state, answer)
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


# -- an answer to the guess question ----------------------------------------------------------


@attrs.frozen
class _Answered:
    """A try begun by an answer to the guess question: its guess level, the frame it pushed
    (trying the answer) and the move that made it."""

    level: int
    frame: Frame
    move: int


def _answered(session: Session, moves: int, frames: tuple[Frame, ...]) -> list[_Answered]:
    """The tries of the stack after ``moves`` moves that an answer began, outermost first."""
    history = session.history
    found = []
    for level, (frame, push) in enumerate(zip(frames, pushes(history, moves, frames)), 1):
        if (
            frame.tried == 1
            and push >= 0
            and history.choice(push) is not None
            and history.run_mode(push) != HAND
        ):
            found.append(_Answered(level, frame, push))
    return found


def _answer_on_stack(
    session: Session, moves: int, state: EngineState, after: int
) -> _Answered | None:
    """The innermost answer of the stack at the point whose try has met no contradiction yet
    (none since its move, the last being at move ``after``)."""
    answers = [a for a in _answered(session, moves, state.frames) if a.move > after]
    return answers[-1] if answers else None


def _guess_cause(ex: Explainer, move: int) -> Cause:
    """The guess of ``move`` (a new guess or the next option of a level) as a root."""
    placed = ex.reasons(move).guess
    if placed is None:
        raise Unexplained(f"move {move} places no guess")
    return ex.build((move, (placed[0], placed[1], True)), None, 0)[0]


def _answer_ahead(
    session: Session, words: Words, moves: int, state: EngineState, answer: _Answered
) -> Why:
    """An answer whose try has met no contradiction yet: named, with where the search gives
    it up (the record's, else searched for on a copy) or finds a solution under it."""
    history = session.history
    ex = Explainer(session, words, moves, state)
    root = _guess_cause(ex, answer.move)
    solutions = session.state_after(answer.move + 1).solutions
    end = tries.try_end(history, answer.level, answer.frame, answer.move)
    head = f"No contradiction in this answer's try at step {state.steps}"
    if end is not None:
        found = history.solution_move(solutions + 1)
        if found is not None and found < end:
            note = f"{head}: the search finds a solution under it at step {history.visible_step(found)}."
        else:
            note = (
                f"{head}: the search gives it up at step {history.visible_step(end)}, no solution "
                "lying under it (why wrong there shows why)."
            )
        return Why("wrong", state.steps, root, 0, 0, note)
    if session.state_after(len(history)).solutions > solutions:
        found = history.solution_move(solutions + 1)
        step = history.visible_step(found) if found is not None else history.last_steps
        note = f"{head}: the search finds a solution under it at step {step}."
        return Why("wrong", state.steps, root, 0, 0, note)
    engine = session.engine_after(len(history))
    ahead = tries.end_ahead(engine, session.settings.run_mode, answer.level, answer.frame)
    searched = (
        f"searched ahead of the record on a copy, with the solver's choices from step "
        f"{history.last_steps} on"
    )
    if ahead.step is None:
        note = (
            f"{head}: the search does not give it up within {tries.LOOK_AHEAD} more steps "
            f"({searched})."
        )
    elif ahead.solution:
        note = f"{head}: the search finds a solution under it at step {ahead.step} ({searched})."
    else:
        note = (
            f"{head}: the search gives it up at step {ahead.step}, no solution lying under it "
            f"({searched})."
        )
    return Why("wrong", state.steps, root, 0, 0, note)


def _given_up_answer(
    session: Session, words: Words, moves: int, state: EngineState, depth: int | None
) -> Why | None:
    """At the step where the search gives up an answer to the guess question above the level
    whose contradiction it met last (the next option of its level, an Upward guess past it or
    the end of the search), with no solution under it: the answer as the root, the tries
    below it as its causes (``depth`` levels of them, by default ``DEPTH``), each ended by its
    contradiction."""
    history = session.history
    move = moves - 1
    events = history.events(move)
    if not any(e[0] in (E.FORWARD, E.UPWARD, E.NO_MORE) for e in events):
        return None
    level = next((e[3] for e in events if e[0] in (E.FORWARD, E.UPWARD)), 1)
    before = session.state_after(move)
    given_up = [a for a in _answered(session, move, before.frames) if a.level >= level]
    if not given_up or given_up[0].level == len(before.frames):
        return None  # none, or the contradiction's own try: its tree goes back to the answer
    answer = given_up[0]
    if before.solutions > session.state_after(answer.move + 1).solutions:
        return None  # a solution under it: the search goes on for more, it was not wrong
    ex = Explainer(session, words, moves, state)
    deep = DEPTH if depth is None else depth
    left = [0]

    def tried(level: int, begin: int, end: int, deep: int) -> Cause:
        """The try of ``level`` from move ``begin`` to ``end``, its tries below as causes."""
        cause = _guess_cause(ex, begin)
        below = tries.first_guess_below(history, level, begin, end)
        if below is None:
            wrong = ex.reasons(end - 1).contradiction
            if wrong is None:
                return cause
            ended = ex.build((end - 1, None), None, 0, end - 1, wrong)[0]
            return attrs.evolve(cause, causes=(ended,))
        frame = session.state_after(below + 1).frames[level]
        kids = tries.tries_of(history, level + 1, frame, below, end)
        if deep <= 0:
            left[0] += len(kids)
            return cause
        return attrs.evolve(
            cause, causes=tuple(tried(t.level, t.begin, t.end, deep - 1) for t in kids)
        )

    root = tried(answer.level, answer.move, move, deep)
    note = (
        f"The search gives up your answer of step {ex.step_of(answer.move)} at step "
        f"{state.steps}: every try below it went wrong (why wrong at a contradiction's step "
        "explains it)."
    )
    return Why("wrong", state.steps, root, deep, left[0], note, left_of="try")


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


def _ahead(
    session: Session, moves: int, state: EngineState
) -> tuple[tuple[E.Event, ...], int, None] | None:
    """The next move after ``moves``, when it meets a contradiction without a step of its own
    (a fill pass that goes wrong carries the point's step number): from the record, or worked
    out on a copy of the engine at the end of the record."""
    history = session.history
    if moves < len(history):
        if history.advances(moves):
            return None
        events = history.events(moves)
        mode, choice = history.run_mode(moves), history.choice(moves)
    else:
        if state.status is not SEARCHING:
            return None
        engine = session.engine_after(moves)
        mode, choice = session.settings.run_mode, None
        events = tuple(engine.advance(mode))
        if engine.steps != state.steps:
            return None
    reasons = justify(session.geo, state, events, mode, choice)
    return (tuple(events), mode, None) if reasons.contradiction is not None else None


def _recorded(session: Session, moves: int, state: EngineState) -> int | None:
    """The last of the first ``moves`` moves that met a contradiction: the last one when it
    left the state wrong, else the move before a next guess (a Forward or Upward guess, or the
    end of the search) that was no solution."""
    if state.status is WRONG:
        return moves - 1
    history = session.history
    for m in range(moves - 1, max(moves - _LOOK_BACK, 0), -1):
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
