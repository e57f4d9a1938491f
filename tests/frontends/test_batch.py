"""Batch mode: the command line as a subprocess, and golden transcripts of the published sessions.

The golden files ``tests/golden/<name>.out`` are the exact stdout of ``run_batch`` on
``examples/<name>.txt`` with a fake clock (every run command takes 250 ms). They are produced by
the code, so they are *verified* here against sources the code did not write: every trace line
against ``tests/data/reference/seed_*.trace`` (per command, with the step counts, solution sums
and biggest levels of the trace's figure lines), and the show blocks, ``levels`` listings and
guess questions against the text the SudokuSolver 2.6 article publishes.

Regenerate (then review the diff like code) with::

    SUDOKU_REPL_REGEN_GOLDEN=1 python -m pytest tests/frontends/test_batch.py
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_repl.frontends.batch import run_batch
from tests.support.helpers import (
    ORDER_LIST,
    QUESTION,
    REFERENCE,
    REPO,
    TraceCommand,
    fake_clock,
    parse_trace,
    program_env,
    run_program,
    transcript_blocks,
    untimed,
)

GOLDEN = REPO / "tests" / "golden"
EXAMPLES = REPO / "examples"
REGEN = os.environ.get("SUDOKU_REPL_REGEN_GOLDEN") == "1"

ENGINE_COMMANDS = ("step", "run", "runtil", "runrun")

# name of the example script and golden file -> reference trace of the same session
SESSIONS = {
    "seed_run_run": "seed_run_run.trace",
    "seed_bisect_65_98": "seed_runtil_65_98.trace",
    "seed_bisect_82_90_98": "seed_runtil_82_90_98.trace",
    "seed_steps_90_98": "seed_steps_from_90.trace",
    "seed_guessing": "seed_interactive.trace",
}


def batch_stdout(script: list[str]) -> str:
    out = io.StringIO()
    run_batch(iter(script), out, clock=fake_clock())
    return out.getvalue()


def script_lines(name: str) -> list[str]:
    return (EXAMPLES / f"{name}.txt").read_text(encoding="utf-8").splitlines()


def golden_text(name: str) -> str:
    return (GOLDEN / f"{name}.out").read_text(encoding="utf-8")


def flat(text: str) -> str:
    """Whitespace collapsed, the way the article's text reached us."""
    return " ".join(untimed(text).split())


