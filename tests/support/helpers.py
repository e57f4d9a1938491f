"""Helpers the test modules import, each defined once: where the data files are, the ``slow``
mark of the long tests, the text of the original that many tests expect (the Order List, the
seed's grid), an in-process shell (``Shell``: a ``Repl`` with a ``ListOutput``, scripted
``Answers`` and a ``fake_clock``), the prompt driven in-process, the program as a subprocess or in
a pseudo-terminal, recording and silent ``Hooks``, the reference trace parser, the edge-case table
and a few plain grid utilities (no expected values are computed here). Fixtures (``at_repo_root``,
``pipe``, ``recording_hooks``) are in ``conftest.py``."""

from __future__ import annotations

import csv
import importlib.util
import itertools
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple, Self, TypeVar

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import PipeInput
from prompt_toolkit.output import DummyOutput

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.core.engine import Choice
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import Cell
from sudoku_repl.frontends.shell import (
    CommandCompleter,
    empty_cells,
    filled_cells,
    run_interactive,
)
from sudoku_repl.text.render import trace_lines

#: The repository root (``<repo>/tests/support/helpers.py`` -> ``<repo>``).
REPO = Path(__file__).resolve().parents[2]
#: The puzzle collections the repository ships (``puzzles/README.md`` says where each is from).
PUZZLES = REPO / "puzzles"
#: Samurai and flower puzzles, with their solutions in the JSON files.
VARIANTS = PUZZLES / "variants"
#: Material only the tests read (``tests/data/README.md``).
TEST_DATA = REPO / "tests" / "data"
#: The reference traces of the behaviour contract (``docs/engine.md``).
REFERENCE = TEST_DATA / "reference"
#: Labelled edge cases with their expected solution counts (and the solution when unique).
EDGE_CASES = TEST_DATA / "edge_cases_expected.tsv"
#: The listings of the SudokuSolver 2.6 article that the tests compare with.
ARTICLE = TEST_DATA / "article_002_listings.txt"
#: A samurai quiz with no solution whose search runs 46,596,095 steps (a long ``run``).
LONG_SEARCH = TEST_DATA / "long_search_samurai.txt"

#: The seed quiz of the 2.6 article (docs/engine.md 10).
SEED_QUIZ = "005300000800000020070010500400005300010070006003200080060500009004000030000009700"
#: The seed quiz's file, as typed at the prompt in the repository root, and as an absolute path.
SEED = "examples/seed.txt"
SEED_FILE = REPO / SEED


def but_the_pure_build_line(lines: list[str]) -> list[str]:
    """``lines`` without the pure build's line, wherever a subprocess said it, under any
    program's name (``sudoku-repl:``, ``sudoku-repl generate:``)."""
    return [line for line in lines if not _PURE_BUILD.match(line)]


#: how the pure build's one line begins (``tools/rating/se_build``), under a program's name
#: (``sudoku-repl`` and a command's word or none): said once a process where the C is absent (the
#: bare machine), beside what the docs show of the native build
_PURE_BUILD = re.compile(r"sudoku-repl(?: [a-z-]+)?: the pure-Python build runs \(")


#: The samurai puzzle of the examples (five grids, 369 cells).
SAMURAI_FILE = REPO / "examples" / "samurai.txt"


# -- long tests ---------------------------------------------------------------------------------

#: A long test (pseudo-terminal storms, state machines, big files, long searches): the quick run
#: ``pytest -m "not slow"`` leaves it out, the full run keeps it.
SLOW = pytest.mark.slow

#: The builds a test runs on once each, a fixture's or a parametrize's values: "native" (the
#: test skips it where the C is not built) and "pure". The pure case is marked ``pure_case``:
#: the same Python the bare machine's run (.ci/pure, every test but the slow ones on its pure
#: build) takes, so CI's main job, which runs beside it, leaves the pure case out, and the slow
#: tests to the second core's run (``-m "not slow and not pure_case"``, ``-m slow``, .ci/run);
#: a plain ``pytest`` runs both.
BUILDS = ["native", pytest.param("pure", marks=pytest.mark.pure_case)]

