"""Making quizzes: seed 003's transformations, its similarity statistic, quizzes
with exactly one solution, the book's families, and the ``scramble`` / ``transform`` commands
(``scramble`` was ``generate`` without the maker's options).

Expected values come from seed 003 (Wang Jiaqi, 2021, copied here by hand: the seed grid of
its figure 1, mean 0.790 and deviation 0.028 of the similarity over 10,000 trials, the 0.818
threshold), from ``puzzles/`` and ``tests/data`` (solutions, solution counts) and from the
independent oracle ``tests/oracles/brute.py``; never from the code under test.
"""

from __future__ import annotations

import random
import re
import statistics
from collections.abc import Sequence
from itertools import permutations
from pathlib import Path

import pytest

from sudoku_repl.core.uniqueness import solutions
from sudoku_repl.tools.making import scramble as gen
from tests.oracles import brute
from tests.support.helpers import PUZZLES, SEED_QUIZ, SLOW, Shell, edge_cases

pytestmark = pytest.mark.usefixtures("at_repo_root")

# Seed 003, figure 1 (the issue quotes it row by row).
FIGURE_1 = tuple(
    int(ch)
    for row in (
        "123456789",
        "456789123",
        "789123456",
        "234567891",
        "567891234",
        "891234567",
        "345678912",
        "678912345",
        "912345678",
    )
    for ch in row
)


def grid_of(text: str) -> tuple[int, ...]:
    return tuple(0 if ch in ".0" else int(ch) for ch in text.strip())


def valid(grid: Sequence[int]) -> bool:
    """Complete, with 1..9 once in every row, column and box (brute's units)."""
    return all(sorted(grid[i] for i in unit) == list(range(1, 10)) for unit in brute.UNITS)


def solution_grids() -> list[tuple[int, ...]]:
    with open(PUZZLES / "norvig_easy50.solutions.txt") as f:
        return [FIGURE_1] + [grid_of(line) for line in f.readlines()[:3]]


# -- every legal transformation ----------------------------------------------------------


def legal_ops() -> list[gen.Op]:
    ops: list[gen.Op] = [("digits", a, b) for a in range(1, 10) for b in range(1, 10) if a != b]
    for name in ("rows", "cols"):
        ops += [
            (name, 3 * k + a, 3 * k + b)
            for k in range(3) for a in range(1, 4) for b in range(1, 4) if a != b
        ]  # fmt: skip
    ops += [(name, a, b) for name in ("bands", "stacks") for a in (1, 2, 3) for b in (1, 2, 3)]
    return ops + [("transpose", 0, 0), ("rotate", 0, 0)]


@pytest.mark.parametrize("grid", solution_grids(), ids=["figure1", "easy1", "easy2", "easy3"])
def test_every_transformation_keeps_a_valid_grid_valid(grid: tuple[int, ...]) -> None:
    assert valid(grid)
    for op in legal_ops():
        assert valid(gen.apply(grid, op)), op


def rows(grid: Sequence[int]) -> list[str]:
    return ["".join(map(str, grid[9 * r : 9 * r + 9])) for r in range(9)]


def test_transformations_move_what_they_say() -> None:
    """Hand-checked on figure 1 (rows 123456789, 456789123, ...)."""
    assert rows(gen.apply(FIGURE_1, ("rows", 1, 3)))[:3] == ["789123456", "456789123", "123456789"]
    assert rows(gen.apply(FIGURE_1, ("cols", 4, 6)))[0] == "123654789"
    assert rows(gen.apply(FIGURE_1, ("bands", 1, 3)))[0] == "345678912"
    assert rows(gen.apply(FIGURE_1, ("stacks", 1, 2)))[0] == "456123789"
    assert rows(gen.apply(FIGURE_1, ("digits", 1, 2)))[0] == "213456789"
    # the first column, 1 4 7 2 5 8 3 6 9, becomes the first row read bottom up (clockwise)
    assert rows(gen.apply(FIGURE_1, ("rotate", 0, 0)))[0] == "963852741"
    assert rows(gen.apply(FIGURE_1, ("transpose", 0, 0)))[0] == "147258369"
    four = FIGURE_1
    for _ in range(4):
        four = gen.apply(four, ("rotate", 0, 0))
    assert four == FIGURE_1


