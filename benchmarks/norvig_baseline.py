"""A plain dictionary-based solver in the manner of Norvig's essay: the baseline the figures of
our engine are compared with in the same run (machines here are noisy; ratios are not)."""

from __future__ import annotations

DIGITS = "123456789"
ROWS = "ABCDEFGHI"
SQUARES = [r + c for r in ROWS for c in DIGITS]
UNITLIST = (
    [[r + c for r in ROWS] for c in DIGITS]
    + [[r + c for c in DIGITS] for r in ROWS]
    + [
        [r + c for r in rs for c in cs]
        for rs in ("ABC", "DEF", "GHI")
        for cs in ("123", "456", "789")
    ]
)
UNITS = {s: [u for u in UNITLIST if s in u] for s in SQUARES}
PEERS = {s: {t for u in UNITS[s] for t in u} - {s} for s in SQUARES}

Grid = dict[str, str]


def parse(quiz: str) -> Grid | None:
    values = {s: DIGITS for s in SQUARES}
    for s, d in zip(SQUARES, quiz):
        if d in DIGITS and assign(values, s, d) is None:
            return None
    return values


def assign(values: Grid, s: str, d: str) -> Grid | None:
    other = values[s].replace(d, "")
    if all(eliminate(values, s, d2) is not None for d2 in other):
        return values
    return None


def eliminate(values: Grid, s: str, d: str) -> Grid | None:
    if d not in values[s]:
        return values
    values[s] = values[s].replace(d, "")
    if not values[s]:
        return None
    if len(values[s]) == 1:
        d2 = values[s]
        if not all(eliminate(values, s2, d2) is not None for s2 in PEERS[s]):
            return None
    for u in UNITS[s]:
        places = [s2 for s2 in u if d in values[s2]]
        if not places:
            return None
        if len(places) == 1 and assign(values, places[0], d) is None:
            return None
    return values


def search(values: Grid | None) -> Grid | None:
    if values is None:
        return None
    if all(len(values[s]) == 1 for s in SQUARES):
        return values
    _, s = min((len(values[s]), s) for s in SQUARES if len(values[s]) > 1)
    for d in values[s]:
        found = search(assign(values.copy(), s, d))
        if found:
            return found
    return None


def solve(quiz: str) -> str | None:
    found = search(parse(quiz))
    return None if found is None else "".join(found[s] for s in SQUARES)
