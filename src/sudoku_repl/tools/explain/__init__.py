"""`explain`: Sudoku Explainer's path as data, a step's plan (issue 68)."""
