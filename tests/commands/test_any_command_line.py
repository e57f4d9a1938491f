"""Hardening: any command line, valid or not, leaves a sound session.

- ``ShellMachine``: a Hypothesis state machine driving ``Repl.execute`` in-process with random
  command sequences, valid and invalid. After every command: no exception escaped; a failed
  command printed one error line (an unknown one: the Order List, docs/commands.md 2) and changed
  nothing; docs/engine.md's invariants hold. At the end, replaying the commands that succeeded (with
  the guess answers they took) in a fresh shell reaches the same state, and so does replaying
  the session script (``save-session``'s text).
- ``InterruptingShellMachine``: the same plus Ctrl-C (the interrupt flag) at random moments of
  run commands, and end of input at the guess question.
- Targeted cases: numbers too long for ``int()``, NUL in file names, error lines that quote
  control characters or 10,000 characters back.
- Batch mode as a subprocess: non-UTF-8 input, very long lines, exit statuses, stderr.

Profiles: ``ci`` (the default: a fixed number of examples, well under a minute) and ``long``
(``HYPOTHESIS_PROFILE=long python -m pytest tests/commands/test_any_command_line.py``).
"""

from __future__ import annotations

import os
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.commands.failures import KEPT
from sudoku_repl.commands.table import lookup
from sudoku_repl.core.errors import ECHOED_CHARS, GuessAborted, shown
from sudoku_repl.core.state import STEP_BOUNDARY, Status
from tests.oracles import brute
from tests.support.helpers import (
    AFTER_UNKNOWN,
    SEED_FILE,
    SEED_GRID,
    SEED_QUIZ,
    SLOW,
    edge_case,
    fake_clock,
    run_program,
)
from tests.support.soundness import CORPUS, clash_in, new_repl, run_commands, snapshot, steps_shown

# -- profiles ------------------------------------------------------------------------------------

_COMMON = dict(deadline=None, suppress_health_check=list(HealthCheck), print_blob=True)
# the machines' own settings (not profiles: a profile registered here would change every test
# run after this module is imported). By default the same sequences on every run
# (derandomized), so a failure is reproducible and the outcome counts of
# test_the_machines_exercised_every_outcome are stable; long: fresh ones
MACHINE_PROFILES = {
    "ci": settings(max_examples=40, stateful_step_count=30, derandomize=True, **_COMMON),
    "long": settings(max_examples=600, stateful_step_count=80, **_COMMON),
}
PROFILE = "long" if os.environ.get("HYPOTHESIS_PROFILE") == "long" else "ci"
MACHINE_SETTINGS = MACHINE_PROFILES[PROFILE]
INTERRUPT_SETTINGS = MACHINE_SETTINGS


# -- quizzes the machine loads (each runs to its end in at most a few hundred steps) ----------

QUIZZES = [
    SEED_QUIZ,
    str(SEED_FILE),
    str(CORPUS / "ten_solutions.txt"),
    edge_case("two_solutions").puzzle,
    edge_case("three_solutions").puzzle,
    edge_case("four_solutions").puzzle,
    edge_case("solved1").puzzle,
    edge_case("last_empty_square").puzzle,
    edge_case("unsolvable_col").puzzle,
    edge_case("unsolvable_square").puzzle,
    edge_case("difficult1").puzzle,
    edge_case("hidden_singles").puzzle,
]

# -- invalid command lines: each must fail with one line and change nothing --------------------

INVALID = [
    "runtil",
    "runtil -5",
    "runtil +5",
    "runtil 5.0",
    "runtil 1e3",
    "runtil 0x1f",
    "runtil five",
    "runtil \u0663",
    "runtil \uff15",
    "runtil \u00b3",
    "runtil 5\x00",
    "runtil \x1b[2J",
    "runtil 5 5",
    "runrun",
    "runrun -1",
    "runrun \u00b2",
    "goto",
    "goto -1",
    "goto [1,1]",
    "back -1",
    "back x",
    "back 99999999999999999999",
    "run-mode 77",
    "run-mode -1",
    "run-mode 99999999999999999999",
    "run-mode x",
    "guess-mode x",
    "guess-mode -1",
    "show x",
    "levels 2",
    "step x",
    "run now",
    "bye now",
    "when [0,10]",
    "when [a,b]",
    "when [10,1]",
    "when [1,1",
    "when 1,1",
    "when removed 0 [1,1]",
    "when removed 10 [1,1]",
    "when removed 5 [0,0]",
    "when",
    "break",
    "break cell [0,10]",
    "break cell [a,b]",
    "break cell [1,1]=0",
    "break cell [1,1]=10",
    "break level 3",
    "break level >= -1",
    "break step -1",
    "break removed 0 [1,1]",
    "break solution now",
    "break wrong 1",
    "break nothing",
    "delete -1",
    "delete x",
    "delete 99999999999999999999",
    "disable -1",
    "enable x",
    "bisect",
    "bisect level",
    "bisect level max 5",
    "bisect level x",
    "bisect level 2 x",
    "bisect foo",
    "bisect when",
    "bisect when cell [1,1]=10",
    "bisect when solutions > 1",
    "bisect when removed 0 [1,1]",
    "history 5 1",
    "history 1 2 3",
    "history x",
    "history -1",
    "timeline 9 2",
    "timeline x",
    "timeline --svg",
    "tree",
    "tree --png x",
    "tree --dot",
    "info",
    "info breaks",
    "load-quiz",
    "load-quiz /nonexistent/quiz.txt",
    "load-quiz " + "11" + "." * 79,
    "load-quiz " + "1" * 80,
    f"load-quiz {SEED_FILE} 0",
    f"load-quiz {SEED_FILE} 2",
    f"load-quiz {CORPUS}",
    f"load-quiz {CORPUS / 'binary.bin'}",
    f"load-quiz {CORPUS / 'empty.txt'}",
    "help nosuch",
    "save-session",
    "source",
    "source /nonexistent/script.txt",
]
NUMBER_COMMANDS = [
    "runtil",
    "runrun",
    "goto",
    "back",
    "delete",
    "disable",
    "enable",
    "run-mode",
    "guess-mode",
    "break step",
    "history",
    "timeline",
]
CELL_COMMANDS = [
    "when {}",
    "break cell {}",
    "break cell {}=5",
    "when removed 5 {}",
    "bisect when cell {}=5",
    "break removed 5 {}",
]
#: commands random text may follow (not those writing files or reading scripts)
PREFIXES = [
    "",
    "load-quiz ",
    "show ",
    "levels ",
    "run-mode ",
    "guess-mode ",
    "step ",
    "run ",
    "runtil ",
    "runrun ",
    "goto ",
    "back ",
    "bisect ",
    "bisect level ",
    "bisect when ",
    "break ",
    "break cell ",
    "delete ",
    "when ",
    "when removed ",
    "history ",
    "help ",
    "info ",
    "enable ",
    "disable ",
    "s ",
    "rt ",
    "lv ",
    "timeline ",
]

