"""setuptools' part of the build (the metadata is in pyproject.toml): the package, and its two C
extensions, a layer each (docs/native.md): the native core (``src/sudoku_repl/core/csrc/``, a file
per concern, each with its header in ``include/``) and, above it, Sudoku Explainer's C, the
chain search, the ladder and the rating's loop, beside the Python it mirrors
(``src/sudoku_repl/techniques/explainer/csrc/``). The explainer's C takes the core's base header and
its bit counts (``bits.c``, compiled into both); the core's C takes nothing of the explainer.
Both are optional: where one cannot be compiled (no C compiler, no Python headers) the install
goes on without it, and the package runs the pure Python in its place (``--version`` says
which build of the core runs, and why; ``python -m sudoku_repl.techniques.explainer.native``
the explainer's).

    pip install .      # the native core and the explainer's C where a C compiler is present

With GCC or Clang the C is compiled with ``-Wall -Wextra -Werror``: a warning is an error.
Should a compiler of another version warn where ours do not, the build says so and compiles again
without ``-Werror``, so that a user's install keeps its native code; ``SUDOKU_REPL_STRICT_C=1``
(CI sets it) makes that warning fail the build instead. Another compiler gets no extra flags.
A build that leaves an extension out says so in a Python warning (pip shows it only with
``-v``, pip 26 with ``-vv``: the program says it again where the user is, once a process, see
tools/rating/se_build.py), and ``SUDOKU_REPL_REQUIRE_C=1`` (a release's wheels) makes it fail
instead.

The C is portable C11 (docs/native.md, "Portable C"): MSVC gets ``/std:c11``; what names a
compiler's own is in one header (``core/csrc/include/portable.h``), with a plain-C way beside
the builtins and intrinsics. ``SUDOKU_REPL_PORTABLE_FALLBACK=1`` builds with the plain C forced
on (``-DSUDOKU_PORTABLE_FALLBACK``), so that CI runs the native tests on it (.ci/portable-c).
GCC and Clang link with link-time optimisation; ``SUDOKU_REPL_NO_LTO=1`` leaves it out (CI's
sanitizer build, .ci/sanitize). The C is compiled at ``-O3``; ``SUDOKU_REPL_C_OPT`` sets another
level (0, 1, 2, 3, s or g: ``SUDOKU_REPL_C_OPT=1`` is ``-O1``, AddressSanitizer's usual level,
which .ci/sanitize takes); MSVC keeps ``/O2``.

``SUDOKU_REPL_LIMITED_API=1`` builds the three on Python's limited API (``Py_LIMITED_API``
0x030B0000: the stable ABI of CPython 3.11 and later), as ``*.abi3.so`` files (``.pyd`` on
Windows) in a wheel tagged ``cp311-abi3``: the release's wheels, one a platform (.ci/wheels,
cibuildwheel's [tool.cibuildwheel], .ci/wheels-cross; docs/release.md) and the C the web page's
WebAssembly build compiles (docs/native.md, "The limited API"); a build from source keeps
CPython's macros (core/csrc/include/pyaccess.h), which run alike.

``SUDOKU_REPL_PURE=1`` builds no C at all: the wheel is the pure Python alone, tagged
``py3-none-any`` (a build whose C fails keeps its platform's tag), for the web page (web/build,
docs/web.md) and for anyone who wants it:

    SUDOKU_REPL_PURE=1 pip wheel --no-deps -w dist .
"""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from glob import glob

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import BaseError, CCompilerError, CompileError

CSRC = "src/sudoku_repl/core/csrc"
# the explainer's C beside the Python it mirrors (the chain search and the ladder below it): an
# extension of its own, above the core's
SE_CSRC = "src/sudoku_repl/techniques/explainer/csrc"
# the measures of difficulty's C (BRT, T&E, backdoors): an extension of its own too
DF_CSRC = "src/sudoku_repl/techniques/difficulty/csrc"
WARNINGS = ["-Wall", "-Wextra"]
STRICT = "SUDOKU_REPL_STRICT_C"
#: set to 1 where a build without its C must fail, not fall back: a release's wheels
#: (.ci/wheels, cibuildwheel's [tool.cibuildwheel] in pyproject.toml)
REQUIRED = "SUDOKU_REPL_REQUIRE_C"
#: set to 1 for a build whose C takes the plain-C way of every builtin and intrinsic
#: (include/portable.h), as a compiler that has none would: CI's check of that way
FALLBACK = "SUDOKU_REPL_PORTABLE_FALLBACK"
#: set to 1 for a build without any C: a pure wheel (py3-none-any), the web page's (docs/web.md)
PURE = "SUDOKU_REPL_PURE"
#: set to 1 for a build without link-time optimisation: CI's sanitizer build (.ci/sanitize), whose
#: compile it made a third longer and whose checks it does not change
NO_LTO = "SUDOKU_REPL_NO_LTO"
#: the optimisation level the C is compiled at (``-O3`` unset): CI's sanitizer build sets 1
OPT = "SUDOKU_REPL_C_OPT"
OPT_LEVELS = ("0", "1", "2", "3", "s", "g")
#: set to 1 for a build on Python's limited API, the stable ABI of 3.11 on (``*.abi3.so``): the C
#: of the web page's WebAssembly modules, run natively (docs/native.md, "The limited API")
LIMITED = "SUDOKU_REPL_LIMITED_API"
#: the oldest Python whose stable ABI the limited build takes (the package's requires-python)
LIMITED_VERSION = "0x030B0000"
#: what setuptools' build_ext passes over for an optional extension (a warning, and no module)
LEFT_OUT = (CCompilerError, CompileError, BaseError)
#: said once when an extension was left out: pip shows it with -v only (it shows a
#: build's output only when the build fails), so the program says it again
PURE_BUILD = """sudoku-repl is installed WITHOUT its native C: {names} could not be compiled (pip install -v shows why).
It runs its pure Python in place of it, with the same results, but about 25x slower to solve and
about 100x slower to rate by Sudoku Explainer's scale (docs/native.md). For the native build
install a C compiler and the Python headers (Debian and Ubuntu: apt-get install gcc python3-dev),
then: pip install --no-cache-dir --force-reinstall sudoku-repl (or the clone's folder in place of
sudoku-repl); a plain pip install takes again the pure wheel pip cached from this build.
sudoku-repl --version then says "native core (C)"."""


