"""``why``: a value's, a lost candidate's and a contradiction's causes, back to givens
and guesses. Golden lines are the reference trace's (``tests/data/reference/seed_run_run.trace``:
``92) Guess [4,2] level 11 at 1 out of 2``, ``92) shrinking 8 from [8,7] went wrong``, ``93)
shrinking 5 from [8,1] went wrong``, the 2GW of step 6 with ``CelSet: [4,3] [6,1] ValSet: 6 7``)
or worked out by hand from the quiz; every step an answer names is checked by going there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sudoku_repl.api import Session, why_text
from sudoku_repl.techniques.why.answer import CONTRADICTION, GIVEN, GUESS, RULE, Cause, Fact
from tests.support.helpers import SAMURAI_FILE, Answers, Shell

SEED = "examples/seed.txt"
TRACE = "tests/data/reference/seed_run_run.trace"
LINE = re.compile(r"^( *)(?:(\d+)\) )?(\[\d,\d\](?:!=|=)\d)")


def seed_shell(*commands: str) -> Shell:
    shell = Shell()
    shell.ok(f"load-quiz {SEED}")
    for c in commands:
        shell.ok(c)
    return shell


def reference(step: int) -> list[str]:
    """The reference trace's lines of a step."""
    with open(TRACE, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.startswith(f"{step}) ")]


def shown(session: Session) -> tuple[list[int], dict[int, set[int]]]:
    """The grid and the candidates as ``show`` prints them (read from its lines, not from the
    engine)."""
    return shown_lines(session.show().splitlines())


def shown_lines(text: list[str]) -> tuple[list[int], dict[int, set[int]]]:
    """The grid and the candidates of a show block's lines."""
    digits = "".join(ch for line in text[:11] for ch in line if ch.isdigit())
    grid = [int(d) for d in digits[:81]]
    cands: dict[int, set[int]] = {}
    for line in text:
        for r, c, vs in re.findall(r"\[(\d),(\d)\]: ([\d ]+?)(?= \[|$)", line):
            cands[(int(r) - 1) * 9 + int(c) - 1] = {int(v) for v in vs.split()}
    return grid, cands


def holds(session: Session, fact: Fact) -> bool:
    grid, cands = shown(session)
    i = (fact.cell[0] - 1) * 9 + fact.cell[1] - 1
    if fact.holds:
        return grid[i] == fact.value
    return grid[i] not in (0, fact.value) or (grid[i] == 0 and fact.value not in cands[i])


def test_why_a_guess_names_its_line_and_who_chose() -> None:
    shell = seed_shell("runtil 92")
    guess = reference(92)[0]
    assert guess == "92) Guess [4,2] level 11 at 1 out of 2"
    assert shell.ok("why [4,2]") == [
        "92) [4,2]=2: Guess [4,2] level 11 at 1 out of 2, the solver's choice"
    ]


def test_why_removed_by_a_hidden_pair_names_the_block_cells_without_the_pair() -> None:
    """Step 6's 2GW: CelSet [4,3] [6,1] ValSet 6 7 in block 4, so the block's other seven cells
    lack 6 and 7 (by hand: [4,1] [4,2] [5,1] [5,2] [5,3] [6,2] [6,3]); each lacks them because
    a given of its row, column or block holds them."""
    lines = seed_shell("runtil 10").ok("why removed 2 [4,3]")
    assert lines[0] == (
        "6) [4,3]!=2: 2GW: 2 shrunken out of [4,3]; CelSet: [4,3] [6,1] ValSet: 6 7; "
        "blk 4 incomplete shrunken by group"
    )
    assert lines[1] == (
        "  from [4,1]!=6 7, [4,2]!=6 7, [5,1]!=6 7, [5,2]!=6 7, [5,3]!=6 7, [6,2]!=6 7, [6,3]!=6 7"
    )
    assert lines[2].startswith("  given: ") and len(lines) == 3
    with open(SEED, encoding="utf-8") as f:
        quiz = f.read().split("\n")[1:10]
    for given in lines[2].split()[1:]:  # each is a given of the quiz file
        r, c, v = int(given[1]), int(given[3]), int(given[6])
        assert quiz[r - 1].replace(" ", "")[c - 1] == str(v)


def test_why_with_standard_names() -> None:
    shell = seed_shell("runtil 10", "set names standard")
    assert shell.ok("why removed 2 [4,3]")[0].endswith("  (hidden pair, box 4)")


