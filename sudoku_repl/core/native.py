"""Which build of the core is running: pure Python (the reference, what ``pip install .`` gives)
or the compiled core (``SUDOKU_REPL_COMPILE=1 pip install .``: the modules of ``COMPILED``
compiled with mypyc into C extensions, by ``setup.py``, which reads the list from here).

Both builds run the same source: the compiled one is these very modules, type-checked and
translated to C. ``python -m sudoku_repl.core.native`` prints which build is running.

This module is never compiled, and imports none of the modules it reports on until asked.
"""

from __future__ import annotations

import importlib
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING

#: The core modules the compiled build compiles, in import order (the engine's hot path and the
#: values it works on). Left out: ``breakpoints`` (its attrs classes use ``attrs.field``, which
#: mypyc refuses in compiled class bodies, and it runs once per step only with breakpoints
#: set), ``quiz``, ``errors`` and ``uniqueness`` (not on the hot path; ``errors``' exceptions are
#: subclassed above the core), ``native`` itself.
COMPILED = ("geometry", "events", "state", "filters", "modes", "engine", "history", "session")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*attrs, **kwattrs):
        """``mypy_extensions.mypyc_attr``, a mark that tells mypyc how to compile a class: mypyc
        reads it from the source and never calls it, so at run time (and in the pure build,
        which needs no mypy_extensions) it does nothing."""
        return lambda cls: cls


def compiled_modules() -> list[str]:
    """The modules of ``COMPILED`` that run compiled (each is imported)."""
    found = []
    for name in COMPILED:
        module = importlib.import_module(f"sudoku_repl.core.{name}")
        origin = getattr(module.__spec__, "origin", None) or ""
        if origin.endswith(tuple(EXTENSION_SUFFIXES)):
            found.append(name)
    return found


def compiled() -> bool:
    """Whether the compiled core is running: every module of ``COMPILED`` is compiled."""
    return len(compiled_modules()) == len(COMPILED)


def build() -> str:
    """The build in words: ``compiled core (mypyc)``, ``pure Python``, or which modules are
    compiled when only some are (a stale or broken build)."""
    found = compiled_modules()
    if not found:
        return "pure Python"
    if len(found) == len(COMPILED):
        return "compiled core (mypyc)"
    return f"partly compiled core ({', '.join(found)}; the rest pure Python)"


if __name__ == "__main__":
    print(build())
    sys.exit(0)
