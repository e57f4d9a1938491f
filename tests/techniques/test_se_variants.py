"""Sudoku Explainer on variant rules (``explainer.ruled``) against serate.jar's own output with
the rules' flags (tests/data/rules/serate/ and serate_mid/, tests/data/README.md): ER/EP/ED and
every step's line byte for byte where the path stays within the techniques ported, and where it
does not, the steps up to there byte for byte and the refusal exactly where serate's next step
is one of a technique not ported to those rules."""

from __future__ import annotations

import functools
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_repl.core.rules import parse
from sudoku_repl.techniques.explainer import rate_with_rules, ruled, ruled_chains
from sudoku_repl.techniques.explainer.ruled import (
    Beyond,
    Finder,
    RuledGrid,
    layout_of,
    order_of,
    plays_classic,
    rate_ruled_grid,
)
from tests.support.helpers import TEST_DATA, variant_modules_once
from tests.support.sweeps import sweep

pytestmark = variant_modules_once()

GOLDENS = TEST_DATA / "rules" / "serate"
#: puzzles whose paths use serate's techniques past the hidden triple
MID_GOLDENS = TEST_DATA / "rules" / "serate_mid"
_FIGURES = re.compile(r"\d+\.\d/\d+\.\d/\d+\.\d")
#: the words that open serate's lines of each technique of ``ruled.order_of`` (generalized
#: intersections' lines open with their cells)
_OPENINGS = {
    "hidden single": ("Hidden Single:",),
    "direct pointing": ("Direct Pointing:", "Direct Claiming:"),
    "direct hidden pair": ("Direct Hidden Pair:",),
    "naked single": ("Naked Single:",),
    "non-consecutive forcing cell": ("Cell ",),
    "locked non-consecutive": tuple(f"{v}: Cell" for v in range(1, 10)),
    "direct hidden triple": ("Direct Hidden Triplet:",),
    "pointing and claiming": ("Pointing:", "Claiming:"),
    "generalized intersections": ("Cells ",),
    "naked pair": ("Naked Pair:", "Generalized Naked Pair:"),
    "x-wing": ("X-Wing:",),
    "hidden pair": ("Hidden Pair:",),
    "naked triple": ("Naked Triplet:", "Generalized Naked Triplet:"),
    "swordfish": ("Swordfish:",),
    "hidden triple": ("Hidden Triplet:",),
    "turbot fish": ("Skyscraper:", "Two-string Kite:", "Turbot Crane:", "Grouped Skyscraper ",
                    "Grouped 2-String Kite ", "Grouped Turbot Crane ",
                    "Generalized 2 strong links "),
    "xy-wing": ("XY-Wing:",),
    "xyz-wing": ("XYZ-Wing:",),
    "unique loops": ("Unique Rectangle type ", "Unique Loop "),
    "naked quad": ("Naked Quad:", "Generalized Naked Quad:"),
    "jellyfish": ("Jellyfish:",),
    "hidden quad": ("Hidden Quad:",),
    "three strong links": ("3 Skyscrapers ", "3-String Kite ", "3 Strong links "),
    "wxyz-wing": ("WXYZ-Wing ",),
    "bug": ("BUG type ",),
    "vwxyz-wing": ("VWXYZ-Wing ",),
    "aligned pair exclusion": ("Aligned Pair Exclusion:",),
    # (a forcing X-chain of four links is serate's "Turbot Fish", rated 6.6 and more)
    "cycles and forcing chains": ("Bidirectional", "Generalized X-Wing:", "Forcing X-Chain:",
                                  "Forcing Y-Chain:", "Forcing Chain:", "Turbot Fish:"),
    "aligned triplet exclusion": ("Aligned Triplet Exclusion:",),
    "nishio": ("Nishio Forcing Chain:",),
    "multiple forcing chains": ("Cell Forcing Chains:", "Region Forcing Chains:"),
    "dynamic forcing chains": ("Contradiction Forcing Chain:", "Double Forcing Chain:",
                               "Cell Forcing Chains:", "Region Forcing Chains:"),
    "dynamic forcing chains (+)": ("Contradiction Forcing Chain:", "Double Forcing Chain:",
                                   "Cell Forcing Chains:", "Region Forcing Chains:"),
    **{name: ("Contradiction Forcing Chain:", "Double Forcing Chain:", "Cell Forcing Chains:",
              "Region Forcing Chains:") for name, _ in ruled_chains.TECHNIQUES
       if name.startswith("nested")},
}  # fmt: skip


