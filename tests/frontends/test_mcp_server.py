"""``sudoku-repl mcp`` driven by the official SDK's own client over stdio, a real subprocess,
through a whole session: load, step, check_move of a justified, an unproven and a wrong move,
goto (undo), hint, rate; malformed arguments refused with the shell's line and the session as
it was; a long rate cancelled once under way; nothing written in the folder it started in.
Then the sealed mode, the server's default, against the open one (``--open``): what shows the
solution is refused, the verdicts cannot single out a cell's digit; every answer holds to its
tool's output schema (the SDK's client checks each)."""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.support.helpers import REPO, extra_missing, program_env

pytest.importorskip("mcp", reason=extra_missing("mcp", "The MCP SDK"))

import anyio
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

SEED = REPO / "examples" / "seed.txt"
#: puzzles with their ER beside them (serate's)
DIABOLICAL = REPO / "puzzles" / "se_rated_diabolical2000.txt"
#: a puzzle of ER 11 and more: Sudoku Explainer's rating takes long (the cancelled rate's)
HARD = (REPO / "puzzles" / "forum_hardest_1905_11plus_sample1000.txt").read_text().split()[0]
#: the longest a call may take before the test is called failed (a guard on a hang: every
#: wait below is on what the server says)
GUARD = 120
#: the longest the call after a cancelled one may wait for it to stop (a rate goes on for 60 s)
STOPPED = 30


@asynccontextmanager
async def client(folder: Path, *options: str, engine: str = "pure") -> AsyncIterator[ClientSession]:
    """A session with ``python -m sudoku_repl mcp [options]`` started in ``folder``."""
    server = StdioServerParameters(
        command=sys.executable,
        args=["-m", "sudoku_repl", "mcp", *options],
        # the pure build by default: Sudoku Explainer's rating of HARD takes minutes there (a
        # second at most natively, which could end before the first progress report); every
        # other call of the session is quick on it too
        env=program_env(SUDOKU_REPL_ENGINE=engine),
        cwd=folder,
    )
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


async def call(session: ClientSession, name: str, **arguments: Any) -> Any:
    with anyio.fail_after(GUARD):
        return await session.call_tool(name, arguments)


def text(result: Any) -> str:
    return "\n".join(part.text for part in result.content)


async def first_report(session: ClientSession, name: str, arguments: dict[str, Any]) -> str:
    """The first progress report of a long call, which is then cancelled: the next call is
    answered (it waits for the cancelled one to stop), in the same session, at the step the
    cancelled call began at."""
    began = (await call(session, "board")).structured_content["step"]
    said: list[str] = []
    under_way = anyio.Event()

    async def progressed(progress: float, total: float | None, message: str | None) -> None:
        said.append(message or "")
        under_way.set()

    async with anyio.create_task_group() as group:

        async def long_call() -> None:
            await session.call_tool(name, arguments, progress_callback=progressed)
            raise AssertionError(f"{name} ended before it was cancelled")

        group.start_soon(long_call)
        with anyio.fail_after(GUARD):
            await under_way.wait()
        group.cancel_scope.cancel()
    # uncancelled, the call would go on to its end (a rate to difficulty's se-timeout, 60 s on
    # the pure build) before this call is taken: answered well before it, the call had stopped
    with anyio.fail_after(STOPPED):
        board = await session.call_tool("board", {})
    assert board.structured_content["step"] == began
    return said[0]


async def cancelled_rate(session: ClientSession) -> None:
    """A long rate cancelled once it said its progress, its quiz as it was."""
    assert not (await call(session, "load_quiz", quiz=HARD)).is_error
    said = await first_report(session, "rate", {})
    assert said == "difficulty of the state at step 1: measuring se"
    board = await call(session, "board")
    assert board.structured_content["givens"] == HARD.replace(".", "0")


