"""``rate FILE --scale se --plot FILE.svg``: how this project's own measures (steps, biggest
guess level) rank the quizzes against Sudoku Explainer's ER: Spearman's rank correlation,
written here (no numpy), and the scatter (``views/rating_plot.py``) written to a file."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from sudoku_repl.text.files import write_atomic
from sudoku_repl.tools.rating.rate import Rated
from sudoku_repl.tools.rating.rows import PROG, is_known_above
from sudoku_repl.views.rating_plot import Point, svg_scatter


def ranks(values: Sequence[float]) -> list[float]:
    """The rank of each value, 1 for the smallest; tied values share the mean of the ranks
    they take (the usual mid-rank, which Spearman's rho needs with ties)."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    k = 0
    while k < len(order):
        end = k
        while end + 1 < len(order) and values[order[end + 1]] == values[order[k]]:
            end += 1
        mid = (k + end) / 2 + 1  # ranks k+1 .. end+1, their mean
        for j in range(k, end + 1):
            out[order[j]] = mid
        k = end + 1
    return out


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Spearman's rank correlation of two equally long series: Pearson's correlation of their
    mid-ranks. None when it is not defined (fewer than two pairs, or a series all ties)."""
    if len(xs) != len(ys):
        raise ValueError(f"{len(xs)} values against {len(ys)}")
    if len(xs) < 2:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mean = (len(xs) + 1) / 2  # the mean of ranks 1..n, mid-ranks or not
    sxy = sum((a - mean) * (b - mean) for a, b in zip(rx, ry))
    sxx = sum((a - mean) ** 2 for a in rx)
    syy = sum((b - mean) ** 2 for b in ry)
    if not sxx or not syy:
        return None
    return sxy / math.sqrt(sxx * syy)


def points(rated: Iterable[Rated]) -> list[Point]:
    """The quizzes with an ER (a number, a lower bound ``>=X``, or ``>X``: above X, the rating
    stopped there): the others (no solution, several) have no place on the scale."""
    found = []
    for line, _, rating in rated:
        er = rating.er or ""
        lower, above = er.startswith(">="), is_known_above(er)
        try:
            value = float(er.lstrip(">="))
        except ValueError:
            continue
        found.append(Point(line, value, rating.steps_total, rating.biggest_total, lower, above))
    return found


def correlations(found: Sequence[Point]) -> tuple[float | None, float | None]:
    """Spearman's rho of steps and of the biggest level with ER, over the quizzes whose ER is
    exact (a lower bound, or ``>X``, would rank them wrongly)."""
    exact = [p for p in found if p.exact]
    er = [p.er for p in exact]
    return (
        spearman(er, [float(p.steps) for p in exact]),
        spearman(er, [float(p.biggest) for p in exact]),
    )


def write_plot(path: str, rated: Sequence[Rated], source: str) -> str:
    """Write the scatter of ``rated`` to ``path`` (atomically) and return the line that says
    the rank correlations."""
    found = points(rated)
    rhos = correlations(found)
    write_atomic(path, svg_scatter(found, rhos, source))
    exact = sum(p.exact for p in found)
    said = ", ".join(
        f"{name} {'not defined' if rho is None else f'{rho:.2f}'}"
        for name, rho in zip(("steps", "biggest level"), rhos, strict=True)
    )
    return (
        f"{PROG}: Spearman rank correlation with ER over {exact} quizzes: {said}; "
        f"plot written to {path}."
    )