def test_why_a_given() -> None:
    assert seed_shell("step").ok("why [1,3]") == ["[1,3]=5: given"]


def test_why_wrong_after_runtil_92_names_the_guess_and_the_removals() -> None:
    shell = seed_shell("runtil 92")
    lines = shell.ok("why wrong")
    assert lines[0] == reference(92)[1] == "92) shrinking 8 from [8,7] went wrong"
    # shrinking 8 from [8,7]: a value 8 placed at a peer of [8,7], which had lost all else
    assert lines[1] == "  from [8,5]=8, [8,7]!=1 2 3 4 5 6 7 9"
    assert "92) [4,2]=2 (so [5,3]!=2): Guess [4,2] level 11 at 1 out of 2, the solver's choice" in [
        line.strip() for line in lines
    ]
    assert any(line.endswith(": see above") for line in lines)
    assert lines[-1].startswith("It goes back to the guess of step 92")
    # a cause is printed once; again only as "see above"
    full = [
        m.group(2, 3)
        for line in lines
        if (m := LINE.match(line)) is not None and not line.endswith("see above")
    ]
    assert len(full) == len(set(full)) > 5


def test_every_step_why_wrong_names_shows_what_it_says() -> None:
    """goto each step the answer names: the fact holds there and not at the step before (what
    the failing fill pass of step 92 did shows in no state: its placements are checked to be
    the only candidate left at step 92)."""
    session = Session.from_quiz(SEED)
    session.goto(92)
    answer = session.why(wrong=True)
    checked = 0
    for cause in answer.walk():
        if cause.fact is None or cause.step is None:
            continue
        session.goto(cause.step)
        if cause.move >= len(session.history) or (cause.step == 92 and cause.kind == RULE):
            grid, cands = shown(session)
            i = (cause.fact.cell[0] - 1) * 9 + cause.fact.cell[1] - 1
            assert cause.kind == RULE and cause.fact.holds
            assert grid[i] == 0 and cause.fact.value in cands[i]
            continue
        assert holds(session, cause.fact), cause
        session.goto(cause.step - 1)
        assert not holds(session, cause.fact), cause
        checked += 1
    assert checked >= 6


def test_why_wrong_one_step_later_explains_that_steps_contradiction() -> None:
    shell = seed_shell("runtil 92", "step")
    assert shell.ok("why wrong")[0] == reference(93)[1] == "93) shrinking 5 from [8,1] went wrong"


def test_why_wrong_after_the_next_guess_explains_the_last_contradiction() -> None:
    """At step 94 (an Upward guess) the next move is a filter: the last contradiction, 93's."""
    shell = seed_shell("runtil 94")
    assert shell.ok("why wrong")[0] == "93) shrinking 5 from [8,1] went wrong"


def test_why_wrong_on_the_guess_question_path_names_your_answer() -> None:
    """Guess mode: the first guess answered 9 at [6,2] (the seed's solution, in the reference
    trace's "Fine" grid, has 5 there) goes wrong; why wrong names that answer and the first
    consequence that failed."""
    shell = Shell(Answers("[6,2]=9", then=""))
    shell.ok(f"load-quiz {SEED}")
    shell.ok("guess-mode 1")
    for _ in range(60):
        lines = shell.ok("step")
        if any("went wrong" in line or "has no candidate" in line for line in lines):
            break
    else:
        pytest.fail("the wrong answer never went wrong")
    answer = shell.ok("why wrong")
    assert "went wrong" in answer[0] or "has no candidate" in answer[0]
    assert any("[6,2]=9" in line and "your answer" in line for line in answer), answer


def test_depth_cuts_the_tree_and_says_how_much_is_left() -> None:
    shell = seed_shell("runtil 92", "step")
    deep = shell.ok("why [4,8] --depth 3")
    one = shell.ok("why [4,8] --depth 0")
    assert one[0] == deep[0] and one[1] == deep[1]
    premises = one[1].count("!=") + one[1].count("=") - one[1].count("!=")
    left = re.fullmatch(
        r"\((\d+) premises? not followed below depth 0: --depth N goes deeper\)", one[-1]
    )
    assert left is not None and int(left.group(1)) >= 1 and len(one) == 3
    assert len(deep) > len(one) and premises >= 1


def test_a_what_if_edit_is_a_root() -> None:
    shell = seed_shell("runtil 10", "set cell [4,2]=2")
    assert shell.ok("why [4,2]") == ["12) [4,2]=2: [4,2]=2 set by hand, a what-if edit"]


