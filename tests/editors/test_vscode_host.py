"""The host side of the VS Code extension, in a real VS Code (code-server, as
test_vscode_real.py: its support in tests/support/vscode.py): a hover over the left, middle and
right of a digit names that cell (VS Code gives the caret boundary nearest the pointer, which
half of a character cannot be told: both cells of a boundary between digits are named); the end
of the search is a stop, the session kept, and the time-travel keys (Alt+F10 Step Back, Alt+F5
Reverse Continue) go back from there; an adapter in the activated venv of the extension host
($VIRTUAL_ENV, not on its PATH) is found, the PATH searched logged; watches of ``step`` and
``level`` answered; a character that is no cell marked where it is, named.

Expected values come from the shell (``print``, ``goto``, ``back``, ``load-quiz``), the quiz
file's text and the issue's numbers, never from the extension or the adapter under test."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.helpers import REPO, SEED, Shell
from tests.support.vscode import (
    ADAPTER,
    CHARACTER,
    CONSOLE,
    NEEDS,
    ROW_4,
    Page,
    Server,
    click_gutter,
    end_session,
    expect,
    open_quiz,
    palette,
    pane,
    quiet_shell,
    shell_rows,
)

pytestmark = NEEDS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """code-server whose extension host has a venv activated ($VIRTUAL_ENV, with sudoku-repl)
    that its PATH (its login shell's, the test's: Server.login_path) does not hold, as a remote
    window started from a terminal has it; no other venv activated, whatever the runner's."""
    started = Server(tmp_path_factory.mktemp("vscode-host"))
    activated = started.root / "activated"
    (activated / "bin").mkdir(parents=True)
    (activated / "bin" / "sudoku-repl").symlink_to(ADAPTER)
    started.env["VIRTUAL_ENV"] = str(activated)
    try:
        started.start()
        yield started
    finally:
        started.stop()


def words(shell: Shell, name: str, given: dict[str, str]) -> str:
    """A cell as the hover says it: the shell's ``print`` for an empty cell, a given from the
    quiz file's text, the guess of level 2 as the stack's frame names it (step 11)."""
    said = shell.ok(f"print {name}")[0]
    if " is empty" in said:
        return said
    value = said.split("= ")[1]
    if given.get(name) == value:
        return f"{name}={value}: given"
    assert name == "[4,3]" and value == "6", said  # (the one guess on row 4 at step 11)
    return "[4,3]=6: guessed at level 2, step 11"


def hover_text(page: Page, text: str, k: int, fraction: float, shown: str) -> list[str]:
    """Hover at ``fraction`` of character ``k``'s width on the line starting ``text``: the
    hover's lines, once it shows ``shown`` (the pointer leaves the editor first and the hover
    before is seen gone; VS Code asks again only for another caret place than the last, which
    the caller sees to; the hidden widget keeps its old text, so its text is waited on)."""
    widget = page.locator(".debug-hover-widget")
    page.mouse.move(5, 5)
    expect(widget).to_be_hidden()
    box = page.wait_for_function(CHARACTER, arg=[text, k]).json_value()
    page.mouse.move(box["left"] + box["w"] * fraction, box["y"])
    expect(widget).to_be_visible()
    value = widget.locator(".value")
    expect(value).to_contain_text(shown)
    return value.inner_text().splitlines()


def test_a_hover_names_the_cell_under_the_pointer_wherever_on_its_digit(
    page: Page, server: Server
) -> None:
    shell = quiet_shell()
    shell.ok("goto 11")
    given = {f"[4,{c}]": d for c, d in enumerate(ROW_4.replace(" ", ""), 1) if d != "0"}
    columns = [k for k, ch in enumerate(ROW_4) if ch != " "]  # cell c's character
    said = {f"[4,{c}]": words(shell, f"[4,{c}]", given) for c in range(1, 10)}
    open_quiz(page, server.url, server.folder)
    click_gutter(page, 5)
    page.keyboard.press("F5")
    stack = page.locator(".debug-call-stack .monaco-list-rows")
    expect(stack).to_contain_text("0) the quiz as loaded")
    page.keyboard.press("F5")  # to the breakpoint on row 4's line: step 11
    expect(stack).to_contain_text("11) Guess [4,3] level 2")
    # (in an order where two hovers in a row are never at the same caret place: the left fifths,
    # the right fifths, then the middles apart)
    order = [(c, f) for f in (0.2, 0.8) for c in (1, 2, 3, 4, 6, 7)]
    order += [(c, 0.5) for c in (1, 3, 6, 2, 4, 7)]
    for c, fraction in order:
        name = f"[4,{c}]"
        neighbours = {said.get(f"[4,{c + d}]") for d in (-1, 0, 1)}
        # the cell under the pointer named (waited for: a hover that never names it fails
        # there), and no cell but a neighbour whose digit touches the boundary the pointer
        # is nearest
        lines = hover_text(page, ROW_4, columns[c - 1], fraction, said[name])
        assert said[name] in lines, (name, fraction, lines)
        assert set(lines) <= neighbours, (name, fraction, lines)
        if c in (1, 4, 7) and fraction < 0.5:  # a group's first digit, its left: alone
            assert lines == [said[name]], (name, fraction, lines)
    page.mouse.move(5, 5)
    # watches of the Run scope's step and level: answered, not "Not a cell"
    pane(page, "Watch", True)
    header = page.locator(".pane-header", has_text=re.compile("^Watch", re.IGNORECASE))
    for expression in ("step", "level"):
        header.hover()
        header.get_by_role("button", name="Add Expression").click()
        page.keyboard.type(expression)
        page.keyboard.press("Enter")
    watches = page.locator(".debug-watch .monaco-list-rows")
    expect(watches.locator(".monaco-list-row", has_text="step")).to_contain_text("11")
    expect(watches.locator(".monaco-list-row", has_text="level")).to_contain_text("2")
    expect(watches).not_to_contain_text("Not a cell")
    header.hover()
    header.get_by_role("button", name="Remove All Expressions").click()
    end_session(page)


