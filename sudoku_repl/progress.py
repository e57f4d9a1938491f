"""A progress bar on the terminal for long batch jobs (``sudoku-repl rate``).

Note: prompt_toolkit is imported here only inside ``bar()``, that is only when a bar is actually
shown, so batch start-up and runs whose output is redirected never load it. Apart from this lazy
import, ``shell.py`` is the only module that uses prompt_toolkit.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO


def wanted(*streams: TextIO) -> bool:
    """A bar belongs on a terminal: only when every one of ``streams`` is one."""
    return all(_isatty(s) for s in streams)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or closed
        return False


@contextmanager
def bar(total: int, label: str, on_cancel: Callable[[], None]) -> Iterator[Callable[[], None]]:
    """Show a bar on stderr while the block runs; yields ``advance()``, to call once per item done.

    Nothing else may write to the terminal meanwhile (the caller holds its output back). When
    the bar reads the keyboard (stdin is a terminal, put in raw mode), Ctrl-C calls
    ``on_cancel`` instead of raising; otherwise Ctrl-C stays an ordinary SIGINT.
    """
    from prompt_toolkit.input import DummyInput, create_input
    from prompt_toolkit.output import create_output
    from prompt_toolkit.shortcuts import ProgressBar

    keyboard = create_input() if _isatty(sys.stdin) else DummyInput()
    output = create_output(stdout=sys.stderr)
    with ProgressBar(output=output, input=keyboard, cancel_callback=on_cancel) as progress:
        counter = progress(label=label, total=total)
        yield counter.item_completed
        counter.stopped = True
