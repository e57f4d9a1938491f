"""The board's colours, once: each role a board picture marks (a given, a candidate the step
removed, a guess level's cell...) with its colour on a light background and on a dark one, and
the terminal's own colour for it (an SGR code: the terminal's theme decides the shade).

Every picture of the board takes its colours from here: the shell's ``board`` (``TERMINAL``),
the full screen (``sgr_paint``: the light or dark colours as 24-bit SGR codes), the replay page
and the notebook's pictures (``css_variables``, ``colour``), a step's picture (``step_svg``) and
the DAP's ``sudokuBoard`` response (``palette_json``), which an editor's Board view draws with."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, NamedTuple

Theme = Literal["light", "dark"]
THEMES: Final[tuple[Theme, Theme]] = ("light", "dark")
#: role -> SGR parameters, as ``views/board.py`` paints a role
Paint = Mapping[str, str]


class Role(NamedTuple):
    """A role's colours (``#rrggbb``) and its SGR code on a terminal of its own colours;
    ``marks``: what it marks, in words (docs/dap.md's table)."""

    name: str
    light: str
    dark: str
    terminal: str
    marks: str


#: the roles, in the order the docs list them. ``set`` and the shades are backgrounds (a
#: cell's shade), the others are the colours of digits, or of the grid's lines.
ROLES: Final[tuple[Role, ...]] = (
    Role("given", "#000000", "#f0f0f0", "1", "a given's digit (bold)"),
    Role("value", "#1b1b1b", "#cccccc", "", "a digit the search placed"),
    Role("set", "#fff3b0", "#4d4520", "7", "the shade of a cell the step changed (set)"),
    Role("removed", "#c0392b", "#f1707a", "31", "a candidate the step removed"),
    Role("back", "#1e8449", "#5fd38d", "32", "a candidate the step gave back (going back)"),
    Role("lv1", "#00838f", "#4dd0e1", "36", "guess levels 1, 5, 9...: the guessed cell"),
    Role("lv2", "#a0308f", "#e08ad4", "35", "guess levels 2, 6, 10..."),
    Role("lv3", "#9a7b00", "#e5c07b", "33", "guess levels 3, 7, 11..."),
    Role("lv4", "#2e5fa8", "#79a7ff", "34", "guess levels 4, 8, 12..."),
    Role("pattern", "#2e86c1", "#5dade2", "", "a step picture's pattern cells (shaded, ringed)"),
    Role("placed", "#146c2e", "#6fdc8c", "", "a step picture's placed value (bold, circled)"),
    Role("link", "#6c3483", "#c39bd3", "", "a step picture's chain links (weak ones dashed)"),
    Role("line", "#999999", "#5a5a5a", "", "the line between two cells"),
    Role("thick", "#333333", "#c0c0c0", "", "a box's edge"),
    Role("rule", "#2e5fa8", "#79a7ff", "94", "a variant rule's diagonal line"),
    Role("shade1", "#e3ecf7", "#2c3a4d", "100", "a variant rule's shaded house (a window...)"),
    Role("shade2", "#f7ece0", "#4d3b2c", "47", "a second shade, for a house beside the first"),
    Role("shade3", "#e5f4e3", "#2f4a2c", "46", "a third shade"),
    Role("shade4", "#f2e3f2", "#472c4a", "45", "a fourth shade"),
)
ROLE: Final[dict[str, Role]] = {role.name: role for role in ROLES}
#: the level colours, in turn: level 1 takes the first
LEVELS: Final[int] = 4
#: the roles that shade a cell's background
BACKGROUNDS: Final = ("set", "shade1", "shade2", "shade3", "shade4")


def shade_role(shade: int) -> str:
    """The role of a variant rule's shade (``views/rules_drawn``: 1 the first)."""
    return f"shade{shade}"


def level_role(level: int) -> str:
    """The role of guess level ``level`` (1 the first): ``lv1``..``lv4``, in turn."""
    return f"lv{(level - 1) % LEVELS + 1}"


def colour(role: str, theme: Theme = "light") -> str:
    """A role's colour, ``#rrggbb``."""
    return ROLE[role].light if theme == "light" else ROLE[role].dark


def palette_json() -> dict[str, dict[str, str]]:
    """``{"light": {role: "#rrggbb"}, "dark": {...}}``: the DAP's ``sudokuBoard`` palette."""
    return {theme: {role.name: colour(role.name, theme) for role in ROLES} for theme in THEMES}


def css_variables(theme: Theme = "light") -> str:
    """The roles as CSS custom properties, ``--given: #000000; ...`` (the replay page's)."""
    return " ".join(f"--{role.name}: {colour(role.name, theme)};" for role in ROLES)


#: the terminal's own colours (the shell's ``board``): the terminal's theme gives the shade
TERMINAL: Final[Paint] = {role.name: role.terminal for role in ROLES}


def sgr_paint(theme: Theme) -> dict[str, str]:
    """The roles as 24-bit SGR codes in ``theme``'s colours (the full screen's board). The digits
    of givens and placed values keep the terminal's own colour (bold for a given), which is
    readable whatever its background; ``set`` is a cell's background."""
    paint = dict(TERMINAL)
    for role in ROLES:
        if role.name in ("given", "value", "line", "thick"):
            continue
        rgb = ";".join(str(int(colour(role.name, theme)[k : k + 2], 16)) for k in (1, 3, 5))
        paint[role.name] = f"{48 if role.name in BACKGROUNDS else 38};2;{rgb}"
    return paint
