"""Stepping through the seed quiz from an editor: a breakpoint on a row of its file, the stack at
step 92 (the shell's ``backtrace``), the scopes, next, stepIn, stepOut, stepBack,
reverseContinue, goto, and running to the solution and the end. The shell, run in the same
test, is the reference for every line and number."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.support.dap_client import DapClient, digit_column, row_lines
from tests.support.helpers import SEED, SEED_FILE, Shell, untimed

Dap = Callable[..., DapClient]
GOT = re.compile(r"(\d+)\) \[\d+,\d+\] got \d")


def searched() -> Shell:
    """The seed quiz searched to its end in the shell (the record ``when`` reads)."""
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("run")
    shell.ok("run")
    return shell


def test_a_breakpoint_on_a_row_of_the_seed_file_stops_where_a_cell_of_the_row_gets_a_value(
    dap: Dap,
) -> None:
    shell = searched()
    placed: dict[int, set[int]] = {}  # step -> the columns of row 4 that got a value in it
    for c in range(1, 10):
        for said in shell.ok(f"when [4,{c}]"):
            if m := GOT.fullmatch(said):
                placed.setdefault(int(m.group(1)), set()).add(c)
    got = sorted(placed)
    line, text = row_lines()[3]  # row 4
    client = dap()
    client.request("initialize", adapterID="sudoku-repl")
    client.request("launch", program=SEED, trace=False)
    client.event("initialized")
    (bp,) = client.request(
        "setBreakpoints", source={"path": str(SEED_FILE)}, breakpoints=[{"line": line}]
    )["breakpoints"]
    assert bp["verified"] is True and bp["line"] == line
    client.request("configurationDone")
    assert client.stopped()["reason"] == "entry"
    for expected in got[:8]:
        client.request("continue", threadId=1)
        stop = client.stopped()
        assert stop["reason"] == "breakpoint"
        assert stop["hitBreakpointIds"] == [bp["id"]]
        assert stop["description"] == f"Breakpoint {bp['id']}: row 4 at step {expected}."
        top = client.top()
        assert client.variables_of(top["id"], "Run")["step"] == str(expected)
        assert top["source"]["path"] == str(SEED_FILE)
        # the editor shows the stop on the breakpoint's line, at the cell of row 4 the step set
        assert top["line"] == line
        assert top["column"] in {digit_column(text, c) for c in placed[expected]}
        own = [ln for ln in shell.ok(f"history {expected} {expected}") if ln.startswith(
            f"{expected})"
        )]  # fmt: skip
        if own:  # (a step of the fill pass has no line of its own)
            assert top["name"] == own[-1]
    # a column on a digit: that cell only
    (cell_bp,) = client.request(
        "setBreakpoints",
        source={"path": str(SEED_FILE)},
        breakpoints=[{"line": line, "column": digit_column(text, 2)}],
    )["breakpoints"]
    assert cell_bp["message"] == f"Breakpoint {cell_bp['id']}: cell [4,2]"
    client.request("continue", threadId=1)
    stop = client.stopped()
    now = int(client.variables_of(client.top()["id"], "Run")["step"])
    steps = [int(m.group(1)) for ln in shell.ok("when [4,2]") if (m := GOT.fullmatch(ln))]
    assert now == min(s for s in steps if s > got[7])
    assert stop["hitBreakpointIds"] == [cell_bp["id"]]
    top = client.top()
    assert (top["line"], top["column"]) == (line, digit_column(text, 2))
    # the same row as a function breakpoint: shown on its line too
    client.request("setBreakpoints", source={"path": str(SEED_FILE)}, breakpoints=[])
    (row_bp,) = client.request("setFunctionBreakpoints", breakpoints=[{"name": "row 4"}])[
        "breakpoints"
    ]
    client.request("continue", threadId=1)
    stop = client.stopped()
    assert stop["reason"] == "function breakpoint" and stop["hitBreakpointIds"] == [row_bp["id"]]
    top = client.top()
    after, now = now, int(client.variables_of(top["id"], "Run")["step"])
    assert now == min(s for s in got if s > after)
    assert top["line"] == line
    assert top["column"] in {digit_column(text, c) for c in placed[now]}
    # a temporary one typed in the console: deleted as it stops, shown on the row's line all the
    # same (from step 21 on: at step 22 the last event is in row 6)
    client.request("setFunctionBreakpoints", breakpoints=[])
    client.request("evaluate", expression="goto 21", context="repl")
    assert client.stopped()["reason"] == "goto"
    client.request("evaluate", expression="tbreak row 4", context="repl")
    client.request("continue", threadId=1)
    stop = client.stopped()
    top = client.top()
    now = int(client.variables_of(top["id"], "Run")["step"])
    assert stop["description"].startswith("Temporary breakpoint ")
    assert now == min(s for s in got if s > 21)
    assert top["line"] == line
    assert top["column"] in {digit_column(text, c) for c in placed[now]}
    assert client.close() == 0


def test_the_stack_at_step_92_is_the_shells_backtrace_and_its_variables_the_shells(
    dap: Dap,
) -> None:
    shell = Shell.loaded()
    shell.ok("goto 92")
    bt = [
        line[2:].split(" ", 1)[1] for line in shell.ok("bt")
    ]  # "> #0 Level 11 ..." -> "Level 11 ..."
    client = dap()
    client.request("initialize", adapterID="sudoku-repl")
    client.request("launch", program=SEED)
    client.event("initialized")
    (bp,) = client.request("setFunctionBreakpoints", breakpoints=[{"name": "step 92"}])[
        "breakpoints"
    ]
    client.request("configurationDone")
    client.stopped()
    client.request("continue", threadId=1)
    stop = client.stopped()
    assert stop["reason"] == "function breakpoint" and stop["hitBreakpointIds"] == [bp["id"]]
    trace = client.request("stackTrace", threadId=1)
    frames = trace["stackFrames"]
    assert trace["totalFrames"] == len(frames) == len(bt) + 1
    assert [f["name"] for f in frames[1:]] == bt
    assert frames[0]["name"] == shell.ok("history 92 92")[-1]
    rows = row_lines()
    for frame, line in zip(frames[1:], bt):
        r, c = (int(k) for k in re.search(r"\[(\d+),(\d+)\]", line).groups())  # type: ignore[union-attr]
        assert (frame["line"], frame["column"]) == (rows[r - 1][0], digit_column(rows[r - 1][1], c))
    assert (frames[0]["line"], frames[0]["column"]) == (frames[1]["line"], frames[1]["column"])
    # paging, as VS Code asks for the stack
    page = client.request("stackTrace", threadId=1, startFrame=1, levels=2)
    assert [f["name"] for f in page["stackFrames"]] == bt[:2]
    run = client.variables_of(frames[0]["id"], "Run")
    search = shell.ok("info search")
    assert run["step"] == "92" and run["level"] == "11"
    assert (
        f"Guess level: {run['level']} now, {run['biggest level']} the biggest up to this step"
        in search
    )
    assert f"Run mode: {run['run mode']}; guess mode: {run['guess mode']}" in search
    board = client.variables_of(frames[0]["id"], "Board")
    shown = shell.ok("show")
    assert [board[f"row {r}"] for r in range(1, 10)] == [ln for ln in shown[:11] if ln]
    scopes = client.request("scopes", frameId=frames[0]["id"])["scopes"]
    rows4 = client.request("variables", variablesReference=scopes[0]["variablesReference"])[
        "variables"
    ][3]
    cells = client.request("variables", variablesReference=rows4["variablesReference"])["variables"]
    for cell in cells:
        said = shell.ok(f"print {cell['name']}")[0]
        assert said in (f"{cell['name']} = {cell['value']}", f"{cell['name']} is {cell['value']}")
    level = client.variables_of(frames[2]["id"], "Level")  # level 10
    assert level["frame"] == shell.ok("frame 1")[0]
    outer = client.variables_of(frames[2]["id"], "Board")
    framed = shell.ok("show")  # the frame's note, then its show block
    assert [outer[f"row {r}"] for r in range(1, 10)] == [ln for ln in framed[1:12] if ln]
    assert client.close() == 0


def test_next_step_in_step_out_and_step_back_are_the_shells_commands(dap: Dap) -> None:
    shell = Shell.loaded()
    shell.ok("goto 92")
    client = dap()
    client.launch(program=SEED)
    client.request("evaluate", expression="goto 92", context="repl")
    client.stopped()
    for request, command in [
        ("next", "next"),
        ("stepIn", "step"),
        ("stepBack", "back"),
        ("stepOut", "finish"),
        ("stepBack", "back"),
        ("reverseContinue", "reverse-continue"),
    ]:
        mark = client.mark()
        client.request(request, threadId=1)
        stop = client.stopped()
        expected = shell.ok(command)
        assert untimed(client.output_since(mark)).splitlines() == [untimed(ln) for ln in expected]
        steps = client.variables_of(client.top()["id"], "Run")["step"]
        assert steps == str(shell.steps), request
        assert stop["reason"] == "step", request
    # refused as the shell refuses (at level 0 there is no level to finish; at step 0 no step
    # to go back to): the request fails with the shell's line, as docs/dap.md says, and no stop
    # is told, as nothing moved
    at = ""
    for goto, request, command in [
        ("goto 3", "stepOut", "finish"),
        ("goto 0", "stepBack", "back"),
        ("goto 0", "reverseContinue", "reverse-continue"),  # (there already)
    ]:
        if goto != at:
            client.request("evaluate", expression=goto, context="repl")
            client.stopped()
            at = goto
        mark = client.mark()
        assert client.refused(request, threadId=1) == Shell.loaded().fails(command)[0]
        assert client.variables_of(client.top()["id"], "Run")["step"] == goto.split()[1]
        assert [m for m in client.messages[mark:] if m.get("event") == "stopped"] == []
    assert client.close() == 0


def test_continue_runs_to_the_solution_then_to_the_end_where_it_stops(dap: Dap) -> None:
    shell = Shell.loaded()
    fine = [line for line in shell.ok("run") if line.startswith("Fine [")]
    client = dap()
    client.launch(program=SEED)
    client.request("continue", threadId=1)
    stop = client.stopped()
    assert [stop["description"]] == fine
    assert stop["reason"] == "step"
    assert fine[0] in client.output()
    mark = client.mark()
    client.request("continue", threadId=1)
    # the end is a stop, the session stays (it was exited and terminated)
    assert client.stopped()["description"].startswith("The search ended at step ")
    said = [untimed(line) for line in shell.ok("run")]
    assert untimed(client.output_since(mark)).splitlines() == said
    # the record is still there: step back from the end, as gdb's reverse execution
    client.request("stepBack", threadId=1)
    assert client.stopped()["reason"] == "step"
    assert client.variables_of(client.top()["id"], "Run")["step"] == str(shell.steps - 1)
    assert client.close() == 0


def test_goto_targets_are_the_steps_a_rows_cells_got_a_value(dap: Dap) -> None:
    shell = searched()
    line, text = row_lines()[3]
    expected = {}
    for c in range(1, 10):
        for said in shell.ok(f"when [4,{c}]"):
            if m := GOT.fullmatch(said):
                expected.setdefault(int(m.group(1)), []).append(said)
    client = dap()
    client.launch(program=SEED, trace=False)
    client.request("evaluate", expression="run", context="repl")  # the record to the solution
    client.stopped()
    targets = client.request("gotoTargets", source={"path": str(SEED_FILE)}, line=line)["targets"]
    solution = int(client.variables_of(client.top()["id"], "Run")["step"])
    assert {t["id"]: t["label"] for t in targets} == {
        step: "; ".join(said) for step, said in expected.items() if step <= solution
    }
    one = client.request(
        "gotoTargets", source={"path": str(SEED_FILE)}, line=line, column=digit_column(text, 2)
    )["targets"]
    assert all("[4,2]" in t["label"] and ";" not in t["label"] for t in one) and one
    target = targets[1]["id"]
    client.request("goto", threadId=1, targetId=target)
    stop = client.stopped()
    assert stop["reason"] == "goto"
    assert client.variables_of(client.top()["id"], "Run")["step"] == str(target)
    assert client.close() == 0


def test_restart_loads_the_quiz_again_and_terminate_ends_the_search(dap: Dap) -> None:
    client = dap()
    client.launch(program=SEED)
    client.request("evaluate", expression="goto 50", context="repl")
    client.stopped()
    client.request("restart", arguments={"program": SEED, "stopOnEntry": True})
    assert client.stopped()["reason"] == "entry"
    assert client.variables_of(client.top()["id"], "Run")["step"] == "0"
    client.request("terminate")
    client.event("terminated")
    assert client.close() == 0


def test_condition_and_hit_condition_are_the_shells_if_and_ignore(dap: Dap) -> None:
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("break level >= 5 if step > 100")
    shell.ok("ignore 1 1")  # hitCondition 2: the second hit stops
    expected = [ln for ln in shell.ok("run") if ln.startswith("Breakpoint 1:")]
    client = dap()
    client.request("initialize", adapterID="sudoku-repl")
    client.request("launch", program=SEED, trace=False, stopOnEntry=False)
    client.event("initialized")
    (bp,) = client.request(
        "setFunctionBreakpoints",
        breakpoints=[{"name": "level >= 5", "condition": "step > 100", "hitCondition": "2"}],
    )["breakpoints"]
    assert bp["verified"] is True
    assert bp["message"] == (
        "Breakpoint 1: level >= 5 if step > 100 Will ignore the next 1 stops of breakpoint 1."
    )
    client.request("configurationDone")  # no stop at the entry: it runs
    stop = client.stopped()
    assert [stop["description"]] == expected
    assert stop["reason"] == "function breakpoint"
    bad = client.request(
        "setFunctionBreakpoints", breakpoints=[{"name": "level >= 5", "condition": "colour"}]
    )["breakpoints"]
    assert bad[0]["verified"] is False
    assert bad[0]["message"] == Shell.loaded().fails("break level >= 5 if colour")[0]
    info = client.request("evaluate", expression="info break", context="repl")["result"]
    assert info == "No breakpoints."  # each request replaces its kind's breakpoints
    assert client.close() == 0
