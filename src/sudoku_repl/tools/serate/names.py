"""serate's names of a step's technique (its ``%R %S %P %T %D %U``): each hint class's
``getName()`` and ``getShortName()`` in SukakuExplainer v1.15.10, made here, in one table,
from a step of this project's rating: the technique that found it, its hint's name and rating,
and, where serate's name carries a finding's shape (the wings, the chains of strong links, the
unique loops, the cycles), the shape of the very finding the step applied (``serate_shapes``).
"""

from __future__ import annotations

from sudoku_repl.techniques.explainer import strong_links, three_links, uniqueness
from sudoku_repl.techniques.explainer.forcing import line_name_of
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.rating import Step
from sudoku_repl.tools.serate.shapes import Shape, shape, three_of, turbot_of

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
#: the techniques (``rating.techniques``' names) whose steps serate names by their hint alone
#: (``_FIXED``), whatever their finding: most of a path's steps (a plan names thousands a
#: second), named before the others are looked for
_BY_HINT = frozenset(
    (
        "hidden single", "direct pointing", "direct hidden pair", "naked single",
        "direct hidden triple", "pointing and claiming", "naked pair", "x-wing", "hidden pair",
        "naked triple", "swordfish", "hidden triple", "xy-wing", "xyz-wing", "naked quad",
        "jellyfish", "hidden quad", "bug", "aligned pair exclusion", "aligned triplet exclusion",
    )
)  # fmt: skip


def names(step: Step, before: Grid) -> tuple[str, str]:
    """serate's name and short name of the step's hint; ``before``: the grid the step was
    found on (not changed)."""
    hint, technique = step.hint, step.technique
    if technique in _BY_HINT:
        return _FIXED[hint.technique]
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
        double, biggest, total = shape(step, before)[:3]
        suffix = f"{2 if double else 1}{biggest}{total}"
        if technique == "wxyz-wing":
            return f"WXYZ-Wing {suffix}", f"WXY{suffix}"
        return f"VWXYZ-Wing {suffix}", f"VXY{suffix}"
    if technique == "turbot fish":
        return _turbot(turbot_of(hint, shape(step, before)))
    if technique == "three strong links":
        return three_links.links_names(three_of(hint, shape(step, before)))
    if technique == "unique loops":
        return uniqueness.loop_name(int(hint.technique[-1]), len(shape(step, before)) - 2)
    if hint.technique in ("Bidirectional X-Cycle", "Forcing X-Chain"):
        return _x_chain(hint, shape(step, before))
    return _FIXED[hint.technique]


def line_name(step: Step, name: str) -> str:
    """The name serate's own line of the step (its ``%s``) begins with; ``name``: the step's
    name (``names``), which it is but for the forcing chains'."""
    if step.technique != "nishio" and step.technique not in _CHAINERS:
        return name
    return line_name_of(step.hint.technique)


def _x_chain(hint: Hint, found: Shape) -> tuple[str, str]:
    """CycleHint's and ForcingChainHint's names of a chain on one value: a cycle through 4
    cells is a ``Generalized X-Wing``, a chain of 6 potentials a ``Turbot Fish``."""
    if hint.technique == "Forcing X-Chain":
        return ("Turbot Fish", "TF") if found[0] == 6 else _FIXED[hint.technique]
    # (serate's getSelectedCells: the cells of the chain's first parents from the target)
    return ("Generalized X-Wing", "GXW") if len(set(found[1:])) == 4 else _FIXED[hint.technique]


def _turbot(found: strong_links.Turbot) -> tuple[str, str]:
    """TurbotFishHint's names, by its links' unit types."""
    return strong_links.turbot_names(found, (found.base // 9, found.cover // 9))


# -- names asked for (``generate --technique NAME``) -----------------------------------------


def _chainer_names() -> list[str]:
    made = ["Nishio Forcing Chains"]
    for prefix, _, level in _CHAINERS.values():
        for _, kind, _ in _CHAIN_KINDS:
            made.append(prefix + kind + " Chains" + _NESTED[level][0])
    return made


#: every name serate gives a step, those with a finding's suffix (``WXYZ-Wing 137``,
#: ``Unique Rectangle type 2``, ``Grouped Skyscraper 01``) by the words before the suffix
TECHNIQUE_NAMES: tuple[str, ...] = tuple(
    dict.fromkeys(
        [
            *(name for name, _ in _FIXED.values()),
            *_chainer_names(),
            "Turbot Crane", "Skyscraper", "Two-string Kite", "Turbot Fish", "Generalized X-Wing",
            "Grouped Turbot Crane", "Grouped Skyscraper", "Grouped 2-String Kite",
            "3 Strong links (including blocks)", "3-String Kite", "3 Skyscrapers",
            "WXYZ-Wing", "VWXYZ-Wing", "Unique Rectangle", "Unique Loop",
        ]
    )
)  # fmt: skip


def matches(asked: str, name: str) -> bool:
    """Whether serate's step name ``name`` is the technique ``asked``: the same words (in any
    case), or ``asked`` followed by a finding's suffix (``WXYZ-Wing`` is ``WXYZ-Wing 137``,
    ``Unique Loop`` is ``Unique Loop 6 type 1``; a nested chain's ``(+ ...)`` is another
    technique, not a suffix)."""
    asked, name = asked.casefold().strip(), name.casefold()
    if name == asked:
        return True
    return name.startswith(asked + " ") and not name[len(asked) + 1 :].startswith("(")


def known(asked: str) -> bool:
    """Whether some step may have the name ``asked`` (a name of ``TECHNIQUE_NAMES``, or one
    with its finding's suffix)."""
    return any(matches(base, asked) for base in TECHNIQUE_NAMES)


def nearest(asked: str, count: int = 3) -> list[str]:
    """The names of ``TECHNIQUE_NAMES`` nearest to ``asked`` (in any case), the nearest first."""
    from difflib import get_close_matches

    folded = {name.casefold(): name for name in TECHNIQUE_NAMES}
    close = get_close_matches(asked.casefold().strip(), list(folded), count, 0.4)
    return [folded[name] for name in close]


def least_rating(asked: str) -> int | None:
    """The least rating (tenths) of a step serate names ``asked``, from the floors of the
    rating's techniques that give that name (``floors``: never above a step's rating); None
    where this table does not say which techniques those are."""
    from sudoku_repl.techniques.explainer.floors import floors
    from sudoku_repl.techniques.explainer.rating import techniques

    order = techniques()
    floor_of = dict(zip((name for name, _ in order), floors(order)))
    chained: dict[str, list[str]] = {"Nishio Forcing Chains": ["nishio"]}
    for technique, (prefix, _, level) in _CHAINERS.items():
        for _, kind, _ in _CHAIN_KINDS:
            chained.setdefault(prefix + kind + " Chains" + _NESTED[level][0], []).append(technique)
    least: list[int] = []
    for base in (name for name in TECHNIQUE_NAMES if matches(name, asked)):
        word = base.casefold().replace("triplet", "triple")
        giving = chained.get(base, [word] if word in floor_of else [])
        if not giving:
            return None
        least += [floor_of[technique] for technique in giving]
    return min(least) if least else None
