"""Our Sudoku Explainer rating against SukakuExplainer 1.15.10's ``serate`` and skfr, side by side
on the same puzzles in one run, per ER band (<= 9.4, 9.5-10.5, >= 10.6): the median CPU per puzzle of
serate (the whole JVM's CPU: the JVM's user + system time of the band's run, one JVM a band,
shared among its puzzles in proportion to the time serate gives each, so that start-up, JIT
and GC count), of
ours on the native chain search and of ours in pure Python, the ratios ours/serate, and the
peak memory of each (resident set); each band's total CPU, ours against serate's (the issue's
floor: <= 0.1x in every band); skfr's median time a puzzle (its own ``-e`` figure, one thread,
one process a band over the band's file). ``before``: ours on the native build with the techniques
below the chains (singles to the BUG, ``explainer/csrc/``) and the rating's loop over them in
Python, as before the C explainer, in the same run, and the ratio native/before (``--no-before`` skips
it).

    python benchmarks/bench_se_rate.py --serate-jar JAR          # a built SukakuExplainer.jar
                                       [--skfr BIN]             # a built skfr binary
    python benchmarks/bench_se_rate.py --serate-source URL [--serate-ref v1.15.10]
                                       [--per-band 12,3,1] [--pure-per-band 3,0,0]
                                       [--timeout S] [--keep DIR]

``--serate-source`` is a git URL (or a local clone) of SukakuExplainer: it is cloned at
``--serate-ref`` into the benchmark's own temporary folder and compiled there with ``javac``
(the JDK must be installed). Without a JDK, without network, or with neither option, the
serate side is skipped with one line and ours is measured alone.

skfr (github.com/dobrichev/skfr, built from source with ``g++ -O2`` and without ``-fopenmp``, so
one thread: ``g++ -O2 -o skfr src/*.cpp`` less ``src/skfrdll.cpp``) is not part of the project; the
benchmark only runs the binary given. It rates on SE 1.2.1's older scale, so its ER is
approximate; the row says on how many it equals serate's.

The puzzles: the ``<= 9.4`` band from the bank (tests/data/se_bank_serate.txt, serate's ER, evenly
spread over the 2,000; ``--low-file FILE``, repeatable: from other collections instead, such as
``puzzles/magictour_top1465.txt``), the upper bands from the hard set (tests/data/se_hard_rated.txt, serate's
ER 9.5-10.5 and >= 10.6, evenly spread; ``--upper-file FILE``, repeatable: from other
collections instead, such as a sample of the forum's hardest, whose lines carry no ER: they
count as >= 10.6 until serate rates them); a puzzle's band is serate's ER for it where serate ran
(else the file's). ``--per-band A,B,C`` puzzles per band (serate
takes minutes for an ER-11 puzzle); ``--pure-per-band`` how many of those the pure engine also
rates (minutes a puzzle on the upper bands). Where our rating stops at a lower bound (the
``--timeout``), the row says how many.

The first band is also cut into sub-bands (``SUB_BANDS``, a table of its own: ours (the
rating's CPU) against skfr's, median and total): ER < 4.0 (singles, intersections, subsets, the
small fish), 4.0-6.4 (hidden triple up to aligned pair exclusion: the ladder below the chains),
6.5-7.4 (the cycles and the forcing X/Y chains), 7.5-9.4 (aligned triplet exclusion, Nishio,
multiple and dynamic forcing chains). A puzzle's sub-band is serate's ER where serate ran, else
its file's, else ours (equal to serate's on the bank's 2,000). ``--per-sub-band N`` picks the
first band's puzzles by sub-band instead, N of each, evenly spread over the low files'
puzzles there (the bank holds none below 5.4: add ``--low-file puzzles/royle17_sample2000.txt``,
say); a line without an ER is rated by ours first (stopping above 9.4). ``--repeat K`` rates
each puzzle K times, in both skfr and ours, and takes the mean: skfr's own figure comes in 1 ms
steps, coarse for a puzzle of 1-3 ms.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import common
from common import REPO

BANDS = ("<= 9.4", "9.5-10.5", ">= 10.6")
#: the first band's sub-bands: (name, the least ER in tenths), the techniques each starts with
#: in the module's help
SUB_BANDS = (("< 4.0", 0), ("4.0-6.4", 40), ("6.5-7.4", 65), ("7.5-9.4", 75))
DATA = REPO / "tests" / "data"
SERATE_CLASS = "diuf.sudoku.test.serate"


def band_of(er: float) -> int:
    return 0 if er <= 9.45 else (1 if er < 10.55 else 2)


def sub_band_of(er: float) -> int:
    """The index in ``SUB_BANDS`` of an ER at or below 9.4."""
    tenths = round(er * 10)
    return max(i for i, (_, least) in enumerate(SUB_BANDS) if tenths >= least)


def read_puzzles(path: Path) -> list[tuple[str, float | None]]:
    rows: list[tuple[str, float | None]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        # (SHC's example files separate some lines' fields by semicolons, others by blanks)
        parts = line.replace(";", " ").split()
        if parts and len(parts[0]) == 81:
            rows.append((parts[0], float(parts[1].split("/")[0]) if len(parts) > 1 else None))
    return rows


def spread(rows: list[tuple[str, float | None]], count: int) -> list[tuple[str, float | None]]:
    if count <= 0 or not rows:
        return []
    step = max(1, len(rows) // count)
    return rows[::step][:count]


def candidates(
    per_band: list[int],
    low_files: list[Path] | None = None,
    upper_files: list[Path] | None = None,
    per_sub_band: int = 0,
) -> list[tuple[str, int]]:
    """(puzzle, the band it is expected in) for each band: the bank for the first (or the
    puzzles of ``low_files``, one after the other, whose band is serate's when it runs), the
    hard set for the others (or the puzzles of ``upper_files``), by the files' ER (serate's; a
    puzzle without one is expected at >= 10.6 until serate rates it)."""
    if low_files:
        low = [r for f in low_files for r in read_puzzles(f)]
    else:
        low = [r for r in read_puzzles(DATA / "se_bank_serate.txt") if band_of(r[1] or 0) == 0]
    if upper_files:
        hard = [r for f in upper_files for r in read_puzzles(f)]
    else:
        hard = read_puzzles(DATA / "se_hard_rated.txt")
    if per_sub_band:
        low = with_ers(low)
        out = [
            (p, 0)
            for sub in range(len(SUB_BANDS))
            for p, _ in spread(
                [r for r in low if r[1] is not None and r[1] <= 9.45 and sub_band_of(r[1]) == sub],
                per_sub_band,
            )
        ]
    else:
        out = [(p, 0) for p, _ in spread(low, per_band[0])]
    for band in (1, 2):
        rows = [r for r in hard if (2 if r[1] is None else band_of(r[1])) == band]
        out += [(p, band) for p, _ in spread(rows, per_band[band])]
    return out


def with_ers(rows: list[tuple[str, float | None]]) -> list[tuple[str, float | None]]:
    """``rows`` with our ER where the file gave none (None where it is above 9.4: the rating
    stops before such a step, ``below``)."""
    unknown = [p for p, er in rows if er is None]
    if not unknown:
        return rows
    code = (
        "import sys\n"
        "from sudoku_repl.techniques.explainer import rate\n"
        "for p in sys.stdin.read().split():\n"
        "    r = rate(p, time_limit=None, below=9.4)\n"
        "    print('-' if r.known_above is not None else r.er, flush=True)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run(
        [sys.executable, "-c", code],
        input="\n".join(unknown),
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    ours = {
        p: None if line == "-" else float(line) for p, line in zip(unknown, done.stdout.split())
    }
    return [(p, ours[p] if er is None else er) for p, er in rows]


def build_serate(source: str, ref: str, folder: Path) -> Path | None:
    """SukakuExplainer.jar compiled in ``folder`` from a git URL or clone, or None (and why)."""
    if not shutil.which("javac") or not shutil.which("jar") or not shutil.which("git"):
        print("serate: skipped, no JDK (javac, jar) or no git on this machine")
        return None
    clone = folder / "src"
    done = subprocess.run(
        ["git", "clone", "--quiet", source, str(clone)], capture_output=True, text=True
    )
    if (
        done.returncode
        or subprocess.run(
            ["git", "-C", str(clone), "checkout", "--quiet", ref], capture_output=True
        ).returncode
    ):
        print(f"serate: skipped, cannot get {source} at {ref} (no network?)")
        return None
    sources = sorted(str(p) for p in clone.rglob("*.java"))
    classes = folder / "classes"
    classes.mkdir()
    made = subprocess.run(
        ["javac", "-nowarn", "-encoding", "ISO-8859-1", "-d", str(classes), *sources],
        capture_output=True,
        text=True,
    )
    if made.returncode:
        print(f"serate: skipped, javac failed: {made.stderr.strip().splitlines()[-1:]}")
        return None
    for resource_file in clone.rglob("*"):  # the resources beside the classes
        if resource_file.is_file() and resource_file.suffix in (
            ".properties",
            ".txt",
            ".png",
            ".gif",
            ".html",
        ):
            rel = resource_file.relative_to(clone)
            if rel.parts and rel.parts[0] == "diuf":
                (classes / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(resource_file, classes / rel)
    jar = folder / "SukakuExplainer.jar"
    subprocess.run(["jar", "cf", str(jar), "-C", str(classes), "."], check=True)
    return jar


def run_serate(
    jar: Path, puzzles: list[str], folder: Path
) -> tuple[list[float], list[float], float, list[float]]:
    """serate's ER of each puzzle, the whole JVM's CPU shared among them (in proportion to the
    time serate gives each), its peak RSS (MB), and each rating's own time (serate's ``%e``)."""
    src = folder / "in.txt"
    src.write_text("\n".join(puzzles) + "\n", encoding="utf-8")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [
            "java",
            "-Xss64m",
            "-XX:ActiveProcessorCount=1",
            "-cp",
            str(jar),
            SERATE_CLASS,
            "--format=%r %e",
            f"--input={src}",
            "--threads=1",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    ers: list[float] = []
    elapsed: list[float] = []
    for line in done.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 2:
            ers.append(float(parts[0].replace(",", ".")))
            elapsed.append(parse_elapsed(parts[1]))
    if len(ers) != len(puzzles):
        raise SystemExit(
            f"serate gave {len(ers)} ratings for {len(puzzles)} puzzles:\n{done.stdout[-500:]}"
        )
    total = sum(elapsed) or 1.0
    return ers, [cpu * e / total for e in elapsed], after.ru_maxrss / 1024, elapsed


def run_serate_by_band(
    jar: Path, rows: list[tuple[str, int]], folder: Path
) -> tuple[list[float], list[float], float, list[float]]:
    """``run_serate`` once for each expected band (one JVM each: a band's JVM time is shared
    among its own puzzles only), the results back in the order of ``rows``."""
    ers = [0.0] * len(rows)
    cpu = [0.0] * len(rows)
    own = [0.0] * len(rows)
    peak = 0.0
    for band in range(3):
        idx = [i for i, (_, b) in enumerate(rows) if b == band]
        if not idx:
            continue
        b_ers, b_cpu, b_peak, b_own = run_serate(jar, [rows[i][0] for i in idx], folder)
        peak = max(peak, b_peak)
        for k, i in enumerate(idx):
            ers[i], cpu[i], own[i] = b_ers[k], b_cpu[k], b_own[k]
    return ers, cpu, peak, own


def run_skfr(
    binary: Path, rows: list[tuple[str, int]], folder: Path, repeat: int = 1
) -> tuple[list[float | None], list[float | None], list[float]]:
    """skfr's ER and its own time (``-e``, milliseconds) of each puzzle, None where it gave none,
    and the whole process's CPU of each band's run (user + system); one process a band over a
    file of the band's puzzles, in ``folder`` (skfr writes ``NAME_rat.txt`` beside its input).
    ``repeat``: each puzzle that many times over, its time the mean of them."""
    ers: list[float | None] = [None] * len(rows)
    own: list[float | None] = [None] * len(rows)
    band_cpu = [0.0, 0.0, 0.0]
    for band in range(3):
        idx = [i for i, (_, b) in enumerate(rows) if b == band]
        if not idx:
            continue
        name = folder / f"skfr{band}"
        digits = [rows[i][0].replace(".", "0") for i in idx]
        lines = [d for d in digits for _ in range(repeat)]
        name.with_suffix(".txt").write_text("\n".join(lines) + "\n", encoding="ascii")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            [str(binary), f"-i{name}", "-e"], capture_output=True, check=True, cwd=folder
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        band_cpu[band] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        found: dict[str, tuple[float, list[float]]] = {}
        for out in (Path(f"{name}_rat.txt"), Path(f"{name}_N_rat.txt")):
            if not out.exists():
                continue
            for line in out.read_text(encoding="ascii", errors="replace").splitlines():
                parts = line.split()
                if len(parts) < 2 or not parts[1].startswith("ED="):
                    continue
                figures, _, took = parts[1][3:].partition(";")
                er = float(figures.split("/")[0])
                times = found.setdefault(parts[0], (er, []))[1]
                if took:
                    times.append(parse_elapsed(took))
        for k, i in enumerate(idx):
            if digits[k] in found:
                er, times = found[digits[k]]
                ers[i], own[i] = er, statistics.fmean(times) if times else None
    return ers, own, band_cpu


def parse_elapsed(text: str) -> float:
    """serate's ``%e``: ``1m48s``, ``6.98s``, ``0.08s``, ``1h2m3s``."""
    seconds = 0.0
    number = ""
    for ch in text.replace(",", "."):
        if ch.isdigit() or ch == ".":
            number += ch
        elif number:
            seconds += float(number) * {"h": 3600, "m": 60, "s": 1}.get(ch, 0)
            number = ""
    return seconds + (float(number) if number else 0.0)


