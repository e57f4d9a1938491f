"""One range of seeds on every surface: a seed is a whole number from 0 to
2**64 - 1 (its stream's 64 bits), taken as typed by the shell's ``difficulty``, ``rate`` and the
API alike (the shell and ``rate`` cut it at 10**18, the API did not: the same seed drew other
isomorphs), and a larger one is refused in one line naming the range; ``--isomorphs 10**20`` is
said as typed, not as 10**18.

The expected lines are written out here from the issue's words and the seed's 64 bits.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import sudoku_repl
from sudoku_repl.core.errors import UserError
from sudoku_repl.frontends.difficulty_cli import main_difficulty
from sudoku_repl.frontends.rate_cli import main_rate
from tests.support.helpers import SEED_QUIZ, Shell, edge_case

MOST = 2**64 - 1
RANGE = "a whole number from 0 to 18446744073709551615 (2**64 - 1: the seed's 64 bits)"


def luck_lines(seed: int) -> list[str]:
    """The shell's dossier of the seed quiz's order luck over 3 isomorphs drawn from ``seed``."""
    shell = Shell()
    shell.ok(f"load-quiz {SEED_QUIZ}")
    return shell.ok(f"difficulty quiz --measures steps --isomorphs 3 --seed {seed}")


@pytest.mark.parametrize("seed", [10**18 + 7, MOST], ids=["past 10**18", "2**64 - 1"])
def test_the_shell_takes_a_seed_as_typed_and_draws_the_apis_isomorphs(seed: int) -> None:
    lines = luck_lines(seed)
    assert f"isomorphs 3, seed {seed};" in lines[0]
    luck = sudoku_repl.difficulty(SEED_QUIZ, "steps", isomorphs=3, seed=seed).luck
    assert luck is not None and luck.seed == seed
    figures = " / ".join(f"{v:g}" for v in (luck.steps.least, luck.steps.median, luck.steps.most))
    assert any(f"over the isomorphs {figures} (least" in line for line in lines), lines


def test_a_seed_past_the_range_is_refused_in_one_line_on_every_surface(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    past = MOST + 1
    shell = Shell()
    shell.ok(f"load-quiz {SEED_QUIZ}")
    said = shell.fails(f"difficulty --seed {past}")
    assert len(said) == 1
    assert said[0].startswith(f"difficulty --seed takes {RANGE}, not {past}: difficulty ")
    for measured in (
        lambda: sudoku_repl.difficulty(SEED_QUIZ, "steps", seed=past),
        lambda: sudoku_repl.Session.from_quiz(SEED_QUIZ).difficulty("steps", seed=past),
    ):
        with pytest.raises(UserError) as refused:
            measured()
        assert refused.value.line == f"--seed takes {RANGE}, not {past}"
    assert main_difficulty([SEED_QUIZ, "--seed", str(past)]) == 2
    assert capsys.readouterr().err.startswith(
        f"sudoku-repl difficulty: --seed takes {RANGE}, not {past}: sudoku-repl difficulty "
    )
    path = tmp_path / "q.txt"
    path.write_text(SEED_QUIZ + "\n")
    assert main_rate([str(path), "--scale", "spread", "--seed", str(past)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines() == [
        f"sudoku-repl rate: argument --seed: want {RANGE}, not '{past}' (see sudoku-repl rate "
        "--help)"
    ]


def test_rate_takes_the_largest_seed_as_typed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    solved = edge_case("solved1").puzzle
    path = tmp_path / "q.txt"
    path.write_text("." + solved[1:] + "\n")  # (a single to place: ER 1.0, rated at once)
    assert main_rate([str(path), "--scale", "spread", "--isomorphs", "1", "--seed", str(MOST)]) == 0
    out, _ = capsys.readouterr()
    assert out.splitlines()[0].endswith(f"; isomorphs 1; seed {MOST}")


def test_isomorphs_past_their_range_are_said_as_typed_in_the_shell() -> None:
    shell = Shell()
    shell.ok(f"load-quiz {SEED_QUIZ}")
    said = shell.fails(f"difficulty --isomorphs {10**20}")
    assert len(said) == 1
    assert said[0].startswith(f"difficulty --isomorphs takes 1 to 1000, not {10**20}: ")