@pytest.mark.parametrize(
    "op",
    [
        ("rows", 1, 4),
        ("cols", 3, 4),
        ("rows", 0, 1),
        ("digits", 1, 10),
        ("bands", 1, 4),
        ("flip", 0, 0),
    ],
)
def test_transformations_that_break_grids_are_refused(op: gen.Op) -> None:
    with pytest.raises(gen.TransformError):
        gen.apply(FIGURE_1, op)


# Quizzes of tests/data/edge_cases_expected.tsv with their expected solution counts (small
# and quick for brute.py, whatever the orientation).
COUNTED = (
    "two_solutions", "three_solutions", "four_solutions", "ten_solutions", "multiple_3",
    "multiple_9", "multiple_13", "unsolvable_box", "unsolvable_square", "duplicate_row",
    "duplicate_col", "duplicate_box", "easy2", "naked_singles", "last_empty_square", "solved1",
)  # fmt: skip


def counted_quizzes() -> list[tuple[str, tuple[int, ...], int]]:
    rows = {e.label: e for e in edge_cases()}
    return [(k, grid_of(rows[k].puzzle), int(rows[k].expected)) for k in COUNTED]  # type: ignore[arg-type]


@pytest.mark.parametrize(("label", "quiz", "count"), counted_quizzes(), ids=COUNTED)
def test_every_kind_of_transformation_keeps_the_solution_count(
    label: str, quiz: tuple[int, ...], count: int
) -> None:
    assert brute.count_solutions(quiz) == count
    rng = random.Random(label)
    ops = legal_ops()
    for name in gen.TRANSFORMS:
        op = rng.choice([op for op in ops if op[0] == name])
        assert brute.count_solutions(gen.apply(quiz, op)) == count, op


def test_a_composed_plan_is_the_transformations_one_after_the_other() -> None:
    for seed in range(200):
        rng = random.Random(seed)
        plan = gen.random_plan(rng)
        plan.insert(rng.randrange(len(plan)), rng.choice([("rotate", 0, 0), ("transpose", 0, 0)]))
        step_by_step = FIGURE_1
        for op in plan:
            step_by_step = gen.apply(step_by_step, op)
        assert gen.apply_plan(FIGURE_1, plan) == step_by_step


def test_a_random_plan_has_seed_003s_swap_counts_in_its_order() -> None:
    plan = gen.random_plan(random.Random(3))
    assert [op[0] for op in plan] == (
        ["digits"] * 20 + ["rows"] * 9 + ["cols"] * 9 + ["bands"] * 2 + ["stacks"] * 2
    )
    for name, a, b in plan:
        assert a != b
        if name in ("rows", "cols"):
            assert (a - 1) // 3 == (b - 1) // 3


# -- the similarity ------------------------------------------------------------------------


def test_similarity_is_the_cosine_of_the_grids_as_vectors() -> None:
    assert gen.similarity(FIGURE_1, FIGURE_1) == pytest.approx(1.0)
    # swapping 1 and 2 in a valid grid: the dot product loses 9*(1+4) and gains 9*(2+2) out
    # of 9*(1+4+...+81) = 2565
    assert gen.similarity(FIGURE_1, gen.apply(FIGURE_1, ("digits", 1, 2))) == pytest.approx(
        2556 / 2565
    )


@SLOW
def test_the_similarity_statistic_reproduces_seed_003() -> None:
    """Table 1 of seed 003: 20 digit swaps, 9 row and 9 column swaps, 2 band and 2 stack swaps
    of figure 1's grid, 10,000 trials: mean 0.790, standard deviation 0.028."""
    values = []
    for seed in range(10_000):
        grid = gen.apply_plan(FIGURE_1, gen.random_plan(random.Random(seed)))
        values.append(gen.similarity(FIGURE_1, grid))
    assert statistics.fmean(values) == pytest.approx(0.790, abs=0.005)
    assert statistics.pstdev(values) == pytest.approx(0.028, abs=0.005)
    # seed 003's extremes were 0.656 and 0.905
    assert 0.60 < min(values) < 0.70 and 0.88 < max(values) < 0.95


# -- solution counting -----------------------------------------------------------------------


