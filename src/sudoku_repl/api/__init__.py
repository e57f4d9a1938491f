"""The public Python API: a session with every run mode registered, quiz loading, stepping (the
trace collected as lines on request), the record (``session.history``) and its moves and events
read as named values with cells as ``(row, col)`` (``Move``, ``EventView``).

Its parts: ``session`` (``Session``: running, time travel, the record's moves, ``why``), its
parent classes ``pictures`` (the replay page, the board, hints) and ``measures`` (the 0-1
program, the dossier), ``moves`` (``Move``, ``EventView``, the notebook's ``History``) and
``puzzles`` (``difficulty``, ``plan``, ``generate``); every name is importable from here."""

from __future__ import annotations

from sudoku_repl.api.moves import EventView, Move
from sudoku_repl.api.moves import History as History
from sudoku_repl.api.pictures import Picture
from sudoku_repl.api.puzzles import OrderRefused, difficulty, generate, plan
from sudoku_repl.api.session import Collect as Collect
from sudoku_repl.api.session import Session, why_text
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.session import RunReport, Settings, StepReport
from sudoku_repl.core.time_travel import GotoReport
from sudoku_repl.techniques.explainer.plan_step import Link, PlanStep
from sudoku_repl.techniques.names import Technique, technique
from sudoku_repl.techniques.why.answer import Cause, Fact, Guessed, Why
from sudoku_repl.text.quiz_files import load as load_quiz
from sudoku_repl.tools.difficulty.dossier import Dossier
from sudoku_repl.tools.ilp.highs import End as IlpEnd
from sudoku_repl.tools.ilp.highs import IlpResult
from sudoku_repl.tools.making.tasks import Made

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
    "Picture",
    "PlanStep",
    "Quiz",
    "RunReport",
    "Session",
    "Settings",
    "StepReport",
    "Technique",
    "UserError",
    "Why",
    "difficulty",
    "generate",
    "load_quiz",
    "plan",
    "technique",
    "why_text",
]
