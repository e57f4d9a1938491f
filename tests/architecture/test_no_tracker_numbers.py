"""A comment says why in the code's own terms: no file a reader of the repository reads as code
names an issue of the project's tracker by number, which that reader cannot open. History lives
in CHANGELOG.md, docs/ and the commit messages, which this test leaves alone."""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

from tests.support.helpers import REPO

#: the folders of code, tests and scripts (and the two build files at the top)
SCANNED = ("src", "web", "editors", ".ci", "tests", "benchmarks", "setup.py", "pyproject.toml")
#: what is history by design, or not the project's own text
LEFT_OUT = ("node_modules", "__pycache__", ".venv", "CHANGELOG.md", "dist", "build")
#: the word, then a number ("#" before it or not); spelled in two parts so that this file is no hit
TRACKER_NUMBER = re.compile(r"\b[Ii]ssues?" + r" #?\d+")
TEXT_SUFFIXES = {
    ".py",
    ".pyi",
    ".c",
    ".h",
    ".js",
    ".mjs",
    ".cjs",
    ".ts",
    ".html",
    ".css",
    ".md",
    ".toml",
    ".json",
    ".sh",
    ".txt",
    ".cfg",
    ".yml",
    ".yaml",
    "",
}


@functools.cache
def _scanned_files() -> tuple[Path, ...]:
    files: list[Path] = []
    for name in SCANNED:
        top = REPO / name
        if top.is_file():
            candidates = [top]
        else:
            candidates = []
            # (the folders left out are not entered: node_modules alone holds more files
            # than the rest of the repository)
            for folder, subfolders, names in os.walk(top):
                subfolders[:] = sorted(d for d in subfolders if d not in LEFT_OUT)
                candidates += [Path(folder, n) for n in sorted(names) if n not in LEFT_OUT]
        for path in candidates:
            if path.suffix in TEXT_SUFFIXES and path.is_file() and path.stat().st_size < 2_000_000:
                files.append(path)
    return tuple(files)


def test_the_scan_reads_the_code() -> None:
    names = {path.relative_to(REPO).as_posix() for path in _scanned_files()}
    assert "src/sudoku_repl/__main__.py" in names
    assert ".ci/run" in names
    assert "web/page.mjs" in names


def test_the_pattern_finds_a_tracker_number() -> None:
    assert TRACKER_NUMBER.search("# (see " + "issue" + " 73, item 27)")
    assert TRACKER_NUMBER.search('"""' + "Issues" + " 54 and 59: a rating")
    assert not TRACKER_NUMBER.search("an issue of the tracker, 73 items")


def test_no_code_names_a_tracker_number() -> None:
    hits = []
    for path in _scanned_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if not TRACKER_NUMBER.search(text):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if TRACKER_NUMBER.search(line):
                hits.append(f"{path.relative_to(REPO)}:{number}: {line.strip()[:100]}")
    assert hits == [], "say why in the code's own terms:\n" + "\n".join(hits)