unicode_digit = st.characters(categories=["Nd"]).filter(lambda ch: not "0" <= ch <= "9")
#: control characters that str.strip() keeps (a trailing blank is allowed around a number)
control = st.characters(categories=["Cc"]).filter(lambda ch: not ch.isspace())
out_of_range = st.one_of(st.integers(-99, 0), st.integers(10, 10**20))

#: the refusal of a command line longer than 8,192 characters, its length put in
TOO_LONG = (
    "A command line has {:,} characters; at most 8,192 are read (a quiz is 81, a pencil-mark "
    "line 729: a longer text goes in a file)."
)

invalid_lines = st.one_of(
    st.sampled_from(INVALID),
    st.builds(lambda c, n: f"{c} {n}", st.sampled_from(NUMBER_COMMANDS), st.integers(max_value=-1)),
    st.builds(lambda c, d: f"{c} {d}", st.sampled_from(NUMBER_COMMANDS), unicode_digit),
    st.builds(
        lambda c, r, k: c.format(f"[{r},{k}]"),
        st.sampled_from(CELL_COMMANDS),
        out_of_range,
        st.integers(1, 9),
    ),
    st.builds(
        lambda c, r, k: c.format(f"[{r},{k}]"),
        st.sampled_from(CELL_COMMANDS),
        st.integers(1, 9),
        out_of_range,
    ),
    st.builds(
        lambda c, a, b: c.format(f"[{a},{b}]"),
        st.sampled_from(CELL_COMMANDS),
        st.text("abc xyz-+.", min_size=1, max_size=3),
        st.sampled_from(["b", "", "1x"]),
    ),
    st.builds(lambda c, ch: f"{c} 5{ch}", st.sampled_from(["runtil", "goto", "runrun"]), control),
    st.builds(
        lambda c, n: f"{c} {'x' * n}",
        st.sampled_from(["runtil", "goto", "back", "help", "when", "break", "bisect"]),
        st.integers(5_000, 12_000),
    ),
    st.builds(lambda n: "x" * n, st.integers(5_000, 12_000)),  # an unknown command
    st.builds(lambda n: f"load-quiz {'a' * n}", st.integers(256, 10_000)),  # name too long
)
#: anything at all; may succeed or fail
random_lines = st.builds(
    lambda prefix, text: prefix + text,
    st.sampled_from(PREFIXES),
    st.text(st.characters(exclude_categories=["Cs"]), max_size=30),
)
answers = st.lists(
    st.one_of(
        st.just(""),
        st.builds(
            lambda r, c, v: f"[{r},{c}]={v}",
            st.integers(1, 9),
            st.integers(1, 9),
            st.integers(1, 9),
        ),
        st.sampled_from(["x", "[0,1]=5", "[1,1]=0", "[1,10]=1", " [ 5 , 5 ] = 5 ", "5", "\x1b"]),
    ),
    max_size=4,
)

#: commands after which the step count may be lower than before
MAY_GO_BACK = {"load-quiz", "goto", "back", "runtil", "bisect"}
#: commands that end on a step boundary (docs/engine.md 3) when they succeed uninterrupted
ENGINE_COMMANDS = {"step", "run", "runtil", "runrun"}
#: the line of a breakpoint that stopped a command
BREAKPOINT_HIT = re.compile(r"Breakpoint \d+: .* at step \d+\.")
#: commands that say "Interrupted at step N." when Ctrl-C stops them (docs/commands.md 8)
INTERRUPTIBLE = {"run", "runtil", "runrun", "goto", "bisect"}


#: what the state machines did in this test run (checked by test_the_machines_exercised_...)
STATS: Counter[str] = Counter()


