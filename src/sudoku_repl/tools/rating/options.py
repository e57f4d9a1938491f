"""``sudoku-repl rate FILE [options]``'s options, declared once: the command line parses them
(``frontends/rate_cli``), and the shell's ``help rate`` says them (``summary``), from this one
parser."""

from __future__ import annotations

import argparse
import math
import os
import re
from functools import partial

from sudoku_repl.core.errors import UserError, shown
from sudoku_repl.text.args import ArgumentParser, count_type, seed_type
from sudoku_repl.tools.rating.rows import PROG
from sudoku_repl.tools.rating.scales import (
    ISOMORPHS,
    MOST_ISOMORPHS,
    SEED,
    Scale,
    parse_scale,
)

#: the most worker processes ``--jobs`` takes: four per core of this machine
MAX_JOBS = 4 * (os.cpu_count() or 1)
#: ``--max-steps``' steps where it is not given: a quiz's search is bounded by
#: default, in about half a second of the native build's run mode 0 (the hardest puzzles of
#: ``puzzles/`` end within 70,000 steps in modes 0 to 3)
MAX_STEPS = 1_000_000
#: ``--se-timeout``'s seconds where it is not given
SE_TIMEOUT = 60.0


def parser() -> argparse.ArgumentParser:
    """``sudoku-repl rate``'s options: what it parses, what ``--help`` and ``help rate`` say."""
    parser = ArgumentParser(
        prog=PROG,
        after=f" (see {PROG} --help)",
        description="Rate every quiz of a one-quiz-per-line file (a file in the nine-line "
        "format is one quiz): steps and biggest level to the first solution, total steps, "
        "solution sum, biggest level of the whole search, new guesses and time. Rows go to "
        "stdout in file order, the summary to stderr.",
    )
    parser.add_argument(
        "file",
        help="one 81-character quiz per line (0 or . for an empty cell) or 729-character "
        "pencil-mark puzzle (sukaku: nine characters a cell, the digit or . for each "
        "candidate), a note after either past a ; , # tab or blank (SHC's files), or one quiz "
        "in the nine-line format",
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=count_type(1, MAX_JOBS),
        default=1,
        metavar="N",
        help=f"worker processes (default 1; at most {MAX_JOBS}, four per core, and never more "
        "than there are tasks); the figures do not depend on it",
    )
    parser.add_argument(
        "--format",
        choices=("csv", "json"),
        default="csv",
        help="CSV with a header (default) or JSON lines",
    )
    parser.add_argument(
        "--skip",
        type=count_type(0),
        default=0,
        metavar="K",
        help="pass over the first K entries (quiz or malformed lines)",
    )
    parser.add_argument(
        "--limit",
        type=count_type(0),
        default=None,
        metavar="K",
        help="rate at most K entries (after --skip)",
    )
    parser.add_argument(
        "--max-steps",
        type=count_type(1),
        default=MAX_STEPS,
        metavar="N",
        help=f"stop a quiz's search at N steps (default {MAX_STEPS:,}: no line holds up its "
        "file, a quiz of billions of solutions say; its row says complete=false)",
    )
    parser.add_argument(
        "--run-mode",
        type=count_type(0),
        default=0,
        metavar="N",
        help="search in run mode N (0, 1, 2; 3 the book's theorems; 4, 5 the chains)",
    )
    parser.add_argument(
        "--scale",
        type=scale_type,
        default=("steps",),
        metavar="LIST",
        help="a comma list of measures (docs/difficulty.md): steps: the solver's own figures "
        "(every row's; the default); se (or both: steps,se): Sudoku Explainer's ratings too, "
        "columns er, ep, ed; te: T&E-depth; b: B for a T&E(1) quiz and the x of BxB for a "
        "T&E(2) one (columns b, bxb; >12 past B12 and past B12B); backdoors: single-cell BRT backdoors and "
        "candidate backdoors (their counts); backdoors2: candidate backdoors of size 2 too, "
        "column candidate_backdoors2 (pairs, neither alone; backdoors too); guess: guess_depth and fewest_guesses (>3 past "
        "3); spread: er_min, er_median, er_max over --isomorphs K random isomorphs and "
        "er_canonical, the minlex form's (se too). A quiz without exactly one solution: er "
        "says why (in JSON, er is null and er_why says it), the other measures are empty",
    )
    parser.add_argument(
        "--isomorphs",
        type=count_type(1, MOST_ISOMORPHS),
        default=None,
        metavar="K",
        help=f"random isomorphs (default {ISOMORPHS}): given (or --seed), the rows add order "
        "luck, the steps and biggest level over them (columns steps_min, steps_median, "
        "steps_max, biggest_min, biggest_median, biggest_max); --scale spread's ER is over them",
    )
    parser.add_argument(
        "--seed",
        type=seed_type,
        default=None,
        metavar="S",
        help=f"the seed the isomorphs are drawn from (default {SEED}); given, the rows add "
        "order luck (see --isomorphs)",
    )
    parser.add_argument(
        "--se-timeout",
        type=seconds_type,
        default=None,
        metavar="S",
        help="with --scale se (or spread): seconds for one quiz's rating, a number above 0 "
        f"(default {SE_TIMEOUT:g}); past them its ER and EP are lower bounds, written >=X",
    )
    early = parser.add_mutually_exclusive_group()
    early.add_argument(
        "--above",
        type=_rating,
        metavar="X",
        help="with --scale se: stop a quiz's rating once it has taken a step rated "
        "above X; its row says er >X (ep, ed too where the path had not reached them)",
    )
    early.add_argument(
        "--below",
        type=_rating,
        metavar="X",
        help="with --scale se: stop a quiz's rating when its next step rates above X, "
        "before trying the techniques that all rate above X; its row says er >X (ep, ed too "
        "where the path had not reached them)",
    )
    parser.add_argument(
        "--ilp",
        action="store_true",
        help="HiGHS on the seed's 0-1 program too (docs/ilp.md): columns ilp_solutions (to 2), "
        "ilp_ms (CPU milliseconds) and ilp_nodes (branch-and-bound nodes); needs HiGHS, the "
        "optional extra ilp (without it, one line says what to type)",
    )
    parser.add_argument(
        "--plan",
        action="store_true",
        help="with --scale se and --format json: each row's plan, Sudoku Explainer's path as "
        "data (docs/explain.md): a step's technique, rating, cells, links, removed and placed",
    )
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="append the rows to FILE as they are rated; a run that stopped (Ctrl-C, a kill, a "
        "full disk) is continued by the same command (FILE.unfinished says whose rows they are)",
    )
    parser.add_argument(
        "--restart",
        action="store_true",
        help="with --out: begin FILE anew, even when it holds the unfinished rows of a job",
    )
    parser.add_argument(
        "--executor",
        type=executor_type,
        default="local",
        metavar="WHERE",
        help="local: --jobs processes of this machine (default); dask: a Dask cluster of "
        "--jobs worker processes on this machine; dask://HOST:PORT: the workers of a running "
        "Dask scheduler (Dask: the optional extra dask; see docs/cluster.md)",
    )
    parser.add_argument(
        "--plot",
        metavar="FILE.svg",
        help="with --scale se: an SVG scatter of steps and biggest level against ER, "
        "and their Spearman rank correlation with ER on stderr (only if not interrupted)",
    )
    return parser  # fmt: skip


