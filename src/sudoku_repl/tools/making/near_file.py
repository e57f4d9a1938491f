"""``generate --near FILE``'s puzzles read: each checked to have one solution,
a line met before dropped (and counted), the reading stopped at once by a stop request (Ctrl-C,
the shell's, DAP's ``pause``) and said on the progress line every ``TICK_LINES`` lines: a file of
200,000 puzzles takes a minute."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from sudoku_repl.core.errors import PATH, UserError, shown

#: the lines read between two calls of the progress callback
TICK_LINES = 256


@attrs.frozen
class NearPuzzles:
    """The puzzles of ``--near FILE`` in their order, each once, and the lines dropped as
    repeats of an earlier one."""

    puzzles: tuple[bytes, ...]
    duplicates: int = 0


def read_near(
    path: str,
    stop: Callable[[], bool] = lambda: False,
    tick: Callable[[str], None] | None = None,
) -> NearPuzzles:
    """The puzzles of ``--near FILE``; ``UserError`` (one line) when there is none, one has not
    exactly one solution, or ``stop()`` came while reading (polled before each line). ``tick``
    is given what the reading is at, every ``TICK_LINES`` lines."""
    from sudoku_repl.core.counting import count_solutions
    from sudoku_repl.tools.rating.reading import read_quizzes

    where = f"--near {shown(path, PATH)}"
    puzzles: dict[bytes, None] = {}  # (a dict: their order, and each once)
    duplicates = 0
    read = 0
    for line, quiz in read_quizzes(path):
        if stop():
            raise UserError(f"{where}: stopped while reading it, at line {line:,}; nothing made")
        read += 1
        if tick is not None and read % TICK_LINES == 0:
            tick(f"{where}: {read:,} puzzles read")
        if isinstance(quiz, str):
            raise UserError(f"{where}:{line}: {quiz}")
        givens = bytes(quiz.givens)
        if givens in puzzles:
            duplicates += 1
            continue
        solutions = count_solutions(givens)
        if solutions != 1:
            said = "no solution" if solutions == 0 else "several solutions"
            raise UserError(
                f"{where}:{line}: the puzzle has {said}; the search starts from puzzles with one"
            )
        puzzles[givens] = None
    if not puzzles:
        raise UserError(f"{where} holds no puzzle")
    return NearPuzzles(tuple(puzzles), duplicates)
