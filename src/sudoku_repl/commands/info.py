"""``info``: the settings, where the search is (``info search``), the breakpoints. Declared in
``declared/debugger.py``."""

from __future__ import annotations

from sudoku_repl.core.errors import PATH, shown
from sudoku_repl.text.words import counted

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl
    from sudoku_repl.core.session import Session


def info(repl: Repl, what: str) -> None:
    if what == "settings":
        repl.lines([*repl.settings_lines(), *repl.history_lines])
        return
    if what == "search":
        if repl.frame is not None and repl.loaded:
            steps = repl.session.state().steps
            repl.out.message(repl.frame.aside(f"Where the search is: the present, step {steps}"))
        repl.lines(search_lines(repl))
        return
    if what == "frame":
        from sudoku_repl.commands.frames import info_frame

        info_frame(repl)
        return
    if what == "display":
        from sudoku_repl.commands.stepping import display

        display(repl, None)
        return
    from sudoku_repl.core.breakpoints import Watch

    items = [
        bp
        for bp in repl.session.breakpoints.items.values()
        if what == "break" or isinstance(bp, Watch)
    ]
    if not items:
        repl.out.message("No breakpoints." if what == "break" else "No watchpoints.")
        return
    for bp in items:
        state = "enabled" if bp.enabled else "disabled"
        said = "Watchpoint" if isinstance(bp, Watch) else "Breakpoint"
        repl.out.message(
            f"{said} {bp.number}: {bp.listing(repl.session.geo)} ({state}, hit {counted(bp.hits, 'time')})"
        )


def biggest_level(session: Session) -> int:
    """The biggest guess level up to the present step (the record's dropped steps too)."""
    steps = session.state().steps
    return max(session.history.biggest_level(1, steps), session.history.dropped_biggest)


def search_lines(repl: Repl) -> list[str]:
    """``info search``: where the search is, in a few lines."""
    if not repl.loaded:
        return ["No quiz loaded: info search has nothing to say yet."]
    session = repl.session
    state, history, settings = session.state(), session.history, session.settings
    biggest = biggest_level(session)
    if session.finished:
        where = "the search has ended"
    elif state.solutions:
        where = f"{state.solutions} solution(s) so far"
    else:
        where = "no solution yet"
    kept = f"steps {history.first_steps}..{history.last_steps}" if len(history) else "no step"
    items = session.breakpoints.items
    enabled = sum(1 for bp in items.values() if bp.enabled)
    quiz = session.quiz
    return [
        f"Quiz: {shown(quiz.source, PATH) if quiz and quiz.source else 'typed in'}",
        f"Step: {state.steps} ({where}; the record holds {kept})",
        f"Guess level: {state.level} now, {biggest} the biggest up to this step",
        f"Run mode: {settings.run_mode}; guess mode: {settings.guess_mode}",
        f"Breakpoints: {len(items)} ({enabled} enabled)" if items else "Breakpoints: none",
    ]
