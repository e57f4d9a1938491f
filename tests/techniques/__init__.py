"""The techniques: the book's mode 3, the chains, the Sudoku Explainer and the standard names."""
