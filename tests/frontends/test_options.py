"""The command line's plain forms are read without argparse (start-up), exactly as
argparse reads them: every command line of a few words, plain or not, is compared."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import itertools
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import sudoku_repl
from sudoku_repl.core import native
from sudoku_repl.frontends.options import Options, parse, parser, plain
from tests.support.helpers import REPO, SEED_QUIZ, program_env, run_program

#: the one version number: pyproject.toml's, which the installed metadata carries
PROJECT_VERSION = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
#: the build ``--version`` names (the start of it: without the extension, the reason follows)
if os.environ.get("SUDOKU_REPL_ENGINE") == "pure":
    BUILD = "pure Python (no native core: SUDOKU_REPL_ENGINE=pure)"
elif importlib.util.find_spec("sudoku_repl.core._native") is not None:
    BUILD = "native core (C)"
else:
    BUILD = "pure Python (no native core: the C extension was not built"

#: words a command line is made of: the options, their values, and what argparse treats apart
#: (abbreviations, "--", "-" alone, a negative number, an option glued to its value, spaces)
WORDS = [
    "-c",
    "-x",
    "--tui",
    "bye",
    "seed.txt",
    "",
    "-",
    "--",
    "-5",
    "--tu",
    "-cbye",
    "a -b",
    "--version",
]


def argparse_reads(
    words: list[str],
) -> tuple[str | None, str | None, str | None, bool, str | None] | None:
    """What argparse makes of ``words``, or None when it refuses them (or prints and exits)."""
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        try:
            namespace = parser().parse_args(words)
        except SystemExit:
            return None
    return (namespace.quiz, namespace.script, namespace.commands, namespace.tui, namespace.number)


def command_lines(longest: int) -> list[list[str]]:
    return [list(words) for n in range(longest + 1) for words in itertools.product(WORDS, repeat=n)]


def test_every_plain_form_is_read_as_argparse_reads_it() -> None:
    read = 0
    for words in command_lines(3):
        options = plain(words)
        if options is not None:
            read += 1
            assert options.fields() == argparse_reads(words), words
    assert read > 50  # the plain forms are many of them


@pytest.mark.parametrize(
    ("words", "fields"),
    [
        ([], (None, None, None, False, None)),
        (["-c", "bye"], (None, None, "bye", False, None)),
        (["seed.txt", "-x", "s.txt"], ("seed.txt", "s.txt", None, False, None)),
        (["--tui", "seed.txt"], ("seed.txt", None, None, True, None)),
        (["-c", "bye", "seed.txt"], ("seed.txt", None, "bye", False, None)),
        # sudoku-repl FILE N: quiz N of FILE
        (["top95.txt", "18"], ("top95.txt", None, None, False, "18")),
        (["-c", "show", "top95.txt", "18"], ("top95.txt", None, "show", False, "18")),
    ],
)
def test_the_plain_forms(words: list[str], fields: tuple[object, ...]) -> None:
    options = plain(words)
    assert options is not None and options.fields() == fields
    assert parse(words).fields() == fields


@pytest.mark.parametrize(
    "words",
    [
        ["-c"],
        ["-c", "a", "-x", "b"],
        ["a", "b", "c"],
        ["a", "-c", "x", "b"],
        ["--tu"],
        ["-c", "-5"],
        ["--help"],
        ["--"],
    ],
)
def test_anything_else_goes_to_argparse(words: list[str]) -> None:
    assert plain(words) is None


def test_argparse_still_prints_the_version_and_refuses_mistakes() -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        with pytest.raises(SystemExit) as version:
            parse(["--version"])
        with pytest.raises(SystemExit) as mistake:
            parse(["-c", "bye", "-x", "script"])
    assert version.value.code == 0 and out.getvalue().startswith(
        f"sudoku-repl {PROJECT_VERSION}, {BUILD}"
    )
    assert mistake.value.code == 2 and "not allowed with argument" in err.getvalue()
    assert isinstance(parse(["--tu"]), Options)  # an abbreviation argparse accepts


def test_one_version_number_everywhere() -> None:
    """``--version``, ``sudoku_repl.__version__`` and pyproject.toml say the same (once they
    said 0.2.0 and 0.1.0)."""
    assert sudoku_repl.__version__ == PROJECT_VERSION
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "--version"], capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.startswith(
        f"sudoku-repl {PROJECT_VERSION}, {BUILD}"
    )


def test_help_names_every_environment_variable_the_program_reads() -> None:
    """``--help`` lists every option that exists, and the environment the code reads."""
    import re

    source = "\n".join(p.read_text() for p in (REPO / "src" / "sudoku_repl").rglob("*.py"))
    # (a read, not a write: the page's shell sets COLUMNS for the terminal's width)
    names = set(re.findall(r"environ(?:\.get)?[\[(]\"([A-Z_]+)\"(?![\]]\s*=[^=])", source))
    names.add("SUDOKU_REPL_ENGINE")  # (read through core/engine_choice.py's ENV)
    assert {"NO_COLOR", "SUDOKU_REPL_RECORD_CAP", "XDG_DATA_HOME"} <= names
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "--help"], capture_output=True, text=True
    )
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    for name in names:
        assert name in text, name
    for option in ("--version", "-x FILE", "-c COMMANDS", "--tui", "quiz"):
        assert option in text


#: the system prompt's subcommands (README, docs/rating.md, docs/generate.md, docs/dap.md)
SUBCOMMANDS = ("rate", "serate", "generate", "difficulty", "dap", "mcp")


def test_help_lists_every_subcommand_each_of_which_runs() -> None:
    """``--help`` did not list ``generate``. Each subcommand is listed with
    its form and what it does, from the table ``cli`` runs them from; each says its own help."""
    from sudoku_repl.frontends.subcommands import SUBCOMMANDS as TABLE

    assert tuple(sub.name for sub in TABLE) == SUBCOMMANDS
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "--help"], capture_output=True, text=True
    )
    listed = done.stdout.split("Subcommands (sudoku-repl NAME --help explains one):\n", 1)[1]
    listed = listed.split("\n\n", 1)[0]
    named = [line.split()[1] for line in listed.splitlines() if line.startswith("  sudoku-repl ")]
    assert named == list(SUBCOMMANDS), listed
    assert "minimal puzzles with one solution to order" in " ".join(listed.split())
    for name in SUBCOMMANDS:
        helped = run_program(name, "--help", text=True)
        assert helped.returncode == 0 and helped.stdout.startswith(f"usage: sudoku-repl {name}")


#: the line a value of SUDOKU_REPL_ENGINE that names no build gets (the default runs)
UNKNOWN_ENGINE = (
    "sudoku-repl: SUDOKU_REPL_ENGINE={} names no engine: pure (the pure-Python engine) or "
    "native (the native core where it is built, the default); the default runs."
)


@pytest.mark.parametrize("value", ["bogus", "PURE", "native ", "\x1b[2J"])
def test_an_engine_the_variable_does_not_name_is_said_once_on_stderr(
    value: str, tmp_path: Path
) -> None:
    """It was silently ignored. Said once, at the start, by the shell's command line
    and by ``rate``'s; what the value holds is shown, never sent to the terminal raw."""
    env = program_env(SUDOKU_REPL_ENGINE=value)
    said = UNKNOWN_ENGINE.format(repr(value.replace("\x1b", "?")))
    shell = run_program("-c", "bye", env=env, text=True)
    assert shell.returncode == 0 and shell.stderr.splitlines() == [said]
    assert "names no engine" not in shell.stdout
    quiz = tmp_path / "one.txt"
    quiz.write_text(SEED_QUIZ + "\n")
    rate = run_program("rate", str(quiz), env=env, text=True)
    assert rate.returncode == 0 and rate.stderr.splitlines()[0] == said
    assert sum("names no engine" in line for line in rate.stderr.splitlines()) == 1


