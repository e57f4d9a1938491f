"""The web page end to end, in Debian's chromium driven by playwright-core
(``e2e_page.mjs``; never a downloaded browser). The built page is served from a copy in the
test's folder by ``python3 -m http.server`` (no COOP/COEP headers: the page's service worker makes
it cross-origin isolated); the browser types the README's session, answers the guess question,
completes with Tab, gets a dropped file, stops a long ``runrun 0`` with Ctrl-C, downloads a file
the shell wrote, opens the replay in a tab, opens an HTML file someone sent and puts files named
as the page's folders, loads a quiz from the address, reloads and opens the Board's
picture of Sudoku Explainer's next step, `export svg` typed at once. No request may leave the
page's origin, and the browser reports no violation of the page's Content-Security-Policy. Then, in a browser without service workers (no cross-origin isolation), the
shell runs without shared memory, the page says what Ctrl-C cannot do, and the picture again.
On the C core: the page says it runs it, rates a hard quiz (SE 10.3) and Ctrl-C stops
a longer rating in the C; pages whose C does not load (their manifest names no module, or the
core's module does not compile) run the pure engine and say why, once.
And on a phone (``e2e_phone.mjs``, 390x844, touch): the terminal and the Board fit, and the Ctrl-C key of the
page's keys for touch screens, tapped, stops a ``runrun 0``, and a rating in the C, whose progress
line fits the terminal's width. What the terminal draws (``e2e_drawing.mjs``, 1400x900 at
device scale 1): lines typed at a person's pace, each at the start of the row after its prompt;
an underscore whole.

Run by ``.ci/e2e-web`` (``SUDOKU_REPL_E2E_WEB=1``), not ``.ci/run``, which builds the page for
the Node test (a few minutes of the pure engine in a browser); skipped, with one line, where
Chromium, Node, web/'s npm packages or a built page are missing, or that variable is not set."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import find_chromium
from tests.support.helpers import PUZZLES, REPO, TEST_DATA, Shell
from tests.support.screenshot import CONTRAST, lines, luminance_rows
from tests.web.built import (
    ADDRESS_QUIZ,
    ALL_C,
    NODE,
    PAGE,
    needs_page,
    page_beside,
    page_build,
    served,
    welcome,
)

CHROMIUM = find_chromium()
PLAYWRIGHT = REPO / "web" / "node_modules" / "playwright-core"
pytestmark = [
    needs_page,
    pytest.mark.skipif(
        os.environ.get("SUDOKU_REPL_E2E_WEB") != "1",
        reason="the web page's end to end runs in .ci/e2e-web (SUDOKU_REPL_E2E_WEB=1): skipped",
    ),
    pytest.mark.skipif(CHROMIUM is None, reason="no Chromium (apt-get install chromium): skipped"),
    pytest.mark.skipif(
        not PLAYWRIGHT.is_dir(), reason="no playwright-core (npm ci in web/): skipped"
    ),
]

#: a file dropped on the page whose ``runrun 0`` is long (millions of steps): Ctrl-C stops it
DROPPED = TEST_DATA / "long_search_samurai.txt"
EASY = (PUZZLES / "norvig_easy50.txt").read_text().split()[0]


def hard_rated(line: int) -> tuple[str, str]:
    """The quiz of ``tests/data/se_hard_rated.txt``'s ``line`` and its SE rating there, as
    ``difficulty`` says it (``ER 10.3, EP 1.2, ED 1.2``)."""
    quiz, er, ep, ed = (TEST_DATA / "se_hard_rated.txt").read_text().splitlines()[line - 1].split()
    return quiz, f"ER {er}, EP {ep}, ED {ed}"


#: a quiz the C rates in under a second (SE 10.3), and one it rates for some 3 s (11.8): Ctrl-C
#: stops that one
HARD, LONG_RATED = hard_rated(2), hard_rated(27)
#: pages whose C does not load, made beside the page in its served folder: each one's
#: folder, and what its welcome and status line say of its C (for the second, the browser's error
#: follows)
FALLBACKS = {
    "no-c": "Pure Python runs here: this page was built without its C "
    "(its manifest names no C module)",
    "bad-c": "C runs Sudoku Explainer and the measures; the core's C failed to load (",
}


def welcomed(shown: str, engine: str, quiz: str | None = None) -> str:
    """What ``shown`` (a transcript) holds after the page's welcome, once its words are those of
    ``welcome(engine, quiz)`` (the terminal breaks its lines at blanks to its width)."""
    said = shown[: shown.index("\n\n") + 2]
    assert said.split() == welcome(engine, *([quiz] if quiz else [])).split(), said
    return shown[len(said) :]


def fallback_pages(site: Path) -> None:
    """``FALLBACKS``' pages beside the page in ``site``: ``no-c``, its manifest naming no C module
    (a page built before it did); ``bad-c``, the core's module cut short (it does not compile)."""
    manifest = json.loads((site / "manifest.json").read_text())
    page_beside(site, "no-c", {k: v for k, v in manifest.items() if k != "native"})
    bad = page_beside(site, "bad-c", manifest)
    (bad / "native").unlink()
    shutil.copytree(site / "native", bad / "native")
    (core,) = [m["file"] for m in manifest["native"]["modules"] if m["package"].endswith(".core")]
    (bad / core).write_bytes((bad / core).read_bytes()[:1000])


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built page, copied."""
    folder = tmp_path_factory.mktemp("site") / "site"
    shutil.copytree(PAGE, folder)
    return folder


@pytest.fixture(scope="module")
def origin(site: Path) -> Iterator[str]:
    """The built page, served on the loopback by Python's own static server."""
    with served(site) as origin:
        yield origin


