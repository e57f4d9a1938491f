"""Shared fixtures and the hypothesis profiles. Importable helpers live in ``tests/support/``."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator

import pytest
from prompt_toolkit.input import PipeInput, create_pipe_input

from sudoku_repl.assembly import register_all
from sudoku_repl.core import native
from sudoku_repl.techniques.explainer import native as explainer_native
from sudoku_repl.tools.rating import se_build
from tests.support import profiles
from tests.support.helpers import (
    DESELECTED,
    REPO,
    Answer,
    RecordingHooks,
    mark_doors,
    mark_listed_slow_on_pure,
)

profiles.register()


@pytest.fixture
def recording_hooks() -> Callable[..., RecordingHooks]:
    """A factory: ``recording_hooks(answers)`` -> a fresh ``RecordingHooks``."""

    def make(answers: Iterable[Answer] = ()) -> RecordingHooks:
        return RecordingHooks(answers)

    return make


@pytest.fixture
def at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run the test in the repository root, where ``examples/seed.txt`` and the other relative
    paths the tests type are found (``pytestmark = pytest.mark.usefixtures("at_repo_root")``)."""
    monkeypatch.chdir(REPO)


@pytest.fixture(autouse=True)
def pure_build_said(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pure build's line (``tools/rating/se_build``) is said once a process: in the suite's
    process it counts as said, so that no test's output depends on the test that ran first on
    the pure build; the tests of the line set it back (tests/frontends/test_pure_notice.py)."""
    monkeypatch.setattr(se_build, "said", True)


@pytest.fixture
def pipe() -> Iterator[PipeInput]:
    """The prompt's input in-process (``helpers.interact`` types into it)."""
    with create_pipe_input() as inp:
        yield inp


def pytest_configure(config: pytest.Config) -> None:
    """Register the run modes, their lines and the commands once, as every entry point does
    (``sudoku_repl.assembly``): importing a module registers nothing.

    With ``SUDOKU_REPL_EXPECT_NATIVE=1`` (``.ci/run``'s native run), nothing runs unless the
    native core and the explainer's C are the ones running (``test_native.py``), so that run
    cannot silently test pure Python."""
    if os.environ.get("SUDOKU_REPL_EXPECT_NATIVE") == "1":
        for door in (native, explainer_native):
            if not door.active():
                raise pytest.UsageError(
                    f"SUDOKU_REPL_EXPECT_NATIVE=1 but what runs is {door.build()}"
                )
    register_all()


@pytest.hookimpl(tryfirst=True)  # (before -m deselects by the marks)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests measured slow on the pure build marked ``slow`` there
    (``tests/support/slow_on_pure.txt``), and the doors' tests ``door`` (``helpers.mark_doors``)."""
    mark_listed_slow_on_pure(items)
    mark_doors(items)


def pytest_deselected(items: list[pytest.Item]) -> None:
    """Keep what -m or -k leaves out (CI's jobs select with -m): the collection test counts it."""
    if items:
        items[0].config.stash.setdefault(DESELECTED, []).extend(items)
