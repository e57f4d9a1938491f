"""The rows ``rate --out`` keeps from a run that stopped, checked before a continued run trusts
them: each must be a row ``rate`` could have written for this job, or the run refuses to
continue, naming the line (``rate_out.open_out`` turns the ``ValueError`` into that line).

A kept row is counted in the summary's medians and stays in the output as it is, so a row
edited by hand or by a tool (``steps_total`` -5, ``biggest_total`` 10**23, ``complete`` yes,
line ``+20``, a quiz with ``0`` for ``.``) would pass on figures no search gave. Two checks:
the row is written back exactly as it reads (the writer's own format: no sign, no leading
zero, ``.`` for an empty cell, ``true``/``false``, ms to its tenth), and its figures are
possible (none negative, levels within the grid, the figures to the first solution there
exactly when a solution was found, and not past those of the whole search, the search
complete unless ``--max-steps`` stopped it or, with measures that need one solution, a second
solution or Sudoku Explainer's time limit did, Sudoku Explainer's columns as ``--scale`` asks, HiGHS's as ``--ilp`` does, its
count to 2 at least the search's and equal to it where the search ended).
Neither re-rates a quiz: a row with other possible figures is not caught (the job's digest
already ties the rows to the quizzes and options).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from functools import partial

from sudoku_repl.core.quiz import Quiz
from sudoku_repl.tools.rating.out import parse_csv, parse_json
from sudoku_repl.tools.rating.rate import (
    SEARCH_NOT_FINISHED,
    EarlyExit,
    Rated,
    Rating,
    se_ratings,
)
from sudoku_repl.tools.rating.rows import COLUMNS, FORMATS, columns, is_known_above
from sudoku_repl.tools.rating.scales import LUCK, Scale, has_se, row_measures

#: the biggest guess level a 9x9 search can reach: each level fills a cell
MOST_LEVEL = 81
#: Sudoku Explainer's ER, EP and ED as ``rate`` writes them (``>=``: the time limit came first)
_SE_FIGURE = re.compile(r"(>=)?[0-9]+\.[0-9]")
#: a CSV row exactly as ``csv_row`` writes a classic quiz's without Sudoku Explainer's columns
#: (whole numbers without sign or leading zero, the quiz's 81 characters, ms to its tenth): the
#: fast way for the rows a stopped job leaves, thousands of them; any other row is read and
#: written back to be compared
_WHOLE = "(0|[1-9][0-9]*)"
_PLAIN_ROW = re.compile(
    rf"([1-9][0-9]*),([1-9.]{{81}}),(?:{_WHOLE},{_WHOLE}|,),{_WHOLE},{_WHOLE},{_WHOLE},"
    rf"{_WHOLE},((?:0|[1-9][0-9]*)\.[0-9]),(true|false)\r?\n"
)


def row_reader(
    format: str,
    scale: Scale,
    max_steps: int | None,
    quizzes: Sequence[tuple[int, Quiz]] = (),
    se_exit: EarlyExit | None = None,
    ilp: bool = False,
    luck: bool = False,
) -> Callable[[str], Rated]:
    """How a kept row of a job in ``format`` (csv, json), ``scale`` and ``max_steps`` is read
    back: (line, quiz, rating), or ``ValueError`` saying why it is not a row of the job.
    ``quizzes`` (the job's): a row naming one of them exactly is given its ``Quiz`` rather
    than one made again from the row's text. ``se_exit``: the job's ``--above``/``--below``;
    ``ilp``: its ``--ilp``; ``luck``: its order luck (``--isomorphs``, ``--seed``)."""
    se = has_se(scale)
    measured = row_measures(scale, luck)
    names = columns(se, ilp, measured)
    parse = partial(parse_csv, names=names) if format == "csv" else parse_json
    write = FORMATS[format][1]
    plain = _PLAIN_ROW.fullmatch if names == COLUMNS and format == "csv" else None
    by_line = dict(quizzes)

    def read(text: str) -> Rated:
        found = plain(text) if plain is not None else None
        known = by_line.get(int(found[1])) if found is not None else None
        if found is not None and known is not None and str(known) == found[2]:
            rated = _plain(found, known)
        else:
            rated = parse(text)
            if write(*rated) != text.rstrip("\r\n") + "\n":
                raise ValueError(f"not as {format} rows are written")
        fault = (
            impossible(rated, se, max_steps, se_exit)
            or _ilp_fault(rated[2], ilp)
            or _order_free_fault(rated[2], measured)
        )
        if fault:
            raise ValueError(fault)
        return rated

    return read


def _plain(found: re.Match[str], quiz: Quiz) -> Rated:
    """The row ``_PLAIN_ROW`` matched, of ``quiz``."""
    line, _, steps_first, biggest_first, *whole, ms, complete = found.groups()
    steps_total, solutions, biggest_total, guesses = map(int, whole)
    rating = Rating(
        None if steps_first is None else int(steps_first),
        None if biggest_first is None else int(biggest_first),
        steps_total, solutions, biggest_total, guesses, float(ms), complete == "true",
    )  # fmt: skip
    return int(line), quiz, rating


def impossible(
    rated: Rated, se: bool, max_steps: int | None, se_exit: EarlyExit | None = None
) -> str | None:
    """What makes ``rated`` a row no search could give (``se``: Sudoku Explainer's columns
    asked for; ``max_steps``, ``se_exit``: the job's), or None."""
    line, quiz, r = rated
    if line < 1:
        return f"line {line}"
    if min(r.steps_total, r.solutions, r.guesses) < 0:
        name = next(n for n in ("steps_total", "solutions", "guesses") if getattr(r, n) < 0)
        return f"{name} {getattr(r, name)}"
    if not 0 <= r.biggest_total <= MOST_LEVEL:
        return f"biggest_total {r.biggest_total}, want 0 to {MOST_LEVEL}"
    if not (math.isfinite(r.ms) and math.copysign(1, r.ms) > 0):
        return f"ms {r.ms}"
    found = r.solutions > 0
    if (r.steps_first is not None) is not found or (r.biggest_first is not None) is not found:
        return "first-solution figures with no solution" if not found else "no first figures"
    if r.steps_first is not None and not 0 <= r.steps_first <= r.steps_total:
        return f"steps_first {r.steps_first} > steps_total {r.steps_total}"
    if r.biggest_first is not None and not 0 <= r.biggest_first <= r.biggest_total:
        return f"biggest_first {r.biggest_first} > biggest_total {r.biggest_total}"
    one = se or bool(r.measured)  # (measures that need one solution: the search stops at two)
    if one and r.solutions > 2:
        return f"solutions {r.solutions} with {_asked(r, se)}, whose search stops at the second"
    if not r.complete and not _stopped(r, one, max_steps):
        return "complete false, the search stopped by neither --max-steps nor a second solution"
    if not se:
        return _no_se(r)
    return _se_fault(r, str(quiz), se_exit)


def _asked(r: Rating, se: bool) -> str:
    """The option that asked for a measure that needs one solution: ``--scale se``, or the
    first of the row's others."""
    if se:
        return "--scale se"
    return "--isomorphs" if r.measured[0] == LUCK else f"--scale {r.measured[0]}"


def _stopped(r: Rating, one: bool, max_steps: int | None) -> bool:
    """Whether a search that did not end stopped where ``rate`` stops one: at ``max_steps``,
    at a second solution (``one``: a measure needs one solution), or at Sudoku Explainer's
    time limit (``er`` says so)."""
    return (
        (max_steps is not None and r.steps_total >= max_steps)
        or (one and r.solutions == 2)
        or r.er == SEARCH_NOT_FINISHED
    )


def _ilp_fault(r: Rating, ilp: bool) -> str | None:
    """HiGHS's columns as ``rate --ilp`` gives them (``ilp``: the job's), or None: its count of
    solutions to 2 at least the search's (to 2), and equal to it where the search ended; its
    CPU milliseconds and nodes not below 0."""
    figures = (r.ilp_solutions, r.ilp_ms, r.ilp_nodes)
    if not ilp:
        return None if figures == (None, None, None) else "HiGHS's columns without --ilp"
    if r.ilp_solutions is None or r.ilp_ms is None or r.ilp_nodes is None:
        return "no HiGHS's columns with --ilp"
    found = min(r.solutions, 2)
    if not found <= r.ilp_solutions <= 2 or (r.complete and r.ilp_solutions != found):
        search = "ended" if r.complete else "stopped"
        return (
            f"ilp_solutions {r.ilp_solutions}, the search {search} with {r.solutions} "
            f"(HiGHS counts to 2)"
        )
    if not (math.isfinite(r.ilp_ms) and math.copysign(1, r.ilp_ms) > 0):
        return f"ilp_ms {r.ilp_ms}"
    if r.ilp_nodes < 0:
        return f"ilp_nodes {r.ilp_nodes}"
    return None


#: the least and most each order-free figure may be: T&E-depth 0 to 3 (the hardest known are
#: T&E(3); past 3, >3), backdoors a cell or candidate each (a pair of candidates each for size
#: 2), guess depth a level of the grid's; B, x and fewest guesses from 0 to past the most
#: computed
_FIGURE_RANGES = {
    "te": (0, 3), "backdoors": (0, 81), "candidate_backdoors": (0, 729),
    "candidate_backdoors2": (0, 729 * 728 // 2), "guess_depth": (0, 81),
}  # fmt: skip
#: the figures written as text: a whole number, or ``>N`` past the N computed
_WRITTEN_FIGURES = ("te", "b", "bxb", "bxbb", "guess_depth", "fewest_guesses")
_WRITTEN = re.compile(r"(0|[1-9][0-9]*)|>(0|[1-9][0-9]*)")


def _order_free_fault(r: Rating, measured: tuple[str, ...]) -> str | None:
    """The order-free columns as the job asks for them (``measured``): whole numbers in range
    (``>N`` where written so), all empty for a quiz without one solution, B, BxB and BxBB never
    both."""
    if r.measured != measured:
        return f"the columns of {', '.join(measured) or 'no order-free measure'}, not these"
    rated = r.solutions == 1 and r.complete
    for name in _WRITTEN_FIGURES:
        value = getattr(r, name)
        if value is not None and not _WRITTEN.fullmatch(value):
            return f"{name} {value!r}"
    for name, (low, high) in _FIGURE_RANGES.items():
        value = getattr(r, name)
        figure = None if value is None else int(str(value).removeprefix(">"))
        if figure is not None and not low <= figure <= high:
            return f"{name} {value}, want {low} to {high}"
    braids = [n for n in ("b", "bxb", "bxbb") if getattr(r, n) is not None]
    if len(braids) > 1:
        return f"both {' and '.join(braids)}"
    if not rated:
        figures = [
            getattr(r, n)
            for n in ("te", "b", "bxb", "bxbb", "backdoors", "candidate_backdoors2", "guess_depth")
        ]
        if any(f is not None for f in figures):
            return "order-free figures of a quiz without one solution"
    return _luck_fault(r, rated)


def _luck_fault(r: Rating, rated: bool) -> str | None:
    """Order luck's columns as ``rate`` writes them: all empty, or (for a quiz with one
    solution) the least, median and most steps and levels in order, levels within the grid."""
    for name, high in (("steps", None), ("biggest", MOST_LEVEL)):
        least, median, most = (getattr(r, f"{name}_{k}") for k in ("min", "median", "max"))
        if (least, median, most) == (None, None, None):
            continue
        if least is None or median is None or most is None or not rated:
            return f"{name}_min, _median, _max {least}, {median}, {most}"
        if not 0 <= least <= median <= most or (high is not None and most > high):
            return f"{name}_min, _median, _max {least}, {median}, {most} not in order"
    return None


def _no_se(r: Rating) -> str | None:
    return None if r.er is None else "Sudoku Explainer's columns without --scale se"


def _se_fault(r: Rating, quiz_text: str, se_exit: EarlyExit | None) -> str | None:
    """Sudoku Explainer's columns as ``rate_quiz`` gives them: a rating for a quiz with one
    solution whose search ended, else ER saying why (ep, ed empty); with ``se_exit``, ER
    ``>X`` (X its limit) and EP and ED each ``>X`` or a figure, or a rating not above X."""
    if r.er is None:
        return "no Sudoku Explainer's columns with --scale se"
    if r.solutions != 1 or not r.complete:
        why = se_ratings(quiz_text, r.solutions, r.complete, 0.0)  # (rates nothing: says why)
        if (r.er, r.ep, r.ed) != (why["er"], why["ep"], why["ed"]):
            return f"er {r.er!r}, want {why['er']!r} and no ep, ed"
        return None
    if is_known_above(r.er):
        return _known_above_fault(r, se_exit)
    er, ep = _SE_FIGURE.fullmatch(r.er), _SE_FIGURE.fullmatch(r.ep or "")
    # a bound (>=) on EP (no value placed yet) comes with one on ER, never an exact ER
    if er is None or ep is None or (ep.group(1) and not er.group(1)):
        return f"er {r.er!r}, ep {r.ep!r}"
    ed = _SE_FIGURE.fullmatch(r.ed or "")
    # ED is a bound only while no step is found: EP is then a bound too
    if ed is None or (ed.group(1) and not ep.group(1)):
        return f"ed {r.ed!r}"
    if se_exit is not None and float(r.er.removeprefix(">=")) > se_exit.limit:
        return f"er {r.er!r} past {se_exit.option}"
    return None


def _known_above_fault(r: Rating, se_exit: EarlyExit | None) -> str | None:
    """A row of a rating stopped above X: ``>X`` for ER, X the job's limit; EP and ED ``>X`` or a
    figure."""
    over = None if se_exit is None else f">{se_exit.limit:.1f}"
    if r.er != over:
        return f"er {r.er!r} without --above or --below" if over is None else f"er {r.er!r}"
    for name, figure in (("ep", r.ep), ("ed", r.ed)):
        if figure != over and not re.fullmatch(r"\d+\.\d", figure or ""):
            return f"{name} {figure!r}"
    return None
