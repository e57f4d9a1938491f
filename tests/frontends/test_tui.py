"""The full-screen mode (``frontends/tui.py``): driven in-process through a prompt_toolkit pipe
input (keys sent from a driver thread while the screen runs in the test's thread), drawn into
pyte, and one real pseudo-terminal session (pexpect + pyte)."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pexpect
import pyte
import pytest
from prompt_toolkit.input import PipeInput
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.controls import UIContent
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import Screen as PtScreen
from prompt_toolkit.layout.screen import WritePosition
from prompt_toolkit.output import DummyOutput

from sudoku_repl.frontends.tui.app import run_tui
from sudoku_repl.frontends.tui.keys import HELP_KEYS, HELP_LINES
from sudoku_repl.frontends.tui.pane import TracePane
from sudoku_repl.frontends.tui.record import TraceRecord
from sudoku_repl.frontends.tui.runner import WORKER
from sudoku_repl.frontends.tui.state import TracePosition
from tests.support.full_screen import Driver, drawn, fixed_output, screen, wait_for
from tests.support.helpers import REPO, SEED, SEED_QUIZ, SLOW, Shell, terminal_env

pytestmark = pytest.mark.usefixtures("at_repo_root")

CTRL_C = "\x03"
CTRL_D = "\x04"
ESC = "\x1b"
EMPTY_GRID = "." * 81  # a search that goes on for ever: something to interrupt
STEP62 = "62) Guess [1,8] level 7 at 1 out of 2"
AT_65 = "At guess level 7 [1,8] 2"


def pane_line(content: UIContent, index: int) -> str:
    return "".join(text for _, text, *_ in content.get_line(index))


def without_timing(lines: list[str]) -> list[str]:
    return [line for line in lines if not line.startswith("Run time:")]


def test_keys_and_a_typed_runtil_65() -> None:
    with screen([f"load-quiz {SEED}"]) as (tui, play):

        def script(d: Driver) -> None:
            d.idle(0)
            d.send("s")
            d.idle(1)
            d.send("n")
            d.idle(2)
            d.send(":runtil 65\r")
            d.idle(65)
            d.send("q")

        play(script)
    state = tui.repl.session.state()
    assert state.steps == 65
    assert state.level == 7
    assert not tui.repl.done  # q leaves the screen; it is no command
    trace = tui.record.text().split("\n")
    echoes = [line for line in trace if line.startswith("Order please:")]
    assert echoes == [
        f"Order please: load-quiz {SEED}",
        "Order please: step",
        "Order please: next",  # n is next, as in gdb; at step 1 it is one step
        "Order please: runtil 65",
    ]
    assert STEP62 in trace
    assert trace[-3] == AT_65
    assert trace[-2].startswith("Run time: ")
    assert trace[-1] == " Biggest level on this run(til): 7"
    # every line the Repl wrote, as the same commands write them in a plain session
    shell = Shell()
    expected = ["", f"Order please: load-quiz {SEED}", *shell.ok(f"load-quiz {SEED}")]
    for line in ("step", "next", "runtil 65"):
        expected += ["", f"Order please: {line}", *shell.ok(line)]
    assert without_timing(trace) == without_timing(expected)
    # the pane reads them all from the record, and shows the end
    content = TracePane(tui.state.trace).create_content(1000, 20)  # wide: no wrap padding
    assert [pane_line(content, i) for i in range(content.line_count)] == trace
    assert content.cursor_position.y == len(trace) - 1
    # the view the panes draw
    assert tui.state.view.levels[:2] == ["At guess level 7:", "Level 7 [1,8]=9 (2 out of 2)"]
    assert tui.state.view.toolbar.startswith("step 65 | level 7 | biggest 7 | solutions 0")


def test_keys_pressed_while_a_command_runs_are_queued_in_order() -> None:
    with screen([f"load-quiz {SEED}"]) as (tui, play):

        def script(d: Driver) -> None:
            d.send("ssnb:runtil 30\rbr")  # all at once: each waits its turn
            d.seen("Order please: run")  # the last one started (idle before the keys are read)
            d.idle()
            d.send("q")

        play(script)
    echoes = [line for line in tui.record.lines if line.startswith("Order please:")]
    assert echoes[1:] == [
        "Order please: step",
        "Order please: step",
        "Order please: next",  # n is next, as in gdb
        "Order please: back",
        "Order please: runtil 30",
        "Order please: back",
        "Order please: run",
    ]
    assert tui.repl.session.state().solutions == 1


def test_goto_key_opens_the_command_line_with_goto_typed_and_help_keys() -> None:
    with screen([f"load-quiz {SEED}"]) as (tui, play):

        def script(d: Driver) -> None:
            d.idle(0)
            d.send("g")
            wait_for(lambda: tui.state.mode == "command", "the command line")
            assert tui.command_buffer.text == "goto "
            d.send("12\r")
            d.idle(12)
            d.send("?")
            d.seen(HELP_LINES[-1])
            d.send("x")  # no key: a hint in the help line, nothing typed
            wait_for(lambda: tui.state.flash is not None, "the hint")
            assert tui.state.mode == "keys" and tui.command_buffer.text == ""
            d.send(":levels" + ESC)  # Esc closes the command line, the line dropped
            wait_for(lambda: tui.command_buffer.text == "levels", "the typed line")
            wait_for(lambda: tui.state.mode == "keys", "keys mode")
            d.send(":\r")  # an empty line just closes it
            d.send("c")  # continue: on through the solution to the end of the search
            d.seen("Order please: continue")  # (idle before the key is read, too)
            d.idle()
            d.send(CTRL_D)

        play(script)
    echoes = [line for line in tui.record.lines if line.startswith("Order please:")]
    assert echoes[1:] == ["Order please: goto 12", "Order please: continue"]
    assert "Order please: levels" not in tui.record.lines
    assert tui.record.lines.index(HELP_LINES[0]) > 0
    assert tui.repl.session.state().solutions == 1


def test_the_guess_question_is_answered_in_the_command_line() -> None:
    with screen([f"load-quiz {SEED}", "guess-mode 1"]) as (tui, play):
        questions: list[str] = []

        def asked() -> bool:
            if tui.runner.question is None or tui.runner.question in questions[-1:]:
                return False
            questions.append(tui.runner.question)
            return True

        def script(d: Driver) -> None:
            d.idle(0)
            d.send("r")
            wait_for(asked, "the first question")
            d.send("\r")  # Enter: the default
            wait_for(asked, "the second question")
            d.send("[1,3]=1\r")  # a given: the question is asked again
            d.seen(
                "[1,3] is not empty; answer [r,c]=v (an empty cell and one of its "
                "candidates), or Enter for [4,3]=6."
            )
            wait_for(lambda: tui.runner.question is not None, "the question again")
            d.send(CTRL_C)  # aborts the question: the run stops
            d.idle()
            d.send("q")

        play(script)
    assert questions == [
        "Take a guess please, by default it will be [6,2]=5:",
        "Take a guess please, by default it will be [4,3]=6:",
    ]
    lines = tui.record.lines
    assert "Take a guess please, by default it will be [6,2]=5:" in lines  # Enter, echoed
    assert "Take a guess please, by default it will be [4,3]=6: [1,3]=1" in lines
    assert "Take a guess please, by default it will be [4,3]=6: ^C" in lines
    steps = tui.repl.session.state().steps
    assert f"Guess question aborted: back at step {steps}." in lines
    assert tui.repl.session.state().level == 1  # the first guess stands


def test_delete_alone_asks_first_in_the_command_line() -> None:
    """As the line shell does (the full screen deleted every breakpoint at once):
    n keeps them, Ctrl-C too, y deletes them; the help line says the question's keys."""
    question = "Delete all breakpoints? (y or n)"
    with screen([f"load-quiz {SEED}", "break 5", "watch [4,2]"]) as (tui, play):
        helps: list[str] = []

        def script(d: Driver) -> None:
            def delete(then: str) -> int:
                d.send(":delete\r")
                wait_for(lambda: tui.runner.question == question, "the question")
                helps.append(tui.layout.help_text())
                assert tui.layout.toolbar_text().endswith(("| waiting for y or n", "| y or n?"))
                d.send(then)
                d.idle()
                return len(tui.repl.session.breakpoints.items)

            d.idle(0)
            assert delete("n\r") == 2
            assert delete(CTRL_C) == 2
            assert delete("y\r") == 0
            d.send("q")

        play(script)
    lines = tui.record.lines
    assert [line for line in lines if line.startswith(question)] == [
        f"{question} n",
        f"{question} ^C",
        f"{question} y",
    ]
    assert lines.count("Not confirmed: the breakpoints stay.") == 2
    assert "Deleted all 2 breakpoints." in lines
    # the answer is typed in the command line and Enter sends it: y alone answers nothing
    # (a new user pressing y saw nothing happen, the line having said "y answers yes")
    assert (
        helps == ["y then Enter answers yes  Enter (or n) answers no  ^C aborts the question"] * 3
    )


