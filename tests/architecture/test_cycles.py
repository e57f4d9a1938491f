"""No two modules of a folder import each other, even for the type checker: import-linter's
``acyclic_siblings`` contract (``pyproject.toml``) holds with no exception declared (the
run modes named the engine they work on, which looks its run mode up in them; they see it now
as ``modes.Searching``)."""

from __future__ import annotations

import tomllib

import grimp

from tests.support.helpers import REPO

MODES, ENGINE = "sudoku_repl.core.modes", "sudoku_repl.core.engine"


def test_the_run_modes_import_nothing_that_imports_the_engine() -> None:
    graph = grimp.build_graph("sudoku_repl", exclude_type_checking_imports=False, cache_dir=None)
    assert graph.find_shortest_chain(importer=ENGINE, imported=MODES) == (ENGINE, MODES)
    assert graph.find_shortest_chain(importer=MODES, imported=ENGINE) is None


def test_the_contracts_declare_no_import_to_pass_over() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    assert any(c["type"] == "acyclic_siblings" for c in contracts)
    assert [c["name"] for c in contracts if c.get("ignore_imports")] == []
