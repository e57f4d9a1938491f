"""The MCP server's tools, each declared once here: its name, the shell's command it runs (whose
summary begins its description) or None, what it does with the arguments its schema takes, its
arguments' JSON schema, the schema of its structured answer and the command line it makes of the
arguments. Nothing here imports the SDK."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from sudoku_repl.commands.declared.board import BOARD
from sudoku_repl.commands.declared.debugger import GOTO
from sudoku_repl.commands.declared.difficulty import DIFFICULTY
from sudoku_repl.commands.declared.hint_check import HINT
from sudoku_repl.commands.declared.making import GENERATE
from sudoku_repl.commands.declared.original import (
    LEVELS,
    LOAD_QUIZ,
    RULES_OPTION,
    RUN,
    RUNTIL,
    STEP,
)
from sudoku_repl.commands.spec import Command
from sudoku_repl.core.errors import MOST_CHARS, UserError, too_long
from sudoku_repl.tools.judging.judge import DEFAULT_BUDGET, MAX_ER, Verdict
from sudoku_repl.tools.judging.moves import CELL_PATTERN, FORM, MOVE_PATTERN

Arguments = Mapping[str, Any]

#: where the session is: every tool's structured answer has it (``agent``)
WHERE: Mapping[str, Mapping[str, Any]] = {
    "step": {"type": "integer", "minimum": 0, "description": "the present step"},
    "level": {"type": "integer", "minimum": 0, "description": "the guess level"},
    "solutions": {"type": "integer", "minimum": 0, "description": "the solutions found"},
}
#: the board as data, beside where the session is
BOARD_DATA: Mapping[str, Mapping[str, Any]] = {
    **WHERE,
    "givens": {"type": "string", "pattern": "^[0-9]{81}$", "description": "81 digits, 0: none"},
    "values": {"type": "string", "pattern": "^[0-9]{81}$", "description": "81 digits, 0: none"},
    "candidates": {
        "type": "array",
        "minItems": 81,
        "maxItems": 81,
        "items": {"type": "string", "pattern": "^[1-9]*$"},
        "description": "each cell's candidates, row by row: none for a cell with a value",
    },
    "rules": {
        "type": "string",
        "description": "the variant rules it is played by, as load_quiz's rules ('': classic)",
    },
}
#: a move's judgement (``Judgement.to_json``)
JUDGEMENT: Mapping[str, Mapping[str, Any]] = {
    "move": {"type": "string", "description": "the move, as r4c5=7 or r4c5<>7"},
    "verdict": {"type": "string", "enum": [verdict.value for verdict in Verdict]},
    "technique": {"type": "string", "description": "what justifies the move, or rules it out"},
    "rating": {"type": "number", "description": "the technique's ER"},
    "contradiction": {"type": "string", "description": "why a wrong move is wrong"},
    "reason": {"type": "string", "description": "why a move is unproven: budget, the time ran out"},
}


class Tool(NamedTuple):
    """A tool: ``command``, the shell's command it runs, whose summary begins its description
    (None: ``about`` alone says what it does); ``about``, what it does with its arguments;
    ``properties`` and ``required``, its arguments' schema; ``line``, the shell's command line
    it runs (None: the session answers it itself, ``agent``); ``answer``, its structured
    answer's properties (all of them given but a judgement's); ``shows``, what of the
    solution it shows, which the sealed mode does not answer (none: ""); ``walks``, whether it
    moves the search, which the sealed mode keeps to the solver's deductions; ``reads_files``:
    whether it reads a file the client names (the server asks the client's folders for it,
    ``server``)."""

    name: str
    command: Command | None
    about: str
    properties: Mapping[str, Mapping[str, Any]]
    required: tuple[str, ...] = ()
    line: Callable[[Arguments], str] | None = None
    answer: Mapping[str, Mapping[str, Any]] = WHERE
    shows: str = ""
    walks: bool = False
    reads_files: bool = False

    @property
    def description(self) -> str:
        """The command's summary, then what the tool does with its arguments."""
        if self.command is None:
            return self.about
        summary = self.command.summary
        return f"{summary[0].upper()}{summary[1:]}. {self.about}"

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

    @property
    def output_schema(self) -> dict[str, Any]:
        """The JSON schema of the structured answer (MCP's ``outputSchema``)."""
        always = [name for name in self.answer if self.answer is not JUDGEMENT or name in _SAID]
        return {
            "type": "object",
            "properties": {name: dict(spec) for name, spec in self.answer.items()},
            "required": always,
            "additionalProperties": False,
        }


