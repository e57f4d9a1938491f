"""The VS Code end-to-end tests' support (tests/editors): code-server with the extension packaged
by vsce in a temporary folder of its own (``Server``), Playwright's page on it, and what a user does
there (open a quiz, click the gutter, hover, pick from a menu, go to a step on the Board) and reads
(the Board's cells). The fixtures are in tests/editors/conftest.py; each test module gets its own
code-server, each test its own copies of the folders it opens (``Server.workspace``) and its own
browser context, so that what one test leaves (a file it edited, a breakpoint, a layout) is not
where the next one starts."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import find_chromium
from tests.support.helpers import REPO, SEED, Shell

EXTENSION = REPO / "editors" / "vscode"
VSCE = EXTENSION / "node_modules" / "@vscode" / "vsce"
#: where setup-code-server.sh installs code-server by default
DEFAULT_CODE_SERVER = (
    Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    / "code-server-4.100.3" / "node_modules" / ".bin" / "code-server"
)  # fmt: skip
CODE_SERVER = os.environ.get("SUDOKU_REPL_CODE_SERVER") or str(DEFAULT_CODE_SERVER)
CHROMIUM = find_chromium()
ADAPTER = Path(sys.executable).with_name("sudoku-repl")
try:
    from playwright.sync_api import Browser, FrameLocator, Page, expect, sync_playwright
except ImportError:  # (every test skips, NEEDS; the names stay importable for the test modules)
    sync_playwright = None
    Browser = FrameLocator = Page = expect = None  # type: ignore[assignment,misc]

MISSING = [
    why
    for why, missing in (
        ("code-server (sh editors/vscode/test/setup-code-server.sh, or SUDOKU_REPL_CODE_SERVER)",
         not os.access(CODE_SERVER, os.X_OK)),
        ("chromium", CHROMIUM is None),
        ("playwright (pip install playwright)", sync_playwright is None),
        ("node and npm", shutil.which("node") is None or shutil.which("npm") is None),
        ("the venv's sudoku-repl", not ADAPTER.is_file()),
    )
    if missing
]  # fmt: skip
# (a mark, not a skip of the module: the tests are collected the same whatever is installed)
#: every e2e test module's pytestmark
NEEDS = pytest.mark.skipif(bool(MISSING), reason=f"VS Code end to end: needs {', '.join(MISSING)}")

#: the longest a user-visible change may take on a busy machine (a safety net, not a pace)
WAIT_MS = 60_000
ROW_4 = "400 005 300"  # examples/seed.txt's line 5, row 4's
SCREENSHOTS = os.environ.get("SUDOKU_REPL_SCREENSHOTS")
#: VS Code 1.100's own light theme (the dark and high-contrast ones follow the system's scheme)
LIGHT = "Default Light Modern"


def write_json(path: Path, value: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value, indent=2), encoding="utf-8")


#: the name of the folder the Python extension's stand-in has a Python selected for
PYTHON_CHOSEN = "python-chosen"
#: what an activated environment sets that the extension reads: the runner's are not the test's
#: (a venv activated where the tests run was found where a test wants none)
ACTIVATED = ("VIRTUAL_ENV", "CONDA_PREFIX")


def without_adapter(path: str) -> str:
    """A PATH without its folders that hold a sudoku-repl."""
    return os.pathsep.join(
        d for d in path.split(os.pathsep) if d and not (Path(d) / "sudoku-repl").exists()
    )


#: the PATH of every code-server's login shell here, and so of its extension host: the system's
#: folders, those without a sudoku-repl (a test may set its own: ``Server.login_path``)
LOGIN_PATH = without_adapter("/usr/local/bin:/usr/bin:/bin")
#: the login shell's stand-in. code-server's extension host takes its environment from
#: ``$SHELL -i -l -c COMMAND`` (VS Code's resolveShellEnv), so its PATH was the user's login
#: shell's (/etc/profile, ~/.profile, ~/.bashrc: pyenv's shims, ...), not the one the tests
#: ran with (but when that shell took over 10 s: then code-server's own); here it is
#: the test's alone.
LOGIN_SHELL = """#!/bin/sh
# the test's login shell (tests/support/vscode.py): the test's PATH, no profile read
PATH={path}
export PATH
for command; do :; done
exec /bin/sh -c "$command"
"""


class Server:
    """code-server on 127.0.0.1 with the packaged extension, its own folders in ``root``; the
    folders a test opens in a ``workspace`` of the test's own."""

    def __init__(self, root: Path, user_settings: dict[str, Any] | None = None) -> None:
        self.root = root
        self.user_settings = user_settings or {}
        self.user = root / "ud"
        self.login_path = LOGIN_PATH
        self.login_shell = root / "login-shell"
        # code-server's own environment, that of its extension host but PATH (the login
        # shell's): no venv activated, no sudoku-repl on PATH, whatever the runner's
        self.env = {
            **{name: value for name, value in os.environ.items() if name not in ACTIVATED},
            "PATH": without_adapter(os.environ.get("PATH", "")),
            "SHELL": str(self.login_shell),
            "XDG_DATA_HOME": str(root / "xdg-data"),
            "XDG_CONFIG_HOME": str(root / "xdg-config"),
            "XDG_CACHE_HOME": str(root / "xdg-cache"),
        }
        self.dirs = ["--user-data-dir", str(self.user), "--extensions-dir", str(root / "ext")]
        self.interpreter = root / "chosen-python" / "bin" / "python"
        self.missing = root / "nowhere" / "sudoku-repl"
        self.workspaces = 0
        self.name_folders(root / "w0")  # (made by ``workspace``, for each test)
        self.process: subprocess.Popen[str] | None = None
        self.url = ""

    def name_folders(self, base: Path) -> None:
        """The folders a test opens, in ``base``: a folder with the adapter in its .venv (found
        without settings), a folder without (the User setting names a program that is not
        there), a folder without, with the setting cleared, and one whose Python (the Python
        extension's) has it beside it; the adapter's protocol logs."""
        self.base = base
        self.folder = base / "quizzes"
        self.bare = base / "no-adapter"
        self.unset = base / "no-adapter-no-setting"
        self.chosen = base / PYTHON_CHOSEN
        self.protocol = base / "dap.log"
        self.chosen_log = base / "dap-chosen.log"

    def workspace(self) -> None:
        """The folders a test opens made afresh (``name_folders``), each with an untouched copy
        of the seed, in a folder of the test's own. (Its name is short: the error a folder
        without the adapter gets names the folder twice, and VS Code shows no toast for a
        notification taller than it has room for, 0.618 of the window's height.)"""
        self.workspaces += 1
        self.name_folders(self.root / f"w{self.workspaces}")
        for folder in (self.folder, self.bare, self.unset, self.chosen):
            folder.mkdir(parents=True)
            shutil.copy(REPO / SEED, folder / "seed.txt")
        shutil.copy(REPO / "examples" / "samurai.txt", self.folder / "samurai.txt")
        venv = self.folder / ".venv" / "bin"
        venv.mkdir(parents=True)
        (venv / "sudoku-repl").symlink_to(ADAPTER)
        for folder, log in ((self.folder, self.protocol), (self.chosen, self.chosen_log)):
            write_json(
                folder / ".vscode" / "settings.json",
                {"sudoku-repl.command": "", "sudoku-repl.log": str(log)},
            )
        write_json(self.unset / ".vscode" / "settings.json", {"sudoku-repl.command": ""})

    def settings(self, theme: str) -> None:
        """The User settings: ``theme``, a quiet workbench, and an adapter command that does
        not exist (in a remote window, as code-server's is: the folder with the adapter clears
        it in its own settings)."""
        write_json(
            self.user / "User" / "settings.json",
            {
                "workbench.colorTheme": theme,
                "window.autoDetectColorScheme": True,
                "workbench.startupEditor": "none",
                "workbench.tips.enabled": False,
                "security.workspace.trust.enabled": False,
                "chat.commandCenter.enabled": False,
                "extensions.autoCheckUpdates": False,
                "sudoku-repl.command": str(self.missing),
                **self.user_settings,
            },
        )

    def start(self) -> None:
        if not VSCE.is_dir():  # vsce, pinned by the extension's lockfile
            subprocess.run(
                ["npm", "ci", "--no-audit", "--no-fund", "--silent",
                 "--cache", str(self.root / "npm-cache")],
                cwd=EXTENSION, check=True, capture_output=True, timeout=600,
            )  # fmt: skip
        vsix = self.root / "sudoku-repl-debug.vsix"
        subprocess.run(
            ["node", "scripts/package.js", "--out", str(vsix)],
            cwd=EXTENSION, check=True, capture_output=True, timeout=300,
        )  # fmt: skip
        self.install(vsix)
        self.install_python_stand_in()
        self.interpreter.parent.mkdir(parents=True)
        self.interpreter.symlink_to(sys.executable)
        self.interpreter.with_name("sudoku-repl").symlink_to(ADAPTER)
        self.settings(LIGHT)
        self.write_login_shell()
        self.process = subprocess.Popen(
            [CODE_SERVER, "--bind-addr", "127.0.0.1:0", "--auth", "none", "--disable-telemetry",
             "--disable-update-check", "--disable-workspace-trust", *self.dirs],
            env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            start_new_session=True,
        )  # fmt: skip
        assert self.process.stdout is not None
        for line in self.process.stdout:  # its log, up to the line that says where it listens
            if m := re.search(r"HTTP server listening on (http://127\.0\.0\.1:\d+)", line):
                self.url = m.group(1)
                break
        assert self.url, "code-server did not say where it listens"

    def write_login_shell(self) -> None:
        """The login shell code-server runs for its extension host's environment (``SHELL``):
        its PATH is ``login_path``."""
        self.login_shell.write_text(
            LOGIN_SHELL.format(path=shlex.quote(self.login_path)), encoding="utf-8"
        )
        self.login_shell.chmod(0o755)

    def install_python_stand_in(self) -> None:
        """A stand-in for the Python extension (its id, ms-python.python), packaged by vsce
        from files written here: its API's ``environments`` as the extension reads them, the
        interpreter selected for a folder named ``PYTHON_CHOSEN`` (each test's ``chosen``) being
        ``self.interpreter`` (none for the other folders, as when the extension cannot resolve
        one)."""
        stub = self.root / "python-stand-in"
        write_json(
            stub / "package.json",
            {"name": "python", "publisher": "ms-python", "version": "0.0.1",
             "description": "The test's stand-in for the Python extension's API",
             "engines": {"vscode": "^1.90.0"}, "main": "./extension.js",
             "activationEvents": []},
        )  # fmt: skip
        chosen, interpreter = json.dumps(PYTHON_CHOSEN), json.dumps(str(self.interpreter))
        (stub / "extension.js").write_text(
            f"""'use strict';
const {{ basename }} = require('path');
const vscode = require('vscode');
exports.activate = () => ({{
    environments: {{
        getActiveEnvironmentPath(resource) {{
            const path = resource && basename(resource.fsPath) === {chosen} ? {interpreter} : 'python';
            return {{ id: path, path }};
        }},
        async resolveEnvironment(environment) {{
            const path = typeof environment === 'string' ? environment : environment.path;
            return path === 'python' ? undefined : {{ id: path, path, executable: {{ uri: vscode.Uri.file(path) }} }};
        }},
    }},
}});
""",
            encoding="utf-8",
        )
        vsix = self.root / "python-stand-in.vsix"
        subprocess.run(
            ["node", str(VSCE / "vsce"), "package", "--out", str(vsix),
             "--allow-missing-repository", "--skip-license"],
            cwd=stub, check=True, capture_output=True, timeout=300,
        )  # fmt: skip
        self.install(vsix)

    def install(self, vsix: Path) -> None:
        """Install a packaged extension into the test's own extensions folder."""
        subprocess.run(
            [CODE_SERVER, *self.dirs, "--install-extension", str(vsix)],
            env=self.env, check=True, capture_output=True, timeout=300,
        )  # fmt: skip

    def stop(self) -> None:
        if self.process is not None:
            os.killpg(self.process.pid, 15)  # its own session: the extension host, the adapter
            self.process.wait(timeout=60)
            assert self.process.stdout is not None
            self.process.stdout.close()

    def logs(self) -> str:
        """The extension host's logs and the adapter's (for a failure's report)."""
        protocol = (
            self.protocol.read_text(errors="replace")[-6000:] if self.protocol.exists() else ""
        )
        return f"== {self.protocol}\n{protocol}\n" + "\n".join(
            f"== {log}\n{log.read_text(errors='replace')[-3000:]}"
            for log in sorted(self.user.glob("logs/*/exthost*/**/*.log"))
            if "Sudoku" in log.name or log.name == "exthost.log"
        )


