"""A plain reference implementation of docs/engine.md, for measuring the package engine
against and for cross-checking its traces.

Written from docs/engine.md and its two clarifications only (nothing is imported or copied from
``sudoku_repl``), deliberately without tricks:

- the grid is a 9x9 list of lists of ints (0 = empty), the candidates a 9x9 list of lists of
  Python sets; cells are ``(r, c)`` tuples (0-based inside, 1-based in text);
- units are lists of ``(r, c)``; subsets come from ``itertools.combinations``;
- the guess stack is an explicit list of frames, each holding a deep copy of the grid and the
  candidates; there is no recursion (a failed placement loops back into ``next_guess``).

Clarifications the reference traces forced (the prose's wording is loose there; docs/engine.md
now states both):

(a) complete shrink of a unit goes value by value, ascending, over the values missing from the
    unit; each value counts the unit's empty cells that have it as a candidate *as they are now*
    (after the earlier values of this pass reduced cells): 0 cells -> WRONG at once (nothing
    printed); exactly 1 cell with more than one candidate -> that cell keeps only the value.
    COMPLETE if anything was reduced.
(b) 1GW stops at the first cell S (in unit order) whose identical-set group removes something.

API:
    solve_trace(quiz81, solutions) -> (lines, steps, solution_sum)   # runrun <solutions>
    run_steps(quiz81, solutions)   -> (steps, solution_sum, biggest) # same, no lines built
    ReferenceEngine(quiz81)        -> .step() / .run() / .runtil(n) / .runrun(k)

    python tests/oracles/reference_engine.py [TRACE ...]   # verify against the reference traces
                                                        # (default: tests/data/reference/*.trace)
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

Cell = tuple[int, int]
Grid = list[list[int]]
Cands = list[list[set[int]]]
# An interactive guess answer: None = the default, or ((r, c) 0-based, value).
Chooser = Callable[[Cell, int], "tuple[Cell, int] | None"]

# -- units and peers ---------------------------------------------------------------------------

ALL_CELLS: list[Cell] = [(r, c) for r in range(9) for c in range(9)]  # row-major order


def row_cells(r: int) -> list[Cell]:
    return [(r, c) for c in range(9)]


def col_cells(c: int) -> list[Cell]:
    return [(r, c) for r in range(9)]


def blk_cells(b: int) -> list[Cell]:
    r0, c0 = (b // 3) * 3, (b % 3) * 3
    return [(r, c) for r in range(r0, r0 + 3) for c in range(c0, c0 + 3)]


def blk_of(cell: Cell) -> int:
    return (cell[0] // 3) * 3 + cell[1] // 3


# (kind, number 1..9, cells in row-major order): rows 1..9, columns 1..9, blocks 1..9
UNITS: list[tuple[str, int, list[Cell]]] = (
    [("row", i + 1, row_cells(i)) for i in range(9)]
    + [("col", i + 1, col_cells(i)) for i in range(9)]
    + [("blk", i + 1, blk_cells(i)) for i in range(9)]
)


def place_order(cell: Cell) -> list[tuple[Cell, bool]]:
    """The peers in the order docs/engine.md 2 visits them, each with 'reached in part 3'."""
    r, c = cell
    order = [((r, cc), False) for cc in range(9) if cc != c]
    order += [((rr, c), False) for rr in range(9) if rr != r]
    order += [((rr, cc), True) for (rr, cc) in blk_cells(blk_of(cell)) if rr != r and cc != c]
    return order


PLACE_ORDER: dict[Cell, list[tuple[Cell, bool]]] = {cell: place_order(cell) for cell in ALL_CELLS}


def name(cell: Cell) -> str:
    return f"[{cell[0] + 1},{cell[1] + 1}]"


def copy_grid(values: Grid, cands: Cands) -> tuple[Grid, Cands]:
    """A deep copy of the grid and its candidates."""
    return [row[:] for row in values], [[set(s) for s in row] for row in cands]


# -- the engine --------------------------------------------------------------------------------

LOADED, SEARCHING, SOLVED, FINISHED = "LOADED", "SEARCHING", "SOLVED", "FINISHED"
WRONG, COMPLETE, SHRUNKEN, NOTHING = "WRONG", "COMPLETE", "SHRUNKEN", "NOTHING"


class Frame:
    """One guess level: the cell, the grid before placing, the candidate list, tried index."""

    def __init__(self, cell: Cell, snapshot: tuple[Grid, Cands], candidates: list[int]) -> None:
        self.cell = cell
        self.snapshot = snapshot
        self.candidates = candidates
        self.tried = 1


class ReferenceEngine:
    def __init__(self, quiz81: str, run_mode: int = 0, lines: bool = True) -> None:
        assert len(quiz81) == 81, quiz81
        self.values: Grid = [
            [0 if ch in ".0" else int(ch) for ch in quiz81[r * 9 : r * 9 + 9]] for r in range(9)
        ]
        self.cands: Cands = [[set() for _ in range(9)] for _ in range(9)]
        self.status = LOADED
        self.steps = 0
        self.solutions = 0
        self.level = 0
        self.stack: list[Frame] = []
        self.run_mode = run_mode
        self.chooser: Chooser | None = None  # set for interactive guess mode
        self.biggest = 0  # of the current command
        self.lines: list[str] | None = [] if lines else None

    def say(self, line: str) -> None:
        if self.lines is not None:
            self.lines.append(line)

    def take_lines(self) -> list[str]:
        out = self.lines or []
        if self.lines is not None:
            self.lines = []
        return out

    # -- grid helpers --

    def empty_cells(self) -> list[Cell]:
        return [(r, c) for (r, c) in ALL_CELLS if self.values[r][c] == 0]

    def grid_lines(self) -> list[str]:
        out = []
        for r in range(9):
            digits = "".join(str(v) for v in self.values[r])
            out.append(f"{digits[0:3]} {digits[3:6]} {digits[6:9]}")
            if r % 3 == 2:
                out.append("")
        return out

    # -- 2. placing a value --

    def place(self, cell: Cell, v: int) -> bool:
        r, c = cell
        self.values[r][c] = v
        self.cands[r][c] = set()
        for (pr, pc), part3 in PLACE_ORDER[cell]:
            if self.values[pr][pc] == 0 and v in self.cands[pr][pc]:
                self.cands[pr][pc].discard(v)
                if not self.cands[pr][pc]:
                    if self.lines is not None:
                        where = ("blk" if part3 else "") + name((pr, pc))
                        self.say(f"{self.steps}) shrinking {v} from {where} went wrong")
                    return False
        return True

    # -- 3. one step --

    def step(self) -> None:
        if self.status == LOADED:
            self.steps += 1
            for r, c in ALL_CELLS:
                if self.values[r][c] == 0:
                    used = set(self.values[r]) | {self.values[rr][c] for rr in range(9)}
                    used |= {self.values[rr][cc] for (rr, cc) in blk_cells(blk_of((r, c)))}
                    self.cands[r][c] = {v for v in range(1, 10) if v not in used}
            self.status = SEARCHING
            for r, c in ALL_CELLS:
                if self.values[r][c] == 0 and not self.cands[r][c]:
                    self.say(f"{self.steps}) {name((r, c))} has no candidate")
                    self.next_guess()
                    return
            if not self.empty_cells():
                self.report_solution()
            return
        if self.status == SOLVED:
            self.status = SEARCHING
            self.next_guess()
            return
        if self.status == FINISHED:
            return
        f, least = self.foremost()
        if least == 1:
            self.fill_pass()
            return
        ret = self.filter()
        if ret == WRONG:
            self.next_guess()
        elif ret == COMPLETE:
            return
        elif ret == SHRUNKEN:
            if f == (0, 0):  # the [1,1] quirk (8)
                return
            self.guess(f)
        else:
            self.guess(f)

    def foremost(self) -> tuple[Cell, int]:
        f, least = (0, 0), 0
        for r, c in ALL_CELLS:
            if self.values[r][c] == 0:
                n = len(self.cands[r][c])
                if least == 0 or (least != 1 and n < least):
                    f, least = (r, c), n
        return f, least

    # -- 4. fill pass --

    def fill_pass(self) -> None:
        for r, c in ALL_CELLS:
            if self.values[r][c] == 0 and len(self.cands[r][c]) == 1:
                (v,) = self.cands[r][c]
                if not self.place((r, c), v):
                    self.next_guess()
                    return
        self.steps += 1
        if not self.empty_cells():
            self.report_solution()

    # -- 5. solution --

    def report_solution(self) -> None:
        self.solutions += 1
        if self.lines is not None:
            self.lines.extend(self.grid_lines())
            self.say(f"Fine [steps:{self.steps}, solution sum:{self.solutions}].")
        self.status = SOLVED

    # -- 6. guessing --

    def guess(self, f: Cell) -> None:
        cell = f
        candidates = sorted(self.cands[f[0]][f[1]])
        if self.chooser is not None:
            answer = self.chooser(f, candidates[0] if candidates else 0)
            if answer is not None:
                cell, v = answer
                rest = sorted(self.cands[cell[0]][cell[1]])
                assert v in rest, (answer, rest)
                candidates = [v] + [x for x in rest if x != v]
        self.steps += 1
        self.level += 1
        self.biggest = max(self.biggest, self.level)
        self.stack.append(Frame(cell, copy_grid(self.values, self.cands), candidates))
        if self.lines is not None:
            self.say(
                f"{self.steps}) Guess {name(cell)} level {self.level} at 1 out of {len(candidates)}"
            )
        # docs/engine.md is silent on a cell left without candidates (a 1GW/3GW removal can empty a
        # cell, and the foremost cell is chosen before filtering): "at 1 out of 0" is printed and
        # the placement of nothing fails silently, as in the package engine (royle17 line 703).
        if not candidates or not self.place(cell, candidates[0]):
            self.next_guess()

    def next_guess(self) -> None:
        while True:  # one pass per next_guess() of docs/engine.md (a failed placement loops)
            self.steps += 1
            popped = False
            while self.stack:
                top = self.stack[-1]
                if top.tried < len(top.candidates):
                    self.values, self.cands = copy_grid(*top.snapshot)
                    top.tried += 1
                    if self.lines is not None:
                        how = "Upward" if popped else "Forward"
                        self.say(
                            f"{self.steps}) {how} guess {name(top.cell)} level {self.level} "
                            f"at {top.tried} out of {len(top.candidates)}"
                        )
                    if self.place(top.cell, top.candidates[top.tried - 1]):
                        return
                    break  # the placement failed: next_guess() again
                self.stack.pop()
                self.level -= 1
                popped = True
            else:
                if self.lines is not None:
                    self.say(f"{self.steps}) No more solution (solution sum is {self.solutions}).")
                    self.lines.extend(self.grid_lines())
                    self.say(
                        f"Invalid quiz [steps:{self.steps}] - no more solution (solution sum is {self.solutions})"
                    )
                self.status = FINISHED
                return

    # -- 7. filtering --

    def filter(self) -> str:
        self.steps += 1
        if self.run_mode != 2:
            for kind, number, cells in UNITS:
                empties = [(r, c) for (r, c) in cells if self.values[r][c] == 0]
                if not empties:
                    continue
                result = self.complete_shrink(cells, empties)
                if result == WRONG:
                    return WRONG
                if result == COMPLETE:
                    self.say(f"{self.steps}) {kind} {number} complete shrunken by group")
                    return COMPLETE
                if self.one_gw(empties) or self.two_gw(cells, empties) or self.three_gw(empties):
                    self.say(f"{self.steps}) {kind} {number} incomplete shrunken by group")
                    return SHRUNKEN
        if self.run_mode != 1 and self.ply():
            return SHRUNKEN  # never happens on grids kept as in 2 (docs/engine.md 7)
        return NOTHING

    def missing(self, cells: list[Cell]) -> list[int]:
        placed = {self.values[r][c] for (r, c) in cells}
        return [v for v in range(1, 10) if v not in placed]

    def complete_shrink(self, cells: list[Cell], empties: list[Cell]) -> str:
        reduced = False
        for v in self.missing(cells):
            holders = [(r, c) for (r, c) in empties if v in self.cands[r][c]]
            if not holders:
                return WRONG
            if len(holders) == 1:
                r, c = holders[0]
                if len(self.cands[r][c]) > 1:
                    self.cands[r][c] = {v}
                    reduced = True
        return COMPLETE if reduced else NOTHING

    def remove(self, tag: str, cell: Cell, values: list[int]) -> bool:
        r, c = cell
        for v in values:
            self.cands[r][c].discard(v)
            self.say(f"{tag}: {v} shrunken out of {name(cell)}")
        return bool(values)

    def one_gw(self, empties: list[Cell]) -> bool:
        for r, c in empties:
            s = self.cands[r][c]
            group = [x for x in empties if self.cands[x[0]][x[1]] == s]
            others = [x for x in empties if self.cands[x[0]][x[1]] != s]
            if len(group) == len(s) and others:
                removed = False
                for o in others:
                    removed |= self.remove("1GW", o, sorted(s & self.cands[o[0]][o[1]]))
                if removed:
                    return True
        return False

    def two_gw(self, cells: list[Cell], empties: list[Cell]) -> bool:
        m = self.missing(cells)
        for k in range(2, len(empties)):
            for combo in combinations(m, k):
                cset = set(combo)
                u = [(r, c) for (r, c) in empties if self.cands[r][c] & cset]
                if len(u) != k:
                    continue
                removed = False
                for r, c in u:
                    removed |= self.remove("2GW", (r, c), sorted(self.cands[r][c] - cset))
                if removed:
                    if self.lines is not None:
                        cel = " ".join(name(x) for x in u)
                        val = " ".join(str(v) for v in combo)
                        self.say(f"CelSet: {cel} ValSet: {val}")
                    return True
        return False

    def three_gw(self, empties: list[Cell]) -> bool:
        for k in range(2, len(empties)):
            for combo in combinations(empties, k):
                union: set[int] = set()
                for r, c in combo:
                    union |= self.cands[r][c]
                if len(union) != k:
                    continue
                removed = False
                for o in empties:
                    if o not in combo:
                        removed |= self.remove("3GW", o, sorted(union & self.cands[o[0]][o[1]]))
                if removed:
                    return True
        return False

    def ply(self) -> bool:
        """Rows 1..9 then columns 1..9: each block a line crosses rules out, for the line's empty
        cells in that block, the values placed in that block outside the line."""
        removed = False
        for kind in ("row", "col"):
            for i in range(9):
                line = row_cells(i) if kind == "row" else col_cells(i)
                for b in sorted({blk_of(x) for x in line}):
                    inside = [x for x in line if blk_of(x) == b]
                    outside = {self.values[r][c] for (r, c) in blk_cells(b) if (r, c) not in inside}
                    outside.discard(0)
                    for r, c in inside:
                        if self.values[r][c] == 0 and self.cands[r][c] & outside:
                            self.cands[r][c] -= outside
                            removed = True
        return removed

    # -- 9. run commands (each returns its lines and resets the biggest level) --

    def runrun(self, solutions: int) -> list[str]:
        self.biggest = 0
        first = self.solutions
        while self.status != FINISHED:
            if solutions and self.solutions - first >= solutions:
                break
            self.step()
        return self.take_lines()

    def run(self) -> list[str]:
        return self.runrun(1)

    def runtil(self, n: int) -> list[str]:
        self.biggest = 0
        first = self.solutions
        while self.status != FINISHED and self.solutions == first and self.steps < n:
            self.step()
        return self.take_lines()

    def step_command(self) -> list[str]:
        self.step()
        return self.take_lines()


def solve_trace(quiz81: str, solutions: int) -> tuple[list[str], int, int]:
    """``runrun <solutions>`` (0 = to the end) from a fresh load, run mode 0, automatic guesses."""
    engine = ReferenceEngine(quiz81)
    lines = engine.runrun(solutions)
    return lines, engine.steps, engine.solutions


def run_steps(quiz81: str, solutions: int) -> tuple[int, int, int]:
    """As ``solve_trace`` without building lines: (steps, solution sum, biggest level)."""
    engine = ReferenceEngine(quiz81, lines=False)
    engine.runrun(solutions)
    return engine.steps, engine.solutions, engine.biggest


# -- verification against the reference traces (tests/data/reference) ----------------------------

REFERENCE = Path(__file__).resolve().parents[2] / "tests" / "data" / "reference"
FIGURES = re.compile(r"# steps (\d+), solution sum (\d+), biggest level (\d+)")
ANSWER = re.compile(r"\[(\d),(\d)\]=(\d)")


def parse_trace(path: Path) -> list[dict]:
    """[{quiz, header, commands: [[command, lines, figures or None], ...]}, ...]"""
    quizzes: list[dict] = []
    header: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# quiz "):
            quizzes.append({"quiz": line[7:].strip(), "header": header, "commands": []})
            header = []
        elif FIGURES.fullmatch(line):
            quizzes[-1]["commands"][-1][2] = tuple(int(g) for g in FIGURES.fullmatch(line).groups())
        elif line.startswith("> "):
            quizzes[-1]["commands"].append([line[2:].strip(), [], None])
        elif line.startswith("#"):
            header.append(line)
        else:
            quizzes[-1]["commands"][-1][1].append(line)
    return quizzes


def interactive_answers(header: list[str]) -> list[tuple[Cell, int] | None] | None:
    """The typed guess answers a header states ('guess-mode 1 answers: Enter, [2,3]=9, ...')."""
    for line in header:
        if "guess-mode 1 answers:" in line:
            text = line.split("answers:", 1)[1].split(";", 1)[0]
            out: list[tuple[Cell, int] | None] = []
            for token in re.findall(r"Enter|\[\d,\d\]=\d", text):
                m = ANSWER.fullmatch(token)
                out.append(None if m is None else ((int(m[1]) - 1, int(m[2]) - 1), int(m[3])))
            return out
    return None


def replay(quiz: dict) -> list[tuple[str, list[str], tuple[int, int, int] | None]]:
    """Run one trace section's commands on a fresh engine: [(command, lines, figures)]."""
    engine = ReferenceEngine(quiz["quiz"])
    answers = interactive_answers(quiz["header"])
    if answers is not None:
        pending = list(answers)
        engine.chooser = lambda cell, value: pending.pop(0) if pending else None
    out = []
    for command, _, figures in quiz["commands"]:
        word, *arg = command.split()
        if word == "run" and answers is not None:
            engine.chooser = None  # the header: "then guess-mode 0 and run"
        if word == "step":
            lines = engine.step_command()
        elif word == "run":
            lines = engine.run()
        elif word == "runtil":
            lines = engine.runtil(int(arg[0]))
        elif word == "runrun":
            lines = engine.runrun(int(arg[0]))
        else:
            raise ValueError(f"unknown command {command!r}")
        got = (engine.steps, engine.solutions, engine.biggest) if figures is not None else None
        out.append((command, lines, got))
    return out


