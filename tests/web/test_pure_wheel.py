"""The pure wheel, the web page's and anyone's. ``SUDOKU_REPL_PURE=1`` (setup.py)
builds no C: the wheel's tag is ``py3-none-any`` (its name and its WHEEL file say so) and it holds
no compiled extension. Built from a copy of the sources in the test's own folder (setuptools
writes ``build/`` beside them), with the test extra's setuptools (no build isolation)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.support.helpers import REPO

pytest.importorskip("setuptools", reason="no setuptools in this environment: setup.py not run")

#: what setup.py and pyproject.toml read to build
SOURCES = ("setup.py", "pyproject.toml", "README.md", "MANIFEST.in")


def build_wheel(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    tree = tmp_path / "tree"
    shutil.copytree(
        REPO / "src",
        tree / "src",
        ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "*.egg-info"),
    )
    for name in SOURCES:
        shutil.copy(REPO / name, tree / name)
    return subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path / "dist"), str(tree)],
        env={**os.environ, "SUDOKU_REPL_REQUIRE_C": "", **env},
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip


def test_the_pure_build_is_a_py3_none_any_wheel_without_compiled_code(tmp_path: Path) -> None:
    done = build_wheel(tmp_path, SUDOKU_REPL_PURE="1")
    assert done.returncode == 0, done.stderr
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (info,) = (n for n in names if n.endswith(".dist-info/WHEEL"))
        said = archive.read(info).decode()
    assert "Root-Is-Purelib: true" in said and "Tag: py3-none-any" in said, said
    compiled = [n for n in names if n.endswith((".so", ".pyd", ".dylib", ".dll"))]
    assert compiled == []
    assert "sudoku_repl/frontends/shell.py" in names  # (the package itself is there)


def test_a_release_build_refuses_to_be_pure(tmp_path: Path) -> None:
    done = build_wheel(tmp_path, SUDOKU_REPL_PURE="1", SUDOKU_REPL_REQUIRE_C="1")
    assert done.returncode != 0
    assert "SUDOKU_REPL_PURE=1 builds no C, which SUDOKU_REPL_REQUIRE_C=1 requires" in done.stderr
