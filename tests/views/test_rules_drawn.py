"""The Board draws a quiz's rules (docs/variants.md): in the terminal (the shell's ``board``,
the full screen read through pyte), and as ``sudokuBoard``'s data for the page's and VS Code's
Board. The cells expected are written here from the rules' definitions (the main diagonal is
r1c1 ... r9c9, the windows rows and columns 2-4 and 6-8, the jigsaw's map
``tests/oracles/make_rules_puzzles.JIGSAW``), never read from the code drawing them."""

from __future__ import annotations

import pytest

from sudoku_repl.views.board import board_place
from sudoku_repl.views.board_data import board_json
from tests.oracles.make_rules_puzzles import JIGSAW
from tests.support.full_screen import drawn, fixed_output, screen, wait_for
from tests.support.helpers import Shell

pytestmark = pytest.mark.usefixtures("at_repo_root")

X_QUIZ = "...63.7.4........6...7..........8....7...9.124.13......5...........5........9.6.."
WINDOKU_QUIZ = "4..3.8........16...5...............5.7......2.1....49............584.2...2......6"
EMPTY = "." * 81


def corners(lines: list[str], row: int, col: int) -> tuple[str, str, str, str]:
    """The corner marks of the cell at 0-based ``row``, ``col`` in ``board_lines``' picture:
    top left, top right, bottom left, bottom right."""
    line, column, slot = board_place((9, 9), row, col)
    top, bottom = lines[line], lines[line + 2]
    left, right = column, column + slot - 1
    return top[left], top[right], bottom[left], bottom[right]


def plain_board(load: str) -> list[str]:
    shell = Shell()
    shell.ok(load)
    return shell.ok("board")


def test_the_diagonals_are_drawn_from_corner_to_corner_of_their_cells() -> None:
    lines = plain_board(f"load-quiz {X_QUIZ} --rules=x")
    for r in range(9):
        for c in range(9):
            tl, tr, bl, br = corners(lines, r, c)
            down, up = r == c, r + c == 8
            assert (tl, br) == (("\\", "\\") if down else (" ", " ")), (r, c)
            assert (tr, bl) == (("/", "/") if up else (" ", " ")), (r, c)
    rules = lines[lines.index("Rules: x") :]
    assert rules[1] == "  \\ / X: both main diagonals (diag 1-2)"
    assert rules[2].startswith("Legend:")


def test_a_classic_board_has_no_rules_and_no_marks() -> None:
    lines = plain_board(f"load-quiz {X_QUIZ}")
    assert not any(line.startswith("Rules:") for line in lines)
    assert all(corners(lines, r, c) == (" ",) * 4 for r in range(9) for c in range(9))


def test_the_windows_are_shaded_and_the_groups_they_force_are_not() -> None:
    lines = plain_board(f"load-quiz {WINDOKU_QUIZ} --rules=windoku,antiknight")
    window = {1, 2, 3, 5, 6, 7}  # 0-based rows and columns 2-4 and 6-8
    for r in range(9):
        for c in range(9):
            shaded = r in window and c in window
            assert corners(lines, r, c) == ((":",) * 4 if shaded else (" ",) * 4), (r, c)
    at = lines.index("Rules: windoku antiknight")
    assert lines[at + 1 : at + 5] == [
        "  : : windoku: four windows and the five they force",
        "      (window 1-4)",
        "   -  anti-knight: no digit a knight's move from",
        "      itself",
    ]
    assert all(len(line) <= len(lines[2]) for line in lines[at : at + 5])  # (the board's width)


def wall_left(lines: list[str], row: int, col: int) -> set[str]:
    """What a walled board draws in the column left of the cell at 0-based ``row``, ``col``,
    on the cell's three lines."""
    line, column, _ = board_place((9, 9), row, col, walled=True)
    return {lines[line + k][column - 1] for k in range(3)}


def wall_above(lines: list[str], row: int, col: int) -> str:
    """What a walled board draws on the line above the cell, over the cell's columns."""
    line, column, slot = board_place((9, 9), row, col, walled=True)
    return lines[line - 1].ljust(column + slot)[column : column + slot]


