"""The Board of the VS Code extension (code-server, as tests/editors/test_vscode_real.py):
where it opens (an editor tab beside the quiz by default; ``sudoku-repl.boardLocation``), a layout
that follows the page's shape and a compact mode under 24 px cells, one paint a step (the board
comes with the stop: the extension asks no ``sudokuBoard``), a click answered in the board (a
popover, its step numbers links), undone values and deep levels drawn apart, the timeline
scrubber, the step box at the present step, the step's change drawn as a change, a pinned step,
the keys and the difficulty line.

Expected values come from the shell (``goto``, ``print``, ``why``, ``when``, ``where``, ``info
search``, ``difficulty``), never from the extension or the adapter's board.
``SUDOKU_REPL_SCREENSHOTS=DIR`` saves the README's screenshots of the default window there."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from tests.support.helpers import REPO, SEED, Shell
from tests.support.vscode import (
    CONSOLE,
    NEEDS,
    TAB,
    Page,
    Server,
    board,
    caption_step,
    click_gutter,
    end_session,
    expect,
    focus_back,
    goto,
    numbers,
    open_quiz,
    quiet_shell,
    shell_rows,
    shot,
    write_json,
)

pytestmark = NEEDS

HARDEST = "forum_hardest_1106.txt"
STEP = re.compile(r"^seed.txt: Step (\d+)\b")


def tab(page: Page):  # type: ignore[no-untyped-def]
    return board(page, "tab")


def sudoku_board_asked(server: Server) -> int:
    """How many sudokuBoard requests the extension sent (the adapter's protocol log)."""
    count = 0
    for logged in server.protocol.read_text(encoding="utf-8").splitlines():
        _, _, message = logged.partition(" <- ")
        if message.startswith("{") and json.loads(message).get("command") == "sudokuBoard":
            count += 1
    return count


def values(shell: Shell) -> dict[str, int]:
    """Each cell's value in the shell's ``show`` (0: empty)."""
    return {
        f"[{r},{c}]": int(d)
        for r, row in enumerate(shell_rows(shell), 1)
        for c, d in enumerate(row.replace(" ", ""), 1)
    }


def cells_of(shell: Shell) -> dict[str, str]:
    return {f"[{r},{c}]": shell.ok(f"print [{r},{c}]")[0]
            for r in range(1, 10) for c in range(1, 10)}  # fmt: skip


def folder_with(server: Server, name: str, settings: dict[str, object]) -> Path:
    """A folder like the test's own (the seed, the adapter in its .venv) with ``settings``."""
    folder = server.base / name
    (folder / ".venv" / "bin").mkdir(parents=True)
    (folder / ".venv" / "bin" / "sudoku-repl").symlink_to(
        server.folder / ".venv" / "bin" / "sudoku-repl"
    )
    shutil.copy(REPO / SEED, folder / "seed.txt")
    write_json(folder / ".vscode" / "settings.json",
               {"sudoku-repl.command": "", "sudoku-repl.log": str(server.protocol), **settings})  # fmt: skip
    return folder


def test_the_board_opens_in_a_tab_reads_there_and_paints_once_a_step(
    page: Page, server: Server
) -> None:
    shell = quiet_shell()
    shell.ok("goto 1")
    at_1 = {n: shell.ok(f"print {n}")[0] for n in ("[1,1]", "[4,4]", "[9,9]")}
    shell.ok("goto 11")
    row_4_at_11 = shell_rows(shell)[3]
    search_11 = shell.ok("info search")
    step_11 = re.search(r"^Step: (\d+) ", search_11[1])
    level_11 = re.search(r"^Guess level: (\d+) now, (\d+) the biggest", search_11[2])
    assert step_11 is not None and level_11 is not None, search_11
    shell.ok("goto 1")
    open_quiz(page, server.url, server.folder)
    # any refusal drawn in the Variables view, whenever it comes ("No frame 1: it was
    # handed out before the search moved" in red after F10 at once, VS Code asking 400 ms late)
    page.evaluate(
        """() => { window.staleSeen = [];
            new MutationObserver(() => {
                const v = document.querySelector('.debug-variables');
                const said = v ? v.textContent : '';
                if (/handed out|No frame|No variables/.test(said)) window.staleSeen.push(said);
            }).observe(document.body, {subtree: true, childList: true, characterData: true}); }"""
    )
    click_gutter(page, 5)
    page.keyboard.press("F5")
    view = tab(page)
    # §2: an editor tab beside the quiz, without a click; no Board squeezed into the side bar
    caption_step(view, 0)
    expect(
        page.locator(".pane-header", has_text=re.compile("^Board$", re.IGNORECASE))
    ).to_have_count(0)
    # the step-0 board says why it has no candidates (§8)
    expect(view.locator("#note")).to_contain_text("no candidates yet")
    expect(view.locator(".cell .m:not(:empty)")).to_have_count(0)
    # §7: F10, the board of step 1 drawn from the stop; the extension never asked for it
    page.keyboard.press("F10")
    caption_step(view, 1)
    expect(view.locator("#note")).to_have_text("")
    for name, said in at_1.items():
        expect(view.locator(f'.cell[data-name="{name}"]')).to_have_attribute(
            "title", re.compile(f"^{re.escape(said)}")
        )
    page.keyboard.press("F5")  # the breakpoint on row 4's line: step 11
    caption_step(view, 11)
    assert sudoku_board_asked(server) == 0
    # the Variables view at this stop: the Run scope's values (the shell's info search), and no
    # refusal drawn in it at any stop on the way
    variables = page.locator(".debug-variables .monaco-list-rows")
    # (VS Code draws the view 400 ms after a stop: the stop's own row 4 first, not step 0's)
    expect(variables).to_contain_text(re.compile(rf"row 4\s*=\s*{row_4_at_11}"))
    scope = page.locator(".debug-variables .monaco-list-row")
    # (Board folded first: the list draws only the rows in view, and Run's are below Board's 9)
    scope.filter(has_text=re.compile(r"^\s*Board\s*$")).click()
    expect(variables).not_to_contain_text("row 4")
    scope.filter(has_text=re.compile(r"^\s*Run\s*$")).click()
    for name, value in (
        ("step", step_11.group(1)),
        ("level", level_11.group(1)),
        ("biggest level", level_11.group(2)),
    ):
        said = re.compile(rf"^\s*{name}\s*=\s*{value}\s*$")  # (not "biggest level" for "level")
        expect(page.locator(".debug-variables .monaco-list-row", has_text=said)).to_have_count(1)
    assert page.evaluate("window.staleSeen") == []
    # readable where it opens at 1200x740: cells of 24 px or more, marks of 8 px or more
    size = view.locator('.cell[data-name="[4,4]"]').evaluate("c => c.getBoundingClientRect().width")
    mark = view.locator('.cell[data-name="[4,4]"] .m').first.evaluate(
        "m => parseFloat(getComputedStyle(m).fontSize)"
    )
    assert size >= 24 and mark >= 8, (size, mark)
    # the layout follows the page's shape: the side (caption, scrubber, legend) beside a wide
    # page's board, below a tall one's; the legend within the page
    shape = view.locator("body").evaluate(
        """() => { const b = document.getElementById('board').getBoundingClientRect();
                   const s = document.getElementById('side').getBoundingClientRect();
                   const l = document.getElementById('legend').getBoundingClientRect();
                   return {wide: document.getElementById('layout').classList.contains('wide'),
                           beside: s.left >= b.right, below: s.top >= b.bottom,
                           legend: l.right <= innerWidth}; }"""
    )
    assert shape["legend"] and (shape["beside"] if shape["wide"] else shape["below"]), shape
    shot(page, "vscode-board.png")
    # a small window: the cells under 24 px are compact (a value, or the candidate count; the
    # marks in the magnifier under the pointer)
    page.set_viewport_size({"width": 760, "height": 420})
    try:
        expect(view.locator("#board.compact")).to_have_count(1)
        shell.ok("goto 11")
        count = view.locator('.cell[data-name="[4,4]"] .count')
        expect(count).to_have_text(str(len(numbers(shell.ok("print [4,4]")[0]))))
        expect(count).to_be_visible()
        view.locator('.cell[data-name="[4,4]"]').hover()
        expect(view.locator("#magnifier")).to_be_visible()
        expect(view.locator("#magnifier .mag-grid span:not(:empty)")).to_have_count(
            len(numbers(shell.ok("print [4,4]")[0])) + 1  # (and the 6 the guess struck)
        )
    finally:
        page.set_viewport_size({"width": 1200, "height": 740})
    expect(view.locator("#board.compact")).to_have_count(0)
    end_session(page)


def test_a_click_answers_in_the_board_with_links_to_its_steps(page: Page, server: Server) -> None:
    shell = quiet_shell()
    shell.ok("goto 11")
    why_44 = shell.ok("why [4,4]")
    six = next(line for line in why_44 if line.strip().startswith("6:"))
    shell.ok("goto 20")
    why_43 = shell.ok("why [4,3]")
    (when_43,) = shell.ok("when [4,3]")
    linked = int(when_43.split(")")[0])
    open_quiz(page, server.url, server.folder)
    page.keyboard.press("F5")
    view = tab(page)
    caption_step(view, 0)
    goto(view, 11)
    # §5: a click answers in a popover on the board, focus kept there, nothing in the console
    cell = view.locator('.cell[data-name="[4,4]"]')
    cell.click()
    popover = view.locator("#popover")
    expect(popover).to_be_visible()
    for line in why_44:
        expect(popover).to_contain_text(line.strip())
    expect(cell).to_be_focused()
    expect(page.locator(CONSOLE)).not_to_contain_text("> why [4,4]")
    # a struck candidate under the pointer says why it went (its line of why)
    struck = cell.locator(".m.removed")
    expect(struck).to_have_text("6")
    struck.hover()
    expect(struck).to_have_attribute("title", re.compile(re.escape(six.strip()[2:].strip())))
    view.locator("body").press("Escape")
    expect(popover).to_be_hidden()
    # at step 20, [4,3]'s why and when: the step numbers are links that go there
    goto(view, 20)
    view.locator('.cell[data-name="[4,3]"]').click()
    for line in (*why_43, when_43):
        expect(popover).to_contain_text(line.strip())
    shot(page, "vscode-why.png")
    popover.locator(f'a.step-link[data-step="{linked}"]').first.click()
    caption_step(view, linked)
    focus_back(view, linked)  # (before the right-click: the stop's focus would close its menu)
    # §8: "Go to the step that set it" is not offered on a given; it is on a placed value
    view.locator('.cell[data-name="[1,3]"]').click(button="right")
    menu = page.locator(".context-view .monaco-menu")
    expect(menu).to_contain_text("Why")
    expect(menu).not_to_contain_text("Go to the step that set it")
    page.keyboard.press("Escape")
    view.locator('.cell[data-name="[4,3]"]').click(button="right")
    expect(menu).to_contain_text("Go to the step that set it")
    page.keyboard.press("Escape")
    expect(menu).to_have_count(0)
    end_session(page)


def test_the_setting_puts_the_board_in_the_side_bar_or_the_panel(
    page: Page, server: Server
) -> None:
    # panel: the bottom panel's view, its tab titled "Sudoku Board" (not "Run and Debug")
    open_quiz(
        page, server.url, folder_with(server, "in-panel", {"sudoku-repl.boardLocation": "panel"})
    )
    page.keyboard.press("F5")
    view = board(page)
    caption_step(view, 0)
    titles = page.locator(".part.panel .composite-bar .action-item")
    expect(titles.filter(has_text=re.compile("Sudoku Board", re.IGNORECASE))).to_have_count(1)
    panel = page.locator(".part.panel").bounding_box()
    holder = page.locator(
        "div:not([data-parent-flow-to-element-id^='webview-editor-element']) > iframe.webview"
    ).bounding_box()
    assert panel and holder and holder["y"] >= panel["y"] - 1, (panel, holder)
    # a click answers there: the panel stays on the board (no switch to the debug console)
    view.locator('.cell[data-name="[1,1]"]').click()
    expect(view.locator("#popover")).to_be_visible()
    expect(view.locator(".cell").first).to_be_visible()
    end_session(page)
    # sidebar: the Run and Debug side bar's Board view, expanded; no tab
    open_quiz(
        page,
        server.url,
        folder_with(server, "in-sidebar", {"sudoku-repl.boardLocation": "sidebar"}),
    )
    page.keyboard.press("F5")
    header = page.locator(".pane-header", has_text=re.compile("^Board$", re.IGNORECASE))
    expect(header).to_have_attribute("aria-expanded", "true")
    caption_step(board(page), 0)
    expect(page.locator(f"div{TAB}")).to_have_count(0)
    end_session(page)


def test_undone_values_and_deep_levels_are_told_apart(page: Page, server: Server) -> None:
    shell = quiet_shell()
    shell.ok("goto 97")
    before = values(shell)
    shell.ok("goto 98")
    after = values(shell)
    undone = sorted(n for n in before if before[n] and not after[n])
    deep = Shell.loaded()
    deep.ok(f"load-quiz {REPO / 'puzzles' / HARDEST}")
    deep.ok("set trace off")
    deep.ok("goto 542")
    levels = {
        f"[{m.group(2)},{m.group(3)}]": int(m.group(1))
        for line in deep.ok("where")
        if (m := re.search(r"Level (\d+) \[(\d),(\d)\]", line))
    }
    assert len(levels) == 17
    open_quiz(page, server.url, server.folder)
    page.keyboard.press("F5")
    view = tab(page)
    caption_step(view, 0)
    goto(view, 98)
    # §6: a backtrack's emptied cells: not the set cell's yellow, the value not at mark 9's place
    expect(view.locator(".cell.undone")).to_have_count(len(undone))
    set_shade = view.locator(".sample.set").evaluate("e => getComputedStyle(e).backgroundColor")
    for name in undone[:3]:
        cell = view.locator(f'.cell[data-name="{name}"]')
        shade = cell.evaluate("e => getComputedStyle(e).backgroundColor")
        assert shade != set_shade, (name, shade)
        expect(cell.locator(".was")).to_have_text(str(before[name]))
        centred = cell.evaluate(
            """c => { const a = c.getBoundingClientRect(), b = c.querySelector('.was').getBoundingClientRect();
                      return Math.abs((a.left + a.right) / 2 - (b.left + b.right) / 2) < a.width / 6
                          && Math.abs((a.top + a.bottom) / 2 - (b.top + b.bottom) / 2) < a.height / 6; }"""
        )
        assert centred, name
    expect(view.locator(".legend")).to_contain_text("a backtrack")
    end_session(page)
    # 17 levels: 17 outline colours, far apart; badges of 9 px or more; the legend whole
    shutil.copy(REPO / "puzzles" / HARDEST, server.folder / HARDEST)
    first = (REPO / "puzzles" / HARDEST).read_text(encoding="utf-8").splitlines()[0]
    open_quiz(page, server.url, server.folder, HARDEST, text=first[:20])
    page.keyboard.press("F5")
    caption_step(view, 0, HARDEST)
    goto(view, 542, HARDEST)
    badges = view.locator(".cell .badge")
    expect(badges).to_have_count(17)
    drawn = dict(view.locator(".cell.guess").evaluate_all(
        "c => c.map(e => [e.dataset.name, Number(e.querySelector('.badge').textContent.slice(1))])"
    ))  # fmt: skip
    assert drawn == levels
    colours = badges.evaluate_all(
        "b => b.map(e => getComputedStyle(e).color.match(/\\d+/g).slice(0, 3).map(Number))"
    )
    for k, a in enumerate(colours):
        for b in colours[k + 1 :]:
            assert sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5 > 30, (a, b)
    sizes = badges.evaluate_all("b => b.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert min(sizes) >= 9, sizes
    samples = view.locator(".legend .badge-sample")
    expect(samples).to_have_count(17)
    inside = samples.evaluate_all(
        "s => s.every(e => { const r = e.getBoundingClientRect();"
        " return r.right <= innerWidth && r.left >= 0 && r.width > 0; })"
    )
    assert inside
    shot(page, "vscode-board-deep.png")
    end_session(page)


def test_the_scrubber_the_keys_the_change_a_pinned_step_and_the_difficulty(
    page: Page, server: Server
) -> None:
    shell = quiet_shell()
    shell.ok("goto 98")
    biggest = re.search(r"(\d+) the biggest", " ".join(shell.ok("info search")))
    assert biggest
    shell.ok("goto 10")
    at_10 = cells_of(shell)
    shell.ok("goto 11")
    at_11 = cells_of(shell)
    took = sorted(n for n in at_11 if n != "[4,3]" and at_11[n] != at_10[n])
    shell.ok("goto 20")
    at_20 = cells_of(shell)
    differ = sorted(n for n in at_20 if at_20[n] != at_11[n])
    # step 20 is under a wrong guess: no solution, no measure (the shell's line says so)
    (no_measure,) = (line for line in shell.ok("difficulty") if line.startswith("No measure:"))
    shell.ok("goto 11")
    measures = shell.ok("difficulty")
    (te,) = (m for line in measures if (m := re.match(r"T&E-depth: (\S+)", line)))
    open_quiz(page, server.url, server.folder)
    page.keyboard.press("F5")
    view = tab(page)
    caption_step(view, 0)
    # the step box (then each key, the scrubber's too) brings a stop, which focuses the quiz
    # (debug.focusEditorOnBreak): the focus is given back to the board, and the keys go on there
    # (goto waits for it, in the step box)
    goto(view, 98)
    scrubber = view.locator("#scrubber")
    expect(scrubber).to_have_attribute("aria-valuemax", "98")
    expect(scrubber).to_have_attribute("aria-valuenow", "98")
    expect(scrubber).to_have_attribute("title", re.compile(f"biggest {biggest.group(1)} "))
    # keys: [ a step back, ] on, g the step box
    first = view.locator('.cell[data-name="[1,1]"]')
    first.focus()
    page.keyboard.press("[")
    caption_step(view, 97)
    focus_back(view, 97)
    expect(first).to_be_focused()  # (the cell drawn again, the focus on it again)
    page.keyboard.press("]")
    caption_step(view, 98)
    focus_back(view, 98)
    page.keyboard.press("g")
    expect(view.locator("#step-input")).to_be_focused()
    # the scrubber's Home and End keys: the first step, the last reached, no further (capped)
    scrubber.press("Home")
    caption_step(view, 0)
    focus_back(view, 0)
    expect(scrubber).to_be_focused()
    scrubber.press("End")
    caption_step(view, 98)
    focus_back(view, 98)
    # a click on the strip goes there (about the middle: step 49)
    box = scrubber.bounding_box()
    assert box
    scrubber.click(position={"x": box["width"] / 2, "y": box["height"] / 2})
    # (waited on until the caption has left step 98: it says 98 until the click's stop is drawn)
    near_49 = "|".join(str(n) for n in range(47, 52))
    expect(view.locator("#caption")).to_have_text(re.compile(rf"^seed.txt: Step ({near_49})\b"))
    step = int(STEP.match(view.locator("#caption").inner_text()).group(1))  # type: ignore[union-attr]
    assert abs(step - 49) <= 2, step
    focus_back(view, step)
    expect(page.locator(".debug-call-stack .monaco-list-row").first).to_contain_text(f"{step})")
    # a drag: the board follows while the button is down (a live preview), then stays
    scrubber.hover(position={"x": 2, "y": 10})
    page.mouse.down()
    start = scrubber.bounding_box()
    assert start
    page.mouse.move(start["x"] + start["width"] * 0.2, start["y"] + 10, steps=4)
    # (the button still down: a step on the way, neither the click's nor the start's)
    expect(view.locator("#caption")).to_have_text(
        re.compile(r"^seed.txt: Step ([1-9]|1\d|2[0-2])\b")
    )
    page.mouse.move(start["x"] + start["width"] * 0.3, start["y"] + 10, steps=4)
    page.mouse.up()
    # (waited on until the caption shows the drop's step, about 0.3 of 98, not a preview's)
    near_29 = "|".join(str(n) for n in range(27, 33))
    expect(view.locator("#caption")).to_have_text(re.compile(rf"^seed.txt: Step ({near_29})\b"))
    dragged = int(STEP.match(view.locator("#caption").inner_text()).group(1))  # type: ignore[union-attr]
    focus_back(view, dragged)
    expect(page.locator(".debug-call-stack .monaco-list-row").first).to_contain_text(f"{dragged})")
    goto(view, 98)
    # a level frame selected: the box stays at the present step, and says it shows a frame's
    frames = page.locator(".debug-call-stack .monaco-list-row")
    level = frames.filter(has_text=re.compile(r"Level 1 \[")).first
    frame_step = int(re.search(r"at step (\d+)", level.inner_text()).group(1))  # type: ignore[union-attr]
    level.click()
    expect(view.locator("#where")).to_have_text(f"step {frame_step} (frame) of 98")
    expect(view.locator("#step-input")).to_have_value("98")
    frames.first.click()
    expect(view.locator("#where")).to_have_text("step 98 of 98")
    # the step's change: at step 11 the set value fades in, an arrow from [4,3] to each cell
    # it took a 6 from
    goto(view, 11)
    expect(view.locator('.cell[data-name="[4,3]"] .v')).to_have_css("animation-name", "fade-in")
    arrows = view.locator("#arrows line.arrow")
    expect(arrows).to_have_count(len(took))
    assert sorted(arrows.evaluate_all("a => a.map(e => e.dataset.to)")) == took
    assert set(arrows.evaluate_all("a => a.map(e => e.dataset.from)")) == {"[4,3]"}
    # pin step 11, go to 20: the cells that differ are outlined
    view.locator("#pin").click()
    expect(view.locator("#pin")).to_have_text("Unpin step 11")
    goto(view, 20)
    expect(view.locator(".cell.differs")).to_have_count(len(differ))
    assert (
        sorted(view.locator(".cell.differs").evaluate_all("c => c.map(e => e.dataset.name)"))
        == differ
    )
    view.locator("#pin").click()
    expect(view.locator(".cell.differs")).to_have_count(0)
    # the difficulty of the present step: one line, opened for the measures (the adapter's);
    # at step 20 none (no solution), at step 11 its T&E-depth first, the shell's lines below
    view.locator("#difficulty summary").click()
    summary = view.locator("#difficulty summary")
    expect(summary).to_have_text(f"Difficulty at step 20: {no_measure}")
    goto(view, 11)
    expect(summary).to_contain_text(f"Difficulty at step 11: T&E-depth {te.group(1)}")
    for line in measures:
        expect(view.locator("#difficulty .body")).to_contain_text(line.strip())
    end_session(page)
