"""The board sent with each stop: a ``sudokuStop`` event just before each
``stopped``, whose board is the one the ``sudokuBoard`` request gives at that stop; and the
``sudokuTimeline`` request (the board's scrubber). Expected values: the request's answer at the
same stop (another path through the adapter), the shell's ``timeline`` and ``info search``."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.support.dap_client import DapClient
from tests.support.helpers import SEED, Shell

Dap = Callable[..., DapClient]


def stops(client: DapClient, since: int) -> list[tuple[str, dict[str, Any]]]:
    """The sudokuStop and stopped events from ``since`` on, in order."""
    return [
        (m["event"], m.get("body", {}))
        for m in client.messages[since:]
        if m["type"] == "event" and m["event"] in ("sudokuStop", "stopped")
    ]


def same_board(event: dict[str, Any], asked: dict[str, Any]) -> None:
    assert {k: v for k, v in event.items() if k not in ("frameId", "reason")} == {
        k: v for k, v in asked.items() if k != "frameId"
    }


def test_each_stop_sends_its_board_before_stopped(dap: Dap) -> None:
    client = dap()
    mark = client.mark()
    client.launch(program=SEED, trace=False)
    entry = stops(client, mark)
    assert [name for name, _ in entry] == ["sudokuStop", "stopped"]
    same_board(entry[0][1], client.request("sudokuBoard"))
    assert entry[0][1]["step"] == 0 and entry[0][1]["reason"] == "entry"
    for command, arguments, step in (
        ("next", {"threadId": 1}, 1),
        ("evaluate", {"expression": "goto 11", "context": "repl"}, 11),
        ("stepBack", {"threadId": 1}, 10),
    ):
        mark = client.mark()
        client.request(command, **arguments)
        client.wait_for(lambda at=mark: len(stops(client, at)) == 2, "the stop's two events")
        (first, board), (second, _) = stops(client, mark)
        assert (first, second) == ("sudokuStop", "stopped")
        assert board["step"] == step
        same_board(board, client.request("sudokuBoard"))
    client.close()


def test_a_breakpoint_stop_says_its_reason(dap: Dap) -> None:
    client = dap()
    client.launch(program=SEED, trace=False)
    client.request("setFunctionBreakpoints", breakpoints=[{"name": "step 20"}])
    mark = client.mark()
    client.request("continue", threadId=1)
    client.wait_for(lambda: len(stops(client, mark)) == 2, "the stop's two events")
    (_, board), (_, stopped) = stops(client, mark)
    assert board["step"] == 20
    assert board["reason"] == stopped["reason"] == "function breakpoint"
    client.close()


def test_the_timeline_is_the_shells(dap: Dap) -> None:
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("run")  # the first solution
    search = " ".join(shell.ok("info search"))
    biggest = int(re.search(r"(\d+) the biggest", search).group(1))  # type: ignore[union-attr]
    fine = re.search(r"Fine \[steps:(\d+)", "\n".join(shell.ok("timeline")))
    client = dap()
    client.launch(program=SEED, trace=False)
    client.request("evaluate", expression="run", context="repl")
    client.stopped()
    body = client.request("sudokuTimeline", columns=1000)
    assert body["first"] == 0 and body["last"] == shell.steps
    assert body["size"] == 1 and len(body["levels"]) == shell.steps + 1
    assert body["solutions"] == [shell.steps]
    assert body["biggest"][0] == biggest == max(body["levels"])
    assert body["levels"][body["biggest"][1]] == biggest
    assert body["end"] is None
    assert fine is None or int(fine.group(1)) == shell.steps
    # a step plot at one step a column: level 1 from the first guess (step 7 of the seed)
    assert body["levels"][:8] == [0] * 7 + [1]
    assert "columns is 1 to 4000" in client.refused("sudokuTimeline", columns=0)
    client.close()