def test_ctrl_c_stops_a_run_and_drops_the_queued_commands() -> None:
    with screen([f"load-quiz {EMPTY_GRID}"]) as (tui, play):

        def script(d: Driver) -> None:
            d.idle(0)
            d.long_run(then="ss", lines=500)
            # (the short form where the run's figures have grown too wide for the full one)
            toolbar = tui.layout.toolbar_text()
            assert toolbar.endswith(("| running, ^C stops | queued 2", "| running, ^C stops | q 2"))
            d.send(CTRL_C)
            d.idle()
            d.send("q")

        play(script)
    steps = tui.repl.session.state().steps
    assert f"Interrupted at step {steps}." in tui.record.lines
    assert tui.record.lines.count("Order please: step") == 0  # dropped
    assert tui.repl.failures.lines == []


def test_the_stop_line_is_flashed_when_the_worker_writes_it_before_ctrl_c_returns() -> None:
    """A busy machine's order: the worker sees the flag and writes its stop's line before the
    key's handler runs again. The help line still says why the run stopped."""
    with screen([f"load-quiz {EMPTY_GRID}"]) as (tui, play):
        interrupt = tui.runner.interrupt
        said: list[str | None] = []

        def interrupt_then_wait_for_the_worker() -> bool:
            stopped = interrupt()
            wait_for(
                lambda: any(line.startswith("Interrupted at step ") for line in tui.record.lines),
                "the worker's stop line",
            )
            return stopped

        tui.runner.interrupt = interrupt_then_wait_for_the_worker  # type: ignore[method-assign]

        def script(d: Driver) -> None:
            d.idle(0)
            d.long_run()
            d.send(CTRL_C)
            d.idle()
            wait_for(lambda: not tui.runner.busy and tui.runner.idle.is_set(), "the stop")
            said.append(tui.state.flash)  # (before the next key, which clears it)
            d.send("q")

        play(script)
    assert said == [f"Interrupted at step {tui.repl.session.state().steps}."]


