"""One puzzle line rated as serate v1.15.10 rates it, and the text its formats make of it
(``puzzle_text``); ``rate_lines`` is the same for a chunk of lines, in a worker process.

serate reads the first 81 characters of a line (a digit 1-9 is a given, anything else an empty
cell) or, from 729 characters on, the candidates of each cell (``grid_of``). Its rating
(``Solver.getDifficulty``) is walked again over the steps of this project's rating: ER, EP and
ED as serate keeps them, 20.0 where no technique finds a step, and ``--pearl``/``--diamond``'s
stop (ER 20.0 at the first step past EP once a value is placed; ``--diamond``: at a placement
past ED too).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from functools import cache, partial

from sudoku_repl.core.errors import UserError
from sudoku_repl.core.rules import Rules
from sudoku_repl.core.rules import parse as parse_rules
from sudoku_repl.techniques.explainer.grid import CELL_UNITS, Grid
from sudoku_repl.techniques.explainer.native_ladder import ChainRung
from sudoku_repl.techniques.explainer.no_step import finds_nothing
from sudoku_repl.techniques.explainer.rating import BEYOND_SOLVER as BEYOND_SOLVER_ER
from sudoku_repl.techniques.explainer.rating import Interrupted, Step, rate_grid, techniques
from sudoku_repl.techniques.explainer.ruled import (
    RuledGrid,
    layout_of,
    plays_classic,
    rate_ruled_grid,
)
from sudoku_repl.tools.serate.formats import (
    NAMES,
    conversions,
    expand,
    grid81,
    marks,
    marks_lines,
    rating_text,
)
from sudoku_repl.tools.serate.formats import time_text as _time_text
from sudoku_repl.tools.serate.names import BEYOND_SOLVER, NO_SOLUTION, names
from sudoku_repl.tools.serate.options import SerateArgs
from sudoku_repl.tools.serate.steps import describe


class Stopped(Exception):
    """The stop flag came during a puzzle's rating: it has no text."""


def grid_of(line: str) -> Grid:
    """serate's grid of a puzzle line of 81 characters or more (``Grid.fromString``,
    ``adjustPencilmarks``, ``rebuildPotentialValues``)."""
    if len(line) < 729:
        return Grid.from_puzzle("".join(ch if ch in "123456789" else "0" for ch in line[:81]))
    return Grid.from_candidate_string(line)


def ruled_grid(line: str, rules: Rules, ordinal: int) -> RuledGrid:
    """serate's grid of a puzzle line under variant rules (81 characters read)."""
    if len(line) >= 729:
        raise UserError(
            f"puzzle {ordinal}: a line of candidates is not rated under variant rules here; "
            "give the puzzle's 81 characters"
        )
    puzzle = "".join(ch if ch in "123456789" else "0" for ch in line[:81])
    return RuledGrid.of_puzzle(puzzle, layout_of(rules))


def puzzle_text(line: str, ordinal: int, args: SerateArgs, stop: Callable[[], bool]) -> str:
    """The lines serate prints for a puzzle line (of 81 characters or more), the
    ``ordinal``-th it rates: ``--start``, then ``--before`` and ``--after`` around each step,
    then ``--format``. ``Stopped`` once ``stop()``. Under variant rules (``args.rules``) the
    steps are the rating of ``ruled``."""
    began = time.monotonic()
    rules = _rules_of(args)
    grid: Grid = grid_of(line) if rules is None else ruled_grid(line, rules, ordinal)
    out: list[str] = []

    def emit(section: str, fmt: str, values: dict[str, Callable[[], str]]) -> None:
        if fmt:
            text = expand(section, fmt, values)
            if text:
                out.append(text + "\n")

    def shared(now: Grid) -> dict[str, Callable[[], str]]:
        return {
            "g": lambda: line,
            "i": lambda: grid81(now),
            "m": lambda: marks(now),
            "M": lambda: marks_lines(now),
            "n": lambda: str(ordinal),
        }

    def elapsed() -> str:
        return _time_text(int((time.monotonic() - began) * 1000))

    emit("start", args.start, shared(grid))
    # --pearl and --diamond stop at the first step above the hardest so far (``level``): the
    # rating is asked to stop there too (``above``), and goes on from its grid when it is not
    # the end
    level = [0 if args.want else None]
    difficulty = pearl = diamond = 0
    # serate's names of the techniques of ER, EP and ED (as they stand), made where a format
    # asks for them
    named = any(ch in NAMES for fmt in (args.after, args.format) for ch in conversions(fmt))
    if named and rules is not None:
        raise UserError(
            "the techniques' names (%R %P %D %S %T %U) are not given under variant rules here; "
            "%r %p %d and %s are"
        )
    er_name = ep_name = ed_name = NO_SOLUTION
    # serate's description of each step (``%s``), made where ``--after`` asks for it
    described = "s" in conversions(args.after)
    steps = (
        _path(grid.copy(), args, stop, level)
        if not isinstance(grid, RuledGrid)
        else rate_ruled_grid(grid.copy()).steps
    )
    for step in steps:
        hint = step.hint
        emit("before", args.before, shared(grid))
        description = (hint.text or describe(step, grid)) if described else ""
        if hint.rating > difficulty:
            difficulty = hint.rating
            if named:
                er_name = names(step, grid)
        hint.apply(grid)
        emit(
            "after",
            args.after,
            shared(grid)
            | {"r": partial(rating_text, hint.rating), "e": elapsed, "s": partial(str, description)}
            | _named(er_name, er_name, er_name),
        )
        if pearl == 0:
            if diamond == 0:
                diamond, ed_name = difficulty, er_name
            if hint.placement is not None:
                if args.want == "d" and difficulty > diamond:
                    difficulty, er_name = BEYOND_SOLVER_ER, BEYOND_SOLVER
                    break
                pearl, ep_name = difficulty, er_name
        elif args.want and difficulty > pearl:
            difficulty, er_name = BEYOND_SOLVER_ER, BEYOND_SOLVER
            break
        if args.want:
            level[0] = difficulty
    else:
        if not grid.is_solved():  # no technique finds a step: serate looked once more
            emit("before", args.before, shared(grid))
            difficulty, er_name = BEYOND_SOLVER_ER, BEYOND_SOLVER
    figures = {
        "r": lambda: rating_text(difficulty),
        "p": lambda: rating_text(pearl),
        "d": lambda: rating_text(diamond),
        "e": elapsed,
    } | _named(er_name, ep_name, ed_name)
    emit("format", args.format, shared(grid) | figures)
    return "".join(out)


