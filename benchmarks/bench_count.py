"""The solution counter that stops at 2 against tdoku, the fastest solver, in one
run; and the puzzle makers' rates.

tdoku (Tom Dillon, https://github.com/t-dillon/tdoku) is built here from its public source, into
this run's temporary folder, as its CMake build does (``-O3 -march=native``: its SIMD at its
best); it is never a dependency of the package. Both counters are called from one small C
driver, in C loops over the same puzzles, each counting to 2 (tdoku's ``limit`` 2, our
``count_grid(cells, 2)``), timed by the process's CPU clock, the two interleaved, the best of
``--rounds``; our ``csrc/counting.c`` is compiled with the flags ``setup.py`` gives it (``-O3``).
Every puzzle's count is compared between the two. Then ours through the package's door
(``counting.count_solutions``, a Python call a puzzle), and minimal puzzles (and canonical forms)
a second on the native build and the pure one.

    python benchmarks/bench_count.py                       # tdoku cloned from GitHub
    python benchmarks/bench_count.py --tdoku ~/src/tdoku   # a local clone (or bare repository)
"""

from __future__ import annotations

import argparse
import ctypes
import math
import os
import shutil
import subprocess
import sysconfig
import tempfile
import time
from pathlib import Path

from common import PUZZLES, REPO, read_quizzes

from sudoku_repl.core import native
from sudoku_repl.core.canonical import canonical_form
from sudoku_repl.core.counting import count_solutions
from sudoku_repl.core.making import Rng, minimal_puzzle, random_solution

TDOKU_URL = "https://github.com/t-dillon/tdoku"
CSRC = REPO / "src" / "sudoku_repl" / "core" / "csrc"
#: the sets, easiest first: (file, how many of it)
SETS = [
    ("norvig_easy50", None),
    ("royle17_sample2000", None),
    ("multiple_solutions", None),
    ("norvig_top95", None),
    ("magictour_top1465", None),
    ("norvig_hardest11", None),
    ("forum_hardest_1106", None),
    ("invalid_no_solution", None),
]

DRIVER = r"""
#include <stddef.h>
#include <stdint.h>
#include <time.h>
size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit, uint32_t configuration,
                                char *solution, size_t *num_guesses);
int64_t count_grid(const unsigned char *cells, int64_t limit); /* (counting.h) */
static double cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}
/* text: n puzzles of 82 characters (81 and a newline, as tdoku reads a line) */
double time_tdoku(const char *text, int n, int reps, long *counts) {
    char solution[82];
    size_t guesses;
    double start = cpu();
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < n; i++)
            counts[i] = (long)TdokuSolverDpllTriadSimd(text + 82 * i, 2, 0, solution, &guesses);
    return cpu() - start;
}
/* cells: n puzzles of 81 values 0-9 */
double time_ours(const unsigned char *cells, int n, int reps, long *counts) {
    double start = cpu();
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < n; i++)
            counts[i] = (long)count_grid(cells + 81 * i, 2);
    return cpu() - start;
}
"""


