"""The web page (issue 67, docs/web.md): seconds from navigation to the first prompt, on a first
visit (cold: the service worker set up and the page reloaded once, Pyodide and the wheels
fetched) and on a second (the browser's caches warm), each split in its phases (the page's
marks, ``window.sudokuRepl.timings()``); the engine in the page against the pure
engine in CPython on the same commands (the seed's ``runrun 0``, five times, the seed loaded
again before each: one takes some 30 ms in CPython; Sudoku Explainer's rating of 20 puzzles,
``--scale steps,se``), one run each, as ratios; the page's folder in MB.

    python benchmarks/bench_web.py [--page OUT]

Without ``--page`` the page is built first (``web/build`` into a temporary folder: Node, npm).
The page is served by ``python3 -m http.server`` on the loopback and opened in Debian's chromium
(playwright-core, ``benchmarks/bench_web.mjs``); a command's time in the page is from Enter to
the next prompt, by the page's own clock (``window.sudokuRepl.took()``: the worker's messages
and the terminal's drawing included, the typing not). CPython runs the same
command lines through the shell's ``Repl`` in a process of its own with
``SUDOKU_REPL_ENGINE=pure``, its output to a string. The rating is the shell's ``rate FILE
--limit 20 --scale steps,se`` where the shell has that command, else ``difficulty --measures
steps,se`` of each of the 20 quizzes (the same SE rating of each), said in the report.

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
        cpython_run = json.loads(local.stdout)
        cpython = cpython_run["seconds"]
        size = folder_mb(page)
    how = "the shell's rate" if rates else "difficulty --measures steps,se of each"
    print(f"first prompt, cold:          {web['cold']:6.2f} s   (target <= 10 s, aim 4 s)")
    print(f"first prompt, second visit:  {web['second']:6.2f} s   (target <= 3 s)")
    for visit in ("cold", "second"):
        print(f"  the {visit} visit's start, phase by phase (from its page's navigation):")
        print("\n".join(phase_lines(web["phases"][visit])))
    for group, label in (
        (("runrun", f"seed's runrun 0 ({ROUNDS} times)")),
        ("rate", f"{COUNT} quizzes rated ({how})"),
    ):
        ratio = web["seconds"][group] / cpython[group]
        print(
            f"{label}: page {web['seconds'][group]:.2f} s, CPython pure {cpython[group]:.2f} s: "
            f"{ratio:.2f}x   (target <= 3x)"
        )
    page_ms, cpython_ms = run_ms(web["transcript"]), run_ms(cpython_run["transcript"])
    print(
        f"  the engine's own time of those runs (their `Run time` lines): page {page_ms} ms, "
        f"CPython pure {cpython_ms} ms: {page_ms / max(cpython_ms, 1):.2f}x   (target <= 3x; "
        "the time from Enter to the prompt above adds the trace's trip to the terminal)"
    )
    print(f"the machine: {machine()}")
    print(f"the page's folder:           {size:6.1f} MB  (target <= 25 MB)")


if __name__ == "__main__":
    main()