def test_q_during_a_run_stops_it_and_quits() -> None:
    with screen([f"load-quiz {EMPTY_GRID}"]) as (tui, play):

        def script(d: Driver) -> None:
            d.idle(0)
            d.long_run()
            d.send("q")

        play(script)
    assert not tui.runner.busy
    assert any(line.startswith("Interrupted at step ") for line in tui.record.lines)


def test_ctrl_c_pressed_before_the_worker_starts_stops_the_command() -> None:
    """The command line and Ctrl-C read in one go: the command is taken from the queue, and
    Ctrl-C comes before its worker has begun it (the worker once lowered the flag when it
    began: the run went on for ever)."""
    with screen([f"load-quiz {EMPTY_GRID}"]) as (tui, play):

        def script(d: Driver) -> None:
            d.idle(0)
            d.send(":runrun 0\r" + CTRL_C)
            d.seen("Order please: runrun 0")
            d.idle()
            d.send("q")

        play(script)
    lines = tui.record.lines
    stopped = [line for line in lines if line.startswith("Interrupted at step ")]
    assert stopped == [f"Interrupted at step {tui.repl.session.state().steps}."]
    assert tui.repl.session.state().steps <= 1  # at its first poll


def test_a_second_q_while_a_command_runs_leaves_no_worker_running() -> None:
    with screen([f"load-quiz {EMPTY_GRID}"]) as (tui, play):

        def script(d: Driver) -> None:
            d.idle(0)
            d.long_run()
            d.send("qq")  # the second: leave without waiting for the command

        play(script)
    # the screen is left only once the command has stopped: nothing changes the session now
    assert not tui.runner.busy
    assert [t.name for t in threading.enumerate() if t.name.startswith(WORKER)] == []
    steps = tui.repl.session.state().steps
    assert f"Interrupted at step {steps}." in tui.record.lines


def test_bye_ends_the_screen_and_run_tui_returns_the_repl(pipe: PipeInput) -> None:
    pipe.send_text(":bye\r")
    repl = run_tui([f"load-quiz {SEED}"], input=pipe, output=DummyOutput())
    assert repl.done
    assert repl.session.loaded


