"""Event records: what a step did, as small tuples; ``render`` turns them into the original's lines.

Events are plain tuples (compact: a long search records millions of them) whose first item is
one of the kinds below. Cells are 0-based indices, units are indices into ``Geometry.units``.

==================  ==============================================================
kind                shape
==================  ==============================================================
NO_CANDIDATE        (kind, step, cell)
WENT_WRONG          (kind, step, value, cell, reached_in_block)
COMPLETE            (kind, step, unit)
REMOVED             (kind, technique 1|2|3, value, cell)       1GW / 2GW / 3GW lines
CELSET              (kind, cells, values)                      after a 2GW removal
INCOMPLETE          (kind, step, unit)
PLY                 (kind, step, unit)                         never on consistent grids
GUESS               (kind, step, cell, level, index, count)
FORWARD / UPWARD    (kind, step, cell, level, index, count)
NO_MORE             (kind, step, solution_sum, grid)
SOLUTION            (kind, step, solution_sum, grid)
==================  ==============================================================
"""

from __future__ import annotations

from typing import Any

Event = tuple[Any, ...]

NO_CANDIDATE = 0
WENT_WRONG = 1
COMPLETE = 2
REMOVED = 3
CELSET = 4
INCOMPLETE = 5
PLY = 6
GUESS = 7
FORWARD = 8
UPWARD = 9
NO_MORE = 10
SOLUTION = 11

GUESS_KINDS = (GUESS, FORWARD, UPWARD)

#: kinds from here on belong to techniques added after the original (see ``render.RENDERERS``)
FIRST_ADDED_KIND = 20
