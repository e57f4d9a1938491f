"""The command language: how a command is declared (``spec``), the declarations
(``declared/``), the command table, dispatch, the script recorder and the commands' handlers
(the original ten, the debugger's, the book's, the chains', the generator's)."""
