"""The numerical-analysis view: ``matrix``, ``why`` and run-mode 3.

Expected values come from the issue (the seed quiz has 23 givens: KH of the givens is 1..23 in
row-major order, the first placed value gets 24), from the book (seed 000: the arrays, the
references Ik / Jm / Gn, theorems 1-4), from the article's published trace (docs/engine.md 10)
and from facts read off the seed quiz by hand (noted where used). The engine's own states are the oracle
for "agrees with the record": KH is recomputed here from the engine's moves, independently of
``book``; the conversions of run-mode 3 are checked against the theorems restated here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from sudoku_repl.core.engine import Engine
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.session import Session, Settings
from sudoku_repl.core.state import EngineState, Status
from sudoku_repl.views import matrices as book
from tests.oracles import brute
from tests.support.helpers import SEED_QUIZ, SLOW, RecordingHooks, Shell, puzzle_lines, slow_cases

pytestmark = pytest.mark.usefixtures("at_repo_root")


def seed_shell(*commands: str) -> Shell:
    shell = Shell()
    shell.ok("load-quiz examples/seed.txt")
    for c in commands:
        shell.ok(c)
    return shell


def cell(r: int, c: int) -> int:
    return (r - 1) * 9 + (c - 1)


def entries(lines: Sequence[str]) -> list[int]:
    """The 81 entries of a printed matrix (its rows, without the header and blank lines)."""
    values: list[int] = []
    for line in lines:
        if not line.strip():
            continue
        words = line.split()
        if len(words) == 3:  # one-digit matrix: laid out exactly like the grid
            values += [int(ch) for ch in "".join(words)]
        else:
            values += [int(w) for w in words]
    assert len(values) == 81, lines
    return values


def matrix(shell: Shell, arg: str) -> list[int]:
    lines = shell.ok(f"matrix {arg}")
    assert re.fullmatch(r"(NA|KH|MMK)\(I\) at step \d+:|NAK\(\d,I\) at step \d+:", lines[0])
    return entries(lines[1:])


def show_state(shell: Shell) -> tuple[list[int], dict[int, set[int]]]:
    """The grid and the candidates of the empty cells, read off a show block."""
    lines = shell.ok("show")
    grid = [int(ch) for line in lines[:11] for ch in line.replace(" ", "")]
    cands: dict[int, set[int]] = {}
    for line in lines:
        for r, c, values in re.findall(r"\[(\d),(\d)\]: ([\d ]+?)(?= \[|$)", line):
            cands[cell(int(r), int(c))] = {int(v) for v in values.split()}
    return grid, cands


GIVENS = [i for i, ch in enumerate(SEED_QUIZ) if ch != "0"]


# -- matrix --------------------------------------------------------------------------------


def test_the_seed_quiz_has_23_givens_numbered_1_to_23_in_row_major_order() -> None:
    assert len(GIVENS) == 23
    kh = matrix(seed_shell(), "kh")
    assert [kh[i] for i in GIVENS] == list(range(1, 24))
    assert all(kh[i] == 0 for i in range(81) if i not in GIVENS)


def test_the_first_placed_value_gets_24() -> None:
    """Step 2 is "row 2 complete shrunken by group"; by hand, 5 has one place in row 2, [2,5]
    (block 1 holds 5 at [1,3], block 3 at [3,7], columns 4 and 6 at [7,4] and [4,6]); the fill
    pass of step 3 places it."""
    shell = seed_shell("runtil 2")
    before, _ = show_state(shell)
    shell.ok("runtil 3")
    after, _ = show_state(shell)
    assert [i for i in range(81) if before[i] != after[i]] == [cell(2, 5)]
    kh = matrix(shell, "kh")
    assert kh[cell(2, 5)] == 24 and max(kh) == 24
    assert [kh[i] for i in GIVENS] == list(range(1, 24))
    assert matrix(shell, "na")[cell(2, 5)] == 5


def test_na_is_the_grid_of_show() -> None:
    shell = seed_shell("runtil 90")
    na = shell.ok("matrix na")
    assert na[0] == "NA(I) at step 90:"
    assert na[1:] == shell.ok("show")[:11]


@pytest.mark.parametrize("steps", [1, 3, 40, 65, 98])
def test_mmk_and_nak_agree_with_the_candidates_of_show(steps: int) -> None:
    shell = seed_shell(f"runtil {steps}")
    grid, cands = show_state(shell)
    mmk = matrix(shell, "mmk")
    for i in range(81):
        assert mmk[i] == (1 if grid[i] else len(cands[i]))
    for v in range(1, 10):
        nak = matrix(shell, f"nak {v}")
        for i in range(81):
            possible = grid[i] == v if grid[i] else v in cands[i]
            assert nak[i] == (v if possible else 0), (v, i)


def test_nak_without_a_value_prints_the_nine_matrices() -> None:
    lines = seed_shell("runtil 5").ok("matrix nak")
    headers = [line for line in lines if line.startswith("NAK(")]
    assert headers == [f"NAK({v},I) at step 5:" for v in range(1, 10)]
    assert len(lines) == 9 * 12 + 8  # header + 11 lines each, a blank line between


def test_before_the_first_step_every_value_is_possible() -> None:
    """The book's expansion: before any zeroing, MMK = 9 for an empty cell, 1 for a given."""
    shell = seed_shell()
    assert matrix(shell, "mmk") == [1 if ch != "0" else 9 for ch in SEED_QUIZ]
    assert matrix(shell, "nak 5") == [5 if ch in "05" else 0 for ch in SEED_QUIZ]
    lines = shell.ok("matrix")
    assert [x for x in lines if "at step" in x] == [
        "NA(I) at step 0:",
        "KH(I) at step 0:",
        "MMK(I) at step 0:",
    ]


