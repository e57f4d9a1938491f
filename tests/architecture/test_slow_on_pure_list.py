"""The list of tests slow on the pure build (``tests/support/slow_on_pure.txt``) names tests
that are there: a test renamed or gone would leave a stale line, and its successor would run
on the bare machine unnoticed; the engine's own tests are never on it."""

from __future__ import annotations

import re

from tests.support.helpers import REPO, listed_slow_on_pure


def test_each_listed_test_is_defined_where_its_id_says() -> None:
    listed = listed_slow_on_pure()
    assert len(listed) > 50  # (the list read: its ids, not its header)
    stale = []
    for nodeid in sorted(listed):
        path, *names = nodeid.split("::")
        source = REPO / path
        name = names[-1].split("[")[0]
        if not source.is_file() or not re.search(
            rf"^\s*(async )?def {re.escape(name)}\(|^class {re.escape(name)}\b|^{re.escape(names[0])} = ",
            source.read_text(encoding="utf-8"),
            re.MULTILINE,
        ):
            stale.append(nodeid)
    assert not stale


def test_the_engines_own_tests_are_never_listed() -> None:
    # (the pure engine is the reference: its tests run on the bare machine)
    assert not [
        nodeid
        for nodeid in listed_slow_on_pure()
        if nodeid.startswith(("tests/core/", "tests/techniques/"))
    ]
