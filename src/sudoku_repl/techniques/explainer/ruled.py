"""Sudoku Explainer's rating on variant rules (serate v1.15.10's ``--isX``, ``--isWindows``,
``--isDG``, ...): the grid of the rules' houses and "visible cells", and the techniques serate
runs on them, in its order, with its words for each step.

serate plays a variant through its regions (``Grid.getRegions``: type 0 blocks, 1 rows,
2 columns, 3 disjoint groups, 4 windows, 5 the main diagonal, 6 the anti-diagonal, 7 girandola,
8 asterisk, 9 center dot) and its visible cells (``Grid.changeVisibleCells``: a cell's peers in
them, and the knight's or king's leaps of anti-knight and anti-king, wrapped round on a toroidal
board); non-consecutive takes the digits one apart out of a placed digit's orthogonal
neighbours. With any extra region or leap (``isVLatin()`` false) its technique set changes
(``Settings.initVariants``): pointing and claiming give way to generalized intersections
(``VLocking``: a digit's places in a region, two to six, take it out of every cell seeing them
all), the naked sets to generalized ones, and with a leap (or non-consecutive) the uniqueness
techniques are dropped.

The techniques of serate's order ported here run from the hidden single to its last, the
nested forcing chains (``order_of``: the turbot fish (``ruled_turbot``), the strong links, wings,
uniqueness and quads are the classic modules', which read the rules' regions and visible cells
from ``grid.geometry``; non-consecutive's own two ``ruled_nc``'s; the exclusions and chains
after them ``ruled_chains``', ``after_the_stretch``), under the variant set and under the
classic one that a Latin square and non-consecutive keep (``Settings.init``). A state none of
them takes a step from is not rated (``Beyond``; serate is beyond its solver there too). Classic
sudoku and the toroidal board alone (whose wrap changes nothing without a leap) are the classic
rating's (``rating.rate``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from sudoku_repl.core.rules import Rules
from sudoku_repl.techniques.explainer import native_vladder as nv
from sudoku_repl.techniques.explainer import ruled_chains, ruled_nc
from sudoku_repl.techniques.explainer.fish import fish_patterns
from sudoku_repl.techniques.explainer.forcing import Poll
from sudoku_repl.techniques.explainer.grid import (
    BIT_COUNT,
    DIGITS,
    MASK_DIGITS,
    bits,
    combinations_colex,
)
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.rating import BEYOND_SOLVER, SERating, Step
from sudoku_repl.techniques.explainer.ruled_grid import LEAPS as LEAPS
from sudoku_repl.techniques.explainer.ruled_grid import Beyond as Beyond
from sudoku_repl.techniques.explainer.ruled_grid import Finder as Finder
from sudoku_repl.techniques.explainer.ruled_grid import Layout as Layout
from sudoku_repl.techniques.explainer.ruled_grid import RuledGrid as RuledGrid
from sudoku_repl.techniques.explainer.ruled_grid import TimeUp as TimeUp
from sudoku_repl.techniques.explainer.ruled_grid import layout_of as layout_of
from sudoku_repl.techniques.explainer.ruled_grid import plays_classic as plays_classic
from sudoku_repl.techniques.explainer.ruled_grid import serate_words as serate_words
from sudoku_repl.techniques.explainer.ruled_masks import (
    crossing_regions,
    region_masks,
    scan_masks,
    value_masks,
)
from sudoku_repl.techniques.explainer.ruled_turbot import turbot_fish
from sudoku_repl.techniques.explainer.ruled_words import TYPE_NAMES, cell_name, full_name
from sudoku_repl.techniques.explainer.ruled_words import cells_text as _cells
from sudoku_repl.techniques.explainer.strong_links import removals_of
from sudoku_repl.techniques.explainer.three_links import links_names, three_findings
from sudoku_repl.techniques.explainer.uniqueness import (
    bug_findings,
    bug_values,
    loop_findings,
    loop_name,
    loop_values,
)
from sudoku_repl.techniques.explainer.wings import (
    als_findings,
    als_wing_values,
    suffix,
    xy_wing_patterns,
)

#: ``Locking``'s (type1, type2) pairs of the direct pointing: blocks with lines, then with the
#: disjoint groups, the windows, and the two of those together
_DIRECT_PAIRS: Final = (
    ((0, 2), (0, 1), (2, 0), (1, 0)),
    ((3, 2), (3, 1), (2, 3), (1, 3), (0, 3), (3, 0)),
    ((4, 2), (4, 1), (2, 4), (1, 4), (0, 4), (4, 0)),
    ((4, 3), (3, 4)),
)


@nv.coded_as(nv.HIDDEN_SINGLE)
def hidden_singles(grid: RuledGrid) -> Iterator[Hint]:
    """``HiddenSingle``: the last empty cells of a region first (1.0), then a digit's one
    place in a region (1.2 in a block, else 1.5)."""
    scan = scan_masks(grid.layout)
    # (the empty cells and each value's cells as 81-bit masks, read once for every region)
    empty, holding = 0, [0] * 10
    for cell, mask in enumerate(grid.cands):
        if not grid.values[cell]:
            empty |= 1 << cell
        for value in MASK_DIGITS[mask]:
            holding[value] |= 1 << cell
    for alone_only in (True, False):
        for kind, mask in scan:
            if ((empty & mask).bit_count() == 1) != alone_only:
                continue
            for value in DIGITS:
                places = holding[value] & mask
                if places and not places & (places - 1):  # (one place)
                    cell = places.bit_length() - 1
                    rating = 10 if alone_only else 12 if kind == 0 else 15
                    text = f"Hidden Single: {cell_name(cell)}: {value} in {TYPE_NAMES[kind]}"
                    yield Hint("Hidden Single", rating, (), (cell, value), text)


@nv.coded_as(nv.DIRECT_POINTING)
def direct_pointing(grid: RuledGrid) -> Iterator[Hint]:
    """``Locking(true)``: a digit locked in two crossing regions whose removals would leave a
    hidden single in another region of the first's type (1.7 from a block, else 1.9)."""
    lay = grid.layout
    pairs: tuple[tuple[int, int], ...] = _DIRECT_PAIRS[0]
    if 3 in lay.types:
        pairs += _DIRECT_PAIRS[1]
    if 4 in lay.types:
        pairs += _DIRECT_PAIRS[2]
        if 3 in lay.types:
            pairs += _DIRECT_PAIRS[3]
    masks = region_masks(lay)
    holding = value_masks(grid)
    for type1, type2 in pairs:
        firsts, seconds = masks[type1], masks[type2]
        crossing = crossing_regions(lay, type1, type2)
        for value in DIGITS:
            holders = holding[value]
            for i1, mask1 in enumerate(firsts):
                places = holders & mask1
                if places.bit_count() < 2:
                    continue
                for i2 in crossing[0][i1]:
                    mask2 = seconds[i2]
                    if places & ~mask2:
                        continue
                    for i3 in crossing[1][i2]:
                        if i3 == i1:
                            continue
                        mask3 = firsts[i3]
                        places3 = holders & mask3
                        if places3.bit_count() <= 1:
                            continue
                        left = places3 & ~mask2
                        if left.bit_count() == 1:
                            region1, region2 = lay.regions[type1][i1], lay.regions[type2][i2]
                            yield _direct_locking(grid, type1, type2, region1, region2,
                                                  left.bit_length() - 1, value)  # fmt: skip


