"""The web page (issue 67, docs/web.md): seconds from navigation to the first prompt, on a first
visit (cold: the service worker set up and the page reloaded once, Pyodide and the wheels
fetched) and on a second (the browser's caches warm), each split in its phases (the page's
marks, ``window.sudokuRepl.timings()``); the page's folder in MB; and the engine in the page
against the pure engine in CPython on the same commands (the seed's ``runrun 0``, five times,
the seed loaded again before each; Sudoku Explainer's rating of 20 puzzles, ``--scale
steps,se``), one run each, as ratios.

    python benchmarks/bench_web.py [--page OUT]

Without ``--page`` the page is built first (``web/build`` into a temporary folder: Node, npm).
The page is served by ``python3 -m http.server`` on the loopback and opened in Debian's chromium
(playwright-core, ``benchmarks/bench_web.mjs``); a command's time in the page is from Enter to
the next prompt, by the page's own clock (``window.sudokuRepl.took()``: the worker's messages
and the terminal's drawing included, the typing not).

CPython is measured twice on the same command lines, with ``SUDOKU_REPL_ENGINE=pure``:

- **the shell in a terminal**, as its user meets it and as the page runs it: ``sudoku-repl
  examples/seed.txt`` in a pseudo-terminal (pexpect), each line typed, then Enter, timed to the
  next prompt; its lines printed as they come, as the page's are. This is the like-for-like
  figure the target is held to, by two clocks: Enter to the prompt, and the engine's own (the
  ``Run time`` lines ``runrun`` prints: its clock around the run alone, its trace included);
- **the engine alone**: the shell's ``Repl`` in this process, its output to a string, each
  command timed in a row (no terminal, no pause between commands): the engine's best case, for
  reference.

The rating is the shell's ``rate FILE --limit 20 --scale steps,se`` where the shell has that
command, else ``difficulty --measures steps,se`` of each of the 20 quizzes (the same SE rating
of each), said in the report.

Targets: the first prompt within 10 s cold on an idle 2-core machine (aim 4 s), within 3 s on a
second visit; the engine in the page at most 3x the pure engine in CPython; the folder at most
25 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from common import machine

from tests.support.helpers import spawn_shell, terminal_env
from tests.web.built import served

REPO = Path(__file__).resolve().parents[1]
SEED = "examples/seed.txt"
RATED = "puzzles/norvig_top95.txt"
COUNT = 20
ROUNDS = 5
#: the start's phases, as the page marks them (``window.sudokuRepl.timings()``, web/page.mjs and
#: web/worker.mjs: each mark the end of its phase, the previous mark its start)
PHASES = {
    "page": "the page's modules (xterm.js)",
    "manifest": "the manifest",
    "worker": "the worker's module",
    "start": "the worker started",
    "wasm": "Pyodide's WebAssembly compiled and started, the standard library fetched",
    "pyodide": "Python's start (CPython's, then Pyodide's modules)",
    "fetched": "the wheels' zip and the files fetched (beyond Python's start)",
    "site": "the wheels' zip in place, the files unpacked",
    "import": "importing the shell (prompt_toolkit, sudoku_repl)",
    "prompt": "the shell's start: the seed loaded, the first prompt",
}

#: CPython's half: each command line timed through the shell's Repl, the pure engine
CPYTHON = """
import io, json, sys, time
from sudoku_repl.assembly import register_commands
from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.frontends.batch import TranscriptOutput
register_commands()
commands, timed = json.loads(sys.argv[1])
text = io.StringIO()
repl = Repl(TranscriptOutput(text), lambda question: "")
seconds = {}
for line in commands:
    start = time.perf_counter()
    repl.execute(line)
    took = time.perf_counter() - start
    if line in timed:
        seconds[timed[line]] = seconds.get(timed[line], 0) + took
print(json.dumps({"seconds": seconds, "transcript": text.getvalue()}))
"""

#: what the shell's prompt_toolkit writes when a command's line is taken (bracketed paste off)
#: and when the next prompt begins (on again): the command's output lies between
COMMAND_BEGINS, PROMPT_BEGINS = "\x1b[?2004l", "\x1b[?2004h"


def terminal_run(
    commands: list[str], timed: dict[str, str], home: Path
) -> tuple[dict[str, float], str]:
    """The CPython shell in a pseudo-terminal (``sudoku-repl examples/seed.txt``, the pure
    engine), as a person runs it: each line typed, then Enter, timed to the next prompt. Returns
    the seconds of each timed group and what the commands printed."""
    import time

    import pexpect

    env = terminal_env(home, SUDOKU_REPL_ENGINE="pure")
    child = spawn_shell(home, SEED, env=env, timeout=1800)
    child.delaybeforesend = None  # (pexpect sleeps 50 ms before each send by default)
    seconds: dict[str, float] = {}
    said = []
    try:
        child.expect_exact("Order please:")
        for line in commands:
            child.send(line)
            child.expect_exact(line)  # (drawn: the typing is not timed)
            start = time.perf_counter()
            child.send("\r")
            child.expect_exact(COMMAND_BEGINS)
            child.expect_exact(PROMPT_BEGINS)
            said.append(child.before)
            child.expect_exact("Order please:")
            took = time.perf_counter() - start
            if line in timed:
                seconds[timed[line]] = seconds.get(timed[line], 0) + took
        child.sendline("bye")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    return seconds, "".join(said).replace("\r\n", "\n")


#: the engine's own time of a run, as the shell prints it after ``runrun`` (its clock around the
#: search alone, in the page as in CPython)
RUN_TIME = re.compile(r"^Run time: (\d+) milliseconds", re.M)


def run_ms(transcript: str) -> int:
    """The sum of a transcript's ``Run time: N milliseconds`` lines."""
    return sum(int(ms) for ms in RUN_TIME.findall(transcript))


