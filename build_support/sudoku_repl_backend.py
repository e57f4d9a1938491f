"""The build backend of sudoku-repl (pyproject.toml's ``build-backend``): setuptools' own, with
one switch.

- ``pip install .``: exactly ``setuptools.build_meta``: a pure-Python wheel; nothing but
  setuptools is needed to build it (no mypy, no C compiler).
- ``SUDOKU_REPL_COMPILE=1 pip install .``: the compiled core. This backend adds mypy (mypyc
  comes with it) and attrs (the core's types, for mypyc's type check) to the build
  requirements, and ``setup.py`` compiles the modules of ``sudoku_repl.core.native.COMPILED``
  with mypyc into C extensions. The wheel keeps the .py files beside them (the reference); it
  needs a C compiler and the Python headers to build.

``SUDOKU_REPL_COMPILE`` is read by this backend and by ``setup.py``, in the build process that
pip starts (pip passes its environment on). ``1``, ``true``, ``yes`` and ``on`` switch it on.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401  (the hooks this backend leaves as they are)
    build_editable,
    build_sdist,
    build_wheel,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

ENV = "SUDOKU_REPL_COMPILE"
#: What the compiled build needs on top of setuptools: mypyc is part of mypy; mypyc type-checks
#: the core, which imports attrs (whose types ship with it).
COMPILE_REQUIRES = ["mypy>=1.10", "attrs>=23.1"]


def compiling() -> bool:
    """Whether this build compiles the core (``SUDOKU_REPL_COMPILE`` is set to a true value)."""
    return os.environ.get(ENV, "").strip().lower() in ("1", "true", "yes", "on")


#: True while setuptools runs setup.py only to ask what the build requires (mypy is not installed
#: yet then): setup.py compiles nothing in that run.
asking_requires = False


def _with_extra(requires: Callable[[], list[str]]) -> list[str]:
    global asking_requires
    asking_requires = True
    try:
        found = requires()
    finally:
        asking_requires = False
    return found + (list(COMPILE_REQUIRES) if compiling() else [])


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _with_extra(lambda: _setuptools.get_requires_for_build_wheel(config_settings))


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _with_extra(lambda: _setuptools.get_requires_for_build_editable(config_settings))
