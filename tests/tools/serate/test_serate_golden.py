"""``sudoku-repl serate`` against the REAL serate v1.15.10: every case of
``tests/data/serate/cases.json`` gives, byte for byte, the standard output (and the file
``--output`` writes) that serate.jar gave for it (``tests/data/serate/README.md`` says how
the goldens were made). A golden not made yet is a failure, not a skip. The cases marked
``native`` (forcing chains on many puzzles: two minutes in pure Python) run on the native build
only.

The cases marked ``tie`` are those where, at a tie (the same technique, rating and count of
removals), this project's finders apply another finding than serate's: the description and name
are of the finding the step applied (``serate_shapes``), so they differ from serate's there until
the finders take serate's finding at ties; they are strict expected failures, so
that the day they pass the mark must go."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from sudoku_repl.core import native
from sudoku_repl.frontends.serate_cli import main_serate
from tests.support.helpers import TEST_DATA

GOLDEN = TEST_DATA / "serate"
CASES = json.loads((GOLDEN / "cases.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_serate_output_is_serates(
    case: dict[str, object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capfdbinary: pytest.CaptureFixture[bytes],
) -> None:  # fmt: skip
    if case.get("native") and not native.active():
        pytest.skip("minutes of rating on the pure build: the native build's test")
    for txt in GOLDEN.glob("*.txt"):
        shutil.copy(txt, tmp_path)
    monkeypatch.chdir(tmp_path)
    args = case["args"]
    assert isinstance(args, list)
    if "stdin" in case:
        monkeypatch.setattr("sys.stdin", open(tmp_path / str(case["stdin"])))  # noqa: SIM115
    status = main_serate(args)
    captured = capfdbinary.readouterr()
    # (``our_status``: where this command departs from serate's status on purpose: one line on
    # standard error and 2 where serate says nothing)
    assert status == case.get("our_status", case.get("status", 0))
    assert captured.out == (GOLDEN / f"{case['name']}.out").read_bytes()
    if case.get("stderr"):
        assert captured.err == (GOLDEN / f"{case['name']}.err").read_bytes()
    if "file" in case:
        written = (tmp_path / str(case["file"])).read_bytes()
        assert written == (GOLDEN / f"{case['name']}.file").read_bytes()
