"""Make the golden files of tests/tools/serate/test_serate_golden.py with the REAL serate (run by hand,
never by the tests): ``python tests/oracles/serate_goldens.py JAR [NAME ...]``; it imports
nothing of ``sudoku_repl``.

For each case of ``cases.json`` (all, or those named), serate v1.15.10 (SukakuExplainer, tag
v1.15.10, LGPL-2.1; ``java -cp JAR diuf.sudoku.test.serate ARGS``) runs in a temporary folder
holding this folder's input files, with the case's standard input, and its standard output is
written unchanged to ``NAME.out`` here (and the file it writes, for a case with ``file``, to
``NAME.file``; its standard error, for a case with ``stderr``, to ``NAME.err``). Its exit status
is printed: a case says it as ``status`` where it is not 0.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "data" / "serate"


def main(jar: str, names: list[str]) -> None:
    cases = json.loads((HERE / "cases.json").read_text())
    for case in cases:
        if names and case["name"] not in names:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            for txt in HERE.glob("*.txt"):
                shutil.copy(txt, tmp)
            stdin = (HERE / case["stdin"]).read_bytes() if "stdin" in case else b""
            done = subprocess.run(
                ["java", "-cp", jar, "diuf.sudoku.test.serate", *case["args"]],
                cwd=tmp,
                input=stdin,
                capture_output=True,
                check=False,
            )
            (HERE / f"{case['name']}.out").write_bytes(done.stdout)
            if case.get("stderr"):
                (HERE / f"{case['name']}.err").write_bytes(done.stderr)
            if "file" in case:
                (HERE / f"{case['name']}.file").write_bytes((Path(tmp) / case["file"]).read_bytes())
        print(case["name"], done.returncode, len(done.stdout), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
