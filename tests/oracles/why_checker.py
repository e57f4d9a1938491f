"""An independent check of ``why``'s explanations: it shares no code with the rules, the engine
or ``techniques/why`` (its own grid model: a set of possible values per cell, the units as
lists of cell numbers, a search of its own).

Given only the premises (facts: cell holds v / v is impossible at cell) and everything else
unknown (every value possible), an exhaustive search looks for a filling of the units that
keeps every premise and breaks the conclusion. None found: the conclusion is forced (a value
placed, a candidate impossible), or, with no conclusion, the contradiction is unavoidable.

The search fills the whole grid (every unit holds every value once): a chain's weak links
are peer relations in units that may hold no premise at all. Singles both ways (a cell with one
value left, a value with one place left in a unit) settle the grid between the guesses.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

#: a fact: (cell, value, holds)
Fact = tuple[int, int, bool]
ALL = (1 << 9) - 1


class TooLong(Exception):
    """The search passed its node budget (never seen on the rules' premises)."""


def forced(
    units: Sequence[Sequence[int]],
    premises: Iterable[Fact],
    conclusion: Fact | None,
    budget: int = 200_000,
) -> bool:
    """Whether the premises force the conclusion (None: whether they cannot all hold)."""
    premises = list(premises)
    cells_asked = {c for c, _, _ in premises}
    if conclusion is not None:
        cells_asked.add(conclusion[0])
    chosen = [list(u) for u in units]
    cells = sorted({c for u in chosen for c in u} | cells_asked)
    where = {c: i for i, c in enumerate(cells)}
    domains = [ALL] * len(cells)
    unit_ix = [[where[c] for c in u] for u in chosen]
    peers: list[set[int]] = [set() for _ in cells]
    for u in unit_ix:
        for i in u:
            peers[i].update(j for j in u if j != i)
    facts = list(premises)
    if conclusion is not None:
        c, v, holds = conclusion
        facts.append((c, v, not holds))  # the conclusion broken
    for c, v, holds in facts:
        bit = 1 << (v - 1)
        i = where[c]
        domains[i] = domains[i] & bit if holds else domains[i] & ~bit
    return not _fill(domains, unit_ix, peers, [budget])


def _settle(domains: list[int], units: list[list[int]], peers: list[set[int]]) -> bool:
    """Singles both ways until nothing changes; False on an empty cell or a unit missing a
    value."""
    changed = True
    while changed:
        changed = False
        for i, d in enumerate(domains):
            if d == 0:
                return False
            if d & (d - 1) == 0:
                for j in peers[i]:
                    if domains[j] & d:
                        if domains[j] == d:
                            return False
                        domains[j] &= ~d
                        changed = True
        for u in units:
            for v in range(9):
                bit = 1 << v
                places = [i for i in u if domains[i] & bit]
                if not places:
                    return False
                if len(places) == 1 and domains[places[0]] != bit:
                    domains[places[0]] = bit
                    changed = True
    return True


def _fill(
    domains: list[int], units: list[list[int]], peers: list[set[int]], budget: list[int]
) -> bool:
    """Whether some filling exists (depth first, the cell with the fewest values first)."""
    budget[0] -= 1
    if budget[0] < 0:
        raise TooLong
    domains = list(domains)
    if not _settle(domains, units, peers):
        return False
    best, least = -1, 10
    for i, d in enumerate(domains):
        n = bin(d).count("1")
        if 1 < n < least:
            best, least = i, n
    if best < 0:
        return True
    d = domains[best]
    while d:
        bit = d & -d
        d ^= bit
        trial = list(domains)
        trial[best] = bit
        if _fill(trial, units, peers, budget):
            return True
    return False
