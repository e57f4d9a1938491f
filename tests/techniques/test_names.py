"""``set names readalps|standard``: the community's names beside the
original's lines, in the trace, ``hint``, ``why``, the board's legend and the API.

The expected names were worked out by hand from the seed quiz's trace and its candidates
(``show`` at the step before), not by the code under test:

- step 2, row 2: missing 1 3 4 5 6 7 9; 5 has one place, [2,5] (columns 4 and 6 and the first
  and third blocks hold a 5); after it every other value has two places at least: one hidden
  single.
- step 6: ``CelSet: [4,3] [6,1] ValSet: 6 7``, two cells, two values of block 4: a hidden pair.
- step 51, row 4 at step 50: [4,2] 8 9, [4,4] 1 8 9, [4,5] 8 9, [4,8] 7 9, [4,9] 1 2 7; 2 has
  one place ([4,9]), and once [4,9] keeps 2 alone, 7 has one ([4,8]): two hidden singles.
- step 61, row 9 at step 60: [9,2] and [9,3] both hold 2 8, and 1GW takes 8 out of [9,4], 2 8
  out of [9,5] and [9,9]: a naked pair.
- step 75, block 3 at step 74: [2,7] and [3,8] both hold 4 6; 1GW takes 4 out of [2,9]: a naked
  pair.
"""

from __future__ import annotations

import re
from pathlib import Path

from sudoku_repl import Technique, technique
from sudoku_repl.core import events as E
from sudoku_repl.core.geometry import CLASSIC
from sudoku_repl.techniques.names import naked_set_size, set_name
from tests.support.helpers import SEED, Shell

NAMED = re.compile(r"  \([^()]*(\([^()]*\))?\)$")  # the name a standard line ends with

BY_HAND = [
    "2) row 2 complete shrunken by group  (hidden single, row 2)",
    "2GW: 2 shrunken out of [4,3]  (hidden pair, box 4)",
    "CelSet: [4,3] [6,1] ValSet: 6 7  (hidden pair, box 4)",
    "6) blk 4 incomplete shrunken by group  (hidden pair, box 4)",
    "7) Guess [6,2] level 1 at 1 out of 2  (guess (trial))",
    "13) col 3 complete shrunken by group  (hidden single, column 3)",
    "35) shrinking 1 from [9,1] went wrong",
    "36) Forward guess [3,3] level 4 at 2 out of 2  (guess (trial))",
    "51) row 4 complete shrunken by group  (hidden singles, row 4)",
    "1GW: 8 shrunken out of [9,4]  (naked pair, row 9)",
    "1GW: 2 shrunken out of [9,9]  (naked pair, row 9)",
    "61) row 9 incomplete shrunken by group  (naked pair, row 9)",
    "1GW: 4 shrunken out of [2,9]  (naked pair, box 3)",
    "75) blk 3 incomplete shrunken by group  (naked pair, box 3)",
    "Fine [steps:131, solution sum:1].",
]


def test_standard_names_on_the_seed_quizs_run() -> None:
    plain = Shell.loaded().ok("run")
    shell = Shell.loaded()
    assert shell.ok("set names standard")[5] == "names standard"
    named = shell.ok("run")
    for line in BY_HAND:
        assert line in named
    # the original's line stays in front of every name, byte for byte
    assert [NAMED.sub("", line) for line in named] == plain
    assert sum(1 for line in named if NAMED.search(line)) > 50


def test_readalps_is_the_default_and_changes_no_line() -> None:
    default = Shell.loaded()
    assert "names readalps" in default.ok("info settings")
    lines = default.ok("run")
    again = Shell.loaded()
    again.ok("set names standard")
    again.ok("set names readalps")
    assert again.ok("run") == lines
    assert not any(NAMED.search(line) for line in lines)


def test_set_names_foo_lists_the_words_and_changes_nothing() -> None:
    shell = Shell.loaded()
    shell.ok("set names standard")
    said = shell.fails("set names foo")
    assert len(said) == 1
    assert "set names readalps|standard" in said[0]
    assert "names standard" in shell.ok("info settings")


def test_save_session_keeps_the_names(tmp_path: Path) -> None:
    shell = Shell.loaded()
    shell.ok("set names standard")
    shell.ok("step")
    script = tmp_path / "session.txt"
    shell.ok(f"save-session {script}")
    assert "set names standard" in script.read_text(encoding="utf-8").splitlines()


def test_hint_names_the_next_step() -> None:
    shell = Shell.loaded()
    shell.ok("set names standard")
    shell.ok("goto 59")  # [8,2] has one candidate left, 9: the fill pass comes next
    assert shell.ok("hint") == ["Next: the fill pass places [8,2]=9.  (naked single)"]
    shell.ok("goto 60")
    hint = shell.ok("hint")
    assert hint[0] == "Next: run-mode 0 finds at step 61:"
    assert hint[1] == "1GW: 8 shrunken out of [9,4]  (naked pair, row 9)"
    assert hint[-2:] == [
        "61) row 9 incomplete shrunken by group  (naked pair, row 9)",
        "62) Guess [1,8] level 7 at 1 out of 2  (guess (trial))",
    ]
    shell.ok("set names readalps")
    assert shell.ok("hint")[1] == "1GW: 8 shrunken out of [9,4]"


