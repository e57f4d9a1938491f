"""What the stepping commands share: a run through the session's stepping loop, said as the
original says it (trace, where it stopped, the timing lines), and the breakpoint lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sudoku_repl.commands.stop_lines import interrupted_line

TYPE_CHECKING = False  # not typing's: start-up imports neither typing nor the engine
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl
    from sudoku_repl.core.breakpoints import Breakpoint
    from sudoku_repl.core.engine import Engine
    from sudoku_repl.core.session import RunReport, Session


def run_command(
    repl: Repl,
    solutions: int,
    max_steps: int | None = None,
    until: Callable[[Engine], bool] | None = None,
    show: bool = False,
    why_here: Callable[[], str | None] | None = None,
) -> RunReport | None:
    """The common part of run, runtil, runrun, continue, next and finish: trace, interrupt,
    breakpoints, timing lines. ``runtil`` to a step before the present replays the present
    experiment's record from the loaded state (its answers and edits as recorded); ``until``
    ends the run after a step (next, finish), which then shows where it stopped (``show``),
    after the line ``why_here`` gives (None: none), which says why it stopped there
    (``advance`` short of its step). Returns None when the search was already finished."""
    from sudoku_repl.core.outcomes import AtBreakpoint, Interrupted

    session = repl.require_quiz()
    started = repl.timer.now()  # the waits for the person are not in it
    replay = max_steps is not None and max_steps < session.state().steps
    if replay:
        session.restart()
    elif session.finished:
        repl.out.message(invalid(session))
        timing(repl, started, 0)
        return None
    report = session.run(repl.hooks, solutions, max_steps, replay=replay, until=until)
    outcome = report.outcome
    if isinstance(outcome, Interrupted):
        steps = session.state().steps
        repl.out.message(interrupted_line(steps))
        repl.script.stopped(steps, repl.hooks.solutions_now(), run=True)
        repl.show()
    elif isinstance(outcome, AtBreakpoint):
        breakpoint_lines(repl, outcome.hits)
        repl.show()
    elif (max_steps is not None or show) and not ended(session):
        said = why_here() if why_here is not None else None
        if said is not None:
            repl.out.message(said)
        repl.show()
    timing(repl, started, report.biggest)
    return report


def timing(repl: Repl, started: float, biggest: int) -> None:
    ms = int((repl.timer.now() - started) * 1000)
    state = repl.session.state()
    repl.out.message(
        f"Run time: {ms} milliseconds; steps: {state.steps}, solution sum: {state.solutions}."
    )
    repl.out.message(f" Biggest level on this run(til): {biggest}")


def breakpoint_lines(repl: Repl, hits: Sequence[Breakpoint], steps: int | None = None) -> None:
    """The lines of a stop at breakpoints (at step ``steps``, by default the present's): one
    each, and a watchpoint's old and new value, as gdb says them. ``continue n`` reads which
    they were (``Repl.at_breakpoints``)."""
    from sudoku_repl.core.breakpoints import Watch
    from sudoku_repl.core.marks import BREAK, Mark

    steps = repl.session.state().steps if steps is None else steps
    for bp in hits:
        repl.session.marks.append(Mark(steps, f"{title(bp)} {bp.number}", BREAK))
        repl.out.message(
            f"{title(bp)} {bp.number}: {bp.describe(repl.session.geo)} at step {steps}."
        )
        if isinstance(bp, Watch):
            repl.out.message(f"Old value = {bp.shown(bp.old)}")
            repl.out.message(f"New value = {bp.shown(bp.new)}")
    repl.at_breakpoints = tuple(bp.number for bp in hits)


def title(bp: Breakpoint) -> str:
    """What gdb calls it: ``Breakpoint``, ``Temporary breakpoint``, ``Watchpoint``."""
    from sudoku_repl.core.breakpoints import Watch

    if isinstance(bp, Watch):
        return "Watchpoint"
    return "Temporary breakpoint" if bp.temporary else "Breakpoint"


def ended(session: Session) -> bool:
    """Whether the present state is a solution or the end of the search."""
    from sudoku_repl.core.state import Status

    return session.state().status in (Status.SOLVED, Status.FINISHED)


def invalid(session: Session) -> str:
    from sudoku_repl.text.render import invalid_line

    state = session.state()
    return invalid_line(state.steps, state.solutions)
