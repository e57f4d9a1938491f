"""Fish on rows and columns (X-Wing 3.2, Swordfish 3.8, Jellyfish 5.2) and the turbot fish
family: two strong links joined by a weak one (skyscraper 4.0, two-string kite 4.1, turbot
fish 4.2, with a block's empty rectangle as a strong link 4.3)."""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_repl.techniques.explainer.grid import (
    BIT_COUNT,
    COL_OF,
    DIGITS,
    seen_by_all,
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


# an oriented strong link: (unit, cells assumed without the value, cells of which one then
# holds it, whether a side is a group of cells)
Link = tuple[int, frozenset[int], frozenset[int], bool]


def _strong_links(grid: Grid, value: int) -> list[Link]:
    """Both orientations of every strong link on the value: a unit with two places; a line
    whose places lie in two of its three block segments; a block whose places lie on one row
    and one column (an empty rectangle: when the row side is empty the column side holds the
    value; the cell where they cross, the heart, goes with the side that is assumed empty)."""
    links: list[Link] = []
    for unit in range(27):
        cells = grid.cells_with(unit, value)
        if len(cells) == 2:
            one, two = frozenset([cells[0]]), frozenset([cells[1]])
            links += [(unit, one, two, False), (unit, two, one, False)]
        elif unit < 9 and 2 < len(cells) <= 5:
            links.extend(_empty_rectangle(unit, cells))
        elif unit >= 9 and 2 < len(cells) <= 6:
            segments: dict[int, list[int]] = {}
            for cell in cells:
                segments.setdefault((cell % 9 // 3) if unit < 18 else (cell // 27), []).append(cell)
            if len(segments) == 2:
                one, two = (frozenset(v) for v in segments.values())
                links += [(unit, one, two, True), (unit, two, one, True)]
    return links


def _empty_rectangle(block: int, cells: list[int]) -> list[Link]:
    for heart in UNITS[block]:
        row, col = ROW_OF[heart], COL_OF[heart]
        if any(ROW_OF[c] != row and COL_OF[c] != col for c in cells):
            continue
        in_col = frozenset(c for c in cells if COL_OF[c] == col and c != heart)
        in_row = frozenset(c for c in cells if ROW_OF[c] == row and c != heart)
        if not in_col or not in_row:
            return []
        centre = frozenset([heart]) if heart in cells else frozenset()
        return [(block, in_col | centre, in_row, True), (block, in_row | centre, in_col, True)]
    return []


def _link_chains(grid: Grid, value: int, count: int) -> Iterator[tuple[tuple[Link, ...], tuple[tuple[int, int], ...]]]:
    """Chains of ``count`` strong links on the value, each link's "on" side seeing the next
    one's "off" side, with what they remove: the value from the cells that see the first
    link's "off" side and the last link's "on" side."""
    links = [
        (unit, off, on, grouped, _mask(off), _mask(on), seen_by_all(on))
        for unit, off, on, grouped in _strong_links(grid, value)
    ]
    holders = grid.value_mask(value)

    def extend(chain: list[tuple[int, frozenset[int], frozenset[int], bool, int, int, int]], used: int) -> Iterator[tuple[tuple[Link, ...], tuple[tuple[int, int], ...]]]:
        last = chain[-1]
        if len(chain) == count:
            victims = holders & seen_by_all(chain[0][1]) & last[6] & ~used
            if victims:
                removals = tuple((cell, value) for cell in range(81) if victims >> cell & 1)
                yield tuple(link[:4] for link in chain), removals
            return
        units = {link[0] for link in chain}
        for link in links:
            if link[0] in units or (link[4] | link[5]) & used or link[4] & ~last[6]:
                continue
            yield from extend(chain + [link], used | link[4] | link[5])

    for link in links:
        yield from extend([link], link[4] | link[5])


def _mask(cells: frozenset[int]) -> int:
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def turbot_fish(grid: Grid) -> Iterator[Hint]:
    """Two strong links joined by a weak one: skyscraper (4.0, parallel lines), two-string
    kite (4.1, a row and a column), turbot fish (4.2, with a block), grouped (4.3)."""
    found: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
    for value in DIGITS:
        for chain, removals in _link_chains(grid, value, 2):
            types = {link[0] // 9 for link in chain}
            if any(link[3] for link in chain):
                rating = 43
            elif 0 in types:
                rating = 42
            elif len(types) == 1:
                rating = 40
            else:
                rating = 41
            found.append((rating, -len(removals), removals))
    found.sort(key=lambda item: (item[0], item[1]))
    names = {40: "Skyscraper", 41: "2-String Kite", 42: "Turbot Fish", 43: "Grouped Turbot Fish"}
    for rating, _, removals in found:
        yield Hint(names[rating], rating, removals)


def three_strong_links(grid: Grid) -> Iterator[Hint]:
    """Three strong links joined by weak ones: 5.4 on parallel lines, 5.6 on rows and
    columns, 5.5 with a block, 5.7 grouped."""
    found: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
    for value in DIGITS:
        for chain, removals in _link_chains(grid, value, 3):
            types = {link[0] // 9 for link in chain}
            if any(link[3] for link in chain):
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
