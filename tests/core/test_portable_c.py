"""The C on a 32-bit target (issue 59, section 4): the native core's counter and the compilers'
shim (``core/csrc/counting.c``, ``include/portable.h``), built without Python into a check
program (``tests/native/count_check.c``) for this machine with its C compiler and for
WebAssembly (wasm32-wasi: 32-bit pointers and ``long``) with ziglang's clang, twice, with the
builtins and with the plain C forced on (``SUDOKU_PORTABLE_FALLBACK``), and the WebAssembly run
under wasmtime. The bit scans and the 128-bit product must match Python's integers; the three
builds must give the same solution counts (the pure counter's) and the same guess counts on
twenty quizzes. Where ziglang or wasmtime is absent (``pip install '.[portable]'``) or there is
no C compiler, the check skips with one line."""

from __future__ import annotations

import importlib.util
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_repl.core.counting import checked, count_pure
from tests.support.helpers import PUZZLES, REPO

CORE = REPO / "src" / "sudoku_repl" / "core" / "csrc"
CHECK = REPO / "tests" / "native" / "count_check.c"
LIMIT = 200  # (the quizzes of several solutions have up to a few hundred)
FLAGS = ["-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", f"-I{CORE / 'include'}"]
SOURCES = [str(CHECK), str(CORE / "counting.c")]


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
    """What the check program must print for ``bits X Y``, from Python's integers."""
    low = x & 0xFFFFFFFF
    ctz64 = (x & -x).bit_length() - 1
    clz32 = 32 - low.bit_length() if low else -1
    ctz32 = (low & -low).bit_length() - 1 if low else -1
    return f"{ctz64} {clz32} {bin(x).count('1')} {(x * y) >> 64:x} {ctz32}"


@pytest.fixture(scope="module")
def native_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The check program built for this machine (64-bit), with its C compiler."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler (cc or gcc): the check program of the C is not built")
    program = tmp_path_factory.mktemp("native") / "count_check"
    subprocess.run([compiler, *FLAGS, *SOURCES, "-o", str(program)], check=True)
    return program


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory, native_build: Path) -> dict[str, Path]:
    """The check program built three ways: {"native": a program, "wasm32": a module,
    "wasm32-plain": a module with the plain C}."""
    missing = [name for name in ("ziglang", "wasmtime") if importlib.util.find_spec(name) is None]
    if missing:
        absent = " and ".join(missing)
        pytest.skip(f"{absent} absent (pip install '.[portable]'): the 32-bit check of the C skips")
    folder = tmp_path_factory.mktemp("wasm32")
    built = {"native": native_build, "wasm32": folder / "count_check.wasm"}
    built["wasm32-plain"] = folder / "count_check_plain.wasm"
    # ziglang's caches in the test's own folder (the first build makes WASI's libc: a minute)
    env = {**os.environ, "ZIG_GLOBAL_CACHE_DIR": str(folder / "zig-global")}
    env["ZIG_LOCAL_CACHE_DIR"] = str(folder / "zig-local")
    zig = [sys.executable, "-m", "ziglang", "cc", "-target", "wasm32-wasi", *FLAGS, *SOURCES]
    subprocess.run([*zig, "-o", str(built["wasm32"])], check=True, env=env)
    plain = [*zig, "-DSUDOKU_PORTABLE_FALLBACK", "-o", str(built["wasm32-plain"])]
    subprocess.run(plain, check=True, env=env)
    return built


def _run(program: Path, lines: list[str], folder: Path) -> list[str]:
    """The program's answer lines to ``lines``: natively, or under wasmtime (a .wasm)."""
    given = folder / f"{program.name}.in"
    given.write_text("".join(line + "\n" for line in lines))
    if program.suffix != ".wasm":
        with given.open() as stdin:
            done = subprocess.run([str(program)], stdin=stdin, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout.splitlines()
    import wasmtime

    engine = wasmtime.Engine()
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    store = wasmtime.Store(engine)
    config = wasmtime.WasiConfig()
    config.stdin_file = str(given)
    config.stdout_file = str(folder / f"{program.name}.out")
    store.set_wasi(config)
    instance = linker.instantiate(store, wasmtime.Module.from_file(engine, str(program)))
    start = instance.exports(store)["_start"]
    assert isinstance(start, wasmtime.Func)
    try:
        start(store)
    except wasmtime.ExitTrap as ended:
        assert ended.code == 0
    return (folder / f"{program.name}.out").read_text().splitlines()


@pytest.mark.slow
def test_the_shim_gives_pythons_answers_on_each_build(
    builds: dict[str, Path], tmp_path: Path
) -> None:
    """Bit scans, counts and a 64x64-bit product's high half (the makers' random stream takes
    it: Lemire's below(n)) as Python's integers give them, with the builtins and the plain C,
    on 64 and 32 bits."""
    cases = _bit_cases()
    expected = [_expected_bits(x, y) for x, y in cases]
    lines = [f"bits {x:x} {y:x}" for x, y in cases]
    for name, program in builds.items():
        assert _run(program, lines, tmp_path) == expected, name


@pytest.mark.slow
def test_the_counter_counts_the_same_on_32_and_64_bits(
    builds: dict[str, Path], tmp_path: Path
) -> None:
    """Solution counts (the pure counter's) and guess counts, quiz by quiz, the same on the
    64-bit build and on both 32-bit ones."""
    quizzes = _quizzes()
    assert len(quizzes) == 20
    lines = [f"count {LIMIT} {quiz}" for quiz in quizzes]
    native = _run(builds["native"], lines, tmp_path)
    counts = [int(line.split()[0]) for line in native]
    grids = [bytes(int(ch) for ch in quiz.replace(".", "0")) for quiz in quizzes]
    assert counts == [count_pure(checked(grid), LIMIT) for grid in grids]
    assert {0, 1} < set(counts) and max(counts) > 1  # (none, one and several: each kind met)
    assert sum(int(line.split()[1]) for line in native) > 100  # (the searches guess)
    for name in ("wasm32", "wasm32-plain"):
        assert _run(builds[name], lines, tmp_path) == native, name


def test_a_line_it_cannot_read_is_said_and_passed(native_build: Path, tmp_path: Path) -> None:
    """A limit below 1, a zero to scan, a bad cell: "error", and the next line is answered."""
    lines = ["count 0 " + "0" * 81, "bits 0 1", "count 5 " + "0" * 80 + "x", "count 1 " + "0" * 81]
    answers = _run(native_build, lines, tmp_path)
    assert answers[:3] == ["error"] * 3
    assert answers[3].split()[0] == "1"  # (the empty grid, counted up to 1)