def shot(page: Page, name: str) -> None:
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / name))


def open_quiz(
    page: Page, url: str, folder: Path, name: str = "seed.txt", text: str = ROW_4
) -> None:
    """The folder in the workbench (its breakpoints and editors the test's own: a fresh folder
    in a fresh browser context has none), no editor open, a quiz (showing ``text``) opened
    from the explorer, told a quiz."""
    page.goto(f"{url}/?folder={folder}")
    expect(page.locator(".part.statusbar")).to_be_visible()  # (the workbench drawn)
    # (the editors the test left there before, restored: the quiz twice, in two groups, is
    # ambiguous)
    palette(page, "View: Close All Editor Groups")
    expect(page.locator(".quick-input-widget")).to_be_hidden()
    expect(page.locator(".editor-instance")).to_have_count(0)
    side_bar(page, "Explorer")
    page.get_by_role("treeitem", name=name, exact=True).click()
    expect(page.locator(".editor-instance .view-line", has_text=text)).to_be_visible()
    # a .txt is told a quiz by its content (the status bar's language)
    expect(page.locator("#status\\.editor\\.mode")).to_have_text("Sudoku quiz")


def end_session(page: Page) -> None:
    """Shift+F5, and the session ends: its toolbar gone."""
    page.keyboard.press("Shift+F5")
    expect(page.locator(".debug-toolbar")).to_be_hidden()