def _ported(stem: str) -> tuple[str, ...]:
    """The openings of serate's lines of the techniques ported to a group's rules."""
    order = order_of(layout_of(parse(stem.replace("_", ","))))
    return tuple(opening for name, _ in order for opening in _OPENINGS[name])


def is_ported(stem: str, line: str) -> bool:
    """Whether serate's ``%r %s`` line is a step of a technique ported to a group's rules."""
    return line.split(" ", 1)[1].startswith(_ported(stem))


def not_ported(stem: str, line: str) -> bool:
    """Whether serate's ``%r %s`` line is a step of a technique not ported to a group's
    rules."""
    return not is_ported(stem, line)


def _golden(
    stem: str, folder: Path = GOLDENS, every: bool = True
) -> list[tuple[str, list[str], str]]:
    """(puzzle, serate's step lines, its ER/EP/ED line) of each puzzle of a group (``every``;
    else of its first puzzles, as many as its ``.out`` holds the paths of)."""
    puzzles = (folder / f"{stem}.txt").read_text().split()
    found: list[tuple[str, list[str], str]] = []
    steps: list[str] = []
    for line in (folder / f"{stem}.out").read_text().splitlines():
        if _FIGURES.fullmatch(line):
            found.append((puzzles[len(found)], steps, line))
            steps = []
        else:
            steps.append(line)
    assert not steps and (len(found) == len(puzzles) or not every)
    return found


def _stems(folder: Path = GOLDENS) -> list[str]:
    return sorted(p.stem for p in folder.glob("*.out"))


#: the quick run's order ends before the multiple forcing chains (8.0 and up), whose pure Python
#: takes a second or more a step on these rules: they and the dynamic ones are held step by
#: step on serate's own candidates (``test_se_variant_chains``) and along whole paths by the
#: slow test below
QUICK_BELOW = 8.0


def _quick_order(stem: str) -> tuple[tuple[str, Finder], ...]:
    order = order_of(layout_of(parse(stem.replace("_", ","))))
    return tuple(t for t in order if ruled.TOP[t[0]] < round(QUICK_BELOW * 10))


#: the quick run holds the puzzles serate rates below this (singles to the wings, a few
#: hundredths of a second each) and ``KEPT``: those it rates higher take the forcing chains and
#: cycles, tenths of a second each, most of the goldens' pure Python time (all when sweeping)
SAMPLE_BELOW = 5.6
#: (folder, set, index in its file) of goldens rated higher the quick run holds too: each
#: family of techniques past the wings at least once on a whole path, the Latin square's
#: VWXYZ-Wing and BUG (``test_latin_squares_take_their_strong_links_and_wings``), a forcing
#: X-chain serate names "Turbot Fish" on a Latin square with the diagonals, a path stopped at
#: the multiple chains after a Nishio forcing chain
KEPT = frozenset({
    ("serate", "girandola", 0),  # forcing X-chain, bidirectional cycle, forcing chain
    ("serate_mid", "antiking", 0),  # VWXYZ-Wing under a leap
    ("serate_mid", "antiking", 6),  # Nishio forcing chain, then past the quick run's order
    ("serate_mid", "asterisk_antiking", 4),  # forcing chain: an extra region and a leap
    ("serate_mid", "latin", 3),  # BUG, bidirectional Y-cycle
    ("serate_mid", "latin", 5),  # forcing chain on a Latin square
    ("serate_mid", "latin", 7),  # VWXYZ-Wing on a Latin square
    ("serate_mid", "latin", 11),  # bidirectional cycle on a Latin square
    ("serate_mid", "latin_x", 1),  # serate's "Turbot Fish" (a forcing X-chain of four links)
})  # fmt: skip


