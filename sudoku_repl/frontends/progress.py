"""The progress display of long work (``rate``): a prompt_toolkit progress bar on stderr."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from prompt_toolkit.input import DummyInput, create_input
from prompt_toolkit.output import create_output
from prompt_toolkit.shortcuts import ProgressBar
from prompt_toolkit.shortcuts.progress_bar import ProgressBarCounter


@contextmanager
def progress_bar(
    total: int, label: str, on_cancel: Callable[[], None]
) -> Iterator[Callable[[], None]]:
    """Show a bar on stderr while the block runs; yields ``advance()``, to call once per item done.

    Nothing else may write to the terminal meanwhile (the caller holds its output back). When
    the bar reads the keyboard (stdin is a terminal, put in raw mode), Ctrl-C calls
    ``on_cancel`` instead of raising; otherwise Ctrl-C stays an ordinary SIGINT.
    """
    keyboard = create_input() if sys.stdin.isatty() else DummyInput()
    output = create_output(stdout=sys.stderr)
    with ProgressBar(output=output, input=keyboard, cancel_callback=on_cancel) as progress:
        counter: ProgressBarCounter[None] = progress(label=label, total=total)
        yield counter.item_completed
        counter.stopped = True