class MachineOutput:
    """Counts error lines, telling a bad guess answer's line (the question is asked again) from
    a failed command's."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.errors: list[str] = []
        self.answer_errors: list[str] = []
        self.after_question = False

    def message(self, line: str) -> None:
        self.after_question = False
        self.lines.append(line)

    def error(self, line: str) -> None:
        self.lines.append(line)
        (self.answer_errors if self.after_question else self.errors).append(line)

    def clear(self) -> None:
        self.lines, self.errors, self.answer_errors = [], [], []
        self.after_question = False


class ShellMachine(RuleBasedStateMachine):
    INTERRUPTS = False

    def __init__(self) -> None:
        super().__init__()
        self.out = MachineOutput()
        self.answers: list[str] = []
        self.taken: list[str] = []
        self.interrupt_after: int | None = None
        self.polls = 0
        self.fired = False  # the flag said "interrupted" during this command
        self.repl = Repl(
            self.out, self.read_answer, clock=fake_clock(), interrupted=self.interrupted
        )
        #: the commands that succeeded, each with the guess answers it took
        self.log: list[tuple[str, list[str]]] = []
        #: set when a command stopped half way (interrupt, aborted question): no replay check
        self.tainted = False
        self.commands = 0
        STATS[f"sequences {type(self).__name__}"] += 1

    # -- the shell's hooks -----------------------------------------------------------------

    def read_answer(self, question: str) -> str:
        assert question.startswith("Take a guess please, by default it will be ["), question
        self.out.after_question = True
        STATS["guess questions"] += 1
        if self.answers:
            answer = self.answers.pop(0)
        elif self.INTERRUPTS:
            raise GuessAborted  # end of input / Ctrl-C at the question
        else:
            answer = ""
        self.taken.append(answer)
        return answer

    def interrupted(self) -> bool:
        if self.interrupt_after is None:
            return False
        self.polls += 1
        self.fired = self.fired or self.polls > self.interrupt_after
        return self.fired

    # -- one command and what it must leave ------------------------------------------------

    def do(self, line: str, must_fail: bool = False) -> None:
        if self.repl.done:  # after bye nothing more is read
            return
        repl, session = self.repl, self.repl.session
        note(f"> {line[:200]!r}")
        before = snapshot(repl)
        state_before = session.state() if session.loaded else None
        steps_before = state_before.steps if state_before else None
        self.out.clear()
        self.taken, self.polls, self.fired = [], 0, False
        self.commands += 1
        try:
            ok = repl.execute(line)
        except Exception as e:
            raise AssertionError(f"{line[:200]!r} raised {e!r}") from e
        finally:
            armed, self.interrupt_after = self.interrupt_after, None
        out = self.out
        name = lookup(line.strip().partition(" ")[0])
        aborted = any(x.startswith("Guess question aborted: back at step ") for x in out.lines)
        stopped = any(x.startswith("Interrupted at step ") for x in out.lines)
        STATS[f"commands {type(self).__name__}"] += 1
        STATS[
            "succeeded" if ok else "unknown" if name is None else "aborted" if aborted else "failed"
        ] += 1
        STATS["interrupted"] += stopped
        if must_fail:
            assert not ok, f"{line[:200]!r} succeeded: {out.lines[:5]}"
        if len(line) > 8192:  # refused by its size, unread
            assert not ok and out.errors == out.lines == [TOO_LONG.format(len(line))]
            assert snapshot(repl) == before
        elif not ok and name is None:  # what was wrong, then the Order List
            said = out.lines[0] if out.lines else ""
            assert said.startswith("Unknown command ") and said.isprintable(), out.lines[:5]
            assert out.lines[1:] == AFTER_UNKNOWN and out.errors == [said], out.lines[:5]
            assert snapshot(repl) == before
        elif not ok and aborted:
            assert not out.errors
            now = session.state().steps
            assert out.lines[-1] == f"Guess question aborted: back at step {now}."
            if snapshot(repl) != before:
                self.tainted = True
        elif not ok:
            assert len(out.lines) == 1 and out.errors == out.lines, out.lines[:5]
            assert snapshot(repl) == before, f"{line[:200]!r} changed the session"
        else:
            assert not out.errors, out.errors
            if stopped:
                self.tainted = True
            else:
                self.log.append((line, list(self.taken)))
        if self.fired and ok and name is not None and name.name in INTERRUPTIBLE:
            assert stopped, f"{line!r}: Ctrl-C came and went unsaid"
        if self.fired:
            self.tainted = True  # the valid commands alone do not stop half way
        if stopped:
            assert armed is not None and self.fired
            assert name is not None and name.name in INTERRUPTIBLE, line
            steps = session.state().steps
            assert f"Interrupted at step {steps}." in out.lines
            assert steps in steps_shown(out.lines)
            if name.name in ENGINE_COMMANDS:
                # after a whole step; or where it was, if that was inside a step (after goto)
                # and Ctrl-C came before the first step. (goto and bisect stop between moves:
                # `goto N` may end inside a step, as goto does anyway.)
                state = session.state()
                assert state.status in STEP_BOUNDARY or state == state_before
        if ok and session.loaded and name is not None:
            state = session.state()
            if steps_before is not None and name.name not in MAY_GO_BACK:
                assert state.steps >= steps_before, f"{line!r}: {steps_before} -> {state.steps}"
            # a breakpoint stops at the state at its step, which may lie inside a step
            # (docs/engine.md): `break step 1`, then `step` on a quiz whose first move goes wrong
            at_breakpoint = any(BREAKPOINT_HIT.fullmatch(x) for x in out.lines)
            if name.name in ENGINE_COMMANDS and not at_breakpoint:  # (unless it had nothing to do)
                assert state.status in STEP_BOUNDARY or state == state_before, state.status

    # -- valid commands ------------------------------------------------------------------------

    @initialize(
        quiz=st.one_of(st.none(), st.sampled_from(QUIZZES)),
        mode=st.sampled_from([None, "0", "1", "1"]),
    )
    def start(self, quiz: str | None, mode: str | None) -> None:
        """Most sequences start with a quiz loaded (the rest test the commands without one)."""
        if quiz is not None:
            self.do(f"load-quiz {quiz}")
        if mode is not None:
            self.do(f"guess-mode {mode}")

    @rule(quiz=st.sampled_from(QUIZZES))
    def load(self, quiz: str) -> None:
        self.do(f"load-quiz {quiz}")

    @rule(number=st.integers(1, 3))
    def load_numbered(self, number: int) -> None:
        self.do(f"load-quiz {CORPUS / 'one_per_line.txt'} {number}")

    @rule()
    def step(self) -> None:
        self.do("step")

    @rule()
    def run(self) -> None:
        self.do("run")

    @rule(steps=st.integers(0, 350))
    def runtil(self, steps: int) -> None:
        self.do(f"runtil {steps}")

    @rule(count=st.integers(0, 3))
    def runrun(self, count: int) -> None:
        self.do(f"runrun {count}")

    @rule(steps=st.integers(0, 350))
    def goto(self, steps: int) -> None:
        self.do(f"goto {steps}")

    @rule(n=st.one_of(st.none(), st.integers(1, 40)))
    def back(self, n: int | None) -> None:
        self.do("back" if n is None else f"back {n}")

    @rule(mode=st.sampled_from(["", "0", "1", "2", " 1 "]))
    def run_mode(self, mode: str) -> None:
        self.do(f"run-mode {mode}".strip())

    @rule(mode=st.sampled_from(["0", "0", "1", "", "7"]))
    def guess_mode(self, mode: str) -> None:
        self.do(f"guess-mode {mode}".strip())

    @rule(given=answers)
    def supply_answers(self, given: list[str]) -> None:
        self.answers.extend(given)

    @rule(
        line=st.sampled_from(
            [
                "show",
                "levels",
                "lv",
                "info break",
                "history",
                "timeline",
                "help",
                "help runtil",
                "s",
                "r",
            ]
        )
    )
    def simple(self, line: str) -> None:
        self.do(line)

    @rule(a=st.integers(0, 300), b=st.integers(0, 300))
    def history_range(self, a: int, b: int) -> None:
        lo, hi = sorted((a, b))
        self.do(f"history {lo} {hi}")

    @rule(a=st.floats(0, 1), b=st.floats(0, 1.2))
    def timeline_range(self, a: float, b: float) -> None:
        """Within the record, or beyond it at the top (past its end: the random lines)."""
        session = self.repl.session
        last = session.history.last_steps if session.loaded else 0
        lo, hi = sorted((int(a * last), int(b * last)))
        self.do(f"timeline {lo} {hi}")

    @rule(
        r=st.integers(1, 9),
        c=st.integers(1, 9),
        v=st.integers(1, 9),
        form=st.sampled_from(
            [
                "when [{r},{c}]",
                "when removed {v} [{r},{c}]",
                "bisect when cell [{r},{c}]={v}",
                "break cell [{r},{c}]",
                "break cell [{r},{c}]={v}",
                "break removed {v} [{r},{c}]",
                "bisect when removed {v} [{r},{c}]",
            ]
        ),
    )
    def cell_command(self, r: int, c: int, v: int, form: str) -> None:
        self.do(form.format(r=r, c=c, v=v))

    @rule(
        line=st.one_of(
            st.builds("break step {}".format, st.integers(0, 400)),
            st.builds("break level >= {}".format, st.integers(0, 12)),
            st.sampled_from(["break solution", "break wrong"]),
            st.builds(
                "{} {}".format, st.sampled_from(["delete", "disable", "enable"]), st.integers(1, 6)
            ),
        )
    )
    def breakpoints(self, line: str) -> None:
        self.do(line)

    @rule(
        line=st.one_of(
            st.builds("bisect level {}".format, st.integers(1, 12)),
            st.builds("bisect level {} {}".format, st.integers(1, 8), st.integers(0, 300)),
            st.just("bisect level max"),
            st.builds("bisect when solutions >= {}".format, st.integers(0, 4)),
        )
    )
    def bisect(self, line: str) -> None:
        self.do(line)

    # -- invalid and random commands ---------------------------------------------------------

    @rule(line=invalid_lines)
    def invalid(self, line: str) -> None:
        self.do(line, must_fail=True)

    @rule(line=random_lines)
    def anything(self, line: str) -> None:
        self.do(line)

    # -- invariants (docs/engine.md) -----------------------------------------------------------

    @invariant()
    def session_is_sound(self) -> None:
        session = self.repl.session
        if not session.loaded:
            assert session.quiz is None
            return
        state = session.state()
        history = session.history
        assert state.level == len(state.frames)
        # the present is a recorded step, and the record's step counts never decrease
        assert 0 <= session.cursor <= len(history)
        assert state.steps == history.steps_after(session.cursor)
        counts = [history.steps_after(m) for m in range(len(history) + 1)]
        assert counts == sorted(counts)
        # the levels listing agrees
        listing = self.listing("levels")
        assert listing[0] == f"At guess level {state.level}:"
        assert sum(line.startswith("Level ") for line in listing) == state.level == len(listing) - 1
        for frame in state.frames:
            assert 1 <= frame.tried <= len(frame.options)
        # givens stay, and a grid is consistent except where a contradiction is shown
        assert session.quiz is not None
        values = list(state.values)
        assert all(values[i] == g for i, g in enumerate(session.quiz.givens) if g)
        if state.status not in (Status.WRONG, Status.FINISHED):
            assert not clash_in(values), state
        if state.status in (Status.SEARCHING, Status.SOLVED):
            for unit in brute.UNITS:
                placed = 0
                for i in unit:
                    if values[i]:
                        placed |= 1 << (values[i] - 1)
                for i in unit:
                    if not values[i]:
                        assert not state.cands[i] & placed, (i, state.cands[i], placed)
        if state.status is Status.SOLVED:
            assert brute.is_solution(values, list(session.quiz.givens))
        # the state is the one the record rebuilds
        cursor = session.cursor
        session.seek(cursor)
        assert session.state() == state

    def listing(self, line: str) -> list[str]:
        saved, self.repl.out = self.repl.out, MachineOutput()
        try:
            assert self.repl.execute(line)
            return list(self.repl.out.lines)  # type: ignore[attr-defined]
        finally:
            self.repl.out = saved

    # -- at the end: replays -----------------------------------------------------------------

    def teardown(self) -> None:
        note(f"{self.commands} commands, {len(self.log)} succeeded, tainted={self.tainted}")
        expected = self.outcome(self.repl)
        # 1. the session script (what save-session writes), as batch mode reads it: it stands
        #    for interrupted and aborted commands too (they are written as `goto N`)
        scripted = Repl(MachineOutput(), lambda q: "", clock=fake_clock())
        scripted.run_script(iter(list(self.repl.script.lines)))
        assert self.outcome(scripted) == expected, "replaying the session script differs"
        STATS["script replayed"] += 1
        # 2. the commands that succeeded, alone, each with the answers it took (unless one
        #    stopped half way: that the valid commands alone cannot do)
        if self.tainted:
            return
        replay = Repl(MachineOutput(), lambda q: "", clock=fake_clock())
        for line, taken in self.log:
            queue = list(taken)
            replay.read_answer = lambda q, queue=queue: queue.pop(0) if queue else ""
            assert replay.execute(line), line
        assert self.outcome(replay) == expected, "replaying the valid commands differs"
        STATS["replayed"] += 1

    @staticmethod
    def outcome(repl: Repl) -> tuple[object, ...]:
        s = repl.session
        return (
            s.quiz.givens if s.quiz else None,
            s.state() if s.loaded else None,
            s.settings.run_mode,
            s.settings.guess_mode,
        )


#: Ctrl-C after that many polls of the flag (it is polled before each step), or none
polls = st.one_of(st.none(), st.integers(0, 10), st.integers(0, 300))


class InterruptingShellMachine(ShellMachine):
    INTERRUPTS = True

    # the run commands, each perhaps with a Ctrl-C at a random moment
    @rule(after=polls)
    def run(self, after: int | None) -> None:
        self.interrupt_after = after
        self.do("run")

    @rule(after=polls, steps=st.integers(0, 350))
    def runtil(self, after: int | None, steps: int) -> None:  # type: ignore[override]
        self.interrupt_after = after
        self.do(f"runtil {steps}")

    @rule(after=polls, count=st.integers(0, 3))
    def runrun(self, after: int | None, count: int) -> None:  # type: ignore[override]
        self.interrupt_after = after
        self.do(f"runrun {count}")

    @rule(after=polls, line=st.sampled_from(["goto 300", "bisect level max", "bisect level 4 300"]))
    def interrupted_silent_run(self, after: int | None, line: str) -> None:
        self.interrupt_after = after
        self.do(line)


TestShellMachine = SLOW(ShellMachine.TestCase)
TestShellMachine.settings = MACHINE_SETTINGS
TestInterruptingShellMachine = SLOW(InterruptingShellMachine.TestCase)
TestInterruptingShellMachine.settings = INTERRUPT_SETTINGS


@SLOW
def test_the_machines_exercised_every_outcome() -> None:
    """Runs after the machines (file order): they must have met every kind of outcome, else
    the strategies have gone stale. Skipped when the machines did not run (-k, xdist)."""
    if not STATS["sequences ShellMachine"] or not STATS["sequences InterruptingShellMachine"]:
        pytest.skip("the state machines did not run in this process")
    print(f"\nstate machines: {dict(STATS)}")
    for outcome in (
        "succeeded",
        "failed",
        "unknown",
        "aborted",
        "interrupted",
        "replayed",
        "script replayed",
        "guess questions",
    ):
        assert STATS[outcome] > 0, (outcome, dict(STATS))


# -- targeted cases -----------------------------------------------------------------------------


def check_one_command(line: str, answers: list[str] | None = None) -> tuple[bool, list[str]]:
    """Seed quiz at step 20; ``line``: no exception, at most one error line, and a failure
    changes nothing."""
    repl, out = new_repl(answers)
    run_commands(repl, out, f"load-quiz {SEED_FILE}", "runtil 20")
    if answers is not None:
        run_commands(repl, out, "guess-mode 1")
    before = snapshot(repl)
    out.clear()
    ok = repl.execute(line)
    assert len(out.errors) <= 1, out.errors
    if not ok:
        assert len(out.lines) == 1 and out.errors == out.lines
        assert snapshot(repl) == before
    out.clear()
    assert repl.execute("show")  # the session goes on
    return ok, out.lines


HUGE = "9" * 5000  # more digits than int() takes by default (4300)


@pytest.mark.parametrize(
    "line",
    [
        f"runtil {HUGE}",
        f"runrun {HUGE}",
        f"goto {HUGE}",
        f"back {HUGE}",
        f"delete {HUGE}",
        f"break step {HUGE}",
        f"when [{HUGE},1]",
        f"history 1 {HUGE}",
        f"load-quiz {SEED_QUIZ} {HUGE}",
        f"guess-mode {HUGE}",
        f"run-mode {HUGE}",
        f"bisect level {HUGE}",
        pytest.param(f"load-quiz 0,0:{'.' * 81};{HUGE},0:{'.' * 81}", id="load-quiz-inline-grids"),
    ],
    ids=[
        "runtil",
        "runrun",
        "goto",
        "back",
        "delete",
        "break-step",
        "when-cell",
        "history",
        "load-quiz-number",
        "guess-mode",
        "run-mode",
        "bisect-level",
        "load-quiz-inline-grids",
    ],
)
def test_number_too_long_for_int_is_one_error_line(line: str) -> None:
    """More than 4300 digits: int() refuses them by default."""
    try:
        check_one_command(line)
    except ValueError as e:
        raise AssertionError(f"{line[:30]}...: {e}") from e


def test_guess_answer_with_a_number_too_long_for_int() -> None:
    # the seed quiz asks at its step 6 (docs/commands.md 7 / the published interactive session)
    repl, out = new_repl([f"[{HUGE},1]=5", ""])
    run_commands(repl, out, f"load-quiz {SEED_FILE}", "guess-mode 1")
    try:
        run_commands(repl, out, "step", "step", "step", "step", "step", "step")
    except ValueError as e:
        raise AssertionError(str(e)[:80]) from e
    assert len(out.errors) == 1


@pytest.mark.parametrize(
    "line",
    [
        "load-quiz a\x00b",
        "source a\x00b",
        pytest.param("save-session a\x00b", id="save-session"),
        pytest.param("timeline --svg a\x00b", id="timeline"),
        pytest.param("tree --dot a\x00b", id="tree"),
    ],
    ids=lambda line: line.split()[0],
)
def test_nul_in_a_file_name_is_one_error_line(line: str) -> None:
    try:
        ok, _ = check_one_command(line)
    except ValueError as e:
        raise AssertionError(str(e)) from e
    assert not ok


ESC = "\x1b[2J\x1b[31m"
LONG_A, LONG_X, DIGITS = "a" * 10_000, "x" * 10_000, "9" * 1000


@pytest.mark.parametrize(
    "line, quoted",
    [
        pytest.param(f"load-quiz {ESC}gone", ESC, id="load-quiz-escapes"),
        pytest.param(f"source {ESC}gone", ESC, id="source-escapes"),
        pytest.param(f"load-quiz {LONG_A}", LONG_A, id="load-quiz-10k"),
        pytest.param(f"source {LONG_A}", LONG_A, id="source-10k"),
        pytest.param(f"help {LONG_X}", LONG_X, id="help-10k"),
        pytest.param(f"save-session /nonexistent/{LONG_A}", LONG_A, id="save-session-10k"),
        pytest.param(f"delete {DIGITS}", DIGITS, id="delete-1000-digits"),
        pytest.param(f"when [{DIGITS},1]", DIGITS, id="when-cell-1000-digits"),
        pytest.param(f"help {ESC}", ESC, id="help-escapes"),
        pytest.param(f"runtil {LONG_X}", LONG_X, id="runtil-10k"),
        pytest.param(f"runtil {ESC}", ESC, id="runtil-escapes"),
        pytest.param("when [a,b]", "", id="when-letters"),
        pytest.param("when [0,10]", "", id="when-0-10"),
        pytest.param("break cell [1,1]=10", "", id="break-value-10"),
    ],
)
def test_error_line_is_one_clear_line(line: str, quoted: str) -> None:
    """One line, printable (no escape sequence reaches the terminal), and what it quotes of the
    user's text is shortened (not 10,000 characters back)."""
    ok, _ = check_one_command(line)
    assert not ok
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {SEED_FILE}")
    out.clear()
    repl.execute(line)
    assert len(out.errors) == 1
    said = out.errors[0]
    assert said.isprintable(), said[:120]
    if len(quoted) > 250:
        assert quoted[:250] not in said, said[:120]
    assert len(said) < 1000