def test_wide_matrices_keep_the_grid_layout() -> None:
    lines = seed_shell().ok("matrix kh")
    assert len(lines) == 12 and lines[4] == "" and lines[8] == ""
    assert lines[1] == " 0  0  1   2  0  0   0  0  0"


def oracle_kh(quiz: str, run_mode: int, moves: int) -> list[list[int]]:
    """KH after each of the first ``moves`` moves, from the engine's values alone: a cell that
    gets a value is numbered next (cells of one move in row-major order); a cell that loses
    its value (going back) gives its number up."""
    engine = Engine.from_givens([int(ch) for ch in quiz])
    order = [i for i, ch in enumerate(quiz) if ch != "0"]
    result = []
    for _ in range(moves):
        before = list(engine.values)
        engine.advance(run_mode)
        for i in range(81):
            if before[i] != engine.values[i]:
                if before[i]:
                    order.remove(i)
                if engine.values[i]:
                    order.append(i)
        kh = [0] * 81
        for k, i in enumerate(order, 1):
            kh[i] = k
        result.append(kh)
        if engine.status is Status.FINISHED:
            break
    return result


@pytest.mark.parametrize("run_mode", [0, 3])
@SLOW
def test_kh_follows_the_engine_through_guesses_and_going_back(run_mode: int) -> None:
    session = Session(Settings(run_mode=run_mode))
    session.load(Quiz.from_string(SEED_QUIZ))
    session.run(RecordingHooks(), 0)  # the whole search: guesses, Forward and Upward guesses
    history = session.history
    expected = oracle_kh(SEED_QUIZ, run_mode, len(history))
    assert len(expected) == len(history)
    # every move around a guess (new, Forward, Upward), and every 10th move
    guessing = {
        m + 1 for m in range(len(history)) if any(e[0] in (7, 8, 9) for e in history.events(m))
    }
    checked = sorted(
        {m + d for m in guessing for d in (-1, 0, 1)} | set(range(1, len(history), 10))
    )
    for m in checked:
        if 1 <= m <= len(history):
            assert book.book_state(history, m).kh() == expected[m - 1], m
    assert len(guessing) > 20


def test_kh_of_the_matrix_command_at_any_step() -> None:
    shell = seed_shell("runtil 131")
    history = shell.repl.session.history
    expected = oracle_kh(SEED_QUIZ, 0, len(history))
    for steps in (36, 65, 94, 98, 131):
        shell.ok(f"goto {steps}")
        moves = history.moves_to(steps)
        assert matrix(shell, "kh") == expected[moves - 1]


# -- why --------------------------------------------------------------------------------------


def test_why_for_a_given() -> None:
    shell = seed_shell("runtil 10")
    assert shell.ok("why [1,3] --book") == ["[1,3] is a given: NA(3)=5, KH(3)=1."]
    assert shell.ok("why removed 2 [1,3] --book") == [
        "NAK(2,3)=0: [1,3] is a given, NA(3)=5 (theorem 1)."
    ]
    assert shell.ok("why removed 5 [1,3] --book") == ["[1,3] has the value 5: NAK(5,3)=5."]