def quiet_shell() -> Shell:
    """A shell of the tests' own on the seed quiz, its trace off: what the board is held to."""
    shell = Shell.loaded()
    shell.ok("set trace off")
    return shell


def side_bar(page: Page, name: str) -> None:
    """The side bar's view container ``name`` shown (its tab in the activity bar clicked, unless
    it is the one shown: a click on that one would close the side bar)."""
    tab = page.get_by_role("tab", name=re.compile(f"^{re.escape(name)} \\("))
    if tab.get_attribute("aria-selected") != "true":
        tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")


def click_gutter(page: Page, line: int) -> None:
    """A click in the editor's gutter (the glyph margin) on line ``line`` (1-based)."""
    at = page.wait_for_function(
        """(line) => {
            const number = [...document.querySelectorAll('.editor-instance .line-numbers')]
                .find((e) => e.textContent.trim() === String(line));
            const gutter = document.querySelector('.editor-instance .glyph-margin');
            if (!number || !gutter) return null;
            const r = number.getBoundingClientRect(), g = gutter.getBoundingClientRect();
            return r.height > 0 && g.width > 0 ? {x: g.x + g.width / 2, y: r.y + r.height / 2} : null;
        }""",
        arg=line,
    ).json_value()
    page.mouse.click(at["x"], at["y"])


