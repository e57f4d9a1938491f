"""The shell side of the debugger: the command table against the Order List, help and
completion; completion of sub-words and cells; the bottom toolbar's text; aliases; Enter on an
empty line (interactive: repeat a step; batch: nothing); and one real pseudo-terminal session
showing the toolbar and the repeated step.

Expected values come from docs/commands.md, the reference traces and the article's listings, or are
read off the seed quiz by hand (its empty cells); never from the code under test.
"""

from __future__ import annotations

import io
from pathlib import Path

import pexpect
import pytest
from prompt_toolkit.input import PipeInput

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.commands.table import commands
from sudoku_repl.frontends.batch import run_batch
from sudoku_repl.frontends.shell import toolbar_text
from tests.support.helpers import (
    AFTER_UNKNOWN,
    HELP_ORDER_LIST,
    LEVELS_94,
    MORE,
    ORIGINAL_TEN,
    SEED,
    SLOW,
    Shell,
    completions,
    interact,
    reference_lines,
    spawn_shell,
    terminal_env,
    typed,
)

pytestmark = pytest.mark.usefixtures("at_repo_root")


# the debugger's own commands (besides help)
DEBUGGER_COMMANDS = [
    "goto",
    "back",
    "bisect",
    "break",
    "info",
    "delete",
    "disable",
    "enable",
    "when",
    "history",
    "timeline",
    "tree",
    "save-session",
    "source",
]
FROM_90 = reference_lines("seed_steps_from_90.trace")
RUN_RUN = reference_lines("seed_run_run.trace")
R65_98 = reference_lines("seed_runtil_65_98.trace")
# -- one command table: the Order List, help and completion agree ---------------------------------


def entries(listing: list[str]) -> list[str]:
    """A listing's entries, a long one's lines (the next ones indented: 80 columns) joined."""
    joined: list[str] = []
    for line in listing:
        if line.startswith("  ") and joined:
            joined[-1] += " " + line.strip()
        else:
            joined.append(line)
    return joined


def test_command_table_order_list_help_and_completion_agree() -> None:
    shell = Shell()
    listing = shell.ok("help")
    assert listing[: len(HELP_ORDER_LIST)] == HELP_ORDER_LIST
    added = entries(listing[len(HELP_ORDER_LIST) :])
    names = [entry.split()[0].rstrip(":") for entry in added]
    # every command of the table is listed once: the original ten first, in order, then the rest
    assert ORIGINAL_TEN + names == list(commands())
    assert set(DEBUGGER_COMMANDS) <= set(names)
    offered = set(completions(""))
    for name, entry in zip(names, added):
        usage, _, summary = entry.partition(": ")
        assert usage.split()[0] == name and summary, entry
        assert entries(shell.ok(f"help {name}"))[0] == entry
        assert name in offered
        assert name in completions(name[:2]), name
        assert f"help {name}" in completions(f"help {name[:2]}")
    # the unknown command prints the original's banner and ten, then points to help
    assert not shell.repl.execute("frobnicate")
    assert shell.out.lines[-len(AFTER_UNKNOWN) :] == AFTER_UNKNOWN


@pytest.mark.parametrize("name", DEBUGGER_COMMANDS)
def test_help_explains_each_debugger_command(name: str) -> None:
    shell = Shell()
    lines = entries(shell.ok(f"help {name}"))
    assert lines[0] == commands()[name].entry()
    assert len(lines) > 1, "a longer explanation follows the entry"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("go", ["goto"]),
        ("bis", ["bisect"]),
        ("bisect ", ["bisect level", "bisect when"]),
        ("bisect w", ["bisect when"]),
        ("bre", ["break"]),
        (
            "break ",
            [
                "break cell",
                "break level",
                "break removed",
                "break row",
                "break solution",
                "break step",
                "break wrong",
            ],
        ),
        ("break s", ["break solution", "break step"]),
        ("break re", ["break removed"]),
        ("break r", ["break removed", "break row"]),
        (
            "info ",
            [
                "info break",
                "info display",
                "info frame",
                "info search",
                "info settings",
                "info watch",
            ],
        ),
        ("info b", ["info break"]),
        ("tree ", ["tree --dot"]),
        ("timeline --", ["timeline --compare", "timeline --svg"]),
        ("when r", ["when removed"]),
        ("del", ["delete"]),
        ("dis", ["disable", "display"]),
        ("ena", ["enable"]),
        ("hist", ["history"]),
        ("sa", ["save-session"]),
        ("sou", ["source"]),
    ],
)
def test_completion_of_names_and_sub_words(text: str, expected: list[str]) -> None:
    assert completions(text) == expected