def test_the_book_answer_stays_as_why_book() -> None:
    shell = seed_shell("runtil 92")
    assert shell.ok("why [4,2] --book") == [
        "NA(29)=2 [4,2] since step 92, KH(29)=61:",
        "92) Guess [4,2] level 11 at 1 out of 2",
    ]


def test_the_api_returns_typed_causes() -> None:
    session = Session.from_quiz(SEED)
    session.goto(92)
    answer = session.why((4, 2))
    assert answer.cause.kind == GUESS and answer.cause.fact == Fact((4, 2), 2, True)
    assert answer.cause.guess is not None and (
        answer.cause.guess.level,
        answer.cause.guess.tried,
    ) == (11, 1)
    removed = session.why((4, 3), removed=2)
    assert removed.cause.kind == RULE and removed.cause.step == 6
    assert Fact((5, 1), 6, False) in removed.cause.premises
    assert all(isinstance(c, Cause) and c.kind == GIVEN for c in removed.cause.causes)
    wrong = session.why(wrong=True)
    assert wrong.cause.kind == CONTRADICTION and wrong.cause.fact is None
    assert 92 in wrong.steps() and why_text(wrong).startswith("92) shrinking 8 from [8,7]")


#: ``why [4,4]`` at step 92 of the seed (reviewed: its givens are row 4's 4, 5, 3, column 4's 2,
#: box 5's 7; the 6 went with level 2's guess [4,3]=6; the 9 with [2,4]=9 at step 68)
EMPTY_44_AT_92 = [
    "[4,4] is empty at step 92: candidates 1 8; the others are gone:",
    "  2: [6,4]=2: given",
    "  3: [4,7]=3: given",
    "  4: [4,1]=4: given",
    "  5: [4,6]=5: given",
    "  6: 11) [4,3]=6 (so [4,4]!=6): Guess [4,3] level 2 at 1 out of 2, the solver's choice",
    "  7: [5,5]=7: given",
    "  9: 68) [2,4]=9 (so [4,4]!=9): the fill pass: its only candidate left",
    "       from [2,4]!=1 2 3 4 5 6 7 8",
    "     (8 premises not followed below depth 0: --depth N goes deeper)",
]


def test_why_of_an_empty_cell_is_its_candidates_and_why_each_other_value_is_gone() -> None:
    """``why [r,c]`` of an empty cell was refused (the VS Code Board view's click on an
    empty cell popped an error); it gives the candidates, then each other value's cause (depth 0
    unless asked), as ``why removed v [r,c]`` says it."""
    shell = seed_shell("runtil 92")
    assert shell.ok("print [4,4]") == ["[4,4] is empty: candidates 1 8"]
    assert shell.ok("why [4,4]") == EMPTY_44_AT_92
    deeper = shell.ok("why [4,4] --depth 1")
    nine = deeper.index("  9: 68) [2,4]=9 (so [4,4]!=9): the fill pass: its only candidate left")
    removed = shell.ok("why removed 9 [4,4] --depth 1")
    assert deeper[nine:] == ["  9: " + removed[0], *("     " + line for line in removed[1:])]
    assert shell.steps == 92


# -- bad input: one line, nothing changed ----------------------------------------------------


@pytest.mark.parametrize(
    ("before", "line", "expected"),
    [
        (
            "runtil 92",
            "why removed 8 [8,7]",
            "8 is still a candidate of [8,7] at step 92: it was never removed (why removed v "
            "[r,c] explains a lost candidate)",
        ),
        (
            "runtil 92",
            "why [10,1]",
            "No cell [10,1]: rows and columns go from 1 to 9; why needs a cell: why [r,c] "
            "[--depth N] [--book] | why removed v [r,c] [--depth N] [--book] | why wrong "
            "[--depth N]",
        ),
        (
            "runtil 92",
            "why removed 2 [4,2]",
            "[4,2] holds 2 at step 92: why [4,2] tells how",
        ),
        (
            "run-mode 1",
            "why [1,3]",
            "Nothing has been done yet (no step): why explains what the search did; step first",
        ),
        (
            "run-mode 1",
            "why wrong",
            "Nothing has been done yet (no step): why explains what the search did; step first",
        ),
        (
            "runtil 3",
            "why wrong",
            "No contradiction at step 3 nor in the 4096 moves before it: why wrong explains one "
            "(a guess that went wrong)",
        ),
    ],
)
def test_bad_input_is_one_line_and_changes_nothing(before: str, line: str, expected: str) -> None:
    shell = seed_shell(before)
    state = shell.repl.session.state()
    cursor = shell.repl.session.cursor
    assert shell.fails(line) == [expected]
    assert shell.repl.session.state() == state and shell.repl.session.cursor == cursor


