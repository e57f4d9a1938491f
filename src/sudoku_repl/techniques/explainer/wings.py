"""XY-Wing (4.2), XYZ-Wing (4.4), WXYZ-Wing (5.5-5.6) and VWXYZ-Wing (6.2-6.4); from the native
ladder where there is one (``native_ladder``), the Python below being the reference."""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_repl.techniques.explainer import native_ladder
from sudoku_repl.techniques.explainer.grid import BIT_COUNT, MASK_DIGITS, Grid
from sudoku_repl.techniques.explainer.hint import Finder, Hint, Removals


def xy_wing(xyz: bool, pure: bool = False) -> Finder:
    """A pivot (xy, or xyz) seeing two bivalue wings xz and yz: z goes from the cells that see
    both wings (and the pivot, for XYZ). From the C where there is one, unless ``pure``."""
    pivot_size = 3 if xyz else 2

    def finder(grid: Grid) -> Iterator[Hint]:
        for *_, removals in xy_wing_patterns(grid, xyz):
            yield Hint("XYZ-Wing" if xyz else "XY-Wing", 44 if xyz else 42, removals)

    return finder if pure else native_ladder.Rung(native_ladder.XY_WING, pivot_size, finder)


def xy_wing_patterns(
    grid: Grid, xyz: bool
) -> Iterator[tuple[int, int, int, int, tuple[tuple[int, int], ...]]]:
    """(pivot, wing xz, wing yz, z, removals) of ``xy_wing``'s findings, in Python, on the
    grid's visible cells (``grid.geometry``: the wings in the order serate lists a pivot's
    visible cells)."""
    pivot_size = 3 if xyz else 2
    cands = grid.cands
    geometry = grid.geometry
    visible, peer_sets = geometry.visible, geometry.peer_sets
    for pivot in range(81):
        pm = cands[pivot]
        if BIT_COUNT[pm] != pivot_size:
            continue
        wings = [c for c in visible[pivot] if BIT_COUNT[cands[c]] == 2]
        for i, w1 in enumerate(wings):
            for w2 in wings[i + 1 :]:
                m1, m2 = cands[w1], cands[w2]
                if m1 == m2:
                    continue
                z = m1 & m2
                if BIT_COUNT[z] != 1:
                    continue
                if xyz:
                    if (m1 | m2) != pm:
                        continue
                elif z & pm or (m1 | m2) & ~z != pm:
                    continue
                value = MASK_DIGITS[z][0]
                targets = peer_sets[w1] & peer_sets[w2]
                if xyz:
                    targets &= peer_sets[pivot]
                removals = tuple(
                    (cell, value) for cell in sorted(targets) if cell != pivot and cands[cell] & z
                )
                if removals:
                    yield pivot, w1, w2, value, removals


def als_wing(size: int, pure: bool = False) -> Finder:
    """WXYZ-Wing (``size`` 3: 5.5-5.6) and VWXYZ-Wing (``size`` 4: 6.2-6.4): ``size`` cells
    that see each other holding ``size + 1`` values between them, and a bivalue cell xz
    outside them; when every one of them holding x sees the bivalue cell, z goes from every
    cell that sees all the holders of z (the bivalue cell included). When z is linked that
    way too, both values and the set's other values go from the cells that see all their
    holders."""
    name = "WXYZ-Wing" if size == 3 else "VWXYZ-Wing"

    def finder(grid: Grid) -> Iterator[Hint]:
        for r, _, removals, _ in als_findings(grid, size):
            yield Hint(name, r, removals)

    return finder if pure else native_ladder.Rung(native_ladder.ALS_WING, size, finder)


#: a wing's shape, as serate names it: doubly linked, the most values of one of its cells, the
#: values of its cells added up (the bivalue cell left out); then its cells, the bivalue last
Shape = tuple[bool, int, int, tuple[int, ...]]


def suffix(shape: Shape) -> str:
    """serate's suffix of a wing (``WXYZWingHint.getSuffix``): 2 doubly linked, else 1; the
    most values of one of its cells; the values of its cells added up."""
    return f"{2 if shape[0] else 1}{shape[1]}{shape[2]}"


