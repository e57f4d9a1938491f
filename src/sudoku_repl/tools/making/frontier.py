"""``generate --near``'s frontier: which puzzle each task searches near, and how
many givens its neighbours change, decided so that the same seed makes the same puzzles with any
``--jobs`` and a continued ``--out`` ends as an uninterrupted run would have written it.

Each task is known by its number in the whole job (a continued run goes on from the number it
stopped at). The given puzzles take turns by task number: task t searches in the *lineage* of
given puzzle t mod S (S of them), which holds that puzzle and every puzzle kept from a task of
the lineage, so that several given puzzles share the search evenly, whichever finds more. In a
lineage, the puzzle with the fewest series of rounds done goes first, the highest ER among
equals (the first kept among those); a series is three rounds near it, {-1+1}, {-1+1}, {-2+2}.

What task t searches is decided from the tasks before it whose results are in, in task order,
never from tasks under way: task t's puzzle is chosen once the results of tasks 0 to t - ``LAG``
are taken in (``absorb``), and the tasks from t - ``LAG`` + 1 on are under way at most. Workers
finish in any order; the results are taken in in task order (``pool.in_order``), so the
decisions are the same ones with 1 worker, 2 or a Dask cluster. A continued run replays them
from the puzzles its ``--out`` holds, each line saying the task that made it (``Made.family``).
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Iterable, Sequence

import attrs

from sudoku_repl.core.canonical import canonical_form
from sudoku_repl.tools.making.tasks import Made

#: a series of rounds near a puzzle, and how many givens each changes: {-1+1}, {-1+1}, {-2+2}
SERIES = 3
#: the rating a given puzzle counts for in its lineage: above any
GIVEN = 1000
#: the tasks decided ahead of the results taken in: the most under way at once (the pool keeps
#: two chunks a worker under way, each a quarter of an even share of what is decided)
LAG = 64


@attrs.define
class Source:
    """A puzzle searched near: its ER in tenths (a given puzzle: ``GIVEN``; no SE target: -1),
    its place in the order kept, and the rounds it has had."""

    score: int
    kept: int
    puzzle: bytes
    rounds: int = 0

    def turn(self) -> tuple[int, int, int]:
        """Its place in its lineage's queue (the least first): fewest series of rounds, highest
        ER, first kept."""
        return self.rounds // SERIES, -self.score, self.kept


class Frontier(Sequence[tuple[bytes, int, int]]):
    """The tasks of a ``--near`` job from ``first_task`` on, as a sequence for ``in_order``
    (index 0 is task ``first_task``): each (the puzzle to start from, how many givens its
    neighbours change, the task's number). As long as the tasks decided: it grows as results
    are taken in (``absorb``, in task order). ``earlier``: the puzzles an earlier run of the
    job kept (each with its task, ``Made.family``), replayed up to ``first_task``."""

    def __init__(
        self, given: Sequence[bytes], first_task: int = 0, earlier: Iterable[Made] = ()
    ) -> None:
        self.sources: list[Source] = []
        self.queues: list[list[tuple[tuple[int, int, int], int]]] = []
        for puzzle in given:
            self.queues.append([])
            self._add(Source(GIVEN, len(self.sources), puzzle), len(self.queues) - 1)
        self.first = first_task
        self.decided: dict[int, tuple[bytes, int, int]] = {}
        for task in range(LAG):
            self._decide(task)
        self.absorbed = 0  # tasks whose results are taken in
        by_task: dict[int, list[Made]] = defaultdict(list)
        for made in earlier:
            if made.family is not None and made.family < first_task:
                by_task[made.family].append(made)
        for task in range(first_task):
            self.absorb(task, by_task.get(task, ()))
            self.decided.pop(task, None)

    def _add(self, source: Source, lineage: int) -> None:
        self.sources.append(source)
        heapq.heappush(self.queues[lineage], (source.turn(), len(self.sources) - 1))

    def _decide(self, task: int) -> None:
        queue = self.queues[task % len(self.queues)]
        _, k = heapq.heappop(queue)
        source = self.sources[k]
        minus = 2 if source.rounds % SERIES == SERIES - 1 else 1
        source.rounds += 1
        heapq.heappush(queue, (source.turn(), k))
        self.decided[task] = (source.puzzle, minus, task)

    def absorb(self, task: int, kept: Iterable[Made]) -> None:
        """Task ``task``'s new puzzles (those kept, in the order found), the tasks before it
        taken in already: each joins the lineage of the task; then task ``task + LAG`` is
        decided."""
        assert task == self.absorbed, "the results are taken in in task order"
        lineage = task % len(self.queues)
        for made in kept:
            score = -1 if made.er is None else round(made.er * 10)
            self._add(Source(score, len(self.sources), made.givens), lineage)
        self.absorbed += 1
        self._decide(task + LAG)

    def __len__(self) -> int:
        return self.absorbed + LAG - self.first

    def __getitem__(self, index: int) -> tuple[bytes, int, int]:  # type: ignore[override]
        return self.decided.pop(self.first + index)  # (each task is read once: handed out)


class GivenForms:
    """The canonical forms of the puzzles given to search near, for ``generate --near`` to make
    none of them (up to isomorphism): worked out only for the given puzzles that share a cheap
    isomorphism invariant with a puzzle found (``shape``), so that a file of 200,000 costs
    nothing up front."""

    def __init__(self, given: Iterable[bytes]) -> None:
        self.by_shape: dict[tuple[object, ...], list[bytes]] = defaultdict(list)
        for puzzle in given:
            self.by_shape[shape(puzzle)].append(puzzle)
        self.forms: set[str] = set()

    def holds(self, form: str, puzzle: bytes) -> bool:
        """Whether ``puzzle`` (its canonical form ``form``) is isomorphic to a given one."""
        for given in self.by_shape.pop(shape(puzzle), ()):
            self.forms.add(canonical_form(given))
        return form in self.forms


def shape(puzzle: bytes) -> tuple[object, ...]:
    """What no isomorphism changes: the givens, how often each digit is given (a relabelling
    permutes the digits), and the givens of the rows and of the columns as two multisets, in
    either order (a transposition swaps rows and columns; the other moves permute each)."""
    rows = tuple(sorted(sum(1 for c in range(9) if puzzle[9 * r + c]) for r in range(9)))
    cols = tuple(sorted(sum(1 for r in range(9) if puzzle[9 * r + c]) for c in range(9)))
    digits = tuple(sorted(puzzle.count(d) for d in range(1, 10)))
    return sum(rows), digits, min(rows, cols), max(rows, cols)
