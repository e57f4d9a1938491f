"""Every transcript of the README and of ``docs/`` is run and must match (``transcripts.py``
says how one is read); a block that shows a session must be such a transcript."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers import REPO, program_env
from transcripts import Transcript, matches, transcripts, untested_sessions

DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
ALL = [t for path in DOCS for t in transcripts(path)]


def test_there_are_transcripts_in_the_readme() -> None:
    assert sum(t.path.name == "README.md" for t in ALL) >= 3


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_every_session_shown_is_a_tested_transcript(path: Path) -> None:
    assert untested_sessions(path) == [], f"{path.name}: blocks at these lines show a session"


@pytest.mark.parametrize("transcript", ALL, ids=lambda t: t.name)
def test_transcript(transcript: Transcript, tmp_path: Path) -> None:
    # run where the repository's examples and puzzles are at hand, but any file written lands
    # in the test's own folder
    for name in ("examples", "puzzles"):
        (tmp_path / name).symlink_to(REPO / name)
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", *transcript.args],
        input="".join(line + "\n" for line in transcript.typed()),
        cwd=tmp_path,
        env=program_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    actual = done.stdout.splitlines()
    assert matches(transcript.expected, actual), "\n".join(
        ["expected:", *transcript.expected, "", "actual:", *actual]
    )
