"""A generation under way: the maker's tasks handed to the workers (``rate_pool``'s
``in_order``: this process, worker processes, or Dask's), their batches put back in task
order, the puzzles kept once each up to isomorphism (``core.canonical``), until the count, the
time or a stop. The command line, the shell's ``generate`` and ``sudoku_repl.generate`` all run
this one loop.

With ``near`` puzzles (``--near``), the tasks are searches in their vicinity, each near the
puzzle the frontier (``frontier.Frontier``) decides from the results taken in, in task order;
none of the puzzles given is made again, up to isomorphism.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import closing
from functools import partial

import attrs

from sudoku_repl.core.rule_making import form_under
from sudoku_repl.tools.making import tasks as maker
from sudoku_repl.tools.making.frontier import Frontier, GivenForms
from sudoku_repl.tools.making.tasks import Batch, Made, Order
from sudoku_repl.tools.rating.pool import Pool, StopFlag, in_order

#: more tasks than any generation gets to (the tasks of a random start are numbered on); a
#: range's length is a C ssize_t, 32 bits in the web page's Python (OverflowError there)
ENDLESS = min(1 << 62, sys.maxsize)


@attrs.define
class Progress:
    """How a generation stands: minimal puzzles made and judged, puzzles kept (``earlier`` of
    them by the run a continued ``--out`` goes on from), tasks whose puzzles were all given, in
    order (a continued ``--out`` goes on after them), and when this run began
    (``time.monotonic``: wall-clock time, as ``--time``'s)."""

    made: int = 0
    kept: int = 0
    tasks: int = 0
    began: float = attrs.field(factory=time.monotonic)
    #: the generation ended because the stop flag was raised (Ctrl-C), not at its count or time
    interrupted: bool = False
    earlier: int = 0

    @property
    def seconds(self) -> float:
        """The wall-clock seconds of this run."""
        return time.monotonic() - self.began

    def line(self) -> str:
        """made, kept, kept a minute of this run's wall-clock time (the progress line; elapsed
        is the line's own)."""
        minutes = self.seconds / 60
        here = self.kept - self.earlier
        pace = f"{here / minutes:,.1f}" if minutes > 0 else "0"
        kept = f"kept {self.kept:,}"
        if self.earlier:
            kept += f", {here:,} by this run"
        return f"made {self.made:,}, {kept} ({pace} a wall-clock minute)"


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
    earlier: Sequence[Made] = (),
    earlier_forms: Sequence[str] | None = None,
    progress: Progress | None = None,
    tick: Callable[[Progress], None] | None = None,
) -> Iterator[Made]:
    """The puzzles made to ``order`` from ``seed``, in the order of their tasks, each new up to
    isomorphism (its canonical form neither made before, nor one of ``earlier``'s, nor, with
    ``near``, one of the puzzles given), until ``count`` of them, ``seconds`` (wall-clock) or
    ``stop``. Tasks from ``first_task`` on (a continued run's, ``earlier`` the puzzles its
    ``--out`` holds, ``earlier_forms`` their canonical forms where already known); ``tick`` is called with the progress after each batch of results (the
    progress line, ``--out``'s checkpoint). Close the iterator to stop the workers."""
    stop = stop or StopFlag()
    progress = progress or Progress()
    frontier = Frontier(near, first_task, earlier) if near else None
    form = partial(form_under, rules=order.rules)
    seen = Seen(earlier, first_task if frontier is not None else None, near, earlier_forms, form)
    if frontier is not None:
        work: Callable[..., list[Batch]] = partial(maker.near_chunk, order, seed)
        payloads: Sequence[object] = frontier
    else:
        work = partial(maker.random_chunk, order, seed)
        payloads = range(first_task, ENDLESS)
    batches = in_order(payloads, work, jobs, stop, pool)
    return _kept(batches, first_task, seen, progress, count, seconds, stop, frontier, tick, form)


class Seen:
    """The canonical forms met: a puzzle met again is not given again. ``earlier``: an earlier
    run's puzzles; with a frontier (``after`` its first task), those of the tasks from ``after``
    on are *owed*: this run makes them again, and takes them into the frontier then, as the
    uninterrupted run did, without giving them again. ``near``: the puzzles given, never made
    (``GivenForms``). ``form``: a puzzle's form (``rule_making.form_under``: the canonical
    form of classic sudoku)."""

    def __init__(
        self,
        earlier: Sequence[Made],
        after: int | None,
        near: Sequence[bytes],
        forms: Sequence[str] | None = None,
        form: Callable[[bytes], str] = form_under,
    ) -> None:
        self.forms: set[str] = set()
        self.owed: set[str] = set()
        known = forms if forms is not None else [form(made.givens) for made in earlier]
        for made, its in zip(earlier, known, strict=True):
            if after is not None and made.family is not None and made.family >= after:
                self.owed.add(its)
            self.forms.add(its)
        self.given = GivenForms(near) if near else None

    def new(self, form: str, puzzle: bytes) -> bool:
        """Whether the puzzle is new; it is met from now on."""
        if form in self.forms or (self.given is not None and self.given.holds(form, puzzle)):
            return False
        self.forms.add(form)
        return True


def _kept(
    batches: Generator[list[tuple[int, Batch]], None, None],
    first_task: int,
    seen: Seen,
    progress: Progress,
    count: int | None,
    seconds: float | None,
    stop: StopFlag,
    frontier: Frontier | None,
    tick: Callable[[Progress], None] | None,
    form: Callable[[bytes], str],
) -> Iterator[Made]:
    with closing(batches):
        if count is not None and progress.kept >= count:
            return
        for batch in batches:
            for index, result in batch:
                progress.made += result.made
                task = first_task + index
                taken: list[Made] = []
                for made in result.found:
                    known = form(made.givens)
                    if known in seen.owed:  # (kept by the run that stopped: in --out already)
                        seen.owed.discard(known)
                        taken.append(made)
                        continue
                    if not seen.new(known, made.givens):
                        continue
                    taken.append(made)
                    progress.kept += 1
                    yield made
                    if count is not None and progress.kept >= count:
                        return
                if frontier is not None:
                    frontier.absorb(task, taken)
                # (once every puzzle of the task is given: a run left within one does it again)
                progress.tasks = task + 1
            if tick is not None:
                tick(progress)
            if stop():
                break
            if seconds is not None and progress.seconds >= seconds:
                return
        progress.interrupted = True  # (the batches end early only once the flag is raised)
