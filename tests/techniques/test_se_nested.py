"""Sudoku Explainer's nested forcing chains: the levels above 9.4, their stop flag,
and the lower bounds a rating stopped by its time limit gives.

Expected figures are serate's (SukakuExplainer 1.15.10), copied to
``tests/data/se_hard_rated.txt`` (provenance in ``tests/data/README.md``); the lower bounds
follow from the order of the techniques and the lowest rating of each (docs/se_rating.md).
"""

from __future__ import annotations

import sys
import threading
from types import FrameType, SimpleNamespace

import pytest

from sudoku_repl.techniques.explainer import native_chains, native_ladder, nested, rating
from sudoku_repl.techniques.explainer.advanced import simple_rule_offs
from sudoku_repl.techniques.explainer.forcing import Chainer
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.potentials import Potential
from sudoku_repl.tools.rating.rate import se_ratings
from tests.support.helpers import TEST_DATA, read_lines

HARD = {line.split()[0]: line.split()[1:4] for line in read_lines(TEST_DATA / "se_hard_rated.txt")}
#: serate: 11.1/11.1/11.1, its first step a nested chain (a forum-hardest quiz)
FIRST_STEP_NESTED = (
    "98.7..6..75..6......68.....4..3...2...5.9.7.......8..4.1......3..918.5.......2.1."
)
#: serate: 9.0/1.2/1.2, singles first, then chains
PLACES_FIRST = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def _inside(code: object) -> bool:
    frame: FrameType | None = sys._getframe()
    while frame is not None:
        if frame.f_code is code:
            return True
        frame = frame.f_back
    return False


def test_the_expected_figures_are_serates() -> None:
    assert HARD[FIRST_STEP_NESTED] == ["11.1", "11.1", "11.1"]
    assert HARD[PLACES_FIRST] == ["9.0", "1.2", "1.2"]


def test_a_cancel_flag_set_from_another_thread_stops_a_nested_chain_search() -> None:
    """The flag is looked at inside the nested rules' own chain searches, not only between
    techniques: the search stops once it is set, wherever it is."""
    inside = threading.Event()
    cancel = threading.Event()
    nested_rules = nested.NestedRules.__call__.__code__

    def interrupted() -> bool:
        if _inside(nested_rules):
            inside.set()
        return cancel.is_set()

    chainer = nested.nested_chainer(4, 2, rating.poller(None, interrupted))
    grid = Grid.from_puzzle(FIRST_STEP_NESTED.replace(".", "0"))
    outcome: list[str] = []

    def search() -> None:
        try:
            chainer.found(grid)
            outcome.append("finished")
        except rating.Interrupted:
            outcome.append("stopped")

    worker = threading.Thread(target=search, daemon=True)
    worker.start()
    assert inside.wait(120), "the search never reached the nested rules"
    cancel.set()
    worker.join(120)
    assert outcome == ["stopped"]


class StopsInside:
    """A clock for the rating that stands still until a frame of ``code`` is on the stack (the
    time limit then comes at once): the rating is stopped inside that technique. The chain
    searches run in Python (the native ones read the system's clock, not this one)."""

    def __init__(self, code: object, monkeypatch: pytest.MonkeyPatch) -> None:
        self.code = code
        for name in ("chainer_hints", "cycle_hints", "exclusion_removals"):
            monkeypatch.setattr(native_chains, name, lambda *_: None)
        ladder = native_ladder.native_prefix  # (the climb's C takes only the ladder then)
        monkeypatch.setattr(
            native_ladder,
            "native_prefix",
            lambda order: [r for r in ladder(order) if isinstance(r, native_ladder.Rung)],
        )

    def monotonic(self) -> float:
        return 1e9 if _inside(self.code) else 0.0


