"""Start-up time: ``sudoku-repl -c bye`` against ``python -c pass``, and the
time until the interactive shell's first prompt is usable, in a pseudo-terminal.

    python benchmarks/bench_startup.py [--runs N]

Targets: ``sudoku-repl -c bye`` takes at most 2x ``python -c pass`` (the same interpreter, so the
same site-packages start-up), measured both as ``python -m sudoku_repl`` and through the console
script next to the interpreter, when it is there; the first prompt is usable within 0.35 s of the
launch, without a quiz and with the README's first command (``sudoku-repl examples/seed.txt``),
and in a terminal that never answers cursor-position requests. Beside them, a
program that imports prompt_toolkit and then reads a line: the floor of a prompt drawn by
prompt_toolkit. The runs import this checkout (``PYTHONPATH``, ``common.program_env``).

Two times per shell: ``prompt``, when ``Order please:`` is on the screen, and ``usable``, when
the output of a command typed the moment the prompt appears (``help bye``) has come back: the
prompt took the keys and ran the line. The target is the second.

Byte code is present: the package is compiled first, each command runs once unmeasured, and the
report says how many of the modules a session imports have current byte code. The commands are
measured N times each, alternated so that a change in the machine's load hits all alike; the
medians count. Each command runs as a subprocess, the way a user runs it (fork, exec and the
interpreter's own start included); the ``cpu`` column is its CPU seconds, which the other
processes of a shared machine stretch less than its wall time. The pseudo-terminal answers the
shell's cursor position requests at once, as a terminal emulator does (but in the case that
never answers: there a line entered within ``cursor_requests.TIMEOUT`` of the first prompt waits
for the rest of that time, once); the shell's history goes to a temporary folder.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from common import REPO, children_cpu, machine, program_env, verdict

BYE_TARGET = 2.0  # sudoku-repl -c bye / python -c pass
USABLE_TARGET = 0.35  # seconds to the first prompt's taking a command
PROMPT = "Order please:"
#: the command typed at the first prompt, and a line of its output
COMMAND = "help bye"
ANSWER = "bye: quit"
CPR_REQUEST = "\x1b[6n"  # the cursor position request, and a terminal's answer (row 1, col 1)
CPR_ANSWER = "\x1b[1;1R"
FLOOR = "import prompt_toolkit, read a line"

#: what a session imports, checked for byte code: the command line, the shell, every command
BYTECODE_PROBE = """
import importlib, importlib.util, os, pkgutil, struct, sys
from sudoku_repl.assembly import register_all
import sudoku_repl.commands, sudoku_repl.frontends.cli, sudoku_repl.frontends.shell
register_all()
for found in pkgutil.iter_modules(sudoku_repl.commands.__path__):
    importlib.import_module("sudoku_repl.commands." + found.name)
current = stale = 0
names = []
for module in list(sys.modules.values()):
    source = getattr(module, "__file__", None)
    if not source or not source.endswith(".py"):
        continue
    cached = importlib.util.cache_from_source(source)
    try:
        with open(cached, "rb") as f:
            head = f.read(16)
        st = os.stat(source)
        flags, mtime, size = struct.unpack("<3I", head[4:16])
        fresh = flags & 1 or (mtime == int(st.st_mtime) & 0xFFFFFFFF and size == st.st_size)
    except OSError:
        fresh = False
    if fresh:
        current += 1
    else:
        stale += 1
        names.append(module.__name__)
print(current, stale, " ".join(sorted(names)[:8]))
"""


def console_script() -> Path | None:
    """The installed ``sudoku-repl`` next to this interpreter, if any."""
    for folder in {Path(sys.executable).parent, Path(sys.executable).resolve().parent}:
        found = folder / ("sudoku-repl.exe" if os.name == "nt" else "sudoku-repl")
        if found.is_file():
            return found
    return None


def child_env() -> dict[str, str]:
    """This checkout first on the path; byte code written where it is missing."""
    env = program_env()
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def bytecode() -> str:
    """Compile the package, then say how many imported modules have current byte code."""
    compileall.compile_dir(REPO / "src" / "sudoku_repl", quiet=1)
    done = subprocess.run(
        [sys.executable, "-c", BYTECODE_PROBE],
        env=child_env(),
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    current, stale, *names = done.stdout.split()
    line = (
        f"{current} of {int(current) + int(stale)} modules a session imports have current byte code"
    )
    return line + (f" (not: {' '.join(names)} ...)" if int(stale) else "")


def run_once(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of ``argv`` as a subprocess (no input, output dropped)."""
    cpu = children_cpu()
    start = time.perf_counter()
    subprocess.run(
        argv,
        env=child_env(),
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        check=True,
    )
    return time.perf_counter() - start, children_cpu() - cpu


