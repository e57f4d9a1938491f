"""setuptools' part of the build (the metadata is in pyproject.toml): pure Python, unless
SUDOKU_REPL_COMPILE is set, then the core modules of ``sudoku_repl.core.native.COMPILED`` are
compiled with mypyc (see build_support/sudoku_repl_backend.py, which brings mypy in).

    SUDOKU_REPL_COMPILE=1 pip install .      # the compiled core (needs a C compiler)
    pip install .                            # pure Python
"""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "build_support"))

import sudoku_repl_backend  # noqa: E402
from sudoku_repl_backend import ENV, compiling  # noqa: E402


def compiled_sources() -> list[str]:
    """The files to compile, from ``COMPILED`` in sudoku_repl/core/native.py (read, not
    imported: the build must not import the package it builds)."""
    native = HERE / "sudoku_repl" / "core" / "native.py"
    for node in ast.parse(native.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets
        ):
            names = ast.literal_eval(node.value)
            return [f"sudoku_repl/core/{name}.py" for name in names]
    raise SystemExit(f"{native}: no COMPILED tuple")


if compiling() and not sudoku_repl_backend.asking_requires:
    try:
        from mypyc.build import mypycify
    except ImportError as e:
        raise SystemExit(
            f"{ENV} is set but mypyc cannot be imported ({e}); build with pip, which installs "
            "it (the build backend adds mypy to the build requirements)"
        ) from e
    os.chdir(HERE)  # mypycify takes paths relative to the project
    setup(
        ext_modules=mypycify(
            compiled_sources(),
            opt_level=os.environ.get("SUDOKU_REPL_OPT_LEVEL", "3"),
            group_name="sudoku_repl_core",
        )
    )
else:
    setup()
