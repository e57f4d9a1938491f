"""``solve ilp``: the present position as the seed's 0-1 program, solved by HiGHS
(``tools/ilp/highs``), said in the shell's words. Declared in ``declared/solve.py``."""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_repl.core.errors import UserError
from sudoku_repl.core.geometry import Geometry
from sudoku_repl.text.render import grid_lines
from sudoku_repl.text.words import counted
from sudoku_repl.tools.ilp.highs import End, IlpResult, session_model
from sudoku_repl.tools.ilp.highs import solve as solve_model

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl

#: the count of solutions sought when ``--count`` is not given: enough to say "unique"
DEFAULT_COUNT = 2


def solve(repl: Repl, count: int | None = None, time_limit: float | None = None) -> None:
    from sudoku_repl.commands.declared.solve import SOLVE

    if count == 0:
        raise UserError(f"solve ilp --count needs a whole number >= 1: {SOLVE.form}")
    session = repl.require_quiz()
    model = session_model(session)
    hooks = repl.hooks
    hooks.doing = "solve ilp: HiGHS at work"
    try:
        result = solve_model(
            model, count or DEFAULT_COUNT, time_limit, hooks.interrupted, hooks.tick
        )
    finally:
        hooks.doing = None
    repl.lines(result_lines(result, session.geo, time_limit))


def result_lines(result: IlpResult, geo: Geometry, time_limit: float | None = None) -> list[str]:
    """What ``solve ilp`` says: the first solution's grid, whether it is unique, HiGHS's
    figures."""
    step = 0 if result.step is None else result.step
    found = result.solutions
    lines: list[str] = []
    if found:
        lines.append(f"A solution from step {step} (HiGHS):")
        lines += grid_lines(found[0], geo)
    lines.append(_verdict(result, step, time_limit))
    if len(found) > 1:
        lines.append(_difference(found[0], found[1], geo))
    lines.append(_figures(result))
    return lines


def _verdict(result: IlpResult, step: int, time_limit: float | None) -> str:
    found, end, count = len(result.solutions), result.end, result.count
    if end is End.INTERRUPTED:
        return f"Interrupted after {counted(found, 'solution')} found; nothing changed."
    if end is End.TIME_LIMIT:
        seconds = f"{time_limit:g} s" if time_limit is not None else ""
        if not found:
            return f"No solution found within the time limit ({seconds})."
        more = "not unique" if found > 1 else "whether it is unique is not known"
        return f"The time limit ({seconds}) came after {counted(found, 'solution')}: {more}."
    if not found:
        givens = "the givens" if result.step in (None, 0) else "the candidates there"
        return f"No solution from step {step}: {givens} leave none."
    if end is End.ALL_FOUND:
        if found == 1:
            return "Unique: with it cut off, HiGHS finds no other solution."
        return f"Not unique: exactly {found} solutions."
    if count == 1:
        return "One solution sought (--count 1): whether it is unique is not asked."
    return f"Not unique: {found} solutions found, the count asked for (--count {count})."


def _difference(first: Sequence[int], second: Sequence[int], geo: Geometry) -> str:
    cells = [c for c, (a, b) in enumerate(zip(first, second)) if a != b]
    shown = " ".join(f"{geo.cell_name(c)}={second[c]}" for c in cells)
    return f"A second solution differs in {len(cells)} cells: {shown}"


def _figures(result: IlpResult) -> str:
    statuses: dict[str, int] = {}
    for run in result.runs:
        statuses[run.status] = statuses.get(run.status, 0) + 1
    said = ", ".join(f"{n} {status}" for status, n in statuses.items())
    return (
        f"HiGHS {result.version}: {counted(len(result.runs), 'run')} ({said}), "
        f"{result.seconds * 1000:.0f} ms, {counted(result.nodes, 'branch-and-bound node')}."
    )
