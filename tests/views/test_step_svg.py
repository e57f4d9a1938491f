"""A step's picture as SVG: parsed as XML, each ``removed`` and ``placed``
element matches the step, the classes and data attributes are there, and the cues that are not
colour (a cross on a removed candidate, a circle and bold on a placed one, a dash on a weak
link) are drawn. The steps drawn are written here by hand on the board of a puzzle of the
bank (the picture draws what it is given, whether or not it is a sound deduction), and one
puzzle's whole plan (``sudoku_repl.plan``) is drawn step by step."""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET

import pytest

from sudoku_repl import plan
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.plan_step import Link, PlanStep, label_cell
from sudoku_repl.views.step_svg import board_of_grid, step_svg

NS = {"svg": "http://www.w3.org/2000/svg"}
#: the first puzzle of tests/data/se_rated_slice.txt (serate: 7.3/1.2/1.2)
PUZZLE = "300600005029700060000093040007000054006030700280000600060310000090005120500009006"
GIVENS = [int(ch) for ch in PUZZLE]
#: a step written by hand to exercise the drawing (not a deduction): a pattern of three cells,
#: a chain of strong and weak links, two candidates of r1c3 removed (its candidates are 1 4 8:
#: row 1 holds 3 6 5, column 3 holds 9 7 6, block 1 holds 3 2 9) and 7 placed in r1c2 (1 4 7)
CHAIN = PlanStep(
    technique="Skyscraper",
    rating=4.0,
    cells=("r1c2", "r2c1", "r3c1"),
    links=(
        Link("4r1c2", "4r2c1", "strong"),
        Link("4r2c1", "4r3c1", "weak"),
        Link("4r3c1", "4r3c2", "strong"),
    ),
    removed=("4r1c3", "8r1c3"),
    placed=("7r1c2",),
)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode())


def classed(root: ET.Element, *classes: str) -> list[ET.Element]:
    """The elements whose class list holds all of ``classes``."""
    return [e for e in root.iter() if set(classes) <= set(e.get("class", "").split())]


def candidates(elements: list[ET.Element]) -> set[str]:
    return {f"{e.get('data-digit')}{e.get('data-cell')}" for e in elements}


def drawn(step: PlanStep = CHAIN) -> ET.Element:
    return parse(step_svg(step, board_of_grid(Grid.from_puzzle(PUZZLE), GIVENS)))


def test_it_is_svg_with_a_cell_per_square_and_the_givens_bold() -> None:
    root = drawn()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    cells = classed(root, "cell")
    assert [c.get("data-cell") for c in cells] == [
        f"r{r}c{c}" for r in range(1, 10) for c in range(1, 10)
    ]
    given = classed(root, "value", "given")
    assert len(given) == sum(1 for ch in PUZZLE if ch != "0") == 29  # 3 4 3 3 3 3 3 4 3 by row
    assert {(e.get("data-cell"), e.text) for e in given} >= {("r1c1", "3"), ("r9c9", "6")}
    assert all(e.get("font-weight") == "bold" for e in given)


def test_candidates() -> None:
    """The candidates drawn, checked on cells worked out by hand: r1c2 (row 1 holds 3 6 5,
    column 2 holds 2 6 9 8, block 1 holds 3 2 9): 1 4 7; r9c2 (row 9: 5 9 6, column 2,
    block 7: 6 9 5): 1 3 4 7."""
    root = drawn()
    by_cell: dict[str, list[str]] = {}
    for e in classed(root, "candidate"):
        by_cell.setdefault(str(e.get("data-cell")), []).append(str(e.get("data-digit")))
    assert by_cell["r1c2"] == ["7"]  # (1 4 7: the step places 7, its value alone is drawn)
    assert by_cell["r9c2"] == ["1", "3", "4", "7"]
    assert "r1c1" not in by_cell  # a given: no candidate
    assert len(by_cell) == 81 - 29


def test_removed_placed_and_pattern_match_the_step() -> None:
    root = drawn()
    assert candidates(classed(root, "candidate", "removed")) == set(CHAIN.removed)
    assert candidates(classed(root, "candidate", "placed")) == set(CHAIN.placed)
    assert {e.get("data-cell") for e in classed(root, "cell", "pattern")} == set(CHAIN.cells)


def test_the_cues_are_not_colour_alone() -> None:
    root = drawn()
    for removed in classed(root, "removed"):  # struck through and crossed
        assert len(removed.findall("svg:line", NS)) == 3
    for kept in classed(root, "candidate"):
        if "removed" not in kept.get("class", ""):
            assert not kept.findall("svg:line", NS)
    (placed,) = classed(root, "placed")
    assert placed.find("svg:circle", NS) is not None
    text = placed.find("svg:text", NS)
    assert text is not None and text.get("font-weight") == "bold"
    for cell in classed(root, "pattern"):  # shaded, and ringed inside
        assert len(cell.findall("svg:rect", NS)) == 2


