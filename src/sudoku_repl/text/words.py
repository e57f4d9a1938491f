"""Words said with a number: ``1 quiz``, ``2 quizzes``. One helper for every line that counts,
so that none says ``1 quizzes`` or ``quiz(zes)``."""

from __future__ import annotations


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the word in its number: ``one`` for 1, else ``many`` (``one`` + ``s`` unless
    given: ``counted(2, "quiz", "quizzes")``)."""
    return f"{n} {one if n == 1 else many or one + 's'}"
