"""The rule the documents' transcripts are held to (``tests/support/transcripts.py``,
19): how a transcript matches what the program prints, where a failure says they part, and which
blocks must be transcripts. Each case is written out by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.transcripts import (
    RUNS_IT,
    Transcript,
    but_batch_modes_ending,
    difference,
    first_difference,
    matches,
    shows_the_program,
)

OUTPUT = ["Quiz loaded.", "", "Order please:", "step", "1) Remove 2 from [4,3]", "2) Place 5"]


@pytest.mark.parametrize(
    "expected",
    [
        OUTPUT,
        ["Quiz loaded.", "...", "2) Place 5"],  # a line ... : a run of lines
        [
            "...",
            "Quiz loaded.",
            "",
            "Order please:",
            "step",
            "...",
            "1) Remove 2 from [4,3]",
            "...",
        ],
        ["Quiz loaded.", "", "Order please:", "step", "1) Remove ... from [...]", "2) ..."],
    ],
    ids=["same", "lines", "none-too", "in-a-line"],
)
def test_what_matches(expected: list[str]) -> None:
    assert matches(expected, OUTPUT)


@pytest.mark.parametrize(
    ("expected", "parted"),
    [
        (
            ["Quiz loaded.", "", "Order please:", "step", "1) Remove 3 from [4,3]", "2) Place 5"],
            (4, 4),
        ),
        (["Quiz loaded.", "...", "3) Place 6"], (2, 1)),  # after ..., found nowhere from line 1
        (OUTPUT[:4], (4, 4)),  # the program printed more: the block's end
        ([*OUTPUT, "3) Place 6"], (6, 6)),  # the block goes on: the output's end
        (["Quiz loaded.", "...", "step", "1) Remove 2 from [4,4]", "2) Place 5"], (3, 4)),
    ],
    ids=["a-line", "after-dots", "more-printed", "less-printed", "furthest"],
)
def test_where_they_part(expected: list[str], parted: tuple[int, int]) -> None:
    assert not matches(expected, OUTPUT)
    assert first_difference(expected, OUTPUT) == parted


def test_a_run_time_matches_any_milliseconds() -> None:
    assert matches(
        ["Run time: 21 milliseconds; steps: 732, solution sum: 1."],
        ["Run time: 5 milliseconds; steps: 732, solution sum: 1."],
    )
    assert not matches(["steps: 732"], ["steps: 733"])


def test_batch_modes_ending_may_be_left_out_or_shown() -> None:
    printed = [*OUTPUT, "", "Order please:", "sudoku-repl: 1 command(s) failed: stpe"]
    assert but_batch_modes_ending(OUTPUT, printed) == OUTPUT
    assert matches(OUTPUT, printed)
    assert matches(printed, printed)
    assert not matches(OUTPUT, [*OUTPUT, "sudoku-repl rate: 1 quiz rated"])  # (another line)


@pytest.mark.parametrize(
    ("body", "shows"),
    [
        (["Order please: load-quiz x.txt", "Quiz loaded."], True),  # a prompt with its command
        (["Sudoku Solver 2.6 2021/10/30 by readalps", "", "Order List:"], True),
        (["sudoku-repl rate: 375 quizzes rated; ..."], True),
        (["# sudoku-repl rate 0.2.0: scale steps", "line,quiz"], True),
        (["$ sudoku-repl dap --check clash.txt", '{"problems": []}'], True),
        (["$ echo x > f.txt && sudoku-repl rate f.txt", "# ..."], True),
        (["sudoku-repl rate FILE [--jobs N]", "    [--scale LIST]"], False),  # a synopsis
        (["$ sudoku-repl -x a.txt", "$ sudoku-repl -x b.txt"], False),  # commands only
        (["$ code --install-extension sudoku-repl-debug-0.3.0.vsix"], False),
        (["$ SUDOKU_REPL_DAP=../../.venv/bin/sudoku-repl npm test", "ok"], False),
        (["puzzles: 2000", "agreement by band of the file's ER:"], False),  # a benchmark's
    ],
)
def test_which_blocks_show_the_program(body: list[str], shows: bool) -> None:
    assert shows_the_program(body) is shows


def test_a_transcripts_command_runs_the_program() -> None:
    assert RUNS_IT.match("$ sudoku-repl rate f.txt")
    assert RUNS_IT.match(
        "$ sed '5s/^400/455/' examples/seed.txt > c.txt && sudoku-repl dap --check c.txt"
    )
    assert RUNS_IT.match("$ SUDOKU_REPL_ENGINE=pure sudoku-repl")
    assert not RUNS_IT.match("$ python benchmarks/bench_dossier.py --jobs 1")
    assert not RUNS_IT.match("$ sudoku-replay")


def test_a_difference_names_the_document_the_block_and_the_line() -> None:
    """The block's fence at line 10, its command at 11: expected line k at line 12 + k."""
    block = Transcript(Path("/r/docs/x.md"), 10, "sudoku-repl", ["Quiz loaded.", "...", "3) X"])
    assert difference(block, OUTPUT, Path("/r")) == "\n".join(
        [
            "docs/x.md:14: the console block at line 10 differs from what the program prints:",
            "  doc:     '3) X'",
            "  program: (no line from there on matches it)",
            "the program's whole output:",
            *OUTPUT,
        ]
    )
    block = Transcript(Path("/r/README.md"), 3, "sudoku-repl", [*OUTPUT[:4], "1) Remove 2"])
    assert str(difference(block, OUTPUT, Path("/r"))).splitlines()[:3] == [
        "README.md:9: the console block at line 3 differs from what the program prints:",
        "  doc:     '1) Remove 2'",
        "  program: '1) Remove 2 from [4,3]'",
    ]
    block = Transcript(Path("/r/README.md"), 3, "sudoku-repl", OUTPUT[:5])
    assert str(difference(block, OUTPUT, Path("/r"))).splitlines()[:3] == [
        "README.md:10: the console block at line 3 differs from what the program prints:",
        "  doc:     (its block ends)",
        "  program: '2) Place 5'",
    ]
    assert difference(block, OUTPUT[:5], Path("/r")) is None
