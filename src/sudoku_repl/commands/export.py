"""``export html``: the recorded search as one self-contained replay page (``views/replay``);
``export lp|mps``: the quiz, or the present step's position, as the seed's 0-1 program
(``core/ilp_model``, written by ``text/lp_files``); ``export svg``: a picture of Sudoku
Explainer's next step (``views/step_svg``), or (``--step N``) the original's step N
(``tools/explain/original``). Declared in ``declared/export.py``."""

from __future__ import annotations

from sudoku_repl.core.errors import PATH, UserError, shown
from sudoku_repl.core.hooks import Stopped, between
from sudoku_repl.text.files import named

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


def export(
    repl: Repl,
    path: str,
    first: int | None = None,
    last: int | None = None,
    program: str | None = None,
    at_step: bool | None = None,
    picture: str | None = None,
    step: int | None = None,
) -> None:
    """The page or the model, made whole before anything is written (a refusal leaves no
    file), then put in place in one step (``Named.write``: a temporary file renamed). Ctrl-C,
    while the page is made or written, stops it with the old file as it was."""
    session = repl.require_quiz()
    target = named(path)  # (a name that cannot be written: said before the work, not after)
    if picture is not None and step is not None:
        _original_picture(repl, path, step)
        return
    if picture is not None:
        _step_picture(repl, path)
        return
    if program is not None:
        from sudoku_repl.text.lp_files import lp_text, mps_text
        from sudoku_repl.tools.ilp.highs import session_model

        model = session_model(session, bool(at_step))
        target.write(lp_text(model) if program == "lp" else mps_text(model))
        repl.out.message(f"Wrote {shown(path, PATH)}.")
        return
    from sudoku_repl.commands.declared.export import EXPORT
    from sudoku_repl.tools.explain.original import page_pictures
    from sudoku_repl.views.replay.page import session_html

    html_form = EXPORT.forms_text(EXPORT.forms[:1])  # (the lines about a range name it)
    hooks = repl.hooks
    try:
        hooks.doing = "export html: the page"
        text = session_html(
            session,
            first,
            last,
            repl.view.names,
            html_form,
            hooks,
            lambda lo, hi, at: page_pictures(session, lo, hi, at, lambda: between(hooks)),
        )
        target.write(text, lambda: between(hooks))
    except Stopped:
        repl.script.failed()  # it wrote nothing: a replay (save-session) has no use for it
        repl.out.message(target.interrupted())
        return
    finally:
        hooks.doing = None
    repl.out.message(f"Wrote {shown(path, PATH)}.")


def _original_picture(repl: Repl, path: str, number: int) -> None:
    """``export svg FILE --step N``: the original's step N of the record, drawn
    (``tools/explain/original``); a step the record does not hold, one line and no file."""
    from sudoku_repl.commands.file_writes import write_file
    from sudoku_repl.tools.explain.original import original_step
    from sudoku_repl.tools.rating.out import check_apart

    session = repl.session
    assert session.quiz is not None  # (require_quiz)
    check_apart([("the quiz file", session.quiz.source)], [("export svg", path)])
    drawn = original_step(session, number)
    if write_file(repl, path, drawn.svg()):
        repl.out.message(f"Wrote {shown(path, PATH)}: {drawn.title}.")


def _step_picture(repl: Repl, path: str) -> None:
    """``export svg``: Sudoku Explainer's next step from the state looked at, drawn; where
    there is none, one line and no file. Ctrl-C stops the search: no file."""
    from sudoku_repl.commands.file_writes import write_file
    from sudoku_repl.techniques.explainer.rating import Interrupted
    from sudoku_repl.tools.explain.picture import next_step_picture
    from sudoku_repl.tools.rating.out import check_apart

    session = repl.session
    assert session.quiz is not None  # (require_quiz)
    check_apart([("the quiz file", session.quiz.source)], [("export svg", path)])
    state, moves = repl.looked_at()
    try:
        picture = next_step_picture(
            session, moves, state, session.quiz.givens, repl.hooks.interrupted, repl.view.names
        )
    except Interrupted:
        repl.script.failed()
        repl.out.message("Interrupted: no picture.")
        return
    if isinstance(picture, str):
        raise UserError(picture)
    if write_file(repl, path, picture.svg):
        repl.out.message(f"Wrote {shown(path, PATH)}: {picture.caption}.")
