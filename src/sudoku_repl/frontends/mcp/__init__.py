"""`sudoku-repl mcp` (docs/agents.md): the debugger as a Model Context Protocol server
over stdio, on the extra ``mcp``: tools (``tools``), one session a connection (``agent``: a
``Repl`` and the judge of moves), the SDK's wiring (``server``, the only module importing
``mcp``) and the subcommand (``main``)."""
