"""The web page's shell, byte for byte the CPython shell's. The built page's own worker
(Pyodide, the pure wheel, the shell) and its own client run in Node (``page_node.mjs``); each
session's transcript (what ``window.sudokuRepl.transcript()`` returns: what the shell printed
and what was typed) is compared with what the CPython shell prints for the same input, in this
run: ``sudoku-repl FILE`` in batch mode, whose lines echo each command after ``Order please:``
and each guess answer after the question, as a terminal shows what is typed there.

One thing differs by design, the page's welcome (``built.welcome``: what this is and its build, ``help``, the
docs), its first lines, where a terminal's shell says the pure build's line (its advice, pip and
a C compiler, has no use in a browser; batch mode says neither): it is checked, then taken off
before the comparison, and no pip advice may show anywhere in the page. Beside it the figure of
``Run time: N milliseconds`` (a clock's) is taken out.

The Board's picture of Sudoku Explainer's next step, asked with a line typed at once after it,
is drawn without holding that line up, and is the SVG ``export svg`` wrote.

Needs Node and a page built by ``web/build OUT`` (``SUDOKU_REPL_WEB_PAGE=OUT``: ``.ci/run``
builds one where Node is); skipped with one line otherwise."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.support.helpers import PUZZLES
from tests.web.built import PAGE, Input, cpython, needs_page, page, same

pytestmark = needs_page
EASY = (PUZZLES / "norvig_easy50.txt").read_text().split()[0]
CANDIDATES = (PUZZLES / "formats" / "easy01_candidates_729.txt").read_text().strip()


#: the Board's folded line opened at step 10 of the seed's record, and `export svg` typed at once
PICTURED: list[Input] = [
    "runrun 0", "goto 10", {"picture": True}, "export svg x.svg", {"awaitPicture": True},
    {"get": "x.svg"}, "show", "bye",
]  # fmt: skip
#: a module run at its import: says so in the transcript
PLANTED = "print('A PLANTED MODULE RAN')\n"
#: a file past two of the page's channels' chunks (1 MiB each, web/channel.mjs)
BIG = "".join(f"{n:7d} " + "é" * 70 + "\n" for n in range(15_000))
#: a script put in the page's folder under a name with a blank (its note quotes it as the shell
#: takes it: the line the note gives runs it), and a quiz under a name ending in a line break
#: (refused: no line typed at the prompt can name it)
SCRIPT = "# a script\nload-quiz bin.txt\nstep\n"
SCRIPTS: list[Input] = [
    {"put": "my script.txt", "text": SCRIPT}, {"put": "q.txt\n", "text": EASY}, "source 'my script.txt'",
]  # fmt: skip
#: files put in the page's folder: named as its folders, or as no file (refused, the
#: session going on); named as modules the shell imports late (never imported); a big one, put
#: and asked for; a quiz, then the lines that import those modules (a mistyped command's
#: suggestions, `solve ilp`'s HiGHS)
PUT: list[Input] = [
    *({"put": name, "text": EASY} for name in ("puzzles", "examples", "..", "a/..")),
    {"put": "difflib.py", "text": PLANTED}, {"put": "highspy.py", "text": PLANTED},
    {"put": "big.txt", "text": BIG}, {"get": "big.txt"}, {"put": "bin.txt", "text": EASY}, "stpe", "solve ilp", "load-quiz bin.txt",
    *SCRIPTS, "bye",
]  # fmt: skip
#: (the README's session: conftest.readme_session, run once for test_page_native.py too)
SESSIONS: list[tuple[str | None, list[Input]]] = [
    (EASY, ["difficulty", "bye"]),
    (CANDIDATES, ["step", "runrun 0", "bye"]),
    (None, PICTURED),
    (None, PUT),
]


@pytest.fixture(scope="module")
def seen(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    return page(SESSIONS, tmp_path_factory.mktemp("web"))


@pytest.fixture(scope="module")
def transcripts(
    seen: list[dict[str, Any]], tmp_path_factory: pytest.TempPathFactory
) -> list[tuple[str, str]]:
    return [
        (web["transcript"], cpython(quiz, inputs, tmp_path_factory.mktemp("cpython")))
        for web, (quiz, inputs) in zip(seen, SESSIONS, strict=True)
        if not any(isinstance(i, dict) and "put" in i for i in inputs)
    ]


def test_the_readme_session_prints_what_the_cpython_shell_prints(
    readme_session: tuple[dict[str, Any], str],
) -> None:
    shown, terminal = readme_session
    web = shown["transcript"]
    same(web, terminal)
    # the guess question asked and answered, as the README shows it
    assert "Take a guess please, by default it will be [6,2]=5: [6,2]=9\n" in web
    assert web.count("Fine [steps:131, solution sum:1].") == 1
    assert "Fine [steps:184, solution sum:1]." in web


def test_difficulty_on_a_quiz_from_the_address(transcripts: list[tuple[str, str]]) -> None:
    web, terminal = transcripts[0]
    same(web, terminal, address=True)
    assert "\nQuiz loaded.\n\nOrder please:\ndifficulty\nDifficulty of the state at step 0 " in web


def test_a_729_character_quiz_from_the_address(transcripts: list[tuple[str, str]]) -> None:
    web, terminal = transcripts[1]
    same(web, terminal, address=True)
    assert len(CANDIDATES) == 729 and "Quiz loaded." in web


def test_the_board_s_picture_holds_no_line_up(
    transcripts: list[tuple[str, str]], seen: list[dict[str, Any]]
) -> None:
    # `export svg` typed while the shell draws the Board's picture: its lines come as the
    # CPython shell prints them, in order, and the page was told of each prompt once (the
    # picture's answer tells it of none: it would let the next line go while one runs)
    web, terminal = transcripts[2]
    same(web, terminal)
    assert "\nOrder please:\nexport svg x.svg\nWrote x.svg: " in web
    assert seen[2]["readings"] == web.count("Order please:\n")
    # the picture: Sudoku Explainer's next step from step 10 (`hint se` there: a contradiction
    # forcing chain removes 4 from [1,8]), the SVG export svg wrote
    (picture,) = seen[2]["pictures"]
    assert picture["step"] == 10
    assert picture["picture"]["svg"] == seen[2]["files"]["x.svg"]
    svg = picture["picture"]["svg"]
    assert re.findall(
        r'class="candidate (removed|placed)" data-cell="(r\dc\d)" data-digit="(\d)"', svg
    ) == [("removed", "r1c8", "4")]


def test_a_file_named_as_a_folder_is_refused_and_the_session_goes_on(
    seen: list[dict[str, Any]],
) -> None:
    notes, shown = seen[3]["notes"], seen[3]["transcript"]
    for note, name in zip(notes[:2], ("puzzles", "examples"), strict=True):
        assert note == (
            f"{name} was not put in the page's folder: one of the page's folders has that name. "
            "Rename it and put it again."
        )
    for note, name in zip(notes[2:4], ("..", "a/.."), strict=True):
        assert note.startswith(f"{name} was not put in the page's folder: that is not a file's")
    # the folders are as they were, and the shell answers every line after
    assert "\nOrder please:\nload-quiz bin.txt\nQuiz loaded.\n" in shown
    assert shown.endswith("\nOrder please:\nbye\n")


def test_a_python_file_put_in_the_folder_is_never_imported(seen: list[dict[str, Any]]) -> None:
    shown = seen[3]["transcript"]
    assert "PLANTED" not in shown
    assert "\nOrder please:\nstpe\nUnknown command 'stpe'; did you mean step?\n" in shown
    assert "\nOrder please:\nsolve ilp\nHiGHS (the highspy package) is not installed" in shown


def test_the_note_of_a_file_put_names_commands_of_the_shell(seen: list[dict[str, Any]]) -> None:
    # (it said `rate` reads it, a command of the system's prompt, not the shell's)
    from sudoku_repl.assembly import register_commands
    from sudoku_repl.commands.table import lookup

    register_commands()
    (note,) = [n for n in seen[3]["notes"] if n.startswith("bin.txt ")]
    named = re.findall(r"(\S+) bin\.txt", note)
    assert note.startswith("bin.txt is in the page's folder: ") and "load-quiz" in named
    assert [word for word in named if lookup(word) is None] == []


def test_a_script_s_note_gives_the_line_that_runs_it_and_a_name_no_line_holds_is_refused(
    seen: list[dict[str, Any]],
) -> None:
    notes, shown = seen[3]["notes"], seen[3]["transcript"]
    assert (
        "my script.txt is in the page's folder: source 'my script.txt' runs its commands." in notes
    )
    assert (
        "q.txt\n was not put in the page's folder: its name holds a line break or another control "
        "character, which no line typed at the prompt can hold. Rename it and put it again."
    ) in notes
    # the line the note gives runs the script (its step after its quiz loaded)
    ran = shown.split("\nOrder please:\nsource 'my script.txt'\n", 1)[1]
    assert ran.startswith("\nOrder please:\nload-quiz bin.txt\nQuiz loaded.\n"), ran[:300]
    assert "\nOrder please:\nstep\n" in ran and "\nSteps:1\n" in ran
    assert "Invalid line" not in ran


def test_the_worker_s_messages_come_on_its_channel(seen: list[dict[str, Any]]) -> None:
    # (where the worker has shared memory, as Node's has, it posts nothing; a file past
    # two chunks goes to it and back whole)
    assert [session["posted"] for session in seen] == [0] * len(SESSIONS)
    assert len(BIG.encode()) > 2 << 20
    assert seen[3]["files"]["big.txt"] == BIG


def test_the_site_is_at_most_25_mb() -> None:
    # (with the C modules in it; docs/web.md's target)
    size = sum(path.stat().st_size for path in Path(PAGE).rglob("*") if path.is_file())
    assert size <= 25_000_000, f"{size / 1e6:.1f} MB"
