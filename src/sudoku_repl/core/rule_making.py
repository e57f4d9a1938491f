"""Making puzzles under variant rules (``core/rules``): random solution grids, minimal puzzles
from them, with a symmetry that maps the rules onto themselves, as ``making`` makes classic
ones, on ``rule_counting``'s count.

Every draw comes from the maker's ``Rng`` (``making``), in the same order as there: the
orbits of givens shuffled, each taken away when one solution is left. A seed makes the same
puzzles on the pure build and on the native one (all of this is Python).

A symmetry is taken with rules when each of its maps sends each rule onto itself: every house
onto a house of the rule, every pair of neighbours onto a pair of neighbours. Then the puzzle's
symmetry is the rules' as well (the board looks the same turned); a map that breaks a rule (a
jigsaw's regions, one diagonal under a mirror) makes givens symmetric on a board that is not,
which is refused (``symmetry_breaks``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sudoku_repl.core.canonical import canonical_form
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.geometry import Geometry
from sudoku_repl.core.making import Rng, Symmetry, shuffled
from sudoku_repl.core.rule_counting import Grid, completion_under, count_under
from sudoku_repl.core.rules import NO_RULES, Rules, geometry_of, make


def random_solution_under(rules: Rules, rng: Rng) -> Grid:
    """A random solution grid under ``rules``: ``UserError`` for rules no grid fills (such as
    windoku with non-consecutive: known only once the search has tried every grid)."""
    solved = completion_under(bytes(81), geometry_of(rules), rng.below)
    if solved is None:
        raise UserError(
            f"no grid fills the rules {rules} together, so no puzzle can be made under them: "
            "leave a rule out"
        )
    return solved


def minimal_under(
    solution: Sequence[int] | bytes,
    rules: Rules,
    rng: Rng,
    symmetry: Symmetry = Symmetry.NONE,
    stop: Callable[[], bool] = lambda: False,
) -> Grid | None:
    """A minimal puzzle under ``rules`` whose solution is ``solution``'s: its orbits of givens
    (``symmetry``'s) taken away in a random order (``making.shuffled``), each that leaves one
    solution. One pass is enough, as in ``making.minimal_puzzle``: an orbit that could not go
    cannot go later either, from fewer givens. None once ``stop()`` (asked before each count:
    a count under non-consecutive's rule may take a second)."""
    geometry = geometry_of(rules)
    puzzle = bytearray(solution)
    if count_under(puzzle, geometry) != 1:
        raise ValueError("a minimal puzzle is made from a grid with one solution")
    orbits = symmetry.orbits
    for k in shuffled(len(orbits), rng):
        saved = [(c, puzzle[c]) for c in orbits[k] if puzzle[c]]
        if not saved:
            continue
        if stop():
            return None
        for c, _ in saved:
            puzzle[c] = 0
        if count_under(puzzle, geometry) != 1:
            for c, v in saved:
                puzzle[c] = v
    return tuple(puzzle)


def random_minimal_under(
    rules: Rules,
    rng: Rng,
    symmetry: Symmetry = Symmetry.NONE,
    stop: Callable[[], bool] = lambda: False,
) -> bytes | None:
    """``minimal_under(random_solution_under(rules, rng), rules, rng, symmetry, stop)`` as
    bytes: the maker's random start under rules (None once ``stop()``)."""
    made = minimal_under(random_solution_under(rules, rng), rules, rng, symmetry, stop)
    return None if made is None else bytes(made)


def symmetry_breaks(rules: Rules, symmetry: Symmetry) -> str | None:
    """The word of the first of ``rules`` that a map of ``symmetry`` does not send onto itself
    (a house onto no house of it, neighbours onto cells that are not), or None: it keeps them
    all. A neighbour rule is checked with ``toroidal`` when the rules wrap."""
    wrap = ("toroidal",) if "toroidal" in rules.words else ()
    for word in rules.words:
        alone = make((word, *wrap), rules.jigsaw, rules.extra)
        if not _keeps(geometry_of(alone), symmetry.images):
            return word
    return None


def _keeps(geometry: Geometry, images: tuple[tuple[int, ...], ...]) -> bool:
    houses = {frozenset(unit.cells) for unit in geometry.units}
    pairs = {(i, j) for i, peers in enumerate(geometry.peers) for j in peers}
    apart = {(i, j) for i, cells in enumerate(geometry.apart) for j in cells}
    for image in images:
        if {frozenset(image[c] for c in house) for house in houses} != houses:
            return False
        if {(image[i], image[j]) for i, j in pairs} != pairs:
            return False
        if {(image[i], image[j]) for i, j in apart} != apart:
            return False
    return True


def form_under(grid: Sequence[int] | bytes, rules: Rules = NO_RULES) -> str:
    """What two puzzles share when the maker holds them the same: classic sudoku's canonical
    form (``core/canonical``: up to the square's symmetries, relabelling, swaps); under rules,
    which most of those transformations break, the puzzle with its digits relabelled in the
    order they first appear (non-consecutive, whose rule reads the digits' values: the puzzle
    itself). 81 characters, ``0`` for an empty cell."""
    if not rules.words:
        return canonical_form(grid)
    if rules.consecutive:
        return "".join(str(v) for v in grid)
    label: dict[int, int] = {}
    for v in grid:
        if v and v not in label:
            label[v] = len(label) + 1
    return "".join(str(label[v]) if v else "0" for v in grid)
