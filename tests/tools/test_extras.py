"""What the program says to type for a missing extra: ``pip install
'sudoku-repl[ilp]'`` failed from a clone (no package index holds the package); the command is
now the one that works for the install that runs (``tools/extras.py``)."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.tools.extras import command_for
from tests.support.helpers import PUZZLES, REPO, Shell

#: the README's set-up: the package installed editable from this clone into its .venv
README_VENV = Path(sys.prefix) == REPO / ".venv"
readme_venv = pytest.mark.skipif(
    not README_VENV,
    reason=f"the suite runs outside the README's virtual environment ({REPO}/.venv)",
)


def url(path: Path, **dir_info: bool) -> str:
    return json.dumps({"url": path.as_uri(), "dir_info": dir_info})


def test_an_editable_install_of_a_clone_names_the_clones_extra_by_its_path(tmp_path: Path) -> None:
    clone = tmp_path / "my sudoku"
    clone.mkdir()
    said = command_for("ilp", "highspy", True, url(clone, editable=True))
    assert said == f"pip install -e '{clone}[ilp]'"
    assert shlex.split(said) == ["pip", "install", "-e", f"{clone}[ilp]"]  # one argument


def test_an_install_from_a_folder_names_its_extra_without_e(tmp_path: Path) -> None:
    assert command_for("dask", "'dask[distributed]'", True, url(tmp_path)) == (
        f"pip install '{tmp_path}[dask]'"
    )


def test_an_install_from_an_index_names_the_package() -> None:
    assert command_for("ilp", "highspy", True, None) == "pip install 'sudoku-repl[ilp]'"


@pytest.mark.parametrize(
    "direct_url",
    [
        json.dumps({"url": "file:///tmp/sudoku_repl-0.2.0-py3-none-any.whl", "archive_info": {}}),
        json.dumps({"url": "https://example.org/x.git", "vcs_info": {"vcs": "git"}}),
        json.dumps({"url": "file:///no/such/folder/anywhere", "dir_info": {}}),
        "not json",
        "[]",
    ],
    ids=["wheel", "vcs", "folder-removed", "garbage", "not-an-object"],
)
def test_otherwise_the_extras_packages_alone(direct_url: str) -> None:
    assert command_for("ilp", "highspy", True, direct_url) == "pip install highspy"


def test_a_copy_pip_did_not_install_gets_the_packages_alone() -> None:
    assert command_for("ilp", "highspy", False, None) == "pip install highspy"


@readme_venv
def test_solve_ilp_without_highs_names_this_clones_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "highspy", None)  # (an import of it raises ImportError)
    shell = Shell.loaded()
    said = shell.fails("solve ilp")
    assert said == [f"HiGHS (the highspy package) is not installed: pip install -e '{REPO}[ilp]'"]


@readme_venv
def test_rate_without_dask_names_this_clones_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    quizzes = str(PUZZLES / "norvig_top95.txt")
    assert main_rate([quizzes, "--executor", "dask"]) == 2
    assert capsys.readouterr().err == (
        f"sudoku-repl rate: --executor dask needs Dask: pip install -e '{REPO}[dask]'.\n"
    )
