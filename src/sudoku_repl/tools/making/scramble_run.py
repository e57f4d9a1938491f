"""Seed 003's scramble as the shell's ``scramble`` asks for it: the quizzes made one
at a time, each appended to ``--out`` as it is made, by ``rating/out``'s writing (``generate``'s
and ``rate``'s: durable in batches, FILE as it was until the first quiz, a run stopped by Ctrl-C
or a kill continued by the same command), so that memory stays bounded whatever ``--count``
is, and a stop keeps every quiz written.

A continued FILE's marker holds, beside the job (the seed, the clues, the seed grid, the
swaps, the threshold), how many quizzes are durable and the random stream's state after them:
the run goes on from there, and the quizzes FILE holds past that count (written after the last
note) are made again from that state and must be the same, so that FILE ends as one run without
a stop would have written it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import attrs

from sudoku_repl.core.counting import count_solutions
from sudoku_repl.core.errors import PATH, UserError, shown
from sudoku_repl.core.uniqueness import Grid
from sudoku_repl.text.args import MOST_SEED
from sudoku_repl.tools.making import scramble as gen
from sudoku_repl.tools.making.continued import after_stop, seed_of
from sudoku_repl.tools.rating.out import PROGRESS, Out, open_out

PROG = "sudoku-repl scramble"
#: the random stream's state as ``random.Random.getstate`` gives it: a version, 625 words
_STATE_WORDS = 625


@attrs.frozen
class ScrambleRequest:
    """What ``scramble`` asks for, checked: the seed (None: the stopped run's, or drawn), the
    clues kept, the seed grid, the swaps, the threshold, how many quizzes, where."""

    seed: int | None
    clues: int
    grid: Grid
    counts: gen.Counts
    below: float
    count: int
    out: str | None = None
    restart: bool = False

    def job(self) -> dict[str, object]:
        """What the quizzes of ``--out`` depend on (not ``--count``: when to stop)."""
        counts = self.counts
        return {
            "program": PROG,
            "seed": self.seed,
            "clues": self.clues,
            "from": gen.text(self.grid),
            "digit_swaps": counts.digits,
            "row_swaps": counts.rows,
            "col_swaps": counts.cols,
            "band_swaps": counts.bands,
            "stack_swaps": counts.stacks,
            "below": self.below,
        }


def _quiz_line(text: str) -> str:
    """A line of FILE read back: 81 characters, one solution; else ``ValueError``."""
    quiz = text.rstrip("\n")
    if len(quiz) != 81 or not set(quiz) <= set(".123456789"):
        raise ValueError("want 81 characters, 1-9 or .")
    if count_solutions(bytes(0 if ch == "." else int(ch) for ch in quiz), 2) != 1:
        raise ValueError("not one solution")
    return quiz


def _state_of(progress: object) -> tuple[int, random.Random] | None:
    """The quizzes durable and the random stream after them, from a marker's progress (None:
    none noted); ``ValueError`` for anything else."""
    if progress is None:
        return None
    if not isinstance(progress, dict) or set(progress) != {"quizzes", "random"}:
        raise ValueError(f"{PROGRESS} {progress!r}, not the quizzes and the random state")
    done, state = progress["quizzes"], progress["random"]
    if type(done) is not int or done < 0:
        raise ValueError(f"quizzes {done!r}, not a whole number")
    rng = random.Random()
    try:
        version, words, gauss = state
        if len(words) != _STATE_WORDS or not all(type(w) is int for w in words):
            raise ValueError
        rng.setstate((version, tuple(words), gauss))
    except (TypeError, ValueError, OverflowError):
        raise ValueError("random, not a random stream's state") from None
    return done, rng


def _marker_fault(earlier: dict[str, object]) -> str | None:
    """What is wrong with a marker ``scramble`` left, or None (another program's: ``open_out``)."""
    if earlier.get("program") != PROG:
        return None
    seed = earlier.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MOST_SEED):
        return f"seed {seed!r}, not a whole number from 0 to {MOST_SEED}"
    try:
        _state_of(earlier.get(PROGRESS))
    except ValueError as e:
        return str(e)
    return None


class ScrambleRun:
    """Quizzes being made: ``seed`` (asked for, the stopped run's, or drawn), ``kept`` (the
    quizzes ``--out`` held of the stopped run), ``made`` (all so far, those kept too). Make
    it, iterate ``quizzes()``, then ``close()`` it (also after a failure). ``poll`` is called
    between the pieces of work (Ctrl-C: it raises)."""

    def __init__(self, request: ScrambleRequest, poll: Callable[[], None] | None = None) -> None:
        self.request, self.poll = request, poll
        self.sink: Out | None = None
        kept: list[str] = []
        if request.out is not None:
            self.sink, kept = open_out(
                request.out,
                request.job(),
                "",
                _quiz_line,
                request.restart,
                adopted=("seed",),
                check=_marker_fault,
                keep=True,  # (FILE as it was until the first quiz)
            )
        sink = self.sink
        #: whether a run stopped midway is continued by the same command (a file, not a stream)
        self.continued = sink is not None and sink.continued
        self.stream = sink is not None and not sink.continued
        self.seed = seed_of(sink, request.seed)
        self.rng = random.Random(self.seed)
        self.kept = self.made = len(kept)
        try:
            self._resume(kept)
        except BaseException:
            self.close(finished=False)
            raise

    def _resume(self, kept: list[str]) -> None:
        """The random stream after the kept quizzes: from the marker's note, the lines past it
        made again and checked."""
        noted = _state_of(self.sink.resumed) if self.sink is not None else None
        done = 0
        if noted is not None:
            done, self.rng = noted
        path = self.request.out or ""
        if done > len(kept):
            raise UserError(
                f"Cannot continue {shown(path, PATH)}: it holds {len(kept)} quizzes, fewer than "
                f"the {done} its job file counts; --restart begins anew."
            )
        for n in range(done, len(kept)):
            if gen.text(self._next().quiz) != kept[n]:
                raise UserError(
                    f"Cannot continue {shown(path, PATH)}: line {n + 1} is not quiz {n + 1} of "
                    f"seed {self.seed}; --restart begins anew."
                )

    def _next(self) -> gen.Generated:
        request = self.request
        return gen.generate(
            self.rng, request.grid, request.clues, request.counts, request.below, self.poll
        )

    def quizzes(self) -> Iterator[gen.Generated]:
        """The quizzes up to ``--count`` (those kept count), each appended to ``--out`` before
        it is given; ``GenerationError`` when no scramble meets the threshold, ``UserError``
        when ``--out`` cannot be written."""
        while self.made < self.request.count:
            made = self._next()
            if self.sink is not None:
                self.sink.append(gen.text(made.quiz) + "\n")
                version, words, gauss = self.rng.getstate()
                self.sink.note({"quizzes": self.made + 1, "random": [version, list(words), gauss]})
            self.made += 1
            yield made

    def after_stop(self) -> str:
        """What a run stopped midway leaves for the same command, in words."""
        return after_stop(self.continued, self.stream)

    def close(self, finished: bool) -> None:
        """``--out`` made durable (its marker gone once ``finished``); ``UserError`` when it
        cannot be."""
        sink, self.sink = self.sink, None
        if sink is None:
            return
        self.continued = self.continued and sink.begun
        sink.close(finished=finished)
