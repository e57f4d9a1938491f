"""Issue 67: the web page's shell, byte for byte the CPython shell's. The built page's own worker
(Pyodide, the pure wheel, the shell) and its own client run in Node (``page_node.mjs``); each
session's transcript (what ``window.sudokuRepl.transcript()`` returns: what the shell printed
and what was typed) is compared with what the CPython shell prints for the same input, in this
run: ``sudoku-repl FILE`` in batch mode, whose lines echo each command after ``Order please:``
and each guess answer after the question, as a terminal shows what is typed there.

Two things differ by design and are taken out before the comparison, each checked on its own:
the page's first line (the pure build's, said by the interactive shell at its start: batch mode
does not say it), and the figure of ``Run time: N milliseconds`` (a clock's).

Needs Node and a page built by ``web/build OUT`` (``SUDOKU_REPL_WEB_PAGE=OUT``: ``.ci/e2e-web``
builds one and runs this; ``.ci/run`` leaves both to it); skipped with one line otherwise."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.helpers import PUZZLES, REPO
from tests.web.built import NODE, PAGE, PURE_LINE, README_SESSION, needs_page

pytestmark = needs_page
EASY = (PUZZLES / "norvig_easy50.txt").read_text().split()[0]
CANDIDATES = (PUZZLES / "formats" / "easy01_candidates_729.txt").read_text().strip()
RUN_TIME = re.compile(r"^Run time: \d+ milliseconds;", re.M)


def cpython(quiz: str | None, inputs: list[str], folder: Path) -> str:
    """What the CPython shell prints for ``inputs``, started as the page is: on the seed, or on
    the quiz of the page's address (a file ``quiz.txt``, as the page writes it)."""
    if quiz is None:
        where, name = REPO, "examples/seed.txt"
    else:
        (folder / "quiz.txt").write_text(quiz + "\n")
        where, name = folder, "quiz.txt"
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", name],
        input="".join(line + "\n" for line in inputs),
        cwd=where, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.stderr == ""
    return done.stdout


def page(sessions: list[tuple[str | None, list[str]]], folder: Path) -> list[str]:
    """The page's transcripts of ``sessions`` (one Node process, a worker a session)."""
    given = folder / "sessions.json"
    given.write_text(json.dumps([{"quiz": q, "inputs": i} for q, i in sessions]))
    assert NODE is not None
    done = subprocess.run(
        [NODE, str(REPO / "tests" / "web" / "page_node.mjs"), PAGE, str(given)],
        capture_output=True, text=True, timeout=1200,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    transcripts: list[str] = json.loads(done.stdout)
    return transcripts


SESSIONS: list[tuple[str | None, list[str]]] = [
    (None, README_SESSION),
    (EASY, ["difficulty", "bye"]),
    (CANDIDATES, ["step", "runrun 0", "bye"]),
]


@pytest.fixture(scope="module")
def transcripts(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str]]:
    folder = tmp_path_factory.mktemp("web")
    shown = page(SESSIONS, folder)
    return [
        (web, cpython(quiz, inputs, tmp_path_factory.mktemp("cpython")))
        for web, (quiz, inputs) in zip(shown, SESSIONS, strict=True)
    ]


def same(web: str, terminal: str) -> None:
    assert web.startswith(PURE_LINE)
    clocked = RUN_TIME.sub("Run time: N milliseconds;", web[len(PURE_LINE) :])
    assert clocked == RUN_TIME.sub("Run time: N milliseconds;", terminal)


def test_the_readme_session_prints_what_the_cpython_shell_prints(
    transcripts: list[tuple[str, str]],
) -> None:
    web, terminal = transcripts[0]
    same(web, terminal)
    # the guess question asked and answered, as the README shows it
    assert "Take a guess please, by default it will be [6,2]=5: [6,2]=9\n" in web
    assert web.count("Fine [steps:131, solution sum:1].") == 1
    assert "Fine [steps:184, solution sum:1]." in web


def test_difficulty_on_a_quiz_from_the_address(transcripts: list[tuple[str, str]]) -> None:
    web, terminal = transcripts[1]
    same(web, terminal)
    assert "\nQuiz loaded.\n\nOrder please:\ndifficulty\nDifficulty of the state at step 0 " in web


def test_a_729_character_quiz_from_the_address(transcripts: list[tuple[str, str]]) -> None:
    web, terminal = transcripts[2]
    same(web, terminal)
    assert len(CANDIDATES) == 729 and "Quiz loaded." in web
