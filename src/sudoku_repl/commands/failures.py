"""The command lines that failed, as batch mode's summary names them (``sudoku-repl: 2
command(s) failed: ...``): their count, and the first ``NAMED`` lines cut to ``KEPT``
characters. Nothing more is kept: a session that fails on a line of 30 MB, or a million times,
holds a few hundred characters for its summary."""

from __future__ import annotations

from sudoku_repl.core.errors import shown

#: the failed lines the summary names; the rest are counted
NAMED = 10
#: the characters kept of a line named (the summary shows fewer: ``SHOWN``)
KEPT = 240
#: the characters of a line the summary shows
SHOWN = 60


class Failures:
    """The failures of one ``Repl``: ``count`` of them, ``lines`` the first ``NAMED`` as typed
    (stripped, cut to ``KEPT`` characters)."""

    __slots__ = ("count", "lines")

    def __init__(self) -> None:
        self.count = 0
        self.lines: list[str] = []

    def add(self, line: str) -> None:
        self.count += 1
        if len(self.lines) < NAMED:
            self.lines.append(line.strip()[:KEPT])

    def __len__(self) -> int:
        return self.count

    def summary(self) -> str:
        """``N command(s) failed: a; b; and M more``."""
        named = [shown(line, SHOWN) for line in self.lines]
        if self.count > len(self.lines):
            named.append(f"and {self.count - len(self.lines)} more")
        return f"{self.count} command(s) failed: {'; '.join(named)}"
