"""What the adapter answers and how (``REQUESTS``), what it announces (``CAPABILITIES``), and
the shell's command lines of a ``launch``."""

from __future__ import annotations

import shlex
from typing import Any

from sudoku_repl.commands.declared.original import LOAD_QUIZ
from sudoku_repl.core.errors import UserError, shown

#: how each request is served: ``now`` in the reader thread; ``reads`` (it only looks), ``job``
#: and ``steps`` by the worker, in order. While the guess question waits (the worker is blocked
#: in it), ``reads`` are served by the reader, ``steps`` refused, ``job`` waits its turn.
REQUESTS = {
    "initialize": "now",
    "threads": "now",
    "pause": "now",
    "cancel": "now",
    "terminate": "now",
    "disconnect": "now",
    "attach": "now",
    "launch": "steps",
    "restart": "steps",
    "configurationDone": "steps",
    "next": "steps",
    "stepIn": "steps",
    "stepOut": "steps",
    "continue": "steps",
    "stepBack": "steps",
    "reverseContinue": "steps",
    "goto": "steps",
    "stackTrace": "reads",
    "scopes": "reads",
    "variables": "reads",
    "evaluate": "reads",
    "completions": "reads",
    "setVariable": "job",
    "setBreakpoints": "job",
    "setFunctionBreakpoints": "job",
    "setExceptionBreakpoints": "job",
    "dataBreakpointInfo": "reads",
    "setDataBreakpoints": "job",
    "gotoTargets": "reads",
    "sudokuBoard": "reads",  # custom: the board of a frame as data (board.py)
}

CAPABILITIES = {
    "supportsConfigurationDoneRequest": True,
    "supportsFunctionBreakpoints": True,
    "supportsConditionalBreakpoints": True,
    "supportsHitConditionalBreakpoints": True,
    "supportsDataBreakpoints": True,
    "supportsStepBack": True,
    "supportsRestartRequest": True,
    "supportsTerminateRequest": True,
    "supportsGotoTargetsRequest": True,
    "supportsCompletionsRequest": True,
    "completionTriggerCharacters": [" ", "["],
    "supportsSetVariable": True,
    "supportsEvaluateForHovers": True,
    "supportsCancelRequest": True,
    "exceptionBreakpointFilters": [],
    "supportsSudokuBoardRequest": True,  # custom: the sudokuBoard request (board.py)
}


def launch_lines(args: dict[str, Any]) -> list[str]:
    """The shell's command lines of a launch: the quiz first, then the settings it gives."""
    program, quiz = args.get("program"), args.get("quiz")
    if isinstance(program, str) and program:
        lines = [f"{LOAD_QUIZ.name} {shlex.quote(program)}"]
    elif isinstance(quiz, str) and quiz.strip():
        lines = [f"{LOAD_QUIZ.name} {quiz.strip()}"]
    else:
        raise UserError(
            "launch needs program (a quiz file, in any form load-quiz reads) or quiz "
            "(the 81-character line)."
        )
    for key, command in (("runMode", "run-mode"), ("guessMode", "guess-mode")):
        value = args.get(key)
        if value is not None:
            if not isinstance(value, int) or isinstance(value, bool):
                raise UserError(f"launch's {key} is a number ({command}), not {shown(str(value))}.")
            lines.append(f"{command} {value}")
    trace = args.get("trace")
    if isinstance(trace, bool):
        lines.append(f"set trace {'on' if trace else 'off'}")
    elif trace is not None:
        lines.append(f"set trace {shown(str(trace))}")
    names = args.get("names")
    if names is not None:
        lines.append(f"set names {shown(str(names))}")
    return lines


def count(value: object) -> int:
    """``startFrame`` or ``levels``: 0 unless a whole number above 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0
