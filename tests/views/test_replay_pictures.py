"""The notebook's pictures: ``_repr_html_`` of a session, its board and its record,
and the replay page's data and refusals read in Python."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from sudoku_repl.api import Session
from sudoku_repl.core.errors import UserError
from sudoku_repl.views.palette import ROLE
from tests.support.helpers import SEED, SEED_GRID


def cell_html(picture: str, name: str) -> str:
    found = re.search(rf'<td [^>]*data-cell="{re.escape(name)}"[^>]*>(.*?)</td>', picture)
    assert found, name
    return found.group(0)


def test_the_board_is_coloured_as_the_terminal_s() -> None:
    session = Session.from_quiz(SEED)
    session.run(max_steps=92)
    assert session.state().steps == 92
    board = session.board()._repr_html_()
    assert "Board at step 92, guess level 11:" in board
    # [4,2] is guessed at level 11 at step 92 (the reference trace): the eleventh level's
    # colour, as the terminal board takes them in turn
    assert f"color:{ROLE['lv3'].light}" in cell_html(board, "[4,2]")  # 11 = 4 + 4 + 3
    given = cell_html(board, "[1,3]")  # a 5 of the quiz
    assert "font-weight:700" in given and ">5<" in given
    # every given of the quiz is shown, in its place
    values = dict(re.findall(r'data-cell="(\[\d+,\d+\])" data-value="(\d)"', board))
    rows = [line.replace(" ", "") for line in SEED_GRID if line]
    for r, row in enumerate(rows, 1):
        for c, digit in enumerate(row, 1):
            if digit != "0":
                assert values[f"[{r},{c}]"] == digit
    assert str(session.board()).startswith("Board at step 92, guess level 11:")


def test_the_board_marks_what_the_last_step_struck() -> None:
    session = Session.from_quiz(SEED)
    session.run(max_steps=10)
    session.goto(6)  # step 6: 2GW strikes 2 8 9 from [4,3] (the reference trace)
    cell = cell_html(session.board()._repr_html_(), "[4,3]")
    struck = re.findall(r"line-through\">(\d)<", cell)
    assert struck == ["2", "8", "9"]


def test_a_session_shows_its_board_and_its_timeline() -> None:
    session = Session.from_quiz(SEED)
    assert "Board at step 0:" in session._repr_html_() and "<svg" not in session._repr_html_()
    session.run()
    shown = session._repr_html_()
    assert "Board at step 131, guess level 6:" in shown and "<svg" in shown
    assert session.history._repr_html_().startswith("<svg")


def test_the_replay_is_an_isolated_frame() -> None:
    session = Session.from_quiz(SEED)
    session.run()
    frame = session.replay()._repr_html_()
    assert frame.startswith("<iframe srcdoc=") and 'sandbox="allow-scripts"' in frame
    assert "<script>" not in frame  # (the page is inside the attribute, escaped)


def test_the_api_refuses_an_empty_record_and_a_range_outside_it() -> None:
    session = Session.from_quiz(SEED)
    with pytest.raises(UserError, match="No steps recorded yet"):
        session.replay_html()
    session.run(max_steps=10)
    with pytest.raises(UserError, match=r"Steps 5\.\.20 are not all in the record"):
        session.replay_html(5, 20)


def test_the_page_s_files_are_package_data() -> None:
    """The wheel carries the page's template, script and styles (pyproject's package-data) and
    the source distribution too (MANIFEST.in)."""
    import fnmatch
    import tomllib

    from tests.support.helpers import REPO

    folder = REPO / "src" / "sudoku_repl" / "views" / "replay"
    assets = sorted(p.name for p in folder.iterdir() if p.suffix in (".html", ".js", ".css"))
    assert assets == ["replay.css", "replay.html", "replay.js"]
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["sudoku_repl.views.replay"]
    assert all(any(fnmatch.fnmatch(name, p) for p in patterns) for name in assets)
    manifest = (REPO / "MANIFEST.in").read_text(encoding="utf-8")
    assert "recursive-include src/sudoku_repl/views/replay *.html *.js *.css" in manifest


def page_data(page: str) -> dict[str, Any]:
    """The page's data, as its script reads it: the text of its JSON element (the first
    ``</script>`` ends the element, as in HTML)."""
    opening = '<script type="application/json" id="replay-data">'
    text = page[page.index(opening) + len(opening) :].partition("</script>")[0]
    data: dict[str, Any] = json.loads(text)
    return data


#: names that once bent the HTML around the page's data
MARKUP_NAMES = [
    "<!--<script",
    "</script><script>document.body.dataset.pwned = '1'</script>",
    "<!-- --> & &amp; <b>b</b> ]]> \u2028 \u2029 end",
]


@pytest.mark.parametrize("name", MARKUP_NAMES, ids=["comment-script", "end-script", "mixed"])
def test_markup_in_a_name_stays_inside_the_page_s_data(name: str) -> None:
    session = Session.from_quiz(SEED)
    session.run(max_steps=20)
    session.name_experiment(name)
    page = session.replay_html()
    opening = page.index('id="replay-data">')
    text = page[opening + len('id="replay-data">') : page.index("</script>", opening)]
    assert not set(text) & set("<>&\u2028\u2029"), sorted(set(text) & set("<>&\u2028\u2029"))
    assert page_data(page)["experiment"] == f"experiment 1 ({name})"
    # and in the notebook's frame, the same page
    frame = session.replay()._repr_html_()
    srcdoc = html.unescape(frame.partition('srcdoc="')[2].partition('"')[0])
    assert page_data(srcdoc)["experiment"] == f"experiment 1 ({name})"


def test_a_quiz_path_holding_the_page_s_placeholders_stays_in_the_title(tmp_path: Path) -> None:
    """A quiz in a folder named ``{{DATA}}`` put the data in the <title> (the title
    was filled in before the data's place was found) and the page showed a SyntaxError."""
    folder = tmp_path / "{{DATA}} {{TITLE}} -- x"
    folder.mkdir()
    quiz = folder / "seed.txt"
    quiz.write_text(Path(SEED).read_text())
    session = Session.from_quiz(str(quiz))
    session.run(max_steps=20)
    page = session.replay_html()
    title = f"sudoku-repl replay: {quiz}"
    assert page.count(f"<title>{html.escape(title)}</title>") == 1
    assert page.count(f"<h1>{html.escape(title)}</h1>") == 1
    assert page_data(page)["openStep"] == 20


def test_the_page_opens_at_the_present_step() -> None:
    session = Session.from_quiz(SEED)
    session.run(max_steps=40)
    session.goto(30)
    assert page_data(session.replay_html())["openStep"] == 30
    frame = session.replay()._repr_html_()
    srcdoc = html.unescape(frame.partition('srcdoc="')[2].partition('"')[0])
    assert page_data(srcdoc)["openStep"] == 30
    # a range without the present step opens at its own first (the state before step 5)
    assert page_data(session.replay_html(5, 20))["openStep"] == 4
    assert page_data(session.replay_html(20, 30))["openStep"] == 30
