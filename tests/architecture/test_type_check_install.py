"""mypy passes after the house's documented install, ``pip install -e '.[dev]'`` (docs/internals.md):
every package the source imports that neither that install nor Python brings (an extra's, or
what only an extra brings) is one mypy's configuration lets be absent
(``ignore_missing_imports``), else mypy fails there with ``import-not-found``."""

from __future__ import annotations

import sys
import tomllib
from fnmatch import fnmatchcase

from tests.support.helpers import REPO
from tests.support.sources import sources

#: the run-time dependencies (pyproject's ``dependencies``) and what the dev extra itself
#: installs that the source may import: always there after ``pip install -e '.[dev]'``
INSTALLED = {"sudoku_repl", "prompt_toolkit", "attrs", "setuptools"}


def imported_packages() -> dict[str, str]:
    """Every top-level package the source imports (at any depth of a module), with one module
    that imports it."""
    found: dict[str, str] = {}
    for module in sources():
        for name in module.absolute:
            found.setdefault(name, str(module.path.relative_to(REPO)))
    return found


def allowed_missing() -> list[str]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["mypy"]
    patterns: list[str] = []
    for override in config.get("overrides", []):
        if override.get("ignore_missing_imports"):
            modules = override["module"]
            patterns += [modules] if isinstance(modules, str) else modules
    return patterns


def test_every_package_the_dev_install_lacks_may_be_missing_for_mypy() -> None:
    patterns = allowed_missing()
    lacking = {
        name: where
        for name, where in imported_packages().items()
        if name.split(".")[0] not in sys.stdlib_module_names | INSTALLED
        and not any(fnmatchcase(name, pattern) for pattern in patterns)
    }
    assert lacking == {}, (
        "imported, absent after pip install -e '.[dev]', and not in mypy's overrides"
    )


def test_the_scan_sees_the_extras_imports() -> None:
    """The scan itself: the extras' packages the source is known to import are found."""
    found = imported_packages()
    for name in ("mcp", "gymnasium", "numpy", "anyio", "highspy"):
        assert any(module.split(".")[0] == name for module in found), name
