"""The seed's integer program of a position (``core/ilp_model``) solved by HiGHS: the solutions
up to a count, each further one found after cutting off those before it (a no-good cut), with
HiGHS's status, time and branch-and-bound nodes (docs/ilp.md).

HiGHS comes from ``highspy``, the optional extra ``ilp``: it is imported inside the functions
that solve, never at import time, and without it they raise ``UserError`` with the one line
that says how to install it (``missing``: the command that works for this install,
``tools/extras.py``).

A solve runs in a thread of its own while the caller's thread waits in slices of a tenth of a
second, calling ``tick`` and polling ``interrupted`` (Ctrl-C's flag) between them; once it is
raised, HiGHS's interrupt callback, which HiGHS calls as it goes through its search, tells it
to stop. Nothing of the session is read or changed while HiGHS runs: the model is built first.
"""

from __future__ import annotations

import enum
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from sudoku_repl.core.errors import UserError
from sudoku_repl.core.geometry import CLASSIC
from sudoku_repl.core.ilp_model import Model, build, solution_values
from sudoku_repl.core.state import LOADED
from sudoku_repl.tools.extras import install_command

if TYPE_CHECKING:
    from sudoku_repl.core.session import Session

#: how often the waiting thread looks at the interrupt flag (seconds)
POLL = 0.1
#: the clock a run's wall time is read on (the tests' seam)
_clock = time.perf_counter


def missing() -> str:
    """The line said where HiGHS is wanted and absent, with what to type to have it."""
    return f"HiGHS (the highspy package) is not installed: {install_command('ilp', 'highspy')}"


def never() -> bool:
    return False


class End(enum.Enum):
    """Why the counting stopped."""

    ALL_FOUND = "all found"  # the last run found no further solution: the count is exact
    COUNT_REACHED = "count reached"  # as many as asked for: there may be more
    TIME_LIMIT = "time limit"
    INTERRUPTED = "interrupted"


@attrs.frozen
class Run:
    """One HiGHS run: its model status in HiGHS's words (``Optimal``: a solution found,
    ``Infeasible``: none left), its wall time, its branch-and-bound nodes."""

    status: str
    seconds: float
    nodes: int


@attrs.frozen
class IlpResult:
    """The solutions HiGHS found for a position (each a digit per cell, in the geometry's cell
    order), the runs it took (one per solution, and one more that found none unless the count,
    the time limit or an interrupt came first), why it stopped, the count asked for, the step
    of the position (None: the quiz's givens), HiGHS's version and the CPU time of the runs."""

    solutions: tuple[tuple[int, ...], ...]
    runs: tuple[Run, ...]
    end: End
    count: int
    step: int | None
    version: str
    cpu_seconds: float

    @property
    def seconds(self) -> float:
        return sum(r.seconds for r in self.runs)

    @property
    def nodes(self) -> int:
        return sum(r.nodes for r in self.runs)

    @property
    def unique(self) -> bool | None:
        """True: exactly one solution; False: more than one, or none; None: not known (one
        found, and the count, the time limit or an interrupt came before a second was sought
        to the end)."""
        if len(self.solutions) > 1 or self.end is End.ALL_FOUND:
            return len(self.solutions) == 1
        return None


def available() -> bool:
    """Whether HiGHS can be imported."""
    try:
        import highspy  # noqa: F401
    except ImportError:
        return False
    return True


def session_model(session: Session, at_step: bool = True) -> Model:
    """The program of the session's present position (``at_step``: the digits placed so far
    and the candidates struck; before the first step, the givens), or of its quiz's givens.
    The session has a quiz loaded (the callers say what to do when not)."""
    quiz = session.quiz
    assert quiz is not None, "no quiz loaded"
    geo = quiz.geometry
    if not at_step:
        return build(geo, quiz.givens, None, quiz.source)
    state = session.state()
    cands = None if state.status is LOADED else state.cands  # (not worked out yet: all)
    return build(geo, state.values, cands, quiz.source, state.steps)


def solve(
    model: Model,
    count: int = 2,
    time_limit: float | None = None,
    interrupted: Callable[[], bool] = never,
    tick: Callable[[], None] | None = None,
) -> IlpResult:
    """Up to ``count`` solutions of ``model``, each run after the first with the solutions
    before it cut off, within ``time_limit`` seconds in all (None: no limit); stopped, with the
    solutions found so far, once ``interrupted()`` turns true. ``UserError`` (``missing()``)
    without HiGHS."""
    if count < 1:
        raise ValueError(f"count {count}: want 1 or more")
    highspy = _highspy()
    highs = quiet_highs()
    _pass_model(highspy, highs, model)
    stop = threading.Event()

    def on_interrupt(event: Any) -> None:  # (HiGHS's thread)
        if stop.is_set():
            event.interrupt()

    highs.cbMipInterrupt.subscribe(on_interrupt)
    solutions: list[tuple[int, ...]] = []
    runs: list[Run] = []
    statuses = highspy.HighsModelStatus
    end = End.COUNT_REACHED
    cpu = time.process_time()
    while len(solutions) < count:
        if stop.is_set() or interrupted():
            end = End.INTERRUPTED
            break
        if tick is not None:  # (between runs too: a count of many short runs draws its line)
            tick()
        if time_limit is not None:  # HiGHS holds time_limit against each run's own clock
            left = time_limit - sum(run.seconds for run in runs)
            if left <= 0:
                end = End.TIME_LIMIT
                break
            highs.setOptionValue("time_limit", left)
        status, seconds = _run(highs, stop, interrupted, tick)
        runs.append(Run(highs.modelStatusToString(status), seconds, _nodes(highs)))
        if status == statuses.kOptimal:
            ones = [k for k, x in enumerate(highs.getSolution().col_value) if x > 0.5]
            solutions.append(solution_values(model, ones))
            _cut_off(highs, ones, model)
            continue
        if status == statuses.kInfeasible:
            end = End.ALL_FOUND
        elif status == statuses.kInterrupt or stop.is_set():
            end = End.INTERRUPTED
        elif status == statuses.kTimeLimit:
            end = End.TIME_LIMIT
        else:  # (a 0-1 program with a constant objective: HiGHS has no other answer to give)
            raise RuntimeError(f"HiGHS answered {runs[-1].status}")
        break
    cpu = time.process_time() - cpu
    return IlpResult(tuple(solutions), tuple(runs), end, count, model.step, highs.version(), cpu)


