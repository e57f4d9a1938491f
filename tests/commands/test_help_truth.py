"""``help`` says what the program does: ``run-mode``'s six modes (2.6's Order
List keeps its words), ``run-mode 3`` to ``5`` say what they are, whole synopses (``whatif``,
``tbreak``, ``generate``), a level breakpoint's rule, the swap options that exist, and lines
that fit 80 columns, broken between words."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from sudoku_repl.commands.table import commands
from tests.support.helpers import AFTER_UNKNOWN, Shell, program_env, run_program

#: 2.6's own line for its three modes (docs/commands.md 3)
ORIGINAL_LINE = "Working mode:{} (1:grp-only; 2:ply-only; other:both grp and ply)"


def test_help_lists_every_run_mode_and_the_original_order_list_keeps_its_words() -> None:
    shell = Shell()
    assert "run-mode [0|1|2|3|4|5]: query or change working mode" in shell.ok("help")
    helped = shell.ok("help run-mode")
    assert helped[0] == "run-mode [0|1|2|3|4|5]: query or change working mode"
    for line in (
        "0: grp and ply.",
        "1: grp only.",
        "2: ply only.",
        "5: X-Chain and Forcing-Chain only.",
    ):
        assert line in helped
    # after an unknown command: 2.6's banner and Order List, in its words
    assert shell.fails("frobnicate")[1:] == AFTER_UNKNOWN
    assert "run-mode [1|2|0]: query or change working mode" in AFTER_UNKNOWN


def test_the_run_mode_form_names_exactly_the_registered_modes() -> None:
    from sudoku_repl.core import modes

    Shell().ok("run-mode")  # (the modes are registered before the first engine command)
    shown = commands()["run-mode"].usage.removeprefix("run-mode [").removesuffix("]")
    assert [int(m) for m in shown.split("|")] == modes.names()


@pytest.mark.parametrize(
    ("mode", "line"),
    [
        (0, ORIGINAL_LINE.format(0)),
        (1, ORIGINAL_LINE.format(1)),
        (2, ORIGINAL_LINE.format(2)),
        (
            3,
            "Working mode:3 (the book's theorems 1-4 (Jin Jianming), one conversion per step, "
            "a guess when stuck)",
        ),
        (4, "Working mode:4 (grp, ply, then X-Chain and Forcing-Chain)"),
        (5, "Working mode:5 (X-Chain and Forcing-Chain only)"),
    ],
)
def test_run_mode_says_what_the_mode_is(mode: int, line: str) -> None:
    shell = Shell()
    assert shell.ok(f"run-mode {mode}") == [line]
    assert shell.ok("run-mode") == [line]  # the query says the same


def test_help_whatif_names_every_option_in_its_first_line() -> None:
    assert (
        Shell()
        .ok("help whatif")[0]
        .startswith("whatif guesses [--format text|csv|json] [--max-steps N] [--keep]: ")
    )


def test_tbreak_without_a_condition_is_named_as_tbreak() -> None:
    assert Shell().fails("tbreak") == [
        "tbreak needs a condition: tbreak level >= <L> | step <N> | cell [r,c] | cell [r,c]=v | row <r> | "
        "removed v [r,c] | wrong | solution | <N> [if <expr>]"
    ]


def test_help_break_says_a_level_breakpoint_stops_at_new_guesses_only() -> None:
    text = " ".join(Shell().ok("help break"))
    assert "level >= <L> stops only at a new guess" in text
    assert "not at a Forward or Upward guess" in text
    assert "the first step whose state meets an enabled breakpoint" not in text


def test_scramble_suggests_swap_options_that_exist(tmp_path: object) -> None:
    shell = Shell()
    (line,) = shell.fails("scramble --below 0.5 --seed 1")
    named = re.findall(r"--[a-z-]+", line.partition("make more swaps")[2])
    assert named == ["--digit-swaps", "--row-swaps", "--col-swaps", "--band-swaps", "--stack-swaps"]
    for option in named:  # each is taken (81 clues: nothing to add, quick)
        said = shell.ok(f"scramble --clues 81 --seed 1 --below 1 {option} 1")
        assert said[-1] == "Quiz loaded."


@pytest.mark.parametrize(
    ("name", "parser"),
    [
        ("scramble", "sudoku_repl.tools.making.scramble_options"),
        ("generate", "sudoku_repl.tools.making.options"),
    ],
)
def test_help_of_each_maker_names_every_option_it_takes(name: str, parser: str) -> None:
    """``help scramble`` names the paper and each option its parser takes; ``help generate``
    each of the maker's (one command each, the same options at the system prompt)."""
    import importlib

    text = " ".join(Shell().ok(f"help {name}"))
    if name == "scramble":
        assert "Wang Jiaqi" in text  # seed 003 is a paper, said so
    options = importlib.import_module(parser).parser()._option_string_actions
    for option in options:
        if option in ("-h", "--help"):
            continue
        assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", text), option


@pytest.mark.parametrize("name", list(commands()) + [None])
def test_help_lines_fit_80_columns_and_break_between_words(name: str | None) -> None:
    """No line is wider than 79 characters, and within an entry of the list or a paragraph of
    the explanation a line ends before the width only where the next word would not fit (a
    bracketed form is one word), not mid-phrase."""
    lines = Shell().ok("help" if name is None else f"help {name}")
    assert max(map(len, lines)) <= 79
    entry = 1
    while entry < len(lines) and lines[entry].startswith("  "):
        entry += 1
    for k, (line, after) in enumerate(pairwise(lines)):
        entry_goes_on = after.startswith("  ")  # an entry's next line
        in_explanation = name is not None and k >= entry and not line.startswith("Aliases:")
        if not (entry_goes_on or in_explanation) or line.endswith((".", ":", "]", ")")):
            continue
        if after[:1].isdigit() and not entry_goes_on:  # run-mode's list of modes
            continue
        next_word = after.split()[0]
        fits = len(line) + 1 + len(next_word) <= 79
        assert not fits or next_word.startswith(("[", "<")), (line, after)