#: what every judgement says
_SAID = ("move", "verdict")


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


def _one_line(value: object) -> str:
    """A quiz as a command line's word: f-puzzles' JSON, written over lines, on one (its line
    ends are blanks between its tokens)."""
    text = str(value)
    if text.lstrip().startswith("{"):
        return " ".join(text.split())
    return text


def _plain(name: str, value: object) -> str:
    """A text as one word of a command that splits its words at blanks (``difficulty``'s
    comma list): one with a blank is refused."""
    text = str(value)
    if not text or any(c.isspace() for c in text):
        raise UserError(f"{name} is one word (a comma list: te,b), not {text!r:.40}")
    return text


_CELL = {
    "type": "string",
    "pattern": CELL_PATTERN,
    "description": "a cell as r4c5 (row 4, column 5; R and C in either case, blanks around "
    "the parts allowed)",
}


def _budget(past: str) -> dict[str, Any]:
    """A long call's time budget: its schema, saying what comes past it."""
    return {
        "type": "number",
        "exclusiveMinimum": 0,
        "description": f"the seconds the call may take (default {DEFAULT_BUDGET:g}): past "
        f"them {past}",
    }


_VALUE = {"type": "integer", "minimum": 1, "maximum": 9, "description": "a value 1..9"}
_QUIZ = {"type": "boolean", "description": "the loaded quiz, not the present state"}
#: a walk's answer (``step``, ``runtil``, ``goto``) in sealed mode
_SEALED_WALK = (
    " In sealed mode (the server's default) a walk that would reach the solver's first guess or "
    "a solution is refused, the session left where it was."
)

