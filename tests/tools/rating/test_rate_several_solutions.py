"""No line stops a ``rate`` file: a quiz with several solutions (two givens, or a
pencil-mark line with every candidate) among normal ones. The measures that need one solution
(Sudoku Explainer's, the order-free ones) stop its search at the second solution, as ``se``
always did: its row comes at once, those measures empty, ``solutions`` 2 and ``complete``
false; the original's own search is bounded by default (``--max-steps``, said in the header),
so a file of the steps scale alone ends too.

The figures of the normal lines are SHC 6.2's (``tests/data/difficulty_shc_sample.txt``). The
subprocess's time limit is only what fails the old code, whose search of such a line never
ended.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from sudoku_repl.core import native
from tests.support.helpers import TEST_DATA, run_program
from tests.support.rate_output import settings_of, without_settings

TWO_GIVENS = "1" + "." * 79 + "9"
EVERY_CANDIDATE = "123456789" * 81
#: SHC's sample: B0 (T&E-depth 0), B2 (T&E-depth 1)
SHC = [line.split() for line in (TEST_DATA / "difficulty_shc_sample.txt").read_text().splitlines()]
B0, B2 = SHC[1][0], SHC[2][0]


def mixed(tmp_path: Path) -> Path:
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join([TWO_GIVENS, B0, EVERY_CANDIDATE, B2]) + "\n")
    return path


def rows(stdout: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(without_settings(stdout))))


@pytest.mark.parametrize("scale", ["te,b,backdoors", "guess", "se,te"])
def test_every_row_of_a_file_with_several_solutions_lines_is_written(
    tmp_path: Path, scale: str
) -> None:
    done = run_program("rate", str(mixed(tmp_path)), "--scale", scale, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    got = rows(done.stdout)
    assert [r["line"] for r in got] == ["1", "2", "3", "4"]
    for several in (got[0], got[2]):
        assert (several["solutions"], several["complete"]) == ("2", "false")
        assert all(several[name] == "" for name in ("te", "guess_depth") if name in several)
    if "te" in scale:
        assert [got[1]["te"], got[3]["te"]] == ["0", "1"]  # SHC's
    if "guess" in scale:
        assert got[1]["guess_depth"] != "" and got[3]["guess_depth"] != ""
    if "se" in scale:
        assert [got[0]["er"], got[2]["er"]] == ["several solutions"] * 2
    assert "; 2 stopped at a second solution;" in done.stderr


@pytest.mark.skipif(not native.active(), reason="a million steps: half a second natively")
def test_the_originals_search_alone_is_bounded_by_default_and_says_so(tmp_path: Path) -> None:
    """``--scale steps``: the search to the end, as the original's ``runrun 0``, stops at the
    default bound, a million steps, which the header names."""
    done = run_program("rate", str(mixed(tmp_path)), text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert settings_of(done.stdout)["max_steps"] == "1000000"
    got = rows(done.stdout)
    assert [(r["steps_total"], r["complete"]) for r in (got[0], got[2])] == [
        ("1000000", "false")
    ] * 2
    assert [(r["solutions"], r["complete"]) for r in (got[1], got[3])] == [("1", "true")] * 2
    assert "; 2 stopped by --max-steps;" in done.stderr
