"""The build and the checks of .ci/wheels-cross (its header says what and why), run by it in its
tools' virtual environment: ``python .ci/wheels_cross.py TMP OUT`` (TMP holding ``src``, the
clone, and ``pure``, its pure wheel)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import runpy
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import urllib.request
from pathlib import Path

#: CPython 3.11.2's source as Debian's archive holds it (bookworm's python3.11: the upstream
#: tarball, python.org's Python-3.11.2.tgz, under Debian's name)
CPYTHON = "http://deb.debian.org/debian/pool/main/p/python3.11/python3.11_3.11.2.orig.tar.gz"
CPYTHON_SHA256 = "2411c74bda5bbcfcddaf4531f66d1adc73f247f529aee981b029513aefdbf849"
LIMITED = "0x030B0000"
#: platform tag: clang's target, Windows (True) or macOS, dlltool's machine, the platform pip is
#: asked for (a user's)
TARGETS = {
    "win_amd64": ("x86_64-windows-gnu", True, "i386:x86-64", "win_amd64"),
    "win_arm64": ("aarch64-windows-gnu", True, "arm64", "win_arm64"),
    "macosx_11_0_arm64": ("aarch64-macos.11.0", False, "", "macosx_14_0_arm64"),
    "macosx_11_0_x86_64": ("x86_64-macos.11.0", False, "", "macosx_13_0_x86_64"),
}
PYTHONS = ("3.11", "3.12", "3.13", "3.14")
#: the flags of every compile: setup.py's (-O3, the warnings as errors) and CPython's own for
#: an extension (-DNDEBUG, -fwrapv); C11 as MSVC is asked for it
FLAGS = ["-shared", "-std=c11", "-O3", "-s", "-DNDEBUG", "-fwrapv", "-Wall", "-Wextra", "-Werror"]


def say(line: str) -> None:
    print(f"wheels-cross: {line}", flush=True)


def fail(line: str) -> None:
    say(f"FAILED, {line}")
    raise SystemExit(1)


def run(*argv: str | Path, cwd: Path | None = None) -> str:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        fail(f"{' '.join(map(str, argv[:4]))} ...: {(done.stderr or done.stdout).strip()[-2000:]}")
    return done.stdout


def zig(*argv: str | Path, cwd: Path | None = None) -> str:
    return run(sys.executable, "-m", "ziglang", *argv, cwd=cwd)


def cpython(tmp: Path) -> Path:
    """CPython 3.11.2's Include/, PC/pyconfig.h and PC/python3dll.c, downloaded and checked."""
    tarball = tmp / "cpython.tar.gz"
    with urllib.request.urlopen(CPYTHON, timeout=300) as answer:
        tarball.write_bytes(answer.read())
    digest = hashlib.sha256(tarball.read_bytes()).hexdigest()
    if digest != CPYTHON_SHA256:
        fail(f"{CPYTHON}: SHA-256 {digest}, not {CPYTHON_SHA256}")
    wanted = (
        "Python-3.11.2/Include/",
        "Python-3.11.2/PC/pyconfig.h",
        "Python-3.11.2/PC/python3dll.c",
    )
    with tarfile.open(tarball) as archive:
        members = [m for m in archive.getmembers() if m.name.startswith(wanted)]
        archive.extractall(tmp, members=members, filter="data")
    return tmp / "Python-3.11.2"


def includes(source: Path, tmp: Path) -> dict[bool, Path]:
    """The headers of each system: Include/ with Windows's pyconfig.h, and with this machine's
    (a copy each: Python.h takes pyconfig.h from its own folder first)."""
    folders = {}
    own = Path(sysconfig.get_config_h_filename())
    if (
        sysconfig.get_config_var("SIZEOF_VOID_P") != 8
        or sysconfig.get_config_var("SIZEOF_LONG") != 8
    ):
        fail(f"{own} is not an LP64 pyconfig.h (macOS's sizes): run this on a 64-bit Linux")
    for windows, config in ((True, source / "PC" / "pyconfig.h"), (False, own)):
        folder = tmp / ("include-windows" if windows else "include-macos")
        shutil.copytree(source / "Include", folder)
        shutil.copy(config, folder / "pyconfig.h")
        folders[windows] = folder
    return folders


