"""A Ctrl-C while the command line's modules load:
a clean exit, status 130, nothing on stderr. Raised as KeyboardInterrupt there, it could come
inside the import machinery's callbacks (a module lock's weakref callback), where Python prints
``Exception ignored in: <function _get_module_lock.<locals>.cb ...> ... KeyboardInterrupt`` and
goes on: the shell started as if nothing had been typed.

The Ctrl-C is made to come at that very place, the first call of such a callback, by a trace
function (no timing: the interpreter runs the handler at the callback's first instruction)."""

from __future__ import annotations

import subprocess
import sys

from tests.support.helpers import REPO, program_env

#: ``sudoku-repl -c bye``'s entry point, with SIGINT raised in the first module lock callback
AT_A_LOCK_CALLBACK = """
import signal, sys
sys.argv = ["sudoku-repl", "-c", "bye"]
import sudoku_repl.__main__ as entry
raised = []
def trace(frame, event, arg):
    code = frame.f_code
    if not raised and event == "call" and code.co_name == "cb" and "importlib" in code.co_filename:
        raised.append(code.co_filename)
        signal.raise_signal(signal.SIGINT)
sys.settrace(trace)
status = entry.run()
sys.settrace(None)
assert raised, "no module lock callback was called: the test did not test"
sys.exit(status)
"""


def test_ctrl_c_in_the_import_machinery_while_modules_load_ends_quietly() -> None:
    done = subprocess.run(
        [sys.executable, "-c", AT_A_LOCK_CALLBACK],
        cwd=REPO,
        env=program_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stderr == ""
    assert done.returncode == 130
    assert done.stdout == ""  # (no shell: bye never ran)