def sudoku(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run_program(*args, input=stdin, text=True)


# -- reading the reference traces and the transcripts ------------------------------------------


def read_trace(file: str) -> list[TraceCommand]:
    """The commands of a reference trace, in order (figures: steps, solution sum, biggest level)."""
    return [command for quiz in parse_trace(REFERENCE / file) for command in quiz.commands]


GRID_ROW = re.compile(r"\d{3} \d{3} \d{3}")
CANDIDATES = re.compile(r"\[[1-9],[1-9]\]:( [1-9])+( \[[1-9],[1-9]\]:( [1-9])+)*")
FOREMOST = re.compile(r"The foremost cell with [1-9] candidate\(s\) at \[[1-9],[1-9]\]")
LEVEL = re.compile(r"At guess level ([1-9]\d*) \[[1-9],[1-9]\] [1-9]")


def check_grid(lines: list[str]) -> None:
    assert len(lines) == 12
    for k, line in enumerate(lines):
        if k % 4 == 3:
            assert line == ""
        else:
            assert GRID_ROW.fullmatch(line), line


def check_show_block(lines: list[str], steps: int | None) -> None:
    """docs/commands.md 5 after the first step: grid, Steps, Candidates, rows, foremost, level."""
    check_grid(lines[:12])
    assert re.fullmatch(r"Steps:\d+", lines[12]), lines[12]
    if steps is not None:
        assert lines[12] == f"Steps:{steps}"
    assert lines[13] == "Candidates:"
    rest = lines[14:]
    entries = [line for line in rest if CANDIDATES.fullmatch(line)]
    assert rest[: len(entries)] == entries and entries, rest
    rows = [int(line[1]) for line in entries]
    assert rows == sorted(set(rows)), "one line per grid row, rows in order"
    tail = rest[len(entries) :]
    assert FOREMOST.fullmatch(tail[0]), tail
    assert len(tail) <= 2
    if len(tail) == 2:
        assert LEVEL.fullmatch(tail[1]), tail[1]


def check_against_trace(name: str, text: str) -> list[str]:
    """Every engine command's output is its reference trace lines, then the show block and the
    timing lines where docs/commands.md 3 puts them. Returns the guess question lines, in order."""
    expected = read_trace(SESSIONS[name])
    blocks = [(c, out) for c, out in transcript_blocks(text) if c.split()[0] in ENGINE_COMMANDS]
    assert [c for c, _ in blocks] == [t.command for t in expected]
    questions: list[str] = []
    for (command, output), trace in zip(blocks, expected):
        questions += [line for line in output if line.startswith(QUESTION)]
        output = [line for line in output if not line.startswith(QUESTION)]
        n = len(trace.lines)
        assert output[:n] == list(trace.lines), f"{name}: trace of {command!r}"
        rest = output[n:]
        ended = bool(trace.lines) and trace.lines[-1].startswith(("Fine [", "Invalid quiz ["))
        if command == "step":
            if ended:
                assert rest == [], f"{name}: nothing after a solution or the end ({command})"
            else:
                check_show_block(rest, None)
            continue
        assert trace.figures is not None
        steps, total, biggest = trace.figures
        assert rest[-2:] == [
            f"Run time: 250 milliseconds; steps: {steps}, solution sum: {total}.",
            f" Biggest level on this run(til): {biggest}",
        ], f"{name}: timing lines of {command!r}"
        if command.startswith("runtil") and not ended:
            check_show_block(rest[:-2], steps)
        else:
            assert rest[:-2] == [], f"{name}: no show block after {command!r}"
    return questions


# -- what the article publishes, word for word (its line breaks were lost, so it is compared with
# -- whitespace collapsed; each excerpt stops where the article writes "..." or a wall-clock time)

SHOW_90 = (
    "645 327 198 831 954 627 279 618 543 406 095 370 910 073 056 753 200 980 367 502 019 "
    "094 700 030 000 039 760 Steps:90 Candidates: [4,2]: 2 8 [4,4]: 1 8 [4,9]: 1 2 [5,3]: 2 8 "
    "[5,4]: 4 8 [5,7]: 2 4 [6,5]: 4 6 [6,6]: 1 6 [6,9]: 1 4 [7,5]: 4 8 [7,7]: 4 8 [8,1]: 1 5 "
    "[8,5]: 6 8 [8,6]: 1 6 [8,7]: 2 8 [8,9]: 2 5 [9,1]: 1 5 [9,2]: 2 8 [9,3]: 2 8 [9,4]: 1 4 "
    "[9,9]: 4 5 The foremost cell with 2 candidate(s) at [4,2] At guess level 10 [2,6] 1 "
    "Run time: T milliseconds; steps: 90, solution sum: 0. Biggest level on this run(til): 10 "
    "Order please:"
)

ARTICLE: dict[str, list[str]] = {
    "seed_run_run": [
        "127) Guess [1,5] level 6 at 1 out of 2",
        "145 327 698 839 654 127 672 918 543 496 185 372 218 473 956 753 296 481 367 542 819 "
        "984 761 235 521 839 764 Fine [steps:131, solution sum:1]. Run time: T milliseconds; "
        "steps: 131, solution sum: 1. Biggest level on this run(til): 11 Order please:",
        "81) Guess [1,7] level 9 at 1 out of 2 84) Guess [2,6] level 10 at 1 out of 2 87) row 9 "
        "complete shrunken by group 89) col 4 complete shrunken by group 92) Guess [4,2] level 11 "
        "at 1 out of 2",
    ],
    "seed_bisect_65_98": [
        "Order please: runtil 65 2) row 2 complete shrunken by group",
        "At guess level 7 [1,8] 2 Run time: T milliseconds; steps: 65, solution sum: 0. "
        "Biggest level on this run(til): 7 Order please:",
        "Order please: runtil 98 67) row 2 complete shrunken by group",
        "At guess level 3 [2,3] 2 Run time: T milliseconds; steps: 98, solution sum: 0. "
        "Biggest level on this run(til): 11 Order please:",
        "Order please: run 102) row 3 complete shrunken by group",
        "Fine [steps:131, solution sum:1]. Run time: T milliseconds; steps: 131, solution sum: 1. "
        "Biggest level on this run(til): 6 Order please:",
        "Order please: run 132) Forward guess [1,5] level 6 at 2 out of 2",
        "Invalid quiz [steps:284] - no more solution (solution sum is 1) Run time: T "
        "milliseconds; steps: 284, solution sum: 1. Biggest level on this run(til): 7 "
        "Order please:",
    ],
    "seed_bisect_82_90_98": [
        "Order please: runtil 82 2) row 2 complete shrunken by group",
        "At guess level 9 [1,7] 1 Run time: T milliseconds; steps: 82, solution sum: 0. "
        "Biggest level on this run(til): 9 Order please:",
        "Order please: runtil 90 84) Guess [2,6] level 10 at 1 out of 2",
        "At guess level 10 [2,6] 1 Run time: T milliseconds; steps: 90, solution sum: 0. "
        "Biggest level on this run(til): 10 Order please:",
        "Order please: runtil 98 92) Guess [4,2] level 11 at 1 out of 2 92) shrinking 8 from "
        "[8,7] went wrong 93) Forward guess [4,2] level 11 at 2 out of 2 93) shrinking 5 from "
        "[8,1] went wrong 94) Upward guess [2,6] level 10 at 2 out of 2 95) shrinking 5 from "
        "[9,9] went wrong 96) Upward guess [1,7] level 9 at 2 out of 2 96) shrinking 4 from "
        "blk[6,9] went wrong 97) Upward guess [1,5] level 8 at 2 out of 2 97) shrinking 7 from "
        "[2,9] went wrong 98) Upward guess [2,3] level 3 at 2 out of 2",
        "At guess level 3 [2,3] 2 Run time: T milliseconds; steps: 98, solution sum: 0. "
        "Biggest level on this run(til): 11 Order please:",
        "Fine [steps:131, solution sum:1]. Run time: T milliseconds; steps: 131, solution sum: 1. "
        "Biggest level on this run(til): 6 Order please:",
        "Invalid quiz [steps:284] - no more solution (solution sum is 1) Run time: T "
        "milliseconds; steps: 284, solution sum: 1. Biggest level on this run(til): 7 "
        "Order please:",
    ],
    "seed_steps_90_98": [
        "76) Guess [1,5] level 8 at 1 out of 2 78) row 1 complete shrunken by group 81) Guess "
        "[1,7] level 9 at 1 out of 2 84) Guess [2,6] level 10 at 1 out of 2 87) row 9 complete "
        "shrunken by group 89) col 4 complete shrunken by group " + SHOW_90,
        "Order please: step 92) Guess [4,2] level 11 at 1 out of 2 645 327 198 831 954 627 279 "
        "618 543 426 095 370 910 073 056 753 200 980 367 502 019 094 700 030 000 039 760 "
        "Steps:92 Candidates: [4,4]: 1 8 [4,9]: 1 [5,3]: 8 [5,4]: 4 8 [5,7]: 2 4 [6,5]: 4 6 "
        "[6,6]: 1 6 [6,9]: 1 4 [7,5]: 4 8 [7,7]: 4 8 [8,1]: 1 5 [8,5]: 6 8 [8,6]: 1 6 [8,7]: "
        "2 8 [8,9]: 2 5 [9,1]: 1 5 [9,2]: 8 [9,3]: 2 8 [9,4]: 1 4 [9,9]: 4 5 The foremost cell "
        "with 1 candidate(s) at [4,9] At guess level 11 [4,2] 1 Order please:",
        "Order please: step 92) shrinking 8 from [8,7] went wrong 93) Forward guess [4,2] level "
        "11 at 2 out of 2 645 327 198 831 954 627 279 618 543 486 095 370 910 073 056 753 200 "
        "980 367 502 019 094 700 030 000 039 760 Steps:93 Candidates: [4,4]: 1 [4,9]: 1 2 "
        "[5,3]: 2 [5,4]: 4 8 [5,7]: 2 4 [6,5]: 4 6 [6,6]: 1 6 [6,9]: 1 4 [7,5]: 4 8 [7,7]: 4 8 "
        "[8,1]: 1 5 [8,5]: 6 8 [8,6]: 1 6 [8,7]: 2 8 [8,9]: 2 5 [9,1]: 1 5 [9,2]: 2 [9,3]: 2 8 "
        "[9,4]: 1 4 [9,9]: 4 5 The foremost cell with 1 candidate(s) at [4,4] At guess level 11 "
        "[4,2] 2 Order please:",
        "Order please: step 93) shrinking 5 from [8,1] went wrong 94) Upward guess [2,6] level "
        "10 at 2 out of 2",
        "The foremost cell with 1 candidate(s) at [2,7] At guess level 10 [2,6] 2 Order please: "
        "levels At guess level 10: Level 10 [2,6]=6 (2 out of 2) Level 9 [1,7]=1 (1 out of 2) "
        "Level 8 [1,5]=2 (1 out of 2) Level 7 [1,8]=9 (2 out of 2) Level 6 [1,2]=4 (2 out of 2) "
        "Level 5 [1,1]=6 (2 out of 2) Level 4 [3,3]=9 (2 out of 2) Level 3 [2,3]=1 (1 out of 2) "
        "Level 2 [4,3]=6 (1 out of 2) Level 1 [6,2]=5 (1 out of 2) Order please:",
        "Order please: step",
        "The foremost cell with 1 candidate(s) at [4,9] At guess level 10 [2,6] 2 Order please: "
        "step 95) shrinking 5 from [9,9] went wrong 96) Upward guess [1,7] level 9 at 2 out of 2",
        "The foremost cell with 1 candidate(s) at [1,9] At guess level 9 [1,7] 2 Order please:",
        "Order please: step 96) shrinking 4 from blk[6,9] went wrong 97) Upward guess [1,5] "
        "level 8 at 2 out of 2",
        "The foremost cell with 1 candidate(s) at [1,7] At guess level 8 [1,5] 2 Order please: "
        "levels At guess level 8: Level 8 [1,5]=8 (2 out of 2) Level 7 [1,8]=9 (2 out of 2) "
        "Level 6 [1,2]=4 (2 out of 2) Level 5 [1,1]=6 (2 out of 2) Level 4 [3,3]=9 (2 out of 2) "
        "Level 3 [2,3]=1 (1 out of 2) Level 2 [4,3]=6 (1 out of 2) Level 1 [6,2]=5 (1 out of 2)",
        "Order please: step 97) shrinking 7 from [2,9] went wrong 98) Upward guess [2,3] level 3 "
        "at 2 out of 2 005 300 000 809 050 020 070 010 500 406 005 300 010 073 056 753 200 080 "
        "067 500 009 004 000 030 000 009 700 Steps:98 Candidates: [1,1]: 1 2 6 [1,2]: 2 4 "
        "[1,5]: 2 4 6 8 9 [1,6]: 2 4 6 7 8 [1,7]: 1 4 6 8 9 [1,8]: 1 4 6 7 9 [1,9]: 1 4 7 8 "
        "[2,2]: 3 4 [2,4]: 4 6 7 [2,6]: 4 6 7 [2,7]: 1 4 6 [2,9]: 1 3 4 7 [3,1]: 2 3 6 [3,3]: 2 "
        "[3,4]: 4 6 8 9 [3,6]: 2 4 6 8 [3,8]: 4 6 9 [3,9]: 3 4 8 [4,2]: 2 8 9 [4,4]: 1 8 9 "
        "[4,5]: 8 9 [4,8]: 1 7 9 [4,9]: 1 2 7 [5,1]: 2 9 [5,3]: 2 8 [5,4]: 4 8 9 [5,7]: 2 4 9 "
        "[6,5]: 4 6 9 [6,6]: 1 4 6 [6,7]: 1 4 9 [6,9]: 1 4 [7,1]: 1 2 3 [7,5]: 2 3 4 8 [7,6]: "
        "1 2 4 8 [7,7]: 1 2 4 8 [7,8]: 1 4 [8,1]: 1 2 5 9 [8,2]: 2 8 9 [8,4]: 1 6 7 8 [8,5]: "
        "2 6 8 [8,6]: 1 2 6 7 8 [8,7]: 1 2 6 8 [8,9]: 1 2 5 8 [9,1]: 1 2 3 5 [9,2]: 2 3 8 [9,3]: "
        "1 2 8 [9,4]: 1 4 6 8 [9,5]: 2 3 4 6 8 [9,8]: 1 4 6 [9,9]: 1 2 4 5 8 The foremost cell "
        "with 1 candidate(s) at [3,3] At guess level 3 [2,3] 2 Order please: levels At guess "
        "level 3: Level 3 [2,3]=9 (2 out of 2) Level 2 [4,3]=6 (1 out of 2) Level 1 [6,2]=5 "
        "(1 out of 2)",
    ],
    "seed_guessing": [
        "Order please: guess-mode In interactive guessing mode:0 (0:no; other:yes) Order please: "
        "guess-mode 1 In interactive guessing mode:1 (0:no; other:yes) Order please:",
        "Candidates: [1,1]: 1 2 6 9 [1,2]: 2 4 9 [1,5]: 2 4 6 8 9 [1,6]: 2 4 6 7 8 [1,7]: 1 4 6 "
        "8 9 [1,8]: 1 4 6 7 9 [1,9]: 1 4 7 8 [2,2]: 3 4 9 [2,3]: 1 6 9 [2,4]: 4 6 7 9 [2,6]: 4 6 "
        "7 [2,7]: 1 4 6 9 [2,9]: 1 3 4 7 [3,1]: 2 3 6 9 [3,3]: 2 6 9 [3,4]: 4 6 8 9 [3,6]: 2 4 6 "
        "8 [3,8]: 4 6 9 [3,9]: 3 4 8 [4,2]: 2 8 9 [4,3]: 2 6 7 8 9 [4,4]: 1 6 8 9 [4,5]: 6 8 9 "
        "[4,8]: 1 7 9 [4,9]: 1 2 7 [5,1]: 2 5 9 [5,3]: 2 8 9 [5,4]: 4 8 9 [5,7]: 2 4 9 [5,8]: 4 "
        "5 9 [6,1]: 5 6 7 9 [6,2]: 5 9 [6,5]: 4 6 9 [6,6]: 1 4 6 [6,7]: 1 4 9 [6,9]: 1 4 5 7 "
        "[7,1]: 1 2 3 7 [7,3]: 1 2 7 8 [7,5]: 2 3 4 8 [7,6]: 1 2 4 7 8 [7,7]: 1 2 4 8 [7,8]: 1 4 "
        "[8,1]: 1 2 5 7 9 [8,2]: 2 5 8 9 [8,4]: 1 6 7 8 [8,5]: 2 6 8 [8,6]: 1 2 6 7 8 [8,7]: 1 2 "
        "6 8 [8,9]: 1 2 5 8 [9,1]: 1 2 3 5 [9,2]: 2 3 5 8 [9,3]: 1 2 8 [9,4]: 1 4 6 8 [9,5]: 2 3 "
        "4 6 8 [9,8]: 1 4 5 6 [9,9]: 1 2 4 5 8 The foremost cell with 2 candidate(s) at [6,2] "
        "Order please: step 2GW: 2 shrunken out of [4,3] 2GW: 8 shrunken out of [4,3] 2GW: 9 "
        "shrunken out of [4,3] 2GW: 5 shrunken out of [6,1] 2GW: 9 shrunken out of [6,1] "
        "CelSet: [4,3] [6,1] ValSet: 6 7 6) blk 4 incomplete shrunken by group Take a guess "
        "please, by default it will be [6,2]=5:",
        "Steps:9 Candidates: [1,1]: 1 2 6 9 [1,2]: 2 4 9 [1,5]: 2 4 6 8 9 [1,6]: 2 4 6 7 8 "
        "[1,7]: 1 4 6 8 9 [1,8]: 1 4 6 7 9 [1,9]: 1 4 7 8 [2,2]: 3 4 9 [2,3]: 1 6 9 [2,4]: 4 6 "
        "7 9 [2,6]: 4 6 7 [2,7]: 1 4 6 9 [2,9]: 1 3 4 7 [3,1]: 2 3 6 9 [3,3]: 2 6 9 [3,4]: 4 6 "
        "8 9 [3,6]: 2 4 6 8 [3,8]: 4 6 9 [3,9]: 3 4 8 [4,2]: 2 8 9 [4,3]: 6 7 [4,4]: 1 6 8 9 "
        "[4,5]: 6 8 9 [4,8]: 1 7 9 [4,9]: 1 2 7 [5,1]: 2 9 [5,3]: 2 8 9 [5,4]: 4 8 9 [5,7]: 2 4 "
        "9 [6,1]: 6 7 [6,5]: 4 6 9 [6,6]: 1 4 6 [6,7]: 1 4 9 [6,9]: 1 4 7 [7,1]: 1 2 3 7 [7,3]: "
        "1 2 7 8 [7,5]: 2 3 4 8 [7,6]: 1 2 4 7 8 [7,7]: 1 2 4 8 [7,8]: 1 4 [8,1]: 1 2 5 7 9 "
        "[8,2]: 2 8 9 [8,4]: 1 6 7 8 [8,5]: 2 6 8 [8,6]: 1 2 6 7 8 [8,7]: 1 2 6 8 [8,9]: 1 2 5 8 "
        "[9,1]: 1 2 3 5 [9,2]: 2 3 8 [9,3]: 1 2 8 [9,4]: 1 4 6 8 [9,5]: 2 3 4 6 8 [9,8]: 1 4 6 "
        "[9,9]: 1 2 4 5 8 The foremost cell with 2 candidate(s) at [4,3] At guess level 1 [6,2] "
        "1 Order please: step Take a guess please, by default it will be [4,3]=6:",
        "Steps:14 Candidates: [1,1]: 1 2 6 9 [1,2]: 2 4 9 [1,5]: 2 4 6 8 9 [1,6]: 2 4 6 7 8 "
        "[1,7]: 1 4 6 8 9 [1,8]: 1 4 6 7 9 [1,9]: 1 4 7 8 [2,2]: 3 4 9 [2,3]: 1 9 [2,4]: 4 6 7 "
        "9 [2,6]: 4 6 7 [2,7]: 1 4 6 9 [2,9]: 1 3 4 7 [3,1]: 2 3 6 9 [3,3]: 2 9 [3,4]: 4 6 8 9 "
        "[3,6]: 2 4 6 8 [3,8]: 4 6 9 [3,9]: 3 4 8 [4,2]: 2 8 9 [4,4]: 1 8 9 [4,5]: 8 9 [4,8]: 1 "
        "7 9 [4,9]: 1 2 7 [5,1]: 2 9 [5,3]: 2 8 9 [5,4]: 4 8 9 [5,7]: 2 4 9 [6,5]: 4 6 9 [6,6]: "
        "1 4 6 [6,7]: 1 4 9 [6,9]: 1 4 [7,1]: 1 2 3 [7,5]: 2 3 4 8 [7,6]: 1 2 4 8 [7,7]: 1 2 4 "
        "8 [7,8]: 1 4 [8,1]: 1 2 5 9 [8,2]: 2 8 9 [8,4]: 1 6 7 8 [8,5]: 2 6 8 [8,6]: 1 2 6 7 8 "
        "[8,7]: 1 2 6 8 [8,9]: 1 2 5 8 [9,1]: 1 2 3 5 [9,2]: 2 3 8 [9,3]: 1 2 8 [9,4]: 1 4 6 8 "
        "[9,5]: 2 3 4 6 8 [9,8]: 1 4 6 [9,9]: 1 2 4 5 8 The foremost cell with 2 candidate(s) "
        "at [2,3] At guess level 2 [4,3] 1 Order please: step Take a guess please, by default "
        "it will be [2,3]=1:",
        "Take a guess please, by default it will be [2,3]=1: [2,3]=9 16) Guess [2,3] level 3 at "
        "1 out of 2",
        "Steps:21 Candidates: [1,5]: 2 6 8 9 [1,6]: 2 6 7 8 [1,7]: 6 8 9 [1,8]: 6 7 9 [1,9]: 7 "
        "8 [2,4]: 4 6 7 [2,6]: 4 6 7 [2,7]: 1 4 6 [2,9]: 1 4 7 [3,4]: 4 8 9 [3,6]: 4 8 [3,8]: 4 "
        "9 [4,2]: 2 9 [4,4]: 1 8 9 [4,5]: 8 9 [4,8]: 1 7 9 [4,9]: 1 2 7 [5,1]: 2 9 [5,4]: 4 9 "
        "[5,7]: 2 4 9 [6,5]: 4 6 9 [6,6]: 1 4 6 [6,7]: 1 4 9 [6,9]: 1 4 [7,1]: 2 3 [7,5]: 2 3 4 "
        "8 [7,6]: 1 2 4 8 [7,7]: 1 2 4 8 [7,8]: 1 4 [8,1]: 2 5 9 [8,2]: 2 8 9 [8,4]: 1 6 7 8 "
        "[8,5]: 2 6 8 [8,6]: 1 2 6 7 8 [8,7]: 1 2 6 8 [8,9]: 1 2 5 8 [9,1]: 2 3 5 [9,2]: 2 8 "
        "[9,4]: 4 6 8 [9,5]: 2 3 4 6 8 [9,8]: 4 6 [9,9]: 2 4 5 8 The foremost cell with 2 "
        "candidate(s) at [1,9] At guess level 3 [2,3] 1 Order please: step Take a guess please, "
        "by default it will be [1,9]=7:",
        "Take a guess please, by default it will be [1,9]=7: [1,6]=7 23) Guess [1,6] level 4 at "
        "1 out of 4",
        "Steps:39 Candidates: [1,7]: 6 [2,4]: 6 [2,6]: 4 [3,4]: 9 [3,6]: 8 The foremost cell "
        "with 1 candidate(s) at [1,7] At guess level 4 [1,6] 1 Order please: step 145 327 698 "
        "839 654 127 672 918 543 496 185 372 218 473 956 753 296 481 367 542 819 984 761 235 "
        "521 839 764 Fine [steps:40, solution sum:1]. Order please: levels At guess level 4: "
        "Level 4 [1,6]=7 (1 out of 4) Level 3 [2,3]=9 (1 out of 2) Level 2 [4,3]=6 (1 out of 2) "
        "Level 1 [6,2]=5 (1 out of 2) Order please:",
        "Order please: guess-mode 0 In interactive guessing mode:0 (0:no; other:yes) Order "
        "please: run",
        "285) Upward guess [2,3] level 3 at 2 out of 2 289) row 5 complete shrunken by group 291) "
        "col 7 complete shrunken by group 292) shrinking 6 from [2,4] went wrong 293) No more "
        "solution (solution sum is 1). 145 300 900 839 050 127 672 018 543 426 005 371 518 473 "
        "296 793 261 485 067 500 819 954 000 632 081 609 750 Invalid quiz [steps:293] - no more "
        "solution (solution sum is 1) Run time: T milliseconds; steps: 293, solution sum: 1. "
        "Biggest level on this run(til): 11 Order please:",
    ],
}

# The guess questions of the interactive session, as the article prints them with the answers.
QUESTIONS = [
    "Take a guess please, by default it will be [6,2]=5:",
    "Take a guess please, by default it will be [4,3]=6:",
    "Take a guess please, by default it will be [2,3]=1: [2,3]=9",
    "Take a guess please, by default it will be [1,9]=7: [1,6]=7",
]


# -- golden files ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", SESSIONS)
def test_golden_transcript_is_exact_batch_stdout(name: str) -> None:
    actual = batch_stdout(script_lines(name))
    path = GOLDEN / f"{name}.out"
    if REGEN:
        path.write_text(actual, encoding="utf-8")
        pytest.skip(f"regenerated {path.relative_to(REPO)}: review it before committing")
    assert path.exists(), f"missing {path}; run with SUDOKU_REPL_REGEN_GOLDEN=1 and review"
    assert actual == golden_text(name)


@pytest.mark.parametrize("name", SESSIONS)
def test_golden_transcript_agrees_with_the_reference_trace(name: str) -> None:
    questions = check_against_trace(name, golden_text(name))
    assert questions == (QUESTIONS if name == "seed_guessing" else [])


@pytest.mark.parametrize("name", SESSIONS)
def test_golden_transcript_agrees_with_the_article(name: str) -> None:
    text = flat(golden_text(name))
    for excerpt in ARTICLE[name]:
        assert excerpt in text


@pytest.mark.parametrize("name", SESSIONS)
def test_golden_script_echoes_each_command_once_and_ends_with_bye(name: str) -> None:
    commands = [line for line in script_lines(name) if line.strip() and not line.startswith("#")]
    blocks = transcript_blocks(golden_text(name))
    assert [c for c, _ in blocks] == [c for c in commands if not c.startswith("[")]
    assert blocks[0] == ("load-quiz examples/seed.txt", ["Quiz loaded."])
    assert blocks[-1] == ("bye", [])


def test_reference_traces_are_the_published_sessions() -> None:
    """Guards the reading of the traces: the figures the article publishes (docs/engine.md 10)."""
    figures = {n: [t.figures for t in read_trace(f) if t.figures] for n, f in SESSIONS.items()}
    assert figures["seed_run_run"] == [(131, 1, 11), (284, 1, 7)]
    assert figures["seed_bisect_65_98"] == [(65, 0, 7), (98, 0, 11), (131, 1, 6), (284, 1, 7)]
    assert figures["seed_bisect_82_90_98"] == [
        (82, 0, 9),
        (90, 0, 10),
        (98, 0, 11),
        (131, 1, 6),
        (284, 1, 7),
    ]
    assert figures["seed_steps_90_98"] == [(90, 0, 10)]
    assert figures["seed_guessing"] == [(293, 1, 11)]


# -- the command line as a subprocess -----------------------------------------------------------


def test_piped_seed_session_is_the_golden_transcript() -> None:
    result = sudoku(stdin="load-quiz examples/seed.txt\nrun\nrun\nbye\n")
    assert result.returncode == 0
    assert result.stderr == ""
    assert untimed(result.stdout) == untimed(golden_text("seed_run_run"))


def test_piped_session_accepts_crlf_comments_and_blank_lines() -> None:
    result = sudoku(stdin="# a comment\r\n\r\nload-quiz examples/seed.txt\r\n  \r\nrun\r\nrun\r\n")
    assert result.returncode == 0
    assert result.stderr == ""
    expected = golden_text("seed_run_run").removesuffix("bye\n")
    assert untimed(result.stdout) == untimed(expected)


@pytest.mark.parametrize("name", SESSIONS)
def test_script_option_replays_the_golden_session(name: str) -> None:
    result = sudoku("-x", f"examples/{name}.txt")
    assert result.returncode == 0
    assert result.stderr == ""
    assert untimed(result.stdout) == untimed(golden_text(name))


def test_commands_option_runs_each_command_in_turn() -> None:
    result = sudoku("-c", "load-quiz examples/seed.txt; run; run")
    assert result.returncode == 0
    assert result.stderr == ""
    # End of input behaves like bye: the last prompt is printed, nothing is read after it.
    expected = golden_text("seed_run_run").removesuffix("bye\n")
    assert untimed(result.stdout) == untimed(expected)


def test_positional_quiz_file_is_loaded_before_the_first_prompt() -> None:
    result = sudoku("examples/seed.txt", stdin="run\nbye\n")
    assert result.returncode == 0
    assert result.stderr == ""
    lines = result.stdout.split("\n")
    assert lines[:4] == ["Quiz loaded.", "", "Order please:", "run"]
    assert lines[4] == "2) row 2 complete shrunken by group"
    assert "Fine [steps:131, solution sum:1]." in lines
    assert lines[-5:] == [" Biggest level on this run(til): 11", "", "Order please:", "bye", ""]


def test_positional_quiz_with_script_option() -> None:
    result = sudoku("examples/seed.txt", "-c", "show")
    assert result.returncode == 0
    assert result.stderr == ""
    assert result.stdout.split("\n")[:7] == [
        "Quiz loaded.",
        "",
        "Order please:",
        "show",
        "005 300 000",
        "800 000 020",
        "070 010 500",
    ]


def test_transcript_format_of_a_session() -> None:
    """docs/commands.md 1: empty line, Order please:, the echoed command, its output."""
    result = sudoku("-c", "load-quiz examples/seed.txt; run-mode; bye")
    assert result.returncode == 0
    assert result.stderr == ""
    assert result.stdout == (
        "\nOrder please:\nload-quiz examples/seed.txt\nQuiz loaded.\n"
        "\nOrder please:\nrun-mode\n"
        "Working mode:0 (1:grp-only; 2:ply-only; other:both grp and ply)\n"
        "\nOrder please:\nbye\n"
    )


def test_commands_after_bye_are_not_read(tmp_path: Path) -> None:
    result = sudoku(stdin="bye\nshow\n")
    assert result.returncode == 0
    assert result.stdout == "\nOrder please:\nbye\n"


def test_unknown_command_fails_the_batch_at_the_end() -> None:
    result = sudoku("-c", "load-quiz examples/seed.txt; frobnicate 3; levels")
    assert result.returncode == 1
    assert "frobnicate" in result.stderr
    lines = result.stdout.split("\n")
    at = lines.index("frobnicate 3")
    # what was wrong, then the original's banner and Order List
    assert lines[at + 1] == "Unknown command 'frobnicate'."
    assert lines[at + 2 : at + 2 + len(ORDER_LIST)] == ORDER_LIST
    # The session goes on after the unknown command.
    assert lines[-6:] == ["Order please:", "levels", "At guess level 0:", "", "Order please:", ""]


def test_failing_command_fails_the_batch_and_is_named() -> None:
    result = sudoku("-c", "load-quiz no/such/quiz.txt; bye")
    assert result.returncode == 1
    assert "load-quiz no/such/quiz.txt" in result.stderr
    assert "Fail to open quiz file no/such/quiz.txt: No such file or directory.\n" in (
        result.stdout
    )


def test_stdin_script_with_guess_answers(tmp_path: Path) -> None:
    """In batch mode the answer is the next line, even an empty one (docs/commands.md 7)."""
    script = "load-quiz examples/seed.txt\nguess-mode 1\nrunrun 1\n\n\n[2,3]=9\n[1,6]=7\nbye\n"
    result = sudoku(stdin=script)
    assert result.returncode == 0
    assert result.stderr == ""
    assert untimed(result.stdout).endswith(
        "Fine [steps:40, solution sum:1].\n"
        "Run time: T milliseconds; steps: 40, solution sum: 1.\n"
        " Biggest level on this run(til): 4\n"
        "\nOrder please:\nbye\n"
    )
    for question in QUESTIONS:
        assert question + "\n" in result.stdout


def test_batch_transcript_on_a_full_disk_is_one_line() -> None:
    """Batch mode's transcript to a full disk (``> /dev/full``): one line on stderr, status 1,
    no traceback (rate and serate said so; batch mode ended in a traceback)."""
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "sudoku_repl", "-c", "help"],
            cwd=REPO, stdout=full, stderr=subprocess.PIPE, timeout=60,
            env=program_env(),
        )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr == b"sudoku-repl: Cannot write standard output: No space left on device.\n"
