"""How tests/data/rules/serate_chains/ was made (from the repository's root:
``python -m tests.oracles.se_variant_chain_goldens PATH/TO/serate.jar [RULES ...]``, the sets of
rules named or all): for each set of rules, its puzzles (``RULES.txt``: minimal puzzles of this
project's maker, ``sudoku-repl generate --rules RULES --count 25 --seed 82 --jobs 1``, the first
eight) are rated by serate v1.15.10 in one JVM with the rules' flags (``core.rules``'
``Rule.flag``), ``--threads=1 --format=%r/%p/%d --before=%m --after='%r %s'``: the candidates
before each step (a 729-character line), then the step. What serate printed is kept in two
file, ``RULES.states``, its lines unchanged: a few of its steps of the exclusions and chains
(from the aligned pair exclusion on), each as a line ``PUZZLE STEP`` (the puzzle's number in
``RULES.txt`` and the step's in its path, from 0), serate's candidates before it, and serate's
line of it. Kept: the first step of each name (``Nishio Forcing Chain``, ``Region Forcing
Chains``, ...), at most ``PER_RULES`` a set; and, for the path tests, ``tail N`` entries (the
line ``PUZZLE STEP tail N``, the candidates, then N lines: the path's steps from there to its
end): the first step after the last one of a technique between the hidden triple and the
exclusions (not yet ported to variant rules) of each puzzle whose path from there has one to
``TAIL_MOST`` steps of the exclusions and chains, at most ``TAILS`` a set (``tail N stopped``:
the path's lines up to where a run stopped, below).

A run that does not end (serate's nested chains on minimal anti-knight puzzles: minutes a
step) is stopped by ``--timeout`` seconds; what it printed up to there is kept the same way.
``--raw=DIR`` keeps each set's whole output in ``DIR/RULES.serate``, and reads it from there
where it is (the selection made again without running serate).
It imports nothing of ``sudoku_repl`` but ``core.rules``."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from sudoku_repl.core.rules import parse
from tests.support.serate_variant_lines import PORTED_BEFORE, in_stretch

DATA = Path(__file__).resolve().parents[1] / "data" / "rules" / "serate_chains"
FIGURES = re.compile(r"\d+\.\d/\d+\.\d/\d+\.\d")
RULES = ("x", "windoku", "dg", "asterisk", "girandola", "centerdot", "antiknight", "antiking",
         "latin", "x,windoku", "toroidal,antiking")  # fmt: skip
PER_RULES = 3
TAILS = 2
TAIL_MOST = 4
#: the names kept first, the first three of them a set has (the rarer steps first)
PRIORITY = (
    "Aligned Pair Exclusion", "Aligned Triplet Exclusion", "Contradiction Forcing Chain",
    "Double Forcing Chain", "Cell Forcing Chains", "Region Forcing Chains",
    "Bidirectional X-Cycle", "Bidirectional Y-Cycle", "Bidirectional Cycle",
    "Generalized X-Wing", "Forcing X-Chain", "Forcing Y-Chain", "Turbot Fish",
    "Nishio Forcing Chain", "Forcing Chain",
)  # fmt: skip


def _puzzles(printed: list[str]) -> list[list[tuple[str, str]]]:
    """Each puzzle's (candidates, step line) pairs, from serate's output."""
    puzzles: list[list[tuple[str, str]]] = [[]]
    at = 0
    while at < len(printed):
        if FIGURES.fullmatch(printed[at]):
            puzzles.append([])
            at += 1
        elif at + 1 < len(printed) and not FIGURES.fullmatch(printed[at + 1]):
            puzzles[-1].append((printed[at], printed[at + 1]))
            at += 2
        elif at + 1 < len(printed):  # candidates no step followed (serate gave up: 20.0)
            at += 1
        else:
            break
    return [p for p in puzzles if p]


def _tail(steps: list[tuple[str, str]]) -> int | None:
    """Where a puzzle's path goes on with ported techniques and the stretch alone, if it has
    one to ``TAIL_MOST`` steps of the stretch."""
    start = max((i + 1 for i, (_, line) in enumerate(steps)
                 if not in_stretch(line) and not line.split(" ", 1)[1].startswith(PORTED_BEFORE)),
                default=0)  # fmt: skip
    count = sum(in_stretch(line) for _, line in steps[start:])
    return start if 1 <= count <= TAIL_MOST else None


def keep(printed: list[str]) -> list[str]:
    """The ``RULES.states`` lines of serate's output."""
    firsts: dict[str, tuple[int, int, str, str]] = {}
    tails: list[tuple[int, int, str, list[str]]] = []
    puzzles = _puzzles(printed)
    ended = bool(printed) and FIGURES.fullmatch(printed[-1]) is not None
    for number, steps in enumerate(puzzles):
        stopped = " stopped" if number == len(puzzles) - 1 and not ended else ""
        tail = _tail(steps)
        for index, (state, line) in enumerate(steps):
            if index == tail and len(tails) < TAILS:
                rest = [later for _, later in steps[index:]]
                tails.append((number, index, state, rest, f" tail {len(rest)}{stopped}"))
                continue
            name = line.split(" ", 1)[1].split(":")[0]
            if in_stretch(line) and name not in firsts:
                firsts[name] = (number, index, state, line)
    chosen = sorted(firsts, key=lambda n: PRIORITY.index(n) if n in PRIORITY else len(PRIORITY))
    entries = [(*firsts[name][:3], [firsts[name][3]], "") for name in chosen[:PER_RULES]]
    entries += tails
    kept: list[str] = []
    for number, index, state, lines, tail_mark in sorted(entries, key=lambda e: e[:2]):
        kept += [f"{number} {index}{tail_mark}", state, *lines]
    return kept


def _printed(jar: str, rules: str, stem: str, timeout: float, raw: Path | None) -> str:
    """serate's output for a set (saved in ``raw``, read from there if it is)."""
    if raw is not None and (raw / f"{stem}.serate").exists():
        return (raw / f"{stem}.serate").read_text()
    args = ["java", "-cp", jar, "diuf.sudoku.test.serate", *parse(rules).flags, "--threads=1",
            "--format=%r/%p/%d", "--before=%m", "--after=%r %s", f"--input={stem}.txt"]  # fmt: skip
    try:
        done = subprocess.run(args, cwd=DATA, capture_output=True, text=True,
                              timeout=timeout, check=True)  # fmt: skip
        out = done.stdout
    except subprocess.TimeoutExpired as stopped:
        printed = stopped.stdout or b""
        out = printed.decode() if isinstance(printed, bytes) else printed
    if raw is not None:
        (raw / f"{stem}.serate").write_text(out)
    return out


def main(jar: str, only: list[str], timeout: float, raw: Path | None) -> None:
    for rules in RULES:
        if only and rules not in only:
            continue
        stem = rules.replace(",", "_")
        printed = _printed(jar, rules, stem, timeout, raw).splitlines()
        if printed and len(printed[-1]) == 729:
            printed.pop()  # the candidates of a step not printed
        (DATA / f"{stem}.states").write_text("".join(line + "\n" for line in keep(printed)))
        print(stem, file=sys.stderr)


if __name__ == "__main__":
    arguments = sys.argv[1:]
    limit, saved = 600.0, None
    while arguments and arguments[0].startswith("--"):
        option, value = arguments.pop(0).split("=", 1)
        if option == "--timeout":
            limit = float(value)
        else:  # --raw=DIR
            saved = Path(value)
    main(arguments[0], arguments[1:], limit, saved)
