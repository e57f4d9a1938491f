"""``generate`` against Sudoku Explainer's own generator, in one run:
independent minimal puzzles of ER >= 8.0 and of ER >= 9.0 a CPU-minute, ours (the default, and
``--climb``) and Sudoku Explainer's (SukakuExplainer 1.15.10's ``Generator.generate(Random,
Symmetry.None)``, each puzzle rated by its ``Solver.getDifficulty()``), and the ratio (the
aim: 200x, in independent puzzles); then ours near three puzzles of ER >= 10.6: new
distinct minimal puzzles of ER >= 10.0 a CPU-minute (the floor: 10).

*Independent* puzzles are counted as families (``families``): puzzles that differ in 4 cells or
fewer are joined (union-find), and each family counts once, so that a climb's near-copies count
as the one puzzle they nearly are. Sudoku Explainer's puzzles each come from a random solution
grid of their own: each is a family (two of them within 4 cells would be two random grids
alike in 77 cells), and its count is its families.

    python benchmarks/bench_generate.py [--seconds S] [--se-seconds S] [--jar serate.jar]
                                        [--seed N] [--rounds N] [--near-seconds S] [--no-near]
                                        [--ways default,lacking-digit,climb]

Ours runs here, one process, ``--jobs 1``: ``--seconds`` of this process's CPU a target.
Sudoku Explainer's runs in a JVM: ``benchmarks/SeGenerator.java``, compiled with ``javac``
against the jar into this run's temporary folder, makes and rates puzzles until the JVM has
spent ``--seconds`` of CPU (all its threads: the JIT's and the collector's count), then says how
many were made and how many rated ER >= 8.0 and >= 9.0; one run serves both targets (the same
puzzles), so its rate is each count over that CPU. The two sides take turns (``--rounds``, 6),
each alone on the machine: ours runs its share of ``--seconds`` a target (a seed of its own a
turn), then the JVM its share of its CPU, stopped (``SIGSTOP``) until its next turn. Alone,
because each side's figures are its own CPU time but on a machine whose cores share their
caches a side run beside the other is slowed by it; in turns, because a shared machine's speed
drifts over a run's minutes, and both sides then meet the same drift (on systems without
``/proc``, one round: ours, then the JVM). The run takes the sum of the two sides' times. The
JVM runs on one core, as ours (where the system lets a process choose its cores): its
collector's and compiler's threads share that core, so its CPU is one core's work, as ours is.
The jar: ``--jar``, else ``$SUDOKU_REPL_SERATE_JAR``; without it or without ``java``/``javac``,
one line says the anchor is skipped and ours is measured alone. A count of 0 is said as "< 1 in
S s" and its ratio as a lower bound, the rate it would have had with one puzzle.

A count of a few puzzles is a rough figure (Sudoku Explainer's generator makes about one of ER
>= 9.0 in 500 to 700): each row gives the ratio's 95% range from that count alone (an exact
Poisson interval), and the default way's rows the count Sudoku Explainer's generator would have
had at the default's own share of such puzzles among its random minimal puzzles (the default's
kept over its starts; both are random minimal puzzles rated by serate's scale, so the shares
agree within their counts: compare them at ER >= 8.0, where both counts are large), and the
ratio at that count.

The near search starts from the first three puzzles of ER >= 10.6 of tests/data/se_hard_rated.txt
(serate's ratings). The machine's load (``os.getloadavg``) is printed before and after: the
figures are CPU time, but a loaded machine slows both sides' caches alike only roughly.
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import common

from sudoku_repl.tools.making.loop import Progress, generate
from sudoku_repl.tools.making.targets import Span, Targets
from sudoku_repl.tools.making.tasks import Order
from sudoku_repl.tools.rating.pool import StopFlag

JAVA_SOURCE = common.HERE / "SeGenerator.java"
HARD = common.REPO / "tests" / "data" / "se_hard_rated.txt"
TARGETS = (80, 90)  # ER >= 8.0, ER >= 9.0, in tenths
#: ours' seed at turn k is ``--seed`` + k times this: each turn's puzzles its own
TURNS_APART = 1000


#: the maker's ways measured: its default, ``--lacking-digit`` and ``--climb``
WAYS = ("default", "--lacking-digit", "--climb")


def ours(
    targets: Targets, seconds: float, seed: int, near: Sequence[bytes] = (), how: str = "default"
) -> tuple[list[bytes], float, int]:
    """The puzzles the maker keeps in ``seconds`` of this process's CPU (``--jobs 1``), the
    CPU it took, and the minimal puzzles it made and judged (``how``: one of ``WAYS``)."""
    stop = StopFlag()
    start = time.process_time()
    made = 0

    def tick(progress: Progress) -> None:
        nonlocal made
        made = progress.made
        if time.process_time() - start >= seconds:
            stop.set()

    order = Order(targets, climb=how == "--climb", lacking_digit=how == "--lacking-digit")
    kept = [made.givens for made in generate(order, seed, stop=stop, near=near, tick=tick)]
    return kept, time.process_time() - start, made


def poisson_range(count: int, level: float = 0.95) -> tuple[float, float]:
    """The exact (Garwood) interval of a Poisson mean from one ``count``: the means under which
    ``count`` or more (``count`` or fewer) would be seen with probability (1 - level) / 2."""
    tail = (1 - level) / 2

    def at_most(mean: float, most: int) -> float:  # P(X <= most), its terms by logarithms
        if mean == 0:
            return 1.0
        log_mean = math.log(mean)
        return sum(math.exp(k * log_mean - mean - math.lgamma(k + 1)) for k in range(most + 1))

    def solve(holds: Callable[[float], bool]) -> float:
        """The least mean for which ``holds`` (false below it, true above), by halving."""
        low, high = 0.0, 10.0 * count + 10.0
        for _ in range(100):
            middle = (low + high) / 2
            low, high = (low, middle) if holds(middle) else (middle, high)
        return high

    lower = 0.0 if count == 0 else solve(lambda mean: 1 - at_most(mean, count - 1) >= tail)
    upper = solve(lambda mean: at_most(mean, count) <= tail)
    return lower, upper


#: puzzles that differ in this many cells or fewer are of one family
FAMILY_CELLS = 4
#: the low bit of each of the 81 nibbles a puzzle is packed into (``_packed``)
_NIBBLE_LOW = int("1" * 81, 16)


def _packed(puzzle: bytes) -> int:
    """A puzzle's 81 values as the nibbles of one number: two puzzles' XOR has a nonzero nibble
    where they differ."""
    return int(puzzle.hex()[1::2], 16)


def _cells_apart(a: int, b: int) -> int:
    x = a ^ b
    x |= x >> 1
    x |= x >> 2
    return (x & _NIBBLE_LOW).bit_count()


def families(puzzles: Sequence[bytes], cells: int = FAMILY_CELLS) -> int:
    """How many families ``puzzles`` fall into: two that differ in ``cells`` cells or fewer are
    joined, and so are the families they are in (union-find)."""
    packed = [_packed(p) for p in puzzles]
    parent = list(range(len(packed)))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for i, a in enumerate(packed):
        for j in range(i):
            if _cells_apart(a, packed[j]) <= cells:
                parent[root(i)] = root(j)
    return len({root(k) for k in range(len(packed))})


def anchor(jar: str, seconds: float, seed: int, folder: Path) -> subprocess.Popen[str] | None:
    """Sudoku Explainer's generator started (``counts`` reads its figures once it is done), or
    None (one line said why) when it cannot run here."""
    java, javac = shutil.which("java"), shutil.which("javac")
    if not (java and javac):
        print("Sudoku Explainer's generator: skipped (no java/javac here)")
        return None
    if not jar or not os.path.isfile(jar):
        print(
            "Sudoku Explainer's generator: skipped (no serate.jar: give --jar or "
            "$SUDOKU_REPL_SERATE_JAR)"
        )
        return None
    shutil.copy(JAVA_SOURCE, folder)
    subprocess.run(
        [javac, "-cp", jar, "-d", str(folder), str(folder / JAVA_SOURCE.name)], check=True
    )
    # One core for the JVM, as ours has one: its collector's and compiler's threads then share
    # the generator's core, and its CPU time is what one core spent on its puzzles (the JVM reads
    # the cores it may use when it starts, so it sizes its threads to that core).
    cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
    if cores:
        os.sched_setaffinity(0, {min(cores)})
        print(f"Sudoku Explainer's generator: on core {min(cores)} alone")
    try:
        return subprocess.Popen(
            [java, "-cp", f"{jar}{os.pathsep}{folder}", "SeGenerator", str(seconds), str(seed)],
            stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
    finally:
        if cores:
            os.sched_setaffinity(0, cores)


def its_turn(running: subprocess.Popen[str], until: float) -> None:
    """Sudoku Explainer's generator let run until its CPU (all its threads) reaches ``until``
    seconds, then stopped (``SIGSTOP``) until its next turn: it runs alone, and in the same
    minutes as ours, so that a machine's speed drifting over a run moves both sides alike."""
    os.kill(running.pid, signal.SIGCONT)
    ticks = os.sysconf("SC_CLK_TCK")
    stat = Path(f"/proc/{running.pid}/stat")
    while running.poll() is None:
        text = stat.read_text()
        utime, stime = text[text.rindex(")") + 2 :].split()[11:13]  # fields 14 and 15
        if (int(utime) + int(stime)) / ticks >= until:
            os.kill(running.pid, signal.SIGSTOP)
            return
        time.sleep(0.2)