@pytest.mark.parametrize(("label", "quiz", "count"), counted_quizzes(), ids=COUNTED)
def test_the_fast_counter_agrees_with_the_data(
    label: str, quiz: tuple[int, ...], count: int
) -> None:
    found = solutions(quiz, limit=20)
    assert len(found) == min(count, 20)
    assert len(set(found)) == len(found)
    assert all(brute.is_solution(s, quiz) for s in found)


def test_the_fast_counter_stops_at_the_limit() -> None:
    assert len(solutions([0] * 81, limit=2)) == 2
    assert len(solutions([0] * 81, limit=5)) == 5


# -- generating -----------------------------------------------------------------------------


@pytest.mark.parametrize("clues", [0, 17, 24, 30, 40, 81])
def test_generated_quizzes_have_one_solution_and_the_clues_asked_or_just_enough(clues: int) -> None:
    rng = random.Random(clues)
    for _ in range(3):
        made = gen.generate(rng, FIGURE_1, clues)
        quiz, solution = made.quiz, made.solution
        assert valid(solution)
        assert brute.count_solutions(quiz, limit=1) == 1
        assert brute.is_solution(solution, quiz)
        assert sum(1 for v in quiz if v) == made.clues >= clues
        assert made.clues == clues + len(made.added)
        if made.added:
            # without the last added clue the quiz had a second solution: no fewer would do
            fewer = list(quiz)
            fewer[made.added[-1]] = 0
            assert brute.count_solutions(fewer, limit=1) == 2
        assert made.similarity < 0.818
        assert made.similarity == pytest.approx(cosine(FIGURE_1, solution))


def cosine(a: Sequence[int], b: Sequence[int]) -> float:
    dot = sum(x * y for x, y in zip(a, b))
    return float(dot / (sum(x * x for x in a) ** 0.5 * sum(y * y for y in b) ** 0.5))


def test_generation_is_deterministic_for_a_seed() -> None:
    first = [gen.generate(random.Random(42), FIGURE_1, 26) for _ in range(2)]
    assert first[0] == first[1]
    assert gen.generate(random.Random(43), FIGURE_1, 26).quiz != first[0].quiz


def test_an_unreachable_threshold_is_an_error() -> None:
    with pytest.raises(gen.GenerationError):
        gen.generate(random.Random(1), FIGURE_1, 30, gen.Counts(0, 0, 0, 0, 0))


# -- families -----------------------------------------------------------------------------


def test_the_36_family_is_every_order_of_bands_and_stacks() -> None:
    solution = solution_grids()[1]
    rows = [solution[9 * r : 9 * r + 9] for r in range(9)]
    expected = set()
    for bands in permutations(range(3)):
        for stacks in permutations(range(3)):
            order = [3 * b + k for b in bands for k in range(3)]
            columns = [3 * s + k for s in stacks for k in range(3)]
            expected.add(tuple(rows[r][c] for r in order for c in columns))
    family = gen.family(solution, 36)
    assert len(family) == 36 and set(family) == expected and family[0] == solution
    assert all(valid(g) for g in family)


def test_the_64_family_swaps_first_rows_and_columns_of_each_band_and_stack() -> None:
    solution = solution_grids()[2]
    expected = set()
    for bits in range(64):
        order, columns = list(range(9)), list(range(9))
        for k in range(3):
            if bits >> k & 1:
                order[3 * k], order[3 * k + 1] = order[3 * k + 1], order[3 * k]
            if bits >> (k + 3) & 1:
                columns[3 * k], columns[3 * k + 1] = columns[3 * k + 1], columns[3 * k]
        expected.add(tuple(solution[9 * r + c] for r in order for c in columns))
    family = gen.family(solution, 64)
    assert len(family) == 64 and set(family) == expected and family[0] == solution
    assert all(valid(g) for g in family)


# -- the commands --------------------------------------------------------------------------


GENERATED = re.compile(
    r"([1-9.]{81}) \[similarity:(0\.\d{4}), clues:(\d+)(?: \((\d+) asked\))?, "
    r"steps:(\d+), biggest level:(\d+)\]"
)


def parse_generated(lines: list[str]) -> list[re.Match[str]]:
    return [m for m in map(GENERATED.fullmatch, lines) if m]


