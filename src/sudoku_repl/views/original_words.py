"""The original's next step in the community's words: ``hint 3`` says the
whole step in the words ``hint 1`` named it by (a hidden single, a naked or hidden set, the
fill pass, a guess, run-mode 3's theorems, run modes 4 and 5's chains), not in the trace's
(``2GW``, ``CelSet``/``ValSet``, ``shrunken``, ``NA(14)=5``, ``r8c4=3 -> r4c4!=3``), which
``hint`` prints. None for a step these words do not cover (``hint 3`` then shows its trace).
``what_and_where`` is what ``hint 1`` calls a theorem's or a chain's step, and where it looks."""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_repl.core import events as E
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import Geometry, Mask
from sudoku_repl.techniques.chains import TECHNIQUES as CHAINS
from sudoku_repl.techniques.chains import ChainStep, cell_of, value_of
from sudoku_repl.techniques.names import naked_set, technique, unit_name
from sudoku_repl.techniques.theorems import CONVERSION, Conversion
from sudoku_repl.views.step_reasons import Notation
from sudoku_repl.views.technique_lines import removed_text

#: run-mode 3's theorems that place a value (the book's conversions), in the community's words
THEOREMS = {2: "a naked single", 3: "a hidden single", 4: "a full house"}


def _digits(mask: Mask) -> list[int]:
    return [v for v in range(1, 10) if mask >> (v - 1) & 1]


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _removed(removals: Sequence[E.Removal], name: Notation) -> str:
    """``2, 8 and 9 from [4,3], and 5 and 9 from [6,1]``: by cell, as met."""
    by_cell: dict[int, list[str]] = {}
    for e in removals:
        by_cell.setdefault(e.cell, []).append(str(e.value))
    return ", and ".join(f"{_and(vs)} from {name(c)}" for c, vs in by_cell.items())


def step_words(
    events: Sequence[Event],
    before: Sequence[Mask],
    after: Sequence[Mask],
    placed: Sequence[tuple[int, int]],
    geo: Geometry,
    name: Notation,
) -> list[str] | None:
    """The step's sentences: ``events`` its records, ``before``/``after`` the candidates
    around it, ``placed`` the (cell, value) it placed; cells named by ``name`` (the session's
    notation, ``step_words.notation``)."""
    if placed and not events:
        cells = " ".join(f"{name(c)}={v}" for c, v in placed)
        return [f"Each of these cells has one candidate left: it places {cells}."]
    if events and events[0][0] == CONVERSION:
        return _theorem(Conversion(*events[0]), geo, name)
    if events and events[0][0] in CHAINS:
        return _chain(ChainStep(*events[0]), name)
    wrong = next((e for e in events if isinstance(e, E.WentWrong | E.NoCandidate)), None)
    if wrong is not None:
        cell = name(wrong.cell)
        how = (
            f"Taking {wrong.value} from {cell} leaves it no candidate"
            if isinstance(wrong, E.WentWrong)
            else f"{cell} has no candidate left"
        )
        return [f"{how}: a contradiction, so a guess in force is wrong and the search goes back."]
    removals = [e for e in events if isinstance(e, E.Removal)]
    unit = next((e.unit for e in events if isinstance(e, E.UnitShrunk)), None)
    celset = next((e for e in events if isinstance(e, E.CelSet)), None)
    guess = next((e for e in events if isinstance(e, E.Guess)), None)
    if unit is not None and events[0][0] == E.COMPLETE:
        where = unit_name(geo, unit)
        unit_cells = geo.units[unit].cells
        left = [c for c in unit_cells if after[c].bit_count() == 1 < before[c].bit_count()]
        if not left:
            return None
        said = [f"{_digits(after[c])[0]} can go only in {name(c)}" for c in left]
        return [f"In {where}, {_and(said)}.", "So the next fill pass places it there."]
    if unit is not None and removals and celset is not None:
        digits = _and([str(v) for v in celset.values])
        cells = " ".join(map(name, celset.cells))
        return [
            f"In {unit_name(geo, unit)}, {digits} can go only in {cells}: those cells hold "
            "them and nothing else.",
            f"So it removes {_removed(removals, name)}.",
        ]
    if unit is not None and removals:
        values = {e.value for e in removals}
        cells_set = naked_set(geo.units[unit].cells, {e.cell for e in removals}, values, after)
        if not cells_set:
            return None
        digits = _and([str(v) for v in _digits(_union(after, cells_set))])
        cells = " ".join(map(name, cells_set))
        return [
            f"In {unit_name(geo, unit)}, {cells} hold only {digits} between them: those "
            "digits fill them, and go nowhere else in it.",
            f"So it removes {_removed(removals, name)}.",
        ]
    if guess is not None and not removals:
        cell = name(guess.cell)
        return [
            f"It tries candidate {guess.tried} of the {guess.out_of} of {cell} (a guess, level "
            f"{guess.level}); where that leads nowhere, the search comes back for the next."
        ]
    return None


