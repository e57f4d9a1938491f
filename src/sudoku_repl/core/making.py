"""Making puzzles: random solution grids, minimal puzzles from them, with a symmetry or on a
pattern, and a puzzle's neighbours for a vicinity search.

Every draw comes from ``Rng``, a splitmix64 stream that the C (``csrc/making.c``) computes
alike, and each function below consumes it in the same order in Python and in C: the same
seed makes the same puzzles on the pure build and on the native one. Python's ``random`` is
never used.

Glossary: a *grid* is 81 values in row-major order (0 = empty); a *puzzle* a grid with
exactly one solution; *minimal*: no given can go without losing that (with a symmetry, no
*orbit* of givens: the cells a symmetry maps onto each other, which stand or go together); a
*pattern* the set of cells (0-80) that hold the givens.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from functools import cache

from sudoku_repl.core import native
from sudoku_repl.core.counting import CELLS, FULL, Grid, checked, count_solutions

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A splitmix64 stream (Steele, Lea and Flood, 2014): 64 bits of state; ``next_u64`` adds
    the golden gamma and mixes. ``below(n)`` is Lemire's unbiased multiply-and-reject. The C
    computes the same numbers from the same ``state``; a function that runs in C takes
    ``state`` and hands the new one back."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next_u64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number 0 <= k < n, each equally likely."""
        if n < 1:
            raise ValueError(f"below(n) needs n >= 1, not {n}")
        m = self.next_u64() * n
        low = m & MASK64
        if low < n:
            floor = ((1 << 64) - n) % n
            while low < floor:
                m = self.next_u64() * n
                low = m & MASK64
        return m >> 64


class Symmetry(enum.Enum):
    """Sudoku Explainer's ten symmetries (``diuf.sudoku.generator.Symmetry``, v1.15.10), by the
    cells each maps a cell (r, c), rows and columns 0-8, onto; its name there in brackets:

    none (None): the cell alone · rot180 (Rotational180): (8-r, 8-c) · rot90 (Rotational90):
    rot180, (8-c, r) and (c, 8-r) · horizontal (Horizontal, the mirror across the horizontal
    axis): (8-r, c) · vertical (Vertical): (r, 8-c) · diagonal (Diagonal, the rising diagonal,
    bottom left to top right): (8-c, 8-r) · antidiagonal (Anti-diagonal, the falling one, top
    left to bottom right): (c, r) · bidiagonal (Bi-diagonal): both diagonals and rot180 ·
    orthogonal (Orthogonal): both axes and rot180 · full (Full): all eight of the square's
    rotations and reflections."""

    NONE = "none"
    ROT180 = "rot180"
    ROT90 = "rot90"
    HORIZONTAL = "horizontal"
    VERTICAL = "vertical"
    DIAGONAL = "diagonal"
    ANTIDIAGONAL = "antidiagonal"
    BIDIAGONAL = "bidiagonal"
    ORTHOGONAL = "orthogonal"
    FULL = "full"

    @property
    def orbits(self) -> tuple[tuple[int, ...], ...]:
        """The cells that stand or go together, each orbit's cells ascending, the orbits by
        their first cell."""
        return _orbits(self)

    @property
    def images(self) -> tuple[tuple[int, ...], ...]:
        """Each of its maps beside the identity as a permutation of the cells: ``images[k][c]``
        the cell that map k sends cell c to."""
        return _images(self)

    @property
    def orbit_of(self) -> bytes:
        """Each cell's orbit, by its place in ``orbits`` (what the C reads)."""
        return _orbit_of(self)