#: The tests a run's -m or -k left out (conftest's pytest_deselected keeps them here): with the
#: tests it runs, the whole suite it collected (tests/architecture/test_collection.py)
DESELECTED = pytest.StashKey[list[pytest.Item]]()


def extra_missing(extra: str, what: str) -> str:
    """The one line a test of an optional extra skips with where the extra is absent: the
    README's test command installs ``[test]`` alone, ``.ci/run`` the extras too."""
    return f"{what} is not installed: the extra {extra}, pip install -e '.[test,{extra}]'"


#: A test that needs HiGHS (``highspy``, the extra ``ilp``): skipped, naming it, where absent.
NEEDS_HIGHS = pytest.mark.skipif(
    importlib.util.find_spec("highspy") is None, reason=extra_missing("ilp", "HiGHS")
)
#: A test that needs Gymnasium (the extra ``gym``: ``sudoku_repl.gym``): skipped, naming it.
NEEDS_GYM = pytest.mark.skipif(
    importlib.util.find_spec("gymnasium") is None, reason=extra_missing("gym", "Gymnasium")
)
#: why a test of Dask (the extra ``dask``: ``pytest.importorskip("distributed", reason=...)``)
#: skips where it is absent
NO_DASK = extra_missing("dask", "Dask")


def _pure_explainer() -> bool:
    from sudoku_repl.techniques.explainer import native

    return not native.active()


#: A test that makes puzzles to an SE target (``generate --er``, ``--near``, a climb): it rates
#: hundreds of candidates, seconds on the native explainer and minutes on the pure one, so it
#: skips on the pure build (the bare machine), naming why. The pure maker is held to the native
#: one where both are (test_generate_maker.py: the same puzzles from the same seed); the bare
#: machine's own generate tests are those without an SE target.
NATIVE_EXPLAINER_NEEDED = (
    "makes puzzles to an SE target: minutes on the pure explainer (docs/native.md); "
    "the native build's run holds the pure maker to the native one"
)
NEEDS_NATIVE_EXPLAINER = pytest.mark.skipif(_pure_explainer(), reason=NATIVE_EXPLAINER_NEEDED)


def _pure_build() -> bool:
    """No C at all: the bare machine's build (.ci/pure), the core's, the explainer's and the
    measures' C all absent."""
    from sudoku_repl.core import native as core
    from sudoku_repl.techniques.difficulty import native as measures

    return not core.active() and _pure_explainer() and not measures.active()


#: The folders of the tests of a door (the shell's commands, the terminal, the full screen, the
#: DAP server, the page, the docs' sessions, the editors): what they hold is the door, and the
#: engine under it is the build's, held on each build by the engine's own tests (core,
#: techniques, tools) and the C to the pure engine by the differential ones. So CI runs them
#: once, in the main job on the native build: ``mark_doors`` marks them ``door``, which the bare
#: machine's run (.ci/pure, ``-m 'not slow and not door'``) leaves. A door's module whose subject
#: is the build itself (the pure build's notices and welcome, the pure wheel, the README's
#: session) says ``pytestmark = EACH_BUILD`` and runs on both; so does a test's pure case
#: (``pure_case``). A plain ``pytest`` runs them all.
DOOR_FOLDERS = frozenset(
    {"commands", "dap", "docs", "editors", "frontends", "terminal", "views", "web"}
)
DOOR = pytest.mark.door
EACH_BUILD = pytest.mark.each_build


def mark_doors(items: list[pytest.Item]) -> None:
    """``DOOR`` on the tests under ``DOOR_FOLDERS`` but those marked ``each_build`` or
    ``pure_case``."""
    tests = REPO / "tests"
    for item in items:
        parts = item.path.relative_to(tests).parts if item.path.is_relative_to(tests) else ()
        if (
            len(parts) > 1
            and parts[0] in DOOR_FOLDERS
            and item.get_closest_marker("each_build") is None
            and item.get_closest_marker("pure_case") is None
        ):
            item.add_marker(DOOR)