@pytest.mark.parametrize("value", ["pure", "native", ""])
def test_an_engine_the_variable_names_is_taken_without_a_word(value: str) -> None:
    done = run_program("-c", "bye", env=program_env(SUDOKU_REPL_ENGINE=value), text=True)
    assert done.returncode == 0 and done.stderr == ""
    version = run_program("--version", env=program_env(SUDOKU_REPL_ENGINE=value), text=True)
    if native.available():
        assert ("(no native core: SUDOKU_REPL_ENGINE=pure)" in version.stdout) == (value == "pure")
    else:  # (no C compiler at install: the pure engine whatever the variable says, and why)
        assert "pure Python (no native core: the C extension was not built" in version.stdout


@pytest.mark.parametrize("engine", ["pure", "native"])
def test_the_version_is_one_line_in_a_pipe_however_narrow(engine: str) -> None:
    """Argparse's version action wrapped the line at the terminal's width, and at 80
    columns in a pipe: the pure build's reason made it three lines. The build's words whole."""
    env = program_env(SUDOKU_REPL_ENGINE=engine, COLUMNS="30")
    done = run_program("--version", env=env, text=True)
    assert done.returncode == 0 and done.stderr == ""
    (line,) = done.stdout.splitlines()
    assert line.startswith(f"sudoku-repl {PROJECT_VERSION}, ")
    if engine == "pure" or not native.available():
        assert line.startswith(f"sudoku-repl {PROJECT_VERSION}, pure Python (no native core: ")
        assert line.endswith(")")