@nv.coded_as(nv.POINTING_CLAIMING)
def pointing_claiming(grid: RuledGrid) -> Iterator[Hint]:
    """``Locking(false)``: a digit's places in a block all in one line (pointing, 2.6), or in
    a line all in one block (claiming, 2.8), take it out of the rest of the other."""
    lay = grid.layout
    masks = region_masks(lay)
    holding = value_masks(grid)
    for type1, type2 in _DIRECT_PAIRS[0]:
        for value in DIGITS:
            holders = holding[value]
            for mask1 in masks[type1]:
                places = holders & mask1
                if places.bit_count() < 2:
                    continue
                outside = holders & ~mask1
                for i2, mask2 in enumerate(masks[type2]):
                    if not mask2 & mask1 or places & ~mask2:
                        continue
                    region2 = lay.regions[type2][i2]
                    removals = tuple((c, value) for c in region2 if outside >> c & 1)
                    if removals:
                        locked = [c for c in region2 if places >> c & 1]
                        name = "Pointing" if type1 == 0 else "Claiming"
                        text = (
                            f"{name}: {_cells(locked)}: {value} in {TYPE_NAMES[type1]} and "
                            f"{TYPE_NAMES[type2]}"
                        )
                        yield Hint(name, 26 if type1 == 0 else 28, removals, None, text)


