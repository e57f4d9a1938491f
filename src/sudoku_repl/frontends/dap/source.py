"""The quiz file as the editor shows it: which line holds which row, and which column which
cell's digit. Lines map to rows only where the file is the nine-line form (its first nine
meaningful lines are the rows, in order); comments and blank lines before and between them
are counted as the editor counts them. Every other form (a quiz a line, samurai and flower
frames, printed grids, a quiz typed in) maps no line: the adapter says so."""

from __future__ import annotations

import os

from sudoku_repl.core.geometry import Cell, Geometry
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.text.files import open_input
from sudoku_repl.text.quiz_files import QUIZ_CHARS, QuizLines, bounded_lines

#: meaningful lines read at most while looking for the rows
HEAD = 9


class QuizSource:
    """Where the loaded quiz came from: ``path`` (absolute; None for a quiz typed in) and, for
    the nine-line form, ``rows``: each row's line (1-based) and the character columns (1-based)
    of its nine digits."""

    def __init__(self, path: str | None, rows: list[tuple[int, tuple[int, ...]]] | None) -> None:
        self.path = path
        self.rows = rows

    @classmethod
    def of(cls, quiz: Quiz) -> QuizSource:
        """The loaded quiz's file, read again for its rows' lines (a file that changed since, or
        that cannot be read, maps no line)."""
        name = quiz.source
        if not os.path.isfile(name) and " #" in name:  # quiz N of a file of a quiz a line
            name = name.rsplit(" #", 1)[0]
        path = os.path.abspath(name) if os.path.isfile(name) else None
        if path is None or not quiz.geometry.classic or name != quiz.source:
            return cls(path, None)
        try:
            with open_input(path) as f:
                head = QuizLines(bounded_lines(f)).head(HEAD)
        except (OSError, ValueError):
            return cls(path, None)
        rows = []
        for r, (number, text) in enumerate(head):
            columns = tuple(k + 1 for k, ch in enumerate(text) if ch in QUIZ_CHARS)
            digits = "".join(text[k - 1] for k in columns).replace(".", "0")
            wanted = "".join(str(v) for v in quiz.givens[r * 9 : r * 9 + 9])
            if len(columns) != 9 or digits != wanted:
                return cls(path, None)
            rows.append((number, columns))
        return cls(path, rows if len(rows) == 9 else None)

    @property
    def name(self) -> str:
        return os.path.basename(self.path) if self.path else "quiz"

    def same_file(self, path: str) -> bool:
        return self.path is not None and os.path.normcase(os.path.abspath(path)) == (
            os.path.normcase(self.path)
        )

    def why_not_mapped(self) -> str:
        """Why lines do not map here, in one line."""
        return (
            f"Lines do not map to rows in {self.name}: only the nine-line form (a row a line) "
            "has them; use function breakpoints (break row <r>, break cell [r,c]) instead."
        )

    def lines_said(self) -> str:
        assert self.rows is not None
        return f"the rows are on lines {', '.join(str(n) for n, _ in self.rows)}"

    def row_of_line(self, line: int) -> int | None:
        """The row (1-based) on ``line``, or None."""
        for r, (number, _) in enumerate(self.rows or (), 1):
            if number == line:
                return r
        return None

    def col_of_column(self, row: int, column: int) -> int | None:
        """The cell's column (1-based) whose digit stands at character ``column`` of the row's
        line, or None."""
        if self.rows is None:
            return None
        columns = self.rows[row - 1][1]
        return columns.index(column) + 1 if column in columns else None

    def place(self, geo: Geometry, cell: Cell) -> tuple[int, int]:
        """The (line, column) where the editor shows ``cell``: its digit in the nine-line form;
        else the file's first line (0, 0 without a file)."""
        if self.path is None:
            return 0, 0
        r, c = geo.positions[cell]
        if self.rows is None:
            return 1, 1
        return self.rows[r][0], self.rows[r][1][c]

    def json(self) -> dict[str, str] | None:
        """The DAP ``Source`` of the file (None for a quiz typed in)."""
        return None if self.path is None else {"name": self.name, "path": self.path}