# The seed quiz (examples/seed.txt) by hand: row 1 is 005 300 000, row 4 is 400 005 300 and
# row 9 is 000 009 700.
ROW_1 = ["[1,1]", "[1,2]", "[1,5]", "[1,6]", "[1,7]", "[1,8]", "[1,9]"]
ROW_4 = ["[4,2]", "[4,3]", "[4,4]", "[4,5]", "[4,8]", "[4,9]"]
ROW_9 = ["[9,1]", "[9,2]", "[9,3]", "[9,4]", "[9,5]", "[9,8]", "[9,9]"]


@pytest.mark.parametrize(
    ("text", "cells"),
    [
        ("when [1,", ROW_1),
        ("when [4", ROW_4),
        ("when removed 2 [9,", ROW_9),
        ("break cell [4,", ROW_4),
        ("break removed 8 [9,", ROW_9),
        ("bisect when cell [1,", ROW_1),
        ("bisect when removed 2 [4,", ROW_4),
    ],
)
def test_completion_of_cells_offers_the_empty_cells(text: str, cells: list[str]) -> None:
    shell = Shell.loaded()
    prefix = text[: text.rindex("[")]
    assert completions(text, shell.repl) == [prefix + cell for cell in cells]


def test_completion_of_cells_follows_the_present_state() -> None:
    shell = Shell.loaded()
    assert completions("when [", shell.repl)[:1] == ["when [1,1]"]
    assert len(completions("when [", shell.repl)) == 81 - 23  # the seed has 23 givens
    # at step 92 (the article's grid) row 4 reads 426 095 370: [4,4] [4,9] are empty
    shell.ok("goto 92")
    assert completions("break cell [4,", shell.repl) == ["break cell [4,4]", "break cell [4,9]"]
    shell.ok("goto 0")
    assert completions("break cell [4,", shell.repl) == ["break cell " + c for c in ROW_4]


def test_no_cells_without_a_quiz_and_none_for_plain_commands() -> None:
    shell = Shell()
    assert completions("when [", shell.repl) == []
    seeded = Shell.loaded().repl
    assert completions("goto ", seeded) == []
    assert completions("history 1", seeded) == []
    assert completions("runtil [", seeded) == []


@pytest.mark.parametrize(
    "text",
    [
        "break level ",
        "break step ",
        "bisect level ",
        "break removed ",
        "tree --dot ",
        "timeline --svg ",
    ],
)
def test_no_cells_where_a_number_or_a_file_goes(text: str) -> None:
    shell = Shell.loaded()
    assert not any("[" in line for line in completions(text, shell.repl))


def test_completion_of_bisect_when_conditions() -> None:
    shell = Shell.loaded()
    assert completions("bisect when ", shell.repl) == [
        "bisect when cell",
        "bisect when removed",
        "bisect when solutions",
    ]


# -- the bottom toolbar ------------------------------------------------------------------------


def toolbar(repl: Repl) -> dict[str, str]:
    """The toolbar's items, ``name value`` each."""
    parts = [part.strip() for part in toolbar_text(repl, width=120).split("|")]
    return dict(part.rpartition(" ")[::2] for part in parts if " " in part)


def test_toolbar_fits_an_80_column_terminal() -> None:
    shell = Shell.loaded()
    shell.ok("runtil 1000")
    shell.ok("break step 5000")
    full = toolbar_text(shell.repl, width=120)
    assert len(full) >= 80  # the full names do not fit 80 columns here
    short = toolbar_text(shell.repl, width=80)
    assert len(short) < 80
    assert short == (
        f"st {shell.steps} | lv {shell.repl.session.state().level} | max 11 | sol 1 | rm 0 | "
        "gm 0 | bp 1"
    )


