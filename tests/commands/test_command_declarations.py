"""Each command is declared once (``commands/spec.py``, ``commands/declared/``), and the Order
List, ``help``, completion and argument parsing come from that declaration.
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest

from sudoku_repl.commands import spec
from sudoku_repl.commands.declared import in_order
from sudoku_repl.commands.listing import order_list
from sudoku_repl.commands.table import BARE, commands
from sudoku_repl.core.geometry import CLASSIC
from tests.support.helpers import REPO, Shell, completions

SETTINGS = (
    "set trace on|off | set solutions on|off | set colour on|off|auto | set pagination on|off | "
    "set height <N> | set height auto | set names readalps|standard | set cell [r,c]=v | "
    "set removed v [r,c]"
)

SOURCES = {
    path: path.read_text(encoding="utf-8", errors="replace")
    for path in (REPO / "src" / "sudoku_repl").rglob("*")
    if path.is_file() and path.suffix in (".py", ".txt", ".md", ".json", ".toml")
}


def files_saying(text: str) -> list[Path]:
    return [path for path, source in SOURCES.items() if text in source]


def test_the_table_is_the_declarations_in_order_list_order() -> None:
    """(conftest.py calls ``register_all``.) The original ten first, ``bye`` tenth."""
    assert list(commands()) == [cmd.name for cmd in in_order()]
    assert list(commands())[:11] == [
        "load-quiz",
        "show",
        "levels",
        "run-mode",
        "guess-mode",
        "step",
        "run",
        "runtil",
        "runrun",
        "bye",
        "help",
    ]
    names = [cmd.name for cmd in in_order()]
    aliases = [alias for cmd in in_order() for alias in cmd.aliases]
    assert len(set(names)) == len(names)
    assert len(set(aliases)) == len(aliases)
    assert not set(names) & set(aliases)


@pytest.mark.parametrize("name", [cmd.name for cmd in in_order()])
def test_every_usage_and_summary_help_lists_is_written_in_one_file(name: str) -> None:
    """The source text of every file under ``sudoku_repl/`` is searched: a usage with arguments
    and a summary are written in one file (the declaration) or, a usage, derived there from the
    declared forms (then no file spells it out). A one-word usage is the command's name, and a
    one-word summary (``quit``) a word, which other code may say."""
    cmd = commands()[name]
    listed = " ".join(line.strip() for line in order_list())  # (a long entry takes lines)
    assert f"{cmd.usage}: {cmd.summary}" in listed
    declared = REPO / "src" / "sudoku_repl" / "commands" / "declared"
    if len(cmd.summary.split()) > 1:
        assert [p.parent for p in files_saying(cmd.summary)] == [declared], cmd.summary
    if len(cmd.usage.split()) > 1:
        where = files_saying(cmd.usage)
        if not where:
            assert cmd.usage == spec.form_text(cmd.name, cmd.forms)
        else:
            assert [p.parent for p in where] == [declared], (cmd.usage, where)


def test_handler_modules_declare_nothing_and_their_handlers_resolve() -> None:
    for cmd in in_order():
        module, _, function = cmd.handler_path.partition(":")
        assert module.startswith("sudoku_repl.commands."), cmd
        assert callable(getattr(importlib.import_module(module), function)), cmd
        assert cmd.handler is getattr(importlib.import_module(module), function)
    assert {"sudoku_repl.commands.bare"} == BARE


def test_each_handler_takes_what_its_forms_parse() -> None:
    """A parsed command's handler takes the keys of its forms' arguments (those of only some
    forms, or that may be left out, with a default); a raw one the argument text."""
    for cmd in in_order():
        parameters = list(inspect.signature(cmd.handler).parameters.values())[1:]
        if cmd.raw:
            assert [p.name for p in parameters] == ["arg"], cmd
            continue
        keys = [{w.key for w in form if isinstance(w, spec.Arg)} for form in cmd.forms]
        required = [
            {w.key for w in form if isinstance(w, spec.Arg) and not w.optional}
            for form in cmd.forms
        ]
        everywhere = set.intersection(*required) if required else set()
        somewhere = set.intersection(*keys) if keys else set()
        assert {p.name for p in parameters} == set().union(*keys), cmd
        for p in parameters:
            if p.name in everywhere:
                assert p.default is inspect.Parameter.empty, (cmd, p)
            elif p.name not in somewhere:  # left out by some form: None
                assert p.default is None, (cmd, p)


def test_a_handler_that_is_not_there_is_a_clear_error() -> None:
    stray = spec.Command("nosuch", "a command nobody handles", "sudoku_repl.commands.bare:nosuch")
    with pytest.raises(LookupError, match=r"sudoku_repl\.commands\.bare has no handler 'nosuch'"):
        stray.handler  # noqa: B018 - resolving it is the test


# -- completion and parsing from the same forms ---------------------------------------------


def test_set_completes_its_settings_and_their_values() -> None:
    """``set <Tab>`` offered nothing before the forms were declared once."""
    assert completions("set ") == [
        "set cell",  # the what-if edits
        "set colour",
        "set height",
        "set names",
        "set pagination",
        "set removed",
        "set solutions",
        "set trace",
    ]
    assert completions("set trace ") == ["set trace off", "set trace on"]
    assert completions("set names ") == ["set names readalps", "set names standard"]
    assert completions("set colour a") == ["set colour auto"]
    assert completions("set color ") == ["set color auto", "set color off", "set color on"]
    assert completions("set trace on ") == []
    shell = Shell()
    assert shell.fails("set colour") == [
        "set colour needs one of on, off, auto: set colour on|off|auto"
    ]
    assert shell.fails("set") == ["set needs a setting and a value: " + SETTINGS]
    assert shell.ok("set color off")[2] == "colour off"


def test_info_completes_break_search_and_settings_and_accepts_them() -> None:
    assert completions("info ") == [
        "info break", "info display", "info frame", "info search", "info settings", "info watch"
    ]  # fmt: skip
    shell = Shell()
    assert shell.ok("info break") == ["No breakpoints."]
    assert shell.ok("info settings")[:3] == ["trace on", "solutions on", "colour auto"]
    assert shell.fails("info frames") == [
        "Unknown info word 'frames' (did you mean frame?); info break | info watch | info search | info settings | info frame | info display"
    ]


# For each kind of argument: a word completion offers, parsing takes, and a word parsing refuses
# with the line naming the declared form.
KINDS = [
    ("guess-mode", "1", "x", "guess-mode takes a number, 0 or 1: guess-mode [1|0]"),
    (
        "run-mode",
        "2",
        "9",
        "run-mode takes a run mode (0 grp and ply; 1 grp only; 2 ply only; 3 the book's "
        "theorems 1-4 (Jin Jianming), one conversion per step, a guess when stuck; 4 grp, ply, "
        "then X-Chain and Forcing-Chain; 5 X-Chain and Forcing-Chain only): run-mode [0|1|2|3|4|5]",
    ),
    (
        "info",
        "settings",
        "break x",
        "info break takes nothing more: info break",
    ),
    ("set", "trace off", "trace maybe", "set trace needs one of on, off: set trace on|off"),
    ("help", "runtil", "nosuch", None),
]


@pytest.mark.parametrize(("name", "good", "bad", "line"), KINDS)
def test_completion_offers_what_parsing_takes(
    name: str, good: str, bad: str, line: str | None
) -> None:
    shell = Shell()
    head, _, _ = f"{name} {good}".rpartition(" ")
    assert f"{name} {good}" in completions(f"{head} ")
    shell.ok(f"{name} {good}")
    head, _, _ = f"{name} {bad}".rpartition(" ")
    assert f"{name} {bad}" not in completions(f"{head} ")
    if line is None:
        assert len(shell.fails(f"{name} {bad}")) == 1
        return
    assert shell.fails(f"{name} {bad}") == [line]


# Arguments completion offers nothing for (numbers, nothing at all): the line parsing refuses
# with, the form from the declaration.
REFUSED = [
    ("runtil", "[1,1]", "runtil needs a step count: runtil <steps>"),
    ("runrun", "x", "runrun needs a number of solutions: runrun <sum>"),
    ("goto", "-1", "goto needs a step number: goto <step>"),
    ("back", "x", "back takes a number of steps (1 or more): back [n]"),
    ("undisplay", "x", "undisplay takes a display number: undisplay [n]"),
    ("delete", "x", "delete takes a breakpoint number: delete [n]"),
    ("ignore", "1", "ignore needs a breakpoint and a count: ignore <n> <count>"),
    ("show", "x", "show takes no argument: show"),
    ("continue", "now", "continue takes a count: continue [n]"),
    ("frame", "x", "frame takes a frame number: frame [n]"),
    ("print", "", "print needs a cell: print [r,c]"),
    ("advance", "", "advance needs a step number: advance <step>"),
]


@pytest.mark.parametrize(("name", "bad", "line"), REFUSED)
def test_parsing_refuses_with_the_declared_form(name: str, bad: str, line: str) -> None:
    shell = Shell()
    assert completions(f"{name} ") == []
    assert shell.fails(f"{name} {bad}".strip()) == [line]
    assert not any(c == f"{name} {bad}" for c in completions(f"{name} "))
    assert shell.fails(f"{name} {bad}") == [line]


def test_every_offered_word_parses() -> None:
    """Each word completion offers for an argument (``offers``) is taken by its parser."""
    for cmd in in_order():
        for form in cmd.forms:
            for want in form:
                if isinstance(want, spec.Arg) and want.offers:
                    for offer in want.offers:
                        assert want.parse(offer, "problem", lambda: CLASSIC) is not None, cmd
    set_ = commands()["set"]
    assert set_.match(["colour", "auto"]) == {"setting": "colour", "value": "auto"}
    assert set_.match(["color", "off"]) == {"setting": "colour", "value": "off"}
    assert set_.match(["trace", "auto"]) is None


@pytest.mark.parametrize(("name", "kind"), [("when", "empty"), ("why", "filled")])
def test_the_cells_completion_offers_are_the_cells_parsing_takes(name: str, kind: str) -> None:
    """``when [`` offers the empty cells of the seed (58) and ``why [`` the filled ones (23,
    its givens); each parses; ``removed`` offers the values 1-9, each taken."""
    shell = Shell.loaded()
    offered = completions(f"{name} [", shell.repl)
    assert len(offered) == (81 - 23 if kind == "empty" else 23)
    for line in offered:
        assert _args(commands()[name].parse(line.split(" ", 1)[1])) == {"cell": cell_of(line)}
    values = completions(f"{name} removed ", shell.repl)
    assert values == [f"{name} removed {v}" for v in range(1, 10)]
    assert _args(commands()[name].parse("removed 9 [4, 2]")) == {"value": 9, "cell": 3 * 9 + 1}
    forms = f"{name} [r,c] | {name} removed v [r,c]"
    if name == "when":  # when [r,c]=v is a form of its own
        assert shell.ok("when [4,2]=1") == [
            "No steps recorded yet: the record fills as you step or run."
        ]
        forms = "when [r,c] | when [r,c]=v | when removed v [r,c]"
    else:  # why's forms take options and why wrong
        forms = (
            "why [r,c] [--depth N] [--book] | why removed v [r,c] [--depth N] [--book] "
            "| why wrong [--depth N]"
        )
        assert shell.fails(f"{name} [4,2]=1") == [f"{name} needs a cell: {forms}"]
    assert shell.fails(f"{name} [0,2]") == [
        f"No cell [0,2]: rows and columns go from 1 to 9; {name} needs a cell: {forms}"
    ]


def _args(parsed: dict[str, object]) -> dict[str, object]:
    """The parsed arguments less the options left out (why's --depth, --book)."""
    return {k: v for k, v in parsed.items() if v is not None and v is not False}


def cell_of(line: str) -> int:
    """The cell number of the ``[r,c]`` ending ``line`` (row-major from 0)."""
    r, c = line[line.rindex("[") + 1 : -1].split(",")
    return (int(r) - 1) * 9 + int(c) - 1


def test_the_break_forms_are_named_as_help_names_them() -> None:
    """(Their completion: ``test_debugger_shell.py``.)"""
    shell = Shell.loaded()
    line = shell.fails("break sideways")[0]
    assert line == (
        "Unknown break word 'sideways'; break level >= <L> | step <N> | cell [r,c] | cell [r,c]=v | row <r> | "
        "removed v [r,c] | wrong | solution | <N> [if <expr>]"
    )


def test_the_command_lines_help_lists_the_declared_commands() -> None:
    from sudoku_repl.frontends.options import parser

    text = " ".join(parser().format_help().split())
    assert "Commands (at the prompt, after -c, in a script; help <command> explains one): " in text
    assert (
        "load-quiz, show, levels, run-mode, guess-mode, step, run, runtil, runrun, bye, help,"
        in text
    )
    for name in commands():
        assert f" {name}," in text or f" {name}." in text, name


# -- every fact about a command or a setting in its declaration ---------------------

#: the modules that use the declarations: the command layer (not ``declared/``) and front ends
USERS = [
    path
    for folder in ("commands", "frontends")
    for path in sorted((REPO / "src" / "sudoku_repl" / folder).rglob("*.py"))
    if "declared" not in path.parts
]


def _names() -> set[str]:
    return {name for cmd in in_order() for name in (cmd.name, *cmd.aliases)}


def facts_outside_declarations(path: Path, names: set[str], settings: set[str]) -> list[str]:
    """What ``path`` says about commands or settings by name: a collection whose words are all
    command names (``RUNS = frozenset({"run", ...})``, ``(("s", "step"), ...)``), a command's
    name compared (``cmd.name == "run-mode"``, ``in (...)``) or looked up (``lookup("continue")``),
    a setting's name compared (an if-chain over ``set``'s words)."""
    import ast

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Tuple, ast.Set, ast.List, ast.Dict)):
            elements = node.keys if isinstance(node, ast.Dict) else node.elts
            words = [e.value for e in elements if isinstance(e, ast.Constant)]
            strings = [w for w in words if isinstance(w, str)]
            if len(strings) >= 2 and all(w in names for w in strings):
                found.append(f"{path.name}:{node.lineno} {strings}")
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            said = {
                e.value
                for side in sides
                for e in (side.elts if isinstance(side, (ast.Tuple, ast.Set, ast.List)) else [side])
                if isinstance(e, ast.Constant) and isinstance(e.value, str)
            }
            named = any(isinstance(s, ast.Attribute) and s.attr == "name" for s in sides)
            if (named and said & names) or said & settings:
                found.append(f"{path.name}:{node.lineno} compares {sorted(said)}")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "lookup"
            and any(isinstance(a, ast.Constant) and a.value in names for a in node.args)
        ):
            found.append(f"{path.name}:{node.lineno} looks up a command by name")
    return found


