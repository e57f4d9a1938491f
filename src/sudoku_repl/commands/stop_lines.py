"""The lines that say why a command stopped short: Ctrl-C, and a guess question called off. They
are made here only, and the full screen knows a stop by their beginnings (``STOPS``), so that
it can show why the run ended even when the show block after it scrolled the line away."""

from __future__ import annotations

INTERRUPTED = "Interrupted at step "
ABORTED = "Guess question aborted"
#: how each stop line begins
STOPS = (INTERRUPTED, ABORTED)


def interrupted_line(steps: int) -> str:
    """``Interrupted at step N.``: Ctrl-C stopped the search there."""
    return f"{INTERRUPTED}{steps}."


def aborted_line(steps: int) -> str:
    """The guess question was called off; the session went back to step ``steps``."""
    return f"{ABORTED}: back at step {steps}."


def before_guess_line(step: int, cell: str, level: int, tried: int, out_of: int) -> str:
    """``reverse-continue`` back before a guess: the search is at step ``step``, the guess is
    step ``step + 1``'s."""
    return f"{before_guess(step)} {cell} at level {level} ({tried} out of {out_of})."


def before_guess(step: int) -> str:
    """How ``before_guess_line`` begins, at step ``step``."""
    return f"Before step {step + 1}'s guess:"