def run_ours(
    puzzles: list[str], pure: bool, timeout: float, rungs_in_python: bool = False, repeat: int = 1
) -> tuple[list[float], list[float], list[bool], float, list[float]]:
    """Our ER, CPU seconds (the whole process's, start-up included, shared among the puzzles
    as serate's is) and lower-bound flag of each puzzle, the peak RSS (MB), and each rating's
    own CPU seconds; in a child process (``SUDOKU_REPL_ENGINE=pure`` for the pure one).
    ``rungs_in_python``: the native build with the techniques below the chains
    (``explainer/csrc/``: singles to the BUG, and the rating's loop over them) in Python, as
    before they were in C (the chains still in C). ``repeat``: each puzzle rated that many
    times over, its CPU the mean of them."""
    code = (
        "import sys, time, resource\n"
        "from sudoku_repl.techniques.explainer import rate\n"
        "if sys.argv[2] == '1':\n"
        "    from sudoku_repl.techniques.explainer import native\n"
        "    native.se_ladder = native.se_climb = lambda: None\n"
        "for p in sys.stdin.read().split():\n"
        "    t = time.process_time()\n"
        "    for _ in range(int(sys.argv[3])): r = rate(p, time_limit=float(sys.argv[1]))\n"
        "    took = (time.process_time() - t) / int(sys.argv[3])\n"
        "    print(r.er, took, int(r.er_is_lower_bound), flush=True)\n"
        "print('rss', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)\n"
    )
    env = dict(os.environ, SUDOKU_REPL_ENGINE="pure" if pure else "")
    repo = Path(__file__).resolve().parent.parent
    env["PYTHONPATH"] = str(repo) + os.pathsep + env.get("PYTHONPATH", "")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-c", code, str(timeout), str(int(rungs_in_python)), str(repeat)],
        input="\n".join(puzzles),
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    ers, own, lower, rss = [], [], [], 0.0
    for line in done.stdout.splitlines():
        parts = line.split()
        if parts[0] == "rss":
            rss = float(parts[1])
        else:
            ers.append(float(parts[0]))
            own.append(float(parts[1]))
            lower.append(parts[2] == "1")
    share = total / (sum(own) * repeat or 1.0)
    return ers, [t * share for t in own], lower, rss, own


