"""``rate FILE --scale se --plot FILE.svg``: Spearman's rank correlation,
checked against values worked out by hand, and the scatter: a valid SVG with one point per
rated quiz in each panel."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.tools.rating.plot import ranks, spearman
from tests.support.helpers import PUZZLES, TEST_DATA, read_lines

if TYPE_CHECKING:
    from tests.support.browser import Browser

SVG = "{http://www.w3.org/2000/svg}"


def test_mid_ranks_share_their_places() -> None:
    assert ranks([3, 1, 3, 2]) == [3.5, 1, 3.5, 2]
    assert ranks([7, 7, 7]) == [2, 2, 2]


def test_spearman_by_hand() -> None:
    # no ties: d = 0 1 1 0, rho = 1 - 6 * 2 / (4 * 15) = 0.8
    assert spearman([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(0.8)
    # a tie in y: ranks 1 2 3.5 5 3.5 against 1..5; sum dx*dy = 8, sum dx^2 = 10, dy^2 = 9.5
    assert spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]) == pytest.approx(8 / math.sqrt(95))
    assert spearman([1, 2, 3], [10, 100, 1000]) == pytest.approx(1.0)
    assert spearman([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)


def test_spearman_undefined() -> None:
    assert spearman([1], [2]) is None
    assert spearman([1, 2, 3], [4, 4, 4]) is None  # one series all ties
    with pytest.raises(ValueError):
        spearman([1, 2], [1])


def quizzes(tmp_path: Path) -> Path:
    """Three SE-rated quizzes of the test slice rated 7.2, 8.3 and 7.3 (their first column),
    and one with several solutions, which has no ER and so no point."""
    slice_ = read_lines(TEST_DATA / "se_rated_slice.txt")
    rated = [slice_[k].split()[0] for k in (2, 3, 4)]
    several = read_lines(PUZZLES / "multiple_solutions.txt")[0]
    path = tmp_path / "four.txt"
    path.write_text("\n".join([*rated, several]) + "\n", encoding="utf-8")
    return path


def test_the_plot_has_one_point_per_rated_quiz(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plot = tmp_path / "plot.svg"
    assert main_rate([str(quizzes(tmp_path)), "--scale", "se", "--plot", str(plot)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[-1].startswith("sudoku-repl rate: Spearman rank correlation with ER over 3 ")
    assert err[-1].endswith(f"plot written to {plot}.")
    root = ET.parse(plot).getroot()  # well-formed XML
    assert root.tag == f"{SVG}svg"
    panels = {
        g.get("class"): g for g in root.iter(f"{SVG}g") if g.get("class", "").startswith("panel")
    }
    assert set(panels) == {"panel steps", "panel biggest"}
    for panel in panels.values():
        points = [c for c in panel.iter(f"{SVG}circle") if c.get("class") == "quiz"]
        assert len(points) == 3
        tips = sorted(p.findtext(f"{SVG}title") or "" for p in points)
        assert [tip.split(",")[0] for tip in tips] == [
            "line 1: ER 7.2",
            "line 2: ER 7.3",
            "line 3: ER 8.3",
        ]


def test_plot_needs_the_se_scale(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "plot.svg"
    assert main_rate([str(quizzes(tmp_path)), "--plot", str(plot)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "add --scale se" in err[0]
    assert not plot.exists()


def test_an_interrupted_rating_draws_no_plot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plot = tmp_path / "plot.svg"
    args = [str(quizzes(tmp_path)), "--scale", "se", "--plot", str(plot)]
    assert main_rate(args, interrupted=lambda: True) == 130  # Ctrl-C before the first quiz
    assert capsys.readouterr().err.rstrip().endswith(f"({plot} not drawn)")
    assert not plot.exists()


def test_the_median_line_goes_through_each_whole_ers_medians_inside_the_axis() -> None:
    """ERs 5.4 and 5.6 (levels 2 and 4), 9.0 twice (levels 6 and 8), and a lower bound and an
    early exit's ``>X`` left out: the line joins (5.5, 3) and (9.0, 7), and ends on the axis's
    last ER, 9, not past it."""
    from sudoku_repl.views.rating_plot import Point, svg_scatter

    points = [
        Point(1, 5.4, 10, 2),
        Point(2, 5.6, 20, 4),
        Point(3, 9.0, 30, 6),
        Point(4, 9.0, 40, 8),
        Point(5, 9.0, 50, 30, lower=True),
        Point(6, 8.5, 60, 40, above=True),
    ]
    root = ET.fromstring(svg_scatter(points, (None, None), "six"))
    panel = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "panel biggest")
    axis = next(iter(panel.iter(f"{SVG}line")))  # the ER axis: x1 (ER 5) to x2 (ER 9)
    left, right, bottom = (float(axis.get(k) or 0) for k in ("x1", "x2", "y1"))
    (line,) = [p for p in panel.iter(f"{SVG}polyline") if p.get("class") == "median"]
    drawn = [tuple(map(float, xy.split(","))) for xy in (line.get("points") or "").split()]
    xs = [x for x, _ in drawn]
    assert xs == pytest.approx([left + (right - left) * 0.5 / 4, right], abs=0.1)
    # levels 0 to 40 (the lower bound's 30 and the >X's 40 are on the axis, not on the line)
    assert [bottom - y for _, y in drawn] == pytest.approx([290 * 3 / 40, 290 * 7 / 40], abs=0.1)
    assert [c.get("stroke") for c in panel.iter(f"{SVG}circle")][-2:] == ["#1f5fbf", "#e07b00"]


# -- the picture's layout: no text over another ---------------------------

#: the points of each legend: two lines (hollow, the count), two (orange, the count), three
#: (hollow, orange, the count)
LEGENDS = {
    "hollow": [(5.4, False, False), (6.0, True, False), (7.1, False, False)],
    "orange": [(5.4, False, False), (8.0, False, True), (7.1, False, False)],
    "hollow and orange": [(5.4, False, False), (6.0, True, False), (8.0, False, True)],
}


def scatter(legend: str) -> str:
    from sudoku_repl.views.rating_plot import Point, svg_scatter

    points = [
        Point(k, er, 10 ** (k + 1), 3 * k, lower, above)
        for k, (er, lower, above) in enumerate(LEGENDS[legend], 1)
    ]
    return svg_scatter(points, (0.5, None), "examples/a_rather_long_name_of_a_quiz_file.txt")


#: DejaVu Sans (Debian's sans-serif), above and below the baseline, in ems; the widest glyph
HIGH, LOW, WIDE = 0.93, 0.24, 0.65


@pytest.mark.parametrize("legend", LEGENDS)
def test_the_title_legend_and_panel_headings_stand_apart(legend: str) -> None:
    """The legend's last line and the left panel's heading were drawn 10 px apart, in an 11 px
    font: they overlapped (the third line, with hollow and orange points, the most). Each text
    of the head (title, legend, headings) as a box from its baseline and font size, and no two
    that share columns share a row."""
    root = ET.fromstring(scatter(legend))
    size = float(root.get("font-size") or 0)
    head = [root.find(f"{SVG}text")]  # the title
    head += [t for t in root.iter(f"{SVG}text") if t.get("class") == "legend"]
    head += [g.find(f"{SVG}text") for g in root.iter(f"{SVG}g")]  # each panel's heading
    boxes = []
    for text in head:
        assert text is not None and text.text
        em = float(text.get("font-size") or size)
        x, y = float(text.get("x") or 0), float(text.get("y") or 0)
        boxes.append((text.text, x, x + WIDE * em * len(text.text), y - HIGH * em, y + LOW * em))
    assert len(boxes) == 1 + len(legend.split(" and ")) + 1 + 2
    for k, (one, left, right, top, bottom) in enumerate(boxes):
        for two, left2, right2, top2, bottom2 in boxes[k + 1 :]:
            if left < right2 and left2 < right:
                assert bottom <= top2 or bottom2 <= top, (one, two)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One Chromium for the legends' pictures: each is a page of its own, opened in turn (the
    browser's start is most of a picture's time)."""
    from tests.support.browser import Browser, find_chromium

    chromium = find_chromium()
    if chromium is None:
        pytest.skip("no Chromium (apt-get install chromium)")
    with Browser(chromium) as started:
        yield started


@pytest.mark.parametrize("legend", LEGENDS)
def test_no_text_of_the_picture_overlaps_another_in_chromium(
    tmp_path: Path, legend: str, browser: Browser
) -> None:
    """The same, as Chromium draws it (each text's box, ``getBBox``): every text of the
    picture, ticks and labels too."""
    picture = tmp_path / "plot.svg"
    picture.write_text(scatter(legend), encoding="utf-8")
    browser.open(picture.as_uri(), "document.querySelector('text') !== null")
    boxes = browser.evaluate(
        "[...document.querySelectorAll('text')].map(t => { const b = t.getBBox(); "
        "return [t.textContent, b.x, b.x + b.width, b.y, b.y + b.height]; })"
    )
    assert len(boxes) > 20  # (the ticks' labels too)
    for k, (one, left, right, top, bottom) in enumerate(boxes):
        for two, left2, right2, top2, bottom2 in boxes[k + 1 :]:
            apart = right <= left2 or right2 <= left or bottom <= top2 or bottom2 <= top
            assert apart, (one, two)