def test_scramble_prints_unique_quizzes_with_their_figures_and_loads_the_first() -> None:
    shell = Shell()
    lines = shell.ok("scramble --seed 11 --count 3 --clues 24")
    assert lines[0] == "Seed 11 (scramble --seed 11 makes the same quizzes)."
    assert lines[-1] == "Quiz loaded."
    made = parse_generated(lines)
    assert len(made) == 3 == len(lines) - 2
    for m in made:
        quiz = grid_of(m.group(1))
        assert brute.count_solutions(quiz, limit=1) == 1
        clues = int(m.group(3))
        assert clues == sum(1 for v in quiz if v)
        asked = int(m.group(4)) if m.group(4) else clues
        assert asked == 24 and clues >= 24
        solution = brute.solutions(quiz, limit=1)[0]
        assert float(m.group(2)) == pytest.approx(cosine(FIGURE_1, solution), abs=0.00005)
        assert cosine(FIGURE_1, solution) < 0.818
        # the rating is what run reports on that quiz
        other = Shell()
        other.ok(f"load-quiz {m.group(1)}")
        run = other.ok("run")
        assert f"Fine [steps:{m.group(5)}, solution sum:1]." in run
        assert run[-1] == f" Biggest level on this run(til): {m.group(6)}"
    grid = "".join(line.replace(" ", "") for line in shell.ok("show")[:11] if line)
    assert grid == made[0].group(1).replace(".", "0")
    assert shell.ok("scramble --seed 11 --count 3 --clues 24") == lines


def test_scramble_rates_in_the_present_run_mode() -> None:
    shell = Shell()
    shell.ok("run-mode 3")
    m = parse_generated(shell.ok("scramble --seed 5"))[0]
    other = Shell()
    other.ok("run-mode 3")
    other.ok(f"load-quiz {m.group(1)}")
    assert f"Fine [steps:{m.group(5)}, solution sum:1]." in other.ok("run")


def test_scramble_out_writes_a_loadable_file_and_loads_nothing(tmp_path: Path) -> None:
    shell = Shell()
    out = tmp_path / "made.txt"
    lines = shell.ok(f"scramble --seed 3 --count 4 --clues 26 --out {out}")
    assert lines[-1] == f"4 quizzes in {out}."
    quizzes = out.read_text().splitlines()  # (a quiz a line, as generate's --out)
    assert quizzes == [m.group(1) for m in parse_generated(lines)]
    assert shell.fails("show") == ["No quiz loaded. Use load-quiz <file>."]
    shell.ok(f"load-quiz {out} 4")
    grid = "".join(line.replace(" ", "") for line in shell.ok("show")[:11] if line)
    assert grid == quizzes[3].replace(".", "0")


def test_scramble_from_a_grid_or_a_quiz_file() -> None:
    shell = Shell()
    solution = solution_grids()[1]
    text = "".join(map(str, solution))
    m = parse_generated(shell.ok(f"scramble --seed 2 --from {text}"))[0]
    quiz = grid_of(m.group(1))
    found = brute.solutions(quiz, limit=1)[0]
    assert float(m.group(2)) == pytest.approx(cosine(solution, found), abs=0.00005)
    # a quiz: its solution is the seed grid
    seed_solution = brute.solutions(grid_of(SEED_QUIZ), limit=1)[0]
    m = parse_generated(shell.ok("scramble --seed 2 --from examples/seed.txt"))[0]
    found = brute.solutions(grid_of(m.group(1)), limit=1)[0]
    assert float(m.group(2)) == pytest.approx(cosine(seed_solution, found), abs=0.00005)


def test_scramble_family_writes_the_variants(tmp_path: Path) -> None:
    shell = Shell()
    out = tmp_path / "family.txt"
    assert shell.ok(f"scramble --family examples/seed.txt --out {out}") == [
        f"Wrote 36 variants to {out}."
    ]
    variants = [grid_of(x) for x in out.read_text().splitlines() if not x.startswith("#")]
    assert len(variants) == 36 and variants[0] == grid_of(SEED_QUIZ)
    for quiz in variants[:6]:
        assert brute.count_solutions(quiz, limit=1) == 1
    lines = shell.ok(f"scramble --family {SEED_QUIZ} --size 64")
    assert len(lines) == 64 == len(set(lines))


