"""The line a Sudoku Explainer rating says before it starts on the pure-Python explainer (issue
54): without the explainer's C (no C compiler at install) or with ``SUDOKU_REPL_ENGINE=pure``, it
gives the same ratings tens to hundreds of times slower (docs/native.md, "Without a compiler"),
and a user who installed without a compiler was told nothing by pip (pip shows a build's
warnings only with ``-v``). Each command that rates by SE's scale (``rate --scale se|both``,
``serate``, ``generate`` aiming at an SE rating) asks here once at its start and prints the line
where it prints its own complaints; nothing here prints.
"""

from __future__ import annotations

from sudoku_repl.techniques.explainer import native


def pure_explainer_line() -> str | None:
    """The one line to say before an SE rating starts on the pure-Python explainer (its reason
    in ``native.build``'s words), or None on the native explainer."""
    if native.active():
        return None
    return (
        f"SE rating on {native.build()}: tens to hundreds of times slower than on the native "
        "explainer; docs/native.md says how to get it (a C compiler at install, or a wheel)."
    )


def slow_build() -> str | None:
    """One line saying that a pure Python build runs (the core's, which makes the puzzles, or
    the explainer's, which rates them), tens of times slower than the native one; None when
    both run their C."""
    from sudoku_repl.core import native as core

    pure = [part.build() for part in (core, native) if not part.active()]
    if not pure:
        return None
    return f"{' and '.join(pure)}: tens of times slower than the native build"