def test_why_for_the_fill_pass_names_the_technique_that_left_one_value() -> None:
    """By hand: at step 1 [2,5] may take 4 5 6 9 (row 2 holds 8 2, column 5 holds 1 7, block 2
    holds 3 1); step 2, "row 2 complete shrunken by group", leaves 5; step 3 fills it."""
    shell = seed_shell("runtil 3")
    line = "2) row 2 complete shrunken by group"
    assert shell.ok("why [2,5] --book") == [
        "NA(14)=5 [2,5] since step 3, KH(14)=24: the fill pass, 5 being its only possible value "
        "(theorem 2).",
        *(f"NAK({v},14)=0 at step 2: {line}" for v in (4, 6, 9)),
    ]
    assert shell.ok("why removed 6 [2,5] --book") == [f"NAK(6,14)=0 at step 2: {line}"]


@pytest.mark.parametrize(
    ("arg", "expected"),
    [
        # by hand: row 1 holds 3 at [1,4] (I = 4)
        ("3 [1,1]", "NAK(3,1)=0 at step 1: I4, by NA(4)=3 [1,4], a given."),
        # 8 is at [2,1], in the column and the block of [1,1]: the column comes first
        ("8 [1,1]", "NAK(8,1)=0 at step 1: J10, by NA(10)=8 [2,1], a given."),
        # column 4 holds 5 at [7,4] (I = 58)
        ("5 [2,4]", "NAK(5,13)=0 at step 1: J58, by NA(58)=5 [7,4], a given."),
        # row 2 and column 2 hold no 5; block 1 holds it at [1,3]
        ("5 [2,2]", "NAK(5,11)=0 at step 1: G3, by NA(3)=5 [1,3], a given."),
    ],
)
def test_why_removed_gives_the_books_reference_for_givens(arg: str, expected: str) -> None:
    assert seed_shell("runtil 1").ok(f"why removed {arg} --book") == [expected]


def test_why_for_a_guess_gives_its_line() -> None:
    """The article: step 65 is "Forward guess [1,8] level 7 at 2 out of 2", and levels lists
    "Level 7 [1,8]=9 (2 out of 2)" there."""
    lines = seed_shell("runtil 65").ok("why [1,8] --book")
    assert re.fullmatch(r"NA\(8\)=9 \[1,8\] since step 65, KH\(8\)=\d+:", lines[0])
    assert lines[1:] == ["65) Forward guess [1,8] level 7 at 2 out of 2"]


def test_why_for_a_2gw_removal_gives_its_lines() -> None:
    """The article's step 37: 2GW removes 1, 4 and 6 from [1,8] (CelSet [1,8] [4,8])."""
    assert seed_shell("runtil 40").ok("why removed 4 [1,8] --book") == [
        "NAK(4,8)=0 at step 37: 2GW: 4 shrunken out of [1,8]",
        "CelSet: [1,8] [4,8] ValSet: 7 9",
        "37) col 8 incomplete shrunken by group",
    ]


def test_why_for_empty_cells_and_possible_values() -> None:
    shell = seed_shell()
    assert shell.ok("why [1,1] --book") == [
        "[1,1] has no value yet: NA(1)=0, MMK(1)=9 (1 2 3 4 5 6 7 8 9)."
    ]
    shell.ok("step")
    assert shell.ok("why [2,5] --book") == [
        "[2,5] has no value yet: NA(14)=0, MMK(14)=4 (4 5 6 9)."
    ]
    assert shell.ok("why removed 9 [2,5] --book") == ["NAK(9,14)=9: 9 is still possible for [2,5]."]


REFERENCE = re.compile(
    r"NAK\((\d),(\d+)\)=0 at step (\d+): ([IJG])(\d+), by NA\((\d+)\)=(\d) \[(\d),(\d)\]"
    r"(?:, a given\.| placed at step (\d+)\.)"
)


