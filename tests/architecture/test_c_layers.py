"""The C by role (issue 45): the explainer's C (Sudoku Explainer's chain search, aligned exclusion
and the ladder below the chains) lives beside the Python it mirrors, in
``techniques/explainer/csrc/``, not in the solver core's folder; and its files form a line, no
file reaching one that reaches it back, neither by ``#include`` nor by a call. A file ``X.c``
and its header ``include/X.h`` are one node; an edge goes from a file to each header it
includes, and from a file to each file whose function or table it names."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.helpers import REPO

CORE = REPO / "sudoku_repl" / "core" / "csrc"
EXPLAINER = REPO / "sudoku_repl" / "techniques" / "explainer" / "csrc"

#: the chain search's files, lowest first: each may include and call only those before it
CHAIN_LINE = (
    "se_tables",
    "se_found",
    "se_rules",
    "se_closure",
    "se_reach",
    "se_forcing",
    "se_cycles",
)


def bare(text: str) -> str:
    """The C text without its comments and string literals."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def sources(folder: Path) -> dict[str, Path]:
    """Each node's files: ``{stem: [X.c, include/X.h]}`` flattened to the paths by stem."""
    return {p.name: p for p in sorted([*folder.glob("*.c"), *folder.glob("include/*.h")])}


def include_graph(files: dict[str, Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        node = Path(name).stem
        for header in re.findall(r'^\s*#\s*include\s+"([^"]+)"', path.read_text(), re.M):
            if Path(header).stem != node:
                graph.setdefault(node, set()).add(Path(header).stem)
        graph.setdefault(node, set())
    return graph


DEFINITION = re.compile(
    r"^(?!static\b|extern\b|typedef\b|return\b)[A-Za-z_][\w \t*]*?\b([A-Za-z_]\w*)\s*\([^;{}]*\)\s*\{",
    re.M,
)
TABLE = re.compile(
    r"^(?!static\b|extern\b|typedef\b|#)[A-Za-z_][^(\n=]*?\b([A-Z][A-Z0-9_]+)\s*\[", re.M
)


def definitions(text: str) -> set[str]:
    """The functions and tables a C file defines for others (not static)."""
    names = set(DEFINITION.findall(text))
    for line in text.splitlines():
        if TABLE.match(line):
            names.update(re.findall(r"\b([A-Z][A-Z0-9_]+)\s*\[", line.split("=")[0]))
    return names


def call_graph(files: dict[str, Path]) -> dict[str, set[str]]:
    texts = {Path(n).stem: bare(p.read_text()) for n, p in files.items() if n.endswith(".c")}
    owner = {name: node for node, text in texts.items() for name in definitions(text)}
    graph: dict[str, set[str]] = {node: set() for node in texts}
    for node, text in texts.items():
        for word in set(re.findall(r"\b[A-Za-z_]\w*\b", text)):
            if word in owner and owner[word] != node:
                graph[node].add(owner[word])
    return graph


def cycle_in(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as its nodes (the first again at the end), or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = 2
        path.pop()
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


def reach(graph: dict[str, set[str]], node: str) -> set[str]:
    seen: set[str] = set()
    todo = [node]
    while todo:
        for nxt in graph.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def test_the_cycle_finder_finds_a_ring_and_passes_a_line() -> None:
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    text = bare("int se_x(int a) {\n    return se_y(a);\n}\nstatic int z(void) { return 0; }\n")
    assert definitions(text) == {"se_x"}
    assert definitions("int SE_A[27][9], SE_B[81];\nconst int BITS[2] = {1, 2};\n") == {
        "SE_A",
        "SE_B",
        "BITS",
    }


def test_the_explainers_c_is_beside_its_python_not_in_the_core() -> None:
    assert sorted(p.name for p in CORE.rglob("se_*")) == []
    for node in (*CHAIN_LINE, "se_nested", "se_exclusion", "se_ladder"):
        assert (EXPLAINER / f"{node}.c").is_file()
        assert (EXPLAINER / "include" / f"{node}.h").is_file()
    assert "SeCtx" not in bare((CORE / "include" / "native.h").read_text())


def test_no_c_file_includes_one_that_includes_it_back() -> None:
    graph = include_graph({**sources(CORE), **sources(EXPLAINER)})
    assert cycle_in(graph) is None


def test_no_explainer_c_file_calls_one_that_calls_it_back() -> None:
    graph = call_graph(sources(EXPLAINER))
    assert graph["se_nested"] >= {"se_forcing", "se_cycles"}  # the finder sees the calls
    assert cycle_in(graph) is None


def test_each_call_across_files_goes_down_through_a_header_included() -> None:
    files = sources(EXPLAINER)
    includes = include_graph({**sources(CORE), **files})
    for node, callees in call_graph(files).items():
        assert callees <= reach(includes, node), (node, callees - reach(includes, node))


def test_the_chain_search_is_a_line() -> None:
    includes = include_graph({**sources(CORE), **sources(EXPLAINER)})
    calls = call_graph(sources(EXPLAINER))
    for k, node in enumerate(CHAIN_LINE):
        above = set(CHAIN_LINE[k + 1 :]) | {"se_nested", "se_exclusion", "se_ladder", "se_rating"}
        assert not (reach(includes, node) | calls[node]) & above, node
