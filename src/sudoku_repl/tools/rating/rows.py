"""``rate``'s rows: a rating as a CSV row or a JSON line (``FORMATS``), and the summary line."""

from __future__ import annotations

import csv
import io
import json
import statistics
from collections.abc import Callable, Iterable, Sequence

from sudoku_repl.core.quiz import Quiz
from sudoku_repl.text.words import counted
from sudoku_repl.tools.rating.rate import RATING_NAMES, Rating, rating_fields
from sudoku_repl.tools.rating.scales import COLUMNS as MEASURE_COLUMNS
from sudoku_repl.tools.rating.scales import ORDER_FREE

PROG = "sudoku-repl rate"
COLUMNS = (
    "line", "quiz", "steps_first", "biggest_first", "steps_total", "solutions",
    "biggest_total", "guesses", "ms", "complete",
)  # fmt: skip
#: the columns ``--scale se`` adds: Sudoku Explainer's ratings (``techniques/explainer``)
SE_COLUMNS = ("er", "ep", "ed")
#: the columns ``--ilp`` adds: HiGHS on the seed's 0-1 program (``tools/ilp/highs``)
ILP_COLUMNS = ("ilp_solutions", "ilp_ms", "ilp_nodes")


def fields(line: int, quiz: Quiz, rating: Rating) -> dict[str, object]:
    """One output record, keyed by ``COLUMNS`` (and ``SE_COLUMNS`` when the ratings were asked
    for: ER is then never None; ``ILP_COLUMNS`` when HiGHS's figures were; the order-free
    measures' columns, ``scales.COLUMNS``, of those in ``rating.measured``)."""
    record = {"line": line, "quiz": str(quiz)}
    record.update(zip(RATING_NAMES, rating_fields(rating)))
    del record["measured"]
    for measure in ORDER_FREE:
        if measure not in rating.measured:
            for name in MEASURE_COLUMNS[measure]:
                del record[name]
    record["ms"] = round(rating.ms, 1)
    if rating.er is None:
        for name in SE_COLUMNS:
            del record[name]
    if rating.plan is None:
        del record["plan"]
    else:
        record["plan"] = list(rating.plan)
    if rating.ilp_ms is None:
        for name in ILP_COLUMNS:
            del record[name]
    else:
        record["ilp_ms"] = round(rating.ilp_ms, 1)
    return record


def columns(se: bool = False, ilp: bool = False, measured: Sequence[str] = ()) -> tuple[str, ...]:
    """A job's columns, in their order: ``COLUMNS``, then ``SE_COLUMNS`` (``se``: Sudoku
    Explainer's ratings asked for), ``ILP_COLUMNS`` (``ilp``: HiGHS's figures) and the
    columns of the order-free measures ``measured`` (``scales.ORDER_FREE``'s words)."""
    free = tuple(name for m in ORDER_FREE if m in measured for name in MEASURE_COLUMNS[m])
    return COLUMNS + (SE_COLUMNS if se else ()) + (ILP_COLUMNS if ilp else ()) + free


def csv_header(se: bool = False, ilp: bool = False, measured: Sequence[str] = ()) -> str:
    return ",".join(columns(se, ilp, measured)) + "\n"


def settings_header(format: str, settings: dict[str, object]) -> str:
    """What a job's output says first (issue 60): the version that made the figures and the
    settings that shape them. CSV: a ``#`` line (readers told to pass comments over: pandas'
    ``comment="#"``); JSON lines: a first object with no ``line`` key, ``{"sudoku_repl":
    version, "settings": {...}}``."""
    from sudoku_repl.core.version import installed

    if format == "json":
        return json.dumps({"sudoku_repl": installed(), "settings": settings}) + "\n"
    said = "; ".join(f"{key} {'-' if value is None else value}" for key, value in settings.items())
    return f"# {PROG} {installed()}: {said}\n"


