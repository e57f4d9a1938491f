"""Every transcript of the README and of ``docs/`` is run and must match
(``tests/support/transcripts.py`` says how one is read); a block that shows a session must be
such a transcript; every Python block runs to its end."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.helpers import REPO, program_env
from tests.support.transcripts import (
    Transcript,
    matches,
    python_blocks,
    transcripts,
    untested_sessions,
)

DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
ALL = [t for path in DOCS for t in transcripts(path)]
PROGRAMS = [(f"{path.name}:{n}", code) for path in DOCS for n, code in python_blocks(path)]


def test_there_are_transcripts_in_the_readme() -> None:
    assert sum(t.path.name == "README.md" for t in ALL) >= 3


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_every_session_shown_is_a_tested_transcript(path: Path) -> None:
    assert untested_sessions(path) == [], f"{path.name}: blocks at these lines show a session"


def at_hand(tmp_path: Path) -> Path:
    """A folder where the repository's examples and puzzles are at hand, but any file written
    lands in the test's own folder."""
    for name in ("examples", "puzzles"):
        (tmp_path / name).symlink_to(REPO / name)
    return tmp_path


@pytest.mark.parametrize("transcript", ALL, ids=lambda t: t.name)
def test_transcript(transcript: Transcript, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", *transcript.args],
        input="".join(line + "\n" for line in transcript.typed()),
        cwd=at_hand(tmp_path),
        env=program_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    actual = done.stdout.splitlines()
    assert matches(transcript.expected, actual), "\n".join(
        ["expected:", *transcript.expected, "", "actual:", *actual]
    )


def test_there_are_python_blocks() -> None:
    assert {name.partition(":")[0] for name, _ in PROGRAMS} >= {"README.md", "api.md"}


@pytest.mark.parametrize(("name", "code"), PROGRAMS, ids=[name for name, _ in PROGRAMS])
def test_python_block(name: str, code: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=at_hand(tmp_path),
        env=program_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, f"{name}:\n{done.stderr}"


LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchor(heading: str) -> str:
    """GitHub's anchor of a Markdown heading: lower case, punctuation dropped, blanks as '-'."""
    text = heading.lstrip("#").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_every_relative_link_leads_somewhere(path: Path) -> None:
    broken = []
    for target in LINK.findall(path.read_text(encoding="utf-8")):
        if "://" in target or target.startswith("mailto:"):
            continue
        name, _, fragment = target.partition("#")
        page = (path.parent / name).resolve() if name else path
        if not page.exists():
            broken.append(target)
        elif fragment and page.suffix == ".md":
            headings = [
                line
                for line in page.read_text(encoding="utf-8").splitlines()
                if line.startswith("#")
            ]
            if fragment not in {anchor(h) for h in headings}:
                broken.append(target)
    assert broken == [], f"{path.name}: links that lead nowhere"
