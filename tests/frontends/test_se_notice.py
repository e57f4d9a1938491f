"""Issue 54: an SE rating that starts on the pure-Python explainer says so, in one line on a
terminal's stderr (``frontends/se_notice.py``, its words from ``tools/rating/se_build.py``), before
its first row: ``rate --scale se|both`` and ``serate``. The pure explainer is forced here with
``SUDOKU_REPL_ENGINE=pure`` (the explainer's door, ``techniques/explainer/native.py``, reads it);
on the bare machine (no C compiler) it is the only build. A script's stderr (a pipe) gets no
such line, and neither does a rating by steps alone.

The expected line is written out here from the issue's words, not made by the code under test.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_repl.techniques.explainer import native
from tests.support.helpers import REPO

#: a solved grid (tests/data/edge_cases_expected.tsv, solved1) with its first five cells empty:
#: rated by singles, in a moment on either build
EASY = "....." + "6789456789123789123456312645978645978312978312645231564897564897231897231564"
#: the line's start and end; between them the reason the explainer is pure, in the build's
#: words: ``SUDOKU_REPL_ENGINE=pure`` here, or (the bare machine) the C extension not built
SAID_START = "SE rating on pure Python (no native explainer: "
SAID_END = (
    "): tens to hundreds of times slower than on the native "
    "explainer; docs/native.md says how to get it (a C compiler at install, or a wheel)."
)


def said(line: str, command: str) -> bool:
    """Whether ``line`` is ``command``'s line about the pure explainer."""
    start = f"sudoku-repl {command}: {SAID_START}"
    return line.startswith(start) and line.endswith(SAID_END) and len(line) > len(start + SAID_END)


def run(args: list[str], env: dict[str, str], tty: bool) -> tuple[int, str, str]:
    """``python -m sudoku_repl ARGS``: its exit status, stdout (a pipe) and stderr (a
    terminal's, its line ends made plain, when ``tty``; else a pipe), read to their end."""
    master = slave = -1
    if tty:
        master, slave = os.openpty()
    done = subprocess.Popen(
        [sys.executable, "-m", "sudoku_repl", *args],
        cwd=REPO,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=slave if tty else subprocess.PIPE,
    )
    if not tty:
        out, err = done.communicate(timeout=300)
        return done.returncode, out.decode(), err.decode()
    os.close(slave)
    chunks = []
    while True:  # to the terminal's end: EIO once the program (its last holder) has ended
        try:
            data = os.read(master, 1 << 16)
        except OSError as e:
            if e.errno != errno.EIO:
                raise
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    assert done.stdout is not None
    out = done.stdout.read().decode()
    done.stdout.close()
    done.wait(timeout=300)
    return done.returncode, out, b"".join(chunks).decode().replace("\r\n", "\n")


@pytest.fixture
def quiz(tmp_path: Path) -> str:
    path = tmp_path / "easy.txt"
    path.write_text(EASY + "\n")
    return str(path)


def env_with(engine: str) -> dict[str, str]:
    return {**os.environ, "SUDOKU_REPL_ENGINE": engine}


@pytest.mark.parametrize("scale", ["se", "both"])
def test_rate_by_se_on_the_pure_explainer_says_so_in_one_line(quiz: str, scale: str) -> None:
    status, out, err = run(["rate", quiz, "--scale", scale], env_with("pure"), tty=True)
    assert status == 0, err
    lines = err.splitlines()
    assert said(lines[0], "rate"), lines
    assert sum(SAID_END in line for line in lines) == 1 and len(lines) == 2, (
        lines
    )  # then the summary
    assert out.splitlines()[2].startswith(f"1,{EASY},")  # (the settings line, the header)


def test_serate_on_the_pure_explainer_says_so_in_one_line(quiz: str) -> None:
    status, out, err = run(["serate", "--format=%r", "-i", quiz], env_with("pure"), tty=True)
    assert status == 0, err
    (line,) = err.splitlines()
    assert said(line, "serate"), line
    assert out == "1.0\n"  # (serate.jar's rating of it)


def test_no_line_on_a_pipe_or_for_a_rating_by_steps(quiz: str) -> None:
    status, _, err = run(["rate", quiz, "--scale", "se"], env_with("pure"), tty=False)
    assert status == 0 and SAID_END not in err, err
    status, _, err = run(["serate", "--format=%r", "-i", quiz], env_with("pure"), tty=False)
    assert (status, err) == (0, "")
    status, _, err = run(["rate", quiz], env_with("pure"), tty=True)
    assert status == 0 and "SE rating" not in err, err


@pytest.mark.skipif(not native.available(), reason="no native explainer (the pure build)")
def test_no_line_on_the_native_explainer(quiz: str) -> None:
    status, _, err = run(["rate", quiz, "--scale", "se"], env_with("native"), tty=True)
    assert status == 0 and "SE rating" not in err, err
    status, _, err = run(["serate", "--format=%r", "-i", quiz], env_with("native"), tty=True)
    assert (status, err) == (0, "")