def csv_row(line: int, quiz: Quiz, rating: Rating) -> str:
    """One CSV row, in ``COLUMNS`` order (and ``SE_COLUMNS``' when the ratings were asked for).
    A 9x9 quiz's row without them is numbers and 81 characters: written out at once, without
    quoting (the parent writes every row of a run, beside the workers: the common row is made
    in two thirds of the time of the general way below)."""
    if (
        rating.er is None
        and rating.ilp_ms is None
        and not rating.measured
        and quiz.geometry.classic
    ):
        first, biggest = rating.steps_first, rating.biggest_first
        return (
            f"{line},{quiz},{'' if first is None else first},"
            f"{'' if biggest is None else biggest},{rating.steps_total},{rating.solutions},"
            f"{rating.biggest_total},{rating.guesses},{rating.ms:.1f},"
            f"{'true' if rating.complete else 'false'}\n"
        )
    record = fields(line, quiz, rating)
    record["ms"] = f"{rating.ms:.1f}"
    record["complete"] = "true" if rating.complete else "false"
    if rating.ilp_ms is not None:
        record["ilp_ms"] = f"{rating.ilp_ms:.1f}"
    values = ["" if v is None else str(v) for v in record.values()]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(values)
    return out.getvalue()


def json_line(line: int, quiz: Quiz, rating: Rating) -> str:
    return json.dumps(fields(line, quiz, rating)) + "\n"


FORMATS: dict[str, tuple[str, Callable[[int, Quiz, Rating], str]]] = {
    "csv": (csv_header(), csv_row),
    "json": ("", json_line),
}


def summary(
    ratings: Sequence[Rating],
    quizzes: int,
    malformed: int,
    wall: float,
    max_steps: int | None = None,
) -> str:
    """The one line for stderr: counts, medians, times; says when the run was interrupted, and
    how many searches or ratings were stopped, and by what (``max_steps``: the run's
    ``--max-steps``, which tells a search it stopped from one the time limit stopped)."""
    found = [r for r in ratings if r.steps_first is not None]
    parts = [
        f"{counted(len(ratings), 'quiz', 'quizzes')} rated" if len(ratings) == quizzes
        else f"interrupted: {len(ratings)} of {counted(quizzes, 'quiz', 'quizzes')} rated",
        f"{counted(malformed, 'malformed line')} skipped",
    ]  # fmt: skip
    second = sum(not r.complete and at_second_solution(r) for r in ratings)
    stopped = [r for r in ratings if not r.complete and not at_second_solution(r)]
    cut = sum(
        r.er is None or (max_steps is not None and r.steps_total >= max_steps) for r in stopped
    )
    # the others stopped at Sudoku Explainer's time limit: their search, or their rating (a
    # lower bound, >=X)
    timed = len(stopped) - cut + sum(r.complete and is_lower_bound(r.er) for r in ratings)
    if cut:
        parts.append(f"{cut} stopped by --max-steps")
    if timed:
        parts.append(f"{timed} stopped by --se-timeout")
    if second:
        parts.append(f"{second} stopped at a second solution")
    above = [er for r in ratings if (er := r.er) is not None and is_known_above(er)]
    if above:  # (one limit a run: --above X or --below X)
        parts.append(
            f"{counted(len(above), 'quiz', 'quizzes')} with ER above {above[0][1:]} "
            "(rating stopped there)"
        )
    if ratings:
        parts.append(
            f"median steps to the first solution {_median(r.steps_first for r in found)}, "
            f"to the end {_median(r.steps_total for r in ratings)}"
        )
        biggest_first = _median(r.biggest_first for r in found)
        parts.append(
            f"median biggest level to the first solution {biggest_first}, "
            f"of the whole search {_median(r.biggest_total for r in ratings)}"
        )
    engine_ms = sum(r.ms for r in ratings)
    parts.append(f"engine time {engine_ms / 1000:.2f} s, wall time {wall:.2f} s")
    return f"{PROG}: " + "; ".join(parts) + "."


def at_second_solution(rating: Rating) -> bool:
    """Whether a rating with Sudoku Explainer's columns is of a search stopped at its second
    solution (``rate_givens``: the quiz has several, no rating)."""
    return rating.er is not None and rating.solutions > 1


def is_known_above(figure: str | None) -> bool:
    """Whether a Sudoku Explainer figure is ``>X``: known to be above X, the rating stopped
    there (``--above``, ``--below``; not ``>=X``, a lower bound where the time limit came)."""
    return figure is not None and figure.startswith(">") and not figure.startswith(">=")


def is_lower_bound(figure: str | None) -> bool:
    """Whether a Sudoku Explainer figure is ``>=X``: a lower bound, the time limit came first."""
    return figure is not None and figure.startswith(">=")


def _median(values: Iterable[int | None]) -> str:
    numbers = [v for v in values if v is not None]
    return f"{statistics.median(numbers):g}" if numbers else "-"
