"""Golden tests: every reference trace of tests/data/reference, line for line, through
``Session``; then the figures, listings and show blocks the 2.6 article publishes.

Expected values come only from the trace files, from puzzles/, and from the article's listings
(tests/data/article_002_listings.txt), copied here as the article prints them (its web copy
runs the lines of an output together, separated by blanks, and drops the empty lines).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from sudoku_repl.core import events as E
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.session import RunReport, Session
from sudoku_repl.core.state import Status
from sudoku_repl.text.render import levels_lines, show_lines
from tests.support.helpers import (
    ARTICLE,
    PUZZLES,
    REFERENCE,
    SEED_QUIZ,
    RecordingHooks,
    TraceQuiz,
    grid_of,
    parse_trace,
    read_lines,
)

#: The reference traces the spec publishes; each must be present (no skipping in CI).
TRACE_FILES = (
    "norvig_easy50.trace",
    "norvig_hardest11.trace",
    "seed_interactive.trace",
    "seed_run_run.trace",
    "seed_runtil_65_98.trace",
    "seed_runtil_82_90_98.trace",
    "seed_steps_from_90.trace",
)
#: Quizzes per multi-quiz trace, and the data files they come from.
NORVIG = {
    "norvig_easy50.trace": ("norvig_easy50", 50),
    "norvig_hardest11.trace": ("norvig_hardest11", 11),
}


@dataclass(frozen=True)
class Interactive:
    """How a trace made in interactive guess mode was driven (its header says so)."""

    header: str  # the header comment that states it
    answers: tuple[str, ...]  # typed answers, in the order the engine asks


INTERACTIVE = {
    "seed_interactive.trace": Interactive(
        "guess-mode 1 answers: Enter, Enter, [2,3]=9, [1,6]=7; then guess-mode 0 and run",
        ("", "", "[2,3]=9", "[1,6]=7"),
    )
}


def _all_quizzes() -> list[TraceQuiz]:
    found = sorted(p.name for p in REFERENCE.glob("*.trace"))
    missing = set(TRACE_FILES) - set(found)
    assert not missing, f"reference traces missing from {REFERENCE}: {sorted(missing)}"
    return [q for name in found for q in parse_trace(REFERENCE / name)]


QUIZZES = _all_quizzes()


def execute(session: Session, hooks: RecordingHooks, command: str) -> RunReport | None:
    """A command of a trace file, as docs/commands.md maps it onto the session."""
    name, _, arg = command.partition(" ")
    if name == "step":
        session.step(hooks)
        return None
    if name == "run":
        return session.run(hooks, 1)
    if name == "runtil":
        return session.run(hooks, 1, int(arg))
    if name == "runrun":
        return session.run(hooks, int(arg))
    raise AssertionError(f"command {command!r} has no meaning in a trace")


def load(quiz: str) -> Session:
    session = Session()
    session.load(Quiz.from_string(quiz))
    return session


# -- the reference traces ---------------------------------------------------------------------


def test_every_reference_trace_is_present_and_parsed() -> None:
    by_file: dict[str, int] = {}
    for q in QUIZZES:
        by_file[q.path.name] = by_file.get(q.path.name, 0) + 1
        assert q.commands, f"{q.id}: no command"
    for name in TRACE_FILES:
        expected = NORVIG[name][1] if name in NORVIG else 1
        assert by_file.get(name) == expected, name


@pytest.mark.parametrize("name", sorted(NORVIG))
def test_norvig_traces_cover_the_data_files_in_order(name: str) -> None:
    stem, count = NORVIG[name]
    quizzes = [q.quiz for q in QUIZZES if q.path.name == name]
    assert quizzes == read_lines(PUZZLES / f"{stem}.txt")
    assert len(quizzes) == count
    assert all(
        q.commands[0].command == "runrun 0" and len(q.commands) == 1
        for q in QUIZZES
        if q.path.name == name
    )


@pytest.mark.parametrize("tq", QUIZZES, ids=lambda q: q.id)
def test_reference_trace(tq: TraceQuiz) -> None:
    session = load(tq.quiz)
    config = INTERACTIVE.get(tq.path.name)
    hooks = RecordingHooks(config.answers if config else ())
    if config is not None:
        assert any(config.header in line for line in tq.header), "header changed: re-check"
        session.settings.guess_mode = 1
    for n, cmd in enumerate(tq.commands, 1):
        where = f"{tq.id} command {n} `{cmd.command}`"
        if config is not None and cmd.command.split()[0] in ("run", "runtil", "runrun"):
            # the header: "then guess-mode 0 and run"
            assert not hooks.answers, f"{where}: answers left over: {hooks.answers}"
            session.settings.guess_mode = 0
        report = execute(session, hooks, cmd.command)
        assert hooks.take() == cmd.lines, where
        state = session.state()
        if report is None:
            assert cmd.figures is None, f"{where}: a step command has no figures"
            continue
        assert cmd.figures is not None, f"{where}: figures missing in the trace"
        assert (state.steps, state.solutions, report.biggest) == (
            cmd.figures.steps,
            cmd.figures.solutions,
            cmd.figures.biggest,
        ), where
    assert not hooks.answers, "not every answer was asked for"
    if tq.path.name in NORVIG:
        stem = NORVIG[tq.path.name][0]
        solution = read_lines(PUZZLES / f"{stem}.solutions.txt")[tq.number - 1]
        found = [tuple(e[3]) for e in hooks.all_events if e[0] == E.SOLUTION]
        assert found == [tuple(grid_of(solution))]
        assert session.state().status is Status.FINISHED


# -- what the article publishes ----------------------------------------------------------------


def flat(lines: list[str]) -> str:
    """Lines run together as the article's web copy shows them (empty lines dropped)."""
    return " ".join(line.strip() for line in lines if line.strip())


