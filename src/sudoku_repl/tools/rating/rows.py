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
from sudoku_repl.tools.rating.scales import ROW_MEASURES

PROG = "sudoku-repl rate"
COLUMNS = (
    "line", "quiz", "steps_first", "biggest_first", "steps_total", "solutions",
    "biggest_total", "guesses", "ms", "complete",
)  # fmt: skip
#: the columns ``--scale se`` adds: Sudoku Explainer's ratings (``techniques/explainer``)
SE_COLUMNS = ("er", "ep", "ed")
#: the columns ``--scale spread`` adds: ER over isomorphs and of the canonical form
SPREAD_COLUMNS = MEASURE_COLUMNS["spread"]
#: the columns ``--ilp`` adds: HiGHS on the seed's 0-1 program (``tools/ilp/highs``)
ILP_COLUMNS = ("ilp_solutions", "ilp_ms", "ilp_nodes")


def fields(line: int, quiz: Quiz, rating: Rating) -> dict[str, object]:
    """One output record, keyed by ``COLUMNS`` (and ``SE_COLUMNS`` when the ratings were asked
    for: ER is then never None; ``ILP_COLUMNS`` when HiGHS's figures were; the order-free
    measures' columns and order luck's, ``scales.COLUMNS``, of those in ``rating.measured``)."""
    record = {"line": line, "quiz": str(quiz)}
    record.update(zip(RATING_NAMES, rating_fields(rating)))
    del record["measured"]
    for measure in ROW_MEASURES:
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
    columns of the measures ``measured`` (``scales.ROW_MEASURES``' words: order luck, the
    order-free measures)."""
    free = tuple(name for m in ROW_MEASURES if m in measured for name in MEASURE_COLUMNS[m])
    return COLUMNS + (SE_COLUMNS if se else ()) + (ILP_COLUMNS if ilp else ()) + free


def csv_header(se: bool = False, ilp: bool = False, measured: Sequence[str] = ()) -> str:
    return ",".join(columns(se, ilp, measured)) + "\n"


def settings_header(format: str, settings: dict[str, object]) -> str:
    """What a job's output says first: the version that made the figures and the
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


#: the columns whose figure may be a bound, a measure stopped short of it (CSV writes ``>12``,
#: ``>=8.5``): in a JSON row, the number, and beside it ``<column>_bound``, how the figure stands
#: to it (``BOUNDS``); Sudoku Explainer's figures in tenths, the others whole numbers
BOUNDED = (*SE_COLUMNS, "te", "b", "bxb", "bxbb", "guess_depth", "fewest_guesses", *SPREAD_COLUMNS)
#: ``<column>_bound``: None where the number is the figure; ``">"``: the figure is more than it
#: (B past 12, x past 12, fewest guesses past 3, T&E-depth or guess depth past 3, ER known above
#: ``--above``/``--below``'s X); ``">="``: at least it (Sudoku Explainer's time limit came first)
BOUNDS = (">=", ">")
#: a JSON row's key that says why ER is null (the CSV's ``er`` says it in its place)
WHY = "er_why"
_TENTHS = frozenset((*SE_COLUMNS, *SPREAD_COLUMNS))


def json_record(line: int, quiz: Quiz, rating: Rating) -> dict[str, object]:
    """One JSON row: ``fields``, each figure a number (``BOUNDED``: the figure or the bound,
    with ``<column>_bound`` after it), null where there is none; docs/rating.md gives every
    key's type. Where ER is null, ``er_why`` after it says why, as the CSV's ``er`` does
    (``several solutions``, ``no solution``, ``search not finished``; null beside a rating)."""
    record: dict[str, object] = {}
    for name, value in fields(line, quiz, rating).items():
        if name not in BOUNDED:
            record[name] = value
            continue
        record[name], record[f"{name}_bound"] = _number(name, value)
        if name == "er":
            record[WHY] = value if record["er"] is None and isinstance(value, str) else None
    return record


def _number(name: str, written: object) -> tuple[float | int | None, str | None]:
    """A figure as a row writes it (``7.2``, ``>=8.5``, ``>12``, ``several solutions``, None)
    as a number and its bound."""
    if not isinstance(written, str):
        return None, None
    bound = next((b for b in BOUNDS if written.startswith(b)), None)
    figure = written.removeprefix(bound or "")
    if not figure.replace(".", "", 1).isdigit():
        return None, None  # (ER's reason: no rating)
    return (float(figure) if name in _TENTHS else int(figure)), bound


def text_figures(record: dict[str, object], why: Callable[[int, bool], str | None]) -> None:
    """A JSON row read back (``json_record``'s), its figures written as a CSV row has them again,
    in place: the number and its bound joined (``>=8.5``), ``<column>_bound`` taken out; ER
    null, where the row has Sudoku Explainer's columns, ``why(solutions, complete)`` (the
    reason, None for a quiz that was rated: ER then wanted), which ``er_why`` must say where
    the row has it."""
    said = record.pop(WHY, None)
    for name in BOUNDED:
        if name not in record:
            continue
        value, bound = record[name], record.pop(f"{name}_bound", None)
        if value is None:
            continue
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise ValueError(f"{name} {value!r}, want a number or null")
        if bound is not None and bound not in BOUNDS:
            raise ValueError(f"{name}_bound {bound!r}, want null, '>' or '>='")
        number = f"{value:.1f}" if name in _TENTHS else str(value)
        record[name] = f"{bound or ''}{number}"
    wanted = None
    if "er" in record and record["er"] is None:
        solutions, complete = record["solutions"], record["complete"]
        if isinstance(solutions, int) and isinstance(complete, bool):
            record["er"] = wanted = why(solutions, complete)
    if said != wanted:
        raise ValueError(f"{WHY} {said!r}, want {wanted!r}")


def json_line(line: int, quiz: Quiz, rating: Rating) -> str:
    # (a record is a tree: no circle to look for, at every list and object of a row's plan)
    return json.dumps(json_record(line, quiz, rating), check_circular=False) + "\n"


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
    stopped_ms: float = 0.0,
) -> str:
    """The one line for stderr: counts, medians, times; says when the run was interrupted, and
    how many searches or ratings were stopped, and by what (``max_steps``: the run's
    ``--max-steps``, which tells a search it stopped from one the time limit stopped). The
    engine time is the rows' ``ms`` and ``stopped_ms``, the time of the quizzes an interruption
    stopped before their row."""
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
    bounded = sum(r.complete and is_lower_bound(r.er) for r in ratings)
    timed = len(stopped) - cut + bounded
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
    engine_ms = sum(r.ms for r in ratings) + stopped_ms
    cut_short = (
        f" ({stopped_ms / 1000:.2f} s of it in quizzes stopped unrated)" if stopped_ms else ""
    )
    parts.append(f"engine time {engine_ms / 1000:.2f} s{cut_short}, wall time {wall:.2f} s")
    return f"{PROG}: " + "; ".join(parts) + "."


def at_second_solution(rating: Rating) -> bool:
    """Whether a rating with measures that need one solution (Sudoku Explainer's columns, the
    order-free measures') is of a search stopped at its second solution (``rate_givens``: the
    quiz has several, no measure)."""
    return (rating.er is not None or bool(rating.measured)) and rating.solutions > 1


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
