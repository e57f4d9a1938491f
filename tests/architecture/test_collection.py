"""Plain ``pytest`` and ``python -m pytest`` collect the same tests in a checkout (plain
``pytest`` once missed a module that imported ``tests.helpers``, which only ``python -m``
puts on the path), and the suite's folders are packages: a test module imports what it shares
as ``tests.support...`` and ``tests.oracles...``, the same under both commands."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.helpers import REPO


def _collected(command: list[str]) -> dict[str, int]:
    """Tests collected per module, from ``--collect-only -q`` (which must succeed)."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [*command, "--collect-only", "-q", "-p", "no:cacheprovider", "--rootdir", str(REPO)],
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


def test_plain_pytest_and_python_m_pytest_collect_the_same() -> None:
    pytest_script = Path(sys.executable).with_name("pytest")
    plain = _collected([str(pytest_script)])
    module = _collected([sys.executable, "-m", "pytest"])
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