def test_a_whole_session_through_the_sdks_client(tmp_path: Path) -> None:
    quizzes = tmp_path / "quizzes"  # (the client's: under the server's working folder)
    quizzes.mkdir()
    seed, diabolical = (Path(shutil.copy(path, quizzes)) for path in (SEED, DIABOLICAL))

    async def session_run() -> None:
        async with client(tmp_path) as session:
            listed = {tool.name for tool in (await session.list_tools()).tools}
            assert {
                "load_quiz", "board", "step", "runtil", "run", "goto", "levels", "place",
                "eliminate", "check_move", "hint", "rate", "difficulty", "generate",
            } <= listed  # fmt: skip
            loaded = await call(session, "load_quiz", quiz=str(seed))
            assert not loaded.is_error and text(loaded) == "Quiz loaded."
            # (the candidates worked out with the load: its step 1)
            assert loaded.structured_content == {"step": 1, "level": 0, "solutions": 0}
            # r2c5 is 5's only place in block 2 (its other cells are given or see a 5)
            wrong = await call(session, "check_move", move="r2c5=4")
            assert wrong.structured_content == {
                "move": "r2c5=4",
                "verdict": "wrong",
                "technique": "Hidden Single",
                "rating": 1.2,
                "contradiction": "Hidden Single (ER 1.2) rules it out",
            }
            stepped = await call(session, "step", count=1)
            assert stepped.structured_content["step"] == 2
            before = (await call(session, "board")).structured_content
            justified = await call(session, "check_move", move="r2c5=5")
            assert justified.structured_content == {
                "move": "r2c5=5",
                "verdict": "justified",
                "technique": "Hidden Single",
                "rating": 1.2,
            }
            # up to ER 2.0 the techniques place values only: no elimination is justified yet
            unproven = await call(session, "check_move", move="r1c1<>2", max_er=2.0)
            assert unproven.structured_content == {"move": "r1c1<>2", "verdict": "unproven"}
            for name, arguments, line in (
                (
                    "check_move",
                    {"move": "r10c1=5"},
                    "No cell r10c1: rows and columns go from 1 to 9; a move is r4c5=7 (a "
                    "placement) or r4c5<>7 (an elimination)",
                ),
                ("step", {"count": 0}, "step takes a number of steps (1 or more): step [n]"),
                # (a file outside the server's working folder, the client listing no roots:
                # nothing read waits on the client's requests either)
                ("load_quiz", {"quiz": "/dev/stdin"},
                 f"Fail to open quiz file /dev/stdin: it is outside the server's working "
                 f"folder ({tmp_path}), where files are read."),
                ("place", {"cell": "r1c1", "value": 5},
                 "r1c1=5 breaks a rule: r1c3 in its row holds 5 already"),
            ):  # fmt: skip
                refused = await call(session, name, **arguments)
                assert refused.is_error and text(refused) == line
            assert (await call(session, "board")).structured_content == before
            back = await call(session, "goto", step=1)
            assert back.structured_content["step"] == 1
            hint = await call(session, "hint", level=1)
            # (after the pure build's line, which the shell says once a process)
            assert text(hint).splitlines()[-1] == "Hidden Single (ER 1.2): look at block 2."
            # quiz 3 of the file, rated 7.1 there
            await call(session, "load_quiz", quiz=str(diabolical), number=3)
            rated = await call(session, "rate")
            assert "SE: ER 7.1," in text(rated)
            await cancelled_rate(session)

    anyio.run(session_run)
    assert sorted(tmp_path.rglob("*")) == [quizzes, diabolical, seed]


#: examples/seed.txt's givens, and its solution (the article's grid)
SEED_GIVENS = "005300000800000020070010500400005300010070006003200080060500009004000030000009700"
#: the seed with 2 at r1c1, where its solution has 1
CRAFTED = "2" + SEED_GIVENS[1:]
SOLUTION = "145327698839654127672918543496185372218473956753296481367542819984761235521839764"


async def listed_tools_match_their_schemas(session: ClientSession) -> None:
    """Each tool's description names each of its arguments and no option of the shell's (no
    schema takes one), and each declares the schema of its structured answer."""
    for tool in (await session.list_tools()).tools:
        assert tool.description is not None and "--" not in tool.description, tool.name
        for argument in tool.input_schema["properties"]:
            assert argument in tool.description, (tool.name, argument)
        assert tool.output_schema is not None and tool.output_schema["type"] == "object"
        if tool.name == "check_move":
            # the pattern says what a move is, exactly: blanks and R, C in either case
            pattern = re.compile(tool.input_schema["properties"]["move"]["pattern"])
            assert pattern.fullmatch(" R1C1 <> 2 ") and not pattern.fullmatch("r１c１=1")


