"""How a refused command's line is worded: one place, read by dispatch (a command refused) and by
the session hooks (a guess answer refused), so neither imports the other."""

from __future__ import annotations

from sudoku_repl.core.errors import RecordCut, UserError


def said(e: UserError) -> str:
    """The line of a refused command: a step before the kept record says where goto and back
    still go."""
    if isinstance(e, RecordCut):
        return f"{e.line}; goto and back take steps from {e.first} on"
    return e.line