def exports(source: Path) -> list[tuple[str, bool]]:
    """python3.dll's exports in 3.11 (PC/python3dll.c): each name, and whether it is data."""
    text = (source / "PC" / "python3dll.c").read_text()
    found = [
        (name, kind == "DATA")
        for kind, name in re.findall(r"^EXPORT_(FUNC|DATA)\((\w+)\)", text, re.M)
    ]
    if len(found) < 800:
        fail(f"PC/python3dll.c: {len(found)} exports read, fewer than 3.11's")
    return found


def import_library(names: list[tuple[str, bool]], machine: str, tmp: Path) -> Path:
    definition = tmp / "python3.def"
    lines = [f"    {name}{' DATA' if data else ''}" for name, data in names]
    definition.write_text("LIBRARY python3.dll\nEXPORTS\n" + "\n".join(lines) + "\n")
    library = tmp / f"python3-{machine.replace(':', '_')}.lib"
    zig("dlltool", "-d", definition, "-l", library, "-m", machine)
    return library


def extensions(src: Path) -> list[dict[str, object]]:
    """setup.py's extensions on the limited API, as it hands them to setuptools."""
    import setuptools

    os.environ["SUDOKU_REPL_LIMITED_API"] = "1"
    caught: dict[str, object] = {}
    here = os.getcwd()
    os.chdir(src)
    setuptools.setup = lambda **kwargs: caught.update(kwargs)  # type: ignore[assignment]
    try:
        runpy.run_path(str(src / "setup.py"), run_name="setup_read")
    finally:
        os.chdir(here)
    found = []
    for ext in caught["ext_modules"]:  # type: ignore[attr-defined]
        macros = [f"-D{k}={v}" if v is not None else f"-D{k}" for k, v in ext.define_macros]
        if f"-DPy_LIMITED_API={LIMITED}" not in macros:
            fail(f"{ext.name}: setup.py's limited build does not define Py_LIMITED_API={LIMITED}")
        found.append(
            {
                "name": ext.name,
                "sources": ext.sources,
                "include": ext.include_dirs,
                "macros": macros,
            }
        )
    if len(found) != 3:
        fail(f"setup.py names {len(found)} extensions, not the three")
    return found


def build(
    platform: str,
    exts: list[dict[str, object]],
    src: Path,
    heads: dict[bool, Path],
    libraries: dict[str, Path],
    tmp: Path,
) -> Path:
    """The platform's wheel: the pure wheel's files, its three modules, its tag."""
    target, windows, machine, _ = TARGETS[platform]
    tree = tmp / f"wheel-{platform}"
    pure = next((tmp / "pure").glob("*.whl"))
    run(sys.executable, "-m", "wheel", "unpack", "-d", tree, pure)
    (root,) = tree.iterdir()
    for ext in exts:
        name = str(ext["name"])
        module = root / (name.replace(".", "/") + (".pyd" if windows else ".abi3.so"))
        argv: list[str | Path] = [
            "cc",
            "-target",
            target,
            *FLAGS,
            *ext["macros"],
            "-I",
            heads[windows],
        ]  # type: ignore[list-item]
        argv += [f"-I{src / folder}" for folder in ext["include"]]  # type: ignore[attr-defined]
        argv += [src / s for s in ext["sources"]]  # type: ignore[attr-defined]
        if windows:
            argv += ["-DMS_WIN64", libraries[machine]]
        else:
            argv += ["-Wl,-undefined,dynamic_lookup"]
        # (built in a folder of its own: the linker leaves an import library beside a DLL)
        built = tmp / f"build-{platform}-{name}"
        built.mkdir()
        zig(*argv, "-o", built / module.name)
        shutil.copy(built / module.name, module)
    info = next(root.glob("*.dist-info")) / "WHEEL"
    lines = [
        line
        for line in info.read_text().splitlines()
        if line.strip() and not line.startswith(("Tag:", "Root-Is-Purelib:"))
    ]
    info.write_text(
        "\n".join([*lines, "Root-Is-Purelib: false", f"Tag: cp311-abi3-{platform}", ""])
    )
    made = tmp / f"made-{platform}"
    made.mkdir()
    run(sys.executable, "-m", "wheel", "pack", "-d", made, root)
    (wheel,) = made.glob("*.whl")
    return wheel