def test_links_in_order_strong_solid_weak_dashed_with_arrowheads() -> None:
    root = drawn()
    links = classed(root, "link")
    assert [(e.get("data-from"), e.get("data-to"), e.get("data-order")) for e in links] == [
        ("4r1c2", "4r2c1", "1"),
        ("4r2c1", "4r3c1", "2"),
        ("4r3c1", "4r3c2", "3"),
    ]
    assert [e.get("class") for e in links] == ["link strong", "link weak", "link strong"]
    assert [e.get("stroke-dasharray") for e in links] == [None, "5 3", None]
    assert all(e.get("marker-end") == "url(#step-arrow)" for e in links)
    assert root.find(".//svg:marker[@id='step-arrow']", NS) is not None


def test_text_is_escaped_as_xml() -> None:
    odd = PlanStep('<Fish> & "Chips"', 2.5, (), (), (), ())
    root = drawn(odd)
    title = root.find("svg:title", NS)
    assert title is not None and title.text == '<Fish> & "Chips" (2.5)'


def test_a_removed_candidate_the_board_has_not_is_refused() -> None:
    wrong = PlanStep("X-Wing", 3.2, (), (), ("3r1c2",), ())  # r1c2: 1 4 7 (above)
    with pytest.raises(ValueError, match="3r1c2 is not a candidate"):
        drawn(wrong)


def test_every_step_of_a_plan_is_drawn_as_it_says() -> None:
    """The plan of the puzzle (singles, wings, fish, forcing chains), each step drawn on the
    board it was found on: its removed, placed and links are the step's."""
    grid = Grid.from_puzzle(PUZZLE)
    steps = plan(PUZZLE)
    assert len(steps) > 40
    for step in steps:
        root = parse(step_svg(step, board_of_grid(grid, GIVENS)))
        assert candidates(classed(root, "removed")) == set(step.removed)
        assert candidates(classed(root, "placed")) == set(step.placed)
        assert [(e.get("data-from"), e.get("data-to")) for e in classed(root, "link")] == [
            (link.source, link.target) for link in step.links
        ]
        for label in step.removed:
            grid.remove(label_cell(label), int(label[0]))
        for label in step.placed:
            grid.place(label_cell(label), int(label[0]))


def test_the_legend_names_the_marks_the_step_uses() -> None:
    """Below the board, a sample of each mark and its word: the chain uses them all,
    a hidden single its pattern and its placed value."""
    assert [e.text for e in classed(drawn(), "legend")] == [
        "pattern", "removed", "placed", "strong link", "weak link",
    ]  # fmt: skip
    single = PlanStep("Hidden Single", 1.2, ("r1c2", "r2c1"), (), (), ("7r1c2",))
    assert [e.text for e in classed(drawn(single), "legend")] == ["pattern", "placed"]


def test_the_placed_value_is_as_large_as_a_value() -> None:
    root = drawn()
    (placed,) = classed(root, "placed")
    text = placed.find("svg:text", NS)
    assert text is not None and text.text == "7"
    assert {e.get("font-size") for e in classed(root, "value")} == {text.get("font-size")}