def _held(stem: str, folder: Path = GOLDENS) -> list[tuple[str, list[str], str]]:
    """The goldens of a group the quick run holds: those serate rates below ``SAMPLE_BELOW``,
    its dead ends whose steps are all rated below ``QUICK_BELOW`` (where serate's order found
    no step), and ``KEPT``; every one when sweeping (``SUDOKU_REPL_SWEEP=1``)."""
    goldens = _golden(stem, folder)
    kept = {
        goldens[index][0] for name, group, index in KEPT if (name, group) == (folder.name, stem)
    }

    def held(golden: tuple[str, list[str], str]) -> bool:
        puzzle, steps, figures = golden
        er = float(figures.split("/")[0])
        dead_end = figures.startswith(NO_STEP + "/") and all(
            float(line.split(" ", 1)[0]) < QUICK_BELOW for line in steps
        )
        return er < SAMPLE_BELOW or dead_end or puzzle in kept

    found = sweep(goldens, 0, held)
    assert found, stem
    return found


@functools.cache
def _rated(puzzle: str, stem: str, quick: bool = True) -> tuple[tuple[str, ...], str | None]:
    """``_ours``, kept: the tests over the goldens rate each puzzle once."""
    rules = parse(stem.replace("_", ","))
    grid = RuledGrid.of_puzzle(puzzle, layout_of(rules))
    try:
        rated = rate_ruled_grid(grid, _quick_order(stem) if quick else None)
    except Beyond as beyond:
        return tuple(f"{s.rating:.1f} {s.hint.text}" for s in beyond.steps), None
    lines = tuple(f"{s.rating:.1f} {s.hint.text}" for s in rated.steps)
    return lines, f"{rated.er:.1f}/{rated.ep:.1f}/{rated.ed:.1f}"


def quick_goldens(stem: str, folder: Path = GOLDENS) -> list[tuple[str, list[str], str]]:
    """``_golden``'s puzzles whose serate path takes no step rated ``QUICK_BELOW`` or more:
    the techniques that rate them take the pure Python no time (the doors' tests')."""
    return [
        (puzzle, steps, figures)
        for puzzle, steps, figures in _golden(stem, folder)
        if all(float(line.split(" ", 1)[0]) < QUICK_BELOW for line in steps)
    ]


def _ours(puzzle: str, stem: str, quick: bool = True) -> tuple[list[str], str | None]:
    """Our step lines (serate's ``%r %s``) and ER/EP/ED line (None: not rated, ``Beyond``), by
    the techniques below ``QUICK_BELOW`` (``quick``) or every one ported."""
    lines, figures = _rated(puzzle, stem, quick)
    return list(lines), figures


@pytest.mark.parametrize(
    ("folder", "stem"),
    [(GOLDENS, stem) for stem in _stems()] + [(MID_GOLDENS, stem) for stem in _stems(MID_GOLDENS)],
    ids=[stem for stem in _stems()] + [f"mid_{stem}" for stem in _stems(MID_GOLDENS)],
)
def test_steps_and_ratings_are_serates(folder: Path, stem: str) -> None:
    _hold_paths(folder, stem, quick=True)


#: goldens rated whole through the dynamic chains (seconds of pure Python each): serate_mid's
#: nc+ puzzles, one of them (9.1) through non-consecutive's own techniques, claiming, the
#: triples, a skyscraper and the dynamic forcing chains; and when sweeping, the anti-king
#: goldens' first puzzle (9.2), whose kind of path (a leap's, through the dynamic chains to
#: its ER) ``test_se_variant_nested`` holds whole through the nested chains too (every golden's
#: whole path, ``_hold_paths`` with ``quick=False``, takes the pure Python minutes: a check run
#: by hand, not in CI's time)
WHOLE = [(MID_GOLDENS, "nc+"), (GOLDENS, "antiking")]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("folder", "stem"),
    sweep(WHOLE, 0, [(MID_GOLDENS, "nc+")]),
    ids=lambda value: value if isinstance(value, str) else value.name,
)
def test_whole_paths_through_the_dynamic_chains_are_serates(folder: Path, stem: str) -> None:
    _hold_paths(folder, stem, quick=False)


