"""The working folder kept off Python's import path: a quiz folder holding a file
named as a module the shell imports late (``difflib.py``, imported at a mistyped command;
``highspy.py``, at ``solve ilp``), or a file dropped in the web page's folder, must never run.

Python puts the working folder first on ``sys.path`` for ``python -m sudoku_repl`` (its path)
and in Pyodide (``''``), and an empty entry of ``PYTHONPATH`` is the working folder too (its
path); the ``sudoku-repl`` command's first entry is its own folder (``bin``), not the working
one. Taken off here, at the start: every relative entry (``''``, ``.``: they follow the working
folder wherever it goes) and every entry that is the working folder, but for a folder of the
installation's packages (``site``'s: the shell started from inside one still imports from it).

Cheap, as every start pays it (``sudoku-repl -c bye``): one ``stat`` of each
entry; only one that is the working folder's directory is resolved (``realpath``, which
``lstat``\\ s each of its parts) and looked for among ``site``'s folders."""

from __future__ import annotations

import os
import sys


def keep_working_folder_off() -> None:
    """Takes the working folder off ``sys.path`` (as it is now, and every relative entry); the
    rest stays as it was, in its order."""
    try:
        here = os.getcwd()
        seen = os.stat(here)
    except OSError:  # (the working folder removed: only its relative entries can name it)
        here = None
    sys.path[:] = [
        entry
        for entry in sys.path
        if os.path.isabs(entry) and (here is None or not _is_working_folder(entry, here, seen))
    ]


def _is_working_folder(entry: str, here: str, seen: os.stat_result) -> bool:
    """Whether ``entry`` is the working folder ``here`` (``seen``: its ``stat``), a folder of
    the installation's packages aside: the same file by ``stat`` first (a directory's number is
    0 on some file systems, so that alone is not enough), then the same path once resolved."""
    try:
        found = os.stat(entry)
    except (OSError, ValueError):  # (not there, or no path: nothing is imported from it)
        return False
    if (found.st_ino, found.st_dev) != (seen.st_ino, seen.st_dev):
        return False
    import site  # (imported by the interpreter's start already, but under python -S)

    resolved = os.path.realpath(entry)
    installed = {os.path.realpath(folder) for folder in site.getsitepackages()}
    return resolved == os.path.realpath(here) and resolved not in installed
