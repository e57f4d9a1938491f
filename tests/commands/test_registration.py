"""A ``Repl`` made before the commands are registered: importing registers nothing,
so a front end or a script that makes one first is told, at once and in one line, the call it
missed (``assembly.register_commands``), not met later by a ``ValueError`` out of difflib on the
first mistyped word (every word was unknown to an empty table)."""

from __future__ import annotations

import subprocess
import sys

from tests.support.helpers import program_env

#: a fresh process (this one's conftest registered everything): a Repl before and after
#: registering, each outcome printed
PROGRAM = """
from sudoku_repl.commands.dispatch import Repl

class Out:
    def message(self, line): print("out:", line)
    def error(self, line): print("err:", line)

try:
    Repl(Out(), lambda question: "").execute("stpe")
except RuntimeError as e:
    print("refused:", e)
from sudoku_repl.assembly import register_commands

register_commands()
Repl(Out(), lambda question: "").execute("stpe")
"""


def test_a_repl_before_registration_names_the_call_it_needs() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM],
        capture_output=True,
        text=True,
        env=program_env(),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == (
        "refused: No commands are registered: call sudoku_repl.assembly.register_commands() (or "
        "register_all()) once before making a Repl; importing registers nothing."
    )
    assert lines[1] == "err: Unknown command 'stpe'; did you mean step?"
