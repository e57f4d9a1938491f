"""Positions other programs write: a quiz with values placed and candidates deleted, read from a
HoDoKu library line, a 729-character candidate string or a candidate grid, and started as a
what-if (``start``) so that the search goes on from the position a person had reached.

The formats, as their programs define them (docs/commands.md, "Quiz files"):

- a *HoDoKu library line*, the format HoDoKu writes and the header of its regression library
  ``reglib-1.3.txt`` defines:
  ``:<technique>:<candidates>:<givens>:<deleted candidates>:<eliminations>:<placements>:<extra>``.
  In ``<givens>`` a ``+`` before a digit marks a value placed, not given; ``<deleted
  candidates>`` are ``<digit><row><col>`` entries (1-based) separated by blanks: candidates
  deleted after the values were placed. The fields after them say what a technique finds in
  the position and are not read (HoDoKu tells such a line by its six or seven colons).
- a *candidate string* of 729 characters: nine per cell, row by row; the k-th of a cell's nine
  is the digit k when k is a candidate, ``.`` or ``0`` when not.
- a *candidate grid*: nine lines of nine groups of digits (a cell's candidates, or its value),
  as HoDoKu prints its PM grid and Simple Sudoku its candidate grid: border lines (holding
  ``---``) and ``|`` are passed over, so are HoDoKu's step marks (``*``, ``#``, ``@``, ``-``).

A cell of a candidate string or grid with one digit is a value when no other empty cell of its
units has that digit among its candidates, else a naked single left to find (HoDoKu reads such
grids by that rule); values of a grid are givens. A candidate the values rule out cannot be
given back to a cell (the engine works the candidates out from the values at step 1): such
candidates are counted and said, not kept.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from sudoku_repl.core.errors import QuizError, escaped, shown
from sudoku_repl.core.geometry import CLASSIC
from sudoku_repl.core.quiz import Quiz, check_clashes
from sudoku_repl.text.words import counted

if TYPE_CHECKING:
    from sudoku_repl.core.session import Hooks, Session

CELLS = 81
FULL = 0x1FF  # all nine candidates (bit v-1 for the digit v)
CANDIDATE_STRING = 729  # characters of a candidate string: nine per cell
#: the cell characters of a candidate string
CANDIDATE_CHARS = frozenset("0123456789.")
#: a border line of a printed grid: HoDoKu's rule, a line holding ``---``
BORDER = "---"
#: what a candidate grid line may hold besides digits, blanks and ``|``: HoDoKu's step marks
MARKS = re.compile(r"[*#@\-]")
LIBRARY_FORM = ":<technique>:<candidates>:<givens>:<deleted candidates>:..."


class Position(NamedTuple):
    """A quiz (the givens), the values placed since (0 elsewhere) and, per cell, the candidates
    deleted (a mask, bit v-1 for the digit v) from those its values leave; ``ruled_out``: the
    candidates the source gave that its values rule out (not kept); ``passed_over``: the lines
    of its file before it that were no quiz, in one sentence (empty: none)."""

    quiz: Quiz
    placed: tuple[int, ...]
    deleted: tuple[int, ...]
    ruled_out: int = 0
    passed_over: str = ""

    @property
    def marked(self) -> bool:
        """Whether it holds more than its givens (then it loads as a what-if start)."""
        return any(self.placed) or any(self.deleted)

    def state(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Its values (the givens and those placed) and each cell's candidates (a mask, bit
        v-1 for v: those its values leave less those deleted; 0 for a filled cell)."""
        values = tuple(given or placed for given, placed in zip(self.quiz.givens, self.placed))
        left = _possible(values)
        return values, tuple(mask & ~gone for mask, gone in zip(left, self.deleted))

    def library_line(self) -> str:
        """The position as a HoDoKu library line (what ``save-session`` writes to load it)."""
        cells = []
        for given, placed in zip(self.quiz.givens, self.placed):
            cells.append(f"+{placed}" if placed else str(given) if given else ".")
        deleted = " ".join(
            f"{v}{cell // 9 + 1}{cell % 9 + 1}"
            for cell, mask in enumerate(self.deleted)
            for v in range(1, 10)
            if mask >> (v - 1) & 1
        )
        return f":0000:x:{''.join(cells)}:{deleted}::"


def plain(quiz: Quiz) -> Position:
    """A quiz with nothing placed and nothing deleted."""
    size = quiz.geometry.size
    return Position(quiz, (0,) * size, (0,) * size)


def _possible(values: Sequence[int]) -> list[int]:
    """Per cell, the candidates its peers' values leave (0 for a filled cell)."""
    masks = []
    for cell in range(CELLS):
        if values[cell]:
            masks.append(0)
            continue
        mask = FULL
        for peer in CLASSIC.peers[cell]:
            if values[peer]:
                mask &= ~(1 << (values[peer] - 1))
        masks.append(mask)
    return masks


