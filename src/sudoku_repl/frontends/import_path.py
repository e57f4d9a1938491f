"""The working folder kept off Python's import path (issue 73, 3): a quiz folder holding a file
named as a module the shell imports late (``difflib.py``, imported at a mistyped command;
``highspy.py``, at ``solve ilp``), or a file dropped in the web page's folder, must never run.

Python puts the working folder first on ``sys.path`` for ``python -m sudoku_repl`` (its path)
and in Pyodide (``''``), and an empty entry of ``PYTHONPATH`` is the working folder too (its
path); the ``sudoku-repl`` command's first entry is its own folder (``bin``), not the working
one. Taken off here, at the start: every relative entry (``''``, ``.``: they follow the working
folder wherever it goes) and every entry that is the working folder, but for a folder of the
installation's packages (``site``'s: the shell started from inside one still imports from it)."""

from __future__ import annotations

import os
import site
import sys


def keep_working_folder_off() -> None:
    """Takes the working folder off ``sys.path`` (as it is now, and every relative entry); the
    rest stays as it was, in its order."""
    try:
        here = os.path.realpath(os.getcwd())
    except OSError:  # (the working folder removed: only its relative entries can name it)
        here = None
    installed = {os.path.realpath(folder) for folder in site.getsitepackages()}
    sys.path[:] = [
        entry
        for entry in sys.path
        if os.path.isabs(entry)
        and (os.path.realpath(entry) != here or os.path.realpath(entry) in installed)
    ]
