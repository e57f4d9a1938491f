"""Variant rules (docs/variants.md): their cells held to serate v1.15.10's, puzzles of each
rule solved and counted by the engine as an independent backtracker (``tests/oracles/
rules_brute``) solves and counts them, the trace naming the rules' houses, and the ways a quiz
states its rules (a file's line, ``--rules``, the API, f-puzzles JSON and links), each refusal
one line.

The puzzles (tests/data/rules/puzzles.txt) were made by that backtracker
(tests/oracles/make_rules_puzzles.py); the f-puzzles files were written by hand
(tests/data/rules/README.md)."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest

from sudoku_repl.core import events as E
from sudoku_repl.core import native
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.errors import QuizError, UserError
from sudoku_repl.core.geometry import CLASSIC
from sudoku_repl.core.rules import geometry_of, parse
from sudoku_repl.core.session import Session
from sudoku_repl.core.state import FINISHED, SOLVED, WRONG
from sudoku_repl.text.fpuzzles import decompress_base64
from sudoku_repl.text.quiz_files import load
from sudoku_repl.text.render import trace_lines
from tests.core.test_variants import Collect
from tests.oracles.make_rules_puzzles import JIGSAW
from tests.oracles.rules_brute import Rules as Oracle
from tests.oracles.rules_brute import houses
from tests.support.helpers import TEST_DATA, Shell, slow_on_pure

RULES_DATA = TEST_DATA / "rules"
FPUZZLES = RULES_DATA / "fpuzzles"


def entries() -> list[tuple[str, str]]:
    lines = (RULES_DATA / "puzzles.txt").read_text().splitlines()
    return [(line.split()[0], line.split()[1]) for line in lines if line.strip()]


def oracle(rules: str) -> Oracle:
    """The oracle's rules for a rules word as the file spells it (its own reading)."""
    words, jigsaw = [], ()
    for item in rules.split(","):
        word, _, value = item.partition("=")
        words.append(word)
        if word == "jigsaw":
            jigsaw = tuple(int(ch) for ch in value)
    return Oracle(words, jigsaw)


def givens(quiz: str) -> list[int]:
    return [0 if ch == "." else int(ch) for ch in quiz]


