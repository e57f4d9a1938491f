"""``check_move`` and ``hint`` through the official SDK's client, a real ``sudoku-repl mcp``
process: a long judgement reports the technique it tries to a client that sent a progress token (the test
waits on the report, never on a clock) and stops at the cancel; a judgement past its time
budget answers ``unproven`` for the reason ``budget``; a long ``hint`` reports its search the
same way, and past its budget says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.helpers import extra_missing

pytest.importorskip("mcp", reason=extra_missing("mcp", "The MCP SDK"))

import anyio

from tests.frontends.test_mcp_server import HARD, call, client, first_report, text

#: examples/seed.txt as 81 characters (a tool reads files under the server's folder alone)
SEED = "005300000800000020070010500400005300010070006003200080060500009004000030000009700"
#: a right move of the seed's givens that only the nested forcing chains make: its judgement
#: takes minutes on the pure build (the test server's)
DEEP = "r1c1=1"


# (one server a quiz: after the long call is cancelled, the same session's call past its budget
# is answered as a fresh server answers it)


def test_a_long_judgement_reports_and_stops_at_the_cancel_one_past_its_budget_is_unproven(
    tmp_path: Path,
) -> None:
    async def run() -> None:
        async with client(tmp_path) as session:
            assert not (await call(session, "load_quiz", quiz=SEED)).is_error
            said = await first_report(session, "check_move", {"move": DEEP, "budget": 3600})
            assert said.startswith(f"check_move {DEEP}: trying ")
            out = await call(session, "check_move", move=DEEP, budget=0.001)
            assert not out.is_error
            assert out.structured_content == {
                "move": DEEP,
                "verdict": "unproven",
                "reason": "budget",
            }
            refused = await call(session, "check_move", move=DEEP, budget=0)
            assert refused.is_error

    anyio.run(run)


def test_a_long_hint_reports_its_search_one_past_its_budget_says_so(tmp_path: Path) -> None:
    """HARD's first step of Sudoku Explainer is rated 11.1: its search takes minutes on the pure
    build."""

    async def run() -> None:
        async with client(tmp_path) as session:
            assert not (await call(session, "load_quiz", quiz=HARD)).is_error
            said = await first_report(session, "hint", {})
            assert said == "hint se: searching Sudoku Explainer's next step"
            out = await call(session, "hint", level=1, budget=0.001)
            assert not out.is_error
            assert text(out).splitlines()[-1] == (
                "No hint within the time budget: Sudoku Explainer's next step is a long search "
                "from here (a larger budget may find it)."
            )
            # the budget is the call's: the next hint of an easy state is found
            assert not (await call(session, "load_quiz", quiz=SEED)).is_error
            hint = await call(session, "hint", level=1)
            assert text(hint).splitlines()[-1] == "Hidden Single (ER 1.2): look at block 2."

    anyio.run(run)
