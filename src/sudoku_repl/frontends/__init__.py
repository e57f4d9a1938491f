"""What owns the terminal: the command line, batch mode, the interactive shell, rate's command
line, the progress display and the Ctrl-C flag."""
