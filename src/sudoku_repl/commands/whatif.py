"""``whatif guesses``: the search had a guess been answered otherwise (``tools/whatif/guesses.py`` does
the work; this prints it). Declared in ``declared/whatif.py``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from sudoku_repl.commands.declared.original import LOAD_QUIZ
from sudoku_repl.commands.declared.whatif import WHATIF
from sudoku_repl.core.errors import UserError
from sudoku_repl.tools.whatif import guesses as wi

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


def whatif(
    repl: Repl,
    what: str,
    format: str | None = None,
    max_steps: int | None = None,
    keep: bool = False,
) -> None:
    if max_steps == 0:
        raise UserError(f"whatif guesses --max-steps needs a whole number >= 1: {WHATIF.form}")
    cap = wi.DEFAULT_CAP if max_steps is None else max_steps
    shape = format or "text"
    if not repl.loaded:
        raise UserError(
            f"No quiz loaded: whatif guesses looks at the guesses of a search. Use "
            f"{LOAD_QUIZ.usage}, then step or run past a guess."
        )
    session, hooks = repl.session, repl.hooks
    try:
        hooks.doing = "whatif guesses: reading the guesses"
        guesses = [g for g in wi.taken_guesses(session, hooks) if g.others]
    except wi.Interrupted:
        repl.script.failed()
        repl.out.message("Interrupted before the first row; nothing changed.")
        return
    finally:
        hooks.doing = None
    if not guesses:
        now = session.state().steps
        raise UserError(
            f"No guess with another candidate before step {now}: whatif guesses needs one on "
            "the way to the present step (step or run past a guess)."
        )
    text = shape == "text"
    total = sum(len(g.others) for g in guesses)
    geo = session.geo
    found: list[wi.Row] = []
    kept: list[int] = []  # the experiments of the rows (--keep)
    lines: list[str] = []
    try:
        if text:
            hooks.doing = "whatif guesses: the search as taken"
            lines.append(wi.taken_line(wi.as_taken(session, guesses, hooks, cap)))
        if keep:
            rows: Iterator[tuple[wi.Row, int | None]] = wi.kept_rows(session, guesses, hooks, cap)
        else:
            rows = ((row, None) for row in wi.rows(session, guesses, hooks, cap))
        while True:
            hooks.doing = f"whatif guesses: row {len(found) + 1} of {total}"
            done = next(rows, None)
            if done is None:
                break
            found.append(done[0])
            if done[1] is not None:
                kept.append(done[1])
    except wi.Interrupted:
        pass
    finally:
        hooks.doing = None
    if shape == "csv":
        lines += wi.csv_lines(found, geo)
    elif shape == "json":
        lines += wi.json_lines(found, geo)
    elif found:
        lines += wi.table_lines(found, geo)
    if any(not row.complete for row in found):
        lines.append(
            f"cap: the search went past --max-steps {cap} steps after the guess "
            "and was stopped there."
        )
    if kept:
        lines.append(
            f"Kept the rows as experiments {_numbers(kept)}, in the rows' order (experiments "
            "lists them; compare N puts one beside the present)."
        )
    if len(found) < total:
        left = "the present is as it was" if kept else "nothing changed"
        lines.append(f"Interrupted after {len(found)} of {total} rows; {left}.")
    if not keep:
        repl.script.failed()  # it changed nothing: a replay (save-session) has no use for it
    repl.lines(lines)


def _numbers(numbers: list[int]) -> str:
    """``2 to 16`` for a run of numbers, else ``2, 5, 7``."""
    if len(numbers) > 1 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]} to {numbers[-1]}"
    return ", ".join(map(str, numbers))
