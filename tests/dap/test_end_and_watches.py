"""In the adapter: the end of the search is a stop, not the session's end (a typo in
the step box, ``goto 1000`` where the search ends at 284, kept the Variables, the Call Stack and
time travel), and a watch of a name of the Run scope (``step``, ``level``...) or of a guess
level's Level scope is answered. Expected values come from the shell (the same quiz stepped
there) and from docs/dap.md's words for the stop."""

from __future__ import annotations

from collections.abc import Callable

from tests.support.dap_client import DapClient
from tests.support.helpers import SEED, Shell

Dap = Callable[..., DapClient]


def ended(steps: int) -> str:
    """The description docs/dap.md gives a stop at the end of the search."""
    return f"The search ended at step {steps}: step back or restart."


def events(client: DapClient, since: int, name: str) -> int:
    return [m.get("event") for m in client.messages[since:]].count(name)


def test_going_past_the_end_stops_there_and_the_session_stays(dap: Dap) -> None:
    shell = Shell.loaded()
    shell.ok("set trace off")
    said = shell.ok("goto 1000")
    assert said[-1] == f"The search ended at step {shell.steps}."
    assert shell.repl.session.finished and shell.steps == 284
    client = dap()
    client.launch(program=SEED, trace=False)
    mark = client.mark()
    client.request("goto", threadId=1, targetId=1000)  # the step box's typo
    stop = client.stopped()
    assert (stop["reason"], stop["description"]) == ("goto", ended(shell.steps))
    assert f"The search ended at step {shell.steps}." in client.output_since(mark)
    # the session is there: the stack, the variables, the threads, the board
    assert client.request("threads")["threads"]
    run = client.variables_of(client.top()["id"], "Run")
    assert run["step"] == str(shell.steps)
    assert client.request("sudokuBoard")["step"] == shell.steps
    # stepping on from the end: each a stop at the end again, never the end of the session
    for request in ("next", "stepIn", "continue"):
        client.request(request, threadId=1)
        stop = client.stopped()
        assert stop["description"] == ended(shell.steps), request
    assert events(client, mark, "exited") == events(client, mark, "terminated") == 0
    # time travel from there: back one step (the shell's step before the end), and to the end
    # again with continue
    shell.ok("back")
    client.request("stepBack", threadId=1)
    back = client.stopped()
    assert back["reason"] == "step" and back["description"] != ended(shell.steps + 1)
    assert client.variables_of(client.top()["id"], "Run")["step"] == str(shell.steps)
    client.request("continue", threadId=1)
    assert client.stopped()["description"] == ended(shell.steps + 1)
    client.request("reverseContinue", threadId=1)
    assert int(client.variables_of(client.top()["id"], "Run")["step"]) < shell.steps
    assert events(client, mark, "terminated") == 0
    # bye still ends it
    client.request("evaluate", expression="bye", context="repl")
    client.event("exited", since=mark)
    client.event("terminated", since=mark)
    assert client.close() == 0


def test_the_solution_then_the_end_both_stops(dap: Dap) -> None:
    shell = Shell.loaded()
    fine = [line for line in shell.ok("run") if line.startswith("Fine [")]
    shell.ok("run")
    client = dap()
    client.launch(program=SEED)
    client.request("continue", threadId=1)
    assert [client.stopped()["description"]] == fine
    mark = client.mark()
    client.request("continue", threadId=1)
    stop = client.stopped()
    assert (stop["reason"], stop["description"]) == ("step", ended(shell.steps))
    assert events(client, mark, "exited") == 0
    assert client.close() == 0


def test_a_watch_of_a_run_or_level_variable_is_answered(dap: Dap) -> None:
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("goto 11")
    (step_level,) = [line for line in shell.ok("info search") if line.startswith("Guess level")]
    assert step_level == "Guess level: 2 now, 2 the biggest up to this step"
    print_43 = shell.ok("print [4,3]")[0]
    # a guess level's frame: its Level scope (level 1's guess, as the shell's frame 1 says it)
    (level_1,) = [line for line in shell.ok("frame 1") if line.startswith("Frame 1")]
    assert level_1.endswith("the state at step 7, where level 1's guess [6,2]=5 was taken.")
    client = dap()
    client.launch(program=SEED, trace=False)
    client.request("evaluate", expression="goto 11", context="repl")
    client.stopped()
    frames = client.request("stackTrace", threadId=1)["stackFrames"]

    def watch(expression: str, frame_id: int | None) -> str:
        args = {} if frame_id is None else {"frameId": frame_id}
        answer = client.request("evaluate", expression=expression, context="watch", **args)
        return answer["result"]  # type: ignore[no-any-return]

    for frame_id in (None, frames[0]["id"]):  # the present: the Run scope's
        assert watch("step", frame_id) == str(shell.steps) == "11"
        assert watch("level", frame_id) == "2"
        assert watch("biggest level", frame_id) == "2"
        assert watch("solution sum", frame_id) == "0"
    assert watch("step", frames[2]["id"]) == "7"
    assert watch("level", frames[2]["id"]) == "1"
    assert watch("guess", frames[2]["id"]) == "[6,2]=5"
    # a cell still answered; anything else refused in the Watch view's row, naming what it takes
    assert print_43 == "[4,3] = 6"
    assert watch("[4,3]", frames[0]["id"]) == "6"
    refused = client.response(client.send("evaluate", expression="foo", context="watch"))
    assert refused["success"] is False
    assert refused["message"] == (
        "Not a cell: 'foo'; a watch is a cell [r,c] or one of the frame's variables: step, "
        "level, biggest level, solution sum, run mode, guess mode."
    )
    assert refused["body"]["error"]["showUser"] is False
    assert client.close() == 0