#: the tests measured slow on the pure build (``slow_on_pure``'s, listed: its header says why)
SLOW_ON_PURE_LIST = Path(__file__).with_name("slow_on_pure.txt")


def listed_slow_on_pure() -> set[str]:
    """The test ids of ``SLOW_ON_PURE_LIST`` (each line's first word; ``#`` lines are its
    header)."""
    lines = SLOW_ON_PURE_LIST.read_text(encoding="utf-8").splitlines()
    return {line.split()[0] for line in lines if line.strip() and not line.startswith("#")}


def mark_listed_slow_on_pure(items: list[pytest.Item]) -> None:
    """On the pure build, ``SLOW`` on the collected tests ``listed_slow_on_pure`` names (as
    ``slow_on_pure`` marks one by its decorator); on a build with C, nothing."""
    if not _pure_build():
        return
    listed = listed_slow_on_pure()
    for item in items:
        if item.nodeid in listed:
            item.add_marker(SLOW)


F = TypeVar("F", bound=Callable[..., object])


def slow_on_pure(test: F) -> F:
    """A test of the Python around the engine that takes seconds on the native build and half a
    minute or more on the pure one (the engine's work: a bank of ratings, a big file's canonical
    forms, every measure): marked ``slow`` on the pure build only. The bare machine's run
    (.ci/pure, ``-m 'not slow'``) leaves it to CI's main job, which runs it natively; the pure
    engine under it is held to the C by the differential tests (tests/*/test_native*.py,
    test_canonical.py) and to the oracles by its own tests. A plain ``pytest`` runs it on both."""
    return SLOW(test) if _pure_build() else test


def variant_modules_once() -> list[pytest.MarkDecorator]:
    """The marks of a module of Sudoku Explainer and the maker on variant rules: long on
    either build (serate's whole paths, the maker's ratings), so CI runs them once, in the
    second core's run of the slow tests on the native build (the main job's suite is CI's
    longer core), where the explainer's C on the rules' geometry takes the chains; that C is
    held to the pure Python, the reference, on the same goldens' states by
    ``test_native_ruled_chains``. Marked ``slow`` on every build, which the bare machine's run
    (.ci/pure) and the main job's (``-m 'not slow ...'``) leave. A plain ``pytest`` runs them.
    ``pytestmark = variant_modules_once()``."""
    return [SLOW]


def skip_on_the_pure_explainer() -> None:
    """``NEEDS_NATIVE_EXPLAINER`` for a case known inside its test (a doc's transcript or
    program that makes puzzles to an SE target)."""
    if _pure_explainer():
        pytest.skip(NATIVE_EXPLAINER_NEEDED)


T = TypeVar("T")


def slow_cases(values: Iterable[T], is_slow: Callable[[T], bool]) -> list[Any]:
    """The cases of a parametrized test, the long ones (``is_slow``) marked ``slow``: the quick
    run keeps the others."""
    return [pytest.param(v, marks=SLOW) if is_slow(v) else v for v in values]


def slow_cases_on_pure(values: Iterable[T], is_slow: Callable[[T], bool]) -> list[Any]:
    """``slow_cases`` on the pure build only (as ``slow_on_pure``): the native build's quick
    run keeps them all."""
    pure = _pure_build()
    return slow_cases(values, lambda v: pure and is_slow(v))


# -- the original's text ---------------------------------------------------------------------

#: The prompt of every command (docs/commands.md 1); a transcript shows a blank line before it.
PROMPT = "Order please:"
#: gdb's pager line: the interactive shell's long output stops at it.
MORE = "--Type <RET> for more, q to quit, c to continue without paging--"
#: The guess question, up to its default answer (docs/commands.md 7).
QUESTION = "Take a guess please, by default it will be "
NO_QUIZ = "No quiz loaded. Use load-quiz <file>."

