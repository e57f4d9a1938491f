"""Why the search stopped, for the ``stopped`` event: the DAP reason and a description in the
shell's words, read from the lines the command printed (the stop line a Ctrl-C, a breakpoint,
a guess question called off or a bisection ends with; a solution's ``Fine`` line), else the
present step's trace line."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.commands.stop_lines import STOPS, before_guess
from sudoku_repl.core.state import Status
from sudoku_repl.frontends.dap.frames import present_line

#: the line of a stop at a breakpoint (``commands/running.breakpoint_lines``)
BREAKPOINT_LINE = re.compile(
    r"(?:Breakpoint|Temporary breakpoint|Watchpoint) \d+: .* at step \d+\."
)
#: a solution's line (``text/render``)
FINE = "Fine ["


class Stop(NamedTuple):
    """The ``stopped`` event's reason, description and the breakpoints it is at."""

    reason: str
    description: str
    hits: tuple[int, ...] = ()


def why_stopped(
    repl: Repl, lines: Sequence[str], default: str, reason_of: Callable[[int], str]
) -> Stop:
    """The stop after a command that printed ``lines`` (its last ones); ``default``: the
    reason when nothing else says (``step``, ``goto``, ``entry``); ``reason_of``: a breakpoint
    number's reason (``breakpoint``, ``function breakpoint``, ``data breakpoint``)."""
    for line in reversed(lines):
        if line.startswith(STOPS):
            return Stop("pause", line)
    stops = [line for line in lines if BREAKPOINT_LINE.fullmatch(line)]
    hits = repl.at_breakpoints
    if stops and hits:
        return Stop(reason_of(hits[0]), " ".join(stops), hits)
    state = repl.session.state()
    fine = [line for line in lines if line.startswith(FINE)]
    if fine and state.status is Status.SOLVED:
        return Stop("step", fine[-1])
    marker = f" at step {state.steps}"  # a stop line of its own (bisect's)
    back = before_guess(state.steps)  # (reverse-continue's, back before a guess)
    said = [line for line in lines if marker in line or line.startswith(back)]
    return Stop(default, said[-1] if said else present_line(repl))


def ended_line(steps: int) -> str:
    """A stop's description at the end of the search: where it ended, and what is left to do
    there (the record stays: back, reverse-continue, goto; or a restart)."""
    return f"The search ended at step {steps}: step back or restart."
