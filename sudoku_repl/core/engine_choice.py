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
