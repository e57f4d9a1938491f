"""``hint se 2`` typed in an editor's debug console: DAP's console runs the shell's
command table, so the graded hints are the shell's lines; a bad level is the shell's one line."""

from __future__ import annotations

from collections.abc import Callable

from tests.support.dap_client import DapClient
from tests.support.helpers import SEED, Shell

Dap = Callable[..., DapClient]


def test_the_console_says_the_hint_as_the_shell_does(dap: Dap) -> None:
    shell = Shell.loaded()
    client = dap()
    client.launch(program=SEED, trace=False)
    said = client.request("evaluate", expression="hint se 2", context="repl")["result"]
    assert said.splitlines() == shell.ok("hint se 2")
    assert said.splitlines()[0] == "Hidden Single (ER 1.2): look at block 2."
    before = client.top()["name"]
    refused = client.refused("evaluate", expression="hint 7", context="repl")
    assert [refused] == shell.fails("hint 7")
    assert client.top()["name"] == before
    assert client.close() == 0
