"""How minimal ``why``'s premise sets are, measured with the independent checker
(``tests/oracles/why_checker.py``).

    python benchmarks/measure_why_premises.py [--steps N] [--per-rule N] [--seed S]

For the quizzes below in every run mode, the search is run ``--steps`` steps (default 150) and
the reasons of its moves are gathered by rule (the fact a peer or a given copies is left out: it
has one premise by construction). Per rule: how many reasons, the median number of premises,
and, for up to ``--per-rule`` reasons of it, each premise dropped in turn: if the checker still
proves the fact from the others, that premise was not needed. Printed as a table (the one
docs/why.md shows).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict

import common  # noqa: F401  (the repository on sys.path)

from sudoku_repl.api import Session, Settings
from sudoku_repl.techniques.why.reasons import COPY, Reason, justify
from tests.oracles.why_checker import TooLong, forced

QUIZZES = [
    ("examples/seed.txt", 1),
    ("puzzles/norvig_hardest11.txt", 1),
    ("puzzles/forum_hardest_1106.txt", 1),
    ("examples/samurai.txt", 1),
    ("examples/flower.txt", 1),
]


def rule_of(reason: Reason, mode: int) -> str:
    if reason.standard:
        name = reason.standard.split(",")[0]
        if mode == 3 and reason.events:
            return f"theorem ({name})"
        if name.startswith("hidden single") and mode != 3:
            return "complete shrink (hidden single)"
        return name
    if reason.kind == "contradiction":
        return "contradiction"
    return reason.words or "ply"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--steps", type=int, default=150)
    parser.add_argument("--per-rule", type=int, default=40)
    parser.add_argument("--seed", type=int, default=35)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    found: dict[str, list[tuple[tuple[int, ...], tuple[int, int, bool] | None, tuple]]] = (
        defaultdict(list)
    )
    for path, number in QUIZZES:
        for mode in range(6):
            session = Session.from_quiz(path, number, Settings(run_mode=mode))
            session.goto(args.steps)
            history, geo = session.history, session.geo
            units = tuple(tuple(u.cells) for u in geo.units)
            for m in range(len(history)):
                before = session.state_after(m)
                reasons = justify(
                    geo, before, history.events(m), history.run_mode(m), history.choice(m)
                )
                seen: set[int] = set()
                for fact, reason in reasons.facts.items():
                    if reason.kind in (COPY, "guess", "edit") or id(reason) in seen:
                        continue
                    seen.add(id(reason))  # one reason shared by a move's removals: once
                    found[rule_of(reason, mode)].append((units, fact, reason.premises))
                if reasons.contradiction is not None:
                    c = reasons.contradiction
                    found["contradiction"].append((units, None, c.premises))
    print(f"{'rule':<34} {'reasons':>8} {'median premises':>16} {'unneeded':>10}")
    total = unneeded_all = 0
    for rule in sorted(found, key=lambda r: -len(found[r])):
        items = found[rule]
        median = statistics.median(len(p) for _, _, p in items)
        sample = rng.sample(items, min(args.per_rule, len(items)))
        tried = unneeded = 0
        for units, fact, premises in sample:
            for k in range(len(premises)):
                rest = premises[:k] + premises[k + 1 :]
                tried += 1
                try:
                    if forced(units, rest, fact, budget=20_000):
                        unneeded += 1
                except TooLong:
                    pass  # not proved within the budget: counted as needed
        total += tried
        unneeded_all += unneeded
        share = f"{100 * unneeded / tried:.1f}%" if tried else "-"
        print(f"{rule:<34} {len(items):>8} {median:>16g} {share:>10}")
    print(f"all premises tried: {total}, unneeded: {100 * unneeded_all / max(total, 1):.1f}%")


if __name__ == "__main__":
    main()
