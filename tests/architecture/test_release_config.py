"""The release's configuration, held here since its run (cibuildwheel on GitHub's
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
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest

from sudoku_repl.core import native as core_native
from sudoku_repl.techniques.difficulty import native as difficulty_native
from sudoku_repl.techniques.explainer import native as explainer_native
from tests.architecture.test_c_layers import extensions
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


def selected(identifier: str) -> bool:
    """Whether cibuildwheel builds ``identifier`` (``cp312-win_amd64``): its build selectors
    match it (shell patterns, as its BuildSelector reads them) and none of its skips does."""
    patterns = {
        key: [config()[key]] if isinstance(config()[key], str) else config()[key]
        for key in ("build", "skip")
    }
    return any(fnmatch(identifier, p) for p in patterns["build"]) and not any(
        fnmatch(identifier, p) for p in patterns["skip"]
    )


def test_the_wheels_are_for_the_pythons_the_docs_name_and_no_other() -> None:
    """Cibuildwheel 4.2.0 built cp315 wheels (``build = "cp3*"``) that nothing had
    tried; the wheels are those of docs/release.md's CPython versions, 64-bit, GIL builds."""
    said = re.search(
        r"for CPython 3\.(\d+) to 3\.(\d+)", (REPO / "docs" / "release.md").read_text()
    )
    assert said, "docs/release.md names the CPython versions the wheels are for"
    named = range(int(said[1]), int(said[2]) + 1)
    assert named.start == 11  # (requires-python's first)
    platforms = ["manylinux_x86_64", "musllinux_aarch64", "macosx_arm64", "win_amd64"]
    for minor in range(9, 18):
        for platform in platforms:
            assert selected(f"cp3{minor}-{platform}") == (minor in named), (minor, platform)
            assert not selected(f"cp3{minor}t-{platform}")  # (free-threaded: the C needs the GIL)
        assert not selected(f"cp3{minor}-win32") and not selected(f"cp3{minor}-manylinux_i686")
        assert not selected(f"pp3{minor}-manylinux_x86_64")


def test_the_release_builds_the_c_or_fails_on_the_stable_abi() -> None:
    assert config()["environment"] == {
        "SUDOKU_REPL_REQUIRE_C": "1",
        "SUDOKU_REPL_LIMITED_API": "1",
    }
    assert 'os.environ.get(REQUIRED) != "1"' in (REPO / "setup.py").read_text()
    assert "SUDOKU_REPL_LIMITED_API=1" in (REPO / ".ci" / "wheels").read_text()


def setup_read(monkeypatch: pytest.MonkeyPatch, **environment: str) -> dict[str, Any]:
    """What setup.py hands setuptools under ``environment`` (``setuptools.setup`` caught)."""
    import runpy

    import setuptools

    for name in ("SUDOKU_REPL_LIMITED_API", "SUDOKU_REPL_PURE", "SUDOKU_REPL_REQUIRE_C"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    caught: dict[str, Any] = {}
    monkeypatch.chdir(REPO)
    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: caught.update(kwargs))
    runpy.run_path(str(REPO / "setup.py"), run_name="setup_read_by_a_test")
    return caught


def test_a_limited_build_is_a_wheel_for_the_stable_abi(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its extensions on Py_LIMITED_API 3.11, and its wheel tagged cp311-abi3 (bdist_wheel's
    py_limited_api): one wheel a platform for every CPython from 3.11."""
    limited = setup_read(monkeypatch, SUDOKU_REPL_LIMITED_API="1")
    assert limited["options"] == {"bdist_wheel": {"py_limited_api": "cp311"}}
    for ext in limited["ext_modules"]:
        assert ext.py_limited_api and ("Py_LIMITED_API", "0x030B0000") in ext.define_macros
    usual = setup_read(monkeypatch)
    assert usual["options"] == {}
    assert not any(ext.py_limited_api for ext in usual["ext_modules"])
    assert (
        setup_read(monkeypatch, SUDOKU_REPL_LIMITED_API="1", SUDOKU_REPL_PURE="1")["options"] == {}
    )  # (a pure wheel stays py3-none-any)


def test_the_workflow_runs_that_cibuildwheel_on_the_three_systems() -> None:
    text = WORKFLOW.read_text()
    schema_id = json.loads((TEST_DATA / "cibuildwheel.schema.json").read_text())["$id"]
    assert "pypa/cibuildwheel@v4.2.0" in text and "cibuildwheel" in schema_id
    runners = set(re.findall(r"runs-on: (\S+)", text))
    assert {"ubuntu-latest", "macos-latest", "windows-latest"} <= runners
    assert "python -m build --sdist" in text


def test_every_wheel_job_must_pass_windows_too() -> None:
    """The C builds under MSVC now; a failed Windows job fails the run (it was
    ``continue-on-error``)."""
    text = WORKFLOW.read_text()
    assert "continue-on-error" not in text
    assert re.search(r"os: windows-amd64\n\s+runs-on: windows-latest", text)
    assert {"macos-latest", "macos-15-intel"} <= set(re.findall(r"runs-on: (\S+)", text))


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


def test_the_ci_names_every_extension_from_setup_py(monkeypatch: pytest.MonkeyPatch) -> None:
    """.ci/wheels checked two of the three extensions in the wheel. .ci/extensions
    reads setup.py's list (the one place), and .ci/wheels and .ci/sanitize check each of it."""
    done = subprocess.run(
        ["bash", str(REPO / ".ci" / "extensions")], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == sorted(extensions(monkeypatch)) and len(done.stdout.split()) == 3
    for script in ("wheels", "sanitize"):
        text = (REPO / ".ci" / script).read_text()
        assert ".ci/extensions" in text and "/_native" not in text, script


def test_the_cross_build_is_a_check_outside_ci_run_with_pinned_tools() -> None:
    """.ci/wheels-cross builds the Windows and macOS wheels on the stable ABI as a check, by
    hand: .ci/run does not call it, and its tools are pinned."""
    assert "wheels-cross" not in (REPO / ".ci" / "run").read_text()
    pins = [
        line
        for line in (REPO / ".ci" / "wheels-cross-tools.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert {pin.split("==")[0] for pin in pins} == {
        "ziglang", "wheel", "setuptools", "abi3audit", "check-wheel-contents"
    } and all("==" in pin for pin in pins)  # fmt: skip
    script = (REPO / ".ci" / "wheels_cross.py").read_text()
    for platform in ("win_amd64", "win_arm64", "macosx_11_0_arm64", "macosx_11_0_x86_64"):
        assert f'"{platform}"' in script, platform
    assert 'LIMITED = "0x030B0000"' in script and "cp311-abi3-" in script
