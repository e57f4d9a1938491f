"""The bottom toolbar's text: where the search is, for the shell's prompt and the full screen
(no prompt_toolkit here: both draw the line it returns)."""

from __future__ import annotations

from sudoku_repl.commands.declared.settings import SETTINGS
from sudoku_repl.frontends.terminal_output import terminal_width

TYPE_CHECKING = False  # not typing's
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


#: each toolbar field's name, and the short name used when the line would not fit (the
#: settings' come from their declarations: ``Setting.short``)
_FIELDS = {
    "step": "st",
    "level": "lv",
    "biggest": "max",
    "solutions": "sol",
    **{setting.name: setting.short for setting in SETTINGS if setting.short},
    "breakpoints": "bp",
}


def toolbar_text(repl: Repl, width: int | None = None) -> str:
    """The bottom toolbar: where the search is. Past ``width`` columns (the terminal's, when
    not given) the field names are shortened, so that it is never cut."""
    fields: list[tuple[str, object]] = []
    if repl.loaded:
        session = repl.session
        state = session.state()
        biggest = session.history.biggest_level(1, state.steps)
        fields += [
            ("step", state.steps),
            ("level", state.level),
            ("biggest", biggest),
            ("solutions", state.solutions),
        ]
    # the settings the toolbar shows (``Setting.short``), their declared defaults before the
    # session is made (``Repl.session``): the engine is not imported for them; no breakpoint
    made = repl.made_session
    fields += [
        (setting.name, setting.value(repl) if made else setting.default)
        for setting in SETTINGS
        if setting.short
    ]
    fields.append(("breakpoints", len(repl.session.breakpoints.enabled()) if made else 0))
    head = [] if repl.loaded else ["no quiz"]
    text = " | ".join([*head, *(f"{name} {value}" for name, value in fields)])
    if len(text) < (terminal_width() if width is None else width):
        return text
    return " | ".join([*head, *(f"{_FIELDS[name]} {value}" for name, value in fields)])