def pane(page: Page, name: str, expanded: bool) -> None:
    """A view of the Run and Debug side bar opened or closed by a click on its title."""
    header = page.locator(".pane-header", has_text=re.compile(f"^{name}$", re.IGNORECASE))
    if (header.get_attribute("aria-expanded") == "true") != expanded:
        header.click()
    expect(header).to_have_attribute("aria-expanded", "true" if expanded else "false")


def palette(page: Page, title: str) -> None:
    """The command ``title`` run from the Command Palette (F1)."""
    page.keyboard.press("F1")
    box = page.locator(".quick-input-widget input")
    expect(box).to_be_focused()
    box.fill(f">{title}")
    _enter_first(page, title)


def pick(page: Page, label: str) -> None:
    """The item ``label`` of the next quick pick (a command's question): typed once its box is
    new (empty), seen the first, Enter."""
    box = page.locator(".quick-input-widget input")
    expect(box).to_have_value("")
    box.fill(label)
    _enter_first(page, label)


def _enter_first(page: Page, label: str) -> None:
    """The quick pick's item named ``label`` (its name may go on: a key, a description)
    clicked."""
    name = re.compile(f"^{re.escape(label)}(\\W|$)")
    page.locator(".quick-input-list").get_by_role("option", name=name).first.click()


