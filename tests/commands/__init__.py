"""The command language in-process (``Repl.execute``): each command, its arguments and its errors."""
