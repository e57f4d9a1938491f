"""web/build's C (docs/web.md, "The C core in the page"): the package's three extensions compiled
for the page's Python (Pyodide: CPython in WebAssembly) by ziglang's clang and wasm-ld, each a
CPython extension on the stable ABI (``_native.abi3.so``, ``Py_LIMITED_API`` 3.11) linked as a
side module whose C-API names Pyodide's main module gives it. The sources, include folders and
flags are setup.py's own (its extensions read by running it with ``setuptools.setup`` caught:
the one list); the Python headers are the build Python's (3.11 or later), in a copy whose
``pyconfig.h`` has wasm32's sizes (long, size_t and pointers of 4 bytes).

    python web/native_build.py REPO OUT     # OUT/native/<package path>/_native.abi3.so

Prints one line on stderr (what was built, or ``web/build: native core: SKIPPED, why``: no
ziglang, no Python headers, no setuptools to read setup.py with; the page then runs the pure
engine and says why) and, on stdout, the manifest's ``native`` entry as JSON: ``modules``, each
``{"package", "file"}`` (the file under OUT), and ``skipped`` (why there are none, or null).
A source that does not compile fails the build (exit 1): the C is the project's own."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import runpy
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import Any

#: the stable ABI's version the extensions are built for (3.11: Pyodide's CPython is newer)
LIMITED_API = "0x030B0000"
#: pyconfig.h's sizes that differ on wasm32 (4 bytes there, 8 on a 64-bit build Python)
WASM32_SIZES = (
    "SIZEOF_LONG", "SIZEOF_SIZE_T", "SIZEOF_VOID_P", "SIZEOF_UINTPTR_T", "SIZEOF_PTHREAD_T",
    "ALIGNOF_LONG", "ALIGNOF_SIZE_T",
)  # fmt: skip
#: clang's flags beside setup.py's: Pyodide's target as wasm32-wasi's headers give it (zig has no
#: Emscripten libc), position-independent (a side module); no extended-const (Node 20's V8
#: refuses it, Chromium takes it)
COMPILE = ["-target", "wasm32-wasi", "-fPIC", "-std=c11", "-mno-extended-const", "-g0"]
#: wasm-ld's: a side module (dylink.0) whose Python and libc names stay imports, resolved by
#: Pyodide's main module at load (``PyInit__native`` is exported: PyMODINIT_FUNC's visibility)
LINK = ["--experimental-pic", "-shared", "--no-entry", "--unresolved-symbols=import-dynamic"]
#: the module's file name, as Pyodide's import takes it (importlib.machinery.EXTENSION_SUFFIXES)
SUFFIX = ".abi3.so"


class Skipped(Exception):
    """What the build lacks to compile the C (the page runs the pure engine)."""


def extensions(repo: Path) -> list[Any]:
    """setup.py's extensions (``setuptools.Extension``), read by running it as pip does, in the
    repository, with ``setuptools.setup`` caught."""
    try:
        import setuptools
    except ImportError:
        raise Skipped("no setuptools to read setup.py with") from None
    caught: dict[str, Any] = {}
    kept_setup, kept_folder = setuptools.setup, os.getcwd()
    setuptools.setup = lambda **kwargs: caught.update(kwargs)
    os.environ.pop("SUDOKU_REPL_PURE", None)  # (the page's wheel is pure, its C is this)
    try:
        os.chdir(repo)
        runpy.run_path(str(repo / "setup.py"), run_name="setup_read_by_web_build")
    finally:
        setuptools.setup = kept_setup
        os.chdir(kept_folder)
    return list(caught.get("ext_modules") or [])


def headers(into: Path) -> Path:
    """The build Python's headers copied into ``into`` with wasm32's sizes in pyconfig.h."""
    include = Path(sysconfig.get_paths()["include"])
    if not (include / "Python.h").is_file() or not (include / "pyconfig.h").is_file():
        raise Skipped("no Python headers (Debian: apt-get install python3-dev)")
    folder = into / "python"
    shutil.copytree(include, folder)
    config = folder / "pyconfig.h"
    text = config.read_text()
    for name in WASM32_SIZES:
        text, found = re.subn(rf"^#define {name} \d+$", f"#define {name} 4", text, flags=re.M)
        if found != 1:
            raise Skipped(f"pyconfig.h defines {name} {found} times (once expected)")
    config.write_text(text)
    return folder


def build(repo: Path, out: Path) -> list[dict[str, str]]:
    """Compiles each extension into ``out``; the manifest's modules."""
    if importlib.util.find_spec("ziglang") is None:
        raise Skipped("no ziglang (pip install -e '.[portable]')")
    found = extensions(repo)
    if not found:
        raise Skipped("setup.py names no extension")
    zig = [sys.executable, "-m", "ziglang"]
    modules = []
    with tempfile.TemporaryDirectory(prefix="sudoku-repl-wasm-") as temporary:
        folder = Path(temporary)
        python = headers(folder)
        for ext in found:
            flags = [*COMPILE, *ext.extra_compile_args, f"-DPy_LIMITED_API={LIMITED_API}"]
            flags += [f"-D{name}={value}" for name, value in ext.define_macros]
            flags += [f"-I{python}", *(f"-I{repo / d}" for d in ext.include_dirs)]
            objects = []
            for source in ext.sources:
                made = folder / f"{ext.name}.{Path(source).stem}.o"
                run([*zig, "cc", *flags, "-c", str(repo / source), "-o", str(made)])
                objects.append(str(made))
            package, _, name = ext.name.rpartition(".")
            file = Path("native", *package.split("."), name + SUFFIX)
            (out / file).parent.mkdir(parents=True, exist_ok=True)
            run([*zig, "wasm-ld", *LINK, "-o", str(out / file), *objects])
            modules.append({"package": package, "file": file.as_posix()})
    return modules


def run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"web/build: native core: FAILED, {' '.join(command[-4:])}")


def main(repo: Path, out: Path) -> None:
    started, cpu = time.monotonic(), _children_cpu()
    try:
        modules = build(repo, out)
    except Skipped as why:
        print(
            f"web/build: native core: SKIPPED, {why}; the page runs the pure engine",
            file=sys.stderr,
        )
        print(json.dumps({"modules": [], "skipped": str(why)}))
        return
    size = sum((out / module["file"]).stat().st_size for module in modules)
    print(
        f"web/build: native core (C): {len(modules)} modules, {size / 1e6:.1f} MB, "
        f"{time.monotonic() - started:.0f} s ({_children_cpu() - cpu:.0f} s of CPU)",
        file=sys.stderr,
    )
    print(json.dumps({"modules": modules, "skipped": None}))


def _children_cpu() -> float:
    times = os.times()
    return times.children_user + times.children_system


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve())