#: The banner and the Order List of SudokuSolver 2.6: the ten commands of the original.
ORDER_LIST = [
    "Sudoku Solver 2.6 2021/10/30 by readalps",
    "",
    "Order List:",
    "load-quiz <file>: load quiz from file",
    "show: show quiz info",
    "levels: show info about guess levels",
    "run-mode [1|2|0]: query or change working mode",
    "guess-mode [1|0]: query or change guessing mode",
    "step: step forward",
    "run: run till the end or a new solution met",
    "runtil <steps>: run till certain steps run",
    "runrun <sum>: run till the end or certain new solutions met",
    "bye: quit",
]
#: The head of ``help``'s list: the same, but ``run-mode`` as it is now, with the modes the
#: techniques added (the Order List after an unknown command keeps 2.6's words).
HELP_ORDER_LIST = [
    *ORDER_LIST[:6],
    "run-mode [0|1|2|3|4|5]: query or change working mode",
    *ORDER_LIST[7:],
]
#: What follows the line of an unknown command (docs/commands.md 2): the original's banner and
#: Order List as 2.6 prints them, then one line saying where the other commands are.
AFTER_UNKNOWN = [*ORDER_LIST, "help lists the other commands; help <command> explains one."]
#: The names of those ten commands, in the Order List's order.
ORIGINAL_TEN = [entry.split()[0].rstrip(":") for entry in ORDER_LIST[3:]]

#: The seed quiz's grid as ``show`` prints it (each band followed by a blank line).
SEED_GRID = [
    "005 300 000",
    "800 000 020",
    "070 010 500",
    "",
    "400 005 300",
    "010 070 006",
    "003 200 080",
    "",
    "060 500 009",
    "004 000 030",
    "000 009 700",
    "",
]

#: The engine lines of the seed's step 6 (seed_interactive.trace, and the article).
STEP6_TRACE = [
    "2GW: 2 shrunken out of [4,3]",
    "2GW: 8 shrunken out of [4,3]",
    "2GW: 9 shrunken out of [4,3]",
    "2GW: 5 shrunken out of [6,1]",
    "2GW: 9 shrunken out of [6,1]",
    "CelSet: [4,3] [6,1] ValSet: 6 7",
    "6) blk 4 incomplete shrunken by group",
]

#: The article's ``levels`` listing after step 94 of the seed (tests/data/article_002_listings.txt).
LEVELS_94 = [
    "At guess level 10:",
    "Level 10 [2,6]=6 (2 out of 2)",
    "Level 9 [1,7]=1 (1 out of 2)",
    "Level 8 [1,5]=2 (1 out of 2)",
    "Level 7 [1,8]=9 (2 out of 2)",
    "Level 6 [1,2]=4 (2 out of 2)",
    "Level 5 [1,1]=6 (2 out of 2)",
    "Level 4 [3,3]=9 (2 out of 2)",
    "Level 3 [2,3]=1 (1 out of 2)",
    "Level 2 [4,3]=6 (1 out of 2)",
    "Level 1 [6,2]=5 (1 out of 2)",
]


# -- the shell in-process ----------------------------------------------------------------------


@dataclass
class ListOutput:
    """``Output`` keeping every line; ``errors`` are the lines sent through ``error`` (they are
    in ``lines`` too)."""

    lines: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def message(self, line: str) -> None:
        self.lines.append(line)

    def error(self, line: str) -> None:
        self.lines.append(line)
        self.errors.append(line)

    def clear(self) -> None:
        self.lines.clear()
        self.errors.clear()


def fake_clock() -> Callable[[], float]:
    """0.0, 0.25, 0.5, ...: a run command reads the clock twice, so it takes 250 ms (and twice
    more around each guess question's wait, whose one tick is left out: 250 ms more); no test
    depends on real time."""
    ticks = itertools.count()
    return lambda: next(ticks) * 0.25


