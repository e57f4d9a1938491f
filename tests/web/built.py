"""What the web page's tests share: the page built by ``web/build OUT`` (``SUDOKU_REPL_WEB_PAGE``
names OUT), Node, and the line the page starts with."""

from __future__ import annotations

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
#: the pure build's line, the page's first (written out here, not made by the code under test)
PURE_LINE = (
    "sudoku-repl: the pure-Python build runs (no native C in this install), about 25x slower to "
    "solve and about 100x slower to rate by SE's scale; for the native one, with a C compiler: "
    "pip install --no-cache-dir --force-reinstall sudoku-repl\n"
)


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