def verify(path: Path) -> tuple[int, list[str]]:
    """(sections checked, problems) for one trace file."""
    problems = []
    quizzes = parse_trace(path)
    for n, quiz in enumerate(quizzes, 1):
        for (command, want, figures), (_, got, got_figures) in zip(quiz["commands"], replay(quiz)):
            if got != want:
                i = next(
                    (i for i, (a, b) in enumerate(zip(got, want)) if a != b),
                    min(len(got), len(want)),
                )
                problems.append(
                    f"{path.name} quiz {n} `{command}` line {i + 1}: "
                    f"got {got[i] if i < len(got) else '<end>'!r}, want {want[i] if i < len(want) else '<end>'!r}"
                )
                break
            if figures != got_figures:
                problems.append(
                    f"{path.name} quiz {n} `{command}`: figures {got_figures} != {figures}"
                )
                break
    return len(quizzes), problems


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Replay reference traces through this engine.")
    parser.add_argument(
        "traces",
        nargs="*",
        type=Path,
        metavar="TRACE",
        help="trace files (default: tests/data/reference/*.trace)",
    )
    paths = parser.parse_args(argv).traces or sorted(REFERENCE.glob("*.trace"))
    bad = 0
    for path in paths:
        count, problems = verify(path)
        print(f"{path.name:32} {count:3} quiz section(s): {'OK' if not problems else 'DIFFERS'}")
        for p in problems:
            print("   ", p)
        bad += len(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
