"""Making quizzes from one solution grid (seed 003, and chapter 4 of the book of seed 000).

Seed 003 (Wang Jiaqi, 2021) scrambles a valid *seed grid* by transformations that keep it
valid, rejects results too similar to the seed grid, then keeps n random cells as clues. Its own
reflection: the quiz may have several solutions, so a solver must check it and add clues until
there is exactly one. This module does all of that as pure functions of a ``random.Random``.

Glossary: a *grid* is 81 values in row-major order (0 = empty); a *band* is rows 1-3, 4-6 or
7-9, a *stack* columns 1-3, 4-6 or 7-9 (numbered 1..3); rows, columns, bands and stacks are
1-based in arguments, as in the shell. A *plan* is a list of transformations, each an ``Op``
such as ``("rows", 1, 2)``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from itertools import permutations
from operator import mul

import attrs

from sudoku_repl.core.geometry import Cell
from sudoku_repl.core.uniqueness import Grid, solutions

#: The seed grid of seed 003's figure 1.
FIGURE_1: Grid = tuple(
    int(ch)
    for row in (
        "123456789",
        "456789123",
        "789123456",
        "234567891",
        "567891234",
        "891234567",
        "345678912",
        "678912345",
        "912345678",
    )
    for ch in row
)

#: Seed 003 keeps grids whose similarity to the seed grid is below mean + deviation.
BELOW = 0.818
MAX_TRIES = 1000  # scrambles tried for one quiz before giving up on the threshold

Op = tuple[str, int, int]  # ("digits"|"rows"|"cols"|"bands"|"stacks", a, b) or (name, 0, 0)

#: the transformations of ``transform``: name -> how many numbers it takes
TRANSFORMS = {
    "digits": 2, "rows": 2, "cols": 2, "bands": 2, "stacks": 2, "transpose": 0, "rotate": 0,
}  # fmt: skip


class TransformError(ValueError):
    """A transformation that would not keep a valid grid valid (e.g. rows of two bands)."""


# -- transformations -----------------------------------------------------------------------


def rearranged(grid: Sequence[int], rows: Sequence[int], cols: Sequence[int]) -> Grid:
    """Row r of the result is row ``rows[r]`` of ``grid``, column c is column ``cols[c]``
    (0-based)."""
    return tuple([grid[o + c] for o in [9 * r for r in rows] for c in cols])


def _swapped(order: list[int], a: int, b: int) -> list[int]:
    order[a], order[b] = order[b], order[a]
    return order


def swap_digits(grid: Sequence[int], a: int, b: int) -> Grid:
    """Every a becomes b and every b becomes a (empty cells stay empty)."""
    return tuple(b if v == a else a if v == b else v for v in grid)


def swap_rows(grid: Sequence[int], a: int, b: int) -> Grid:
    return rearranged(grid, _swapped(list(range(9)), a - 1, b - 1), range(9))


def swap_cols(grid: Sequence[int], a: int, b: int) -> Grid:
    return rearranged(grid, range(9), _swapped(list(range(9)), a - 1, b - 1))


def _triples(a: int, b: int) -> list[int]:
    order = list(range(9))
    for k in range(3):
        _swapped(order, 3 * (a - 1) + k, 3 * (b - 1) + k)
    return order


def swap_bands(grid: Sequence[int], a: int, b: int) -> Grid:
    return rearranged(grid, _triples(a, b), range(9))


def swap_stacks(grid: Sequence[int], a: int, b: int) -> Grid:
    return rearranged(grid, range(9), _triples(a, b))


def transpose(grid: Sequence[int]) -> Grid:
    return tuple(grid[9 * c + r] for r in range(9) for c in range(9))


def rotate(grid: Sequence[int]) -> Grid:
    """A quarter turn clockwise: the first column, read bottom up, becomes the first row."""
    return tuple(grid[9 * (8 - c) + r] for r in range(9) for c in range(9))


def check(op: Op) -> None:
    """Raise ``TransformError`` unless ``op`` keeps every valid grid valid."""
    name, a, b = op
    if name not in TRANSFORMS:
        raise TransformError(f"no transformation {name!r}")
    if TRANSFORMS[name] == 0:
        return
    top = 9 if name in ("digits", "rows", "cols") else 3
    what = {"digits": "digits", "rows": "rows", "cols": "columns"}.get(name, name)
    if not (1 <= a <= top and 1 <= b <= top):
        raise TransformError(f"{what} go from 1 to {top}")
    if name == "rows" and (a - 1) // 3 != (b - 1) // 3:
        raise TransformError(f"rows {a} and {b} are in different bands")
    if name == "cols" and (a - 1) // 3 != (b - 1) // 3:
        raise TransformError(f"columns {a} and {b} are in different stacks")


def apply(grid: Sequence[int], op: Op) -> Grid:
    """One transformation (checked first)."""
    check(op)
    name, a, b = op
    if name == "transpose":
        return transpose(grid)
    if name == "rotate":
        return rotate(grid)
    swap = {
        "digits": swap_digits, "rows": swap_rows, "cols": swap_cols,
        "bands": swap_bands, "stacks": swap_stacks,
    }[name]  # fmt: skip
    return swap(grid, a, b)


# -- seed 003's scramble ------------------------------------------------------------------


#: the most swaps of one kind a scramble makes: far past what changes anything (a hundred
#: random swaps leave the digits, rows, columns, bands and stacks in as random an order as
#: any more do), and a plan of five times this is built and applied in a tenth of a second
MOST_SWAPS = 10_000


@attrs.frozen
class Counts:
    """How many swaps of each kind a scramble makes (seed 003's defaults), each at most
    ``MOST_SWAPS``."""

    digits: int = 20
    rows: int = 9
    cols: int = 9
    bands: int = 2
    stacks: int = 2


def random_plan(rng: random.Random, counts: Counts = Counts()) -> list[Op]:
    """Seed 003's order: digit swaps, row swaps within a band, column swaps within a stack, band
    swaps, stack swaps; each swap of two different ones, every pair equally likely."""
    draw = rng.random

    def pair(n: int) -> tuple[int, int]:
        """Two different numbers 1..n, uniformly (``random()`` only: sample() is ten times
        slower, and the statistic test draws 420,000 pairs)."""
        a = int(draw() * n)
        b = int(draw() * (n - 1))
        return a + 1, b + 1 + (b >= a)

    plan: list[Op] = [("digits", *pair(9)) for _ in range(counts.digits)]
    for name, count in (("rows", counts.rows), ("cols", counts.cols)):
        for _ in range(count):
            first = 3 * int(draw() * 3)
            a, b = pair(3)
            plan.append((name, first + a, first + b))
    for name, count in (("bands", counts.bands), ("stacks", counts.stacks)):
        plan += [(name, *pair(3)) for _ in range(count)]
    return plan


def apply_plan(grid: Sequence[int], plan: Sequence[Op]) -> Grid:
    """The plan's transformations one after the other; swaps are composed first and the grid
    is rebuilt once (the same result, many times faster)."""
    digits, where = list(range(10)), list(range(10))  # digit d becomes digits[d] = e, where[e] = d
    rows, cols = list(range(9)), list(range(9))
    for k, op in enumerate(plan):
        name, a, b = op
        if name == "digits":
            da, db = where[a], where[b]
            digits[da], digits[db] = b, a
            where[a], where[b] = db, da
        elif name in ("rows", "cols"):
            _swapped(rows if name == "rows" else cols, a - 1, b - 1)
        elif name in ("bands", "stacks"):
            order = rows if name == "bands" else cols
            for j in range(3):
                _swapped(order, 3 * (a - 1) + j, 3 * (b - 1) + j)
        else:  # not a swap: rebuild what is composed so far, go on one by one
            result = tuple(map(digits.__getitem__, rearranged(grid, rows, cols)))
            for rest in plan[k:]:
                result = apply(result, rest)
            return result
    return tuple(map(digits.__getitem__, rearranged(grid, rows, cols)))


def similarity(a: Sequence[int], b: Sequence[int]) -> float:
    """Seed 003's cosine similarity: the cosine of the angle between the grids read as
    81-vectors (row after row)."""
    dot: int = sum(map(mul, a, b))
    norms: int = sum(map(mul, a, a)) * sum(map(mul, b, b))
    return dot / math.sqrt(norms)


# -- quizzes with exactly one solution -----------------------------------------------------


@attrs.frozen
class Generated:
    quiz: Grid
    solution: Grid
    similarity: float
    asked: int  # the clue count asked for
    added: tuple[Cell, ...]  # clues added, in order, to leave one solution

    @property
    def clues(self) -> int:
        return self.asked + len(self.added)


class GenerationError(ValueError):
    """No scramble fell below the similarity threshold."""


def generate(
    rng: random.Random,
    seed_grid: Sequence[int] = FIGURE_1,
    clues: int = 30,
    counts: Counts = Counts(),
    below: float = BELOW,
    poll: Callable[[], None] | None = None,
) -> Generated:
    """Scramble ``seed_grid`` until its similarity is below ``below``, keep ``clues`` random
    cells, then, while a second solution exists, add the clue of a random cell where it differs
    from the scrambled grid (so that solution goes, the scrambled grid stays). ``poll`` is
    called before each scramble and each clue added (the shell's Ctrl-C: it raises)."""
    if max(attrs.astuple(counts)) > MOST_SWAPS:
        raise ValueError(f"a scramble makes at most {MOST_SWAPS} swaps of a kind")
    for _ in range(MAX_TRIES):
        if poll is not None:
            poll()
        grid = apply_plan(seed_grid, random_plan(rng, counts))
        sim = similarity(seed_grid, grid)
        if sim < below:
            break
    else:
        raise GenerationError(f"no scramble fell below similarity {below} in {MAX_TRIES} tries")
    kept = set(rng.sample(range(81), clues))
    quiz = [v if i in kept else 0 for i, v in enumerate(grid)]
    added: list[Cell] = []
    while True:
        if poll is not None:
            poll()
        found = solutions(quiz, 2)
        if len(found) < 2:
            break
        other = found[1] if found[0] == grid else found[0]
        cell = rng.choice([i for i in range(81) if other[i] != grid[i]])
        quiz[cell] = grid[cell]
        added.append(cell)
    return Generated(tuple(quiz), grid, sim, clues, tuple(added))


# -- the book's families ---------------------------------------------------------------------

FAMILY_SIZES = (36, 64)


def family(grid: Sequence[int], size: int = 36) -> list[Grid]:
    """The fixed variants of one grid (a quiz or a solution), the first being the grid itself:

    - 36: the 3! orders of the bands times the 3! orders of the stacks (permutations in
      lexicographic order, bands outer);
    - 64: for each of the three bands whether its first two rows are swapped, and for each of
      the three stacks whether its first two columns are; variant k swaps the bands whose bit
      is set in k % 8 and the stacks whose bit is set in k // 8.

    Each keeps a valid grid valid and a quiz's solution count (see ``apply``)."""
    if size == 36:
        orders = list(permutations(range(3)))
        return [
            rearranged(grid, _blocks(bands), _blocks(stacks))
            for bands in orders
            for stacks in orders
        ]
    if size == 64:
        return [rearranged(grid, _firsts(k % 8), _firsts(k // 8)) for k in range(64)]
    raise ValueError(f"a family has {' or '.join(map(str, FAMILY_SIZES))} variants")


def _blocks(order: Sequence[int]) -> list[int]:
    return [3 * block + k for block in order for k in range(3)]


def _firsts(bits: int) -> list[int]:
    order = list(range(9))
    for block in range(3):
        if bits >> block & 1:
            _swapped(order, 3 * block, 3 * block + 1)
    return order


def text(grid: Sequence[int]) -> str:
    """81 characters, ``.`` for an empty cell (as ``Quiz`` prints)."""
    return "".join(str(v) if v else "." for v in grid)
