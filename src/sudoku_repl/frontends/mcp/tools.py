"""The MCP server's tools, each declared once here: its name, the shell's command it
runs (whose declaration gives the description and each argument's words) or its own
description where the shell has none, its arguments' JSON schema and the command line it
makes of them. Nothing here imports the SDK."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from sudoku_repl.commands.declared.board import BOARD
from sudoku_repl.commands.declared.debugger import GOTO
from sudoku_repl.commands.declared.difficulty import DIFFICULTY
from sudoku_repl.commands.declared.hint_check import HINT
from sudoku_repl.commands.declared.making import GENERATE
from sudoku_repl.commands.declared.original import LEVELS, LOAD_QUIZ, RUN, RUNTIL, STEP
from sudoku_repl.commands.spec import Command
from sudoku_repl.core.errors import MOST_CHARS, UserError, too_long
from sudoku_repl.tools.judging.judge import DEFAULT_BUDGET, MAX_ER
from sudoku_repl.tools.judging.moves import FORM

Arguments = Mapping[str, Any]


class Tool(NamedTuple):
    """A tool: ``command``, the shell's command whose declaration it takes its help from
    (None: ``about`` says what it does); ``properties`` and ``required``, its arguments'
    schema; ``line``, the shell's command line it runs (None: the session answers it itself,
    ``agent``); ``reads_files``: whether it reads a file the client names (the server asks
    the client's folders for it, ``server``)."""

    name: str
    command: Command | None
    properties: Mapping[str, Mapping[str, Any]]
    required: tuple[str, ...] = ()
    line: Callable[[Arguments], str] | None = None
    about: str = ""
    reads_files: bool = False

    @property
    def description(self) -> str:
        """The command's summary and help (their paragraphs unwrapped), else ``about``."""
        if self.command is None:
            return self.about
        said = f"{self.command.summary[0].upper()}{self.command.summary[1:]}. {self.command.help}"
        return re.sub(r"(?<!\n)\n(?!\n)", " ", said + (f"\n\n{self.about}" if self.about else ""))

    def check(self, arguments: Arguments) -> None:
        """``UserError`` (one line) for arguments the schema does not take: a name it does not
        know, one it needs and lacks, a value of another type (a client may send anything: a
        word of a command line is never made of one)."""
        for name in self.required:
            if name not in arguments:
                raise UserError(f"{self.name} needs {name}: {self.properties[name]['description']}")
        for name, value in arguments.items():
            spec = self.properties.get(name)
            if spec is None:
                known = ", ".join(self.properties) or "none"
                raise UserError(f"{self.name} takes no argument {name!r} (its arguments: {known})")
            kinds = _TYPES[spec["type"]]
            if isinstance(value, bool) != (bool in kinds) or not isinstance(value, kinds):
                raise UserError(f"{self.name}: {name} is {spec['type']}, not {value!r:.40}")
            longer = (
                too_long(f"{self.name}: {name}", len(value)) if isinstance(value, str) else None
            )
            if longer is not None:  # (refused by its size: nothing reads it)
                raise UserError(longer)

    @property
    def schema(self) -> dict[str, Any]:
        """The arguments' JSON schema (no other argument taken; a text ``MOST_CHARS`` long at
        most)."""
        return {
            "type": "object",
            "properties": {
                name: {**spec, "maxLength": MOST_CHARS} if spec["type"] == "string" else dict(spec)
                for name, spec in self.properties.items()
            },
            "required": list(self.required),
            "additionalProperties": False,
        }


def what(command: Command, key: str) -> str:
    """What the command's declaration says an argument (by its key) is."""
    for form in command.forms:
        for word in form:
            if not isinstance(word, str) and word.key == key:
                return word.what
    raise LookupError(f"{command.name} declares no argument {key!r}")


#: the Python types of each JSON schema type a tool's argument has
_TYPES: dict[str, tuple[type, ...]] = {
    "integer": (int,),
    "number": (int, float),
    "string": (str,),
    "boolean": (bool,),
}


def _words(name: str, *words: object) -> str:
    """A command line: the name and the words given (None left out)."""
    return " ".join([name, *(str(word) for word in words if word is not None)])


def _quoted(value: object) -> str:
    """A text as one word of a command that reads its words as a shell does (``load-quiz``,
    ``generate``): blanks and quotes in it stay in it."""
    return shlex.quote(str(value))


def _plain(name: str, value: object) -> str:
    """A text as one word of a command that splits its words at blanks (``difficulty``'s
    comma list): one with a blank is refused."""
    text = str(value)
    if not text or any(c.isspace() for c in text):
        raise UserError(f"{name} is one word (a comma list: te,b), not {text!r:.40}")
    return text


_CELL = {"type": "string", "description": "a cell as r4c5 (row 4, column 5)"}


def _budget(past: str) -> dict[str, Any]:
    """A long call's time budget: its schema, saying what comes past it."""
    return {
        "type": "number",
        "exclusiveMinimum": 0,
        "description": f"the seconds the call may take (default {DEFAULT_BUDGET:g}): past "
        f"them {past}",
    }


_VALUE = {"type": "integer", "minimum": 1, "maximum": 9, "description": "a value 1..9"}

TOOLS = (
    Tool(
        "load_quiz",
        LOAD_QUIZ,
        {
            "quiz": {
                "type": "string",
                "description": "81 characters (0 or . an empty cell), a 729-character "
                "pencil-mark line, or a file",
            },
            "number": {"type": "integer", "minimum": 1, "description": what(LOAD_QUIZ, "N")},
        },
        ("quiz",),
        lambda a: _words(LOAD_QUIZ.name, _quoted(a["quiz"]), a.get("number")),
        reads_files=True,
    ),
    Tool(
        "board",
        BOARD,
        {},
        line=lambda a: BOARD.name,
        about="Structured: the step, the guess level, the givens and values (81 digits, 0 for "
        "none) and each cell's candidates.",
    ),
    Tool(
        "step",
        STEP,
        {"count": {"type": "integer", "minimum": 1, "description": what(STEP, "n")}},
        line=lambda a: _words(STEP.name, a.get("count")),
    ),
    Tool(
        "runtil",
        RUNTIL,
        {"steps": {"type": "integer", "minimum": 0, "description": what(RUNTIL, "steps")}},
        ("steps",),
        lambda a: _words(RUNTIL.name, a["steps"]),
    ),
    Tool("run", RUN, {}, line=lambda a: RUN.name),
    Tool(
        "goto",
        GOTO,
        {"step": {"type": "integer", "minimum": 0, "description": what(GOTO, "step")}},
        ("step",),
        lambda a: _words(GOTO.name, a["step"]),
        about="Going to an earlier step is undo: the record keeps the steps after it.",
    ),
    Tool("levels", LEVELS, {}, line=lambda a: LEVELS.name),
    Tool(
        "place",
        None,
        {"cell": _CELL, "value": _VALUE},
        ("cell", "value"),
        about="Place a value in an empty cell by hand, as if it were given (the shell's set "
        "cell [r,c]=v): a what-if edit, which begins an experiment; goto an earlier step "
        "undoes it.",
    ),
    Tool(
        "eliminate",
        None,
        {"cell": _CELL, "value": _VALUE},
        ("cell", "value"),
        about="Remove a candidate from an empty cell by hand (the shell's set removed v "
        "[r,c]): a what-if edit, as place.",
    ),
    Tool(
        "check_move",
        None,
        {
            "move": {"type": "string", "description": FORM},
            "max_er": {
                "type": "number",
                "minimum": 1.0,
                "maximum": MAX_ER,
                "description": f"the hardest rating (Sudoku Explainer's ER) of a technique that "
                f"may justify the move (default {MAX_ER}: every technique)",
            },
            "budget": _budget("the verdict is unproven, reason budget"),
        },
        ("move",),
        about="Judge a move from the present state without making it, and without revealing "
        "the solution: verdict justified (a technique of Sudoku Explainer rated up to max_er "
        "makes it now: the technique and rating are named), not_yet (the move agrees with the "
        "solution, but no such technique makes it now) or wrong (it contradicts the puzzle: "
        "the contradiction the engine finds once it is made is named), or unproven with reason "
        "budget when the time budget ran out first. A long judgement reports progress and "
        "stops at a cancel.",
    ),
    Tool(
        "hint",
        HINT,
        {
            "level": {
                "type": "integer",
                "minimum": 1,
                "maximum": 3,
                "description": what(HINT, "level"),
            },
            "budget": _budget("no hint is given, and the answer says so"),
        },
        line=lambda a: _words(HINT.name, "se", a.get("level")),
        about="This tool gives hint se [level]: Sudoku Explainer's next step, searched for "
        "budget seconds at most.",
    ),
    Tool(
        "all_steps",
        HINT,
        {},
        line=lambda a: _words(HINT.name, "se", "all"),
        about="This tool gives hint se all: every step Sudoku Explainer offers at the present "
        "state, easiest first, one a line (a hint: nothing of the solution beyond what the "
        "steps themselves show).",
    ),
    Tool(
        "rate",
        None,
        {"quiz": {"type": "boolean", "description": "the loaded quiz, not the present state"}},
        line=lambda a: _words(DIFFICULTY.name, "quiz" if a.get("quiz") else None, "--measures se"),
        about="Sudoku Explainer's rating (ER/EP/ED, its bottlenecks and techniques) of the "
        "present state, or of the loaded quiz: difficulty --measures se. Reports progress; a "
        "cancel stops it.",
    ),
    Tool(
        "difficulty",
        DIFFICULTY,
        {
            "quiz": {"type": "boolean", "description": "the loaded quiz, not the present state"},
            "measures": {"type": "string", "description": what(DIFFICULTY, "measures")},
        },
        line=lambda a: _words(
            DIFFICULTY.name,
            "quiz" if a.get("quiz") else None,
            f"--measures {_plain('measures', a['measures'])}" if "measures" in a else None,
        ),
    ),
    Tool(
        "generate",
        GENERATE,
        {
            "er": {"type": "string", "description": "an ER range: 2.0-4.0, 9.0-"},
            "level": {"type": "string", "description": "a range of the biggest guess level"},
            "technique": {"type": "string", "description": "a technique the path must use"},
            "count": {"type": "integer", "minimum": 1, "description": "how many (default 1)"},
            "seed": {
                "type": "integer",
                "minimum": 0,
                "description": "the same seed, the same puzzles",
            },
        },
        line=lambda a: _words(
            GENERATE.name,
            *(
                f"--{key} {_quoted(a[key])}"
                for key in ("er", "level", "technique", "seed")
                if key in a
            ),
            f"--count {a.get('count', 1)}",
        ),
    ),
)

BY_NAME = {tool.name: tool for tool in TOOLS}
