"""The full screen's layout: the board (the plain grid when the board does not fit) left of the
levels and the trace, and under them the toolbar, the help line and the command line (the guess
question's line while it is asked). Every text is read from the screen's state when drawn."""

from __future__ import annotations

import re
from collections.abc import Sequence

from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.layout import (
    ConditionalContainer,
    Dimension,
    DynamicContainer,
    Float,
    FloatContainer,
    HSplit,
    Layout,
    VSplit,
    Window,
)
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.styles import Style

from sudoku_repl.commands.dispatch import PROMPT, YES_OR_NO
from sudoku_repl.frontends.toolbar import fitted
from sudoku_repl.frontends.tui.keys import HELP_ANSWER, HELP_COMMAND, HELP_KEYS, HELP_YES_NO
from sudoku_repl.frontends.tui.pane import TracePane
from sudoku_repl.text.render import grid_place
from sudoku_repl.views.board import board_place

TYPE_CHECKING = False
if TYPE_CHECKING:
    from sudoku_repl.frontends.tui.state import Screen

#: the width the trace pane keeps beside the full board; below it the board is the plain grid
TRACE_MIN_WIDTH = 30
#: the rows under the panes: the toolbar, the help line, the command line
BOTTOM_ROWS = 3
#: the share of the right column the trace keeps however deep the search (the levels list is
#: cut to what is left, its last line saying how many levels it leaves out)
TRACE_SHARE = 3

SGR = re.compile(r"\x1b\[[0-9;]*m")

STYLE = Style.from_dict(
    {
        "toolbar": "reverse",
        "title": "bold underline",
        "help": "italic",
        "hint": "#888888",
        "prompt": "bold",
        "question": "bold",
        "line": "#888888",
    }
)


def visible_width(lines: Sequence[str]) -> int:
    return max((len(SGR.sub("", line)) for line in lines), default=0)