def _direct_locking(
    grid: RuledGrid,
    type1: int,
    type2: int,
    region1: Sequence[int],
    region2: Sequence[int],
    cell: int,
    value: int,
) -> Hint:
    name = "Direct Pointing" if type1 == 0 else "Direct Claiming"
    locked = [c for c in region2 if c in region1 and grid.cands[c] >> value & 1]
    text = f"{name}: {_cells(locked)}: {value} of {TYPE_NAMES[type1]} in {TYPE_NAMES[type2]}"
    return Hint(name, 17 if type1 == 0 else 19, (), (cell, value), text)


def _hidden_sets(
    grid: RuledGrid, degree: int, least: int
) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...], int, list[int]]]:
    """(type, region, values, their places in the region as a mask, the region's places of
    each value) of each hidden set of ``degree`` values, in regions of more than ``least``
    empty cells (``HiddenSet``'s order)."""
    for kind, region in grid.layout.scan():
        if grid.empty_in(region) <= least:
            continue
        table = grid.position_table((region,))[0]
        # (a value of one place or none is in no set: the sets of the others alone, in the
        # same colex order, since leaving items out keeps it)
        held = tuple(v for v in DIGITS if BIT_COUNT[table[v]] > 1)
        for values in combinations_colex(held, degree):
            common = 0  # (``hidden_set_cells``, its test of each value's places done above)
            for value in values:
                common |= table[value]
            if BIT_COUNT[common] == degree:
                yield kind, region, values, common, table


def _set_text(region: Sequence[int], places: int, values: Sequence[int], kind: int) -> str:
    """A set's cells, values and region type, as serate's set hints word them."""
    cells = [region[i] for i in bits(places)]
    return f"{_cells(cells)}: {','.join(map(str, values))} in {TYPE_NAMES[kind]}"


def direct_hidden_sets(degree: int) -> Finder:
    """``HiddenSet(degree, true)``: a hidden pair (2.0) or triple (2.5) whose removals would
    leave a hidden single in its region."""
    name = "Direct Hidden " + ("Pair" if degree == 2 else "Triplet")

    def finder(grid: RuledGrid) -> Iterator[Hint]:
        for kind, region, values, common, table in _hidden_sets(grid, degree, degree):
            for value in DIGITS:
                if value in values or BIT_COUNT[table[value]] <= 1:
                    continue
                rest = table[value] & ~common
                if BIT_COUNT[rest] == 1:
                    text = f"{name}: {_set_text(region, common, values, kind)}"
                    cell = region[bits(rest)[0]]
                    yield Hint(name, 20 if degree == 2 else 25, (), (cell, value), text)
                    break

    return nv.coded(finder, nv.DIRECT_HIDDEN_SET, degree)