@pytest.mark.parametrize("word", ["list", "l", "start", "checkpoint", "restart"])
def test_help_of_a_gdb_word_says_what_typing_it_says(word: str) -> None:
    """Typing a word of gdb's that means nothing here gets one line saying what to type instead
    ; ``help`` of it says the same line, not ``No command``."""
    shell = Shell()
    typed = shell.fails(word)
    assert len(typed) == 1 and typed[0].startswith(f"Unknown command '{word}' (gdb's {word}): ")
    assert shell.fails(f"help {word}") == typed


def test_restart_says_where_to_go_instead() -> None:
    """gdb's ``restart N`` goes back to a checkpoint: here every step is kept."""
    assert Shell().fails("restart") == [
        "Unknown command 'restart' (gdb's restart): every step is kept: goto 0 goes back to the "
        "loaded quiz, goto <step> to any step."
    ]


#: ``sudoku-repl rate``'s options (docs/rating.md)
RATE_OPTIONS = (
    "--jobs N, -j N",
    "--format {csv,json}",
    "--skip K",
    "--limit K",
    "--max-steps N",
    "--run-mode N",
    "--scale LIST",
    "--isomorphs K",
    "--seed S",
    "--se-timeout S",
    "--above X",
    "--below X",
    "--ilp",
    "--plan",
    "--out FILE",
    "--restart",
    "--executor WHERE",
    "--plot FILE.svg",
)


def test_rate_typed_in_the_shell_says_where_it_runs_and_help_rate_lists_its_options() -> None:
    """``rate`` is a program of its own (``sudoku-repl rate FILE``): typed at the prompt, one
    line says so; ``help rate`` gives its options, as ``sudoku-repl rate --help`` does (the same
    parser), in lines that fit 80 columns."""
    shell = Shell()
    assert shell.fails("rate") == [
        "Unknown command 'rate': sudoku-repl rate FILE [options], at the system's prompt, "
        "rates every quiz of a file; help rate lists its options."
    ]
    lines = shell.ok("help rate")
    assert " ".join(lines[:2]) == (
        "rate: not a command of the shell; sudoku-repl rate FILE [options], at the system's "
        "prompt, rates every quiz of a file (docs/rating.md):"
    )
    assert "usage: sudoku-repl rate [-h] [--jobs N] [--format {csv,json}] [--skip K]" in lines
    entries = [line.split("  ")[1] for line in lines if line.startswith("  --")]
    assert entries == [*RATE_OPTIONS]
    assert max(map(len, lines)) <= 79
    said = run_program("rate", "--help", env=program_env(COLUMNS="81"), text=True)
    assert said.stdout.splitlines() == lines[2:]


@pytest.mark.parametrize("name", ["run", "runtil", "runrun"])
def test_help_of_the_run_commands_says_their_biggest_level_line_and_after_the_end(
    name: str,
) -> None:
    """Each run command's help says what its last line's biggest level is, and what it does
    once the search is over; which is what it does."""
    shell = Shell.loaded()
    text = " ".join(shell.ok(f"help {name}"))
    assert "Biggest level on this run(til), like the other run commands', says the biggest " in text
    assert "level of this command's own new guesses, not of the search so far" in text
    assert "Once the search is over, run, runrun and runtil to a later step take no step" in text
    shell.ok("set trace off")
    shell.ok("runrun 0")
    steps = shell.steps
    again = {"run": "run", "runtil": f"runtil {steps + 5}", "runrun": "runrun 2"}[name]
    assert shell.ok(again) == [
        f"Invalid quiz [steps:{steps}] - no more solution (solution sum is 1)",
        f"Run time: 250 milliseconds; steps: {steps}, solution sum: 1.",
        " Biggest level on this run(til): 0",
    ]
    assert shell.steps == steps


def test_help_runtil_says_a_replay_below_the_present_goes_the_present_experiments_way() -> None:
    """In experiment 2 (``[6,2]=9`` answered at step 6's guess), runtil below the present
    replays that experiment's record, not what a fresh session does (``[6,2]=5``)."""
    text = " ".join(Shell().ok("help runtil"))
    assert "as a fresh session would" not in text
    assert "replays the present experiment's record from the loaded quiz: its guess answers" in text
    fresh = Shell.loaded()
    fresh.ok("runtil 30")
    assert fresh.ok("print [6,2]") == ["[6,2] = 5"]
    shell = Shell.loaded("[6,2]=9")
    shell.ok("set trace off")
    shell.ok("run")
    shell.ok("goto 6")
    shell.ok("guess-mode 1")
    shell.ok("step")  # the answer [6,2]=9: experiment 2
    shell.ok("guess-mode 0")
    shell.ok("run")
    assert shell.ok("runtil 30")[-1] == " Biggest level on this run(til): 3"
    assert shell.ok("print [6,2]") == ["[6,2] = 9"]
    assert shell.answers.questions == ["Take a guess please, by default it will be [6,2]=5:"]
