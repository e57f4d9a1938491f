"""Paging, as gdb does: the pager's logic in-process (rows counted, what
RET, q and c do), the settings that drive it, and in a pseudo-terminal of 30 lines: ``history``
after ``runrun 0`` on the seed quiz stops at the "for more" line, q returns to the prompt,
``set pagination off`` prints it all; batch mode in a terminal never pages."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from sudoku_repl.frontends.pager import MORE, Pager, page_rows, rows_of
from sudoku_repl.frontends.terminal_output import TerminalOutput
from tests.support.helpers import MORE as MORE_LINE
from tests.support.helpers import PROMPT, REPO, SEED, Shell, plain, terminal_env


class Keys:
    """The keys typed at the MORE line, in turn; ``asked``: how many times it was shown."""

    def __init__(self, *keys: str) -> None:
        self.keys = list(keys)
        self.asked = 0

    def __call__(self) -> str:
        self.asked += 1
        return self.keys.pop(0)


def pager(keys: Keys, rows: int = 5, columns: int = 80) -> tuple[Pager, list[str]]:
    quits: list[str] = []
    made = Pager(lambda: rows, lambda: columns, keys, quit=lambda: quits.append("quit"))
    return made, quits


def admitted(p: Pager, lines: list[str]) -> list[str]:
    return [line for line in lines if p.admit(line)]


LINES = [f"line {k}" for k in range(1, 21)]


# -- the logic -----------------------------------------------------------------------------------


def test_the_more_line_is_gdbs() -> None:
    assert MORE == MORE_LINE


def test_a_screen_of_5_rows_shows_4_lines_then_asks_and_return_shows_4_more() -> None:
    keys = Keys("\r", "\r")
    p, quits = pager(keys)
    p.begin()
    assert admitted(p, LINES[:4]) == LINES[:4]
    assert keys.asked == 0  # 4 lines and the MORE row fill the screen: no question yet
    assert admitted(p, LINES[4:8]) == LINES[4:8]
    assert keys.asked == 1
    assert admitted(p, LINES[8:9]) == LINES[8:9]
    assert keys.asked == 2 and not quits


@pytest.mark.parametrize("key", ["q", "Q", "\x03", "\x04", ""])
def test_q_ctrl_c_or_the_end_of_input_prints_no_more_of_the_command(key: str) -> None:
    keys = Keys(key)
    p, quits = pager(keys)
    p.begin()
    assert admitted(p, LINES) == LINES[:4]
    assert keys.asked == 1  # asked once: nothing after q is printed or asked
    assert quits == ["quit"]  # the shell stops a run there, as with Ctrl-C
    p.end()
    assert p.admit("") and p.admit(PROMPT)  # the next prompt is printed


def test_c_prints_the_rest_without_asking_again() -> None:
    keys = Keys("c")
    p, quits = pager(keys)
    p.begin()
    assert admitted(p, LINES) == LINES
    assert keys.asked == 1 and not quits
    p.end()
    p.begin()  # the next command pages again
    keys.keys.append("q")
    assert admitted(p, LINES) == LINES[:4]
    assert keys.asked == 2


def test_any_other_key_is_one_more_screen() -> None:
    keys = Keys(" ", "x", "q")
    p, _ = pager(keys)
    p.begin()
    assert admitted(p, LINES) == LINES[:12]
    assert keys.asked == 3


def test_a_long_line_counts_the_rows_it_takes() -> None:
    assert rows_of("", 100) == 1
    assert rows_of("x" * 100, 100) == 1
    assert rows_of("x" * 101, 100) == 2
    assert rows_of("x" * 250, 100) == 3
    assert rows_of("\x1b[31m" + "x" * 100 + "\x1b[0m", 100) == 1  # colour takes no room
    keys = Keys("q")
    p, _ = pager(keys, rows=5, columns=100)
    p.begin()
    assert p.admit("x" * 250)  # 3 rows
    assert p.admit("short")  # 4
    assert not p.admit("one more")  # would push the first row off: asked, q
    assert keys.asked == 1


def test_no_paging_outside_a_command_with_height_0_or_pagination_off() -> None:
    keys = Keys()
    p, _ = pager(keys)
    assert admitted(p, LINES) == LINES  # before begin: between commands
    p, _ = pager(keys, rows=0)
    p.begin()
    assert admitted(p, LINES) == LINES
    assert keys.asked == 0
    assert page_rows(False, None, lambda: 30) == 0
    assert page_rows(False, 12, lambda: 30) == 0
    assert page_rows(True, None, lambda: 30) == 30
    assert page_rows(True, 12, lambda: 30) == 12
    assert page_rows(True, 0, lambda: 30) == 0


def test_an_answer_to_the_guess_question_begins_the_screen_again() -> None:
    keys = Keys()
    p, _ = pager(keys)
    p.begin()
    assert admitted(p, LINES[:4]) == LINES[:4]
    p.answered()
    assert admitted(p, LINES[4:8]) == LINES[4:8]
    assert keys.asked == 0


def test_the_terminal_output_prints_only_what_the_pager_admits(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = TerminalOutput()
    out.pager, _ = pager(Keys("q"))
    out.pager.begin()
    for line in LINES:
        out.message(line)
    assert capsys.readouterr().out.splitlines() == LINES[:4]


# -- the settings --------------------------------------------------------------------------------


def test_set_pagination_and_height_are_listed_by_info_settings() -> None:
    shell = Shell()
    settings = shell.ok("info settings")
    assert settings[3:5] == ["pagination off", "height auto"]  # off by default
    assert shell.ok("set pagination on")[3:5] == ["pagination on", "height auto"]
    assert shell.ok("set pagination off")[3:5] == ["pagination off", "height auto"]
    assert shell.ok("set height 40")[3:5] == ["pagination off", "height 40"]
    assert shell.ok("set height 0")[4] == "height 0 (unlimited)"
    assert shell.ok("set height auto")[4] == "height auto"
    assert shell.ok("set pagination on")[3] == "pagination on"
    assert shell.repl.view.pagination and shell.repl.view.height is None
    assert shell.fails("set height x") == [
        "set height needs a number of lines or one of auto: set height <N> | set height auto"
    ]
    assert shell.fails("set pagination maybe") == [
        "set pagination needs one of on, off: set pagination on|off"
    ]
    assert shell.repl.view.pagination and shell.repl.view.height is None  # unchanged


def test_show_stays_as_the_original_prints_it() -> None:
    lines = Shell.loaded().ok("show")
    assert not any("pagination" in line or "height" in line for line in lines)


# -- in a pseudo-terminal of 30 lines ----------------------------------------------------------


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[pexpect.spawn]:
    children: list[pexpect.spawn] = []

    def spawn(*args: str) -> pexpect.spawn:
        child = pexpect.spawn(
            sys.executable,
            ["-m", "sudoku_repl", *args],
            cwd=str(REPO),
            env=terminal_env(tmp_path),
            encoding="utf-8",
            codec_errors="replace",
            timeout=30,
            dimensions=(30, 100),
        )
        children.append(child)
        if "-c" not in args:  # the interactive shell: gdb's pager, off by default, on here
            child.expect_exact(PROMPT)
            child.sendline("set pagination on")
            child.expect_exact("pagination on")
        return child

    yield spawn  # type: ignore[misc]
    for child in children:
        child.close(force=True)


def test_history_stops_at_the_more_line_q_returns_and_pagination_off_prints_it_all(
    terminal,  # type: ignore[no-untyped-def]
) -> None:
    child = terminal(SEED)
    child.expect_exact(PROMPT)
    child.sendline("runrun 0")  # its trace is longer than the screen too: c prints the rest
    child.expect_exact(MORE_LINE)
    child.send("c")
    child.expect_exact("Invalid quiz [steps:284] - no more solution (solution sum is 1)")
    child.expect_exact(PROMPT)

    child.sendline("history")
    child.expect_exact(MORE_LINE)
    shown = plain(child.before)
    first_page = shown[shown.index("2) row 2 complete shrunken by group") :].split("\n")
    # a screen of 30 rows: 29 lines of history, then the MORE line
    assert [line for line in first_page if line] == [*first_page[:29]]
    assert first_page[28] == "41) shrinking 9 from [2,4] went wrong"
    assert first_page[29] == ""  # the MORE line follows at once
    child.send("q")
    child.expect_exact(PROMPT)  # at once: the rest of history is not printed
    assert "Invalid quiz" not in plain(child.before)

    child.sendline("set pagination off")
    child.expect_exact("pagination off")
    child.expect_exact(PROMPT)
    child.sendline("history")
    found = child.expect_exact(["Invalid quiz [steps:284] - no more solution", MORE_LINE])
    assert found == 0  # all of it, without stopping
    assert "2) row 2 complete shrunken by group" in plain(child.before)
    child.expect_exact(PROMPT)
    child.sendline("bye")
    child.expect(pexpect.EOF)


def test_return_at_the_more_line_prints_one_more_screen(terminal) -> None:  # type: ignore[no-untyped-def]
    child = terminal(SEED)
    child.expect_exact(PROMPT)
    child.sendline("set height 10")
    child.expect_exact("height 10")
    child.expect_exact(PROMPT)
    child.sendline("runtil 30")
    child.expect_exact(MORE_LINE)
    child.send("\r")
    child.expect_exact(MORE_LINE)
    page = plain(child.before).split("\n")
    assert len(page) == 10  # a screen of 10 rows: 9 lines, then the MORE line after the last
    assert page[-1] == "" and all(page[:-1]), page
    child.send("q")
    child.expect_exact(PROMPT)
    child.sendline("bye")
    child.expect(pexpect.EOF)


def test_batch_mode_in_a_terminal_never_pages(terminal) -> None:  # type: ignore[no-untyped-def]
    child = terminal("-c", f"set pagination on; load-quiz {SEED}; runrun 0; history")
    child.expect(pexpect.EOF)
    text = plain(child.before)
    assert "for more" not in text
    assert text.count("Invalid quiz [steps:284] - no more solution (solution sum is 1)") == 2


#: more than 100,000 solutions (test_terminal_modes.py): runrun 0 runs for minutes
INSUFFICIENT = "...........5....9...4....1.2....3.5....7.....438...2......9.....1.4...6.........."


def test_q_during_a_long_run_returns_at_once_and_keeps_the_steps_done(terminal) -> None:  # type: ignore[no-untyped-def]
    child = terminal(INSUFFICIENT)
    child.expect_exact(PROMPT)
    child.sendline("runrun 0")
    child.expect_exact(MORE_LINE)
    child.send("q")  # the run stops after its step, as with Ctrl-C: it would run for minutes
    child.expect_exact(PROMPT, timeout=10)
    child.sendline("show")
    child.expect(r"Steps:(\d+)")
    assert int(child.match.group(1)) > 0  # what the run did stays
    child.expect_exact(PROMPT)
    child.sendline("bye")
    child.expect(pexpect.EOF)
