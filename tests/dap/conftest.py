"""``dap``: a ``sudoku-repl dap`` subprocess driven by the tests' client (``tests/support/
dap_client.py``); its stderr goes to a file in the test's folder, and it is ended with the test
(disconnect, or killed when a test left it running)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support.dap_client import DapClient


@pytest.fixture
def dap(tmp_path: Path) -> Iterator[Callable[..., DapClient]]:
    """A factory: ``dap(*args)`` starts an adapter (more than one may run in a test)."""
    started: list[DapClient] = []
    files = []

    def start(*args: str) -> DapClient:
        stderr = (tmp_path / f"stderr-{len(started)}.txt").open("wb")
        files.append(stderr)
        client = DapClient.spawn(*args, stderr=stderr)
        started.append(client)
        return client

    yield start
    for client in started:
        if client.proc is not None and client.proc.poll() is None:
            client.proc.kill()
            client.proc.wait()
    for f in files:
        f.close()
