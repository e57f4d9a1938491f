import sys

from sudoku_repl.frontends.cli import main

sys.exit(main())
