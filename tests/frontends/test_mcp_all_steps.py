"""The MCP tool ``all_steps`` through the official SDK's client: every step Sudoku Explainer
offers at the present state, easiest first, as ``hint se all`` lists them and serate's own list
holds them (``tests/tools/explain/test_all_steps.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.helpers import extra_missing

pytest.importorskip("mcp", reason=extra_missing("mcp", "The MCP SDK"))

import anyio

from tests.frontends.test_mcp_server import call, client, text
from tests.tools.explain.test_all_steps import QUIZ, QUIZ_STEPS, SERATE


def test_all_steps_lists_serates_steps(tmp_path: Path) -> None:
    async def session_run() -> None:
        async with client(tmp_path) as session:
            listed = {tool.name for tool in (await session.list_tools()).tools}
            assert "all_steps" in listed
            none = await call(session, "all_steps")
            assert none.is_error and text(none) == "No quiz loaded. Use load-quiz <file>."
            assert not (await call(session, "load_quiz", quiz=QUIZ)).is_error
            answer = await call(session, "all_steps")
            assert not answer.is_error
            lines = text(answer).splitlines()
            # (in the server's one notation: r8c3 where the shell's readalps says [8,3])
            assert lines[-len(QUIZ_STEPS) :][0] == QUIZ_STEPS[0]
            assert lines[-17] == " 1. Hidden Single in block 7: r8c3=9 (ER 1.2)"
            ratings = [line.rsplit("(ER ", 1)[1][:3] for line in lines[-17:]]
            assert ratings == sorted(row[0] for row in SERATE[QUIZ])
            assert answer.structured_content["step"] == 1  # (the load's: its candidates)
            refused = await call(session, "all_steps", level=2)
            assert refused.is_error and "all_steps takes no argument 'level'" in text(refused)

    anyio.run(session_run)
