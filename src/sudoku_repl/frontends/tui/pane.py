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
    row is cut where the row ends). Trailing blanks of a row are dropped before the padding.
    The rows after the first start under the line's text (``hanging_indent``)."""
    if width < 2 or len(line) <= width:
        return line
    hang = hanging_indent(line, width)
    out: list[str] = []
    column = 0  # where the next character goes on its row
    wrapped = False  # the row was begun by a wrap: the blank before its first word is the wrap
    words = line.split(" ")
    last = len(words) - 1
    for k, word in enumerate(words):
        gap = 0 if k == 0 or (wrapped and column == hang) else 1
        if column > hang and column + gap + len(word) > width and len(word) <= width - hang:
            # the rest of the row: the word starts the next, under the line's text
            out.append(" " * (width - column + hang))
            column, gap, wrapped = hang, 0, True
        piece = " " * gap + word
        out.append(piece)
        filled = column + len(piece) == width and k < last
        column = (column + len(piece)) % width
        wrapped = wrapped and column == hang
        if filled:  # the row ends with the word: the next starts under the text
            out.append(" " * hang)
            column, wrapped = hang, True
    return "".join(out)


def hanging_indent(line: str, width: int) -> int:
    """Where a wrapped line's next rows start: under its text after a column of names (two
    blanks after an indented first word, as the help's ``  s         step``), else under its
    own indentation; none when that would leave less than half the row."""
    indent = len(line) - len(line.lstrip(" "))
    if indent:
        text = line.find("  ", indent)
        if text > 0:
            column = len(line) - len(line[text:].lstrip(" "))
            if column < width // 2:
                return column
    return indent if indent < width // 2 else 0
