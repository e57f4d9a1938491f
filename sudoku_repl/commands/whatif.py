"""``whatif guesses``: the search had a guess been answered otherwise (``tools/whatif.py`` does
the work; this prints it). Declared in ``declared/whatif.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sudoku_repl.commands.declared.original import LOAD_QUIZ
from sudoku_repl.commands.declared.whatif import WHATIF
from sudoku_repl.commands.spec import words
from sudoku_repl.core.errors import UserError
from sudoku_repl.text.args import ArgumentParser, count_type
from sudoku_repl.tools import whatif as wi

if TYPE_CHECKING:
    import argparse

    from sudoku_repl.commands.dispatch import Repl

#: what ``--keep`` says until experiments exist
NO_EXPERIMENTS = "--keep needs experiments: not yet available."


def _parser() -> ArgumentParser:
    p = ArgumentParser(prog="whatif guesses", add_help=False, after=f"; {WHATIF.form}")
    p.add_argument("--format", choices=("text", "csv", "json"), default="text")
    p.add_argument("--max-steps", type=count_type(1), default=wi.DEFAULT_CAP)
    p.add_argument("--keep", action="store_true")
    return p


def _options(arg: str) -> argparse.Namespace:
    typed = words(arg)
    if not typed or typed[0] != "guesses":
        raise UserError(WHATIF.refusal(typed))
    return _parser().parse_args(typed[1:])


def whatif(repl: Repl, arg: str) -> None:
    options = _options(arg)
    if not repl.loaded:
        raise UserError(
            f"No quiz loaded: whatif guesses looks at the guesses of a search. Use "
            f"{LOAD_QUIZ.usage}, then step or run past a guess."
        )
    session = repl.session
    guesses = [g for g in wi.taken_guesses(session) if g.others]
    if not guesses:
        now = session.state().steps
        raise UserError(
            f"No guess with another candidate before step {now}: whatif guesses needs one on "
            "the way to the present step (step or run past a guess)."
        )
    if options.keep:
        raise UserError(NO_EXPERIMENTS)
    text = options.format == "text"
    total = sum(len(g.others) for g in guesses)
    hooks, geo = repl.hooks, session.geo
    found: list[wi.Row] = []
    lines: list[str] = []
    try:
        if text:
            hooks.doing = "whatif guesses: the search as taken"
            lines.append(wi.taken_line(wi.as_taken(session, guesses, hooks, options.max_steps)))
        rows = wi.rows(session, guesses, hooks, options.max_steps)
        while True:
            hooks.doing = f"whatif guesses: row {len(found) + 1} of {total}"
            row = next(rows, None)
            if row is None:
                break
            found.append(row)
    except wi.Interrupted:
        pass
    finally:
        hooks.doing = None
    if options.format == "csv":
        lines += wi.csv_lines(found, geo)
    elif options.format == "json":
        lines += wi.json_lines(found, geo)
    elif found:
        lines += wi.table_lines(found, geo)
    if any(not row.complete for row in found):
        lines.append(
            f"cap: the search went past --max-steps {options.max_steps} steps after the guess "
            "and was stopped there."
        )
    if len(found) < total:
        lines.append(f"Interrupted after {len(found)} of {total} rows; nothing changed.")
    repl.lines(lines)
