"""Many lines that differ in a number: ``when``'s answers, a line per step. Each line is a
template's prefix, the number in decimals, and its suffix; a code per number picks its template.
On the native build the native core makes them (a hundred thousand lines are some 40 ms of
f-strings in Python); the comprehension here is the reference, and the pure build's way."""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from sudoku_repl.core import native


def numbered_lines(
    numbers: array[int], codes: bytes | None, templates: Sequence[tuple[str, str]]
) -> list[str]:
    """``prefix + str(number) + suffix`` for each number (an ``array("I")``), by the template
    ``templates[code]`` of its code (``codes``: a byte per number; None: template 0 for all)."""
    core = native.module()
    prefixes = tuple(prefix for prefix, _ in templates)
    suffixes = tuple(suffix for _, suffix in templates)
    if core is not None:
        lines: list[str] = core.number_lines(numbers, codes, prefixes, suffixes)
        return lines
    if codes is None:
        return [f"{prefixes[0]}{n}{suffixes[0]}" for n in numbers]
    return [f"{prefixes[c]}{n}{suffixes[c]}" for n, c in zip(numbers, codes)]