def test_unknown_command_prints_the_original_order_list_and_changes_nothing() -> None:
    for line in ["bogus", "step\x07", "\u0663", "x" * 8_000, "\x1b[2J"]:
        repl, out = new_repl()
        run_commands(repl, out, f"load-quiz {SEED_FILE}", "runtil 10")
        before = snapshot(repl)
        out.clear()
        assert not repl.execute(line)
        said = out.lines[0]  # what was wrong, printable and short
        assert said.startswith("Unknown command '") and said.isprintable() and len(said) < 100
        assert out.lines[1:] == AFTER_UNKNOWN and out.errors == [said]
        assert snapshot(repl) == before
        assert repl.failures.lines == [line.strip()[:KEPT]]  # (cut short)


def test_huge_step_count_runs_to_the_end_of_a_small_search() -> None:
    ok, lines = check_one_command("runtil 99999999999999999999")
    assert ok
    ok, lines = check_one_command("goto 99999999999999999999")
    assert ok and steps_shown(lines) == [284]


# -- the session script after a command stopped half way ------------------------------------------


def _replayed(script: list[str]) -> Repl:
    replay = Repl(MachineOutput(), lambda q: "", clock=fake_clock())
    replay.run_script(iter(script))
    return replay


def test_script_of_an_interrupted_runrun_replays_to_the_same_step() -> None:
    """(Found by this suite: the script said `runtil N`, which stops at the next solution.)"""
    polls = iter(range(10**6))
    repl, out = new_repl(interrupted=lambda: next(polls) >= 45)
    run_commands(repl, out, f"load-quiz {CORPUS / 'ten_solutions.txt'}")
    lines = run_commands(repl, out, "runrun 0")
    state = repl.session.state()
    assert f"Interrupted at step {state.steps}." in lines and state.solutions > 1
    assert _replayed(repl.script.lines).session.state() == state


