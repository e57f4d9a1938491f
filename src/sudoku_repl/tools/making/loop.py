"""A generation under way (issue 55): the maker's tasks handed to the workers (``rate_pool``'s
``in_order``: this process, worker processes, or Dask's), their batches put back in task
order, the puzzles kept once each up to isomorphism (``core.canonical``), until the count, the
time or a stop. The command line, the shell's ``generate`` and ``sudoku_repl.generate`` all run
this one loop.

With ``near`` puzzles (``--near``), the tasks are searches in their vicinity: a *frontier* of
puzzles to start from, the given ones first, then every puzzle kept, the highest ER first (its
{-1+1} neighbours twice, then its {-2+2} ones, round after round).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import closing
from functools import partial

import attrs

from sudoku_repl.core.canonical import canonical_form
from sudoku_repl.tools.making import tasks as maker
from sudoku_repl.tools.making.tasks import Batch, Made, Order
from sudoku_repl.tools.rating.pool import Pool, StopFlag, in_order

#: more tasks than any generation gets to (the tasks of a random start are numbered on)
ENDLESS = 1 << 62


@attrs.define
class Progress:
    """How a generation stands: minimal puzzles made and judged, puzzles kept, tasks whose
    puzzles were all given, in order (a continued ``--out`` goes on after them), and when it
    began (``time.monotonic``)."""

    made: int = 0
    kept: int = 0
    tasks: int = 0
    began: float = attrs.field(factory=time.monotonic)
    #: the generation ended because the stop flag was raised (Ctrl-C), not at its count or time
    interrupted: bool = False

    @property
    def seconds(self) -> float:
        return time.monotonic() - self.began

    def line(self) -> str:
        """made, kept, kept a minute (the progress line; elapsed is the line's own)."""
        minutes = self.seconds / 60
        pace = f"{self.kept / minutes:,.1f}" if minutes > 0 else "0"
        return f"made {self.made:,}, kept {self.kept:,} ({pace} a minute)"


def generate(
    order: Order,
    seed: int,
    *,
    count: int | None = None,
    seconds: float | None = None,
    jobs: int = 1,
    pool: Pool | None = None,
    stop: StopFlag | None = None,
    near: Sequence[bytes] = (),
    first_task: int = 0,
    seen: Iterable[str] = (),
    progress: Progress | None = None,
    tick: Callable[[Progress], None] | None = None,
) -> Iterator[Made]:
    """The puzzles made to ``order`` from ``seed``, in the order of their tasks, each new up to
    isomorphism (its canonical form not in ``seen`` nor made before), until ``count`` of them,
    ``seconds`` or ``stop``. Tasks from ``first_task`` on (a continued run's); ``tick`` is
    called with the progress after each batch of results (the progress line, ``--out``'s
    checkpoint). Close the iterator to stop the workers."""
    stop = stop or StopFlag()
    progress = progress or Progress()
    forms = set(seen)
    frontier = Frontier(near) if near else None
    if frontier is not None:
        work: Callable[..., list[Batch]] = partial(maker.near_chunk, order, seed)
        payloads: Sequence[object] = frontier
    else:
        work = partial(maker.random_chunk, order, seed)
        payloads = range(first_task, ENDLESS)
    batches = in_order(payloads, work, jobs, stop, pool)
    return _kept(batches, first_task, forms, progress, count, seconds, stop, frontier, tick)


def _kept(
    batches: Generator[list[tuple[int, Batch]], None, None],
    first_task: int,
    forms: set[str],
    progress: Progress,
    count: int | None,
    seconds: float | None,
    stop: StopFlag,
    frontier: Frontier | None,
    tick: Callable[[Progress], None] | None,
) -> Iterator[Made]:
    with closing(batches):
        if count is not None and progress.kept >= count:
            return
        for batch in batches:
            for index, result in batch:
                progress.made += result.made
                for made in result.found:
                    form = canonical_form(made.givens)
                    if form in forms:
                        continue
                    forms.add(form)
                    progress.kept += 1
                    if frontier is not None:
                        frontier.add(made)
                    yield made
                    if count is not None and progress.kept >= count:
                        return
                # (once every puzzle of the task is given: a run left within one does it again)
                progress.tasks = first_task + index + 1
            if tick is not None:
                tick(progress)
            if stop():
                break
            if seconds is not None and progress.seconds >= seconds:
                return
        progress.interrupted = True  # (the batches end early only once the flag is raised)


@attrs.define
class Source:
    """A puzzle the frontier searches near: its ER in tenths (a given puzzle: above any; none
    asked: -1), its place in the order kept, and the rounds it has had."""

    score: int
    kept: int
    puzzle: bytes
    rounds: int = 0

    def turn(self) -> tuple[int, int, int]:
        """Its place in the queue (the least first): fewest series of rounds, highest ER,
        first kept."""
        return self.rounds // SERIES, -self.score, self.kept


#: a series of rounds near a puzzle, and how many givens each changes: {-1+1}, {-1+1}, {-2+2}
SERIES = 3
#: the rating a given puzzle counts for in the queue: above any
GIVEN = 1000


class Frontier(Sequence[tuple[bytes, int, int]]):
    """``--near``'s tasks, made as they are handed out: (the puzzle to start from, how many
    givens its neighbours change, the task's number). The puzzles given come first, in their
    order; then, at each hand-out, among the puzzles with the fewest series of rounds done, the
    one with the highest ER (the first kept among equals), so that the best puzzle found is
    searched near before the others, and every puzzle in its turn."""

    def __init__(self, sources: Sequence[bytes]) -> None:
        self.sources = [Source(GIVEN, k, p) for k, p in enumerate(sources)]

    def add(self, made: Made) -> None:
        score = -1 if made.er is None else round(made.er * 10)
        self.sources.append(Source(score, len(self.sources), made.givens))

    def __len__(self) -> int:
        return ENDLESS

    def __getitem__(self, index: int) -> tuple[bytes, int, int]:  # type: ignore[override]
        best = min(self.sources, key=Source.turn)
        minus = 2 if best.rounds % SERIES == SERIES - 1 else 1
        best.rounds += 1
        return best.puzzle, minus, index
