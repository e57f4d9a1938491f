"""The full-screen mode (``sudoku-repl --tui``, ``tui`` in the shell): the board, the guess levels,
the trace and a command line on one prompt_toolkit screen, split by concern as ptpython is:

- ``runner``: the command lines run in a worker thread, Ctrl-C delivered (no prompt_toolkit);
- ``record``: the lines the commands printed, the trace pane's model (no prompt_toolkit);
- ``state``: what the layout and the keys read (mode, view of the session, trace position);
- ``pane``: the trace pane, drawn from the record; ``layout``: the windows; ``keys``: the keys;
- ``app``: the screen put together (``run_tui``); ``__main__``: ``python -m`` this package.

Importing the package imports none of them.
"""
