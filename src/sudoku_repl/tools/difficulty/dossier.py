"""The dossier of a quiz or of a pencil-mark state: every measure asked for, each
from its engine, as one typed record (``Dossier``) that ``difficulty`` words
(``tools/difficulty/lines``) and the API hands back (``sudoku_repl.difficulty``).

A *state* is a grid of values (givens and values placed: 0 for an empty cell) and the
candidates left in each empty cell (engine bits: bit v - 1 for v), or None for every
candidate the values leave (a quiz as loaded). The order-free measures are defined on it as
on a puzzle; the original's steps run its search from it (as a session goes on from a step);
Sudoku Explainer rates its values and candidates, as serate rates a 729-character line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from sudoku_repl.core.errors import UserError, shown
from sudoku_repl.core.state import LOADED, EngineState, Frame
from sudoku_repl.text.args import SEED_RANGE, is_seed
from sudoku_repl.tools.difficulty.lines import dossier_lines
from sudoku_repl.tools.difficulty.parts import (
    SE_TIMEOUT,
    Bottleneck,
    SePath,
    Settings,
    Technique,
)
from sudoku_repl.tools.difficulty.parts import named as name_of
from sudoku_repl.tools.rating.measures import Figures, figures
from sudoku_repl.tools.rating.rate import (
    Interrupted,
    never,
    se_figures,
    se_rated,
    se_refused,
    se_ruled,
    se_ruled_path,
)
from sudoku_repl.tools.rating.scales import EVERY, ISOMORPHS, MOST_ISOMORPHS, SEED, parse_scale
from sudoku_repl.tools.rating.spread import ErSpread, OrderLuck, er_spread, order_luck

__all__ = ["Dossier", "Interrupted", "SePath", "Settings", "WrongGuess", "dossier"]

#: the measures taken on a quiz with variant rules: the order-free ones, whose rules
#: (``techniques/difficulty/board``) are stated for any board, and Sudoku Explainer's rating
#: where serate rates the rules; the original's steps over isomorphs and the spread of ER
#: over them are of classic sudoku here (an isomorph of a variant is not one of its rules)
ON_RULES = ("te", "b", "backdoors", "backdoors2", "guess")


def _on_rules(rules: str) -> tuple[str, ...]:
    """The measures taken on a quiz of these rules (``ON_RULES``, and ``se`` where serate
    rates them)."""
    return ("se", *ON_RULES) if se_ruled(rules) and se_refused(rules) is None else ON_RULES


def _quiet(doing: str) -> None:
    """No progress shown."""


@attrs.frozen
class WrongGuess:
    """The guess that left a state with no solution: its level (1-based), cell (0-80) and
    value, where the state before it had one."""

    level: int
    cell: int
    value: int


@attrs.frozen(repr=False)
class Dossier:
    """The measures of one state. ``solutions``: 0, 1 or 2 (two or more); with any but 1 the
    measures are not defined, and only ``unrated`` says why (``wrong_guess``: the guess that
    went wrong, for a session's state with none). ``subject`` is what was measured
    (``the quiz``, ``the state at step 7, level 1``), ``givens`` how many of its values are
    the quiz's; ``interrupted`` the measure under way when the dossier was stopped (None: it
    ran to its end), whose figures and those of the measures after it are left out.

    ``str()`` is the dossier as ``difficulty`` prints it, ``repr()`` a line of its figures,
    ``named`` the candidates it names, as its lines name them (``8r1c2``)."""

    settings: Settings
    values: bytes
    marks: tuple[int, ...] | None
    solutions: int
    figures: Figures = attrs.field(factory=Figures)
    luck: OrderLuck | None = None
    se: SePath | None = None
    spread: ErSpread | None = None
    subject: str = attrs.field()
    givens: int = attrs.field()
    interrupted: str | None = None

    @subject.default
    def _subject(self) -> str:
        return "the quiz" if self.marks is None else "the state"

    @givens.default
    def _givens(self) -> int:
        return sum(1 for v in self.values if v)

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
    def unmeasured(self) -> tuple[str, ...]:
        """The measures asked for (``settings.measures``' words) that have no figure: those a
        stop left out (none where the dossier ran to its end, or has no measure at all)."""
        if self.unrated is not None:
            return ()
        f = self.figures
        given = {
            "steps": self.luck,
            "se": self.se,
            "te": f.te,
            "b": f.b,
            "backdoors": f.backdoors,
            "backdoors2": f.candidate_backdoors2,
            "guess": f.guess_depth,
            "spread": self.spread,
        }
        return tuple(word for word in self.settings.measures if given.get(word) is None)

    @property
    def named(self) -> dict[str, tuple[str, ...]]:
        """The candidates the dossier names, by its figures' names, each written as its lines
        write it (``8r1c2``: 8 at r1c2; a pair of candidate backdoors ``5r1c2+7r1c8``):
        ``backdoors``, ``candidate_backdoors``, ``candidate_backdoors2``, ``guess_cells``,
        those measured."""
        f = self.figures
        found: dict[str, tuple[str, ...]] = {}
        if f.backdoors is not None:
            found["backdoors"] = tuple(map(name_of, f.backdoors))
        if f.candidate_backdoors is not None:
            found["candidate_backdoors"] = tuple(map(name_of, f.candidate_backdoors))
        if f.candidate_backdoors2 is not None:
            found["candidate_backdoors2"] = tuple(
                "+".join(map(name_of, pair)) for pair in f.candidate_backdoors2
            )
        if f.fewest_guesses is not None:
            found["guess_cells"] = tuple(map(name_of, f.guess_cells))
        return found

    def __str__(self) -> str:
        return "\n".join(dossier_lines(self))

    def __repr__(self) -> str:
        """``<Dossier of the quiz: te 1, b 9, backdoors 2, candidate_backdoors 0>``: the
        figures by their ``rate`` column names, the named ones counted."""
        why = self.unrated
        shown = why.removeprefix("it has ") if why is not None else ", ".join(self._headline())
        stopped = "" if self.interrupted is None else f" (interrupted: {self.interrupted})"
        return f"<Dossier of {self.subject}{stopped}: {shown or 'no measure'}>"

    def _headline(self) -> list[str]:
        f, shown = self.figures, []
        if self.luck is not None and self.luck.steps.here is not None:
            shown.append(f"steps {self.luck.steps.here:g}")
        if self.se is not None:
            shown.append(f"er {self.se.er}, ep {self.se.ep}, ed {self.se.ed}")
        for key in ("te", "b", "bxb", "bxbb", "guess_depth", "fewest_guesses"):
            figure = getattr(f, key)
            if figure is not None and figure.defined:
                shown.append(f"{key} {figure.written()}")
        for key in ("backdoors", "candidate_backdoors", "candidate_backdoors2"):
            items = getattr(f, key)
            if items is not None:
                shown.append(f"{key} {len(items)}")
        if self.spread is not None:
            among, er = self.spread.among, self.spread.figure
            shown.append(f"er over isomorphs {er(among.least)}-{er(among.most)}")
        return shown


def start_of(state: EngineState) -> tuple[bytes, tuple[int, ...] | None]:
    """A session's state as the dossier measures it: its values and candidates, or, before the
    first step (no candidate computed yet), its values alone (every candidate they leave)."""
    if state.status is LOADED:
        return bytes(state.values), None
    return bytes(state.values), tuple(state.cands)


def subject_of(state: EngineState) -> str:
    """A session's state as a dossier names it: ``the state at step 7, level 1``."""
    level = f", level {state.level}" if state.level else ""
    return f"the state at step {state.steps}{level}"


def settings_of(
    measures: str | Sequence[str] | None = None,
    isomorphs: int | None = None,
    seed: int | None = None,
    se_timeout: float | None = None,
    run_mode: int = 0,
    rules: str = "",
) -> Settings:
    """The settings the command and the API are given: ``measures`` a comma list (or a
    sequence of words; None: every measure but those given only on request,
    ``scales.ON_REQUEST``, and on variant ``rules`` those ``ON_RULES`` has), the rest None for
    their defaults. ``UserError`` (one line) for a word that is no measure, one not measured
    on rules, or a count of isomorphs out of range."""
    if measures is None:
        asked = EVERY if not rules else tuple(w for w in EVERY if w in _on_rules(rules))
    else:
        text = measures if isinstance(measures, str) else ",".join(measures)
        asked = parse_scale(text, always=())
        on_rules = _on_rules(rules)
        off = [w for w in asked if w not in on_rules]
        if rules and off:
            why = se_refused(rules) if "se" in off and "se" not in on_rules else None
            raise UserError(
                f"on variant rules ({rules}) the measures are {','.join(on_rules)}, "
                f"not {','.join(off)}" + (f": {why}" if why else "")
            )
    if isomorphs is not None and not 1 <= isomorphs <= MOST_ISOMORPHS:
        raise UserError(f"--isomorphs takes 1 to {MOST_ISOMORPHS}, not {shown(str(isomorphs))}")
    if seed is not None and not is_seed(seed):  # (the shell's, rate's, generate's range)
        raise UserError(f"--seed takes {SEED_RANGE}, not {shown(str(seed))}")
    if se_timeout is not None and not se_timeout > 0:
        raise UserError(f"the SE time limit is a number of seconds above 0, not {se_timeout}")
    return Settings(
        asked,
        ISOMORPHS if isomorphs is None else isomorphs,
        SEED if seed is None else seed,
        SE_TIMEOUT if se_timeout is None else se_timeout,
        run_mode,
        rules=rules,
    )


class _Under:
    """What a dossier is at: the measure under way (said to ``at``, the progress, and kept for
    a stopped dossier's last line) and the order-free figures found before it."""

    def __init__(self, at: Callable[[str], None]) -> None:
        self.at = at
        self.doing = ""
        self.found = Figures()

    def now(self, doing: str) -> None:
        self.doing = doing
        self.at(doing)

    def began(self, word: str, found: Figures) -> None:
        """``figures``' ``began``: an order-free measure begins, after those ``found``."""
        self.found = found
        self.now(word)

    def isomorphs(self, word: str) -> Callable[[str], None]:
        """The ``at`` of a measure over isomorphs (``isomorph 3 of 8``)."""
        return lambda which: self.now(f"{word} ({which})")


def dossier(
    values: Sequence[int],
    marks: Sequence[int] | None = None,
    settings: Settings | None = None,
    interrupted: Callable[[], bool] = never,
    at: Callable[[str], None] = _quiet,
    *,
    subject: str | None = None,
    givens: int | None = None,
    guesses: Sequence[Frame] = (),
) -> Dossier:
    """The dossier of the state (``values``; ``marks`` its candidates or None) with the
    measures ``settings`` asks for; ``subject`` and ``givens`` as ``Dossier`` has them (None:
    its defaults). ``at`` is told which measure begins (``te``, ``spread (isomorph 3 of 8)``:
    a progress line's words). Once ``interrupted()`` (polled between the measures, between
    the isomorphs and inside the searches and Sudoku Explainer's rating), the dossier of the
    measures finished, its ``interrupted`` the one under way. ``guesses``: a session's open
    guesses on the way to the state (``EngineState.frames``), of which a state with no solution
    names the one that went wrong."""
    from sudoku_repl.techniques.difficulty.board import board_for
    from sudoku_repl.techniques.difficulty.marks import Marks
    from sudoku_repl.techniques.difficulty.solving import solutions

    settings = settings or Settings()
    board = board_for(settings.rules)
    values = bytes(values)
    marks = None if marks is None else tuple(marks)
    state = (
        Marks.from_givens(values, board)
        if marks is None
        else Marks.from_state(values, marks, board)
    )
    count = len(solutions(state, 2))
    done = Dossier(settings, values, marks, count)
    if subject is not None:
        done = attrs.evolve(done, subject=subject)
    if givens is not None:
        done = attrs.evolve(done, givens=givens)
    if count == 0:
        return attrs.evolve(done, wrong_guess=wrong_guess(guesses, settings.rules))
    if count != 1:
        return done
    asked, under = settings.measures, _Under(at)
    try:
        found = figures(
            values, marks, asked, interrupted, settings.run_mode, under.began, settings.rules
        )
    except Interrupted:
        return attrs.evolve(done, figures=under.found, interrupted=under.doing)
    done = attrs.evolve(done, figures=found)
    try:
        if "steps" in asked:
            under.now("steps")
            luck = order_luck(
                values, marks, settings.isomorphs, settings.seed, settings.run_mode,
                interrupted, at=under.isomorphs("steps"),
            )  # fmt: skip
            done = attrs.evolve(done, luck=luck)
        if "se" in asked:
            under.now("se")
            se = (
                se_ruled_path_of(values, marks, settings.rules, settings.se_timeout, interrupted)
                if se_ruled(settings.rules)
                else se_path(values, marks, settings.se_timeout, interrupted)
            )
            done = attrs.evolve(done, se=se)
        if "spread" in asked:
            under.now("spread")
            spread = er_spread(
                values, marks, settings.isomorphs, settings.seed, settings.se_timeout,
                interrupted, at=under.isomorphs("spread"),
            )  # fmt: skip
            done = attrs.evolve(done, spread=spread)
    except Interrupted:
        return attrs.evolve(done, interrupted=under.doing)
    return done


def wrong_guess(guesses: Sequence[Frame], rules: str = "") -> WrongGuess | None:
    """The first of ``guesses`` (a session's open guesses, level 1 first) whose value leaves the
    state before it, which has a solution, with none; None where there is no such guess (the
    quiz has none, or candidates deleted by hand took the last one). ``rules``: the quiz's
    rules line."""
    from sudoku_repl.techniques.difficulty.board import board_for
    from sudoku_repl.techniques.difficulty.marks import Marks
    from sudoku_repl.techniques.difficulty.solving import solutions

    board = board_for(rules)
    for level, frame in enumerate(guesses, 1):
        before = Marks.from_state(frame.values, frame.cands, board)
        if not frame.options or not solutions(before, 1):
            return None
        after = list(before.cands)
        after[frame.cell] = 1 << (frame.value - 1)
        if not solutions(Marks(tuple(after), board), 1):
            return WrongGuess(level, frame.cell, frame.value)
    return None


def se_ruled_path_of(
    values: Sequence[int],
    marks: Sequence[int] | None,
    rules: str,
    timeout: float | None = None,
    interrupted: Callable[[], bool] = never,
) -> SePath:
    """``se_path`` of a state under variant rules serate rates: its path (``rate.se_ruled_path``,
    within ``timeout`` seconds), each step named and worded as serate's."""
    from sudoku_repl.core.rules import parse
    from sudoku_repl.techniques.explainer.ruled import RuledGrid, layout_of

    layout = layout_of(parse(rules))
    if marks is None:
        start = RuledGrid.of_puzzle("".join(map(str, values)), layout)
    else:  # (the engine's candidate bit v - 1 is Sudoku Explainer's bit v)
        cands = [0 if v else m << 1 for v, m in zip(values, marks, strict=True)]
        start = RuledGrid(list(values), cands, layout)
    steps, figures = se_ruled_path(start, timeout, interrupted)
    # (the path's ER: 20.0 where serate's solver finds no step, which no step is rated at)
    er = float(figures["er"].removeprefix(">="))
    bottlenecks = tuple(
        Bottleneck(
            place,
            len(steps),
            step.hint.technique,
            step.hint.text,
            step.rating,
            step.hint.eliminations,
            step.hint.placement,
        )
        for place, step in enumerate(steps, 1)
        if not figures["er"].startswith(">=") and round(step.rating * 10) == round(er * 10)
    )
    ratings: dict[str, list[float]] = {}
    for step in steps:
        ratings.setdefault(step.hint.technique, []).append(step.rating)
    return SePath(
        figures["er"], figures["ep"], figures["ed"], len(steps), bottlenecks,
        histogram(ratings),
    )  # fmt: skip


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
    bottlenecks: list[Bottleneck] = []
    ratings: dict[str, list[float]] = {}
    total = len(rated.steps)
    for place, step in enumerate(rated.steps, 1):
        technique = names(step, replay)[0]
        ratings.setdefault(technique, []).append(step.rating)
        if round(step.rating * 10) == round(rated.er * 10):
            hint = step.hint
            bottlenecks.append(
                Bottleneck(
                    place, total, technique, describe(step, replay), step.rating,
                    hint.eliminations, hint.placement,
                )
            )  # fmt: skip
        step.hint.apply(replay)
    figures = se_figures(rated)
    return SePath(
        figures["er"],
        figures["ep"],
        figures["ed"],
        total,
        tuple(bottlenecks),
        histogram(ratings),
    )


def histogram(ratings: dict[str, list[float]]) -> tuple[Technique, ...]:
    """Each technique's steps (``ratings``: each step's rating, by serate's name), in the order
    of Sudoku Explainer's analysis (its ``Solver.RuleComparer``: by rating, then by name; a
    name where its least rating puts it)."""
    made = [Technique(name, len(r), min(r), max(r)) for name, r in ratings.items()]
    return tuple(sorted(made, key=lambda t: (t.least, t.name)))