def test_stopped_before_any_step_every_figure_is_the_level_exhausted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Stopped in Nishio (7.5) with no step found: nothing below 7.5 can be the first step,
    so ER, EP and ED are all at least 7.5 (never ``>=0.0``), each marked as a bound."""
    clock = StopsInside(Chainer.found.__code__, monkeypatch)
    monkeypatch.setattr(rating, "time", SimpleNamespace(monotonic=clock.monotonic))
    shown = se_ratings(FIRST_STEP_NESTED, 1, True, 60.0)
    assert shown == {"er": ">=7.5", "ep": ">=7.5", "ed": ">=7.5"}


def test_stopped_after_the_first_placement_ep_and_ed_are_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = StopsInside(Chainer.found.__code__, monkeypatch)
    monkeypatch.setattr(rating, "time", SimpleNamespace(monotonic=clock.monotonic))
    shown = se_ratings(PLACES_FIRST, 1, True, 60.0)
    assert shown == {"er": ">=7.5", "ep": "1.2", "ed": "1.2"}


def test_a_time_limit_already_past_is_still_a_true_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    ticks = iter(range(10**6))
    monkeypatch.setattr(rating, "time", SimpleNamespace(monotonic=lambda: float(next(ticks))))
    shown = se_ratings(FIRST_STEP_NESTED, 1, True, 0.0)
    assert shown == {"er": ">=1.0", "ep": ">=1.0", "ed": ">=1.0"}


def test_the_nested_levels_follow_dynamic_chains_plus_in_serates_order() -> None:
    names = [name for name, _ in rating.techniques()]
    at = names.index("dynamic forcing chains (+)")
    assert names[at + 1 :] == [
        "nested forcing chains (+ forcing chains)",
        "nested forcing chains (+ multiple forcing chains)",
        *(f"nested forcing chains (+ dynamic forcing chains, {n})" for n in range(4)),
    ]
    bases = [finder.base for _, finder in rating.techniques()[at + 1 :]]  # type: ignore[attr-defined]
    assert bases == [95, 100, 105, 105, 105, 105]


def test_removals_come_in_the_order_of_a_java_hash_map_of_cells() -> None:
    # a HashMap of 16 buckets keyed by the cell's index: by index % 16, then as inserted
    assert nested.hash_order(((3, 1), (17, 2), (20, 5), (20, 4))) == [
        (17, 2),
        (3, 1),
        (20, 4),
        (20, 5),
    ]


def test_a_plus_rule_s_removals_join_the_chain_in_the_order_of_its_hint_s_hash_map() -> None:
    # the 10.3 state of serate/hard.txt's third puzzle (tests/data/se_all_hints/states.txt's
    # last line): a chain that turns r6c5's 4 off leaves block 5's 4s in column 4, and the
    # pointing removes the 4 of r1c4, r3c4, r7c4 and r8c4. SE's chain takes them as its hint's
    # HashMap of cells hands them out (cell 66 is in its 16-slot table's slot 2, before 3, 21
    # and 57): the region chains that end on them are listed in that order (serate.out)
    state = read_lines(TEST_DATA / "se_all_hints" / "states.txt")[-1]
    source = Grid.from_candidate_string(state)
    grid = source.copy()
    grid.remove(49, 4)
    off = Potential(49, 4, False)
    made = simple_rule_offs(grid, source, {off.key: off})
    assert [(p.cell, p.value) for p in made] == [(66, 4), (3, 4), (21, 4), (57, 4)]
    assert all(p.parents == [off] for p in made)


#: the candidates just before the nested step of serate's 10.3 quiz (``tests/data/README.md``)
NESTED_STATE = read_lines(TEST_DATA / "se_nested_state.txt")[0]


def test_the_nested_step_of_a_10_3_quiz() -> None:
    """serate rates ``........8..3...4...9..2..6...`` 10.3, its hardest step a dynamic region forcing
    chain nested with forcing chains (level 2: 9.5 + 0.8 for the length). Given the state
    before that step, serate's first step is ``10.3 Region Forcing Chains: 3 in row ==> E6.4
    off`` (r6c5 loses 4). The chains of that region start at its first place for 3; followed
    from there alone (the whole level takes some 25 CPU seconds in the pure path:
    ``benchmarks/bench_se_nested.py --state`` runs it), level 2 finds that step first."""
    key = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
    assert HARD[key][0] == "10.3"
    grid = Grid.from_candidate_string(NESTED_STATE)
    row6 = [cell for cell in range(45, 54) if grid.cands[cell] >> 3 & 1]
    found = nested.nested_chainer(2).found(grid, cells=row6[:1])
    first = found[0].hint
    assert (first.technique, first.rating) == (
        "Dynamic Region Forcing Chains (+ Forcing Chains)",
        103,
    )
    assert first.eliminations == ((49, 4),)


@pytest.mark.parametrize(
    ("er", "ep", "ed", "fault"),
    [
        ("10.3", "1.2", "1.2", None),
        (">=7.5", "1.2", "1.2", None),  # stopped after the first placement: EP, ED exact
        (">=7.5", ">=7.5", "9.0", None),  # a first step found, no placement yet
        (">=7.5", ">=7.5", ">=7.5", None),  # no step found
        ("10.3", ">=7.5", "1.2", "er '10.3', ep '>=7.5'"),
        (">=7.5", "1.2", ">=7.5", "ed '>=7.5'"),
    ],
)
def test_a_continued_out_file_keeps_rows_with_bounds_as_rate_writes_them(
    er: str, ep: str, ed: str, fault: str | None
) -> None:
    """``rate --out`` continued checks the rows it keeps (``tools/rating/kept``): a row with the
    bounds this rating writes is one it could have written; the others are refused."""
    from sudoku_repl.core.quiz import Quiz
    from sudoku_repl.tools.rating.kept import impossible
    from sudoku_repl.tools.rating.rate import Rating

    quiz = Quiz.from_string(PLACES_FIRST)
    rating_row = Rating(40, 2, 60, 1, 3, 5, 1.0, True, er, ep, ed)
    assert impossible((1, quiz, rating_row), True, None) == fault


@pytest.mark.parametrize("puzzle", [p for p, figures in HARD.items() if float(figures[0]) <= 5.5])
def test_the_hard_sets_quick_rows_rate_exactly_on_either_build(puzzle: str) -> None:
    """The rows of the hard set rated 5.5 and below (from the top1465 list) take a fraction of a
    second in the pure path too: ``.ci/pure`` checks them there, ``.ci/run`` natively; the
    nested rows are ``test_native_nested.py``'s, natively (the pure path needs minutes)."""
    result = rating.rate(puzzle, time_limit=600)
    assert not result.er_is_lower_bound
    assert [f"{result.er:.1f}", f"{result.ep:.1f}", f"{result.ed:.1f}"] == HARD[puzzle]
