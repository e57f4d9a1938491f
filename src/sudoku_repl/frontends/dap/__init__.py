"""``sudoku-repl dap``: the debugger for editors, over the Debug Adapter Protocol (docs/dap.md):
framing (``wire``), the way out (``connection``), the reader loop and transports (``server``),
the requests (``adapter``, ``requests``, ``breakpoints``), the session as stack, scopes and variables
(``frames``), the quiz file's lines (``source``), why a stop (``stops``), the worker thread
(``worker``), progress (``progress``), console completion (``completing``)."""
