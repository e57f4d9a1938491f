"""The guess question (guess mode 1) in an editor: it stops the thread, the debug console
answers it (wrong answers asked again, ``default`` for Enter) and the experiments are the
shell's; ``pause`` stops a long run (a ``continue`` of a search of millions of steps, a
``runrun`` of the console) and calls the question off, as the shell's Ctrl-C does; a long run
reports its progress."""

from __future__ import annotations

from collections.abc import Callable

from sudoku_repl.core.errors import GuessAborted
from tests.support.dap_client import DapClient
from tests.support.helpers import LONG_SEARCH, PUZZLES, SEED, Answers, Shell

Dap = Callable[..., DapClient]


def test_the_guess_question_stops_the_thread_and_the_console_answers_it(dap: Dap) -> None:
    answers = Answers("[6,2]=7", "[6,2]=9", "", GuessAborted, "[6,2]=5")
    shell = Shell(answers)
    shell.ok(f"load-quiz {SEED}")
    shell.ok("guess-mode 1")
    shell.ok("set trace off")
    said = shell.run("run")  # the questions, and where the third one was called off
    client = dap()
    client.launch(program=SEED, guessMode=1, trace=False)
    client.request("continue", threadId=1)
    first = client.stopped()
    assert first["reason"] == "pause"
    assert first["description"] == answers.questions[0]
    assert client.output().splitlines()[-1] == answers.questions[0]
    # the thread is stopped: its stack and variables can be read
    assert client.variables_of(client.top()["id"], "Run")["guess mode"] == "1"
    refused = client.refused("next", threadId=1)
    assert refused.startswith(answers.questions[0] + " (evaluate [r,c]=v or default")
    mark = client.mark()
    assert client.request("evaluate", expression="[6,2]=7", context="repl")["result"] == ""
    client.event("continued")
    again = client.stopped()  # a wrong answer: the question is asked again
    assert again["description"] == answers.questions[1]
    wrong = [line for line in said if line.startswith("7 is not a candidate")]
    assert client.output_since(mark).splitlines() == [*wrong, answers.questions[1]]
    client.request("evaluate", expression="[6,2]=9", context="repl")
    assert client.stopped()["description"] == answers.questions[2]
    client.request("evaluate", expression="default", context="repl")
    fourth = client.stopped()
    assert fourth["description"] == answers.questions[3]
    client.request("pause", threadId=1)  # the shell's Ctrl-C at the question
    stop = client.stopped()
    aborted = [line for line in said if line.startswith("Guess question aborted")]
    assert [stop["description"]] == aborted and stop["reason"] == "pause"
    steps = client.variables_of(client.top()["id"], "Run")["step"]
    assert steps == str(shell.steps)
    # another answer at an earlier guess, from the console: a new experiment, as in the shell
    assert client.request("evaluate", expression="goto 6", context="repl")["result"] == (
        "\n".join(shell.ok("goto 6"))
    )
    assert client.stopped()["reason"] == "goto"
    seq = client.send("evaluate", expression="step", context="repl")
    said = shell.ok("step")  # the record's answer is the default now: another one forks
    question = client.stopped()
    assert question["description"] == answers.questions[4]
    client.request("evaluate", expression="[6,2]=5", context="repl")
    result = client.response(seq)["body"]["result"].splitlines()
    assert client.stopped()["reason"] == "step"
    assert result == said[-len(result) :]  # the lines after the question (before it: output)
    for line in ("experiments", "levels", "compare 1"):
        result = client.request("evaluate", expression=line, context="repl")["result"]
        assert result == "\n".join(shell.ok(line)), line
    assert client.close() == 0


def test_pause_stops_a_long_run_of_the_console_and_progress_is_reported(dap: Dap) -> None:
    many = PUZZLES / "multiple_solutions.txt"
    client = dap()
    client.launch(program=str(many), trace=False, client={"supportsProgressReporting": True})
    client.request("evaluate", expression=f"load-quiz {many} 18", context="repl")
    assert client.stopped()["reason"] == "entry"
    seq = client.send("evaluate", expression="runrun 100000000", context="repl")
    start = client.event("progressStart")["body"]
    assert start["cancellable"] is True and "steps" in start["message"]
    client.request("pause", threadId=1)
    result = client.response(seq)["body"]["result"].splitlines()
    stop = client.stopped()
    assert stop["reason"] == "pause"
    assert stop["description"].startswith("Interrupted at step ")
    # said once: in the result, or among the output events where the console's long output
    # went beyond what a result keeps (connection.CAPTURED lines stream as they come)
    said = result + client.output().splitlines()
    assert said.count(stop["description"]) == 1, result[-5:]
    assert client.event("progressEnd")["body"]["progressId"] == start["progressId"]
    steps = int(stop["description"].removeprefix("Interrupted at step ").rstrip("."))
    assert client.variables_of(client.top()["id"], "Run")["step"] == str(steps)
    # cancel on the progress is pause too; a continue of the same run stops the same way
    client.request("evaluate", expression="delete", context="repl")
    seq = client.send("evaluate", expression="runrun 100000000", context="repl")
    start = client.event("progressStart")["body"]
    client.request("cancel", progressId=start["progressId"])
    assert client.stopped()["reason"] == "pause"
    assert client.response(seq)["success"] is True
    assert client.close() == 0


def test_pause_stops_a_continue_of_a_search_of_millions_of_steps(dap: Dap) -> None:
    client = dap()
    entry = client.launch(
        program=str(LONG_SEARCH), trace=False, client={"supportsProgressReporting": True}
    )
    assert entry["reason"] == "entry"
    for _ in range(2):  # a continue, and a continue again from where the pause left it
        mark = client.mark()
        client.request("continue", threadId=1)
        client.event("progressStart", since=mark)  # it has searched for half a second
        client.request("pause", threadId=1)
        stop = client.stopped()
        assert stop["reason"] == "pause"
        said = client.output_since(mark).splitlines()
        assert stop["description"] in said and stop["description"].startswith(
            "Interrupted at step "
        )
        steps = int(stop["description"].removeprefix("Interrupted at step ").rstrip("."))
        # the session is where the pause left it, whole: the stack is the shell's backtrace
        trace = client.request("stackTrace", threadId=1)
        frames = trace["stackFrames"]
        run = client.variables_of(frames[0]["id"], "Run")
        assert run["step"] == str(steps) and run["solution sum"] == "0"
        assert trace["totalFrames"] == len(frames) == int(run["level"]) + 1 > 1
        bt = client.request("evaluate", expression="bt", context="repl")["result"].splitlines()
        assert [f["name"] for f in frames[1:]] == [line[2:].split(" ", 1)[1] for line in bt]
    client.request("next", threadId=1)
    after = client.stopped()
    assert after["reason"] == "step"
    assert int(client.variables_of(client.top()["id"], "Run")["step"]) > steps
    assert client.close() == 0
