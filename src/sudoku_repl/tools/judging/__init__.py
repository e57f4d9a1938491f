"""`judging`: a move judged against Sudoku Explainer's techniques and the puzzle's
solution (``check_move`` of ``sudoku-repl mcp``, the reward of ``sudoku_repl.gym``)."""
