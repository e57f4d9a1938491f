"""Pictures that tell the truth and completion of argument values.

The timeline: every level row is drawn or the scale is said, the biggest-level mark is never
covered by a solution mark, one solution is "solution at step", and no SVG text runs past the
picture. Completion: directories end with ``/``, ``run-mode``/``guess-mode`` offer their values,
``when removed``/``why removed`` offer values then cells, ``why [`` offers the filled cells.
"""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sudoku_repl.core import events as E
from sudoku_repl.core import modes
from sudoku_repl.core.record import History
from sudoku_repl.core.state import EngineState, Status
from sudoku_repl.views.timeline import (
    BIGGEST_MARK,
    MAX_ROWS,
    SOLUTION_MARK,
    svg_timeline,
    text_timeline,
)
from tests.support.helpers import PUZZLES, Shell, completions

MANY = PUZZLES / "multiple_solutions.txt"
SVG = "{http://www.w3.org/2000/svg}"
PLOT_ROW = re.compile(r"\s*(\d+) [│|]")
PER_COLUMN = re.compile(r"(\d+) steps? per column")
PER_ROW = re.compile(r"(\d+) levels per row")


def quiz_18(*commands: str) -> Shell:
    """Quiz 18 of puzzles/multiple_solutions.txt (thousands of solutions, levels past 20)."""
    shell = Shell()
    shell.ok(f"load-quiz {MANY} 18")
    for line in commands:
        shell.ok(line)
    return shell


@pytest.fixture(scope="module")
def to_3000() -> History:
    """``runtil 3000``: stops at the first solution, step 78, after the biggest level 22."""
    return quiz_18("runtil 3000").repl.session.history


@pytest.fixture(scope="module")
def runrun_200() -> History:
    """``runrun 200``: 200 solutions over 1601 steps, the biggest level 28 among them."""
    return quiz_18("runrun 200").repl.session.history


@pytest.fixture(scope="module")
def seed() -> History:
    shell = Shell.loaded()
    shell.ok("runrun 0")
    return shell.repl.session.history


def deep_history(depth: int) -> History:
    """A made-up record: one new guess per move down to ``depth``, then a solution (at the same
    step as the biggest level)."""
    blank = (0,) * 81
    h = History(EngineState(Status.LOADED, 0, 0, blank, blank, ()))
    for level in range(1, depth + 1):
        ev = [(E.GUESS, level, level - 1, level, 1, 2)]
        after = [0] * 81
        after[level - 1] = 1 + (level - 1) % 9
        assert not h.append(level, ev, None, 0, [level - 1], after, blank)
    h.append(depth, [(E.SOLUTION, depth, 1, bytes(81))], None, 0, [], blank, blank)
    return h


def plot_labels(lines: list[str]) -> list[int]:
    """The level labels of the plot's rows, top to bottom."""
    return [int(m.group(1)) for line in lines if (m := PLOT_ROW.match(line))]


def origin(lines: list[str]) -> int:
    """The text column of the plot's first step column."""
    row = next(line for line in lines if PLOT_ROW.match(line))
    return max(row.find("│"), row.find("|")) + 1


def mark_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if line.strip() and set(line.strip()) <= {"*", "^", " "}]


def steps_per_column(lines: list[str]) -> int:
    found = PER_COLUMN.search(" ".join(lines))
    assert found, lines
    return int(found.group(1))


# -- 1. every level row, or the scale said ---------------------------------------------------


def assert_rows_tell_the_truth(lines: list[str], top: int) -> None:
    labels = plot_labels(lines)
    assert labels[0] == top and labels[-1] == 0, labels
    assert len(labels) <= MAX_ROWS
    scale = PER_ROW.search(" ".join(lines))
    if scale is None:  # no scale said: every level has its row
        assert labels == list(range(top, -1, -1)), labels
        return
    per = int(scale.group(1))
    assert per > 1
    gaps = [a - b for a, b in itertools.pairwise(labels)]
    # each row stands for `per` levels; the bottom row (level 0) takes what is left below
    assert all(g == per for g in gaps[:-1]) and 1 <= gaps[-1] <= per, (per, labels)


def test_timeline_of_quiz_18_drops_no_level_row_silently(to_3000: History) -> None:
    lines = text_timeline(to_3000, 1, None, 80)
    assert "biggest level 22 at step 75" in " ".join(lines)
    assert_rows_tell_the_truth(lines, 22)


