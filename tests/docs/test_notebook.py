"""The example notebook (examples/replay.ipynb) runs as it stands, in a kernel of
this environment (nbclient) started in a folder of its own (a reader's kernel starts
wherever the reader is, not in examples/), and shows what its text says: the board, the run's
figures, the bisection's step (the reference trace's: level 11 first at step 92), the record's
timeline and the replay in its own frame."""

from __future__ import annotations

import html
import re
from pathlib import Path
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
def cells(tmp_path_factory: pytest.TempPathFactory) -> list[Any]:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    elsewhere = tmp_path_factory.mktemp("elsewhere")  # no quiz file here, nor examples/
    client = nbclient.NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(elsewhere)}},
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


def test_the_notebooks_quiz_is_the_seed_of_examples() -> None:
    """The quiz the notebook loads (its 81 cells, so that no file is looked for) is the one of
    examples/seed.txt, read here as its nine lines of digits."""
    source = "".join(nbformat.read(NOTEBOOK, as_version=4).cells[1].source)
    (quiz,) = re.findall(r'"([0-9]{81})"', source)
    seed = Path(NOTEBOOK.parent / "seed.txt").read_text(encoding="utf-8").splitlines()
    assert quiz == "".join(line.replace(" ", "") for line in seed if not line.startswith("#"))
