"""``break row <r>``: a stop at every step that places, guesses or changes a value in row r (the
breakpoint an editor's line of the nine-line quiz file stands for, docs/dap.md). Its stops are
checked against ``when [r,c]``, which reads the record, not the breakpoints."""

from __future__ import annotations

import re

from tests.support.helpers import REPO, Shell
from tests.support.soundness import new_repl, run_commands

SAMURAI = REPO / "examples" / "samurai.txt"
SEED = REPO / "examples" / "seed.txt"
STOP = re.compile(r"Breakpoint 1: row 4 at step (\d+)\.")
GOT = re.compile(r"(\d+)\) \[\d+,\d+\] got \d")


def test_it_stops_at_every_step_where_when_says_a_cell_of_the_row_got_a_value() -> None:
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("run")  # the whole search recorded: 'when' sees all of it
    shell.ok("run")
    expected = sorted(
        {
            int(m.group(1))
            for c in range(1, 10)
            for line in shell.ok(f"when [4,{c}]")
            if (m := GOT.fullmatch(line))
        }
    )
    assert len(expected) > 5
    shell.ok("goto 0")
    assert shell.ok("break row 4") == ["Breakpoint 1: row 4"]
    stops = []
    while not shell.repl.session.finished:
        lines = shell.ok("continue")
        stops += [int(m.group(1)) for line in lines if (m := STOP.fullmatch(line))]
    assert stops == expected


def test_a_row_the_quiz_lacks_is_refused_in_one_line() -> None:
    shell = Shell.loaded()
    assert shell.fails("break row 10") == ["No row 10: the rows are 1..9: break <condition>"]
    assert shell.fails("break row 0") == ["No row 0: the rows are 1..9: break <condition>"]
    assert shell.ok("info break") == ["No breakpoints."]


def test_a_row_breakpoint_follows_the_quiz_and_is_disabled_where_the_row_is_missing() -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {SAMURAI}", "break row 15")
    assert run_commands(repl, out, f"load-quiz {SEED}") == [
        "Quiz loaded.",
        "Breakpoint 1 (row 15) is disabled: this quiz has no cell in row 15.",
    ]
    out.clear()
    assert not repl.execute("enable 1")
    assert out.lines == [
        "Breakpoint 1 watches row 15, which this quiz does not have; load a quiz with a cell "
        "in row 15, or delete 1."
    ]
    assert "Fine [steps:131, solution sum:1]." in run_commands(repl, out, "run")
    run_commands(repl, out, f"load-quiz {SAMURAI}")
    (bp,) = repl.session.breakpoints.items.values()
    assert bp.bound and not bp.enabled  # bound again; enabled only when asked
    assert run_commands(repl, out, "enable 1") == ["Enabled breakpoint 1."]
