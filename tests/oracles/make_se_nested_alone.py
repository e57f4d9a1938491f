"""How tests/data/rules/serate_nested_alone/ was made (from the repository's root).

serate's nested forcing chains seldom come in a whole path under extra regions (X, windoku,
disjoint groups, asterisk): its earlier chains take every step first. So they are held alone:
serate's ``--techs`` with its last technique only (``NestedForcingChain``, the 41st: its
variant set's six chainers, level 2, level 3 and level 4 at nesting 0 to 3, in that order) on
candidate states (729 characters, each cell's nine places), as ``rules/serate_links/`` holds
its three strong links.

``python -m tests.oracles.make_se_nested_alone states RULES`` prints the candidate states: for
each entry of ``rules/serate_chains/RULES.states`` (serate's own candidates before one of its
chain steps), the path of ``explainer.ruled`` from there (equal to serate's, as
test_se_variant_chains holds) walked to its end, the state before each step rated 6.2 or more
(the chains) taken, the one with the fewest candidates of each puzzle (the first of equals);
of those, the ``PER_RULES`` with the fewest candidates are printed, one a line: ``RULES.txt``.

``python -m tests.oracles.make_se_nested_alone serate PATH/TO/serate.jar RULES STATES.txt``
runs serate on each state in a JVM of its own (the rules' flags, ``--techs=...
--threads=1 --format=%r/%p/%d --before=%m '--after=%r %s'``), one at a time, and prints what
it printed, each line after the state's number in the file: serate's candidates before each
step, the step (``0 9.6 Double Forcing Chain: ...``), and at the run's end (no more step found:
the nested chains alone place no single) its ER/EP/ED, 20.0. A run not ended after
``TIMEOUT`` seconds (``TIMEOUTS[RULES]``) is stopped there.

``python -m tests.oracles.make_se_nested_alone select RULES RAW`` writes ``RULES.states``
from that output (``select``'s docstring). It imports nothing of ``sudoku_repl`` but
``core.rules`` in these two modes.
"""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from sudoku_repl.core.rules import parse

if TYPE_CHECKING:
    from sudoku_repl.techniques.explainer.ruled import RuledGrid

#: serate v1.15.10's ``--techs``: its 41 ``SolvingTechnique``s, ``NestedForcingChain`` alone
TECHS = "0" * 40 + "1"
#: the states a set's ``RULES.txt`` holds at most
PER_RULES = 4
#: the steps kept of a run's start
STEPS = 3
TIMEOUT = 100.0
#: the sets given longer (the asterisk's runs were given 180 s, all ending before it)
TIMEOUTS = {"dg": 420.0}
#: the steps kept of a run's end
END = 2
FIGURES = re.compile(r"\d+\.\d/\d+\.\d/\d+\.\d")
#: the least rating (tenths) of a step whose state is taken: the chains'
CHAINS = 62


def state_line(grid: RuledGrid) -> str:
    """serate's 729-character candidates of a grid (a placed cell, its value alone)."""
    values, cands = grid.values, grid.cands
    out = []
    for cell in range(81):
        mask = (1 << values[cell]) if values[cell] else cands[cell]
        out.extend(str(v) if mask >> v & 1 else "." for v in range(1, 10))
    return "".join(out)


def states(stem: str) -> list[str]:
    from sudoku_repl.techniques.explainer import ruled
    from sudoku_repl.techniques.explainer.ruled import layout_of
    from tests.techniques.test_se_variant_chains import entries, serate_grid

    lay = layout_of(parse(stem.replace("_", ",")))
    order = ruled.order_of(lay)
    found: dict[int, str] = {}
    for entry in entries(stem):
        grid = serate_grid(entry.state, lay)
        while not grid.is_solved():
            hint = next((h for _, finder in order for h in finder(grid)), None)
            if hint is None:
                break
            if hint.rating >= CHAINS:
                line = state_line(grid)
                if _count(line) < _count(found.get(entry.puzzle, line + line)):
                    found[entry.puzzle] = line
            hint.apply(grid)
    return sorted(found.values(), key=_count)[:PER_RULES]