class Answers:
    """Scripted answers to the guess question, in turn; records each question asked.

    An exception class among the answers is raised at its turn (``GuessAborted``: end of input
    at the question). When the answers run out, ``then`` is the answer (a string, ``""`` being
    Enter, or an exception class); without ``then`` an unexpected question fails the test."""

    def __init__(
        self, *answers: str | type[BaseException], then: str | type[BaseException] | None = None
    ) -> None:
        self.answers = iter(answers)
        self.then = then
        self.questions: list[str] = []

    def __call__(self, question: str) -> str:
        self.questions.append(question)
        answer = next(self.answers, self.then)
        if answer is None:
            raise AssertionError(f"unexpected question: {question}")
        if isinstance(answer, type):
            raise answer()
        return answer


class Shell:
    """A ``Repl`` with a ``ListOutput``, scripted ``Answers`` (by default none: a guess question
    fails the test) and the fake clock; each method returns the lines that one command printed."""

    def __init__(
        self, answers: Answers | None = None, interrupted: Callable[[], bool] = lambda: False
    ) -> None:
        self.out = ListOutput()
        self.answers = answers if answers is not None else Answers()
        self.repl = Repl(self.out, self.answers, clock=fake_clock(), interrupted=interrupted)

    def run(self, line: str) -> list[str]:
        """Run a command, whether it succeeds or not."""
        start = len(self.out.lines)
        self.repl.execute(line)
        return self.out.lines[start:]

    def ok(self, line: str) -> list[str]:
        """Run a command that must succeed."""
        start = len(self.out.lines)
        assert self.repl.execute(line), self.out.lines[start:]
        return self.out.lines[start:]

    def fails(self, line: str) -> list[str]:
        """Run a command that must fail."""
        start = len(self.out.lines)
        assert not self.repl.execute(line), self.out.lines[start:]
        return self.out.lines[start:]

    @property
    def steps(self) -> int:
        return self.repl.session.state().steps

    @classmethod
    def loaded(cls, *answers: str | type[BaseException]) -> Self:
        """A shell with the seed quiz loaded from its file, answering guess questions in turn."""
        shell = cls(Answers(*answers))
        assert shell.ok(f"load-quiz {SEED}") == ["Quiz loaded."]
        return shell


# -- the prompt in-process ---------------------------------------------------------------------

ENTER = "\r"


def typed(*lines: str) -> str:
    """The keys of ``lines`` typed at the prompt, each ended by Enter."""
    return "".join(line + ENTER for line in lines)


def interact(pipe: PipeInput, keys: str, history: InMemoryHistory | None = None) -> Repl:
    """Type ``keys`` (all of them up front: prompt_toolkit keeps the typeahead) and run the loop
    (the ``pipe`` fixture of ``conftest.py``)."""
    pipe.send_text(keys)
    return run_interactive(input=pipe, output=DummyOutput(), history=history or InMemoryHistory())


def completions(text: str, repl: Repl | None = None) -> list[str]:
    """The line as it reads after each completion offered for ``text`` (cells: the empty cells
    of ``repl``'s quiz, and its filled cells after ``why``)."""
    cells = (lambda: empty_cells(repl)) if repl else (lambda: [])
    filled = (lambda: filled_cells(repl)) if repl else (lambda: [])
    completer = CommandCompleter(cells, filled)
    found = completer.get_completions(Document(text, len(text)), CompleteEvent(True))
    return sorted(text[: len(text) + c.start_position] + c.text for c in found)


# -- the program -------------------------------------------------------------------------------


def program_env(**extra: str) -> dict[str, str]:
    """The environment with the repository first on ``PYTHONPATH``."""
    path = str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONPATH": path, **extra}


def run_program(
    *args: str, cwd: Path = REPO, timeout: float = 60, **kw: Any
) -> subprocess.CompletedProcess[Any]:
    """``python -m sudoku_repl ARGS`` to its end, its output captured (``input``, ``text`` and
    the rest as ``subprocess.run`` takes them)."""
    return subprocess.run(
        [sys.executable, "-m", "sudoku_repl", *args],
        cwd=cwd,
        env=kw.pop("env", None) or program_env(),
        capture_output=True,
        timeout=timeout,
        **kw,
    )


