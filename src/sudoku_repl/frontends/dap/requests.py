"""What the adapter answers and how (``REQUESTS``), what it announces (``CAPABILITIES``), and
the shell's command lines of a ``launch``."""

from __future__ import annotations

import json
import shlex
from typing import Any, TypeGuard

from sudoku_repl.commands.declared.original import LOAD_QUIZ
from sudoku_repl.core.errors import UserError, shown

#: the one thread's id
THREAD = 1
#: how each request is served: ``now`` in the reader thread; ``reads`` (it only looks), ``job``
#: and ``steps`` by the worker, in order. While the guess question waits, the worker takes them
#: in order there: ``reads`` served (a console line is the answer), ``steps`` refused, ``job``
#: kept for after the command that asks.
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
    "sudokuCell": "reads",  # custom: a cell in words, and the step that set it (cells.py)
    "sudokuTimeline": "reads",  # custom: the level over steps, for a scrubber (board.py)
}

#: the arguments a request may give that DAP declares integers (a thread, a frame id, a
#: variables reference, a line, a column, a count): each is checked once, before the request is
#: served (``wrong_integer``), since Python's bool is an int and JSON's true is not
INTEGERS: dict[str, tuple[str, ...]] = {
    "stackTrace": ("threadId", "startFrame", "levels"),
    "scopes": ("frameId",),
    "variables": ("variablesReference", "start", "count"),
    "evaluate": ("frameId",),
    "completions": ("frameId", "line", "column"),
    "setVariable": ("variablesReference",),
    "dataBreakpointInfo": ("variablesReference", "frameId"),
    "gotoTargets": ("line", "column"),
    "goto": ("threadId", "targetId"),
    "cancel": ("requestId",),
    "sudokuBoard": ("frameId",),
    "sudokuTimeline": ("columns",),
    **dict.fromkeys(
        ("next", "stepIn", "stepOut", "continue", "stepBack", "reverseContinue", "pause"),
        ("threadId",),
    ),
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
    """The shell's command lines of a launch: the quiz first, then the settings it gives. Each
    is checked here, before anything is loaded (the settings parsed as their commands parse
    them), so that a launch refused leaves the session as it was."""
    from sudoku_repl.commands.declared.original import RULES_OPTION
    from sudoku_repl.commands.table import lookup, ready
    from sudoku_repl.core.rules import parse as parse_rules
    from sudoku_repl.text.quiz_files import inline_position

    program, quiz = args.get("program"), args.get("quiz")
    if isinstance(program, str) and program:
        lines = [f"{LOAD_QUIZ.name} {shlex.quote(program)}"]
    elif isinstance(quiz, str) and quiz.strip():
        if inline_position(quiz.strip(), check=False) is None:
            raise UserError(f"launch's quiz is the quiz itself ({QUIZ_FORMS}), not "
                            f"{shown(quiz.strip())!r}; a quiz file goes in program.")  # fmt: skip
        typed = quiz.strip()
        if typed.startswith("{"):  # f-puzzles' JSON: one word, on one line
            typed = shlex.quote(" ".join(typed.split()))
        lines = [f"{LOAD_QUIZ.name} {typed}"]
    else:
        raise UserError(
            f"launch needs program (a quiz file, in any form load-quiz reads) or quiz ({QUIZ_FORMS})."
        )
    rules = args.get("rules")
    if rules is not None:
        if not isinstance(rules, str):
            raise UserError(
                f"launch's rules are words ({RULES_OPTION}'s: \"x,windoku\"), not {json_said(rules)}."
            )
        parse_rules(rules)  # (refused here, in the words of load-quiz's refusal)
        lines[0] += f" {shlex.quote(f'{RULES_OPTION}={rules}')}"
    for key, command in (("runMode", "run-mode"), ("guessMode", "guess-mode")):
        value = args.get(key)
        if value is None:
            continue
        if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
            value = value.strip()  # (a string of digits: what VS Code's inputs give)
        elif not isinstance(value, int) or isinstance(value, bool):
            raise UserError(f"launch's {key} is a number ({command}), not {json_said(value)}.")
        lines.append(f"{command} {value}")
    trace = args.get("trace")
    if isinstance(trace, bool):
        lines.append(f"set trace {'on' if trace else 'off'}")
    elif trace is not None:
        lines.append(f"set trace {_word(trace)}")
    names = args.get("names")
    if names is not None:
        lines.append(f"set names {_word(names)}")
    ready()  # (the run modes are known)
    for line in lines[1:]:
        name, _, rest = line.partition(" ")
        setting = lookup(name)
        assert setting is not None
        setting.parse(rest)
    return lines


#: what launch's quiz may be
QUIZ_FORMS = (
    "its 81-character line, 1-9 and 0 or . for an empty cell; or a candidate string, a HoDoKu "
    "library line, inline grids, f-puzzles' JSON or link"
)


def _word(value: object) -> str:
    """A setting's value as a word of its command (a string; anything else as JSON, which the
    command refuses in its words)."""
    return shown(value) if isinstance(value, str) else json_said(value)


def json_said(value: object) -> str:
    """``value`` as the launch configuration wrote it: ``"2"`` (a string), ``true``, ``[1]``."""
    text = json.dumps(value, ensure_ascii=False)
    return shown(text) + (" (a string)" if isinstance(value, str) else "")


def whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a JSON integer (Python's bool is an int; JSON's true is not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def wrong_integer(command: str, args: dict[str, Any]) -> str | None:
    """Why an argument of ``command`` that is an integer (``INTEGERS``) is refused, in JSON's
    words (``frameId: true`` is no frame 1); None: each is an integer, or absent."""
    for key in INTEGERS.get(command, ()):
        value = args.get(key)
        if value is not None and not whole(value):
            return f"{command}'s {key} is an integer, not {json_said(value)}."
    return None


def count(value: object) -> int:
    """``startFrame`` or ``levels``: 0 unless a whole number above 0."""
    return value if whole(value) and value > 0 else 0
