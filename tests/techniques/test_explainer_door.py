"""The explainer's own extension and its door: Sudoku Explainer's C is
built as ``sudoku_repl.techniques.explainer._native``, beside the core's and above it, and
``explainer/native.py`` chooses it as ``core/native.py`` chooses the core's. Each extension falls
back on its own: without one, its layer runs its Python, exact, and the other keeps its C."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

import sudoku_repl.core
import sudoku_repl.techniques.explainer
from sudoku_repl.core import native as core_native
from sudoku_repl.techniques.explainer import native, native_ladder, rate, rating
from tests.support.helpers import REPO, TEST_DATA, read_lines
from tests.support.sources import sources

CORE_EXTENSION = "sudoku_repl.core._native"
EXTENSION = "sudoku_repl.techniques.explainer._native"
#: the functions of the explainer's C, all of them
SE_FUNCTIONS = {
    "se_chainer",
    "se_memo",
    "se_geometry",
    "se_exclusion",
    "se_cycles",
    "se_ladder",
    "se_climb",
    "se_below",
    "se_vladder",
}
#: serate 1.15.10's figures of the slice's easiest quiz (tests/data/se_rated_slice.txt)
PUZZLE, *FIGURES = min(
    (line.split() for line in read_lines(TEST_DATA / "se_rated_slice.txt")),
    key=lambda row: float(row[1]),
)


class _NotBuilt:
    """A finder that finds no ``name``: the extension absent (no C compiler at install)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name == self.name:
            raise ModuleNotFoundError(name=name)


@pytest.fixture
def fresh_doors(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Both doors choose again in the test, and once more after it."""
    monkeypatch.delenv(core_native.ENV, raising=False)
    for door in (native, core_native):
        door._extension.cache_clear()
    monkeypatch.setattr(native.door, "selected", None)  # (core/doors: the choice on the door)
    monkeypatch.setattr(core_native, "selected", None)
    yield
    for door in (native, core_native):
        door._extension.cache_clear()


def hide(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    package, _, attribute = name.rpartition(".")
    monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.delattr(sys.modules[package], attribute, raising=False)
    monkeypatch.setattr(sys, "meta_path", [_NotBuilt(name), *sys.meta_path])


def rated() -> list[str]:
    result = rate(PUZZLE, time_limit=60)
    assert not result.er_is_lower_bound
    return [str(result.er), str(result.ep), str(result.ed)]


def test_each_extension_registers_its_own_layers_functions() -> None:
    """The core's extension has none of the explainer's functions (its module.c
    registered them all), the explainer's has them all."""
    if not (core_native.available() or native.available()):
        pytest.skip(f"{core_native.build()}; {native.build()}")
    if core_native.available():
        core = core_native._extension()[0]
        assert not [name for name in dir(core) if name.startswith("se_")]
        assert callable(core.clash_free)
    if native.available():
        explainer = native._extension()[0]
        assert {name for name in dir(explainer) if name.startswith("se_")} == SE_FUNCTIONS


@pytest.mark.usefixtures("fresh_doors")
def test_without_the_explainers_extension_it_rates_in_python_and_the_core_keeps_its_c(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    core_before = core_native.active()
    hide(monkeypatch, EXTENSION)
    assert not native.available() and not native.active()
    folder = os.path.dirname(sudoku_repl.techniques.explainer.__file__)
    assert native.build() == (
        f"pure Python (no native explainer: the explainer's C extension was not built in"
        f" {folder}: no C compiler at install, or a source tree that pip install -e . did not"
        " build in place)"
    )
    assert native.se_climb() is None and native.se_chainer() is None and native.se_below() is None
    assert native_ladder.native_prefix(rating.techniques()) == []
    assert rated() == FIGURES
    assert core_native.active() == core_before


@pytest.mark.usefixtures("fresh_doors")
def test_without_the_cores_extension_the_explainer_keeps_its_c(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if not native.available():
        pytest.skip(native.build())
    hide(monkeypatch, CORE_EXTENSION)
    assert not core_native.available()
    assert core_native.build().startswith("pure Python (no native core: the C extension was")
    assert native.active() and native.build() == "native explainer (C)"
    assert native_ladder.native_prefix(rating.techniques()) != []
    assert rated() == FIGURES


@pytest.mark.usefixtures("fresh_doors")
def test_the_pure_engine_asked_for_runs_the_explainers_python_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(core_native.ENV, "pure")
    assert not native.active()
    assert native.build() in (
        "pure Python (no native explainer: SUDOKU_REPL_ENGINE=pure)",
        f"pure Python (no native explainer: {native._extension()[1]})",
    )
    assert native.se_ladder() is None and native.se_memo() is None
    monkeypatch.delenv(core_native.ENV)
    assert not native.active()  # (chosen once)
    native.reset()
    assert native.active() == native.available()


@pytest.mark.parametrize("engine", ["pure", "native"])
def test_python_m_says_which_build_of_the_explainer_runs(engine: str) -> None:
    env = {**os.environ, core_native.ENV: engine}
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl.techniques.explainer.native"],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        check=True,
    )
    built = importlib.util.find_spec(EXTENSION) is not None
    if not built:  # (a machine without a C compiler): the reason is the missing build
        assert done.stdout.startswith("pure Python (no native explainer: the explainer's C")
    elif engine == "pure":
        assert done.stdout == "pure Python (no native explainer: SUDOKU_REPL_ENGINE=pure)\n"
    else:
        assert done.stdout == "native explainer (C)\n"


def test_the_core_names_nothing_of_the_explainers_extension() -> None:
    """The core's Python reaches the explainer's C neither by import nor by name."""
    core = os.path.dirname(sudoku_repl.core.__file__)
    for folder, _, names in os.walk(core):
        for name in names:
            if name.endswith(".py"):
                with open(os.path.join(folder, name), encoding="utf-8") as file:
                    text = file.read()
                assert EXTENSION not in text, name
                assert not [f for f in SE_FUNCTIONS if f in text], name


def test_no_module_but_the_door_imports_the_explainers_extension() -> None:
    importing = [s.name for s in sources() if EXTENSION in s.imports]
    assert importing == ["techniques/explainer/native.py"]