def picked(wheel: Path, platform: str, out: Path, tmp: Path) -> None:
    """pip, asked for the package on the platform and each Python, takes this wheel."""
    asked = TARGETS[platform][3]
    version = wheel.name.split("-")[1]
    for python in PYTHONS:
        folder = tmp / f"pip-{platform}-{python}"
        run(
            sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
            "--no-deps", "--no-index", "--find-links", out, "--only-binary=:all:",
            "--platform", asked, "--python-version", python, "--implementation", "cp",
            "-d", folder, f"sudoku-repl=={version}",
        )  # fmt: skip
        got = [p.name for p in folder.iterdir()]
        if got != [wheel.name]:
            fail(f"pip took {got} for CPython {python} on {asked}, not {wheel.name}")


def loader(tmp: Path, names: list[tuple[str, bool]]) -> tuple[Path, Path] | None:
    """A python3.dll exporting exactly 3.11's stable ABI (stubs: nothing is called) and a
    program that loads each module given and finds its PyInit, for win_amd64 under wine64."""
    wine = shutil.which("wine64") or (
        "/usr/lib/wine/wine64" if Path("/usr/lib/wine/wine64").exists() else None
    )
    if wine is None:
        say("wine: SKIPPED, no wine64 here (apt-get install wine64) to load the win_amd64 modules")
        return None
    folder = tmp / "wine"
    folder.mkdir()
    stubs = [
        f"__declspec(dllexport) char {name}[256];"
        if data
        else f"__declspec(dllexport) void {name}(void) {{}}"
        for name, data in names
    ]
    (folder / "python3.c").write_text("\n".join(stubs) + "\n")
    zig(
        "cc",
        "-target",
        "x86_64-windows-gnu",
        "-shared",
        "-O1",
        "-o",
        folder / "python3.dll",
        folder / "python3.c",
    )
    (folder / "load.c").write_text(
        "#include <windows.h>\n#include <stdio.h>\n"
        "int main(int argc, char **argv) {\n"
        "    int bad = 0;\n"
        "    for (int i = 1; i < argc; i++) {\n"
        "        HMODULE m = LoadLibraryExA(argv[i], NULL, LOAD_WITH_ALTERED_SEARCH_PATH);\n"
        '        FARPROC f = m ? GetProcAddress(m, "PyInit__native") : NULL;\n'
        '        printf("%s %s %lu\\n", f ? "loaded" : "FAILED", argv[i], (unsigned long)GetLastError());\n'
        "        bad += !f;\n"
        "    }\n"
        "    return bad;\n"
        "}\n"
    )
    zig("cc", "-target", "x86_64-windows-gnu", "-O1", "-o", folder / "load.exe", folder / "load.c")
    return Path(wine), folder