@pytest.mark.parametrize("steps", slow_cases([36, 98, 200], lambda steps: steps > 36))
def test_every_zeroing_by_a_placed_value_agrees_with_the_engine(steps: int) -> None:
    """For every candidate missing from an empty cell, ``why removed`` names a peer that holds
    the value now, in the unit its letter says; a placement at step N means the peer did not
    hold the value after step N-1, held it after step N, and the cell had lost it then."""
    shell = seed_shell(f"goto {steps}")  # (goes on past the first solution, at 131)
    grid, cands = show_state(shell)
    answers = [
        (i, v, shell.ok(f"why removed {v} [{i // 9 + 1},{i % 9 + 1}] --book")[0])
        for i in sorted(cands)
        for v in sorted(set(range(1, 10)) - cands[i])
    ]
    session = shell.repl.session
    states: dict[int, EngineState] = {}

    def state_at(steps: int) -> EngineState:
        if steps not in states:
            session.goto(steps, RecordingHooks())
            states[steps] = session.state()
        return states[steps]

    checked = 0
    for i, v, line in answers:
        m = REFERENCE.fullmatch(line)
        if m is None:  # a technique line (grp)
            head = rf"NAK\({v},{i + 1}\)=0 at step \d+: "
            assert re.match(rf"{head}\d+\) |{head}[123]GW: ", line), line
            continue
        assert (int(m.group(1)), int(m.group(2))) == (v, i + 1)
        step, letter, peer = int(m.group(3)), m.group(4), int(m.group(5)) - 1
        assert int(m.group(6)) == peer + 1 and int(m.group(7)) == v
        assert grid[peer] == v
        same_row, same_col = peer // 9 == i // 9, peer % 9 == i % 9
        same_box = brute.BOX_OF[peer] == brute.BOX_OF[i]
        shares = {
            "I": same_row,
            "J": same_col and not same_row,
            "G": same_box and not same_row and not same_col,
        }
        assert shares[letter], (letter, i, peer)
        if m.group(10) is None:
            assert SEED_QUIZ[peer] == str(v) and step == 1
        else:
            assert int(m.group(10)) == step
            before, after = state_at(step - 1), state_at(step)
            # (a Forward guess changes the peer's value: it held another one before)
            assert before.values[peer] != v and after.values[peer] == v
            assert not after.cands[i] >> (v - 1) & 1
        checked += 1
    assert checked > 20


def test_why_after_going_back_answers_for_the_present() -> None:
    shell = seed_shell("runtil 65", "goto 3")
    assert shell.ok("why [1,8] --book") == [
        "[1,8] has no value yet: NA(8)=0, MMK(8)=5 (1 4 6 7 9)."
    ]
    assert "KH(14)=24" in shell.ok("why [2,5] --book")[0]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("matrix xx", "Unknown matrix word 'xx'; matrix [na|kh|mmk|nak] [v]"),
        ("matrix na 3", "Only nak takes a value: matrix [na|kh|mmk|nak] [v]"),
        (
            "matrix nak 0",
            "No value 0: values go from 1 to 9; matrix nak needs a value 1..9: matrix [na|kh|mmk|nak] [v]",
        ),
        ("matrix nak 1 2", "matrix nak 1 takes nothing more: matrix [na|kh|mmk|nak] [v]"),
        (
            "why",
            "why needs a cell: why [r,c] [--depth N] [--book] | why removed v [r,c] [--depth N] [--book] | why wrong [--depth N]",
        ),
        (
            "why [0,1]",
            "No cell [0,1]: rows and columns go from 1 to 9; why needs a cell: "
            "why [r,c] [--depth N] [--book] | why removed v [r,c] [--depth N] [--book] | why wrong [--depth N]",
        ),
        (
            "why removed [1,1]",
            "why removed needs a value 1..9: why removed v [r,c] [--depth N] [--book]",
        ),
        (
            "why removed 10 [1,1]",
            "No value 10: values go from 1 to 9; why removed needs a value 1..9: why removed v [r,c]",
        ),
    ],
)
def test_bad_arguments_are_one_line(line: str, expected: str) -> None:
    shell = seed_shell("runtil 3")
    assert shell.fails(line) == [expected]


def test_matrix_and_why_need_a_quiz() -> None:
    shell = Shell()
    assert shell.fails("matrix na") == ["No quiz loaded. Use load-quiz <file>."]
    assert shell.fails("why [1,1] --book") == ["No quiz loaded. Use load-quiz <file>."]


# -- run-mode 3 ------------------------------------------------------------------------------

