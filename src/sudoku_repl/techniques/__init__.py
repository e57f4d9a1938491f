"""Solving techniques beyond the original's filters (the book's theorems, X-Chain and
Forcing-Chain), registered as run modes by ``sudoku_repl.assembly.register_all``."""
