"""Every transcript of the README and of ``docs/`` is run as typed and must match
(``tests/support/transcripts.py`` says how one is read, and the matching rule); a block that
shows what the program prints must be such a transcript, or say why it cannot run (few do);
every Python block runs to its end. The README begins with its two set-up commands, and its
examples work as typed after the first. A transcript that differs names the document, the
block and the line of the document where the program's output parts from it."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sudoku_repl.techniques.difficulty import native as measures_native
from tests.support.helpers import (
    EACH_BUILD,
    NEEDS_GYM,
    NEEDS_HIGHS,
    REPO,
    but_the_pure_build_line,
    program_env,
    skip_on_the_pure_explainer,
)
from tests.support.transcripts import (
    Transcript,
    activation,
    blocks,
    difference,
    not_run_marks,
    python_blocks,
    setup_commands,
    transcripts,
    untested_sessions,
)

#: on each build: the README's session, as a user without a compiler runs it
pytestmark = EACH_BUILD

README = REPO / "README.md"
DOCS = [README, *sorted((REPO / "docs").glob("*.md"))]
ALL = [t for path in DOCS for t in transcripts(path)]
#: the blocks that show the program but say why they cannot run, at most: the full screen, long
#: runs, a reader's own file (raise it only for a block no test can run)
MOST_NOT_RUN = 5
PROGRAMS = [(f"{path.name}:{n}", code) for path in DOCS for n, code in python_blocks(path)]
SETUP = setup_commands(README)


def needs_highs(transcript: Transcript) -> bool:
    """A transcript that solves with HiGHS (``solve ilp``, ``rate --ilp``): the extra ``ilp``,
    which the README's test command does not install (its tests skip, saying so)."""
    typed = [line.split() for line in transcript.typed()]
    return "--ilp" in transcript.args or any(words[:2] == ["solve", "ilp"] for words in typed)


#: the measures of difficulty whose search takes seconds to minutes in pure Python (B: ten
#: CPU-seconds on Backdoor #1, docs/difficulty.md; BxB more)
PURE_SLOW_MEASURES = frozenset({"b", "bxb"})


def measures_braids(transcript: Transcript) -> bool:
    """A transcript whose ``difficulty --measures`` or ``rate --scale`` asks for B or BxB."""
    for line in [transcript.command, *transcript.typed()]:
        words = line.split()
        for option, value in itertools.pairwise(words):
            if option in ("--measures", "--scale") and PURE_SLOW_MEASURES & set(value.split(",")):
                return True
    return False


def with_extras(transcript: Transcript) -> Any:
    return pytest.param(transcript, marks=NEEDS_HIGHS) if needs_highs(transcript) else transcript


def program_with_extras(name: str, code: str) -> Any:
    marks = [NEEDS_HIGHS] if ".solve_ilp(" in code else []
    if "sudoku_repl.gym" in code:
        marks.append(NEEDS_GYM)
    return pytest.param(name, code, marks=marks, id=name)


def test_there_are_transcripts_in_the_readme() -> None:
    assert sum(t.path.name == "README.md" for t in ALL) >= 3


def test_the_readme_starts_with_its_two_set_up_commands() -> None:
    """First the set-up: one command installs and starts the shell on the seed quiz, one
    installs the test extras and runs the whole suite; nothing but the title before them."""
    number, info, _ = next(blocks(README))
    assert info == "sh"
    assert [line for line in README.read_text().splitlines()[: number - 1] if line] == [
        "# sudoku-repl"
    ]
    first, second = SETUP
    assert "pip install . " in first and first.endswith(" && sudoku-repl examples/seed.txt")
    # -rs: the run ends with why each skipped test skipped
    assert "pip install -e '.[test]'" in second and second.endswith(" && python -m pytest -rs")


