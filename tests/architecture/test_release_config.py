"""Issue 54: the release's configuration, held here since its run (cibuildwheel on GitHub's
macOS, Windows and Linux machines, .github/workflows/wheels.yml) cannot be made on this one:
``[tool.cibuildwheel]`` is valid for the cibuildwheel the workflow runs (its own schema,
tests/data/cibuildwheel.schema.json), asks for the native build, and its test-command fails a
wheel that runs the pure Python; the workflow runs that cibuildwheel on the three systems.
(.ci/wheels-check builds and checks the Linux wheel for real.)"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from sudoku_repl.core import native as core_native
from sudoku_repl.techniques.difficulty import native as difficulty_native
from sudoku_repl.techniques.explainer import native as explainer_native
from tests.support.helpers import REPO, TEST_DATA

WORKFLOW = REPO / ".github" / "workflows" / "wheels.yml"
NATIVE = "native core (C); native explainer (C); native measures of difficulty (C)"


def config() -> dict[str, Any]:
    with open(REPO / "pyproject.toml", "rb") as f:
        found: dict[str, Any] = tomllib.load(f)["tool"]["cibuildwheel"]
    return found


def test_the_configuration_is_cibuildwheel_s() -> None:
    jsonschema = pytest.importorskip("jsonschema", reason="no jsonschema (the test extras)")
    schema = json.loads((TEST_DATA / "cibuildwheel.schema.json").read_text())
    jsonschema.validate(config(), schema)
    with pytest.raises(jsonschema.ValidationError):  # (the schema refuses what it does not know)
        jsonschema.validate({**config(), "test-comand": "true"}, schema)


def test_the_release_builds_the_c_or_fails() -> None:
    assert config()["environment"] == {"SUDOKU_REPL_REQUIRE_C": "1"}
    assert 'os.environ.get(REQUIRED) != "1"' in (REPO / "setup.py").read_text()


def test_the_workflow_runs_that_cibuildwheel_on_the_three_systems() -> None:
    text = WORKFLOW.read_text()
    schema_id = json.loads((TEST_DATA / "cibuildwheel.schema.json").read_text())["$id"]
    assert "pypa/cibuildwheel@v4.2.0" in text and "cibuildwheel" in schema_id
    runners = set(re.findall(r"runs-on: (\S+)", text))
    assert {"ubuntu-latest", "macos-latest", "windows-latest"} <= runners
    assert "python -m build --sdist" in text


def run_test_command(tmp_path: Path, engine: str) -> subprocess.CompletedProcess[str]:
    """The test-command as cibuildwheel runs it: in a shell, in a folder outside the source
    tree, ``python`` the one the package is installed in."""
    path = os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")])
    env = {**os.environ, "PATH": path, "SUDOKU_REPL_ENGINE": engine}
    return subprocess.run(
        ["bash", "-c", config()["test-command"]],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


@pytest.mark.skipif(
    not (
        core_native.available() and explainer_native.available() and difficulty_native.available()
    ),
    reason="no native build here (the pure build): the test-command's native answer not seen",
)
def test_the_test_command_passes_a_native_install(tmp_path: Path) -> None:
    done = run_test_command(tmp_path, "native")
    assert (done.returncode, done.stdout) == (0, NATIVE + "\n"), done.stderr


def test_the_test_command_fails_a_pure_install(tmp_path: Path) -> None:
    done = run_test_command(tmp_path, "pure")
    assert done.returncode == 1, done.stderr
    assert done.stdout.startswith("pure Python (no native core: ") and NATIVE not in done.stdout