#: serate's ER where it found no step (``Beyond solver``): on a Latin square with an extra
#: region, its turbot fish's links in the blocks the rules have not can take a digit out of
#: the cell that holds it
NO_STEP = "20.0"


def _hold_paths(folder: Path, stem: str, quick: bool) -> None:
    """Each golden puzzle's path ours as far as it goes, serate's byte for byte, and ER/EP/ED
    where rated whole; where it stops, serate's next step is of a technique not ported (or, in
    the quick run, a dynamic forcing chain's or later), or serate found none either."""
    for puzzle, steps, figures in _held(stem, folder) if quick else _golden(stem, folder):
        ours, rated = _ours(puzzle, stem, quick)
        assert ours == steps[: len(ours)], puzzle
        if rated is not None:
            assert (len(ours), rated) == (len(steps), figures), puzzle
        elif len(ours) == len(steps):
            assert figures.startswith(NO_STEP + "/"), puzzle
        else:
            following = steps[len(ours)]
            past = quick and float(following.split(" ", 1)[0]) >= QUICK_BELOW
            assert past or not is_ported(stem, following), (puzzle, following)


def test_most_puzzles_are_rated_whole() -> None:
    """The goldens are not all refusals: most of the puzzles (of those the quick run holds,
    ``_held``) are rated to the end."""
    whole = sum(
        _ours(puzzle, stem)[1] is not None for stem in _stems() for puzzle, _, _ in _held(stem)
    )
    assert whole >= 30


def test_the_mid_goldens_rate_each_technique_past_the_hidden_triple_whole() -> None:
    """serate_mid's puzzles the quick run holds (``_held``) rated to the end take steps of the
    turbot fish's forms, the wings, the uniqueness techniques and the quads: each held to
    serate's line above."""
    taken: set[str] = set()
    for stem in _stems(MID_GOLDENS):
        for puzzle, steps, _ in _held(stem, MID_GOLDENS):
            if _ours(puzzle, stem)[1] is not None:
                taken.update(step.split(" ", 1)[1].split(":")[0] for step in steps)
    wanted = (
        "Skyscraper", "Two-string Kite", "Turbot Crane", "Generalized 2 strong links ",
        "Grouped Skyscraper ", "Grouped 2-String Kite ", "Grouped Turbot Crane ", "XY-Wing",
        "XYZ-Wing", "Unique Rectangle type ", "WXYZ-Wing ", "VWXYZ-Wing ",
    )  # fmt: skip
    assert [w for w in wanted if not any(name.startswith(w) for name in taken)] == []


def _taken(stem: str) -> set[str]:
    """The names (serate's lines up to their first colon) of the steps of a group of
    serate_mid (those the quick run holds, ``_held``) whose paths ours follows to their end
    (quick: up to the dynamic chains)."""
    taken: set[str] = set()
    for puzzle, steps, _ in _held(stem, MID_GOLDENS):
        ours = _ours(puzzle, stem)[0]
        taken.update(step.split(" ", 1)[1].split(":")[0] for step in steps[: len(ours)])
    return taken


@pytest.mark.parametrize("stem", ["nc", "nc+"])
def test_non_consecutive_paths_take_its_own_techniques(stem: str) -> None:
    """serate_mid's non-consecutive puzzles: their paths, held to serate's lines above, take
    its forcing cell (``Cell ... on value(s)``), its locked digits (``D: Cells ...``) and
    pointing."""
    taken = _taken(stem)
    assert any(name.startswith("Cell ") and " on value(s) " in name for name in taken)
    assert any(re.fullmatch(r"[1-9]", name) for name in taken)
    assert "Pointing" in taken