def test_interrupted_goto_says_so_and_its_script_replays_to_the_same_step() -> None:
    """(Found by this suite: it said 'The search ended at step M.' and the script kept
    `goto N`.)"""
    polls = iter(range(10**6))
    repl, out = new_repl(interrupted=lambda: next(polls) >= 40)
    run_commands(repl, out, f"load-quiz {SEED_FILE}")
    repl.session.poll_units = 1  # the native core's silent goto: a poll before each step too
    lines = run_commands(repl, out, "goto 200")
    steps = repl.session.state().steps
    assert steps < 200
    assert not any(line.startswith("The search ended") for line in lines)
    assert f"Interrupted at step {steps}." in lines
    assert _replayed(repl.script.lines).session.state() == repl.session.state()


def test_interrupted_bisect_level_max_says_so() -> None:
    """(Found by this suite: bisect went on with the partial record and named its biggest level
    as the maximum.)"""
    polls = iter(range(10**6))
    repl, out = new_repl(interrupted=lambda: next(polls) >= 40)
    run_commands(repl, out, f"load-quiz {edge_case('insufficient_givens').puzzle}")
    lines = run_commands(repl, out, "bisect level max")
    steps = repl.session.state().steps
    assert any(line == f"Interrupted at step {steps}." for line in lines), lines[-3:]
    assert not any("is first reached" in line for line in lines)


