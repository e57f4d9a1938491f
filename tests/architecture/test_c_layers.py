"""The C by role: each layer's C builds its own extension, the solver core's
(``core/csrc/``, ``sudoku_repl.core._native``) and, above it, the explainer's (Sudoku Explainer's
chain search, aligned exclusion, the ladder below the chains and the rating's loop, beside the
Python it mirrors in ``techniques/explainer/csrc/``, ``sudoku_repl.techniques.explainer._native``).
The core's C includes nothing of the explainer's, and is one header per role; in each folder the
files form a line, no file reaching one that reaches it back, neither by ``#include`` nor by a
call. A file ``X.c`` and its header ``include/X.h`` are one node; an edge goes from a file to
each header it includes, and from a node to each node whose function, table, variable, type or
macro it names (a header's inline functions and macros count as its node's)."""

from __future__ import annotations

import re
import runpy
from pathlib import Path
from typing import Any

import pytest
import setuptools

from tests.support.helpers import REPO

CORE = REPO / "src" / "sudoku_repl" / "core" / "csrc"
EXPLAINER = REPO / "src" / "sudoku_repl" / "techniques" / "explainer" / "csrc"
EXPLAINER_EXTENSION = "sudoku_repl.techniques.explainer._native"
DIFFICULTY = REPO / "src" / "sudoku_repl" / "techniques" / "difficulty" / "csrc"
DIFFICULTY_EXTENSION = "sudoku_repl.techniques.difficulty._native"
#: the measures of difficulty's C, lowest first
DIFFICULTY_LINE = (
    "df_board",
    "df_grid",
    "df_te",
    "df_rules",
    "df_doors",
    "df_braid_search",
    "df_braids",
    "df_bxb",
    "df_module",
)