def _rules_of(args: SerateArgs) -> Rules | None:
    """The variant rules of serate's flags, None where they play classic sudoku (none, or the
    toroidal board alone, which wraps no leap)."""
    if not args.rules:
        return None
    rules = parse_rules(args.rules)
    return None if plays_classic(rules) else rules


def _named(
    er: tuple[str, str], ep: tuple[str, str], ed: tuple[str, str]
) -> dict[str, Callable[[], str]]:
    """The conversions of the techniques' names and short names: ``%R %S`` (ER's), ``%P %T``
    (EP's), ``%D %U`` (ED's)."""
    return {
        "R": lambda: er[0],
        "S": lambda: er[1],
        "P": lambda: ep[0],
        "T": lambda: ep[1],
        "D": lambda: ed[0],
        "U": lambda: ed[1],
    }


def _path(
    grid: Grid, args: SerateArgs, stop: Callable[[], bool], level: list[int | None]
) -> Iterator[Step]:
    """The rating's steps from ``grid``, which they change; while ``level[0]`` is a rating (in
    tenths), the rating stops after a step above it, and goes on from there when asked for
    more. ``Stopped`` once ``stop()``. None from a grid no technique takes a step from, when
    that is known at once (``finds_nothing``: a grid of a few givens, where trying them all
    takes serate many minutes). A grid whose givens clash has no solution: its rating takes the
    techniques below the chains alone (``clashing``)."""
    if finds_nothing(grid):
        return
    without = args.without | _chains() if clashing(grid) else args.without
    while True:
        above = None if level[0] is None else level[0] / 10
        try:
            rated = rate_grid(grid, None, stop, above=above, without=without)
        except Interrupted:
            raise Stopped from None
        yield from rated.steps
        if rated.known_above is None:  # solved, or no technique finds a step
            return


def clashing(grid: Grid) -> bool:
    """Whether two of the grid's values share a unit: a grid of no solution. serate rates it
    all the same, and on a grid of a few givens its chains search for hours (two 1s in row 1,
    nothing else) before it says 20.0; this rating leaves the chains out there (``_chains``):
    the steps the other techniques take, as serate takes them, then 20.0 where they stop, at
    once."""
    placed = [0] * 27  # each unit's values
    for cell, value in enumerate(grid.values):
        if value:
            for unit in CELL_UNITS[cell]:
                if placed[unit] >> value & 1:
                    return True
                placed[unit] |= 1 << value
    return False


@cache
def _chains() -> frozenset[str]:
    """The names of the rating's chain techniques (the aligned exclusions, cycles, forcing and
    nested forcing chains: ``ChainRung``s)."""
    return frozenset(name for name, finder in techniques() if isinstance(finder, ChainRung))


def rate_lines(
    lines: Sequence[tuple[str, int]], stop: Callable[[], bool], args: SerateArgs
) -> list[str]:
    """``puzzle_text`` of each (line, ordinal), fewer once ``stop()`` (a worker's chunk)."""
    texts = []
    for line, ordinal in lines:
        try:
            texts.append(puzzle_text(line, ordinal, args, stop))
        except Stopped:
            break
    return texts
