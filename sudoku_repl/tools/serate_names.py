"""serate's names of a step's technique (its ``%R %S %P %T %D %U``): each hint class's
``getName()`` and ``getShortName()`` in SukakuExplainer v1.15.10, made here, in one table,
from a step of this project's rating: the technique that found it, its hint's name and rating,
and, where serate's name carries a finding's shape (the wings, the chains of strong links, the
unique loops), the shape the Python finder (the reference of both builds) gives on the grid
before the step.
"""

from __future__ import annotations

from typing import Any, TypeVar

from sudoku_repl.techniques.explainer import chains, strong_links, uniqueness, wings
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.hint import Hint, Removals
from sudoku_repl.techniques.explainer.rating import Step

#: serate's names before any step, and where no technique finds one
NO_SOLUTION = ("No solution", "O")
BEYOND_SOLVER = ("Beyond solver", "xx")

#: the hints named the same way whatever their finding: this project's hint name -> serate's
_FIXED = {
    "Hidden Single": ("Hidden Single", "HS"),
    "Direct Pointing": ("Direct Pointing", "DP"),
    "Direct Claiming": ("Direct Claiming", "DC"),
    "Direct Hidden Pair": ("Direct Hidden Pair", "DP"),
    "Direct Hidden Triplet": ("Direct Hidden Triplet", "DT"),
    "Naked Single": ("Naked Single", "NS"),
    "Pointing": ("Pointing", "Po"),
    "Claiming": ("Claiming", "Cl"),
    "Naked Pair": ("Naked Pair", "NP"),
    "Naked Triplet": ("Naked Triplet", "NT"),
    "Naked Quad": ("Naked Quad", "NQ"),
    "Hidden Pair": ("Hidden Pair", "HP"),
    "Hidden Triplet": ("Hidden Triplet", "HT"),
    "Hidden Quad": ("Hidden Quad", "HQ"),
    "X-Wing": ("X-Wing", "XW"),
    "Swordfish": ("Swordfish", "SF"),
    "Jellyfish": ("Jellyfish", "JF"),
    "XY-Wing": ("XY-Wing", "XYW"),
    "XYZ-Wing": ("XYZ-Wing", "XYZW"),
    "Aligned Pair Exclusion": ("Aligned Pair Exclusion", "APE"),
    "Aligned Triplet Exclusion": ("Aligned Triplet Exclusion", "ATE"),
    **{f"BUG type {k}": (f"BUG type {k}", f"BUG{k}") for k in range(1, 5)},
    # the cycles and forcing X/Y chains (CycleHint, ForcingChainHint)
    "Bidirectional X-Cycle": ("Bidirectional X-Cycle", "BiXCy"),
    "Bidirectional Y-Cycle": ("Bidirectional Y-Cycle", "BiYCy"),
    "Bidirectional Cycle": ("Bidirectional Cycle", "BiCy"),
    "Forcing X-Chain": ("Forcing X-Chain", "FXC"),
    "Forcing Y-Chain": ("Forcing Y-Chain", "FYC"),
    "Forcing Chain": ("Forcing Chain", "FC"),
}

#: the forcing chains' techniques (``rating.techniques``' names): serate's name prefix, short
#: prefix and nesting level (``Chaining.getLevel``)
_CHAINERS = {
    "multiple forcing chains": ("", "", 0),
    "dynamic forcing chains": ("Dynamic ", "D", 0),
    "dynamic forcing chains (+)": ("Dynamic ", "D", 1),
    "nested forcing chains (+ forcing chains)": ("Dynamic ", "D", 2),
    "nested forcing chains (+ multiple forcing chains)": ("Dynamic ", "D", 3),
    **{
        f"nested forcing chains (+ dynamic forcing chains, {n})": ("Dynamic ", "D", 4)
        for n in range(4)
    },
}
#: a chaining hint's kind (a word of this project's name) -> serate's, and its short form
_CHAIN_KINDS = (
    ("Contradiction", "Contradiction Forcing", "CF"),
    ("Double", "Double Forcing", "DF"),
    ("Cell", "Cell Forcing", "LF"),
    ("Region", "Region Forcing", "RF"),
)
#: ``Chaining.getNestedSuffix`` and ``getShortNestedSuffix`` by level
_NESTED = {
    0: ("", ""),
    1: (" (+)", "+"),
    2: (" (+ Forcing Chains)", "+FC"),
    3: (" (+ Multiple Forcing Chains)", "+MFC"),
    4: (" (+ Dynamic Forcing Chains)", "+DFC"),
}
#: TurbotFishHint's names by the types (0 block, 1 row, 2 column) of its two links
_TURBOT = {
    (0, 0): ("Turbot Crane", "GXW"),
    (1, 1): ("Skyscraper", "Sky"),
    (2, 2): ("Skyscraper", "Sky"),
    (1, 2): ("Two-string Kite", "2SK"),
    (2, 1): ("Two-string Kite", "2SK"),
}