async def sealed_session(session: ClientSession) -> None:
    # the instructions say what the mode reveals
    assert session.instructions is not None and "Sealed mode: no answer shows the solution" in (
        session.instructions
    )
    await listed_tools_match_their_schemas(session)
    assert not (await call(session, "load_quiz", quiz=SEED_GIVENS)).is_error
    # r1c1 holds 1 in the solution: up to ER 4.0 nothing decides it, and every candidate's
    # placement is answered alike (the open server tells 1 apart, below)
    for digit in (1, 2, 6, 9):
        judged = await call(session, "check_move", move=f"r1c1={digit}", max_er=4.0)
        assert judged.structured_content == {"move": f"r1c1={digit}", "verdict": "unproven"}
    # hint 3's deduction in r4c5, serate's own line of it (E2 for r2c5) left out
    hint = await call(session, "hint", level=3)
    assert "5 goes in r2c5" in text(hint) and "E2" not in text(hint)
    run = await call(session, "run")
    assert run.is_error and text(run) == (
        "run is not answered in sealed mode: it runs the search to the solution; the open mode "
        "(sudoku-repl mcp --open, for reinforcement learning and debugging) answers it."
    )
    # the solver guesses first at step 7: a walk past it is refused, the session where it was
    walked = await call(session, "step", count=20)
    assert walked.is_error and text(walked).startswith(
        "step is not answered in sealed mode: the solver guesses at step 7, and a guess tries "
        "the solution's digits (step 6 is the last of its deductions; the session stays at "
        "step 1)"
    )
    assert (await call(session, "goto", step=131)).is_error
    board = (await call(session, "board")).structured_content
    assert board["step"] == 1 and board["values"] == SEED_GIVENS
    walked = await call(session, "runtil", steps=5)
    assert walked.structured_content["step"] == 5
    # one cell notation in every answer: the shell's [6,2] and serate's B6 are r6c2 here
    assert "r1c1: 1 2 6 9 r1c2: 2 4 9 " in text(walked)
    assert "The foremost cell with 2 candidate(s) at r6c2" in text(walked)
    assert not re.search(r"\[\d,\d\]", text(walked))
    guesses = await call(session, "difficulty", quiz=True, measures="te,guess")
    assert guesses.is_error and text(guesses).startswith(
        "difficulty --measures guess is not answered in sealed mode: its lines name values of "
        "the solution;"
    )
    # a candidate removed by hand at once, after the load's own step
    assert not (await call(session, "goto", step=1)).is_error
    removed = await call(session, "eliminate", cell="r1c1", value=9)
    assert not removed.is_error and removed.structured_content["step"] == 2
    # a wrong value placed: hint says the next step, as on any state, not that none is left
    assert not (await call(session, "place", cell="R1C1 ", value=2)).is_error
    hint = await call(session, "hint")
    assert not hint.is_error and "solution" not in text(hint)
    assert (await call(session, "rate")).is_error
    refused = await call(session, "check_move", move="r１c１=1")
    assert refused.is_error and text(refused).startswith("Not a move: 'r１c１=1'")
    # a quiz of the client's making, the loaded one with a wrong digit: judged as any quiz,
    # its solutions not counted (the open server says it has none, below)
    assert not (await call(session, "load_quiz", quiz=CRAFTED)).is_error
    judged = await call(session, "check_move", move="r2c5=5", max_er=4.0)
    assert judged.structured_content["verdict"] == "justified"
    crafted_hint = text(await call(session, "hint"))
    # (with 2 at r1c1, r2c3 is the last place of 1 in block 1)
    assert crafted_hint == "Hidden Single in block 1: r2c3=1 (ER 1.2)"
    every = text(await call(session, "all_steps"))
    assert "Hidden Single in block 1: r2c3=1 (ER 1.2)" in every and "solution" not in every
    # a full grid: the move's cell holds a value, which is what is said of the move
    assert not (await call(session, "load_quiz", quiz=SOLUTION)).is_error
    full = await call(session, "check_move", move="r1c1=1")
    assert full.is_error and text(full) == "r1c1 holds 1 already: a move is made on an empty cell"


async def open_session(session: ClientSession) -> None:
    assert session.instructions is not None and "Open mode" in session.instructions
    assert not (await call(session, "load_quiz", quiz=SEED_GIVENS)).is_error
    verdicts = {
        digit: (
            await call(session, "check_move", move=f"r1c1={digit}", max_er=4.0)
        ).structured_content["verdict"]
        for digit in (1, 2, 6, 9)
    }
    assert verdicts == {1: "not_yet", 2: "wrong", 6: "wrong", 9: "wrong"}
    assert (await call(session, "load_quiz", quiz=CRAFTED)).is_error is False
    judged = await call(session, "check_move", move="r2c5=5", max_er=4.0)
    assert judged.is_error and text(judged).startswith("check_move needs a quiz with one solution")
    assert text(await call(session, "hint")).startswith("No solution from here")
    assert not (await call(session, "load_quiz", quiz=SEED_GIVENS)).is_error
    ran = await call(session, "run")
    assert not ran.is_error and "shrinking 4 from blk r6c9 went wrong" in text(ran)
    assert not re.search(r"\[\d,\d\]", text(ran))
    assert (await call(session, "board")).structured_content["values"] == SOLUTION


def test_the_sealed_mode_keeps_the_solution_the_open_mode_shows_it(tmp_path: Path) -> None:
    async def both() -> None:
        async with client(tmp_path, engine="native") as session:
            await sealed_session(session)
        async with client(tmp_path, "--open", engine="native") as session:
            await open_session(session)

    anyio.run(both)
    assert list(tmp_path.iterdir()) == []
