"""The one line that says the pure-Python build runs, composed here, and the
one memory of whether this process said it.

Without a C compiler at install, ``pip install`` still succeeds, with the pure Python in place
of the native core and of Sudoku Explainer's C: the same results, but slower (docs/native.md,
"Without a compiler": the core about 25 times, an SE rating about 100 times, 92x and 177x by
band in its run). pip shows the build's warning only with ``-v``, so the program says it where
the user is, once a process: the shell's first prompt, ``hint se``, ``generate``, ``rate``,
``serate`` and the DAP console each ask ``pure_build_once`` and print what it gives where they
print their own complaints; nothing here prints.

The way back to native is one command, ``REINSTALL`` and what the package was installed from:
pip caches the pure wheel it built from an index's sdist, and a plain ``pip install`` after a
compiler is installed takes that wheel again, even in a fresh environment (``.ci/native-again``
runs that path).
"""

from __future__ import annotations

import json
import shlex
from urllib.parse import unquote, urlparse

from sudoku_repl.core import native as core
from sudoku_repl.core.engine_choice import ENV, PURE
from sudoku_repl.techniques.explainer import native as explainer

#: the flags that build again: no wheel from pip's cache (the pure one it built), and the
#: installed one replaced though its version is the same
REINSTALL = "pip install --no-cache-dir --force-reinstall"
#: the package's name on an index
PACKAGE = "sudoku-repl"

#: whether this process said the line (``pure_build_once``); a test sets it back to False
said = False


def installed_from() -> str:
    """What the package was installed from, as pip takes it again: the folder of a clone (``-e``
    before it for an editable install: PEP 610's ``direct_url.json``), else its name."""
    from importlib import metadata

    try:
        text = metadata.distribution(PACKAGE).read_text("direct_url.json")
        origin = json.loads(text) if text else {}
    except (metadata.PackageNotFoundError, OSError, ValueError):
        return PACKAGE
    url = origin.get("url") if isinstance(origin, dict) else None
    info = origin.get("dir_info") if isinstance(origin, dict) else None
    if not isinstance(url, str) or not isinstance(info, dict) or not url.startswith("file://"):
        return PACKAGE  # an index, an archive or a VCS: the index's name gets the newest
    folder = shlex.quote(unquote(urlparse(url).path))
    return f"-e {folder}" if info.get("editable") else folder


def native_command() -> str:
    """The command that gets the native build, run where a C compiler now is."""
    return f"{REINSTALL} {installed_from()}"


def pure_build_line(prog: str = "sudoku-repl") -> str | None:
    """The line saying which part runs its pure Python, about how much slower, and how to get
    the native build; None when both the core and the explainer run their C."""
    slower = []
    if not core.active():
        slower.append("about 25x slower to solve")
    if not explainer.active():
        slower.append("about 100x slower to rate by SE's scale")
    if not slower:
        return None
    how = " and ".join(slower)
    if all(part.active() or part.available() for part in (core, explainer)):  # only asked
        return (
            f"{prog}: the pure-Python build runs ({ENV}={PURE}), {how}; "
            f"unset {ENV} for the native one"
        )
    return (
        f"{prog}: the pure-Python build runs (no native C in this install), {how}; "
        f"for the native one, with a C compiler: {native_command()}"
    )


def pure_build_once(prog: str = "sudoku-repl") -> str | None:
    """``pure_build_line`` the first time this process asks, then None."""
    global said
    if said:
        return None
    line = pure_build_line(prog)
    said = line is not None
    return line
