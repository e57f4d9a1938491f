"""Agreement of this project's Sudoku Explainer rating with SukakuExplainer's, and its speed.

    python benchmarks/bench_se_rating.py [--file FILE] [--limit N] [--every K] [--offset I] [--jobs J]
                                         [--timeout S] [--show-diffs]

FILE holds ``PUZZLE81 ER`` or ``PUZZLE81 ER/EP/ED`` lines (``0`` or ``.`` for an empty cell;
then EP and ED are compared too), by default
puzzles/se_rated_diabolical2000.txt (2,000 puzzles rated by SukakuExplainer 1.15.10's serate).
``--limit N`` rates the first N puzzles, ``--every K`` every K-th one (from the
``--offset``-th, counting from 0). Prints the agreement of
ER by band of the file's rating (5.x .. 9.x), a confusion table of ER rounded to an integer
(rows: the file, columns: ours), the share exactly equal and within 0.2, and the time per
puzzle (median, 95th percentile, slowest; CPU time of the rating in its process). Writes
nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from common import PUZZLES

from sudoku_repl.techniques.explainer import rate

DEFAULT = PUZZLES / "se_rated_diabolical2000.txt"


def read_rated(path: Path) -> tuple[list[tuple[str, float]], list[tuple[float, float] | None]]:
    """(puzzle, ER) of each ``PUZZLE81 ER`` or ``PUZZLE81 ER/EP/ED`` line, and (EP, ED) where
    the line gives them."""
    rows = []
    pearls: list[tuple[float, float] | None] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) == 2 and len(parts[0]) == 81:
            figures = [float(x) for x in parts[1].split("/")]
            rows.append((parts[0], figures[0]))
            pearls.append((figures[1], figures[2]) if len(figures) == 3 else None)
    return rows, pearls


def rate_one(args: tuple[str, float]) -> tuple[float, bool, float, float, float]:
    """(our ER, whether it is a lower bound, CPU seconds, EP, ED)."""
    puzzle, timeout = args
    start = time.process_time()
    result = rate(puzzle, time_limit=timeout)
    return result.er, result.er_is_lower_bound, time.process_time() - start, result.ep, result.ed


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report_pearls(
    pearls: list[tuple[float, float] | None], results: list[tuple[float, bool, float, float, float]]
) -> None:
    """EP and ED agreement, where the file gives them."""
    pairs = [(p, r) for p, r in zip(pearls, results) if p is not None]
    if not pairs:
        return
    ep = sum(1 for (want_ep, _), r in pairs if abs(want_ep - r[3]) < 0.05)
    ed = sum(1 for (_, want_ed), r in pairs if abs(want_ed - r[4]) < 0.05)
    print(f"EP exactly equal: {ep}/{len(pairs)} = {100 * ep / len(pairs):.1f}%")
    print(f"ED exactly equal: {ed}/{len(pairs)} = {100 * ed / len(pairs):.1f}%")


def report(
    rows: list[tuple[str, float]],
    results: list[tuple[float, bool, float, float, float]],
    show: bool,
) -> None:
    n = len(rows)
    exact = sum(1 for (_, want), (got, *_) in zip(rows, results) if abs(want - got) < 0.05)
    close = sum(1 for (_, want), (got, *_) in zip(rows, results) if abs(want - got) < 0.25)
    lower = sum(1 for _, low, *_ in results if low)
    print(f"puzzles: {n}")
    print("agreement by band of the file's ER:")
    print("  band      n   exact  within 0.2")
    for band in range(1, 12):
        idx = [i for i, (_, want) in enumerate(rows) if int(want) == band]
        if not idx:
            continue
        e = sum(1 for i in idx if abs(rows[i][1] - results[i][0]) < 0.05)
        c = sum(1 for i in idx if abs(rows[i][1] - results[i][0]) < 0.25)
        print(f"  {band}.x  {len(idx):5}  {100 * e / len(idx):5.1f}%  {100 * c / len(idx):6.1f}%")
    labels = sorted({int(want + 0.5) for _, want in rows} | {int(got + 0.5) for got, *_ in results})
    print("confusion of ER rounded to an integer (rows: file, columns: ours):")
    print("        " + "".join(f"{label:>6}" for label in labels))
    for want_label in labels:
        counts = [
            sum(
                1
                for (_, want), (got, *_) in zip(rows, results)
                if int(want + 0.5) == want_label and int(got + 0.5) == got_label
            )
            for got_label in labels
        ]
        print(f"  {want_label:>4}  " + "".join(f"{c:>6}" for c in counts))
    print(f"ER exactly equal: {exact}/{n} = {100 * exact / n:.1f}%")
    print(f"ER within 0.2:    {close}/{n} = {100 * close / n:.1f}%")
    print(f"ER a lower bound (time limit or no technique left): {lower}")
    times = [r[2] for r in results]
    print(
        f"time per puzzle (s): median {statistics.median(times):.3f}, "
        f"p95 {percentile(times, 0.95):.3f}, max {max(times):.3f}, total {sum(times):.1f}"
    )
    if show:
        for (puzzle, want), (got, low, t, *_) in zip(rows, results):
            if abs(want - got) >= 0.05:
                print(
                    f"  {puzzle} file {want:.1f} ours {got:.1f}{' (lower bound)' if low else ''} {t:.2f}s"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=DEFAULT)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--offset", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--show-diffs", action="store_true")
    args = parser.parse_args()
    all_rows, all_pearls = read_rated(args.file)
    rows = all_rows[args.offset :: args.every][: args.limit]
    pearls = all_pearls[args.offset :: args.every][: args.limit]
    work = [(puzzle, args.timeout) for puzzle, _ in rows]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(rate_one, work, chunksize=4))
    else:
        results = [rate_one(item) for item in work]
    report(rows, results, args.show_diffs)
    report_pearls(pearls, results)


if __name__ == "__main__":
    main()
