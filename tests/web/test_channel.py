"""The page's channels on shared memory (web/channel.mjs), the page's to its worker and
the worker's to the page, in Node (``channel_node.mjs``: a worker thread sends back each message
it takes). The messages come back whole and in the order sent: short ones, one of several of
the channel's chunks (1 MiB each), a file's bytes (several chunks too), an empty text, a file
asked for that is not there."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

import pytest

from tests.support.helpers import REPO
from tests.web.built import NODE

pytestmark = pytest.mark.skipif(NODE is None, reason="no Node: skipped")
MIB = 1 << 20
#: a run's trace: lines as long as a wide terminal's, past two chunks (and not a whole one)
LONG = "".join(f"{n:7d} " + "é" * 70 + "\n" for n in range(40_000))
SIZE = 2 * MIB + 12_345


def test_the_channels_carry_the_messages_whole_and_in_order(tmp_path: Path) -> None:
    messages = [
        *({"type": "out", "text": f"line {n}\n"} for n in range(300)),
        {"type": "err", "text": "\r\x1b[Kprogress"},
        {"type": "out", "text": LONG},
        {"type": "reading", "files": [{"name": "x.svg", "size": 3}]},
        {"type": "file", "name": "big.bin", "size": SIZE},
        {"type": "out", "text": ""},
        {"type": "file", "name": "none.txt", "bytes": None},
        {"type": "ended"},
    ]
    given = tmp_path / "messages.json"
    given.write_text(json.dumps(messages))
    assert NODE is not None
    done = subprocess.run(
        [NODE, str(REPO / "tests" / "web" / "channel_node.mjs"), str(given)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    heard = json.loads(done.stdout)
    assert len(LONG.encode()) > 2 * MIB  # (the long text takes several chunks)
    content = bytes(i % 251 for i in range(SIZE))
    file = {"size": SIZE, "sha256": hashlib.sha256(content).hexdigest()}
    assert heard == [
        *messages[:303],
        {"type": "file", "name": "big.bin", "bytes": file},
        *messages[304:],
    ]
