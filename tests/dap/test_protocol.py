"""``sudoku-repl dap`` as a client sees it: the start (initialize, launch), the transports (pipes,
``--port``), the log, the end (disconnect, the end of input), and bad input of every kind: an
error response in the shell's words, and the adapter goes on (docs/dap.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from sudoku_repl.commands.dispatch import NO_QUIZ
from tests.support.dap_client import (
    LISTENING,
    TIMEOUT,
    DapClient,
    digit_column,
    frame,
    row_lines,
)
from tests.support.helpers import REPO, SEED, SEED_FILE, SEED_QUIZ, Shell, completions, program_env

Dap = Callable[..., DapClient]

#: what the issue asks ``initialize`` to announce
REQUIRED = (
    "supportsConfigurationDoneRequest",
    "supportsFunctionBreakpoints",
    "supportsConditionalBreakpoints",
    "supportsHitConditionalBreakpoints",
    "supportsDataBreakpoints",
    "supportsStepBack",
    "supportsRestartRequest",
    "supportsTerminateRequest",
    "supportsGotoTargetsRequest",
    "supportsCompletionsRequest",
    "supportsSetVariable",
    "supportsEvaluateForHovers",
)


def test_initialize_announces_what_is_supported_and_initialized_comes_after_launch(
    dap: Dap,
) -> None:
    client = dap()
    capabilities = client.request("initialize", adapterID="sudoku-repl")
    assert all(capabilities.get(name) is True for name in REQUIRED), capabilities
    assert not any(m.get("event") == "initialized" for m in client.messages)
    assert client.request("threads") == {"threads": []}  # nothing launched yet
    client.request("launch", program=SEED)
    client.event("initialized")
    assert client.request("threads") == {"threads": [{"id": 1, "name": "seed.txt"}]}
    assert client.close() == 0


def test_unreadable_messages_and_unknown_requests_get_an_error_and_the_adapter_goes_on(
    dap: Dap,
) -> None:
    client = dap()
    client.write(b"Content-Lenght: 5\r\n\r\n")  # no length: the body cannot be found
    client.write(frame(b"{not json"))
    client.write(frame(b"[1, 2]"))
    client.write(frame({"seq": 7, "type": "event", "event": "hello"}))
    client.wait_for(lambda: len(client.messages) >= 4, "four error responses")
    errors = client.messages[:4]
    assert [m["success"] for m in errors] == [False] * 4
    said = [m["message"] for m in errors]
    assert said[0].startswith("Not a DAP header: 'Content-Lenght: 5'; a message is Content-Length:")
    assert said[1].startswith("The message is not JSON (")
    assert said[2] == "The message is not a JSON object: '[1, 2]'."
    assert said[3] == "Not a request: a message of type request names its command."
    assert errors[3]["request_seq"] == 7
    unknown = client.refused("flyAway")
    assert unknown.startswith("Unknown request 'flyAway'; this adapter answers initialize, ")
    assert "stepBack" in unknown
    assert client.refused("stackTrace", threadId=1) == NO_QUIZ
    client.write(frame({"seq": 90, "type": "request", "command": "threads", "arguments": [1]}))
    assert client.response(90)["message"] == "The arguments of threads are an object, not [1]."
    assert client.request("initialize", adapterID="x")["supportsStepBack"] is True
    assert client.close() == 0


def test_requests_before_launch_are_refused_in_the_shells_words(dap: Dap) -> None:
    client = dap()
    client.request("initialize", adapterID="x")
    for command, arguments in [
        ("stackTrace", {"threadId": 1}),
        ("scopes", {"frameId": 1}),
        ("variables", {"variablesReference": 1}),
        ("next", {"threadId": 1}),
        ("stepIn", {"threadId": 1}),
        ("continue", {"threadId": 1}),
        ("stepBack", {"threadId": 1}),
        ("setBreakpoints", {"source": {"path": str(SEED_FILE)}, "breakpoints": [{"line": 2}]}),
        ("setFunctionBreakpoints", {"breakpoints": [{"name": "92"}]}),
        ("gotoTargets", {"source": {"path": str(SEED_FILE)}, "line": 2}),
        ("restart", {}),
    ]:
        assert client.refused(command, **arguments) == NO_QUIZ, command
    # the console is the shell, with or without a quiz
    assert client.request("evaluate", expression="help bye", context="repl")["result"] == (
        "\n".join(Shell().ok("help bye"))
    )
    assert client.close() == 0


def test_a_missing_or_bad_quiz_fails_the_launch_with_the_shells_line(
    dap: Dap, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("123 456 789\n" * 3, encoding="utf-8")
    missing = tmp_path / "missing.txt"
    client = dap()
    client.request("initialize", adapterID="x")
    for path in (missing, bad):
        (expected,) = Shell().fails(f"load-quiz {path}")
        assert client.refused("launch", program=str(path)) == expected
    assert client.refused("launch", quiz="12345") == (
        "launch's quiz is the quiz itself (its 81-character line, 1-9 and 0 or . for an empty "
        "cell; or a candidate string, a HoDoKu library line, inline grids, f-puzzles' JSON or "
        "link), not '12345'; a quiz "
        "file goes in program."
    )
    assert client.refused("launch").startswith("launch needs program (a quiz file")
    assert (
        client.refused("launch", quiz=SEED_QUIZ, runMode=99)
        == Shell.loaded().fails("run-mode 99")[0]
    )
    client.request("launch", quiz=SEED_QUIZ)  # the adapter went on
    client.event("initialized")
    client.request("configurationDone")
    assert client.stopped()["reason"] == "entry"
    assert client.request("threads") == {"threads": [{"id": 1, "name": "quiz"}]}
    top = client.top()
    assert "source" not in top and top["line"] == 0  # a quiz typed in has no file
    assert client.close() == 0


def test_breakpoints_on_another_file_or_off_the_rows_are_left_unverified(
    dap: Dap, tmp_path: Path
) -> None:
    client = dap()
    client.launch(program=SEED)
    # (another quiz file's breakpoints were refused, a pop-up at every launch; they
    # are left unverified, silently, as other debuggers leave them)
    (other,) = client.request(
        "setBreakpoints", source={"path": str(REPO / "README.md")}, breakpoints=[{"line": 3}]
    )["breakpoints"]
    assert other == {
        "verified": False,
        "line": 3,
        "message": f"Not the quiz file: {REPO / 'README.md'}; breakpoints go on the rows of the "
        f"quiz loaded, {SEED_FILE}.",
    }
    cleared = client.request("setBreakpoints", source={"path": "README.md"}, breakpoints=[])
    assert cleared == {"breakpoints": []}
    (comment,) = client.request(
        "setBreakpoints", source={"path": str(SEED_FILE)}, breakpoints=[{"line": 1}]
    )["breakpoints"]
    assert comment["verified"] is False
    assert comment["message"] == (
        "Line 1 holds no row of the quiz: the rows are on lines 2, 3, 4, 5, 6, 7, 8, 9, 10."
    )
    (blank,) = client.request(
        "setBreakpoints", source={"path": str(SEED_FILE)}, breakpoints=[{"line": 5, "column": 4}]
    )["breakpoints"]  # "400 005 300": column 4 is the blank between two groups
    assert blank["verified"] is False and blank["message"].startswith("Column 4 of line 5 is not")
    assert client.request("evaluate", expression="info break", context="repl")["result"] == (
        "No breakpoints."
    )
    one_line = tmp_path / "one.txt"
    one_line.write_text(SEED_QUIZ + "\n", encoding="utf-8")
    client.request("evaluate", expression=f"load-quiz {one_line}", context="repl")
    assert client.stopped()["reason"] == "entry"
    found = client.request(
        "setBreakpoints", source={"path": str(one_line)}, breakpoints=[{"line": 1}]
    )["breakpoints"]
    assert found == [
        {
            "verified": False,
            "message": "Lines do not map to rows in one.txt: only the nine-line form (a row a "
            "line) has them; use function breakpoints (break row <r>, break cell [r,c]) instead.",
        }
    ]
    assert client.close() == 0


def test_a_frame_or_variables_reference_from_before_the_search_moved_is_refused(dap: Dap) -> None:
    client = dap()
    client.launch(program=SEED)
    old = client.top()["id"]
    scopes = client.request("scopes", frameId=old)["scopes"]
    board = scopes[0]["variablesReference"]
    row = client.request("variables", variablesReference=board)["variables"][0]
    client.request("stepIn", threadId=1)
    client.stopped()
    assert client.refused("sudokuBoard", frameId=old) == (
        f"No frame {old}: it was handed out before the search moved (or never); ask for the "
        "stack again."
    )
    assert client.refused("setVariable", variablesReference=row["variablesReference"],
                          name="[1,1]", value="1").startswith(
        f"No variables reference {row['variablesReference']}: it was handed out before"
    )  # fmt: skip
    assert client.refused("variables", variablesReference=10**6).startswith("No variables")
    assert client.refused("scopes", frameId="x") == (
        'scopes\'s frameId is an integer, not "x" (a string).'
    )
    # a client's stale number is said in the response, not shown to the user as a pop-up
    stale = client.response(client.send("scopes", frameId=10**6))
    assert stale["body"]["error"]["showUser"] is False
    bad = client.response(client.send("launch", program="no-such-quiz.txt"))
    assert bad["body"]["error"]["showUser"] is True
    new = client.top()["id"]  # the adapter went on
    assert client.variables_of(new, "Run")["step"] == "1"
    assert client.close() == 0


def test_the_console_is_the_shell_hover_shows_a_cell_and_completion_is_the_shells(
    dap: Dap,
) -> None:
    shell = Shell.loaded()
    client = dap()
    client.launch(program=SEED, trace=False)
    for line in ("goto 92", "info frame", "print [4,4]"):
        result = client.request("evaluate", expression=line, context="repl")["result"]
        assert result == "\n".join(shell.ok(line)), line
    assert client.stopped()["reason"] == "goto"  # goto moved the search: the editor is told
    said = shell.ok("print [4,4]")[0].removeprefix("[4,4] is ")
    frame_id = client.top()["id"]
    watched = client.request("evaluate", expression="[4,4]", context="watch", frameId=frame_id)
    assert watched["result"] == said
    # a hover without a place (a client that gives none): the cell named, as print says it
    hovered = client.request("evaluate", expression="[4,4]", context="hover", frameId=frame_id)
    assert hovered["result"] == shell.ok("print [4,4]")[0]
    assert client.refused("evaluate", expression="level", context="hover") == (
        "Not a cell: 'level'; a cell is [r,c]."
    )
    mark = client.mark()
    failed = client.refused("evaluate", expression="frob", context="repl")
    lines = shell.fails("frob")  # its error line, then the commands it could have been
    assert failed == shell.out.errors[-1] == lines[0]  # one line
    assert client.output_since(mark).splitlines() == lines[1:]  # the rest in the console
    for text in ("break ", "wh", "print [4,"):
        targets = client.request("completions", text=text, column=len(text) + 1)["targets"]
        offered = sorted(text[: t["start"] - 1] + t["text"] for t in targets)
        assert offered == completions(text, shell.repl), text
    assert client.close() == 0


def test_set_variable_is_set_cell_and_a_guess_levels_frame_is_read_only(dap: Dap) -> None:
    shell = Shell.loaded()
    shell.ok("goto 92")
    client = dap()
    client.launch(program=SEED, trace=False)
    client.request("evaluate", expression="goto 92", context="repl")
    client.stopped()
    frames = client.request("stackTrace", threadId=1)["stackFrames"]
    level = client.request("scopes", frameId=frames[2]["id"])["scopes"][0]["variablesReference"]
    level_row = client.request("variables", variablesReference=level)["variables"][3]
    assert client.refused(
        "setVariable", variablesReference=level_row["variablesReference"], name="[4,4]", value="8"
    ).startswith("A guess level's frame is read-only")
    board = client.request("scopes", frameId=frames[0]["id"])["scopes"][0]["variablesReference"]
    row4 = client.request("variables", variablesReference=board)["variables"][3]
    mark = client.mark()
    answer = client.request(
        "setVariable", variablesReference=row4["variablesReference"], name="[4,4]", value="8"
    )
    expected = shell.ok("set cell [4,4]=8")
    assert answer["value"] == shell.ok("print [4,4]")[0].removeprefix("[4,4] = ")
    stop = client.stopped()
    assert stop["description"] == expected[0]  # 93) [4,4]=8 set by hand
    assert client.output_since(mark).splitlines() == expected
    wrong = client.refused(
        "setVariable", variablesReference=row4["variablesReference"], name="[4,4]", value="3"
    )
    assert wrong.startswith("No variables reference")  # the search moved: ask again
    row4 = client.variables_of(client.top()["id"], "Board")
    assert row4["row 4"] == "426 895 370"  # step 92's row 4, 426 095 370, with [4,4]=8
    assert client.close() == 0


def test_a_data_breakpoint_on_a_cell_is_the_shells_watch(dap: Dap) -> None:
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("watch [4,2]")
    expected = [line for line in shell.ok("run") if line.startswith("Watchpoint 1:")]
    client = dap()
    client.launch(program=SEED, trace=False)
    board = client.request("scopes", frameId=client.top()["id"])["scopes"][0]
    row4 = client.request("variables", variablesReference=board["variablesReference"])["variables"][
        3
    ]
    info = client.request(
        "dataBreakpointInfo", variablesReference=row4["variablesReference"], name="[4,2]"
    )
    assert info["dataId"] == "[4,2]" and info["accessTypes"] == ["write"]
    not_a_cell = client.request(
        "dataBreakpointInfo", variablesReference=board["variablesReference"], name="row 4"
    )
    assert not_a_cell["dataId"] is None
    (made,) = client.request("setDataBreakpoints", breakpoints=[{"dataId": "[4,2]"}])["breakpoints"]
    assert made["verified"] is True
    client.request("continue", threadId=1)
    stop = client.stopped()
    assert stop["reason"] == "data breakpoint"
    assert stop["hitBreakpointIds"] == [made["id"]]
    assert [stop["description"]] == expected
    top = client.top()  # shown at the watched cell, on row 4's line
    line, text = row_lines()[3]
    assert (top["line"], top["column"]) == (line, digit_column(text, 2))
    assert client.close() == 0


def test_port_zero_serves_one_client_on_a_free_port_and_the_log_has_every_message(
    tmp_path: Path,
) -> None:
    log = tmp_path / "dap.log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudoku_repl", "dap", "--port", "0", "--log", str(log)],
        cwd=REPO,
        env=program_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert proc.stderr is not None and proc.stdout is not None
        found = LISTENING.search(proc.stderr.readline())
        assert found, "the port is said on stderr"
        client = DapClient.connect(int(found.group(1)))
        assert client.launch(program=SEED)["reason"] == "entry"
        client.request("disconnect")
        assert proc.wait(TIMEOUT) == 0
        assert proc.stdout.read() == b""  # the protocol went on the socket only
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()
    lines = log.read_text(encoding="utf-8").splitlines()
    incoming = [json.loads(line.split(" <- ", 1)[1]) for line in lines if " <- " in line]
    outgoing = [json.loads(line.split(" -> ", 1)[1]) for line in lines if " -> " in line]
    assert [m["command"] for m in incoming] == [
        "initialize", "launch", "configurationDone", "disconnect"
    ]  # fmt: skip
    assert {"initialized", "stopped"} <= {m.get("event") for m in outgoing}


def test_the_end_of_input_ends_the_adapter_and_nothing_but_protocol_is_on_stdout(
    dap: Dap,
) -> None:
    client = dap()
    client.launch(program=SEED)
    client.request("evaluate", expression="runrun 1", context="repl")  # the console prints
    client.writer.close()  # the editor went away without a word
    assert client.proc is not None
    assert client.proc.wait(TIMEOUT) == 0
    client.wait_for(lambda: client.ended, "the end of the adapter's output")
    assert all(m["type"] in ("response", "event") for m in client.messages)


def test_bye_in_the_console_ends_the_search(dap: Dap) -> None:
    client = dap()
    client.launch(program=SEED)
    client.request("evaluate", expression="bye", context="repl")
    assert client.event("exited")["body"] == {"exitCode": 0}
    client.event("terminated")
    assert client.close() == 0


def test_the_scopes_and_variables_of_a_stop_left_are_nothing_not_an_error(dap: Dap) -> None:
    """VS Code's Variables view asks for a stop's scopes 400 ms after it: a step taken sooner
    (F10 at once) makes it ask for the frame of the stop left behind, and its refusal was drawn
    in red in the view ("No frame 1: it was handed out before the search moved" in
    the README's screenshot, two stops later). Those stops have nothing to show: an empty
    answer, and the present's own numbers answer for the present."""
    client = dap()
    client.launch(program=SEED)
    left = client.top()["id"]  # the stop at the entry: its top frame...
    row = client.request(
        "variables",
        variablesReference=client.request("scopes", frameId=left)["scopes"][0][
            "variablesReference"
        ],
    )["variables"][3]
    client.request("next", threadId=1)  # ... and a step before the view asked for its scopes
    client.stopped()
    assert client.request("scopes", frameId=left) == {"scopes": []}
    assert client.request("variables", variablesReference=row["variablesReference"]) == {
        "variables": []
    }
    assert client.variables_of(client.top()["id"], "Run")["step"] == "1"
    assert client.refused("scopes", frameId=10**6).startswith("No frame 1000000: it was")
    assert client.close() == 0


def test_a_step_that_touched_no_cell_is_on_the_grids_first_line_not_a_comment(dap: Dap) -> None:
    """Step 0 (the quiz as loaded) touched no cell: its frame is on the grid's first line (the
    file's first line that is not a comment), not line 1, the comment VS Code highlighted as
    the current line."""
    text = SEED_FILE.read_text(encoding="utf-8").splitlines()
    first_grid = next(n for n, line in enumerate(text, 1) if line.strip() and line[0] != "#")
    assert first_grid > 1  # (the seed starts with a comment)
    client = dap()
    client.launch(program=SEED)
    top = client.top()
    assert (top["name"], top["line"], top["column"]) == ("0) the quiz as loaded", first_grid, 1)
    assert client.close() == 0