def position(
    givens: Sequence[int], placed: Sequence[int], wanted: Sequence[int | None], source: str
) -> Position:
    """The position of ``givens`` and ``placed`` values whose empty cells keep the candidates of
    ``wanted`` (None: all their values leave); refused with one line when values clash or a
    cell is left without a candidate."""
    quiz = Quiz.from_string("".join(str(v) if v else "." for v in givens), source)
    values = [g or p for g, p in zip(givens, placed)]
    check_clashes(values)  # (placed values clashing with each other or with givens)
    possible = _possible(values)
    deleted = []
    ruled_out = 0
    for cell in range(CELLS):
        want = wanted[cell]
        if values[cell] or want is None:
            deleted.append(0)
            continue
        ruled_out += (want & ~possible[cell]).bit_count()
        if not want & possible[cell]:
            raise QuizError(
                f"Invalid quiz: {CLASSIC.cell_name(cell)} is left without a candidate "
                f"(its row, column and block rule out {_digits(want) or 'every one it has'})."
            )
        deleted.append(possible[cell] & ~want)
    return Position(quiz, tuple(placed), tuple(deleted), ruled_out)


def _digits(mask: int) -> str:
    return "".join(str(v) for v in range(1, 10) if mask >> (v - 1) & 1)


# -- HoDoKu library lines -------------------------------------------------------------------


def is_library_line(line: str) -> bool:
    """A line HoDoKu reads as a library line: it starts with a colon and has six or seven."""
    text = line.strip()
    return text.startswith(":") and text.count(":") in (6, 7)


def library_givens(line: str) -> str:
    """The 81 characters of a library line's givens (placed values as empty cells), or the
    ``<givens>`` field as it is when it is not 81 cells: what ``rate`` rates."""
    field = line.strip().split(":")[3]
    return re.sub(r"\+[0-9]", ".", field)


def parse_library(line: str, source: str) -> Position:
    """The position of a HoDoKu library line."""
    fields = line.strip().split(":")
    cells = fields[3].strip()
    givens, placed = [], []
    k = 0
    while k < len(cells):
        ch = cells[k]
        plus = ch == "+"
        if plus:
            k += 1
            ch = cells[k] if k < len(cells) else ""
        if ch not in CANDIDATE_CHARS or (plus and ch in ".0"):
            raise QuizError(
                f"Invalid library line: {shown(fields[3])!r} is not 81 cells of 1-9, . or 0 "
                f"(a + before a placed value): {LIBRARY_FORM}"
            )
        v = 0 if ch in ".0" else int(ch)
        givens.append(0 if plus else v)
        placed.append(v if plus else 0)
        k += 1
    if len(givens) != CELLS:
        raise QuizError(
            f"Invalid library line: its givens have {len(givens)} cells where {CELLS} are "
            f"needed: {LIBRARY_FORM}"
        )
    values = [g or p for g, p in zip(givens, placed)]
    possible = _possible(values)
    wanted: list[int | None] = [None] * CELLS
    for entry in fields[4].split():
        if not re.fullmatch(r"[1-9]{3}", entry):
            raise QuizError(
                f"Invalid library line: deleted candidate {shown(entry)!r} is not "
                f"<digit><row><col> (three digits 1-9): {LIBRARY_FORM}"
            )
        v, row, col = (int(ch) for ch in entry)
        cell = (row - 1) * 9 + col - 1
        if values[cell]:
            continue  # (a filled cell has no candidates to delete)
        mask = wanted[cell]
        wanted[cell] = (possible[cell] if mask is None else mask) & ~(1 << (v - 1))
    return position(givens, placed, wanted, source)


# -- candidate strings and grids ------------------------------------------------------------


def is_candidate_string(text: str) -> bool:
    return len(text) == CANDIDATE_STRING and set(text) <= CANDIDATE_CHARS


def parse_candidate_string(text: str, source: str) -> Position:
    """The position of a 729-character candidate string."""
    return from_candidates(string_masks(text), source)


def string_masks(text: str) -> list[int]:
    """Each cell's candidates (a mask, bit v-1 for the digit v) of a 729-character candidate
    string, as written: ``QuizError`` for a character out of its place. What ``rate`` reads a
    pencil-mark puzzle by: its candidates kept as they are."""
    masks = []
    for cell in range(CELLS):
        chunk = text[9 * cell : 9 * cell + 9]
        mask = 0
        for k, ch in enumerate(chunk):
            if ch in ".0":
                continue
            if ch != str(k + 1):
                raise QuizError(
                    f"Invalid candidate string: character {9 * cell + k + 1} is {escaped(ch)}, not "
                    f"{k + 1} or . ({CLASSIC.cell_name(cell)}'s {k + 1}: nine characters a "
                    f"cell, the k-th k or .)"
                )
            mask |= 1 << k
        masks.append(mask)
    return masks


