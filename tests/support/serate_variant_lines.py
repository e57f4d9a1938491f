"""How serate's lines (``%r %s``) of steps on variant rules begin, by the part of its order
they are of: the techniques ported before the stretch not ported, and the exclusions and chains
after it."""

from __future__ import annotations

#: how serate's lines of the exclusions and chains begin (a ``Turbot Fish`` rated 6.6 and more:
#: a forcing X-chain's, not the 4.x turbot fish's)
STRETCH = (
    "Aligned Pair Exclusion:", "Aligned Triplet Exclusion:", "Bidirectional", "Generalized X-Wing:",
    "Forcing X-Chain:", "Forcing Y-Chain:", "Forcing Chain:", "Nishio Forcing Chain:",
    "Contradiction Forcing Chain:", "Double Forcing Chain:", "Region Forcing Chains:",
    "Cell Forcing Chains:",
)  # fmt: skip
#: the names that open serate's lines of the techniques ported to variant rules before the
#: stretch not ported (generalized intersections' lines open with their cells)
PORTED_BEFORE = (
    "Hidden Single:", "Direct Pointing:", "Direct Claiming:", "Direct Hidden Pair:",
    "Naked Single:", "Direct Hidden Triplet:", "Cells ", "Generalized Naked Pair:",
    "Naked Pair:", "X-Wing:", "Hidden Pair:", "Generalized Naked Triplet:", "Naked Triplet:",
    "Swordfish:", "Hidden Triplet:",
)  # fmt: skip


def in_stretch(line: str) -> bool:
    """Whether serate's ``%r %s`` line is a step of the exclusions and chains."""
    rating, text = line.split(" ", 1)
    if text.startswith("Turbot Fish:"):
        return float(rating) >= 6.6
    return text.startswith(STRETCH)