def test_past_the_end_the_session_stays_and_the_keys_travel_back(
    page: Page, server: Server
) -> None:
    shell = quiet_shell()
    assert shell.ok("goto 1000")[-1] == "The search ended at step 284."
    shell.ok("back")
    before_end = shell.steps
    open_quiz(page, server.url, server.folder)
    page.keyboard.press("F5")
    stack = page.locator(".debug-call-stack .monaco-list-rows")
    expect(stack).to_contain_text("0) the quiz as loaded")
    # the typo: goto 1000 where the search ends at 284
    page.locator(".repl .repl-input-wrapper").click()
    page.keyboard.type("goto 1000")
    page.keyboard.press("Enter")
    header = page.locator(".pane-header", has_text=re.compile("^Call Stack", re.IGNORECASE))
    expect(header).to_contain_text("The search ended at step 284")
    toolbar = page.locator(".debug-toolbar")
    expect(toolbar.locator(".codicon-debug-continue")).to_be_visible()
    expect(stack).to_contain_text("284)")
    pane(page, "Variables", True)
    expect(page.locator(".debug-variables .monaco-list-rows")).to_contain_text("row 4")
    # F5 from the end: a stop there again (run's line at the end in the console, then stopped:
    # the toolbar's Continue again), the session kept
    ended = Shell.loaded()
    ended.ok("set trace off")
    ended.ok("goto 1000")
    at_end = ended.ok("run")[0]
    assert at_end.startswith("Invalid quiz [steps:284] - no more solution"), at_end
    page.locator(".editor-instance .view-line", has_text=ROW_4).click()
    page.keyboard.press("F5")
    expect(page.locator(CONSOLE)).to_contain_text(at_end)
    expect(toolbar.locator(".codicon-debug-continue")).to_be_visible()
    expect(header).to_contain_text("The search ended at step 284")
    # Alt+F10, Step Back: the shell's step before the end; Alt+F5, Reverse Continue: back more
    page.keyboard.press("Alt+F10")
    expect(stack.locator(".monaco-list-row").first).to_contain_text(f"{before_end})")
    expect(header).not_to_contain_text("The search ended")
    page.keyboard.press("Alt+F5")
    expect(stack.locator(".monaco-list-row").first).not_to_contain_text(f"{before_end})")
    assert not page.locator(".notification-toast").count()
    page.keyboard.press("Shift+F5")
    expect(toolbar).to_be_hidden()


def test_an_activated_venv_is_found_and_the_path_searched_logged(
    page: Page, server: Server
) -> None:
    # no setting, no .venv, no Python selected, no sudoku-repl on PATH: $VIRTUAL_ENV's
    open_quiz(page, server.url, server.unset)
    page.keyboard.press("F5")
    expect(page.locator(".debug-call-stack .monaco-list-rows")).to_contain_text("0) the quiz")
    expect(page.locator(".notification-toast")).to_have_count(0)
    logs = sorted(server.user.glob("logs/*/exthost*/**/*Sudoku REPL*.log"))
    assert logs, "no Sudoku REPL output channel log"
    log = "\n".join(p.read_text(errors="replace") for p in logs)
    # the extension host's PATH: code-server's remote-cli folder, then its login shell's (the
    # test's own, not the runner's)
    searched = re.findall(r"PATH searched: (.*)", log)
    assert searched, log
    remote_cli, *login = searched[-1].split(os.pathsep)
    assert remote_cli.endswith("remote-cli") and login == server.login_path.split(os.pathsep)
    activated = Path(server.env["VIRTUAL_ENV"]) / "bin" / "sudoku-repl"
    assert f"The adapter: {activated} dap (the activated venv, $VIRTUAL_ENV)" in log
    end_session(page)


