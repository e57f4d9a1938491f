"""The replay page of a long search. How long ``export html`` takes, how big the file
is, and how long Chromium takes to open it and to reach any step.

    python benchmarks/bench_export_html.py [--steps N] [--gotos N] [--no-browser]

Loads quiz 18 of puzzles/multiple_solutions.txt (16 givens, more than 100,000 solutions: the
long record of bench_history.py) and runs it quietly to ``--steps`` steps (100,000). Measured in
one run, each beside a baseline of the same run:

- the export (``Session.replay_html`` of the whole record, then written): seconds, against the
  quiet run that made the record and against reading the whole record once (every move's
  events and changes, what ``history`` reads), target <= 2 s;
- the file: megabytes, against the record's memory as bench_history measures it (its arrays),
  target <= 5 MB;
- in the system's headless Chromium (skipped where there is none): from navigation to the page
  ready (decoded, first step drawn), and the slowest of ``--gotos`` random steps reached (from
  the call to the page drawn), target <= 1 s each; the baseline is the same browser opening the
  seed's page (131 steps).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from common import MULTIPLE, REPO, read_quizzes

from sudoku_repl.api import Session
from sudoku_repl.core.quiz import Quiz

QUIZ_NUMBER = 18
EXPORT_TARGET_S = 2.0
SIZE_TARGET_MB = 5.0
OPEN_TARGET_S = 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--gotos", type=int, default=20)
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    quiz = read_quizzes(MULTIPLE)[QUIZ_NUMBER - 1]

    session = Session()
    session.load(Quiz.from_string(quiz))
    t0 = time.perf_counter()
    session.run(solutions=0, max_steps=args.steps)
    run_s = time.perf_counter() - t0
    history = session.history
    print(f"record: {len(history):,} moves, steps {history.first_steps}..{history.last_steps}")

    reader = Session()  # the same record, read once in a session of its own (nothing shared)
    reader.load(Quiz.from_string(quiz))
    reader.run(solutions=0, max_steps=args.steps)
    t0 = time.perf_counter()
    for move in range(len(reader.history)):
        reader.history.events(move)
        for _ in reader.history.changes(move):
            pass
    read_s = time.perf_counter() - t0

    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "long.html"
        t0 = time.perf_counter()
        session.export_html(str(page))
        export_s = time.perf_counter() - t0
        size_mb = page.stat().st_size / 1e6
        print(
            f"baseline: the quiet run {run_s:.2f} s; reading the whole record once {read_s:.2f} s"
        )
        print(
            f"export html: {export_s:.2f} s ({export_s / run_s:.1f}x the run, "
            f"{export_s / read_s:.2f}x one read of the record; target <= {EXPORT_TARGET_S} s)"
        )
        print(
            f"file: {size_mb:.2f} MB ({size_mb * 1e6 / len(history):.1f} bytes a move; "
            f"target <= {SIZE_TARGET_MB} MB)"
        )
        if not args.no_browser:
            browser_figures(page, Path(folder), args.gotos, args.seed, history.last_steps)


def browser_figures(page: Path, folder: Path, gotos: int, seed: int, last: int) -> None:
    from tests.support.browser import Browser, find_chromium

    chromium = find_chromium()
    if chromium is None:
        print("browser: skipped, no Chromium (apt-get install chromium)")
        return
    small = Session.from_quiz(str(REPO / "examples" / "seed.txt"))
    small.run()
    baseline_page = folder / "seed.html"
    small.export_html(str(baseline_page))
    ready = "document.body.dataset.ready === '1'"
    elapsed = "replay.readyMs"  # the page's clock at ready, from the navigation's start
    with Browser(chromium) as browser:
        browser.open(baseline_page.as_uri(), ready)
        base_s = browser.evaluate(elapsed) / 1000
        browser.open(page.as_uri(), ready)
        open_s = browser.evaluate(elapsed) / 1000
        rng = random.Random(seed)
        worst = 0.0
        for _ in range(gotos):
            step = rng.randint(0, last)
            ms = browser.evaluate(
                f"(() => {{ const t = performance.now(); replay.show({step}); "
                f"return performance.now() - t; }})()"
            )
            assert int(browser.evaluate("document.body.dataset.step")) == step
            worst = max(worst, ms / 1000)
    print(
        f"Chromium: opens in {open_s:.2f} s ({open_s / base_s:.1f}x the seed's page, "
        f"{base_s:.2f} s; target <= {OPEN_TARGET_S} s)"
    )
    print(
        f"Chromium: any step (slowest of {gotos} random) in {worst * 1000:.0f} ms (target <= {OPEN_TARGET_S} s)"
    )


if __name__ == "__main__":
    main()
