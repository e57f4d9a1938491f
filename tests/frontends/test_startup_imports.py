"""What start-up imports: ``bye``, ``help`` and a mistyped command need the command
table only, so that ``sudoku-repl -c bye`` costs little more than the interpreter's own start.

Each case runs in a fresh interpreter (``sys.modules`` of the test process holds everything) and
lists what was imported by the end. No timing here: ``benchmarks/bench_startup.py`` measures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.frontends.shell import toolbar_text
from sudoku_repl.frontends.shell_start import maybe_pure
from tests.support.helpers import EACH_BUILD, REPO, SEED_QUIZ, ListOutput

#: on each build: what start-up imports differs where the pure build's line is said
pytestmark = EACH_BUILD

#: what start-up may import of the package: the command line, the table and the declarations, the
#: dispatcher, the batch reader, the plain options and ``bye``/``help``
STARTUP = {
    "sudoku_repl",
    "sudoku_repl.assembly",
    "sudoku_repl.commands",
    "sudoku_repl.commands.arguments",
    "sudoku_repl.commands.bare",
    "sudoku_repl.commands.dispatch",
    "sudoku_repl.commands.failures",  # (the failed lines batch mode sums up: a count, a few lines)
    "sudoku_repl.commands.filling",
    "sudoku_repl.commands.listing",  # (help's Order List, an unknown word's suggestions)
    "sudoku_repl.commands.declared",
    "sudoku_repl.commands.declared.bare",
    "sudoku_repl.commands.declared.book",
    "sudoku_repl.commands.declared.making",
    "sudoku_repl.commands.declared.board",
    "sudoku_repl.commands.declared.hint_check",
    "sudoku_repl.commands.declared.difficulty",
    "sudoku_repl.commands.declared.link",
    "sudoku_repl.commands.declared.debugger",
    "sudoku_repl.commands.declared.experiments",
    "sudoku_repl.commands.declared.export",
    "sudoku_repl.commands.declared.frames",
    "sudoku_repl.commands.declared.original",
    "sudoku_repl.commands.declared.settings",
    "sudoku_repl.commands.declared.solve",
    "sudoku_repl.commands.declared.stepping",
    "sudoku_repl.commands.declared.whatif",
    "sudoku_repl.commands.spec",
    "sudoku_repl.commands.preparation",
    "sudoku_repl.commands.recorder",
    "sudoku_repl.commands.run_timer",
    "sudoku_repl.commands.refused",
    "sudoku_repl.commands.script_files",
    "sudoku_repl.commands.setting",
    "sudoku_repl.commands.session_hooks",
    "sudoku_repl.commands.session_slot",
    "sudoku_repl.commands.table",
    "sudoku_repl.core",
    "sudoku_repl.core.engine_choice",  # (the words SUDOKU_REPL_ENGINE takes, where it is set)
    "sudoku_repl.core.errors",
    "sudoku_repl.frontends",
    "sudoku_repl.frontends.batch",
    "sudoku_repl.frontends.cli",
    "sudoku_repl.frontends.interrupts",
    "sudoku_repl.frontends.options",
    "sudoku_repl.frontends.standard_output",  # (batch mode's transcript on a full disk: one line)
    "sudoku_repl.frontends.subcommands",  # (a first word that is no option, against their table)
}
#: the interactive shell adds these (and prompt_toolkit): what it starts from (``shell_start`` and
#: what it uses), then prompt_toolkit's prompt with its Tab and its cursor-position requests
SHELL = {
    "sudoku_repl.commands.stop_lines",  # (the pager never holds a stop's lines back: 10 lines)
    "sudoku_repl.frontends.completion",
    "sudoku_repl.frontends.completion_keys",
    "sudoku_repl.frontends.cursor_requests",
    "sudoku_repl.frontends.history_file",
    "sudoku_repl.frontends.own_frame",  # (each command run through C: docs/web.md, "Speed")
    "sudoku_repl.frontends.pager",
    "sudoku_repl.frontends.progress_line",
    "sudoku_repl.frontends.prompt_history",
    "sudoku_repl.frontends.shell",
    "sudoku_repl.frontends.shell_start",
    "sudoku_repl.frontends.suspend_key",
    "sudoku_repl.frontends.terminal_mode",
    "sudoku_repl.frontends.terminal_output",
    "sudoku_repl.frontends.toolbar",
}
#: and on the pure build of an install without its C (the bare machine: no extension's file,
#: ``shell_start.maybe_pure``), what says so before the first prompt: the line's
#: module and the two doors (the explainer's a ``core.doors.Door``), which find no extension to
#: load (no engine)
PURE_LINE = {
    "sudoku_repl.core.doors",
    "sudoku_repl.core.native",
    "sudoku_repl.core.native_check",
    "sudoku_repl.techniques",
    "sudoku_repl.techniques.explainer",
    "sudoku_repl.techniques.explainer.native",
    "sudoku_repl.tools",
    "sudoku_repl.tools.rating",
    "sudoku_repl.tools.rating.se_build",
}
#: libraries that cost start-up time and are not needed before a quiz is loaded
HEAVY = ("attr", "attrs", "dataclasses", "prompt_toolkit")

PROBE = """
import json, sys
{body}
ours = sorted(m for m in sys.modules if m.split(".")[0] == "sudoku_repl")
heavy = sorted(m for m in sys.modules if m.split(".")[0] in {heavy!r})
print("\\nPROBE " + json.dumps({{"rc": rc, "ours": ours, "heavy": heavy}}), file=sys.stderr)
"""


def probe(body: str) -> tuple[str, dict[str, Any]]:
    """Run ``body`` (which sets ``rc``) in a fresh interpreter from the repository root, the
    default build asked (no ``SUDOKU_REPL_ENGINE``): its stdout and what it had imported by the
    end."""
    env = {name: value for name, value in os.environ.items() if name != "SUDOKU_REPL_ENGINE"}
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(body=body, heavy=HEAVY)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    marker = [line for line in done.stderr.splitlines() if line.startswith("PROBE ")]
    assert len(marker) == 1, done.stderr
    result: dict[str, Any] = json.loads(marker[0][6:])
    return done.stdout, result


def run_cli(commands: str) -> tuple[str, dict[str, Any]]:
    body = f"import sudoku_repl.frontends.cli as cli\nrc = cli.main(['-c', {commands!r}])"
    return probe(body)


@pytest.mark.parametrize(
    ("commands", "rc", "said"),
    [
        ("bye", 0, "bye"),
        ("help", 0, "bye: quit"),
        ("help step; help runtil; bye", 0, "Aliases: rt"),
        ("stpe", 1, "Unknown command 'stpe'; did you mean step?"),
        ("", 0, "Order please:"),
    ],
    ids=["bye", "help", "help-command", "unknown", "nothing"],
)
def test_bye_help_and_unknown_commands_import_no_engine(commands: str, rc: int, said: str) -> None:
    out, result = run_cli(commands)
    assert said in out.splitlines()
    assert result["rc"] == rc
    assert result["heavy"] == []
    ours = set(result["ours"])
    assert ours <= STARTUP, sorted(ours - STARTUP)


#: the declarations ``bye`` needs (the original ten's: ``bye`` is tenth, in ``bare``), and the
#: modules of ``STARTUP`` a line that is found and runs without refusal does not import
#: (``sudoku-repl -c bye`` within 2x ``python -c pass``, ``bench_startup.py``)
BYE_DECLARATIONS = {"sudoku_repl.commands.declared.original", "sudoku_repl.commands.declared.bare"}
NOT_FOR_BYE = {
    "sudoku_repl.commands.filling",  # (help's paragraphs)
    "sudoku_repl.commands.listing",
    "sudoku_repl.commands.setting",  # (the settings' defaults, on first use: ViewSettings)
    "sudoku_repl.commands.refused",
    "sudoku_repl.commands.script_files",
    "sudoku_repl.commands.failures",  # (made at the first line that fails: Repl.failures)
    "sudoku_repl.core.engine_choice",  # (SUDOKU_REPL_ENGINE is not set)
    "sudoku_repl.frontends.subcommands",  # (the first word, -c, is an option)
}
#: what ``cli.main`` imports of the package for ``-c bye``
BYE = {
    m for m in STARTUP - NOT_FOR_BYE if not m.startswith("sudoku_repl.commands.declared.")
} | BYE_DECLARATIONS
#: and what the way in of the console script and ``python -m`` adds (``__main__.run``): the
#: working folder taken off the import path first
ENTRY = {"sudoku_repl.__main__", "sudoku_repl.frontends.import_path"}


def test_bye_loads_the_declarations_only_as_far_as_bye() -> None:
    """The command table loads its fourteen declaration modules in Order List order only as far
    as a lookup needs: ``bye`` imports the original ten's (two modules), ``help`` all of them."""
    _, bye = run_cli("bye")
    declared = {m for m in STARTUP if m.startswith("sudoku_repl.commands.declared.")}
    assert {m for m in bye["ours"] if m.startswith("sudoku_repl.commands.declared.")} == (
        BYE_DECLARATIONS
    )
    assert set(bye["ours"]) == BYE
    _, listed = run_cli("help")
    assert declared <= set(listed["ours"])


