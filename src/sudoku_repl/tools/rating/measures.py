"""The order-free measures of a quiz or a pencil-mark state, computed by the
engines of ``techniques/difficulty`` (T&E-depth, braids, backdoors, guesses) and by
``spread`` (ER over isomorphs), and written into a ``rate`` row (``OrderFreeMeasures``):
what ``rate --scale te,b,backdoors,backdoors2,guess,spread`` adds, with order luck (``spread``'s
too: the original's steps over isomorphs) where ``--isomorphs`` or ``--seed`` asks for it. The
dossier of ``difficulty`` reads the same figures (``figures``), with the backdoors named.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from sudoku_repl.tools.rating.rate import Interrupted, Rating, never
from sudoku_repl.tools.rating.scales import ISOMORPHS, LUCK, SEED
from sudoku_repl.tools.rating.spread import ErSpread, OrderLuck, er_spread, order_luck

if TYPE_CHECKING:
    from sudoku_repl.techniques.difficulty.marks import Marks

#: the most of B (braids' length: SHC's -max-length 12) and of x in BxB and BxBB computed (a
#: B10B takes some 14 CPU seconds, and each x costs more than the one before); past them,
#: "beyond"
MOST_B = 12
MOST_BXB = 12
#: the most cells fewest guesses looks for
MOST_GUESSES = 3


@attrs.frozen
class Figure:
    """A measure's figure (``value``), or the bound it lies beyond (``beyond``: the search
    stopped there), one of the two; or neither: not defined here (B of a puzzle that is not
    T&E(1))."""

    value: int | None = None
    beyond: int | None = None

    @property
    def defined(self) -> bool:
        return self.value is not None or self.beyond is not None

    def written(self) -> str | None:
        """As a row writes it: ``3``, ``>7``, or None (an empty cell)."""
        if self.value is not None:
            return str(self.value)
        return None if self.beyond is None else f">{self.beyond}"


#: a candidate: (cell 0-80, digit)
Candidate = tuple[int, int]


@attrs.frozen
class Figures:
    """The order-free figures of one state with one solution (None: not asked for)."""

    te: Figure | None = None
    b: Figure | None = None
    bxb: Figure | None = None
    #: braids of braids of braids, for a T&E(3) state
    bxbb: Figure | None = None
    backdoors: tuple[Candidate, ...] | None = None
    candidate_backdoors: tuple[Candidate, ...] | None = None
    #: HoDoKu's candidate backdoors of size 2 (``backdoors2``): pairs, neither a backdoor alone
    candidate_backdoors2: tuple[tuple[Candidate, ...], ...] | None = None
    guess_depth: Figure | None = None
    #: the fewest cells whose values, guessed right, let the original's filters finish (one
    #: such set), or the bound it lies beyond
    fewest_guesses: Figure | None = None
    guess_cells: tuple[Candidate, ...] = ()


def _nothing(word: str, found: Figures) -> None:
    """No one told which measure begins."""


def figures(
    values: Sequence[int],
    marks: Sequence[int] | None,
    asked: Sequence[str],
    interrupted: Callable[[], bool] = never,
    run_mode: int = 0,
    began: Callable[[str, Figures], None] = _nothing,
    rules: str = "",
) -> Figures:
    """The figures ``asked`` (``te``, ``b``, ``backdoors``, ``backdoors2``, ``guess``) of a grid with one
    solution (its ``values``, ``marks`` its pencil marks or None for every candidate the
    values leave); the guesses' with ``run_mode``'s filters. ``Interrupted`` once
    ``interrupted()``, polled between the measures (each runs to its end: the C's, on the
    native build, in milliseconds to seconds). ``began(word, found)`` as each measure begins,
    with the figures found before it (what a dossier stopped there keeps). ``rules``: the
    quiz's variant rules line ("" for classic sudoku)."""
    if not {"te", "b", "backdoors", "backdoors2", "guess"}.intersection(asked):
        return Figures()
    from sudoku_repl.techniques.difficulty.board import board_for
    from sudoku_repl.techniques.difficulty.marks import Marks

    board = board_for(rules)
    state = (
        Marks.from_givens(values, board)
        if marks is None
        else Marks.from_state(values, marks, board)
    )
    found = Figures()

    def begin(word: str) -> None:
        began(word, found)
        if interrupted():
            raise Interrupted

    depth = None
    if "te" in asked or "b" in asked:
        from sudoku_repl.techniques.difficulty.te import te_depth

        begin("te")
        level = te_depth(state)
        depth = level.value
        found = attrs.evolve(found, te=Figure(level.value, level.beyond))
    if "b" in asked:
        begin("b")
        b, bxb, bxbb = _braids(state, depth)
        found = attrs.evolve(found, b=b, bxb=bxb, bxbb=bxbb)
    if "backdoors" in asked:
        from sudoku_repl.techniques.difficulty.backdoors import brt_backdoors, candidate_backdoors

        begin("backdoors")
        cells = brt_backdoors(state)
        if interrupted():
            raise Interrupted
        candidates = tuple(c for (c,) in candidate_backdoors(state, 1))
        found = attrs.evolve(found, backdoors=cells, candidate_backdoors=candidates)
    if "backdoors2" in asked:
        from sudoku_repl.techniques.difficulty.backdoors import candidate_backdoors

        begin("backdoors2")
        found = attrs.evolve(found, candidate_backdoors2=candidate_backdoors(state, 2))
    if "guess" in asked:
        from sudoku_repl.techniques.difficulty.guesses import fewest_guesses, guess_depth

        begin("guess")
        depth_level = guess_depth(state, run_mode)
        if interrupted():
            raise Interrupted
        fewest = fewest_guesses(state, run_mode, MOST_GUESSES)
        found = attrs.evolve(
            found,
            guess_depth=Figure(depth_level.value, depth_level.beyond),
            fewest_guesses=Figure(fewest.level.value, fewest.level.beyond),
            guess_cells=fewest.cells,
        )
    return found


