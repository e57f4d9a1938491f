"""The trace pane: a prompt_toolkit ``UIControl`` that reads the record. Each redraw hands the
window the record's line count and a ``get_line`` that reads one line, with the cursor on the
pane's line (``TracePosition``): the window asks only for the lines it shows, so a redraw costs
the same at 1,000 lines as at 20,000, and nothing is copied."""

from __future__ import annotations

from prompt_toolkit.data_structures import Point
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout.controls import UIContent, UIControl

from sudoku_repl.frontends.tui.state import TracePosition


class TracePane(UIControl):
    def __init__(self, position: TracePosition) -> None:
        self.position = position

    def is_focusable(self) -> bool:
        return True  # it has the focus while the command line is closed

    def create_content(self, width: int, height: int) -> UIContent:
        record = self.position.record
        first, end, here = self.position.row()

        def get_line(index: int) -> StyleAndTextTuples:
            return [("", record.line(first + index))]

        # the cursor where a read-only text's cursor would be: the end of the last line while
        # the pane follows, the start of the line held
        column = len(record.line(here)) if self.position.held is None else 0
        return UIContent(
            get_line=get_line,
            line_count=max(end - first, 1),
            cursor_position=Point(x=column, y=here - first),
        )