#: the cell maps of each symmetry, beside the identity, as SE's getPoints gives them
_MAPS: dict[Symmetry, tuple[Callable[[int, int], tuple[int, int]], ...]] = {
    Symmetry.NONE: (),
    Symmetry.ROT180: (lambda r, c: (8 - r, 8 - c),),
    Symmetry.ROT90: (lambda r, c: (8 - r, 8 - c), lambda r, c: (8 - c, r), lambda r, c: (c, 8 - r)),
    Symmetry.HORIZONTAL: (lambda r, c: (8 - r, c),),
    Symmetry.VERTICAL: (lambda r, c: (r, 8 - c),),
    Symmetry.DIAGONAL: (lambda r, c: (8 - c, 8 - r),),
    Symmetry.ANTIDIAGONAL: (lambda r, c: (c, r),),
    Symmetry.BIDIAGONAL: (
        lambda r, c: (c, r),
        lambda r, c: (8 - c, 8 - r),
        lambda r, c: (8 - r, 8 - c),
    ),
    Symmetry.ORTHOGONAL: (
        lambda r, c: (r, 8 - c),
        lambda r, c: (8 - r, c),
        lambda r, c: (8 - r, 8 - c),
    ),
    Symmetry.FULL: (
        lambda r, c: (r, 8 - c),
        lambda r, c: (8 - r, c),
        lambda r, c: (8 - r, 8 - c),
        lambda r, c: (c, r),
        lambda r, c: (c, 8 - r),
        lambda r, c: (8 - c, r),
        lambda r, c: (8 - c, 8 - r),
    ),
}


@cache
def _images(symmetry: Symmetry) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(9 * r + c for r, c in (image(*divmod(cell, 9)) for cell in range(CELLS)))
        for image in _MAPS[symmetry]
    )


@cache
def _orbits(symmetry: Symmetry) -> tuple[tuple[int, ...], ...]:
    seen: set[int] = set()
    orbits: list[tuple[int, ...]] = []
    for cell in range(CELLS):
        if cell in seen:
            continue
        orbit = {cell}
        todo = [cell]
        while todo:  # the closure: every image of every image
            r, c = divmod(todo.pop(), 9)
            for image in _MAPS[symmetry]:
                ir, ic = image(r, c)
                if 9 * ir + ic not in orbit:
                    orbit.add(9 * ir + ic)
                    todo.append(9 * ir + ic)
        seen |= orbit
        orbits.append(tuple(sorted(orbit)))
    return tuple(orbits)


@cache
def _orbit_of(symmetry: Symmetry) -> bytes:
    of = bytearray(CELLS)
    for k, orbit in enumerate(_orbits(symmetry)):
        for cell in orbit:
            of[cell] = k
    return bytes(of)


# -- random grids ----------------------------------------------------------------------------


def random_solution(rng: Rng) -> Grid:
    """A random solution grid (a complete valid grid)."""
    solved = random_completion(bytes(CELLS), rng)
    assert solved is not None  # (the empty grid always completes)
    return solved


def random_completion(grid: Sequence[int] | bytes, rng: Rng) -> Grid | None:
    """A random solution of ``grid``, None if it has none: a depth-first search that fills
    the first empty cell (in cell order) of those with the fewest possible values, trying its
    values in a random order (``rng.below`` of how many are left, unless one is)."""
    packed = checked(grid)
    fast = native.making_function("random_completion")
    if fast is not None:
        solved, rng.state = fast(packed, rng.state)
        return None if solved is None else tuple(solved)
    return _completion_pure(packed, rng)


