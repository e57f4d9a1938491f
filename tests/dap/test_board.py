"""The custom ``sudokuBoard`` request: the board of a frame as data. Every expected value
is read from the spec's reference trace of the seed quiz (``tests/data/reference/
seed_run_run.trace``: its guess lines, its ``1GW``/``2GW`` removals and its solution grid), from
the quiz files, or written here by hand (the shapes); none from the code under test."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.support.dap_client import DapClient
from tests.support.helpers import REPO, SEED, SEED_QUIZ

Dap = Callable[..., DapClient]
TRACE = REPO / "tests" / "data" / "reference" / "seed_run_run.trace"
SAMURAI = "puzzles/variants/samurai_seed001.txt"
FLOWER = "puzzles/variants/flower_seed001.txt"
NUMBERED = re.compile(r"(\d+)\) (.*)")
GUESS = re.compile(
    r"(\d+)\) (?:Guess|Forward guess|Upward guess) \[(\d),(\d)\] level (\d+) at (\d+)"
)
REMOVAL = re.compile(r"\dGW: (\d) shrunken out of \[(\d),(\d)\]")
STALE = "it was handed out before the search moved (or never); ask for the stack again."


class Trace:
    """The first ``run`` of the seed in the reference trace, up to its solution at step 131."""

    def __init__(self) -> None:
        lines = TRACE.read_text(encoding="utf-8").splitlines()
        first = lines[lines.index("> run") + 1 : lines.index("Fine [steps:131, solution sum:1].")]
        #: step -> its numbered lines; step -> {cell name: values its GW lines removed}
        self.lines: dict[int, list[str]] = {}
        self.removed: dict[int, dict[str, list[int]]] = {}
        #: (step, level, cell name, tried) of every guess line, in order
        self.guesses: list[tuple[int, int, str, int]] = []
        pending: dict[str, list[int]] = {}
        for line in first:
            if m := REMOVAL.fullmatch(line):
                pending.setdefault(f"[{m.group(2)},{m.group(3)}]", []).append(int(m.group(1)))
            elif m := NUMBERED.fullmatch(line):
                step = int(m.group(1))
                self.lines.setdefault(step, []).append(line)
                if pending:
                    self.removed[step], pending = pending, {}
                if g := GUESS.match(line):
                    cell = f"[{g.group(2)},{g.group(3)}]"
                    self.guesses.append((step, int(g.group(4)), cell, int(g.group(5))))
        rows = [ln.replace(" ", "") for ln in first if re.fullmatch(r"\d{3} \d{3} \d{3}", ln)]
        #: the solution's digit of each cell
        self.solution = {f"[{r},{c}]": int(d) for r, row in enumerate(rows, 1)
                         for c, d in enumerate(row, 1)}  # fmt: skip

    def levels(self, step: int) -> dict[int, tuple[str, int, int]]:
        """The guess levels at ``step``: level -> (cell, its guess's step, tried)."""
        stack: dict[int, tuple[str, int, int]] = {}
        for at, level, cell, tried in self.guesses:
            if at > step:
                break
            stack = {lv: v for lv, v in stack.items() if lv < level}
            stack[level] = (cell, at, tried)
        return stack

    def guessed_value(self, step: int, level: int) -> int | None:
        """The value of level ``level``'s cell at ``step``, where the solution at step 131 has
        the same guess of that level (then it is the solution's digit); else None."""
        now, end = self.levels(step)[level], self.levels(131).get(level)
        return self.solution[now[0]] if end == now else None


def by_name(body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {cell["name"]: cell for cell in body["cells"]}


def peers(name: str) -> set[str]:
    r, c = map(int, name[1:-1].split(","))
    return {
        f"[{r2},{c2}]"
        for r2 in range(1, 10)
        for c2 in range(1, 10)
        if (r2 == r or c2 == c or ((r2 - 1) // 3, (c2 - 1) // 3) == ((r - 1) // 3, (c - 1) // 3))
        and (r2, c2) != (r, c)
    }


def givens_of(quiz: str) -> dict[str, int]:
    return {f"[{k // 9 + 1},{k % 9 + 1}]": int(d) for k, d in enumerate(quiz) if d != "0"}


def seed_at(dap: Dap, step: int) -> DapClient:
    client = dap()
    client.launch(program=SEED, trace=False)
    client.request("evaluate", expression=f"runtil {step}", context="repl")
    client.stopped()
    return client


def test_initialize_announces_the_request() -> None:
    from sudoku_repl.frontends.dap.requests import CAPABILITIES, REQUESTS

    assert CAPABILITIES["supportsSudokuBoardRequest"] is True
    assert "sudokuBoard" in REQUESTS


def test_the_board_at_step_37_is_the_reference_trace_s(dap: Dap) -> None:
    trace = Trace()
    client = seed_at(dap, 37)
    body = client.request("sudokuBoard")
    assert body["frameId"] is None
    assert (body["step"], body["level"]) == (37, len(trace.levels(37))) == (37, 4)
    assert body["title"] == "Step 37, level 4"
    assert body["name"] == trace.lines[37][-1] == "37) col 8 incomplete shrunken by group"
    assert client.top()["name"] == body["name"]
    cells = by_name(body)
    # the classic frame: 81 cells in row-major order
    assert [(c["row"], c["col"]) for c in body["cells"]] == [
        (r, c) for r in range(1, 10) for c in range(1, 10)
    ]
    assert all(c["name"] == f"[{c['row']},{c['col']}]" for c in body["cells"])
    assert (body["shape"]["height"], body["shape"]["width"]) == (9, 9)
    # the givens, with their digits
    givens = givens_of(SEED_QUIZ)
    assert {n for n, c in cells.items() if c["given"]} == set(givens)
    assert all(cells[n]["value"] == v and cells[n]["candidates"] == [] for n, v in givens.items())
    # what step 37 removed: its 2GW lines, and nothing else; it set no value
    removed = {n: c["removed"] for n, c in cells.items() if c["removed"]}
    assert removed == trace.removed[37] == {"[1,8]": [1, 4, 6], "[4,8]": [1]}
    assert not [n for n, c in cells.items() if c["set"]]
    for name in removed:  # "CelSet: [1,8] [4,8] ValSet: 7 9": the pair is left
        assert cells[name]["value"] == 0 and set(cells[name]["candidates"]) <= {7, 9}
        assert cells[name]["candidates"]
    # each guess level's cell, marked with its level; their values where the solution kept them
    levels = trace.levels(37)
    assert {n: c["guess"] for n, c in cells.items() if c["guess"]} == {
        cell: level for level, (cell, _, _) in levels.items()
    }
    known = {levels[lv][0]: v for lv in levels if (v := trace.guessed_value(37, lv)) is not None}
    assert known == {"[6,2]": 5, "[4,3]": 6}
    assert all(cells[n]["value"] == v for n, v in known.items())
    # box edges: [1,3] | [1,4]; [5,5] is in the middle of its box
    assert body["borders"][2] == [True, True, False, False]  # [1,3]: top, right
    assert body["borders"][3] == [True, False, False, True]  # [1,4]: top, left
    assert body["borders"][40] == [False, False, False, False]  # [5,5]
    palette = body["palette"]
    roles = {"given", "value", "set", "removed", "lv1", "lv2", "lv3", "lv4", "line", "thick"}
    for theme in ("light", "dark"):
        assert roles <= set(palette[theme])
        assert all(re.fullmatch(r"#[0-9a-f]{6}", v) for v in palette[theme].values())
    client.close()


def test_a_guess_step_sets_its_cell_and_removes_the_value_from_its_peers(dap: Dap) -> None:
    trace = Trace()
    client = seed_at(dap, 7)
    assert trace.lines[7] == ["7) Guess [6,2] level 1 at 1 out of 2"]
    cells = by_name(client.request("sudokuBoard"))
    value = trace.guessed_value(7, 1)
    assert value == 5
    assert [n for n, c in cells.items() if c["set"]] == ["[6,2]"]
    assert cells["[6,2]"]["value"] == value and cells["[6,2]"]["guess"] == 1
    removed = {n: c["removed"] for n, c in cells.items() if c["removed"]}
    assert removed and set(removed) <= peers("[6,2]")
    assert all(values == [value] for values in removed.values())
    assert all(c["changed"] for n, c in cells.items() if n in removed or n == "[6,2]")
    client.close()


def test_a_level_frame_shows_the_board_at_its_guess(dap: Dap) -> None:
    trace = Trace()
    client = seed_at(dap, 37)
    frames = client.request("stackTrace", threadId=1)["stackFrames"]
    cell, step, _ = trace.levels(37)[2]
    level2 = next(f for f in frames if f["name"].startswith("Level 2 "))
    body = client.request("sudokuBoard", frameId=level2["id"])
    assert body["frameId"] == level2["id"]
    assert (body["step"], body["level"], cell) == (step, 2, "[4,3]") == (11, 2, "[4,3]")
    assert body["name"] == level2["name"]
    assert body["title"] == "Step 11, level 2"
    cells = by_name(body)
    assert {n: c["guess"] for n, c in cells.items() if c["guess"]} == {"[6,2]": 1, "[4,3]": 2}
    assert cells["[4,3]"]["set"] and cells["[4,3]"]["value"] == trace.guessed_value(11, 2) == 6
    # levels 3 and 4 guess [2,3] and [3,3] at steps 16 and 18: empty at step 11
    assert cells["[2,3]"]["value"] == cells["[3,3]"]["value"] == 0
    # the same board as the frame's Board scope
    board = client.variables_of(level2["id"], "Board")
    for r in range(1, 10):
        digits = board[f"row {r}"].replace(" ", "")
        assert [cells[f"[{r},{c}]"]["value"] for c in range(1, 10)] == [int(d) for d in digits]
    client.close()


def test_samurai_and_flower_quizzes_come_in_their_shapes(dap: Dap) -> None:
    client = dap()
    client.launch(program=SAMURAI)
    body = client.request("sudokuBoard")
    shape = body["shape"]
    assert (shape["height"], shape["width"], len(body["cells"])) == (21, 21, 5 * 81 - 4 * 9)
    assert shape["grids"] == [[1, 1], [1, 13], [7, 7], [13, 1], [13, 13]]
    cells = by_name(body)
    assert "[1,10]" not in cells and "[10,1]" not in cells and "[10,7]" in cells
    # the givens: the file's digits, where the file draws them
    text = (REPO / SAMURAI).read_text(encoding="utf-8").splitlines()
    givens = {f"[{r},{c}]": int(ch) for r, line in enumerate(text, 1)
              for c, ch in enumerate(line, 1) if ch.isdigit()}  # fmt: skip
    assert {n: c["value"] for n, c in cells.items() if c["given"]} == givens
    assert body["step"] == 0 and all(c["candidates"] == [] for c in body["cells"])
    thick = dict(zip((c["name"] for c in body["cells"]), body["borders"], strict=True))
    assert thick["[7,7]"] == [True, False, False, True]  # boxes above and left (grid 1's)
    assert thick["[10,7]"] == [True, False, False, True]  # nothing left of it
    assert thick["[10,8]"] == [True, False, False, False]
    client.request("evaluate", expression=f"load-quiz {FLOWER}", context="repl")
    assert client.stopped()["reason"] == "entry"
    body = client.request("sudokuBoard")
    assert (body["shape"]["height"], body["shape"]["width"], len(body["cells"])) == (15, 15, 189)
    assert "[1,1]" not in by_name(body) and "[1,4]" in by_name(body)
    client.close()


def test_a_stale_frame_id_is_one_line_and_the_adapter_goes_on(dap: Dap) -> None:
    client = seed_at(dap, 37)
    frames = client.request("stackTrace", threadId=1)["stackFrames"]
    scopes = client.request("scopes", frameId=frames[1]["id"])["scopes"]
    reference = scopes[0]["variablesReference"]
    assert client.refused("sudokuBoard", frameId=reference) == (
        f"No frame {reference}: that number is a variables reference."
    )
    assert client.refused("sudokuBoard", frameId="top") == (
        'sudokuBoard\'s frameId is an integer, not "top" (a string).'
    )
    client.request("stepIn", threadId=1)
    client.stopped()
    old = frames[1]["id"]
    assert client.refused("sudokuBoard", frameId=old) == f"No frame {old}: {STALE}"
    assert client.request("sudokuBoard")["step"] > 37  # the present still answers
    client.close()


def test_without_a_quiz_the_request_is_refused_in_the_shell_s_words(dap: Dap) -> None:
    client = dap()
    client.request("initialize", adapterID="sudoku-repl")
    assert client.refused("sudokuBoard") == "No quiz loaded. Use load-quiz <file>."
    client.request("launch", program=SEED)
    client.event("initialized")
    client.request("configurationDone")
    client.stopped()
    body = client.request("sudokuBoard")
    assert (body["step"], body["level"], body["name"]) == (0, 0, "0) the quiz as loaded")
    client.close()
