"""``board``: the pencil-mark grid. Driven in-process through ``Repl.execute``; what a board must
show is checked against facts that come from elsewhere: the givens from the quiz text, the
candidates from ``show``'s candidate lines, the guess levels from ``levels`` and the seed's trace
(``92) Guess [4,2] level 11 at 1 out of 2``), the frame of a samurai from its quiz file."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import pytest

from sudoku_repl.commands.listing import order_list
from sudoku_repl.commands.table import commands as command_table
from sudoku_repl.frontends.terminal_output import takes_colour
from tests.support import helpers
from tests.support.helpers import NO_QUIZ, REPO, SEED_QUIZ

SEED = str(REPO / "examples" / "seed.txt")
SAMURAI = REPO / "examples" / "samurai.txt"
SGR = re.compile(r"\x1b\[[0-9;]*m")
ESC = "\x1b"


class Shell(helpers.Shell):
    """The tests' shell, its output saying whether it takes colour (as the interactive shell's
    terminal output does)."""

    def __init__(self, colour: bool = False) -> None:
        super().__init__()
        self.out.colour = colour  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def _no_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests say themselves whether NO_COLOR is set."""
    monkeypatch.delenv("NO_COLOR", raising=False)


def seed(*commands: str, colour: bool = False) -> Shell:
    shell = Shell(colour)
    assert shell.ok(f"load-quiz {SEED}") == ["Quiz loaded."]
    for line in commands:
        shell.ok(line)
    return shell


# -- reading a plain board back -----------------------------------------------------------------


@dataclass
class Slot:
    """One cell as drawn: its three lines of three characters, and the marks beside the middle
    one."""

    lines: tuple[str, str, str]
    left: str
    right: str

    @property
    def marked(self) -> bool:
        """The mark before the cell (a board too wide for two marks a cell has only that)."""
        return self.left == ">"


def read_board(lines: list[str]) -> dict[tuple[int, int], Slot]:
    """The slots by 1-based (row, column), found from the column numbers of the header line
    and the row numbers in front of the middle lines; blank slots are left out."""
    header = lines[1]
    centres = {int(m.group()): m.end() - 1 for m in re.finditer(r"\d+", header)}
    slots = {}
    for k, line in enumerate(lines):
        m = re.match(r"\s*(\d+) ", line)
        if not m or k < 2:
            continue
        row = int(m.group(1))
        block = [lines[k - 1], line, lines[k + 1]]
        block = [b.ljust(len(header) + 3) for b in block]
        for col, x in centres.items():
            core = (block[0][x - 1 : x + 2], block[1][x - 1 : x + 2], block[2][x - 1 : x + 2])
            if any(c.strip() for c in core) or block[1][x - 2] == ">":
                slots[(row, col)] = Slot(core, block[1][x - 2], block[1][x + 2])
    return slots


def board_part(lines: list[str]) -> list[str]:
    """The board lines (from the heading to the last border), without the legend."""
    start = next(k for k, line in enumerate(lines) if line.startswith("Board at step"))
    end = max(k for k, line in enumerate(lines) if line.lstrip().startswith("+"))
    return lines[start : end + 1]


def show_facts(show: list[str]) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int], str]]:
    """From a classic show block: the values of the grid, and the candidates of the empty cells
    (a string of digits) from the candidate lines."""
    grid = [line.replace(" ", "") for line in show[: show.index("Steps:" + show_steps(show))]]
    grid = [row for row in grid if row]
    values = {(r + 1, c + 1): int(ch) for r, row in enumerate(grid) for c, ch in enumerate(row)}
    cands = {}
    start = show.index("Candidates:") + 1
    for line in show[start:]:
        if line.startswith(("The foremost", "At guess level")):
            break
        for r, c, digits in re.findall(r"\[(\d+),(\d+)\]:((?: \d)+)", line):
            cands[(int(r), int(c))] = digits.replace(" ", "")
    return values, cands


def show_steps(show: list[str]) -> str:
    return next(line for line in show if line.startswith("Steps:")).removeprefix("Steps:")


def pencil(digits: str) -> tuple[str, str, str]:
    """The 3x3 block of candidates drawn with ``.`` where absent."""
    chars = "".join(str(v) if str(v) in digits else "." for v in range(1, 10))
    return chars[0:3], chars[3:6], chars[6:9]


