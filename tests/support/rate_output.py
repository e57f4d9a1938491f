"""``rate``'s output read back by the tests: its first line says the version and the settings
(a ``#`` line in CSV, a first object in JSON lines), then come the header and rows."""

from __future__ import annotations

import json
from pathlib import Path

from sudoku_repl import version

#: how the settings line of a CSV output begins
CSV_SETTINGS = f"# sudoku-repl rate {version()}: scale "


def without_settings(text: str) -> str:
    """The output without its first line, which must be the settings line (CSV or JSON)."""
    first, _, rest = text.partition("\n")
    if first.startswith("{"):
        said = json.loads(first)
        assert said["sudoku_repl"] == version() and "scale" in said["settings"], first
    else:
        assert first.startswith(CSV_SETTINGS), first
    return rest


def settings_of(text: str) -> dict[str, str]:
    """The settings a CSV output's first line says (``scale steps,se; run_mode 0; ...``)."""
    first = text.partition("\n")[0]
    assert first.startswith(CSV_SETTINGS), first
    said = first.split(": ", 1)[1]
    return dict(part.split(" ", 1) for part in said.split("; "))


def stopped_with(job: list[str], out: Path, rows: str) -> None:
    """``out`` as a run of ``job`` (``rate``'s arguments) with ``--out out`` leaves it when it
    stops after ``rows`` (its marker, settings line and header, then those rows)."""
    from sudoku_repl.frontends.rate_cli import main_rate

    assert main_rate([*job, "--out", str(out)], lambda: True) == 130  # begun, no row
    with out.open("a") as f:
        f.write(rows)


def figure_text(row: dict[str, object], column: str) -> str:
    """A figure of a JSON row (a number, and ``<column>_bound`` beside it: None, ``>``
    or ``>=``) as the CSV row writes it: ``7.2``, ``>7.1``, ``>=8.5`` (Sudoku Explainer's, in
    tenths), ``9``, ``>12``; ``""`` for null."""
    value, bound = row[column], row[f"{column}_bound"]
    if value is None:
        assert bound is None, (column, row)
        return ""
    number = f"{value:.1f}" if isinstance(value, float) else str(value)
    return f"{bound or ''}{number}"
