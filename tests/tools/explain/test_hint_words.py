"""Graded hints read as a player reads them : for a naked single, a
naked pair, an X-Wing, an XY-Wing, a 2-String Kite, a unique rectangle and a contradiction
chain, the three levels written out by hand from the position's pencil marks (each checked
below against the marks themselves, not the code): level 1 the technique and where to look,
level 2 the digits and the defining cells, level 3 why it follows, what it does and serate's
line marked as serate's, its cells in the hint's notation. The positions are steps of the
bank's and the forum's paths (``test_hints.spread``'s sources), as 729-character lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_repl import api
from sudoku_repl.core.geometry import CLASSIC
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.tools.explain.plan import next_step
from sudoku_repl.views.step_words import hint_words
from tests.support.helpers import SEED, Shell

NAKED_SINGLE = (
    "..3......12......9.......8.....5....12......9...4.....1.....7.......6.........7.9"
    "1.......91....6..91...56..91.3..67.9.......8.1.3...7.9.2..........4.........5.7.9"
    "...4...........7..12..56..9123..6..912...6..9123.....91.3.5..8.1.3.5...9....5..89"
    "....5....12.....8912......912......9..3...........6......4......2....7.9.2....789"
    ".....6....23....89.23.....9...4...........7...2......9..3.5..8..23.5...91........"
    "......7..123.....9...4............8.....5....12......9..3.......23.....9.....6..."
    "12......9...4.....12...6..912...67.912...6..912..5.7.91...567.........8...3......"
    ".......8.123..6..9......7..123..6..9...4.....123.5...91...56...12..5.....2..5...."
    "12...........5....123..6...123..67..12...6..........8.........912....7.....4....."
)
NAKED_PAIR = (
    "..3......1..4..7..1..4...8......6....2.4...8.12.4...8..2.....891.....789....5...."
    "1..4...8..2...............9......7......5....1..4...8...3....8......6...1.3....8."
    ".....6...1...5.7..1...5..8.12.....8.........9..3.......2.....8....4.....12....78."
    "1.......91.3............7..12.....89.2.....8......6....23....89....5.......4....."
    "1..4....91..45.........6...12.45..89..3......12.4...8.......7..1......8912.....89"
    ".2..............8.1.345....1..45...9...4..7..1..4..7.......6...1.3.....91.3.....9"
    "...4..78......6....2.4...8...3......1.........2.4..78.....5..........789......789"
    "...4..78.........9..34...8....4...8......6.......5....1.........2.........3...78."
    "....5....1.3......123....8..2.....8..2....78.........9...4.......3...78......6..."
)
X_WING = (
    "1.............6..9..3.......2...678.....5.....2...67.9.2...6.89.2......9...4....."
    ".2..........4............8.1..........3...........6..9....5..........7.......6..9"
    "......7......5.........6..9.2.4.6.8..2.....8..2.4.6..9.2...6.891..........3......"
    "....5.........67...2...............9...4.....1..........3.............8......67.."
    "...4.6.....3......1..4.6....2....78..2....78..2....7.......6..9....5....1....6..9"
    "........9.......8.1.....7......5.........6.....3.......2....7.....4.....12....7.."
    "...4.6........67.9...4567.9..3......1...............8..2.4..7.9.2......9.2..5.7.9"
    "..3.......2..........45.7.....4..7..........9...45.7..1.............6..........8."
    ".......8.1...........45.7.9.2.4.67...2....7...2.4567.....4..7.9..3..........5.7.9"
)
XY_WING = (
    "..3.........4..7..1..4...8......6....2.....8.12.4...8..2.....891.....7.9....5...."
    "1..4...8..2...............9......7......5....1..4...8...3...........6...1......8."
    ".....6.......5.7..1...5..8.12...............9..3.......2.....8....4.....12....78."
    "1.......9..3............7..12.....89.2.....8......6....2.....89....5.......4....."
    "1..4....9...45.........6....2..5...9..3......1......8.......7..1......89.2.....89"
    ".2..............8.1...5....1...5...9...4...........7.......6...1.3.....91.3.....9"
    "...4..78......6....2.4...8...3......1.........2.....8.....5..........789......789"
    "......78.........9..3....8....4..........6.......5....1.........2.........3...78."
    "....5....1.........23....8..2.....8.......7..........9...4.......3....8......6..."
)
KITE = (
    "......7....34.......345............91.............6.......5..8..2.........345..8."
    "....56....2.......1..........3.........4............8.....56...........9......7.."
    "..3..6..9..34....9.......8..2....7...2....7......5....1....6......4.6...1.34.6..."
    "...4...........7..........9.2...6....2..56.....3.......2..56.8.1............56.8."
    "1.............6....2..5.......4............8.......7...2..5...9..3..........5...9"
    ".23.5...........8..23.5....1.........2..56...........9...4...........7......56..."
    ".23.....9..34....9.234.6.......5......3..6...1..4...........7.........8.1.......9"
    ".......8.1...........4.67.......67..........9.2.........3..........5.......4.6..."
    "..3.....9....5......34.67.........8...3..67..1..4.....1.......9...4.6....2......."
)
RECTANGLE = (
    "1...5..8.....5...9.2.........34...8...3....8.......7.9.....6...1...5......34..7.."
    "1...5..8.....56..91....6.....34...8..2.............7.9..34..7..1...5......34..7.."
    "...4...........7....3......1............5.........6....2...............9.......8."
    ".....6...1...........4.......3....8...3....8.....5............9......7...2......."
    "........9.2...........5..8.......7.......6......4.........5..8...3......1........"
    "..3.5.7....3.5........5.78.........91.........2..........45..8......6.8....456..."
    ".23.5.7.....4.........5.7.......6.........7.91..........3.5.78..2.....8...3.5.7.9"
    ".23...7....3..6...........9....5.......4............8.1.........2...6.....3..67.."
    "1...5.7.........8.1....6....2.............7.9..3..........5.7.....4.........567.9"
)
CONTRADICTION = (
    "...4.........56..912...6.8.....5.789..3......1.....78..2..5.....2..567......567.9"
    "123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7....345.7.9"
    ".23..678...3.56..9.2...6.8....45.789.2....78....45.789..345.....23.567..1........"
    "123..6.....34.6...12.4.6.....3...78.....5....1.3..678..23..............9..3...78."
    "123.............8.....5...9...4....91.....7..1.34..7.9.....6...123.5.7....3.5.7.."
    "1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8."
    ".....6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5...."
    "....5....1..........3............78......678......678.........9...4......2......."
    "........9.2.............7....3.5.......4.......3.5....1.............6.8......6.8."
)


def marks(position: tuple[str, ...], row: int, column: int) -> str:
    """The digits the line leaves at a cell (row, column 1-based), read off the text."""
    places = "".join(position)[((row - 1) * 9 + column - 1) * 9 :][:9]
    return "".join(ch for ch in places if ch != ".")


def hint(position: tuple[str, ...], level: int, names: str = "readalps") -> list[str]:
    grid = Grid.from_candidate_string("".join(position))
    step = next_step(grid)
    assert step is not None
    return hint_words(step, level, CLASSIC, names, grid.cands)


def levels(position: tuple[str, ...], names: str = "readalps") -> list[list[str]]:
    """Each level's lines past the one before's (each level says all the one before said)."""
    said = [hint(position, level, names) for level in (1, 2, 3)]
    assert said[1][: len(said[0])] == said[0] and said[2][: len(said[1])] == said[1]
    return [said[0], said[1][len(said[0]) :], said[2][len(said[1]) :]]


def test_a_naked_single_names_the_cell_then_its_digit() -> None:
    assert marks(NAKED_SINGLE, 6, 7) == "3"
    assert levels(NAKED_SINGLE) == [
        ["Naked Single (ER 2.3): look at block 6."],
        ["Look at [6,7]: it has one candidate left."],
        [
            "[6,7] has lost every candidate but 3.",
            "So it places [6,7]=3.",
            "Sudoku Explainer's own line: Naked Single: G6: 3",
            "(In serate's line a cell is its column's letter, then its row: G6 is [6,7].)",
        ],
    ]


def test_a_naked_pair_names_its_digits_and_cells() -> None:
    """Column 2: [4,2] and [9,2] hold 1 3; 1 is also at [1,2] [3,2] [5,2], 3 nowhere else."""
    assert marks(NAKED_PAIR, 4, 2) == marks(NAKED_PAIR, 9, 2) == "13"
    assert [row for row in range(1, 10) if "1" in marks(NAKED_PAIR, row, 2)] == [1, 3, 4, 5, 9]
    assert levels(NAKED_PAIR)[1:] == [
        ["Look at digits 1 and 3 in column 2, in [4,2] [9,2]."],
        [
            "These 2 cells hold only 1 and 3 between them: those 2 digits fill them, so they "
            "go nowhere else in column 2.",
            "So it removes 1 from [1,2] [3,2] [5,2].",
            "Sudoku Explainer's own line: Naked Pair: Cells B4,B9: 1,3 in column",
            "(In serate's line a cell is its column's letter, then its row: B4 is [4,2], "
            "B9 is [9,2].)",
        ],
    ]


def test_an_x_wing_names_its_digit_base_and_cover_lines() -> None:
    """9 in columns 2 and 8 lies only in rows 1 and 7."""
    for column in (2, 8):
        rows = [row for row in range(1, 10) if "9" in marks(X_WING, row, column)]
        assert rows == [1, 7]
    one, two, three = levels(X_WING)
    assert one == ["X-Wing (ER 3.2): look at columns 2 and 8."]
    assert two == [
        "Look at digit 9 in columns 2 and 8: it lies there only in [1,2] [7,2] [1,8] [7,8]."
    ]
    assert three[:2] == [
        "In columns 2 and 8, 9 lies only in rows 1 and 7: the 2 columns put their 9s in 2 "
        "different rows, so rows 1 and 7 have their 9 there and nowhere else.",
        "So it removes 9 from [1,6] [1,7] [7,3] [7,7] [7,9].",
    ]


def test_an_xy_wing_names_its_pivot_and_pincers() -> None:
    assert (marks(XY_WING, 3, 7), marks(XY_WING, 2, 9), marks(XY_WING, 3, 4)) == ("28", "18", "12")
    one, two, three = levels(XY_WING)
    assert one == ["XY-Wing (ER 4.2): the pivot is in block 3."]
    assert two == ["Look at digit 1: the pivot [3,7] and its pincers [2,9] and [3,4]."]
    assert three[:2] == [
        "The pivot [3,7] holds 2 and 8; [2,9] holds 1 and 8, [3,4] holds 1 and 2. Whichever "
        "digit the pivot takes, one pincer is 1: so a cell that sees both pincers is not 1.",
        "So it removes 1 from [2,6] [3,9].",
    ]


def test_a_kite_says_which_end_is_true_and_what_the_removed_cell_sees() -> None:
    """6 in column 4 only at [4,4] [8,4], in row 6 only at [6,5] [6,9]; [4,4] and [6,5]
    share block 5; [8,9] sees [8,4] (row 8) and [6,9] (column 9)."""
    assert [r for r in range(1, 10) if "6" in marks(KITE, r, 4)] == [4, 8]
    assert [c for c in range(1, 10) if "6" in marks(KITE, 6, c)] == [5, 9]
    assert levels(KITE) == [
        ["Two-string Kite (ER 4.1): the chain starts in row 8."],
        ["Look at digit 6: the strong links [8,4]-[4,4] and [6,5]-[6,9]."],
        [
            "The chain: 6 at [8,4] false, so 6 at [4,4] true, so 6 at [6,5] false, so 6 at "
            "[6,9] true.",
            "So one of the chain's ends, [8,4] or [6,9], is 6, and [8,9] sees both: it is not 6.",
            "So it removes 6 from [8,9].",
            "Sudoku Explainer's own line: Two-string Kite: Cells D8,D4,E6,I6 on value 6",
            "(In serate's line a cell is its column's letter, then its row: D8 is [8,4], D4 is "
            "[4,4], E6 is [6,5], I6 is [6,9].)",
        ],
    ]


def test_a_hint_speaks_the_sessions_notation() -> None:
    """Under ``set names standard`` every cell is ``r8c4``, serate's ``D8`` too."""
    three = hint(KITE, 3, "standard")
    assert three[1] == "Look at digit 6: the strong links r8c4-r4c4 and r6c5-r6c9."
    assert three[-3:] == [
        "So it removes 6 from r8c9.",
        "Sudoku Explainer's own line: Two-string Kite: Cells D8,D4,E6,I6 on value 6",
        "(In serate's line a cell is its column's letter, then its row: D8 is r8c4, D4 is "
        "r4c4, E6 is r6c5, I6 is r6c9.)",
    ]
    assert not any("[" in line for line in three)


