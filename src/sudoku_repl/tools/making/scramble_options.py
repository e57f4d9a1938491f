"""Seed 003's scramble's options (the shell's ``scramble``, the maker's options
not among them), declared once: the handler parses them, ``help scramble`` says
them, and ``makers`` names them when they are given to ``generate``."""

from __future__ import annotations

import argparse
from functools import partial

from sudoku_repl.text.args import ArgumentParser, Once, count_type, seed_type
from sudoku_repl.tools.making import scramble as gen

#: the scramble's swap options, each with its ``Counts`` field
SWAPS = {f"--{name[:-1]}-swaps": name for name in ("digits", "rows", "cols", "bands", "stacks")}
#: the options ``--family`` takes (its own mode: the fixed variants of one grid)
FAMILY_OPTIONS = ("family", "size", "out")


def _fraction(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"want a number above 0 and at most 1, not {text!r}")
    return value


def parser(prog: str = "scramble", after: str = "") -> ArgumentParser:
    """``scramble``'s options (``after``: what its one-line complaints end with, the form)."""
    p = ArgumentParser(prog=prog, add_help=False, after=after)
    add = partial(p.add_argument, action=Once)  # (each given once: ``Once``)
    add("--clues", type=count_type(0, 81), default=30)
    add("--seed", type=seed_type)
    add("--from", dest="source")
    add("--count", type=count_type(1), default=1)
    add("--out")
    p.add_argument("--restart", action="store_true")
    add("--family")
    add("--size", type=int, choices=gen.FAMILY_SIZES, default=36)
    defaults = gen.Counts()
    for option, name in SWAPS.items():
        add(option, dest=name, type=count_type(0, gen.MOST_SWAPS), default=getattr(defaults, name))
    add("--below", type=_fraction, default=gen.BELOW)
    return p


def given(options: argparse.Namespace, dests: tuple[str, ...] | None = None) -> list[str]:
    """The options given (their value not the default), by name; ``dests``: among those only."""
    return [
        action.option_strings[0]
        for action in parser()._actions
        if (dests is None or action.dest in dests)
        and getattr(options, action.dest) != action.default
    ]