def test_no_command_or_setting_is_named_outside_its_declaration() -> None:
    """Whether Enter repeats a command, whether it runs or stops the search, its key in the full
    screen, whether save-session or display take it (``Command``); a setting's words, default
    and line (``Setting``): said in the declaration, asked of it everywhere else."""
    from sudoku_repl.commands.declared.settings import SETTINGS

    settings = {s.name for s in SETTINGS} - {"solutions"}  # (also the toolbar's count)
    found = [
        fact for path in USERS for fact in facts_outside_declarations(path, _names(), settings)
    ]
    assert found == []


def test_the_scan_finds_what_the_declarations_replaced(tmp_path: Path) -> None:
    """The scan above can fail: the names the commands were once listed by are found."""
    from sudoku_repl.commands.declared.settings import SETTINGS

    old = tmp_path / "old.py"
    old.write_text(
        'RUNS = frozenset({"run", "runtil", "runrun", "continue", "next", "finish"})\n'
        'COMMAND_KEYS = (("s", "step"), ("n", "next"))\n'
        'repeated = cmd.name in ("display", "undisplay")\n'
        'if cmd.name == "run-mode": pass\n'
        'if setting == "colour": pass\n'
        'cont = lookup("continue")\n',
        encoding="utf-8",
    )
    found = facts_outside_declarations(old, _names(), {s.name for s in SETTINGS})
    assert sorted({int(fact.split()[0].split(":")[1]) for fact in found}) == [1, 2, 3, 4, 5, 6]