def test_a_unique_rectangle_names_its_deadly_pattern() -> None:
    """[1,5] [4,4] [4,5] hold 3 8, [1,4] 3 4 8: rows 1 and 4, columns 4 and 5, blocks 2, 5."""
    assert {marks(RECTANGLE, r, c) for r, c in ((1, 5), (4, 4), (4, 5))} == {"38"}
    assert marks(RECTANGLE, 1, 4) == "348"
    one, two, three = levels(RECTANGLE)
    assert two == ["Look at digits 3 and 8 in [1,5] [1,4] [4,4] [4,5]."]
    assert three[:2] == [
        "Were these cells to hold only 3 and 8, the two digits could swap round the rectangle "
        "(a deadly pattern): the puzzle would have two solutions, and it has one. So [1,4], "
        "the one cell with other candidates, is neither 3 nor 8.",
        "So it removes 3 from [1,4] and 8 from [1,4].",
    ]


def test_a_contradiction_chain_says_the_contradiction() -> None:
    """7 at [2,9] true makes 5 at [1,7] both true (one chain) and false (the other)."""
    one, two, three = levels(CONTRADICTION)
    assert one == ["Dynamic Contradiction Forcing Chains (ER 9.0): the chain starts in row 2."]
    # (level 2 names the cell the chains start from, not the candidate the step removes)
    assert two[0].startswith("The chains start from a candidate of [2,9] and run through [2,9] ")
    assert "7 at" not in two[0]
    assert three[0].startswith("The chains: 7 at [2,9] true, so 7 at [3,8] false, ")
    assert "so 5 at [1,7] true; 7 at [2,9] true, so 4 at [2,9] false," in three[0]
    assert three[0].endswith(", so 5 at [1,7] false.")
    assert three[1].startswith(
        "Were 7 at [2,9] true, one chain would make 5 at [1,7] true and another false: a "
        "contradiction, so 7 at [2,9] is false."
    )
    assert three[2:4] == [
        "So it removes 7 from [2,9].",
        "Sudoku Explainer's own line: Contradiction Forcing Chain: I2.7 on ==> G1.5 both on & off",
    ]


