"""A handler module is imported by the table on first use, by the dotted path its declaration
names (``Command.handler``): that load is the one reference up the command layer, so a handler
must import nothing of ``dispatch`` (which imports the table) when it runs; it names the
``Repl`` for the type checker only. The static import graph's cycles are import-linter's
(``acyclic_siblings`` in ``pyproject.toml``); this test adds what it cannot see: which modules
the declarations load."""

from __future__ import annotations

import grimp

from sudoku_repl.commands.declared import in_order

DISPATCH = "sudoku_repl.commands.dispatch"
#: handler modules that still import dispatch at run time, and why (none should be left)
KNOWN: dict[str, str] = {}


def handler_modules() -> set[str]:
    return {cmd.handler_path.partition(":")[0] for cmd in in_order()}


def test_no_handler_imports_dispatch_at_run_time() -> None:
    graph = grimp.build_graph("sudoku_repl", exclude_type_checking_imports=True, cache_dir=None)
    modules = handler_modules()
    assert "sudoku_repl.commands.bisect" in modules  # the declarations were read
    reaching = {
        m: graph.find_shortest_chain(importer=m, imported=DISPATCH) for m in sorted(modules)
    }
    offenders = {m: chain for m, chain in reaching.items() if chain is not None}
    assert set(offenders) <= set(KNOWN), offenders
