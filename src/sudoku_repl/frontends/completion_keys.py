"""Tab and Shift-Tab at the shell's prompt, completing at once.

prompt_toolkit's own Tab starts the completion in the background, to be finished once the keys
read with it have been handled: keys typed ahead of the prompt (read all together when it starts)
or in a burst come to the line before the completion does, which then does nothing (``load-q``,
Tab, `` FILE``, Enter ran ``load-q FILE``). The shell's completer answers at once, so these
bindings ask it at once and do with its answer what prompt_toolkit's Tab does with it: the part
common to all completions inserted, a single one taken, several offered in the menu (the next
Tab goes through them); Shift-Tab takes the last.
"""

from __future__ import annotations

from prompt_toolkit.buffer import Buffer, CompletionState
from prompt_toolkit.completion import CompleteEvent, Completion, get_common_complete_suffix
from prompt_toolkit.filters import emacs_insert_mode, vi_insert_mode
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys


def completion_keys() -> KeyBindings:
    """The prompt's Tab and Shift-Tab (over prompt_toolkit's own: bindings added later win)."""
    keys = KeyBindings()
    insert_mode = vi_insert_mode | emacs_insert_mode  # where prompt_toolkit's Tab completes

    @keys.add(Keys.ControlI, filter=insert_mode)
    def _tab(event: KeyPressEvent) -> None:
        complete_now(event.current_buffer)

    @keys.add(Keys.BackTab, filter=insert_mode)
    def _back_tab(event: KeyPressEvent) -> None:
        complete_now(event.current_buffer, last=True)

    return keys


def complete_now(buffer: Buffer, last: bool = False) -> None:
    """Tab (``last``: Shift-Tab) in ``buffer``: the next (previous) completion when the menu is
    open, else the completions of the text before the cursor, asked now."""
    if buffer.complete_state is not None:
        if last:
            buffer.complete_previous()
        else:
            buffer.complete_next()
        return
    if buffer.completer is None:
        return
    document = buffer.document
    found = list(
        buffer.completer.get_completions(document, CompleteEvent(completion_requested=True))
    )
    if len(found) == 1 and _adds_nothing(document.text_before_cursor, found[0]):
        found = []
    if not found:
        return
    if last:
        _offer(buffer, found)
        buffer.go_to_completion(len(found) - 1)
        return
    common = get_common_complete_suffix(document, found)
    if common:
        buffer.insert_text(common)
        if len(found) > 1:  # the rest still to choose from
            _offer(buffer, [c.new_completion_from_position(len(common)) for c in found])
    else:
        _offer(buffer, found)
        if len(found) == 1:  # one, which changes what was typed (a path made absolute)
            buffer.go_to_completion(0)


def _adds_nothing(before: str, completion: Completion) -> bool:
    return before[len(before) + completion.start_position :] == completion.text


def _offer(buffer: Buffer, completions: list[Completion]) -> None:
    """The menu of ``completions``, none chosen yet."""
    buffer.complete_state = CompletionState(buffer.document, completions)
    buffer.on_completions_changed.fire()
