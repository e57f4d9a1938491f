"""The example notebook (examples/replay.ipynb, issue 36) runs as it stands, in a kernel of
this environment (nbclient), and shows what its text says: the board, the run's figures, the
bisection's step (the reference trace's: level 11 first at step 92), the record's timeline and
the replay in its own frame."""

from __future__ import annotations

import html
from typing import Any

import pytest

from tests.support.helpers import REPO

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOK = REPO / "examples" / "replay.ipynb"


def shown(cell: Any) -> dict[str, str]:
    """What a code cell showed, by type (text/plain, text/html, ...), its outputs joined."""
    found: dict[str, str] = {}
    for output in cell.outputs:
        assert output.output_type != "error", output
        for kind, text in output.get("data", {}).items():
            found[kind] = found.get(kind, "") + text
    return found


@pytest.fixture(scope="module")
def cells() -> list[Any]:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    )
    client.execute()
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


def test_the_notebook_loads_runs_bisects_and_replays(cells: list[Any]) -> None:
    board, run, bisect, board_92, timeline, replay = (shown(cell) for cell in cells)
    assert "Board at step 0:" in board["text/html"]
    assert run["text/plain"] == "(131, 1)"  # the seed's solution at step 131, as its trace
    assert bisect["text/plain"] == "92"
    assert "Board at step 92, guess level 11:" in board_92["text/html"]
    assert "<svg" in timeline["text/html"]
    frame = replay["text/html"]
    assert frame.startswith("<iframe srcdoc=") and 'sandbox="allow-scripts"' in frame
    page = html.unescape(frame.split('srcdoc="', 1)[1].split('" sandbox=', 1)[0])
    assert page.startswith("<!doctype html>") and "Level 11 is first reached" in page
