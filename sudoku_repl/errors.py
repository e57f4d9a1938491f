"""Errors a user can cause: each carries the one line the shell prints."""

from __future__ import annotations


class UserError(Exception):
    """Bad input from the user: the message is the whole line to show; nothing was changed."""

    @property
    def line(self) -> str:
        return str(self.args[0])


class QuizError(UserError):
    """A quiz file or string that cannot be loaded."""


class GuessAborted(Exception):
    """End of input or Ctrl-C at the guess question: the running command stops."""