#: the chain search's files, lowest first: each may include and call only those before it
CHAIN_LINE = (
    "se_memo",
    "se_tables",
    "se_found",
    "se_rules",
    "se_closure",
    "se_reach",
    "se_forcing",
    "se_walks",
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


def statements(text: str) -> list[str]:
    """The statements at file scope of C text without comments (``bare``): declarations, and
    definitions with their bodies emptied (``{}``); preprocessor lines dropped."""
    text = re.sub(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", " ", text, flags=re.M)
    found: list[str] = []
    current: list[str] = []
    depth = 0
    for ch in text:
        if ch in "{}":
            depth += 1 if ch == "{" else -1
            if depth == (1 if ch == "{" else 0):
                current.append(ch)
            if depth == 0 and ch == "}":
                statement = "".join(current)
                if statement[: statement.index("{")].rstrip().endswith(")"):  # a function
                    found.append(statement.strip())
                    current = []
        elif depth == 0 and ch == ";":
            found.append("".join(current).strip())
            current = []
        elif depth == 0:
            current.append(ch)
    return [s for s in found if s]


def _declared(declaration: str) -> set[str]:
    """The names a declaration declares: ``int *a, B[3] = {}`` -> {a, B}."""
    parts = re.split(r",(?![^\[(]*[\])])", re.sub(r"=[^,]*", "", declaration))
    names = (re.findall(r"\b([A-Za-z_]\w*)\s*$", re.sub(r"\[[^\]]*\]", "", p)) for p in parts)
    return {found[0] for found in names if found}


def definitions(text: str, header: bool = False) -> set[str]:
    """The names a C file defines for others: its functions, tables and variables that are
    not static; a header's inline functions, types and macros too. (Not a module's
    ``PyInit_``: the interpreter calls it, no file.)"""
    names: set[str] = set()
    if header:
        names.update(re.findall(r"^[ \t]*#\s*define\s+([A-Za-z_]\w*)", text, re.M))
    for statement in statements(text):
        words = statement.split()
        if statement.endswith("}") and "=" not in statement.split("{")[0]:  # a function
            if header or words[0] != "static":
                names.update(re.findall(r"\b([A-Za-z_]\w*)\s*\(", statement)[:1])
            names.difference_update(re.findall(r"\bPyInit_\w+", statement))
        elif words[0] == "typedef":
            if header:
                names.update(_declared(statement.split("}")[-1]))
        elif words[0] not in ("static", "extern") and "(" not in statement.split("=")[0]:
            names.update(_declared(statement))
    return names


def node_texts(files: dict[str, Path]) -> dict[str, tuple[str, str]]:
    """Each node's text: (its ``X.c``, its ``include/X.h``), without comments and strings."""
    texts: dict[str, tuple[str, str]] = {}
    for name, path in files.items():
        source, header = texts.get(Path(name).stem, ("", ""))
        text = bare(path.read_text())
        texts[Path(name).stem] = (text, header) if name.endswith(".c") else (source, text)
    return texts


def call_graph(files: dict[str, Path]) -> dict[str, set[str]]:
    texts = node_texts(files)
    owner = {
        name: node
        for node, (source, header) in texts.items()
        for name in definitions(source) | definitions(header, header=True)
    }
    graph: dict[str, set[str]] = {node: set() for node in texts}
    for node, (source, header) in texts.items():
        for word in set(re.findall(r"\b[A-Za-z_]\w*\b", source + header)):
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


#: the core's C, lowest first: each node may include and name only those before it
#: (``portable`` the compilers' shim, ``pyaccess`` Python's objects read on the full or the
#: limited API and ``native`` the base header, with no file of their own; ``module.c`` the top,
#: with no header)
CORE_LINE = (
    "portable",
    "pyaccess",
    "native",
    "bits",
    "state",
    "objects",
    "filters",
    "moves",
    "run",
    "core",
    "record",
    "quiz",
    "counting",
    "unavoidable",
    "making",
    "canonical",
    "module",
)


def extensions(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """setup.py's extensions by name, read by running it (in the repository, as pip does) with
    ``setuptools.setup`` caught."""
    caught: dict[str, Any] = {}
    monkeypatch.chdir(REPO)
    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: caught.update(kwargs))
    runpy.run_path(str(REPO / "setup.py"), run_name="setup_read_by_a_test")
    return {ext.name: ext for ext in caught["ext_modules"]}


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


def test_the_definitions_are_what_a_file_gives_the_others() -> None:
    """Variables, a type object, not a static's or an extern's; in a header, its inline
    functions, types and macros too (what ``native.h`` held for every file: ``touch`` naming
    ``grow_touched`` of another file)."""
    source = bare(
        "PyObject *T_A, *T_B,\n    *STATUS[N_STATUSES];\nPyObject *COPY;\n"
        'PyTypeObject CoreType = {\n    .tp_name = "x", .tp_new = f,\n};\n'
        'static PyMethodDef methods[] = {{"a", a, 0, "b"}, {NULL}};\n'
        "extern int E;\nint g(int);\nstruct S { int a; };\n"
        "PyMODINIT_FUNC PyInit__x(void) {\n    if (a) { return NULL; }\n    return m;\n}\n"
    )
    assert definitions(source) == {"T_A", "T_B", "STATUS", "COPY", "CoreType"}
    header = bare(
        "#define W(c, kind) \\\n    ((c)->ev)\ntypedef struct {\n    int a;\n} Core;\n"
        "int grow(Core *c);\n"
        "static inline void touch(Core *c) {\n    if (!grow(c))\n        return;\n}\n"
    )
    assert definitions(header, header=True) == {"W", "Core", "touch"}


def test_each_layer_builds_its_own_extension(monkeypatch: pytest.MonkeyPatch) -> None:
    """The core's extension is built from the core's C alone; the explainer's from its own and
    the core's bit counts (``bits.c``), below it."""
    built = extensions(monkeypatch)
    assert set(built) == {
        "sudoku_repl.core._native",
        EXPLAINER_EXTENSION,
        DIFFICULTY_EXTENSION,
    }
    core, explainer = built["sudoku_repl.core._native"], built[EXPLAINER_EXTENSION]
    difficulty = built[DIFFICULTY_EXTENSION]

    def named(folder: Path) -> set[str]:
        return {p.relative_to(REPO).as_posix() for p in folder.glob("*.c")}

    assert set(core.sources) == named(CORE)
    assert not [f for f in core.include_dirs + core.depends if "techniques" in f]
    assert set(explainer.sources) == named(EXPLAINER) | {"src/sudoku_repl/core/csrc/bits.c"}
    assert set(difficulty.sources) == named(DIFFICULTY) | {"src/sudoku_repl/core/csrc/bits.c"}
    assert core.optional and explainer.optional and difficulty.optional


def test_no_core_c_file_includes_a_techniques_header() -> None:
    """Each ``#include "..."`` of the core's C names one of its own headers (module.c
    included the explainer's ``se_nested.h``, ``se_exclusion.h`` and ``se_rating.h``)."""
    own = {p.name for p in CORE.glob("include/*.h")}
    theirs = {p.name for p in EXPLAINER.glob("include/*.h")}
    for name, path in sources(CORE).items():
        included = set(re.findall(r'^\s*#\s*include\s+"([^"]+)"', path.read_text(), re.M))
        assert not included & theirs, (name, included & theirs)
        assert included <= own, (name, included - own)


def test_the_core_c_is_one_header_per_role() -> None:
    """Every file of the core but the module has its header, every header but the base, the
    compilers' shim (``portable.h``) and the API's (``pyaccess.h``) its
    file: no header that declares what many files give (``native.h`` declared them all)."""
    files = {p.stem for p in CORE.glob("*.c")}
    headers = {p.stem for p in CORE.glob("include/*.h")}
    assert files - headers == {"module"}
    assert headers - files == {"native", "portable", "pyaccess"}
    assert set(CORE_LINE) == files | headers
    base = bare((CORE / "include" / "native.h").read_text())
    assert not [s for s in statements(base) if "(" in s]  # no function declared or defined


def test_no_core_c_file_reaches_one_that_reaches_it_back() -> None:
    """Neither by ``#include`` nor by a call, a table, a type or a macro (the
    circle ``filters.c`` ↔ ``moves.c`` ↔ ``objects.c`` ↔ ``native.h``)."""
    files = sources(CORE)
    calls = call_graph(files)
    assert calls["moves"] >= {"filters", "objects", "state"}  # the finder sees the calls
    includes = include_graph(files)
    both = {node: includes[node] | calls[node] for node in includes}
    assert cycle_in(both) is None
    for k, node in enumerate(CORE_LINE):
        assert not both[node] & set(CORE_LINE[k + 1 :]), (node, both[node])


def test_each_core_call_goes_down_through_a_header_included() -> None:
    files = sources(CORE)
    includes = include_graph(files)
    for node, callees in call_graph(files).items():
        assert callees <= reach(includes, node), (node, callees - reach(includes, node))


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
    graph = call_graph({**sources(CORE), **sources(EXPLAINER)})
    assert graph["se_nested"] >= {"se_forcing", "se_cycles"}  # the finder sees the calls
    assert "bits" in graph["se_rules"]  # (and the core's bit counts, below them all)
    assert cycle_in(graph) is None
    core = {Path(name).stem for name in sources(CORE)}
    assert not {above for node in core for above in graph[node] if above not in core}


def test_each_call_across_files_goes_down_through_a_header_included() -> None:
    files = {**sources(CORE), **sources(EXPLAINER)}
    includes = include_graph(files)
    for node, callees in call_graph(files).items():
        assert callees <= reach(includes, node), (node, callees - reach(includes, node))


def test_the_chain_search_is_a_line() -> None:
    includes = include_graph({**sources(CORE), **sources(EXPLAINER)})
    calls = call_graph({**sources(CORE), **sources(EXPLAINER)})
    top = {"se_nested", "se_exclusion", "se_ladder", "se_rating", "se_module"}
    for k, node in enumerate(CHAIN_LINE):
        above = set(CHAIN_LINE[k + 1 :]) | top
        assert not (reach(includes, node) | calls[node]) & above, node


def test_the_measures_c_is_a_line_on_the_cores_bits() -> None:
    """The measures of difficulty's C: a header per file but the module, each file
    including and naming only those before it, and of the core only ``bits`` (with the
    compilers' shim beneath it, ``portable``) and Python's API (``pyaccess``, issue
    74: it includes Python.h)."""
    files = sources(DIFFICULTY)
    assert {Path(name).stem for name in files} == set(DIFFICULTY_LINE)
    assert {p.stem for p in DIFFICULTY.glob("*.c")} - {
        p.stem for p in DIFFICULTY.glob("include/*.h")
    } == {"df_module"}
    # (the core's bits alone, and Python's API: not its base header, the core's constants)
    core = {"bits", "portable", "pyaccess"}
    every = {**{n: p for n, p in sources(CORE).items() if Path(n).stem in core}, **files}
    includes = include_graph(every)
    calls = call_graph(every)
    assert "df_grid" in calls["df_te"]  # (the finder sees the calls)
    for k, node in enumerate(DIFFICULTY_LINE):
        below = set(DIFFICULTY_LINE[:k]) | core
        assert (includes[node] | calls[node]) <= below, (node, includes[node] | calls[node])
        assert reach(includes, node) <= below, node
