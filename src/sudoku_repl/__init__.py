r"""sudoku_repl: an interactive stepping debugger for a Sudoku solver, faithful to SudokuSolver 2.6.

The public API, for notebooks and scripts (names are imported on first use, so ``import
sudoku_repl`` costs nothing)::

    from sudoku_repl import Session
    session = Session.from_quiz("examples/seed.txt")
    session.run()                      # to the first solution, quietly: a RunReport
    session.run(lines=True)            # on, with the trace lines: session.trace
    session.goto(92)                   # GotoReport(asked=92, reached=92, ...)
    print(session.show())              # the show block, as ``show`` prints it
    session.moves(6)                   # step 6's moves, events by name, cells as (row, col)

``Session``, ``load_quiz``, ``Quiz``, ``Settings``, ``RunReport``, ``StepReport``,
``GotoReport``, ``Move``, ``EventView``, ``UserError``, ``technique`` (an event record's standard
name: ``technique(event, move, cands)``), ``Technique``, ``Why``, ``Cause``, ``Fact``,
``Guessed`` and ``why_text`` (``session.why(...)``'s answer, docs/why.md), ``IlpResult`` and
``IlpEnd`` (``session.solve_ilp(...)``'s answer, docs/ilp.md), ``generate`` (puzzles made to
order, each a ``Made``: docs/generate.md), ``difficulty`` (how hard a puzzle, a pencil-mark
line or a session's state is, a ``Dossier``: docs/difficulty.md), ``plan`` (Sudoku Explainer's
path as data, each step a ``PlanStep`` with its ``Link``\ s: docs/explain.md): see
``sudoku_repl.api``.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing itself is not imported: ``sudoku-repl -c bye`` needs none of it
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "Cause",
    "Dossier",
    "EventView",
    "Fact",
    "GotoReport",
    "Guessed",
    "IlpEnd",
    "IlpResult",
    "Link",
    "Made",
    "Move",
    "OrderRefused",
    "PlanStep",
    "Quiz",
    "RunReport",
    "Session",
    "Settings",
    "StepReport",
    "Technique",
    "UserError",
    "Why",
    "__version__",
    "difficulty",
    "generate",
    "load_quiz",
    "plan",
    "technique",
    "why_text",
]


def __getattr__(name: str) -> Any:
    if name == "__version__":
        return version()
    if name in __all__:
        from sudoku_repl import api

        return getattr(api, name)
    raise AttributeError(f"module 'sudoku_repl' has no attribute {name!r}")


def version() -> str:
    """The installed distribution's version: the one number, in ``pyproject.toml`` (read from
    the metadata on first use, which costs an import that ``sudoku-repl -c bye`` does not pay)."""
    from sudoku_repl.core.version import installed

    return installed()
