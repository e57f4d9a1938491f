"""A rating that starts on the pure-Python build says so, once, in one line on
a terminal's stderr (``frontends/se_notice.py``, its words from ``tools/rating/se_build.py``),
before its first row: ``rate`` (by any scale: the core is pure too) and ``serate``. The pure
build is forced here with ``SUDOKU_REPL_ENGINE=pure`` (the doors, ``core/native.py`` and
``techniques/explainer/native.py``, read it); on the bare machine (no C compiler) it is the only
build. A script's stderr (a pipe) gets no such line. And ``rate``'s progress bar is drawn
wherever stderr is a terminal, with the rows in a file too, as generate's line.

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
#: the line's middle and its two ends, whose reason and command are those of
#: ``SUDOKU_REPL_ENGINE=pure`` here, or (the bare machine) of an install without its C
SAID_START = "the pure-Python build runs ("
SAID_END = "), about 25x slower to solve and about 100x slower to rate by SE's scale; "
ENDS = (
    "SUDOKU_REPL_ENGINE=pure" + SAID_END + "unset SUDOKU_REPL_ENGINE for the native one",
    "no native C in this install" + SAID_END + "for the native one, with a C compiler: "
    "pip install --no-cache-dir --force-reinstall ",
)


def said(line: str, command: str) -> bool:
    """Whether ``line`` is ``command``'s line about the pure build."""
    start = f"sudoku-repl {command}: {SAID_START}"
    rest = line.removeprefix(start)
    return rest != line and (rest == ENDS[0] or (rest.startswith(ENDS[1]) and rest != ENDS[1]))


def run(
    args: list[str], env: dict[str, str], tty: bool, into: Path | None = None
) -> tuple[int, str, str]:
    """``python -m sudoku_repl ARGS``: its exit status, stdout (a pipe, or the file ``into``:
    then "") and stderr (a terminal's, its line ends made plain, when ``tty``; else a pipe),
    read to their end."""
    master = slave = -1
    if tty:
        master, slave = os.openpty()
    file = into.open("wb") if into else None
    done = subprocess.Popen(
        [sys.executable, "-m", "sudoku_repl", *args],
        cwd=REPO,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=file or subprocess.PIPE,
        stderr=slave if tty else subprocess.PIPE,
    )
    if file is not None:
        file.close()  # (the program's own copy stays open)
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
    out = ""
    if done.stdout is not None:
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
    assert err.count(SAID_END) == 1, lines
    assert "sudoku-repl rate: 1 quiz rated;" in lines[-1], lines  # (after the bar)
    assert out.splitlines()[2].startswith(f"1,{EASY},")  # (the settings line, the header)


def test_rate_into_a_file_draws_its_bar_on_the_terminal(quiz: str, tmp_path: Path) -> None:
    """`rate --scale se FILE > out.csv` at a terminal shows its progress on stderr, as
    generate does (it showed nothing for minutes); the rows go to the file, none to the bar."""
    into = tmp_path / "out.csv"
    status, _, err = run(["rate", quiz, "--scale", "se"], {**os.environ}, tty=True, into=into)
    assert status == 0, err
    assert "easy.txt 100.0% [" in err and "1/  1 elapsed [" in err, err  # the bar, at its end
    assert EASY not in err, err
    rows = into.read_text().splitlines()
    assert rows[0].startswith("# sudoku-repl rate "), rows  # (the version and settings)
    assert rows[1].startswith("line,quiz,") and rows[2].startswith(f"1,{EASY},"), rows
    assert len(rows) == 3


def test_serate_on_the_pure_explainer_says_so_in_one_line(quiz: str) -> None:
    status, out, err = run(["serate", "--format=%r", "-i", quiz], env_with("pure"), tty=True)
    assert status == 0, err
    (line,) = err.splitlines()
    assert said(line, "serate"), line
    assert out == "1.0\n"  # (serate.jar's rating of it)


def test_no_line_on_a_pipe(quiz: str) -> None:
    status, _, err = run(["rate", quiz, "--scale", "se"], env_with("pure"), tty=False)
    assert status == 0 and SAID_END not in err, err
    status, _, err = run(["serate", "--format=%r", "-i", quiz], env_with("pure"), tty=False)
    assert (status, err) == (0, "")


def test_a_rating_by_steps_says_it_too(quiz: str) -> None:
    status, _, err = run(["rate", quiz], env_with("pure"), tty=True)
    assert status == 0 and said(err.splitlines()[0], "rate"), err
    assert err.count(SAID_END) == 1, err


@pytest.mark.skipif(not native.available(), reason="no native explainer (the pure build)")
def test_no_line_on_the_native_explainer(quiz: str) -> None:
    status, _, err = run(["rate", quiz, "--scale", "se"], env_with("native"), tty=True)
    assert status == 0 and SAID_START not in err, err
    status, _, err = run(["serate", "--format=%r", "-i", quiz], env_with("native"), tty=True)
    assert (status, err) == (0, "")