def assert_published(lines: list[str], published: str) -> None:
    """The output matches the article's text, where `...` stands for lines it left out."""
    got = flat(lines)
    parts = [p.strip() for p in published.split("...")]
    if len(parts) == 1:
        assert got == published
        return
    padded = f" {got} "
    if parts[0]:
        assert padded.startswith(f" {parts[0]} "), f"starts {got[:200]!r}"
    if parts[-1]:
        assert padded.endswith(f" {parts[-1]} "), f"ends {got[-300:]!r}"
    at = 0
    for part in parts[1:-1]:
        found = padded.find(f" {part} ", at)
        assert found >= 0, f"{part!r} not found (in order) in {got!r}"
        at = found + len(part) + 1


def article_has(text: str) -> None:
    """Guard against typos in the copies below: the article must hold the text verbatim."""
    article = " ".join(ARTICLE.read_text(encoding="utf-8").split())
    for part in text.split("..."):
        assert " ".join(part.split()) in article, part


@dataclass(frozen=True)
class Published:
    """A run command of the article with its output (timing lines apart) and figures."""

    command: str
    output: str
    steps: int
    solutions: int
    biggest: int


def run_published(session: Session, hooks: RecordingHooks, pub: Published) -> None:
    article_has(pub.output)
    report = execute(session, hooks, pub.command)
    assert report is not None
    lines = hooks.take()
    state = session.state()
    if pub.command.startswith("runtil") and state.status not in (Status.SOLVED, Status.FINISHED):
        lines += checked_show(show_lines(state))
    assert_published(lines, pub.output)
    assert (state.steps, state.solutions, report.biggest) == (pub.steps, pub.solutions, pub.biggest)


ENTRY = re.compile(r"\[(\d),(\d)\]:((?: \d)+)")


def checked_show(lines: list[str]) -> list[str]:
    """The show block, after checking the layout docs/commands.md 5 gives the candidate lines (which
    the article's web copy runs together): one line per grid row with empty cells, rows in
    order, entries of that row only, columns in order, candidates ascending."""
    at = lines.index("Candidates:")
    rows_seen: list[int] = []
    for line in lines[at + 1 :]:
        if line.startswith(("The foremost", "At guess level")):
            break
        entries = ENTRY.findall(line)
        assert entries and " ".join(f"[{r},{c}]:{v}" for r, c, v in entries) == line, line
        assert len({r for r, _, _ in entries}) == 1, line
        cols = [int(c) for _, c, _ in entries]
        assert cols == sorted(set(cols)), line
        for _, _, v in entries:
            values = [int(x) for x in v.split()]
            assert values == sorted(set(values)), line
        rows_seen.append(int(entries[0][0]))
    assert rows_seen == sorted(set(rows_seen))
    return lines


