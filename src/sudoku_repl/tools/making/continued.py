"""What a maker's ``--out`` (``rating/out``'s ``Out``) gives a run, the same for ``generate`` and
``scramble``: the seed (the one asked for, the stopped run's, or one drawn now and kept in the
marker with the first line), what a stop leaves for the same command, in words, and the close
on the way out of a failure."""

from __future__ import annotations

import random
from collections.abc import Callable

from sudoku_repl.core.errors import UserError
from sudoku_repl.tools.rating.out import Out


def seed_of(sink: Out | None, asked: int | None) -> int:
    """The run's seed: a continued job's (its marker's), else ``asked``, else drawn (and put in
    the job a new FILE's marker says)."""
    continued = sink is not None and sink.continued
    seed = sink.job.get("seed") if sink is not None and continued else None
    seed = asked if seed is None else seed
    if seed is None:
        seed = random.SystemRandom().randrange(10**9)
        if sink is not None and continued:  # (in the marker with the first line)
            sink.job["seed"] = seed
    assert isinstance(seed, int)
    return seed


def after_stop(continued: bool, stream: bool) -> str:
    """What a run stopped midway leaves for the same command, in words ("" where ``--out`` is
    not given, or nothing was written to it): ``continued``, a file whose job goes on;
    ``stream``, a FIFO or a device."""
    if continued:
        return "the same command continues the job"
    if stream:
        return "a stream: the same command makes them again, not continued"
    return ""


def unbroken(close: Callable[[bool], None]) -> None:
    """``close(False)`` on the way out of a failure, what it raises dropped (the failure is
    said)."""
    try:
        close(False)
    except UserError:
        pass