def is_border(line: str) -> bool:
    """A border line of a printed grid: it holds ``---`` and no digit 1-9."""
    return BORDER in line and not any(ch in line for ch in "123456789")


def candidate_groups(line: str) -> list[str] | None:
    """The groups of digits of a candidate grid line (``|`` and step marks passed over), or
    None when it holds anything else."""
    text = MARKS.sub("", line.replace("|", " ").replace(":", " "))
    groups = text.split()
    if not groups or not all(g.isdigit() or g == "." for g in groups):
        return None
    return groups


def looks_like_grid(lines: Sequence[str]) -> bool:
    """Whether these lines (borders left out) are a candidate grid: nine lines of nine groups of
    digits, and a cell with more than one."""
    if len(lines) != 9:
        return False
    rows = [candidate_groups(line) for line in lines]
    return all(row is not None and len(row) == 9 for row in rows) and any(
        len(g) > 1 for row in rows if row is not None for g in row
    )


def parse_candidate_grid(rows: Sequence[tuple[int, str]], source: str) -> Position:
    """The position of a candidate grid: its nine lines (line number, text), borders left out."""
    return from_candidates(candidate_masks(rows), source)


def candidate_masks(rows: Sequence[tuple[int, str]]) -> list[int]:
    """The 81 candidate masks of a candidate grid's nine lines (line number, text)."""
    masks = []
    for n, line in rows:
        groups = candidate_groups(line)
        if groups is None or len(groups) != 9:
            raise QuizError(
                f"Invalid line {n}: {shown(line)} (a candidate grid line has nine groups of "
                f"digits, a cell's candidates or its value).",
                n,
            )
        for group in groups:
            mask = 0
            for ch in group:
                if ch not in ".0":
                    mask |= 1 << (int(ch) - 1)
            masks.append(mask)
    return masks


def from_candidates(masks: Sequence[int], source: str) -> Position:
    """The position of 81 candidate masks (a single digit: a value, by HoDoKu's rule)."""
    givens = [0] * CELLS
    for cell, mask in enumerate(masks):
        if mask and not mask & (mask - 1):
            others = any(
                masks[p] & mask and (masks[p] & (masks[p] - 1)) for p in CLASSIC.peers[cell]
            )
            if not others:
                givens[cell] = mask.bit_length()
    for cell, mask in enumerate(masks):
        if not mask:
            raise QuizError(
                f"Invalid quiz: {CLASSIC.cell_name(cell)} has no candidate and no value."
            )
    wanted: list[int | None] = [None if givens[c] else masks[c] for c in range(CELLS)]
    return position(givens, [0] * CELLS, wanted, source)


# -- starting a position ---------------------------------------------------------------------

#: the experiment a position with candidates starts (``start``) is parted by this
LOADED_POSITION = "loaded position"


def start(session: Session, position: Position, hooks: Hooks) -> list[str]:
    """Load the position's quiz and, when it holds more, make it the start of a what-if: step 1
    works the candidates out from the givens (the record's first experiment, ``main``), then one
    experiment makes the placed values and deleted candidates as edits by hand, a step each
    (``Session.hand_edits``). Returns the lines that say so."""
    session.load(position.quiz)
    lines = []
    if position.ruled_out:
        lines.append(
            f"{counted(position.ruled_out, 'candidate')} of the "
            "position that its values rule out were left out (candidates are worked out from "
            "the values; they cannot be given back)."
        )
    if not position.marked:
        return lines
    session.step(hooks, breakpoints=False)
    edits = [(cell, v, False) for cell, v in enumerate(position.placed) if v]
    edits += [
        (cell, v, True)
        for cell, mask in enumerate(position.deleted)
        for v in range(1, 10)
        if mask >> (v - 1) & 1
    ]
    placed = sum(1 for v in position.placed if v)
    session.hand_edits(edits, LOADED_POSITION)
    done = [counted(placed, "value") + " placed"] if placed else []
    if len(edits) > placed:
        done.append(counted(len(edits) - placed, "candidate") + " removed")
    number = session.experiment_tree.current.number
    lines.append(
        f"Loaded a position with {' and '.join(done)}: step 1 worked the candidates out from "
        f"the givens (experiment 1), then what-if experiment {number} made those edits by "
        f"hand, a step each (compare 1 {number} sets the two side by side)."
    )
    return lines
