"""An experiment's own future while another is the present one: the moves of a record from a
move on, taken out of it whole (``Tail``, ``History.detach``) and put back (``attach``)."""

from __future__ import annotations

from array import array
from itertools import repeat
from operator import sub

from sudoku_repl.core.engine import Choice
from sudoku_repl.core.record.chunks import Chunk
from sudoku_repl.core.state import EngineState


class Tail:
    """The moves of a record from ``start`` on, detached from it (``History.detach``): an
    experiment's own future while another is the present one. Whole chunks move, not copies;
    a chunk that begins before ``start`` comes whole (the moves before ``start`` in it are the
    record's own, the same for every future that parts there). Choices and new guesses keep
    their moves' numbers in the record (no work per move to detach or attach them); ``shift``
    renumbers them when the record's oldest moves are dropped."""

    __slots__ = (
        "choices",
        "chunks",
        "guess_levels",
        "guess_moves",
        "modes",
        "snapshots",
        "start",
        "steps",
    )

    def __init__(self, start: int) -> None:
        self.start = start
        self.steps = array("I")
        self.modes = array("B")
        self.choices: dict[int, Choice] = {}
        self.chunks: list[Chunk] = []
        self.snapshots: list[EngineState] = []
        self.guess_moves = array("I")
        self.guess_levels = array("B")

    def __len__(self) -> int:
        return len(self.steps)

    def shift(self, moves: int) -> None:
        """The record's first ``moves`` moves were dropped (``History.drop_oldest``; the tail
        starts after them): number its moves from there."""
        self.start -= moves
        self.choices = {m - moves: c for m, c in self.choices.items()}
        self.guess_moves = array("I", map(sub, self.guess_moves, repeat(moves)))
