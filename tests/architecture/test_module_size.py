"""Every module of the package keeps to 650 lines, its Python and its C (a
module past them is split along its concepts, as ``api`` and ``text/quiz_files`` were)."""

from __future__ import annotations

from tests.support.helpers import REPO

PACKAGE = REPO / "src" / "sudoku_repl"
MOST = 650


def test_every_module_keeps_to_650_lines() -> None:
    sources = [p for pattern in ("*.py", "*.c", "*.h") for p in PACKAGE.rglob(pattern)]
    names = {p.relative_to(PACKAGE).as_posix() for p in sources}
    assert {"core/session.py", "core/csrc/record.c"} <= names  # (the walk found both kinds)
    long = {
        p.relative_to(PACKAGE).as_posix(): count
        for p in sources
        if (count := len(p.read_text(encoding="utf-8").splitlines())) > MOST
    }
    assert long == {}, f"modules past {MOST} lines (split them along their concepts): {long}"