def tdoku_source(source: str, folder: Path) -> Path:
    """tdoku's sources in ``folder/tdoku``: archived from a local repository (bare or not), or
    cloned from a URL."""
    dest = folder / "tdoku"
    dest.mkdir()
    if os.path.isdir(source):
        archive = subprocess.run(
            ["git", "-C", source, "archive", "HEAD", "src", "include"],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    else:
        shutil.rmtree(dest)
        subprocess.run(["git", "clone", "--quiet", "--depth", "1", source, str(dest)], check=True)
    return dest


def build(source: str, folder: Path) -> ctypes.CDLL:
    """tdoku, our counter and the driver in one shared library, loaded into this process."""
    tdoku = tdoku_source(source, folder)
    cxx = shutil.which("g++") or shutil.which("clang++") or "c++"
    cc = shutil.which("gcc") or shutil.which("clang") or "cc"
    (folder / "driver.c").write_text(DRIVER)
    objects = []
    for name in ("solver_dpll_triad_simd.cc", "util.cc"):
        out = folder / f"{name}.o"
        flags = ["-O3", "-march=native", "-std=c++14", "-fPIC"]  # tdoku's CMakeLists defaults
        subprocess.run([cxx, *flags, "-c", str(tdoku / "src" / name), "-o", str(out)], check=True)
        objects.append(out)
    python_h = sysconfig.get_paths()["include"]
    for source_file, flags in (
        (CSRC / "counting.c", ["-O3", f"-I{CSRC / 'include'}", f"-I{python_h}"]),  # setup.py's
        (folder / "driver.c", ["-O2"]),
    ):
        out = folder / f"{source_file.name}.o"
        subprocess.run([cc, *flags, "-fPIC", "-c", str(source_file), "-o", str(out)], check=True)
        objects.append(out)
    library = folder / "bench_count.so"
    subprocess.run([cxx, "-shared", *map(str, objects), "-o", str(library)], check=True)
    lib = ctypes.CDLL(str(library))
    lib.time_tdoku.restype = lib.time_ours.restype = ctypes.c_double
    return lib


def compare(lib: ctypes.CDLL, rounds: int, budget: float) -> None:
    print(
        f"{'set':24} {'puzzles':>7} {'tdoku us':>9} {'ours us':>9} {'ours/tdoku':>10}  counts 0/1/2"
    )
    ratios = []
    for name, first in SETS:
        quizzes = read_quizzes(PUZZLES / f"{name}.txt", first)
        n = len(quizzes)
        text = "".join(q.replace("0", ".") + "\n" for q in quizzes).encode()
        cells = bytes(0 if ch in ".0" else int(ch) for q in quizzes for ch in q)
        theirs, ours = (ctypes.c_long * n)(), (ctypes.c_long * n)()
        once = lib.time_tdoku(text, n, 1, theirs) + lib.time_ours(cells, n, 1, ours)
        reps = max(1, math.ceil(budget / max(once, 1e-6)))
        best_theirs = best_ours = math.inf
        for _ in range(rounds):  # interleaved: a busy moment costs both alike
            best_theirs = min(best_theirs, lib.time_tdoku(text, n, reps, theirs))
            best_ours = min(best_ours, lib.time_ours(cells, n, reps, ours))
        if list(theirs) != list(ours):
            differ = [k for k in range(n) if theirs[k] != ours[k]]
            raise SystemExit(f"{name}: the counts differ on puzzle {differ[0] + 1}")
        spread = [list(ours).count(k) for k in (0, 1, 2)]
        ratio = best_ours / best_theirs
        ratios.append(ratio)
        per = 1e6 / (n * reps)
        print(
            f"{name:24} {n:7} {best_theirs * per:9.2f} {best_ours * per:9.2f} {ratio:9.2f}x"
            f"  {'/'.join(map(str, spread))}"
        )
    geo = math.exp(sum(map(math.log, ratios)) / len(ratios))
    print(f"{'geometric mean':24} {'':7} {'':9} {'':9} {geo:9.2f}x   (target <= 3x, aim 1.5x)")


def rate(make: object, seconds: float) -> float:
    """How many times a second ``make()`` runs (CPU time, at least ``seconds``)."""
    assert callable(make)
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        make()
        done += 1
    return done / (time.process_time() - start)


def build_rates(words: str, seconds: float) -> str:
    """One build's rates, through the package's door, in words."""
    top95 = [
        bytes(0 if ch in ".0" else int(ch) for ch in quiz)
        for quiz in read_quizzes(PUZZLES / "norvig_top95.txt")
    ]
    start = time.process_time()
    for quiz in top95:
        count_solutions(quiz)
    per_count = 1e6 * (time.process_time() - start) / len(top95)
    rng = Rng(55)
    made: list[tuple[int, ...]] = []

    def one() -> None:
        puzzle = minimal_puzzle(random_solution(rng), rng)
        assert puzzle is not None
        made.append(puzzle)

    per_second = rate(one, seconds)
    forms = rate(lambda: canonical_form(made[len(made) // 2]), seconds / 2)
    return (
        f"{words:6}: count_solutions on top95 {per_count:9.1f} us a puzzle (a Python call "
        f"each); minimal puzzles {per_second:8.1f}/s; canonical forms {forms:8.1f}/s"
    )


def makers(seconds: float) -> None:
    """The rates on the native build and on the pure one."""
    for selected, words in ((True, "native"), (False, "pure")):
        if selected and not native.available():
            print(f"{words}: not here ({native.build()})")
            continue
        native.selected = selected
        print(build_rates(words, seconds))
    native.reset()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tdoku", default=TDOKU_URL, help="tdoku's repository: a URL or a path")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds a set (the best)")
    parser.add_argument("--budget", type=float, default=0.3, help="CPU seconds a timed round")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds a maker's rate")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"load average {load:.2f} on {os.cpu_count()} CPUs; {native.build()}")
    folder = Path(tempfile.mkdtemp(prefix="bench-count-"))  # (this run's own folder)
    try:
        try:
            lib = build(args.tdoku, folder)
        except (OSError, subprocess.CalledProcessError) as e:
            print(f"tdoku: skipped, it could not be built here ({e})")
        else:
            compare(lib, args.rounds, args.budget)
        makers(args.seconds)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
