"""The web page (docs/web.md): seconds from navigation to the first prompt, on a first
visit (cold: the service worker set up and the page reloaded once, Pyodide and the wheels
fetched) and on a second (the browser's caches warm), each split in its phases (the page's
marks, ``window.sudokuRepl.timings()``); the page's folder in MB; and, in one run, the page on
its C core against the CPython shell on the C core, and the page on the pure engine
against the pure engine in CPython, on the same commands: the seed's ``runrun 0``,
five times, the seed loaded again before each; Sudoku Explainer's rating of 20 puzzles
(``--scale steps,se``); on the C only, the SE rating of one puzzle of SER 11.8
(tests/data/se_hard_rated.txt's 27th: some 3 s of the C, minutes of the pure engine), each
as a ratio.

    python benchmarks/bench_web.py [--page OUT] [--at-once]

Without ``--page`` the page is built first (``web/build`` into a temporary folder: Node, npm,
and ziglang for its C). The page on the pure engine is the same page beside it, its manifest
naming no C module (``tests/web/built.page_beside``: its welcome says so). The page is served by ``python3 -m http.server`` on the loopback and opened in Debian's chromium
(playwright-core, ``benchmarks/bench_web.mjs``); a command's time in the page is from Enter to
the next prompt, by the page's own clock (``window.sudokuRepl.took()``: the worker's messages
and the terminal's drawing included, the typing not). The page's first line is typed once the
shell's idle warm-up is done (``window.sudokuRepl.warm()``: its runs of the seed while the
prompt waits, a few tenths of a second, the time a person takes to read the prompt; docs/web.md,
"Speed"), or with ``--at-once`` as soon as the prompt shows (the page's first commands then pay
for warming the interpreter).

CPython is measured twice on the same command lines, on each engine (``SUDOKU_REPL_ENGINE``
``native``, then ``pure``):

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
second visit; the page on the C core at most 2x the CPython shell on the C core on each of the
three (aim 1.5x); the pure engine in the page at most 3x the pure engine in CPython; the folder
at most 25 MB.
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
from typing import Any

from common import machine, verdict

from tests.support.helpers import spawn_shell, terminal_env
from tests.web.built import page_beside, served

REPO = Path(__file__).resolve().parents[1]
SEED = "examples/seed.txt"
RATED = "puzzles/norvig_top95.txt"
#: a puzzle of SER >= 10 the C rates in seconds (2.7 s of CPU in CPython on an idle machine):
#: tests/data/se_hard_rated.txt's 27th, its line gives its rating (ER 11.8, EP 11.8, ED 11.5)
HARD = (REPO / "tests" / "data" / "se_hard_rated.txt").read_text().splitlines()[26].split()
#: the two engines (``SUDOKU_REPL_ENGINE``), each run by the page, the CPython shell and the
#: engine alone: the C core, then the pure engine; each one's ratio target
ENGINES = {"native": 2.0, "pure": 3.0}
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
    commands: list[str], timed: dict[str, str], home: Path, engine: str
) -> tuple[dict[str, float], str]:
    """The CPython shell in a pseudo-terminal (``sudoku-repl examples/seed.txt``, on ``engine``),
    as a person runs it: each line typed, then Enter, timed to the next prompt. Returns the
    seconds of each timed group and what the commands printed."""
    import time

    import pexpect

    home.mkdir(exist_ok=True)
    env = terminal_env(home, SUDOKU_REPL_ENGINE=engine)
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
    """Whether the shell has a ``rate`` command, asked of this checkout's shell."""
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


def engine_lines(rates: bool) -> dict[str, list[tuple[str, str | None]]]:
    """Each engine's command lines, the timed ones with their group: the seed's runs, the
    rating, and on the C the hard puzzle's SE rating."""
    # (the seed's runrun 0 takes some 30 ms in pure CPython: five of them, the seed loaded again)
    seed_runs = [("load-quiz " + SEED, None), ("runrun 0", "runrun")] * ROUNDS
    both = [*seed_runs, *rating_commands(rates)]
    hard = [(f"load-quiz {HARD[0]}", None), ("difficulty --measures se", "hard")]
    return {"native": [*both, *hard], "pure": both}


def cpython_runs(
    lines: list[tuple[str, str | None]], engine: str, home: Path
) -> tuple[dict[str, float], str, dict[str, Any]]:
    """The CPython shell's run of ``lines`` on ``engine`` in a terminal (its seconds a group and
    what it printed), and the engine alone's (``CPYTHON``: its seconds and transcript)."""
    commands = [line for line, _ in lines]
    timed = {line: group for line, group in lines if group}
    local = subprocess.run(
        [sys.executable, "-c", CPYTHON, json.dumps([["load-quiz " + SEED, *commands], timed])],
        capture_output=True, text=True, check=True, cwd=REPO,
        env={**os.environ, "SUDOKU_REPL_ENGINE": engine},
    )  # fmt: skip
    alone: dict[str, Any] = json.loads(local.stdout)
    terminal, said = terminal_run(commands, timed, home, engine)
    return terminal, said, alone