CONVERSION = re.compile(
    r"(\d+)\) NA\((\d+)\)=(\d) \[(\d),(\d)\] by theorem ([234]) in (row|col|blk) (\d)"
)
OTHER_LINES = [
    re.compile(r"\d+\) (Guess|Forward guess|Upward guess) \[\d,\d\] level \d+ at \d+ out of \d+"),
    re.compile(r"\d+\) shrinking \d from (blk)?\[\d,\d\] went wrong"),
    re.compile(r"\d{3} \d{3} \d{3}|"),
    re.compile(r"Fine \[steps:\d+, solution sum:\d+\]\."),
]


def unit_cells(kind: str, number: int) -> list[int]:
    k = number - 1
    if kind == "row":
        return brute.ROWS[k]
    if kind == "col":
        return brute.COLS[k]
    return brute.BOXES[k]


UNITS = (
    [("row", n) for n in range(1, 10)]
    + [("col", n) for n in range(1, 10)]
    + [("blk", n) for n in range(1, 10)]
)


def possible(values: Sequence[int], i: int) -> set[int]:
    return brute.possible(list(values), i)


def expected_conversion(values: Sequence[int]) -> tuple[int, int, int, str, int] | None:
    """Theorems 4, 2, 3 in the documented order, restated: (cell, value, theorem, unit kind,
    unit number) of the first that applies to ``values``, or None."""
    for kind, n in UNITS:
        empty = [i for i in unit_cells(kind, n) if not values[i]]
        if len(empty) == 1:
            missing = set(range(1, 10)) - {values[i] for i in unit_cells(kind, n)}
            return empty[0], missing.pop(), 4, kind, n
    for i in range(81):
        if not values[i] and len(possible(values, i)) == 1:
            return i, min(possible(values, i)), 2, "row", i // 9 + 1
    for kind, n in UNITS:
        for v in range(1, 10):
            places = [i for i in unit_cells(kind, n) if not values[i] and v in possible(values, i)]
            if len(places) == 1 and v not in {values[i] for i in unit_cells(kind, n)}:
                return places[0], v, 3, kind, n
    return None


