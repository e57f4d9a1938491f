"""How tests/data/rules/serate_nested_level4/ was made (from the repository's root).

serate's level 4 of the nested forcing chains (``Chaining(true, true, false, 4, false, N)``:
dynamic forcing chains nested in the dynamic chains, N = 0 to 3 the depth they nest again) is
rated 10.5 and up and comes only where levels 2 and 3 find nothing: on the densest and hardest
candidates. Under a rule that adds a house (X, windoku, asterisk, ...) the house is one more
source of chains and levels 2 or 3 find a step first; a Latin square (no blocks,
``--isBlocks=0``) has fewer houses than classic sudoku: where classic sudoku's path needs
level 4, a Latin square's chains, which see only rows and columns, need it too, and level 4
itself may still find a step there. So the states are classic sudoku's, read as a Latin
square's: each one of this code's classic paths just before a level-4 step.

``python -m tests.oracles.make_se_nested_level4 states RULES PUZZLES.txt COUNT`` prints the
states: for each of the first ``COUNT`` puzzles of the file (81 characters a line), this
code's classic rating path (``explainer.rate``) walked, the candidates before its last
level-4 step taken (729 characters, each cell's nine places); kept where the nested chains of
``explainer.ruled_chains`` under RULES (serate's order: level 2, level 3, then level 4 at
nesting 0 to 3) take their first step at level 4, at most ``PER_NESTING[N]`` of each nesting
N, in the file's order. One a line: ``RULES.txt``.

``python -m tests.oracles.make_se_nested_level4 serate PATH/TO/serate.jar RULES STATES.txt [N
...]`` runs serate on each state (those numbered ``N``, from 0, where given) in a JVM of its own,
one at a time: the rules' flags,
``--techs=...`` with ``NestedForcingChain`` alone (``make_se_nested_alone.serate_lines``),
``--threads=1 --format=%r/%p/%d --before=%m '--after=%r %s'``, stopped after its
``STEPS``-th step (or ``TIMEOUT`` seconds), and prints what it printed, each line after the
state's number in the file.

``python -m tests.oracles.make_se_nested_level4 select RAW`` writes ``RULES.states`` from that
output, as ``rules/serate_chains/``'s (``STATE 0 tail N stopped``, serate's candidates before
its first step, then its first ``N`` steps' lines).
"""

from __future__ import annotations

import sys

from sudoku_repl.core.rules import parse
from tests.oracles.make_se_nested_alone import FIGURES, read_runs, serate_lines

#: the states kept of each nesting 0-3: none of 2 (serate's first step on the first such
#: state took over 15 minutes on a busy machine) or 3 (a minute of the C a step)
PER_NESTING = (2, 2, 0, 0)
#: the steps of serate's run kept from each state
STEPS = 2
TIMEOUT = 1800.0
#: this code's name of level 4's chainers: ``nested forcing chains (+ dynamic forcing chains, N)``
LEVEL4 = "nested forcing chains (+ dynamic forcing chains, "


def states(stem: str, source: str, count: int) -> list[str]:
    from sudoku_repl.techniques.explainer import rate, ruled, ruled_chains
    from sudoku_repl.techniques.explainer.grid import Grid
    from sudoku_repl.techniques.explainer.ruled import layout_of
    from tests.oracles.make_se_nested_alone import state_line
    from tests.techniques.test_se_variant_chains import serate_grid

    lay = layout_of(parse(stem.replace("_", ",")))
    nested = [(name, finder) for name, finder in ruled_chains.techniques(lay.variant, lay.blocks)
              if ruled.TOP[name] >= 95]  # fmt: skip
    with open(source, encoding="utf-8") as lines:
        puzzles = [line.split()[0] for line in lines if line.strip()][:count]
    kept: list[str] = []
    left = list(PER_NESTING)
    for puzzle in puzzles:
        grid = Grid.from_puzzle(puzzle)
        before = None
        for step in rate(puzzle, None).steps:
            if step.technique.startswith(LEVEL4):
                before = state_line(grid)
            step.hint.apply(grid)
        if before is None:
            continue
        ruled_grid = serate_grid(before, lay)
        name = next((name for name, finder in nested for _ in finder(ruled_grid)), "")
        if name.startswith(LEVEL4) and left[int(name[len(LEVEL4)])]:
            left[int(name[len(LEVEL4)])] -= 1
            kept.append(before)
    return kept


def serate(jar: str, stem: str, source: str, only: list[int]) -> None:
    flags = parse(stem.replace("_", ",")).flags
    with open(source, encoding="utf-8") as lines:
        wanted = [line.strip() for line in lines if line.strip()]
    for number, state in enumerate(wanted):
        if not only or number in only:
            for line in serate_lines(jar, flags, state, TIMEOUT, STEPS):
                print(number, line, flush=True)


def select(raw: str) -> None:
    """``RULES.states`` from the raw runs: each state's first ``STEPS`` steps, a tail of a
    run that was stopped."""
    for number, printed in sorted(read_runs(raw).items()):
        steps = [line for line in printed if len(line) != 729 and not FIGURES.fullmatch(line)]
        if steps:
            print(f"{number} 0 tail {len(steps)} stopped", printed[0], *steps, sep="\n")


if __name__ == "__main__":
    if sys.argv[1] == "states":
        print("\n".join(states(sys.argv[2], sys.argv[3], int(sys.argv[4]))))
    elif sys.argv[1] == "serate":
        serate(*sys.argv[2:5], [int(n) for n in sys.argv[5:]])
    else:
        select(sys.argv[2])
