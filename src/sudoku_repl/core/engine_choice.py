"""Which build ``SUDOKU_REPL_ENGINE`` asks the door (``native``) for, and the words it takes:
read with nothing imported, so that the command line says at its start, once, that a value names
no build (``unknown``). The door alone decides what runs; nothing here prints."""

from __future__ import annotations

import os

from sudoku_repl.core.errors import shown

#: the environment variable, and the builds it names: ``pure`` runs the pure-Python engine even
#: where the native core is installed (how CI runs the suite on both builds); ``native``, or
#: nothing, the native core where it is built
ENV = "SUDOKU_REPL_ENGINE"
PURE, NATIVE = "pure", "native"


def pure_asked() -> bool:
    """Whether the environment asks for the pure engine (any other value: the default)."""
    return os.environ.get(ENV, "") == PURE


def not_built(extension: str, folder: str) -> str:
    """Why ``extension`` (the core's C, or the explainer's) cannot be used when it is not there,
    and where it was looked for: ``pip install .`` builds it in the environment, not in the
    source tree a script may import from (a benchmark does)."""
    return (
        f"{extension} was not built in {folder}: no C compiler at install, or a source"
        " tree that pip install -e . did not build in place"
    )


def unknown() -> str | None:
    """The line for a value of ``ENV`` that names no build (the default runs then); None when
    it names one or is empty or not set."""
    value = os.environ.get(ENV, "")
    if value in ("", PURE, NATIVE):
        return None
    return (
        f"{ENV}={shown(value)!r} names no engine: {PURE} (the pure-Python engine) or {NATIVE} "
        "(the native core where it is built, the default); the default runs."
    )
