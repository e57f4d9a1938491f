"""The replay page in a real browser: the system's headless Chromium, driven over the
DevTools protocol (``tests/support/browser.py``), opens the page ``export html`` wrote and is
asked what it shows. The expected values come from the reference trace of the seed
(``tests/data/reference``), from the record read in Python, and from ``views/guess_tree.py``
(the tree the page builds in its own script is held to it). Skipped, with one line, where no
Chromium is installed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sudoku_repl.api import Session
from sudoku_repl.core.geometry import Geometry
from sudoku_repl.views.guess_tree import Node, build_tree
from tests.support.browser import Browser, find_chromium
from tests.support.helpers import REPO, SEED, Shell, reference_lines

CHROMIUM = find_chromium()
#: collected as anywhere else, skipped where no Chromium is (a skip of the whole module
#: took its tests out of the collection, which then differed from a machine with Chromium)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium (apt-get install chromium): the browser tests skip"
)

#: the seed's reference trace: the lines of its first ``run`` (steps 1..131)
RUN_LINES = reference_lines("seed_run_run.trace")[0]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert CHROMIUM is not None
    with Browser(CHROMIUM) as b:
        yield b


@pytest.fixture(scope="module")
def seed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Shell]:
    """The seed after ``run``, exported by the command."""
    shell = Shell.loaded()
    shell.ok("run")
    page = tmp_path_factory.mktemp("replay") / "seed.html"
    shell.ok(f"export html {page}")
    return page, shell


def at(browser: Browser, page: Path, step: int | None = None) -> None:
    """Open ``page`` (at ``#step=N`` if given) and wait until it shows that step."""
    fragment = "" if step is None else f"#step={step}"
    browser.open(page.as_uri() + fragment, "document.body.dataset.ready === '1'")
    if step is not None:
        browser.wait_for(f"document.body.dataset.step === '{step}'")


def shown_step(browser: Browser) -> int:
    return int(browser.evaluate("document.body.dataset.step"))


def press(browser: Browser, key: str, step: int) -> None:
    browser.key(key)
    browser.wait_for(f"document.body.dataset.step === '{step}'")


def board(browser: Browser) -> dict[str, Any]:
    cells = browser.evaluate(
        "[...document.querySelectorAll('#board .cell[data-cell]')]"
        ".map(d => [Number(d.dataset.cell), Number(d.dataset.value), d.dataset.cands])"
    )
    return {"values": [v for _, v, _ in sorted(cells)], "cands": [c for *_, c in sorted(cells)]}


def test_the_fragment_shows_step_92_with_4_2_guessed_at_level_11(
    browser: Browser, seed: Any
) -> None:
    page, _ = seed
    at(browser, page, 92)
    # step 92's line; the went-wrong line numbered 92 is a fill pass's, part of step 93
    guess = "92) Guess [4,2] level 11 at 1 out of 2"
    assert guess in RUN_LINES
    assert browser.evaluate("document.getElementById('trace').textContent") == guess
    stack = browser.evaluate(
        "[...document.querySelectorAll('#stack li')].map(li => li.textContent)"
    )
    assert len(stack) == 11 and stack[-1] == "[4,2]=2 (1 of 2)"
    assert browser.evaluate("location.hash") == "#step=92"


def test_the_tree_node_of_level_11_links_to_step_92(browser: Browser, seed: Any) -> None:
    page, _ = seed
    at(browser, page, 92)
    link = browser.evaluate(
        "(() => { const a = document.querySelector('#tree a[data-level=\"11\"]');"
        " return a && [a.getAttribute('href'), a.textContent, a.classList.contains('here')]; })()"
    )
    assert link == ["#step=92", "[4,2]=2 level 11 (1/2) steps 92..92", True]


def test_keys_move_a_step_a_guess_the_ends_and_a_typed_step(browser: Browser, seed: Any) -> None:
    page, _ = seed
    at(browser, page, 92)
    press(browser, "ArrowRight", 93)
    press(browser, "ArrowLeft", 92)
    press(browser, "ArrowLeft", 91)
    assert browser.evaluate("location.hash") == "#step=91"
    press(browser, "Home", 0)
    # the guesses of the reference trace: PgDn goes from one to the next
    guesses = [int(line.split(")")[0]) for line in RUN_LINES if "uess [" in line]
    press(browser, "PageDown", guesses[0])
    press(browser, "PageDown", guesses[1])
    press(browser, "PageUp", guesses[0])
    press(browser, "End", 131)
    for key in "57":
        browser.key(key)
    press(browser, "Enter", 57)


def test_clicking_a_tree_node_goes_to_its_step(browser: Browser, seed: Any) -> None:
    page, _ = seed
    at(browser, page, 131)
    browser.click('#tree a[data-level="2"]')
    browser.wait_for("document.body.dataset.step === '11'")
    assert "11) Guess [4,3] level 2 at 1 out of 2" in RUN_LINES
    assert browser.evaluate("document.getElementById('trace').textContent") == (
        "11) Guess [4,3] level 2 at 1 out of 2"
    )


def test_every_step_has_the_reference_lines(browser: Browser, seed: Any) -> None:
    page, _ = seed
    at(browser, page)
    lines = browser.evaluate(
        "[...Array(replay.last - replay.start).keys()].flatMap(i => replay.lines(replay.start + i + 1))"
    )
    assert lines == RUN_LINES


def test_the_board_is_the_record_s_state(browser: Browser, seed: Any) -> None:
    page, shell = seed
    session = shell.repl.session
    history = session.history
    for step in (0, 1, 6, 50, 92, 131):
        at(browser, page, step)
        state = session.state_after(history.moves_to(step))
        shown = board(browser)
        assert shown["values"] == list(state.values)
        digits = ["".join(str(d) for d in range(1, 10) if m >> (d - 1) & 1) for m in state.cands]
        assert shown["cands"] == digits
    # and the last state is the reference trace's solution grid
    assert RUN_LINES[-1] == "Fine [steps:131, solution sum:1]."
    grid = "".join(line.replace(" ", "") for line in RUN_LINES[-13:-1])
    assert len(grid) == 81
    assert "".join(map(str, board(browser)["values"])) == grid


def _tree(nodes: list[Node]) -> list[Any]:
    return [
        [
            n.cell,
            n.value,
            n.index,
            n.count,
            n.level,
            n.first_step,
            n.last_step,
            n.outcome,
            _tree(n.children),
        ]
        for n in nodes
    ]


def test_the_page_s_tree_is_the_guess_tree(browser: Browser, seed: Any) -> None:
    page, shell = seed
    at(browser, page)
    expected = _tree(build_tree(shell.repl.session.history, shell.repl.session.geo))
    assert browser.evaluate("replay.tree()") == json.loads(json.dumps(expected))


def test_a_trimmed_record_s_tree_is_the_guess_tree(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page's tree of a record whose older half was dropped is ``tree``'s:
    the branches begun before the record hang from one cut node that says so."""
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", "1024")
    session = Session.from_quiz(str(REPO / "puzzles" / "forum_hardest_1106.txt"))
    session.run(solutions=0)
    start = session.history.start
    assert session.history.dropped and start.level > 0
    page = tmp_path / "trimmed.html"
    session.export_html(str(page))
    at(browser, page)
    expected = _tree(build_tree(session.history, session.geo))
    assert expected[0][7] == "cut" and expected[0][8]  # (what the page is held to has one)
    assert browser.evaluate("replay.tree()") == json.loads(json.dumps(expected))
    assert browser.evaluate("document.querySelector('#tree li.cut a').textContent") == (
        f"steps before {start.steps + 1}: not in the record"
    )


def test_why_names_the_step_that_struck_a_candidate(browser: Browser, seed: Any) -> None:
    page, _ = seed
    at(browser, page, 30)
    browser.click('#board [data-name="[1,1]"]')
    browser.wait_for("document.getElementById('why').dataset.cell === '[1,1]'")
    text = browser.evaluate("document.getElementById('why').innerText")
    assert "[1,1] is empty at step 30; its candidates: 6 9." in text
    assert "1 was struck at step 16" in text and "16) Guess [2,3] level 3 at 1 out of 2" in text
    browser.click('#board [data-name="[1,1]"]')  # (the same cell: the same answer)
    at(browser, page, 131)
    browser.click('#board [data-name="[6,2]"]')
    browser.wait_for("document.getElementById('why').dataset.cell === '[6,2]'")
    text = browser.evaluate("document.getElementById('why').innerText")
    assert "[6,2] got 5 at step 7" in text and "7) Guess [6,2] level 1 at 1 out of 2" in text


def test_a_range_starts_at_the_step_before_it(browser: Browser, seed: Any, tmp_path: Path) -> None:
    _, shell = seed
    page = tmp_path / "part.html"
    shell.ok(f"export html {page} 90 100")
    at(browser, page)
    assert browser.evaluate("[replay.start, replay.last]") == [89, 100]
    at(browser, page, 92)
    assert browser.evaluate("document.getElementById('trace').textContent") == (
        "92) Guess [4,2] level 11 at 1 out of 2"
    )


def test_marks_and_experiments_are_on_the_timeline(browser: Browser, tmp_path: Path) -> None:
    shell = Shell.loaded()
    shell.ok("break level >= 11")
    shell.ok("run")
    shell.ok("delete 1")
    shell.ok("bisect level 7")
    shell.ok("goto 60")
    shell.ok("run-mode 1")
    shell.ok("run")
    page = tmp_path / "marks.html"
    shell.ok(f"export html {page}")
    at(browser, page)
    marks = browser.evaluate(
        "[...document.querySelectorAll('.mark')].map(m => [m.dataset.step, m.title])"
    )
    assert ["92", "Breakpoint 1"] in marks and ["62", "Level 7 is first reached"] in marks
    assert browser.evaluate("document.querySelectorAll('.track').length") == 2
    caption = browser.evaluate("document.querySelector('#compare caption').textContent")
    assert caption == "Where they part: after step 60"
    browser.click('.mark[data-step="62"]')
    browser.wait_for("document.body.dataset.step === '62'")


@pytest.mark.parametrize("name", ["samurai", "flower"])
def test_samurai_and_flower_boards_are_drawn_as_they_are(
    browser: Browser, tmp_path: Path, name: str
) -> None:
    session = Session.from_quiz(str(REPO / "examples" / f"{name}.txt"))
    session.run(max_steps=40)
    page = tmp_path / f"{name}.html"
    session.export_html(str(page))
    at(browser, page, session.state().steps)
    geo: Geometry = session.geo
    places = browser.evaluate(
        "[...document.querySelectorAll('#board .cell')].map(d => d.dataset.cell === undefined ? -1 : Number(d.dataset.cell))"
    )
    frame = [geo.index.get((r, c), -1) for r in range(geo.height) for c in range(geo.width)]
    assert places == frame
    assert board(browser)["values"] == list(session.state().values)


def test_the_seed_opens_without_an_error(browser: Browser, seed: Any) -> None:
    page, _ = seed
    at(browser, page)
    assert browser.evaluate("document.body.dataset.ready") == "1"
    assert SEED in browser.evaluate("document.title")


def test_standard_names_are_beside_the_lines(browser: Browser, tmp_path: Path) -> None:
    shell = Shell.loaded()
    shell.ok("set names standard")
    shell.ok("runtil 10")
    page = tmp_path / "named.html"
    shell.ok(f"export html {page}")
    at(browser, page, 6)
    lines = browser.evaluate("document.getElementById('trace').textContent").splitlines()
    # the line docs/names.md shows for the seed's step 6
    assert lines[-1] == "6) blk 4 incomplete shrunken by group  (hidden pair, box 4)"


def test_a_folded_subtree_opens_on_a_click(browser: Browser, seed: Any) -> None:
    page, _ = seed
    at(browser, page, 0)
    folded = "#tree li.wrong > details:not([open]), #tree li.exhausted > details:not([open])"
    assert browser.evaluate(f"document.querySelector('{folded}').querySelector('ul')") is None
    browser.evaluate(f"document.querySelector('{folded}').id = 'folded'")
    browser.click("#folded > summary")
    # (its branches are drawn by the toggle event, which comes after the click)
    browser.wait_for("document.querySelectorAll('#folded > ul > li').length > 0")
    assert browser.evaluate("document.getElementById('folded').open")
    assert shown_step(browser) == 0  # (opening a branch is not going to its step)


def test_a_click_on_the_timeline_goes_to_the_step_under_it(browser: Browser, seed: Any) -> None:
    page, _ = seed
    at(browser, page, 0)
    browser.click(".track canvas")  # the middle of steps 0..131
    browser.wait_for("document.body.dataset.step !== '0'")
    assert shown_step(browser) in (65, 66)


@pytest.mark.parametrize(
    "name",
    [
        "<!--<script",
        "<!--<script>",
        "<!--<script src=x",
        "</script><script>document.body.dataset.pwned = '1'</script>",
        "<!-- --> & &amp; <b>b</b> ]]>",
    ],
    ids=["comment-script", "comment-script-tag", "comment-script-src", "end-script", "mixed"],
)
def test_a_name_with_markup_is_shown_as_text(browser: Browser, tmp_path: Path, name: str) -> None:
    """``<!--<script`` in a name left the page blank (data-ready stayed 0)."""
    shell = Shell.loaded()
    for line in ("runtil 20", "goto 10", "run-mode 1", "runtil 20", f"experiment name {name}"):
        shell.ok(line)
    page = tmp_path / "named.html"
    shell.ok(f"export html {page}")
    browser.open(page.as_uri(), "true")
    # the data element holds the data whole (a page bent by the name fails here, not later)
    data = "JSON.parse(document.getElementById('replay-data').textContent)"
    assert browser.evaluate(f"{data}.experiment") == f"experiment 2 ({name})"
    browser.wait_for("document.body.dataset.ready === '1'")
    labels = browser.evaluate(
        "[...document.querySelectorAll('#tracks .track .name')].map(e => e.textContent)"
    )
    assert labels == [f"experiment 2 ({name})", "experiment 1 (main)"]
    heads = browser.evaluate(
        "[...document.querySelectorAll('#compare th')].map(e => e.textContent)"
    )
    assert f"experiment 2 ({name})" in heads
    assert browser.evaluate("document.querySelectorAll('script').length") == 2
    assert browser.evaluate("document.body.dataset.pwned === undefined")


def test_the_page_opens_at_the_step_the_session_stands_at(browser: Browser, tmp_path: Path) -> None:
    """The page opened at step 0 whatever the session's step."""
    shell = Shell.loaded()
    shell.ok("runtil 40")
    page = tmp_path / "at40.html"
    shell.ok(f"export html {page}")
    at(browser, page)
    assert shown_step(browser) == 40
    shell.ok("goto 25")
    shell.ok(f"export html {page}")
    at(browser, page)
    assert shown_step(browser) == 25
    assert browser.evaluate("location.hash") == "#step=25"
    # an address that names a step still opens there
    at(browser, page, 12)
    assert shown_step(browser) == 12


def test_a_quiz_in_a_folder_named_like_the_data_placeholder(
    browser: Browser, tmp_path: Path
) -> None:
    """``export html`` of a quiz in a folder named ``{{DATA}}`` made a page whose data
    stood in its <title>: a SyntaxError, 0 cells."""
    folder = tmp_path / "{{DATA}}"
    folder.mkdir()
    quiz = folder / "seed.txt"
    quiz.write_text(Path(SEED).read_text())
    shell = Shell()
    shell.ok(f"load-quiz {quiz}")
    shell.ok("runtil 20")
    page = folder / "page.html"
    shell.ok(f"export html {page}")
    at(browser, page, 20)
    assert browser.evaluate("document.title") == f"sudoku-repl replay: {quiz}"
    assert browser.evaluate("document.querySelectorAll('#board .cell[data-cell]').length") == 81


def test_a_mark_at_the_record_s_last_step_keeps_its_label_in_view_at_1280_px(
    browser: Browser, tmp_path: Path
) -> None:
    """With the record ending at the bisection's step, its label ran past the right
    edge and the page scrolled sideways."""
    shell = Shell.loaded()
    shell.ok("runtil 92")
    said = shell.ok("bisect level 11")
    assert said[-1].startswith("Level 11 is first reached at step 92: ")  # (docs/commands.md)
    page = tmp_path / "end.html"
    shell.ok(f"export html {page}")
    metrics = {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}
    browser.call("Emulation.setDeviceMetricsOverride", metrics)
    try:
        at(browser, page, 92)
        widths = browser.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth,"
            " window.innerWidth]"
        )
        assert widths[2] == 1280 and widths[0] <= widths[1], widths
        label = browser.evaluate(
            "(() => { const s = document.querySelector('.mark[data-step=\"92\"] span');"
            " const r = s.getBoundingClientRect(); return [s.textContent, r.left, r.right]; })()"
        )
        assert label[0] == "Level 11 is first reached"
        assert 0 <= label[1] < label[2] <= 1280, label
    finally:
        browser.call("Emulation.clearDeviceMetricsOverride")


def test_the_selected_step_s_picture_is_the_one_export_svg_draws(
    browser: Browser, seed: tuple[Path, Shell]
) -> None:
    """The page shows the picture of the step it shows, Python's SVG (the one
    ``export svg --step N`` writes), not one drawn again in the page's script. Step 6 of the
    seed is its hidden pair in block 4: the removals its trace lines name are crossed out."""
    page, _ = seed
    at(browser, page, 6)
    browser.wait_for("document.body.dataset.picture === '6'")
    removed = browser.evaluate(
        "[...document.querySelectorAll('#picture .candidate.removed')]"
        ".map(e => e.dataset.digit + e.dataset.cell).sort()"
    )
    assert removed == ["2r4c3", "5r6c1", "8r4c3", "9r4c3", "9r6c1"]  # the trace's 2GW lines
    assert browser.evaluate("document.getElementById('picture-title').textContent") == (
        "Step 6: 2GW, blk 4"
    )
    browser.evaluate("document.getElementById('next').click()")
    browser.wait_for("document.body.dataset.picture === '7'")
    placed = browser.evaluate(
        "[...document.querySelectorAll('#picture .candidate.placed')]"
        ".map(e => e.dataset.digit + e.dataset.cell)"
    )
    assert placed == ["5r6c2"]  # Guess [6,2] level 1 at 1 out of 2 (the solution's 5)
