"""The experiments' commands (docs/experiments.md): list, switch, name, delete, compare, and the
what-if edits ``set cell`` / ``set removed``. The session keeps the experiments
(``core/experiments.py``); these print them. Declared in ``declared/experiments.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sudoku_repl.commands.declared.experiments import COMPARE, EXPERIMENT, SWITCH
from sudoku_repl.core.errors import PATH, PresentExperiment, UserError, shown
from sudoku_repl.core.experiments import Comparison, ExperimentInfo, Figures
from sudoku_repl.core.geometry import Geometry
from sudoku_repl.text.args import count_of
from sudoku_repl.text.render import event_lines
from sudoku_repl.text.words import counted

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl

#: the cells ``compare`` names at most
DIFFERING_SHOWN = 9


def info_line(info: ExperimentInfo) -> str:
    """``* 2 6:[6,2]=9: parted at step 6 by [6,2]=9; got to step 184, ...; at step 184``."""
    mark = "*" if info.current else " "
    where = (
        "the first line of search"
        if info.parted_step is None
        else f"parted at step {info.parted_step} by {info.parted_what}"
    )
    solutions = counted(info.solutions, "solution")
    end = "finished" if info.finished else "not finished"
    far = f"got to step {info.steps}, {solutions}, biggest level {info.biggest}, {end}"
    return f"{mark} {info.number} {info.name}: {where}; {far}; at step {info.at_step}"


def experiments(repl: Repl) -> None:
    session = repl.require_quiz()
    repl.lines([info_line(i) for i in session.experiments])


def _key(text: str) -> int | str:
    n = count_of(text)
    return text if n is None else n


def experiment(repl: Repl, text: str, word: str | None = None) -> None:
    session = repl.require_quiz()
    if word is None and " " not in text:  # ``name`` or ``delete`` alone: what it needs
        said = EXPERIMENT.shortfall([text], lambda: session.geo)
        if said is not None:
            raise UserError(said)
    if word == "name":
        session.name_experiment(text)
        present = session.experiment_tree.current
        repl.out.message(f"Experiment {present.number} is named {present.name}.")
        return
    if word == "delete":
        try:
            gone = session.delete_experiment(_key(text))
        except PresentExperiment as e:
            raise UserError(
                f"Experiment {e.number} is the present one: {SWITCH} goes to another first, "
                "then it can be deleted."
            ) from None
        repl.out.message(f"Deleted experiment {gone.number} ({gone.name}).")
        return
    info = session.switch(_key(text))
    repl.frame = None  # back to the present (``frame``)
    repl.out.message(f"Experiment {info.number} ({info.name}), at step {info.at_step}.")
    repl.show()


def compare(repl: Repl, a: str, b: str | None = None) -> None:
    session = repl.require_quiz()
    keys = [_key(t) for t in (a, b) if t is not None]
    found = [session.experiment(key) for key in keys]  # (an unknown one: its own line)
    other = found[1] if len(found) == 2 else session.experiment_tree.current
    if found[0] is other:
        raise UserError(
            f"compare needs two different experiments (both are {other.number}): "
            f"{COMPARE.form}, B the present one by default"
        )
    repl.lines(comparison_lines(session.compare(*keys), session.geo))


def _figure_rows(a: Figures, b: Figures) -> list[tuple[str, str, str]]:
    def first(f: Figures) -> str:
        return "-" if f.first_solution is None else str(f.first_solution)

    def yes(flag: bool) -> str:
        return "yes" if flag else "no"

    return [
        ("steps", str(a.steps), str(b.steps)),
        ("first solution at step", first(a), first(b)),
        ("solutions", str(a.solutions), str(b.solutions)),
        ("biggest level", str(a.biggest), str(b.biggest)),
        ("guesses", str(a.guesses), str(b.guesses)),
        ("wrong guesses", str(a.wrong), str(b.wrong)),
        ("finished", yes(a.finished), yes(b.finished)),
    ]


def comparison_lines(c: Comparison, geo: Geometry) -> list[str]:
    """The lines of ``compare``: where they part, the figures side by side, the cells that
    differ at the end."""
    a, b = c.a, c.b
    heads = (f"{a.number} {a.name}", f"{b.number} {b.name}")
    rows = _figure_rows(a, b)
    left = max(len(r[0]) for r in rows)
    width = max(len(heads[0]), len(heads[1]), *(len(r[1]) for r in rows), 6)
    lines = [
        f"Experiments {a.number} and {b.number} part at step {c.parted_step}.",
        f"{'':<{left}}  {heads[0]:>{width}}  {heads[1]:>{width}}",
    ]
    lines += [f"{name:<{left}}  {x:>{width}}  {y:>{width}}" for name, x, y in rows]
    if not c.differing:
        lines.append("Their last states hold the same values.")
        return lines
    shown_cells = " ".join(
        f"{geo.cell_name(cell)} {va or '.'}|{vb or '.'}"
        for cell, va, vb in c.differing[:DIFFERING_SHOWN]
    )
    more = len(c.differing) - DIFFERING_SHOWN
    tail = f" (and {more} more)" if more > 0 else ""
    lines.append(f"Values that differ at the end ({a.number}|{b.number}): {shown_cells}{tail}")
    return lines


def set_edit(repl: Repl, cell: int, value: int, remove: bool) -> None:
    """``set cell [r,c]=v`` / ``set removed v [r,c]``: a what-if edit at the present step."""
    session = repl.require_quiz()
    if repl.frame is not None:
        raise UserError("An edit is made at the present step: frame 0 goes back to it first")
    tree = session.experiment_tree
    before, known = tree.current, {e.number for e in tree}
    events = session.hand_edit(cell, value, remove)
    for event in events:
        repl.lines(event_lines(event, session.geo))
    present = tree.current
    if present.number not in known:
        repl.out.message(f"Experiment {present.number} ({present.name}) begins here.")
    elif present is before:  # (another one followed says so in its notice)
        repl.out.message(
            f"Experiment {present.number} ({present.name}) goes on with this edit already."
        )


def timeline_compare(repl: Repl, a: str, b: str, path: str | None) -> None:
    """``timeline --compare A B [--svg <file>]``: both level curves on one axis."""
    from sudoku_repl.commands.file_writes import write_file
    from sudoku_repl.views.timeline import _span
    from sudoku_repl.views.timeline_compare import svg_compare, text_compare

    form = "timeline --compare A B [--svg <file>]"
    session = repl.require_quiz()
    first, second = (session.experiment(_key(t)) for t in (a, b))
    if first is second:
        raise UserError(f"timeline --compare needs two different experiments: {form}")
    tree = session.experiment_tree
    try:
        tree.view(first)
        span_a = _span(session.history, 1, None)
        tree.view(second)
        span_b = _span(session.history, 1, None)
    except ValueError as e:
        raise UserError(f"No timeline: {e}.") from None
    finally:
        tree.unview()
    parted = session.parting_step(first.number, second.number)
    names = (f"{first.number} {first.name}", f"{second.number} {second.name}")
    if path is not None:
        if write_file(repl, path, svg_compare(span_a, span_b, names, parted)):
            repl.out.message(f"Wrote {shown(path, PATH)}.")
        return
    try:
        repl.lines(text_compare(span_a, span_b, names, parted, repl.width()))
    except ValueError as e:
        raise UserError(f"No timeline: {e}.") from None
