"""Variant rules as data: each rule declared once (``RULES``), a puzzle's set of them
(``Rules``), and the grid they make (``geometry_of``): the engine steps through any of them as it
steps through classic sudoku, its units being more (a diagonal, a window, ...) and its peers
more (a knight's move away, ...).

The cell sets and neighbour leaps are Sukaku Explainer's (serate v1.15.10,
``diuf/sudoku/Grid.java``: the regions ``DG``, ``Window``, ``diagonalMain``, ``diagonalAnti``,
``Girandola``, ``Asterisk``, ``CD``; ``knightCellIndex``, ``ferzCellIndex``, the toroidal wrap), so
that a rule here means what its serate flag means there; docs/variants.md lists them. A cell is
its row-major index on the 9x9 grid, 0 to 80.

A rule's ``draw`` says how a board draws it, as data: ``lines`` (its houses as lines across the
cells), ``shade`` (its houses' cells shaded, one shade a house; ``drawn``: which houses),
``borders`` (thick borders between its regions, as a jigsaw's), ``legend`` (named in the
board's legend only: the neighbour rules and the disjoint groups, whose cells are every cell),
``none``; ``views/rules_drawn`` reads it for every board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final

import attrs

from sudoku_repl.core.errors import QuizError, shown
from sudoku_repl.core.geometry import CLASSIC, Cell, Geometry, Unit

SIZE: Final = 81
#: the knight's and the ferz's (a king's diagonal step) leaps, serate's ``knightCellIndex`` and
#: ``ferzCellIndex`` (a king's orthogonal step is on its row or column: a peer already)
KNIGHT: Final = ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (-2, 1), (2, -1), (-2, -1))
FERZ: Final = ((1, 1), (-1, 1), (-1, -1), (1, -1))
#: the orthogonal steps, non-consecutive's neighbours (serate's ``wazirCells``)
WAZIR: Final = ((-1, 0), (0, -1), (0, 1), (1, 0))

#: serate's ``diagonalMain`` and ``diagonalAnti``
MAIN: Final = tuple(range(0, SIZE, 10))
ANTI: Final = tuple(range(8, SIZE - 1, 8))
#: serate's ``Window.windows``: the window of each cell, 0-8 (0-3 the four shaded windows, 4-8
#: the five groups they force, each of nine cells too)
_WINDOW_OF: Final = (
    (8, 4, 4, 4, 8, 5, 5, 5, 8),
    (6, 0, 0, 0, 6, 1, 1, 1, 6),
    (6, 0, 0, 0, 6, 1, 1, 1, 6),
    (6, 0, 0, 0, 6, 1, 1, 1, 6),
    (8, 4, 4, 4, 8, 5, 5, 5, 8),
    (7, 2, 2, 2, 7, 3, 3, 3, 7),
    (7, 2, 2, 2, 7, 3, 3, 3, 7),
    (7, 2, 2, 2, 7, 3, 3, 3, 7),
    (8, 4, 4, 4, 8, 5, 5, 5, 8),
)


def _windows() -> tuple[tuple[Cell, ...], ...]:
    return tuple(
        tuple(r * 9 + c for r in range(9) for c in range(9) if _WINDOW_OF[r][c] == w)
        for w in range(9)
    )


def _disjoint_groups() -> tuple[tuple[Cell, ...], ...]:
    """serate's ``DG``: group k is the cell at place k of every block (row-major both)."""
    return tuple(
        tuple(sorted(9 * (k // 3) + k % 3 + 3 * (i % 3) + 27 * (i // 3) for i in range(9)))
        for k in range(9)
    )


@attrs.frozen
class Rule:
    """One rule: the word that names it (``--rules``, the file line), its words, serate's flag
    for it ("" where serate has none), the trace's name of its houses (``kind``, numbered when
    it has several), its houses' cells, its neighbours' leaps, and how a board draws it."""

    word: str
    title: str
    flag: str
    kind: str = ""
    houses: tuple[tuple[Cell, ...], ...] = ()
    leaps: tuple[tuple[int, int], ...] = ()
    draw: str = "none"
    #: the houses a board draws: the first ``drawn`` of them (0: every one); windoku's four
    #: windows, not the five groups they force
    drawn: int = 0


#: every rule, once, in the order of their houses in the scan (after rows, columns and blocks)
# fmt: off
RULES: Final[tuple[Rule, ...]] = (
    Rule("latin", "Latin square: no blocks", "--isBlocks=0"),
    Rule("toroidal", "toroidal: the neighbour rules wrap round the edges", "--isToroidal=1"),
    Rule("x", "X: both main diagonals", "--isX=1", "diag", (MAIN, ANTI), draw="lines"),
    Rule("diagonal-", "the main diagonal (f-puzzles' diagonal-)", "", "diag-", (MAIN,),
         draw="lines"),
    Rule("diagonal+", "the anti-diagonal (f-puzzles' diagonal+)", "", "diag+", (ANTI,),
         draw="lines"),
    Rule("windoku", "windoku: four windows and the five they force", "--isWindows=1", "window",
         _windows(), draw="shade", drawn=4),
    Rule("dg", "disjoint groups: a cell's place in its block", "--isDG=1", "disj",
         _disjoint_groups(), draw="legend"),
    Rule("asterisk", "asterisk", "--isAsterisk=1", "asterisk",
         ((13, 20, 24, 37, 40, 43, 56, 60, 67),), draw="shade"),
    Rule("girandola", "girandola", "--isGirandola=1", "girandola",
         ((0, 8, 13, 37, 40, 43, 67, 72, 80),), draw="shade"),
    Rule("centerdot", "center dot: the blocks' centres", "--isCD=1", "center dot",
         ((10, 13, 16, 37, 40, 43, 64, 67, 70),), draw="shade"),
    Rule("antiknight", "anti-knight: no digit a knight's move from itself", "--isAntiKnight=1",
         leaps=KNIGHT, draw="legend"),
    Rule("antiking", "anti-king: no digit a king's move from itself", "--isAntiKing=1",
         leaps=FERZ, draw="legend"),
    Rule("nc", "non-consecutive: no two side by side one apart (9 and 1 not)", "--isNC=1",
         leaps=WAZIR, draw="legend"),
    Rule("nc+", "non-consecutive, cyclic: 9 and 1 one apart too", "--isNC=2",
         leaps=WAZIR, draw="legend"),
    Rule("jigsaw", "jigsaw: irregular regions for blocks", "", "region", draw="borders"),
    Rule("extra", "extra regions: each a house of nine", "", "extra", draw="shade"),
)
# fmt: on
BY_WORD: Final[dict[str, Rule]] = {rule.word: rule for rule in RULES}
#: the rules whose word takes a map of 81 characters (``jigsaw=...``): a region a cell
MAPPED: Final = ("jigsaw", "extra")
#: the rules that forbid consecutive digits rather than equal ones: the pure engine's
CONSECUTIVE: Final = ("nc", "nc+")


@attrs.frozen
class Rules:
    """A puzzle's rules: the words of ``RULES`` it plays (in ``RULES``' order), and for
    ``jigsaw`` and ``extra`` their maps (per cell its region 1-9, 0 none)."""

    words: tuple[str, ...] = ()
    jigsaw: tuple[int, ...] = ()
    extra: tuple[int, ...] = ()

    def __str__(self) -> str:
        """As ``parse`` reads them, one word: ``x,windoku,jigsaw=111222333...``."""
        return ",".join(
            f"{w}={_map_text(self.jigsaw if w == 'jigsaw' else self.extra)}" if w in MAPPED else w
            for w in self.words
        )

    @property
    def flags(self) -> tuple[str, ...]:
        """serate's flags for these rules (a rule serate has not: none)."""
        return tuple(BY_WORD[w].flag for w in self.words if BY_WORD[w].flag)

    @property
    def consecutive(self) -> int:
        """0, or 1 (``nc``) or 2 (``nc+``): serate's ``whichNC``."""
        return 2 if "nc+" in self.words else 1 if "nc" in self.words else 0

    def houses(self) -> list[tuple[str, int, tuple[Cell, ...]]]:
        """The extra houses, in scan order: (kind, number, cells)."""
        found: list[tuple[str, int, tuple[Cell, ...]]] = []
        for word in self.words:
            rule = BY_WORD[word]
            houses = _regions(self.extra) if word == "extra" else rule.houses
            if word == "jigsaw":
                continue
            for n, cells in enumerate(houses, 1):
                found.append((rule.kind, n if len(houses) > 1 else 0, cells))
        return found

    def neighbours(self, consecutive: bool = False) -> list[list[Cell]]:
        """Per cell, the cells its neighbour rules see (toroidal: wrapped round), row-major:
        of the rules forbidding the same digit, or (``consecutive``) digits one apart."""
        wrap = "toroidal" in self.words
        leaps = [
            leap
            for w in self.words
            if (w in CONSECUTIVE) == consecutive
            for leap in BY_WORD[w].leaps
        ]
        out: list[list[Cell]] = [[] for _ in range(SIZE)]
        for cell in range(SIZE):
            r, c = divmod(cell, 9)
            for dr, dc in leaps:
                rr, cc = r + dr, c + dc
                if wrap:
                    rr, cc = rr % 9, cc % 9
                elif not (0 <= rr < 9 and 0 <= cc < 9):
                    continue
                other = rr * 9 + cc
                if other != cell and other not in out[cell]:
                    out[cell].append(other)
            out[cell].sort()
        return out


NO_RULES: Final = Rules()


def _map_text(regions: Sequence[int]) -> str:
    return "".join(str(k) if k else "." for k in regions)


def _regions(regions: Sequence[int]) -> tuple[tuple[Cell, ...], ...]:
    """A map's regions, in the order of their numbers: each its cells, row-major."""
    numbers = sorted({k for k in regions if k})
    return tuple(tuple(c for c, k in enumerate(regions) if k == n) for n in numbers)


def words_text() -> str:
    """The rule words, as a refusal names what is taken."""
    return ", ".join(w + ("=MAP" if w in MAPPED else "") for w in BY_WORD)


def parse(text: str) -> Rules:
    """Rules as a file line or ``--rules`` spells them: words of ``RULES`` apart by blanks or
    commas, ``jigsaw=MAP`` and ``extra=MAP`` with a map of 81 characters (a region's digit 1-9
    a cell; ``.`` or ``0`` for a cell of no extra region). ``QuizError``: one line naming what
    is wrong and what is taken."""
    words: dict[str, None] = {}
    maps: dict[str, tuple[int, ...]] = {}
    for item in text.replace(",", " ").split():
        word, _, value = item.partition("=")
        word = word.lower()
        if word not in BY_WORD:
            raise QuizError(f"Unknown rule {shown(word)!r}: the rules are {words_text()}.")
        if (word in MAPPED) != bool(value):
            want = f"{word}=MAP, a map of {SIZE} characters" if word in MAPPED else word
            raise QuizError(f"Invalid rule {shown(item)!r}: write {want}.")
        if value:
            maps[word] = _parse_map(word, value)
        words[word] = None
    return make(words, maps.get("jigsaw", ()), maps.get("extra", ()))


def make(words: Iterable[str], jigsaw: Sequence[int] = (), extra: Sequence[int] = ()) -> Rules:
    """Rules of these words (any order; each of ``RULES``), checked together."""
    chosen = set(words)
    if {"diagonal+", "diagonal-"} <= chosen or "x" in chosen:  # both diagonals: X, once
        chosen = (chosen - {"diagonal+", "diagonal-"}) | {"x"}
    if "latin" in chosen and "jigsaw" in chosen:
        raise QuizError("Invalid rules: latin (no blocks) and jigsaw (regions for blocks) clash.")
    if {"nc", "nc+"} <= chosen:
        raise QuizError("Invalid rules: nc and nc+ clash (nc+ is nc with 9 and 1 one apart).")
    if "jigsaw" in chosen:
        _check_regions("jigsaw", jigsaw, every_cell=True)
    if "extra" in chosen:
        _check_regions("extra", extra, every_cell=False)
    ordered = tuple(rule.word for rule in RULES if rule.word in chosen)
    return Rules(
        ordered,
        tuple(jigsaw) if "jigsaw" in chosen else (),
        tuple(extra) if "extra" in chosen else (),
    )


def _parse_map(word: str, value: str) -> tuple[int, ...]:
    if len(value) != SIZE or any(ch not in ".0123456789" for ch in value):
        raise QuizError(
            f"Invalid rule {word}=MAP: {len(value)} characters; want {SIZE} of 1-9 "
            "(a cell's region) or . (none)."
        )
    return tuple(0 if ch in ".0" else int(ch) for ch in value)


def _check_regions(word: str, regions: Sequence[int], every_cell: bool) -> None:
    if len(regions) != SIZE:
        raise QuizError(f"Invalid rule {word}: a map of {len(regions)} cells; want {SIZE}.")
    if every_cell and 0 in regions:
        cell = regions.index(0)
        raise QuizError(f"Invalid rule {word}: r{cell // 9 + 1}c{cell % 9 + 1} has no region.")
    for n, cells in zip(sorted({k for k in regions if k}), _regions(regions)):
        if len(cells) != 9:
            raise QuizError(f"Invalid rule {word}: region {n} has {len(cells)} cells; each has 9.")


@cache
def geometry_of(rules: Rules) -> Geometry:
    """The 9x9 grid of these rules: rows, columns, then the blocks (a jigsaw's regions; none
    for a Latin square), then the rules' houses in ``RULES``' order, each row-major; the
    neighbour rules' cells as peers. One geometry per set of rules, so that sessions on it
    share their engine's tables."""
    if not rules.words:
        return CLASSIC
    present = [(r, c) for r in range(9) for c in range(9)]
    by_kind: dict[str, list[Unit]] = {
        "row": [Unit("row", n + 1, tuple(range(n * 9, n * 9 + 9))) for n in range(9)],
        "col": [Unit("col", n + 1, tuple(range(n, SIZE, 9))) for n in range(9)],
        "blk": [],
    }
    if "jigsaw" in rules.words:
        by_kind["blk"] = [
            Unit("region", n, cells) for n, cells in enumerate(_regions(rules.jigsaw), 1)
        ]
    elif "latin" not in rules.words:
        by_kind["blk"] = [
            Unit("blk", b + 1, tuple(
                27 * (b // 3) + 3 * (b % 3) + 9 * dr + dc for dr in range(3) for dc in range(3)
            ))
            for b in range(9)
        ]  # fmt: skip
    units = by_kind["row"] + by_kind["col"] + by_kind["blk"]
    units += [Unit(kind, n, cells) for kind, n, cells in rules.houses()]
    return Geometry.from_units(
        present,
        ((0, 0),),
        by_kind,
        units,
        rules.neighbours(),
        str(rules),
        _apart(rules),
        rules.consecutive == 2,
    )


def _apart(rules: Rules) -> list[list[Cell]]:
    """Per cell, the cells of its non-consecutive rule (none: no such rule)."""
    return rules.neighbours(consecutive=True) if rules.consecutive else []
