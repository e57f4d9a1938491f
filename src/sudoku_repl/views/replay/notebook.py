"""The notebook's pictures (``_repr_html_``): the board with its candidates, coloured as the
terminal's board (``views/board.py``: givens bold, each guess level its colour, the candidates
the last step struck in red and those it gave back in green, its cells shaded), and the replay
page in an isolated frame (``srcdoc``: its script cannot reach the notebook)."""

from __future__ import annotations

import html
from collections.abc import Sequence

from sudoku_repl.core.geometry import Geometry
from sudoku_repl.core.state import EngineState
from sudoku_repl.views.board import Before
from sudoku_repl.views.palette import colour, level_role

#: the palette's colours (views/palette.py, as the replay page's), by what they mark
STRUCK, GIVEN_BACK, CHANGED = colour("removed"), colour("back"), colour("set")
THIN, THICK = colour("line"), colour("thick")


def _candidates(mask: int, before: int | None) -> str:
    """A 3x3 of the candidates; ``before``: the cell's candidates at the step before."""
    rows = []
    for r in range(3):
        row = []
        for d in range(3 * r + 1, 3 * r + 4):
            bit = 1 << (d - 1)
            if mask & bit:
                back = before is not None and not before & bit
                style = f' style="color:{GIVEN_BACK};font-weight:700"' if back else ""
                row.append(f"<span{style}>{d}</span>")
            elif before is not None and before & bit:
                row.append(f'<span style="color:{STRUCK};text-decoration:line-through">{d}</span>')
            else:
                row.append("<span>&#xA0;</span>")
        rows.append("".join(row))
    return "<br>".join(rows)


def board_html(state: EngineState, geo: Geometry, givens: Sequence[int], before: Before) -> str:
    """The board of ``state`` as an HTML table, in the frame's layout (a samurai's or a
    flower's grids overlapping, nothing where the frame has no cell)."""
    levels = {frame.cell: k for k, frame in enumerate(state.frames, 1)}
    heading = f"Board at step {state.steps}" + (
        f", guess level {state.level}" if state.level else ""
    )
    rows = []
    for r in range(geo.height):
        tds = []
        for c in range(geo.width):
            cell = geo.index.get((r, c))
            if cell is None:
                tds.append('<td style="border:0"></td>')
                continue
            right = THICK if c % 3 == 2 else THIN
            bottom = THICK if r % 3 == 2 else THIN
            style = [
                "width:2.4em;height:2.4em;padding:0;text-align:center;vertical-align:middle",
                f"border:1px solid {THIN};border-right:2px solid {right}"
                if c % 3 == 2
                else f"border:1px solid {THIN}",
            ]
            style.append(f"border-bottom:{2 if r % 3 == 2 else 1}px solid {bottom}")
            if r % 3 == 0:
                style.append(f"border-top:2px solid {THICK}")
            if c % 3 == 0:
                style.append(f"border-left:2px solid {THICK}")
            old = before.get(cell)
            if old is not None:
                style.append(f"background:{CHANGED}")
            value = state.values[cell]
            if value:
                level = levels.get(cell)
                look = "font-size:1.3em"
                if givens[cell]:
                    look += ";font-weight:700"
                elif level:
                    look += f";color:{colour(level_role(level))};font-weight:600"
                title = f' title="level {level}"' if level else ""
                body = f'<span style="{look}"{title}>{value}</span>'
            else:
                was = old[1] if old is not None and not old[0] else None
                body = f'<div style="font-size:.6em;line-height:1.05">{_candidates(state.cands[cell], was)}</div>'
            name = html.escape(geo.cell_name(cell))
            tds.append(
                f'<td style="{";".join(style)}" data-cell="{name}" data-value="{value}">{body}</td>'
            )
        rows.append(f"<tr>{''.join(tds)}</tr>")
    table = (
        "<table style=\"border-collapse:collapse;font-family:ui-monospace,'DejaVu Sans Mono',"
        f'Menlo,Consolas,monospace;margin:0">{"".join(rows)}</table>'
    )
    return f'<div class="sudoku-repl-board"><div>{html.escape(heading)}:</div>{table}</div>'


def frame_html(page: str, height: int = 900) -> str:
    """The page in a frame of its own (``srcdoc``, sandboxed: scripts only, no access to the
    notebook's page)."""
    return (
        f'<iframe srcdoc="{html.escape(page, quote=True)}" sandbox="allow-scripts" '
        f'style="width:100%;height:{height}px;border:1px solid #ccc"></iframe>'
    )