def test_toolbar_without_a_quiz() -> None:
    shell = Shell()
    assert toolbar(shell.repl) == {
        "no": "quiz",
        "run-mode": "0",
        "guess-mode": "0",
        "breakpoints": "0",
    }


def test_toolbar_shows_step_level_biggest_solutions_modes_and_breakpoints() -> None:
    shell = Shell.loaded()
    assert toolbar(shell.repl) == {
        "step": "0",
        "level": "0",
        "biggest": "0",
        "solutions": "0",
        "run-mode": "0",
        "guess-mode": "0",
        "breakpoints": "0",
    }
    shell.ok("break level >= 11")
    shell.ok("run")  # stops at 92 (the trace: 92) Guess [4,2] level 11)
    assert toolbar_text(shell.repl, width=120).startswith("step 92 | level 11 | ")
    assert toolbar(shell.repl) == {
        "step": "92",
        "level": "11",
        "biggest": "11",
        "solutions": "0",
        "run-mode": "0",
        "guess-mode": "0",
        "breakpoints": "1",
    }
    shell.ok("run")  # Fine at 131, where level 6 [1,5] is tried (127) until 132
    assert toolbar(shell.repl) == {
        "step": "131",
        "level": "6",
        "biggest": "11",
        "solutions": "1",
        "run-mode": "0",
        "guess-mode": "0",
        "breakpoints": "1",
    }
    # "so far": the biggest level up to the present step (65: 7, "At guess level 7 [1,8] 2")
    shell.ok("goto 65")
    assert {k: toolbar(shell.repl)[k] for k in ("step", "level", "biggest", "solutions")} == {
        "step": "65",
        "level": "7",
        "biggest": "7",
        "solutions": "0",
    }
    shell.ok("run-mode 1")
    shell.ok("guess-mode 1")
    shell.ok("disable 1")
    shell.ok("break wrong")
    shell.ok("break solution")
    assert {k: toolbar(shell.repl)[k] for k in ("run-mode", "guess-mode", "breakpoints")} == {
        "run-mode": "1",
        "guess-mode": "1",
        "breakpoints": "2",  # the enabled ones
    }


# -- aliases -------------------------------------------------------------------------------------


def test_aliases() -> None:
    shell = Shell.loaded()
    assert shell.ok("rt 65")[: len(R65_98[0])] == R65_98[0]
    assert shell.ok("lv")[0] == "At guess level 7:"
    assert shell.ok("rt 90")[-3] == "At guess level 10 [2,6] 1"
    assert shell.ok("s")[0] == "92) Guess [4,2] level 11 at 1 out of 2"
    assert shell.ok("s")[:2] == FROM_90[2]
    assert shell.ok("s")[:2] == FROM_90[3]
    assert shell.ok("lv") == LEVELS_94
    fresh = Shell.loaded()
    assert fresh.ok("r")[: len(RUN_RUN[0])] == RUN_RUN[0]
    assert not fresh.repl.done
    assert fresh.ok("q") == []
    assert fresh.repl.done


@pytest.mark.parametrize(
    ("alias", "name"),
    [("s", "step"), ("r", "run"), ("rt", "runtil"), ("lv", "levels"), ("q", "bye")],
)
def test_help_knows_the_aliases(alias: str, name: str) -> None:
    shell = Shell()
    lines = shell.ok(f"help {alias}")
    assert lines[0] == commands()[name].entry()
    assert any(alias in line for line in lines[1:])
    assert alias in completions(alias)


# -- Enter on an empty line ----------------------------------------------------------------------


