"""Issue 75: ``sudoku-repl mcp``'s session in process (``frontends/mcp/agent``, no SDK): the
interrupt of a call (the client's cancel, in the server) stops a long rate."""

from __future__ import annotations

from sudoku_repl.frontends.mcp.agent import AgentSession
from tests.support.helpers import REPO


def test_the_mcp_sessions_rate_stops_at_its_interrupt() -> None:
    """In process: the call's interrupt, raised once the rate has said its progress, stops
    the rating (the server sets it at the client's cancel)."""
    hard = (REPO / "puzzles" / "forum_hardest_1905_11plus_sample1000.txt").read_text().split()[0]
    session = AgentSession()
    assert not session.call("load_quiz", {"quiz": hard}).error
    said: list[str] = []
    rated = session.call("rate", {}, lambda: bool(said), said.append)
    assert said == ["difficulty of the state at step 0: measuring se"]
    assert rated.text.endswith("Interrupted while measuring se; not measured: se.")