def test_script_of_a_run_stopped_after_going_back_and_changing_mode_replays() -> None:
    """(Found by this suite's state machine: the script said `goto N`, which followed the
    record's old path.)"""
    armed, polls = False, 0

    def interrupted() -> bool:
        nonlocal polls
        polls += armed
        return armed and polls > 3

    repl, out = new_repl(interrupted=interrupted)
    run_commands(repl, out, f"load-quiz {SEED_FILE}", "runtil 60", "back 30", "run-mode 2")
    armed = True
    lines = run_commands(repl, out, "run")
    armed = False
    state = repl.session.state()
    assert f"Interrupted at step {state.steps}." in lines
    assert _replayed(repl.script.lines).session.state() == state


def test_script_of_a_runrun_aborted_at_a_guess_question_replays_to_the_same_step() -> None:
    repl, out = new_repl([""] * 6)  # six answers, then end of input at the next question
    run_commands(repl, out, f"load-quiz {CORPUS / 'ten_solutions.txt'}", "guess-mode 1")
    assert not repl.execute("runrun 0")
    state = repl.session.state()
    assert out.lines[-1] == f"Guess question aborted: back at step {state.steps}."
    assert state.solutions > 1
    replay = Repl(MachineOutput(), lambda q: "", clock=fake_clock())
    replay.run_script(iter(list(repl.script.lines)))
    assert replay.session.state() == state
    assert not replay.failures