# -- the classic layout ---------------------------------------------------------------------------

BOARD_0 = [
    "Board at step 0:",
    "     1    2    3     4    5    6     7    8    9",
    "  +---------------+---------------+---------------+",
    "  |               |               |               |",
    "1 |           [5] | [3]           |               |",
    "  |               |               |               |",
    "  |               |               |               |",
    "2 | [8]           |               |      [2]      |",
    "  |               |               |               |",
    "  |               |               |               |",
    "3 |      [7]      |      [1]      | [5]           |",
    "  |               |               |               |",
    "  +---------------+---------------+---------------+",
    "  |               |               |               |",
    "4 | [4]           |           [5] | [3]           |",
    "  |               |               |               |",
    "  |               |               |               |",
    "5 |      [1]      |      [7]      |           [6] |",
    "  |               |               |               |",
    "  |               |               |               |",
    "6 |           [3] | [2]           |      [8]      |",
    "  |               |               |               |",
    "  +---------------+---------------+---------------+",
    "  |               |               |               |",
    "7 |      [6]      | [5]           |           [9] |",
    "  |               |               |               |",
    "  |               |               |               |",
    "8 |           [4] |               |      [3]      |",
    "  |               |               |               |",
    "  |               |               |               |",
    "9 |               |           [9] | [7]           |",
    "  |               |               |               |",
    "  +---------------+---------------+---------------+",
    "Legend: [5] given  5 placed  (5) guessed, Ln above it: its guess level",
    "        candidates are computed at step 1",
]

BOARD_92 = [
    "Board at step 92, guess level 11:",
    "     1    2    3     4    5    6     7    8    9",
    "  +---------------+---------------+---------------+",
    "  | L5   L6       |      L8       | L9   L7       |",
    "1 | (6)  (4)  [5] | [3]  (2)   7  | (1)  (9)   8  |",
    "  |               |               |               |",
    "  |           L3  |           L10 |               |",
    "2 | [8]   3   (1) |  9    5   (4) |  6   [2]   7  |",
    "  |               |               |               |",
    "  |           L4  |               |               |",
    "3 |  2   [7]  (9) |  6   [1]   8  | [5]   4    3  |",
    "  |               |               |               |",
    "  +---------------+---------------+---------------+",
    "  |      L11  L2  | 1..           |           1x. |",
    "4 | [4] >(2)< (6) | ...   9   [5] | [3]   7  >...<|",
    "  |               | .8.           |           ... |",
    "  |           .x. | ...           | .2.           |",
    "5 |  9   [1] >...<| 4..  [7]   3  | 4..   5   [6] |",
    "  |           .8. | .8.           | ...           |",
    "  |      L1       |      ...  1.. |           1.. |",
    "6 |  7   (5)  [3] | [2]  4.6  ..6 |  9   [8]  4.. |",
    "  |               |      ...  ... |           ... |",
    "  +---------------+---------------+---------------+",
    "  |               |      ...      | ...           |",
    "7 |  3   [6]   7  | [5]  4..   2  | 4..   1   [9] |",
    "  |               |      .8.      | .8.           |",
    "  | 1..           |      ...  1.. | .2.       .2. |",
    "8 | .5.   9   [4] |  7   ..6  ..6 | ...  [3]  .5. |",
    "  | ...           |      .8.  ... | .8.       ... |",
    "  | 1..  .x.  .2. | 1..           |           ... |",
    "9 | .5. >...< ... | 4..   3   [9] | [7]   6   45. |",
    "  | ...  .8.  .8. | ...           |           ... |",
    "  +---------------+---------------+---------------+",
    "Legend: [5] given  5 placed  (5) guessed, Ln above it: its guess level",
    "        . not a candidate  >...< changed by step 92  x candidate removed by it",
]


def test_board_of_the_seed_at_step_0() -> None:
    assert seed().ok("board") == BOARD_0


def test_board_of_the_seed_after_goto_92() -> None:
    assert seed("goto 92").ok("board") == BOARD_92