#: the lines of ``rate``'s CSV output before its rows: the settings line, the header
RATE_HEAD = 2


def wait_for_rows(path: Path, rows: int, proc: subprocess.Popen[bytes]) -> None:
    """Until ``path`` holds ``rows`` whole rows past its settings line and header (the run
    going on)."""
    deadline = time.monotonic() + 120
    while not path.exists() or path.read_bytes().count(b"\n") < rows + RATE_HEAD:
        assert proc.poll() is None, "the run ended before it was stopped"
        assert time.monotonic() < deadline, "no rows came"
        time.sleep(0.02)


#: whether this system says in what kernel function a process sleeps (Linux's /proc/PID/wchan)
WCHAN = Path("/proc/self/wchan").exists()


def wait_for_full_pipe(proc: subprocess.Popen[bytes]) -> None:
    """Until ``proc`` waits in a write to its standard output, a pipe nobody reads, full (its
    /proc/PID/wchan, ``WCHAN``): where a signal cuts a write short."""
    wchan = Path(f"/proc/{proc.pid}/wchan")
    deadline = time.monotonic() + 120
    while "pipe_write" not in wchan.read_text():  # (pipe_write, anon_pipe_write: the kernel's)
        assert proc.poll() is None, "the run ended before its pipe was full"
        assert time.monotonic() < deadline, "it never waited on its full pipe"
        time.sleep(0.02)


def terminal_env(tmp: Path, **extra: str) -> dict[str, str]:
    """A pseudo-terminal's environment: its own home and data folder under ``tmp``; nothing in
    the pty answers cursor position requests (``PROMPT_TOOLKIT_NO_CPR``)."""
    return program_env(
        TERM="xterm",
        HOME=str(tmp),
        XDG_DATA_HOME=str(tmp / "data"),
        PROMPT_TOOLKIT_NO_CPR="1",
        **extra,
    )


#: ``python -c AS_JOB ARGS``: ``python -m sudoku_repl ARGS`` as a job shell runs one, in a
#: process group of its own in the terminal's foreground under a parent that waits for it (a
#: stop signal to a pseudo-terminal's first process, whose group is orphaned, is discarded);
#: says its pid (``job N``) and ends with its exit status
AS_JOB = """
import os, signal, sys
pid = os.fork()
if pid == 0:
    signal.signal(signal.SIGTTOU, signal.SIG_IGN)  # (taking the foreground from the background)
    os.setpgid(0, 0)
    os.tcsetpgrp(0, os.getpid())
    signal.signal(signal.SIGTTOU, signal.SIG_DFL)
    os.execv(sys.executable, [sys.executable, "-m", "sudoku_repl", *sys.argv[1:]])
print(f"job {pid}", flush=True)
sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
"""


def spawn_shell(  # type: ignore[no-untyped-def]
    tmp: Path,
    *args: str,
    env: dict[str, str] | None = None,
    timeout: float = 20,
    as_job: bool = False,
):
    """``python -m sudoku_repl ARGS`` in a pseudo-terminal of 40 x 120 (pexpect); ``as_job``:
    run as a job (``AS_JOB``)."""
    import pexpect

    return pexpect.spawn(
        sys.executable,
        ["-c", AS_JOB, *args] if as_job else ["-m", "sudoku_repl", *args],
        cwd=str(REPO),
        env=env or terminal_env(tmp),
        encoding="utf-8",
        codec_errors="replace",
        timeout=timeout,
        dimensions=(40, 120),
        maxread=65536,
    )


#: a numbered line of a run's trace (``62) Guess [1,8] ...``): the step it was printed at
TRACE_STEP = re.compile(r"\n(\d+)\) ")
#: the progress line a silent command draws on a terminal (``frontends/progress_line.py``)
PROGRESS = re.compile(r"([\d,]+) steps, \d+\.\d s \(Ctrl-C stops\)")