@pytest.mark.parametrize("depth", [18, 19, 20, 21, 22, 28, 38, 40, 57, 60])
def test_deep_timelines_show_every_row_or_the_scale(depth: int) -> None:
    lines = text_timeline(deep_history(depth), None, None, 80)
    assert all(len(line) <= 80 for line in lines)
    assert_rows_tell_the_truth(lines, depth)


def test_unscaled_timelines_say_no_scale(seed: History) -> None:
    lines = text_timeline(seed, None, None, 80)
    assert plot_labels(lines) == list(range(11, -1, -1))
    assert "per row" not in " ".join(lines)


# -- 2. the biggest-level mark stays visible -------------------------------------------------


def assert_marks_visible(lines: list[str], top_step: int, solution_steps: list[int]) -> None:
    size = steps_per_column(lines)
    first = int(re.search(r"over steps (\d+)\.\.", lines[0]).group(1))  # type: ignore[union-attr]
    at = origin(lines)
    marks = mark_lines(lines)
    assert any(line[at:].find(BIGGEST_MARK) == (top_step - first) // size for line in marks), marks
    assert sum(line.count(BIGGEST_MARK) for line in marks) == 1
    stars = {i for line in marks for i, ch in enumerate(line[at:]) if ch == SOLUTION_MARK}
    assert stars == {(s - first) // size for s in solution_steps}


def test_biggest_mark_is_not_hidden_by_the_solutions_of_runrun_200(runrun_200: History) -> None:
    lines = text_timeline(runrun_200, 1, None, 80)
    assert "biggest level 28 at step 534" in " ".join(lines)
    steps = [
        e.step for m in range(len(runrun_200)) for e in runrun_200.events(m) if E.is_solution(e)
    ]
    assert len(steps) == 200
    assert_marks_visible(lines, 534, steps)


def test_biggest_mark_and_a_solution_in_one_column() -> None:
    lines = text_timeline(deep_history(12), None, None, 80)  # the solution is at step 12 too
    assert_marks_visible(lines, 12, [12])


def test_one_marker_line_when_the_marks_do_not_meet(seed: History) -> None:
    lines = text_timeline(seed, None, None, 80)
    assert len(mark_lines(lines)) == 1
    assert_marks_visible(lines, 92, [131])


# -- 3. one solution, several solutions ------------------------------------------------------


def test_one_solution_is_singular(seed: History, to_3000: History) -> None:
    for history, step in ((seed, 131), (to_3000, 78)):
        text = " ".join(text_timeline(history, None, None, 80))
        assert f"solution at step {step}." in text
        assert "solutions at steps" not in text
        svg = svg_timeline(history)
        assert f"solution at step {step}" in svg and "solutions at steps" not in svg


def test_several_solutions_are_plural() -> None:
    history = quiz_18("runrun 2").repl.session.history
    text = " ".join(text_timeline(history, None, None, 80))
    assert "solutions at steps 78, 84." in text
    assert "solutions at steps 78, 84" in svg_timeline(history)


def test_many_solutions_say_how_many_more(runrun_200: History) -> None:
    text = " ".join(text_timeline(runrun_200, None, None, 80))
    assert "solutions at steps 78, 84, 101" in text and "and 188 more" in text


# -- 4. no SVG text is cut -------------------------------------------------------------------

#: a generous average glyph width of sans-serif text, in ems (digits are about 0.56)
EM = 0.6


def text_extents(svg: str) -> tuple[float, float, list[tuple[str, float, float]]]:
    """The picture's width and height (from the viewBox, checked against width/height) and
    (text, left, right) of each horizontal text element, its width estimated."""
    root = ET.fromstring(svg.encode("utf-8"))
    _, _, vw, vh = (float(v) for v in root.get("viewBox", "").split())
    assert float(root.get("width", "0")) == vw and float(root.get("height", "0")) == vh
    default = float(root.get("font-size", "16"))
    out = []
    for t in root.iter(SVG + "text"):
        if t.get("transform"):  # the rotated "level" label, at the left edge
            continue
        text = "".join(t.itertext())
        width = len(text) * EM * float(t.get("font-size", default))
        x = float(t.get("x", "0"))
        anchor = t.get("text-anchor", "start")
        left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
        out.append((text, left, left + width))
    return vw, vh, out


def assert_no_text_cut(svg: str) -> None:
    vw, vh, texts = text_extents(svg)
    cut = [(text, left, right) for text, left, right in texts if left < 0 or right > vw]
    assert not cut, (vw, cut)
    root = ET.fromstring(svg.encode("utf-8"))
    ys = [float(t.get("y", "0")) for t in root.iter(SVG + "text")]
    assert all(0 < y <= vh for y in ys)


def test_svg_solution_label_at_the_right_edge_is_whole(to_3000: History) -> None:
    svg = svg_timeline(to_3000)
    _, _, texts = text_extents(svg)
    assert "solution 1" in [text for text, _, _ in texts]
    assert_no_text_cut(svg)


def test_svg_long_summary_is_whole(runrun_200: History) -> None:
    svg = svg_timeline(runrun_200)
    _, _, texts = text_extents(svg)
    joined = " ".join(text for text, _, _ in texts)
    assert "biggest level 28 at step 534" in joined and "and 188 more" in joined
    assert_no_text_cut(svg)


@pytest.mark.parametrize(("first", "last"), [(None, None), (80, 140), (125, 131), (0, 6)])
def test_svg_texts_of_the_seed_are_whole(
    seed: History, first: int | None, last: int | None
) -> None:
    assert_no_text_cut(svg_timeline(seed, first, last))


@pytest.mark.parametrize("depth", [1, 12, 40])
def test_svg_texts_of_deep_searches_are_whole(depth: int) -> None:
    assert_no_text_cut(svg_timeline(deep_history(depth)))


# -- 5. completion -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    ["load-quiz", "source", "save-session", "timeline --svg", "tree --dot"],
)
def test_a_directory_completes_with_a_slash(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "deeper").mkdir()
    (tmp_path / "quizzes" / "hard.txt").write_text("")
    (tmp_path / "quick.txt").write_text("")
    monkeypatch.chdir(tmp_path)
    assert completions(f"{command} qu") == [f"{command} quick.txt", f"{command} quizzes/"]
    assert completions(f"{command} quizzes") == [f"{command} quizzes/"]
    assert completions(f"{command} quizzes/") == [
        f"{command} quizzes/deeper/",
        f"{command} quizzes/hard.txt",
    ]
    assert completions(f"{command} quizzes/d") == [f"{command} quizzes/deeper/"]


def test_a_home_directory_completes_with_a_slash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "quizzes").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path))
    assert completions("load-quiz ~/qu") == ["load-quiz ~/quizzes/"]