#: the holder of an editor tab's webview
TAB = '[data-parent-flow-to-element-id^="webview-editor-element"]'
#: the Debug Console's lines: the REPL's output tree alone (its input's suggestion widget, once
#: opened, holds a list of its own inside ``.repl`` too)
CONSOLE = ".repl .repl-tree .monaco-list-rows"


def board(page: Page, where: str = "view") -> FrameLocator:
    """The Board's page (a webview: an iframe in an iframe): the side bar's view, or the
    editor tab's (``tab``: its iframe's holder names the editor it lies over; the view's
    ``purpose`` in its address is gone once the view is made again)."""
    holder = f"div{TAB}" if where == "tab" else f"div:not({TAB})"
    return page.frame_locator(f"{holder} > iframe.webview").frame_locator("iframe#active-frame")


def cell(page: Page, name: str) -> Any:
    return board(page).locator(f'.cell[data-name="{name}"]')


def caption_step(view: FrameLocator, step: int, name: str = "seed.txt") -> None:
    """The Board's caption says step ``step`` of quiz file ``name``."""
    expect(view.locator("#caption")).to_have_text(re.compile(rf"^{re.escape(name)}: Step {step}\b"))


def focus_back(view: FrameLocator, step: int) -> None:
    """The Board has the focus back after the stop at ``step`` that it asked for took it (the
    quiz's editor is focused at a stop: debug.focusEditorOnBreak). Until then a key meant for
    the Board may go into the quiz file: a test waits on this before its next key."""
    expect(view.locator("body")).to_have_attribute("data-refocused", str(step))


def goto(view: FrameLocator, step: int, name: str = "seed.txt") -> None:
    """Step ``step`` (not the present one) from the Board's step box: typed there, Enter; the
    board drawn at that step, the focus back in the step box."""
    box = view.locator("#step-input")
    box.fill(str(step))
    box.press("Enter")
    caption_step(view, step, name)
    focus_back(view, step)
    expect(box).to_be_focused()


def numbers(line: str) -> list[int]:
    """The candidates ``print [r,c]`` lists for an empty cell."""
    m = re.fullmatch(r"\[\d,\d\] is empty: candidates ([\d ]+)", line)
    assert m, line
    return [int(d) for d in m.group(1).split()]


def marks(page: Page, name: str) -> tuple[list[int], list[int]]:
    """A cell's pencil marks as drawn: (the candidates, those drawn as removed)."""
    spans = cell(page, name).locator(".m")
    shown = [int(t) for t in spans.all_inner_texts() if t.strip()]
    removed = [int(t) for t in cell(page, name).locator(".m.removed").all_inner_texts()]
    return [d for d in shown if d not in removed], removed


def theme(page: Page, scheme: str, forced: bool = False) -> None:
    """The system's colour scheme as the browser tells it (light or dark, and high contrast as
    forced colours): VS Code follows it (window.autoDetectColorScheme, autoDetectHighContrast)."""
    page.emulate_media(color_scheme=scheme, forced_colors="active" if forced else "none")  # type: ignore[arg-type]