def test_a_jigsaw_is_walled_where_its_regions_meet() -> None:
    lines = plain_board(f"load-quiz {EMPTY} --rules=jigsaw={JIGSAW}")
    region = [[JIGSAW[9 * r + c] for c in range(9)] + ["edge"] for r in range(9)]
    region.append(["edge"] * 10)
    for r in range(9):
        for c in range(9):
            apart = c == 0 or region[r][c - 1] != region[r][c]
            assert wall_left(lines, r, c) == ({"|"} if apart else {" "}), (r, c)
            apart = r == 0 or region[r - 1][c] != region[r][c]
            assert wall_above(lines, r, c) == ("-----" if apart else "     "), (r, c)
        assert wall_left(lines, r, 9) == {"|"}  # (the board's right edge)
    assert lines[2].startswith("  +-----") and lines[2].endswith("-+")
    assert not any(ch in "abcdefghi" for line in lines[3:39] for ch in line)  # walls, no letters
    at = lines.index("Rules: jigsaw")
    assert lines[at + 1] == "  +-+ jigsaw: irregular regions for blocks (region 1-9)"


def test_sudoku_board_carries_the_rules_for_the_page_and_vs_code() -> None:
    shell = Shell()
    shell.ok(f"load-quiz {EMPTY} --rules=x,jigsaw={JIGSAW},antiking")
    session = shell.repl.session
    assert session.quiz is not None
    state = session.state()
    body = board_json(session.geo, session.quiz.givens, state, session.history, 0, "0")
    rules = body["rules"]
    assert rules["slopes"][0] == "\\" and rules["slopes"][8] == "/" and rules["slopes"][40] == "X"
    assert rules["slopes"][1] == "" and sum(1 for s in rules["slopes"] if s) == 17
    assert rules["regions"] == [int(ch) for ch in JIGSAW]
    assert [r["word"] for r in rules["rules"]] == ["x", "antiking", "jigsaw"]
    assert [r["draw"] for r in rules["rules"]] == ["lines", "legend", "borders"]
    # a jigsaw's thick borders are its regions': r1c4 (region 1) beside r1c5 (region 2)
    assert body["borders"][3][1] is True and body["borders"][0][1] is False
    assert body["borders"][4][3] is True  # (r1c5's left)
    shell.ok(f"load-quiz {X_QUIZ}")
    classic = board_json(session.geo, session.quiz.givens, session.state(), session.history, 0, "")
    assert classic["rules"] is None


@pytest.mark.parametrize(
    ("load", "rules_line", "walled", "marked"),
    [
        (
            f"load-quiz {X_QUIZ} --rules=x",
            "Rules: x",
            False,
            [((0, 0), "\\", 0), ((0, 8), "/", 1)],
        ),
        # the wall left of a cell: r1c5 (region 2) beside r1c4 (region 1), r1c2 beside r1c1
        # (both region 1), r9c1 at the board's edge
        (
            f"load-quiz {EMPTY} --rules=jigsaw={JIGSAW}",
            "Rules: jigsaw",
            True,
            [((0, 4), "|", -1), ((0, 1), " ", -1), ((8, 0), "|", -1)],
        ),
    ],
    ids=["diagonal", "jigsaw"],
)
def test_the_full_screen_draws_the_rules(
    load: str, rules_line: str, walled: bool, marked: list[tuple[tuple[int, int], str, int]]
) -> None:
    rows, columns = 48, 120
    output, sink = fixed_output(rows, columns)
    with screen([load], output=output) as (tui, play):
        pages: list[list[str]] = []

        def shown() -> bool:
            page = drawn(sink.getvalue(), rows, columns)
            pages[:] = [page]
            return any(line.startswith(rules_line) for line in page)

        def script(d: object) -> None:
            wait_for(shown, "the board with its rules")
            tui.app.exit()

        play(script)  # type: ignore[arg-type]
    page = pages[0]
    for (r, c), mark, where in marked:
        line, column, slot = board_place((9, 9), r, c, walled)
        at = {0: column, 1: column + slot - 1, -1: column - 1}[where]  # marks; the wall left
        assert page[line][at] == mark, (r, c, page[line])