def test_run_mode_offers_every_registered_mode() -> None:
    every = [str(m) for m in modes.names()]
    assert len(every) >= 3
    assert completions("run-mode ") == [f"run-mode {m}" for m in every]
    assert completions("run-mode 1") == ["run-mode 1"]
    assert completions("run-mode 1 ") == []


def test_guess_mode_offers_0_and_1() -> None:
    assert completions("guess-mode ") == ["guess-mode 0", "guess-mode 1"]
    assert completions("guess-mode 1") == ["guess-mode 1"]


VALUES = [str(v) for v in range(1, 10)]
ROW_9 = ["[9,1]", "[9,2]", "[9,3]", "[9,4]", "[9,5]", "[9,8]", "[9,9]"]  # the seed's empty ones


@pytest.mark.parametrize("command", ["when", "why"])
def test_removed_offers_values_then_cells(command: str) -> None:
    shell = Shell.loaded()
    assert completions(f"{command} r", shell.repl) == [f"{command} removed"]
    assert completions(f"{command} removed ", shell.repl) == [
        f"{command} removed {v}" for v in VALUES
    ]
    assert completions(f"{command} removed 2 [9,", shell.repl) == [
        f"{command} removed 2 {c}" for c in ROW_9
    ]


def test_why_offers_the_filled_cells_givens_included() -> None:
    shell = Shell.loaded()
    # the seed's row 1 is 005 300 000: the givens [1,3] and [1,4], nothing filled yet
    assert completions("why [1,", shell.repl) == ["why [1,3]", "why [1,4]"]
    assert len(completions("why [", shell.repl)) == 23  # the seed has 23 givens
    # why answers for them: a given says so
    assert shell.ok("why [1,3] --book")[0].startswith("[1,3] is a given: NA(3)=5")
    shell.ok("goto 92")
    # at step 92 row 4 reads 426 095 370: all but [4,4] and [4,9] have a value
    found = completions("why [4,", shell.repl)
    assert found == [f"why [4,{c}]" for c in (1, 2, 3, 5, 6, 7, 8)]
    assert not any("no value yet" in " ".join(shell.ok(line)) for line in found)


def test_why_offers_no_cell_without_a_quiz() -> None:
    assert completions("why [", Shell().repl) == []
    assert completions("why ", Shell().repl) == ["why removed", "why wrong"]