def step_command(session: Session, hooks: RecordingHooks) -> list[str]:
    """`step`: its trace lines, then the show block unless it ended at a solution or the end."""
    session.step(hooks)
    lines = hooks.take()
    if session.state().status not in (Status.SOLVED, Status.FINISHED):
        lines += checked_show(show_lines(session.state()))
    return lines


def test_article_first_run() -> None:
    session, hooks = load(SEED_QUIZ), RecordingHooks()
    run_published(
        session,
        hooks,
        Published(
            "run",
            "2) row 2 complete shrunken by group ... 81) Guess [1,7] level 9 at 1 out of 2 "
            "84) Guess [2,6] level 10 at 1 out of 2 87) row 9 complete shrunken by group "
            "89) col 4 complete shrunken by group 92) Guess [4,2] level 11 at 1 out of 2 ... "
            "127) Guess [1,5] level 6 at 1 out of 2 145 327 698 839 654 127 672 918 543 "
            "496 185 372 218 473 956 753 296 481 367 542 819 984 761 235 521 839 764 "
            "Fine [steps:131, solution sum:1].",
            131,
            1,
            11,
        ),
    )


def test_article_bisection_65_98() -> None:
    session, hooks = load(SEED_QUIZ), RecordingHooks()
    for pub in (
        Published(
            "runtil 65",
            "2) row 2 complete shrunken by group ... At guess level 7 [1,8] 2",
            65,
            0,
            7,
        ),
        Published(
            "runtil 98",
            "67) row 2 complete shrunken by group ... At guess level 3 [2,3] 2",
            98,
            0,
            11,
        ),
    ):
        run_published(session, hooks, pub)


def test_article_bisection_82_90_98_then_runs() -> None:
    session, hooks = load(SEED_QUIZ), RecordingHooks()
    for pub in (
        Published(
            "runtil 82",
            "2) row 2 complete shrunken by group ... At guess level 9 [1,7] 1",
            82,
            0,
            9,
        ),
        Published(
            "runtil 90",
            "84) Guess [2,6] level 10 at 1 out of 2 ... At guess level 10 [2,6] 1",
            90,
            0,
            10,
        ),
        Published(
            "runtil 98",
            "92) Guess [4,2] level 11 at 1 out of 2 92) shrinking 8 from [8,7] went wrong "
            "93) Forward guess [4,2] level 11 at 2 out of 2 93) shrinking 5 from [8,1] went wrong "
            "94) Upward guess [2,6] level 10 at 2 out of 2 95) shrinking 5 from [9,9] went wrong "
            "96) Upward guess [1,7] level 9 at 2 out of 2 96) shrinking 4 from blk[6,9] went wrong "
            "97) Upward guess [1,5] level 8 at 2 out of 2 97) shrinking 7 from [2,9] went wrong "
            "98) Upward guess [2,3] level 3 at 2 out of 2 ... At guess level 3 [2,3] 2",
            98,
            0,
            11,
        ),
        Published(
            "run",
            "102) row 3 complete shrunken by group ... Fine [steps:131, solution sum:1].",
            131,
            1,
            6,
        ),
        Published(
            "run",
            "132) Forward guess [1,5] level 6 at 2 out of 2 ... "
            "Invalid quiz [steps:284] - no more solution (solution sum is 1)",
            284,
            1,
            7,
        ),
    ):
        run_published(session, hooks, pub)


