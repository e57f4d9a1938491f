"""The shell's first prompt after the instant prompt (``instant_prompt``): drawn by prompt_toolkit
in the place of the one printed, with the keys typed before prompt_toolkit read the terminal.

Those keys were read with the answer to the cursor-position request (``cpr_probe``); they go to
the prompt's key processor before anything else, as prompt_toolkit's own typeahead does: they act
as typed there, Enter included, and the keys after an Enter are left for the next prompt. A Ctrl-C
pressed while prompt_toolkit was imported is the first of them: Ctrl-C at the prompt.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys

#: the lines the instant prompt printed from its start, the cursor at the beginning of the next:
#: the prompt's line (the blank line before it is not the prompt's)
PRINTED_LINES = 1


def typed_keys(data: bytes) -> list[KeyPress]:
    """The keys of bytes read from the terminal, as prompt_toolkit's input reads them (UTF-8,
    bytes that are not text kept as surrogates; an Escape alone at the end is the Escape key)."""
    keys: list[KeyPress] = []
    parser = Vt100Parser(keys.append)
    parser.feed(data.decode("utf-8", "surrogateescape"))
    parser.flush()
    return keys


class FirstPrompt:
    """What the first prompt starts with. ``typed``: the bytes typed before it; ``interrupted``:
    whether Ctrl-C was pressed before it (asked when the prompt starts); ``shown``: the prompt
    is on the screen already (the cursor at the beginning of the line after it), to be drawn
    again in its place."""

    def __init__(
        self,
        typed: bytes = b"",
        *,
        interrupted: Callable[[], bool] = lambda: False,
        shown: bool = False,
    ) -> None:
        self.keys = typed_keys(typed)
        self.interrupted = interrupted
        self.shown = shown

    def pre_run(self, app: Application[Any]) -> Callable[[], None]:
        """For ``PromptSession.prompt(pre_run=...)``: called before the prompt is drawn."""

        def pre_run() -> None:
            if self.shown:  # back to where the printed prompt began: drawn over
                app.output.cursor_up(PRINTED_LINES)
                app.output.write_raw("\r")
                app.output.flush()
            if self.interrupted():
                app.key_processor.feed(KeyPress(Keys.ControlC, "\x03"))
            app.key_processor.feed_multiple(self.keys)

        return pre_run