def test_what_the_dispatcher_and_the_shell_ask_of_a_command() -> None:
    """The facts as the original lists and gdb had them."""
    runs = {"run", "runtil", "runrun", "continue", "next", "finish", "until", "advance"}
    assert {cmd.name for cmd in in_order() if cmd.runs} == runs
    assert {cmd.name for cmd in in_order() if cmd.stops} == runs | {
        "step",
        "goto",
        "back",
        "bisect",
        "reverse-next",
        "reverse-continue",
        "reverse-finish",
    }
    assert {cmd.name for cmd in in_order() if cmd.repeats} == {
        "step", "next", "back", "continue", "finish", "up", "down", "until", "reverse-next",
        "reverse-continue", "reverse-finish",
    }  # fmt: skip
    assert {cmd.name for cmd in in_order() if not cmd.scripted} == {
        "save-session", "source", "help", "show", "levels", "history", "when", "board", "tui",
        "difficulty",
        "experiments", "compare", "print", "solve",
    }  # fmt: skip
    assert {cmd.name for cmd in in_order() if not cmd.displayable} == (
        runs
        | {"step", "goto", "back", "bisect", "display", "undisplay", "bye", "source"}
        | {"reverse-next", "reverse-continue", "reverse-finish"}
    )


def test_the_full_screens_keys_and_their_help_come_from_the_declarations() -> None:
    from sudoku_repl.commands.declared import keyed
    from sudoku_repl.frontends.tui.keys import HELP_KEYS, HELP_LINES

    with_keys = [cmd for cmd in in_order() if cmd.key is not None]
    assert sorted(cmd.name for cmd in keyed()) == sorted(cmd.name for cmd in with_keys)
    letters = [cmd.key.letter for cmd in keyed() if cmd.key is not None]
    assert letters == ["s", "n", "f", "b", "r", "c", "g", "w"]
    assert HELP_LINES[1:9] == [
        "  s         step",
        "  n         next: one step, where a new guess and everything below it count as one",
        "  f         finish: run until the present guess level is left",
        "  b         back one step",
        "  r         run (till the end or a new solution)",
        "  c         continue: the continue command if there is one, else run",
        "  g         goto: opens the command line with goto typed",
        "  w         why [r,c] of the cell under the board's cursor",
    ]
    assert HELP_KEYS == (
        "s step  n next  b back  r run  c continue  : command  ^C stop  ? help  q quit"
    )