def test_the_first_command_that_needs_the_engine_registers_the_run_modes() -> None:
    """``run-mode 3`` before any quiz knows mode 3; the run is run-mode 3's (269 steps to the
    seed's first solution, 131 in mode 0)."""
    out, result = run_cli(f"run-mode 3; load-quiz {SEED_QUIZ}; run; bye")
    assert result["rc"] == 0
    lines = out.splitlines()
    assert (
        "Working mode:3 (the book's theorems 1-4 (Jin Jianming), one conversion per step, a guess "
        "when stuck)" in lines
    )
    assert "Fine [steps:269, solution sum:1]." in lines
    assert "attrs" in result["heavy"]


def test_help_run_mode_lists_the_registered_modes() -> None:
    out, result = run_cli("help run-mode")
    assert result["rc"] == 0
    assert "5: X-Chain and Forcing-Chain only." in out.splitlines()


def test_the_interactive_shell_imports_no_engine_before_a_quiz() -> None:
    """The prompt with its toolbar and completion, ``help`` and a typo, then ``bye``."""
    body = """
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.history import InMemoryHistory
from sudoku_repl.assembly import register_commands
from sudoku_repl.frontends.shell import run_interactive
register_commands()
with create_pipe_input() as pipe:
    pipe.send_text("help\\rhe\\t\\rstpe\\rbye\\r")
    repl = run_interactive([], input=pipe, output=DummyOutput(), history=InMemoryHistory())
rc = 0 if repl.done else 1
"""
    out, result = probe(body)
    assert "help [command]: list the commands, or explain one" in out.splitlines()
    assert result["rc"] == 0
    assert {name.split(".")[0] for name in result["heavy"]} == {"prompt_toolkit"}
    allowed = STARTUP | SHELL | (PURE_LINE if maybe_pure() else set())
    ours = set(result["ours"])
    assert ours <= allowed, sorted(ours - allowed)