def names(step: Step, before: Grid) -> tuple[str, str]:
    """serate's name and short name of the step's hint; ``before``: the grid the step was
    found on (not changed)."""
    hint, technique = step.hint, step.technique
    if technique == "nishio":
        return "Nishio Forcing Chains", "NFC"
    if technique in _CHAINERS:
        prefix, short_prefix, level = _CHAINERS[technique]
        kind, short_kind = next((k, s) for w, k, s in _CHAIN_KINDS if w in hint.technique)
        nested, short_nested = _NESTED[level]
        return (
            prefix + kind + " Chains" + nested,
            short_prefix + short_kind + "C" + short_nested,
        )
    if technique in ("wxyz-wing", "vwxyz-wing"):
        size = 3 if technique == "wxyz-wing" else 4
        # serate sorts the wings by rating, removals' count, then suffix, the greatest first:
        # its step is the first of those (another wing than this project's, at a tie)
        suffix = max(
            (
                f"{2 if double else 1}{biggest}{total}"
                for rating, _, removals, (double, biggest, total, _) in wings.als_findings(
                    before, size
                )
                if rating == hint.rating and len(removals) == len(hint.eliminations)
            ),
        )
        return (
            ("WXYZ-Wing " if size == 3 else "VWXYZ-Wing ") + suffix,
            ("WXY" if size == 3 else "VXY") + suffix,
        )
    if technique in ("turbot fish", "three strong links"):
        # serate sorts these by rating, removals' count, then suffix, the least first: its
        # step is the first of those (at a tie, another chain than this project's)
        chain = links_chain(step, before)
        return _turbot(chain) if len(chain) == 2 else _strong_links(chain)
    if technique == "unique loops":
        loop = _matching(uniqueness.loop_findings(before), hint.rating, hint.eliminations)
        loop_type, length = loop[1], loop[3]
        if length == 4:
            return f"Unique Rectangle type {loop_type}", f"UR{loop_type}"
        return f"Unique Loop {length} type {loop_type}", f"UL{length}{loop_type}"
    if hint.technique in ("Bidirectional X-Cycle", "Forcing X-Chain"):
        return _x_chain(hint, before)
    return _FIXED[hint.technique]


def links_chain(step: Step, before: Grid) -> strong_links.Chain:
    """The chain of strong links serate's step is (a turbot fish's or three strong links'):
    serate sorts them by rating, removals' count, then suffix, the least first, and takes the
    first of those (at a tie, another chain than this project's)."""
    count = 2 if step.technique == "turbot fish" else 3
    return min(
        (
            chain
            for rating, removals, chain in strong_links.link_chains(before, count)
            if rating == step.hint.rating and len(removals) == len(step.hint.eliminations)
        ),
        key=lambda chain: (_links_suffix(chain), _turbot_order(chain)),
    )


#: the order of serate's search for turbot fish by its links' types (0 block, 1 row, 2 column),
#: the greater first: skyscrapers on rows, on columns, kites, cranes from a row, from a column
_TURBOT_ORDER = ((1, 1), (2, 2), (2, 1), (1, 0), (2, 0), (0, 0))