def sub_bands(
    rows: list[tuple[str, int]],
    bands: list[int],
    serate_ers: list[float] | None,
    file_ers: dict[str, float | None],
    native: tuple[list[float], list[float], list[bool], float, list[float]],
    skfr: tuple[list[float | None], list[float | None], list[float]] | None,
) -> None:
    """The first band's table by sub-band: ours (the rating's CPU) against skfr's own time,
    the median of each and their ratio, the ratio of the totals (over the puzzles skfr rated).
    A puzzle's ER: serate's, else its file's, else ours."""
    print(
        f"{'ER <= 9.4':10} {'n':>4} {'skfr':>8} {'ours':>8} {'ratio':>6} {'skfr sum':>9}"
        f" {'ours sum':>9} {'ratio':>6}   (medians in ms, then totals in s; ratio ours/skfr)"
    )
    found: list[list[int]] = [[] for _ in SUB_BANDS]
    for i, (puzzle, _) in enumerate(rows):
        if bands[i] == 0:
            er = serate_ers[i] if serate_ers else file_ers.get(puzzle)
            found[sub_band_of(native[0][i] if er is None else er)].append(i)
    every = [i for idx in found for i in idx]
    for name, idx in [*zip((n for n, _ in SUB_BANDS), found, strict=True), ("all", every)]:
        if not idx:
            continue
        k_own = [t for i in idx if skfr and (t := skfr[1][i]) is not None]
        ours = [native[4][i] for i in idx if skfr and skfr[1][i] is not None]
        if not k_own:
            ours = [native[4][i] for i in idx]
        k_med = statistics.median(k_own) * 1000 if k_own else 0.0
        o_med = statistics.median(ours) * 1000
        print(
            f"{name:10} {len(idx):4} {k_med:8.2f} {o_med:8.2f} {ratio(ours, k_own):>6}"
            f" {sum(k_own):9.3f} {sum(ours):9.3f} {ratio(ours, k_own, sum):>6}"
        )


