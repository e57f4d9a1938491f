"""Make ``tests/data/se_all_hints/serate.out`` with Sudoku Explainer's own list of every step
at a position (run by hand, never by the tests): ``python tests/oracles/se_all_hints.py JAR``.

``SeAllHints.java`` (beside this file) calls ``Solver.getAllHints`` of SukakuExplainer v1.15.10
(the list its window's "Get all hints" shows; serate's command line has no option that prints
it) on each line of ``tests/data/se_all_hints/states.txt``; it is compiled with ``javac``
against JAR (serate.jar of SukakuExplainer tag v1.15.10) in a temporary folder, run there, and
its standard output written unchanged. It imports nothing of ``sudoku_repl``."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data" / "se_all_hints"


def main(jar: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["javac", "-cp", jar, "-d", tmp, str(HERE / "SeAllHints.java")], check=True)
        done = subprocess.run(
            ["java", "-cp", f"{jar}:{tmp}", "SeAllHints"],
            input=(DATA / "states.txt").read_bytes(),
            capture_output=True,
            check=True,
        )
    (DATA / "serate.out").write_bytes(done.stdout)
    print(len(done.stdout.splitlines()), "lines", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
