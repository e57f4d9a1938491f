"""setuptools' part of the build (the metadata is in pyproject.toml): the package, and the native
core, a C extension (``sudoku_repl/core/_native.c``, docs/native.md). It is optional: where it
cannot be compiled (no C compiler, no Python headers) the install goes on without it, and the
package runs its pure-Python engine (``--version`` says which build runs, and why).

    pip install .      # the native core where a C compiler is present, else pure Python
"""

from __future__ import annotations

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "sudoku_repl.core._native",
            ["sudoku_repl/core/_native.c"],
            optional=True,  # a failed compile leaves the pure engine, not a failed install
            extra_compile_args=["-O2"],
        )
    ]
)