def test_a_trimmed_record_says_the_cause_lies_before_its_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the record capped, a fact older than the kept start is answered with where the
    record starts; the givens are still givens."""
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", "256")
    shell = seed_shell("runrun 0")
    session = shell.repl.session
    history = session.history
    assert history.dropped, "the record was not trimmed"
    first = history.first_steps - 1
    state = session.state()
    # [1,1] lost 8 at step 1 to the given [2,1]=8 (by hand, from the quiz) and never got it
    # back; at a kept step where [1,1] is empty that loss lies before the kept start
    step = next(
        s
        for s in range(first + 1, history.last_steps)
        if session.state_after(history.moves_to(s)).values[0] == 0
    )
    shell.ok(f"goto {step}")
    state = session.state()
    assert shell.ok("why removed 8 [1,1]") == [
        f"[1,1]!=8: held at step {first}, where the kept record starts (older steps were "
        "dropped to bound memory)"
    ]
    assert shell.ok("why [1,3]") == ["[1,3]=5: given"]
    assert session.state() == state


# -- in every view -----------------------------------------------------------------------------


def test_board_why_marks_the_cells_the_steps_rule_read() -> None:
    """Step 6's 2GW read block 4's cells outside its CelSet [4,3] [6,1] (by hand)."""
    lines = seed_shell("runtil 10", "goto 6").ok("board --why")
    assert lines[-1] == (
        "        *5* read by the rules of step 6 (why): [4,1] [4,2] [5,1] [5,2] [5,3] [6,2] [6,3]"
    )
    row4 = next(line for line in lines if line.startswith("4 |"))
    assert row4.startswith("4 |*[4]**...*")
    plain = seed_shell("runtil 10", "goto 6").ok("board")
    assert not any("read by the rules" in line for line in plain)
    assert len(plain) == len(lines) - 1


def test_save_session_scripts_why(tmp_path: Path) -> None:
    shell = seed_shell("runtil 92")
    asked = shell.ok("why wrong")
    script = tmp_path / "session.txt"
    shell.ok(f"save-session {script}")
    text = script.read_text(encoding="utf-8").splitlines()
    assert "why wrong" in text
    replayed = Shell()
    out: list[str] = []
    for line in text:
        if line.startswith("why"):
            out = replayed.ok(line)
        else:
            replayed.run(line)
    assert out == asked


def test_the_full_screen_has_a_why_key() -> None:
    from sudoku_repl.frontends.tui.keys import HELP_LINES, KEYED

    keyed = {cmd.name: cmd.key for cmd in KEYED if cmd.key is not None}
    assert keyed["why"].letter == "w" and keyed["why"].at_cell and not keyed["why"].opens
    assert "  w         why [r,c] of the cell under the board's cursor" in HELP_LINES


# -- a what-if edit before step 1 ----------------------------------------------


def test_a_what_if_edit_before_step_1_is_the_cause_of_the_values_it_rules_out() -> None:
    """``set cell [1,8]=9`` at step 0 is move 1 (``info search``: step 1); the cell holds 9, so
    none of its other values is possible, and that is the edit's doing: ``why removed 7
    [1,8]`` killed the shell with an AssertionError. Its peer [1,9] (empty in the seed's first
    row, ``005 300 000``) loses 9 when step 2 works the candidates out, to the edit too."""
    shell = seed_shell("set cell [1,8]=9")
    assert shell.ok("why [1,8]") == ["1) [1,8]=9: [1,8]=9 set by hand, a what-if edit"]
    assert shell.fails("why removed 9 [1,9]") == [
        "[1,9] has no candidates yet at step 1 (the next step works them out): why removed v "
        "[r,c] explains a lost candidate"
    ]
    shell.ok("step")
    for value in (1, 7):
        assert shell.ok(f"why removed {value} [1,8]") == [
            f"1) [1,8]=9 (so [1,8]!={value}): [1,8]=9 set by hand, a what-if edit"
        ]
    assert shell.ok("why removed 9 [1,9]") == [
        "1) [1,8]=9 (so [1,9]!=9): [1,8]=9 set by hand, a what-if edit"
    ]


def test_a_what_if_edit_before_step_1_on_the_samurai() -> None:
    shell = Shell()
    shell.ok(f"load-quiz {SAMURAI_FILE}")
    shell.ok("set cell [1,1]=5")  # [1,1] is empty in the samurai's first row: .7.2.1.3.
    shell.ok("step")
    assert shell.ok("why removed 7 [1,1]") == [
        "1) [1,1]=5 (so [1,1]!=7): [1,1]=5 set by hand, a what-if edit"
    ]
    assert shell.ok("why removed 5 [1,3]") == [
        "1) [1,1]=5 (so [1,3]!=5): [1,1]=5 set by hand, a what-if edit"
    ]


def test_a_bug_in_an_answer_is_one_line_and_the_session_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An answer that fails inside (here made to) is said as an internal error in one line;
    nothing changed, and the next command works."""
    from sudoku_repl.techniques.why import ask

    def broken(*args: object, **kwargs: object) -> object:
        raise KeyError("a planted bug")

    shell = seed_shell("runtil 92")
    state = shell.repl.session.state()
    monkeypatch.setattr(ask, "why_value", broken)
    assert shell.fails("why [4,2]") == [
        "why: internal error, a bug in the answer (KeyError: 'a planted bug'); nothing was "
        "changed: please report it with the commands that led here"
    ]
    assert shell.repl.session.state() == state
    assert shell.ok("why removed 8 [4,2]")[0].startswith("92) [4,2]=2 (so [4,2]!=8)")