def run_to_step(child: Any, target: int, ended: str | None = None) -> int:
    """Read a running command's trace in a pseudo-terminal (as it comes, so the run goes on at
    full speed) until a line of step ``target`` or later: the run is then provably under way
    there, and a Ctrl-C sent now interrupts it. The step of that line. Fails if the command
    printed ``ended`` first (it finished before the state to interrupt was reached)."""
    patterns = [TRACE_STEP] + ([re.compile(re.escape(ended))] if ended else [])
    while child.expect(patterns) == 0:
        if (step := int(child.match.group(1))) >= target:
            return step
    raise AssertionError(f"the command ended ({ended!r}) before step {target}")


def progress_drawn(child: Any, times: int) -> int:
    """Wait until a silent command's progress line has been drawn ``times`` times (it is redrawn
    as the command works): the steps it says last."""
    for _ in range(times):
        child.expect(PROGRESS)
    return int(child.match.group(1).replace(",", ""))


ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\r")


def plain(text: str) -> str:
    """Terminal output without escape sequences and carriage returns."""
    return ANSI.sub("", text)


def untimed(text: str) -> str:
    """Wall-clock milliseconds replaced by T (subprocess runs use the real clock)."""
    return re.sub(r"Run time: \d+ milliseconds", "Run time: T milliseconds", text)


def transcript_blocks(text: str) -> list[tuple[str, list[str]]]:
    """(command, output lines) per prompt of a batch transcript (a prompt with no command
    after it, at the end of the input, makes no block)."""
    prompt = ["", PROMPT]
    lines = text.split("\n")
    assert lines.pop() == "", "a transcript ends with a line break"
    starts = [i for i in range(len(lines) - 1) if lines[i : i + 2] == prompt]
    assert starts and starts[0] == 0, f"a transcript starts with the prompt: {lines[:3]}"
    blocks = []
    for k, i in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        if i + 2 < end:
            blocks.append((lines[i + 2], lines[i + 3 : end]))
    return blocks


# -- hooks ---------------------------------------------------------------------------------

Answer = str | Choice | Callable[[Cell, int], Choice]


def parse_answer(answer: str) -> Choice:
    """A typed answer to the guess question: empty = the default, or ``[r,c]=v``."""
    text = answer.strip()
    if not text:
        return None
    m = re.fullmatch(r"\[\s*(\d)\s*,\s*(\d)\s*\]\s*=\s*(\d)", text)
    if m is None:
        raise ValueError(f"not an answer: {answer!r}")
    r, c, v = (int(g) for g in m.groups())
    return (r - 1) * 9 + (c - 1), v


class RecordingHooks:
    """``session.Hooks`` for tests: keeps every event and its rendered lines, answers guess
    questions from a list (strings as typed, choices, or callables), never interrupted."""

    def __init__(self, answers: Iterable[Answer] = ()) -> None:
        self.answers: list[Answer] = list(answers)
        self.questions: list[tuple[Cell, int]] = []
        self.asked_at: list[int] = []  # len(self.lines) when each question was asked
        self.all_events: list[Event] = []
        self.lines: list[str] = []
        self._taken = 0

    # the Hooks protocol
    def events(self, events: Sequence[Event]) -> None:
        self.all_events.extend(events)
        self.lines.extend(trace_lines(events))

    def ask_guess(self, cell: Cell, value: int) -> Choice:
        self.questions.append((cell, value))
        self.asked_at.append(len(self.lines))
        if not self.answers:
            raise AssertionError(f"unexpected guess question, default {name(cell)}={value}")
        answer = self.answers.pop(0)
        if callable(answer):
            return answer(cell, value)
        if isinstance(answer, str):
            return parse_answer(answer)
        return answer

    def interrupted(self) -> bool:
        return False

    # for the tests
    def take(self) -> list[str]:
        """The lines recorded since the last ``take``."""
        new = self.lines[self._taken :]
        self._taken = len(self.lines)
        return new


class SilentHooks:
    """``session.Hooks`` that drop every event and take the default guess."""

    def events(self, events: object) -> None:
        pass

    def ask_guess(self, cell: Cell, value: int) -> Choice:
        return None

    def interrupted(self) -> bool:
        return False


