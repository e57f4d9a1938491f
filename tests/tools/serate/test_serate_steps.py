"""serate's step descriptions (``%s``, ``serate_steps``): made only where ``--after`` asks for
them, and only there (serate's other sections print ``%s`` as ``s``). The texts themselves are
compared with the real serate's in ``test_serate_golden`` (the ``descriptions*`` cases)."""

from __future__ import annotations

import pytest

from sudoku_repl.frontends.serate_cli import main_serate
from sudoku_repl.tools.serate import rate as serate_rate

EASY = "001000802090000030000604010970008460000000000015700098040907000080000050306000700"


def _fail(*_: object) -> str:
    raise AssertionError("a description was made though no format asks for one")


def test_no_description_is_made_where_no_format_asks_for_one(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(serate_rate, "describe", _fail)
    # %s outside --after is serate's literal "s"
    assert main_serate(["--before=%s", "--after=%r", "--format=%r %s", EASY]) == 0
    out = capfd.readouterr().out.splitlines()
    assert out[0] == "s" and out[1] == "1.2" and out[-1] == "5.5 s"  # serate: 5.5 (easy.txt)


def test_the_first_step_is_described_as_serate_describes_it(
    capfd: pytest.CaptureFixture[str],
) -> None:
    # serate v1.15.10, --after="%r %s" on this puzzle: its first line (steps_multiline's input)
    assert main_serate(["--after=%r %s", "--format=", EASY]) == 0
    first = capfd.readouterr().out.splitlines()[0]
    assert first == "1.2 Hidden Single: C8: 9 in block"