def loaded(wheel: Path, wine: Path, folder: Path, tmp: Path) -> int:
    """Each module of the win_amd64 wheel loaded under wine beside the stub python3.dll."""
    tree = tmp / "wine-wheel"
    run(sys.executable, "-m", "wheel", "unpack", "-d", tree, wheel)
    modules = sorted(tree.rglob("*.pyd"))
    names = []
    for k, module in enumerate(modules):
        copy = folder / f"m{k}.pyd"
        shutil.copy(module, copy)
        names.append(copy.name)
    # (wine binds an import the DLL does not export to a stub that fails only when called, and
    # says so among the loader's warnings: those are read, the rest silenced)
    env = {**os.environ, "WINEPREFIX": str(tmp / "wineprefix"), "WINEDEBUG": "-all,warn+module"}
    done = subprocess.run(
        [str(wine), "load.exe", *names],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    said = [line for line in done.stdout.splitlines() if line.startswith(("loaded", "FAILED"))]
    if (
        done.returncode != 0
        or len(said) != len(modules)
        or not all(s.startswith("loaded") for s in said)
    ):
        fail(f"wine: {done.stdout.strip()} {done.stderr.strip()[-500:]}")
    missing = [line for line in done.stderr.splitlines() if "No implementation for" in line]
    if missing:
        fail(f"wine: imports python3.dll of 3.11 does not export: {' '.join(missing)[:2000]}")
    return len(modules)


def imports_exported(wheel: Path, names: list[tuple[str, bool]]) -> int:
    """Every name a Windows module imports from python3.dll is one 3.11's python3.dll exports
    (its import table, read by pefile, abi3audit's own reader), and it imports no other
    Python DLL (python311.dll: the version-bound ABI): how many names were imported."""
    import zipfile

    import pefile

    exported = {name for name, _ in names}
    count = 0
    with zipfile.ZipFile(wheel) as archive:
        for member in (m for m in archive.namelist() if m.endswith(".pyd")):
            pe = pefile.PE(data=archive.read(member))
            for entry in pe.DIRECTORY_ENTRY_IMPORT:
                dll = entry.dll.decode().lower()
                if dll.startswith("python") and dll != "python3.dll":
                    fail(f"{wheel.name}: {member} imports {dll}, not the stable ABI's python3.dll")
                if dll != "python3.dll":
                    continue
                wanted = {i.name.decode() for i in entry.imports if i.name}
                if wanted - exported:
                    fail(
                        f"{wheel.name}: {member} imports {sorted(wanted - exported)}, which 3.11's python3.dll does not export"
                    )
                count += len(wanted)
    return count


def main() -> None:
    tmp, out = Path(sys.argv[1]), Path(sys.argv[2])
    src = tmp / "src"
    source = cpython(tmp)
    heads = includes(source, tmp)
    names = exports(source)
    machines = {TARGETS[p][2] for p in TARGETS if TARGETS[p][1]}
    libraries = {machine: import_library(names, machine, tmp) for machine in machines}
    exts = extensions(src)
    say(
        f"CPython 3.11.2's headers ({CPYTHON}), python3.dll's {len(names)} exports; "
        f"{', '.join(str(e['name']) for e in exts)}"
    )
    wheels = {}
    for platform in TARGETS:
        wheel = build(platform, exts, src, heads, libraries, tmp)
        shutil.copy(wheel, out / wheel.name)
        wheels[platform] = out / wheel.name
        say(f"built {wheel.name}")
    for platform, wheel in wheels.items():
        run(sys.executable, "-m", "abi3audit", "--strict", "--assume-minimum-abi3", "3.11", wheel)
        contents = run(sys.executable, "-m", "check_wheel_contents", wheel)
        if not contents.strip().endswith("OK"):
            fail(f"check-wheel-contents: {contents.strip()}")
        picked(wheel, platform, out, tmp)
        if TARGETS[platform][1]:
            count = imports_exported(wheel, names)
            say(f"{wheel.name}: its {count} imports of python3.dll all in 3.11's export list")
        say(
            f"{wheel.name}: abi3audit clean, check-wheel-contents OK, pip takes it for CPython "
            f"{', '.join(PYTHONS)} on {TARGETS[platform][3]}"
        )
    wine = loader(tmp, names)
    if wine is not None:
        count = loaded(wheels["win_amd64"], *wine, tmp)
        say(
            f"wine: {count} modules of {wheels['win_amd64'].name} loaded against 3.11's python3.dll exports"
        )
    print(json.dumps({p: w.name for p, w in wheels.items()}))


if __name__ == "__main__":
    main()