def compare(
    engine: str,
    web: dict[str, Any],
    cpython: tuple[dict[str, float], str, dict[str, Any]],
    how: str,
) -> list[str]:
    """The report's lines of one engine: the page against the CPython shell (``cpython``:
    ``cpython_runs``', the ratio held to its target) and the engine alone, each group's seconds
    and ratio, and the seed's runs by the engine's own clock; ``how``: the rating's commands."""
    terminal, said, alone = cpython
    labels = {
        "runrun": f"seed's runrun 0 ({ROUNDS} times)",
        "rate": f"{COUNT} quizzes rated ({how})",
        "hard": f"SE rating of a puzzle of SER {HARD[1]} (se_hard_rated.txt's 27th)",
    }
    lines = []
    for group, took in web["seconds"].items():
        lines.append(
            f"  {labels[group]}, Enter to the prompt: page {took:.2f} s; CPython shell "
            f"{terminal[group]:.2f} s: {took / terminal[group]:.2f}x "
            f"({verdict(took / terminal[group] <= ENGINES[engine])}); engine alone "
            f"{alone['seconds'][group]:.2f} s: {took / alone['seconds'][group]:.2f}x"
        )
        if group == "runrun":
            page_ms, shell_ms = run_ms(web["transcript"]), run_ms(said)
            alone_ms = run_ms(alone["transcript"])
            lines.append(
                f"  {labels[group]}, the engine's own clock (its `Run time` lines): page "
                f"{page_ms} ms; CPython shell {shell_ms} ms: {page_ms / max(shell_ms, 1):.2f}x; "
                f"engine alone {alone_ms} ms: {page_ms / max(alone_ms, 1):.2f}x"
            )
            lines.append(
                f"    each run, ms: page {', '.join(RUN_TIME.findall(web['transcript']))}; "
                f"CPython shell {', '.join(RUN_TIME.findall(said))}"
            )
    return lines


def checked(engine: str, web: dict[str, Any], said: str) -> None:
    """Exits where a run did not measure what it says: the page not on ``engine``, or the hard
    puzzle not rated as its line says (on both sides)."""
    from sudoku_repl.frontends.web_shell import MODULES
    from sudoku_repl.frontends.web_welcome import Module
    from sudoku_repl.frontends.web_welcome import engine as engine_words

    # the page's own words for its engine: every C module running, or none built in
    build = (
        engine_words([Module(name) for name, _ in MODULES], None)
        if engine == "native"
        else engine_words([], "web/build --pure").split(":")[0]
    )
    if " ".join(build.split()) not in " ".join(web["transcript"].split()[:60]):
        sys.exit(f"bench_web: the page's {engine} run does not say {build!r} in its welcome")
    if engine == "native":
        rated = f"SE: ER {HARD[1]}, EP {HARD[2]}, ED {HARD[3]} "
        for who, text in (("page", web["transcript"]), ("CPython shell", said)):
            if rated not in text:
                sys.exit(f"bench_web: the {who} did not rate the hard puzzle {rated.strip()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--page", type=Path, help="a page web/build made (default: build one)")
    parser.add_argument(
        "--at-once",
        action="store_true",
        help="type each page's first line as soon as the prompt shows, not once the shell's "
        "idle warm-up is done",
    )
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
        manifest = json.loads((site / "manifest.json").read_text())
        if not (manifest.get("native") or {}).get("modules"):
            sys.exit(
                "bench_web: the page was built without its C (web/build --pure): build it on its C"
            )
        page_beside(site, "pure", {k: v for k, v in manifest.items() if k != "native"})
        rates = shell_has_rate()
        lines = engine_lines(rates)
        runs = [
            {
                "name": engine,
                "path": "" if engine == "native" else "pure/",
                "commands": [line for line, _ in lines[engine]],
                "timed": {line: group for line, group in lines[engine] if group},
            }
            for engine in ENGINES
        ]
        (tmp / "runs.json").write_text(json.dumps(runs))
        with served(site) as origin:
            done = subprocess.run(
                [node, str(REPO / "benchmarks" / "bench_web.mjs"), origin, chromium,
                 str(tmp / "profile"), str(tmp / "runs.json"), "at-once" if args.at_once else ""],
                capture_output=True, text=True, check=True,
            )  # fmt: skip
        web = json.loads(done.stdout)
        cpython = {e: cpython_runs(lines[e], e, tmp / f"home-{e}") for e in ENGINES}
        size = folder_mb(page)
    for engine, (_, said, _) in cpython.items():
        checked(engine, web["runs"][engine], said)
    print(
        "the page's lines typed "
        + ("as soon as its first prompt showed (--at-once)" if args.at_once else
           "once its idle warm-up was done (a person reading the prompt; --at-once: at once)")
    )  # fmt: skip
    print(f"first prompt, cold:          {web['cold']:6.2f} s   (target <= 10 s, aim 4 s)")
    print(f"first prompt, second visit:  {web['second']:6.2f} s   (target <= 3 s)")
    print(
        f"  the page on the pure engine beside it (its manifest naming no C module), second "
        f"visit: {web['seconds']['pure']:.2f} s"
    )
    for visit in ("cold", "second"):
        print(f"  the {visit} visit's start, phase by phase (from its page's navigation):")
        print("\n".join(phase_lines(web["phases"][visit])))
    titles = {
        "native": "the page on the C core against the CPython shell on the C core (target <= 2x "
        "each, aim 1.5x)",
        "pure": "the page on the pure engine against the pure engine in CPython (target <= 3x)",
    }
    for engine, runs_of in cpython.items():
        print(
            f"{titles[engine]}: the CPython shell in a terminal (like for like) and, for "
            "reference,\nCPython's engine alone (output to a string, commands in a row):"
        )
        how = "the shell's rate" if rates else "difficulty --measures steps,se of each"
        print("\n".join(compare(engine, web["runs"][engine], runs_of, how)))
    print(f"the machine: {machine()}")
    print(f"the page's folder:           {size:6.1f} MB  (target <= 25 MB)")


if __name__ == "__main__":
    main()