def test_the_trace_scrolled_back_stays_there_until_the_next_command() -> None:
    with screen([f"load-quiz {EMPTY_GRID}"]) as (tui, play):

        def script(d: Driver) -> None:
            d.idle(0)
            d.long_run(lines=300)
            d.send("\x1b[5~")  # PgUp
            wait_for(lambda: tui.state.trace.title().startswith("Trace (line"), "scrolled")
            held = tui.state.trace.held
            count = len(tui.record.lines)
            wait_for(lambda: len(tui.record.lines) > count + 100, "more lines")
            assert tui.state.trace.held == held
            assert tui.state.trace.row()[2] == held  # still on the screen's line
            d.send("\x1b[F")  # End: it follows again
            wait_for(lambda: tui.state.trace.title() == "Trace", "following")
            d.send(CTRL_C)
            d.idle()
            d.send("\x1b[5~\x1b[5~")
            wait_for(lambda: tui.state.trace.title().startswith("Trace (line"), "scrolled")
            d.send("s")  # a command: the trace shows its lines
            d.seen("Order please: step")
            d.idle()
            assert tui.state.trace.title() == "Trace"
            assert tui.state.trace.held is None
            d.send("q")

        play(script)


class CountingRecord(TraceRecord):
    """A record that counts the lines read from it."""

    reads = 0

    def line(self, number: int) -> str:
        self.reads += 1
        return super().line(number)


def pane_drawn(record: TraceRecord, held: int | None, rows: int = 20) -> list[str]:
    """The trace pane drawn in a window of ``rows`` x 60 (the pane held on line ``held``, or
    following)."""
    position = TracePosition(record)
    position.held = held
    window = Window(TracePane(position), wrap_lines=True)
    page = PtScreen()
    window.write_to_screen(
        page, MouseHandlers(), WritePosition(0, 0, 60, rows), "", erase_bg=False, z_index=None
    )
    return ["".join(page.data_buffer[y][x].char for x in range(60)).rstrip() for y in range(rows)]


@pytest.mark.parametrize("held", [None, 500], ids=["following", "held"])
def test_the_pane_reads_only_the_lines_it_shows(held: int | None) -> None:
    """A redraw reads as many lines of the record at 20,000 lines as at 1,000: the ones it
    shows, and as many around them to place them."""
    reads = []
    for size in (1_000, 20_000):
        record = CountingRecord()
        for n in range(size):
            record.message(f"line {n}")
        record.reads = 0
        page = pane_drawn(record, held)
        reads.append(record.reads)
        if held is None:  # the end, on the last row
            assert page[-1] == f"line {size - 1}"
            assert page[0] == f"line {size - 20}"
        else:
            assert f"line {held}" in page
    assert reads[0] == reads[1] <= 4 * 20  # the window looks above and below the rows


def test_a_line_held_stays_on_the_pane_when_older_lines_go() -> None:
    record = TraceRecord(limit=100)
    for n in range(100):
        record.message(f"line {n}")
    position = TracePosition(record)
    position.move(-40)  # from the last line, 99
    assert position.held == 59
    assert position.title() == "Trace (line 60 of 100; End follows)"
    for n in range(100, 130):  # a tenth (or more) of the oldest lines go
        record.message(f"line {n}")
    assert record.span() == (30, 130)
    assert position.row() == (30, 130, 59)
    assert position.title() == "Trace (line 30 of 100; End follows)"
    assert "line 59" in pane_drawn(record, position.held)
    position.move(1000)  # the end: it follows again
    assert position.held is None
    assert position.title() == "Trace"