def median(values: list[float]) -> str:
    return f"{statistics.median(values):.3f}" if values else "-"


def ratio(
    ours: list[float], theirs: list[float], how: Callable[[list[float]], float] = statistics.median
) -> str:
    """``how(ours) / how(theirs)`` to two places, or ``-`` without both."""
    if not ours or not theirs or not how(theirs):
        return "-"
    return f"{how(ours) / how(theirs):.2f}"


def _variant_groups(chains: bool) -> dict[str, list[str]]:
    """The variant puzzles by rules: tests/data/rules/se_puzzles.txt and serate_mid/ (paths
    past the hidden triple), or with ``chains`` serate_chains/ and serate_nested/ (paths
    through the exclusions, forcing chains, dynamic (+) and nested chains)."""
    groups: dict[str, list[str]] = {}
    if chains:
        for folder, said in (("serate_chains", ""), ("serate_nested", " nested")):
            for path in sorted((DATA / "rules" / folder).glob("*.txt")):
                groups[path.stem.replace("_", ",") + said] = path.read_text().split()
        return groups
    for line in (DATA / "rules" / "se_puzzles.txt").read_text().splitlines():
        rules, puzzle = line.split()
        groups.setdefault(rules, []).append(puzzle)
    for mid in sorted((DATA / "rules" / "serate_mid").glob("*.txt")):
        groups.setdefault(mid.stem.replace("_", ","), []).extend(mid.read_text().split())
    return groups