# -- options in any position ---------------------------------------------------


@pytest.mark.parametrize(
    ("first", "last"),
    [
        ("why --depth 3 [1,3]", "why [1,3] --depth 3"),
        ("why --depth 1 [4,8]", "why [4,8] --depth 1"),
        ("why --depth 0 removed 2 [4,3]", "why removed 2 [4,3] --depth 0"),
        ("why --depth 1 wrong", "why wrong --depth 1"),
        ("why --book [4,2]", "why [4,2] --book"),
        ("why --book --depth 1 [4,2]", "why [4,2] --depth 1 --book"),
    ],
)
def test_an_option_before_the_other_words_means_the_same(first: str, last: str) -> None:
    shell = seed_shell("runtil 93")
    assert shell.ok(first) == shell.ok(last)


def test_an_unknown_option_first_is_named_with_the_nearest() -> None:
    shell = seed_shell("runtil 93")
    forms = (
        "why [r,c] [--depth N] [--book] | why removed v [r,c] [--depth N] [--book] | why wrong "
        "[--depth N]"
    )
    assert shell.fails("why --dpth 3 [1,3]") == [
        f"Unknown why option '--dpth' (did you mean --depth?); {forms}"
    ]
    assert shell.fails("why --depth 1 [1,3] --depth 2") == [
        f"why [1,3] --depth is given twice: {forms}"
    ]


# -- a contradiction the present step met (a filter's, without a line) --------------------------


def test_why_wrong_at_a_filter_that_went_wrong_explains_that_one() -> None:
    """Norvig's hardest #1: step 64 is a filter that meets a contradiction and prints nothing
    (the trace goes 62) Guess [2,3] level 5, then 65) Forward guess [2,3] level 5: the try went
    wrong at 63 or 64); at step 64 row 8 has no cell left for 9 (read from the show block).
    why wrong there explained step 50's older contradiction."""
    shell = Shell()
    shell.ok("load-quiz puzzles/norvig_hardest11.txt 1")
    trace = shell.ok("runtil 65")
    assert "62) Guess [2,3] level 5 at 1 out of 2" in trace
    assert "65) Forward guess [2,3] level 5 at 2 out of 2" in trace
    assert not any(line.startswith(("63) ", "64) ")) for line in trace)
    shell.ok("set trace off")
    shell.ok("goto 64")
    grid, cands = shown_lines(shell.ok("show"))
    row8 = range(63, 72)
    assert 9 not in [grid[i] for i in row8] and not any(9 in cands.get(i, ()) for i in row8)
    assert shell.ok("why wrong")[0] == "64) row 8 has no place left for 9 (complete shrink)"


# -- an answer to the guess question the search gives up -----------------------

#: the seed, run to its end, then at step 6 the guess question answered 9 at [6,2] (its solution
#: has 5 there: the reference trace's "Fine" grid)
ANSWERED = ("set trace off", "run", "goto 6", "guess-mode 1", "step")