@pytest.mark.parametrize(
    ("rows", "columns", "heading", "toolbar"),
    [
        # the pencil-mark board
        (
            40,
            100,
            "Board at step 65, guess level 7:",
            "step 65 | level 7 | biggest 7 | solutions 0",
        ),
        # too small for it: the plain grid, and the toolbar's short names
        (24, 80, "Step 65, guess level 7:", "st 65 | lv 7 | max 7 | sol 0"),
    ],
)
def test_the_screen_drawn(rows: int, columns: int, heading: str, toolbar: str) -> None:
    output, sink = fixed_output(rows, columns)
    with screen([f"load-quiz {SEED}", "runtil 65"], output=output) as (tui, play):
        pages: list[list[str]] = []

        def finished() -> bool:  # the last redraw: the toolbar at step 65, the timing drawn
            page = drawn(sink.getvalue(), rows, columns)
            pages[:] = [page]
            return page[-3].startswith(toolbar) and "Biggest level" in "".join(page)

        def script(d: Driver) -> None:
            d.idle(65)
            wait_for(finished, "the screen at step 65")
            d.send("q")

        play(script)
    page = pages[0]
    assert page[0].startswith(heading)
    assert page[-3].startswith(toolbar)
    assert page[-2].rstrip() == HELP_KEYS
    assert page[-1].startswith("Order please: ")
    right = [line.partition("│")[2].rstrip() for line in page[:-3]]
    assert right[:2] == ["At guess level 7:", "Level 7 [1,8]=9 (2 out of 2)"]
    assert right[-1] == " Biggest level on this run(til): 7"
    assert "Trace" in right


# -- a real terminal ---------------------------------------------------------------------------