def counts(running: subprocess.Popen[str]) -> dict[str, float]:
    """Sudoku Explainer's generator's counts (``made``, ``cpu``, ``80``, ``90``), once it is
    done."""
    os.kill(running.pid, signal.SIGCONT)  # its last turn
    out, _ = running.communicate()
    if running.returncode:
        raise SystemExit(f"Sudoku Explainer's generator failed (exit {running.returncode})")
    words = out.split()  # made N cpu S er>=8.0 A er>=9.0 B
    return {
        "made": float(words[1]),
        "cpu": float(words[3]),
        "80": float(words[5]),
        "90": float(words[7]),
    }


def per_minute(count: float, seconds: float) -> float:
    return count * 60 / seconds


def near_three(seconds: float, seed: int) -> None:
    """Ours near the first three puzzles of ER >= 10.6 of ``HARD``: its line."""
    text = HARD.read_text(encoding="utf-8")
    hard = [line.split() for line in text.splitlines() if line.strip()]
    sources = [
        bytes(0 if ch == "." else int(ch) for ch in row[0]) for row in hard if float(row[1]) >= 10.6
    ][:3]
    found, cpu, _ = ours(Targets(er=Span(100, None)), seconds, seed, sources)
    print(
        f"near three of ER >= 10.6: {len(found)} new minimal puzzles of ER >= 10.0 in "
        f"{cpu:.1f} CPU-s: {per_minute(len(found), cpu):.1f} a CPU-minute (floor 10)",
        flush=True,
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--seconds", type=float, default=60.0, help="CPU seconds a target, each side"
    )
    parser.add_argument(
        "--se-seconds",
        type=float,
        help="CPU seconds of Sudoku Explainer's generator (default --seconds): a puzzle of ER "
        ">= 9.0 is one in several hundred there, so a longer run counts it better",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=6,
        help="turns each side takes, alone, in alternation (default 6; 1: ours, then SE's)",
    )
    parser.add_argument("--near-seconds", type=float, default=60.0)
    parser.add_argument("--no-near", action="store_true")
    parser.add_argument("--jar", default=os.environ.get("SUDOKU_REPL_SERATE_JAR", ""))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--ways",
        default=",".join(way.removeprefix("--") for way in WAYS),
        help="the maker's ways measured, a comma list of default, lacking-digit, climb (default: "
        "all three); fewer ways leave more of a run's minutes to each",
    )
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error(f"--rounds: {args.rounds} is not a count of turns; give 1 or more")
    named = {way.removeprefix("--"): way for way in WAYS}
    words = args.ways.split(",")
    unknown = [word for word in words if word not in named]
    if unknown:
        parser.error(f"--ways: {', '.join(unknown)} unknown; the ways are {', '.join(named)}")
    ways = [named[word] for word in words]
    from sudoku_repl.tools.rating.se_build import pure_build_line

    print(
        f"{time.strftime('%Y-%m-%d %H:%M')}, load {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores"
    )
    slow = pure_build_line("bench_generate")
    if slow:
        print(f"build: {slow}")
    common.say_if_stale_build()
    rounds = args.rounds if sys.platform == "linux" else 1
    se_seconds = args.se_seconds or args.seconds
    with tempfile.TemporaryDirectory() as temp:
        # ours, then Sudoku Explainer's generator, each alone, in turns (the module's text says why)
        sums: dict[tuple[int, str], tuple[list[bytes], float, int]] = {
            (low, how): ([], 0.0, 0) for low in TARGETS for how in ways
        }
        running: subprocess.Popen[str] | None = None
        try:
            for turn in range(rounds):
                for low, how in sums:
                    kept, cpu, made = ours(
                        Targets(er=Span(low, None)), args.seconds / rounds,
                        args.seed + TURNS_APART * turn, how=how,
                    )  # fmt: skip
                    were = sums[low, how]
                    sums[low, how] = (were[0] + kept, were[1] + cpu, were[2] + made)
                if turn == 0:
                    running = anchor(args.jar, se_seconds, args.seed, Path(temp))
                if running is not None and turn < rounds - 1:
                    its_turn(running, se_seconds * (turn + 1) / rounds)
            measured = [(low, how, *sums[low, how]) for low, how in sums]
            if not args.no_near:
                near_three(args.near_seconds, args.seed)
            se = None if running is None else counts(running)
        finally:
            if running is not None and running.poll() is None:
                running.kill()
                running.wait()
    if se is not None:
        print(
            f"Sudoku Explainer's generator: {se['made']:.0f} minimal puzzles in {se['cpu']:.1f} CPU-s"
        )
    print(
        f"{'target':<24} {'puzzles':>7} {'families':>8} {'/CPU-min':>9} {'SE':>10} "
        f"{'/CPU-min':>9} {'ratio':>8} {'95% range':>15}"
    )
    at_yield = []
    for low, how, kept, cpu, made in measured:
        independent = families(kept)
        mine = per_minute(independent, cpu)
        row = f"ER>={low / 10:.1f} {how:<16} {len(kept):>7} {independent:>8} {mine:>9.1f}"
        if se is not None:
            count = se[str(low)]
            theirs = per_minute(max(count, 1), se["cpu"])
            bound = "" if count else ">="
            said = f"{count:.0f}" if count else f"<1 in {se['cpu']:.0f} s"
            # (the ratio's range from the count's: a larger count, a smaller ratio)
            fewest, most = (per_minute(n, se["cpu"]) for n in poisson_range(int(count)))
            span = f"{mine / most:.0f}-" + (f"{mine / fewest:.0f}x" if fewest else "inf")
            row += f" {said:>10} {per_minute(count, se['cpu']):>9.2f} {bound}{mine / theirs:>6.1f}x"
            row += f" {span:>15}"
            if how == "default" and made:
                expected = se["made"] * len(kept) / made
                at_yield.append(
                    f"ER>={low / 10:.1f}: {len(kept)} of {made} random starts kept "
                    f"({100 * len(kept) / made:.3f}%), so {expected:.1f} of Sudoku Explainer's "
                    f"{se['made']:.0f} (it counted {count:.0f}): "
                    f"{mine / per_minute(expected, se['cpu']):.1f}x"
                )
        print(row, flush=True)
    if at_yield:
        print("Sudoku Explainer's count at the default's share of puzzles kept among its starts:")
        print("\n".join(f"  {line}" for line in at_yield))
    print(f"load {os.getloadavg()[0]:.2f} (1 min) at the end")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
