"""The web page's idle warm-up (``frontends/warm_up``, docs/web.md "Speed"): at a prompt, while
the page has sent nothing, the shell solves the seed on a session of its own: the seed's whole
search (the reference trace's 284 steps), printed nowhere; it gives way at once to whatever the
page sends (the runs left go on at a later prompt) and stops for good after its runs; the
person's session and what the shell prints are as without it."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest

from sudoku_repl.frontends import warm_up
from sudoku_repl.frontends.batch import run_batch
from sudoku_repl.frontends.warm_up import RATED, WarmUp, rate_quiz, run_seed
from sudoku_repl.frontends.web_shell import run_page
from sudoku_repl.techniques.explainer import native as explainer
from tests.support.helpers import PUZZLES
from tests.web.test_web_shell import MEANWHILE, SEED, Page, after_welcome, typed

pytestmark = pytest.mark.usefixtures("at_repo_root")


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The warm-up's runs, noted (``seed`` or ``rating``) instead of made."""
    made: list[str] = []

    def seed() -> str:
        made.append("seed")
        return ""

    def rating(stop: Callable[[], bool]) -> str:
        made.append("rating")
        return ""

    monkeypatch.setattr(warm_up, "run_seed", seed)
    monkeypatch.setattr(warm_up, "rate_quiz", rating)
    return made


def test_a_run_is_the_seed_s_whole_search() -> None:
    printed = run_seed()
    # (the seed's end, as tests/data/reference/seed_run_run.trace has it)
    assert "284) No more solution (solution sum is 1)." in printed
    assert "steps: 284, solution sum: 1." in printed


def test_its_last_runs_rate_a_quiz_on_sudoku_explainer_s_scale_where_that_runs_its_c(
    runs: list[str],
) -> None:
    WarmUp(lambda: False).at_prompt()
    if explainer.se_climb() is not None:
        assert runs == ["seed"] * 10 + ["rating"] * 3
    else:  # (the pure build: no C to warm, a rating takes seconds)
        assert runs == ["seed"] * 13


def test_a_rating_is_sudoku_explainer_s_and_stops_when_the_page_sends_something() -> None:
    rated = rate_quiz(lambda: False)
    # (puzzles/se_rated_diabolical2000.txt gives the quiz serate's 8.3)
    assert RATED in (PUZZLES / "se_rated_diabolical2000.txt").read_text()
    assert "SE: ER 8.3, EP 1.2, ED 1.2 " in rated
    stopped = rate_quiz(lambda: True)
    assert "Interrupted while measuring steps" in stopped and "SE: " not in stopped


def test_it_runs_its_runs_at_a_quiet_prompt_then_stops_for_good(runs: list[str]) -> None:
    warming = WarmUp(lambda: False, runs=3, ratings=0)
    warming.at_prompt()
    assert runs == ["seed"] * 3
    warming.at_prompt()
    assert len(runs) == 3


def test_it_says_it_is_done_once_after_its_last_run(runs: list[str]) -> None:
    said: list[int] = []
    answers = iter([False, True, False, False])
    warming = WarmUp(lambda: next(answers), runs=2, done=lambda: said.append(len(runs)), ratings=1)
    warming.at_prompt()  # one run, then the page sent something: not done
    assert (len(runs), said) == (1, [])
    warming.at_prompt()  # the last run: done, once
    warming.at_prompt()
    assert (runs, said) == (["seed", "rating"], [2])


def test_it_gives_way_to_what_the_page_sends_and_goes_on_later(runs: list[str]) -> None:
    answers = iter([False, False, True, False, False])
    warming = WarmUp(lambda: next(answers), runs=3, ratings=0)
    warming.at_prompt()  # two runs, then the page sent something
    assert len(runs) == 2
    warming.at_prompt()  # the run left, at the next prompt
    assert len(runs) == 3


def test_the_shell_warms_at_its_prompts_and_prints_what_batch_mode_prints(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # (the page sets it to its width: put back after)
    monkeypatch.setattr(warm_up, "RATINGS", 0)  # (the seed's runs alone: they poll nothing)
    # a line already sent at the first prompt: no run there; the runs at the next
    lines = ["step", "runtil 30", "bye"]
    page = Page([MEANWHILE + "L" + lines[0], *typed(lines[1:])])
    run_page(page, warm_runs=2)
    shown = after_welcome(capsys.readouterr().out)
    batch = io.StringIO()
    run_batch(iter(lines), batch, first=[SEED])
    clock = "Run time: "
    assert [ln for ln in shown.splitlines() if not ln.startswith(clock)] == [
        ln for ln in batch.getvalue().splitlines() if not ln.startswith(clock)
    ]
    # asked once at the first prompt (a line was there), then before each of the two runs
    assert page.asked == 3
    # the page told once, after the second run, before the line at that prompt was read
    warm = [k for k, (kind, _) in enumerate(page.posts) if kind == "warm"]
    prompts = [k for k, (kind, _) in enumerate(page.posts) if kind == "prompting"]
    assert len(warm) == 1 and prompts[1] < warm[0] < prompts[2]


def test_a_rating_at_the_prompt_changes_nothing_the_shell_prints(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr(warm_up, "default_ratings", lambda: 1)  # (the one run a rating)
    rated: list[str] = []

    def rating(stop: Callable[[], bool]) -> str:
        rated.append(rate_quiz(stop))
        return rated[-1]

    monkeypatch.setattr(warm_up, "rate_quiz", rating)
    lines = ["step", "difficulty --measures steps", "levels", "bye"]
    page = Page(typed(lines))
    run_page(page, warm_runs=1)
    assert len(rated) == 1 and "SE: ER 8.3" in rated[0]  # (rated whole: nothing was typed)
    shown = after_welcome(capsys.readouterr().out)
    batch = io.StringIO()
    run_batch(iter(lines), batch, first=[SEED])
    assert shown == batch.getvalue()
    assert [kind for kind, _ in page.posts].count("warm") == 1
