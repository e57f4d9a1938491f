"""Making puzzles: the maker (`generate`: tasks, targets, vicinity, patterns, the one loop, the command's run) and seed 003's scramble."""
