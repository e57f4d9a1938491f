"""``python -m sudoku_repl.frontends.tui [quiz]``: the full screen alone."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    from sudoku_repl.assembly import register_all
    from sudoku_repl.frontends.tui.app import run_tui

    words = list(sys.argv[1:] if argv is None else argv)
    if len(words) > 1 or words[:1] in (["-h"], ["--help"]):
        print("usage: python -m sudoku_repl.frontends.tui [quiz]", file=sys.stderr)
        return 2
    register_all()
    run_tui([f"load-quiz {shlex.quote(words[0])}"] if words else [])
    return 0


if __name__ == "__main__":
    sys.exit(main())
