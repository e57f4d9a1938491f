"""`explain`: Sudoku Explainer's path as data, a step's plan."""
