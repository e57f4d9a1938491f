"""The engines the tools search with outside a session (``rate``), and the run modes they search
in: whoever asks for an engine in a run mode gets that mode registered, so no setup travels with
the work. A worker process (forked or spawned), a Dask worker or a thread rates its first quiz
in run mode 3 and registers the techniques' modes itself, the first time, once.

The core never imports the techniques (the layers); this module, above both, knows which
techniques bring which run modes. ``assembly.register_modes`` calls ``register_run_modes``
too, with the trace lines the shell needs beside them.
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Sequence
from functools import cache

from sudoku_repl.core import modes, native
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.geometry import CLASSIC, Geometry
from sudoku_repl.core.state import SEARCHING, EngineState


def register_run_modes() -> None:
    """Run modes 3 (the book's theorems), 4 and 5 (the chains) with their event kinds.
    Registering them again changes nothing."""
    from sudoku_repl.techniques import chains, theorems

    theorems.register()
    chains.register()


def check_mode(run_mode: int) -> None:
    """Make ``run_mode`` usable here: the techniques' modes registered when it is not known yet;
    ``UserError`` (one line naming the modes there are) when it is still not. A dictionary
    lookup once the mode is known (it is asked once a rated quiz)."""
    if not modes.known(run_mode):
        register_run_modes()
        modes.check(run_mode)


class _Engines(threading.local):
    """Per thread (a Dask worker rates in several), an engine of each class that rates quiz
    after quiz (``Engine.reload``: making one costs a third of a 17-clue quiz's rating)."""

    def __init__(self) -> None:
        self.kept: dict[tuple[type[Engine], str], Engine] = {}


_engines = _Engines()


def loaded(givens: Sequence[int], rules: str = "") -> Engine:
    """This thread's engine of the build's class, with these givens loaded (the run mode it
    will search in made usable by ``check_mode`` first); ``rules``: the variant rules it plays
    (``core/rules.parse``'s words; "" classic sudoku), on the pure engine where the native one
    has not their moves (``Geometry.pure_only``), as a session plays them."""
    geo = _geometry(rules)
    engine_type = Engine if geo.pure_only else native.engine_type()
    engine = _engines.kept.get((engine_type, rules))
    if engine is None:
        engine = _engines.kept[engine_type, rules] = engine_type.from_givens(givens, geo)
    else:
        engine.reload(givens)
    return engine


@cache
def _geometry(rules: str) -> Geometry:
    if not rules:
        return CLASSIC
    from sudoku_repl.core.rules import geometry_of, parse

    return geometry_of(parse(rules))


def started(values: Sequence[int], marks: Sequence[int]) -> Engine:
    """This thread's engine at a pencil-mark state: ``values`` placed (0: empty), each empty
    cell's candidates ``marks`` (engine bits), the search going on from there as it goes on
    from a session's step (no step taken yet, no guess)."""
    engine = loaded(values)
    cands = array("H", (0 if v else m for v, m in zip(values, marks, strict=True)))
    engine.restore(EngineState(SEARCHING, 0, 0, bytes(values), cands, ()))
    return engine