def test_a_stray_character_is_marked_where_it_is_and_named(page: Page, server: Server) -> None:
    bad = server.folder / "stray.sudoku"  # (a .txt with an x is not told a quiz)
    text = (REPO / SEED).read_text(encoding="utf-8")
    bad.write_text(text.replace(ROW_4, "400 0x5 300"), encoding="utf-8")
    refused = Shell().fails(f"load-quiz {bad}")[0]
    assert refused == "Invalid line 5: 400 0x5 300."
    column = "400 0x5 300".index("x") + 1
    open_quiz(page, server.url, server.folder, "stray.sudoku", "400 0x5 300")
    # the squiggle under the x alone: its left edge at the x's; the Problems panel names it
    squiggle = page.locator(".editor-instance .squiggly-error")
    expect(squiggle).to_have_count(1)
    box = page.wait_for_function(CHARACTER, arg=["400 0x5 300", column - 1]).json_value()
    mark = squiggle.bounding_box()
    assert mark is not None and abs(mark["x"] - box["left"]) <= 2, (mark, box)
    assert mark["width"] <= box["w"] * 1.5, (mark, box)
    page.keyboard.press("Control+Shift+M")
    problems = page.locator(".markers-panel")
    expect(problems).to_contain_text(refused)
    expect(problems).to_contain_text(f"Column {column}, 'x', is not a cell")


def test_the_invalid_quiz_toast_goes_when_a_session_starts(page: Page, server: Server) -> None:
    """The refused quiz's toast outlived the sessions after it."""
    bad = server.folder / "clash-toast.txt"
    text = (REPO / SEED).read_text(encoding="utf-8")
    bad.write_text(text.replace(ROW_4, "44" + ROW_4[2:]), encoding="utf-8")
    refused = Shell().fails(f"load-quiz {bad}")[0]
    open_quiz(page, server.url, server.folder, "clash-toast.txt", "440 005 300")
    page.keyboard.press("F5")
    toast = page.locator(".notification-toast", has_text=refused)
    expect(toast).to_be_visible()
    expect(page.locator(".debug-toolbar")).to_be_hidden()
    # the seed, debugged: its session starts, and the toast is gone (kept in the centre)
    page.keyboard.press("Control+Shift+E")
    page.get_by_role("treeitem", name="seed.txt", exact=True).click()
    expect(page.locator(".editor-instance .view-line", has_text=ROW_4)).to_be_visible()
    # (told a quiz before F5, as open_quiz waits for: on a loaded machine an F5 sent before the
    # status bar said so started no session, once)
    expect(page.locator("#status\\.editor\\.mode")).to_have_text("Sudoku quiz")
    page.keyboard.press("F5")
    expect(page.locator(".debug-call-stack .monaco-list-rows")).to_contain_text("0) the quiz")
    expect(toast).to_have_count(0)
    end_session(page)


def test_inline_values_come_back_when_the_quiz_is_opened_again_at_a_stop(
    page: Page, server: Server
) -> None:
    """The quiz's editor closed and opened again during a stop had no inline
    values. Expected: the shell's show at the stop, a row a line."""
    shell = quiet_shell()
    shell.ok("goto 1")
    rows_1 = shell_rows(shell)
    open_quiz(page, server.url, server.folder)
    page.keyboard.press("F5")
    expect(page.locator(".debug-call-stack .monaco-list-rows")).to_contain_text("0) the quiz")
    page.keyboard.press("F10")
    expect(page.locator(".debug-call-stack .monaco-list-rows")).to_contain_text("1) ")
    inline = page.locator(".editor-instance .debug-inline-value")
    for r, digits in enumerate(rows_1, 1):
        expect(inline.filter(has_text=f"row {r} = {digits}")).to_have_count(1)
    # the quiz's editor closed, then opened again from the explorer: its inline values again
    palette(page, "View: Close All Editor Groups")
    expect(page.locator(".editor-instance")).to_have_count(0)
    page.keyboard.press("Control+Shift+E")
    page.get_by_role("treeitem", name="seed.txt", exact=True).click()
    expect(page.locator(".editor-instance .view-line", has_text=ROW_4)).to_be_visible()
    for r, digits in enumerate(rows_1, 1):
        expect(inline.filter(has_text=f"row {r} = {digits}")).to_have_count(1)
    end_session(page)
