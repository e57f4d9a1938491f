"""What is not a regular file is no quiz for the adapter: its own stderr's pipe
(``/dev/stderr``, and ``/dev/stdout``, which is its stderr once the protocol has its own copy),
a FIFO, a device. Reading one waited for ever (the pipe is the adapter's own: no writer ever
ends it, and ``disconnect`` gave the worker up after 10 s); ``launch`` and the console's
``load-quiz`` refuse it in one line, as they refuse the protocol's input."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.dap_client import DapClient
from tests.support.helpers import SEED

PIPE = "a pipe or a FIFO"
DEVICE = "a character device (a terminal, /dev/zero...)"


def _said(name: str, kind: str) -> str:
    return (
        f"Fail to open quiz file {name}: it is {kind}, not a regular file: the debug adapter "
        "reads files only (a read from it could wait for ever)."
    )


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc (Linux)")
def test_no_pipe_fifo_or_device_is_read_as_a_quiz(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    client = DapClient.spawn()  # (its stderr a pipe, as an editor starts it)
    try:
        client.request("initialize", adapterID="test")
        for name, kind in [
            ("/dev/stdout", PIPE),
            ("/dev/stderr", PIPE),
            ("/dev/fd/1", PIPE),
            ("/proc/self/fd/2", PIPE),
            (str(fifo), PIPE),
            ("/dev/zero", DEVICE),
        ]:
            assert client.refused("launch", program=name) == _said(name, kind)
        for name, kind in [("/dev/stderr", PIPE), ("/proc/self/fd/1", PIPE)]:
            line = f"load-quiz {name}"
            assert client.refused("evaluate", expression=line, context="repl") == _said(name, kind)
        # nothing was loaded, and a quiz file is read as ever
        assert client.request("threads") == {"threads": []}
        client.request("launch", program=SEED)
        assert client.request("threads") == {"threads": [{"id": 1, "name": "seed.txt"}]}
        assert client.close() == 0
    finally:
        if client.proc is not None and client.proc.poll() is None:
            client.proc.kill()
            client.proc.wait()