class Terminal:
    """The screen's program in a pseudo-terminal, drawn into pyte."""

    def __init__(
        self,
        tmp: Path,
        *args: str,
        rows: int = 40,
        columns: int = 100,
        program: str = "sudoku_repl.frontends.tui",
    ) -> None:
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", program, *args],
            cwd=str(REPO),
            env=terminal_env(tmp),
            dimensions=(rows, columns),
            timeout=20,
        )
        self.page = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.page)
        self.raw = b""

    def read(self) -> None:
        try:
            while True:
                data = self.child.read_nonblocking(65536, timeout=0.05)
                self.raw += data
                self.stream.feed(data)
        except pexpect.TIMEOUT:
            pass

    def text(self) -> str:
        return "\n".join(self.page.display)

    def wait(self, condition: Callable[[str], bool], what: str, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while True:
            self.read()
            if condition(self.text()):
                return
            if time.monotonic() > end:
                raise AssertionError(f"timed out waiting for {what}:\n{self.text()}")

    def resize(self, rows: int, columns: int) -> None:
        self.page.resize(rows, columns)
        self.child.setwinsize(rows, columns)


def trace_title(text: str) -> str:
    """The trace pane's title as drawn ("Trace", or where it is held)."""
    return next(
        (line.partition("│")[2].strip() for line in text.split("\n") if "│Trace" in line), ""
    )


def at_step(n: int) -> Callable[[str], bool]:
    return lambda text: f"step {n} |" in text


@SLOW
def test_real_terminal_session(tmp_path: Path) -> None:
    term = Terminal(tmp_path, SEED)
    try:
        term.wait(lambda t: "step 0 |" in t, "the quiz loaded")
        assert HELP_KEYS in term.text()
        for n in (1, 2, 3):
            term.child.send("s")
            term.wait(at_step(n), f"step {n}")
        term.child.send(":runtil 65")
        term.wait(lambda t: "Order please: runtil 65" in t, "the typed command")
        term.child.send("\r")
        term.wait(
            lambda t: "Biggest level on this run(til): 7" in t and at_step(65)(t), "runtil 65"
        )
        page = term.page.display
        assert page[0].startswith("Board at step 65, guess level 7:")
        assert page[-3].startswith("step 65 | level 7 | biggest 7")
        assert page[-2].rstrip() == HELP_KEYS
        trace = "\n".join(line.partition("│")[2] for line in page)
        assert AT_65 in trace

        term.child.send("\x1b[5~")  # PgUp: the trace scrolls back to the step 62 line
        term.wait(lambda t: "Trace (line" in t, "the trace scrolled")
        term.child.send("\x1b[5~")
        term.wait(lambda t: STEP62 in t, "step 62 in the trace")

        term.child.send("\x1b[F")  # End: the trace follows again
        term.wait(lambda t: "Trace (line" not in t, "the trace following")

        term.resize(24, 80)  # too small for the board: the grid
        term.wait(lambda t: t.startswith("Step 65, guess level 7:"), "the plain grid")
        assert term.page.display[-2].rstrip() == HELP_KEYS[:80].rstrip()

        term.child.send(f":load-quiz {EMPTY_GRID}\r:runrun 0\r")
        term.wait(lambda t: "running, ^C stops" in t, "a long run")
        term.child.send(CTRL_C)  # a key in raw mode: the binding sets the flag
        term.wait(lambda t: "running" not in t and "Biggest level" in t, "the run stopped")
        for _ in range(50):  # the line above the show block, pages up (the pane is small
            # when the levels are many)
            title = trace_title(term.text())
            term.child.send("\x1b[5~")
            term.wait(lambda t, title=title: trace_title(t) != title, "the trace a page up")
            if "Interrupted at step" in term.text():
                break
        assert "Interrupted at step" in term.text(), term.text()

        term.child.send("q")
        term.child.expect(pexpect.EOF)
        term.raw += term.child.before  # what it wrote last, read by expect
    finally:
        term.child.close()
    assert term.child.exitstatus == 0
    # full screen: the alternate screen, entered and left
    entered = term.raw.find(b"\x1b[?1049h")
    assert 0 <= entered < term.raw.rfind(b"\x1b[?1049l")


# -- the line shell and the full screen share one repl -----------------------------------------


@contextmanager
def full_screen_from_the_shell(tmp: Path) -> Iterator[Terminal]:
    """The line shell in a pseudo-terminal with the seed loaded, switched to the full screen
    (``tui``); ``q`` in the screen goes back."""
    term = Terminal(tmp, SEED, program="sudoku_repl")
    try:
        term.wait(lambda t: "Quiz loaded." in t and "Order please:" in t, "the shell's prompt")
        term.child.send("tui\r")
        term.wait(lambda t: HELP_KEYS in t and "step 0 |" in t, "the full screen")
        yield term
    finally:
        term.child.close()


def after(text: str, line: str) -> list[str]:
    """The lines drawn after the last ``line`` (trailing blanks left out)."""
    lines = [drawn_line.rstrip() for drawn_line in text.split("\n")]
    if line not in lines:
        return []
    return lines[len(lines) - lines[::-1].index(line) :]


def back_in_the_shell(term: Terminal) -> None:
    term.child.send("q")
    term.wait(lambda t: "Back in the line shell." in t, "the line shell")


@SLOW
def test_a_command_typed_in_the_full_screen_is_in_save_session(tmp_path: Path) -> None:
    script = tmp_path / "session.txt"
    with full_screen_from_the_shell(tmp_path) as term:
        term.child.send("s")
        term.wait(at_step(1), "step 1")
        term.child.send(":runtil 7\r")
        term.wait(at_step(7), "step 7")
        back_in_the_shell(term)
        term.child.send(f"save-session {script}\r")
        term.wait(lambda t: f"Wrote {script}." in t, "the script written")
    quiz = SEED_QUIZ.replace("0", ".")
    assert script.read_text().splitlines()[1:] == [f"load-quiz {quiz}", "step", "runtil 7"]


@SLOW
def test_set_trace_off_in_the_full_screen_stays_off_in_the_shell(tmp_path: Path) -> None:
    with full_screen_from_the_shell(tmp_path) as term:
        term.child.send(":set trace off\r")
        term.wait(lambda t: "trace off" in t, "the settings")
        back_in_the_shell(term)
        term.child.send("info settings\r")
        term.wait(lambda t: "guess-mode 0" in after(t, "info settings"), "info settings")
        assert after(term.text(), "info settings")[:2] == ["trace off", "solutions on"]
        term.child.send("runtil 6\r")  # with the trace on: "2) row 2 complete shrunken by group"...
        term.wait(lambda t: "Biggest level on this run(til)" in t, "runtil 6")
        assert "shrunken" not in term.text()


# -- the trace pane wraps between words (it cut words in the middle) ----------------


def _rows(text: str, width: int) -> list[str]:
    return [text[i : i + width] for i in range(0, len(text), width)]


def test_a_long_trace_line_wraps_between_words() -> None:
    from sudoku_repl.frontends.tui.pane import word_wrapped

    line = "Run time: 23 milliseconds; steps: 65, solution sum: 0."
    assert _rows(word_wrapped(line, 48), 48) == [
        "Run time: 23 milliseconds; steps: 65, solution  ",
        "sum: 0.",
    ]
    assert _rows(word_wrapped("aaaa bbbb cccc", 9), 9) == ["aaaa bbbb", "cccc"]
    assert word_wrapped("short line", 40) == "short line"
    # a word longer than a row is cut where the row ends
    assert _rows(word_wrapped("ab " + "x" * 12, 5), 5) == ["ab xx", "xxxxx", "xxxxx"]