def check_book_search(quiz: str, solutions: int = 1) -> list[str]:
    """Drive the engine move by move in run-mode 3, checking every searching move against the
    theorems; returns the trace lines up to ``solutions`` solutions."""
    engine = Engine.from_givens([int(ch) if ch not in ".0" else 0 for ch in quiz])
    hooks = RecordingHooks()
    found = 0
    while engine.status is not Status.FINISHED and found < solutions:
        status, steps, values = engine.status, engine.steps, list(engine.values)
        events = engine.advance(3)
        start = len(hooks.lines)
        hooks.events(events)
        if status is Status.SEARCHING:
            want = expected_conversion(values)
            if want is None:
                assert events == [] and engine.steps == steps
                assert engine.status is Status.GUESS_DUE
                counts = [len(possible(values, i)) if not values[i] else 10 for i in range(81)]
                assert engine.pending == counts.index(min(counts))
            else:
                assert engine.steps == steps + 1
                i, v, theorem, kind, n = want
                line = hooks.lines[start]
                m = CONVERSION.fullmatch(line)
                assert m is not None, line
                got = (int(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(4)),
                       int(m.group(5)), int(m.group(6)), m.group(7), int(m.group(8)))  # fmt: skip
                assert got == (steps + 1, i + 1, v, i // 9 + 1, i % 9 + 1, theorem, kind, n)
                assert engine.values[i] == v
        if engine.status is Status.SOLVED:
            found += 1
    return hooks.lines


def candidates_are_the_possible_values(engine: Engine) -> bool:
    return all(
        engine.cands[i] == sum(1 << (v - 1) for v in possible(engine.values, i))
        for i in range(81)
        if not engine.values[i]
    )


def test_run_mode_3_is_offered_and_described() -> None:
    shell = Shell()
    # 2.6's line is for its three modes (other: both): mode 3 says what it is instead
    assert shell.ok("run-mode 3") == [
        "Working mode:3 (the book's theorems 1-4 (Jin Jianming), one conversion per step, a "
        "guess when stuck)",
    ]


@pytest.mark.parametrize("number", range(50))
def test_run_mode_3_solves_every_easy50_quiz_by_the_theorems(number: int) -> None:
    quiz = puzzle_lines("norvig_easy50.txt")[number]
    solution = puzzle_lines("norvig_easy50.solutions.txt")[number]
    lines = check_book_search(quiz)
    assert lines[-1].startswith("Fine [steps:")
    assert "".join(x.replace(" ", "") for x in lines[-13:-1] if x) == solution
    for line in lines:
        assert CONVERSION.fullmatch(line) or any(p.fullmatch(line) for p in OTHER_LINES), line


@pytest.mark.parametrize("number", [0, 1])
def test_run_mode_3_guesses_when_stuck_and_goes_back(number: int) -> None:
    quiz = puzzle_lines("norvig_top95.txt")[number]
    solution = puzzle_lines("norvig_top95.solutions.txt")[number]
    lines = check_book_search(quiz)
    assert any("Guess" in x for x in lines) and any("went wrong" in x for x in lines)
    assert "".join(x.replace(" ", "") for x in lines[-13:-1] if x) == solution


def test_run_mode_3_candidates_are_always_the_possible_values() -> None:
    """Theorem 1 is the only zeroing in run-mode 3 (place's), also after going back. (A
    placement that went wrong stops half way: that state is left at once, by next_guess.)"""
    engine = Engine.from_givens([int(ch) for ch in SEED_QUIZ])
    searching = 0
    while engine.status is not Status.FINISHED:
        engine.advance(3)
        if engine.status in (Status.SEARCHING, Status.GUESS_DUE):
            assert candidates_are_the_possible_values(engine)
            searching += 1
    assert searching > 100


def test_run_mode_3_steps_count_one_per_conversion_in_the_shell() -> None:
    """Each step command of run-mode 3 prints one conversion numbered with the new step count
    (the seed's steps 2 and 3: by hand, 5 has one place in row 2, [2,5]; row 1 has no such
    value)."""
    shell = seed_shell("run-mode 3", "step")
    lines = shell.ok("step")
    assert lines[0] == "2) NA(14)=5 [2,5] by theorem 3 in row 2"
    assert "Steps:2" in lines
    assert shell.ok("why [2,5] --book") == [
        "NA(14)=5 [2,5] since step 2, KH(14)=24:",
        "2) NA(14)=5 [2,5] by theorem 3 in row 2",
    ]
    third = shell.ok("step")[0]
    m = CONVERSION.fullmatch(third)
    assert m is not None and m.group(1) == "3"
    placed = int(m.group(2)) - 1
    assert shell.ok("matrix kh")[1:] and matrix(shell, "kh")[placed] == 25


def test_run_mode_3_zeroing_reference_names_the_conversion() -> None:
    """[7,6] may take 3 at step 1 (column 6 holds 5 9, row 7 holds 6 5 9, block 8 holds 5 9);
    whatever step places a 3 in column 6 zeroes it with a J reference and that step's line."""
    shell = seed_shell("run-mode 3")
    shell.ok("step")
    _, cands = show_state(shell)
    assert 3 in cands[cell(7, 6)]
    for _ in range(10):
        shell.ok("step")
        grid, cands = show_state(shell)
        if grid[cell(7, 6)] or 3 not in cands[cell(7, 6)]:
            break
    lines = shell.ok("why removed 3 [7,6] --book")
    m = REFERENCE.fullmatch(lines[0])
    assert m is not None, lines
    peer = int(m.group(6)) - 1
    assert grid[peer] == 3 and m.group(4) in "IJG"
    conversion = CONVERSION.fullmatch(lines[1])
    assert conversion is not None and int(conversion.group(2)) == peer + 1
    assert conversion.group(1) == m.group(10)


def test_kh_and_why_say_so_when_the_record_no_longer_starts_at_the_quiz(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A record capped to bound memory drops its oldest moves: NA, MMK and NAK still come from
    the present state; KH and why need the whole record and say why they cannot answer."""
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", "128")
    shell = seed_shell("runrun 0")
    history = shell.repl.session.history
    if history.start.status is Status.LOADED:
        pytest.skip("the record was not capped (no record cap in this build)")
    first = history.start.steps + 1
    line = (
        f"The record starts at step {first} (older steps were dropped to bound memory): "
        "KH and why need it from the loaded quiz."
    )
    assert shell.fails("matrix kh") == [line]
    assert shell.fails("why [1,1] --book") == [line]
    grid, _ = show_state(shell)
    assert matrix(shell, "na") == grid


def test_the_books_view_is_for_classic_quizzes() -> None:
    shell = Shell()
    shell.ok("load-quiz examples/samurai.txt")
    assert shell.fails("matrix kh") == ["matrix works on a classic 9x9 quiz only."]
    assert shell.fails("why [1,1] --book") == ["why works on a classic 9x9 quiz only."]
