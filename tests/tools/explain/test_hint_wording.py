"""The words of a rectangle, a BUG and a contradiction chain, written out by hand from the
position's pencil marks (each checked below against the marks themselves): a rectangle is
called one at level 1, a BUG of type 1 names the digit its cell keeps, a unique rectangle of
type 3 names its naked set's cells, and a contradiction chain's level 2 names the cell its
chains start from, not the candidate the step removes (``test_hint_words``). The positions are
steps of the bank's paths (``tests/data/se_bank_serate.txt``), as 729-character lines."""

from __future__ import annotations

from tests.tools.explain.test_hint_words import CONTRADICTION, levels, marks

#: the path of 9020000067100080020400...405, its step 29: Unique Rectangle type 3 on 6 9
RECTANGLE_3 = (
    "........9..3....8..2...........5.7....3.5.......4...........78.1.............6..."
    "......7..1............5.........6..9.....6..9.......8...3.........4......2......."
    ".....6......4.......3....8.1.........23.......23...7........78.....5............9"
    "..3..............9......7...2..........4..........6.......5...........8.1........"
    ".......8.....5....1..........3............7..........9.....6....2..........4....."
    ".2............6......4............8.1...5....1...5............9......7....3......"
    "...4......2.........3..6.8.....56.....3.56.8...3.5....1................9......7.."
    "....5......3...7....3.....9...4.....1.3.....91.3...7...2............6..........8."
    "1..............78......6.89.....67.9.2...6.89.2....7.....4.......3..........5...."
)
#: the path of 0080030900000008650190...600, its step 33: BUG type 1 at [6,4]
BUG_1 = (
    ".2..5.........6..........8....45.......4..7....3.......2....7..........91........"
    "...4...........7....3......1.......91.......9.2..............8......6.......5...."
    ".2..5....1................9....56........67.........8...3.......2.4........4..7.."
    "..3...7......5.......4..........67...2...............91..........3....8......6.8."
    ".....6...........91..........3.............8....4.........5..........7...2......."
    "..3...7.........8..2.......1....67......5....1....6...........9..34........4.6..."
    "........9.2.............7.........8.1....6...1....6......4.........5......3......"
    "1..........3...........6......4....9...4....9....5.....2....7...2.....8.......78."
    ".......8....4.........5.....2.........3............7.......6...1................9"
)


def test_a_unique_rectangle_of_type_3_names_its_naked_set() -> None:
    """[2,4] [2,5] hold 6 9; [9,4] 6 7 9, [9,5] 2 6 8 9: their other candidates 2, 7, 8; in row
    9, [9,2] holds 7 8 and [9,6] 2 7, so with the rectangle's two cells they hold only 2 7 8:
    8 leaves [9,3] (6 8 9)."""
    assert (marks(RECTANGLE_3, 2, 4), marks(RECTANGLE_3, 2, 5)) == ("69", "69")
    assert (marks(RECTANGLE_3, 9, 4), marks(RECTANGLE_3, 9, 5)) == ("679", "2689")
    assert (marks(RECTANGLE_3, 9, 2), marks(RECTANGLE_3, 9, 6)) == ("78", "27")
    assert marks(RECTANGLE_3, 9, 3) == "689"
    one, _, three = levels(RECTANGLE_3)
    assert one == ["Unique Rectangle type 3 (ER 4.5): the rectangle starts in block 2."]
    assert three[0].endswith(
        "So [9,5] or [9,4] holds one of its other candidates, 2, 7 or 8: with [9,2] [9,6], "
        "which hold only 2, 7 and 8 too, that makes a naked set of 2, 7 and 8 in row 9, which "
        "removes those digits from the rest of it."
    )
    assert three[1] == "So it removes 8 from [9,3]."


def test_a_bug_of_type_1_names_the_digit_kept() -> None:
    """[6,4] is the one cell with three candidates, 1 6 7; the step removes 1 and 7: 6 stays."""
    assert marks(BUG_1, 6, 4) == "167"
    _, _, three = levels(BUG_1)
    assert "So [6,4] is 6, its extra candidate," in three[0]
    assert three[1] == "So it removes 1 from [6,4] and 7 from [6,4]."


def test_a_contradiction_chains_level_2_keeps_the_candidate_removed() -> None:
    _, two, three = levels(CONTRADICTION)
    assert two[0].startswith("The chains start from a candidate of [2,9] and run through ")
    assert "7 at [2,9]" not in two[0] and three[2] == "So it removes 7 from [2,9]."
