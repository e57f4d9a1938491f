"""Fish on rows and columns (X-Wing 3.2, Swordfish 3.8, Jellyfish 5.2) and the turbot fish
family: two strong links joined by a weak one (skyscraper 4.0, two-string kite 4.1, turbot
fish 4.2, with a block's empty rectangle as a strong link 4.3)."""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_repl.techniques.explainer.grid import (
    BIT_COUNT,
    COL_OF,
    DIGITS,
    PEER_SETS,
    ROW_OF,
    UNITS,
    Grid,
    bits,
    combinations_colex,
)
from sudoku_repl.techniques.explainer.hint import Finder, Hint

_FISH = {2: ("X-Wing", 32), 3: ("Swordfish", 38), 4: ("Jellyfish", 52)}


def fish(degree: int) -> Finder:
    """``degree`` columns (then rows) whose places for a value lie in ``degree`` rows."""
    name, rating = _FISH[degree]

    def finder(grid: Grid) -> Iterator[Hint]:
        counts = {value: grid.count_value(value) for value in DIGITS}
        for base_type, cover_type in ((2, 1), (1, 2)):
            for indexes in combinations_colex(tuple(range(9)), degree):
                for value in DIGITS:
                    if counts[value] + degree * 2 > 9:
                        continue
                    union = 0
                    for index in indexes:
                        pos = grid.positions(base_type * 9 + index, value)
                        if BIT_COUNT[pos] <= 1:
                            break
                        union |= pos
                    else:
                        if BIT_COUNT[union] != degree:
                            continue
                        bit = 1 << value
                        removals = tuple(
                            (cell, value)
                            for cover in bits(union)
                            for i, cell in enumerate(UNITS[cover_type * 9 + cover])
                            if i not in indexes and grid.cands[cell] & bit
                        )
                        if removals:
                            yield Hint(name, rating, removals)

    return finder


def _strong_links(grid: Grid, value: int) -> list[tuple[int, frozenset[int], frozenset[int], bool]]:
    """(unit, one end, other end, grouped) for every unit where the value is in one of two
    groups of places: two cells; a line whose places lie in two of its three block segments;
    a block whose places lie on a row and a column through one cell, the heart, none in the
    rest (an empty rectangle; the heart goes with the side of two or more cells)."""
    links: list[tuple[int, frozenset[int], frozenset[int], bool]] = []
    for unit in range(27):
        cells = grid.cells_with(unit, value)
        if len(cells) == 2:
            links.append((unit, frozenset([cells[0]]), frozenset([cells[1]]), False))
        elif unit < 9 and 2 < len(cells) <= 5:
            links.extend(_empty_rectangle(unit, cells))
        elif unit >= 9 and 2 < len(cells) <= 6:
            segments: dict[int, list[int]] = {}
            for cell in cells:
                segments.setdefault((cell % 9 // 3) if unit < 18 else (cell // 27), []).append(cell)
            if len(segments) == 2:
                one, two = (frozenset(v) for v in segments.values())
                links.append((unit, one, two, True))
    return links


def _empty_rectangle(block: int, cells: list[int]) -> list[tuple[int, frozenset[int], frozenset[int], bool]]:
    members = UNITS[block]
    for heart in members:
        row, col = ROW_OF[heart], COL_OF[heart]
        if any(ROW_OF[c] != row and COL_OF[c] != col for c in cells):
            continue
        in_col = [c for c in cells if COL_OF[c] == col and c != heart]
        in_row = [c for c in cells if ROW_OF[c] == row and c != heart]
        if not in_col or not in_row:
            return []
        has_heart = heart in cells
        found = []
        if len(in_col) == 1:
            found.append((block, frozenset(in_col), frozenset(in_row + [heart] * has_heart), True))
        if len(in_row) == 1:
            found.append((block, frozenset(in_row), frozenset(in_col + [heart] * has_heart), True))
        if not found and not has_heart:
            found.append((block, frozenset(in_col), frozenset(in_row), True))
        return found
    return []


def _sees_all(cell: int, group: frozenset[int]) -> bool:
    return all(other in PEER_SETS[cell] for other in group)


def turbot_fish(grid: Grid) -> Iterator[Hint]:
    """Two strong links on a value whose inner ends see each other: a cell that sees both
    outer ends cannot hold the value."""
    found: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
    for value in DIGITS:
        links = _strong_links(grid, value)
        bit = 1 << value
        for i, (unit1, a1, b1, g1) in enumerate(links):
            for unit2, a2, b2, g2 in links[i + 1 :]:
                if unit1 == unit2:
                    continue
                for start, inner1 in ((a1, b1), (b1, a1)):
                    for inner2, end in ((a2, b2), (b2, a2)):
                        if inner1 & inner2 or start & end or start & inner2 or end & inner1:
                            continue
                        if not all(_sees_all(c, inner2) for c in inner1):
                            continue
                        removals = tuple(
                            (cell, value)
                            for cell in range(81)
                            if grid.cands[cell] & bit
                            and cell not in start | end | inner1 | inner2
                            and _sees_all(cell, start)
                            and _sees_all(cell, end)
                        )
                        if not removals:
                            continue
                        grouped = g1 or g2
                        t1, t2 = unit1 // 9, unit2 // 9
                        if grouped:
                            rating = 43
                        elif t1 == 0 or t2 == 0:
                            rating = 42
                        elif t1 == t2:
                            rating = 40
                        else:
                            rating = 41
                        found.append((rating, -len(removals), removals))
    found.sort(key=lambda item: (item[0], item[1]))
    for rating, _, removals in found:
        name = {40: "Skyscraper", 41: "2-String Kite", 42: "Turbot Fish", 43: "Empty Rectangle"}
        yield Hint(name[rating], rating, removals)


def three_strong_links(grid: Grid) -> Iterator[Hint]:
    """Three strong links on a value joined by two weak ones: a cell that sees both ends
    cannot hold the value. 5.4 on parallel lines, 5.6 on rows and columns, 5.5 with a block,
    5.7 with an empty rectangle."""
    found: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
    for value in DIGITS:
        bit = 1 << value
        oriented = []
        for unit, a, b, g in _strong_links(grid, value):
            oriented.append((unit, a, b, g))
            oriented.append((unit, b, a, g))

        def weak(x: frozenset[int], y: frozenset[int]) -> bool:
            return not x & y and all(_sees_all(c, y) for c in x)

        for u1, s1, e1, g1 in oriented:
            for u2, s2, e2, g2 in oriented:
                if u2 == u1 or not weak(e1, s2) or (s1 | e1) & (s2 | e2):
                    continue
                for u3, s3, e3, g3 in oriented:
                    if u3 in (u1, u2) or not weak(e2, s3):
                        continue
                    used = s1 | e1 | s2 | e2
                    if used & (s3 | e3):
                        continue
                    ends = s1 | e3
                    removals = tuple(
                        (cell, value)
                        for cell in range(81)
                        if grid.cands[cell] & bit
                        and cell not in used | s3 | e3
                        and _sees_all(cell, s1)
                        and _sees_all(cell, e3)
                    )
                    if not removals or not ends:
                        continue
                    units = (u1, u2, u3)
                    grouped = g1 or g2 or g3
                    types = {u // 9 for u in units}
                    if grouped:
                        rating = 57
                    elif 0 in types:
                        rating = 55
                    elif len(types) == 2:
                        rating = 56
                    else:
                        rating = 54
                    found.append((rating, -len(removals), removals))
    found.sort(key=lambda f: (f[0], f[1]))
    for rating, _, removals in found:
        yield Hint("3 Strong Links", rating, removals)
