"""The README names the documents the project was built from by author and title (a
reader does not know what "seed 001" or "seed 003" is), how to tell which build runs, and what
the DAP client's test needs beside node and npm (its test skipped with both present)."""

from __future__ import annotations

import re

from tests.support.helpers import REPO

README = (REPO / "README.md").read_text(encoding="utf-8")


def test_the_readme_names_its_sources_by_author_and_title() -> None:
    sources = README.split("\n## Sources\n", 1)[1].split("\n## ", 1)[0]
    items = re.findall(r"^- (.+?)(?=^- |\Z)", sources, re.MULTILINE | re.DOTALL)
    assert len(items) == 5
    for author in ("readalps", "Jin Jianming", "Ke Chunmei", "Wang Jiaqi", "KLSudoku"):
        (item,) = [i for i in items if i.startswith(author)]
        assert "](docs/" in item  # where the project describes it
    assert "*SudokuSolver 2.6" in sources and "*九宫格数独游戏的数值分析解法*" in sources


def test_the_readme_says_seed_numbers_nowhere() -> None:
    assert not re.search(r"\bseed 00\d", README, re.IGNORECASE)


def test_the_readme_says_how_to_check_which_build_runs() -> None:
    speed = README.split("\n## Speed\n", 1)[1].split("\n## ", 1)[0]
    assert "sudoku-repl --version" in speed and "sudoku_repl.techniques.explainer.native" in speed
    assert "`src/`" in speed


def test_the_readme_says_the_dap_client_s_test_needs_npm_ci() -> None:
    """npm ci installs what tests/dap_client's lock file pins; the test's skip line says the same."""
    tests = README.split("\n## Tests and optional extras\n", 1)[1].split("\n## ", 1)[0]
    assert "`cd tests/dap_client && npm ci`" in tests
    assert (REPO / "tests" / "dap_client" / "package-lock.json").is_file()
    skip = (REPO / "tests" / "dap" / "test_ms_client.py").read_text(encoding="utf-8")
    assert "npm ci in tests/dap_client" in skip


def test_the_readme_stays_under_350_lines() -> None:
    """Detail belongs in docs/ (a tour added 20 lines once, and nothing said so)."""
    assert len(README.splitlines()) < 350