def answered(answer: str = "[6,2]=9") -> Shell:
    shell = Shell(Answers(answer))
    shell.ok(f"load-quiz {SEED}")
    for line in ANSWERED:
        shell.ok(line)
    shell.ok("guess-mode 0")
    return shell


def test_why_wrong_at_the_answer_names_it_and_where_the_search_gives_it_up() -> None:
    """Right after the answer nothing has gone wrong yet: why wrong names the answer and the
    step at which the search gives it up, searched ahead on a copy (the record ends at step 7)
    and, once the search has been there, read from the record. The step is the trace's: its
    Upward guess at level 1 (the answer's level) tries [6,2]'s other value."""
    shell = answered()
    assert shell.repl.session.history.last_steps == 7
    head = "7) [6,2]=9: Guess [6,2] level 1 at 1 out of 2, your answer"
    ahead = shell.ok("why wrong")
    assert shell.repl.session.history.last_steps == 7 and shell.steps == 7  # nothing moved
    shell.ok("set trace on")
    trace = shell.ok("runrun 0")
    given_up = next(line for line in trace if " guess [6,2] level 1 at 2 out of 2" in line)
    step = int(given_up.split(")")[0])
    assert given_up == f"{step}) Upward guess [6,2] level 1 at 2 out of 2"
    assert ahead == [
        head,
        f"No contradiction in this answer's try at step 7: the search gives it up at step "
        f"{step}, no solution lying under it (searched ahead of the record on a copy, "
        "with the solver's choices from step 7 on).",
    ]
    shell.ok("set trace off")
    shell.ok("goto 7")
    assert shell.ok("why wrong") == [
        head,
        f"No contradiction in this answer's try at step 7: the search gives it up at step "
        f"{step}, no solution lying under it (why wrong there shows why).",
    ]


def test_why_wrong_where_the_search_gives_the_answer_up_roots_it_there() -> None:
    """At the step of the Upward guess that gives the answer up, the answer is the root and the
    tries below it its causes, each with the contradiction that ended it: every guess line and
    went-wrong line named is the trace's, at its step."""
    shell = answered()
    shell.ok("set trace on")
    trace = shell.ok("runrun 0")
    step = int(next(line for line in trace if "guess [6,2] level 1 at 2" in line).split(")")[0])
    shell.ok("set trace off")
    shell.ok(f"goto {step}")
    lines = shell.ok("why wrong")
    assert lines[0] == "7) [6,2]=9: Guess [6,2] level 1 at 1 out of 2, your answer"
    assert lines[-1] == (
        f"The search gives up your answer of step 7 at step {step}: every try below it went "
        "wrong (why wrong at a contradiction's step explains it)."
    )
    guesses = [re.sub(r"\[\d,\d\]=\d: ", "", line.strip()) for line in lines if "uess [" in line]
    wrongs = [line.strip() for line in lines if line.strip().endswith("went wrong")]
    said = [g.removesuffix(", the solver's choice").removesuffix(", your answer") for g in guesses]
    assert said and all(g in trace or g.startswith("7) ") for g in said), said
    assert wrongs and all(w in trace for w in wrongs), wrongs
    # the tries of level 2 directly below the answer, as the trace has them, indented once
    level2 = [line for line in trace if " level 2 at " in line and int(line.split(")")[0]) < step]
    assert [g for g in said if " level 2 at " in g] == level2
    assert all(line.startswith("  ") for line in lines if " level 2 at " in line)
    deeper = shell.ok("why wrong --depth 9")
    assert not deeper[-2].startswith("(") and len(deeper) > len(lines)
    assert shell.steps == step


def test_why_wrong_at_a_right_answer_says_it_leads_to_a_solution() -> None:
    """[6,1]=7 is the seed's solution's value (the reference trace's "Fine" grid, row 6
    ``753 218 964``): no try of it is given up before the search finds the solution."""
    shell = answered("[6,1]=7")
    lines = shell.ok("why wrong")
    shell.ok("set trace on")
    fine = next(line for line in shell.ok("run") if line.startswith("Fine [steps:"))
    step = int(fine.removeprefix("Fine [steps:").split(",")[0])
    assert lines == [
        "7) [6,1]=7: Guess [6,1] level 1 at 1 out of 2, your answer",
        f"No contradiction in this answer's try at step 7: the search finds a solution under it "
        f"at step {step} (searched ahead of the record on a copy, with the solver's choices "
        "from step 7 on).",
    ]
