"""A step's picture in a real browser: the system's headless Chromium
(``tests/support/browser.py``) draws the SVG 300 px wide, and the pixels of each removed
candidate differ from those of the same digit kept elsewhere: more ink (the strike and the
cross) and redder, and in grey alone too, so that colour is not the only cue. Skipped, with one
line, where no Chromium is installed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from statistics import median

import pytest

from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.views.step_svg import board_of_grid, step_svg
from tests.support.browser import Browser, find_chromium
from tests.views.test_step_svg import CHAIN, GIVENS, PUZZLE

CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium (apt-get install chromium): the browser tests skip"
)

#: the page: the SVG drawn inline 300 px wide (where each candidate is) and on a canvas of the
#: same size (its pixels); each candidate's square read back as [ink, red, grey ink]
PAGE = """<!doctype html><html><body style="margin:0" data-ready="0">
<div id="inline" style="width:300px"></div><canvas id="canvas"></canvas>
<script>
const svg = %s;
document.getElementById("inline").innerHTML = svg;
const shown = document.querySelector("#inline svg");
shown.setAttribute("width", "300"); shown.removeAttribute("height");
const image = new Image();
image.onload = () => {
  const box = shown.getBoundingClientRect();
  const canvas = document.getElementById("canvas");
  canvas.width = Math.round(box.width); canvas.height = Math.round(box.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  const found = [];
  for (const g of shown.querySelectorAll(".candidate")) {
    const t = g.querySelector("text").getBoundingClientRect();
    const side = 16 * box.width / shown.viewBox.baseVal.width;  /* a third of a cell */
    const x = Math.round(t.x + t.width / 2 - box.x - side / 2);
    const y = Math.round(t.y + t.height / 2 - box.y - side / 2);
    const d = ctx.getImageData(x, y, Math.round(side), Math.round(side)).data;
    let ink = 0, red = 0, grey = 0;
    for (let i = 0; i < d.length; i += 4) {
      const lum = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
      ink += 255 - Math.min(d[i], d[i + 1], d[i + 2]);
      red += Math.max(0, d[i] - d[i + 1]);
      grey += lum < 160 ? 1 : 0;
    }
    found.push([g.getAttribute("class"), g.dataset.digit + g.dataset.cell, ink, red, grey]);
  }
  window.measured = found;
  document.body.dataset.ready = "1";
};
image.src = URL.createObjectURL(new Blob([svg], {type: "image/svg+xml"}));
</script></body></html>"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert CHROMIUM is not None
    with Browser(CHROMIUM) as b:
        yield b


def test_removed_candidates_look_unlike_the_kept_ones_at_300_px(
    browser: Browser, tmp_path: Path
) -> None:
    svg = step_svg(CHAIN, board_of_grid(Grid.from_puzzle(PUZZLE), GIVENS))
    page = tmp_path / "step.html"
    page.write_text(PAGE % json.dumps(svg), encoding="utf-8")
    browser.open(page.as_uri(), "document.body.dataset.ready === '1'")
    measured = browser.evaluate("window.measured")
    kept: dict[str, list[tuple[float, float, float]]] = {}
    removed = {}
    # (a kept candidate an arrow ends at, or in a pattern's shaded cell, has more ink)
    marked = {end for link in CHAIN.links for end in (link.source, link.target)}
    for kind, label, ink, red, grey in measured:
        if kind == "candidate" and label not in marked and label[1:] not in CHAIN.cells:
            kept.setdefault(label[0], []).append((ink, red, grey))
        elif kind == "candidate removed":
            removed[label] = (ink, red, grey)
    assert set(removed) == set(CHAIN.removed)
    for label, (ink, red, grey) in removed.items():
        others = kept[label[0]]
        assert len(others) >= 5
        assert ink > 1.5 * max(o[0] for o in others), label  # the strike and the cross
        assert red > 4 * max(o[1] for o in others) + 1, label  # and red
        assert grey > 1.5 * median(o[2] for o in others), label  # in grey alone as well
