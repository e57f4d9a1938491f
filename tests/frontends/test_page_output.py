"""The page's output gathered in Python (frontends/page_output.py): what the shell prints goes to
the worker's stream in a few writes, never later than the next message, and the progress line
keeps its place after it."""

from __future__ import annotations

import io

from sudoku_repl.frontends.page_output import GATHERED, GATHERING, DrainedFirst, PageOutput
from tests.frontends.test_progress_line import Clock


class Counted(io.StringIO):
    """The worker's stream: its writes counted, a terminal (as Pyodide's is set up)."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[str] = []

    def write(self, text: str) -> int:
        self.writes.append(text)
        return super().write(text)

    def isatty(self) -> bool:
        return True


def test_lines_flushed_within_the_gathering_time_go_in_one_write() -> None:
    stream, clock = Counted(), Clock()
    out = PageOutput(stream, clock)
    print("first", file=out, flush=True)  # (after a quiet spell: handed on at once)
    assert stream.writes == ["first\n"]
    for k in range(300):
        print(f"line {k}", file=out, flush=True)
        clock.now += GATHERING / 1000  # (300 lines in 0.3 of the gathering time)
    assert stream.writes == ["first\n"]
    out.drain()
    assert len(stream.writes) == 2
    assert stream.getvalue() == "first\n" + "".join(f"line {k}\n" for k in range(300))


def test_a_flush_hands_on_once_the_gathering_time_has_gone_by() -> None:
    stream, clock = Counted(), Clock()
    out = PageOutput(stream, clock)
    out.write("a\n")
    out.flush()
    out.write("b\n")
    out.flush()
    assert stream.getvalue() == "a\n"
    clock.now += GATHERING
    out.write("c\n")
    out.flush()
    assert stream.writes == ["a\n", "b\nc\n"]


def test_so_much_gathered_is_handed_on_at_once() -> None:
    stream, clock = Counted(), Clock()
    out = PageOutput(stream, clock)
    out.flush()  # (the first flush, nothing to hand on)
    out.write("x" * (GATHERED - 1))
    out.flush()
    assert stream.writes == []
    out.write("y")
    out.flush()
    assert stream.writes == ["x" * (GATHERED - 1) + "y"]


def test_a_drain_with_nothing_gathered_writes_nothing() -> None:
    stream = Counted()
    out = PageOutput(stream, Clock())
    out.drain()
    out.drain()
    assert stream.writes == []


def test_the_progress_line_comes_after_what_was_printed_before_it() -> None:
    shown = Counted()
    out = PageOutput(shown, Clock())
    err = DrainedFirst(shown, out)
    out.write("Step 1\n")
    out.flush()  # (handed on: the first flush)
    out.write("Step 2\n")
    out.flush()  # (gathered)
    err.write("\r\x1b[K12 steps, 1.0 s (Ctrl-C stops)")
    err.flush()
    assert shown.getvalue() == "Step 1\nStep 2\n\r\x1b[K12 steps, 1.0 s (Ctrl-C stops)"


def test_both_say_they_are_the_terminal_they_write_to() -> None:
    out = PageOutput(Counted(), Clock())
    assert out.isatty() and DrainedFirst(Counted(), out).isatty()
    assert not PageOutput(io.StringIO(), Clock()).isatty()