def als_wing_values(double: bool, pair: tuple[int, ...], removals: Removals) -> str:
    """The value a WXYZ- or VWXYZ-Wing's line names after its cells (``on values x,z``
    doubly linked, the bivalue cell's ``pair``; else ``on value z``, the value removed)."""
    if double:
        return f"on values {','.join(map(str, pair))}"
    # singly linked: the value removed; where the removals are of the set's other values (a
    # double link downgraded), serate names the bivalue cell's smaller value (as met, once)
    removed = {value for _, value in removals}
    value = removed.pop() if len(removed) == 1 and removed <= set(pair) else pair[0]
    return f"on value {value}"


def als_findings(
    grid: Grid, size: int
) -> list[tuple[int, int, tuple[tuple[int, int], ...], Shape]]:
    """``als_wing``'s findings in serate's order (``WXYZWing.getHints``, a stable sort of
    the wings in the order it meets them, which is the order met here): the easiest first,
    then the most removals, then the greatest suffix (``suffix``, compared as text: ``139``
    before ``1310``). Each: rating, minus the removals' count, the removals and the wing's
    shape."""
    base, middle, top = (55, 3, 4) if size == 3 else (62, 3, 5)

    def rating(biggest: int) -> int:
        return base + (top - middle) - abs(middle - biggest)

    cands = grid.cands
    geometry = grid.geometry
    peer_sets = geometry.peer_sets
    found: list[tuple[int, int, tuple[tuple[int, int], ...], Shape]] = []

    def sees(cell: int, others: list[int]) -> bool:
        return all(o in peer_sets[cell] for o in others)

    def grow(cells: list[int], union: int, seeing: list[int]) -> None:
        """``seeing``: the cells after the last one that see every one of ``cells`` (the
        only ones that may join): after the first cell, in the order serate lists its
        visible cells, further on in index order."""
        if len(cells) == size:
            if BIT_COUNT[union] == size + 1:
                pincers(cells, union)
            return
        for nxt in seeing:
            mask = cands[nxt]
            if BIT_COUNT[mask] < 2:
                continue
            new = union | mask
            if BIT_COUNT[new] <= size + 1:
                peers = peer_sets[nxt]
                grow(cells + [nxt], new, sorted(c for c in seeing if c > nxt and c in peers))

    def holders(cells: list[int], value: int) -> list[int]:
        return [c for c in cells if cands[c] >> value & 1]

    def victims(group: list[int], value: int, exclude: list[int]) -> list[tuple[int, int]]:
        targets = set(range(81))
        for c in group:
            targets &= peer_sets[c]
        return [(c, value) for c in sorted(targets) if c not in exclude and cands[c] >> value & 1]

    def pincers(cells: list[int], union: int) -> None:
        biggest = max(BIT_COUNT[cands[c]] for c in cells)
        area: set[int] = set()
        for c in cells:
            area |= peer_sets[c]
        area -= set(cells)
        for yz in sorted(area):
            mask = cands[yz]
            if BIT_COUNT[mask] != 2 or mask & union != mask:
                continue
            a, b = MASK_DIGITS[mask]
            linked_a = sees(yz, holders(cells, a))
            linked_b = sees(yz, holders(cells, b))
            exclude = cells + [yz]
            if linked_a and linked_b:
                removals = victims(holders(cells, a) + [yz], a, exclude)
                removals += victims(holders(cells, b) + [yz], b, exclude)
                for w in MASK_DIGITS[union & ~mask]:
                    removals += victims(holders(cells, w), w, exclude)
            elif linked_a or linked_b:
                z = b if linked_a else a
                removals = victims(holders(cells, z) + [yz], z, exclude)
            else:
                continue
            if removals:
                values = {v for _, v in removals}
                double = linked_a and linked_b and (bool(values - {a, b}) or {a, b} <= values)
                shape = (
                    double,
                    biggest,
                    sum(BIT_COUNT[cands[c]] for c in cells),
                    (*cells, yz),
                )
                found.append((rating(biggest), -len(removals), tuple(removals), shape))

    for first in range(81):
        if 2 <= BIT_COUNT[cands[first]] <= size + 1:
            grow([first], cands[first], [c for c in geometry.visible[first] if c > first])
    found.sort(key=lambda f: suffix(f[3]), reverse=True)  # (stable, reverse too)
    found.sort(key=lambda f: (f[0], f[1]))
    return found