def driven(script: str, origin: str, *args: str, timeout: int = 3000) -> dict[str, Any]:
    """The report (JSON on stdout) of a Node driver of ``tests/web`` run on the page at
    ``origin`` in Debian's Chromium, ``args`` after those two."""
    assert NODE is not None and CHROMIUM is not None
    done = subprocess.run(
        [NODE, str(REPO / "tests" / "web" / script), origin, CHROMIUM, *args],
        capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    report: dict[str, Any] = json.loads(done.stdout)
    return report


@pytest.fixture(scope="module")
def visit(origin: str, site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    profiles = tmp_path_factory.mktemp("profiles")
    fallback_pages(site)
    quizzes = (HARD[0], LONG_RATED[0])
    return driven("e2e_page.mjs", origin, str(profiles), str(DROPPED), EASY, *quizzes, *FALLBACKS)


@pytest.fixture(scope="module")
def phone(origin: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A phone's visit (``e2e_phone.mjs``): the layout's boxes, and what the keys tapped did."""
    profile = str(tmp_path_factory.mktemp("phone"))
    return driven("e2e_phone.mjs", origin, profile, LONG_RATED[0], timeout=1200)


@pytest.fixture(scope="module")
def webmcp(origin: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Visits with Chromium's own WebMCP (``--enable-features=WebMCP``), with stand-ins on
    ``document`` and on ``navigator``, and one without (``e2e_webmcp.mjs``)."""
    profiles = tmp_path_factory.mktemp("webmcp")
    return driven("e2e_webmcp.mjs", origin, str(profiles), timeout=1800)


#: the browser's own API (listed and called by playwright's ``page.webmcp``), then the stand-ins
OFFERED = ("real", "document", "navigator")


def test_the_browser_s_own_webmcp_is_what_the_page_used(webmcp: dict[str, Any]) -> None:
    # (Chromium 150 with --enable-features=WebMCP: document.modelContext, the browser's object;
    # navigator's, its old place, taken away as in Chromium 152)
    api = webmcp["real"]["api"]
    assert api == {"document": "[object ModelContext]", "native": True, "navigator": False}
    # (a stand-in on document is preferred: the one beside it on navigator got nothing)
    assert webmcp["document"]["elsewhere"] == 0


@pytest.mark.parametrize("offered", OFFERED, ids=[f"webmcp-{o}" for o in OFFERED])
def test_the_page_registers_the_mcp_server_s_tools(webmcp: dict[str, Any], offered: str) -> None:
    # the tools the page registers are the MCP server's, as declared once
    from sudoku_repl.frontends.mcp.tools import TOOLS

    tools = webmcp[offered]["tools"]
    assert [t["name"] for t in tools] == [tool.name for tool in TOOLS]
    # (generate's help names the machine's cores, "jobs ... at most N": the browser's differ)
    cores = re.compile(r"at most \d+\)")
    for registered, tool in zip(tools, TOOLS, strict=True):
        assert cores.sub("", registered["description"]) == cores.sub("", tool.description)
        assert registered["inputSchema"] == tool.schema
        if offered != "real":  # (the browser lists no function)
            assert registered["execute"] == "function"
    assert webmcp[offered]["errors"] == []


@pytest.mark.parametrize("offered", OFFERED, ids=[f"webmcp-{o}" for o in OFFERED])
def test_a_tool_call_runs_on_the_page_s_session(webmcp: dict[str, Any], offered: str) -> None:
    called = webmcp[offered]
    wrong = "r2c5=4: wrong: with r2c5=4, a digit has no place left in block 2."  # (docs/agents.md)
    assert called["wrong"]["content"] == [{"type": "text", "text": wrong}]
    assert called["wrong"]["structuredContent"]["verdict"] == "wrong"
    assert "isError" not in called["wrong"]
    step = called["step"]
    assert step["structuredContent"] == {"step": 2, "level": 0, "solutions": 0}
    assert step["content"][0]["text"].startswith("2) row 2 complete shrunken by group\n")
    outside = called["outside"]
    assert outside["isError"] is True
    assert outside["content"][0]["text"].startswith("No cell r10c1")
    # the terminal shows each call, its lines, and the prompt again; the session moved: the
    # Board is at step 2, and `levels` typed after the calls reads it
    shown = called["terminal"]
    assert shown.startswith(
        f'[tool call] check_move {{"move": "r2c5=4"}}\n{wrong}\n\nOrder please:\n'
    )
    assert (
        f'[tool call] step {{"count": 2}}\n{step["content"][0]["text"]}\n\nOrder please:\n' in shown
    )
    assert "\nOrder please:\nlevels\n" in shown
    assert called["caption"].startswith("Step 2")


def test_without_webmcp_nothing_is_registered(webmcp: dict[str, Any]) -> None:
    assert webmcp["plain"]["hasContext"] is False
    assert webmcp["plain"]["errors"] == []


def test_no_request_leaves_the_origin(visit: dict[str, Any], origin: str) -> None:
    # (the worker's requests are recorded too: Pyodide's runtime, the wheels' contents)
    assert any(u.endswith("/pyodide/pyodide.asm.wasm") for u in visit["requests"])
    assert any(u.endswith("/site.zip") for u in visit["requests"])
    outside = [u for u in visit["requests"] if not u.startswith((origin + "/", "blob:", "data:"))]
    assert outside == []
    assert visit["errors"] == []


def test_the_page_s_policy_holds_and_nothing_breaks_it(visit: dict[str, Any]) -> None:
    # no violation of a Content-Security-Policy reported, in the page, its frames,
    # its workers, the viewer, over the whole visit; an inline script put in the page is refused
    assert visit["cspBefore"] == []
    assert visit["injected"] is False
    assert any("Content Security Policy" in said for said in visit["csp"])  # (the one refused)


def test_the_page_starts_as_the_readme_s_first_command(visit: dict[str, Any]) -> None:
    assert visit["isolated"] is True
    assert welcomed(visit["start"], page_build()) == "Quiz loaded.\n\nOrder please:\n"


def test_the_first_screen_names_the_quiz_and_what_to_type_first(visit: dict[str, Any]) -> None:
    said = " ".join(visit["start"].split())
    assert "The quiz: examples/seed.txt, the SudokuSolver 2.6 article's." in said
    assert "Type step first (the solver's first step; Enter repeats it)" in said
    assert "The quiz: the one in the page's address (?quiz=), as quiz.txt." in " ".join(
        visit["linked"].split()
    )


def test_the_readme_session_typed_with_its_guess_answered(visit: dict[str, Any]) -> None:
    assert visit["question"] == "Take a guess please, by default it will be [6,2]=5: "
    readme = visit["readme"]
    assert "Take a guess please, by default it will be [6,2]=5: [6,2]=9\n" in readme
    assert "\nOrder please:\nbisect level 11\n" in readme
    assert "Level 11 is first reached at step 92: 92) Guess [4,2] level 11 at 1 out of 2" in readme
    assert readme.endswith("Fine [steps:184, solution sum:1].\n") or (
        "Fine [steps:184, solution sum:1]." in readme
    )


def test_tab_completes_from_the_shell_s_declarations(visit: dict[str, Any]) -> None:
    after = visit["completed"][len(visit["readme"]) :]
    assert after.startswith("bisect level 11\n")


def test_a_dropped_file_loads_and_ctrl_c_stops_runrun_0(visit: dict[str, Any]) -> None:
    assert re.fullmatch(r"[\d,]+ steps, \d+\.\d s \(Ctrl-C stops\)", visit["progress"])
    stopped = visit["stopped"]
    assert re.search(r"^Interrupted at step [\d,]+\.$", stopped, re.M), stopped
    assert visit["after"].endswith("Order please:\n")  # the session goes on


def test_the_page_runs_the_c_core(visit: dict[str, Any]) -> None:
    # .ci/e2e-web builds the page with its C: its welcome and its status line name each
    # of its three modules
    assert page_build() == ALL_C
    welcomed(visit["start"], ALL_C)
    assert f"Ready: {ALL_C}; Ctrl-C stops a command." in visit["status"]


def test_the_c_rates_a_hard_quiz(visit: dict[str, Any]) -> None:
    rated = visit["rated"]
    assert rated.startswith("difficulty --measures se\nDifficulty of the state at step 0 ")
    assert f"\nSE: {HARD[1]} (Sudoku Explainer: " in rated
    assert rated.endswith("\nOrder please:\n")


#: what the shell says when Ctrl-C stops ``difficulty --measures se``, and its next prompt
RATING_STOPPED = "\nInterrupted while measuring se; not measured: se.\n\nOrder please:\n"
#: its progress line meanwhile
RATING_PROGRESS = r"difficulty of the state at step 0: measuring se, \d+\.\d s \(Ctrl-C stops\)"
#: that line on a phone, where it is wider than the terminal: what it is at cut short
RATING_PROGRESS_CUT = r"difficulty of the [a-z 0-9:]*…, \d+\.\d s \(Ctrl-C stops\)"


def test_ctrl_c_stops_a_rating_in_the_c_and_the_session_goes_on(visit: dict[str, Any]) -> None:
    # (SE 11.8: some 3 s of the C natively, more in the page; a rating not stopped prints its SE line)
    stopped = visit["cStopped"]
    assert re.fullmatch(RATING_PROGRESS, stopped["progress"]), stopped["progress"]
    assert stopped["stopped"].endswith(RATING_STOPPED), stopped["stopped"]
    assert "\nSE: " not in stopped["stopped"]
    assert visit["cAfter"].startswith("step\n") and visit["cAfter"].endswith("\nOrder please:\n")
    assert "\nSteps:1\n" in visit["cAfter"]


@pytest.mark.parametrize("folder", FALLBACKS)
def test_where_the_c_does_not_load_the_page_runs_the_pure_engine_and_says_why_once(
    visit: dict[str, Any], folder: str
) -> None:
    seen = visit["fallback"][folder]
    # (the welcome broken at the terminal's width: compared word by word)
    said = " ".join(seen["transcript"].split())
    before, after = (" ".join(part.split()) for part in welcome("\0").split("\0"))
    assert said.startswith(f"{before} {FALLBACKS[folder]}") and after in said
    if folder == "bad-c":  # (the browser's words follow: the module that does not compile)
        assert "/native/sudoku_repl/core/_native.abi3.so" in said
        assert said.count("failed to load") == 1
    else:
        assert said.count("built without its C") == 1
    # `hint se` answers on the pure engine, and says no pure build's line (pip's advice)
    assert "Order please: hint se Hidden Single in block 2: [2,5]=5 (ER 1.2) Order" in said
    assert "pure-Python build runs" not in said and "pip" not in said
    # the status line says what the welcome says
    assert FALLBACKS[folder] in seen["status"] and "pip" not in seen["status"]


def test_a_file_the_shell_wrote_is_downloaded_and_the_replay_opens(
    visit: dict[str, Any],
) -> None:
    assert visit["downloaded"]["name"] == "session.txt"
    # (the run Ctrl-C stopped is scripted as the path it took)
    assert "\nset trace off\nruntil " in visit["downloaded"]["text"]
    # the replay opens in a tab of its own with no opener, in a frame of an opaque origin, and
    # its own script runs there
    replay = visit["replay"]
    assert replay == {**replay, "opener": False, "origin": "null", "tabTitle": "replay.html"}
    assert replay["title"]


def test_a_quiz_from_the_address_and_a_reload_keep_history(visit: dict[str, Any]) -> None:
    assert (
        welcomed(visit["linked"], page_build(), ADDRESS_QUIZ) == "Quiz loaded.\n\nOrder please:\n"
    )
    assert "003 020 600\n" in visit["linkedShow"]  # (the quiz's first row: ..3.2.6..)
    assert visit["reloaded"].startswith("show\n")  # Up: the last line before the reload


def test_without_isolation_the_shell_runs_and_says_what_ctrl_c_cannot_do(
    visit: dict[str, Any],
) -> None:
    assert "not cross-origin isolated" in visit["plainStatus"]
    assert "Ctrl-C cannot stop a command here" in visit["plainStatus"]
    plain = welcomed(visit["plain"], page_build())
    assert plain.startswith("Quiz loaded.\n\nOrder please:\nstep\n")
    assert "\nSteps:1\n" in plain
    assert "\nOrder please:\nruntil 3\n" in plain  # (Tab: "ru" to "run", then "til 3" typed)


def test_the_board_beside_the_terminal_explains_a_cell(visit: dict[str, Any]) -> None:
    assert visit["boardCaption"].startswith("Step 184")  # the present step after the session
    # a click on [6,2]: `why [6,2]` typed at the prompt, its line in the Board's popover (the
    # answer 9 at step 7 is undone by step 60, which goes up to [6,2]=5: tests/data/README.md)
    asked = visit["asked"].split("\n")
    assert asked[0] == "why [6,2]" and asked[-3:] == ["", "Order please:", ""]
    assert asked[1].startswith("60) [6,2]=5: Upward guess [6,2] level 1")
    assert visit["popover"] == "[6,2]" + "".join(asked[1:-3])


def marks(found: list[dict[str, str]]) -> list[tuple[str, str, str]]:
    return [(m["class"], m["cell"], m["digit"]) for m in found]


def test_the_board_s_picture_holds_no_line_up(visit: dict[str, Any]) -> None:
    # the Board's folded line opened at step 10 of the seed's record, `export svg x.svg` and
    # `show` typed at once: each runs and its prompt comes back (the picture given up, drawn
    # at the next prompt); the picture is of `hint se`'s step there (a contradiction forcing
    # chain removes 4 from [1,8])
    seen = visit["picture"]
    assert seen["exported"] == (
        "export svg x.svg\nWrote x.svg: Dynamic Contradiction Forcing Chains (9.1).\n\n"
        "Order please:\n"
    )
    assert seen["shown"].startswith("show\n") and "\nSteps:10\n" in seen["shown"]
    assert seen["shown"].endswith("\nOrder please:\n")
    assert seen["caption"].startswith("Sudoku Explainer's next step from step 10: Dynamic ")
    assert marks(seen["marks"]) == [("candidate removed", "r1c8", "4")]
    assert len(seen["layouts"]) == 1  # (the Board's layout holds still with the picture open)


def test_without_isolation_the_board_s_picture_holds_no_line_up(visit: dict[str, Any]) -> None:
    # without shared memory too (the worker looks for the page's messages a task later): at the
    # step `runtil 3` stops at, Sudoku Explainer's next step is a hidden single, [5,6]=3
    seen = visit["plainPicture"]
    assert (
        seen["exported"] == "export svg x.svg\nWrote x.svg: Hidden Single (1.2).\n\nOrder please:\n"
    )
    assert seen["shown"].startswith("show\n") and seen["shown"].endswith("\nOrder please:\n")
    assert seen["caption"].startswith("Sudoku Explainer's next step from step ")
    assert marks(seen["marks"]) == [("candidate placed", "r5c6", "3")]


def test_a_file_named_as_a_folder_is_refused_and_the_session_goes_on(
    visit: dict[str, Any],
) -> None:
    # chosen (puzzles, examples) or dropped (.., a/.., whose folder is taken off):
    # each said refused, the shell answering every line after, its folders as they were
    assert visit["refused"] == [
        f"{name} was not put in the page's folder: {why}. Rename it and put it again."
        for name, why in [
            ("puzzles", "one of the page's folders has that name"),
            ("examples", "one of the page's folders has that name"),
            ("..", "that is not a file's name here (a name with no folder in it is)"),
            ("..", "that is not a file's name here (a name with no folder in it is)"),
        ]
    ]
    after = visit["afterRefused"]
    assert "\nload-quiz puzzles/norvig_easy50.txt\nQuiz loaded.\n" in after
    assert visit["statusAfterRefused"].startswith("Ready: ")


def test_a_dropped_script_s_note_gives_the_line_that_runs_it(visit: dict[str, Any]) -> None:
    # a script, under a name with a blank: `source` and the name as the shell takes it (the
    # line typed runs it), in an isolated page and in one on messages
    note = "my script.txt is in the page's folder: source 'my script.txt' runs its commands."
    assert visit["scriptNote"] == note and visit["plainScriptNote"] == note
    ran = visit["scriptRan"]
    assert ran.startswith("source 'my script.txt'\n\nOrder please:\nload-quiz examples/seed.txt\n")
    assert "\nQuiz loaded.\n\nOrder please:\nstep\n" in ran and "\nSteps:1\n" in ran, ran
    assert "Invalid line" not in ran


def test_a_file_name_no_typed_line_holds_is_refused(visit: dict[str, Any]) -> None:
    assert visit["newlineNote"] == (
        "q.txt\n was not put in the page's folder: its name holds a line break or another "
        "control character, which no line typed at the prompt can hold. Rename it and put it again."
    )
    assert visit["statusAfterRefused"].startswith("Ready: ")


def test_a_python_file_put_in_the_folder_is_never_imported(visit: dict[str, Any]) -> None:
    # a mistyped command imports difflib: the standard library's
    assert visit["plantedNote"].startswith("difflib.py is in the page's folder: ")
    assert visit["afterRefused"].startswith("stpe\nUnknown command 'stpe'; did you mean step?\n")
    assert "PLANTED" not in visit["afterRefused"]


def test_the_page_names_the_shell_s_commands_that_read_a_file(visit: dict[str, Any]) -> None:
    # the note after a file lands and the Files paragraph: each command named
    # is one of the shell's (rate is the system prompt's)
    from sudoku_repl.assembly import register_commands
    from sudoku_repl.commands.table import lookup

    register_commands()
    name = DROPPED.name
    named = re.findall(rf"(\S+) {re.escape(name)}", visit["putNote"])
    assert "load-quiz" in named
    files = re.match(r"The page's folder: (.*?) reads? it", " ".join(visit["filesText"].split()))
    assert files, visit["filesText"]
    in_files = re.split(r",\s*|\s+and\s+", files.group(1))
    assert "load-quiz" in in_files
    assert [w for w in [*named, *in_files] if lookup(w) is None] == []


def test_an_html_file_someone_sent_reaches_nothing_of_the_page(visit: dict[str, Any]) -> None:
    # opened from Files, its script ran with no opener, in an opaque origin: it
    # could not retitle the page nor type into the shell (its messages, and one from a window
    # not the Board's, are not obeyed); the shell goes on
    attack = visit["attack"]
    assert attack["title"] == "attack ran: nothing reached"
    assert attack["opener"] is False and attack["origin"] == "null"
    after = visit["afterAttack"]
    assert after["titleKept"] is True and after["prompting"] is True
    assert after["shown"].startswith("show\n") and "bye" not in after["shown"]


# -- the Board beside the terminal (e2e_board.mjs) ------------------------------------

#: the quiz the Board's list of every step Sudoku Explainer offers is opened on: the first
#: position of ``tests/data/se_all_hints``, whose ``serate.out`` holds SE's own list of it
STEPS_QUIZ = (TEST_DATA / "se_all_hints" / "states.txt").read_text().split()[0]
#: a line of ``hint se all``'s list: its number, then the step's line
LISTED = re.compile(r"^ *\d+\. (.*)$")
#: the record's extent as ``info search`` says it ("the record holds steps 1..12"), none: 0
RECORD = re.compile(r"the record holds steps 1\.\.(\d+)")


@pytest.fixture(scope="module")
def board_visit(origin: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The Board looked at, clicked and typed beside (``e2e_board.mjs``); its screenshots in
    the report's ``shots`` folder."""
    shots = tmp_path_factory.mktemp("shots")
    profile = tmp_path_factory.mktemp("profile")
    report = driven("e2e_board.mjs", origin, str(profile), str(shots), STEPS_QUIZ)
    report["shots"] = shots
    return report


@pytest.mark.parametrize("shot", ["grid-light-1400", "grid-dark-1400", "grid-light-390"])
def test_the_board_draws_its_grid_thin_lines_and_thick_box_lines(
    board_visit: dict[str, Any], shot: str
) -> None:
    # a screenshot of the Board read as a person reads it: ten lines each way, evenly spaced,
    # the box lines (1st, 4th, 7th, 10th) thicker and darker than the cell lines between them
    assert board_visit["errors"] == []
    pixels = luminance_rows((board_visit["shots"] / f"{shot}.png").read_bytes())
    for vertical in (True, False):
        found = lines(pixels, vertical)
        assert len(found) == 10, (vertical, found)
        gaps = [b.at - a.at for a, b in pairwise(found)]
        assert max(gaps) - min(gaps) <= 3, (vertical, gaps)
        boxes, cells = found[::3], [line for k, line in enumerate(found) if k % 3]
        assert all(line.width >= 2 for line in boxes), (vertical, boxes)
        assert all(line.width == 1 for line in cells), (vertical, cells)
        assert min(line.contrast for line in boxes) > max(line.contrast for line in cells)
        assert min(line.contrast for line in boxes) >= 0.5  # (dark on light, light on dark)


def test_the_board_s_page_runs_its_own_scripts_by_a_policy_without_a_nonce(
    board_visit: dict[str, Any],
) -> None:
    # no nonce: the built page is the same for every visitor, a nonce in it no secret; no
    # inline script; the policy the browser read names the page's own origin, and it refused
    # nothing (the Board drew)
    policy = board_visit["policy"]
    assert "nonce" not in policy["meta"]
    assert "script-src 'self';" in policy["meta"] and "default-src 'none';" in policy["meta"]
    assert policy["scripts"] == [
        {"src": "board_host.js", "nonce": False, "inline": False},
        {"src": "board.js", "nonce": False, "inline": False},
    ]
    assert policy["violations"] == []


def test_after_a_click_in_the_board_the_keys_reach_the_shell(board_visit: dict[str, Any]) -> None:
    # (the line typed after the click on [1,1] ran at the prompt: before, it went to the Board,
    # whose cell took the Enter as another click)
    after = board_visit["afterClick"]
    assert after.startswith("step\n") and "\nSteps:4\n" in after, after


def test_the_step_counter_follows_the_record_a_load_quiz_starts_anew(
    board_visit: dict[str, Any],
) -> None:
    said = []
    for seen in board_visit["counter"]:
        record = RECORD.search(seen["info"])
        step = re.search(r"^Step: (\d+)", seen["info"], re.M)
        assert step is not None, seen["info"]
        said.append((seen["where"], f"step {step.group(1)} of {record.group(1) if record else 0}"))
    assert [where for where, _ in said] == [expected for _, expected in said]
    assert said[-1][0] == "step 1 of 1"  # (the quiz loaded has a record of one step)


def test_the_next_step_s_picture_is_drawn_large_over_the_board(
    board_visit: dict[str, Any], tmp_path: Path
) -> None:
    # export svg's picture of the same step (the seed's step 3), as wide as it draws it
    shell = Shell.loaded()
    shell.ok("goto 3")
    (wrote,) = shell.ok(f"export svg {tmp_path / 'step.svg'}")
    width = float(ET.parse(tmp_path / "step.svg").getroot().attrib["width"])
    seen = board_visit["picture"]
    assert seen["caption"].startswith(
        "Sudoku Explainer's next step from step 3: "
        + re.sub(r"^Wrote .*?: ", "", wrote).rstrip(".")
    )
    assert seen["width"] >= width and seen["height"] >= width and seen["onTop"]
    # on a phone, as wide as the Board's page has room for (its 8 px margins aside)
    phone = board_visit["phonePicture"]
    assert phone["onTop"] and phone["width"] >= min(width, phone["inside"]["width"] - 16) - 1


def hint_se_all(shell: Shell) -> tuple[str, list[str]]:
    """What ``hint se all`` prints on ``shell``'s state: its head line, and each step's line
    without its number."""
    said = shell.ok("hint se all")
    head = next(k for k, line in enumerate(said) if line.startswith("Every step"))
    listed = [LISTED.match(line) for line in said[head + 1 :]]
    assert all(listed), said
    return said[head], [found.group(1) for found in listed if found]


def test_the_board_lists_every_step_as_hint_se_all_and_serate_do(
    board_visit: dict[str, Any],
) -> None:
    # the list opened at step 0 of the quiz loaded, then kept open over a step: each time the
    # lines the shell's hint se all prints on the same state, as many as its head line says
    shell = Shell()
    shell.ok(f"load-quiz {STEPS_QUIZ}")
    first, then = board_visit["steps"]
    for seen, step in ((first, 0), (then, 1)):
        head, lines = hint_se_all(shell)
        count = re.search(r"\((\d+) steps\)", head)
        assert count is not None and int(count.group(1)) == len(lines), head
        assert seen["summary"] == (
            f"Every step Sudoku Explainer offers at step {step}: {len(lines)} steps, easiest first"
        )
        assert seen["lines"] == lines
        shell.ok("step")
    # and at step 0, Sudoku Explainer's own list of that quiz (Solver.getAllHints), easiest
    # first: each line its technique's and its rating's
    rows = []
    for line in (TEST_DATA / "se_all_hints" / "serate.out").read_text().split("# ")[1:]:
        state, *steps = line.splitlines()
        if state == STEPS_QUIZ:
            rows = sorted((step.split("\t") for step in steps), key=lambda row: float(row[0]))
    assert len(rows) == len(first["lines"]) == 17
    for (rating, technique, *_), shown in zip(rows, first["lines"], strict=True):
        assert shown.startswith(technique) and f" (ER {rating})" in shown, (rating, shown)


def test_on_a_phone_the_terminal_fits_and_a_tapped_ctrl_c_stops_runrun_0(
    phone: dict[str, Any], origin: str
) -> None:
    # 390x844, touch: the terminal the window's width (some 52 columns, not 43), the keys a
    # touch keyboard lacks under it, in the window
    assert [
        u for u in phone["requests"] if not u.startswith((origin + "/", "blob:", "data:"))
    ] == []
    assert phone["errors"] == []
    width, height = phone["viewport"]
    assert (width, height) == (390, 844)
    assert phone["columns"] >= 50
    assert phone["terminal"]["width"] >= width - 20
    keys = {k["key"]: k for k in phone["keys"]}
    assert list(keys) == ["ctrl-c", "tab", "up", "down", "left", "right"]
    assert all(k["width"] > 0 and k["bottom"] <= height for k in keys.values())
    # the Board below, the window's width, its cells readable, its legend in its room (not cut)
    assert phone["board"]["width"] >= width - 20
    assert phone["board"]["top"] >= phone["terminal"]["bottom"]
    assert phone["cell"]["width"] >= 30
    assert 0 < phone["legend"]["bottom"] <= phone["boardRoom"]
    # `runrun 0` of a quiz of one given (every grid: it would run for ever), the Ctrl-C key
    # tapped: stopped, the prompt back
    assert re.search(r"^Interrupted at step [\d,]+\.$", phone["stopped"], re.M), phone["stopped"]
    assert phone["stopped"].endswith("\nOrder please:\n")
    # Up tapped brings the line back, Ctrl-C tapped at the prompt drops it
    assert phone["dropped"] == "runrun 0^C\n\nOrder please:\n"
    # a rating in the C stopped by the key tapped, the prompt back
    assert re.fullmatch(RATING_PROGRESS_CUT, phone["cStopped"]["progress"])
    assert phone["cStopped"]["stopped"].endswith(RATING_STOPPED), phone["cStopped"]["stopped"]


def test_on_a_phone_the_progress_line_fits_the_terminal_and_leaves_no_trail(
    phone: dict[str, Any],
) -> None:
    # the rating's progress line cut to the terminal's some 50 columns, its last two left free;
    # wrapped, each redraw (\r, erase) would take back its last row only
    rows = phone["screen"]
    assert any(row.startswith("Interrupted while measuring se") for row in rows)  # (its end)
    assert [row for row in rows if "difficulty of" in row] == []
    whole = "difficulty of the state at step 0: measuring se, 0.0 s (Ctrl-C stops)"
    shown = phone["cStopped"]["progress"]
    assert len(shown) < phone["columns"] < len(whole)
    assert re.fullmatch(RATING_PROGRESS_CUT, shown), shown


#: lines typed at a person's pace in the terminal (``e2e_drawing.mjs``), None a click on the
#: Board's cell [1,1] (``why [1,1]`` typed at the prompt): commands short and long after output
#: short and long, a file name with underscores, the width's show block
DRAWN = [
    "step", "runtil 65", "levels", None, "run",
    "load-quiz puzzles/forum_hardest_1905_11plus_sample1000.txt", "show", "levels", "step",
]  # fmt: skip
#: typed at the last prompt and not sent: their row's screenshot
UNDERSCORES = "a_b_c_d_e_f_g_h"


@pytest.fixture(scope="module")
def drawing(origin: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What the terminal drew of ``DRAWN`` typed at a person's pace, 1400x900 at device scale 1
    (``e2e_drawing.mjs``), and the screenshot of ``UNDERSCORES``' row (``shot``)."""
    folder = tmp_path_factory.mktemp("drawing")
    given = folder / "lines.json"
    given.write_text(json.dumps({"lines": DRAWN, "underscores": UNDERSCORES}))
    args = (str(folder / "profile"), str(folder), str(given))
    report = driven("e2e_drawing.mjs", origin, *args)
    report["shot"] = luminance_rows((folder / "underscores.png").read_bytes())
    return report


def test_each_line_typed_is_drawn_where_its_prompt_ends(drawing: dict[str, Any]) -> None:
    # the prompt is a line of its own: each line typed is drawn at the start of the next row
    # (the terminal drew it where the line typed before had ended, further right each time)
    assert drawing["errors"] == []
    rows = drawing["screen"]
    after_prompts = [rows[n + 1] for n, row in enumerate(rows[:-1]) if row == "Order please:"]
    typed = [line or "why [1,1]" for line in DRAWN]
    assert after_prompts == [*typed, ""]  # (the last prompt: nothing typed yet)


def test_an_underscore_is_drawn_whole_at_device_scale_1(drawing: dict[str, Any]) -> None:
    # each underscore's cell has its stroke, and the row's last pixel row under it is blank:
    # the stroke sits inside the row, not cut at its edge (rows of the font's height alone
    # cut it off, and forum_hardest_1905_... read "forum hardest 1905 ...")
    row, shot = drawing["row"], drawing["shot"]
    assert row["text"].endswith(UNDERSCORES) and len(shot) == row["height"]
    for at in (n for n, char in enumerate(row["text"]) if char == "_"):
        left, right = round(at * row["cell"]) + 1, round((at + 1) * row["cell"]) - 1
        cell = [line[left:right] for line in shot]
        strokes = [y for y, line in enumerate(cell) if max(line) >= CONTRAST]
        assert strokes, f"no underscore drawn in column {at}"
        assert strokes[-1] < len(shot) - 1, f"the underscore in column {at} touches the row's edge"
