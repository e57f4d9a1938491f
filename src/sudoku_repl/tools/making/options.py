"""The maker's options, declared once: ``sudoku-repl generate`` parses them
(``frontends/generate_cli``), so does the shell's ``generate`` (``commands/making``), and ``help
generate`` and ``--help`` say them, from this one list; what they ask for is read here into an
``Order`` (``order_of``), each fault one ``UserError`` line.
"""

from __future__ import annotations

import argparse
import os
import stat
from functools import partial
from itertools import pairwise

from sudoku_repl.core.counting import BOX, COL, ROW
from sudoku_repl.core.errors import PATH, UserError, file_error, shown
from sudoku_repl.core.making import Symmetry
from sudoku_repl.core.rule_making import symmetry_breaks
from sudoku_repl.core.rules import NO_RULES, Rules, parse, words_text
from sudoku_repl.text.args import ArgumentParser, Once, count_type, seed_type
from sudoku_repl.tools.making.targets import Targets, count_span, rating_span
from sudoku_repl.tools.making.tasks import Order
from sudoku_repl.tools.making.variant_rating import se_refusal
from sudoku_repl.tools.rating.options import MAX_JOBS, executor_type, seconds_type
from sudoku_repl.tools.serate.names import known, least_rating, nearest

PROG = "sudoku-repl generate"

SYMMETRIES = tuple(s.value for s in Symmetry)


def add_maker_options(parser: argparse.ArgumentParser) -> None:
    """The maker's options on ``parser``."""
    add = partial(parser.add_argument, action=Once)  # (each given once: ``Once``)
    se = "Sudoku Explainer's {}, exact (serate 1.15.10's): a range A-B, A- (A and above), -B (up to B) or A (exactly), to a tenth"
    add("--er", metavar="A-B", help=se.format("rating ER (its hardest step)"))
    add("--ep", metavar="A-B", help=se.format("EP (its hardest step up to the first placement)"))
    add("--ed", metavar="A-B", help=se.format("ED (its first step)"))
    add(
        "--level",
        metavar="L-M",
        help="the biggest level of run to the first solution (the original's measure): a range as --er's, of whole numbers",
    )
    add(
        "--steps",
        metavar="N-M",
        help="the steps of run to the first solution: a range as --level's",
    )
    add(
        "--technique",
        metavar="NAME",
        help="Sudoku Explainer's path uses this technique, by serate's name (as serate --after='%%s' says it: X-Wing, Two-string Kite, Forcing Chain, WXYZ-Wing, Unique Rectangle, any case)",
    )
    add(
        "--symmetry",
        choices=SYMMETRIES,
        metavar="NAME",
        help=f"the givens' symmetry, one of Sudoku Explainer's ten: {', '.join(SYMMETRIES)} (default none); minimal then means that no set of givens the symmetry maps onto each other can go",
    )
    add(
        "--rules",
        metavar="WORDS",
        help=f"the variant rules the puzzles are played by, load-quiz --rules='s words apart by commas ({words_text()}; docs/variants.md): one solution and minimal under them; the output begins with their # rules: line",
    )
    add(
        "--pattern",
        metavar="P",
        help="81 characters, x or a digit where a given stands, . or 0 elsewhere, or a file of one: every puzzle's givens are those cells",
    )
    add(
        "--near",
        metavar="FILE",
        help="search near the puzzles of FILE (one a line): their {-1+1} and {-2+2} neighbours, then onwards from the best found",
    )
    parser.add_argument(
        "--climb",
        action="store_true",
        help="with a least ER asked: a random start that comes within 1.0 of it is searched "
        "near, and so are the puzzles found there: more puzzles, in families of neighbours "
        "(each line ends with family N, the task that made it); by default each puzzle comes "
        "from a random start of its own",
    )
    parser.add_argument(
        "--lacking-digit",
        action="store_true",
        help="each puzzle lacks one digit among its givens (they are taken away a digit at a "
        "time, the first digit's all of them): with a least ER, more hard puzzles a CPU-minute "
        "(about 1.25x at ER 8.0, 1.8x at 9.0); not with --symmetry, --pattern or --near",
    )
    add(
        "--count",
        type=count_type(1),
        metavar="N",
        help="stop after N puzzles (default 1; with --time, as many as that time makes)",
    )
    add(
        "--time",
        type=seconds_type,
        metavar="SECONDS",
        help="stop after that long (wall-clock time), keeping what was found; a least ER at or above the hardest known (11.9), or fewer --steps than any puzzle known takes (6), is searched only with it",
    )
    add(
        "--jobs",
        "-j",  # (as rate's)
        type=count_type(1, MAX_JOBS),
        default=1,
        metavar="N",
        help=f"worker processes (default 1, at most {MAX_JOBS}); the puzzles do not depend on it",
    )
    add(
        "--executor",
        type=executor_type,
        default="local",
        metavar="WHERE",
        help="local (default), dask (a Dask cluster of --jobs processes here) or dask://HOST:PORT, as rate's",
    )
    add(
        "--seed",
        type=seed_type,
        metavar="S",
        help="the same seed and options make the same puzzles, in order (without it, one is drawn and said)",
    )
    add(
        "--out",
        metavar="FILE",
        help="append the puzzles to FILE as they are found; a run that stopped (Ctrl-C, a kill) is continued by the same command (FILE.unfinished says whose they are)",
    )
    parser.add_argument("--restart", action="store_true", help="with --out: begin FILE anew, even when it holds the unfinished puzzles of a job")  # fmt: skip