def _completion_pure(packed: bytes, rng: Rng) -> Grid | None:
    cells = list(packed)
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for i, v in enumerate(cells):
        if v:
            b = 1 << (v - 1)
            r, c, x = i // 9, i % 9, (i // 27) * 3 + (i % 9) // 3
            if (rows[r] | cols[c] | boxes[x]) & b:
                return None
            rows[r] |= b
            cols[c] |= b
            boxes[x] |= b

    def fill() -> bool:
        best, best_mask, best_count = -1, 0, 10
        for i in range(CELLS):
            if not cells[i]:
                mask = FULL & ~(rows[i // 9] | cols[i % 9] | boxes[(i // 27) * 3 + (i % 9) // 3])
                count = mask.bit_count()
                if count < best_count:
                    best, best_mask, best_count = i, mask, count
                    if not count:
                        return False
        if best < 0:
            return True
        r, c, x = best // 9, best % 9, (best // 27) * 3 + (best % 9) // 3
        mask = best_mask
        while mask:
            left = mask.bit_count()
            k = rng.below(left) if left > 1 else 0
            b = mask
            for _ in range(k):
                b &= b - 1
            b &= -b
            mask ^= b
            rows[r] |= b
            cols[c] |= b
            boxes[x] |= b
            cells[best] = b.bit_length()
            if fill():
                return True
            rows[r] ^= b
            cols[c] ^= b
            boxes[x] ^= b
        cells[best] = 0
        return False

    return tuple(cells) if fill() else None


# -- minimal puzzles ---------------------------------------------------------------------------


def minimal_puzzle(
    solution: Sequence[int] | bytes,
    rng: Rng,
    symmetry: Symmetry = Symmetry.NONE,
    pattern: Iterable[int] | None = None,
    by_digit: bool = False,
) -> Grid | None:
    """A minimal puzzle whose solution is ``solution``'s: its orbits of givens (``symmetry``'s)
    taken away in a random order (a Fisher-Yates shuffle of the orbits by ``rng.below``), each
    that leaves one solution, until none can go. One pass is enough: an orbit that could not go
    cannot go later either, from fewer givens. ``solution`` may be any grid with one solution
    (the puzzle then keeps a part of its givens).

    ``by_digit``: a digit at a time, the digits in a random order (a second shuffle, of the
    nine), each digit's orbits (by the value of an orbit's first given) in the order of the
    first shuffle: ``generate``'s random starts, whose puzzles are then of ER 8.0 and more
    more often, and cheaper to rate (docs/generate.md). The first digit's givens all go: such
    a puzzle lacks a digit.

    With a ``pattern`` (the cells of the givens): the puzzle is ``solution`` on those cells
    alone, if that has one solution and is minimal (by ``symmetry``'s orbits), else None;
    ``rng`` is not drawn from then."""
    packed = checked(solution)
    if pattern is not None:
        cells = pattern_cells(pattern)
        if any(not packed[c] for c in cells):
            raise ValueError("a pattern's puzzle is read off a complete solution grid")
        puzzle = bytes(packed[c] if c in cells else 0 for c in range(CELLS))
        return tuple(puzzle) if is_minimal(puzzle, symmetry) else None
    if count_solutions(packed) != 1:
        raise ValueError("a minimal puzzle is made from a grid with one solution")
    fast = native.making_function("minimal_puzzle")
    if fast is not None:
        made, rng.state = fast(packed, rng.state, symmetry.orbit_of, by_digit)
        return tuple(made)
    return _minimal_pure(packed, rng, symmetry.orbits, by_digit)


def random_minimal_puzzle(
    rng: Rng, symmetry: Symmetry = Symmetry.NONE, by_digit: bool = False
) -> bytes:
    """``minimal_puzzle(random_solution(rng), rng, symmetry, by_digit=by_digit)`` as bytes:
    the generator's random start, thousands a second. On the native build the two C calls
    alone, without the checks a grid from elsewhere needs (the completion is a solution grid)."""
    complete = native.making_function("random_completion")
    if complete is None:
        made = minimal_puzzle(random_solution(rng), rng, symmetry, by_digit=by_digit)
        assert made is not None  # (no pattern: always one)
        return bytes(made)
    solved, state = complete(bytes(CELLS), rng.state)
    made, rng.state = native.making_function("minimal_puzzle")(
        solved, state, symmetry.orbit_of, by_digit
    )
    return bytes(made)


def shuffled(n: int, rng: Rng) -> list[int]:
    """0..n-1 in a random order (Fisher-Yates, from the end)."""
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = rng.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def _minimal_pure(
    packed: bytes, rng: Rng, orbits: tuple[tuple[int, ...], ...], by_digit: bool
) -> Grid:
    order = shuffled(len(orbits), rng)
    if by_digit:  # (the C's order: orbits without a given left out, as they are skipped)
        digits = [d + 1 for d in shuffled(9, rng)]
        digit = [next((packed[c] for c in orbit if packed[c]), 0) for orbit in orbits]
        order = [k for d in digits for k in order if digit[k] == d]
    puzzle = bytearray(packed)
    for k in order:
        saved = [(c, puzzle[c]) for c in orbits[k] if puzzle[c]]
        if not saved:
            continue
        for c, _ in saved:
            puzzle[c] = 0
        if count_solutions(puzzle) != 1:
            for c, v in saved:
                puzzle[c] = v
    return tuple(puzzle)


def pattern_cells(pattern: Iterable[int]) -> frozenset[int]:
    """A pattern's cells, checked: each 0-80."""
    cells = frozenset(pattern)
    bad = sorted(c for c in cells if not isinstance(c, int) or not 0 <= c < CELLS)
    if bad:
        raise ValueError(f"a pattern's cells are 0 to 80, not {bad[0]!r}")
    return cells


def is_minimal(grid: Sequence[int] | bytes, symmetry: Symmetry = Symmetry.NONE) -> bool:
    """Whether ``grid`` has one solution and none of its orbits of givens (``symmetry``'s; an
    orbit's givens, where it holds some) can go without losing that."""
    packed = checked(grid)
    fast = native.making_function("is_minimal")
    if fast is not None:
        return bool(fast(packed, symmetry.orbit_of))
    return _is_minimal_pure(packed, symmetry.orbits)


def _is_minimal_pure(packed: bytes, orbits: tuple[tuple[int, ...], ...]) -> bool:
    if count_solutions(packed) != 1:
        return False
    puzzle = bytearray(packed)
    for orbit in orbits:
        given = [c for c in orbit if puzzle[c]]
        if not given:
            continue
        for c in given:
            puzzle[c] = 0
        unique = count_solutions(puzzle) == 1
        for c in given:
            puzzle[c] = packed[c]
        if unique:
            return False
    return True


# -- the vicinity ------------------------------------------------------------------------------


def neighbours(
    grid: Sequence[int] | bytes, rng: Rng, minus: int = 1, plus: int = 1, tries: int = 100
) -> list[Grid]:
    """Minimal puzzles near ``grid``, its {-minus+plus} neighbours: ``tries`` random tries, each
    taking ``minus`` givens away (drawn one by one among those left), completing what remains
    at random (``random_completion``), and giving ``plus`` cells that were empty in ``grid``
    (drawn the same way) their values in that completion; a try is kept when the result has
    one solution, is minimal (no symmetry) and is neither ``grid`` nor one kept before. In the
    order found."""
    packed = checked(grid)
    givens = sum(1 for v in packed if v)
    if not 0 <= minus <= givens or not 0 <= plus <= CELLS - givens or minus + plus == 0:
        raise ValueError(
            f"a neighbour takes 0-{givens} givens away and adds 0-{CELLS - givens} "
            f"(not both 0), not -{minus}+{plus}"
        )
    if tries < 0:
        raise ValueError(f"tries is 0 or more, not {tries}")
    fast = native.making_function("neighbours")
    if fast is not None:
        found, rng.state = fast(packed, rng.state, minus, plus, tries)
        return [tuple(g) for g in found]
    return _neighbours_pure(packed, rng, minus, plus, tries)


def drawn(cells: list[int], k: int, rng: Rng) -> list[int]:
    """k of ``cells`` drawn one by one (a partial Fisher-Yates from the front)."""
    pool = list(cells)
    for i in range(k):
        j = i + rng.below(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


def _neighbours_pure(packed: bytes, rng: Rng, minus: int, plus: int, tries: int) -> list[Grid]:
    givens = [c for c in range(CELLS) if packed[c]]
    empty = [c for c in range(CELLS) if not packed[c]]
    orbits = Symmetry.NONE.orbits
    found: list[Grid] = []
    seen = {packed}
    for _ in range(tries):
        puzzle = bytearray(packed)
        for c in drawn(givens, minus, rng):
            puzzle[c] = 0
        completed = _completion_pure(bytes(puzzle), rng)
        if completed is None:  # (a grid with no solution: nothing near it completes)
            continue
        for c in drawn(empty, plus, rng):
            puzzle[c] = completed[c]
        made = bytes(puzzle)
        if made in seen:
            continue
        seen.add(made)
        if _is_minimal_pure(made, orbits):
            found.append(tuple(made))
    return found
