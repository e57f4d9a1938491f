"""The package's own modules as the architecture tests scan them (which module imports or
names what), each read, parsed and walked once per test run: several tests hold the same
source to different rules, and the parse and walk of every module are most of their time."""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass
from pathlib import Path

from tests.support.helpers import REPO

PACKAGE = REPO / "src" / "sudoku_repl"


@dataclass(frozen=True)
class Source:
    """One module of the package, as the scans see it."""

    #: its path under the package, with slashes (``core/native.py``)
    name: str
    path: Path
    #: every module it imports, at the top or inside functions, as dotted names: ``import a.b``
    #: gives ``a.b``; ``from m import x`` gives ``m`` and ``m.x`` (relative ones without dots)
    imports: tuple[str, ...]
    #: the modules of its absolute imports only (``import a.b``: ``a.b``; ``from m import x``
    #: at level 0: ``m``), in the order they come
    absolute: tuple[str, ...]
    #: every name it reads or binds and every attribute it names
    names: frozenset[str]


def _scan(path: Path) -> Source:
    imports: list[str] = []
    absolute: list[str] = []
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.Import):
            imports += [alias.name for alias in node.names]
            absolute += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            imports += [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            if node.level == 0:
                absolute.append(node.module)
    return Source(
        path.relative_to(PACKAGE).as_posix(),
        path,
        tuple(imports),
        tuple(absolute),
        frozenset(names),
    )


@functools.cache
def sources() -> tuple[Source, ...]:
    """Every module of the package, in the order of their paths."""
    return tuple(_scan(path) for path in sorted(PACKAGE.rglob("*.py")))


def source(name: str) -> Source:
    """The module at ``name`` under the package (``core/native_engine.py``)."""
    return next(s for s in sources() if s.name == name)