@nv.coded_as(nv.NAKED_SINGLE)
def naked_singles(grid: RuledGrid) -> Iterator[Hint]:
    """``NakedSingle``: a cell of one candidate (2.3)."""
    for cell, mask in enumerate(grid.cands):
        if BIT_COUNT[mask] == 1:
            value = MASK_DIGITS[mask][0]
            yield Hint(
                "Naked Single", 23, (), (cell, value), f"Naked Single: {cell_name(cell)}: {value}"
            )


@nv.coded_as(nv.GENERALIZED_INTERSECTIONS)
def generalized_intersections(grid: RuledGrid) -> Iterator[Hint]:
    """``VLocking`` (2.9): a digit's two to six places in a region take it out of every cell
    that sees them all."""
    lay = grid.layout
    masks, peer_mask = region_masks(lay), lay.geometry.peer_mask
    holding = value_masks(grid)
    for kind in lay.types:  # blocks, rows, columns, then the extra types
        for value in DIGITS:
            holders = holding[value]
            for index, region in enumerate(lay.regions[kind]):
                places = holders & masks[kind][index]
                if not 2 <= places.bit_count() <= 6:
                    continue
                cells = [c for c in region if places >> c & 1]
                seeing = holders
                for cell in cells:
                    seeing &= peer_mask[cell]
                if seeing:
                    removals = removals_of(seeing, value)
                    text = f"{_cells(cells)} on value {value} in {full_name(kind, index)}"
                    yield Hint("Generalized Intersections", 29, removals, None, text)


_SET_NAMES: Final = {2: "Pair", 3: "Triplet", 4: "Quad"}


def naked_sets(degree: int, generalized: bool) -> Finder:
    """``NakedSet`` (3.0, 3.6, 5.0: the set's values out of its region) or, on the variant
    set, ``NakedSetGen`` (the same ratings: each value out of every cell that sees all the
    set's cells holding it): ``degree`` cells of a region whose candidates are ``degree``
    values."""
    name = ("Generalized Naked " if generalized else "Naked ") + _SET_NAMES[degree]
    rating = {2: 30, 3: 36, 4: 50}[degree]

    def finder(grid: RuledGrid) -> Iterator[Hint]:
        cands = grid.cands
        for kind, region in grid.layout.scan():
            if grid.empty_in(region) < degree * 2:
                continue
            # (a cell of one candidate or none is in no set: ``_hidden_sets``' cut)
            open_cells = tuple(c for c in region if BIT_COUNT[cands[c]] > 1)
            for cells in combinations_colex(open_cells, degree):
                # (CommonTuples over the cells' candidates, as over a set's values' places:
                # ``hidden_set_cells``, its test of each cell's candidates done above)
                union = 0
                for cell in cells:
                    union |= cands[cell]
                if BIT_COUNT[union] != degree:
                    continue
                if generalized:
                    removals = _seen_removals(grid, cells, union)
                else:
                    removals = tuple(
                        (other, value)
                        for other in region
                        if other not in cells
                        for value in MASK_DIGITS[cands[other] & union]
                    )
                if removals:
                    listed = ",".join(map(str, MASK_DIGITS[union]))
                    text = f"{name}: {_cells(cells)}: {listed} in {TYPE_NAMES[kind]}"
                    yield Hint(name, rating, removals, None, text)

    return nv.coded(finder, nv.GENERALIZED_NAKED_SET if generalized else nv.NAKED_SET, degree)


def _seen_removals(
    grid: RuledGrid, cells: Sequence[int], union: int
) -> tuple[tuple[int, int], ...]:
    """Each value of a generalized naked set out of the cells that see all its cells holding
    it."""
    peers, cands = grid.layout.peers, grid.cands
    out: list[tuple[int, int]] = []
    for value in MASK_DIGITS[union]:
        seeing: set[int] | None = None
        for cell in cells:
            if cands[cell] >> value & 1:
                seeing = set(peers[cell]) if seeing is None else seeing & set(peers[cell])
        out += ((c, value) for c in sorted(seeing or ()) if cands[c] >> value & 1)
    return tuple(out)


