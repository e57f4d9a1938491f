"""The line ``rate`` and ``serate`` say on stderr before rating on the pure-Python build
(``tools.rating.se_build``: its words, and the memory that it was said once in the process),
where a person watches: on a terminal, as the progress bar. A script's standard error stays as
it was (serate's scripts read it, and the suite's checks of it hold on both builds)."""

from __future__ import annotations

import sys
from typing import TextIO

from sudoku_repl.tools.rating.se_build import pure_build_once


def say_pure_build(prog: str, stream: TextIO | None = None) -> bool:
    """Say, on ``stream`` (stderr) when it is a terminal, that the rating about to start runs
    on the pure-Python build (once a process); whether it was said."""
    out = sys.stderr if stream is None else stream
    try:
        terminal = out.isatty()
    except (AttributeError, ValueError):  # no isatty, or closed
        terminal = False
    line = pure_build_once(prog) if terminal else None
    if line is None:
        return False
    print(line, file=out, flush=True)
    return True