@pytest.mark.parametrize(
    ("line", "start"),
    [
        ("scramble --clues 82", "scramble: argument --clues: want a whole number from 0 to 81"),
        (
            "scramble --seed x",
            "scramble: argument --seed: want a whole number from 0 to 18446744073709551615",
        ),
        ("scramble --count 0", "scramble: argument --count: want a whole number >= 1"),
        ("scramble --below 0", "scramble: argument --below: want a number above 0"),
        ("scramble --size 10 --family x", "scramble: argument --size: invalid choice"),
        ("scramble --bogus", "scramble: unrecognized arguments: --bogus"),
        ("scramble --seed", "scramble: argument --seed: expected one argument"),
        ('scramble --out "x', "scramble: No closing quotation"),
        ("scramble --from nowhere.txt", "Fail to open quiz file nowhere.txt"),
        (
            "scramble --seed 1 --digit-swaps 0 --row-swaps 0 --col-swaps 0 --band-swaps 0 "
            "--stack-swaps 0",
            "scramble: no scramble fell below similarity 0.818",
        ),
        ("transform", "transform needs a transformation: "),
        ("transform rows 1 4", "transform rows: rows 1 and 4 are in different bands"),
        ("transform cols 3 4", "transform cols: columns 3 and 4 are in different stacks"),
        ("transform bands 1 4", "transform bands: bands go from 1 to 3"),
        ("transform digits 1", "transform digits 1 needs a number: transform digits|rows|"),
        ("transform rotate 1", "transform rotate takes nothing more: transform transpose|rotate"),
        ("transform flip", "Unknown transform word 'flip'; transform digits|rows|"),
        (
            "scramble --family examples/samurai.txt",
            "scramble: examples/samurai.txt is not a classic",
        ),
        ("scramble --from examples/samurai.txt", "scramble: examples/samurai.txt is not a classic"),
    ],
)
def test_bad_arguments_are_one_line_and_change_nothing(line: str, start: str) -> None:
    shell = Shell()
    shell.ok("load-quiz examples/seed.txt")
    shell.ok("runtil 5")
    before = shell.repl.session.state()
    lines = shell.fails(line)
    assert len(lines) == 1 and lines[0].startswith(start), lines
    assert shell.repl.session.state() == before


def test_transform_loads_the_transformed_quiz_with_a_fresh_engine() -> None:
    shell = Shell()
    assert shell.fails("transform rotate") == ["No quiz loaded. Use load-quiz <file>."]
    shell.ok("load-quiz examples/seed.txt")
    shell.ok("runtil 10")
    lines = shell.ok("transform rows 1 2")
    rows = [SEED_QUIZ[9 * r : 9 * r + 9] for r in range(9)]
    swapped = rows[1] + rows[0] + "".join(rows[2:])
    assert lines == [swapped.replace("0", ".") + " (rows 1 2)", "Quiz loaded."]
    show = shell.ok("show")
    assert "Steps:0" in show
    assert "".join(x.replace(" ", "") for x in show[:11] if x) == swapped
    # transposing twice gives the quiz back
    shell.ok("transform transpose")
    assert shell.ok("transform transpose")[0].startswith(swapped.replace("0", "."))


def test_transform_keeps_the_solution_and_changes_the_figures() -> None:
    """The same puzzle in another orientation: the same solution, transformed, and (in
    general) other step counts; here checked for the solution only."""
    shell = Shell()
    shell.ok("load-quiz examples/seed.txt")
    shell.ok("transform transpose")
    run = shell.ok("run")
    fine = next(k for k, x in enumerate(run) if x.startswith("Fine"))
    solved = "".join(x.replace(" ", "") for x in run[fine - 12 : fine] if x)
    seed_solution = brute.solutions(grid_of(SEED_QUIZ), limit=1)[0]
    expected = "".join(str(seed_solution[9 * c + r]) for r in range(9) for c in range(9))
    assert solved == expected


def test_transform_is_for_classic_quizzes() -> None:
    shell = Shell()
    shell.ok("load-quiz examples/samurai.txt")
    assert shell.fails("transform rotate") == ["transform works on a classic 9x9 quiz only."]
