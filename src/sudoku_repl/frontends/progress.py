"""The progress display of long work (``rate``): a prompt_toolkit progress bar on stderr, whose
time left is the pace of this run (``Pace``)."""

from __future__ import annotations

import datetime
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager

from prompt_toolkit.formatted_text import AnyFormattedText
from prompt_toolkit.input import Input, create_input, create_pipe_input
from prompt_toolkit.layout.dimension import AnyDimension
from prompt_toolkit.output import create_output
from prompt_toolkit.shortcuts import ProgressBar
from prompt_toolkit.shortcuts.progress_bar import ProgressBarCounter
from prompt_toolkit.shortcuts.progress_bar.formatters import (
    Bar,
    Label,
    Percentage,
    Progress,
    Text,
    TimeElapsed,
    TimeLeft,
)


class Pace:
    """The time left of ``total`` items of which ``done`` were done before this run (the rows a
    continued ``--out`` keeps), at the pace of this run: the items done in it over the time
    they took, estimated again as each one is done. Unknown (None) until one is: the kept
    items took no time here (prompt_toolkit's own estimate, from all the items done, said
    ``00:00`` at 33% after a resume). Between two items it stays: it does not count up while
    one slow item is under way (prompt_toolkit's, from the time so far, did)."""

    def __init__(
        self, total: int, done: int = 0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.total, self.done = total, done
        self.clock = clock
        self.began = clock()
        self.here = 0  # items done in this run
        self.seconds_left: float | None = None

    def advance(self) -> None:
        self.done += 1
        self.here += 1
        taken = self.clock() - self.began
        self.seconds_left = max(0, self.total - self.done) * taken / self.here

    def time_left(self) -> datetime.timedelta | None:
        if self.seconds_left is None:
            return None
        return datetime.timedelta(seconds=round(self.seconds_left))


class _PaceLeft(TimeLeft):
    """The bar's ``eta [...]``, from a ``Pace``."""

    def __init__(self, pace: Pace) -> None:
        self.pace = pace

    def _text(self) -> str:
        left = self.pace.time_left()
        if left is None:
            return self.unknown
        text = str(left)  # h:mm:ss, mm:ss under an hour (as prompt_toolkit writes it)
        return text[2:] if text.startswith("0:") else text

    def format(
        self, progress_bar: ProgressBar, progress: ProgressBarCounter[object], width: int
    ) -> AnyFormattedText:
        return self.template.format(time_left=self._text().rjust(width))

    def get_width(self, progress_bar: ProgressBar) -> AnyDimension:
        return len(self._text())


@contextmanager
def progress_bar(
    total: int, label: str, on_cancel: Callable[[], None], done: int = 0
) -> Iterator[Callable[[], None]]:
    """Show a bar on stderr while the block runs; yields ``advance()``, to call once per item done.
    ``done``: the items done before (a continued run's), shown done from the start.

    Nothing else may write to the terminal meanwhile (the caller holds its output back). When
    the bar reads the keyboard (stdin is a terminal, put in raw mode), Ctrl-C calls
    ``on_cancel`` instead of raising; otherwise Ctrl-C stays an ordinary SIGINT.
    """
    with ExitStack() as held:
        # stdin not a terminal (`rate FILE < list` at a terminal): an input that stays open and
        # says nothing (prompt_toolkit's DummyInput is closed: the bar's app ended at once, in
        # an EOFError traceback)
        keyboard = create_input() if sys.stdin.isatty() else held.enter_context(create_pipe_input())
        yield from _drawn(total, label, on_cancel, done, keyboard)


def _drawn(
    total: int, label: str, on_cancel: Callable[[], None], done: int, keyboard: Input
) -> Iterator[Callable[[], None]]:
    output = create_output(stdout=sys.stderr)
    pace = Pace(total, done)
    elapsed, left = "class:time-elapsed", "class:time-left"
    # prompt_toolkit's own line, with the time so far, which moves while a slow item is under
    # way (the time left, at the pace of the items done, stays): "elapsed [00:12] eta [00:30]"
    formatters = [
        Label(), Text(" "), Percentage(), Text(" "), Bar(), Text(" "), Progress(), Text(" "),
        Text("elapsed [", elapsed), TimeElapsed(), Text("] ", elapsed),
        Text("eta [", left), _PaceLeft(pace), Text("]", left), Text(" "),
    ]  # fmt: skip
    with ProgressBar(
        output=output, input=keyboard, cancel_callback=on_cancel, formatters=formatters
    ) as progress:
        counter: ProgressBarCounter[None] = progress(label=label, total=total)
        counter.items_completed = done

        def advance() -> None:
            pace.advance()
            counter.item_completed()

        yield advance
        counter.stopped = True
