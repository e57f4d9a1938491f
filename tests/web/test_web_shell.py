"""The web page's shell (``frontends/web_shell``) in CPython, with a stand-in for the page
(what the worker hands it: the next line, the width, the messages out). What it prints, the lines
typed included as the page's terminal shows them, is batch mode's transcript of the same lines
(the README's session, its guess answered), in this run; Tab answers with the shell's own
completions; Ctrl-C at the prompt drops the line and Ctrl-D ends the shell, as in a terminal; the
board of the present step goes to the page at each prompt; the show block fits the width the
page gives; the Board's folded line of Sudoku Explainer's next step, open, gets the picture
``export svg`` writes, drawn at the prompt and given up for what the page sends meanwhile. Runs
everywhere (no Node): tests/web/test_page_node.py runs the same in Pyodide."""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from sudoku_repl.core import native
from sudoku_repl.frontends.batch import run_batch
from sudoku_repl.frontends.web_shell import run_page
from tests.support.helpers import EACH_BUILD, SEED_FILE
from tests.web.built import ADDRESS_QUIZ, ALL_C, README_SESSION, welcome

#: (on each build: the page's welcome names the build's modules)
pytestmark = [pytest.mark.usefixtures("at_repo_root"), EACH_BUILD]


@pytest.fixture(autouse=True)
def columns_put_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shell sets ``COLUMNS`` to the page's width at each line: put back after each test
    (a later test of the terminal's width would read it): set here, so that it is put back.
    So is ``sys.path``, which the shell's start takes the working folder off."""
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr(sys, "path", list(sys.path))


SEED = "load-quiz examples/seed.txt"


#: a message marked so (its first character) is sent while the shell works at its prompt (it
#: draws the Board's picture): ``pending`` says so from then on
MEANWHILE = "!"


class Page:
    """The page as ``run_page`` sees it: ``sent`` what its terminal sends (a kind letter, then the
    text), ``width`` its columns; what is typed shows in the output, as the terminal echoes it.
    ``posts`` are its messages in order, ``("prompting", None)`` each time the shell said it
    waits at a prompt."""

    def __init__(self, sent: Iterable[str], width: int = 200) -> None:
        self.sent = list(sent)
        self.width = width
        self.posts: list[tuple[str, Any]] = []
        self.asked = 0  # times pending() was asked

    def line(self) -> str:
        sent = self.sent.pop(0).removeprefix(MEANWHILE) if self.sent else "D"
        if sent[0] == "L":
            print(sent[1:])
        elif sent == "C":
            print("^C")
        return sent

    def pending(self) -> bool:
        self.asked += 1
        return bool(self.sent) and self.sent[0].startswith(MEANWHILE)

    def prompting(self) -> None:
        self.posts.append(("prompting", None))

    def columns(self) -> int:
        return self.width

    def post(self, kind: str, body: str) -> None:
        self.posts.append((kind, json.loads(body)))


def typed(lines: Iterable[str]) -> list[str]:
    return ["L" + line for line in lines]


def said_welcome(said: str, quiz: str | None = None) -> None:
    """``said`` is the page's welcome, word for word: on this CPython's C, it says its three
    modules run C; on its pure engine (no page: no manifest's reason), the engine's words are
    this build's, not compared."""
    expected = welcome(ALL_C, *([quiz] if quiz else [])) if native.active() else None
    if expected is not None:
        assert said.split() == expected.split()
        return
    # (compared as text, blanks made one: the engine's last word carries the line's full stop)
    before, after = (
        " ".join(part.split()) for part in welcome("\0", *([quiz] if quiz else [])).split("\0")
    )
    words = " ".join(said.split())
    assert words.startswith(before) and words.endswith(after), words


def after_welcome(shown: str) -> str:
    """What the shell printed after its welcome, its first lines (the page's own: batch mode and
    a terminal's shell have none)."""
    # (its words broken at blanks to the page's width)
    said = shown[: shown.index("\n\n") + 2]
    said_welcome(said)
    return shown[len(said) :]


def test_the_readme_session_prints_what_batch_mode_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    batch = io.StringIO()
    run_batch(iter(README_SESSION), batch, first=[SEED])
    run_page(Page(typed(README_SESSION)))
    shown = after_welcome(capsys.readouterr().out)
    assert "Take a guess please, by default it will be [6,2]=5: [6,2]=9\n" in shown
    clock = r"Run time: \d+ milliseconds"
    assert re.sub(clock, "", shown) == re.sub(clock, "", batch.getvalue())


def test_tab_answers_with_the_shell_s_completions(capsys: pytest.CaptureFixture[str]) -> None:
    page = Page(["Tru", "Tbisect le", "Lbye"])
    run_page(page)
    answers = [body for kind, body in page.posts if kind == "completions"]
    assert {c["text"] for c in answers[0]} == {"run", "runtil", "runrun", "run-mode"}
    assert all(c["start"] == -2 for c in answers[0])  # (each replaces "ru")
    assert answers[1] == [{"text": "level", "start": -2}]


def test_ctrl_c_drops_the_line_and_ctrl_d_ends_the_shell(
    capsys: pytest.CaptureFixture[str],
) -> None:
    repl = run_page(Page(["C", "Lstep", "D"]))
    shown = after_welcome(capsys.readouterr().out)
    assert shown.startswith("Quiz loaded.\n\nOrder please:\n^C\n\nOrder please:\nstep\n")
    assert repl.session.state().steps == 1  # the line dropped ran nothing; Ctrl-D ended it


def test_the_board_goes_to_the_page_at_each_prompt(capsys: pytest.CaptureFixture[str]) -> None:
    page = Page(typed(["step", "step", "bye"]))
    run_page(page)
    boards = [body for kind, body in page.posts if kind == "board"]
    assert [b["step"] for b in boards] == [0, 1, 2]
    assert len(boards[1]["cells"]) == 81 and boards[1]["last"] == 1
    given = next(c for c in boards[1]["cells"] if c["name"] == "[1,3]")
    assert given["value"] == 5 and given["given"]  # (the seed's first row: 005 300 000)


class Terminal(io.StringIO):
    """The worker's stdout, as Pyodide's is set up: a terminal (``isatty``)."""

    def isatty(self) -> bool:
        return True


def test_the_show_block_fits_the_page_s_width(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr("sys.stdout", terminal)
    monkeypatch.setenv("COLUMNS", "200")  # (the page's width replaces it at the first line)
    run_page(Page(typed(["step", "bye"]), width=60))
    candidates = terminal.getvalue().split("Candidates:\n", 1)[1].split("The foremost")[0]
    assert max(len(line) for line in candidates.splitlines()) <= 60
    assert "\n  [1,6]: " in candidates  # (a row's candidates go on under it, indented)


class CountedTerminal(Terminal):
    """The worker's stdout, its writes counted."""

    def __init__(self) -> None:
        super().__init__()
        self.writes = 0

    def write(self, text: str) -> int:
        self.writes += 1
        return super().write(text)


class Watching(Page):
    """The page, noting what the worker's stream had been handed at each message."""

    def __init__(self, sent: Iterable[str], terminal: Terminal) -> None:
        super().__init__(sent)
        self.terminal = terminal
        self.shown_at: list[tuple[str, str]] = []

    def prompting(self) -> None:
        self.shown_at.append(("prompting", self.terminal.getvalue()))
        super().prompting()

    def post(self, kind: str, body: str) -> None:
        self.shown_at.append((kind, self.terminal.getvalue()))
        super().post(kind, body)


def test_a_run_s_trace_goes_to_the_page_in_a_few_writes_all_of_it_before_the_prompt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # (the output gathered for as long as a command runs: only its first flush hands on)
    monkeypatch.setattr("sudoku_repl.frontends.page_output.GATHERING", 1e9)
    terminal = CountedTerminal()
    monkeypatch.setattr("sys.stdout", terminal)
    page = Watching(typed(["runrun 0", "bye"]), terminal)
    run_page(page, warm_runs=0)
    prompts = [shown for kind, shown in page.shown_at if kind == "prompting"]
    assert len(prompts) == 2 and all(p.endswith("Order please:\n") for p in prompts)
    run = prompts[1][len(prompts[0]) :]
    assert run.count("\n") > 240 and "steps: 284, solution sum: 1." in run  # (the whole run)
    writes = terminal.writes
    # the board follows the prompt, all the output before it handed on
    kinds = [kind for kind, _ in page.shown_at]
    assert kinds[:3] == ["build", "prompting", "board"]
    assert all(shown.endswith("Order please:\n") for k, shown in page.shown_at if k == "board")
    assert writes <= 12  # (the welcome, the first command, two prompts: a few writes each)


def test_the_welcome_is_broken_at_blanks_to_a_narrow_page(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # (xterm.js breaks a line at its last column, mid-word: the shell breaks it at a blank first)
    run_page(Page(["D"], width=30))
    shown = capsys.readouterr().out
    said = shown[: shown.index("\n\n") + 2]
    said_welcome(said)  # the same words, in order, none cut
    # (each line within the width, but a word longer than it alone on its line: a pure build's
    # reason names a folder)
    assert all(len(line) <= 30 or " " not in line for line in said.splitlines())
    assert said.startswith(
        "sudoku-repl: the SudokuSolver\n2.6 stepping debugger, in your\nbrowser.\n"
    )
    assert shown[len(said) :].startswith("Quiz loaded.\n")


def pictures(page: Page) -> list[Any]:
    return [body for kind, body in page.posts if kind == "picture"]


def test_the_board_s_picture_is_export_svg_s(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the Board's folded line opened at a prompt ("P1"): the shell answers with the picture of
    # Sudoku Explainer's next step from the present step, the SVG `export svg` writes for it
    written = tmp_path / "next.svg"
    page = Page(["Lstep", "Lstep", "P1", f"Lexport svg {written}", "Lbye"])
    run_page(page)
    shown = capsys.readouterr().out
    (answer,) = pictures(page)
    assert answer["step"] == 2
    assert answer["picture"]["svg"] == written.read_text(encoding="utf-8")
    assert f"Wrote {written}: {answer['picture']['caption']}.\n" in shown
    assert "\nOrder please:\nexport svg" in shown  # (the ask typed no line: nothing ran)
    # the shell says once a prompt that it waits there, the picture's ask answered or not
    kinds = [kind for kind, _ in page.posts]
    assert kinds.count("prompting") == shown.count("Order please:") == 4
    at = kinds.index("picture")
    # (at the prompt, once it said so, and once the board of the present step followed it)
    assert kinds[at - 2 : at] == ["prompting", "board"]


def test_what_the_page_sends_meanwhile_comes_before_the_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a line typed while the picture is drawn (at step 10 of the record, Sudoku Explainer's next
    # step is a contradiction forcing chain, removing 4 from [1,8]: `hint se`'s line): the shell
    # gives the picture up, runs the line, then draws the picture at the next prompt
    written = tmp_path / "next.svg"
    lines = ["runrun 0", "goto 10", f"export svg {written}", "show", "bye"]
    sent = typed(lines[:2]) + ["P1", MEANWHILE + "L" + lines[2]] + typed(lines[3:])
    page = Page(sent)
    run_page(page)
    shown = after_welcome(capsys.readouterr().out)
    batch = io.StringIO()
    run_batch(iter(lines), batch, first=[SEED])
    clock = r"Run time: \d+ milliseconds"
    assert re.sub(clock, "", shown) == re.sub(clock, "", batch.getvalue())
    assert page.asked >= 1
    (answer,) = pictures(page)
    kinds = [kind for kind, _ in page.posts]
    # (drawn at the prompt after export svg's: the fourth board, the one of step 10 again)
    assert kinds.index("picture") > [i for i, k in enumerate(kinds) if k == "board"][3]
    assert answer["step"] == 10
    assert answer["picture"]["svg"] == written.read_text(encoding="utf-8")
    assert 'class="candidate removed" data-cell="r1c8" data-digit="4"' in answer["picture"]["svg"]


def test_a_position_with_no_solution_gets_the_line_that_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # at step 20 the seed's search is below its wrong guess [2,3]=1 of step 16 (the
    # solution has 9 there: `check` says so in docs/book-and-chains.md)
    page = Page(["Lset trace off", "Lruntil 20", "P1", "Lbye"])
    run_page(page)
    (answer,) = pictures(page)
    assert answer == {
        "step": 20,
        "picture": {
            "none": "No solution from here: the guess [2,3]=1 at step 16 left the puzzle "
            "without one; no picture."
        },
    }


def test_the_no_solution_line_names_its_cell_as_set_names_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    page = Page(["Lset trace off", "Lset names standard", "Lruntil 20", "P1", "Lbye"])
    run_page(page)
    (answer,) = pictures(page)
    assert answer["picture"] == {
        "none": "No solution from here: the guess r2c3=1 at step 16 left the puzzle "
        "without one; no picture."
    }


def test_the_closed_line_asks_no_picture(capsys: pytest.CaptureFixture[str]) -> None:
    # opened, then closed before the picture was drawn: no picture, at this prompt or the next
    page = Page(["Lstep", "P1", MEANWHILE + "P0", "Lstep", "Lbye"])
    run_page(page, warm_runs=0)  # (the warm-up asks too: none here)
    assert pictures(page) == []
    assert page.asked == 1


def test_the_page_s_folder_is_off_the_import_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Pyodide puts '' (the page's folder) first on the path: a module there, named
    # as one the shell imports late, is never imported (tests/web/test_page_node.py, in Pyodide)
    planted = tmp_path / "sudoku_repl_planted_module.py"
    planted.write_text("raise SystemExit('the planted module ran')\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", ["", str(tmp_path), *sys.path])
    run_page(Page(typed(["bye"])), SEED_FILE.read_text().strip())
    assert "" not in sys.path and str(tmp_path) not in sys.path
    with pytest.raises(ModuleNotFoundError):
        __import__(planted.stem)


def test_the_welcome_names_the_c_modules_the_quiz_and_what_to_type_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run_page(Page(["Lstep", "D"]))
    shown = capsys.readouterr().out
    said = shown[: shown.index("\n\n") + 2]
    if native.active():  # (each of the three modules named: this CPython runs their C)
        assert f"\n{ALL_C}.\n" in said
    assert "\nThe quiz: examples/seed.txt, the SudokuSolver 2.6 article's.\n" in said
    assert "\nType step first (the solver's first step; Enter repeats it)" in said
    assert "pip" not in said
    # what it says to type is what the page takes first: the seed's first step
    after = shown[len(said) :]
    assert after.startswith("Quiz loaded.\n\nOrder please:\nstep\n") and "\nSteps:1\n" in after


def test_a_quiz_of_the_address_is_named_and_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    quiz = SEED_FILE.read_text().strip()
    run_page(Page(["D"]), quiz)
    shown = capsys.readouterr().out
    said = shown[: shown.index("\n\n") + 2]
    said_welcome(said, ADDRESS_QUIZ)
    assert (tmp_path / "quiz.txt").read_text() == quiz + "\n"
    assert shown[len(said) :].startswith("Quiz loaded.\n")


def test_a_module_that_failed_to_load_is_named_as_such() -> None:
    # (a page whose core's module is there but does not load: the others still run their C)
    from sudoku_repl.frontends.web_welcome import Module, engine

    said = engine(
        [
            Module("the core", "failed to load (bad magic number)"),
            Module("Sudoku Explainer"),
            Module("the measures"),
        ],
        None,
    )
    assert said == (
        "C runs Sudoku Explainer and the measures; the core's C failed to load "
        "(bad magic number): pure Python runs it"
    )
    said = engine([Module("the core"), Module("the measures", "failed to load (no wasm)")], None)
    assert said == (
        "C runs the core; the measures' C failed to load (no wasm): pure Python runs it"
    )
    assert engine([], "web/build --pure asked for none") == (
        "Pure Python runs here: this page was built without its C (web/build --pure asked for none)"
    )


@pytest.mark.parametrize(
    ("name", "text", "note"),
    [
        (
            "bisect.txt",
            "# a script\nload-quiz q.txt\nstep\n",
            "source bisect.txt runs its commands",
        ),
        ("q.txt", SEED_FILE.read_text(), "load-quiz q.txt loads it"),
        ("my quiz.txt", SEED_FILE.read_text(), "load-quiz 'my quiz.txt' loads it"),
        ("notes.md", "Some notes.\n", "neither a quiz nor a script (load-quiz notes.md says why)"),
    ],
)
def test_a_file_put_in_the_page_s_folder_is_noted_with_the_command_that_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, text: str, note: str
) -> None:
    from sudoku_repl.frontends.web_shell import put_note

    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(text)
    (tmp_path / "q.txt").write_text(SEED_FILE.read_text())
    said = put_note(name)
    assert said.startswith(f"{name} is in the page's folder") and note in said
    # the line the note gives, typed at the prompt, runs (the shell takes the name as given)
    typed_line = re.search(r"(?:source|load-quiz) (?:'[^']*'|\S+)", note)
    assert typed_line is not None
    if "neither" not in note:
        batch = io.StringIO()
        run_batch(iter([typed_line.group(0)]), batch)
        out = batch.getvalue()
        assert "Quiz loaded." in out and "Invalid" not in out and "not a script" not in out, out
