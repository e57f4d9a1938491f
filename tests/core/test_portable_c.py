"""The C on a 32-bit target: the native core's counter and the compilers'
shim (``core/csrc/counting.c``, ``include/portable.h``), built without Python and without a C
library, with an entry of a few exported functions (``tests/native/count_check.c``): for this
machine with its C compiler, a shared library called through ctypes, and for WebAssembly
(wasm32: 32-bit pointers and ``long``) with ziglang's clang, a freestanding module called
through wasmtime's API, twice, with the builtins and with the plain C forced on
(``SUDOKU_PORTABLE_FALLBACK``). The bit scans and the 128-bit product must match Python's
integers; the three builds must give the same solution counts (the pure counter's) and the same
guess counts on twenty quizzes. Where ziglang or wasmtime is absent (``pip install
'.[portable]'``) or there is no C compiler, the check skips with one line; where
``SUDOKU_REPL_EXPECT_NATIVE=1`` (``.ci/run``'s main job, which installs them), it fails.

The module needs no C library (WASI's, which zig built for the check program this replaced,
took some 25 s of a core): each source is compiled against WASI's headers (``-c``: the counter
includes ``<string.h>``; nothing is linked), and the objects are linked for wasm32-freestanding
with zig's compiler-rt alone (the 128-bit product's ``__multi3`` on a 32-bit target); the
module imports nothing."""

from __future__ import annotations

import ctypes
import importlib.util
import os
import random
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.helpers import PUZZLES, REPO

CORE = REPO / "src" / "sudoku_repl" / "core" / "csrc"
CHECK = REPO / "tests" / "native" / "count_check.c"
LIMIT = 200  # (the quizzes of several solutions have up to a few hundred)
FLAGS = ["-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", f"-I{CORE / 'include'}"]
SOURCES = [str(CHECK), str(CORE / "counting.c")]
#: the entry's functions (count_check.c): their arguments' and result's C types, for ctypes
ENTRY = {
    "check_cells": ((), ctypes.c_void_p),
    "check_answers": ((), ctypes.c_void_p),
    "check_count": ((ctypes.c_int64,), ctypes.c_int),
    "check_bits": ((ctypes.c_uint64, ctypes.c_uint64), ctypes.c_int),
}
WORD = 1 << 64
#: the twenty quizzes' solution counts up to LIMIT, as the pure counter (``count_pure``) gives
#: them, written out: one solution each for the hardest twelve, several (the last one stopped at
#: the limit) for three, none for three, one for the easy two
COUNTS = [1] * 12 + [125, 200, 113] + [0] * 3 + [1, 1]
#: the guesses each of those searches makes: the path that the counter's rules (their order
#: included) and its choice of the guessed cell (the two-digit cell with the most open cells in
#: its row, column and box, the first such) take; a rewrite of either that keeps the counts
#: but not the path shows here
GUESSES = [442, 302, 210, 300, 165, 165, 379, 212, 285, 359, 339, 354, 254, 419, 240]
GUESSES += [170, 319, 584, 0, 0]


class Check:
    """One build of the entry: its counts and bit answers (None where it refuses: -1), through
    the build's own calls and memory (``call``, ``read``, ``write``)."""

    #: the byte order of the answers' int64_t (struct's code)
    order = "="

    def call(self, name: str, *numbers: int) -> int:
        """The entry's function ``name`` on ``numbers``: its result."""
        raise NotImplementedError

    def read(self, address: int, size: int) -> bytes:
        """``size`` bytes of the build's memory at ``address``."""
        raise NotImplementedError

    def write(self, address: int, data: bytes) -> None:
        """``data`` into the build's memory at ``address``."""
        raise NotImplementedError

    def count(self, limit: int, cells: bytes) -> tuple[int, int] | None:
        """The grid's solutions counted up to ``limit``, and the guesses the search made."""
        self.write(self.call("check_cells"), cells)
        if self.call("check_count", limit) != 0:
            return None
        found, guesses = self._answers()[:2]
        return found, guesses

    def bits(self, x: int, y: int) -> str | None:
        """CTZ64 CLZ32 POPCOUNT64 MULHIGH64 CTZ32 of ``x`` (and ``y``), as _expected_bits says."""
        if self.call("check_bits", x, y) != 0:
            return None
        ctz64, clz32, popcount, high, ctz32 = self._answers()
        return f"{ctz64} {clz32} {popcount} {high % WORD:x} {ctz32}"

    def _answers(self) -> tuple[int, ...]:
        return struct.unpack(f"{self.order}5q", self.read(self.call("check_answers"), 40))


