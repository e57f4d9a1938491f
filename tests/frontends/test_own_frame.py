"""``frontends/own_frame``: a call through C, so that it runs in an activation of the interpreter's
loop of its own (in the web page, on the best WebAssembly code V8 has by then: docs/web.md,
"Speed"). What it returns and raises is the function's; the shell's prompt loop runs every
command typed through it, in the terminal as in the page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sudoku_repl.frontends import shell
from sudoku_repl.frontends.own_frame import in_own_frame
from sudoku_repl.frontends.web_shell import run_page
from tests.web.test_web_shell import Page, typed

pytestmark = pytest.mark.usefixtures("at_repo_root")


def test_it_returns_what_the_function_returns() -> None:
    assert in_own_frame(divmod, 17, 5) == (3, 2)
    assert in_own_frame(sorted, [3, 1, 2], reverse=True) == [3, 2, 1]


def test_it_raises_what_the_function_raises() -> None:
    def stopped() -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        in_own_frame(stopped)
    with pytest.raises(ZeroDivisionError):
        in_own_frame(divmod, 1, 0)


def test_the_prompt_loop_runs_each_command_through_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines: list[str] = []

    def recorded(function: Callable[..., Any], *args: Any) -> Any:
        lines.extend(args)
        return in_own_frame(function, *args)

    monkeypatch.setattr(shell, "in_own_frame", recorded)
    monkeypatch.setenv("COLUMNS", "200")  # (the page sets it to its width: put back after)
    run_page(Page(typed(["step", "levels", "bye"])), warm_runs=0)
    assert lines == ["step", "levels", "bye"]
    assert "At guess level 0:" in capsys.readouterr().out
