"""The numbers the native core shares with Python (``core/native_check.py``): the extension
exports them, and a build whose numbers differ from Python's is refused when it is first loaded,
with the name of the number and both values, as a broken build is."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from sudoku_repl.core import native, native_check
from sudoku_repl.core.state import Status

#: the numbers as docs/native.md and the C's native.h write them (by hand, not from the code)
WRITTEN = {
    "EVENT_KINDS": {
        "NO_CANDIDATE": 0,
        "WENT_WRONG": 1,
        "COMPLETE": 2,
        "REMOVED": 3,
        "CELSET": 4,
        "INCOMPLETE": 5,
        "PLY": 6,
        "GUESS": 7,
        "FORWARD": 8,
        "UPWARD": 9,
        "NO_MORE": 10,
        "SOLUTION": 11,
    },
    "STATUSES": ("LOADED", "SEARCHING", "SOLVED", "FINISHED", "GUESS_DUE", "WRONG"),
    "MOVES_PER_SNAPSHOT": 128,
    "FILLED": 10,
    "VALUE_SHIFT": 9,
    "NOT_WAITING": 0xFFFF,
    "VALUE_EVENT_KINDS": {"LOST": 0, "GOT": 1, "PASSING": 2},
}


def stand_in(**changed: object) -> SimpleNamespace:
    """A module with the written numbers, some changed (None: left out)."""
    numbers = {**WRITTEN, **changed}
    return SimpleNamespace(**{k: v for k, v in numbers.items() if v is not None})


def test_python_defines_the_numbers_as_written() -> None:
    assert native_check.expected() == WRITTEN


def test_a_module_with_the_same_numbers_passes() -> None:
    assert native_check.check(stand_in()) == ""


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("MOVES_PER_SNAPSHOT", 64),
        ("FILLED", 9),
        ("VALUE_SHIFT", 8),
        ("STATUSES", ("LOADED", "SEARCHING", "SOLVED", "FINISHED", "WRONG", "GUESS_DUE")),
        ("EVENT_KINDS", {**WRITTEN["EVENT_KINDS"], "UPWARD": 8, "FORWARD": 9}),  # type: ignore[dict-item]
        ("VALUE_EVENT_KINDS", {"LOST": 1, "GOT": 0, "PASSING": 2}),
    ],
)
def test_a_module_with_another_number_is_refused_with_both_values(name: str, value: object) -> None:
    why = native_check.check(stand_in(**{name: value}))
    assert why == f"the C extension's {name} is {value!r}, Python's is {WRITTEN[name]!r}"


def test_a_module_without_a_number_is_refused_as_stale() -> None:
    why = native_check.check(stand_in(FILLED=None))
    assert why == "the C extension does not export FILLED (a stale build?)"


def test_the_native_engines_status_order_is_the_enums() -> None:
    # NativeEngine's STATUSES turn the core's status codes into statuses: the order the
    # check holds the C to must be the one it reads them in
    from sudoku_repl.core.native_engine import STATUSES

    assert tuple(status.name for status in STATUSES) == WRITTEN["STATUSES"]
    assert tuple(Status) == STATUSES


@pytest.fixture
def fresh_extension() -> Iterator[None]:
    """``native._extension`` loaded again in the test, and once more after it."""
    native._extension.cache_clear()
    yield
    native._extension.cache_clear()


def test_the_installed_extension_exports_the_written_numbers() -> None:
    if not native.available():
        pytest.skip(native.build())
    module = native._extension()[0]
    assert {name: getattr(module, name) for name in WRITTEN} == WRITTEN


@pytest.mark.usefixtures("fresh_extension")
def test_a_mismatch_refuses_the_native_core_with_its_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if not native.available():
        pytest.skip(native.build())
    monkeypatch.delenv(native.ENV, raising=False)
    native._extension.cache_clear()
    monkeypatch.setattr(native, "selected", None)  # the build is chosen again, once
    monkeypatch.setattr(native_check, "expected", lambda: {**WRITTEN, "FILLED": 11})
    assert not native.available()
    assert native.build() == (
        "pure Python (no native core: the C extension's FILLED is 10, Python's is 11)"
    )


class _NotBuilt:
    """A finder that finds no ``_native``: the extension absent, as in a source tree that
    ``pip install .`` did not build in place."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name == "sudoku_repl.core._native":
            raise ModuleNotFoundError(name=name)


@pytest.mark.usefixtures("fresh_extension")
def test_an_extension_not_built_names_the_folder_and_the_in_place_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by a new user: a benchmark run from a fresh clone after the README's
    ``pip install .`` imports the source tree, which holds no extension, and said "no C compiler
    at install", though the compiler was there and the installed copy has its native core."""
    import sudoku_repl.core

    monkeypatch.delenv(native.ENV, raising=False)
    monkeypatch.setattr(native, "selected", None)
    monkeypatch.delitem(sys.modules, "sudoku_repl.core._native", raising=False)
    monkeypatch.delattr(sudoku_repl.core, "_native", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_NotBuilt(), *sys.meta_path])
    native._extension.cache_clear()
    assert not native.available()
    folder = os.path.dirname(sudoku_repl.core.__file__)
    assert native.build() == (
        f"pure Python (no native core: the C extension was not built in {folder}: no C compiler"
        " at install, or a source tree that pip install -e . did not build in place)"
    )
