"""web/build's C (docs/web.md, "The C core in the page"): the package's three extensions compiled
for the page's Python (Pyodide: CPython in WebAssembly) by ziglang's clang and wasm-ld, each a
CPython extension on the stable ABI (``_native.abi3.so``, ``Py_LIMITED_API`` 3.11) linked as a
side module whose C-API names Pyodide's main module gives it. The sources, include folders and
flags are setup.py's own (its extensions read by running it with ``setuptools.setup`` caught:
the one list); the Python headers are the build Python's (3.11 or later), in a copy whose
``pyconfig.h`` has wasm32's sizes (long, size_t and pointers of 4 bytes).

    python web/native_build.py REPO OUT          # OUT/native/<package path>/_native.abi3.so
    python web/native_build.py --pure REPO OUT   # none: a page on the pure engine, asked for
    python web/native_build.py --check REPO OUT  # fails unless OUT has every module setup.py names

The page's C is its default: where the build Python has no ziglang (or no setuptools to read
setup.py with), they are installed into a folder of the user's cache (``TOOLS``, ``ZIGLANG``
pinned) by pip; where that fails, or the Python has no headers, the build stops (exit 1) with one line
saying how to give it what it lacks, or to ask for a pure page by name (``web/build --pure``). A
source that does not compile fails the build too: the C is the project's own.

Prints one line on stderr (what was built, or why it stopped) and, on stdout, the manifest's
``native`` entry as JSON: ``modules``, each ``{"package", "file"}`` (the file under OUT), and
``skipped`` (why there are none: a pure page asked for; else null)."""

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
#: the ziglang the page's C is compiled with where the build Python has none (the one pin: the
#: modules a zig makes are that zig's), and the setuptools setup.py is read with where it has none
ZIGLANG, SETUPTOOLS = "ziglang==0.17.1", "setuptools>=77"
#: where they are installed then, under the user's cache folder (XDG_CACHE_HOME, else ~/.cache):
#: one folder a Python version and ziglang pin, kept for the next build (of any checkout)
TOOLS = Path("sudoku-repl", "web-build")
#: what a pure page is built for, in the manifest (the page's welcome says it)
PURE = "web/build --pure asked for none"
#: the first bytes of a WebAssembly module (its magic number and version 1)
WASM = b"\0asm\1\0\0\0"
#: how to go on without the C: the one way, asked for by name
ASK_PURE = "or build a page without C by name: web/build --pure OUT"


class Missing(Exception):
    """What the build lacks to compile the C, and how to give it (the build stops)."""


def tools() -> None:
    """ziglang and setuptools importable here and in the zig it runs: installed into ``TOOLS``
    by pip where this Python has none, once (the folder is kept for the next build)."""
    wanted = {name: req for name, req in (("ziglang", ZIGLANG), ("setuptools", SETUPTOOLS))}
    wanted = {n: r for n, r in wanted.items() if importlib.util.find_spec(n) is None}
    if not wanted:
        return
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    folder = cache / TOOLS / f"py{sys.version_info[0]}{sys.version_info[1]}-{ZIGLANG}"
    if not all((folder / name).is_dir() for name in wanted):
        install(folder, list(wanted.values()))
    sys.path.insert(0, str(folder))
    importlib.invalidate_caches()
    # (the zig run as `python -m ziglang` finds it there too)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(folder), *filter(None, [os.environ.get("PYTHONPATH")])]
    )


def install(folder: Path, requirements: list[str]) -> None:
    """``requirements`` installed into ``folder`` by this Python's pip, or ``Missing``."""
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
               "--target", str(folder), *requirements]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode == 0:
        return
    said = [line for line in done.stderr.splitlines() if line.strip()] or ["no output"]
    errors = [line for line in said if line.startswith("ERROR")]
    asked = " ".join(f"'{r}'" for r in requirements)
    raise Missing(
        f"{sys.executable} has no {', '.join(requirements)} and its pip could not install them "
        f"({(errors or said)[-1].strip()}): install them ({sys.executable} -m pip install "
        f"{asked}), {ASK_PURE}"
    )


def extensions(repo: Path) -> list[Any]:
    """setup.py's extensions (``setuptools.Extension``), read by running it as pip does, in the
    repository, with ``setuptools.setup`` caught."""
    import setuptools

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
        raise Missing(
            f"{sys.executable} has no Python headers (no Python.h in {include}): install them "
            f"(Debian: apt-get install python{sys.version_info[0]}-dev) or name a Python that "
            f"has them (PYTHON=...), {ASK_PURE}"
        )
    folder = into / "python"
    shutil.copytree(include, folder)
    config = folder / "pyconfig.h"
    text = config.read_text()
    for name in WASM32_SIZES:
        text, found = re.subn(rf"^#define {name} \d+$", f"#define {name} 4", text, flags=re.M)
        if found != 1:
            raise Missing(f"pyconfig.h defines {name} {found} times (once expected), {ASK_PURE}")
    config.write_text(text)
    return folder


def build(repo: Path, out: Path) -> list[dict[str, str]]:
    """Compiles each extension into ``out``; the manifest's modules."""
    tools()
    found = extensions(repo)
    if not found:
        raise SystemExit("web/build: native core: FAILED, setup.py names no extension")
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
    except Missing as why:
        raise SystemExit(f"web/build: native core: cannot build it: {why}") from None
    size = sum((out / module["file"]).stat().st_size for module in modules)
    print(
        f"web/build: native core (C): {len(modules)} modules, {size / 1e6:.1f} MB, "
        f"{time.monotonic() - started:.0f} s ({_children_cpu() - cpu:.0f} s of CPU)",
        file=sys.stderr,
    )
    print(json.dumps({"modules": modules, "skipped": None}))


def pure() -> None:
    """The manifest's entry of a page without C, asked for by name."""
    print("web/build: native core: none (--pure): the page runs the pure engine", file=sys.stderr)
    print(json.dumps({"modules": [], "skipped": PURE}))


def check(repo: Path, out: Path) -> None:
    """Fails (exit 1, one line) unless the page in ``out`` has each module setup.py names, as a
    WebAssembly file its manifest names."""
    tools()
    wanted = {ext.name.rpartition(".")[0] for ext in extensions(repo)}
    manifest = json.loads((out / "manifest.json").read_text())
    named = {
        m["package"]: out / m["file"] for m in (manifest.get("native") or {}).get("modules", [])
    }
    lacking = sorted(
        package for package in wanted
        if package not in named or not named[package].is_file()
        or named[package].read_bytes()[: len(WASM)] != WASM
    )  # fmt: skip
    if lacking or not wanted:
        raise SystemExit(
            f"web/build: the page in {out} lacks its C module of {', '.join(lacking) or 'setup.py'}"
        )
    print(f"web/build: the page has its {len(wanted)} C modules", file=sys.stderr)


def _children_cpu() -> float:
    times = os.times()
    return times.children_user + times.children_system


if __name__ == "__main__":
    mode = sys.argv[1] if sys.argv[1:2] in (["--pure"], ["--check"]) else None
    folders = [Path(a).resolve() for a in sys.argv[1 + (mode is not None) :]]
    if len(folders) != 2:
        raise SystemExit("usage: native_build.py [--pure | --check] REPO OUT")
    {"--pure": lambda r, o: pure(), "--check": check, None: main}[mode](*folders)
