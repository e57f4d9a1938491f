"""Plain ``pytest`` and ``python -m pytest`` collect the same tests in a checkout (plain
``pytest`` once missed a module that imported ``tests.helpers``, which only ``python -m``
puts on the path), and the suite's folders are packages: a test module imports what it shares
as ``tests.support...`` and ``tests.oracles...``, the same under both commands."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.helpers import DESELECTED, REPO, SLOW


def _collected(command: list[str]) -> dict[str, int]:
    """Tests collected per module, from ``--collect-only -q`` (which must succeed)."""
    # (the whole suite: not a selection CI's PYTEST_ADDOPTS makes, as -m 'not slow' on the bare
    # machine, which would leave out modules of slow tests alone). --assert=plain: the asserts
    # of the modules imported are not rewritten, two thirds of the collection's time in a fresh
    # clone (no rewritten byte code at hand, and this run writes none); the same tests come.
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTEST_ADDOPTS", None)
    options = ["--collect-only", "-q", "-p", "no:cacheprovider", "--assert=plain"]
    done = subprocess.run(
        [*command, *options, "--rootdir", str(REPO)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    counts = {}
    for line in done.stdout.splitlines():
        module, colon, count = line.rpartition(": ")
        if colon and module.startswith("tests/") and count.isdigit():
            counts[module] = int(count)
    return counts


def _this_run(session: pytest.Session) -> dict[str, int] | None:
    """Tests collected per module by the run this test is part of, when it collected the whole
    suite as the README says (no paths given); else None. What its -m or -k left out (CI's
    jobs: -m 'not slow' on the bare machine) was collected too: it counts."""
    if session.config.args_source is not pytest.Config.ArgsSource.TESTPATHS:
        return None
    if len(session.items) != session.testscollected:
        return None
    counts: dict[str, int] = {}
    for item in [*session.items, *session.config.stash.get(DESELECTED, [])]:
        module = item.nodeid.partition("::")[0]
        counts[module] = counts.get(module, 0) + 1
    return counts


@SLOW
def test_plain_pytest_and_python_m_pytest_collect_the_same(request: pytest.FixtureRequest) -> None:
    """The run under way is one of the two when it is the whole suite (CI's): only the other
    one is started, its collection being most of this test's time. Slow (a collection of the
    whole suite): CI's main job runs it, once; the bare machine's run, which leaves it out,
    fails anyway on a module that cannot be imported there."""
    plain_command = [str(Path(sys.executable).with_name("pytest"))]
    module_command = [sys.executable, "-m", "pytest"]
    this = _this_run(request.session)
    if this is not None and Path(sys.argv[0]).name == "__main__.py":  # python -m pytest
        plain, module = _collected(plain_command), this
    elif this is not None and Path(sys.argv[0]).name == "pytest":
        plain, module = this, _collected(module_command)
    else:
        plain, module = _collected(plain_command), _collected(module_command)
    modules = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "tests").rglob("test_*.py"))
    assert sorted(plain) == modules  # every test module collected, none failing to import
    assert plain == module


def test_test_modules_lie_in_layer_folders_that_are_packages() -> None:
    """A test module sits in the folder of the layer it tests (tests/core, tests/commands, ...),
    not at the top, and every folder of the suite is a package (``__init__.py``), so pytest
    names each module from the repository root and two layers may hold modules of one name."""
    tests = REPO / "tests"
    assert not list(tests.glob("test_*.py"))
    for path in tests.rglob("*.py"):
        assert (path.parent / "__init__.py").is_file(), path