def _gnu_like(command: str) -> bool:
    """Whether the compiler is GCC or Clang (they take the flags above), by its --version."""
    try:
        done = subprocess.run([command, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    said = done.stdout.lower()
    return done.returncode == 0 and ("gcc" in said or "clang" in said or "free software" in said)


class BuildExt(build_ext):
    """build_ext with warnings as errors for the native core, on compilers known to take them,
    and a warning that says what a build without its C means (``PURE_BUILD``)."""

    def run(self) -> None:
        self.left_out: list[str] = []
        super().run()
        if self.left_out:  # (a Python warning: pip shows a build backend's without -v)
            names = ", ".join(self.left_out[:-1]) + " and " if len(self.left_out) > 1 else ""
            warnings.warn(PURE_BUILD.format(names=names + self.left_out[-1]), stacklevel=1)

    def build_extension(self, ext: Extension) -> None:
        try:
            self._build_strict(ext)
        except LEFT_OUT:
            self.left_out.append(ext.name)
            raise  # (setuptools passes over an optional extension's failure with a warning)

    def _build_strict(self, ext: Extension) -> None:
        compiler = self.compiler
        if compiler.compiler_type == "msvc":  # (C11 is not its default: static inline, ...)
            ext.extra_compile_args = ["/std:c11", "/O2"]
        if compiler.compiler_type != "unix" or not _gnu_like(compiler.compiler_so[0]):
            super().build_extension(ext)
            return
        # link-time optimisation: the explainer's techniques call each other's helpers across
        # files (about 2% less CPU a generated puzzle, measured on a fixed workload)
        if os.environ.get(NO_LTO) != "1":
            ext.extra_compile_args = [*ext.extra_compile_args, "-flto"]
            ext.extra_link_args = [*ext.extra_link_args, "-flto", _optimisation()]
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


def _optimisation() -> str:
    """The compiler's optimisation flag: ``-O3``, or the level ``SUDOKU_REPL_C_OPT`` sets."""
    level = os.environ.get(OPT) or "3"
    if level not in OPT_LEVELS:
        raise SystemExit(f"{OPT}={level}: not a level; accepted: {', '.join(OPT_LEVELS)}")
    return f"-O{level}"


def _extension(name: str, sources: list[str], folders: list[str]) -> Extension:
    """An optional extension: a failed compile leaves the pure Python, not a failed install."""
    limited = os.environ.get(LIMITED) == "1"
    macros = [("SUDOKU_PORTABLE_FALLBACK", "1")] if os.environ.get(FALLBACK) == "1" else []
    return Extension(
        name,
        sources,
        include_dirs=[f"{folder}/include" for folder in folders],
        depends=[h for folder in folders for h in sorted(glob(f"{folder}/include/*.h"))],
        optional=os.environ.get(REQUIRED) != "1",
        extra_compile_args=[_optimisation()],
        define_macros=[*macros, ("Py_LIMITED_API", LIMITED_VERSION)] if limited else macros,
        py_limited_api=limited,
    )


def _extensions() -> list[Extension]:
    """The three C extensions; none for a pure build (``PURE``), which a release's build that
    requires its C (``REQUIRED``) refuses."""
    if os.environ.get(PURE) != "1":
        return [
            _extension("sudoku_repl.core._native", sorted(glob(f"{CSRC}/*.c")), [CSRC]),
            _extension(
                "sudoku_repl.techniques.explainer._native",
                [*sorted(glob(f"{SE_CSRC}/*.c")), f"{CSRC}/bits.c"],
                [SE_CSRC, CSRC],
            ),
            _extension(
                "sudoku_repl.techniques.difficulty._native",
                [*sorted(glob(f"{DF_CSRC}/*.c")), f"{CSRC}/bits.c"],
                [DF_CSRC, CSRC],
            ),
        ]
    if os.environ.get(REQUIRED) == "1":
        raise SystemExit(f"{PURE}=1 builds no C, which {REQUIRED}=1 requires: unset one of them")
    return []


def _options() -> dict[str, dict[str, str]]:
    """A limited build's wheel is tagged for the stable ABI (``cp311-abi3``: one wheel a platform
    for CPython 3.11 and every later one), not for the Python that built it."""
    if os.environ.get(LIMITED) == "1" and os.environ.get(PURE) != "1":
        return {"bdist_wheel": {"py_limited_api": "cp311"}}
    return {}


setup(cmdclass={"build_ext": BuildExt}, ext_modules=_extensions(), options=_options())
