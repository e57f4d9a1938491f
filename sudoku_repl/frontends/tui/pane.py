"""The trace pane: a prompt_toolkit ``UIControl`` that reads the record. Each redraw hands the
window the record's line count and a ``get_line`` that reads one line, with the cursor on the
pane's line (``TracePosition``): the window asks only for the lines it shows, so a redraw costs
the same at 1,000 lines as at 20,000, and nothing is copied.

The window wraps a long line where the width ends, in the middle of a word; ``word_wrapped``
pads each line so that every wrap falls between words instead (a word longer than the width is
still cut)."""

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
            return [("", word_wrapped(record.line(first + index), width))]

        # the cursor where a read-only text's cursor would be: the end of the last line while
        # the pane follows, the start of the line held
        column = len(word_wrapped(record.line(here), width)) if self.position.held is None else 0
        return UIContent(
            get_line=get_line,
            line_count=max(end - first, 1),
            cursor_position=Point(x=column, y=here - first),
        )


def word_wrapped(line: str, width: int) -> str:
    """``line`` with blanks added so that, cut every ``width`` characters, it breaks between
    words: a word that would cross the end of a row starts the next one (a word longer than a
    row is cut where the row ends). Trailing blanks of a row are dropped before the padding."""
    if width < 2 or len(line) <= width:
        return line
    out: list[str] = []
    column = 0  # where the next character goes on its row
    for k, word in enumerate(line.split(" ")):
        gap = 1 if k and column else 0  # none at the start of a row: the wrap is the blank
        if column and column + gap + len(word) > width and len(word) <= width:
            out.append(" " * (width - column))  # the rest of the row: the word starts the next
            column, gap = 0, 0
        piece = " " * gap + word
        out.append(piece)
        column = (column + len(piece)) % width if width else 0
    return "".join(out)
