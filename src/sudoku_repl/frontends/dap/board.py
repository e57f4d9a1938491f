"""The custom ``sudokuBoard`` request (docs/dap.md): the board of a frame as data, for an
editor's Board view (VS Code's, nvim-dap's, Emacs's) to draw; ``initialize`` announces it
(``supportsSudokuBoardRequest``). Its arguments: ``frameId`` (absent: frame 0, the present
step; a guess level's frame: the state at the step its guess was taken, as the Board scope shows
it). The data is ``views/board_data.board_json``'s, with the quiz file (``file``: its name and
path; None for a quiz typed in), the client's line of each row (``lines``: the nine-line form
alone; else empty), the solution sum, the biggest level up to the present step and the record's
last step (``last``: as far as ``goto`` reaches). With ``picture: true``, also ``picture``: the
SVG of Sudoku Explainer's next step from that frame's state and its caption (``{"svg",
"caption"}``), or the line that says why there is none (``{"none"}``, its cells in the
session's notation): ``export svg``'s. With
``steps: true``, also ``steps``: every step Sudoku Explainer offers from that state, easiest
first (``{"steps": [...]}``, ``hint se all``'s, in the session's notation), or ``{"none"}``."""

from __future__ import annotations

from typing import Any

from sudoku_repl.commands.frames import level_line, levels_of
from sudoku_repl.commands.info import biggest_level
from sudoku_repl.core.errors import UserError
from sudoku_repl.frontends.dap.frames import Level, Present, StackView, Stale, present_line
from sudoku_repl.views.board_data import board_json
from sudoku_repl.views.timeline import strip


def board_body(
    view: StackView, frame_id: object, picture: object = None, steps: object = None
) -> dict[str, Any]:
    """The response's body for ``frameId`` ``frame_id`` (None: the present step); a frame id
    not handed out at this stop is ``Stale``, no quiz the shell's ``UserError``; ``picture``
    true: the next step's picture too; ``steps`` true: every step SE offers there too."""
    for name, value in (("picture", picture), ("steps", steps)):
        if value not in (None, True, False):
            raise UserError(f"sudokuBoard's {name} is true or false, not {value!r}.")
    repl = view.repl
    session = repl.require_quiz()
    item: object = Present()
    if frame_id is not None:
        view.refresh()
        item = view.handles.get(frame_id, "frame")
    if isinstance(item, Level):
        selected = view.handles.level_state(repl, item.level)
        state, moves = selected.state, selected.moves
        name = level_line(repl, levels_of(repl)[item.level - 1])
    elif isinstance(item, Present):
        state, moves, name = session.state(), session.cursor, present_line(repl)
    else:
        raise Stale(f"No frame {frame_id}: that number is a variables reference.")
    givens = session.quiz.givens if session.quiz is not None else state.values
    body = board_json(session.geo, givens, state, session.history, moves, name)
    source = view.source()
    answer = {
        "frameId": frame_id,
        **body,
        "file": source.json(),
        "lines": [view.line(number) for number, _ in source.rows or ()],
        "solutions": state.solutions,
        "biggest": biggest_level(session),
        "last": session.history.last_steps,
    }
    if picture:
        from sudoku_repl.tools.explain.picture import next_step_picture, picture_json

        drawn = next_step_picture(session, moves, state, givens, names=repl.view.names)
        answer["picture"] = picture_json(drawn)
    if steps:
        from sudoku_repl.tools.explain.hints import board_steps_json

        answer["steps"] = board_steps_json(session, moves, state, repl.view.names)
    return answer


#: the columns of a ``sudokuTimeline`` answer when none are asked for, and the most it gives
COLUMNS, MOST_COLUMNS = 400, 4000


def timeline_body(view: StackView, columns: object) -> dict[str, object]:
    """The custom ``sudokuTimeline`` request's body (docs/dap.md): the shell's ``timeline`` as
    data, ``columns`` wide (an integer, 1 to 4000; absent: 400)."""
    session = view.repl.require_quiz()
    if columns is None:
        columns = COLUMNS
    if not isinstance(columns, int) or not 1 <= columns <= MOST_COLUMNS:
        raise UserError(f"sudokuTimeline's columns is 1 to {MOST_COLUMNS}, not {columns!r}.")
    return strip(session.history, columns)
