"""What each C extension exports: its ``PyInit_*`` entry and nothing else. The C's own functions
and tables are internal to their module (each header declares them under ``#pragma GCC
visibility push(hidden)``); an exported one can clash with a like-named symbol of another
library loaded in the same process, and is a name the module never meant to offer. Read from
the built module's dynamic symbol table (ELF's ``.dynsym``, parsed here: no binutils needed);
a build without a module, or one that is not ELF, skips with its reason."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path

import pytest

#: the three C extensions (setup.py's list)
MODULES = (
    "sudoku_repl.core._native",
    "sudoku_repl.techniques.explainer._native",
    "sudoku_repl.techniques.difficulty._native",
)

SHT_DYNSYM = 11
SHN_UNDEF = 0
STB_GLOBAL, STB_WEAK = 1, 2
STV_DEFAULT, STV_PROTECTED = 0, 3


def exported(data: bytes) -> list[str]:
    """The names an ELF shared object exports: the defined global and weak symbols of its
    dynamic symbol table whose visibility lets them leave it (default or protected)."""
    if data[:4] != b"\x7fELF":
        raise ValueError("not an ELF file")
    wide = data[4] == 2  # ELFCLASS64
    end = "<" if data[5] == 1 else ">"  # ELFDATA2LSB
    if wide:
        shoff, shentsize, shnum = (
            struct.unpack_from(end + "Q", data, 0x28)[0],
            *struct.unpack_from(end + "HH", data, 0x3A),
        )
    else:
        shoff, shentsize, shnum = (
            struct.unpack_from(end + "I", data, 0x20)[0],
            *struct.unpack_from(end + "HH", data, 0x2E),
        )

    def section(i: int) -> tuple[int, int, int, int, int]:
        """A section's type, file offset, size, linked section and entry size."""
        at = shoff + i * shentsize
        if wide:
            _, kind, _, _, offset, size, link, _, _, entsize = struct.unpack_from(
                end + "IIQQQQIIQQ", data, at
            )
        else:
            _, kind, _, _, offset, size, link, _, _, entsize = struct.unpack_from(
                end + "IIIIIIIIII", data, at
            )
        return kind, offset, size, link, entsize

    names: list[str] = []
    for i in range(shnum):
        kind, offset, size, link, entsize = section(i)
        if kind != SHT_DYNSYM:
            continue
        strings = section(link)[1]
        for at in range(offset + entsize, offset + size, entsize):  # (entry 0 is the null one)
            if wide:
                name, info, other, shndx = struct.unpack_from(end + "IBBH", data, at)
            else:
                name, _, _, info, other, shndx = struct.unpack_from(end + "IIIBBH", data, at)
            if shndx == SHN_UNDEF or info >> 4 not in (STB_GLOBAL, STB_WEAK):
                continue
            if other & 3 not in (STV_DEFAULT, STV_PROTECTED):
                continue
            stop = data.index(b"\0", strings + name)
            names.append(data[strings + name : stop].decode())
    return sorted(names)


def built(module: str) -> Path:
    """The built module's file, or a skip saying why there is none to read."""
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        pytest.skip(f"{module} is not built here (a pure build)")
    path = Path(spec.origin)
    if path.read_bytes()[:4] != b"\x7fELF":
        pytest.skip(f"{path.name} is not an ELF shared object")
    return path


@pytest.mark.parametrize("module", MODULES)
def test_a_c_extension_exports_only_its_init_function(module: str) -> None:
    path = built(module)
    assert exported(path.read_bytes()) == ["PyInit__native"], path


def test_the_reader_finds_a_default_visibility_symbol_and_passes_over_a_hidden_one(
    tmp_path: Path,
) -> None:
    """The reader itself, on a library of one exported and one hidden function, compiled here
    (so that the test above cannot pass by reading nothing)."""
    import shutil
    import subprocess

    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler here to build the reader's sample library")
    (tmp_path / "sample.c").write_text(
        "int shown(int x) { return x + 1; }\n"
        '__attribute__((visibility("hidden"))) int kept(int x) { return x + 2; }\n'
        "int calls_kept(int x) { return kept(x); }\n"
    )
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-o", "sample.so", "sample.c"], cwd=tmp_path, check=True
    )
    assert exported((tmp_path / "sample.so").read_bytes()) == ["calls_kept", "shown"]