TOOLS = (
    Tool(
        "load_quiz",
        LOAD_QUIZ,
        "quiz: 81 characters (0 or . an empty cell), a 729-character pencil-mark line, "
        "f-puzzles' JSON or link (its rules with it), or a file (the nine-line format, one quiz "
        "a line, SadMan .sdk, Simple Sudoku .ss, HoDoKu library lines, a '# rules:' line, "
        "f-puzzles .json); number: which quiz of a file (default the first); rules: the "
        "variant rules it is played by, in place of its own (x, windoku, dg, antiknight, "
        "jigsaw=MAP...: docs/variants.md). The candidates are worked out at once (step 1), so "
        "eliminate works from the start.",
        {
            "quiz": {
                "type": "string",
                "description": "81 characters (0 or . an empty cell), a 729-character "
                "pencil-mark line, f-puzzles' JSON or link, or a file",
            },
            "number": {"type": "integer", "minimum": 1, "description": what(LOAD_QUIZ, "N")},
            "rules": {
                "type": "string",
                "description": "the variant rules, words apart by commas: x,windoku (as "
                f"load-quiz {RULES_OPTION}= takes them)",
            },
        },
        ("quiz",),
        lambda a: _words(
            LOAD_QUIZ.name,
            _quoted(_one_line(a["quiz"])),
            a.get("number"),
            None if a.get("rules") is None else _quoted(f"{RULES_OPTION}={a['rules']}"),
        ),
        reads_files=True,
    ),
    Tool(
        "board",
        BOARD,
        "The present state as a pencil-mark grid (text) and as data: the step, the guess "
        "level, the solutions found, the givens and values (81 digits, 0 for none) and each "
        "cell's candidates.",
        {},
        line=lambda a: BOARD.name,
        answer=BOARD_DATA,
    ),
    Tool(
        "step",
        STEP,
        "count: how many of the solver's steps (default 1): their trace lines, then the "
        "state." + _SEALED_WALK,
        {"count": {"type": "integer", "minimum": 1, "description": what(STEP, "n")}},
        line=lambda a: _words(STEP.name, a.get("count")),
        walks=True,
    ),
    Tool(
        "runtil",
        RUNTIL,
        "steps: the step count to run to (one below the present replays the record up to "
        "it)." + _SEALED_WALK,
        {"steps": {"type": "integer", "minimum": 0, "description": what(RUNTIL, "steps")}},
        ("steps",),
        lambda a: _words(RUNTIL.name, a["steps"]),
        walks=True,
    ),
    Tool(
        "run",
        RUN,
        "The search to its next solution or its end, with its trace lines. Open mode only: "
        "the sealed mode (the server's default) refuses it.",
        {},
        line=lambda a: RUN.name,
        shows="it runs the search to the solution",
    ),
    Tool(
        "goto",
        GOTO,
        "step: the step to go to, backwards or forwards; going to an earlier step is undo "
        "(the record keeps the steps after it)." + _SEALED_WALK,
        {"step": {"type": "integer", "minimum": 0, "description": what(GOTO, "step")}},
        ("step",),
        lambda a: _words(GOTO.name, a["step"]),
        walks=True,
    ),
    Tool(
        "levels",
        LEVELS,
        "One line a guess level, deepest first: the cell, the value tried, its place among "
        "the cell's candidates.",
        {},
        line=lambda a: LEVELS.name,
    ),
    Tool(
        "place",
        None,
        "Place value in the empty cell by hand, as if it were given (the shell's set cell "
        "[r,c]=v): a what-if edit, which begins an experiment; goto an earlier step undoes it. "
        "Nothing says whether it agrees with the solution.",
        {"cell": _CELL, "value": _VALUE},
        ("cell", "value"),
    ),
    Tool(
        "eliminate",
        None,
        "Remove the candidate value from the empty cell by hand (the shell's set removed v "
        "[r,c]): a what-if edit, as place.",
        {"cell": _CELL, "value": _VALUE},
        ("cell", "value"),
    ),
    Tool(
        "check_move",
        None,
        "Judge move (r4c5=7 places, r4c5<>7 removes) from the present state without making "
        f"it, by Sudoku Explainer's techniques rated up to max_er (default {MAX_ER}: all). "
        "The verdict justified names the technique and rating that make the move now. In "
        "sealed mode (the server's default) the others say only what those techniques prove, "
        "never the solution: wrong (a technique up to max_er rules the move out: named) or "
        "unproven (none makes it or rules it out now, whether it is right or not). In open "
        "mode they are judged against the solution: not_yet (right, not made by such a "
        "technique now) or wrong (the contradiction that follows once it is made). Past its "
        "time budget the verdict is unproven, reason budget. A long judgement reports progress "
        "and stops at a cancel.",
        {
            "move": {"type": "string", "pattern": MOVE_PATTERN, "description": FORM},
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
        answer=JUDGEMENT,
    ),
    Tool(
        "hint",
        HINT,
        "Sudoku Explainer's next step from the present state (the shell's hint se [level]); "
        "level 1 names the technique and where to look, 2 adds the pattern's cells, 3 the "
        "whole deduction; no level: its one line. Searched for budget seconds at most.",
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
    ),
    Tool(
        "all_steps",
        HINT,
        "Every step Sudoku Explainer offers at the present state, easiest first, one a line "
        "(the shell's hint se all: nothing of the solution beyond what the steps themselves "
        "show).",
        {},
        line=lambda a: _words(HINT.name, "se", "all"),
    ),
    Tool(
        "rate",
        None,
        "Sudoku Explainer's rating (ER/EP/ED, its bottlenecks and techniques) of the present "
        "state, or of the loaded quiz with quiz: the dossier's measure se. Reports progress; a "
        "cancel stops it. In sealed mode a state holding moves made by hand is not rated "
        "(whether it has a solution is what a wrong move would show).",
        {"quiz": _QUIZ},
        line=lambda a: _words(DIFFICULTY.name, "quiz" if a.get("quiz") else None, "--measures se"),
    ),
    Tool(
        "difficulty",
        DIFFICULTY,
        "The dossier of the present state, or of the loaded quiz with quiz: one line a "
        "measure; measures: a comma list of steps, se, te, b, backdoors, backdoors2, guess, "
        "spread (default all but backdoors2 and spread). In sealed mode backdoors, backdoors2 "
        "and guess (they name values of the solution) are left out, and refused where asked "
        "for, and a state holding moves made by hand is not measured.",
        {
            "quiz": _QUIZ,
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
        "A minimal puzzle with one solution made to order, printed and loaded (the first of "
        "count): er, a range of Sudoku Explainer's rating; level, of the solver's biggest "
        "guess level; technique, one the rating's path uses; seed, the same puzzles again.",
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
