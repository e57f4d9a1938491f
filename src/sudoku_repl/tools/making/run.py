"""One generation as a command asks for it: the options read (``Request``), the
workers (a Dask pool when asked), ``--out`` opened and continued (``rate_out``: the seed drawn
by the run that stopped, the puzzles it kept, the tasks it had done), the puzzles made by the
one loop (``generation``) and appended as found. ``sudoku-repl generate`` and the shell's
``generate`` differ only in what they print (``frontends/generate_cli``, ``commands/making``).
"""

from __future__ import annotations

import argparse
import hashlib
import time
from collections.abc import Callable, Iterator

import attrs

from sudoku_repl.core.errors import UserError
from sudoku_repl.core.making import Symmetry
from sudoku_repl.tools.making.continued import after_stop, seed_of
from sudoku_repl.tools.making.kept import KeptLines, marker_fault
from sudoku_repl.tools.making.loop import Progress, generate
from sudoku_repl.tools.making.near_file import read_near
from sudoku_repl.tools.making.options import PROG, order_of
from sudoku_repl.tools.making.tasks import Made, Order, climbs
from sudoku_repl.tools.rating.out import Out, check_apart, open_out, restart_needs_out
from sudoku_repl.tools.rating.pool import Pool, StopFlag


@attrs.frozen
class Request:
    """What the options ask for, checked: the order, the puzzles of ``--near``, when to stop
    (``count`` None: as many as ``seconds`` make), where and how."""

    order: Order
    near: tuple[bytes, ...]
    seed: int | None
    count: int | None
    seconds: float | None
    jobs: int
    executor: str
    out: str | None
    restart: bool
    #: the lines of ``--near FILE`` dropped as repeats of an earlier one
    duplicates: int = 0

    @classmethod
    def from_options(
        cls,
        args: argparse.Namespace,
        stop: Callable[[], bool] = lambda: False,
        tick: Callable[[str], None] | None = None,
    ) -> Request:
        """``UserError`` (one line) for what the options get wrong (``order_of``), for an
        ``--out`` that is the file of ``--near`` or ``--pattern`` under any name
        (``check_apart``: it would be emptied), or when ``stop()`` came while ``--near FILE``
        was read (``tick``: what its reading is at)."""
        order = order_of(args)
        restart_needs_out(args.restart, args.out)
        beyond = order.targets.beyond_known()
        if beyond is not None and args.time is None:
            raise UserError(
                f"{' '.join(order.targets.words())}: {beyond.why}, and a search for one may "
                f"never end: give --time SECONDS to search that long anyway, or ask for "
                f"{beyond.instead}"
            )
        read = [("the --near file", args.near), ("the --pattern file", args.pattern)]
        check_apart(
            [(what, path) for what, path in read if path is not None], [("--out", args.out)]
        )
        near = read_near(args.near, stop, tick) if args.near is not None else None
        count = args.count if args.count is not None else (None if args.time else 1)
        return cls(
            order, near.puzzles if near else (), args.seed, count, args.time, args.jobs,
            args.executor, args.out, args.restart, near.duplicates if near else 0,
        )  # fmt: skip

    def beyond_known(self) -> str | None:
        """What a run says first when its targets are beyond any puzzle known (which only
        ``--time`` lets run), or None."""
        beyond = self.order.targets.beyond_known()
        if beyond is None or self.seconds is None:
            return None
        return f"{beyond.why}: searching for {self.seconds:g} s, which may keep none"

    @property
    def families(self) -> bool:
        """Whether its puzzles' lines say their family: a climb's, ``--near``'s."""
        return bool(self.near) or climbs(self.order)

    def job(self) -> dict[str, object]:
        """What the puzzles of ``--out`` depend on (``rate_out``): the seed (None: drawn, and the
        run that stopped had it), the targets, the symmetry, the pattern, the puzzles near which
        it searches. Not ``--count``, ``--time`` nor ``--jobs``: they say when to stop and how
        fast, not which puzzles."""
        pattern = None
        if self.order.pattern is not None:
            pattern = "".join("x" if k in self.order.pattern else "." for k in range(81))
        near = hashlib.sha256(b"".join(self.near)).hexdigest() if self.near else None
        return {
            "program": PROG,
            "seed": self.seed,
            "targets": " ".join(self.order.targets.words()),
            "symmetry": self.order.symmetry.value,
            "pattern": pattern,
            "near": near,
            "climb": self.order.climb,
            "lacking_digit": self.order.lacking_digit,
            "rules": str(self.order.rules) or None,
        }

    @property
    def header(self) -> str:
        """What its output begins with: the rules line of a quiz file (``# rules: ...``,
        docs/variants.md) under rules, so that ``load-quiz FILE N`` plays them; "" without."""
        rules = str(self.order.rules)
        return f"# rules: {rules}\n" if rules else ""


