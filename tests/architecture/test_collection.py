"""Plain ``pytest`` and ``python -m pytest`` collect the same tests in a checkout (plain
``pytest`` once missed a module that imported ``tests.helpers``, which only ``python -m``
puts on the path)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from helpers import REPO


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
    modules = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "tests").glob("test_*.py"))
    assert sorted(plain) == modules  # every test module collected, none failing to import
    assert plain == module