class NativeCheck(Check):
    """The entry built as a shared library for this machine, called through ctypes."""

    def __init__(self, library: Path) -> None:
        self.library = ctypes.CDLL(str(library))
        for name, (arguments, result) in ENTRY.items():
            function = getattr(self.library, name)
            function.argtypes, function.restype = arguments, result

    def call(self, name: str, *numbers: int) -> int:
        answer = getattr(self.library, name)(*numbers)
        assert isinstance(answer, int)
        return answer

    def read(self, address: int, size: int) -> bytes:
        return ctypes.string_at(address, size)

    def write(self, address: int, data: bytes) -> None:
        ctypes.memmove(address, data, len(data))


class WasmCheck(Check):
    """The entry built as a freestanding wasm32 module, called through wasmtime's API (its i64
    arguments signed)."""

    order = "<"

    def __init__(self, module: Path) -> None:
        import wasmtime

        engine = wasmtime.Engine()
        self.store = wasmtime.Store(engine)
        compiled = wasmtime.Module.from_file(engine, str(module))
        assert not compiled.imports  # (no C library, no WASI: nothing to give it)
        self.exports = wasmtime.Instance(self.store, compiled, []).exports(self.store)
        memory = self.exports["memory"]
        assert isinstance(memory, wasmtime.Memory)
        self.memory = memory

    def call(self, name: str, *numbers: int) -> int:
        import wasmtime

        function = self.exports[name]
        assert isinstance(function, wasmtime.Func)
        answer = function(self.store, *(n - WORD if n >= WORD // 2 else n for n in numbers))
        assert isinstance(answer, int)
        return answer

    def read(self, address: int, size: int) -> bytes:
        return bytes(self.memory.read(self.store, address, address + size))

    def write(self, address: int, data: bytes) -> None:
        self.memory.write(self.store, data, address)


def _quizzes() -> list[str]:
    """Twenty quizzes: twelve of the forum's hardest (one solution, long searches), three of
    several solutions, three of none, two easy ones."""

    def lines(name: str, n: int) -> list[str]:
        text = (PUZZLES / name).read_text().splitlines()
        return [line.strip() for line in text if len(line.strip()) == 81][:n]

    return [
        *lines("forum_hardest_1106.txt", 12),
        *lines("multiple_solutions.txt", 3),
        *lines("invalid_no_solution.txt", 3),
        *lines("norvig_easy50.txt", 2),
    ]


def _bit_cases() -> list[tuple[int, int]]:
    """Pairs of 64-bit numbers (the first nonzero): the edges, then random ones."""
    top = (1 << 64) - 1
    cases = [(1, 1), (1 << 63, top), (top, top), (0xFFFF0000000000F0, 0x123456789ABCDEF0)]
    cases += [(1 << k, 3 << k >> 1 | 1) for k in range(64)]
    rng = random.Random(59)
    cases += [
        (rng.getrandbits(64) | 1 << rng.randrange(64), rng.getrandbits(64)) for _ in range(80)
    ]
    return cases


def _expected_bits(x: int, y: int) -> str:
    """What the entry must answer to ``check_bits(X, Y)``, from Python's integers."""
    low = x & 0xFFFFFFFF
    ctz64 = (x & -x).bit_length() - 1
    clz32 = 32 - low.bit_length() if low else -1
    ctz32 = (low & -low).bit_length() - 1 if low else -1
    return f"{ctz64} {clz32} {bin(x).count('1')} {(x * y) >> 64:x} {ctz32}"


def _wasm32(folder: Path, way: list[str], env: dict[str, str]) -> Path:
    """The entry and the counter as a freestanding wasm32 module: each source compiled against
    WASI's headers, then linked with compiler-rt alone, the entry's functions exported."""
    folder.mkdir()
    zig = [sys.executable, "-m", "ziglang", "cc"]
    objects = [str(folder / f"{Path(source).stem}.o") for source in SOURCES]
    for source, built in zip(SOURCES, objects, strict=True):
        compile_ = [*zig, "-target", "wasm32-wasi", "-c", *FLAGS, *way, source, "-o", built]
        subprocess.run(compile_, check=True, env=env)
    module = folder / "count_check.wasm"
    exports = [f"-Wl,--export={name}" for name in ENTRY]
    link = [*zig, "-target", "wasm32-freestanding", *objects, "-Wl,--no-entry", *exports]
    subprocess.run([*link, "-o", str(module)], check=True, env=env)
    return module


@pytest.fixture(scope="module")
def native_build(tmp_path_factory: pytest.TempPathFactory) -> Check:
    """The entry built for this machine (64-bit), with its C compiler: a shared library."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler (cc or gcc): the check of the C is not built")
    library = tmp_path_factory.mktemp("native") / "count_check.so"
    build = [compiler, *FLAGS, "-shared", "-fPIC", *SOURCES, "-o", str(library)]
    subprocess.run(build, check=True)
    return NativeCheck(library)


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory, native_build: Check) -> dict[str, Check]:
    """The entry built three ways: {"native": a shared library, "wasm32": a module,
    "wasm32-plain": a module with the plain C}."""
    missing = [name for name in ("ziglang", "wasmtime") if importlib.util.find_spec(name) is None]
    if missing:
        absent = " and ".join(missing)
        said = f"{absent} absent (pip install '.[portable]'): the 32-bit check of the C"
        if os.environ.get("SUDOKU_REPL_EXPECT_NATIVE") == "1":  # (.ci/run's main job)
            pytest.fail(f"{said} cannot run, which SUDOKU_REPL_EXPECT_NATIVE=1 requires")
        pytest.skip(f"{said} skips")
    folder = tmp_path_factory.mktemp("wasm32")
    # ziglang's caches in the test's own folder (the link builds zig's compiler-rt: seconds)
    env = {**os.environ, "ZIG_GLOBAL_CACHE_DIR": str(folder / "zig-global")}
    env["ZIG_LOCAL_CACHE_DIR"] = str(folder / "zig-local")
    return {
        "native": native_build,
        "wasm32": WasmCheck(_wasm32(folder / "builtins", [], env)),
        "wasm32-plain": WasmCheck(_wasm32(folder / "plain", ["-DSUDOKU_PORTABLE_FALLBACK"], env)),
    }


def test_the_shim_gives_pythons_answers_on_each_build(builds: dict[str, Check]) -> None:
    """Bit scans, counts and a 64x64-bit product's high half (the makers' random stream takes
    it: Lemire's below(n)) as Python's integers give them, with the builtins and the plain C,
    on 64 and 32 bits."""
    cases = _bit_cases()
    expected = [_expected_bits(x, y) for x, y in cases]
    for name, check in builds.items():
        assert [check.bits(x, y) for x, y in cases] == expected, name


def test_the_counter_counts_the_same_on_32_and_64_bits(builds: dict[str, Check]) -> None:
    """Solution counts (the pure counter's: ``COUNTS``) and guess counts, quiz by quiz, the
    same on the 64-bit build and on both 32-bit ones."""
    quizzes = _quizzes()
    assert len(quizzes) == 20
    grids = [bytes(int(ch) for ch in quiz.replace(".", "0")) for quiz in quizzes]
    native = [builds["native"].count(LIMIT, grid) for grid in grids]
    counts = [answer[0] if answer else None for answer in native]
    assert counts == COUNTS
    assert {0, 1} < set(counts) and max(c or 0 for c in counts) > 1  # (each kind met)
    assert sum(answer[1] for answer in native if answer) > 100  # (the searches guess)
    for name in ("wasm32", "wasm32-plain"):
        assert [builds[name].count(LIMIT, grid) for grid in grids] == native, name


def test_the_counter_s_searches_keep_their_path(native_build: Check) -> None:
    """Each of the twenty quizzes' searches counts ``COUNTS`` with ``GUESSES`` guesses: the
    same cells guessed in the same order (the generator's many searches a puzzle are timed on
    this path, and the counter's figures in docs/speed.md measured on it)."""
    grids = [bytes(int(ch) for ch in quiz.replace(".", "0")) for quiz in _quizzes()]
    assert [native_build.count(LIMIT, grid) for grid in grids] == list(zip(COUNTS, GUESSES))


def test_what_it_cannot_take_is_refused_and_the_next_call_answered(native_build: Check) -> None:
    """A limit below 1, a zero to scan, a value past 9: refused (-1), and the next call is
    answered."""
    empty = bytes(81)
    assert native_build.count(0, empty) is None
    assert native_build.bits(0, 1) is None
    assert native_build.count(5, bytes(80) + bytes([10])) is None
    answer = native_build.count(1, empty)
    assert answer is not None and answer[0] == 1  # (the empty grid, counted up to 1)
