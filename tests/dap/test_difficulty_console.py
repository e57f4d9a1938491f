"""``difficulty`` typed in an editor's debug console (``sudoku-repl dap``): its lines
are the answer, the shell's lines; bad input is one line and the session stays."""

from __future__ import annotations

from collections.abc import Callable

from tests.support.dap_client import DapClient
from tests.support.helpers import SEED, Shell

Dap = Callable[..., DapClient]


def test_the_console_says_the_dossier_as_the_shell_does(dap: Dap) -> None:
    shell = Shell.loaded()
    shell.ok("goto 11")
    client = dap()
    client.launch(program=SEED, trace=False)
    client.request("evaluate", expression="goto 11", context="repl")
    client.stopped()
    line = "difficulty --measures te,backdoors"
    said = client.request("evaluate", expression=line, context="repl")["result"].splitlines()
    assert said == shell.ok(line)
    assert said[0].startswith("Difficulty of the state at step 11, level 2 (")
    assert any(line.startswith("T&E-depth: ") for line in said)
    pairs = "difficulty quiz --measures backdoors2"
    said = client.request("evaluate", expression=pairs, context="repl")["result"].splitlines()
    assert said == shell.ok(pairs)
    assert said[-1].startswith("Candidate backdoors of size 2: ")
    before = client.top()["name"]
    refused = client.refused("evaluate", expression="difficulty --measures nothing", context="repl")
    assert [refused] == shell.fails("difficulty --measures nothing")  # one line
    assert client.top()["name"] == before  # the session stays
    assert client.close() == 0