def _braids(state: Marks, depth: int | None) -> tuple[Figure, Figure, Figure]:
    """B for a T&E(1) state (B0 for one BRT solves: T&E(0)), the x of BxB for a T&E(2) one, the
    x of BxBB for a T&E(3) one; the others not defined."""
    if depth in (0, 1):
        from sudoku_repl.techniques.difficulty.braids import b_rating

        level = b_rating(state, MOST_B)
        b = Figure() if level is None else Figure(level.value, level.beyond)
        return b, Figure(), Figure()
    if depth in (2, 3):
        from sudoku_repl.techniques.difficulty.bxb import bxb_rating, bxbb_rating

        level = (bxb_rating if depth == 2 else bxbb_rating)(state, MOST_BXB)
        figure = Figure() if level is None else Figure(level.value, level.beyond)
        return (Figure(), figure, Figure()) if depth == 2 else (Figure(), Figure(), figure)
    return Figure(), Figure(), Figure()


@attrs.frozen
class OrderFreeMeasures:
    """``rate_givens``' ``order_free``: the measures ``asked`` (``scales.ROW_MEASURES``'
    words) written into a rating; order luck and the spread over ``isomorphs`` drawn from
    ``seed``, each ER within ``se_timeout`` seconds; ``rules`` the quizzes' variant rules
    ("" classic sudoku: the order-free measures are stated for any board)."""

    asked: tuple[str, ...]
    isomorphs: int = ISOMORPHS
    seed: int = SEED
    se_timeout: float = 60.0
    run_mode: int = 0
    rules: str = ""

    def measured(
        self,
        rating: Rating,
        givens: Sequence[int],
        marks: Sequence[int] | None,
        interrupted: Callable[[], bool],
    ) -> Rating:
        """``rating`` with the figures asked (none where the quiz has not one solution)."""
        rating = attrs.evolve(rating, measured=self.asked)
        if rating.solutions != 1 or not rating.complete:
            return rating
        done = figures(givens, marks, self.asked, interrupted, self.run_mode, rules=self.rules)
        written: dict[str, Any] = {}
        if done.te is not None:
            written["te"] = done.te.written()
        if done.b is not None and done.bxb is not None and done.bxbb is not None:
            written["b"], written["bxb"] = done.b.written(), done.bxb.written()
            written["bxbb"] = done.bxbb.written()
        if done.backdoors is not None and done.candidate_backdoors is not None:
            written["backdoors"] = len(done.backdoors)
            written["candidate_backdoors"] = len(done.candidate_backdoors)
        if done.candidate_backdoors2 is not None:
            written["candidate_backdoors2"] = len(done.candidate_backdoors2)
        if done.guess_depth is not None and done.fewest_guesses is not None:
            written["guess_depth"] = done.guess_depth.written()
            written["fewest_guesses"] = done.fewest_guesses.written()
        if "spread" in self.asked:
            written.update(_spread_columns(self._spread(givens, marks, interrupted)))
        if LUCK in self.asked:
            luck = order_luck(givens, marks, self.isomorphs, self.seed, self.run_mode, interrupted)
            written.update(_luck_columns(luck))
        return attrs.evolve(rating, **written)

    def _spread(
        self, givens: Sequence[int], marks: Sequence[int] | None, interrupted: Callable[[], bool]
    ) -> ErSpread:
        return er_spread(givens, marks, self.isomorphs, self.seed, self.se_timeout, interrupted)


def _luck_columns(luck: OrderLuck | None) -> dict[str, int | None]:
    """Order luck's columns (none where this orientation's search finds no solution)."""
    if luck is None:
        return {}
    return {
        f"{name}_{figure}": int(getattr(among, attribute))
        for name, among in (("steps", luck.steps), ("biggest", luck.levels))
        for figure, attribute in (("min", "least"), ("median", "median"), ("max", "most"))
    }


def _spread_columns(spread: ErSpread) -> dict[str, str | None]:
    among = spread.among
    return {
        "er_min": spread.figure(among.least),
        "er_median": spread.figure(among.median),
        "er_max": spread.figure(among.most),
        "er_canonical": spread.canonical,
    }