class Run:
    """A generation under way for a command: ``seed`` (asked for, the stopped run's, or
    drawn), ``kept`` (the puzzles ``--out`` held of the stopped run), ``progress``. Make it,
    iterate ``puzzles()``, then ``close()`` it (also after a failure)."""

    def __init__(self, request: Request, stop: StopFlag) -> None:
        self.request, self.stop = request, stop
        self.pool: Pool | None = None
        self.sink: Out | None = None
        self.kept: list[Made] = []
        #: the lines of a continued ``--out`` read back and checked (their canonical forms)
        self.read = KeptLines(request.order, request.families)
        try:
            if request.executor != "local":
                from sudoku_repl.tools.rating.on_dask import dask_pool  # Dask only when asked for

                self.pool = dask_pool(request.executor, request.jobs, stop=stop)
            if request.out is not None:
                self.sink, self.kept = open_out(
                    request.out,
                    request.job(),
                    request.header,
                    self.read,
                    request.restart,
                    adopted=("seed",),
                    check=marker_fault,
                    keep=True,  # (FILE as it was until the first puzzle)
                )
        except BaseException:
            if self.pool is not None:
                self.pool.end(True)
            raise
        #: whether a run stopped midway is continued by the same command (``--out`` a file,
        #: not a stream: a FIFO, a device)
        self.continued = self.sink is not None and self.sink.continued
        #: ``--out`` is a stream (a FIFO, a device): written, never continued
        self.stream = self.sink is not None and not self.sink.continued
        self.seed = seed_of(self.sink, request.seed)
        resumed = self.sink.resumed if self.sink is not None else None
        done = resumed if isinstance(resumed, dict) else {}
        self.first_task = int(done.get("tasks", 0))
        self.progress = Progress(
            made=int(done.get("made", 0)),
            kept=len(self.kept),
            tasks=self.first_task,
            earlier=len(self.kept),
        )

    def puzzles(self, tick: Callable[[Progress], None] | None = None) -> Iterator[Made]:
        """The puzzles made, each appended to ``--out`` (durable in batches) before it is given;
        ``tick`` after each batch of the tasks' results. ``UserError`` when ``--out`` cannot be
        written."""
        request, sink = self.request, self.sink

        def ticked(now: Progress) -> None:
            if sink is not None:
                sink.note({"tasks": now.tasks, "made": now.made})
            if tick is not None:
                tick(now)

        made_here = generate(
            request.order, self.seed, count=request.count, seconds=request.seconds,
            jobs=request.jobs, pool=self.pool, stop=self.stop, near=request.near,
            first_task=self.first_task, earlier=self.kept, earlier_forms=tuple(self.read.forms),
            progress=self.progress, tick=ticked,
        )  # fmt: skip
        for made in made_here:
            if sink is not None:
                sink.append(made.line + "\n")
            yield made

    def after_stop(self) -> str:
        """What a run stopped midway leaves for the same command, in words ("" where ``--out``
        is not given, or no puzzle was written to it)."""
        return after_stop(self.continued, self.stream)

    def close(self, finished: bool) -> None:
        """``--out`` made durable (its marker gone once ``finished``: the job done);
        ``UserError`` when it cannot be."""
        sink, self.sink = self.sink, None
        if sink is None:
            return
        self.continued = self.continued and sink.begun  # (no puzzle: FILE as it was, no job)
        if finished:
            sink.close(finished=True)
            return
        try:
            sink.note({"tasks": self.progress.tasks, "made": self.progress.made})
        finally:
            sink.close(finished=False)


#: how often (wall seconds) a run that has kept nothing says so, whatever its stderr is
NOTHING_YET_SECONDS = 30.0


class NothingYet:
    """The line a run says while it has kept nothing, each ``period`` seconds (on ``clock``):
    made N, kept 0, and the order as typed, so that a target few puzzles meet is never a
    silent wait (on a terminal the progress line says the rest)."""

    def __init__(
        self,
        order: Order,
        period: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        words = order.targets.words()
        if order.symmetry is not Symmetry.NONE:
            words += ["--symmetry", order.symmetry.value]
        if order.pattern is not None:
            words += [f"--pattern (its {len(order.pattern)} givens)"]
        if order.rules.words:
            words += ["--rules", str(order.rules)]
        self.asked = " ".join(words) or "the order"
        self.period = NOTHING_YET_SECONDS if period is None else period
        self._clock = clock
        self._said_at = clock()

    def line(self, progress: Progress) -> str | None:
        """The line when one is due (nothing kept, a period since the last), else None."""
        now = self._clock()
        if progress.kept or now - self._said_at < self.period:
            return None
        self._said_at = now
        return f"made {progress.made:,}, kept 0: no puzzle yet meets {self.asked}"
