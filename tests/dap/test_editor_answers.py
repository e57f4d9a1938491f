"""What the adapter answers an editor's views: a hover on a digit of the quiz file
(the line and column the editor gives), watches, the console and refused buttons without pop-ups,
a line a view runs for the person (``board`` context: echoed, its lines as output), the console
at a guess level's frame, breakpoints of another file left unverified, the Board's data (the
file, the rows' lines, the cells a backtrack emptied, nothing given back at step 1) and the last
board when the search ends (bye); ``dap --check``, a quiz file's problems placed. Expected values come
from the shell (another front end than the adapter's), the quiz file and the issue's counts."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.dap_client import DapClient, digit_column, row_lines
from tests.support.helpers import REPO, SEED, SEED_FILE, Shell, program_env

Dap = Callable[..., DapClient]
#: row 4's line of examples/seed.txt: (its line number, "400 005 300")
ROW_4 = row_lines()[3]


def seed(dap: Dap, step: int = 0) -> DapClient:
    client = dap()
    client.launch(program=SEED, trace=False)
    if step:
        client.request("evaluate", expression=f"goto {step}", context="repl")
        client.stopped()
    return client


def grid(shell: Shell) -> dict[str, int]:
    """The digits of the present state, from the shell's ``show`` (its first nine lines of
    digits)."""
    rows = [line.replace(" ", "") for line in shell.ok("show") if len(line) == 11][:9]
    return {f"[{r},{c}]": int(d) for r, row in enumerate(rows, 1) for c, d in enumerate(row, 1)}


def test_a_hover_on_a_digit_shows_that_cell_and_elsewhere_nothing_silently(dap: Dap) -> None:
    shell = Shell.loaded()
    shell.ok("goto 22")
    client = seed(dap, 22)
    frame = client.top()["id"]
    line, text = ROW_4
    source = {"path": str(SEED_FILE)}

    def hover(column: int, expression: str | None = None) -> dict[str, object]:
        """VS Code's hover of the range at ``column`` that ``expression`` covers (by default the
        character there)."""
        return client.response(
            client.send(
                "evaluate",
                expression=text[column - 1] if expression is None else expression,
                context="hover",
                frameId=frame,
                line=line,
                column=column,
                source=source,
            )
        )

    # [4,1] a given, [4,2] placed by step 22 (its fill pass), [4,4] empty: print's words
    assert hover(digit_column(text, 1))["body"]["result"] == "[4,1]=4: given"
    assert shell.ok("when [4,2]")[-1] == "22) [4,2] got 8"
    assert hover(digit_column(text, 2))["body"]["result"] == "[4,2]=8: placed at step 22"
    assert hover(digit_column(text, 4))["body"]["result"] == shell.ok("print [4,4]")[0]
    # the guess of level 2 (the stack's Level 2 frame names it)
    assert "Level 2 [4,3]=6" in client.request("stackTrace", threadId=1)["stackFrames"][-2]["name"]
    assert hover(digit_column(text, 3))["body"]["result"] == "[4,3]=6: guessed at level 2, step 11"
    # a remote window's source is a URI (code-server's: vscode-remote://host/path)
    source = {"path": f"vscode-remote://127.0.0.1:8080{SEED_FILE.as_posix()}"}
    assert hover(digit_column(text, 1))["body"]["result"] == "[4,1]=4: given"
    source = {"path": str(SEED_FILE)}
    # a blank between two groups, a comment's line, another file: no answer, and no pop-up
    for answer in (
        hover(4),
        client.response(
            client.send(
                "evaluate",
                expression="The",
                context="hover",
                frameId=frame,
                line=1,
                column=3,
                source=source,
            )
        ),
        client.response(
            client.send(
                "evaluate",
                expression="400",
                context="hover",
                frameId=frame,
                line=line,
                column=1,
                source={"path": str(REPO / "README.md")},
            )
        ),
    ):
        assert answer["success"] is False and answer["body"]["error"]["showUser"] is False
    # the boundary between two digits (where VS Code cannot tell which half of a character the
    # pointer is on): a range of the two, both cells named in reading order
    assert hover(digit_column(text, 1), text[0:2])["body"]["result"] == (
        "[4,1]=4: given\n[4,2]=8: placed at step 22"
    )
    two = hover(digit_column(text, 3) - 1, text[1:3])["body"]["result"]
    assert two == "[4,2]=8: placed at step 22\n[4,3]=6: guessed at level 2, step 11"
    assert hover(digit_column(text, 3), text[2:4])["success"] is False  # (a blank is no cell)
    assert client.close() == 0


def test_watches_console_lines_and_refused_buttons_answer_without_pop_ups(dap: Dap) -> None:
    shell = Shell.loaded()
    client = seed(dap)
    watch = client.response(client.send("evaluate", expression="levle", context="watch"))
    assert watch["success"] is False and watch["message"].startswith("Not a cell: 'levle'; ")
    assert watch["body"]["error"]["showUser"] is False  # (VS Code shows it in the watch's row)
    typo = client.response(client.send("evaluate", expression="stpe", context="repl"))
    assert typo["success"] is False and typo["message"] == shell.fails("stpe")[0]
    assert typo["body"]["error"]["showUser"] is False  # (VS Code shows it in the console)
    # Step Back at step 0: refused in the console's output (as the shell says it), and the
    # request fails with that line (showUser false: the console shows it), no stop told: the
    # thread did not move
    mark = client.mark()
    back = client.response(client.send("stepBack", threadId=1))
    refusal = shell.fails("back")
    assert (back["success"], back["message"]) == (False, refusal[0])
    assert back["body"]["error"]["showUser"] is False
    assert refusal[0] in client.output_since(mark)
    assert client.variables_of(client.top()["id"], "Run")["step"] == "0"
    assert [m for m in client.messages[mark:] if m.get("event") == "stopped"] == []
    assert client.close() == 0


def test_a_line_run_for_a_view_is_echoed_and_its_lines_are_output(dap: Dap) -> None:
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("goto 11")
    client = seed(dap, 11)
    mark = client.mark()
    answer = client.request("evaluate", expression="why [4,4]", context="board")
    assert answer == {"result": "", "variablesReference": 0}
    events = [m for m in client.messages[mark:] if m.get("event") == "output"]
    assert {m["body"]["category"] for m in events} == {"stdout"}  # the console's normal colour
    assert client.output_since(mark).splitlines() == ["> why [4,4]", *shell.ok("why [4,4]")]
    assert client.close() == 0


def test_the_console_at_a_level_frame_answers_for_that_frame(dap: Dap) -> None:
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("goto 11")
    client = seed(dap, 11)
    frames = client.request("stackTrace", threadId=1)["stackFrames"]
    level_1 = frames[2]  # Level 1 [6,2]=5 at step 7
    assert level_1["name"].startswith("Level 1 [6,2]=5")
    shell.ok("frame 1")  # the shell's frame 1: level 1 of 2
    expected = shell.ok("why [4,2]")
    assert expected[0].startswith("Frame 1, level 1 of 2 (read-only): the state at step 7")
    mark = client.mark()
    client.request("evaluate", expression="why [4,2]", context="board", frameId=level_1["id"])
    assert client.output_since(mark).splitlines() == ["> why [4,2]", *expected]
    # frame 0 is the present, and the selection is not kept
    present = client.request("evaluate", expression="print [4,3]", context="repl",
                             frameId=frames[0]["id"])["result"]  # fmt: skip
    assert present == "[4,3] = 6"
    assert client.close() == 0


def test_the_board_names_the_file_and_its_rows_lines_and_the_run(dap: Dap) -> None:
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("goto 22")
    client = seed(dap, 22)
    body = client.request("sudokuBoard")
    assert body["file"] == {"name": "seed.txt", "path": str(SEED_FILE)}
    assert body["lines"] == [number for number, _ in row_lines()]
    assert f"Guess level: 4 now, {body['biggest']} the biggest" in shell.ok("info search")[2]
    assert body["solutions"] == 0
    shell.ok("goto 131")
    client.request("evaluate", expression="goto 131", context="repl")
    client.stopped()
    assert client.request("sudokuBoard")["solutions"] == 1
    assert client.close() == 0


@pytest.mark.parametrize(("step", "count"), [(55, 24), (98, 15), (121, 9)])
def test_a_backtrack_s_board_marks_the_values_it_undid(dap: Dap, step: int, count: int) -> None:
    # the counts, and the cells the shell shows filled at the step before and empty at it
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok(f"goto {step - 1}")
    was = grid(shell)
    shell.ok(f"goto {step}")
    now = grid(shell)
    undone = {name: v for name, v in was.items() if v and not now[name]}
    assert len(undone) == count
    client = seed(dap, step)
    cells = client.request("sudokuBoard")["cells"]
    assert {c["name"]: c["undone"] for c in cells if c["undone"]} == undone
    assert client.close() == 0


def test_step_1_gives_nothing_back(dap: Dap) -> None:
    client = seed(dap, 1)
    cells = client.request("sudokuBoard")["cells"]
    assert [c["name"] for c in cells if c["back"] or c["removed"]] == []
    assert any(c["candidates"] for c in cells)
    assert client.close() == 0


def test_the_end_of_the_search_is_a_stop_with_its_board_and_bye_sends_the_last(
    dap: Dap,
) -> None:
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("run")
    shell.ok("run")  # to the end: the shell's last step
    assert shell.repl.session.finished
    client = seed(dap)
    client.request("continue", threadId=1)  # to the solution
    client.stopped()
    client.request("continue", threadId=1)  # to the end: a stop, its board asked
    client.stopped()
    assert client.request("sudokuBoard")["step"] == shell.steps == 284
    client.request("evaluate", expression="bye", context="repl")  # the session's end
    last = client.event("sudokuBoard")["body"]
    client.event("exited")
    assert last["step"] == shell.steps
    assert last["frameId"] is None and len(last["cells"]) == 81
    assert client.close() == 0


def check(path: Path, stdin: str | None = None) -> dict[str, object]:
    args = ["--stdin"] if stdin is not None else []
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "dap", "--check", str(path), *args],
        input=stdin, capture_output=True, text=True, env=program_env(), timeout=120,
    )  # fmt: skip
    assert done.returncode == 0 and done.stderr == "", done
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_check_places_a_quiz_file_s_problems(tmp_path: Path) -> None:
    text = SEED_FILE.read_text(encoding="utf-8")
    line, row = ROW_4  # "400 005 300" on line 5
    assert check(SEED_FILE) == {"problems": []}
    clash = tmp_path / "clash.txt"
    clash.write_text(text.replace(row, "455" + row[3:]), encoding="utf-8")
    message = "Invalid quiz: 5 appears twice in row 4 ([4,2] and [4,3])."
    assert check(clash) == {
        "problems": [
            {"line": line, "column": 2, "endColumn": 3, "message": message},
            {"line": line, "column": 3, "endColumn": 4, "message": message},
        ]
    }
    # the text as edited, not yet saved: read from stdin, named by the file; a character that
    # is no cell marked where it is and named (the whole line, from column 1, unnamed)
    bad = text.replace(row, "40x" + row[3:])
    assert check(SEED_FILE, bad) == {
        "problems": [
            {
                "line": line,
                "column": 3,
                "endColumn": 4,
                "message": f"Invalid line {line}: 40x 005 300. Column 3, 'x', is not a cell: a "
                "cell is a digit or '.'.",
            }
        ]
    }
    # a line short of a cell, with no stray character: the whole line, as before
    assert check(SEED_FILE, text.replace(row, "40 005 300"))["problems"] == [
        {"line": line, "column": 1, "endColumn": 11, "message": f"Invalid line {line}: 40 005 300."}
    ]
    short = "\n".join(text.splitlines()[:6]) + "\n"  # the comment and five rows
    assert check(tmp_path / "short.txt", short) == {
        "problems": [
            {"line": 6, "column": 1, "endColumn": 12,
             "message": f"Quiz file {tmp_path / 'short.txt'} has only 5 rows."}
        ]
    }  # fmt: skip
    missing = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "dap", "--check", str(tmp_path / "none.txt")],
        capture_output=True, text=True, env=program_env(), timeout=120,
    )  # fmt: skip
    assert missing.returncode == 1 and missing.stdout == ""
    assert missing.stderr.startswith("sudoku-repl dap: cannot read the quiz ")


def test_sudoku_cell_says_a_cell_and_the_step_that_set_it(dap: Dap) -> None:
    shell = Shell.loaded()
    shell.ok("goto 22")
    client = seed(dap, 22)
    assert shell.ok("when [4,2]")[-1] == "22) [4,2] got 8"
    assert client.request("sudokuCell", cell="[4,2]") == {
        "text": "[4,2]=8: placed at step 22",
        "setAt": 22,
    }
    assert client.request("sudokuCell", cell="[4,1]") == {"text": "[4,1]=4: given", "setAt": None}
    assert client.request("sudokuCell", cell="[4,4]") == {
        "text": shell.ok("print [4,4]")[0],
        "setAt": None,
    }
    assert client.refused("sudokuCell", cell="[10,1]").startswith("No cell [10,1]")
    assert client.close() == 0


def test_a_restart_or_a_console_move_says_the_stop_before_is_over(dap: Dap) -> None:
    # VS Code's Call Stack named the oldest stop it was not told ended: after a restart it
    # still said "Breakpoint 1: row 4 at step 11." at step 0
    client = seed(dap)
    line, _ = ROW_4
    client.request("setBreakpoints", source={"path": str(SEED_FILE)}, breakpoints=[{"line": line}])
    client.request("continue", threadId=1)
    assert client.stopped()["description"] == "Breakpoint 1: row 4 at step 11."
    mark = client.mark()
    client.request("restart", arguments={"program": SEED, "trace": False})
    client.stopped()
    said = [m.get("event") for m in client.messages[mark:] if m["type"] == "event"]
    assert said.index("continued") < said.index("stopped")
    mark = client.mark()
    client.request("evaluate", expression="goto 22", context="repl")
    client.stopped()
    said = [m.get("event") for m in client.messages[mark:] if m["type"] == "event"]
    assert said.index("continued") < said.index("stopped")
    assert client.close() == 0
