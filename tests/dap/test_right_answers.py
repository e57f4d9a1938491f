"""The adapter answers every request, once, in order, and in the shell's words:
answers to the guess question sent back to back, a launch whose arguments are bad, an unknown
console command, the stop of reverseContinue and a fill pass's frame, and the launch's values
as a configuration writes them."""

from __future__ import annotations

from collections.abc import Callable

from sudoku_repl.commands.dispatch import NO_QUIZ
from tests.support.dap_client import DapClient
from tests.support.helpers import PUZZLES, SEED, SEED_QUIZ, Shell

Dap = Callable[..., DapClient]
QUESTION = "Take a guess please"
#: a safety net only: each round takes milliseconds (a request left unanswered fails fast)
PATIENCE = 30.0


def test_answers_sent_back_to_back_are_each_answered_once_in_order(dap: Dap) -> None:
    client = dap()
    client.launch(program=str(PUZZLES / "norvig_top95.txt"), guessMode=1, trace=False)
    client.request("continue", threadId=1)
    pairs = 0
    while pairs < 200:
        stop = client.stopped()
        if not stop["description"].startswith(QUESTION):  # a solution: again from the start
            client.request("evaluate", expression="goto 0", context="repl")
            client.stopped()
            client.request("continue", threadId=1)
            continue
        wrong = client.send("evaluate", expression="[9,9]=1", context="repl")
        default = client.send("evaluate", expression="default", context="repl")
        client.wait_for(
            lambda seq=default: any(  # type: ignore[misc]
                m["type"] == "response" and m["request_seq"] == seq for m in client.messages
            ),
            f"the response to pair {pairs + 1}'s default",
            PATIENCE,
        )
        responses = [m for m in client.messages if m["type"] == "response"]
        mine = [m["request_seq"] for m in responses if m["request_seq"] in (wrong, default)]
        assert mine == [wrong, default]  # each once, in order
        assert all(m["success"] for m in responses if m["request_seq"] in mine), responses[-2:]
        assert client.stopped()["description"] == stop["description"]  # asked again
        pairs += 1
    refused = [
        line for line in client.output().splitlines() if "is not a candidate of [9,9]" in line
    ]
    assert len(refused) == 200  # every wrong answer was taken as an answer, and refused
    assert "Unknown command" not in client.output()
    assert client.close() == 0


def test_requests_whose_turn_had_not_come_at_disconnect_are_each_answered_in_order(
    dap: Dap,
) -> None:
    """A client that sends its requests without waiting, then disconnects: every request
    gets its one response, in order; those the worker had not reached say ``cancelled``
    (DAP's word), and the disconnect's response comes last."""
    client = dap()
    client.launch(program=SEED)
    steps = [client.send("stepIn", threadId=1) for _ in range(200)]
    last = client.send("disconnect")
    client.response(last)
    responses = [m for m in client.messages if m["type"] == "response"]
    mine = [m for m in responses if m["request_seq"] in steps or m["request_seq"] == last]
    assert [m["request_seq"] for m in mine] == [*steps, last]  # each once, in order
    assert all(m["success"] or m["message"] == "cancelled" for m in mine), mine
    client.wait_for(lambda: client.ended, "the adapter's end after disconnect")
    assert client.close() == 0


def test_a_launch_with_a_bad_argument_loads_nothing(dap: Dap) -> None:
    client = dap()
    client.request("initialize", adapterID="test")
    said = Shell.loaded().fails("set trace maybe")[0]
    assert client.refused("launch", program=SEED, trace="maybe") == said
    assert (
        client.refused("launch", program=SEED, names="fancy")
        == (Shell.loaded().fails("set names fancy")[0])
    )
    assert client.refused("launch", program=SEED, runMode=True) == (
        "launch's runMode is a number (run-mode), not true."
    )
    assert client.refused("launch", program=SEED, guessMode="one") == (
        'launch\'s guessMode is a number (guess-mode), not "one" (a string).'
    )
    assert "Quiz loaded." not in client.output()
    assert client.request("threads") == {"threads": []}
    assert client.refused("stackTrace", threadId=1) == NO_QUIZ
    assert not any(m.get("event") == "initialized" for m in client.messages)
    assert client.close() == 0


def test_run_mode_as_a_string_of_digits_is_the_number(dap: Dap) -> None:
    client = dap()
    client.launch(program=SEED, runMode="2", guessMode="0")
    run = client.variables_of(client.top()["id"], "Run")
    assert (run["run mode"], run["guess mode"]) == ("2", "0")
    assert client.close() == 0


def test_reverse_continue_stops_with_the_shells_line(dap: Dap) -> None:
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("goto 40")
    said = shell.ok("reverse-continue")
    (before,) = [line for line in said if line.startswith("Before step ")]
    client = dap()
    client.launch(program=SEED, trace=False)
    client.request("evaluate", expression="goto 40", context="repl")
    client.stopped()
    client.request("reverseContinue", threadId=1)
    assert client.stopped()["description"] == before
    assert client.close() == 0


def test_a_fill_pass_frame_is_named_by_the_cells_it_filled(dap: Dap) -> None:
    shell = Shell.loaded()
    found = None
    for step in range(1, 60):  # the first step that prints no trace line of its own
        shell.ok(f"goto {step - 1}")
        was = list(shell.repl.session.state().values)
        lines = shell.ok("step")
        now = shell.repl.session.state().values
        filled = [k for k, v in enumerate(now) if v and not was[k]]
        if filled and not any(line.startswith(f"{step})") for line in lines):
            found = step, filled, now
            break
    assert found is not None
    step, cells, values = found
    geo = shell.repl.session.geo
    named = [f"[{geo.positions[k][0] + 1},{geo.positions[k][1] + 1}]={values[k]}" for k in cells]
    client = dap()
    client.launch(program=SEED, trace=False)
    client.request("evaluate", expression=f"goto {step}", context="repl")
    client.stopped()
    name = client.top()["name"]
    shown = named[:6]
    more = f" and {len(named) - 6} more" if len(named) > 6 else ""
    assert name == f"{step}) fill pass: {' '.join(shown)}{more}"
    assert client.close() == 0


def test_a_quiz_typed_in_is_a_frame_without_a_source_at_line_0(dap: Dap) -> None:
    client = dap()
    client.launch(quiz=SEED_QUIZ)
    top = client.top()
    assert "source" not in top and (top["line"], top["column"]) == (0, 0)  # the DAP: ignored
    assert client.close() == 0
