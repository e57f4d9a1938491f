"""A build that leaves the C out says so, and what it means. setup.py's build_ext is
run here as pip runs it, with a C compiler that does not exist (``CC``): every extension fails,
the build succeeds (they are optional), and one Python warning names them, says how much slower
the pure Python is and the one command that gets the native build (a plain ``pip
install`` takes again the pure wheel pip cached; ``.ci/native-again`` runs that path). pip shows
the warning only with ``-v`` (``-vv`` for pip 26): the program says it again, once a process
(tests/frontends/test_pure_notice.py).

The expected words are written out here, not made by the code under test."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.helpers import REPO

pytest.importorskip("setuptools", reason="no setuptools in this environment: setup.py not run")

SAID = (
    "sudoku-repl is installed WITHOUT its native C: sudoku_repl.core._native, "
    "sudoku_repl.techniques.explainer._native and sudoku_repl.techniques.difficulty._native "
    "could not be compiled (pip install -v shows why)."
)


def test_a_build_without_a_compiler_says_what_it_left_out(tmp_path: Path) -> None:
    env = {**os.environ, "CC": str(tmp_path / "no-c-compiler"), "SUDOKU_REPL_STRICT_C": ""}
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(tmp_path / "lib"),
         "--build-temp", str(tmp_path / "temp")],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr  # the install goes on without the C
    assert list(tmp_path.rglob("*.so")) == [] and list(tmp_path.rglob("*.pyd")) == []
    err = " ".join(done.stderr.split())  # (the warning's lines joined)
    assert err.count(SAID) == 1, done.stderr
    assert "about 25x slower to solve and about 100x slower to rate by" in err
    assert "apt-get install gcc python3-dev" in err
    assert "then: pip install --no-cache-dir --force-reinstall sudoku-repl (or the clone's" in err
    assert 'sudoku-repl --version then says "native core (C)"' in err


def test_the_tests_setuptools_is_the_builds() -> None:
    """The test extra's setuptools (this file runs setup.py with it) is bounded as the build's
    (PEP 639's licence expression needs 77; the upper bound keeps a future one out)."""
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    (build,) = project["build-system"]["requires"]
    assert build == "setuptools>=77.0.3,<85"
    assert build in project["project"]["optional-dependencies"]["test"]
    assert project["project"]["license"] == "MIT"


def test_a_release_build_without_a_compiler_fails(tmp_path: Path) -> None:
    """``SUDOKU_REPL_REQUIRE_C=1`` (.ci/wheels, [tool.cibuildwheel]): no wheel of the pure
    Python under a platform's tag."""
    env = {**os.environ, "CC": str(tmp_path / "no-c-compiler"), "SUDOKU_REPL_REQUIRE_C": "1"}
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(tmp_path / "lib"),
         "--build-temp", str(tmp_path / "temp")],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode != 0
    assert "no-c-compiler" in done.stderr and "WITHOUT its native C" not in done.stderr
    assert list(tmp_path.rglob("*.so")) == []


@pytest.fixture(scope="module")
def compiles_asked(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, str], list[str]]:
    """The compile lines setup.py's build_ext asks for under ``SUDOKU_REPL_NO_LTO`` and
    ``SUDOKU_REPL_C_OPT``, a build for each pair the tests ask (the build is most of their
    time). The compiler a stand-in that says it is GCC and writes down what it is asked
    (then fails: the extensions are left out)."""
    built: dict[tuple[str, str], list[str]] = {}

    def asked_for(no_lto: str, level: str) -> list[str]:
        if (no_lto, level) not in built:
            built[no_lto, level] = _compiles(tmp_path_factory.mktemp("build"), no_lto, level)
        return built[no_lto, level]

    return asked_for


def _compiles(tmp_path: Path, no_lto: str, level: str) -> list[str]:
    compiler, asked = tmp_path / "gcc", tmp_path / "asked.txt"
    compiler.write_text(
        '#!/bin/sh\n[ "$1" = --version ] && { echo "gcc (a stand-in) 12"; exit 0; }\n'
        f'echo "$*" >> {asked}\nexit 1\n'
    )
    compiler.chmod(0o755)
    env = {
        **os.environ,
        "CC": str(compiler),
        "SUDOKU_REPL_STRICT_C": "",
        "SUDOKU_REPL_NO_LTO": no_lto,
        "SUDOKU_REPL_C_OPT": level,
    }
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(tmp_path / "lib"),
         "--build-temp", str(tmp_path / "temp")],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    compiles = asked.read_text().splitlines()
    assert len(compiles) >= 3 and all(" -c " in line for line in compiles)  # (one an extension)
    return compiles


# (.ci/sanitize's build sets both switches: the cases of "1" ask that one build)
@pytest.mark.parametrize("no_lto", ["", "1"])
def test_the_sanitizers_build_leaves_link_time_optimisation_out(
    compiles_asked: Callable[[str, str], list[str]], no_lto: str
) -> None:
    """GCC and Clang compile with ``-flto``; ``SUDOKU_REPL_NO_LTO=1`` (.ci/sanitize's build:
    link-time optimisation is a third of its compile time) leaves it out."""
    compiles = compiles_asked(no_lto, no_lto)
    assert all(("-flto" in line.split()) == (no_lto != "1") for line in compiles), compiles


@pytest.mark.parametrize(("level", "flag"), [("", "-O3"), ("1", "-O1"), ("s", "-Os")])
def test_the_optimisation_level_is_o3_unless_set(
    compiles_asked: Callable[[str, str], list[str]], level: str, flag: str
) -> None:
    """``SUDOKU_REPL_C_OPT`` sets the level every extension is compiled at (.ci/sanitize's
    build: -O1), -O3 unset: the last level on the line (the one GCC takes; Python's
    own flags come before it)."""
    compiles = compiles_asked("1" if level == "1" else "", level)
    for line in compiles:
        assert [word for word in line.split() if word.startswith("-O")][-1] == flag, line


def test_an_optimisation_level_it_does_not_know_is_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "SUDOKU_REPL_C_OPT": "fast"}
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(tmp_path / "lib"),
         "--build-temp", str(tmp_path / "temp")],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr == "SUDOKU_REPL_C_OPT=fast: not a level; accepted: 0, 1, 2, 3, s, g\n"
    assert list(tmp_path.rglob("*.so")) == []
