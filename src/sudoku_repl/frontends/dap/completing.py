"""``completions``: what the shell's Tab offers for the debug console's line (its
``CommandCompleter``, with the present state's cells), as DAP completion items: ``MOST`` at
most (a folder of 100,000 files after ``load-quiz`` would be an answer of megabytes that no
list shows; typing more of the name narrows it)."""

from __future__ import annotations

from itertools import islice
from typing import Any

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.frontends.completion import CommandCompleter, empty_cells, filled_cells

#: the items of one answer at most
MOST = 1000


def completion_targets(repl: Repl, text: str, cursor: int, base: int) -> list[dict[str, Any]]:
    """The items for ``text`` with the cursor at ``cursor`` (0-based); ``base``: the client's
    first column (0 or 1), which each item's ``start`` counts from."""
    cursor = max(0, min(cursor, len(text)))
    completer = CommandCompleter(lambda: empty_cells(repl), lambda: filled_cells(repl))
    found = completer.get_completions(
        Document(text, cursor), CompleteEvent(completion_requested=True)
    )
    return [
        {
            "label": c.display_text,
            "text": c.text,
            "start": cursor + c.start_position + base,
            "length": -c.start_position,
        }
        for c in islice(found, MOST)
    ]