def test_guess_abort_half_way_through_a_run_keeps_the_steps_before_it() -> None:
    # docs/commands.md 7: the engine is left exactly as before the step that asked
    repl, out = new_repl(["", ""])  # two answers, then end of input at the third question
    run_commands(repl, out, f"load-quiz {SEED_FILE}", "guess-mode 1")
    assert not repl.execute("run")
    steps = repl.session.state().steps
    assert out.lines[-1] == f"Guess question aborted: back at step {steps}."
    assert repl.session.state().level == 2 and repl.session.state().status in STEP_BOUNDARY
    out.clear()
    assert repl.execute("show") and steps_shown(out.lines) == [steps]


# -- batch mode ---------------------------------------------------------------------------------


def batch(stdin: bytes, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    return run_program(*args, input=stdin, timeout=timeout)


def transcript(*pairs: tuple[str, list[str]], end: bool = True) -> str:
    """The exact batch stdout (docs/commands.md 1): prompt, echoed command, its output."""
    lines: list[str] = []
    for command, output in pairs:
        lines += ["", "Order please:", command, *output]
    if end:
        lines += ["", "Order please:"]
    return "".join(line + "\n" for line in lines)


SEED_SHOW_0 = [*SEED_GRID, "Steps:0", "Candidates:"]


def test_batch_success_is_the_exact_transcript_and_nothing_on_stderr() -> None:
    done = batch(b"load-quiz examples/seed.txt\n# a comment\n\nshow\nrun-mode\nguess-mode\n")
    assert done.returncode == 0
    assert done.stderr == b""
    assert done.stdout.decode() == transcript(
        ("load-quiz examples/seed.txt", ["Quiz loaded."]),
        ("show", SEED_SHOW_0),
        ("run-mode", ["Working mode:0 (1:grp-only; 2:ply-only; other:both grp and ply)"]),
        ("guess-mode", ["In interactive guessing mode:0 (0:no; other:yes)"]),
    )


def test_batch_non_utf8_input_gives_one_error_line_and_status_1() -> None:
    done = batch(b"load-quiz examples/seed.txt\nload-quiz \xff\xfe.txt\nruntil 5\xc3\nshow\n")
    assert done.returncode == 1
    out = done.stdout.decode("utf-8")  # stdout stays valid UTF-8
    # (a byte that is no UTF-8 is printed as ?, as a control byte is)
    bad = "load-quiz ??.txt"
    assert out == transcript(
        ("load-quiz examples/seed.txt", ["Quiz loaded."]),
        (bad, ["Fail to open quiz file ??.txt: No such file or directory."]),
        ("runtil 5?", ["runtil needs a step count: runtil <steps>"]),
        ("show", SEED_SHOW_0),
    )
    err = done.stderr.decode("utf-8").splitlines()
    assert err == [f"sudoku-repl: 2 command(s) failed: {bad}; runtil 5?"]


def test_batch_very_long_lines() -> None:
    long_name = "a" * 100_000
    stdin = (
        f"load-quiz examples/seed.txt\nruntil {'x' * 1_000_000}\n{'y' * 1_000_000}\n"
        f"load-quiz {long_name}\nshow\n"
    ).encode()
    done = batch(stdin)
    assert done.returncode == 1
    lines = done.stdout.decode().split("\n")
    # the echoes are shortened to ECHOED_CHARS characters
    k = lines.index(shown("runtil " + "x" * 1_000_000, ECHOED_CHARS))
    # a line longer than 8,192 characters is refused by its size, unread
    assert lines[k + 1 : k + 3] == [TOO_LONG.format(1_000_007), ""]
    k = lines.index(shown("y" * 1_000_000, ECHOED_CHARS))
    assert len(lines[k]) == ECHOED_CHARS and lines[k].endswith("yyy...")
    assert lines[k + 1 : k + 4] == [TOO_LONG.format(1_000_000), "", "Order please:"]
    k = lines.index(shown(f"load-quiz {long_name}", ECHOED_CHARS))
    assert lines[k + 1 : k + 4] == [TOO_LONG.format(100_010), "", "Order please:"]
    assert steps_shown(lines) == [0]
    err = done.stderr.decode().splitlines()
    assert len(err) == 1 and err[0].startswith("sudoku-repl: 3 command(s) failed: runtil xxx")


def test_batch_bad_command_line_is_status_2() -> None:
    done = batch(b"show\n", "--bogus")
    assert done.returncode == 2
    assert done.stdout == b""
    assert b"unrecognized arguments: --bogus" in done.stderr


def test_batch_unreadable_script_is_status_2(tmp_path: Path) -> None:
    done = batch(b"", "-x", str(tmp_path))
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().splitlines() == [
        f"sudoku-repl: cannot read {tmp_path}: it is a directory"
    ]


def test_batch_end_of_input_at_the_guess_question_aborts_only_that_command(tmp_path: Path) -> None:
    script = tmp_path / "half.txt"
    script.write_bytes(b"load-quiz examples/seed.txt\nguess-mode 1\n" + b"step\n" * 6)
    done = batch(b"", "-x", str(script))
    assert done.returncode == 1
    out = done.stdout.decode().split("\n")
    assert "Take a guess please, by default it will be [6,2]=5:" in out
    assert "Guess question aborted: back at step 5." in out
    assert done.stderr.decode().splitlines() == ["sudoku-repl: 1 command(s) failed: step"]


def test_batch_script_of_a_half_done_session_replays(tmp_path: Path) -> None:
    """save-session after a failed command and a bad guess answer writes a script that
    `source` runs without a failure to the same step."""
    saved = tmp_path / "session.txt"
    stdin = (
        "load-quiz examples/seed.txt\nruntil x\nguess-mode 1\n"
        + "step\n" * 6
        + f"[1,3]=9\n\nguess-mode 0\nruntil 30\nsave-session {saved}\nshow\n"
    ).encode()
    first = batch(stdin)
    assert first.returncode == 1  # runtil x (a bad guess answer is not a failed command)
    out = first.stdout.decode().split("\n")
    assert (
        "[1,3] is not empty; answer [r,c]=v (an empty cell and one of its candidates), "
        "or Enter for [6,2]=5." in out
    )
    shown = steps_shown(out)
    second = batch(f"source {saved}\nshow\n".encode())
    assert second.returncode == 0, second.stderr
    assert second.stderr == b""
    assert steps_shown(second.stdout.decode().split("\n"))[-1] == shown[-1]


# -- timeline -----------------------------------------------------------------------------------


@pytest.mark.parametrize("line", ["timeline 300 400", "timeline --svg {} 300 400"])
def test_timeline_past_the_end_of_the_record_is_one_error_line(line: str, tmp_path: Path) -> None:
    try:
        ok, _ = check_one_command(line.format(tmp_path / "t.svg"))
    except ValueError as e:
        raise AssertionError(str(e)) from e
    assert not ok


def test_timeline_on_a_narrow_terminal_is_not_a_crash() -> None:
    repl, out = new_repl()
    repl.width = lambda: 10
    run_commands(repl, out, f"load-quiz {SEED_FILE}", "runtil 50")
    out.clear()
    try:
        repl.execute("timeline")
    except ValueError as e:
        raise AssertionError(str(e)) from e
    assert len(out.errors) <= 1