def name(cell: Cell) -> str:
    r, c = divmod(cell, 9)
    return f"[{r + 1},{c + 1}]"


# -- reference traces ------------------------------------------------------------------------

FIGURES = re.compile(r"# steps (\d+), solution sum (\d+), biggest level (\d+)")


class Figures(NamedTuple):
    """The ``# steps N, solution sum K, biggest level B`` line after a run command."""

    steps: int
    solutions: int
    biggest: int


@dataclass
class TraceCommand:
    command: str
    lines: list[str] = field(default_factory=list)
    figures: Figures | None = None


@dataclass
class TraceQuiz:
    """One ``# quiz`` section of a trace file: header comments before it, then commands."""

    path: Path
    number: int  # 1-based within its file
    quiz: str
    header: list[str]
    commands: list[TraceCommand] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"{self.path.stem}-{self.number:02d}"


def parse_trace(path: Path) -> list[TraceQuiz]:
    """The quizzes of a reference trace file (format in the files' header comments)."""
    quizzes: list[TraceQuiz] = []
    header: list[str] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path.name}:{n}"
        if line.startswith("# quiz "):
            quizzes.append(TraceQuiz(path, len(quizzes) + 1, line[7:].strip(), header))
            header = []
        elif line.startswith("# steps"):
            m = FIGURES.fullmatch(line)
            assert m, f"{where}: bad figures line {line!r}"
            assert quizzes and quizzes[-1].commands, f"{where}: figures before a command"
            cmd = quizzes[-1].commands[-1]
            assert cmd.figures is None, f"{where}: two figures lines for one command"
            cmd.figures = Figures(*(int(g) for g in m.groups()))
        elif line.startswith("> "):
            assert quizzes, f"{where}: command before any quiz"
            quizzes[-1].commands.append(TraceCommand(line[2:].strip()))
        elif line.startswith("#"):
            assert not quizzes or not quizzes[-1].commands, f"{where}: comment inside a quiz"
            header.append(line)
        else:
            assert quizzes and quizzes[-1].commands, f"{where}: trace line outside a command"
            cmd = quizzes[-1].commands[-1]
            assert cmd.figures is None, f"{where}: trace line after the figures"
            cmd.lines.append(line)
    assert not header, f"{path.name}: comments after the last quiz"
    return quizzes


def reference_lines(file: str) -> list[list[str]]:
    """The engine lines of each command of a reference trace of one quiz (``tests/data/reference``)."""
    (quiz,) = parse_trace(REFERENCE / file)
    return [command.lines for command in quiz.commands]


# -- the edge cases ----------------------------------------------------------------------------


@dataclass(frozen=True)
class EdgeCase:
    puzzle: str
    label: str
    expected: int | None  # None: ">=100000"
    solution: str


@cache
def edge_cases() -> tuple[EdgeCase, ...]:
    """The rows of ``tests/data/edge_cases_expected.tsv``."""
    with open(EDGE_CASES, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    assert rows, "edge_cases_expected.tsv is empty"
    return tuple(
        EdgeCase(
            r["puzzle"],
            r["label"],
            None if r["expected_solutions"].startswith(">") else int(r["expected_solutions"]),
            r["solution_if_unique"] or "",
        )
        for r in rows
    )


def edge_case(label: str) -> EdgeCase:
    found = [e for e in edge_cases() if e.label == label]
    assert len(found) == 1, label
    return found[0]


# -- grids ------------------------------------------------------------------------------------


def grid_of(text: str) -> list[int]:
    """An 81-character quiz (``0`` or ``.`` = empty) as a list of ints."""
    assert len(text) == 81, text
    return [0 if ch in ".0" else int(ch) for ch in text]


def read_lines(path: Path) -> list[str]:
    """The lines of a file that are not blank, stripped (a one-quiz-per-line file: its quizzes)."""
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def puzzle_lines(name: str) -> list[str]:
    """The quizzes of a one-quiz-per-line file of ``puzzles/``."""
    return read_lines(PUZZLES / name)
