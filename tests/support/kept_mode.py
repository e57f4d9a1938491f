"""A stand-in for ``frontends.terminal_mode.TerminalMode``: the terminal's mode as if kept (the
shell then makes its pager), never touched."""

from __future__ import annotations


class KeptMode:
    kept = True

    def hold(self) -> None:
        pass

    def arm(self) -> bytes:
        return b""  # (no key typed after Enter waits in the terminal)

    def running(self) -> None:
        pass

    def restore(self) -> None:
        pass