def rating_commands(shell_rates: bool) -> list[tuple[str, str | None]]:
    """The rating's command lines, the timed ones with their group."""
    if shell_rates:
        return [(f"rate {RATED} --limit {COUNT} --scale steps,se", "rate")]
    lines: list[tuple[str, str | None]] = []
    for k in range(1, COUNT + 1):
        lines += [(f"load-quiz {RATED} {k}", None), ("difficulty --measures steps,se", "rate")]
    return lines


def shell_has_rate() -> bool:
    """Whether the shell has a ``rate`` command (issue 66), asked of this checkout's shell."""
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "-c", "help rate"],
        capture_output=True, text=True, cwd=REPO,
    )  # fmt: skip
    return "not a command of the shell" not in done.stdout


def phase_lines(marks: dict[str, float]) -> list[str]:
    """The start's phases in seconds, each from the mark before it (the first from the
    navigation), named as ``PHASES`` names them."""
    lines, before = [], 0.0
    for name, at in marks.items():
        lines.append(f"    {at - before:5.2f} s  {PHASES.get(name, name)}")
        before = at
    return lines


def folder_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--page", type=Path, help="a page web/build made (default: build one)")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    node = shutil.which("node")
    if chromium is None or node is None:
        sys.exit(
            "bench_web: needs Debian's chromium and Node (apt-get install chromium nodejs npm)"
        )
    with tempfile.TemporaryDirectory(prefix="bench-web-") as temp:
        tmp = Path(temp)
        page = args.page
        if page is None:
            page = tmp / "page"
            subprocess.run([str(REPO / "web" / "build"), str(page)], check=True)
        site = tmp / "site"
        shutil.copytree(page, site)
        rates = shell_has_rate()
        # (the seed's runrun 0 takes some 30 ms in CPython: five of them, the seed loaded again)
        seed_runs = [("load-quiz " + SEED, None), ("runrun 0", "runrun")] * ROUNDS
        lines = [*seed_runs, *rating_commands(rates)]
        commands = [line for line, _ in lines]
        timed = {line: group for line, group in lines if group}
        (tmp / "commands.json").write_text(json.dumps({"commands": commands, "timed": timed}))
        with served(site) as origin:
            done = subprocess.run(
                [node, str(REPO / "benchmarks" / "bench_web.mjs"), origin, chromium,
                 str(tmp / "profile"), str(tmp / "commands.json")],
                capture_output=True, text=True, check=True,
            )  # fmt: skip
        web = json.loads(done.stdout)
        local = subprocess.run(
            [sys.executable, "-c", CPYTHON, json.dumps([["load-quiz " + SEED, *commands], timed])],
            capture_output=True, text=True, check=True, cwd=REPO,
            env={**os.environ, "SUDOKU_REPL_ENGINE": "pure"},
        )  # fmt: skip
        alone = json.loads(local.stdout)
        terminal, terminal_said = terminal_run(commands, timed, tmp)
        size = folder_mb(page)
    how = "the shell's rate" if rates else "difficulty --measures steps,se of each"
    print(f"first prompt, cold:          {web['cold']:6.2f} s   (target <= 10 s, aim 4 s)")
    print(f"first prompt, second visit:  {web['second']:6.2f} s   (target <= 3 s)")
    for visit in ("cold", "second"):
        print(f"  the {visit} visit's start, phase by phase (from its page's navigation):")
        print("\n".join(phase_lines(web["phases"][visit])))
    print(
        "the engine in the page against the pure engine in CPython (target <= 3x), the CPython "
        "shell in a terminal\n(like for like) and, for reference, CPython's engine alone "
        "(output to a string, commands in a row):"
    )
    page_ms = run_ms(web["transcript"])
    for group, label in (
        (("runrun", f"seed's runrun 0 ({ROUNDS} times)")),
        ("rate", f"{COUNT} quizzes rated ({how})"),
    ):
        took = web["seconds"][group]
        print(
            f"  {label}, Enter to the prompt: page {took:.2f} s; CPython shell {terminal[group]:.2f} "
            f"s: {took / terminal[group]:.2f}x; engine alone {alone['seconds'][group]:.2f} s: "
            f"{took / alone['seconds'][group]:.2f}x"
        )
        if group == "runrun":
            shell_ms, alone_ms = run_ms(terminal_said), run_ms(alone["transcript"])
            print(
                f"  {label}, the engine's own clock (its `Run time` lines): page {page_ms} ms; "
                f"CPython shell {shell_ms} ms: {page_ms / max(shell_ms, 1):.2f}x; engine alone "
                f"{alone_ms} ms: {page_ms / max(alone_ms, 1):.2f}x"
            )
    print(f"the machine: {machine()}")
    print(f"the page's folder:           {size:6.1f} MB  (target <= 25 MB)")


if __name__ == "__main__":
    main()
