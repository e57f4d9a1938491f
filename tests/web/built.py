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

import pytest

#: the built page's folder ("": none named)
PAGE = os.environ.get("SUDOKU_REPL_WEB_PAGE", "")
NODE = shutil.which("node")
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
#: the build the page says where its C modules run (``--version``'s words: issue 74)
NATIVE = "native core (C)"


def welcome(build: str) -> str:
    """The page's first lines, its welcome (written out here, not made by the code under test):
    what this is and its ``build``, help, the docs; in place of the pure build's line, which a
    terminal's shell says first."""
    return (
        "sudoku-repl: the SudokuSolver 2.6 stepping\n"
        f"debugger, in your browser: {build}.\n"
        "help lists the commands, help NAME tells of one.\n"
        "The docs: the docs link at the top of the page.\n"
        "\n"
    )


def page_build() -> str:
    """The build the built page says it runs: the C core where web/build compiled its modules
    (its manifest names them), else the pure engine and why (the manifest's reason)."""
    native = json.loads((Path(PAGE) / "manifest.json").read_text()).get("native") or {}
    if native.get("modules"):
        return NATIVE
    return f"pure Python (no native core: the page was built without its C, {native['skipped']})"


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
