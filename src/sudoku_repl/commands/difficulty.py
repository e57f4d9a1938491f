"""``difficulty``: the dossier of the quiz as it stands at the present step, or of the loaded
quiz (``tools/difficulty`` measures and words it; this says it). Declared in
``declared/difficulty.py``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sudoku_repl.commands.declared.difficulty import DIFFICULTY
from sudoku_repl.core.errors import UserError
from sudoku_repl.tools.difficulty.dossier import dossier, settings_of, start_of, subject_of

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl
    from sudoku_repl.core.state import Frame


def difficulty(
    repl: Repl,
    what: str | None = None,
    measures: str | None = None,
    isomorphs: int | None = None,
    seed: int | None = None,
    se_timeout: float | None = None,
) -> None:
    session = repl.require_quiz()
    if not session.geo.one_grid:
        raise UserError("difficulty measures a 9x9 quiz, not one of several grids.")
    try:
        settings = settings_of(
            measures,
            isomorphs,
            seed,
            se_timeout,
            run_mode=session.settings.run_mode,
            rules=session.geo.rules,
        )
    except UserError as e:
        raise UserError(f"difficulty {e.line}: {DIFFICULTY.form}") from None
    quiz = session.quiz
    assert quiz is not None  # (require_quiz)
    givens = sum(1 for v in quiz.givens if v)
    values: Sequence[int]
    marks: Sequence[int] | None
    guesses: Sequence[Frame] = ()
    if what == "quiz":
        values, marks, label = quiz.givens, None, "the quiz"
    else:
        state = repl.looked_at()[0]  # (a selected frame's line said first)
        values, marks = start_of(state)
        label = subject_of(state)
        guesses = state.frames
    hooks = repl.hooks

    def at(doing: str) -> None:
        hooks.doing = f"difficulty of {label}: measuring {doing}"
        hooks.tick()

    def poll() -> bool:
        """The measures' poll: the progress line's tick (its time, within one long measure),
        then Ctrl-C's flag."""
        hooks.tick()
        return hooks.interrupted()

    try:
        done = dossier(
            values, marks, settings, poll, at, subject=label, givens=givens, guesses=guesses
        )
    finally:
        hooks.doing = None
    repl.lines(str(done).splitlines())
