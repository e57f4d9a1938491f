"""``sudoku-repl rate``: the figures of a quiz (``rate_quiz``), as ``Rating``.

A *rating* is computed by ONE search from the loaded quiz: ``run`` to the first solution (its
steps and biggest level), then ``runrun 0`` to the end (total steps, solution sum); the biggest
level of the whole search is the larger of the two runs' (docs/engine.md 9). A *guess* is a new
guess (``events.GUESS``; Forward and Upward guesses are not counted). The figures depend on the
quiz alone, so they are the same with 1 or N worker processes, on any machine; only ``ms`` (the
wall time of that quiz's search) varies.

One quiz here; the file is read by ``rate_file``, the quizzes handed to workers by
``rate_pool``, the rows made by ``rate_rows``; the engine comes from ``engines``, which
registers the run mode it is asked for.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import attrs

from sudoku_repl.core.engine import Engine
from sudoku_repl.core.errors import QuizError
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.state import FINISHED
from sudoku_repl.text.quiz_files import is_quiz_string
from sudoku_repl.tools.rating.engines import check_mode, loaded, started

if TYPE_CHECKING:
    from sudoku_repl.techniques.explainer.grid import Grid
    from sudoku_repl.techniques.explainer.rating import SERating, Step
    from sudoku_repl.techniques.explainer.ruled import RuledGrid


class OrderFree(Protocol):
    """The order-free measures a rating is asked for (``measures.OrderFree``): what it adds
    to a rating of the search's figures (the quiz's values ``givens``, its pencil marks
    ``marks`` or None), ``interrupted`` polled; ``Interrupted`` once it is true."""

    def measured(
        self,
        rating: Rating,
        givens: Sequence[int],
        marks: Sequence[int] | None,
        interrupted: Callable[[], bool],
    ) -> Rating: ...


class Planner(Protocol):
    """What makes a rating's plan (``rate --plan``: ``tools/explain/plan.plan_rows``, handed
    down by the command line, as ``tools/explain`` sits beside this folder): the JSON steps of
    ``steps`` from ``grid`` (the start, not changed), ``puzzle`` its text for a bug report,
    checked against ``solution`` (81 digits: the search's; None: found for the plan)."""

    def __call__(
        self, grid: Grid, steps: Sequence[Step], puzzle: str, solution: Sequence[int] | None = None
    ) -> tuple[dict[str, object], ...]: ...


class EarlyExit(NamedTuple):
    """``rate --above X`` / ``--below X``: a quiz's Sudoku Explainer rating stops once its ER is
    known to be above ``limit`` (``above``: after the first step rated above it; else before
    it), and its row says ``>X``."""

    above: bool
    limit: float

    @property
    def option(self) -> str:
        return f"--{'above' if self.above else 'below'} {self.limit:.1f}"


@attrs.frozen
class Rating:
    """One quiz's figures. ``steps_first``/``biggest_first`` are None when no solution was found
    (none exists, or ``max_steps`` came first); ``complete`` is False when ``max_steps`` stopped
    the search, and then ``steps_total``/``solutions`` are what had been reached."""

    steps_first: int | None
    biggest_first: int | None
    steps_total: int
    solutions: int
    biggest_total: int
    guesses: int
    ms: float
    complete: bool
    #: Sudoku Explainer's ER, EP, ED (``--scale se``): ``"7.2"``, ``">=8.5"`` (the time limit
    #: came first), or for ER what stood in the way (``no solution``); None: not asked for
    er: str | None = None
    ep: str | None = None
    ed: str | None = None
    #: HiGHS on the seed's 0-1 program (``--ilp``, ``tools/ilp/highs.effort``): its solutions to 2,
    #: CPU milliseconds and branch-and-bound nodes; None: not asked for
    ilp_solutions: int | None = None
    ilp_ms: float | None = None
    ilp_nodes: int | None = None
    #: the measures asked for beside the search's and Sudoku Explainer's (``scales.ROW_MEASURES``'
    #: words: luck, te, b, backdoors, backdoors2, guess, spread): their columns
    #: are in the row, empty where a figure is not defined (B of a puzzle that is not T&E(1),
    #: any of a quiz without one solution)
    measured: tuple[str, ...] = ()
    #: order luck: the original's steps and biggest level to the first solution over K random
    #: isomorphs (least, median, most)
    steps_min: int | None = None
    steps_median: int | None = None
    steps_max: int | None = None
    biggest_min: int | None = None
    biggest_median: int | None = None
    biggest_max: int | None = None
    #: T&E-depth (Berthier's T&E(BRT, n)), B and the x of BxB and of BxBB, each as written
    #: (``"2"``; ``">3"``, ``">12"`` past what is computed)
    te: str | None = None
    b: str | None = None
    bxb: str | None = None
    bxbb: str | None = None
    #: single-cell BRT backdoors, HoDoKu's single-candidate backdoors (their counts)
    backdoors: int | None = None
    candidate_backdoors: int | None = None
    #: HoDoKu's candidate backdoors of size 2 (``backdoors2``; their count)
    candidate_backdoors2: int | None = None
    #: the original's measure made order-free: least nesting of guesses, fewest guesses, each
    #: as written (``">3"`` past what is computed)
    guess_depth: str | None = None
    fewest_guesses: str | None = None
    #: Sudoku Explainer's ER over K random isomorphs (least, median, most) and of the
    #: canonical form, as ``er`` is written
    er_min: str | None = None
    er_median: str | None = None
    er_max: str | None = None
    er_canonical: str | None = None
    #: ``rate --plan``: each step of Sudoku Explainer's path as JSON data (``PlanStep.to_json``,
    #: docs/explain.md); None: not asked for
    plan: tuple[dict[str, object], ...] | None = None

    def __reduce__(self) -> tuple[type[Rating], tuple[object, ...]]:
        """Pickled as its fields (a worker's ratings cross to the parent: half the cost of
        attrs' state dictionaries)."""
        return Rating, rating_fields(self)


#: a Rating's fields in their order, as a tuple (``Rating.__reduce__``, ``rate_rows.fields``)
RATING_NAMES = tuple(field.name for field in attrs.fields(Rating))
rating_fields = attrgetter(*RATING_NAMES)


Rated = tuple[int, Quiz, Rating]  # (line number, quiz, rating)


class Interrupted(Exception):
    """The stop flag was raised during a quiz's search: it has no rating. ``ms``: the time it
    had taken (``rate_givens``; a run's engine time counts it)."""

    ms: float = 0.0


def never() -> bool:
    """A stop flag never raised."""
    return False


#: ER of a quiz whose search Sudoku Explainer's time limit stopped: it has no rating
SEARCH_NOT_FINISHED = "search not finished"

#: steps searched between two looks at the stop flag (a few milliseconds)
POLL_STEPS = 512


def rate_quiz(
    quiz81: str,
    max_steps: int | None = None,
    interrupted: Callable[[], bool] = never,
    run_mode: int = 0,
    to_end: bool = True,
    se_timeout: float | None = None,
) -> Rating:
    """The figures of one 81-character quiz. Raises ``QuizError`` for a bad quiz and
    ``Interrupted`` when ``interrupted()`` turns true (it is polled every ``POLL_STEPS``
    steps). ``to_end=False`` stops at the first solution (what ``generate`` shows): the totals
    are then the figures reached there. ``se_timeout``: also Sudoku Explainer's ratings, each
    quiz's within that many seconds (a quiz without exactly one solution gets none, and says
    why); the search then stops at a second solution, or once it has run that many seconds
    itself (``complete`` False, the totals those reached there), so that no quiz's search is
    endless, nor longer than the time the rating is given. The search is the one ``run`` then ``runrun 0`` make in a session, without the
    record a session keeps (``Engine.search``)."""
    if not is_quiz_string(quiz81):
        raise QuizError(f"Invalid quiz: {len(quiz81)} characters, want 81 of 0-9 or '.'.")
    givens = Quiz.from_string(quiz81).givens
    return rate_givens(givens, max_steps, interrupted, run_mode, to_end, se_timeout)


def rate_givens(
    givens: Sequence[int],
    max_steps: int | None = None,
    interrupted: Callable[[], bool] = never,
    run_mode: int = 0,
    to_end: bool = True,
    se_timeout: float | None = None,
    se_exit: EarlyExit | None = None,
    *,
    ilp: bool = False,
    marks: Sequence[int] | None = None,
    order_free: OrderFree | None = None,
    plan: Planner | None = None,
    rules: str = "",
) -> Rating:
    """``rate_quiz`` of a 9x9 quiz read and checked already (its givens, 0 for an empty cell):
    what a file's quizzes are rated by, each read once, in the parent (``rate_pool``), rather
    than written out to a string and read again for each. ``se_exit``: the rating's early
    exit (``--above``, ``--below``). ``ilp``: HiGHS's effort on the seed's 0-1 program too.
    ``marks``: a pencil-mark puzzle's candidates (engine bits), the search starting from them
    (a 729-character sukaku line); ``order_free``: the order-free measures too,
    which need one solution as Sudoku Explainer's rating does: the search then stops at a
    second solution too; ``plan``: the SE path as data too (``Rating.plan``, with
    ``se_timeout``); ``rules``: the variant rules the quiz is played by (``core/rules``'
    words, "" classic sudoku): the search's and Sudoku Explainer's (``se_ratings``)."""
    check_mode(run_mode)
    start = time.perf_counter()
    try:
        # Sudoku Explainer's rating and the order-free measures need only whether the solution
        # is the one: their search stops at a second solution (an empty grid has 10**21 of
        # them, never all found: `--scale te` would search them all)
        upto = 0 if se_timeout is None and order_free is None else 1
        rating = _rated(
            start, givens, max_steps, interrupted, run_mode, upto if to_end else None,
            se_timeout, se_exit, marks, plan, rules,
        )  # fmt: skip
        if order_free is not None:
            rating = order_free.measured(rating, givens, marks, interrupted)
        if ilp:
            rating = _with_ilp(rating, givens, interrupted)
    except Interrupted as stopped:
        stopped.ms = _since(start)
        raise
    if se_timeout is None and order_free is None and not ilp:
        return rating  # (its ms the search's: nothing else was done)
    return attrs.evolve(rating, ms=_since(start))  # the measures' cost too


def _since(start: float) -> float:
    """Milliseconds since ``start`` (``time.perf_counter()``)."""
    return (time.perf_counter() - start) * 1000


def _rated(
    start: float,
    givens: Sequence[int],
    max_steps: int | None,
    interrupted: Callable[[], bool],
    run_mode: int,
    upto: int | None,
    se_timeout: float | None,
    se_exit: EarlyExit | None,
    marks: Sequence[int] | None,
    plan: Planner | None = None,
    rules: str = "",
) -> Rating:
    """The search's figures (begun at ``start``): to the first solution, then on to the end
    (``upto`` 0) or to a second (1), or not (None); and Sudoku Explainer's where
    ``se_timeout`` asks for them (``rate_givens``)."""
    # with Sudoku Explainer's rating, the search is bounded by its time too (a quiz of
    # 0 or 1 solution whose search is huge held up its file past --se-timeout)
    deadline = None if se_timeout is None else start + se_timeout
    engine = loaded(givens, rules) if marks is None else started(givens, marks)
    biggest_first, guesses = _search(engine, run_mode, 1, max_steps, interrupted, deadline)
    found = engine.solutions > 0
    steps_first = engine.steps if found else None
    if plan is not None and found and 0 not in engine.values:
        # the search's solution, which the plan is checked against (none found again for it)
        plan = partial(plan, solution=tuple(engine.values))
    biggest = biggest_first
    if upto is not None:  # no step at all if finished or at max_steps
        biggest_rest, more = _search(engine, run_mode, upto, max_steps, interrupted, deadline)
        biggest, guesses = max(biggest, biggest_rest), guesses + more
    ms = _since(start)
    complete = engine.status is FINISHED
    if se_timeout is None:  # (the fields in order: half the cost of naming them, per quiz)
        return Rating(
            steps_first,
            biggest_first if found else None,
            engine.steps,
            engine.solutions,
            biggest,
            guesses,
            ms,
            complete,
        )
    grid = (bytes(givens), marks)
    se = se_ratings(grid, engine.solutions, complete, se_timeout, interrupted, se_exit, plan, rules)
    return Rating(
        steps_first=steps_first,
        biggest_first=biggest_first if found else None,
        steps_total=engine.steps,
        solutions=engine.solutions,
        biggest_total=biggest,
        guesses=guesses,
        ms=ms,
        complete=complete,
        er=se["er"],
        ep=se["ep"],
        ed=se["ed"],
        plan=se.get("plan"),
    )


def _with_ilp(rating: Rating, givens: Sequence[int], interrupted: Callable[[], bool]) -> Rating:
    """``rating`` with HiGHS's figures (``rate --ilp``); ``Interrupted`` when the stop flag came
    while HiGHS worked."""
    from sudoku_repl.tools.ilp.highs import IlpInterrupted, effort

    try:
        done = effort(givens, interrupted)
    except IlpInterrupted:
        raise Interrupted from None
    return attrs.evolve(rating, ilp_solutions=done.solutions, ilp_ms=done.ms, ilp_nodes=done.nodes)


def _search(
    engine: Engine,
    run_mode: int,
    solutions: int,
    max_steps: int | None,
    interrupted: Callable[[], bool],
    deadline: float | None = None,
) -> tuple[int, int]:
    """``run`` (``solutions`` 1) or ``runrun 0`` (0) on the engine, ``POLL_STEPS`` steps at
    a time, ``interrupted`` polled before each batch, and stopped (not finished) after the
    batch that ends past ``deadline`` (``time.perf_counter()``): (the biggest new guess level,
    how many new guesses)."""
    first = engine.solutions
    biggest = guesses = 0
    while True:
        if interrupted():
            raise Interrupted
        done, most, new = engine.search(run_mode, POLL_STEPS, solutions, first, max_steps)
        biggest, guesses = max(biggest, most), guesses + new
        if done < POLL_STEPS:
            return biggest, guesses
        if deadline is not None and time.perf_counter() >= deadline:
            return biggest, guesses


def se_ratings(
    quiz81: str | tuple[bytes, Sequence[int] | None],
    solutions: int,
    complete: bool,
    timeout: float,
    interrupted: Callable[[], bool] = never,
    early: EarlyExit | None = None,
    plan: Planner | None = None,
    rules: str = "",
) -> dict[str, Any]:
    """ER, EP and ED of a quiz (81 characters, or its values and pencil marks, as
    ``se_grid_ratings`` takes them) with one solution (``">=X"``, a true lower bound, where the time
    limit came first: ER and EP until the first placement, ED until the first step);
    for any other quiz, ER says why there is no rating. ``Interrupted`` once ``interrupted()``
    turns true (polled where the rating looks at its time limit: before each technique).
    ``early``: stop once ER is known to be above its limit (``known_above``); ``plan``: its
    path as data too, under ``"plan"`` (``Planner``); ``rules``: the variant rules it is
    played by, rated as serate rates them with their flags (``se_ruled_ratings``)."""
    if solutions > 1:
        return {"er": "several solutions", "ep": None, "ed": None}
    if not complete:  # (no solution yet, or one: not known to be the only one)
        return {"er": SEARCH_NOT_FINISHED, "ep": None, "ed": None}
    if solutions == 0:
        return {"er": "no solution", "ep": None, "ed": None}
    if se_ruled(rules):
        values = quiz81 if isinstance(quiz81, str) else "".join(map(str, quiz81[0]))
        return se_ruled_ratings(values.replace(".", "0"), rules, plan, timeout, interrupted)
    if isinstance(quiz81, str):
        return se_grid_ratings(
            bytes(int(ch) for ch in quiz81.replace(".", "0")), None, timeout, interrupted, early,
            plan,
        )  # fmt: skip
    return se_grid_ratings(*quiz81, timeout, interrupted, early, plan)


def se_ruled(rules: str) -> bool:
    """Whether Sudoku Explainer rates quizzes of these rules (``core/rules``' words) with its
    techniques of variant rules (``ruled``): some rule, and not the toroidal board alone,
    which serate plays as classic sudoku."""
    from sudoku_repl.core.rules import parse
    from sudoku_repl.techniques.explainer.ruled import plays_classic

    return bool(rules) and not plays_classic(parse(rules))


def se_refused(rules: str) -> str | None:
    """Why Sudoku Explainer does not rate these rules (a rule serate has no flag for: jigsaw,
    extra regions, one diagonal), in words; None where it does."""
    from sudoku_repl.core.rules import parse
    from sudoku_repl.techniques.explainer.ruled import serate_words

    other = serate_words(parse(rules)) if rules else None
    if other is None:
        return None
    return f"Sudoku Explainer has no rating of the rule {other} (serate has no flag for it)"


def se_ruled_ratings(
    puzzle: str,
    rules: str,
    plan: Planner | None = None,
    timeout: float | None = None,
    interrupted: Callable[[], bool] = never,
) -> dict[str, Any]:
    """``se_ratings`` of a quiz with one solution under variant rules serate rates
    (``ruled.serate_words`` None): its path (``se_ruled_path``); ``plan``: the steps taken as
    data too."""
    from sudoku_repl.core.rules import parse
    from sudoku_repl.techniques.explainer import ruled

    start = ruled.RuledGrid.of_puzzle(puzzle, ruled.layout_of(parse(rules)))
    steps, figures = se_ruled_path(start, timeout, interrupted)
    if plan is not None:
        figures["plan"] = plan(start, steps, puzzle)
    return figures


def se_ruled_path(
    start: RuledGrid, timeout: float | None = None, interrupted: Callable[[], bool] = never
) -> tuple[tuple[Step, ...], dict[str, Any]]:
    """Sudoku Explainer's path from a grid of variant rules (``ruled.rate_ruled_grid`` on a
    copy: serate's whole order, 20.0 where it finds no step, as serate) and its ER, EP and ED
    as ``se_figures`` writes them: true lower bounds (``>=X``) where ``timeout`` seconds came
    first. ``Interrupted`` once ``interrupted()`` (polled before each step and inside the
    chains' searches)."""
    from sudoku_repl.techniques.explainer import ruled

    deadline = None if timeout is None else time.perf_counter() + timeout

    def poll() -> None:
        if interrupted():
            raise Interrupted
        if deadline is not None and time.perf_counter() >= deadline:
            raise ruled.TimeUp

    rated = ruled.rate_ruled_grid(start.copy(), poll=poll)
    return rated.steps, dict(se_figures(rated))


def se_grid_ratings(
    givens: bytes,
    marks: Sequence[int] | None,
    timeout: float,
    interrupted: Callable[[], bool] = never,
    early: EarlyExit | None = None,
    plan: Planner | None = None,
) -> dict[str, Any]:
    """``se_ratings`` of a grid known to have one solution: its values (``givens``, 0 for an
    empty cell), with ``marks`` its pencil marks (engine bits, bit v - 1 for v) or None (every
    candidate the values leave)."""
    above = below = None
    if early is not None:
        above, below = (early.limit, None) if early.above else (None, early.limit)
    if plan is None:
        rated = se_rated(givens, marks, timeout, interrupted, above, below)
        planned: dict[str, object] = {}
    else:  # the plan from the grid rated (made once: its start is the rating's copy's)
        from sudoku_repl.techniques.explainer.grid import Grid

        values = list(givens)
        start = Grid.from_state(values, marks)
        rated = se_rated_grid(start.copy(), timeout, interrupted, above, below)
        from sudoku_repl.techniques.difficulty.marks import state_line

        puzzle = state_line(values, marks)
        planned = {"plan": plan(start, rated.steps, puzzle)}
    if rated.known_above is not None:
        return _known_above(rated) | planned
    return dict(se_figures(rated)) | planned


def se_rated(
    values: Sequence[int],
    marks: Sequence[int] | None,
    timeout: float | None,
    interrupted: Callable[[], bool] = never,
    above: float | None = None,
    below: float | None = None,
) -> SERating:
    """Sudoku Explainer's rating of a state (its ``values``, 0 for an empty cell; ``marks`` its
    candidates, engine bits, or None for every candidate the values leave) with one solution,
    within ``timeout`` seconds, on the grid serate reads from the state's pencil-mark line
    (``Grid.from_state``): the one path of ``rate``, ``difficulty`` and the API.
    ``Interrupted`` once ``interrupted()``; ``above``, ``below``: ``rate_grid``'s early exits."""
    from sudoku_repl.techniques.explainer.grid import Grid

    return se_rated_grid(Grid.from_state(values, marks), timeout, interrupted, above, below)


def se_rated_grid(
    grid: Grid,
    timeout: float | None,
    interrupted: Callable[[], bool] = never,
    above: float | None = None,
    below: float | None = None,
) -> SERating:
    """``se_rated`` of the state's grid (``Grid.from_state``'s), which the path changes (it is
    left as the last step left it)."""
    from sudoku_repl.techniques.explainer.rating import Interrupted as RatingInterrupted
    from sudoku_repl.techniques.explainer.rating import rate_grid

    try:
        return rate_grid(grid, timeout, interrupted, above, below)
    except RatingInterrupted:
        raise Interrupted from None


def se_figures(rated: SERating) -> dict[str, str]:
    """ER, EP and ED of a rating as ``rate`` writes them: ``7.2``, or ``>=7.2`` where the time
    limit came first (a true lower bound)."""

    def shown(value: float, lower: bool) -> str:
        return f"{'>=' if lower else ''}{value:.1f}"

    return {
        "er": shown(rated.er, rated.er_is_lower_bound),
        "ep": shown(rated.ep, rated.ep_is_lower_bound),
        "ed": shown(rated.ed, rated.ed_is_lower_bound),
    }


def _known_above(rated: SERating) -> dict[str, str | None]:
    """The figures of a rating stopped because ER is above X: ER ``>X``, EP and ED their value
    where the path reached them (ED: a step was taken; EP: a value was placed), else ``>X``
    (they are above X too: the step above X comes before them)."""
    over = f">{rated.known_above:.1f}"
    placed = any(step.hint.placement is not None for step in rated.steps)
    return {
        "er": over,
        "ep": f"{rated.ep:.1f}" if placed else over,
        "ed": f"{rated.ed:.1f}" if rated.steps else over,
    }