# The show blocks and `levels` listings of the article's "levels" section (steps 90..98).
SHOW_90 = (
    "645 327 198 831 954 627 279 618 543 406 095 370 910 073 056 753 200 980 367 502 019 094 "
    "700 030 000 039 760 Steps:90 Candidates: [4,2]: 2 8 [4,4]: 1 8 [4,9]: 1 2 [5,3]: 2 8 "
    "[5,4]: 4 8 [5,7]: 2 4 [6,5]: 4 6 [6,6]: 1 6 [6,9]: 1 4 [7,5]: 4 8 [7,7]: 4 8 [8,1]: 1 5 "
    "[8,5]: 6 8 [8,6]: 1 6 [8,7]: 2 8 [8,9]: 2 5 [9,1]: 1 5 [9,2]: 2 8 [9,3]: 2 8 [9,4]: 1 4 "
    "[9,9]: 4 5 The foremost cell with 2 candidate(s) at [4,2] At guess level 10 [2,6] 1"
)
STEP_92 = (
    "92) Guess [4,2] level 11 at 1 out of 2 645 327 198 831 954 627 279 618 543 426 095 370 "
    "910 073 056 753 200 980 367 502 019 094 700 030 000 039 760 Steps:92 Candidates: "
    "[4,4]: 1 8 [4,9]: 1 [5,3]: 8 [5,4]: 4 8 [5,7]: 2 4 [6,5]: 4 6 [6,6]: 1 6 [6,9]: 1 4 "
    "[7,5]: 4 8 [7,7]: 4 8 [8,1]: 1 5 [8,5]: 6 8 [8,6]: 1 6 [8,7]: 2 8 [8,9]: 2 5 [9,1]: 1 5 "
    "[9,2]: 8 [9,3]: 2 8 [9,4]: 1 4 [9,9]: 4 5 The foremost cell with 1 candidate(s) at [4,9] "
    "At guess level 11 [4,2] 1"
)
STEP_93 = (
    "92) shrinking 8 from [8,7] went wrong 93) Forward guess [4,2] level 11 at 2 out of 2 "
    "645 327 198 831 954 627 279 618 543 486 095 370 910 073 056 753 200 980 367 502 019 094 "
    "700 030 000 039 760 Steps:93 Candidates: [4,4]: 1 [4,9]: 1 2 [5,3]: 2 [5,4]: 4 8 "
    "[5,7]: 2 4 [6,5]: 4 6 [6,6]: 1 6 [6,9]: 1 4 [7,5]: 4 8 [7,7]: 4 8 [8,1]: 1 5 [8,5]: 6 8 "
    "[8,6]: 1 6 [8,7]: 2 8 [8,9]: 2 5 [9,1]: 1 5 [9,2]: 2 [9,3]: 2 8 [9,4]: 1 4 [9,9]: 4 5 "
    "The foremost cell with 1 candidate(s) at [4,4] At guess level 11 [4,2] 2"
)
STEP_94 = (
    "93) shrinking 5 from [8,1] went wrong 94) Upward guess [2,6] level 10 at 2 out of 2 ... "
    "The foremost cell with 1 candidate(s) at [2,7] At guess level 10 [2,6] 2"
)
LEVELS_94 = (
    "At guess level 10: Level 10 [2,6]=6 (2 out of 2) Level 9 [1,7]=1 (1 out of 2) "
    "Level 8 [1,5]=2 (1 out of 2) Level 7 [1,8]=9 (2 out of 2) Level 6 [1,2]=4 (2 out of 2) "
    "Level 5 [1,1]=6 (2 out of 2) Level 4 [3,3]=9 (2 out of 2) Level 3 [2,3]=1 (1 out of 2) "
    "Level 2 [4,3]=6 (1 out of 2) Level 1 [6,2]=5 (1 out of 2)"
)
STEP_95 = "... The foremost cell with 1 candidate(s) at [4,9] At guess level 10 [2,6] 2"
STEP_96 = (
    "95) shrinking 5 from [9,9] went wrong 96) Upward guess [1,7] level 9 at 2 out of 2 ... "
    "The foremost cell with 1 candidate(s) at [1,9] At guess level 9 [1,7] 2"
)
STEP_97 = (
    "96) shrinking 4 from blk[6,9] went wrong 97) Upward guess [1,5] level 8 at 2 out of 2 ... "
    "The foremost cell with 1 candidate(s) at [1,7] At guess level 8 [1,5] 2"
)
LEVELS_97 = (
    "At guess level 8: Level 8 [1,5]=8 (2 out of 2) Level 7 [1,8]=9 (2 out of 2) "
    "Level 6 [1,2]=4 (2 out of 2) Level 5 [1,1]=6 (2 out of 2) Level 4 [3,3]=9 (2 out of 2) "
    "Level 3 [2,3]=1 (1 out of 2) Level 2 [4,3]=6 (1 out of 2) Level 1 [6,2]=5 (1 out of 2)"
)
STEP_98 = (
    "97) shrinking 7 from [2,9] went wrong 98) Upward guess [2,3] level 3 at 2 out of 2 "
    "005 300 000 809 050 020 070 010 500 406 005 300 010 073 056 753 200 080 067 500 009 004 "
    "000 030 000 009 700 Steps:98 Candidates: [1,1]: 1 2 6 [1,2]: 2 4 [1,5]: 2 4 6 8 9 "
    "[1,6]: 2 4 6 7 8 [1,7]: 1 4 6 8 9 [1,8]: 1 4 6 7 9 [1,9]: 1 4 7 8 [2,2]: 3 4 "
    "[2,4]: 4 6 7 [2,6]: 4 6 7 [2,7]: 1 4 6 [2,9]: 1 3 4 7 [3,1]: 2 3 6 [3,3]: 2 "
    "[3,4]: 4 6 8 9 [3,6]: 2 4 6 8 [3,8]: 4 6 9 [3,9]: 3 4 8 [4,2]: 2 8 9 [4,4]: 1 8 9 "
    "[4,5]: 8 9 [4,8]: 1 7 9 [4,9]: 1 2 7 [5,1]: 2 9 [5,3]: 2 8 [5,4]: 4 8 9 [5,7]: 2 4 9 "
    "[6,5]: 4 6 9 [6,6]: 1 4 6 [6,7]: 1 4 9 [6,9]: 1 4 [7,1]: 1 2 3 [7,5]: 2 3 4 8 "
    "[7,6]: 1 2 4 8 [7,7]: 1 2 4 8 [7,8]: 1 4 [8,1]: 1 2 5 9 [8,2]: 2 8 9 [8,4]: 1 6 7 8 "
    "[8,5]: 2 6 8 [8,6]: 1 2 6 7 8 [8,7]: 1 2 6 8 [8,9]: 1 2 5 8 [9,1]: 1 2 3 5 [9,2]: 2 3 8 "
    "[9,3]: 1 2 8 [9,4]: 1 4 6 8 [9,5]: 2 3 4 6 8 [9,8]: 1 4 6 [9,9]: 1 2 4 5 8 "
    "The foremost cell with 1 candidate(s) at [3,3] At guess level 3 [2,3] 2"
)
LEVELS_98 = (
    "At guess level 3: Level 3 [2,3]=9 (2 out of 2) Level 2 [4,3]=6 (1 out of 2) "
    "Level 1 [6,2]=5 (1 out of 2)"
)