class ScreenLayout:
    """The windows of ``tui``'s screen (``trace_window``, ``command_window``, ``answer_window``
    are focused by name) and the texts they draw."""

    def __init__(self, tui: Screen) -> None:
        self.tui = tui
        state, runner = tui.state, tui.runner
        self.trace_window = Window(
            TracePane(state.trace),
            height=Dimension(min=3, weight=3),
            wrap_lines=True,
        )
        self.command_window = Window(
            BufferControl(tui.command_buffer, input_processors=[BeforeInput(self.command_prompt)]),
            height=1,
        )
        self.answer_window = Window(
            BufferControl(
                tui.answer_buffer,
                input_processors=[
                    BeforeInput(lambda: f"{runner.question or ''} ", "class:question")
                ],
            ),
            height=1,
        )
        panes = VSplit(
            [
                Window(
                    FormattedTextControl(self.board_text),
                    width=self.board_width,
                    dont_extend_width=True,
                ),
                Window(width=1, char="│", style="class:line"),
                HSplit(
                    [
                        Window(
                            FormattedTextControl(lambda: "\n".join(self.levels_lines())),
                            height=lambda: Dimension.exact(max(self.levels_rows(), 1)),
                            wrap_lines=True,
                        ),
                        Window(
                            FormattedTextControl(state.trace.title),
                            height=1,
                            style="class:title",
                        ),
                        self.trace_window,
                    ]
                ),
            ]
        )
        root = HSplit(
            [
                panes,
                Window(FormattedTextControl(self.toolbar_text), height=1, style="class:toolbar"),
                Window(FormattedTextControl(self.help_text), height=1, style="class:help"),
                DynamicContainer(
                    lambda: (
                        self.answer_window if runner.question is not None else self.command_window
                    )
                ),
            ]
        )
        body = FloatContainer(
            root,
            floats=[
                Float(
                    xcursor=True,
                    ycursor=True,
                    content=ConditionalContainer(
                        CompletionsMenu(max_height=12, scroll_offset=1),
                        filter=Condition(lambda: state.mode == "command"),
                    ),
                )
            ],
        )
        self.layout = Layout(body, focused_element=self.trace_window)

    def _fits_board(self) -> bool:
        size = self.tui.app.output.get_size()
        board = self.tui.state.view.board
        return (
            len(board) <= size.rows - BOTTOM_ROWS
            and visible_width(board) + 1 + TRACE_MIN_WIDTH <= size.columns
        )

    def levels_lines(self) -> list[str]:
        """The levels list, cut to the rows the trace leaves it (a third of the column is the
        trace's, and its title's row): the deepest levels, then how many more there are."""
        levels = self.tui.state.view.levels
        column = self.tui.app.output.get_size().rows - BOTTOM_ROWS
        room = max(column - 1 - max(column // TRACE_SHARE, 3), 1)
        if sum(self._rows(line) for line in levels) <= room:
            return levels
        kept: list[str] = []
        for line in levels:
            if sum(self._rows(k) for k in kept) + self._rows(line) > room - 1:
                break
            kept.append(line)
        more = len(levels) - len(kept)
        return [*kept, f"... {more} more (levels lists them all)"[: max(self.trace_width(), 1)]]

    def levels_rows(self) -> int:
        """The rows the levels list takes, its lines wrapped."""
        return sum(self._rows(line) for line in self.levels_lines())

    def _rows(self, line: str) -> int:
        return max(-(-len(line) // max(self.trace_width(), 1)), 1)

    def board_lines(self) -> list[str]:
        view = self.tui.state.view
        return view.board if self._fits_board() else view.grid

    def board_text(self) -> StyleAndTextTuples:
        """The board (or the grid), the cursor's cell in reverse video (a cell the last step
        changed, drawn reversed, is drawn plain under it)."""
        lines = self.board_lines()
        row, col = self.tui.state.cell
        if self._fits_board():
            view = self.tui.state.view
            first, column, width = board_place(view.size, row, col, view.walled)
            rows = range(first, first + 3)
        else:
            first, column = grid_place(row, col)
            rows, width = range(first, first + 1), 1
        text: StyleAndTextTuples = []
        for k, line in enumerate(lines):
            chars = [
                (style, ch)
                for style, part, *_ in to_formatted_text(ANSI(line))
                if "[ZeroWidthEscape]" not in style
                for ch in part
            ]
            if k in rows:
                chars += [("", " ")] * (column + width - len(chars))
                for x in range(column, column + width):
                    style, ch = chars[x]
                    turned = "noreverse" if "reverse" in style.split() else "reverse"
                    chars[x] = (f"{style} {turned}".strip(), ch)
            if k:
                text.append(("", "\n"))
            text.extend(chars)
        return text

    def board_width(self) -> Dimension:
        return Dimension.exact(max(visible_width(self.board_lines()), 1))

    def trace_width(self) -> int:
        info = self.trace_window.render_info
        if info is not None:
            return info.window_width
        return self.tui.app.output.get_size().columns

    def page(self) -> int:
        """The rows a page of the trace moves: the pane's height, one row kept."""
        info = self.trace_window.render_info
        return max((info.window_height if info is not None else 10) - 1, 1)

    def toolbar_text(self) -> str:
        """The toolbar of the line shell, and what the screen is doing; the field names
        shortened when the line would not fit."""
        runner, view = self.tui.runner, self.tui.state.view
        phrases: list[tuple[str, str]] = []
        if runner.question is not None and runner.question.endswith(YES_OR_NO):
            phrases.append(("waiting for y or n", "y or n?"))
        elif runner.question is not None:
            phrases.append(("waiting for the guess", "guess?"))
        elif runner.busy:
            phrases.append(("running, ^C stops", "running"))
        if runner.pending:
            phrases.append((f"queued {len(runner.pending)}", f"q {len(runner.pending)}"))
        columns = self.tui.app.output.get_size().columns
        experiment = f" | {view.experiment}" if view.experiment else ""
        text = view.toolbar + experiment
        if len(text) + sum(3 + len(phrase) for phrase, _ in phrases) < columns:
            return fitted(text, phrases, columns)
        short = f" | exp {view.experiment.split()[1]}" if view.experiment else ""
        return fitted(view.short + short, phrases, columns)

    def help_text(self) -> str:
        state = self.tui.state
        if state.flash is not None:
            return state.flash
        question = self.tui.runner.question
        if question is not None:
            return HELP_YES_NO if question.endswith(YES_OR_NO) else HELP_ANSWER
        return HELP_COMMAND if state.mode == "command" else HELP_KEYS

    def command_prompt(self) -> StyleAndTextTuples:
        if self.tui.state.mode == "command":
            return [("class:prompt", PROMPT + " ")]
        return [("class:prompt", PROMPT + " "), ("class:hint", "(: types a command, ? the keys)")]
