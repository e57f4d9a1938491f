"""The least rating each technique gives, which lets a rating stop early: once every technique
left to try at a step rates above X, that step, and so ER, is above X, and the searches are
not run (``rate(..., below=X)``, ``sudoku-repl rate --below X``).

A floor here may be lower than the technique's least rating, never higher: a floor too low only
stops later. The chain techniques carry theirs (``Chainer.base``: a chain's rating is its base
plus a length penalty); the others are listed, in tenths, from their modules' ratings.
"""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_repl.techniques.explainer.hint import Finder

#: the least rating of each technique without a ``base`` of its own, in tenths (6.2 is 62)
FLOORS: dict[str, int] = {
    "hidden single": 10,  # a full house; 1.2, 1.5 in a block, a line
    "direct pointing": 17,
    "direct hidden pair": 20,
    "naked single": 23,
    "direct hidden triple": 25,
    "pointing and claiming": 26,
    "naked pair": 30,
    "x-wing": 32,
    "hidden pair": 34,
    "naked triple": 36,
    "swordfish": 38,
    "hidden triple": 40,
    "turbot fish": 40,  # a skyscraper
    "xy-wing": 42,
    "xyz-wing": 44,
    "unique loops": 45,
    "naked quad": 50,
    "jellyfish": 52,
    "hidden quad": 54,
    "three strong links": 54,
    "wxyz-wing": 50,  # (5.5 +1 - |3 - the largest cell's count|: kept low)
    "bug": 56,
    "vwxyz-wing": 55,  # (6.2 +2 - |3 - ...|: kept low)
    "aligned pair exclusion": 62,
    "cycles and forcing chains": 65,
    "aligned triplet exclusion": 75,
}


def floors(order: Sequence[tuple[str, Finder]]) -> list[int]:
    """Each technique's floor, in tenths: its ``base`` (a chain's), else ``FLOORS``' entry, else
    (a technique this table does not know) the floor of the one before it, the order going
    from the simplest technique to the hardest."""
    out: list[int] = []
    for name, finder in order:
        base = getattr(finder, "base", None)
        if isinstance(base, int):
            out.append(base)
        else:
            out.append(FLOORS.get(name, out[-1] if out else 0))
    return out


def cut(order: Sequence[tuple[str, Finder]], below: int) -> int:
    """How many techniques of ``order`` are worth trying at a step when a step rated above
    ``below`` (tenths) ends the rating: up to the first one from which every floor is above
    it (all of them when there is none)."""
    level = floors(order)
    end = len(order)
    while end > 0 and level[end - 1] > below:
        end -= 1
    # every technique from ``end`` on rates above ``below``; one before it may rate below
    return end
