"""The dossier of a quiz or of a pencil-mark state (issue 60): every measure asked for, each
from its engine, as one typed record (``Dossier``) that ``difficulty`` words
(``tools/difficulty/lines``) and the API hands back (``sudoku_repl.difficulty``).

A *state* is a grid of values (givens and values placed: 0 for an empty cell) and the
candidates left in each empty cell (engine bits: bit v - 1 for v), or None for every
candidate the values leave (a quiz as loaded). The order-free measures are defined on it as
on a puzzle; the original's steps run its search from it (as a session goes on from a step);
Sudoku Explainer rates its values and candidates, as serate rates a 729-character line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import attrs

from sudoku_repl.core.errors import UserError
from sudoku_repl.core.state import LOADED, EngineState, Frame
from sudoku_repl.core.version import installed
from sudoku_repl.tools.rating.measures import Figures, figures
from sudoku_repl.tools.rating.rate import Interrupted, never, se_figures, se_rated
from sudoku_repl.tools.rating.scales import EVERY, ISOMORPHS, MOST_ISOMORPHS, SEED, parse_scale
from sudoku_repl.tools.rating.spread import ErSpread, OrderLuck, er_spread, order_luck

#: seconds for one Sudoku Explainer rating where none is given (``rate``'s default)
SE_TIMEOUT = 60.0

__all__ = ["Dossier", "Interrupted", "SePath", "Settings", "WrongGuess", "dossier"]


@attrs.frozen
class Settings:
    """What shapes a dossier's figures: the version, the measures, the isomorphs (how many and
    their seed), Sudoku Explainer's time limit, the run mode of the original's search and
    filters."""

    measures: tuple[str, ...] = EVERY
    isomorphs: int = ISOMORPHS
    seed: int = SEED
    se_timeout: float = SE_TIMEOUT
    run_mode: int = 0
    version: str = attrs.field(factory=installed)


@attrs.frozen
class Bottleneck:
    """A step of Sudoku Explainer's path rated at its ER: its place (1-based) among the
    path's ``of`` steps, serate's name of its technique and its description."""

    place: int
    of: int
    technique: str
    description: str
    rating: float


@attrs.frozen
class SePath:
    """Sudoku Explainer's rating of the state and its path: ER, EP, ED as ``rate`` writes them,
    the bottleneck steps, and how many steps of each technique (in the order they first come)."""

    er: str
    ep: str
    ed: str
    steps: int
    bottlenecks: tuple[Bottleneck, ...]
    techniques: tuple[tuple[str, int], ...]


@attrs.frozen
class WrongGuess:
    """The guess that left a state with no solution: its level (1-based), cell (0-80) and
    value, where the state before it had one."""

    level: int
    cell: int
    value: int


@attrs.frozen
class Dossier:
    """The measures of one state. ``solutions``: 0, 1 or 2 (two or more); with any but 1 the
    measures are not defined, and only ``unrated`` says why (``wrong_guess``: the guess that
    went wrong, for a session's state with none)."""

    settings: Settings
    values: bytes
    marks: tuple[int, ...] | None
    solutions: int
    figures: Figures = attrs.field(factory=Figures)
    luck: OrderLuck | None = None
    se: SePath | None = None
    spread: ErSpread | None = None
    wrong_guess: WrongGuess | None = None

    @property
    def unrated(self) -> str | None:
        """Why no measure is given (the state has none or several solutions, and which guess
        went wrong), or None."""
        if self.solutions == 0:
            wrong = self.wrong_guess
            if wrong is not None:
                from sudoku_repl.techniques.difficulty.marks import candidate_name

                guess = candidate_name((wrong.cell, wrong.value))
                return (
                    f"it has no solution: the guess {guess} of level {wrong.level} went wrong, "
                    "where the state before it has one"
                )
            return "it has no solution"
        if self.solutions > 1:
            return "it has several solutions"
        return None

    @property
    def sukaku(self) -> str:
        """The state as a 729-character pencil-mark line (what ``rate`` reads)."""
        from sudoku_repl.techniques.difficulty.marks import Marks

        if self.marks is None:
            return Marks.from_givens(self.values).sukaku()
        return Marks.from_state(self.values, self.marks).sukaku()


def start_of(state: EngineState) -> tuple[bytes, tuple[int, ...] | None]:
    """A session's state as the dossier measures it: its values and candidates, or, before the
    first step (no candidate computed yet), its values alone (every candidate they leave)."""
    if state.status is LOADED:
        return bytes(state.values), None
    return bytes(state.values), tuple(state.cands)


def settings_of(
    measures: str | Sequence[str] | None = None,
    isomorphs: int | None = None,
    seed: int | None = None,
    se_timeout: float | None = None,
    run_mode: int = 0,
) -> Settings:
    """The settings the command and the API are given: ``measures`` a comma list (or a
    sequence of words; None: every measure but those given only on request,
    ``scales.ON_REQUEST``), the rest None for their defaults. ``UserError``
    (one line) for a word that is no measure, or a count of isomorphs out of range."""
    if measures is None:
        asked = EVERY
    else:
        text = measures if isinstance(measures, str) else ",".join(measures)
        asked = parse_scale(text, always=())
    if isomorphs is not None and not 1 <= isomorphs <= MOST_ISOMORPHS:
        raise UserError(f"--isomorphs takes 1 to {MOST_ISOMORPHS}, not {isomorphs}")
    if seed is not None and seed < 0:
        raise UserError(f"--seed takes a whole number >= 0, not {seed}")
    if se_timeout is not None and not se_timeout > 0:
        raise UserError(f"the SE time limit is a number of seconds above 0, not {se_timeout}")
    return Settings(
        asked,
        ISOMORPHS if isomorphs is None else isomorphs,
        SEED if seed is None else seed,
        SE_TIMEOUT if se_timeout is None else se_timeout,
        run_mode,
    )


def dossier(
    values: Sequence[int],
    marks: Sequence[int] | None = None,
    settings: Settings | None = None,
    interrupted: Callable[[], bool] = never,
    guesses: Sequence[Frame] = (),
) -> Dossier:
    """The dossier of the state (``values``; ``marks`` its candidates or None) with the
    measures ``settings`` asks for. ``Interrupted`` once ``interrupted()`` (polled between the
    measures, between the isomorphs and inside the searches and Sudoku Explainer's rating).
    ``guesses``: a session's open guesses on the way to the state (``EngineState.frames``),
    of which a state with no solution names the one that went wrong."""
    from sudoku_repl.techniques.difficulty.marks import Marks
    from sudoku_repl.techniques.difficulty.solving import solutions

    settings = settings or Settings()
    values = bytes(values)
    marks = None if marks is None else tuple(marks)
    state = Marks.from_givens(values) if marks is None else Marks.from_state(values, marks)
    count = len(solutions(state, 2))
    done = Dossier(settings, values, marks, count)
    if count == 0:
        return attrs.evolve(done, wrong_guess=wrong_guess(guesses))
    if count != 1:
        return done
    asked = settings.measures
    done = attrs.evolve(done, figures=figures(values, marks, asked, interrupted, settings.run_mode))
    if "steps" in asked:
        luck = order_luck(
            values, marks, settings.isomorphs, settings.seed, settings.run_mode, interrupted
        )
        done = attrs.evolve(done, luck=luck)
    if "se" in asked:
        done = attrs.evolve(done, se=se_path(values, marks, settings.se_timeout, interrupted))
    if "spread" in asked:
        spread = er_spread(
            values, marks, settings.isomorphs, settings.seed, settings.se_timeout, interrupted
        )
        done = attrs.evolve(done, spread=spread)
    return done


def wrong_guess(guesses: Sequence[Frame]) -> WrongGuess | None:
    """The first of ``guesses`` (a session's open guesses, level 1 first) whose value leaves the
    state before it, which has a solution, with none; None where there is no such guess (the
    quiz has none, or candidates deleted by hand took the last one)."""
    from sudoku_repl.techniques.difficulty.marks import Marks
    from sudoku_repl.techniques.difficulty.solving import solutions

    for level, frame in enumerate(guesses, 1):
        before = Marks.from_state(frame.values, frame.cands)
        if not frame.options or not solutions(before, 1):
            return None
        after = list(before.cands)
        after[frame.cell] = 1 << (frame.value - 1)
        if not solutions(Marks(tuple(after)), 1):
            return WrongGuess(level, frame.cell, frame.value)
    return None


def se_path(
    values: Sequence[int],
    marks: Sequence[int] | None,
    timeout: float,
    interrupted: Callable[[], bool] = never,
) -> SePath:
    """Sudoku Explainer's rating of the state (``rate``'s: ``se_rated``), with its path's
    bottlenecks and techniques (serate's names: the steps replayed on the grid the rating
    started from, each named on the grid it was found on)."""
    from sudoku_repl.techniques.explainer.grid import Grid
    from sudoku_repl.tools.serate.names import names
    from sudoku_repl.tools.serate.steps import describe

    rated = se_rated(values, marks, timeout, interrupted)
    replay = Grid.from_state(values, marks)
    named: list[str] = []
    bottlenecks: list[Bottleneck] = []
    total = len(rated.steps)
    for place, step in enumerate(rated.steps, 1):
        technique = names(step, replay)[0]
        named.append(technique)
        if round(step.rating * 10) == round(rated.er * 10):
            bottlenecks.append(
                Bottleneck(place, total, technique, describe(step, replay), step.rating)
            )
        step.hint.apply(replay)
    figures = se_figures(rated)
    return SePath(
        figures["er"],
        figures["ep"],
        figures["ed"],
        total,
        tuple(bottlenecks),
        tuple(Counter(named).items()),
    )