def test_settings_are_declared_once_and_set_info_and_view_read_them() -> None:
    from sudoku_repl.commands.declared.settings import SETTINGS
    from sudoku_repl.commands.session_hooks import ViewSettings

    settable = [s for s in SETTINGS if s.settable]
    assert set(ViewSettings.__annotations__) == {s.attr for s in settable}
    view = ViewSettings()
    assert [getattr(view, s.attr) for s in settable] == [True, True, None, False, None, "readalps"]
    with pytest.raises(TypeError, match="no such settings: color"):
        ViewSettings(color=True)
    shell = Shell()
    assert shell.ok("info settings") == [
        "trace on",
        "solutions on",
        "colour auto",
        "pagination off",
        "height auto",
        "names readalps",
        "run-mode 0",
        "guess-mode 0",
    ]
    assert shell.ok("set height 0")[4] == "height 0 (unlimited)"
    assert shell.ok("set colour off")[2] == "colour off"
    assert shell.repl.view.colour is False and shell.repl.view.height == 0
    assert completions("set h") == ["set height"]
    assert completions("set height ") == ["set height auto"]


def test_help_set_gives_each_settings_sentence() -> None:
    """``help set``'s lines are made from the settings' sentences, each paragraph filled to 80
    columns (79 characters at most), broken between words."""
    lines = Shell().ok("help set")
    assert lines[2:6] == [
        "set trace off: runs print no trace lines (the end of the search and the timing",
        "lines stay); set solutions off: a solution prints its Fine line without its",
        "grid; set colour on|off|auto: colour in board (auto: on a terminal, unless",
        "NO_COLOR is set).",
    ]
    at = lines.index("info settings lists them.")
    assert lines[at - 3 : at] == [
        "set names standard: each technique line (trace, hint, why, board) also gives",
        "the community's name, as '(hidden pair, box 4)'; set names readalps: the",
        "original's alone.",
    ]
    assert lines[at + 1].startswith("What-if edits, at the present step:")
    assert max(map(len, lines)) <= 79


#: the commands left ``raw`` (they parse their own argument text), each for a reason the docs
#: give (ARCHITECTURE.md, "Where to add")
RAW = {"load-quiz", "generate", "scramble"}


def test_only_the_commands_a_grammar_cannot_say_are_raw() -> None:
    assert {cmd.name for cmd in in_order() if cmd.raw} == RAW
    architecture = (REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for name in RAW:
        assert f"`{name}`" in architecture.split("raw", 1)[1], name


def test_how_to_switch_experiments_is_said_in_one_place() -> None:
    """The words for going to another experiment are the ``experiment`` command's
    (the core's refusal to delete the present one said them again, in its own words)."""
    sources = [
        p for p in (REPO / "src" / "sudoku_repl").rglob("*.py") if "switch to an" in p.read_text()
    ]
    assert [p.relative_to(REPO).as_posix() for p in sources] == [
        "src/sudoku_repl/commands/declared/experiments.py"
    ]