@pytest.mark.parametrize("stem", ["nc_x", "nc_dg", "nc+_asterisk"])
def test_non_consecutive_with_extra_regions_takes_both_rules_techniques(stem: str) -> None:
    """serate_mid's non-consecutive puzzles with an extra region: their paths, held to
    serate's lines above, take non-consecutive's forcing cell and locked digits, and a hidden
    single in a region of the other rule (under X, serate's generalized intersections in a
    diagonal too: its variant set, not the classic one non-consecutive alone keeps)."""
    taken = _taken(stem)
    assert any(name.startswith("Cell ") and " on value(s) " in name for name in taken)
    assert any(re.fullmatch(r"[1-9]", name) for name in taken)
    lines = [step for puzzle, steps, _ in _held(stem, MID_GOLDENS) for step in steps]
    extra = ("Diagonal", "disjoint group", "Asterisk group")
    assert any(" Hidden Single: " in line and line.endswith(extra) for line in lines)
    if stem == "nc_x":
        assert any(line.startswith("2.9 Cells ") and "Diagonal" in line for line in lines)


def test_latin_squares_take_their_strong_links_and_wings() -> None:
    """serate_mid's Latin squares: their paths take the WXYZ- and VWXYZ-Wing and BUG."""
    taken = _taken("latin")
    wanted = ("WXYZ-Wing ", "VWXYZ-Wing ", "BUG type ")
    assert [w for w in wanted if not any(name.startswith(w) for name in taken)] == []


def test_a_latin_square_with_an_extra_region_reads_blocks_as_serate() -> None:
    """On a Latin square with the diagonals serate's turbot fish still takes strong links in
    blocks (a grouped crane) and shares the bridges in the diagonals: held to its lines, and to
    its dead end where those links took a digit wrongly."""
    taken = _taken("latin_x")
    assert any(name.startswith("Grouped Turbot Crane ") for name in taken)
    assert any(name.startswith("Generalized 2 strong links ") for name in taken)
    dead = [f for _, _, f in _golden("latin_x", MID_GOLDENS) if f.startswith(NO_STEP + "/")]
    assert dead


def test_every_serate_flag_has_goldens() -> None:
    flags = {flag for stem in _stems() for flag in parse(stem.replace("_", ",")).flags}
    assert flags >= {"--isX=1", "--isWindows=1", "--isDG=1", "--isGirandola=1",
                     "--isAsterisk=1", "--isCD=1", "--isAntiKnight=1", "--isAntiKing=1",
                     "--isNC=1", "--isNC=2", "--isToroidal=1", "--isBlocks=0"}  # fmt: skip


def test_every_rule_of_a_region_or_a_leap_has_goldens_past_the_hidden_triple() -> None:
    """serate_mid holds paths past the hidden triple under each flag of an extra region or a
    leap and the Latin square, and under rules taken together (an extra region with a leap or
    with another region)."""
    rules = [parse(stem.replace("_", ",")) for stem in _stems(MID_GOLDENS)]
    flags = {flag for r in rules for flag in r.flags}
    assert flags >= {"--isX=1", "--isWindows=1", "--isDG=1", "--isGirandola=1",
                     "--isAsterisk=1", "--isCD=1", "--isAntiKnight=1", "--isAntiKing=1",
                     "--isBlocks=0"}  # fmt: skip
    assert sum(len(r.flags) > 1 for r in rules if "--isBlocks=0" not in r.flags) >= 3


def test_the_toroidal_board_alone_plays_classic() -> None:
    assert plays_classic(parse("toroidal")) and not plays_classic(parse("toroidal,antiking"))


