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
    columns = terminal_width() if width is None else width
    if len(text) < columns:
        return text
    short = " | ".join([*head, *(f"{_FIELDS[name]} {value}" for name, value in fields)])
    # (a width of 0 asks for the short names whatever their length: the full screen's own fit)
    return fitted(short, [], columns) if columns else short


def fitted(text: str, phrases: list[tuple[str, str]], width: int) -> str:
    """``text`` and the status ``phrases`` after it (each whole, or its short form), within
    ``width`` columns: a phrase that does not fit is shortened, then dropped with those after
    it; a line still too long loses its last fields (cut at the last blank that fits when
    one field is too long). Never a cut word."""
    line = text
    for phrase, short in phrases:
        for candidate in (phrase, short):
            if len(line) + 3 + len(candidate) < width:
                line += " | " + candidate
                break
        else:
            break
    if len(line) < width:
        return line
    cut = line.rfind(" | ", 0, width + 2)  # (the line kept, up to the cut, is shorter than width)
    if cut <= 0:
        cut = line.rfind(" ", 0, width)
    return line[:cut].rstrip(" |") if cut > 0 else ""
