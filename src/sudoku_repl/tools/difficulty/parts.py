"""The parts of a dossier (``dossier.Dossier``), typed records beneath both its measuring
(``dossier``) and its words (``lines``): the settings that shape the figures and Sudoku
Explainer's path. A candidate is ``(cell, digit)``, cells 0-80 row by row, as ``measures``
has it; ``named`` writes it as the dossier does (``8r1c2``: 8 at r1c2)."""

from __future__ import annotations

import attrs

from sudoku_repl.core.version import installed
from sudoku_repl.tools.rating.measures import Candidate
from sudoku_repl.tools.rating.scales import EVERY, ISOMORPHS, SEED

#: seconds for one Sudoku Explainer rating where none is given (``rate``'s default)
SE_TIMEOUT = 60.0


def cell_name(cell: int) -> str:
    """``r1c2`` for the cell 1 (rows and columns from 1)."""
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def named(candidate: Candidate) -> str:
    """``9r1c5``: a digit at a cell, the field's way (Berthier's, SHC's, HoDoKu's)."""
    cell, digit = candidate
    return f"{digit}{cell_name(cell)}"


@attrs.frozen
class Settings:
    """What shapes a dossier's figures: the version, the measures, the isomorphs (how many and
    their seed), Sudoku Explainer's time limit, the run mode of the original's search and
    filters, the rules the quiz is played by."""

    measures: tuple[str, ...] = EVERY
    isomorphs: int = ISOMORPHS
    seed: int = SEED
    se_timeout: float = SE_TIMEOUT
    run_mode: int = 0
    version: str = attrs.field(factory=installed)
    #: the quiz's variant rules, as its rules line says them ("" for classic sudoku)
    rules: str = ""


@attrs.frozen
class Bottleneck:
    """A step of Sudoku Explainer's path rated at its ER: its place (1-based) among the
    path's ``of`` steps, serate's name of its technique and its description (serate's step
    line, byte for byte: its cells as serate names them, ``C2.2`` for 2 at r2c3), its rating,
    and what it does: the candidates it removes and the value it places, if any."""

    place: int
    of: int
    technique: str
    description: str
    rating: float
    removes: tuple[Candidate, ...] = ()
    places: Candidate | None = None


@attrs.frozen
class Technique:
    """How many steps of the path one technique (serate's name) took, and the least and the
    most of their ratings (a chain's rating grows with its length)."""

    name: str
    count: int
    least: float
    most: float


@attrs.frozen
class SePath:
    """Sudoku Explainer's rating of the state and its path: ER, EP, ED as ``rate`` writes them,
    the bottleneck steps, and how many steps each technique took, in the order Sudoku
    Explainer's own analysis lists them: by rating (each technique's least), then by name."""

    er: str
    ep: str
    ed: str
    steps: int
    bottlenecks: tuple[Bottleneck, ...]
    techniques: tuple[Technique, ...]
