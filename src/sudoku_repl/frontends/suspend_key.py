"""Ctrl-Z at the shell's prompts (a command's, the guess question's) and in the full screen (its
keys and its command line): the shell is suspended as a
shell's job is (SIGTSTP to its process group; ``fg``, or SIGCONT, brings it back to the prompt,
the line as it was), on a system with job control; elsewhere the key does nothing. Never a ``^Z``
typed into the line, which prompt_toolkit's own keys do where suspending is not asked for."""

from __future__ import annotations

from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent


def suspend_key() -> KeyBindings:
    keys = KeyBindings()

    @keys.add("c-z")
    def _suspend(event: KeyPressEvent) -> None:
        event.app.suspend_to_background()  # (nothing where the system has no SIGTSTP)

    return keys