def ours_on_variants(rules: str, path: Path) -> None:
    """``--ours-variant``: rate the file's puzzles under the rules (this process's build), and
    print the CPU seconds it took, then the puzzles rated to the end (one a line)."""
    from sudoku_repl.core.rules import parse
    from sudoku_repl.techniques.explainer.ruled import Beyond, rate_rules

    parsed = parse(rules)
    began, whole = time.process_time(), []
    for puzzle in path.read_text().split():
        try:
            rate_rules(puzzle, parsed)
            whole.append(puzzle)
        except Beyond:
            pass
    print(time.process_time() - began)
    print("\n".join(whole))


def _ours_variant(rules: str, path: Path, engine: str) -> tuple[float, list[str]]:
    """``ours_on_variants`` in a process of its own on the build ``engine`` (native or pure:
    ``SUDOKU_REPL_ENGINE``): its CPU seconds and the puzzles it rated to the end."""
    env = {**os.environ, "SUDOKU_REPL_ENGINE": engine}
    done = subprocess.run(
        [sys.executable, __file__, "--ours-variant", rules, str(path)],
        capture_output=True, check=True, text=True, env=env,
    )  # fmt: skip
    cpu, *whole = done.stdout.split()
    return float(cpu), whole


def variants(
    jar: Path, folder: Path, chains: bool, pure: bool, per_set: int, sets: list[str] | None
) -> None:
    """The variant rules' line: serate with each set of rules' flags (one JVM a set, its
    CPU from ``RUSAGE_CHILDREN``) against ours on the native build (the chain search in C on
    the rules' geometry) and, unless ``pure`` is false, on the pure build (the searches in
    Python: the build before the C on rules), each in a process of its own (its rating's
    CPU, start-up aside), on the puzzles of ``_variant_groups(chains)`` that ours rates to the
    end (``per_set``: the first so many of each set, 0: all; ``sets``: those sets alone)."""
    from sudoku_repl.core.rules import parse

    print(f"{'variant rules':24} {'n':>3} {'serate':>8} {'native':>8} {'nat/ser':>8}"
          f" {'pure':>8} {'pure/ser':>8}")  # fmt: skip
    sums = [0.0, 0.0, 0.0, 0]
    for rules, every in _variant_groups(chains).items():
        if sets and rules not in sets:
            continue
        puzzles = every[:per_set] if per_set else every
        flags = parse(rules.split()[0]).flags
        path = folder / f"variants_{rules.replace(',', '_').replace(' ', '_')}.txt"
        path.write_text("".join(p + "\n" for p in puzzles))
        ours, whole = _ours_variant(rules.split()[0], path, "native")
        if not whole:
            continue
        path.write_text("".join(p + "\n" for p in whole))
        before = _ours_variant(rules.split()[0], path, "pure")[0] if pure else 0.0
        began = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            ["java", "-cp", str(jar), "diuf.sudoku.test.serate", *flags,
             "--threads=1", f"--input={path}"],
            capture_output=True, check=True,
        )  # fmt: skip
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        theirs = after.ru_utime - began.ru_utime + after.ru_stime - began.ru_stime
        sums[0] += theirs
        sums[1] += ours
        sums[2] += before
        sums[3] += len(whole)
        said = f"{before:>8.3f} {before / theirs:>8.3f}" if pure else f"{'-':>8} {'-':>8}"
        print(f"{rules:24} {len(whole):>3} {theirs:>8.3f} {ours:>8.3f} {ours / theirs:>8.3f}"
              f" {said}")  # fmt: skip
    if sums[0]:
        said = f"{sums[2]:>8.3f} {sums[2] / sums[0]:>8.3f}" if pure else f"{'-':>8} {'-':>8}"
        print(f"{'all (CPU s)':24} {sums[3]:>3} {sums[0]:>8.3f} {sums[1]:>8.3f} "
              f"{sums[1] / sums[0]:>8.3f} {said}")  # fmt: skip
    print(
        "(CPU seconds of each set's puzzles: serate's whole JVM, start-up included; ours "
        "the rating's alone, native and pure, each in a process of its own)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serate-jar", type=Path)
    parser.add_argument("--serate-source", help="git URL or clone of SukakuExplainer")
    parser.add_argument("--serate-ref", default="v1.15.10")
    parser.add_argument("--skfr", type=Path, help="a built skfr binary (one thread)")
    parser.add_argument("--per-band", default="12,3,1")
    parser.add_argument(
        "--low-file",
        type=Path,
        action="append",
        help="take the first band's puzzles from this file (repeatable; one 81-character puzzle"
        " a line, a rating after it or not) instead of the bank: puzzles of ER 1-9 from other"
        " collections; each puzzle's band is then serate's ER (give --serate-jar)",
    )
    parser.add_argument(
        "--upper-file",
        type=Path,
        action="append",
        help="the puzzles above 9.4 from this file (repeatable) instead of the hard set",
    )
    parser.add_argument(
        "--per-sub-band",
        type=int,
        default=0,
        help="pick the first band's puzzles by sub-band (SUB_BANDS), this many of each",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="rate each puzzle this many times (skfr and ours, native), its time the mean",
    )
    parser.add_argument("--pure-per-band", default="3,0,0")
    parser.add_argument(
        "--variants",
        action="store_true",
        help="only the variant rules' line (tests/data/rules/se_puzzles.txt, serate_mid/), "
        "against serate, ours native and pure",
    )
    parser.add_argument(
        "--variant-chains",
        action="store_true",
        help="with --variants: the puzzles whose paths reach the chains "
        "(tests/data/rules/serate_chains/, serate_nested/) instead",
    )
    parser.add_argument(
        "--no-pure", action="store_true", help="with --variants: ours on the native build alone"
    )
    parser.add_argument(
        "--per-set", type=int, default=0, help="with --variants: the first N puzzles of each set"
    )
    parser.add_argument(
        "--sets", help="with --variants: these sets alone (a comma list of their names, ';')"
    )
    parser.add_argument("--ours-variant", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument(
        "--no-before",
        action="store_true",
        help="skip the run with the techniques below the chains in Python (the build before)",
    )
    parser.add_argument(
        "--keep", type=Path, help="build serate here (kept) instead of a temporary folder"
    )
    args = parser.parse_args()
    common.say_if_stale_build()
    if args.ours_variant:
        ours_on_variants(args.ours_variant[0], Path(args.ours_variant[1]))
        return
    if args.variants:
        if args.serate_jar is None or not shutil.which("java"):
            print("variants: skipped, give --serate-jar JAR (and install java)")
            return
        with tempfile.TemporaryDirectory(prefix="bench-se-variants-") as tmp:
            variants(
                args.serate_jar,
                Path(tmp),
                args.variant_chains,
                not args.no_pure,
                args.per_set,
                args.sets.split(";") if args.sets else None,
            )
        return
    per_band = [int(x) for x in args.per_band.split(",")]
    pure_per_band = [int(x) for x in args.pure_per_band.split(",")]
    rows = candidates(per_band, args.low_file, args.upper_file, args.per_sub_band)
    file_ers = dict(read_puzzles(DATA / "se_bank_serate.txt"))
    file_ers.update(r for f in args.low_file or [] for r in read_puzzles(f) if r[1] is not None)
    puzzles = [p for p, _ in rows]
    with tempfile.TemporaryDirectory(prefix="bench-se-rate-") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        jar = args.serate_jar
        if jar is None and args.serate_source:
            jar = build_serate(args.serate_source, args.serate_ref, folder)
        elif jar is None:
            print("serate: skipped, give --serate-jar JAR or --serate-source URL")
        serate: tuple[list[float], list[float], float, list[float]] | None = None
        if jar is not None:
            if not shutil.which("java"):
                print("serate: skipped, no java on this machine")
            else:
                serate = run_serate_by_band(jar, rows, folder)
        skfr = None
        if args.skfr is None:
            print("skfr: skipped, give --skfr BIN")
        elif not os.access(args.skfr, os.X_OK):
            print(f"skfr: skipped, {args.skfr} is not an executable file")
        else:
            skfr = run_skfr(args.skfr.resolve(), rows, folder, args.repeat)
    bands = [band_of(serate[0][i]) if serate else b for i, (_, b) in enumerate(rows)]
    native = run_ours(puzzles, False, args.timeout, repeat=args.repeat)
    before = None if args.no_before else run_ours(puzzles, False, args.timeout, True)
    pure_pick = [
        i for b in range(3) for i in [j for j, x in enumerate(bands) if x == b][: pure_per_band[b]]
    ]
    pure = run_ours([puzzles[i] for i in pure_pick], True, args.timeout) if pure_pick else None
    print(
        f"{'band':10} {'n':>3} {'serate':>8} {'(%e)':>7} {'skfr':>7} {'native':>8}"
        f" {'(rating)':>8} {'nat/serate':>10} {'nat/skfr':>8} {'before':>8} {'aft/bef':>7}"
        f"   {'pure on k of them, /serate':>27}  notes"
    )
    totals, skfr_totals = [], []
    for b, name in enumerate(BANDS):
        idx = [i for i, x in enumerate(bands) if x == b]
        if not idx:
            continue
        s_cpu = [serate[1][i] for i in idx] if serate else []
        s_own = [serate[3][i] for i in idx] if serate else []
        k_own = [t for i in idx if skfr and (t := skfr[1][i]) is not None]
        n_cpu = [native[1][i] for i in idx]
        n_own = [native[4][i] for i in idx]
        picked = [(k, i) for k, i in enumerate(pure_pick) if bands[i] == b]
        notes = []
        lower = sum(native[2][i] for i in idx)
        if lower:
            notes.append(f"ours a lower bound on {lower}")
        if serate:
            same = sum(abs(native[0][i] - serate[0][i]) < 0.05 for i in idx)
            notes.append(f"ER equal on {same}/{len(idx)}")
            totals.append(f"{name} {sum(n_cpu):.2f}/{sum(s_cpu):.2f} = {ratio(n_cpu, s_cpu, sum)}")
        if skfr and k_own:
            ours = sum(native[4][i] for i in idx if skfr[1][i] is not None)
            skfr_totals.append(
                f"{name} {ours:.2f}/{sum(k_own):.2f} = {ours / (sum(k_own) or 1.0):.2f}"
            )
        if skfr and serate:
            k_same = sum(
                (er := skfr[0][i]) is not None and abs(er - serate[0][i]) < 0.05 for i in idx
            )
            notes.append(f"skfr's ER equal to serate's on {k_same}/{len(idx)}")
        b_cpu = [before[1][i] for i in idx] if before else []
        if before and any(abs(native[0][i] - before[0][i]) > 0.05 for i in idx):
            notes.append("ER differs from before's")
        pure_text = "-"
        if pure and picked:
            p_cpu = [pure[1][k] for k, _ in picked]
            pure_text = f"k={len(picked)} pure {statistics.median(p_cpu):.3f}"
            if serate:
                pure_text += f" {ratio(p_cpu, [serate[1][i] for _, i in picked]):>6}"
        print(
            f"{name:10} {len(idx):3} {median(s_cpu):>8} {median(s_own):>7} {median(k_own):>7}"
            f" {median(n_cpu):>8} {median(n_own):>8} {ratio(n_cpu, s_cpu):>10}"
            f" {ratio(n_own, k_own):>8} {median(b_cpu):>8} {ratio(n_cpu, b_cpu):>7}"
            f"   {pure_text:>27}  {'; '.join(notes)}"
        )
    sub_bands(rows, bands, serate[0] if serate else None, file_ers, native, skfr)
    if totals:
        print("each band's total CPU seconds, native/serate: " + ", ".join(totals))
    if skfr_totals:
        print("each band's total seconds, ours (rating)/skfr: " + ", ".join(skfr_totals))
    if before:
        print(
            f"all {len(puzzles)} puzzles, CPU seconds: native {sum(native[1]):.2f},"
            f" before (the techniques below the chains in Python) {sum(before[1]):.2f},"
            f" after/before {sum(native[1]) / (sum(before[1]) or 1.0):.2f}"
        )
    peaks = [f"native {native[3]:.0f} MB"]
    if pure:
        peaks.append(f"pure {pure[3]:.0f} MB")
    if serate:
        peaks.append(f"serate (JVM) {serate[2]:.0f} MB")
    print("peak memory (resident): " + ", ".join(peaks))
    print(
        "(median CPU seconds a puzzle: the whole process's (JVM or Python, start-up included)"
        " shared among its puzzles; '(%e)': serate's own time of the rating (wall clock, 10 ms"
        " steps), 'skfr': skfr's own time of the rating (-e: its clock(), the process's CPU, 1 ms steps),"
        " '(rating)': our rating's process_time; nat/skfr compares '(rating)' with 'skfr';"
        f" {time.strftime('%Y-%m-%d')})"
    )


if __name__ == "__main__":
    main()
