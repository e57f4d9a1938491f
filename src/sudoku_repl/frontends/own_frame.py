"""A call in an activation of the interpreter's loop of its own (docs/web.md, "Speed").

CPython 3.11 and later run a Python function called from Python inside the caller's own run of
the interpreter's C loop; called through C (here ``functools.partial``'s call), it gets a run
of its own. That matters in the web page: Pyodide's interpreter loop is one WebAssembly function,
and V8 puts its optimised code in place only for the function's later calls (no replacement on
the stack). The shell's prompt loop starts once, soon after the page opens, before the
optimised loop is ready; every command run inside it ran on the baseline code for good. Each
command run through ``in_own_frame`` starts a run of the loop of its own, on the best code V8 has
by then: the seed's ``runrun 0`` took some 9 to 10 ms in Chromium rather than 12 to 14. In
CPython the cost is one C call a command."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


def in_own_frame(function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``function(*args, **kwargs)``, called through C: its result, or what it raised."""
    return partial(function, *args, **kwargs)()
