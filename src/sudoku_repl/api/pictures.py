"""What a session shows (``Pictures``, a part of the API's ``Session``): the replay page
(``replay_html``, ``export_html``, ``replay``), the board (``board``) and the notebook's
picture of the session, each a ``Picture``, and the next step's hint as text (``hint``)."""

from __future__ import annotations

from typing import Any

import attrs

from sudoku_repl.api.moves import History
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.session import Session as CoreSession
from sudoku_repl.techniques.names import NAMES
from sudoku_repl.text.files import write_atomic


@attrs.frozen
class Picture:
    """A picture of the session for a notebook (``_repr_html_``), with its text for anywhere
    else (``str``)."""

    html: str
    text: str = ""

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.text


class Pictures(CoreSession):
    """The session's pictures and hints, as the shell's ``export html``, ``board`` and ``hint``
    make them (views/replay, views/board, tools/explain)."""

    def replay_html(
        self, first: int | None = None, last: int | None = None, names: str = "readalps"
    ) -> str:
        """The replay page of the record, steps ``first``..``last`` (default: all), as
        ``export html`` writes it; ``names="standard"`` adds the standard names to the lines.
        An empty record or a range outside it raises ``UserError``."""
        from sudoku_repl.tools.explain.original import page_pictures
        from sudoku_repl.views.replay.page import session_html

        def pictures(lo: int, hi: int, at: int) -> dict[str, Any]:
            return page_pictures(self, lo, hi, at)

        return session_html(self, first, last, names, pictures=pictures)

    def export_html(
        self,
        path: str,
        first: int | None = None,
        last: int | None = None,
        names: str = "readalps",
    ) -> None:
        """Write the replay page to ``path`` (through a temporary file and a rename, as
        ``export html``); a place that cannot be written raises ``UserError``."""
        write_atomic(path, self.replay_html(first, last, names))

    def replay(
        self, first: int | None = None, last: int | None = None, height: int = 900
    ) -> Picture:
        """The replay page, shown inline in a notebook (in a frame of its own)."""
        from sudoku_repl.views.replay.notebook import frame_html

        return Picture(frame_html(self.replay_html(first, last), height))

    def board(self) -> Picture:
        """The board of the present step with its candidates, coloured as the terminal's board
        (``board``): shown as HTML in a notebook, as the plain board in text."""
        from sudoku_repl.views.board import board_lines, last_step_changes
        from sudoku_repl.views.replay.notebook import board_html

        state = self.state()
        before = last_step_changes(self.history, self.cursor, state)
        givens = self.quiz.givens if self.quiz is not None else (0,) * self.geo.size
        text = "\n".join(board_lines(state, self.geo, givens, before, colour=False))
        return Picture(board_html(state, self.geo, givens, before), text)

    def hint(self, level: int | None = None, *, se: bool = False, names: str = "readalps") -> str:
        """The shell's ``hint`` of the next step from this step, as text (docs/explain.md):
        the original's (``se``: Sudoku Explainer's) whole, or at ``level`` 1 (the technique and
        where to look), 2 (the digits and the pattern's cells too) or 3 (the whole step and
        why); Sudoku Explainer's from a position with no solution: the line that says so and
        since which step, and no step. ``names``: the shell's ``set names``, ``"readalps"``
        (cells as ``[2,5]``) or ``"standard"`` (the community's names, cells as ``r2c5``).
        Nothing changes. ``UserError`` (one line) for a level that is not 1, 2 or 3, or other
        names."""
        from sudoku_repl.tools.explain.hints import se_graded_lines, se_hint_lines
        from sudoku_repl.tools.explain.unsolvable import NO_STEP, no_solution_line
        from sudoku_repl.views.hint import NOT_CLASSIC_SE, graded_hint_lines, hint_lines

        if self.quiz is None:
            raise UserError("No quiz loaded: load one first (Session.from_quiz).")
        if level is not None and level not in (1, 2, 3):
            raise UserError(f"A hint's level is 1, 2 or 3, not {level!r}.")
        if names not in NAMES:
            raise UserError(f"names is {' or '.join(map(repr, NAMES))}, not {names!r}.")
        if se and not self.geo.one_grid:
            raise UserError(NOT_CLASSIC_SE)
        state, geo = self.state(), self.geo
        unsolvable = no_solution_line(self, self.cursor, state, NO_STEP, names) if se else None
        if unsolvable is not None:
            lines = [unsolvable]
        elif se:
            lines = (
                se_hint_lines(state, geo, names=names)
                if level is None
                else se_graded_lines(state, geo, level, names=names)
            )
        elif level is None:
            lines = hint_lines(state, geo, self.settings.run_mode, names)
        else:
            lines = graded_hint_lines(state, geo, self.settings.run_mode, level, names)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """In a notebook: the board, and the timeline once the record holds a step."""
        if self.quiz is None:
            return "<p>A session with no quiz loaded.</p>"
        parts = [self.board().html]
        history = self.history
        if len(history) and isinstance(history, History):
            parts.append(history._repr_html_())
        return "".join(parts)
