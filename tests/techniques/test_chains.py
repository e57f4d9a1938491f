"""X-Chain and Forcing-Chain (seed 004), run-modes 4 and 5, ``hint`` and ``check``.

Oracles: the seed's two worked examples (their chains written out by hand below), the known
solutions of puzzles/ (a chain may never remove a true candidate), an independent plain
re-statement of the link rules and of the shortest-chain search (``Oracle``), tests/oracles/brute.py
for solution counts, and the ``step`` command itself for what ``hint`` must announce.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator, Sequence
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_repl.core import events as E
from sudoku_repl.core import filters, modes
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.geometry import CLASSIC, FULL
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.session import Session, Settings
from sudoku_repl.core.state import EngineState, Status
from sudoku_repl.techniques import chains
from sudoku_repl.views import technique_lines
from sudoku_repl.views.check import disagreements, losing_moves
from sudoku_repl.views.hint import hint_lines
from tests.oracles import brute
from tests.support.helpers import (
    PUZZLES,
    SEED_QUIZ,
    SLOW,
    RecordingHooks,
    Shell,
    grid_of,
    read_lines,
)
from tests.support.sweeps import either

Cand = tuple[int, int]  # (cell, value)


def cell(r: int, c: int) -> int:
    return (r - 1) * 9 + c - 1


def bit(v: int) -> int:
    return 1 << (v - 1)


# -- the seed's worked examples ------------------------------------------------------------------


def x_chain_example() -> tuple[list[int], list[int], set[int]]:
    """An empty grid whose only strong links for 3 are the seed's three (blocks 5, 6 and 9 hold
    3 in just those cells) and whose other values are candidates everywhere (no strong link).
    Also returns the cells of 3 in a solution grid that fits these candidates."""
    with_3 = {cell(4, 4), cell(5, 5), cell(5, 9), cell(6, 8), cell(9, 8), cell(8, 7)}
    for i in range(81):
        r, c = divmod(i, 9)
        if (r // 3, c // 3) not in ((1, 1), (1, 2), (2, 2)):  # not blocks 5, 6, 9
            with_3.add(i)
    cands = [FULL if i in with_3 else FULL & ~bit(3) for i in range(81)]
    # where 3 goes in a solution: one per row, column and block, inside with_3
    threes = {cell(1, 2), cell(2, 5), cell(3, 9), cell(4, 4), cell(5, 1), cell(6, 8), cell(7, 3),
              cell(8, 7), cell(9, 6)}  # fmt: skip
    assert threes <= with_3
    return [0] * 81, cands, threes


def forcing_chain_example() -> tuple[list[int], list[int]]:
    """An empty grid with the seed's Forcing-Chain: 2 only at r9c1 and r9c9 in row 9, 6 only at
    r9c9 and r8c7 in block 9 and only at r8c2 and r7c2 in block 7 (and column 2), every other
    value a candidate everywhere, no cell with two candidates."""
    cands = []
    for i in range(81):
        r, c = divmod(i, 9)
        r, c = r + 1, c + 1
        m = FULL
        if r == 9 and c not in (1, 9):
            m &= ~bit(2)
        in_block_9 = r >= 7 and c >= 7
        in_block_7 = r >= 7 and c <= 3
        if in_block_9 and (r, c) not in ((9, 9), (8, 7)):
            m &= ~bit(6)
        if (in_block_7 or c == 2) and (r, c) not in ((8, 2), (7, 2)):
            m &= ~bit(6)
        cands.append(m)
    return [0] * 81, cands


SEED_X_CHAIN = (
    "X-Chain 3: r8c4=3 -> r4c4!=3 => r5c5=3 -> r5c9!=3 => r6c8=3 -> r9c8!=3 => r8c7=3 -> r8c4!=3"
    ", removes 3 from [8,4]"
)
# the seed: G2=2 -> I1=2 => I9=2 -> I9=6 => H7=6 -> H2=6 => G2=6 -> G2=2 (rows A..I, columns 1..9)
SEED_FORCING_CHAIN = (
    "Forcing-Chain: r7c2=2 -> r9c1!=2 => r9c9=2 -> r9c9!=6 => r8c7=6 -> r8c2!=6 => r7c2=6"
    " -> r7c2!=2, removes 2 from [7,2]"
)


def searching_engine(values: list[int], cands: list[int], steps: int = 10) -> Engine:
    return Engine(EngineState(Status.SEARCHING, steps, 0, tuple(values), tuple(cands), ()))


def test_seed_x_chain_example_removes_3_from_r8c4() -> None:
    values, cands, threes = x_chain_example()
    chain = chains.find_x_chain(CLASSIC, values, cands)
    assert chain is not None
    assert chain.removed == (chains.node_of(cell(8, 4), 3),)
    assert all(chains.node_of(c, 3) not in chain.removed for c in threes)
    # the same through the engine: one step of run-mode 5, one numbered line, no guess after it
    engine = searching_engine(values, cands)
    ev = engine.step(5)
    assert [line for e in ev for line in technique_lines.chain_line(e, CLASSIC)] == [
        f"11) {SEED_X_CHAIN}"
    ]
    assert engine.steps == 11 and engine.status is Status.SEARCHING and engine.level == 0
    assert engine.cands[cell(8, 4)] == FULL & ~bit(3)
    assert engine.touched == [cell(8, 4)]
    assert [c for c in range(81) if engine.cands[c] != cands[c]] == [cell(8, 4)]


def test_seed_forcing_chain_example_removes_2_from_r7c2() -> None:
    values, cands = forcing_chain_example()
    assert chains.find_x_chain(CLASSIC, values, cands) is None  # it needs the links in cells
    chain = chains.find_forcing_chain(CLASSIC, values, cands)
    assert chain is not None
    assert chain.removed == (chains.node_of(cell(7, 2), 2),)
    engine = searching_engine(values, cands, steps=41)
    ev = engine.step(5)
    assert E.GUESS not in [e[0] for e in ev]
    assert [line for e in ev for line in technique_lines.chain_line(e, CLASSIC)] == [
        f"42) {SEED_FORCING_CHAIN}"
    ]
    assert engine.cands[cell(7, 2)] == FULL & ~bit(2)


def test_run_mode_4_runs_grp_first_and_5_only_the_chains() -> None:
    assert modes.filters_of(4) == (modes.grp, modes.ply, *chains.CHAIN_FILTERS)
    assert modes.filters_of(5) == chains.CHAIN_FILTERS
    assert modes.filters_of(0) == (modes.grp, modes.ply)  # the original's modes are untouched
    assert modes.filters_of(1) == (modes.grp,) and modes.filters_of(2) == (modes.ply,)


def test_a_removal_that_empties_a_cell_is_a_contradiction() -> None:
    values, cands, _ = x_chain_example()
    cands[cell(8, 4)] = bit(3)  # its last candidate is the one the chain removes
    engine = searching_engine(values, cands)
    ev: list[E.Event] = []
    assert chains.x_chain_filter(engine, ev) == filters.WRONG
    assert ev[-1] == (E.NO_CANDIDATE, 10, cell(8, 4))
    assert engine.cands[cell(8, 4)] == 0


# -- an independent statement of the rules --------------------------------------------------------


UNITS = brute.UNITS


class Oracle:
    """Links and shortest chains straight from the definitions, with sets and plain BFS."""

    def __init__(self, values: Sequence[int], cands: Sequence[int], in_cells: bool) -> None:
        self.cands = sorted(
            (c, v) for c in range(81) if not values[c] for v in range(1, 10) if cands[c] & bit(v)
        )
        live = set(self.cands)
        self.weak: dict[Cand, set[Cand]] = {n: set() for n in self.cands}
        self.strong: dict[Cand, set[Cand]] = {n: set() for n in self.cands}
        for unit in UNITS:
            for v in range(1, 10):
                holders = [(c, v) for c in unit if (c, v) in live]
                placed = any(values[c] == v for c in unit)
                for a in holders:
                    self.weak[a] |= set(holders) - {a}
                if len(holders) == 2 and not placed:
                    a, b = holders
                    self.strong[a].add(b)
                    self.strong[b].add(a)
        if in_cells:
            for c in range(81):
                mine = [n for n in self.cands if n[0] == c]
                for a in mine:
                    self.weak[a] |= set(mine) - {a}
                if len(mine) == 2:
                    a, b = mine
                    self.strong[a].add(b)
                    self.strong[b].add(a)

    def step(self, n: Cand, truth: bool) -> set[Cand]:
        """Where one link leads from n taken with that truth (true: weak; false: strong)."""
        return self.weak[n] if truth else self.strong[n]

    def distances(self, target: Cand) -> dict[tuple[Cand, bool], int]:
        dist = {(target, True): 0}
        queue = deque([(target, True)])
        while queue:
            n, truth = queue.popleft()
            for m in self.step(n, truth):
                if (m, not truth) not in dist:
                    dist[(m, not truth)] = dist[(n, truth)] + 1
                    queue.append((m, not truth))
        return dist

    def shortest(self) -> tuple[Cand, int] | None:
        best: tuple[Cand, int] | None = None
        for x in self.cands:  # candidate order: cells row-major, values ascending
            d = self.distances(x).get((x, False))
            if d is not None and (best is None or d < best[1]):
                best = (x, d)
        return best


def as_cand(node: int) -> Cand:
    return chains.cell_of(node), chains.value_of(node)


def check_chain(oracle: Oracle, chain: chains.Chain) -> None:
    """The chain is a chain by the oracle's links, the shortest of all targets, the first
    target of that length, the documented pick among its shortest chains, and it removes
    exactly what both ends of its strong-ended part see."""
    nodes = [as_cand(n) for n in chain.nodes]
    target = nodes[0]
    for k in range(1, len(nodes)):
        assert nodes[k] in oracle.step(nodes[k - 1], k % 2 == 1)
    assert target in oracle.weak[nodes[-1]]
    length = len(nodes)  # links, counting the one back to the target
    assert oracle.shortest() == (target, length)
    dist = oracle.distances(target)
    for k in range(1, length):  # at each link, the first of the nodes that still fit
        here, truth = nodes[k - 1], k % 2 == 1
        fits = [
            m for m in oracle.step(here, truth) if dist.get((m, truth)) == length - k
        ]  # n(not p) at distance length - k: on a shortest chain (contraposition)
        assert nodes[k] == min(fits, key=lambda m: (m[1] != here[1], m))
    b, y = map(as_cand, chain.ends)
    assert as_cand(chain.target) == target
    assert [as_cand(n) for n in chain.removed] == sorted(oracle.weak[b] & oracle.weak[y])


def test_the_seed_examples_agree_with_the_oracle() -> None:
    values, cands, _ = x_chain_example()
    check_chain(Oracle(values, cands, False), chains.find_x_chain(CLASSIC, values, cands))
    values, cands = forcing_chain_example()
    check_chain(Oracle(values, cands, True), chains.find_forcing_chain(CLASSIC, values, cands))


def chain_states(quiz: str, mode: int, limit: int) -> Iterator[tuple[list[int], list[int]]]:
    """The states in which run-mode ``mode`` calls the chain filters, along its search."""
    engine = Engine.from_givens(grid_of(quiz))
    seen = 0
    while engine.status not in (Status.SOLVED, Status.FINISHED) and seen < limit:
        if engine.status is Status.SEARCHING and engine.foremost()[1] != 1:
            probe = Engine(engine.state())
            probe.steps += 1
            if all(run(probe, []) == filters.NOTHING for run in (modes.grp, modes.ply)):
                seen += 1
                yield list(engine.values), list(engine.cands)
        engine.advance(mode)


@pytest.mark.parametrize("line", [11, 18, 31, 44])  # lines where run-mode 4 calls the chains
def test_chains_match_the_oracle_along_a_search(line: int) -> None:
    quiz = read_lines(PUZZLES / "norvig_top95.txt")[line]
    found = 0
    for values, cands in chain_states(quiz, 4, 4):
        for technique, in_cells in ((chains.X_CHAIN, False), (chains.FORCING_CHAIN, True)):
            chain = chains.find(CLASSIC, values, cands, technique)
            oracle = Oracle(values, cands, in_cells)
            if chain is None:
                assert oracle.shortest() is None
            else:
                check_chain(oracle, chain)
                found += 1
    assert found


def test_the_same_state_always_finds_the_same_chain() -> None:
    quiz = read_lines(PUZZLES / "norvig_top95.txt")[5]
    for values, cands in chain_states(quiz, 4, 3):
        for technique in chains.TECHNIQUES:
            first = chains.find(CLASSIC, values, cands, technique)
            assert chains.find(CLASSIC, tuple(values), tuple(cands), technique) == first
            copy = Engine(EngineState(Status.SEARCHING, 1, 0, tuple(values), tuple(cands), ()))
            assert chains.find(copy.geo, copy.values, copy.cands, technique) == first


# -- soundness: no chain ever removes a true candidate ---------------------------------------------

SOLVED_SETS = ("norvig_top95", "magictour_top1465", "forum_hardest_1106", "norvig_hardest11")


@cache
def solved(name: str) -> list[tuple[str, str]]:
    return list(
        zip(
            read_lines(PUZZLES / f"{name}.txt"),
            read_lines(PUZZLES / f"{name}.solutions.txt"),
            strict=True,
        )
    )


def agrees(values: Sequence[int], cands: Sequence[int], solution: Sequence[int]) -> bool:
    return all(v == s if v else cands[i] & bit(s) for i, (v, s) in enumerate(zip(values, solution)))


def guided_removals(givens: Sequence[int], solution: Sequence[int]) -> int:
    """Solve with chains alone, checking every removal against the known solution: naked
    singles are placed, each technique runs in turn (X-Chain first), and where neither finds a
    chain the solution's own value is placed in the first cell with the fewest candidates, so
    the state always agrees with the solution. Returns how many candidates the chains removed."""
    values = list(givens)
    cands = [0 if values[i] else sum(bit(v) for v in brute.possible(values, i)) for i in range(81)]

    def place(i: int, v: int) -> None:
        values[i], cands[i] = v, 0
        for j in brute.PEERS[i]:
            cands[j] &= ~bit(v)

    removed = 0
    while 0 in values:
        assert agrees(values, cands, solution)
        single = next((i for i in range(81) if not values[i] and cands[i].bit_count() == 1), None)
        if single is not None:
            place(single, cands[single].bit_length())
            continue
        chain = chains.find_x_chain(CLASSIC, values, cands) or chains.find_forcing_chain(
            CLASSIC, values, cands
        )
        if chain is None:
            empty = [i for i in range(81) if not values[i]]
            i = min(empty, key=lambda i: cands[i].bit_count())
            place(i, solution[i])
            continue
        for node in chain.removed:
            c, v = chains.cell_of(node), chains.value_of(node)
            assert solution[c] != v, (chain, technique_lines.chain_text(chain.nodes, CLASSIC))
            cands[c] &= ~bit(v)
            removed += 1
    assert values == list(solution)
    return removed


@SLOW
def test_chains_never_remove_a_true_candidate_on_a_sample() -> None:
    """15 quizzes of each solved set (40 when sweeping, ``SUDOKU_REPL_SWEEP=1``), thousands of
    removals in all."""
    rng = random.Random(8)
    many = either(15, 40)
    total = 0
    for name in SOLVED_SETS:
        pairs = solved(name)
        for quiz, solution in rng.sample(pairs, min(many, len(pairs))):
            total += guided_removals(grid_of(quiz), grid_of(solution))
    assert total >= either(2000, 5000), total


@SLOW
def test_chain_steps_of_a_search_keep_the_solution_where_the_state_agrees() -> None:
    """The same through the engine's own searches in run-modes 4 and 5 (where a wrong guess
    has left the solution behind, the state has no solution and anything may go)."""
    removed = 0
    for mode in (4, 5):
        for quiz, solution in solved("norvig_top95")[10:12]:
            engine = Engine.from_givens(grid_of(quiz))
            truth = grid_of(solution)
            while engine.status is not Status.SOLVED:
                agreed = engine.status is Status.SEARCHING and agrees(
                    engine.values, engine.cands, truth
                )
                for e in engine.advance(mode):
                    if e[0] in chains.TECHNIQUES and agreed:
                        assert all(truth[chains.cell_of(n)] != chains.value_of(n) for n in e[3])
                        removed += len(e[3])
            assert list(engine.values) == truth
    assert removed >= 100


@st.composite
def puzzles(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """A quiz of the solved sets with some givens dropped and some solution values added: its
    known solution is still a solution (perhaps not the only one: chains must keep it anyway)."""
    name = draw(st.sampled_from(SOLVED_SETS))
    quiz, solution = draw(st.sampled_from(solved(name)))
    givens, truth = grid_of(quiz), grid_of(solution)
    for i in draw(st.lists(st.integers(0, 80), max_size=8)):
        givens[i] = 0 if givens[i] else truth[i]
    return givens, truth


@settings(max_examples=either(35, 100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
@SLOW
def test_chains_keep_the_solution_of_varied_quizzes(puzzle: tuple[list[int], list[int]]) -> None:
    guided_removals(*puzzle)


# -- run-modes 4 and 5 end to end ---------------------------------------------------------------


def all_solutions(quiz: str, mode: int) -> tuple[list[tuple[int, ...]], Session]:
    session = Session(Settings(run_mode=mode))
    session.load(Quiz.from_string(quiz))
    hooks = RecordingHooks()
    session.run(hooks, 0)
    assert session.finished
    return [tuple(e[3]) for e in hooks.all_events if e[0] == E.SOLUTION], session


EASY = read_lines(PUZZLES / "norvig_easy50.txt")


@pytest.mark.parametrize(
    "quiz",
    [
        SEED_QUIZ,
        EASY[1],
        read_lines(PUZZLES / "multiple_solutions.txt")[0],
        pytest.param(read_lines(PUZZLES / "invalid_no_solution.txt")[0], marks=SLOW),
        read_lines(PUZZLES / "norvig_top95.txt")[0],
    ],
    ids=["seed", "easy", "several", "none", "top95-1"],
)
@pytest.mark.parametrize("mode", [4, 5])
def test_chain_modes_find_every_solution_and_no_other(quiz: str, mode: int) -> None:
    if mode == 5 and quiz != SEED_QUIZ and quiz not in EASY:
        quiz = EASY[7]  # chains only, without grp, is slow on hard quizzes
    expected = brute.solutions(grid_of(quiz))
    found, session = all_solutions(quiz, mode)
    assert sorted(found) == sorted(expected)
    assert len(found) == len(set(found)) == session.state().solutions


def test_chain_steps_are_recorded_and_run_mode_4_guesses_less_on_the_seed() -> None:
    found, session = all_solutions(SEED_QUIZ, 4)
    history = session.history
    kinds = [e[0] for m in range(len(history)) for e in history.events(m)]
    assert chains.X_CHAIN in kinds and chains.FORCING_CHAIN in kinds
    assert kinds.count(E.GUESS) < 40  # run-mode 0 makes 40 new guesses on the whole search
    _, original = all_solutions(SEED_QUIZ, 0)
    assert original.state().steps == 284  # docs/engine.md 10: mode 0 is untouched


# -- the shell: run-mode, hint, check, the Order List -------------------------------------------


def test_order_list_and_help_name_hint_check_and_the_new_modes() -> None:
    shell = Shell()
    listing = shell.run("help")
    assert "hint [se] [1|2|3|all]: show what the next step would do, without doing it" in listing
    assert "check: compare the candidates with the quiz's solution" in listing
    assert listing[6] == "run-mode [0|1|2|3|4|5]: query or change working mode"  # every mode
    # help names every mode there is, each with what it runs
    modes_help = shell.run("help run-mode")
    assert "4: grp, ply, then X-Chain and Forcing-Chain." in modes_help
    assert "5: X-Chain and Forcing-Chain only." in modes_help
    assert any(line.startswith("3: the book's theorems 1-4") for line in modes_help)
    assert shell.run("run-mode 4") == ["Working mode:4 (grp, ply, then X-Chain and Forcing-Chain)"]
    assert shell.run("run-mode 5") == ["Working mode:5 (X-Chain and Forcing-Chain only)"]
    # the original's three keep 2.6's line
    assert shell.run("run-mode 2") == [
        "Working mode:2 (1:grp-only; 2:ply-only; other:both grp and ply)"
    ]
    assert shell.run("hint") == ["No quiz loaded. Use load-quiz <file>."]
    assert shell.run("check") == ["No quiz loaded. Use load-quiz <file>."]
    shell.run(f"load-quiz {SEED_QUIZ}")
    assert shell.run("hint now") == [
        "hint takes se, a hint's level (1, 2 or 3), or both; or se all: hint [se] [1|2|3|all]"
    ]
    assert shell.run("check all") == ["check takes no argument: check"]


def same(a: EngineState, b: EngineState) -> bool:
    return (a.status, a.steps, a.solutions, list(a.values), list(a.cands), a.frames, a.pending) == (
        b.status, b.steps, b.solutions, list(b.values), list(b.cands), b.frames, b.pending
    )  # fmt: skip


@pytest.mark.parametrize("mode", [0, 4, 5])
def test_hint_announces_the_next_step_and_changes_nothing(mode: int) -> None:
    session = Session(Settings(run_mode=mode))
    session.load(Quiz.from_string(SEED_QUIZ))
    heads = set()
    for _ in range(60):
        if session.finished:
            break
        before, moves, cursor = session.state(), len(session.history), session.cursor
        hint = hint_lines(before, CLASSIC, mode)
        assert same(session.state(), before)
        assert (len(session.history), session.cursor) == (moves, cursor)
        hooks = RecordingHooks()
        report = session.step(hooks)
        assert hint[1:] == hooks.lines  # exactly the lines the step prints
        head = hint[0]
        heads.add(head.split()[1])
        if head.startswith("Next: the fill pass places "):
            # the cells the step's first move filled, as recorded (a failed fill is undone
            # by the next guess of the same step)
            placed = [
                f"{CLASSIC.cell_name(c)}={v}"
                for c, v, _ in session.history.changes(report.moves[0])
                if v and not before.values[c]
            ]
            assert head == f"Next: the fill pass places {' '.join(placed)}."
        elif head.startswith("Next: no technique"):
            assert hooks.lines and "Guess" in hooks.lines[0]
    assert {"step", "the", "run-mode", "no"} <= heads or mode == 5


def test_hint_at_the_end_and_after_a_solution() -> None:
    shell = Shell()
    shell.run(f"load-quiz {SEED_QUIZ}")
    shell.run("run")
    assert shell.run("hint") == [
        "Next: the search goes on with a guess:",
        "132) Forward guess [1,5] level 6 at 2 out of 2",  # seed_run_run.trace: run 2, line 1
    ]
    shell.run("run")
    assert shell.run("hint") == [
        "Next: nothing, the search is finished.",
        "Invalid quiz [steps:284] - no more solution (solution sum is 1)",
    ]


def test_check_agrees_on_a_logical_path_and_before_step_1() -> None:
    shell = Shell()
    shell.run(f"load-quiz {read_lines(PUZZLES / 'norvig_top95.txt')[31]}")
    assert shell.run("check") == [
        "The candidates are computed at step 1; the givens agree with the solution."
    ]
    shell.run("run-mode 5")
    lines = []
    while shell.repl.session.state().level == 0:
        lines += shell.run("step")
        assert shell.run("check") == ["All candidates agree with the solution."]
    assert sum("Chain" in line for line in lines) >= 10


def test_check_reports_a_removed_true_candidate_and_its_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    quiz = SEED_QUIZ  # run-mode 4 makes its first chain step at step 17
    solution = brute.solutions(grid_of(quiz))[0]
    tampered: list[tuple[int, int, int]] = []

    def tamper(engine: Engine, ev: list[E.Event]) -> int:
        """An unsound "chain": removes the solution's value from the first cell with three
        candidates, once, with an X-Chain line."""
        if tampered:
            return filters.NOTHING
        c = next(i for i in range(81) if engine.cands[i].bit_count() == 3)
        v = solution[c]
        engine.cands[c] &= ~bit(v)
        engine.touched.append(c)
        node = chains.node_of(c, v)
        ev.append((chains.X_CHAIN, engine.steps, (node,), (node,)))
        tampered.append((c, v, engine.steps))
        return filters.COMPLETE

    monkeypatch.setitem(modes.FILTERS, 9, (modes.grp, modes.ply, tamper))
    shell = Shell()
    shell.run(f"load-quiz {quiz}")
    shell.run("run-mode 9")
    for _ in range(40):
        shell.run("step")
        if tampered:
            break
    c, v, step = tampered[0]
    r, k = divmod(c, 9)
    name, short = f"[{r + 1},{k + 1}]", f"r{r + 1}c{k + 1}"
    assert shell.run("check") == [
        f"{name} lost {v}, the solution's value: at step {step}: "
        f"{step}) X-Chain {v}: {short}={v} -> {short}!={v}, removes {v} from {name}",
        "1 cell(s) disagree with the solution.",
    ]
    # ``check`` reads the present: back before the removal, all agrees again
    shell.run(f"goto {step - 1}")
    assert shell.run("check") == ["All candidates agree with the solution."]


def test_check_on_quizzes_without_one_solution() -> None:
    shell = Shell()
    shell.run(f"load-quiz {read_lines(PUZZLES / 'invalid_no_solution.txt')[0]}")
    assert shell.run("check") == [
        "The quiz has no solution (the engine's own search finds none): nothing to check."
    ]
    shell.run(f"load-quiz {read_lines(PUZZLES / 'multiple_solutions.txt')[0]}")
    shell.run("step")
    assert shell.run("check")[:3] == [
        "The quiz has more than one solution: checking against the first one the",
        "engine's own search finds; a state on the way to another one differs.",
        "All candidates agree with the solution.",
    ]


def test_check_names_the_wrong_guess_of_a_wrong_branch() -> None:
    solution = brute.solutions(grid_of(SEED_QUIZ))[0]
    shell = Shell()
    shell.run(f"load-quiz {SEED_QUIZ}")
    shell.run("runtil 20")  # seed_run_run: 16) Guess [2,3] level 3 at 1 out of 2
    levels = shell.run("levels")
    assert levels[2] == "Level 3 [2,3]=1 (1 out of 2)"
    assert solution[cell(2, 3)] != 1
    report = shell.run("check")
    assert report[-1] == (
        f"Guess level 3 tried [2,3]=1, the solution has {solution[cell(2, 3)]}: "
        "the search is on a wrong branch from there."
    )
    assert (
        f"[2,3] holds 1, the solution has {solution[cell(2, 3)]}: "
        "at step 16: 16) Guess [2,3] level 3 at 1 out of 2"
    ) in report


@SLOW
def test_check_blames_the_last_move_that_took_the_value_away() -> None:
    """``losing_moves`` against the states themselves (``Session.seek``): after the blamed move
    the cell lacks its solution value, before it (or in the snapshot a Forward/Upward guess
    restores) the cell had it, and no later move gives it back, even for a moment."""
    solution = brute.solutions(grid_of(SEED_QUIZ))[0]
    session = Session(Settings(run_mode=4))
    session.load(Quiz.from_string(SEED_QUIZ))
    hooks = RecordingHooks()
    session.run(hooks, 0, 38)  # 37) Forward guess [3,3] level 4 at 2 out of 2 takes 9 from [3,4]
    present = session.cursor
    bad = disagreements(session.engine.values, session.engine.cands, solution)
    blamed = losing_moves(session.history, present, {c: solution[c] for c in bad})
    assert sorted(blamed) == bad

    def had(state: EngineState, c: int) -> bool:
        v = state.values[c]
        return v == solution[c] if v else bool(state.cands[c] & bit(solution[c]))

    def restored(move: int, before: EngineState) -> EngineState | None:
        """The snapshot a Forward/Upward guess of this move puts back first."""
        for e in session.history.events(move):
            if e[0] in (E.FORWARD, E.UPWARD):
                f = before.frames[e[3] - 1]
                return EngineState(Status.SEARCHING, 0, 0, f.values, f.cands, ())
        return None

    for c, move in blamed.items():
        for m in range(move, present):
            session.seek(m)
            before = session.state()
            session.seek(m + 1)
            assert not had(session.state(), c)
            snapshot = restored(m, before)
            back = had(before, c) or (snapshot is not None and had(snapshot, c))
            assert back == (m == move), (c, m, move)
    session.seek(present)
    assert any(
        e[0] in (E.FORWARD, E.UPWARD) for m in blamed.values() for e in session.history.events(m)
    )  # the case the snapshot rule is for occurs here