def _serate(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "serate", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


def test_the_serate_command_prints_serates_lines(tmp_path: Path) -> None:
    """``sudoku-repl serate`` with the flags, over a file of the puzzles rated whole: serate's
    output byte for byte."""
    stem = "centerdot"
    whole = [g for g in _golden(stem) if _ours(g[0], stem)[1] is not None]
    assert len(whole) >= 3
    (tmp_path / "in.txt").write_text("".join(p + "\n" for p, _, _ in whole))
    done = _serate("--isCD=1", "--after=%r %s", "--input=in.txt", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "".join("".join(s + "\n" for s in [*steps, f]) for _, steps, f in whole)


def test_the_serate_command_prints_serates_lines_past_the_hidden_triple(tmp_path: Path) -> None:
    """``sudoku-repl serate --isX=1`` over serate_mid's first X puzzles (turbot fish, its
    grouped and generalized forms): serate's output byte for byte."""
    golden = _golden("x", MID_GOLDENS)[:6]
    (tmp_path / "in.txt").write_text("".join(p + "\n" for p, _, _ in golden))
    done = _serate("--isX=1", "--after=%r %s", "--input=in.txt", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "".join("".join(s + "\n" for s in [*steps, f]) for _, steps, f in golden)


def test_the_serate_command_ends_where_serates_solver_does(tmp_path: Path) -> None:
    """``sudoku-repl serate --isBlocks=0 --isX=1`` over serate_mid's Latin squares with the
    diagonals whose path ends where no technique finds a step (those whose steps are rated
    below ``QUICK_BELOW``: the chains of the others take the pure Python seconds): serate's
    steps and its 20.0 ("Beyond solver"), EP and ED as they stood, byte for byte, and status 0."""
    dead = [
        (puzzle, steps, figures)
        for puzzle, steps, figures in _golden("latin_x", MID_GOLDENS)
        if figures.startswith(NO_STEP + "/")
        and all(float(line.split(" ", 1)[0]) < QUICK_BELOW for line in steps)
    ]
    assert dead
    (tmp_path / "in.txt").write_text("".join(p + "\n" for p, _, _ in dead))
    done = _serate("--isBlocks=0", "--isX=1", "--after=%r %s", "--input=in.txt", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "".join("".join(s + "\n" for s in [*steps, f]) for _, steps, f in dead)


def test_the_serate_command_refuses_in_one_line(tmp_path: Path) -> None:
    puzzle = _golden("x")[0][0]
    cases = {
        ("--isNC=3", puzzle): "--isNC=3: --isNC=N takes 0 (off) or 1 (on), 2 (nc+)",
        ("--isX=1", "--format=%R", puzzle): "the techniques' names (%R %P %D %S %T %U) are not",
        (
            "--isDG=1",
            "--techs=11111111010111011111111011101101001111111",
            puzzle,
        ): "--techs is not taken with the variant",
    }
    for args, said in cases.items():
        done = _serate(*args, cwd=tmp_path)
        assert done.returncode != 0
        assert said in done.stderr and done.stderr.count("\n") == 1, done.stderr


def test_rate_with_rules_is_the_one_entry() -> None:
    """Classic where the rules play classic (serate's figures for a bank puzzle, its goldens'
    first line), the variant rating where they do not, one line for a rule serate lacks."""
    bank = (TEST_DATA / "se_bank_serate.txt").read_text().splitlines()[0].split()
    rated = rate_with_rules(bank[0], parse("toroidal"))
    assert f"{rated.er:.1f}/{rated.ep:.1f}/{rated.ed:.1f}" == bank[1]
    puzzle, steps, figures = _golden("centerdot")[1]
    rated = rate_with_rules(puzzle, parse("centerdot"))
    assert [f"{s.rating:.1f} {s.hint.text}" for s in rated.steps] == steps
    assert f"{rated.er:.1f}/{rated.ep:.1f}/{rated.ed:.1f}" == figures
    with pytest.raises(ValueError, match="no rating of the rule jigsaw"):
        rate_with_rules(puzzle, parse("jigsaw=" + "".join(str(1 + c // 9) for c in range(81))))


def test_the_serate_command_prints_the_grids_as_serate(tmp_path: Path) -> None:
    """The candidates and values of grids of disjoint groups around their steps, as serate
    prints them (``dg.formats``, ``se_variant_goldens.FORMATS``), on the group's puzzles
    rated whole (all but the first)."""
    (tmp_path / "dg.txt").write_text("".join(p + "\n" for p, _, _ in _golden("dg")[1:]))
    done = _serate("--isDG=1", "--start=%m", "--before=%i", "--after=%r %s", "--input=dg.txt",
                   cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    golden = (GOLDENS / "dg.formats").read_text().splitlines(keepends=True)
    first_end = next(i for i, line in enumerate(golden) if _FIGURES.fullmatch(line.strip()))
    assert done.stdout == "".join(golden[first_end + 1 :])