def _turbot_order(chain: strong_links.Chain) -> int:
    """Where serate's search for turbot fish finds the chain (0 for three strong links)."""
    if len(chain) != 2:
        return 0
    kinds = sorted((link.unit // 9 for link, _ in chain), reverse=True)
    return _TURBOT_ORDER.index((kinds[0], kinds[1]))


def _x_chain(hint: Hint, before: Grid) -> tuple[str, str]:
    """CycleHint's and ForcingChainHint's names of a chain on one value: a cycle through 4
    cells is a ``Generalized X-Wing``, a chain of 6 potentials a ``Turbot Fish``."""
    found = next(f for f in chains.cycles_and_chains_found(before) if f.hint == hint)
    if hint.technique == "Forcing X-Chain":
        return ("Turbot Fish", "TF") if found.complexity == 6 else _FIXED[hint.technique]
    cells = set()
    current = found.targets[0]
    while current.parents:  # (serate's getSelectedCells: the first parents' cells)
        current = current.parents[0]
        cells.add(current.cell)
    return ("Generalized X-Wing", "GXW") if len(cells) == 4 else _FIXED[hint.technique]


_Finding = TypeVar("_Finding", bound=tuple[Any, ...])


def _matching(found: list[_Finding], rating: int, removals: Removals) -> _Finding:
    """The finding of the step: its rating first, its removals third (the first such: the
    one the rating took)."""
    for finding in found:
        if finding[0] == rating and sorted(finding[2]) == sorted(removals):
            return finding
    raise LookupError("the step's finding is not found again")  # (the Python is the reference)


def _links_suffix(chain: strong_links.Chain) -> str:
    """``getSuffix`` of TurbotFishHint (``00 01 11``: how many links are grouped) and of
    StrongLinksHint (how many are grouped, then the links' types: ``rLineName``)."""
    kinds = [link.unit // 9 for link, _ in chain]
    grouped = sum(link.grouped for link, _ in chain)
    if len(chain) == 2:
        return ("00", "01", "11")[grouped]
    text = "".join(map(str, kinds))
    return str(grouped) + _line_name(kinds if text <= text[::-1] else kinds[::-1])


def _turbot(chain: strong_links.Chain) -> tuple[str, str]:
    """TurbotFishHint's names: by its links' types, grouped links named with their count."""
    (one, _), (two, _) = chain
    kinds = (one.unit // 9, two.unit // 9)
    if not (one.grouped or two.grouped):
        return _TURBOT.get(kinds, ("Turbot Crane", "TC"))
    suffix = _links_suffix(chain)
    if (one.grouped and kinds[0] == 0) or (two.grouped and kinds[1] == 0):
        return f"Grouped Turbot Crane {suffix}", f"gTC{suffix}"
    if kinds[0] == kinds[1]:
        return f"Grouped Skyscraper {suffix}", f"gSky{suffix}"
    return f"Grouped 2-String Kite {suffix}", f"g2SK{suffix}"


def _strong_links(chain: strong_links.Chain) -> tuple[str, str]:
    """StrongLinksHint's names: the links' count, their types in the chain's order (the
    smaller way round, rows and columns swapped to the smaller: ``rLineName``), how many are
    grouped."""
    grouped = sum(link.grouped for link, _ in chain)
    suffix = _links_suffix(chain)
    count = len(chain)
    if suffix.find("0", 1) >= 0:
        name, short = " Strong links (including blocks)", "SB"
    elif suffix.find("2", 1) >= 0:
        name, short = "-String Kite", "SK"
    else:
        name, short = " Skyscrapers", "SS"
    long = f"{count}{name} {suffix}"
    if grouped:
        long += f" (Using {grouped} grouped strong link{'s' if grouped > 1 else ''})"
    return long, ("g" if grouped else "") + f"{count}{short}{suffix}"


def _line_name(kinds: list[int]) -> str:
    """``StrongLinksHint.rLineName``: the types, rows and columns swapped where that reads
    smaller (either way round)."""
    original = "".join(map(str, kinds))
    swapped = "".join({0: "0", 1: "2", 2: "1"}[k] for k in kinds)
    if 1 not in kinds:
        return original.replace("2", "1")
    least = min(swapped[::-1], swapped)
    return least if original > least else original
