"""What the web page's tests share: the page built by ``web/build OUT`` (``SUDOKU_REPL_WEB_PAGE``
names OUT), Node, and the lines the page starts with."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.support.helpers import REPO

#: the built page's folder ("": none named)
PAGE = os.environ.get("SUDOKU_REPL_WEB_PAGE", "")
NODE = shutil.which("node")
#: ``Run time: N milliseconds``'s figure (a clock's), taken out of the transcripts compared
RUN_TIME = re.compile(r"^Run time: \d+ milliseconds;", re.M)
#: the tests skip, with one line, where there is no Node or no page built
needs_page = pytest.mark.skipif(
    NODE is None or not PAGE or not (Path(PAGE) / "index.html").is_file(),
    reason="no Node or no built web page (web/build OUT, then SUDOKU_REPL_WEB_PAGE=OUT): skipped",
)
#: the README's session (README.md, "A session"), to its end
README_SESSION = [
    "step", "runtil 65", "levels", "run", "bisect level 11", "guess-mode 1", "goto 6", "step",
    "[6,2]=9", "guess-mode 0", "run", "bye",
]  # fmt: skip
#: the build the shell's doors say where the C core runs (``--version``'s words)
NATIVE = "native core (C)"
#: what the page's welcome and status line say where its three C modules run their C, each named
ALL_C = "C runs the core, Sudoku Explainer and the measures"
#: the quizzes the page starts on, as its welcome names them
SEED_QUIZ = "examples/seed.txt, the SudokuSolver 2.6 article's"
ADDRESS_QUIZ = "the one in the page's address (?quiz=), as quiz.txt"


def welcome(engine: str, quiz: str = SEED_QUIZ) -> str:
    """The page's first lines, its welcome (written out here, not made by the code under test):
    what this is, which modules run C (``engine``), the quiz loaded and what to type first, help,
    the docs; in place of the pure build's line, which a terminal's shell says first. Each line
    as a page wide enough shows it (``same`` compares a wider page's; a narrower one breaks them
    at blanks)."""
    return (
        "sudoku-repl: the SudokuSolver 2.6 stepping debugger, in your browser.\n"
        f"{engine}.\n"
        f"The quiz: {quiz}.\n"
        "Type step first (the solver's first step; Enter repeats it), show to see the grid.\n"
        "help lists the commands, help NAME tells of one.\n"
        "The docs: the docs link at the top of the page.\n"
        "\n"
    )


def page_build() -> str:
    """What the built page says runs its C: its three modules where web/build compiled them (its
    manifest names them), else that it was built without C, and why (the manifest's reason)."""
    native = json.loads((Path(PAGE) / "manifest.json").read_text()).get("native") or {}
    if native.get("modules"):
        return ALL_C
    return f"Pure Python runs here: this page was built without its C ({native['skipped']})"


#: a line typed, or what ``page_node.mjs`` takes beside lines (the Board's picture, a file)
Input = str | dict[str, Any]


def cpython(quiz: str | None, inputs: list[str | dict[str, Any]], folder: Path) -> str:
    """What the CPython shell prints for ``inputs``, started as the page is: on the seed, or on
    the quiz of the page's address (a file ``quiz.txt``, as the page writes it); the files
    ``inputs`` put in the page's folder are put in ``folder`` first."""
    for put in inputs:
        if isinstance(put, dict) and "put" in put:
            (folder / put["put"]).write_text(put["text"])
    if quiz is None:
        where, name = folder, str(REPO / "examples" / "seed.txt")
    else:
        (folder / "quiz.txt").write_text(quiz + "\n")
        where, name = folder, "quiz.txt"
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", name],
        input="".join(line + "\n" for line in inputs if isinstance(line, str)),
        cwd=where, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.stderr == ""
    return done.stdout


def page(
    sessions: list[tuple[str | None, list[Input]]], folder: Path, built: str = PAGE
) -> list[dict[str, Any]]:
    """What the page showed of ``sessions`` (one Node process, a worker a session): each one's
    ``transcript``, ``pictures`` (the Board's), ``readings`` (the prompts the page was told
    of), ``files`` (those asked for) and ``builds`` (each door's); ``built``: the page's folder."""
    given = folder / "sessions.json"
    given.write_text(json.dumps([{"quiz": q, "inputs": i} for q, i in sessions]))
    assert NODE is not None
    done = subprocess.run(
        [NODE, str(REPO / "tests" / "web" / "page_node.mjs"), built, str(given)],
        capture_output=True, text=True, timeout=1200,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    seen: list[dict[str, Any]] = json.loads(done.stdout)
    return seen


def same(web: str, terminal: str, address: bool = False) -> None:
    """``web`` (the page's transcript) is ``terminal`` (the CPython shell's) once its welcome (of
    the seed, or of the quiz of its ``address``) and the clock's figures are taken out."""
    said = welcome(page_build(), ADDRESS_QUIZ if address else SEED_QUIZ)
    assert web.startswith(said)  # (the one deliberate difference)
    assert "pip install" not in web and "the pure-Python build runs" not in web
    clocked = RUN_TIME.sub("Run time: N milliseconds;", web[len(said) :])
    assert clocked == RUN_TIME.sub("Run time: N milliseconds;", terminal)


def page_beside(site: Path, name: str, manifest: dict[str, Any]) -> Path:
    """A page beside the built one in ``site``, in its folder ``name`` (served at ORIGIN/name/):
    the page's files, linked, but its own ``manifest`` (``manifest.json``, which says which C
    modules it loads); its folder."""
    folder = site / name
    folder.mkdir()
    for entry in site.iterdir():
        # (neither the page's manifest nor another page beside it)
        if (
            entry != folder
            and entry.name != "manifest.json"
            and not (entry / "manifest.json").exists()
        ):
            (folder / entry.name).symlink_to(Path("..") / entry.name)
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return folder


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """``folder`` served on the loopback by Python's own static server (``python3 -m
    http.server``, no COOP/COEP headers: the page's service worker isolates it); its origin."""
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "-d", str(folder)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        said = server.stdout.readline()  # Serving HTTP on 127.0.0.1 port N (http://...) ...
        port = re.search(r"port (\d+)", said)
        assert port is not None, said
        yield f"http://127.0.0.1:{port.group(1)}"
    finally:
        server.terminate()
        server.wait(timeout=60)
