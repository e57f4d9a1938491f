"""Every door takes a quiz's rules (docs/variants.md): the API's ``Session``, the shell at its
prompt (typed into a pipe), the page's shell (its address's quiz, a ``?rules=`` line, an
f-puzzles link), the MCP tools through the SDK's client, the DAP ``launch`` and the Gymnasium
environment. Solutions are held to the tests' own backtracker (``tests/oracles/rules_brute``);
the f-puzzles files were written by hand (tests/data/README.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import PipeInput

from sudoku_repl.api import Session
from tests.core.test_rules import oracle
from tests.support.helpers import REPO, TEST_DATA, interact, typed

pytestmark = pytest.mark.usefixtures("at_repo_root")

X_QUIZ = "...63.7.4........6...7..........8....7...9.124.13......5...........5........9.6.."
FPUZZLES = TEST_DATA / "rules" / "fpuzzles"
UNKNOWN = "Unknown rule 'bogus': the rules are latin, toroidal, x, diagonal-, diagonal+,"


def x_solution() -> str:
    (solution,) = oracle("x").solutions([0 if ch == "." else int(ch) for ch in X_QUIZ])
    return "".join(map(str, solution))


def test_the_api_s_session_plays_the_rules_it_is_given() -> None:
    session = Session.from_quiz(X_QUIZ, rules="x")
    assert session.quiz is not None and session.quiz.rules == "x"
    session.run()
    assert "".join(map(str, session.state().values)) == x_solution()
    ruled = Session.from_quiz(str(REPO / "examples" / "x.txt"))  # (its own '# rules: x' line)
    assert ruled.quiz is not None and ruled.quiz.rules == "x"
    classic = Session.from_quiz(str(REPO / "examples" / "x.txt"), rules="")
    assert classic.quiz is not None and classic.quiz.rules == ""


def test_the_shell_at_its_prompt_takes_the_rules(pipe: PipeInput, tmp_path: Path) -> None:
    quiz = tmp_path / "mine.txt"
    quiz.write_text(f"# rules: x\n{X_QUIZ}\n")
    repl = interact(pipe, typed(f"load-quiz {quiz}", "runrun 0", "bye"))
    assert repl.session.quiz is not None and repl.session.quiz.rules == "x"
    assert repl.session.state().solutions == 1


def test_the_page_s_shell_loads_a_rules_line_and_an_f_puzzles_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from sudoku_repl.frontends.web_shell import run_page
    from tests.web.test_web_shell import Page
    from tests.web.test_web_shell import typed as page_typed

    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.chdir(tmp_path)
    for address, rules in (
        (f"# rules: x\n{X_QUIZ}", "x"),  # (page.mjs's ?quiz=...&rules=x)
        ((FPUZZLES / "x.link").read_text().strip(), "x"),
    ):
        page = Page(page_typed(["bye"]))
        repl = run_page(page, address)
        assert repl.session.quiz is not None and repl.session.quiz.rules == rules
        (board, *_) = [body for kind, body in page.posts if kind == "board"]
        assert board["rules"]["text"] == rules
    assert "Quiz loaded." in capsys.readouterr().out


def test_the_mcp_tools_take_the_rules_and_f_puzzles_json() -> None:
    pytest.importorskip("mcp")
    import anyio
    from mcp.client import Client

    from sudoku_repl.frontends.mcp.server import make_server

    async def session_run() -> list[Any]:
        async with Client(make_server()) as session:
            said = []
            for arguments in (
                {"quiz": X_QUIZ, "rules": "x"},
                {"quiz": X_QUIZ, "rules": "bogus"},
                {"quiz": (FPUZZLES / "antiknight_extra.json").read_text()},
                {"quiz": (FPUZZLES / "killer.json").read_text()},
            ):
                loaded = await session.call_tool("load_quiz", arguments)
                board = await session.call_tool("board", {})
                said.append((loaded, board))
            return said

    (x, _), (bogus, still), (json_loaded, json_board), (killer, _) = anyio.run(session_run)
    assert not x.is_error and not json_loaded.is_error
    assert bogus.is_error and bogus.content[0].text.startswith(UNKNOWN)
    assert still.structured_content["rules"] == "x"  # (a refused load leaves the quiz)
    assert json_board.structured_content["rules"].startswith("antiknight,extra=")
    assert killer.is_error and "'killercage' constraint is not played" in killer.content[0].text


def test_the_mcp_hints_of_a_variant_quiz_are_serates_steps_on_its_rules() -> None:
    # serate's first step of X_QUIZ with --isX=1 (tests/data/rules/serate/x.out): "1.2 Hidden
    # Single: D2: 9 in block", r2c4 of block 2 (the MCP tools name cells as r2c4)
    pytest.importorskip("mcp")
    import anyio
    from mcp.client import Client

    from sudoku_repl.frontends.mcp.server import make_server

    async def session_run() -> list[Any]:
        async with Client(make_server()) as session:
            await session.call_tool("load_quiz", {"quiz": X_QUIZ, "rules": "x"})
            return [
                await session.call_tool("hint", {}),
                await session.call_tool("hint", {"level": 3}),
                await session.call_tool("all_steps", {}),
            ]

    line, third, every = (answer.content[0].text for answer in anyio.run(session_run))
    assert line.splitlines()[-1] == "Hidden Single in block 2: r2c4=9 (ER 1.2)"
    assert third.splitlines()[-1] == "So it places r2c4=9."
    listed = [line.lstrip() for line in every.splitlines()]  # (numbers right-aligned)
    assert "1. Hidden Single in block 2: r2c4=9 (ER 1.2)" in listed


def test_the_dap_launch_takes_the_rules() -> None:
    from tests.support.dap_client import InProcess

    dap = InProcess()
    try:
        dap.ask("initialize", adapterID="test")
        assert dap.ask("launch", quiz=X_QUIZ, rules="x")["success"] is True
        board = dap.ask("sudokuBoard")["body"]
        assert board["rules"]["text"] == "x"  # type: ignore[index]
        for rules, said in (
            ("bogus", UNKNOWN),
            (3, "launch's rules are words (--rules's: \"x,windoku\"), not 3."),
        ):
            refused = dap.ask("launch", quiz=X_QUIZ, rules=rules)
            assert refused["success"] is False and str(refused["message"]).startswith(said)
        json_text = (FPUZZLES / "x.json").read_text()
        assert dap.ask("launch", quiz=json_text)["success"] is True
        assert dap.ask("sudokuBoard")["body"]["rules"]["text"] == "x"  # type: ignore[index]
        assert dap.ask("launch", program=str(REPO / "examples" / "x.txt"))["success"] is True
        assert dap.adapter.repl.session.quiz is not None
        assert dap.adapter.repl.session.quiz.rules == "x"
    finally:
        dap.adapter.close()


def test_check_move_judges_a_variant_quiz_s_moves_on_its_rules() -> None:
    # at the X quiz's start serate offers "Hidden Single: D2: 9 in block" (r2c4=9, ER 1.2)
    # and, on the anti-diagonal, "Cells H2,G3 on value 5 in Anti Diagonal" (5 out of r1c8 and
    # others, ER 2.9: tests/data/rules/serate/x.out); a wrong move is held to the tests' own
    # backtracker's solution
    pytest.importorskip("mcp")
    import anyio
    from mcp.client import Client

    from sudoku_repl.frontends.mcp.server import make_server

    solution = x_solution()
    wrong = next(d for d in "123456789" if d != solution[1 * 9 + 3])

    async def session_run(sealed: bool) -> list[Any]:
        async with Client(make_server(sealed=sealed)) as session:
            await session.call_tool("load_quiz", {"quiz": X_QUIZ, "rules": "x"})
            return [
                await session.call_tool("check_move", {"move": move})
                for move in ("r2c4=9", "r1c8<>5", f"r2c4={wrong}")
            ]

    for sealed in (True, False):
        placed, removed, bad = (a.structured_content for a in anyio.run(session_run, sealed))
        assert placed == {"move": "r2c4=9", "verdict": "justified",
                          "technique": "Hidden Single", "rating": 1.2}  # fmt: skip
        assert removed == {"move": "r1c8<>5", "verdict": "justified",
                           "technique": "Generalized Intersections", "rating": 2.9}  # fmt: skip
        assert bad["verdict"] == "wrong", sealed


def test_the_gym_environment_judges_a_variant_quiz_s_moves_on_its_rules() -> None:
    pytest.importorskip("gymnasium")
    from sudoku_repl.gym import SudokuEnv

    SudokuEnv(rules="")  # classic: taken
    with pytest.raises(ValueError, match=r"^rules: Unknown rule 'bogus'"):
        SudokuEnv(rules="bogus")
    with pytest.raises(
        ValueError,
        match=r"^rules: Sudoku Explainer has no steps on the rule diagonal\+ \(serate has no "
        r"flag for it\)",
    ):
        SudokuEnv(rules="diagonal+")
    # (moves judged by the techniques up to 4.0: past them a right move is "not_yet", at once)
    env = SudokuEnv(rules="x", max_er=4.0)
    _, info = env.reset(options={"puzzle": X_QUIZ})
    assert info["puzzle"] == X_QUIZ
    solution = x_solution()
    _, reward, _, _, info = env.step(1 * 729 + (0 * 9 + 7) * 9 + 5 - 1)  # r1c8<>5
    assert (info["verdict"], info["technique"], reward) == (
        "justified",
        "Generalized Intersections",
        0.0,
    )
    _, reward, _, _, info = env.step((1 * 9 + 3) * 9 + 9 - 1)  # r2c4=9
    assert (info["verdict"], info["technique"], info["rating"], reward) == (
        "justified",
        "Hidden Single",
        1.2,
        1.0,
    )
    # the episode played out by the solution: every placement right, the grid full at the end
    done = False
    for cell in range(81):
        if env.grid.values[cell] == 0:
            _, reward, done, _, info = env.step(cell * 9 + int(solution[cell]) - 1)
            assert info["verdict"] in ("justified", "not_yet"), cell
    assert done and "".join(map(str, env.grid.values)) == solution