def test_article_levels_section_steps_90_to_98() -> None:
    """The article's walk from a fresh `runtil 90` through single steps to 98, with the show
    blocks and the `levels` listings it prints on the way."""
    session, hooks = load(SEED_QUIZ), RecordingHooks()
    run_published(
        session,
        hooks,
        Published(
            "runtil 90",
            "... 76) Guess [1,5] level 8 at 1 out of 2 78) row 1 complete shrunken by group "
            "81) Guess [1,7] level 9 at 1 out of 2 84) Guess [2,6] level 10 at 1 out of 2 "
            "87) row 9 complete shrunken by group 89) col 4 complete shrunken by group " + SHOW_90,
            90,
            0,
            10,
        ),
    )
    walk: list[tuple[str, str | None]] = [
        (STEP_92, None),
        (STEP_93, None),
        (STEP_94, LEVELS_94),  # after the step that printed "94) Upward guess [2,6] ..."
        (STEP_95, None),
        (STEP_96, None),
        (STEP_97, LEVELS_97),
        (STEP_98, LEVELS_98),
    ]
    for output, levels in walk:
        article_has(output)
        assert_published(step_command(session, hooks), output)
        if levels is not None:
            article_has(levels)
            assert flat(levels_lines(session.state())) == levels
    assert session.state().steps == 98