#: a character of the editor's line starting with ``text`` (the decorations VS Code draws in a
#: line, the stop's column and the inline values, left out): its centre (x, y), its left edge
#: and its width
CHARACTER = """([text, k]) => {
  const plain = (e) => e.textContent.replace(/\u00a0/g, ' ').replace(/[\ue000-\uf8ff]/g, '');
  const line = [...document.querySelectorAll('.editor-instance .view-line')]
    .find((e) => plain(e).startsWith(text));
  if (!line) return null;
  let seen = 0;
  const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.parentElement.closest('.debug-top-stack-frame-column, .debug-inline-value')) continue;
    if (seen + n.textContent.length > k) {
      const r = document.createRange();
      r.setStart(n, k - seen);
      r.setEnd(n, k - seen + 1);
      const b = r.getBoundingClientRect();
      return {x: b.x + b.width / 2, y: b.y + b.height / 2, left: b.x, w: b.width};
    }
    seen += n.textContent.length;
  }
  return null;
}"""


#: the editor's background is dark (the sum of its red, green and blue below 200)
DARK_WORKBENCH = """() => {
  const e = document.querySelector('.monaco-workbench .part.editor .monaco-editor-background')
    || document.querySelector('.monaco-workbench');
  const rgb = getComputedStyle(e).backgroundColor.match(/\\d+/g).map(Number);
  return rgb[0] + rgb[1] + rgb[2] < 200;
}"""


def hover_over(page: Page, text: str, k: int) -> None:
    """The pointer onto character ``k`` of the editor's line that starts with ``text``, in one
    move (a path across other lines may rest on one of them on a busy machine: its hover,
    drawn above it, then covers the line aimed at)."""
    at = page.wait_for_function(CHARACTER, arg=[text, k]).json_value()
    page.mouse.move(at["x"], at["y"])


def hover_shows(page: Page, text: str, k: int, shown: Any) -> None:
    """Hover over character ``k`` of the line starting with ``text``: ``shown`` is shown. The
    pointer leaves the editor first and the hover before is seen gone (VS Code ignores a
    pointer that moves within the triangle from it to a hover still shown: the way into it)."""
    page.mouse.move(5, 5)
    expect(page.locator(".debug-hover-widget")).to_be_hidden()
    hover_over(page, text, k)
    expect(shown).to_be_visible()


def choose(page: Page, label: str) -> None:
    """The item ``label`` of the context menu shown, chosen as a hand does: the pointer on it
    (VS Code marks it focused), then Enter. (A menu's items take a mouse-up only 100 ms after
    it is drawn, so that the right-click's own release picks nothing: a click as soon as it is
    drawn, as Playwright's is, may be lost.)"""
    item = page.locator(".context-view .monaco-menu .action-item", has_text=label)
    item.hover()
    expect(item).to_have_class(re.compile(r"\bfocused\b"))
    page.keyboard.press("Enter")
    expect(page.locator(".context-view .monaco-menu")).to_have_count(0)


def no_toast(page: Page) -> None:
    """No notification pop-up is shown."""
    expect(page.locator(".notification-toast")).to_have_count(0)


def no_toast_but(page: Page, said: str) -> None:
    """No notification pop-up is shown but the one that says ``said``."""
    expect(page.locator(".notification-toast").filter(has_not_text=said)).to_have_count(0)


def asked(server: Server, line: str) -> bool:
    """Whether the extension asked the adapter ``line`` in the board's context (the protocol
    log; read after the change the answer made is seen)."""
    for logged in server.protocol.read_text(encoding="utf-8").splitlines():
        _, _, message = logged.partition(" <- ")
        if message.startswith("{"):
            arguments = json.loads(message).get("arguments") or {}
            if arguments.get("expression") == line and arguments.get("context") == "board":
                return True
    return False


def shell_rows(shell: Shell) -> list[str]:
    """The nine rows of the shell's ``show`` (``406 005 300``)."""
    return [line for line in shell.ok("show") if re.fullmatch(r"\d{3} \d{3} \d{3}", line)][:9]


def rgb(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[k : k + 2], 16) for k in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"