def test_the_seeds_hidden_single_gives_its_digit_at_level_2() -> None:
    """The seed's first SE step: 5 at [2,5], a hidden single in block 2; level 2 gives the
    digit, not the block's nine cells; the API and ``set names standard`` say it alike."""
    shell = Shell.loaded()
    assert shell.ok("hint se 2") == [
        "Hidden Single (ER 1.2): look at block 2.",
        "Look at digit 5: it has one place left in block 2.",
    ]
    assert shell.ok("hint se 3")[2:] == [
        "Every other cell of block 2 is filled or has lost 5 from its candidates: 5 goes in [2,5].",
        "So it places [2,5]=5.",
        "Sudoku Explainer's own line: Hidden Single: E2: 5 in block",
        "(In serate's line a cell is its column's letter, then its row: E2 is [2,5].)",
    ]
    session = api.Session.from_quiz(SEED)
    assert session.hint(3, se=True).splitlines() == shell.ok("hint se 3")
    shell.ok("set names standard")
    assert shell.ok("hint se 3")[3:] == [
        "So it places r2c5=5.",
        "Sudoku Explainer's own line: Hidden Single: E2: 5 in block",
        "(In serate's line a cell is its column's letter, then its row: E2 is r2c5.)",
    ]
    assert session.hint(3, se=True, names="standard").splitlines() == shell.ok("hint se 3")
    assert shell.ok("hint se") == ["Hidden Single in block 2: r2c5=5 (ER 1.2)"]
    with pytest.raises(api.UserError, match="names is 'readalps' or 'standard', not 'x'"):
        session.hint(1, se=True, names="x")


def test_hint_se_names_the_step_as_its_levels_do(tmp_path: Path) -> None:
    """(Item 15.) ``hint se`` said ``2-String Kite`` where its levels said serate's name."""
    quiz = tmp_path / "kite.txt"
    quiz.write_text("".join(KITE) + "\n", encoding="utf-8")
    shell = Shell()
    shell.ok(f"load-quiz {quiz}")
    assert shell.ok("hint se") == ["Two-string Kite: removes 6 from [8,9] (ER 4.1)"]
    assert shell.ok("hint se 1") == ["Two-string Kite (ER 4.1): the chain starts in row 8."]