def hidden_sets(degree: int) -> Finder:
    """``HiddenSet`` (3.4, 4.0, 5.4): ``degree`` values of a region with ``degree`` places
    between them: the places' other candidates go."""
    name = "Hidden " + _SET_NAMES[degree]
    rating = {2: 34, 3: 40, 4: 54}[degree]

    def finder(grid: RuledGrid) -> Iterator[Hint]:
        cands = grid.cands
        for kind, region, values, common, _ in _hidden_sets(grid, degree, degree * 2):
            keep = sum(1 << v for v in values)
            removals = tuple(
                (region[i], value)
                for i in bits(common)
                for value in MASK_DIGITS[cands[region[i]] & ~keep]
            )
            if removals:
                text = f"{name}: {_set_text(region, common, values, kind)}"
                yield Hint(name, rating, removals, None, text)

    return nv.coded(finder, nv.HIDDEN_SET, degree)


def fish(degree: int) -> Finder:
    """``Fisherman``: fish on the rows and columns alone, as in classic sudoku (3.2, 3.8,
    5.2); the cover lines' cells in the text."""
    name = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}[degree]
    lines = ("", "row", "column")

    def finder(grid: RuledGrid) -> Iterator[Hint]:
        rows, columns = grid.layout.regions[1], grid.layout.regions[2]
        for value, base, indexes, covers, removals in fish_patterns(grid, degree):
            cover_lines = rows if base == 2 else columns
            cells = [
                cover_lines[cover][i]
                for cover in bits(covers)
                for i in indexes
                if grid.cands[cover_lines[cover][i]] >> value & 1
            ]
            text = (
                f"{name}: {_cells(cells)}: {value} in {degree} {lines[base]}s and {degree} "
                f"{lines[3 - base]}s"
            )
            yield Hint(name, {2: 32, 3: 38, 4: 52}[degree], removals, None, text)

    return nv.coded(finder, nv.FISH, degree)


def three_strong_links(grid: RuledGrid) -> Iterator[Hint]:
    """``StrongLinks(3)`` (5.4 to 5.7): three strong links in rows, columns and blocks (none
    on a Latin square) joined by weak ones."""
    for found in three_findings(grid):
        name = links_names(found)[0]
        bridges = ",".join(cell_name(c) for pair in found.bridges for c in pair)
        text = (
            f"{name}: {_cells((found.start,))},{bridges},{cell_name(found.end)} "
            f"on value {found.value}"
        )
        yield Hint(name, found.rating, found.removals, None, text)


def xy_wings(xyz: bool) -> Finder:
    """``XYWing`` (4.2) and ``XYWing(true)``, the XYZ-Wing (4.4), on the rules' visible
    cells."""
    name = "XYZ-Wing" if xyz else "XY-Wing"

    def finder(grid: RuledGrid) -> Iterator[Hint]:
        for pivot, w1, w2, value, removals in xy_wing_patterns(grid, xyz):
            text = f"{name}: {_cells((pivot, w1, w2))} on value {value}"
            yield Hint(name, 44 if xyz else 42, removals, None, text)

    return nv.coded(finder, nv.XY_WING, 3 if xyz else 2)


def als_wings(size: int) -> Finder:
    """``WXYZWing`` (5.5 to 5.6) and ``VWXYZWing`` (6.2 to 6.4) on the rules' visible cells."""
    base = "WXYZ-Wing" if size == 3 else "VWXYZ-Wing"

    def finder(grid: RuledGrid) -> Iterator[Hint]:
        for rating, _, removals, shape in als_findings(grid, size):
            double, cells = shape[0], shape[3]
            pair = MASK_DIGITS[grid.cands[cells[-1]]]
            name = f"{base} {suffix(shape)}"
            text = f"{name}: {_cells(cells)} {als_wing_values(double, pair, removals)}"
            yield Hint(name, rating, removals, None, text)

    return nv.coded(finder, nv.ALS_WING, size)