def parser(shell_form: str | None = None) -> ArgumentParser:
    """``sudoku-repl generate``'s options: what it parses, ``--help`` and ``help generate``;
    with ``shell_form``, the shell's ``generate``'s (no ``--help``: ``help generate`` says
    it), whose complaints end with that form."""
    shell = shell_form is not None
    made = ArgumentParser(
        prog="generate" if shell else PROG,
        add_help=not shell,
        after=f"; {shell_form}" if shell else f" (see {PROG} --help)",
        description="Make minimal puzzles with one solution, none isomorphic to another, to "
        "order: in ranges of Sudoku Explainer's ER, EP, ED or of the original's biggest level "
        "and steps, with a technique, a symmetry, on a pattern, or near given puzzles. One "
        "line each on stdout (or --out): the puzzle, then ER/EP/ED when an SE target is given.",
    )
    add_maker_options(made)
    return made


def option_lines() -> list[str]:
    """Each of the maker's options and what ``--help`` says of it, a line each (``help
    generate``: a paragraph each)."""
    lines = []
    for action in parser()._actions:
        if not action.option_strings or action.dest == "help":
            continue
        shape = f" {action.metavar}" if action.metavar else ""
        text = (action.help or "") % {"prog": PROG}
        lines.append(f"{', '.join(action.option_strings)}{shape}: {text}.")
    return lines


def order_of(args: argparse.Namespace) -> Order:
    """The order the options ask for; ``UserError`` (one line) for a range that is not one or is
    empty, an unknown technique (with the nearest names), a pattern that is not one or cannot
    hold a puzzle with one solution."""
    spans = {
        name: None if getattr(args, name) is None else reader(f"--{name}", getattr(args, name))
        for name, reader in (
            ("er", rating_span), ("ep", rating_span), ("ed", rating_span),
            ("level", count_span), ("steps", count_span),
        )
    }  # fmt: skip
    # (blanks around and between the words, as the ranges take them)
    technique = None if args.technique is None else " ".join(args.technique.split())
    if technique is not None and not known(technique):
        close = nearest(technique)
        hint = f"; the nearest: {', '.join(close)}" if close else ""
        raise UserError(
            f"--technique {shown(technique)!r}: no technique of serate's has that name{hint}"
        )
    targets = Targets(technique=technique, **spans)
    why = targets.empty() or _technique_beyond(targets)
    if why:
        raise UserError(f"{why}: no puzzle meets that")
    symmetry = Symmetry(args.symmetry or "none")
    lacking_digit: bool = args.lacking_digit
    if lacking_digit and (
        args.pattern is not None or symmetry is not Symmetry.NONE or args.near is not None
    ):
        raise UserError(
            "--lacking-digit takes the givens away a digit at a time from a random grid: give it "
            "without --symmetry, --pattern and --near"
        )
    pattern = None if args.pattern is None else pattern_of(args.pattern, symmetry)
    if args.near is not None and (pattern is not None or symmetry is not Symmetry.NONE):
        raise UserError(
            "--near searches the neighbours of its puzzles, which keep no pattern nor symmetry: "
            "give --near without --pattern and --symmetry"
        )
    rules = NO_RULES if args.rules is None else _rules_of(args, targets, symmetry)
    return Order(
        targets, symmetry, pattern, climb=args.climb, lacking_digit=lacking_digit, rules=rules
    )


def _rules_of(args: argparse.Namespace, targets: Targets, symmetry: Symmetry) -> Rules:
    """The rules ``--rules`` names, checked with the rest of the order: Sudoku Explainer's
    targets where its rating of them is not to be had (``variant_rating.se_refusal``), the
    original's figures and the searches that are classic sudoku's refused, and a symmetry that
    does not map every rule onto itself (``rule_making.symmetry_breaks``)."""
    try:
        rules = parse(args.rules)
    except UserError as e:  # (a QuizError: the word at fault and the words taken)
        raise UserError(f"--rules: {e.line}") from None
    if not rules.words:
        raise UserError(f"--rules: name the rules, {words_text()}")
    why = se_refusal(rules, targets) if targets.se else None
    if why is not None:
        raise UserError(why)
    classic = [
        option
        for option, given in (
            ("--level", targets.level is not None),
            ("--steps", targets.steps is not None),
            ("--pattern", args.pattern is not None),
            ("--near", args.near is not None),
            ("--climb", args.climb),
            ("--lacking-digit", args.lacking_digit),
        )
        if given
    ]
    if classic:
        raise UserError(
            f"{classic[0]} is of classic sudoku in this version: with --rules, give --symmetry, "
            "--count, --time, --seed, --jobs and --out"
        )
    broken = symmetry_breaks(rules, symmetry)
    if broken is not None:
        raise UserError(
            f"--symmetry {symmetry.value} does not map the rule {broken} onto itself (the "
            "givens would be symmetric on a board that is not): give a symmetry that keeps "
            f"every rule, or none"
        )
    return rules


