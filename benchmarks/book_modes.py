"""Run-mode 3 (the book's theorems) against run-mode 0 (grp and ply) on a quiz file, by ``rate``.

    python benchmarks/book_modes.py [FILE] [--csv PREFIX]

FILE defaults to ``puzzles/norvig_top95.txt``. Each quiz is rated by ``rate.rate_quiz`` (the
figures of ``sudoku-repl rate``: steps and biggest level to the first solution, to the end, new
guesses) once per mode (its ``run_mode``); the script prints the Markdown table of docs/book-and-chains.md;
with ``--csv PREFIX`` the per-quiz rows are written to PREFIX0.csv and PREFIX3.csv in ``rate``'s
CSV format.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable, Sequence
from pathlib import Path

from common import TOP95

from sudoku_repl.assembly import register_all
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.techniques import theorems as book
from sudoku_repl.tools import rate, rate_file, rate_rows

MODES = (0, book.BOOK_MODE)


def rate_all(quizzes: Sequence[tuple[int, Quiz]], mode: int) -> list[rate.Rating]:
    return [rate.rate_quiz(str(quiz), run_mode=mode) for _, quiz in quizzes]


def _figures(values: Sequence[int | None]) -> str:
    known = [v for v in values if v is not None]  # None: no solution was found
    return f"{statistics.median(known):g} / {statistics.mean(known):.1f} / {max(known)}"


Figure = Callable[[rate.Rating], "int | None"]
ROWS: list[tuple[str, Figure]] = [
    ("steps to the first solution", lambda r: r.steps_first),
    ("biggest level to the first solution", lambda r: r.biggest_first),
    ("steps to the end", lambda r: r.steps_total),
    ("biggest level of the whole search", lambda r: r.biggest_total),
    ("new guesses, whole search", lambda r: r.guesses),
]


def table(ratings: dict[int, list[rate.Rating]]) -> list[str]:
    lines = [
        "| median / mean / max | run-mode 0 (grp, ply) | run-mode 3 (theorems 1-4) |",
        "|---|---|---|",
    ]
    for label, get in ROWS:
        cells = [_figures([get(r) for r in ratings[m]]) for m in MODES]
        lines.append(f"| {label} | {cells[0]} | {cells[1]} |")
    pairs = [
        (a, b)
        for a, b in zip(ratings[0], ratings[book.BOOK_MODE])
        if a.steps_first is not None and b.steps_first is not None
    ]
    more_steps = sum(b.steps_first > a.steps_first for a, b in pairs)  # type: ignore[operator]
    deeper = sum(b.biggest_first > a.biggest_first for a, b in pairs)  # type: ignore[operator]
    shallower = sum(b.biggest_first < a.biggest_first for a, b in pairs)  # type: ignore[operator]
    lines += [
        "",
        f"Run-mode 3 needs more steps to the first solution on {more_steps} of {len(pairs)} "
        f"quizzes; its biggest level there is higher on {deeper}, lower on {shallower}.",
    ]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "file",
        nargs="?",
        default=str(TOP95),
        help="a one-quiz-per-line file (default: puzzles/norvig_top95.txt)",
    )
    parser.add_argument("--csv", metavar="PREFIX")
    args = parser.parse_args(argv)
    register_all()  # run mode 3 (rate's sessions are the core's)
    quizzes = [(n, q) for n, q in rate_file.read_quizzes(args.file) if isinstance(q, Quiz)]
    ratings = {mode: rate_all(quizzes, mode) for mode in MODES}
    if args.csv:
        for mode in MODES:
            rows = [rate_rows.csv_row(n, q, r) for (n, q), r in zip(quizzes, ratings[mode])]
            Path(f"{args.csv}{mode}.csv").write_text(rate_rows.csv_header() + "".join(rows))
    print("\n".join(table(ratings)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