@nv.coded_as(nv.UNIQUE_LOOPS)
def unique_loops(grid: RuledGrid) -> Iterator[Hint]:
    """``UniqueLoops`` (4.5 and up): unique rectangles and loops of types 1 to 4 through
    every region of the rules."""
    for rating, kind, removals, length, loop, v1, v2 in loop_findings(grid):
        name = loop_name(kind, length)[0]
        text = f"{name}: {_cells(loop)} on {loop_values(kind, v1, v2, removals)}"
        yield Hint(name, rating, removals, None, text)


def bivalue_universal_grave(grid: RuledGrid) -> Iterator[Hint]:
    """``BivalueUniversalGrave`` (5.6 and up) over every region of the rules."""
    for hint, cells, digits in bug_findings(grid):
        name = hint.technique
        if name == "BUG type 1":
            text = f"{name}: {cell_name(cells[0])}"
        else:
            listed = ",".join(map(cell_name, cells))  # (``Cell.toString``: no "Cells")
            text = f"{name}: {listed} on {bug_values(name, digits)}"
        yield Hint(name, hint.rating, hint.eliminations, None, text)


def order_of(lay: Layout, poll: Poll | None = None) -> tuple[tuple[str, Finder], ...]:
    """The techniques ported, in serate's order (``Solver``'s producers as its technique set
    has them), up to the first one not ported: the path is exact while these find a step.
    The exclusions and chains (``after_the_stretch``) end the variant set's order, after the
    VWXYZ-wing, as they end serate's (its last, the nested forcing chains)."""
    order: list[tuple[str, Finder]] = [("hidden single", hidden_singles)]
    if lay.blocks:
        order.append(("direct pointing", direct_pointing))
    order += [("direct hidden pair", direct_hidden_sets(2)), ("naked single", naked_singles)]
    if lay.consecutive:
        order += [
            ("non-consecutive forcing cell", ruled_nc.forcing_cells),
            ("locked non-consecutive", ruled_nc.locked_cells),
        ]
    order.append(("direct hidden triple", direct_hidden_sets(3)))
    if lay.variant:
        order.append(("generalized intersections", generalized_intersections))
    elif lay.blocks:
        order.append(("pointing and claiming", pointing_claiming))
    generalized = lay.variant
    order += [
        ("naked pair", naked_sets(2, generalized)),
        ("x-wing", fish(2)),
        ("hidden pair", hidden_sets(2)),
        ("naked triple", naked_sets(3, generalized)),
        ("swordfish", fish(3)),
        ("hidden triple", hidden_sets(3)),
        ("turbot fish", turbot_fish(lay)),
        ("xy-wing", xy_wings(False)),
        ("xyz-wing", xy_wings(True)),
    ]
    # (with a leap or non-consecutive, serate has no uniqueness techniques: its forbidden
    # pairs can tell a deadly pattern's two ways apart)
    uniqueness = not lay.consecutive and not any(w in lay.rules.words for w in LEAPS)
    if uniqueness:
        order.append(("unique loops", unique_loops))
    order += [
        ("naked quad", naked_sets(4, generalized)),
        ("jellyfish", fish(4)),
        ("hidden quad", hidden_sets(4)),
    ]
    # (the variant set has no three strong links, and neither set the generalized naked
    # quintuplet: ``initVariants`` and ``init`` both take it out)
    if not lay.variant:
        order.append(("three strong links", three_strong_links))
    order.append(("wxyz-wing", als_wings(3)))
    if uniqueness:
        order.append(("bug", bivalue_universal_grave))
    order.append(("vwxyz-wing", als_wings(4)))
    return tuple(order) + after_the_stretch(lay, poll)


def after_the_stretch(lay: Layout, poll: Poll | None = None) -> tuple[tuple[str, Finder], ...]:
    """serate's exclusions and chains on these rules, in its order (from the aligned pair
    exclusion to the nested forcing chains, ``ruled_chains``): its order after the stretch not
    ported, which a path reaches only past that stretch (the tests hold them to serate's steps
    there)."""
    return ruled_chains.techniques(lay.variant, lay.blocks, poll)