def _technique_beyond(targets: Targets) -> str | None:
    """Why ``--technique`` cannot be used below ``--er``'s top (ER is the hardest step's
    rating: a step of the technique rates its least or more), or None."""
    if not targets.technique or targets.er is None or targets.er.high is None:
        return None
    least = least_rating(targets.technique)
    if least is None or least <= targets.er.high:
        return None
    return (
        f"--technique {targets.technique} and --er {targets.er.text(True)}: a step of "
        f"{targets.technique} rates {least / 10:.1f} or more, and ER is the hardest step's rating"
    )


#: a pattern's characters: x or a digit where a given stands, . or 0 elsewhere
_PATTERN = frozenset("xX.0123456789")
_PATTERN_FORM = "a pattern is 81 characters, x or a digit where a given stands and . or 0 elsewhere (or a file of one)"


def pattern_of(text: str, symmetry: Symmetry) -> frozenset[int]:
    """The cells of a pattern: 81 characters (x or a digit where a given stands, . or 0
    elsewhere; blanks and line breaks ignored), or a file holding them: a name that is not a
    pattern and not a regular file (none there, a directory) is said as such."""
    cells = "".join(text.split())
    source = "--pattern"
    if len(cells) != 81 or not set(cells) <= _PATTERN:
        path = os.path.expanduser(text)
        if os.path.lexists(path) or not set(cells) <= _PATTERN:
            cells = _pattern_file(text)
            source = f"--pattern {shown(text, PATH)}"
    if len(cells) != 81 or not set(cells) <= _PATTERN:
        raise UserError(
            f"{source}: {_PATTERN_FORM}; not {len(cells)} characters ({shown(cells[:90])!r})"
        )
    given = frozenset(k for k, ch in enumerate(cells) if ch not in ".0")
    why = _cannot_hold(given, symmetry)
    if why:
        raise UserError(f"{source}: no minimal puzzle with one solution has these givens: {why}")
    return given


def _pattern_file(text: str) -> str:
    """The pattern a file of ``--pattern`` holds (its lines but blank ones and # comments,
    blanks dropped); ``UserError`` when there is no such file, or it is not a regular file."""
    path = os.path.expanduser(text)
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        why = "no such file" if isinstance(e, FileNotFoundError) else e
        raise UserError(
            file_error("--pattern: cannot read", text, why).rstrip(".") + f"; {_PATTERN_FORM}"
        ) from None
    if not stat.S_ISREG(mode):
        kind = "a directory" if stat.S_ISDIR(mode) else "not a regular file"
        raise UserError(
            file_error("--pattern: cannot read", text, f"it is {kind}").rstrip(".")
            + f"; {_PATTERN_FORM}"
        )
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = [
                line
                for line in f.read().splitlines()
                if line.strip() and not line.lstrip().startswith("#")
            ]
    except OSError as e:
        raise UserError(file_error("--pattern: cannot read", text, e)) from None
    return "".join("".join(lines).split())


#: no sudoku of 16 givens has one solution (McGuire, Tugemann and Civario, 2012)
LEAST_GIVENS = 17


def _cannot_hold(given: frozenset[int], symmetry: Symmetry) -> str | None:
    """Why no puzzle with one solution has these givens, when that is known: fewer than 17, or
    two rows of a band (two columns of a stack) with none (swapping them makes a second
    solution); and, with a symmetry, a pattern it does not keep."""
    if len(given) < LEAST_GIVENS:
        return f"it has {len(given)} givens, fewer than {LEAST_GIVENS} (the fewest any such puzzle has)"
    for kind, step, across in (("rows", 9, 1), ("columns", 1, 9)):
        empty = [
            line
            for line in range(9)
            if not any(step * line + across * k in given for k in range(9))
        ]
        for a, b in pairwise(empty):
            if a // 3 == b // 3:
                group = "band" if kind == "rows" else "stack"
                return f"{kind} {a + 1} and {b + 1} of one {group} are empty (swapping them gives a second solution)"
    for kind, of in (("row", ROW), ("column", COL), ("box", BOX)):
        for unit in range(9):  # (a puzzle with a unit all givens is never minimal)
            if all(k in given for k in range(81) if of[k] == unit):
                return f"{kind} {unit + 1} is all givens, and any one of them follows from the other eight"
    for orbit in symmetry.orbits:
        if any(c in given for c in orbit) and not all(c in given for c in orbit):
            return f"it is not {symmetry.value}-symmetric (--symmetry {symmetry.value})"
    return None
