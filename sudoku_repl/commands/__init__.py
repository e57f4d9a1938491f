"""The command language: the command table, dispatch, the script recorder and the commands
(the original ten, the debugger's, the book's, the chains', the generator's)."""