def _highspy() -> Any:
    """The ``highspy`` module, or ``UserError`` (``missing()``)."""
    try:
        import highspy
    except ImportError:
        raise UserError(missing()) from None
    return highspy


def quiet_highs() -> Any:
    """A ``Highs`` that prints nothing: its output is turned off before its constructor's first
    call that would print HiGHS's banner on standard output (``enableCallbacks``), and it runs
    on one thread (the figures are then the same from run to run, and its CPU time is the
    solve's). ``UserError`` (``missing()``) without HiGHS."""
    highspy = _highspy()

    class QuietHighs(highspy.Highs):  # type: ignore[misc,name-defined]
        def enableCallbacks(self) -> None:
            self.setOptionValue("output_flag", False)
            self.setOptionValue("threads", 1)
            super().enableCallbacks()

    return QuietHighs()


def _pass_model(highspy: Any, highs: Any, model: Model) -> None:
    """The model handed to HiGHS as arrays (row-wise): no file between."""
    lp = highspy.HighsLp()
    n = model.variable_count
    lower, upper = [0.0] * n, [1.0] * n
    for k, value in model.fixed:
        lower[k] = upper[k] = float(value)
    lp.num_col_, lp.num_row_ = n, len(model.constraints)
    lp.col_cost_ = [0.0] * n
    lp.col_lower_, lp.col_upper_ = lower, upper
    lp.row_lower_ = lp.row_upper_ = [1.0] * len(model.constraints)
    starts, index = [0], list[int]()
    for row in model.constraints:
        index += row.columns
        starts.append(len(index))
    matrix = lp.a_matrix_
    matrix.format_ = highspy.MatrixFormat.kRowwise
    matrix.num_col_, matrix.num_row_ = n, len(model.constraints)
    matrix.start_, matrix.index_, matrix.value_ = starts, index, [1.0] * len(index)
    lp.integrality_ = [highspy.HighsVarType.kInteger] * n
    highs.passModel(lp)


def _run(
    highs: Any,
    stop: threading.Event,
    interrupted: Callable[[], bool],
    tick: Callable[[], None] | None,
) -> tuple[Any, float]:
    """One HiGHS run in a thread of its own, this one polling ``interrupted`` meanwhile: HiGHS's
    model status and the run's wall time."""
    done = threading.Event()

    def run() -> None:
        try:
            highs.run()
        finally:
            done.set()

    start = _clock()
    worker = threading.Thread(target=run, name="HiGHS", daemon=True)
    worker.start()
    try:
        while not done.wait(POLL):
            if tick is not None:
                tick()
            if interrupted():
                stop.set()
    except BaseException:  # (KeyboardInterrupt where no flag takes Ctrl-C): HiGHS stops too
        stop.set()
        worker.join()
        raise
    worker.join()
    if interrupted():  # (a Ctrl-C that came as the run ended: the count stops here too)
        stop.set()
    return highs.getModelStatus(), _clock() - start


def _nodes(highs: Any) -> int:
    """The run's branch-and-bound nodes (HiGHS says -1 where it did not get to count them)."""
    return max(0, int(highs.getInfo().mip_node_count))


def _cut_off(highs: Any, ones: Sequence[int], model: Model) -> None:
    """The no-good cut of a solution: of the binaries at 1 that are not fixed, not all again
    (every cell holds one digit, so another solution differs in at least one of them)."""
    fixed = {k for k, _ in model.fixed}
    free = [k for k in ones if k not in fixed]
    highs.addRow(-highs.inf, len(free) - 1, len(free), free, [1.0] * len(free))


# -- rate --ilp -------------------------------------------------------------------------------


@attrs.frozen
class Effort:
    """A quiz's figures in ``rate --ilp``: its solutions to 2, the CPU milliseconds and the
    branch-and-bound nodes HiGHS took to find them (and to look for a second)."""

    solutions: int
    ms: float
    nodes: int


class IlpInterrupted(Exception):
    """``effort`` was stopped by its interrupt poll: it has no figures."""


def effort(givens: Sequence[int], interrupted: Callable[[], bool] = never) -> Effort:
    """HiGHS's effort on a 9x9 quiz (0 for an empty cell): ``solve`` to a count of 2;
    ``IlpInterrupted`` once ``interrupted()`` turns true."""
    found = solve(build(CLASSIC, givens), 2, None, interrupted)
    if found.end is End.INTERRUPTED:
        raise IlpInterrupted
    return Effort(len(found.solutions), found.cpu_seconds * 1000, found.nodes)