def test_board_at_step_0_shows_the_givens_of_the_quiz_text() -> None:
    slots = read_board(board_part(seed().ok("board")))
    givens = {(k // 9 + 1, k % 9 + 1): int(ch) for k, ch in enumerate(SEED_QUIZ) if ch != "0"}
    assert {pos: s.lines[1] for pos, s in slots.items()} == {
        pos: f"[{v}]" for pos, v in givens.items()
    }
    assert all(s.lines[0] == s.lines[2] == "   " for s in slots.values())


@pytest.mark.parametrize("goto", ["goto 1", "goto 6", "goto 90", "goto 92", "goto 130", "run"])
def test_board_agrees_with_the_quiz_and_show(goto: str) -> None:
    """Every given as [v], every other value as v or (v), every empty cell's block as the
    candidates ``show`` lists for it, with x only where the cell is marked as changed."""
    shell = seed(goto)
    values, cands = show_facts(shell.ok("show"))
    slots = read_board(board_part(shell.ok("board")))
    assert set(slots) == {(r, c) for r in range(1, 10) for c in range(1, 10)}
    for (r, c), slot in slots.items():
        given = int(SEED_QUIZ[(r - 1) * 9 + c - 1])
        if given:
            assert slot.lines[1] == f"[{given}]", (r, c)
        elif values[(r, c)]:
            assert slot.lines[1] in (f" {values[(r, c)]} ", f"({values[(r, c)]})"), (r, c)
        else:
            drawn = tuple(line.replace("x", ".") for line in slot.lines)
            assert drawn == pencil(cands[(r, c)]), (r, c)
            assert slot.marked or "x" not in "".join(slot.lines), (r, c)


def test_classic_board_fits_80_columns() -> None:
    for commands in ([], ["goto 92"], ["run"], ["goto 92", "back"]):
        for colour in (False, True):
            lines = seed(*commands, colour=colour).ok("board")
            assert max(len(SGR.sub("", line)) for line in lines) <= 80, (commands, colour)


# -- plain and colour ---------------------------------------------------------------------------


def test_plain_board_has_no_escape_codes_and_a_legend() -> None:
    lines = seed("goto 92").ok("board")
    assert not any(ESC in line for line in lines)
    legend = [line for line in lines if line.startswith("Legend:")]
    assert legend == ["Legend: [5] given  5 placed  (5) guessed, Ln above it: its guess level"]
    assert "x candidate removed" in lines[-1] and ">...< changed by step 92" in lines[-1]


def test_colour_board_has_sgr_codes_and_the_same_layout() -> None:
    plain = seed("goto 92").ok("board")
    colour = seed("goto 92", colour=True).ok("board")
    assert any("\x1b[1m 5 \x1b[0m" in line for line in colour)  # a given, bold
    assert any("\x1b[7m" in line for line in colour)  # a changed cell, reversed
    assert any("\x1b[31;7m2\x1b[0m" in line for line in colour)  # 2 removed, in a changed cell
    assert all(SGR.sub("", line).count(ESC) == 0 for line in colour)
    assert len(colour) == len(plain)
    # without its codes, the colour board is the plain one without its brackets and marks
    # (and a removed candidate keeps its digit where the plain board has x)
    bare = [re.sub(r"\d", "d", SGR.sub("", line)) for line in board_part(colour)]
    unmarked = [re.sub(r"[\[\]()<>]", " ", line) for line in board_part(plain)]
    assert bare == [re.sub(r"[\dx]", "d", line) for line in unmarked]


def test_colour_board_tells_removed_candidates_by_their_digit() -> None:
    slots = read_board(
        [SGR.sub("", line) for line in board_part(seed("goto 92", colour=True).ok("board"))]
    )
    # [4,9] lost 2 at step 92 (show at 91 lists "[4,9]: 1 2", at 92 "[4,9]: 1")
    assert slots[(4, 9)].lines == ("12.", "...", "...")


@pytest.mark.parametrize(("value", "colour"), [("1", False), ("yes", False), ("", True)])
def test_no_color_turns_colour_off(
    monkeypatch: pytest.MonkeyPatch, value: str, colour: bool
) -> None:
    """https://no-color.org: NO_COLOR set to anything but the empty string."""
    monkeypatch.setenv("NO_COLOR", value)
    lines = seed("goto 92", colour=True).ok("board")
    assert any(ESC in line for line in lines) is colour
    if not colour:
        assert lines == BOARD_92


def test_terminal_output_takes_colour_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("TERM", "xterm-256color")
    assert takes_colour(Tty()) is True
    assert takes_colour(io.StringIO()) is False
    monkeypatch.setenv("TERM", "dumb")
    assert takes_colour(Tty()) is False


# -- what the last step changed ------------------------------------------------------------------


def changed_between(show_before: list[str], show_after: list[str]) -> set[tuple[int, int]]:
    """The cells whose value or candidates differ between two show blocks."""
    v0, c0 = show_facts(show_before)
    v1, c1 = show_facts(show_after)
    return {pos for pos in v1 if (v0[pos], c0.get(pos)) != (v1[pos], c1.get(pos))}


@pytest.mark.parametrize("start", [1, 5, 6, 40, 64, 91, 92, 97])
def test_step_marks_the_cells_it_changed(start: int) -> None:
    """Against the show blocks of the present step and of the step before it (a ``step`` may
    make two: a filter, then the guess of the next count, as 5 -> 7; what is marked is the
    present step's, as after ``goto``)."""
    shell = seed(f"goto {start}")
    shell.ok("step")
    after = shell.ok("show")
    present = int(show_steps(after))
    assert present > start
    slots = read_board(board_part(shell.ok("board")))
    before = seed(f"goto {present - 1}").ok("show")
    expected = changed_between(before, after)
    assert expected, "a step that changes nothing makes a weak test"
    assert {pos for pos, slot in slots.items() if slot.marked} == expected
    # x where a candidate went away, only there
    _, c0 = show_facts(before)
    _, c1 = show_facts(after)
    for pos, slot in slots.items():
        gone = set(c0[pos]) - set(c1[pos]) if pos in c1 and pos in c0 else set()
        crossed = {str(k + 1) for k, ch in enumerate("".join(slot.lines)) if ch == "x"}
        assert crossed == gone, pos
    assert shell.ok(f"goto {present}") and shell.ok("board") == seed(f"goto {present}").ok("board")


def test_step_1_marks_every_empty_cell() -> None:
    shell = seed("step")
    slots = read_board(board_part(shell.ok("board")))
    empty = {(k // 9 + 1, k % 9 + 1) for k, ch in enumerate(SEED_QUIZ) if ch == "0"}
    assert {pos for pos, slot in slots.items() if slot.marked} == empty


def test_the_guess_of_step_92_is_marked_as_changed() -> None:
    """The seed's trace: ``92) Guess [4,2] level 11 at 1 out of 2``."""
    shell = seed("goto 91")
    assert shell.ok("step")[0] == "92) Guess [4,2] level 11 at 1 out of 2"
    slot = read_board(board_part(shell.ok("board")))[(4, 2)]
    assert slot.marked and slot.lines == ("L11", "(2)", "   ")


# -- the guessed cells by level -------------------------------------------------------------------


def test_guessed_cells_are_marked_by_level_after_goto_92() -> None:
    shell = seed("goto 92")
    levels = shell.ok("levels")
    assert levels[0] == "At guess level 11:"
    guesses = {}
    for line in levels[1:]:
        m = re.fullmatch(r"Level (\d+) \[(\d),(\d)\]=(\d) \(\d out of \d\)", line)
        assert m, line
        guesses[(int(m[2]), int(m[3]))] = (int(m[1]), int(m[4]))
    assert guesses[(4, 2)] == (11, 2)
    slots = read_board(board_part(shell.ok("board")))
    drawn = {
        pos: (int(slot.lines[0].strip()[1:]), int(slot.lines[1][1]))
        for pos, slot in slots.items()
        if slot.lines[1].startswith("(")
    }
    assert drawn == guesses
    assert all(slots[pos].lines[0].startswith("L") for pos in guesses)


# -- samurai: overlapping grids in frame layout ---------------------------------------------------


def samurai_frame() -> dict[tuple[int, int], str]:
    """The samurai quiz file's characters by 1-based frame (row, column): a digit for a given,
    ``.`` for an empty cell; blanks (no cell) left out."""
    lines = [line for line in SAMURAI.read_text().splitlines() if line and not line.startswith("#")]
    return {
        (r + 1, c + 1): ch for r, line in enumerate(lines) for c, ch in enumerate(line) if ch != " "
    }


def test_samurai_board_draws_five_overlapping_grids() -> None:
    frame = samurai_frame()
    assert len(frame) == 5 * 81 - 4 * 9  # five grids, four shared blocks
    shell = Shell()
    shell.ok(f"load-quiz {SAMURAI}")
    lines = shell.ok("board")
    board = board_part(lines)
    slots = read_board(board)
    assert [int(n) for n in board[1].split()] == list(range(1, 22))
    # at step 0: givens where the file has digits, nothing else drawn
    assert {pos: s.lines[1] for pos, s in slots.items()} == {
        pos: f"[{ch}]" for pos, ch in frame.items() if ch != "."
    }
    # the blank corners between the outer grids: no border there
    row_10 = next(line for line in board if line.startswith("10 "))
    assert row_10[:25].strip() == "10"
    assert "|" not in row_10[:25] and row_10.rstrip().endswith("|")
    # five grids: each is closed by dashes above and below its 3 block rows
    borders = [line for line in board if line.lstrip().startswith("+")]
    assert len(borders) == 8  # block rows 0..7 of the 21-row frame: 7 block rows, 8 borders
    gap = "+" + " " * 12 + "+"  # one block wide, between grids 1 and 2 (and 4 and 5)
    assert [gap in line for line in borders] == [True, True, False, False, False, False, True, True]
    # wider than 80 columns, as the help says, but within 100 (it took 116 with two marks a cell)
    assert 80 < max(len(line) for line in lines) <= 100
    # after step 1 every empty cell of the file shows its candidates, as show lists them
    shell.ok("step")
    show = shell.ok("show")
    cands = {
        (int(r), int(c)): digits.replace(" ", "")
        for line in show
        for r, c, digits in re.findall(r"\[(\d+),(\d+)\]:((?: \d)+)", line)
    }
    slots = read_board(board_part(shell.ok("board")))
    assert set(slots) == set(frame)
    for pos, ch in frame.items():
        if ch == ".":
            assert slots[pos].lines == pencil(cands[pos]) and slots[pos].marked, pos
        else:
            assert slots[pos].lines[1] == f"[{ch}]", pos


# -- the present after goto and back --------------------------------------------------------------


def test_board_after_goto_and_back_shows_the_state_there() -> None:
    shell = seed("goto 130", "goto 92")
    assert shell.ok("board") == BOARD_92
    shell.ok("back 2")
    back = shell.ok("board")
    fresh = seed("runtil 90").ok("board")
    assert back == fresh
    assert back[0] == "Board at step 90, guess level 10:"
    shell.ok("goto 92")
    assert shell.ok("board") == BOARD_92
    shell.ok("back 92")
    assert shell.ok("board") == BOARD_0


def test_board_after_the_record_was_trimmed(monkeypatch: pytest.MonkeyPatch) -> None:
    """With older steps dropped (SUDOKU_REPL_RECORD_CAP), the board of a kept step is the same
    as in a session that kept everything."""
    kept = seed("runrun 0")
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", "128")
    shell = seed("runrun 0")
    first = shell.repl.session.history.first_steps
    assert first > 1 and kept.repl.session.history.first_steps == 1
    for step in (first, first + 1, first + 40):
        shell.ok(f"goto {step}")
        kept.ok(f"goto {step}")
        assert shell.ok("board") == kept.ok("board"), step


# -- the command --------------------------------------------------------------------------------


def test_board_needs_a_quiz_and_takes_no_argument() -> None:
    """No argument, only its option ``--why``."""
    assert Shell().fails("board") == [NO_QUIZ]
    assert seed().fails("board now") == ["board takes options, not 'now': board [--why]"]


def test_board_is_in_the_order_list_after_the_original_ten() -> None:
    listing = order_list()
    assert "board [--why]: draw the grid with the candidates of each empty cell" in listing
    names = list(command_table())
    assert names.index("board") > names.index("bye")
    assert command_table()["board"].form == "board [--why]"  # no argument, an option
    help_lines = seed().ok("help board")
    assert help_lines[0] == command_table()["board"].entry()  # (shorter than 80 columns)
    assert "80 columns" in " ".join(help_lines)