def _union(cands: Sequence[Mask], cells: Sequence[int]) -> Mask:
    union = 0
    for c in cells:
        union |= cands[c]
    return union


def what_and_where(event: Event, geo: Geometry) -> tuple[str, list[int]] | None:
    """What ``hint 1`` calls a theorem's step (``theorem 3 of the book (a hidden single), row
    2``), a chain's (``Forcing Chain, starting in row 9``) or a contradiction, and the cells
    ``hint 2`` says it looks at (a theorem's cell or unit, a chain's cells, the cell left with
    no candidate); None for another step."""
    if event[0] == CONVERSION:
        c = Conversion(*event)
        said = f"theorem {c.theorem} of the book ({THEOREMS[c.theorem]}), {unit_name(geo, c.unit)}"
        return said, [c.cell] if c.theorem == 2 else list(geo.units[c.unit].cells)
    if isinstance(event, E.WentWrong | E.NoCandidate):
        return "a contradiction: the search goes back", [event.cell]
    if event[0] in CHAINS:
        chain = ChainStep(*event)
        start = cell_of(chain.nodes[0])
        row = next(u for u, unit in enumerate(geo.units) if start in unit.cells)
        said = f"{technique(event)}, starting in {unit_name(geo, row)}"
        return said, list(dict.fromkeys(cell_of(node) for node in chain.nodes))
    return None


def _theorem(c: Conversion, geo: Geometry, name: Notation) -> list[str]:
    """A conversion: why the value goes there, by the book's theorem."""
    cell, unit = name(c.cell), unit_name(geo, c.unit)
    why = {
        2: f"{cell} has one possible value left, {c.value}",
        3: f"In {unit}, {c.value} can go only in {cell}",
        4: f"{cell} is the last empty cell of {unit}, and {c.value} the value it lacks",
    }[c.theorem]
    return [
        f"{why}: theorem {c.theorem} places it ({THEOREMS[c.theorem]}).",
        f"So it places {cell}={c.value}.",
    ]


def _chain(chain: ChainStep, name: Notation) -> list[str]:
    """A chain for a target X, ``X=v -> B!=v => C=v -> ... => Y=v -> X!=v``: from B false to Y
    true, link by link, so B or Y is true, and each candidate linked to both is false."""

    def candidate(node: int) -> str:
        return f"{value_of(node)} at {name(cell_of(node))}"

    nodes = chain.nodes
    links = [f"{candidate(n)} {'true' if k % 2 == 0 else 'false'}" for k, n in enumerate(nodes)]
    ends = f"{candidate(nodes[1])} or {candidate(nodes[-1])}"
    one = len(chain.removed) == 1
    removed = _and([candidate(n) for n in sorted(chain.removed, key=lambda n: (value_of(n), n))])
    return [
        f"The chain: {', so '.join(links[1:])}.",
        f"So {ends} is true (if the first is false, the last is true), and {removed} "
        + (
            "cannot be true beside either: it is false."
            if one
            else "cannot be true beside either: they are false."
        ),
        f"So it removes {removed_text(chain.removed, name)}.",
    ]
