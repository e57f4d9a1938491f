"""The VS Code extension in a real VS Code: code-server 4.100.3 (= VS Code 1.100.3)
with the extension packaged by ``vsce`` (editors/vscode, ``npm run package``) installed into a
user-data and extensions folder of the test's own, driven in the system's Chromium by Playwright,
checked as a user sees it: open examples/seed.txt (a copy), click the gutter on row 4's line, F5,
the stop's line, the call stack's frames, the Board view's cells, a level frame's board, Step
Back, a cell's ``why`` in the debug console, the light, dark and high-contrast themes, the
solution's ``Fine`` line and the end; then, in a folder without an adapter, the error a missing
adapter gets.

Expected values come from the shell (the same quiz stepped with ``goto`` and asked with ``print``
and ``why``: another front end than the adapter's Board request), from the reference trace's
frame names (docs/editors.md's transcript) and from the palette (views/palette.py: the view must
show its colours).

No pop-up for a hover, a watch, a mistyped console line or a click (a refused
step button fails: its one notification); a hover on a digit shows its cell; a click
on an empty cell and at a level frame; Restart
and the Call Stack's header; the cells a backtrack emptied; the last step at the end; a quiz with
an error marked on its line (also while edited), no session; a killed adapter said; the givens'
colour; the board revealed at the start, in an editor tab and in the bottom panel, the status
bar, inline values, the keyboard, the context menu, the step box and the slider; the adapter
beside the Python extension's interpreter (a stand-in extension with its id, packaged here) and
the install from the clone suggested where none is found. Each test starts with no breakpoint.

It needs code-server (``SUDOKU_REPL_CODE_SERVER``, else where
``editors/vscode/test/setup-code-server.sh`` installs it by default), Chromium, Playwright for
Python, node and npm (its set-up runs ``npm ci`` in editors/vscode for vsce where that was not
done); without one of them it skips with one line. ``.ci/e2e`` sets up code-server and a venv
with Playwright and runs it, failing if one test skips. Everything it writes is in its
temporary folder but editors/vscode/node_modules. ``SUDOKU_REPL_SCREENSHOTS=DIR`` saves the screenshots of
docs/editors.md and the extension's README there."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from sudoku_repl.views.palette import colour
from tests.support.helpers import REPO, SEED, Shell
from tests.support.vscode import (
    CHARACTER,
    CONSOLE,
    DARK_WORKBENCH,
    NEEDS,
    ROW_4,
    TAB,
    WAIT_MS,
    Page,
    Server,
    asked,
    board,
    caption_step,
    cell,
    choose,
    click_gutter,
    end_session,
    expect,
    focus_back,
    goto,
    hover_over,
    hover_shows,
    marks,
    no_toast,
    no_toast_but,
    numbers,
    open_quiz,
    palette,
    pane,
    pick,
    quiet_shell,
    rgb,
    shell_rows,
    shot,
    theme,
)

pytestmark = NEEDS
#: this module drives the Board view of the Run and Debug side bar (the Board also opens in
#: an editor tab by default: tests/editors/test_vscode_board.py)
USER_SETTINGS = {"sudoku-repl.boardLocation": "sidebar"}


def test_a_user_debugs_the_seed_with_the_board(page: Page, server: Server) -> None:
    shell = Shell.loaded()
    shell.ok("goto 10")
    before = {name: shell.ok(f"print {name}")[0] for name in ("[4,4]", "[4,5]", "[1,1]")}
    shell.ok("goto 11")
    at_11 = {name: shell.ok(f"print {name}")[0] for name in ("[4,4]", "[4,5]", "[1,1]")}
    why_given = shell.ok("why [1,3]")
    shell.ok("set trace off")
    rows_11 = shell_rows(shell)
    biggest_11 = re.search(r"(\d+) the biggest", shell.ok("info search")[2])
    assert biggest_11 is not None
    hover_43 = "[4,3]=6: guessed at level 2, step 11"  # (the stack's Level 2 frame, step 11)
    print_44 = shell.ok("print [4,4]")[0]
    why_44 = shell.ok("why [4,4]")  # an empty cell: its candidates and why the others went
    level_1_step = re.search(r"Level 1 .* at step (\d+)", "\n".join(shell.ok("backtrace")))
    assert level_1_step is not None
    shell.ok("frame 1")
    why_42_at_level_1 = shell.ok("why [4,2]")  # the board of level 1's frame: step 7's
    assert why_42_at_level_1[0].startswith("Frame 1, level 1 of 2 (read-only)")

    open_quiz(page, server.url, server.folder)
    click_gutter(page, 5)
    expect(page.locator(".editor-instance .codicon-debug-breakpoint")).to_have_count(1)
    page.keyboard.press("F5")  # no launch.json: the quiz in the editor, stopped on entry
    stack = page.locator(".debug-call-stack .monaco-list-rows")
    expect(stack).to_contain_text("0) the quiz as loaded")
    paused = page.locator(".debug-toolbar .codicon-debug-continue")
    expect(paused).to_be_visible()
    # step 0 touched no cell: the current line is the grid's first, not the comment above it
    #
    text = (REPO / SEED).read_text(encoding="utf-8").splitlines()
    first_grid = next(n for n, line in enumerate(text, 1) if line.strip() and line[0] != "#")
    expect(page.locator(".editor-instance .line-numbers.active-line-number")).to_have_text(
        str(first_grid)
    )
    # the board as variables, as the user sees it before going on (an F5 while VS Code still
    # reads them makes it ask for a reference of the stop it left: the adapter refuses that)
    expect(page.locator(".debug-variables .monaco-list-rows")).to_contain_text("row 4")
    # the Board is shown and expanded at the start, without a click; the status bar says where
    # the search is; the session is named by its file
    header = page.locator(".pane-header", has_text=re.compile("^Board$", re.IGNORECASE))
    expect(header).to_have_attribute("aria-expanded", "true")
    expect(board(page).locator("#caption")).to_have_text("seed.txt: Step 0")
    status = page.locator(".statusbar-item", has_text="Step 0, level 0 (biggest 0), 0 solutions")
    expect(status).to_be_visible()
    page.keyboard.press("F5")  # on to the breakpoint on row 4's line
    frames = stack.locator(".monaco-list-row")
    expect(frames).to_have_count(3)
    # the frames' names and places: the step, then the guess levels, innermost first
    expect(frames.nth(0)).to_contain_text("11) Guess [4,3] level 2 at 1 out of 2")
    expect(frames.nth(0)).to_contain_text("5:3")
    expect(frames.nth(1)).to_contain_text("Level 2 [4,3]=6 (1 out of 2) at step 11")
    expect(frames.nth(2)).to_contain_text("Level 1 [6,2]=5 (1 out of 2) at step 7")
    expect(frames.nth(2)).to_contain_text("7:2")
    # the stop's line in the editor: row 4's, line 5
    expect(page.locator(".editor-instance .debug-top-stack-frame-line")).to_have_count(1)
    current = page.locator(".editor-instance .line-numbers.active-line-number")
    expect(current).to_have_text("5")

    # the Board view, given the room of the views the user does not need here
    pane(page, "Board", True)
    for other in ("Watch", "Breakpoints", "Variables"):
        pane(page, other, False)
    view = board(page)
    expect(view.locator("#caption")).to_have_text("seed.txt: Step 11, level 2")
    expect(view.locator(".cell")).to_have_count(81)
    expect(
        page.locator(
            ".statusbar-item",
            has_text=f"Step 11, level 2 (biggest {biggest_11.group(1)}), 0 solutions",
        )
    ).to_be_visible()
    # inline values: after each row's line, its digits at the stop (the shell's show)
    for r, digits in enumerate(rows_11, 1):
        expect(
            page.locator(".editor-instance .debug-inline-value", has_text=f"row {r} = {digits}")
        ).to_have_count(1)
    # a hover on a digit: that cell (row 4's third, [4,3]); on a blank between groups: nothing
    editor = page  # (the hover widget lies in the workbench's overflow layer)
    # (the middle of a digit: the hover may name its neighbour too, at the boundary)
    hovered = editor.locator(".debug-hover-widget .value")
    hover_shows(page, ROW_4, 2, hovered.filter(has_text=hover_43))
    hover_shows(page, ROW_4, 4, hovered.filter(has_text=print_44))
    expect(editor.get_by_text(hover_43, exact=True)).to_have_count(0)
    # (the blank between two groups: its halves are the caret places beside its digits, which
    # VS Code cannot tell from the digits' own halves, so it may name a neighbour:
    # test_vscode_host.py)
    hover_widget = page.locator(".debug-hover-widget")
    # the comment line: that hover goes and none comes (from [4,3]'s hover, drawn on the line
    # above row 4's; VS Code hides it when the place under the pointer has nothing to show; it
    # asks again only for another caret place than the last, [4,4]'s)
    hover_shows(page, ROW_4, 2, hovered.filter(has_text=hover_43))
    hover_over(page, "# The quiz", 3)
    expect(hover_widget).to_be_hidden()
    no_toast(page)
    page.mouse.move(5, 5)
    # the quiz file's colours in the light theme: a given and an empty 0 told apart
    given_colour, empty_colour = (
        page.locator(".editor-instance .view-line", has_text="005").first.locator("span span")
        .evaluate_all("s => [s.find(e => e.textContent.trim() === '5'), s.find(e => /^0+$/.test(e.textContent.trim()))].map(e => getComputedStyle(e).color)")
    )  # fmt: skip
    assert given_colour != empty_colour, (given_colour, empty_colour)
    expect(cell(page, "[1,3]")).to_have_class(re.compile(r"\bgiven\b"))
    expect(cell(page, "[1,3]").locator(".v")).to_have_text("5")
    guessed = cell(page, "[4,3]")  # the step's guess: set, level 2's cell
    expect(guessed.locator(".v")).to_have_text("6")
    expect(guessed).to_have_class(re.compile(r"\bset\b"))
    expect(guessed.locator(".badge")).to_have_text("L2")
    expect(cell(page, "[6,2]").locator(".badge")).to_have_text("L1")
    expect(cell(page, "[6,2]").locator(".v")).to_have_text("5")
    # pencil marks, and the candidates the guess removed (the shell's before and after)
    for name in ("[4,4]", "[4,5]", "[1,1]"):
        now, was = numbers(at_11[name]), numbers(before[name])
        assert marks(page, name) == (now, [d for d in was if d not in now]), name
        expect(cell(page, name)).to_have_attribute(
            "title", re.compile(f"^{re.escape(at_11[name])}")
        )
    assert marks(page, "[4,4]")[1] == [6]  # the guess [4,3]=6 took 6 from its row
    # the palette's colours: the set cell's shade, a removed candidate, level 2's badge
    shade = cell(page, "[4,3]").evaluate("e => getComputedStyle(e).backgroundColor")
    assert shade == rgb(colour("set", "light"))
    struck = cell(page, "[4,4]").locator(".m.removed").evaluate("e => getComputedStyle(e).color")
    assert struck == rgb(colour("removed", "light"))
    badge = guessed.locator(".badge").evaluate("e => getComputedStyle(e).color")
    assert badge == rgb(colour("lv2", "light"))
    shot(page, "vscode-board-sidebar.png")

    # an empty cell's Why from its context menu (a click answers in the board): its
    # candidates and why each other value went, in the console's own colour (the trace's), no
    # pop-up
    console = page.locator(CONSOLE)
    cell(page, "[4,4]").click(button="right")
    choose(page, "Why (its value, or why each other value is gone)")
    expect(console).to_contain_text("> why [4,4]")
    for line in why_44:
        expect(console).to_contain_text(line.strip())
    answer = console.locator(".monaco-list-row", has_text=why_44[0]).locator(".value")
    expect(answer).to_have_class(re.compile(r"\binfo\b"))
    no_toast(page)

    # a watch that is not a cell: its error in its row of the Watch view, no pop-up (here and
    # at every stop after; VS Code keeps the watch for the folder)
    pane(page, "Watch", True)
    watch_header = page.locator(".pane-header", has_text=re.compile("^Watch", re.IGNORECASE))
    watch_header.hover()  # (its buttons are shown under the pointer)
    watch_header.get_by_role("button", name="Add Expression").click()
    page.keyboard.type("foo")
    page.keyboard.press("Enter")
    expect(page.locator(".debug-watch .monaco-list-rows")).to_contain_text("Not a cell: 'foo'")
    no_toast(page)
    # a mistyped console line: answered in the console, no pop-up
    mistyped = Shell.loaded().fails("whyy [4,4]")[0]
    page.locator(".repl .repl-input-wrapper").click()
    page.keyboard.type("whyy [4,4]")
    page.keyboard.press("Enter")
    expect(page.locator(CONSOLE)).to_contain_text(mistyped)
    no_toast(page)
    pane(page, "Watch", False)  # (the Board's room again)

    # a level frame selected in the call stack: the board when its guess was taken, and a
    # click answers for that board
    frames.nth(2).click()
    expect(view.locator("#caption")).not_to_have_text("seed.txt: Step 11, level 2")
    # the status bar says the present step still, and the frame's
    expect(
        page.locator(".statusbar-item", has_text=f"Step {level_1_step.group(1)} (frame) of 11,")
    ).to_be_visible()
    expect(cell(page, "[4,3]").locator(".v")).to_have_count(0)
    expect(cell(page, "[6,2]").locator(".badge")).to_have_text("L1")
    expect(cell(page, "[4,3]").locator(".badge")).to_have_count(0)
    cell(page, "[4,2]").click()  # (answered in the board's popover)
    expect(view.locator("#popover")).to_contain_text(why_42_at_level_1[0])
    frames.nth(0).click()

    # Step Back: step 10, the board follows (the guess at [4,3] not yet taken)
    page.locator(".debug-toolbar .codicon-debug-step-back").click()
    expect(frames.nth(0)).to_contain_text("10)")
    expect(view.locator("#caption")).to_have_text(re.compile(r"^seed.txt: Step 10\b"))
    expect(cell(page, "[4,3]").locator(".v")).to_have_count(0)

    # a cell clicked: the shell's answer in the board's popover (no longer the console)
    cell(page, "[1,3]").click()
    for line in why_given:
        expect(view.locator("#popover")).to_contain_text(line)
    shot(page, "vscode-why-sidebar.png")

    # themes: dark and high contrast take the palette's dark colours and the theme's lines
    theme(page, "dark")
    expect(cell(page, "[4,4]").locator(".m.removed")).to_have_count(0)  # step 10 removed none there
    page.locator(".debug-toolbar .codicon-debug-step-into").click()  # step 11 again
    expect(view.locator("#caption")).to_have_text("seed.txt: Step 11, level 2")
    expect(view.locator("body.vscode-dark")).to_have_count(1)
    shade = cell(page, "[4,3]").evaluate("e => getComputedStyle(e).backgroundColor")
    assert shade == rgb(colour("set", "dark"))
    # (the screenshot waits for the workbench itself to be painted dark, not the board alone)
    page.wait_for_function(DARK_WORKBENCH)
    shot(page, "vscode-board-dark.png")
    theme(page, "dark", forced=True)
    expect(view.locator("body.vscode-high-contrast")).to_have_count(1)
    expect(view.locator(".cell .v")).not_to_have_count(0)
    # the grid's lines are the theme's contrast border
    line, contrast = cell(page, "[5,5]").evaluate(
        """e => [getComputedStyle(e).getPropertyValue('--line').trim(),
                 getComputedStyle(e).getPropertyValue('--vscode-contrastBorder').trim()]"""
    )
    assert contrast and line == contrast, (line, contrast)
    theme(page, "light")
    expect(view.locator("body.vscode-light")).to_have_count(1)

    # the breakpoint taken away (a click on it), F5 to the solution, F5 to the end
    click_gutter(page, 5)
    expect(page.locator(".editor-instance .codicon-debug-breakpoint")).to_have_count(0)
    page.keyboard.press("F5")
    expect(console).to_contain_text("Fine [steps:131, solution sum:1].")
    expect(frames.nth(0)).to_contain_text("Fine [steps:131, solution sum:1].")
    expect(view.locator("#caption")).to_have_text(re.compile(r"^seed.txt: Step 131\b"))
    expect(view.locator(".cell .v")).to_have_count(81)
    expect(paused).to_be_visible()
    page.keyboard.press("F5")
    # the end of the search is a stop that says so, the session kept (it ended the
    # session); the board names the search's last step, as the shell's does (run, run: the end)
    end = Shell.loaded()
    end.ok("run")
    end.ok("run")
    assert end.steps == 284
    stack_header = page.locator(".pane-header", has_text=re.compile("^Call Stack", re.IGNORECASE))
    expect(stack_header).to_contain_text(f"The search ended at step {end.steps}")
    expect(view.locator("#caption")).to_have_text(re.compile(rf"^seed.txt: Step {end.steps}\b"))
    expect(paused).to_be_visible()
    no_toast(page)
    end_session(page)
    expect(page.locator(".statusbar-item", has_text="solutions")).to_have_count(0)


def test_a_samurai_is_drawn_in_its_shape(page: Page, server: Server) -> None:
    # examples/samurai.txt: five grids in a 21 x 21 frame, the four corners' overlapping the
    # middle one's corner boxes (5 * 81 - 4 * 9 cells); its first line ".7.2.1.3.   ..4...9.7"
    # a breakpoint left in another quiz file: unverified, silently (no pop-up at the launch)
    open_quiz(page, server.url, server.folder)
    click_gutter(page, 5)
    expect(page.locator(".editor-instance .codicon-debug-breakpoint")).to_have_count(1)
    page.get_by_role("treeitem", name="samurai.txt", exact=True).click()
    expect(page.locator(".editor-instance .view-line", has_text="..4...9.7")).to_be_visible()
    expect(page.locator("#status\\.editor\\.mode")).to_have_text("Sudoku quiz")
    page.keyboard.press("F5")
    expect(page.locator(".debug-call-stack .monaco-list-rows")).to_contain_text("0) the quiz")
    pane(page, "Board", True)
    view = board(page)
    expect(view.locator("#caption")).to_have_text(re.compile(r"^samurai.txt: Step 0\b"))
    expect(view.locator(".cell")).to_have_count(5 * 81 - 4 * 9)
    for name, there in (("[1,1]", 1), ("[21,21]", 1), ("[1,10]", 0), ("[7,10]", 1), ("[10,1]", 0)):
        expect(cell(page, name)).to_have_count(there)
    expect(cell(page, "[1,2]").locator(".v")).to_have_text("7")
    # seed.txt's breakpoint: unverified in the Breakpoints view
    pane(page, "Breakpoints", True)
    breakpoints = page.locator(".debug-breakpoints")
    expect(breakpoints.locator(".codicon-debug-breakpoint-unverified")).to_have_count(1)
    expect(breakpoints).to_contain_text("seed.txt")
    expect(cell(page, "[1,2]")).to_have_class(re.compile(r"\bgiven\b"))
    # drawn within the view's width: the cells shrink to fit
    fits = view.locator("#board").evaluate("b => b.getBoundingClientRect().right <= innerWidth")
    assert fits
    no_toast(page)
    page.keyboard.press("Shift+F5")  # stop
    expect(page.locator(".debug-toolbar")).to_be_hidden()


def test_the_board_in_the_bottom_panel_shows_its_nine_rows(page: Page, server: Server) -> None:
    open_quiz(page, server.url, server.folder)
    page.keyboard.press("F5")
    expect(board(page).locator("#caption")).to_have_text("seed.txt: Step 0")
    # View: Move View, the Board, to a new entry of the bottom panel (the layout is the
    # profile's: put back at the end)
    palette(page, "View: Move View")
    pick(page, "Board")
    pick(page, "New Panel Entry")
    try:
        view = board(page)
        expect(view.locator("#caption")).to_have_text("seed.txt: Step 0")
        expect(view.locator(".cell")).to_have_count(81)
        panel = page.locator(".part.panel").bounding_box()
        holder = page.locator(f"div:not({TAB}) > iframe.webview").bounding_box()
        assert panel and holder
        assert (
            panel["y"] - 1 <= holder["y"]
            and holder["y"] + holder["height"] <= panel["y"] + panel["height"] + 1
        ), (panel, holder)
        # row 9 within the page (the panel's body), not scrolled to
        for name in ("[9,1]", "[9,9]"):
            inside = cell(page, name).evaluate(
                "c => { const r = c.getBoundingClientRect();"
                " return r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"
            )
            assert inside, name
        assert view.locator("body").evaluate("() => scrollY") == 0
        shot(page, "vscode-board-panel.png")
    finally:
        palette(page, "View: Reset View Locations")
    end_session(page)


def test_the_board_from_the_keyboard_its_menu_its_step_box_and_a_tab(
    page: Page, server: Server
) -> None:
    shell = quiet_shell()
    shell.ok("goto 98")
    after = {n: v for n, v in _grid(shell).items()}
    shell.ok("goto 97")
    before = _grid(shell)
    undone = sorted(n for n, v in before.items() if v and not after[n])
    assert len(undone) == 15  # the count at step 98
    quiz = (server.folder / "seed.txt").read_text(encoding="utf-8")
    open_quiz(page, server.url, server.folder)
    page.keyboard.press("F5")
    view = board(page)
    expect(view.locator("#caption")).to_have_text("seed.txt: Step 0")
    # the step box: step 1 gives nothing back (no candidate drawn so, no value undone); each
    # step from the board brings a stop that focuses the quiz (debug.focusEditorOnBreak), and
    # the board gets the focus back, in the step box (goto waits for it)
    goto(view, 1)
    expect(view.locator(".cell")).to_have_count(81)
    expect(view.locator(".cell .m.back")).to_have_count(0)
    expect(view.locator(".cell.undone")).to_have_count(0)
    # goto 98, a backtrack's step; the cells whose value it undid are marked
    goto(view, 98)
    # the line asked in the board's context (echoed in the console, where the board it prints
    # scrolls the echo out of the list's rendered rows) and its answer in the console
    assert asked(server, "goto 98")
    expect(page.locator(CONSOLE)).to_contain_text("Steps:98")
    expect(view.locator(".cell.undone")).to_have_count(len(undone))
    assert (
        sorted(view.locator(".cell.undone").evaluate_all("c => c.map(e => e.dataset.name)"))
        == undone
    )
    # the scrubber (it replaced the slider; up to the last step reached, 98), from
    # the keyboard: one step back, the board and the call stack at step 97 (the shell's board)
    slider = view.locator("#scrubber")
    expect(slider).to_have_attribute("aria-valuenow", "98")
    slider.focus()
    slider.press("ArrowLeft")
    caption_step(view, 97)
    focus_back(view, 97)
    expect(slider).to_be_focused()
    expect(page.locator(".debug-call-stack .monaco-list-row").first).to_contain_text("97)")
    drawn = view.locator(".cell").evaluate_all(
        "c => c.map(e => [e.dataset.name, Number(e.querySelector('.v')?.textContent || 0)])"
    )
    assert dict(drawn) == before
    # step 92: eleven levels, each its own colour (no repeat after level 4)
    goto(view, 92)
    badges = view.locator(".cell .badge")
    expect(badges).to_have_count(11)
    colours = badges.evaluate_all("b => b.map(e => getComputedStyle(e).color)")
    assert len(set(colours)) == 11, colours
    # the keyboard: one Tab stop, the arrows move it, each cell labelled
    expect(view.locator('.cell[tabindex="0"]')).to_have_count(1)
    cell(page, "[1,1]").focus()
    cell(page, "[1,1]").press("ArrowRight")
    expect(cell(page, "[1,2]")).to_be_focused()
    cell(page, "[1,2]").press("ArrowDown")
    expect(cell(page, "[2,2]")).to_be_focused()
    expect(view.locator('.cell[tabindex="0"]')).to_have_count(1)
    expect(cell(page, "[2,2]")).to_have_attribute("aria-label", re.compile(r"^Row 2, column 2: "))
    # the context menu of a cell: go to the step that set it ([6,2], level 1's guess, at 93)
    shell.ok("goto 93")
    (setter,) = shell.ok("when [6,2]")
    setter_step = int(setter.split(")")[0])
    assert setter == f"{setter_step}) [6,2] got 5" and setter_step < 92
    goto(view, 93)
    cell(page, "[6,2]").click(button="right")
    choose(page, "When (the steps that changed it)")
    expect(page.locator(CONSOLE)).to_contain_text(setter)
    assert asked(server, "when [6,2]")
    why_62 = shell.ok("why [6,2]")
    cell(page, "[6,2]").click(button="right")
    choose(page, "Why (its value, or why each other value is gone)")
    expect(page.locator(CONSOLE)).to_contain_text("> why [6,2]")
    for line in why_62:
        expect(page.locator(CONSOLE)).to_contain_text(line.strip())
    cell(page, "[6,2]").click(button="right")
    choose(page, "Go to the step that set it")
    caption_step(view, setter_step)
    assert asked(server, f"goto {setter_step}")
    # (the stop focused the quiz, and the keys meant for the board below went into
    # it) the focus is given back to the board; its keys go there: g, the step box, 92, Enter
    focus_back(view, setter_step)
    page.keyboard.press("g")
    expect(view.locator("#step-input")).to_be_focused()
    page.keyboard.type("92")
    page.keyboard.press("Enter")
    caption_step(view, 92)
    focus_back(view, 92)
    # the quiz file untouched (an edit in its editor is saved at once)
    assert (server.folder / "seed.txt").read_text(encoding="utf-8") == quiz
    cell(page, "[4,2]").click(button="right")
    choose(page, "Break when this cell is set")
    pane(page, "Breakpoints", True)  # (a folded view's content is not drawn)
    expect(page.locator(".debug-breakpoints")).to_contain_text("cell [4,2]")
    # the board large: an editor tab beside the quiz, from the status bar (its board
    # leaves room for the caption, the scrubber and the legend beside or below it; larger than
    # the side bar's, its cells not compact)
    in_side_bar = view.locator("#board").evaluate("b => b.getBoundingClientRect().width")
    page.locator(".statusbar-item", has_text="Step 92").click()
    tab = board(page, "tab")
    expect(tab.locator(".cell")).to_have_count(81)
    width = tab.locator("#board").evaluate("b => b.getBoundingClientRect().width")
    assert width > in_side_bar, (width, in_side_bar)
    expect(tab.locator("#board.compact")).to_have_count(0)
    expect(tab.locator('.cell[data-name="[9,9]"]')).to_be_in_viewport()
    shot(page, "vscode-board-tab.png")
    # Restart: step 0, and the Call Stack's header no longer names the stop before
    stack_header = page.locator(".pane-header", has_text=re.compile("^Call Stack", re.IGNORECASE))
    expect(stack_header).to_contain_text("92")
    page.keyboard.press("Control+Shift+F5")
    expect(page.locator(".debug-call-stack .monaco-list-rows")).to_contain_text(
        "0) the quiz as loaded"
    )
    expect(stack_header).not_to_contain_text("92")
    # Step Back at step 0: refused in the console, and the request fails with the shell's line
    # (docs/dap.md's success false, no stopped event as nothing moved); the debug
    # toolbar shows a failed button's message whatever showUser says: that one notification
    refusal = Shell.loaded().fails("back")[0]
    page.locator(".debug-toolbar .codicon-debug-step-back").click()
    expect(page.locator(CONSOLE)).to_contain_text(refusal)
    no_toast_but(page, refusal)
    expect(page.locator(".debug-call-stack .monaco-list-rows")).to_contain_text(
        "0) the quiz as loaded"
    )  # (still stopped there: not running)
    end_session(page)


def test_a_quiz_with_an_error_is_marked_on_its_line_and_does_not_start(
    page: Page, server: Server
) -> None:
    bad = server.folder / "clash.txt"
    text = (REPO / SEED).read_text(encoding="utf-8")
    bad.write_text(text.replace(ROW_4, "44" + ROW_4[2:]), encoding="utf-8")
    message = Shell().fails(f"load-quiz {bad}")[0]
    assert message == "Invalid quiz: 4 appears twice in row 4 ([4,1] and [4,2])."
    # another quiz's board first, left on the Board when its session ends
    open_quiz(page, server.url, server.folder)
    page.keyboard.press("F5")
    view = board(page)
    expect(view.locator("#caption")).to_have_text("seed.txt: Step 0")
    end_session(page)
    expect(view.locator("#note")).to_contain_text("The debug session ended")
    expect(view.locator(".cell")).to_have_count(81)
    # the quiz with the error opened, no session: marked on its line (the two 4s: two adjacent
    # problems, which the editor draws as one squiggle under both)
    page.keyboard.press("Control+Shift+E")  # the explorer again (the session showed Run and Debug)
    page.get_by_role("treeitem", name="clash.txt", exact=True).click()
    expect(page.locator(".editor-instance .view-line", has_text="440 005 300")).to_be_visible()
    squiggle = page.locator(".editor-instance .squiggly-error")
    expect(squiggle).to_have_count(1)
    page.keyboard.press("F5")
    toast = page.locator(".notification-toast", has_text=message)
    expect(toast).to_be_visible()
    expect(toast).to_contain_text("clash.txt:5")
    expect(page.locator(".monaco-dialog-box")).to_have_count(0)  # no "Open launch.json" modal
    expect(page.locator(".debug-toolbar")).to_be_hidden()
    # the Board shown, expanded, cleared: the error said where seed.txt's board was
    header = page.locator(".pane-header", has_text=re.compile("^Board$", re.IGNORECASE))
    expect(header).to_have_attribute("aria-expanded", "true")
    expect(view.locator("#note")).to_contain_text(f"clash.txt cannot be debugged: {message}")
    expect(view.locator(".cell")).to_have_count(0)
    expect(view.locator("#caption")).to_have_text("")
    # the Problems panel, from the toast's button
    toast.get_by_role("button", name="Show Problems").click()
    problems = page.locator(".markers-panel")
    expect(problems).to_contain_text(message)
    expect(problems).to_contain_text("clash.txt")
    # edited, no session: the mark goes with the fix and comes back with a new fault
    at = page.wait_for_function(CHARACTER, arg=["440 005 300", 1]).json_value()
    page.mouse.click(at["x"], at["y"])
    page.keyboard.press("Home")  # (the line's start, then its second character selected)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.type("0")
    expect(squiggle).to_have_count(0)
    expect(problems).not_to_contain_text(message)
    page.keyboard.press("Backspace")  # a cell short: "40 005 300"
    expect(squiggle).to_have_count(1)
    expect(problems).to_contain_text("Invalid line 5: 40 005 300.")
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    no_toast_but(page, message)


def test_a_killed_adapter_is_said_with_how_it_ended(page: Page, server: Server) -> None:
    open_quiz(page, server.url, server.folder)
    page.keyboard.press("F5")
    expect(page.locator(".debug-call-stack .monaco-list-rows")).to_contain_text("0) the quiz")
    pid = _adapter_pid(server)
    os.kill(pid, 9)
    toast = page.locator(".notification-toast", has_text="ended unexpectedly")
    # (VS Code hands the extension the exit code alone, null after a signal: not which one)
    expect(toast).to_contain_text("killed by a signal")
    expect(toast).to_contain_text(str(server.protocol))  # its log, named
    # its last line said in words, not quoted raw: what the log's last line is
    last = json.loads(server.protocol.read_text(encoding="utf-8").splitlines()[-1][12:])
    name = last.get("command") or last.get("event")
    expect(toast).to_contain_text(re.compile(f'the last thing it (got|sent), at .*"{name}"'))
    expect(toast).not_to_contain_text("{")
    expect(board(page).locator("#note")).to_contain_text(
        "The adapter ended unexpectedly (killed by a signal)"
    )
    expect(page.locator(".debug-toolbar")).to_be_hidden()


def _adapter_pid(server: Server) -> int:
    """The adapter code-server started for this server (its command line names its log)."""
    return _adapter(server.protocol)[0]


def _adapter(log: Path) -> tuple[int, list[str]]:
    """The adapter process that writes ``log``: its id and command line (a script's: its
    interpreter, then the script's path as it was started)."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            words = (proc / "cmdline").read_bytes().decode(errors="replace").split("\0")
        except OSError:
            continue
        if "dap" in words and str(log) in words:
            return int(proc.name), words
    raise AssertionError("no adapter process found")


def _grid(shell: Shell) -> dict[str, int]:
    return {
        f"[{r},{c}]": int(d)
        for r, row in enumerate(shell_rows(shell), 1)
        for c, d in enumerate(row.replace(" ", ""), 1)
    }


def test_a_missing_adapter_is_an_error_naming_the_setting(page: Page, server: Server) -> None:
    open_quiz(page, server.url, server.bare)
    page.keyboard.press("F5")
    toast = page.locator(".notification-toast", has_text="sudoku-repl.command")
    expect(toast).to_be_visible()
    expect(toast).to_contain_text(str(server.missing))
    expect(toast).to_contain_text("not found")
    expect(page.locator(".debug-toolbar")).to_be_hidden()
    shot(page, "vscode-missing-adapter.png")
    # no setting, no .venv, no Python selected, none on PATH: the install that works, from the
    # clone (sudoku-repl is not on PyPI)
    open_quiz(page, server.url, server.unset)
    page.keyboard.press("F5")
    toast = page.locator(".notification-toast", has_text="no sudoku-repl found")
    expect(toast).to_contain_text(f"{server.unset}/.venv/bin/sudoku-repl")
    expect(toast).to_contain_text(
        re.compile(r"pip install /path/to/sudoku-repl, the clone's folder")
    )
    expect(toast).not_to_contain_text("pip install sudoku-repl")
    expect(page.locator(".debug-toolbar")).to_be_hidden()


def test_the_adapter_beside_the_python_extensions_interpreter(page: Page, server: Server) -> None:
    # a folder without a .venv; the Python extension (the test's stand-in) has a Python
    # selected whose folder has sudoku-repl: F5 starts that one
    open_quiz(page, server.url, server.chosen)
    page.keyboard.press("F5")
    expect(page.locator(".debug-call-stack .monaco-list-rows")).to_contain_text("0) the quiz")
    expect(board(page).locator("#caption")).to_have_text("seed.txt: Step 0")
    _, words = _adapter(server.chosen_log)
    assert str(server.interpreter.with_name("sudoku-repl")) in words, words
    no_toast(page)
    end_session(page)


def test_the_board_fits_and_reads_at_2x_zoom(page: Page, server: Server) -> None:
    # 2x zoom as the browser does it, on a 1920 x 1080 screen: half its CSS pixels, each two
    # device pixels
    browser = page.context.browser
    assert browser is not None
    zoomed = browser.new_page(viewport={"width": 960, "height": 540}, device_scale_factor=2)
    zoomed.set_default_timeout(WAIT_MS)
    try:
        open_quiz(zoomed, server.url, server.folder)
        zoomed.keyboard.press("F5")  # stopped on entry
        expect(zoomed.locator(".debug-call-stack .monaco-list-rows")).to_contain_text("0) the")
        for other in ("Variables", "Watch", "Breakpoints"):
            pane(zoomed, other, False)  # room for the board, as a user at 2x makes it
        pane(zoomed, "Board", True)
        view = board(zoomed)
        expect(view.locator(".cell")).to_have_count(81)
        last = cell(zoomed, "[9,9]")
        last.scroll_into_view_if_needed()  # the view scrolls where the side bar is short
        expect(last).to_be_in_viewport()
        expect(cell(zoomed, "[1,3]").locator(".v")).to_have_text("5")  # a given of row 1
        # the whole board within the view's width, and a given's digit no smaller than the
        # editor's smallest readable size (9 CSS pixels)
        fits = view.locator("#board").evaluate("b => b.getBoundingClientRect().right <= innerWidth")
        assert fits
        size = (
            cell(zoomed, "[1,3]")
            .locator(".v")
            .evaluate("v => parseFloat(getComputedStyle(v).fontSize)")
        )
        assert size >= 9, size
        shot(zoomed, "vscode-board-2x.png")
        zoomed.keyboard.press("Shift+F5")  # stop
        expect(zoomed.locator(".debug-toolbar")).to_be_hidden()
    finally:
        zoomed.close()
