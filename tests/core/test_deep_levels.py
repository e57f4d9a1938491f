"""Guess levels past 255: six disjoint grids with one given each make a search
276 levels deep by its first solution. The record's level column held a byte and the C cast a
level to ``unsigned char``: the pure engine died in the record's append, the native one after
``runtil 300; back; run``, and ``bisect level 270`` said "not reached" on a level it had cut
to 14.

The expected values are the issue's (``run`` reports 276) and the trace's own lines: each new
guess prints ``Guess [r,c] level L``, made from the engine's events, while ``bisect``, ``levels``
and the record's index read the level column; the two must agree. Both engines run these (the
pure run sets ``SUDOKU_REPL_ENGINE=pure``); the last test names both.
"""

from __future__ import annotations

import re

import pytest

from sudoku_repl.core import native
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.session import Quiet, Session, Settings
from sudoku_repl.text.quiz_files import load
from tests.support.helpers import Shell

#: the issue's quiz, typed inline: grid g (0..5) at frame column 9g, its one given g + 1 in its
#: first row's column g + 1
SIX_GRIDS = ";".join(f"0,{9 * g}:" + "." * g + str(g + 1) + "." * (80 - g) for g in range(6))
#: the level ``run`` reports at the first solution (the issue's figure)
DEEPEST_FIRST_RUN = 276
GUESS_LINE = re.compile(r"^(\d+)\) Guess \[\d+,\d+\] level (\d+) at ")


def loaded(*lines: str) -> Shell:
    shell = Shell()
    shell.ok(f"load-quiz {SIX_GRIDS}")
    for line in lines:
        shell.ok(line)
    return shell


def new_guesses(lines: list[str]) -> list[tuple[int, int]]:
    """(step, level) of each new guess line of a trace."""
    return [(int(m[1]), int(m[2])) for m in map(GUESS_LINE.match, lines) if m]


def biggest_line(level: int) -> str:
    return f" Biggest level on this run(til): {level}"


@pytest.fixture(scope="module")
def traced_run() -> tuple[Shell, list[str]]:
    """The first run with its trace (each new guess's line)."""
    shell = loaded()
    return shell, shell.ok("run")


def test_run_goes_past_level_255_and_says_how_deep(traced_run: tuple[Shell, list[str]]) -> None:
    shell, lines = traced_run
    guesses = new_guesses(lines)
    assert max(level for _, level in guesses) == DEEPEST_FIRST_RUN
    assert lines[-1] == biggest_line(DEEPEST_FIRST_RUN)
    # the record's level column holds what the trace printed, guess by guess
    history = shell.repl.session.history
    recorded = [(history.visible_step(m), lv) for m, lv in history.new_guesses(1, shell.steps)]
    assert recorded == guesses


def test_a_run_written_move_by_move_records_the_deep_levels(
    traced_run: tuple[Shell, list[str]],
) -> None:
    """``back`` makes the record's last chunk a written one: ``run`` then records each move
    with its events (the native core's crash was there)."""
    _, first = traced_run
    shell = loaded("runtil 300", "back")
    lines = shell.ok("run")
    assert lines[-1] == biggest_line(DEEPEST_FIRST_RUN)
    assert new_guesses(lines) == [g for g in new_guesses(first) if g[0] >= 300]
    listed = shell.ok("levels")  # the first solution is found at the deepest level
    assert listed[0] == f"At guess level {DEEPEST_FIRST_RUN}:"
    assert [int(line.split()[1]) for line in listed[1:]] == list(range(DEEPEST_FIRST_RUN, 0, -1))


def test_bisect_level_270_finds_the_step_the_trace_shows(
    traced_run: tuple[Shell, list[str]],
) -> None:
    _, lines = traced_run
    step, line = next((s, ln) for ln in lines for s, lv in new_guesses([ln]) if lv >= 270)
    shell = loaded("set trace off")
    assert shell.ok("run")[-1] == biggest_line(DEEPEST_FIRST_RUN)
    found = shell.ok("bisect level 270 1000")
    assert found[-1] == f"Level 270 is first reached at step {step}: {line}"
    assert shell.steps == step


@pytest.mark.skipif(not native.available(), reason=f"no native core here: {native.build()}")
def test_both_engines_record_and_search_the_same_deep_levels() -> None:
    """The record's levels and the silent search's (``rate``'s) biggest level, on each engine,
    over the first 1,000 steps."""
    quiz = load(SIX_GRIDS, 1)
    found = []
    for engine_type in (Engine, native.engine_type()):
        session = Session(Settings(), engine_type=engine_type)
        session.load(quiz)
        session.run(Quiet(), solutions=0, max_steps=1000)
        history = session.history
        levels = list(history.new_guesses(1, history.last_steps))
        engine = engine_type.from_givens(quiz.givens, quiz.geometry)
        searched = engine.search(0, 1000)
        assert searched.biggest == max(lv for _, lv in levels) > 255
        found.append((levels, searched))
    assert found[0] == found[1]
