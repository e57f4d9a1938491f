"""One palette: the replay page's CSS variables, the notebook's picture, the full
screen's board and the DAP's ``sudokuBoard`` response all show the same colours for the same
roles. The colours expected are the replay page's of before the palette, written here by hand."""

from __future__ import annotations

import re
from importlib import resources

from sudoku_repl.api import Session
from sudoku_repl.frontends.tui.state import screen_paint, take_view
from sudoku_repl.views.board_data import board_json
from sudoku_repl.views.replay.page import session_html
from tests.support.helpers import SEED, Shell

#: the replay page's colours before there was a palette (replay.css), by role
PAGE = {
    "given": "#000000", "set": "#fff3b0", "removed": "#c0392b", "back": "#1e8449",
    "lv1": "#00838f", "lv2": "#a0308f", "lv3": "#9a7b00", "lv4": "#2e5fa8",
    "line": "#999999", "thick": "#333333",
}  # fmt: skip
ROLES = {
    "given", "value", "set", "removed", "back", "lv1", "lv2", "lv3", "lv4",
    "pattern", "placed", "link", "line", "thick", "rule", "shade1", "shade2", "shade3", "shade4",
}  # fmt: skip


def page_variables() -> dict[str, str]:
    """The role variables of the replay page's ``:root`` rule, as the page carries them."""
    session = Session.from_quiz(SEED)
    session.run(max_steps=7)
    page = session_html(session)
    root = re.search(r":root \{(.*?)\}", page, re.S)
    assert root is not None
    found = dict(re.findall(r"--([a-z0-9]+): (#[0-9a-f]{6});", root.group(1)))
    return {role: found[role] for role in ROLES}


def rgb(hex_colour: str) -> str:
    return ";".join(str(int(hex_colour[k : k + 2], 16)) for k in (1, 3, 5))


def test_the_replay_page_s_css_holds_no_colour_of_a_role_itself() -> None:
    css = resources.files("sudoku_repl.views.replay").joinpath("replay.css").read_text("utf-8")
    declared = set(re.findall(r"--([a-z0-9]+):", css))
    assert not declared & ROLES  # they come from views/palette.py, put in when the page is made
    assert "/*PALETTE*/" in css


def test_the_replay_page_the_dap_response_and_the_notebook_agree() -> None:
    variables = page_variables()
    assert {role: variables[role] for role in PAGE} == PAGE
    shell = Shell.loaded()
    shell.ok("runtil 7")
    session = shell.repl.session
    state = session.state()
    assert session.quiz is not None
    body = board_json(
        session.geo, session.quiz.givens, state, session.history, session.cursor, "7)"
    )
    assert body["palette"]["light"] == variables
    assert set(body["palette"]["dark"]) == ROLES
    assert body["palette"]["dark"] != body["palette"]["light"]
    # the notebook's board: [6,2] guessed at level 1 in lv1's colour, the changed cells shaded
    picture = Session.from_quiz(SEED)
    picture.run(max_steps=7)
    html = picture.board()._repr_html_()
    assert f"color:{variables['lv1']}" in html
    assert f"background:{variables['set']}" in html
    assert f"color:{variables['removed']}" in html


def test_the_full_screen_draws_the_palette_s_colours() -> None:
    light, dark = screen_paint({"COLORFGBG": "0;15"}), screen_paint({})
    assert screen_paint({"NO_COLOR": "1", "COLORFGBG": "0;15"}) is None
    assert light is not None and dark is not None
    variables = page_variables()
    shell = Shell.loaded()
    shell.ok("runtil 7")  # [6,2] guessed at level 1; 5 removed from its peers
    board = "\n".join(take_view(shell.repl, light).board)
    assert re.search(rf"\x1b\[38;2;{rgb(variables['removed'])}[0-9;]*m5", board)  # a 5 struck
    assert f"38;2;{rgb(variables['lv1'])}" in board
    assert f"48;2;{rgb(variables['set'])}" in board
    # the dark theme: the response's dark colours
    session = shell.repl.session
    assert session.quiz is not None
    body = board_json(
        session.geo, session.quiz.givens, session.state(), session.history, session.cursor, ""
    )
    board = "\n".join(take_view(shell.repl, dark).board)
    assert re.search(rf"\x1b\[38;2;{rgb(body['palette']['dark']['removed'])}[0-9;]*m5", board)
    # the plain screen (NO_COLOR): no colour at all
    assert "\x1b" not in "\n".join(take_view(shell.repl, None).board)