def first_prompt(
    argv: list[str], home: str, answers_cpr: bool = True
) -> tuple[float, float, float]:
    """Seconds from spawning ``argv`` in a pseudo-terminal to the first ``Order please:``, and
    to the output of ``COMMAND`` typed the moment it appeared; then ``bye`` (CPU seconds of the
    whole session, third). The terminal answers cursor-position requests unless
    ``answers_cpr`` is False."""
    import pexpect

    env = child_env()
    env.update(TERM="xterm", HOME=home, XDG_DATA_HOME=str(Path(home) / "data"))
    env.pop("PROMPT_TOOLKIT_NO_CPR", None)
    cpu = children_cpu()
    start = time.perf_counter()
    child = pexpect.spawn(
        argv[0], argv[1:], cwd=str(REPO), env=env, encoding="utf-8", dimensions=(24, 80)
    )
    child.delaybeforesend = None  # a terminal answers at once

    def expect(text: str | type[pexpect.EOF]) -> float:
        """When ``text`` is seen, cursor-position requests answered meanwhile."""
        while child.expect_exact([CPR_REQUEST, text], timeout=30) == 0:
            if answers_cpr:
                child.send(CPR_ANSWER)
        return time.perf_counter() - start

    try:
        prompt = expect(PROMPT)
        child.send(COMMAND + "\r")
        usable = expect(ANSWER)
        child.send("bye\r")
        expect(pexpect.EOF)
    finally:
        child.close(force=True)
    if child.exitstatus != 0:
        raise RuntimeError(f"{' '.join(argv)} ended with {child.exitstatus}")
    return prompt, usable, children_cpu() - cpu


def medians(
    cases: dict[str, Callable[[], tuple[float, ...]]], runs: int
) -> dict[str, tuple[float, ...]]:
    """Each case once unmeasured, then ``runs`` times, alternated: the median of each figure."""
    for measure in cases.values():
        measure()
    times: dict[str, list[tuple[float, ...]]] = {name: [] for name in cases}
    for _ in range(runs):
        for name, measure in cases.items():
            times[name].append(measure())
    return {
        name: tuple(statistics.median(figures) for figures in zip(*got))
        for name, got in times.items()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="measured runs of each command")
    args = parser.parse_args()
    python = sys.executable
    script = console_script()
    print(f"bench_startup: {machine()}, {args.runs} runs each, alternated, medians")
    print(f"interpreter: {python}")
    print(f"console script: {script or 'none next to the interpreter'}")
    print(f"byte code: package compiled; {bytecode()}; each command run once first")

    batch: dict[str, list[str]] = {
        "python -c pass": [python, "-c", "pass"],
        "python -m sudoku_repl -c bye": [python, "-m", "sudoku_repl", "-c", "bye"],
    }
    if script is not None:
        batch["sudoku-repl -c bye"] = [str(script), "-c", "bye"]
    found = medians(
        {name: lambda argv=argv: run_once(argv) for name, argv in batch.items()}, args.runs
    )
    base = found["python -c pass"][0]
    print()
    print(f"{'command':<34} {'wall ms':>8} {'cpu ms':>7}  ratio to python -c pass")
    missed = False
    for name, (wall, cpu) in found.items():
        line = f"{name:<34} {wall * 1000:8.1f} {cpu * 1000:7.1f}"
        if name != "python -c pass":
            ratio = wall / base
            missed |= ratio > BYE_TARGET
            line += f"  {ratio:.2f} (target <= {BYE_TARGET}: {verdict(ratio <= BYE_TARGET)})"
        print(line)

    try:
        import pexpect  # noqa: F401 - the pseudo-terminal runs need it
    except ImportError:
        print("\nfirst prompt: pexpect is not installed (pip install '.[test]'): not measured")
        return 1 if missed else 0
    shell = [str(script)] if script is not None else [python, "-m", "sudoku_repl"]
    name = "sudoku-repl" if script is not None else "python -m sudoku_repl"
    floor = [
        python,
        "-c",
        f"import prompt_toolkit, sys; print({PROMPT!r}); sys.stdin.readline(); print({ANSWER!r});"
        " sys.stdin.readline()",
    ]
    no_cpr = f"{name}, never answers CPR"
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as home:
        shells: dict[str, Callable[[], tuple[float, ...]]] = {
            name: lambda: first_prompt(shell, home),
            f"{name} examples/seed.txt": lambda: first_prompt([*shell, "examples/seed.txt"], home),
            no_cpr: lambda: first_prompt(shell, home, answers_cpr=False),
            FLOOR: lambda: first_prompt(floor, home),
        }
        prompts = medians(shells, args.runs)
    print()
    print(f"first prompt in a pseudo-terminal (prompt: {PROMPT} on the screen; usable: the output")
    print(f"of {COMMAND!r} typed as it appeared; cpu: the whole session, to bye)")
    print(f"{'command':<34} {'prompt ms':>9} {'usable ms':>9} {'cpu ms':>7}")
    for label, (prompt, usable, cpu) in prompts.items():
        line = f"{label:<34} {prompt * 1000:9.1f} {usable * 1000:9.1f} {cpu * 1000:7.1f}"
        if label == FLOOR:
            line += "  (prompt_toolkit imported, then a line read)"
        else:
            holds = usable <= USABLE_TARGET
            missed |= not holds
            line += f"  (target <= {USABLE_TARGET} s: {verdict(holds)})"
        print(line)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