def test_the_toolbar_without_a_session_is_the_fresh_sessions() -> None:
    """Before a command makes the session, the toolbar shows the default settings without it:
    the same text as once the session is made."""
    repl = Repl(ListOutput(), lambda question: "")
    before = toolbar_text(repl, width=200)
    assert not repl.made_session
    repl.session  # noqa: B018 - making it is the test
    assert repl.made_session
    assert toolbar_text(repl, width=200) == before
    assert toolbar_text(repl, width=0) == "no quiz | rm 0 | gm 0 | bp 0"


#: libraries ``sudoku-repl -c bye`` does without, and imported only where the interpreter's own
#: start imports them (``enum`` with ``functools`` and ``collections``, through
#: ``signal``; ``re``, through ``shlex``; ``contextlib``: a quarter of the start's time, 2.4x
#: ``python -c pass``: ``errno``, for two rare lines)
UNNEEDED = {
    "collections", "contextlib", "enum", "errno", "functools", "re", "shlex", "signal", "typing",
}  # fmt: skip

MODULES_AT_EXIT = """
import sys
{body}
sys.stderr.write("\\nMODULES " + " ".join(sorted(sys.modules)) + "\\n")
"""


def _modules_at_exit(body: str) -> set[str]:
    """The modules a fresh interpreter has imported after ``body`` (no json: it imports re)."""
    done = subprocess.run(
        [sys.executable, "-c", MODULES_AT_EXIT.format(body=body)],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    marker = [line for line in done.stderr.splitlines() if line.startswith("MODULES ")]
    assert len(marker) == 1, done.stderr
    return set(marker[0].split()[1:])


def test_bye_imports_no_library_the_interpreter_does_not() -> None:
    """The console script's way in (``__main__.run``), ``-c bye``: none of ``UNNEEDED`` beyond
    what ``python -c pass`` imported already."""
    baseline = _modules_at_exit("")
    ours = _modules_at_exit(
        "sys.argv = ['sudoku-repl', '-c', 'bye']\n"
        "from sudoku_repl.__main__ import run\n"
        "assert run() == 0"
    )
    assert {m for m in ours if m.split(".")[0] == "sudoku_repl"} == BYE | ENTRY
    assert (ours - baseline) & UNNEEDED == set()


SETTLED = """
import gc, sys, weakref
sys.argv = ["sudoku-repl", "-c", "bye"]
from sudoku_repl.__main__ import run
assert run() == 0
class Node:
    pass
made = Node()
made.itself = made
gone = weakref.ref(made)
del made
gc.collect()
sys.stderr.write(f"\\nSETTLED {gc.get_freeze_count()} {gone() is None}\\n")
"""


def test_what_the_start_made_is_left_out_of_the_collectors_passes() -> None:
    """The console script's way in (``__main__.run``) freezes what the start made (the exit's
    passes over it were a tenth of ``sudoku-repl -c bye``); a cycle made after
    it is collected as ever."""
    done = subprocess.run(
        [sys.executable, "-c", SETTLED], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    marker = [line for line in done.stderr.splitlines() if line.startswith("SETTLED ")]
    assert len(marker) == 1, done.stderr
    frozen, collected = marker[0].split()[1:]
    assert int(frozen) > 1000
    assert collected == "True"
