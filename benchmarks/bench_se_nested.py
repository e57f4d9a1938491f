"""Sudoku Explainer's whole scale, nested chains included: exact matches with serate v1.15.10 and
the time per puzzle, by ER band, on the native chain search where it is built (the pure-Python
reference with ``SUDOKU_REPL_ENGINE=pure``; the first line says which).

    python benchmarks/bench_se_nested.py [--file FILE] [--timeout S] [--jobs J] [--limit N]
    python benchmarks/bench_se_nested.py --state

FILE holds ``PUZZLE81 ER EP ED`` lines rated by serate (default: tests/data/se_hard_rated.txt;
the lead's full set is tab separated the same way and is read too). Each puzzle is rated with
``--timeout`` seconds (default 60, ``rate``'s default ``--se-timeout``); a puzzle past it counts
as a lower bound, not a match.
Prints a line per puzzle as it is rated, then per band (ER <= 9.4, 9.5-10.5, >= 10.6): how
many, how many equal in ER, in ER/EP/ED, how many stopped by the time limit, and the median
and slowest CPU time of the rating. ``--state``: instead, the whole level 2 (9.5) on the
candidates of tests/data/se_nested_state.txt, whose first finding serate gives as ``10.3 Region
Forcing Chains: 3 in row ==> E6.4 off`` (the test follows one cell's chains only). Writes
nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from sudoku_repl.techniques.explainer import native, nested, rate
from sudoku_repl.techniques.explainer.grid import Grid

DEFAULT = Path(__file__).resolve().parent.parent / "tests" / "data" / "se_hard_rated.txt"
BANDS = (("ER <= 9.4", 0.0, 9.45), ("ER 9.5-10.5", 9.45, 10.55), ("ER >= 10.6", 10.55, 99.0))


def read(path: Path) -> list[tuple[str, tuple[float, float, float]]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) >= 4 and len(parts[0]) == 81:
            rows.append((parts[0], (float(parts[1]), float(parts[2]), float(parts[3]))))
    return rows


def rate_one(puzzle: str, timeout: float) -> tuple[tuple[float, float, float], bool, float]:
    start = time.process_time()
    result = rate(puzzle.replace(".", "0"), time_limit=timeout)
    return (result.er, result.ep, result.ed), result.er_is_lower_bound, time.process_time() - start


def nested_state() -> None:
    text = (DEFAULT.parent / "se_nested_state.txt").read_text().split()[0]
    start = time.process_time()
    found = nested.nested_chainer(2).found(Grid.from_candidate_string(text))
    seconds = time.process_time() - start
    first = found[0].hint
    print(f"level 2 on the stored state: {len(found)} findings in {seconds:.1f} CPU s")
    print(f"first: {first.technique} {first.rating / 10:.1f} removes {first.eliminations}")
    print("serate: Region Forcing Chains (+ Forcing Chains) 10.3 removes ((49, 4),) (r6c5 -4)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=DEFAULT)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--state", action="store_true")
    args = parser.parse_args()
    if args.state:
        nested_state()
        return
    print(f"chain search: {'native' if native.active() else 'pure Python'}")
    rows = read(args.file)
    if args.limit:
        rows = rows[: args.limit]
    results: list[tuple[tuple[float, float, float], tuple[float, float, float], bool, float]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(rate_one, puzzle, args.timeout) for puzzle, _ in rows]
        for (puzzle, want), future in zip(rows, futures, strict=True):
            got, bound, seconds = future.result()
            results.append((want, got, bound, seconds))
            mark = "=" if got == want and not bound else ">=" if bound else "!="
            print(f"{puzzle} serate {want} ours {got} {mark} {seconds:.1f} s", flush=True)
    print()
    print(f"{'band':<12} {'n':>4} {'ER=':>4} {'all=':>5} {'bound':>5} {'median s':>9} {'max s':>8}")
    for name, low, high in BANDS:
        band = [r for r in results if low <= r[0][0] < high]
        if not band:
            continue
        er_equal = sum(1 for want, got, bound, _ in band if not bound and got[0] == want[0])
        all_equal = sum(1 for want, got, bound, _ in band if not bound and got == want)
        bounds = sum(1 for r in band if r[2])
        times = [r[3] for r in band]
        print(
            f"{name:<12} {len(band):>4} {er_equal:>4} {all_equal:>5} {bounds:>5} "
            f"{statistics.median(times):>9.1f} {max(times):>8.1f}"
        )


if __name__ == "__main__":
    main()