def test_enter_on_an_empty_line_repeats_the_previous_step(
    pipe: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    repl = interact(
        pipe, typed(f"load-quiz {SEED}", "runtil 90", "step", "", "", "levels", "", "", "bye")
    )
    out = capsys.readouterr().out.split("\n")
    assert repl.done and repl.failures.lines == []
    assert repl.session.state().steps == 94  # 90 -> 92 -> 93 -> 94; Enter after levels: nothing
    for line in (*FROM_90[1], *FROM_90[2], *FROM_90[3]):
        assert out.count(line) == 1, line
    at = out.index("At guess level 10:")
    assert out[at : at + len(LEVELS_94)] == LEVELS_94  # the article's listing after step 94
    assert out.count("At guess level 10:") == 1


def test_enter_repeats_the_step_alias_and_nothing_else(
    pipe: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    repl = interact(
        pipe, typed(f"load-quiz {SEED}", "", "runtil 90", "", "s", "", "show", "", "bye")
    )
    out = capsys.readouterr().out.split("\n")
    assert repl.done and repl.failures.lines == []
    assert repl.session.state().steps == 93
    assert out.count("Steps:93") == 2  # the repeated `s` and `show`
    assert out.count(" Biggest level on this run(til): 10") == 1


def test_empty_lines_do_nothing_in_batch_mode() -> None:
    stream = io.StringIO()
    script = [f"load-quiz {SEED}", "runtil 90", "step", "", "  ", "", "show"]
    repl = run_batch(iter(script), stream, clock=lambda: 0.0)
    assert repl.session.state().steps == 92
    text = stream.getvalue()
    assert "92) Guess [4,2] level 11 at 1 out of 2" in text
    assert "93) Forward guess" not in text
    assert text.count("Order please:") == 5  # four commands and the final prompt


# -- one real terminal ---------------------------------------------------------------------------

CPR_REQUEST = "\x1b[6n"


@SLOW
def test_real_terminal_shows_the_toolbar_and_enter_repeats_a_step(tmp_path: Path) -> None:
    """prompt_toolkit draws the bottom toolbar only once it knows the rows below the cursor, so
    this terminal answers its cursor position requests (PROMPT_TOOLKIT_NO_CPR would hide it)."""
    env = terminal_env(tmp_path)
    del env["PROMPT_TOOLKIT_NO_CPR"]
    child = spawn_shell(tmp_path, SEED, env=env)

    def expect(text: str) -> None:
        while child.expect_exact([CPR_REQUEST, text]) == 0:
            child.send("\x1b[1;1R")  # the cursor is on the top row

    try:
        expect("Quiz loaded.")
        expect("step 0 | level 0 | biggest 0 | solutions 0")
        child.sendline("runtil 90")  # longer than the 40 lines: not paged (pagination off)
        expect(" Biggest level on this run(til): 10")
        assert MORE not in child.before
        expect("step 90 | level 10 | biggest 10")
        child.sendline("step")
        expect("92) Guess [4,2] level 11 at 1 out of 2")
        expect("At guess level 11 [4,2] 1")
        expect("step 92 | level 11 | biggest 11")
        child.sendline("")  # Enter: the step again
        expect("92) shrinking 8 from [8,7] went wrong")
        expect("93) Forward guess [4,2] level 11 at 2 out of 2")
        expect("At guess level 11 [4,2] 2")
        expect("step 93 | level 11 | biggest 11")
        child.sendline("bye")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_delete_alone_asks_in_the_interactive_shell_as_gdb_does(
    pipe: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    keys = typed(f"load-quiz {SEED}", "b 5", "watch [4,2]", "delete", "n", "info b")
    keys += typed("delete", "y", "info b", "bye")
    repl = interact(pipe, keys)
    out = capsys.readouterr().out.split("\n")
    assert repl.done and repl.failures.lines == []
    assert "Not confirmed: the breakpoints stay." in out
    assert "Watchpoint 2: [4,2] (enabled, hit 0 times)" in out
    assert out.index("Not confirmed: the breakpoints stay.") < out.index(
        "Deleted all 2 breakpoints."
    )
    assert out[out.index("Deleted all 2 breakpoints.") + 1 :].count("No breakpoints.") == 1
    assert repl.session.breakpoints.items == {}
