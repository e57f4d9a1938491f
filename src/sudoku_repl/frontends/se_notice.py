"""The line ``rate --scale se|both`` and ``serate`` say on stderr before rating on the pure-Python
explainer (``tools.rating.se_build``: its words), where a person watches: on a terminal, as the
progress bar. A script's standard error stays as it was (serate's scripts read it, and the
suite's checks of it hold on both builds)."""

from __future__ import annotations

import sys
from typing import TextIO

from sudoku_repl.tools.rating.se_build import pure_explainer_line


def say_pure_explainer(prog: str, stream: TextIO | None = None) -> bool:
    """Say, on ``stream`` (stderr) when it is a terminal, that the SE rating about to start runs
    on the pure-Python explainer; whether it was said."""
    out = sys.stderr if stream is None else stream
    try:
        terminal = out.isatty()
    except (AttributeError, ValueError):  # no isatty, or closed
        terminal = False
    line = pure_explainer_line() if terminal else None
    if line is None:
        return False
    print(f"{prog}: {line}", file=out, flush=True)
    return True