@functools.cache
def _solved(rules: str, grid: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(oracle(rules).solutions(grid, 2))


def oracle_solutions(rules: str, quiz: str) -> list[tuple[int, ...]]:
    """The oracle's solutions of a quiz, two at most: searched once a quiz (a second of pure
    Python on anti-knight), several tests hold the engine to them."""
    return list(_solved(rules, tuple(givens(quiz))))


def run(session: Session, count: int) -> Collect:
    hooks = Collect()
    session.run(hooks, count)
    return hooks


def solutions(hooks: Collect) -> list[tuple[int, ...]]:
    return [tuple(e[3]) for e in hooks.seen if e[0] == E.SOLUTION]


# -- the rules' cells: serate's ---------------------------------------------------------------

HOUSE_RULES = ("x", "windoku", "dg", "asterisk", "girandola", "centerdot")


@pytest.mark.parametrize("word", HOUSE_RULES)
def test_a_rules_houses_are_those_of_serate(word: str) -> None:
    geo = geometry_of(parse(word))
    extra = {frozenset(u.cells) for u in geo.units[27:]}
    assert extra == {frozenset(h) for h in houses([word])[27:]}
    assert len(geo.units) == len(houses([word]))


@pytest.mark.parametrize(
    "words", ["antiknight", "antiking", "toroidal,antiknight", "toroidal,antiking", "latin"]
)
def test_a_rules_peers_are_those_of_serate(words: str) -> None:
    geo = geometry_of(parse(words))
    want = Oracle(words.split(","))
    assert [set(p) for p in geo.peers] == want.same


def test_serates_asterisk_and_windows_in_its_own_cell_numbers() -> None:
    # Grid.java's Asterisk.paths and Window.windows' group 8 (the corners and the middles)
    (asterisk,) = [u for u in geometry_of(parse("asterisk")).units if u.kind == "asterisk"]
    assert asterisk.cells == (13, 20, 24, 37, 40, 43, 56, 60, 67)
    windows = [u for u in geometry_of(parse("windoku")).units if u.kind == "window"]
    assert windows[8].cells == (0, 4, 8, 36, 40, 44, 72, 76, 80)
    assert windows[0].cells == (10, 11, 12, 19, 20, 21, 28, 29, 30)


def test_no_rules_is_the_classic_grid() -> None:
    assert geometry_of(parse("")) is CLASSIC and CLASSIC.classic
    assert not geometry_of(parse("x")).classic and geometry_of(parse("x")).one_grid


# -- stepping: solutions, counts, steps -------------------------------------------------------


@pytest.mark.parametrize(("rules", "quiz"), entries(), ids=[r for r, _ in entries()])
def test_runrun_0_finds_the_oracles_one_solution(rules: str, quiz: str) -> None:
    want = oracle_solutions(rules, quiz)
    assert len(want) == 1
    session = Session()
    session.load(load(quiz, rules=rules))
    hooks = run(session, 0)
    assert solutions(hooks) == want
    ends = [e for e in hooks.seen if e[0] == E.NO_MORE]
    assert len(ends) == 1 and ends[0][2] == 1


#: the rules of many-solution puzzles (non-consecutive grids keep one solution with most of
#: their cells empty, where the oracle's plain search takes minutes: their count of one is held)
COUNTED = [(r, q) for r, q in entries() if not r.startswith("nc")]


@pytest.mark.parametrize(("rules", "quiz"), COUNTED, ids=[r for r, _ in COUNTED])
def test_runrun_0_counts_the_solutions_the_oracle_counts(rules: str, quiz: str) -> None:
    # the solution with cells emptied (in a fixed random order) till it has 5 to 99 solutions
    judge = oracle(rules)
    (solution,) = oracle_solutions(rules, quiz)
    cells = list(solution)
    order = list(range(81))
    random.Random(82).shuffle(order)
    for cell in order:
        kept, cells[cell] = cells[cell], 0
        want = judge.solutions(cells, 100)
        if len(want) >= 100:
            cells[cell] = kept
        elif len(want) >= 5:
            break
    else:
        pytest.fail("no cells whose emptying leaves 5 to 99 solutions")
    session = Session()
    session.load(load("".join(str(v) for v in cells), rules=rules))
    found = solutions(run(session, 0))
    assert sorted(found) == sorted(want)


@pytest.mark.parametrize(("rules", "quiz"), entries(), ids=[r for r, _ in entries()])
def test_every_step_before_a_guess_keeps_the_solution(rules: str, quiz: str) -> None:
    (solution,) = oracle_solutions(rules, quiz)
    session = Session()
    session.load(load(quiz, rules=rules))
    checked = 0
    while True:
        session.step(Collect())
        state = session.state()
        if state.frames or state.status in (SOLVED, FINISHED, WRONG):
            break
        checked += 1
        for cell, (v, mask) in enumerate(zip(state.values, state.cands)):
            assert v in (0, solution[cell])
            assert v or mask >> (solution[cell] - 1) & 1, (state.steps, cell)
    assert checked


@pytest.mark.parametrize(
    ("rules", "name"),
    [("x", "diag"), ("windoku", "window"), ("dg", "disj"), ("asterisk", "asterisk")],
)
def test_the_trace_names_the_rules_houses(rules: str, name: str) -> None:
    quiz = dict(entries())[rules]
    session = Session()
    session.load(load(quiz, rules=rules))
    lines = trace_lines(run(session, 0).seen, session.geo)
    assert any(f") {name}" in line and "shrunken by group" in line for line in lines)


@pytest.mark.skipif(not native.available(), reason="the native core is not built")
@pytest.mark.parametrize(("rules", "quiz"), entries(), ids=[r for r, _ in entries()])
def test_both_engines_step_alike(rules: str, quiz: str) -> None:
    traces = []
    for engine_type in (Engine, native.engine_type()):
        session = Session(engine_type=engine_type)
        session.load(load(quiz, rules=rules))
        traces.append(run(session, 0).seen)
    assert traces[0] == traces[1]


@pytest.mark.parametrize("rules", ["nc", "nc+,x", "latin"])
def test_rules_the_native_core_has_not_step_on_the_pure_engine(rules: str) -> None:
    session = Session()
    session.load(load("." * 81, rules=rules))
    assert session.engine_type is Engine
    session.load(load("." * 81, rules="x"))
    assert session.engine_type is session.asked_engine


# -- reading the rules ------------------------------------------------------------------------


def test_a_latin_square_loads_with_what_blocks_would_forbid(tmp_path: Path) -> None:
    quiz = dict(entries())["latin"]
    with pytest.raises(QuizError, match="appears twice in blk"):
        load(quiz)
    path = tmp_path / "latin.txt"
    path.write_text(f"# rules: latin\n{quiz}\n")
    assert load(str(path)).rules == load(quiz, rules="latin").rules == "latin"
    path.write_text(f"{quiz}\n")
    assert load(str(path), rules="latin").rules == "latin"
    with pytest.raises(QuizError, match="appears twice in blk"):
        load(str(path), rules="")


def test_a_files_rules_line_holds_for_its_puzzles(tmp_path: Path) -> None:
    quiz = dict(entries())["windoku"]
    path = tmp_path / "w.txt"
    path.write_text(f"# windoku from the tests\n# rules: windoku\n{quiz}\n")
    assert load(str(path)).rules == "windoku"
    shell = Shell()
    assert shell.ok(f"load-quiz {path}") == ["Quiz loaded."]
    assert shell.repl.session.geo.rules == "windoku"


def test_rules_option_overrides_and_names_the_same_words(tmp_path: Path) -> None:
    quiz = dict(entries())["x"]
    shell = Shell()
    shell.ok(f"load-quiz {quiz} --rules=x")
    assert shell.repl.session.geo.rules == "x"
    shell.ok(f"load-quiz {quiz} --rules diagonal+,diagonal-")  # both diagonals: X
    assert shell.repl.session.geo.rules == "x"


def test_a_rules_line_after_the_puzzles_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "late.txt"
    path.write_text(f"{dict(entries())['x']}\n# rules: x\n{dict(entries())['x']}\n")
    with pytest.raises(QuizError, match=r"^Invalid line 2: after the puzzles begin; .*before"):
        load(str(path), 2)


@pytest.mark.parametrize(
    ("rules", "line"),
    [
        ("x,knight", "Unknown rule 'knight': the rules are latin, toroidal, x, "),
        ("jigsaw", "Invalid rule 'jigsaw': write jigsaw=MAP, a map of 81 characters."),
        ("jigsaw=" + "1" * 81, "Invalid rule jigsaw: region 1 has 81 cells; each has 9."),
        ("latin,jigsaw=" + "1" * 81, "Invalid rules: latin (no blocks) and jigsaw"),
        ("nc,nc+", "Invalid rules: nc and nc+ clash"),
    ],
)
def test_bad_rules_are_one_line(rules: str, line: str) -> None:
    shell = Shell()
    out = shell.fails(f"load-quiz {'.' * 81} --rules={rules}")
    assert len(out) == 1 and out[0].startswith(line), out


def test_givens_a_rule_forbids_are_refused() -> None:
    quiz = "..1" + "." * 10 + "1" + "." * 67  # r1c3 and r2c5: a knight's move apart
    with pytest.raises(QuizError, match=r"1 at \[1,3\] and \[2,5\], which the rules"):
        load(quiz, rules="antiknight")
    with pytest.raises(QuizError, match="one apart"):
        load("12" + "." * 79, rules="nc")
    assert load("19" + "." * 79, rules="nc").rules == "nc"
    with pytest.raises(QuizError, match="one apart"):
        load("19" + "." * 79, rules="nc+")


def test_the_api_takes_the_same_rules() -> None:
    from sudoku_repl.api import Session as ApiSession

    quiz = dict(entries())["asterisk"]
    session = ApiSession.from_quiz(quiz, rules="asterisk")
    assert session.geo.rules == "asterisk"
    with pytest.raises(UserError, match="Unknown rule"):
        ApiSession.from_quiz(quiz, rules="astrisk")


# -- f-puzzles --------------------------------------------------------------------------------


def test_lz_string_base64_as_the_original_decompresses_it() -> None:
    # made by lzstring 1.0.4's compressToBase64 (tests/data/rules/README.md)
    assert decompress_base64("BYUwNmD2AEDukCcwBMg=") == "hello world"
    assert decompress_base64("IYIwxqHkA===") == "abcabcabc"
    assert decompress_base64("JdA=") == "é"
    assert decompress_base64("") is None


def test_an_fpuzzles_file_and_its_link_load_the_same_x_puzzle() -> None:
    quiz = load(str(FPUZZLES / "x.json"))
    assert quiz.rules == "x" and str(quiz) == dict(entries())["x"]
    link = (FPUZZLES / "x.link").read_text().strip()
    linked = load(link)
    assert linked.rules == "x" and linked.givens == quiz.givens
    session = Session()
    session.load(linked)
    assert solutions(run(session, 0)) == oracle_solutions("x", str(quiz))


def test_an_fpuzzles_extra_region_is_a_house() -> None:
    quiz = load(str(FPUZZLES / "antiknight_extra.json"))
    assert quiz.rules.startswith("antiknight,extra=")
    assert [u.name for u in quiz.geometry.units[27:]] == ["extra"]
    session = Session()
    session.load(quiz)
    assert solutions(run(session, 0)) == oracle_solutions("antiknight", str(quiz))


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("killer.json", "its 'killercage' constraint is not played"),
        ("thermometer.json", "its 'thermometer' constraint is not played"),
        ("six.json", "size 6; only 9x9."),
    ],
)
def test_an_fpuzzles_constraint_not_played_is_named_in_one_line(name: str, said: str) -> None:
    shell = Shell()
    out = shell.fails(f"load-quiz {FPUZZLES / name}")
    assert len(out) == 1 and said in out[0], out


