"""setuptools' part of the build (the metadata is in pyproject.toml): the package, and the native
core, a C extension (``sudoku_repl/core/csrc/``: ``include/native.h`` and a file per concern,
docs/native.md, with Sudoku Explainer's C, the chain search and the ladder, beside its Python,
``sudoku_repl/techniques/explainer/csrc/``). It is optional: where it cannot be compiled (no C compiler, no Python headers)
the install goes on without it, and the package runs its pure-Python engine (``--version`` says
which build runs, and why).

    pip install .      # the native core where a C compiler is present, else pure Python

With GCC or Clang the core is compiled with ``-Wall -Wextra -Werror``: a warning is an error.
Should a compiler of another version warn where ours do not, the build says so and compiles again
without ``-Werror``, so that a user's install keeps its native core; ``SUDOKU_REPL_STRICT_C=1``
(CI sets it) makes that warning fail the build instead. Another compiler gets no extra flags.
"""

from __future__ import annotations

import os
import subprocess
import sys
from glob import glob

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CompileError

CSRC = "sudoku_repl/core/csrc"
# the explainer's C beside the Python it mirrors (the chain search and the ladder below it), the
# same extension
SE_CSRC = "sudoku_repl/techniques/explainer/csrc"
WARNINGS = ["-Wall", "-Wextra"]
STRICT = "SUDOKU_REPL_STRICT_C"


def _gnu_like(command: str) -> bool:
    """Whether the compiler is GCC or Clang (they take the flags above), by its --version."""
    try:
        done = subprocess.run([command, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    said = done.stdout.lower()
    return done.returncode == 0 and ("gcc" in said or "clang" in said or "free software" in said)


class BuildExt(build_ext):
    """build_ext with warnings as errors for the native core, on compilers known to take them."""

    def build_extension(self, ext: Extension) -> None:
        compiler = self.compiler
        if compiler.compiler_type != "unix" or not _gnu_like(compiler.compiler_so[0]):
            super().build_extension(ext)
            return
        lenient = list(ext.extra_compile_args)
        ext.extra_compile_args = [*lenient, *WARNINGS, "-Werror"]
        try:
            super().build_extension(ext)
        except CompileError:
            if os.environ.get(STRICT) == "1":
                raise
            print(
                f"warning: {ext.name} has compiler warnings (an error in CI); built again "
                f"without -Werror ({STRICT}=1 makes them fail the build)",
                file=sys.stderr,
            )
            ext.extra_compile_args = [*lenient, *WARNINGS]
            super().build_extension(ext)


setup(
    cmdclass={"build_ext": BuildExt},
    ext_modules=[
        Extension(
            "sudoku_repl.core._native",
            sorted(glob(f"{CSRC}/*.c")) + sorted(glob(f"{SE_CSRC}/*.c")),
            include_dirs=[f"{CSRC}/include", f"{SE_CSRC}/include"],
            depends=sorted(glob(f"{CSRC}/include/*.h")) + sorted(glob(f"{SE_CSRC}/include/*.h")),
            optional=True,  # a failed compile leaves the pure engine, not a failed install
            extra_compile_args=["-O2"],
        )
    ],
)
