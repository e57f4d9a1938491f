"""Parsing command arguments: numbers and cells, each failure a ``UserError`` naming the form;
and option parsing (``ArgumentParser``) for the commands and command lines that take options."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import Any, NoReturn

from sudoku_repl.core.errors import UserError
from sudoku_repl.core.geometry import CLASSIC, Cell, Geometry

# ASCII digits and blanks only: int() would take any Unicode digit
NUMBER = re.compile(r"[ \t]*([0-9]+)[ \t]*")
#: a number of seconds: digits, a fraction of them after a point (``0.5``, ``.5``, ``10``)
SECONDS = re.compile(r"[ \t]*([0-9]{1,9}(?:\.[0-9]*)?|\.[0-9]+)[ \t]*")
CELL = re.compile(r"[ \t]*\[[ \t]*([0-9]+)[ \t]*,[ \t]*([0-9]+)[ \t]*\][ \t]*")
CELL_VALUE = re.compile(
    r"[ \t]*\[[ \t]*([0-9]+)[ \t]*,[ \t]*([0-9]+)[ \t]*\][ \t]*=[ \t]*([0-9]+)[ \t]*"
)


#: numbers are taken up to this (a step count or solution sum no search reaches)
HUGE = 10**18


def number(digits: str) -> int:
    """ASCII digits as a number, anything past ``HUGE`` taken as ``HUGE`` (``int`` refuses more
    than 4300 digits)."""
    digits = digits.lstrip("0") or "0"
    return HUGE if len(digits) > 18 else min(int(digits), HUGE)


def count_of(text: str) -> int | None:
    """A whole number >= 0 with optional blanks around it, or None."""
    match = NUMBER.fullmatch(text)
    return number(match.group(1)) if match else None


#: digits of a whole number taken exactly (``whole_of``) at most: below the 4,300 ``int`` takes
MOST_DIGITS = 4000


def whole_of(text: str) -> int | None:
    """A whole number >= 0 with optional blanks around it, taken exactly, never cut at ``HUGE``
    (a seed: cut, two seeds would give one stream; a count a range checks after, which must be
    said as typed), or None (``MOST_DIGITS`` digits at most)."""
    match = NUMBER.fullmatch(text)
    if not match:
        return None
    digits = match.group(1).lstrip("0") or "0"
    return int(digits) if len(digits) <= MOST_DIGITS else None


def seconds_of(text: str) -> float | None:
    """A number of seconds above 0 (a fraction allowed, no sign, no exponent), or None."""
    match = SECONDS.fullmatch(text)
    if not match:
        return None
    seconds = float(match.group(1))
    return seconds if seconds > 0 else None


def parse_count(text: str, problem: str) -> int:
    """A whole number >= 0 with optional blanks around it; else ``UserError(problem)``."""
    n = count_of(text)
    if n is None:
        raise UserError(problem)
    return n


def count_type(low: int, high: int | None = None) -> Callable[[str], int]:
    """An ``ArgumentParser`` type: a whole number from ``low`` (to ``high``)."""
    limits = f"from {low} to {high}" if high is not None else f">= {low}"

    def parse(text: str) -> int:
        n = count_of(text)
        if n is None or n < low or (high is not None and n > high):
            raise argparse.ArgumentTypeError(f"want a whole number {limits}, not {text!r}")
        return n

    return parse


#: the most a seed can be: the streams it starts take 64 bits (``core.making.Rng``: the
#: makers', the random isomorphs'), so each seed up to this one has a stream of its own; a
#: larger one is refused on every surface (the shell, the command lines, the API), never cut down
MOST_SEED = (1 << 64) - 1
#: the seeds taken, in words: what every refusal of a seed says
SEED_RANGE = f"a whole number from 0 to {MOST_SEED} (2**64 - 1: the seed's 64 bits)"


def is_seed(n: int) -> bool:
    """Whether ``n`` is a seed (``SEED_RANGE``)."""
    return 0 <= n <= MOST_SEED


def seed_type(text: str) -> int:
    """An ``ArgumentParser`` type: a seed (``SEED_RANGE``), taken exactly (``whole_of``)."""
    n = whole_of(text)
    if n is None or not is_seed(n):
        raise argparse.ArgumentTypeError(f"want {SEED_RANGE}, not {text!r}")
    return n


class Once(argparse.Action):
    """An option's value, given once: a second is refused (naming both values) rather than
    taken silently in place of the first (``--er 9.0- --er -9.2``)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        given: dict[str, Any] = namespace.__dict__.setdefault("_given_once", {})
        if self.dest in given:
            raise argparse.ArgumentError(
                self, f"given twice ({given[self.dest]} and {values}): give it once"
            )
        given[self.dest] = values
        setattr(namespace, self.dest, values)


class ArgumentParser(argparse.ArgumentParser):
    """argparse whose every complaint is one ``UserError`` line, ``{prog}: {message}{after}``:
    no usage block, no exit (the caller decides what a bad line costs)."""

    def __init__(self, *args: Any, after: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.after = after

    def error(self, message: str) -> NoReturn:
        raise UserError(f"{self.prog}: {message}{self.after}")


def cell_of(row: int, col: int, problem: str, geo: Geometry = CLASSIC) -> Cell:
    cell = geo.cell_at(row, col)
    if cell is None:
        if geo.one_grid:
            raise UserError(f"No cell [{row},{col}]: rows and columns go from 1 to 9; {problem}")
        raise UserError(f"No cell [{row},{col}] in this puzzle; {problem}")
    return cell


def parse_cell(text: str, problem: str, geo: Geometry = CLASSIC) -> Cell:
    """``[r,c]`` (blanks allowed around the parts)."""
    match = CELL.fullmatch(text)
    if not match:
        raise UserError(problem)
    return cell_of(number(match.group(1)), number(match.group(2)), problem, geo)


def parse_cell_value(text: str, problem: str, geo: Geometry = CLASSIC) -> tuple[Cell, int]:
    """``[r,c]=v``."""
    match = CELL_VALUE.fullmatch(text)
    if not match:
        raise UserError(problem)
    r, c, v = (number(g) for g in match.groups())
    if not 1 <= v <= 9:
        raise UserError(f"No value {v}: values go from 1 to 9; {problem}")
    return cell_of(r, c, problem, geo), v


def parse_value(text: str, problem: str) -> int:
    v = parse_count(text, problem)
    if not 1 <= v <= 9:
        raise UserError(f"No value {v}: values go from 1 to 9; {problem}")
    return v


def file_words(text: str, form: str) -> list[str]:
    """The words of an argument that names files: blanks separate words, and a name with blanks
    goes in quotes ("my session.txt" or 'my session.txt'). An empty name or an unmatched quote
    is one line naming ``form``."""
    import shlex

    try:
        words = shlex.split(text, posix=True)
    except ValueError:
        raise UserError(f"A quote is not closed: {form}") from None
    if any(not word for word in words):
        raise UserError(f"A file name is empty: {form}")
    return words


def one_file(text: str, name: str) -> str:
    """The one file name a command takes (``name <file>``)."""
    form = f'{name} <file> (quote a name with blanks: {name} "my file.txt")'
    words = file_words(text, form)
    if not words:
        raise UserError(f"{name} needs a file: {form}")
    if len(words) > 1:
        raise UserError(f"{name} takes one file name, not {len(words)}: {form}")
    return words[0]
