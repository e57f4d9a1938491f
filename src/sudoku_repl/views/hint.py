"""What the next step would do: the step run on a copy of the engine (``hint``); and the grid
Sudoku Explainer's next step (``hint se``, ``tools/explain/hints``) is taken from."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sudoku_repl.core import events as E
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.events import Event, is_guess
from sudoku_repl.core.geometry import Geometry
from sudoku_repl.core.state import STEP_BOUNDARY, EngineState, Status
from sudoku_repl.techniques.names import fill_pass, technique
from sudoku_repl.text.render import invalid_line
from sudoku_repl.views.original_words import step_words, what_and_where
from sudoku_repl.views.step_words import notation
from sudoku_repl.views.technique_lines import STANDARD, move_lines, named

if TYPE_CHECKING:
    from sudoku_repl.techniques.explainer.grid import Grid
    from sudoku_repl.techniques.explainer.ruled import Layout


def hint_lines(
    state: EngineState, geo: Geometry, run_mode: int, names: str = "readalps"
) -> list[str]:
    """What the next step would print, run on a copy: a first line saying what kind of step it
    is, then the step's own trace lines (a new guess takes the default answer), named as
    ``set names`` says."""
    probe = Engine(state, geo)
    status = probe.status
    if status is Status.FINISHED:
        return [
            "Next: nothing, the search is finished.",
            invalid_line(state.steps, state.solutions),
        ]
    before = list(probe.values)
    events = probe.advance(run_mode)
    body = move_lines(events, geo, names, None, probe.cands)
    placed = [(c, v) for c, (was, v) in enumerate(zip(before, probe.values)) if v and not was]
    if status is Status.LOADED:
        head = "Next: step 1 computes the candidates of the empty cells."
    elif status is Status.SEARCHING and placed and not events:  # (a conversion has one)
        fills = " ".join(f"{geo.cell_name(c)}={v}" for c, v in placed)  # (the trace's cells)
        head = f"Next: the fill pass places {fills}."
        if names == STANDARD:
            head = named(head, fill_pass(len(placed)))
    elif status is Status.SEARCHING and not events:
        head = f"Next: no technique of run-mode {run_mode} applies at step {probe.steps}"
        head += ", so a guess follows:" if probe.status is Status.GUESS_DUE else "."
    elif status is Status.SEARCHING:
        head = f"Next: run-mode {run_mode} finds at step {probe.steps}:"
    else:  # a guess is due, or the search goes back after a contradiction or a solution
        head = "Next: the search goes on with a guess:"
    while probe.status not in STEP_BOUNDARY:
        body += move_lines(probe.advance(run_mode), geo, names, None, probe.cands)
    return [head, *body]


def graded_hint_lines(
    state: EngineState, geo: Geometry, run_mode: int, level: int, names: str = "readalps"
) -> list[str]:
    """``hint LEVEL``: the original's next step graded, a filter over the same step
    ``hint`` prints whole. Level 1 names what it is (the technique by its standard name, and
    its house; a fill pass; a guess) and no cell; level 2 adds the cells it looks at (the
    house's, a hidden set's, a chain's, where a guess is made), and no value placed or
    candidate removed; level 3 says the whole step in level 1's words
    (``original_words``), else the original's trace of it, so marked."""
    if state.status in (Status.LOADED, Status.FINISHED):
        return hint_lines(state, geo, run_mode, names)
    probe, name = Engine(state, geo), notation(geo, names)
    before, cands = list(probe.values), list(probe.cands)
    made = list(probe.advance(run_mode))
    events = [e for e in made if not E.is_solution(e)]  # (the step, and whether it solves)
    placed = [c for c, (was, v) in enumerate(zip(before, probe.values)) if v and not was]
    words = None
    if level == 3:
        done = [(c, probe.values[c]) for c in placed]
        words = step_words(events, cands, probe.cands, done, geo, name)
        if words is not None and len(events) < len(made):
            words.append("That fills the grid: a solution.")
    guess = next((e for e in events if is_guess(e)), None)
    if placed and not events:
        said, cells = "the fill pass places naked singles", placed
    elif guess is not None or not events:
        while guess is None and probe.status not in STEP_BOUNDARY:
            guess = next((e for e in probe.advance(run_mode) if is_guess(e)), None)
        said = f"no technique of run-mode {run_mode} applies: a guess follows"
        cells = [] if guess is None else [guess.cell]
    elif (theorem_or_chain := what_and_where(events[0], geo)) is not None:
        said, cells = theorem_or_chain
    else:
        found = [technique(e, events, probe.cands, geo) for e in events]
        known = next((t for t in found if t is not None), None)
        said = "a step of its own" if known is None else str(known)
        cells = looked_at(events, geo)
    if level == 3 and words is None and guess is not None and guess not in events:
        words = step_words([guess], cands, probe.cands, [], geo, name)  # (after the step)
    elif level == 3 and words is not None and guess is None:  # a guess before the next step
        while guess is None and probe.status not in STEP_BOUNDARY:
            guess = next((e for e in probe.advance(run_mode) if is_guess(e)), None)
        then = None if guess is None else step_words([guess], cands, cands, [], geo, name)
        words += [f"Then a guess follows. {line}" for line in then or ()]
    lines = [f"Next: {said}."]
    if level >= 2 and cells:
        lines.append("It looks at " + " ".join(map(name, cells)) + ".")
    if level == 3:  # the step in the same words; the trace where they do not cover it
        trace = hint_lines(state, geo, run_mode, names)[1:]
        lines += words or ["The original's trace of it:", *trace]
    return lines


def looked_at(events: list[Event], geo: Geometry) -> list[int]:
    """The cells a technique's step looks at: its unit's, a hidden set's, a chain's nodes."""
    for e in events:
        if e[0] in (E.COMPLETE, E.INCOMPLETE):
            return list(geo.units[e[2]].cells)
        if e[0] == E.CELSET:
            return list(e[1])
        nodes = getattr(e, "nodes", None)
        if nodes is not None:
            return list(dict.fromkeys(node // 9 for node in nodes))
    return []


#: where Sudoku Explainer's techniques find no step
SE_NOTHING = "Sudoku Explainer's techniques find nothing from here."


#: why a state of a quiz of several grids has no Sudoku Explainer step here
NOT_CLASSIC_SE = "hint se works on a quiz of one 9x9 grid only."


def se_grid(state: EngineState, geo: Geometry) -> Grid | str:
    """Sudoku Explainer's grid of the state's values and candidates (before step 1: of its
    givens), or the line that says why it takes no step from there. Under variant rules
    serate rates, a ``ruled.RuledGrid`` of their regions and visible cells (the toroidal board
    alone is classic sudoku to serate: a classic grid); rules serate has no flag for, one
    line."""
    from sudoku_repl.techniques.explainer.grid import Grid
    from sudoku_repl.techniques.explainer.ruled import RuledGrid

    if not geo.one_grid:  # (a samurai's or a flower's grids overlap: SE has no such grid)
        return NOT_CLASSIC_SE
    layout = se_layout(geo.rules)
    if isinstance(layout, str):
        return layout
    if 0 not in state.values:
        return "Next: nothing, the grid is full."
    if state.status is Status.LOADED:  # candidates are computed at step 1: SE's from the givens
        puzzle = "".join(map(str, state.values))
        return Grid.from_puzzle(puzzle) if layout is None else RuledGrid.of_puzzle(puzzle, layout)
    empty = [c for c, v in enumerate(state.values) if not v and not state.cands[c]]
    if empty:
        name = geo.cell_name(empty[0])
        return f"{name} has no candidate: Sudoku Explainer has no next step from here."
    # SE's masks have bit v for the digit v, the engine's bit v - 1
    values, cands = list(state.values), [m << 1 for m in state.cands]
    return Grid(values, cands) if layout is None else RuledGrid(values, cands, layout)


def se_layout(rules: str) -> Layout | str | None:
    """The layout Sudoku Explainer plays a quiz's rules on (``Geometry.rules``' words): None
    where serate plays them as classic sudoku (none, or the toroidal board alone); the line
    that says it has none for rules it has no flag for."""
    from sudoku_repl.core.rules import parse
    from sudoku_repl.techniques.explainer import ruled

    played = parse(rules)
    if ruled.plays_classic(played):
        return None
    other = ruled.serate_words(played)
    if other is not None:
        return f"Sudoku Explainer has no steps on the rule {other} (serate has no flag for it)."
    return ruled.layout_of(played)
