"""``generate --rules`` against ``pencilmark``'s generator, in one run: unique minimal puzzles
a CPU-minute under each family of rules, ours, and pencilmark's (PyPI ``pencilmark``, its
``pencilmark.gen.api.generate``) for each rule it also generates, with the ratio.

pencilmark 1.0.0rc1's generator places its own elements only (cages, thermometers, kropki,
...): its ``variants.py`` says the generation of placement variants (diagonals, windoku,
jigsaw, anti-knight) is a next step, and its ``Spec`` has no field for them. So no rule is
shared: the script asks pencilmark's ``Spec`` for a field of rules, says where it has none, and
measures the one thing both generate, classic sudoku (ours: ``generate`` without rules), as
the anchor of the same run, its ratio printed; each rule's rate is then printed beside
pencilmark's classic rate (a reference, not a like-for-like ratio). A later pencilmark that
takes the rules is measured rule by rule with the same code (``_pencilmark_rules``).

    python benchmarks/bench_generate_rules.py [--seconds S] [--pm-seconds S] [--seed N]

Ours runs here, one process: ``--seconds`` of this process's CPU a set of rules (a puzzle
under way when the time is up is finished and counted). pencilmark runs in this process too
(``pip install pencilmark`` into the venv: never a dependency of the project; without it, one
line says so and ours is measured alone), ``--pm-seconds`` of CPU, a puzzle at a time, each
with its own seed. A count of 0 is said as "< 1 in S s".
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

import common  # noqa: F401  (this checkout on sys.path, before sudoku_repl)

from sudoku_repl import generate

#: the families of rules measured, with a symmetry for those whose plain puzzles take long to
#: prove unique (non-consecutive's hold 6 or 7 givens); the jigsaw is the tests'
JIGSAW = "111122333111222333112222333444555666444555666444555666777888999778888999777788999"
RULES = (
    ("", "none"),
    ("x", "none"),
    ("windoku", "none"),
    ("dg", "none"),
    ("asterisk", "none"),
    ("girandola", "none"),
    ("centerdot", "none"),
    ("antiknight", "none"),
    ("antiking", "none"),
    ("nc", "full"),
    ("toroidal,antiking", "none"),
    ("latin", "none"),
    (f"jigsaw={JIGSAW}", "none"),
    ("x,windoku", "none"),
)


def cpu() -> float:
    return time.process_time()


def ours(rules: str, symmetry: str, seconds: float, seed: int) -> tuple[int, float]:
    """(puzzles, CPU seconds) of ``generate --rules`` for about ``seconds`` of CPU."""
    start = cpu()
    made = 0
    for _ in generate(rules=rules or None, symmetry=symmetry, seed=seed):
        made += 1
        if cpu() - start >= seconds:
            break
    return made, cpu() - start


def _pencilmark() -> Callable[[dict[str, object]], object] | None:
    try:
        from pencilmark.gen.api import generate as pm_generate
    except ImportError:
        return None
    return pm_generate  # type: ignore[no-any-return]


def _pencilmark_rules() -> set[str]:
    """The names of the fields of pencilmark's ``Spec`` that could carry our rules."""
    from dataclasses import fields

    from pencilmark.gen.api import Spec

    words = {"rules", "variant", "variants", "regions", "jigsaw", "diagonal"}
    return {f.name for f in fields(Spec)} & words


def theirs(
    pm_generate: Callable[[dict[str, object]], object], seconds: float, seed: int
) -> tuple[int, float]:
    """(puzzles, CPU seconds) of pencilmark's classic generator for about ``seconds``."""
    start = cpu()
    made = 0
    while cpu() - start < seconds:
        pm_generate({"seed": seed + made, "time_limit": max(seconds * 4, 60.0)})
        made += 1
    return made, cpu() - start


def rate(made: int, spent: float) -> str:
    if not made:
        return f"< 1 in {spent:.0f} s"
    return f"{made / spent * 60:,.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="CPU seconds of ours a set of rules"
    )
    parser.add_argument(
        "--pm-seconds", type=float, default=120.0, help="CPU seconds of pencilmark's"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f}")
    pm_generate = _pencilmark()
    pm: tuple[int, float] | None = None
    if pm_generate is None:
        print("pencilmark is not installed (pip install pencilmark): ours alone")
    else:
        shared = _pencilmark_rules()
        print(
            "pencilmark's generator takes no rules of ours "
            f"(its Spec's fields for rules: {', '.join(sorted(shared)) or 'none'}): "
            "its classic puzzles are the anchor"
        )
        pm = theirs(pm_generate, args.pm_seconds, args.seed)
        print(f"pencilmark, classic: {rate(*pm)} puzzles a CPU-minute ({pm[0]} in {pm[1]:.1f} s)")
    print(f"{'rules':<22} {'symmetry':<8} {'ours/min':>10} {'vs pencilmark classic':>22}")
    for rules, symmetry in RULES:
        made, spent = ours(rules, symmetry, args.seconds, args.seed)
        ratio = ""
        if pm is not None and pm[0] and made:
            ratio = f"{(made / spent) / (pm[0] / pm[1]):,.1f}x"
        name = (rules or "(classic)")[:22]
        print(f"{name:<22} {symmetry:<8} {rate(made, spent):>10} {ratio:>22}", flush=True)
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
