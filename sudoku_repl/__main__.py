"""``python -m sudoku_repl`` and the ``sudoku-repl`` command: the command line, with a Ctrl-C
that comes while its modules load ending it quietly (status 130), as one at the prompt would."""

from __future__ import annotations

import sys


def run() -> int:
    try:
        from sudoku_repl.frontends.cli import main

        return main()
    except KeyboardInterrupt:  # before the command line could take Ctrl-C itself
        return 130


if __name__ == "__main__":
    sys.exit(run())
