"""Huge quiz files (100 MB of junk after a quiz, or of NUL bytes) and a load of one in a fresh
interpreter that reports what it grew: ``tests/commands/test_quiz_files.py`` holds the growth
to a bound (the file is not read whole), ``benchmarks/bench_huge_files.py`` prints the load's
CPU seconds too."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.support.helpers import REPO

MB = 1 << 20

#: run with the repository and a ``load-quiz`` line: prints what the load said, the CPU seconds
#: it took, the peak RSS growth (Linux KiB) and the quiz loaded, as JSON
MEASURE = """
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from sudoku_repl.assembly import register_all
from sudoku_repl.commands.dispatch import Repl
register_all()
lines = []
class Out:
    def message(self, line): lines.append(line)
    def error(self, line): lines.append(line)
repl = Repl(Out(), lambda q: "")
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.process_time()
ok = repl.execute(sys.argv[2])
seconds = time.process_time() - start  # CPU: the machine's load does not count
grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
quiz = str(repl.session.quiz) if repl.session.quiz else None
print(json.dumps({"ok": ok, "lines": lines, "seconds": seconds, "grown_kb": grown, "quiz": quiz}))
"""


def measure_load(command: str) -> dict[str, object]:
    """``command`` (a ``load-quiz`` line) in a fresh interpreter: ``MEASURE``'s figures."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(REPO), command],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def write_huge(path: Path, head: str, size: int = 100 * MB) -> Path:
    """``head``, then junk lines of 1000 bytes (NUL, invalid UTF-8, words, digits) up to ``size``."""
    junk_line = (b"junk \x00\xff 12345 " * 60)[:999] + b"\n"
    block = junk_line * (MB // len(junk_line) + 1)
    with open(path, "wb") as f:
        f.write(head.encode())
        written = len(head)
        while written < size:
            f.write(block)
            written += len(block)
    return path


def write_sparse(path: Path, head: str, size: int) -> Path:
    """``head``, then NUL bytes (no line break, no digit) up to ``size``: a disk image, say."""
    with open(path, "wb") as f:
        f.write(head.encode())
        f.truncate(size)
    return path