def test_why_names_the_removal_from_its_recorded_step() -> None:
    shell = Shell.loaded()
    shell.ok("set names standard")
    shell.ok("goto 62")
    assert shell.ok("why removed 8 [9,4] --book") == [
        "NAK(8,76)=0 at step 61: 1GW: 8 shrunken out of [9,4]  (naked pair, row 9)",
        "61) row 9 incomplete shrunken by group  (naked pair, row 9)",
    ]
    assert (
        shell.ok("why [6,2] --book")[1] == "7) Guess [6,2] level 1 at 1 out of 2  (guess (trial))"
    )
    shell.ok("set names readalps")
    assert shell.ok("why removed 8 [9,4] --book")[0].endswith("1GW: 8 shrunken out of [9,4]")


def test_the_board_legend_names_the_last_step() -> None:
    shell = Shell.loaded()
    shell.ok("set names standard")
    shell.ok("goto 8")
    assert shell.ok("board")[-1] == "        step 8: hidden single, row 5"
    shell.ok("goto 9")  # the fill pass places the one cell step 8 left one candidate: [5,8]=5
    assert shell.ok("board")[-1] == "        step 9: naked single"
    shell.ok("set names readalps")
    assert shell.ok("board")[-1].startswith("        . not a candidate")


def test_the_chain_modes_name_their_chains_as_hodoku_does() -> None:
    shell = Shell.loaded()
    shell.ok("set names standard")
    shell.ok("run-mode 4")
    lines = shell.ok("run")
    forcing = [line for line in lines if ") Forcing-Chain: " in line]
    x_chains = [line for line in lines if ") X-Chain " in line]
    assert forcing and x_chains
    assert all(line.endswith("  (Forcing Chain)") for line in forcing)
    assert all(line.endswith("  (X-Chain)") for line in x_chains)


# -- the API --------------------------------------------------------------------------------


def test_technique_of_a_record_alone() -> None:
    row2 = next(u for u, unit in enumerate(CLASSIC.units) if unit.name == "row 2")
    col3 = next(u for u, unit in enumerate(CLASSIC.units) if unit.name == "col 3")
    blk4 = next(u for u, unit in enumerate(CLASSIC.units) if unit.name == "blk 4")
    assert technique(E.UnitShrunk(E.COMPLETE, 2, row2)) == Technique("hidden single", "row 2")
    assert str(technique(E.UnitShrunk(E.COMPLETE, 2, col3))) == "hidden single, column 3"
    assert technique(E.CelSet(E.CELSET, (1, 2, 3), (4, 5, 6))) == Technique("hidden triple")
    assert technique(E.Guess(E.GUESS, 7, 46, 1, 1, 2)) == Technique("guess (trial)")
    # a naked set's size needs the candidates: without them the kind alone
    removal = E.Removal(E.REMOVED, 1, 4, 17)
    move = (removal, E.UnitShrunk(E.INCOMPLETE, 75, blk4))
    assert technique(removal, move) == Technique("naked subset", "box 4")
    assert technique(E.NoCandidate(E.NO_CANDIDATE, 3, 5)) is None


def test_the_api_names_the_seed_quizs_steps() -> None:
    from sudoku_repl import Session

    session = Session.from_quiz(str(SEED))
    session.run()
    history = session.history
    names = [str(technique(e, history.events(m))) for m in range(7) for e in history.events(m)]
    # steps 2, 4, then 6's five removals, its CelSet and its unit's line, then 7's guess
    assert names[:3] == ["hidden single, row 2", "hidden single, row 5", "hidden pair, box 4"]
    assert names[2:] == ["hidden pair, box 4"] * 7 + ["guess (trial)"]


def test_naked_set_size_by_hand() -> None:
    def mask(*values: int) -> int:
        return sum(1 << (v - 1) for v in values)

    cands = [0] * 81
    unit = (0, 1, 2, 3, 4)
    cands[0], cands[1], cands[2] = mask(1, 2, 3), mask(1, 2), mask(2, 3)  # a naked triple
    cands[3], cands[4] = mask(4, 5), mask(4, 5, 6)  # 1 2 3 were taken out of these
    assert naked_set_size(unit, {3, 4}, {1, 3}, cands) == 3
    cands[3] = mask(4, 5)
    cands[4] = mask(6, 7)
    assert naked_set_size(unit, {4}, {4}, cands) == 0  # no set holds 4: not this move's
    assert [set_name("naked", n) for n in (2, 3, 4, 5, 0)] == [
        "naked pair",
        "naked triple",
        "naked quad",
        "naked subset of 5",
        "naked subset",
    ]


def test_history_names_the_recorded_lines() -> None:
    shell = Shell.loaded()
    shell.ok("run")
    shell.ok("set names standard")
    assert shell.ok("history 61 61")[-1] == (
        "61) row 9 incomplete shrunken by group  (naked pair, row 9)"
    )
    shell.ok("set names readalps")
    assert shell.ok("history 61 61")[-1] == "61) row 9 incomplete shrunken by group"
