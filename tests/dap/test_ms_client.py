"""Microsoft's own DAP test client, ``DebugClient`` of ``@vscode/debugadapter-testsupport``
(tests/dap_client/, pinned in its package-lock.json), driving ``sudoku-repl dap``: the Node tests
run under ``node --test`` with this venv's ``sudoku-repl``, in the test's own folder. They need
node and the packages ``npm ci`` installs in tests/dap_client (``.ci/run`` does, where npm is);
without them this test skips with one line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.helpers import REPO

CLIENT = REPO / "tests" / "dap_client"
NODE = shutil.which("node")
INSTALLED = (CLIENT / "node_modules" / "@vscode" / "debugadapter-testsupport").is_dir()
#: the venv's console script: DebugClient starts ``<runtime> <one argument>``, ``sudoku-repl dap``
ADAPTER = Path(sys.executable).with_name("sudoku-repl")


@pytest.mark.skipif(
    NODE is None or not INSTALLED or not ADAPTER.is_file(),
    reason="Microsoft's DAP test client: needs node, npm ci in tests/dap_client and the venv's sudoku-repl",
)
def test_debug_client_drives_the_adapter(tmp_path: Path) -> None:
    assert NODE is not None
    tests = sorted(str(path) for path in CLIENT.glob("*.test.js"))
    assert len(tests) >= 2  # the extension's and the adapter's
    result = subprocess.run(
        [NODE, "--test", *tests],
        cwd=tmp_path,
        env={**os.environ, "SUDOKU_REPL_DAP": str(ADAPTER), "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=900,  # a hang guard only: each wait in the tests has its own 30 s
    )
    summary = result.stdout[-6000:] + result.stderr[-3000:]
    assert result.returncode == 0, summary
    assert "# fail 0" in result.stdout, summary
    assert "# pass 0" not in result.stdout, summary
