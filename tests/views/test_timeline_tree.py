"""The level timeline (text and SVG) and the guess tree, against the seed quiz's reference trace.

Expected values come from ``tests/data/reference/seed_run_run.trace`` (read here) and from the
published figures of docs/engine.md 10, never from the code under test.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sudoku_repl.core import events as E
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.record import History
from sudoku_repl.core.session import Session
from sudoku_repl.core.state import EngineState, Status
from sudoku_repl.views.guess_tree import (
    CUT,
    EXHAUSTED,
    OPEN,
    SOLUTION,
    WRONG,
    Node,
    build_tree,
    to_dot,
    walk,
)
from sudoku_repl.views.timeline import MAX_ROWS, level_series, svg_timeline, text_timeline
from tests.support.helpers import REFERENCE, SEED_QUIZ, SilentHooks, puzzle_lines

TRACE = REFERENCE / "seed_run_run.trace"
GUESS_LINE = re.compile(
    r"(\d+)\) (?:Guess|Forward guess|Upward guess) \[(\d),(\d)\] level (\d+) at (\d+) out of (\d+)"
)
SVG = "{http://www.w3.org/2000/svg}"


def seed_session() -> Session:
    s = Session()
    s.load(Quiz.from_string(SEED_QUIZ))
    return s


@pytest.fixture(scope="module")
def history() -> History:
    """The seed quiz run to the end (``runrun 0``)."""
    s = seed_session()
    s.run(SilentHooks(), 0)
    return s.history


@pytest.fixture(scope="module")
def trace_lines() -> list[str]:
    return TRACE.read_text(encoding="utf-8").splitlines()


def guess_lines(lines: list[str]) -> list[tuple[int, int, int, int, int]]:
    """(step, cell, level, index, count) of every Guess / Forward guess / Upward guess line."""
    out = []
    for line in lines:
        m = GUESS_LINE.fullmatch(line)
        if m:
            step, r, c, level, index, count = (int(g) for g in m.groups())
            out.append((step, (r - 1) * 9 + (c - 1), level, index, count))
    return out


def levels_at(lines: list[str], step: int) -> list[tuple[int, int]]:
    """(cell, index) of the guesses on the stack at ``step``, level 1 first, from the trace."""
    stack: list[tuple[int, int]] = []
    for s, cell, level, index, _ in guess_lines(lines):
        if s > step:
            break
        stack[level - 1 :] = [(cell, index)]
    return stack


def solution_grid(lines: list[str], step: int) -> list[int]:
    """The grid printed before ``Fine [steps:<step>, ...``."""
    end = next(i for i, line in enumerate(lines) if line.startswith(f"Fine [steps:{step},"))
    grid_row = re.compile(r"\d{3} \d{3} \d{3}")
    rows = [line.replace(" ", "") for line in lines[:end] if grid_row.fullmatch(line)]
    return [int(ch) for ch in "".join(rows[-9:])]


# -- the level series --------------------------------------------------------------------------


def test_trace_facts(trace_lines: list[str]) -> None:
    """The facts the tests below rely on, as the reference trace states them."""
    assert "92) Guess [4,2] level 11 at 1 out of 2" in trace_lines
    assert max(level for _, _, level, _, _ in guess_lines(trace_lines)) == 11
    assert any(line.startswith("Fine [steps:131,") for line in trace_lines)
    assert any(line.startswith("284) No more solution") for line in trace_lines)


def test_level_series(history: History) -> None:
    series = level_series(history)
    assert len(series) == len(history) + 1
    assert series[0] == (0, 0)
    assert series[-1] == (284, 0)  # no guess level after "No more solution"
    assert max(level for _, level in series) == 11
    assert next(steps for steps, level in series if level == 11) == 92
    assert [steps for steps, _ in series] == sorted(steps for steps, _ in series)


def test_level_series_matches_trace_levels(history: History, trace_lines: list[str]) -> None:
    """At every guess line's step, the series' level is that line's level."""
    last_level = {}
    for steps, level in level_series(history):
        last_level[steps] = level
    for step, _, level, _, _ in guess_lines(trace_lines):
        assert last_level[step] == level, step


# -- the text timeline ---------------------------------------------------------------------------


@pytest.mark.parametrize("width", [40, 80, 200])
def test_text_timeline_fits_and_marks(history: History, width: int) -> None:
    lines = text_timeline(history, None, None, width)
    assert all(len(line) <= width for line in lines), [line for line in lines if len(line) > width]
    text = " ".join(lines)
    assert "biggest level 11 at step 92" in text
    assert "solution at step 131" in text and "solutions" not in text  # one solution
    assert "284" in text
    plot = [line for line in lines if re.match(r"\s*\d+ [│|]", line)]
    assert len(plot) == 12  # levels 11..0, one row each
    assert plot[0].lstrip().startswith("11 ")
    marks = [line for line in lines if line.strip() and set(line.strip()) <= {"*", "^", " "}]
    assert len(marks) == 1 and "*" in marks[0] and "^" in marks[0]
    ticks = [line for line in lines if re.fullmatch(r"[\d ]+", line) and line.strip()]
    assert ticks[0].split()[0] == "0" and ticks[0].split()[-1] == "284"


def test_text_timeline_range_one_step_per_column(history: History) -> None:
    lines = text_timeline(history, 80, 140, 80, ascii_only=True)
    assert all(len(line) <= 80 for line in lines)
    assert all(ord(ch) < 128 for line in lines for ch in line)
    ticks = next(line for line in lines if re.fullmatch(r"[\d ]+", line) and line.strip())
    assert ticks.split()[0] == "80" and ticks.split()[-1] == "140"
    top = next(line for line in lines if line.startswith("11 |"))
    marks = next(line for line in lines if "^" in line and set(line.strip()) <= {"*", "^", " "})
    origin = top.index("|") + 1
    # one step per column: level 11 at steps 92 and 93 (Guess, then Forward guess [4,2])
    assert top[origin:].strip() == "##" and top.index("#") - origin == 92 - 80
    assert marks.index("^") - origin == 92 - 80
    assert marks.index("*") - origin == 131 - 80
    assert "Search ended" not in " ".join(lines)  # 284 is outside 80..140


def test_text_timeline_before_the_first_guess(history: History) -> None:
    lines = text_timeline(history, 0, 6, 60)
    assert "biggest level 0 at step 0" in " ".join(lines)
    assert "no solution" in " ".join(lines)


def test_text_timeline_rejects_a_range_past_the_record(history: History) -> None:
    with pytest.raises(ValueError):
        text_timeline(history, 300, 400, 80)


def deep_history(depth: int) -> History:
    """A made-up record: one new guess per move down to ``depth``, then a solution."""
    blank = (0,) * 81
    h = History(EngineState(Status.LOADED, 0, 0, blank, blank, ()))
    for level in range(1, depth + 1):
        ev = [(E.GUESS, level, level - 1, level, 1, 2)]
        after = [0] * 81
        after[level - 1] = 1 + (level - 1) % 9
        assert not h.append(level, ev, None, 0, [level - 1], after, blank)
    h.append(depth, [(E.SOLUTION, depth, 1, bytes(81))], None, 0, [], blank, blank)
    return h


def test_text_timeline_scales_deep_searches() -> None:
    h = deep_history(40)
    lines = text_timeline(h, None, None, 50)
    assert all(len(line) <= 50 for line in lines)
    plot = [line for line in lines if re.match(r"\s*\d+ [│|]", line)]
    assert len(plot) <= MAX_ROWS
    assert plot[0].lstrip().startswith("40 ") and plot[-1].lstrip().startswith("0 ")
    # 3 levels a row (40, 37, ..., 1, then 0), and the legend says so
    assert [int(line.split()[0]) for line in plot] == [*range(40, 0, -3), 0]
    assert "3 levels per row" in " ".join(lines)
    assert "biggest level 40 at step 40" in " ".join(lines)


# -- the SVG timeline -----------------------------------------------------------------------------


def test_svg_timeline(history: History) -> None:
    root = ET.fromstring(svg_timeline(history, None, None).encode("utf-8"))
    assert root.tag == SVG + "svg"
    solutions = [g for g in root.iter() if g.get("class") == "solution"]
    assert len(solutions) == 1
    assert "131" in "".join(solutions[0].itertext())
    assert [g for g in root.iter(SVG + "polyline") if g.get("class") == "level"]
    texts = " ".join("".join(t.itertext()) for t in root.iter(SVG + "text"))
    assert "biggest level 11 at step 92" in texts
    assert "284" in texts.split()


def test_svg_timeline_range(history: History) -> None:
    root = ET.fromstring(svg_timeline(history, 132, 284).encode("utf-8"))
    assert not [g for g in root.iter() if g.get("class") == "solution"]
    texts = " ".join("".join(t.itertext()) for t in root.iter(SVG + "text"))
    assert "biggest level 7 at step 136" in texts  # "136) Guess [2,4] level 7", the run's biggest


# -- the guess tree --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tree(history: History) -> list[Node]:
    return build_tree(history)


def test_tree_has_a_node_per_guess_line(tree: list[Node], trace_lines: list[str]) -> None:
    nodes = list(walk(tree))
    assert len(nodes) == len(guess_lines(trace_lines))
    assert [(n.first_step, n.cell, n.level, n.index, n.count) for n in nodes] == sorted(
        guess_lines(trace_lines)
    )
    assert all(n.outcome in (WRONG, SOLUTION, EXHAUSTED) for n in nodes)  # search ended
    assert [n.level for n in tree] == [1, 1]


def test_tree_level_11(tree: list[Node]) -> None:
    deep = [n for n in walk(tree) if n.level == 11]
    assert [n.name for n in deep] == ["[4,2]", "[4,2]"]
    assert [n.outcome for n in deep] == [WRONG, WRONG]
    assert [(n.first_step, n.last_step) for n in deep] == [(92, 92), (93, 93)]
    assert [n.index for n in deep] == [1, 2]
    assert deep[0].parent is deep[1].parent
    assert deep[0].label.startswith("[4,2]=") and "level 11 (1/2)\nsteps 92..92" in deep[0].label


def test_tree_solution_branch(tree: list[Node], trace_lines: list[str]) -> None:
    found = [n for n in walk(tree) if n.outcome == SOLUTION]
    assert len(found) == 1
    leaf = found[0]
    assert leaf.solutions == [131]
    path = leaf.path()
    assert [(n.cell, n.index) for n in path] == levels_at(trace_lines, 131)
    grid = solution_grid(trace_lines, 131)
    assert [n.value for n in path] == [grid[n.cell] for n in path]
    assert all(n.leads_to_solution for n in path)
    assert all(n.outcome == EXHAUSTED for n in path[:-1])


def test_tree_stopped_at_the_solution(trace_lines: list[str]) -> None:
    s = seed_session()
    s.run(SilentHooks(), 1)
    nodes = list(walk(build_tree(s.history)))
    current = [n for n in nodes if n.last_step == 131 and n.outcome in (OPEN, SOLUTION)]
    assert [(n.cell, n.index) for n in current] == levels_at(trace_lines, 131)
    assert [n.outcome for n in current] == [OPEN] * (len(current) - 1) + [SOLUTION]


def test_tree_open_after_runtil_98(trace_lines: list[str]) -> None:
    """docs/engine.md 10: ``runtil 98`` from the start ends ``At guess level 3 [2,3] 2``."""
    s = seed_session()
    s.run(SilentHooks(), 1, max_steps=98)
    assert s.history.last_steps == 98
    open_ = [n for n in walk(build_tree(s.history)) if n.outcome == OPEN]
    assert [(n.level, n.name, n.index) for n in open_][-1] == (3, "[2,3]", 2)
    assert [(n.cell, n.index) for n in open_] == levels_at(trace_lines, 98)
    assert all(n.last_step == 98 for n in open_)


#: a node as both trees show it (its move is a number in its own record)
NodeKey = tuple[int, int, int, int, int, int, int, str]


def _key(node: Node) -> NodeKey:
    return (
        node.cell, node.value, node.index, node.count, node.level,
        node.first_step, node.last_step, node.outcome,
    )  # fmt: skip


def _edges(roots: list[Node]) -> set[tuple[NodeKey, NodeKey]]:
    return {(_key(n), _key(c)) for n in walk(roots) for c in n.children}


def _run_to_the_end(quiz: str) -> History:
    s = Session()
    s.load(Quiz.from_string(quiz))
    s.run(SilentHooks(), 0)
    return s.history


def test_a_trimmed_record_s_tree_is_the_whole_tree_from_its_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After a trim, siblings stay siblings and a child is one level below its
    parent; the branches begun before the kept record hang from one cut node, never invented."""
    quiz = puzzle_lines("forum_hardest_1106.txt")[0]
    whole = build_tree(_run_to_the_end(quiz))
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", "1024")
    trimmed_history = _run_to_the_end(quiz)
    assert trimmed_history.dropped  # the cap was met: the record starts later
    start = trimmed_history.start
    assert start.level > 0  # it starts inside branches it does not hold
    trimmed = build_tree(trimmed_history)

    cuts = [n for n in walk(trimmed) if n.outcome == CUT]
    assert cuts == [trimmed[0]]  # one cut node, the first root
    cut = cuts[0]
    assert cut.first_step == start.steps and cut.parent is None
    assert cut.label == f"steps before {start.steps + 1}\nnot in the record"
    for node in walk(trimmed):
        for child in node.children:
            assert node is cut or child.level == node.level + 1, (node.label, child.label)
        if node.parent is None and node is not cut:
            assert node.level == 1
    # the same branches as the whole tree's begun in the kept steps, joined the same way
    kept = [n for n in walk(whole) if n.first_step > start.steps]
    assert {_key(n) for n in walk(trimmed) if n is not cut} == {_key(n) for n in kept}
    assert {e for e in _edges(trimmed) if e[0] != _key(cut)} <= _edges(whole)
    # under the cut: exactly the kept branches whose parent began before the record
    whole_under_cut = {
        _key(n) for n in kept if n.parent is not None and n.parent.first_step <= start.steps
    }
    assert {_key(c) for c in cut.children} == whole_under_cut
    assert whole_under_cut  # (the record's first branches lie in those it does not hold)
    # and the DOT has the one node that says so, no edge of its own invented
    dot = to_dot(trimmed)
    assert dot.count("not in the record") == 1
    assert len(re.findall(r"^\s*n\d+ -> n\d+;", dot, re.M)) == sum(
        len(n.children) for n in walk(trimmed)
    )


def test_a_whole_record_s_tree_has_no_cut_node(tree: list[Node]) -> None:
    assert all(n.outcome != CUT for n in walk(tree))


# -- DOT -----------------------------------------------------------------------------------------


def test_dot_structure(tree: list[Node], trace_lines: list[str]) -> None:
    dot = to_dot(tree)
    assert dot.startswith("digraph guesses {")
    assert dot.rstrip().endswith("}")
    assert dot.count("{") == dot.count("}")
    declared = re.findall(r"^\s*(n\d+) \[label=", dot, re.M)
    edges = re.findall(r"^\s*(n\d+) -> (n\d+);", dot, re.M)
    assert len(declared) == len(set(declared)) == len(guess_lines(trace_lines))
    assert all(a in declared and b in declared for a, b in edges)
    assert len(edges) == len(declared) - len(tree)
    assert r'"[4,2]=' in dot and r"\nlevel 11 (1/2)\nsteps 92..92" in dot
    for line in dot.splitlines():
        if "level 11 (" in line:
            assert "#c0392b" in line  # red: wrong
        if "steps 127..131" in line:
            assert "#1e8449" in line  # green: the solution


def test_dot_names_each_attribute_of_a_node_once(tree: list[Node]) -> None:
    """An exhausted branch on the way to the solution once had ``color`` twice."""
    nodes = [line for line in to_dot(tree).splitlines() if re.match(r"^\s*n\d+ \[", line)]
    on_the_way = [line for line in nodes if "#eeeeee" in line and "#1e8449" in line]
    assert on_the_way  # the seed's search has such branches
    for line in nodes:
        body = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)  # the quoted values put aside
        names = re.findall(r"(\w+)=", body)
        assert len(names) == len(set(names)), line


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")
def test_dot_is_accepted_by_graphviz(tree: list[Node], tmp_path: Path) -> None:
    src = tmp_path / "tree.dot"
    src.write_text(to_dot(tree), encoding="utf-8")
    out = subprocess.run(["dot", "-Tsvg", str(src)], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    ET.fromstring(out.stdout.encode("utf-8"))
