"""Sweeps and their samples: a differential test (the C against the pure engine, our rating
against serate's, a file's quizzes by turns) runs on a sample of its cases, unless
``SUDOKU_REPL_SWEEP=1`` asks for them all (``benchmarks/sweeps.sh``, the long check; docs/internals.md).

A sample is deterministic and spread: ``count`` cases evenly spaced over the whole list (its
first and last among them), plus the cases a test names (``keep``: the hardest, the edge cases,
those that caught a bug), in the list's order.

Under the sanitizers (``.ci/sanitize`` sets ``SUDOKU_REPL_SANITIZERS=1``) the tests of the C
take smaller samples still where a test says so (``sanitized``: fewer examples, cases or
quizzes): there every allocation of Python goes through AddressSanitizer's malloc, so the pure
reference a differential test holds the C to is most of its time, and what matters is that the
C's paths run under the sanitizers; the main job holds the C to the reference on the full
sample."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

#: Set to 1, every sampled test runs on all its cases.
SWEEP = "SUDOKU_REPL_SWEEP"
#: Set to 1 by .ci/sanitize: the C runs under AddressSanitizer and UBSan (``sanitized``).
SANITIZERS = "SUDOKU_REPL_SANITIZERS"

T = TypeVar("T")


def sweeping() -> bool:
    """Whether the tests run on all their cases (``SUDOKU_REPL_SWEEP=1``)."""
    return os.environ.get(SWEEP) == "1"


def sweep(cases: Sequence[T], count: int, keep: Callable[[T], bool] | Iterable[T] = ()) -> list[T]:
    """All ``cases`` when sweeping, else ``count`` of them evenly spread (the first and the last
    among them) and those ``keep`` names (a predicate or some cases), in their order."""
    if sweeping() or count >= len(cases):
        return list(cases)
    wanted = keep if callable(keep) else set(keep).__contains__
    spread = {round(k * (len(cases) - 1) / max(count - 1, 1)) for k in range(count)}
    return [case for i, case in enumerate(cases) if i in spread or wanted(case)]


def either(sampled: T, swept: T) -> T:
    """A number (examples, quizzes, steps) for a sample or a sweep."""
    return swept if sweeping() else sampled


def sanitized(usual: T, smaller: T) -> T:
    """A number (examples, cases, quizzes) for the usual run, or ``smaller`` under the
    sanitizers (``SUDOKU_REPL_SANITIZERS=1``, .ci/sanitize) unless sweeping."""
    return smaller if os.environ.get(SANITIZERS) == "1" and not sweeping() else usual