def numbers(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", text)]


def arrowheads(root: ET.Element) -> list[tuple[str, list[tuple[float, float]]]]:
    """Each link's arrowhead as drawn: the marker's shape (its path, viewBox, refX and refY,
    size, in user units or the stroke's width) turned along the link's end (the tangent of its
    quadratic curve there: from the control point to the end) with its reference point at the
    end; the points of the shape's outline and a grid over its inside."""
    marker = root.find(".//svg:marker[@id='step-arrow']", NS)
    assert marker is not None
    outline = marker.find("svg:path", NS)
    assert outline is not None
    corners = numbers(str(outline.get("d")))
    shape = list(zip(corners[::2], corners[1::2], strict=True))
    assert len(shape) == 3  # (a triangle: the grid below covers its inside)
    box = numbers(str(marker.get("viewBox")))
    ref_x, ref_y = float(str(marker.get("refX"))), float(str(marker.get("refY")))
    heads = []
    for link in classed(root, "link"):
        unit = (
            1.0
            if marker.get("markerUnits") == "userSpaceOnUse"
            else float(str(link.get("stroke-width")))
        )
        scale_x = float(str(marker.get("markerWidth"))) * unit / box[2]
        scale_y = float(str(marker.get("markerHeight"))) * unit / box[3]
        _, _, mx, my, ex, ey = numbers(str(link.get("d")))
        angle = math.atan2(ey - my, ex - mx)
        (ax, ay), (bx, by), (cx, cy) = shape
        inside = [
            (
                ax + (bx - ax) * i / 10 + (cx - ax) * j / 10,
                ay + (by - ay) * i / 10 + (cy - ay) * j / 10,
            )
            for i in range(11)
            for j in range(11 - i)
        ]
        points = []
        for px, py in inside:
            lx, ly = (px - ref_x) * scale_x, (py - ref_y) * scale_y
            points.append(
                (ex + lx * math.cos(angle) - ly * math.sin(angle),
                 ey + lx * math.sin(angle) + ly * math.cos(angle))
            )  # fmt: skip
        heads.append((str(link.get("data-to")), points))
    return heads


def crosses(root: ET.Element) -> dict[str, tuple[float, float, float, float]]:
    """Each removed candidate's cross: the box its lines span (left, top, right, bottom)."""
    boxes = {}
    for removed in classed(root, "candidate", "removed"):
        ends = [numbers(" ".join(str(line.get(k)) for k in ("x1", "y1", "x2", "y2")))
                for line in removed.findall("svg:line", NS)]  # fmt: skip
        xs = [x for end in ends for x in end[::2]]
        ys = [y for end in ends for y in end[1::2]]
        boxes[f"{removed.get('data-digit')}{removed.get('data-cell')}"] = (
            min(xs), min(ys), max(xs), max(ys),
        )  # fmt: skip
    return boxes


def covered(root: ET.Element) -> list[tuple[str, str]]:
    """(a link's target, a removed candidate) wherever the link's arrowhead lies on that
    candidate's cross."""
    boxes = crosses(root)
    return [
        (target, label)
        for target, points in arrowheads(root)
        for label, (left, top, right, bottom) in boxes.items()
        if any(left < x < right and top < y < bottom for x, y in points)
    ]


def test_no_arrowhead_covers_a_removed_candidate() -> None:
    """The hand-written chain's, with a link ending at a removed candidate, and
    every chain of the puzzle's plan (forcing chains end at the candidate they remove)."""
    chain = CHAIN._replace(links=(*CHAIN.links, Link("4r3c2", "4r1c3", "weak")))
    assert covered(drawn(chain)) == []
    grid = Grid.from_puzzle(PUZZLE)
    ends = 0
    for step in plan(PUZZLE):
        if step.links:
            root = parse(step_svg(step, board_of_grid(grid, GIVENS)))
            assert covered(root) == [], step.technique
            ends += sum(1 for link in step.links if link.target in step.removed)
        for label in step.removed:
            grid.remove(label_cell(label), int(label[0]))
        for label in step.placed:
            grid.place(label_cell(label), int(label[0]))
    assert ends > 0  # (some link of the plan does end at a removed candidate)


def arc_length(path: str) -> float:
    """The length of a link's quadratic curve (``M x,y Q cx,cy ex,ey``), summed over 50 parts."""
    x0, y0, cx, cy, x1, y1 = numbers(path)
    points = [
        ((1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1,
         (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1)
        for t in (k / 50 for k in range(51))
    ]  # fmt: skip
    return sum(math.dist(a, b) for a, b in itertools.pairwise(points))


def test_a_link_inside_one_cell_is_drawn_as_an_arc() -> None:
    """r1c3's candidates 1 4 8 (``CHAIN``'s note): 1 and 4 sit a third of a cell apart, 1 and
    8 two thirds; each link between them is a visible curve, not an arrowhead alone."""
    step = PlanStep(
        "Forcing Chain", 7.1, ("r1c3",),
        (Link("1r1c3", "4r1c3", "weak"), Link("4r1c3", "8r1c3", "strong")), ("1r1c3",), (),
    )  # fmt: skip
    links = classed(drawn(step), "link")
    assert [e.get("data-from") for e in links] == ["1r1c3", "4r1c3"]
    for link in links:
        assert arc_length(link.get("d", "")) >= 15.0, link.get("d")


def test_a_wing_marks_its_pivot_its_pincers_and_the_digit() -> None:
    """An XY-Wing drawn by hand (not a deduction): the pivot's ring solid, the pincers'
    dashed, the digit it removes bold and underlined in them; the legend says each."""
    wing = PlanStep("XY-Wing", 4.2, ("r1c2", "r1c3", "r2c1"), (), ("4r1c5",), ())
    root = drawn(wing)
    assert [e.get("data-cell") for e in classed(root, "cell", "pivot")] == ["r1c2"]
    assert [e.get("data-cell") for e in classed(root, "cell", "pincer")] == ["r1c3", "r2c1"]
    for cell in classed(root, "pincer"):
        assert "stroke-dasharray" in ET.tostring(cell, encoding="unicode")
    marked = classed(root, "pattern-digit")
    assert candidates(marked) == {"4r1c2", "4r1c3", "4r2c1"}
    for mark in marked:
        text = mark.find("svg:text", NS)
        assert text is not None and text.get("font-weight") == "bold"
        assert mark.find("svg:line", NS) is not None  # (underlined)
    assert [e.text for e in classed(root, "legend")] == [
        "pivot", "pincer", "pattern digit", "removed",
    ]  # fmt: skip


def test_a_fish_marks_its_digit_in_its_cells() -> None:
    """(r3c1 has no 4: nothing to mark there.)"""
    fish = PlanStep("X-Wing", 3.2, ("r1c3", "r2c1", "r3c1"), (), (), (), digits=(4,))
    root = drawn(fish)
    assert candidates(classed(root, "pattern-digit")) == {"4r1c3", "4r2c1"}
    assert "pattern digit" in [e.text for e in classed(root, "legend")]