def test_ci_runs_the_readmes_test_command_itself() -> None:
    """(CI ran its own install and pytest, and hid what the README's line missed.)
    ``.ci/readme-command`` prints the README's second set-up command, and both CI jobs run the
    line it prints: the main one with every extra and tool, ``.ci/pure`` on a bare machine."""
    done = subprocess.run(
        ["bash", str(REPO / ".ci" / "readme-command")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout == SETUP[1] + "\n", done.stderr
    for job in ("run", "pure"):
        script = (REPO / ".ci" / job).read_text()
        assert "line=$(bash .ci/readme-command)" in script, job
        assert 'bash -c "$line"' in script, job


def test_the_readme_session_goes_on_from_the_first_command() -> None:
    """The session shown first is the one the first command started: the same command line,
    and no second ``load-quiz`` of the quiz already loaded."""
    session = next(t for t in ALL if t.path == README)
    assert session.command == SETUP[0].split("&&")[-1].strip()
    assert session.expected[0] == "Quiz loaded."
    assert not any(line.startswith("load-quiz") for line in session.typed())


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_every_session_shown_is_a_tested_transcript(path: Path) -> None:
    assert untested_sessions(path) == [], (
        f"{path.name}: the blocks at these lines show what the program prints: make each a "
        "console transcript, or say why it cannot run (<!-- not run: REASON --> before it)"
    )


def test_few_blocks_are_not_run_and_each_says_why() -> None:
    marks = {
        f"{path.relative_to(REPO)}:{line}": why
        for path in DOCS
        for line, why in not_run_marks(path).items()
    }
    assert len(marks) <= MOST_NOT_RUN, marks
    assert all(len(why.split()) >= 3 for why in marks.values()), marks


def at_hand(tmp_path: Path) -> Path:
    """A folder where the repository's examples and puzzles are at hand, but any file written
    lands in the test's own folder."""
    for name in ("examples", "puzzles"):
        (tmp_path / name).symlink_to(REPO / name)
    return tmp_path


def after_setup(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """Where the README's first command leaves the user: a folder with the repository's
    examples and puzzles, whose ``.venv`` is the virtual environment this suite runs in (the
    package installed there, as the README's second command does), and the environment of a
    terminal where nothing of it is on the PATH yet (the set-up's own steps put it there)."""
    assert sys.prefix != sys.base_prefix, "run the suite in the README's virtual environment"
    folder = at_hand(tmp_path)
    (folder / ".venv").symlink_to(sys.prefix)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    path = env.get("PATH", "").split(os.pathsep)
    env["PATH"] = os.pathsep.join(p for p in path if p and not (Path(p) / "sudoku-repl").exists())
    return folder, env


def test_the_transcripts_that_need_highs_are_the_ilp_ones() -> None:
    """What ``needs_highs`` picks: docs/ilp.md's tours of ``solve ilp`` (the README's moved
    there) and its program; no other."""
    picked = [t.name for t in ALL if needs_highs(t)]
    assert {n.partition(":")[0] for n in picked} == {"ilp.md"}
    programs = [name for name, code in PROGRAMS if ".solve_ilp(" in code]
    assert {n.partition(":")[0] for n in programs} == {"ilp.md"}


@pytest.mark.parametrize("transcript", [with_extras(t) for t in ALL], ids=lambda t: t.name)
def test_transcript(transcript: Transcript, tmp_path: Path) -> None:
    """Typed as written, after the README's first set-up command's activation; what it prints
    on standard output and standard error, as a terminal shows them."""
    if transcript.not_run is not None:
        pytest.skip(f"{transcript.name} is not run: {transcript.not_run}")
    typed = [transcript.command, *transcript.typed()]
    if any("generate --er" in line for line in typed):
        skip_on_the_pure_explainer()
    if measures_braids(transcript) and not measures_native.active():
        pytest.skip(
            f"{transcript.name} measures B: seconds to minutes on the pure measures "
            "(docs/native.md); the native build's run holds it"
        )
    folder, env = after_setup(tmp_path)
    done = subprocess.run(
        ["sh", "-c", " && ".join([*activation(SETUP[0]), transcript.command])],
        input="".join(line + "\n" for line in transcript.typed()),
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=120,
    )
    actual = but_the_pure_build_line(done.stdout.splitlines())  # (the bare machine's)
    said = difference(transcript, actual, REPO)
    assert said is None, said


def test_there_are_python_blocks() -> None:
    assert {name.partition(":")[0] for name, _ in PROGRAMS} >= {"README.md", "api.md"}


@pytest.mark.parametrize(("name", "code"), [program_with_extras(n, c) for n, c in PROGRAMS])
def test_python_block(name: str, code: str, tmp_path: Path) -> None:
    if "generate(er=" in code:
        skip_on_the_pure_explainer()
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