#: a rating as --above and --below take it: Sudoku Explainer's, to its tenth
_RATING = re.compile(r"[0-9]{1,2}(\.[0-9])?")
_LOWEST, _HIGHEST = 1.0, 20.0


def _rating(text: str) -> float:
    if _RATING.fullmatch(text) and _LOWEST <= float(text) <= _HIGHEST:
        return float(text)
    raise argparse.ArgumentTypeError(
        f"want a rating from {_LOWEST} to {_HIGHEST}, to a tenth at most (9.0), not {shown(text)!r}"
    )


def scale_type(text: str) -> Scale:
    """``--scale``'s comma list (``scales.parse_scale``)."""
    try:
        return parse_scale(text)
    except UserError as e:
        raise argparse.ArgumentTypeError(e.line) from None


def seconds_type(text: str) -> float:
    """A time limit in seconds: a number above 0 (``nan`` was no limit at all, ``0`` and
    ``-1`` a limit always past)."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if math.isfinite(seconds) and seconds > 0:
        return seconds
    raise argparse.ArgumentTypeError(
        f"want a number of seconds above 0 (60, 0.5), not {shown(text)!r}"
    )


def executor_type(text: str) -> str:
    if text in ("local", "dask") or (text.startswith("dask://") and len(text) > len("dask://")):
        return text
    raise argparse.ArgumentTypeError(f"want local, dask or dask://HOST:PORT, not {shown(text)!r}")


def summary(width: int) -> list[str]:
    """``sudoku-repl rate --help``'s lines, broken to fit ``width`` columns."""
    options = parser()
    options.formatter_class = partial(argparse.HelpFormatter, width=width)
    return options.format_help().rstrip("\n").split("\n")