def _count(line: str) -> int:
    return sum(ch != "." for ch in line)


def serate_lines(
    jar: str, flags: Sequence[str], state: str, timeout: float, steps: int = 0
) -> Iterator[str]:
    """What serate printed on one state with its nested chains alone (``TECHS``), a line at a
    time, in a JVM of its own: stopped after ``timeout`` seconds, or after its ``steps``-th
    step where that is given."""
    args = ["java", "-cp", jar, "diuf.sudoku.test.serate", *flags, f"--techs={TECHS}",
            "--threads=1", "--format=%r/%p/%d", "--before=%m", "--after=%r %s",
            state]  # fmt: skip
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    taken = 0
    try:
        for line in proc.stdout:
            yield line.rstrip("\n")
            taken += len(line) != 730
            if steps and taken == steps:
                return
    finally:
        timer.cancel()
        proc.kill()
        proc.wait()


def serate(jar: str, stem: str, source: str) -> None:
    flags = parse(stem.replace("_", ",")).flags
    with open(source, encoding="utf-8") as lines:
        wanted = [line.strip() for line in lines if line.strip()]
    for number, state in enumerate(wanted):
        for line in serate_lines(jar, flags, state, TIMEOUTS.get(stem, TIMEOUT)):
            print(number, line, flush=True)


def read_runs(raw: str) -> dict[int, list[str]]:
    """The ``serate`` mode's output: each state's number, the lines serate printed on it."""
    runs: dict[int, list[str]] = {}
    with open(raw, encoding="utf-8") as lines:
        for line in lines:
            number, said = line.rstrip("\n").split(" ", 1)
            runs.setdefault(int(number), []).append(said)
    return runs


def _in_extra_region(line: str) -> bool:
    """A region forcing chain's line naming a region of the rules (``in Main Diagonal``,
    ``in window group``, ...): not a block, row or column."""
    return " in " in line and line.split(" in ", 1)[1].split(" ==>")[0] not in (
        "block", "row", "column")  # fmt: skip


def select(stem: str, raw: str) -> None:
    """``RULES.states`` from the raw runs (the ``serate`` mode's output), as
    ``rules/serate_chains/``'s (``STATE STEP``, serate's candidates before the step, its line):
    for each state of ``RULES.txt``, its run's first ``STEPS`` steps (``tail N stopped``), its
    last step alone (the sparsest candidates: the quick tests'), its first step that is a region
    forcing chain in a region of the rules alone (where not one of those), and, where serate's run ended
    (no step found: its ``20.0``), its last ``END`` steps up to there (``tail N``)."""
    for number, printed in sorted(read_runs(raw).items()):
        pairs = [(printed[i], printed[i + 1]) for i in range(len(printed) - 1)
                 if len(printed[i]) == 729 and len(printed[i + 1]) != 729]  # fmt: skip
        steps = [(s, line) for s, line in pairs if not FIGURES.fullmatch(line)]
        if not steps:
            continue
        head = steps[:STEPS]
        print(f"{number} 0 tail {len(head)} stopped", head[0][0], *(ln for _, ln in head),
              sep="\n")  # fmt: skip
        print(f"{number} {len(steps) - 1}", *steps[-1], sep="\n")
        extra = [i for i, (_, line) in enumerate(steps) if _in_extra_region(line)]
        if extra and STEPS <= extra[0] < len(steps) - 1:
            print(f"{number} {extra[0]}", *steps[extra[0]], sep="\n")
        if FIGURES.fullmatch(printed[-1]):
            end = steps[-END:]
            print(f"{number} {len(steps) - len(end)} tail {len(end)}", end[0][0],
                  *(ln for _, ln in end), sep="\n")  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1] == "states":
        print("\n".join(states(sys.argv[2])))
    elif sys.argv[1] == "serate":
        serate(*sys.argv[2:5])
    else:
        select(*sys.argv[2:4])
