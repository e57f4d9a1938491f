"""ARCHITECTURE.md names every module of the package and every C file of the native core, so
that a newcomer finds each in the picture of the layers; the README links every page of docs/."""

from __future__ import annotations

import re

from tests.support.helpers import REPO

PACKAGE = REPO / "src" / "sudoku_repl"


def modules() -> set[str]:
    names = {p.stem for p in PACKAGE.rglob("*.py") if p.stem not in ("__init__", "__main__")}
    c_folders = (PACKAGE / "core" / "csrc", PACKAGE / "techniques" / "explainer" / "csrc")
    return names | {p.stem for folder in c_folders for p in folder.rglob("*.[ch]")}


def test_architecture_names_every_module() -> None:
    text = (REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")
    words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
    missing = sorted(modules() - words)
    assert "session" in modules() and "stepping" in modules()  # the walk found the package
    assert not missing, f"ARCHITECTURE.md does not name: {missing}"


def test_the_readme_lists_every_doc() -> None:
    """The README's documentation list links each page of docs/ (why.md was left
    out)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    listed = readme.split("\n## Documentation\n", 1)[1].split("\n## ", 1)[0]
    linked = set(re.findall(r"^- \[docs/([\w.-]+\.md)\]\(docs/\1\): ", listed, re.MULTILINE))
    pages = {p.name for p in (REPO / "docs").glob("*.md")}
    assert "why.md" in pages and "commands.md" in linked  # the two sides were read
    assert sorted(pages - linked) == []
