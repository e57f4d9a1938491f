"""How much of a figure is the orientation's: the original's steps and biggest level
(*order luck*) and Sudoku Explainer's ER over K seeded random isomorphs (``core/isomorphs``),
and ER of the canonical (minlex) form (``core/canonical``).

An isomorph keeps every rule, so an order-free measure is the same on all of them; the
original's search takes the foremost cell and the first candidate first, and Sudoku
Explainer tries its techniques in a grid order, so both move between isomorphs. The least,
the median and the most are figures of isomorphs drawn (the median the lower middle one for an
even K: a figure some isomorph has), and where this orientation stands is how many isomorphs
did better and worse.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import attrs

from sudoku_repl.core.canonical import canonical_form
from sudoku_repl.core.isomorphs import Isomorph, drawn
from sudoku_repl.tools.rating.rate import never, rate_givens, se_grid_ratings


@attrs.frozen
class Among:
    """One figure of this orientation and of each of K isomorphs (None: none, the search
    found no solution)."""

    here: float | None
    isomorphs: tuple[float, ...]

    @property
    def least(self) -> float:
        return min(self.isomorphs)

    @property
    def median(self) -> float:
        return sorted(self.isomorphs)[(len(self.isomorphs) - 1) // 2]

    @property
    def most(self) -> float:
        return max(self.isomorphs)

    @property
    def below(self) -> int:
        """Isomorphs whose figure is below this orientation's."""
        here = self.here
        return 0 if here is None else sum(f < here for f in self.isomorphs)

    @property
    def above(self) -> int:
        """Isomorphs whose figure is above this orientation's."""
        here = self.here
        return 0 if here is None else sum(f > here for f in self.isomorphs)


@attrs.frozen
class OrderLuck:
    """The original's steps and biggest level to the first solution, here and over the
    isomorphs drawn from ``seed``."""

    steps: Among
    levels: Among
    seed: int


def _quiet(which: str) -> None:
    """No one told which isomorph is under way."""


def _orientations(k: int, seed: int, at: Callable[[str], None]) -> Iterator[Isomorph | None]:
    """This orientation (None), then the ``k`` isomorphs drawn from ``seed``, each said to
    ``at`` as it comes (``this orientation``, ``isomorph 3 of 8``)."""
    at("this orientation")
    yield None
    for number, iso in enumerate(drawn(k, seed), 1):
        at(f"isomorph {number} of {k}")
        yield iso


def _start(
    iso: Isomorph | None, values: Sequence[int], cands: Sequence[int] | None
) -> tuple[bytes, tuple[int, ...] | None]:
    if iso is None:
        return bytes(values), None if cands is None else tuple(cands)
    return iso.values(values), None if cands is None else iso.masks(cands)


def order_luck(
    values: Sequence[int],
    cands: Sequence[int] | None,
    k: int,
    seed: int,
    run_mode: int = 0,
    interrupted: Callable[[], bool] = never,
    max_steps: int | None = None,
    at: Callable[[str], None] = _quiet,
) -> OrderLuck | None:
    """The original's figures (its search without a record, as ``rate`` runs it: in
    ``run_mode``, to the first solution) of the grid (``values``; ``cands``: its pencil marks,
    engine bits, None: a quiz's givens) and of ``k`` isomorphs drawn from ``seed``. None when
    this orientation's search finds no solution. ``Interrupted`` (``rate``'s) once
    ``interrupted()``. ``at`` is told which orientation is under way."""
    figures: list[tuple[int, int]] = []
    for iso in _orientations(k, seed, at):
        givens, marks = _start(iso, values, cands)
        rated = rate_givens(givens, max_steps, interrupted, run_mode, False, marks=marks)
        if rated.steps_first is None or rated.biggest_first is None:
            return None
        figures.append((rated.steps_first, rated.biggest_first))
    (steps, level), rest = figures[0], figures[1:]
    return OrderLuck(
        Among(steps, tuple(float(s) for s, _ in rest)),
        Among(level, tuple(float(b) for _, b in rest)),
        seed,
    )


@attrs.frozen
class ErSpread:
    """Sudoku Explainer's ER of this orientation, of each isomorph and of the canonical form
    (None: not defined, a pencil-mark state), each as ``rate`` writes ER (``>=X``: the time
    limit came first)."""

    here: str
    isomorphs: tuple[str, ...]
    canonical: str | None
    seed: int

    @property
    def among(self) -> Among:
        return Among(_value(self.here), tuple(map(_value, self.isomorphs)))

    def figure(self, value: float) -> str:
        """The ER written as it was rated, of the first isomorph with this value."""
        return next(er for er in self.isomorphs if _value(er) == value)


def _value(er: str) -> float:
    return float(er.removeprefix(">="))


def er_spread(
    values: Sequence[int],
    cands: Sequence[int] | None,
    k: int,
    seed: int,
    timeout: float,
    interrupted: Callable[[], bool] = never,
    at: Callable[[str], None] = _quiet,
) -> ErSpread:
    """ER of the grid (``values``, with ``cands`` its pencil marks or None for a quiz's givens)
    with one solution, of ``k`` isomorphs drawn from ``seed`` and of the canonical form (a
    quiz's only), each within ``timeout`` seconds. ``Interrupted`` once ``interrupted()``.
    ``at`` is told which orientation is under way (the canonical form: ``the minlex form``)."""
    ers: list[str] = []
    for iso in _orientations(k, seed, at):
        givens, marks = _start(iso, values, cands)
        ers.append(se_grid_ratings(givens, marks, timeout, interrupted)["er"] or "")
    canonical = None
    if cands is None:
        at("the minlex form")
        form = canonical_form(values)
        canonical = se_grid_ratings(bytes(map(int, form)), None, timeout, interrupted)["er"]
    return ErSpread(ers[0], tuple(ers[1:]), canonical, seed)
