"""`serate`: Sudoku Explainer's own command line, its formats, names, steps and shapes."""
