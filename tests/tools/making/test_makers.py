"""One name, one maker: ``generate`` makes minimal puzzles to order on every
surface (the shell, the system's prompt, the DAP console, ``sudoku_repl.generate``), and seed
003's quizzes from one grid are ``scramble``'s; an option of one given to the other is one line
naming the command that takes it (the old spelling ``generate --clues 24``), nothing changed."""

from __future__ import annotations

import pytest

import sudoku_repl
from sudoku_repl.commands.declared.making import GENERATE, SCRAMBLE
from sudoku_repl.commands.spec import Opt
from sudoku_repl.tools.making import options, scramble_options
from tests.support.helpers import Shell
from tests.tools.making.test_generate_refusals import console, generated

#: the refusal of the old spelling, as the issue asks it: the option, whose it is, the new line
OLD_SPELLING = (
    "generate: --clues is an option of scramble (seed 003's quizzes from one grid), not of "
    "generate (minimal puzzles to order): scramble --clues 24 --seed 3"
)


def test_the_shell_refuses_the_old_spelling_naming_scramble() -> None:
    shell = Shell.loaded()
    before = shell.repl.session.quiz
    assert shell.fails("generate --clues 24 --seed 3") == [OLD_SPELLING]
    assert shell.repl.session.quiz is before  # (nothing changed)
    assert shell.fails("generate --family examples/seed.txt --size 64") == [
        "generate: --family is an option of scramble (seed 003's quizzes from one grid), not of "
        "generate (minimal puzzles to order): scramble --family examples/seed.txt --size 64"
    ]
    assert shell.fails("scramble --er 9.0- --count 2") == [
        "scramble: --er is an option of generate (minimal puzzles to order), not of scramble "
        "(seed 003's quizzes from one grid): generate --er 9.0- --count 2"
    ]


def test_the_system_prompt_refuses_the_shells_scramble_naming_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, err = generated(capsys, "--clues", "24", "--seed", "3", status=2)
    assert out == [] and err == [
        "sudoku-repl generate: --clues is an option of the shell's scramble (seed 003's quizzes "
        "from one grid), not of generate (minimal puzzles to order): "
        "sudoku-repl -c 'scramble --clues 24 --seed 3'"
    ]


def test_the_dap_console_refuses_it_as_the_shell_does() -> None:
    took, said = console("generate --clues 24 --seed 3")
    assert not took and said == [OLD_SPELLING]


def test_generate_is_the_same_maker_in_the_shell_at_the_prompt_and_in_python(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The issue's words, ``generate --seed 3 --count 2``: the same minimal puzzles on each
    surface (they were seed 003's scrambled quizzes in the shell)."""
    lines, _ = generated(capsys, "--seed", "3", "--count", "2", "--level", "0-")
    said = Shell().ok("generate --seed 3 --count 2 --level 0-")
    assert said[1:3] == lines and said[0].startswith("Seed 3 (generate --seed 3")
    made = sudoku_repl.generate(seed=3, count=2, level="0-")
    assert [m.line for m in made] == lines
    took, answered = console("generate --seed 3 --count 2 --level 0-")
    assert took and answered[1:3] == lines


@pytest.mark.parametrize(
    ("command", "parser"), [(GENERATE, options.parser), (SCRAMBLE, scramble_options.parser)]
)
def test_each_makers_declared_forms_name_the_options_its_parser_takes(
    command: object, parser: object
) -> None:
    """The declaration (completion, the form in error lines) and the parser agree."""
    from sudoku_repl.commands.spec import Command

    assert isinstance(command, Command) and callable(parser)
    declared = {
        word.name if isinstance(word, Opt) else word
        for form in command.forms
        for word in form
        if isinstance(word, Opt) or (isinstance(word, str) and word.startswith("--"))
    }
    taken = {o for o in parser()._option_string_actions if o.startswith("--")} - {"--help"}
    assert declared == taken


def test_the_order_list_has_both_makers_each_once() -> None:
    listed = [line.split()[0] for line in Shell().ok("help") if line.split()]
    assert listed.count("generate") == 1 and listed.count("scramble") == 1