def rate_rules(puzzle: str, rules: Rules) -> SERating:
    """ER, EP and ED of an 81-character puzzle of one solution under rules serate rates
    (``serate_words`` None), and its steps, each hint's ``text`` serate's line for it.
    ``Beyond`` where the path needs a technique not ported."""
    return rate_ruled_grid(RuledGrid.of_puzzle(puzzle, layout_of(rules)))


def rate_ruled_grid(
    grid: RuledGrid, order: Sequence[tuple[str, Finder]] | None = None, poll: Poll | None = None
) -> SERating:
    """``rate_rules`` from a grid, which the path changes; ``order``: the techniques, in their
    order (``order_of``'s, unless given). Where serate's whole order finds no step, the path
    ends as serate's does: ER 20.0 (its "Beyond solver"), EP and ED as they stand; where an
    order given finds none, ``Beyond``. ``poll`` (the whole order's): called before each step
    and often inside the chains' searches; where it raises ``TimeUp`` the path ends there, its
    figures true lower bounds (``SERating``'s ``*_is_lower_bound``)."""
    whole = order is None
    if order is None:
        order = order_of(grid.layout, poll)
    plan = nv.plan_of(grid, [finder for _, finder in order])
    steps: list[Step] = []
    er = ep = ed = 0
    placed = False
    while not grid.is_solved():
        try:
            if poll is not None:
                poll()
            index, found = _first(grid, order, plan)
        except TimeUp:
            return SERating(
                er / 10, (ep if placed else er) / 10, (ed if steps else er) / 10, tuple(steps),
                er_is_lower_bound=True, ep_is_lower_bound=not placed, ed_is_lower_bound=not steps,
            )  # fmt: skip
        if found is None:
            if whole:
                return SERating(BEYOND_SOLVER / 10, ep / 10, ed / 10, tuple(steps))
            raise Beyond(steps, max(TOP[name] for name, _ in order[:index]))
        hint = found
        hint.apply(grid)
        steps.append(Step(hint, order[index][0]))
        er = max(er, hint.rating)
        if len(steps) == 1:
            ed = er
        if not placed and hint.placement is not None:
            ep, placed = er, True
    return SERating(er / 10, ep / 10, ed / 10, tuple(steps))


def _first(
    grid: RuledGrid, order: Sequence[tuple[str, Finder]], plan: nv.Plan | None
) -> tuple[int, Hint | None]:
    """The index in ``order`` of the technique that takes the step, and its first hint; None
    where none does (the index past the end). The C (``plan``, None on the pure build) says
    which finder is the first to find one, and only that finder runs."""
    index = nv.first(grid, plan, 0)
    while index < len(order):
        hint = next(iter(order[index][1](grid)), None)
        if hint is not None:
            return index, hint
        index = nv.first(grid, plan, index + 1)
    return len(order), None


#: each technique's highest rating (tenths; a chain's, its least: its length has no bound)
TOP: Final = {
    "hidden single": 15, "direct pointing": 19, "direct hidden pair": 20, "naked single": 23,
    "direct hidden triple": 25, "generalized intersections": 29, "naked pair": 30,
    "x-wing": 32, "hidden pair": 34, "naked triple": 36, "swordfish": 38, "hidden triple": 40,
    "turbot fish": 43, "xy-wing": 42, "xyz-wing": 44, "naked quad": 50, "jellyfish": 52,
    "unique loops": 56, "hidden quad": 54, "wxyz-wing": 56, "bug": 62,
    "vwxyz-wing": 64, "non-consecutive forcing cell": 24, "locked non-consecutive": 25,
    "pointing and claiming": 28, "three strong links": 57,
    **dict(ruled_chains.TECHNIQUES),
}  # fmt: skip