def test_a_digit_set_by_hand_takes_its_neighbours_one_apart_out() -> None:
    shell = Shell()
    shell.ok(f"load-quiz {'.' * 81} --rules=nc+")
    shell.ok("step")
    shell.ok("set cell [5,5]=9")
    cands = shell.repl.session.state().cands
    for cell in (31, 39, 41, 49):  # [4,5] [5,4] [5,6] [6,5]
        assert cands[cell] == 0b001111110  # 2 to 8: 9 its row's or column's, 8 and 1 one apart
    assert cands[30] == 0b011111111  # [4,4], diagonal: 9 out by its block only


@slow_on_pure  # (the empty jigsaw's first solution: a deep search, seconds in C)
def test_a_jigsaws_regions_are_its_blocks_and_its_solution_keeps_them() -> None:
    quiz = load("." * 81, rules=f"jigsaw={JIGSAW}")
    assert [u.name for u in quiz.geometry.blocks][:2] == ["region 1", "region 2"]
    assert quiz.geometry.blocks[0].cells == (0, 1, 2, 3, 9, 10, 11, 18, 19)
    session = Session()
    session.load(quiz)
    (found,) = solutions(run(session, 1))
    judge = Oracle([], tuple(int(ch) for ch in JIGSAW))
    assert 0 not in found and judge.consistent(found)
    # the same grid less a few cells: runrun 0 counts what the oracle counts
    cells = list(found)
    for cell in range(0, 81, 4):
        cells[cell] = 0
    session.load(load("".join(map(str, cells)), rules=f"jigsaw={JIGSAW}"))
    assert sorted(solutions(run(session, 0))) == sorted(judge.solutions(cells, 1000))
