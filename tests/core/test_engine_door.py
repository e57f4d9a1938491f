"""The one door to the accelerator (``core/native.py``): both engines have one interface with
typed results (``core/runs.py``), the build is chosen once, and nothing else names the extension.

The native core is checked against the pure engine, the reference: the same plain run answers
the same ``PlainRun`` field by field, the same search the same ``Searched``."""

from __future__ import annotations

import pytest

from sudoku_repl.core import native
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.record import MOVES_PER_SNAPSHOT
from sudoku_repl.core.runs import PlainRequest, PlainRun, Searched
from sudoku_repl.core.state import FINISHED
from sudoku_repl.text.quiz_files import load
from tests.support.helpers import PUZZLES, SEED_QUIZ
from tests.support.sources import source, sources

#: the door and the engine whose moves run in the extension: the only modules that name it
DOOR = {"core/native.py", "core/native_engine.py"}

needs_native = pytest.mark.skipif(
    not native.available(), reason=f"no native core here: {native.build()}"
)


def engines() -> tuple[type[Engine], type[Engine]]:
    from sudoku_repl.core.native_engine import NativeEngine

    return Engine, NativeEngine


def request(engine: Engine, units: int, **changed: object) -> PlainRequest:
    fields: dict[str, object] = dict(
        run_mode=0,
        kinds=None,
        units=units,
        fine=False,
        solutions=0,
        first=0,
        max_steps=None,
        moves=10_000,
        start=0,
        resume=False,
        cells_base=0,
        chunk=MOVES_PER_SNAPSHOT,
    )
    fields.update(changed)
    return PlainRequest(**fields)  # type: ignore[arg-type]


@needs_native
@pytest.mark.parametrize("mode", [0, 1, 2])
@pytest.mark.parametrize(
    ("kinds", "fine"), [(None, False), ((), False), ((0, 6), False), ((), True)]
)
def test_both_engines_answer_the_same_plain_run(
    mode: int, kinds: tuple[int, ...] | None, fine: bool
) -> None:
    """Batches of units from the start to the end of the seed's search, across chunks and
    across calls that leave a unit unfinished (``moves``), field by field."""
    pure_type, native_type = engines()
    givens = Quiz.from_string(SEED_QUIZ).givens
    pure, fast = pure_type.from_givens(givens), native_type.from_givens(givens)
    start = base = 0
    resume = False
    calls = 0
    while pure.status is not FINISHED:
        asked = request(
            pure,
            37,
            run_mode=mode,
            kinds=kinds,
            fine=fine,
            moves=53,
            start=start,
            resume=resume,
            cells_base=base,
        )
        expected, got = pure.run_plain(asked), fast.run_plain(asked)
        assert type(got) is PlainRun and type(expected) is PlainRun
        for name in PlainRun._fields:
            assert getattr(got, name) == getattr(expected, name), name
        assert fast.state() == pure.state()
        moves = len(expected.steps) // 4
        assert moves > 0
        ends = memoryview(expected.ends).cast("I")
        start, base, resume = start + moves, ends[-1], expected.unfinished
        calls += 1
    assert calls > 3 and fast.status is FINISHED


@needs_native
def test_both_engines_stop_a_plain_run_at_its_goals() -> None:
    pure_type, native_type = engines()
    givens = Quiz.from_string(SEED_QUIZ).givens
    for goals in ({"solutions": 1}, {"max_steps": 200}):
        pure, fast = pure_type.from_givens(givens), native_type.from_givens(givens)
        asked = request(pure, 100_000, moves=100_000, **goals)
        expected, got = pure.run_plain(asked), fast.run_plain(asked)
        assert got == expected and not got.unfinished
        assert fast.state() == pure.state()
        if "max_steps" in goals:
            assert pure.steps == 200
        else:
            assert pure.solutions == 1


@needs_native
def test_both_engines_hand_each_unit_s_events_between_units_and_stop_when_told() -> None:
    """``PlainRequest.between``: called before each unit but the first with the unit before's
    events (left out of the result's), a true answer stops the run there: the 40th call
    stops a run of 40 units, the run asked for 40 units, whose units' events are those of 40
    runs of a unit each; the same on both engines."""
    pure_type, native_type = engines()
    givens = Quiz.from_string(SEED_QUIZ).givens
    reference = pure_type.from_givens(givens)
    forty = reference.run_plain(request(reference, 40))
    one_by_one = pure_type.from_givens(givens)
    units = [one_by_one.run_plain(request(one_by_one, 1)).events for _ in range(40)]
    assert one_by_one.state() == reference.state()
    for engine_type in (pure_type, native_type):
        engine = engine_type.from_givens(givens)
        heard: list[list[object]] = []

        def between(events: list[object], heard: list[list[object]] = heard) -> bool:
            heard.append(events)
            return len(heard) == 40

        got = engine.run_plain(request(engine, 100, between=between))
        assert heard == units and got.events == []
        assert got._replace(events=forty.events) == forty
        assert engine.state() == reference.state()


@needs_native
@pytest.mark.parametrize("name", ["samurai_seed001.txt"])
def test_both_engines_search_alike_with_typed_figures(name: str) -> None:
    pure_type, native_type = engines()
    quiz = load(str(PUZZLES / "variants" / name))
    pure = pure_type.from_givens(quiz.givens, quiz.geometry)
    fast = native_type.from_givens(quiz.givens, quiz.geometry)
    expected = pure.search(0, 1_000_000)
    got = fast.search(0, 1_000_000)
    assert type(got) is Searched and type(expected) is Searched
    assert got == expected and got.steps == pure.steps > 0
    assert fast.state() == pure.state()


def test_the_pure_engine_has_no_fast_path_and_the_native_one_runs_its_modes() -> None:
    assert not Engine.from_givens(Quiz.from_string(SEED_QUIZ).givens).fast_path(0)
    if native.available():
        _, native_type = engines()
        fast = native_type.from_givens(Quiz.from_string(SEED_QUIZ).givens)
        assert fast.fast_path(0) and fast.fast_path(1) and fast.fast_path(2)


def test_the_build_is_chosen_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Changing the variable changes nothing until the door is told to read it again."""
    monkeypatch.setattr(native, "selected", None)
    monkeypatch.delenv(native.ENV, raising=False)
    chosen = native.engine_type()
    monkeypatch.setenv(native.ENV, "pure")
    assert native.engine_type() is chosen  # (no second reading of the environment)
    native.reset()
    assert native.engine_type() is Engine and not native.active()
    assert native.clash_test() is None and native.cell_track_scan() is None


def test_no_module_but_the_door_imports_the_extension() -> None:
    naming = [s.name for s in sources() if "sudoku_repl.core._native" in s.imports]
    assert naming and set(naming) <= DOOR


def test_no_module_but_the_door_names_the_native_engine() -> None:
    """No ``isinstance(..., NativeEngine)`` (or any use of the class) above the door: the
    engines answer the same methods (``fast_path``, ``run_plain``, ``search``)."""
    naming = [
        s.name
        for s in sources()
        if s.name not in DOOR
        and ("NativeEngine" in s.names or "sudoku_repl.core.native_engine" in s.imports)
    ]
    assert naming == []


def test_the_native_engine_does_not_import_the_door() -> None:
    """No cycle between the door and the engine it chooses."""
    imported = source("core/native_engine.py").imports
    assert "sudoku_repl.core.native" not in imported
