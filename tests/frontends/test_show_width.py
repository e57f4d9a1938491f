"""The show block fits the terminal it is shown in: in the interactive shell a row
of candidates wider than the terminal goes on, indented, on the next line, broken between two
entries; batch mode keeps the original's lines whole. Paging is off by default (a trace is
read by scrolling back): at 80x24 the first ``step`` prints its whole show block."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from sudoku_repl.commands.dispatch import Repl
from tests.support.helpers import (
    MORE,
    PROMPT,
    SEED,
    ListOutput,
    Shell,
    plain,
    spawn_shell,
    terminal_env,
)

#: the seed's candidates after its first step, row 1 and row 8, as 2.6 prints them (110 and 106
#: characters: wider than 80 columns)
ROW_1 = (
    "[1,1]: 1 2 6 9 [1,2]: 2 4 9 [1,5]: 2 4 6 8 9 [1,6]: 2 4 6 7 8 [1,7]: 1 4 6 8 9 "
    "[1,8]: 1 4 6 7 9 [1,9]: 1 4 7 8"
)
ROW_8 = (
    "[8,1]: 1 2 5 7 9 [8,2]: 2 5 8 9 [8,4]: 1 6 7 8 [8,5]: 2 6 8 [8,6]: 1 2 6 7 8 "
    "[8,7]: 1 2 6 8 [8,9]: 1 2 5 8"
)
#: row 1 at 80 columns: five entries fit in 78 characters, the sixth would not
ROW_1_AT_80 = [
    "[1,1]: 1 2 6 9 [1,2]: 2 4 9 [1,5]: 2 4 6 8 9 [1,6]: 2 4 6 7 8 [1,7]: 1 4 6 8 9",
    "  [1,8]: 1 4 6 7 9 [1,9]: 1 4 7 8",
]
ENTRY = re.compile(r"\[\d,\d\]:(?: \d)+")


def shown_at(width: int, wrap: bool) -> list[str]:
    out = ListOutput()
    repl = Repl(out, lambda question: "", width=lambda: width, wrap=wrap)
    assert repl.execute(f"load-quiz {SEED}") and repl.execute("step")
    return out.lines


def test_batch_mode_keeps_the_original_lines() -> None:
    lines = Shell.loaded().ok("step")
    assert ROW_1 in lines and ROW_8 in lines
    assert shown_at(80, wrap=False) == ["Quiz loaded.", *lines]


@pytest.mark.parametrize("width", [80, 60, 40])
def test_a_terminal_breaks_a_row_of_candidates_between_entries(width: int) -> None:
    whole = Shell.loaded().ok("step")
    lines = shown_at(width, wrap=True)[1:]
    candidates = [line for line in lines if line.lstrip().startswith("[")]
    assert max(map(len, candidates)) < width  # (the last column free: the terminal wraps none)
    if width == 80:
        at = lines.index(ROW_1_AT_80[0])
        assert lines[at : at + 2] == ROW_1_AT_80
    joined: list[str] = []
    for line in lines:
        if line.startswith("  ["):
            joined[-1] += " " + line[2:]
        else:
            joined.append(line)
    assert joined == whole  # the same entries, in the same order, none cut
    for line in candidates:
        assert ENTRY.sub("", line.lstrip()).strip() == "", line  # whole entries only


def test_the_first_step_at_80x24_is_not_paged_and_fits_80_columns(tmp_path: Path) -> None:
    child = spawn_shell(tmp_path, SEED, env=terminal_env(tmp_path))
    child.setwinsize(24, 80)
    try:
        child.expect_exact("Quiz loaded.")
        child.expect_exact(PROMPT)
        child.sendline("step")
        child.expect_exact("The foremost cell with 2 candidate(s) at [6,2]")
        shown = plain(child.before).replace("\r", "")
        child.expect_exact(PROMPT)
        assert MORE not in shown
        assert "\n".join(ROW_1_AT_80) in shown  # broken between entries, at 80 columns
        child.sendline("info settings")
        child.expect_exact("pagination off")
        child.expect_exact(PROMPT)
        child.sendline("bye")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
