"""Independent oracles the tests hold the package to: a brute-force solver and the plain reference engine of docs/engine.md; they import nothing of ``sudoku_repl``."""