def test_article_interactive_session() -> None:
    """guess-mode 1; Enter, Enter, [2,3]=9, [1,6]=7; Fine at 40; guess-mode 0 and run to 293."""
    session = load(SEED_QUIZ)
    session.settings.guess_mode = 1
    hooks = RecordingHooks(["", "", "[2,3]=9", "[1,6]=7"])

    def steps_to(n: int) -> list[str]:
        """Step commands (none of them asking) until the step count is n; the last output."""
        asked = len(hooks.questions)
        lines: list[str] = []
        while session.state().steps < n:
            lines = step_command(session, hooks)
        assert session.state().steps == n
        assert len(hooks.questions) == asked
        return lines

    def asking_step() -> tuple[list[str], list[str]]:
        """A step command that asks: its lines before and after the question."""
        mark, asked = len(hooks.lines), len(hooks.questions)
        lines = step_command(session, hooks)
        assert len(hooks.questions) == asked + 1
        cut = hooks.asked_at[-1] - mark
        return lines[:cut], lines[cut:]

    # five steps, then the show the article prints before the first question
    for _ in range(5):
        lines = step_command(session, hooks)
    first_show = (
        "... Candidates: [1,1]: 1 2 6 9 [1,2]: 2 4 9 [1,5]: 2 4 6 8 9 [1,6]: 2 4 6 7 8 "
        "[1,7]: 1 4 6 8 9 [1,8]: 1 4 6 7 9 [1,9]: 1 4 7 8 [2,2]: 3 4 9 [2,3]: 1 6 9 "
        "[2,4]: 4 6 7 9 [2,6]: 4 6 7 [2,7]: 1 4 6 9 [2,9]: 1 3 4 7 [3,1]: 2 3 6 9 [3,3]: 2 6 9 "
        "[3,4]: 4 6 8 9 [3,6]: 2 4 6 8 [3,8]: 4 6 9 [3,9]: 3 4 8 [4,2]: 2 8 9 [4,3]: 2 6 7 8 9 "
        "[4,4]: 1 6 8 9 [4,5]: 6 8 9 [4,8]: 1 7 9 [4,9]: 1 2 7 [5,1]: 2 5 9 [5,3]: 2 8 9 "
        "[5,4]: 4 8 9 [5,7]: 2 4 9 [5,8]: 4 5 9 [6,1]: 5 6 7 9 [6,2]: 5 9 [6,5]: 4 6 9 "
        "[6,6]: 1 4 6 [6,7]: 1 4 9 [6,9]: 1 4 5 7 [7,1]: 1 2 3 7 [7,3]: 1 2 7 8 [7,5]: 2 3 4 8 "
        "[7,6]: 1 2 4 7 8 [7,7]: 1 2 4 8 [7,8]: 1 4 [8,1]: 1 2 5 7 9 [8,2]: 2 5 8 9 "
        "[8,4]: 1 6 7 8 [8,5]: 2 6 8 [8,6]: 1 2 6 7 8 [8,7]: 1 2 6 8 [8,9]: 1 2 5 8 "
        "[9,1]: 1 2 3 5 [9,2]: 2 3 5 8 [9,3]: 1 2 8 [9,4]: 1 4 6 8 [9,5]: 2 3 4 6 8 "
        "[9,8]: 1 4 5 6 [9,9]: 1 2 4 5 8 The foremost cell with 2 candidate(s) at [6,2]"
    )
    article_has(first_show)
    assert_published(lines, first_show)
    assert not hooks.questions

    before, _ = asking_step()
    filtered = (
        "2GW: 2 shrunken out of [4,3] 2GW: 8 shrunken out of [4,3] 2GW: 9 shrunken out of [4,3] "
        "2GW: 5 shrunken out of [6,1] 2GW: 9 shrunken out of [6,1] CelSet: [4,3] [6,1] "
        "ValSet: 6 7 6) blk 4 incomplete shrunken by group"
    )
    article_has(filtered)
    assert flat(before) == filtered

    show_9 = (
        "Steps:9 Candidates: [1,1]: 1 2 6 9 [1,2]: 2 4 9 [1,5]: 2 4 6 8 9 [1,6]: 2 4 6 7 8 "
        "[1,7]: 1 4 6 8 9 [1,8]: 1 4 6 7 9 [1,9]: 1 4 7 8 [2,2]: 3 4 9 [2,3]: 1 6 9 "
        "[2,4]: 4 6 7 9 [2,6]: 4 6 7 [2,7]: 1 4 6 9 [2,9]: 1 3 4 7 [3,1]: 2 3 6 9 [3,3]: 2 6 9 "
        "[3,4]: 4 6 8 9 [3,6]: 2 4 6 8 [3,8]: 4 6 9 [3,9]: 3 4 8 [4,2]: 2 8 9 [4,3]: 6 7 "
        "[4,4]: 1 6 8 9 [4,5]: 6 8 9 [4,8]: 1 7 9 [4,9]: 1 2 7 [5,1]: 2 9 [5,3]: 2 8 9 "
        "[5,4]: 4 8 9 [5,7]: 2 4 9 [6,1]: 6 7 [6,5]: 4 6 9 [6,6]: 1 4 6 [6,7]: 1 4 9 "
        "[6,9]: 1 4 7 [7,1]: 1 2 3 7 [7,3]: 1 2 7 8 [7,5]: 2 3 4 8 [7,6]: 1 2 4 7 8 "
        "[7,7]: 1 2 4 8 [7,8]: 1 4 [8,1]: 1 2 5 7 9 [8,2]: 2 8 9 [8,4]: 1 6 7 8 [8,5]: 2 6 8 "
        "[8,6]: 1 2 6 7 8 [8,7]: 1 2 6 8 [8,9]: 1 2 5 8 [9,1]: 1 2 3 5 [9,2]: 2 3 8 "
        "[9,3]: 1 2 8 [9,4]: 1 4 6 8 [9,5]: 2 3 4 6 8 [9,8]: 1 4 6 [9,9]: 1 2 4 5 8 "
        "The foremost cell with 2 candidate(s) at [4,3] At guess level 1 [6,2] 1"
    )
    article_has(show_9)
    assert_published(steps_to(9), "... " + show_9)

    asking_step()
    show_14 = (
        "Steps:14 Candidates: [1,1]: 1 2 6 9 [1,2]: 2 4 9 [1,5]: 2 4 6 8 9 [1,6]: 2 4 6 7 8 "
        "[1,7]: 1 4 6 8 9 [1,8]: 1 4 6 7 9 [1,9]: 1 4 7 8 [2,2]: 3 4 9 [2,3]: 1 9 "
        "[2,4]: 4 6 7 9 [2,6]: 4 6 7 [2,7]: 1 4 6 9 [2,9]: 1 3 4 7 [3,1]: 2 3 6 9 [3,3]: 2 9 "
        "[3,4]: 4 6 8 9 [3,6]: 2 4 6 8 [3,8]: 4 6 9 [3,9]: 3 4 8 [4,2]: 2 8 9 [4,4]: 1 8 9 "
        "[4,5]: 8 9 [4,8]: 1 7 9 [4,9]: 1 2 7 [5,1]: 2 9 [5,3]: 2 8 9 [5,4]: 4 8 9 "
        "[5,7]: 2 4 9 [6,5]: 4 6 9 [6,6]: 1 4 6 [6,7]: 1 4 9 [6,9]: 1 4 [7,1]: 1 2 3 "
        "[7,5]: 2 3 4 8 [7,6]: 1 2 4 8 [7,7]: 1 2 4 8 [7,8]: 1 4 [8,1]: 1 2 5 9 [8,2]: 2 8 9 "
        "[8,4]: 1 6 7 8 [8,5]: 2 6 8 [8,6]: 1 2 6 7 8 [8,7]: 1 2 6 8 [8,9]: 1 2 5 8 "
        "[9,1]: 1 2 3 5 [9,2]: 2 3 8 [9,3]: 1 2 8 [9,4]: 1 4 6 8 [9,5]: 2 3 4 6 8 "
        "[9,8]: 1 4 6 [9,9]: 1 2 4 5 8 The foremost cell with 2 candidate(s) at [2,3] "
        "At guess level 2 [4,3] 1"
    )
    article_has(show_14)
    assert_published(steps_to(14), "... " + show_14)

    _, after = asking_step()  # answered [2,3]=9
    assert after[0] == "16) Guess [2,3] level 3 at 1 out of 2"
    show_21 = (
        "Steps:21 Candidates: [1,5]: 2 6 8 9 [1,6]: 2 6 7 8 [1,7]: 6 8 9 [1,8]: 6 7 9 "
        "[1,9]: 7 8 [2,4]: 4 6 7 [2,6]: 4 6 7 [2,7]: 1 4 6 [2,9]: 1 4 7 [3,4]: 4 8 9 "
        "[3,6]: 4 8 [3,8]: 4 9 [4,2]: 2 9 [4,4]: 1 8 9 [4,5]: 8 9 [4,8]: 1 7 9 [4,9]: 1 2 7 "
        "[5,1]: 2 9 [5,4]: 4 9 [5,7]: 2 4 9 [6,5]: 4 6 9 [6,6]: 1 4 6 [6,7]: 1 4 9 [6,9]: 1 4 "
        "[7,1]: 2 3 [7,5]: 2 3 4 8 [7,6]: 1 2 4 8 [7,7]: 1 2 4 8 [7,8]: 1 4 [8,1]: 2 5 9 "
        "[8,2]: 2 8 9 [8,4]: 1 6 7 8 [8,5]: 2 6 8 [8,6]: 1 2 6 7 8 [8,7]: 1 2 6 8 "
        "[8,9]: 1 2 5 8 [9,1]: 2 3 5 [9,2]: 2 8 [9,4]: 4 6 8 [9,5]: 2 3 4 6 8 [9,8]: 4 6 "
        "[9,9]: 2 4 5 8 The foremost cell with 2 candidate(s) at [1,9] At guess level 3 [2,3] 1"
    )
    article_has(show_21)
    assert_published(steps_to(21), "... " + show_21)

    _, after = asking_step()  # answered [1,6]=7
    assert after[0] == "23) Guess [1,6] level 4 at 1 out of 4"
    show_39 = (
        "Steps:39 Candidates: [1,7]: 6 [2,4]: 6 [2,6]: 4 [3,4]: 9 [3,6]: 8 "
        "The foremost cell with 1 candidate(s) at [1,7] At guess level 4 [1,6] 1"
    )
    article_has(show_39)
    assert_published(steps_to(39), "... " + show_39)

    # the defaults the article's questions offered: [6,2]=5, [4,3]=6, [2,3]=1, [1,9]=7
    assert hooks.questions == [(5 * 9 + 1, 5), (3 * 9 + 2, 6), (1 * 9 + 2, 1), (0 * 9 + 8, 7)]

    solved = (
        "145 327 698 839 654 127 672 918 543 496 185 372 218 473 956 753 296 481 367 542 819 "
        "984 761 235 521 839 764 Fine [steps:40, solution sum:1]."
    )
    article_has(solved)
    assert flat(step_command(session, hooks)) == solved
    levels_40 = (
        "At guess level 4: Level 4 [1,6]=7 (1 out of 4) Level 3 [2,3]=9 (1 out of 2) "
        "Level 2 [4,3]=6 (1 out of 2) Level 1 [6,2]=5 (1 out of 2)"
    )
    article_has(levels_40)
    assert flat(levels_lines(session.state())) == levels_40

    session.settings.guess_mode = 0
    run_published(
        session,
        hooks,
        Published(
            "run",
            "... 285) Upward guess [2,3] level 3 at 2 out of 2 289) row 5 complete shrunken by "
            "group 291) col 7 complete shrunken by group 292) shrinking 6 from [2,4] went wrong "
            "293) No more solution (solution sum is 1). 145 300 900 839 050 127 672 018 543 "
            "426 005 371 518 473 296 793 261 485 067 500 819 954 000 632 081 609 750 "
            "Invalid quiz [steps:293] - no more solution (solution sum is 1)",
            293,
            1,
            11,
        ),
    )
    assert session.state().status is Status.FINISHED
    assert len(hooks.questions) == 4
