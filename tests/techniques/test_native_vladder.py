"""The variant ladder's question in C (``native_vladder``, ``csrc/se_vladder.c``,
``se_vlinks.c``) against the pure finders, the reference: on every state of serate's paths
through the goldens of every rule family and combination (tests/data/rules/serate_mid/, paths
past the hidden triple, and serate_chains/, paths into the chains), each technique of the
rules' order the C has a check for finds a step there by the C exactly where its Python finder
yields a hint. Then a rating with the C takes the pure rating's steps, and what the C refuses,
with one line."""

from __future__ import annotations

import pytest

from sudoku_repl.core.rules import parse
from sudoku_repl.techniques.explainer import native, native_chains
from sudoku_repl.techniques.explainer import native_vladder as nv
from sudoku_repl.techniques.explainer.ruled import (
    RuledGrid,
    _first,
    after_the_stretch,
    layout_of,
    order_of,
    rate_ruled_grid,
)
from tests.support.helpers import SLOW, TEST_DATA
from tests.support.sweeps import either, sanitized

pytestmark = pytest.mark.skipif(not native.active(), reason=native.build())

FOLDERS = (TEST_DATA / "rules" / "serate_mid", TEST_DATA / "rules" / "serate_chains")
#: the quick run's goldens (the first puzzle of each): the variant set with a diagonal's
#: regions, a Latin square with them (the classic set, no blocks), a leap with windows (no
#: uniqueness), non-consecutive with disjoint groups, windoku into the chains
QUICK = {("serate_mid", "x"), ("serate_mid", "latin_x"), ("serate_mid", "windoku_antiknight"),
         ("serate_mid", "nc_dg"), ("serate_chains", "windoku")}  # fmt: skip


def _cases() -> list[object]:
    cases: list[object] = []
    for folder in FOLDERS:
        for path in sorted(folder.glob("*.txt")):
            quick = (folder.name, path.stem) in QUICK
            for k, puzzle in enumerate(path.read_text().split()[: either(1, 100)]):
                case = (path.stem.replace("_", ","), puzzle)
                cases.append(case if quick and not k else pytest.param(*case, marks=SLOW))
    return cases


@pytest.mark.parametrize(("rules", "puzzle"), _cases())
def test_the_c_finds_a_step_where_the_python_does(rules: str, puzzle: str) -> None:
    lay = layout_of(parse(rules))
    # (the ladder below the exclusions and chains: the path goes on while it takes the steps)
    order = order_of(lay)[: -len(after_the_stretch(lay))]
    grid = RuledGrid.of_puzzle(puzzle, lay)
    plan = nv.plan_of(grid, [finder for _, finder in order])
    assert plan is not None
    checked = [i for i, code in enumerate(plan.codes) if code != nv.PYTHON]
    assert len(checked) >= 15  # (every technique of the ladder but a few)
    for _ in range(either(sanitized(60, 15), 400)):
        if grid.is_solved():
            break
        for i in checked:
            pure = next(iter(order[i][1](grid)), None) is not None
            alone = plan._replace(codes=(plan.codes[i],))
            assert (nv.first(grid, alone, 0) == 0) == pure, (order[i][0], grid.cands)
        index, hint = _first(grid, order, None)  # (the pure ladder's next step)
        if hint is None:
            break
        hint.apply(grid)


@pytest.mark.parametrize(("stem", "count"), [("x", 1), ("dg", 1), ("latin", 1)])
def test_a_rating_with_the_c_takes_the_pure_ratings_steps(stem: str, count: int) -> None:
    puzzles = (TEST_DATA / "rules" / "serate_chains" / f"{stem}.txt").read_text().split()
    for puzzle in puzzles[:count]:
        lay = layout_of(parse(stem))
        grid = RuledGrid.of_puzzle(puzzle, lay)
        with native_chains.remembered():
            steps = [(s.technique, s.hint.text) for s in rate_ruled_grid(grid.copy()).steps]
        order, pure = order_of(lay), []
        while not grid.is_solved():
            index, hint = _first(grid, order, None)
            assert hint is not None
            hint.apply(grid)
            pure.append((order[index][0], hint.text))
        assert steps == pure


def _ask(**changes: object) -> str:
    lay = layout_of(parse("x"))
    grid = RuledGrid.of_puzzle("." * 81, lay)
    plan = nv.plan_of(grid, [finder for _, finder in order_of(lay)])
    assert plan is not None
    search = native.se_vladder()
    assert search is not None
    args: dict[str, object] = {"values": grid.values, "cands": grid.cands, **plan._asdict(),
                               "start": 0}  # fmt: skip
    args.update(changes)
    with pytest.raises(ValueError) as caught:
        search(args["values"], args["cands"], args["geometry"], args["codes"], args["start"],
               args["sets"], args["shares"])  # type: ignore[arg-type]  # fmt: skip
    return str(caught.value)


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"codes": (16, 99)}, "code 99: a technique (1-14) * 16 + its degree"),
        ({"codes": (16, 7 * 16 + 5)}, "code 117: a technique (1-14) * 16 + its degree"),
        ({"codes": ("x",)}, "the codes: at most 64 ints, each -1 to 239"),
        ({"start": 99}, "start 99 (accepted: 0 to "),
        ({"sets": (1, 2, 3)}, "the turbot sets: (base, cover) types in pairs"),
        ({"shares": (12,)}, "the turbot shares: at most 10 ints, each 0 to 9"),
        ({"values": [0] * 80}, "the grid's values"),
    ],
)
def test_what_the_c_refuses_it_says_in_one_line(changes: dict[str, object], said: str) -> None:
    line = _ask(**changes)
    assert line.startswith(said) and "\n" not in line


def test_the_pure_build_asks_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "se_vladder", lambda: None)
    grid = RuledGrid.of_puzzle("." * 81, layout_of(parse("x")))
    assert nv.plan_of(grid, []) is None
    assert nv.first(grid, None, 3) == 3
