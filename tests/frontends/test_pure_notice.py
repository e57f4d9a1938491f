"""Pip hides the build's warning, so the program says where the user is, once a
process and in one line, that the pure-Python build runs, about how much slower it is, and the
one command that gets the native build (``tools/rating/se_build``: the line, and the memory that
it was said). The surfaces in-process: the shell's first prompt, ``hint se``, the shell's
``generate``, ``sudoku-repl generate`` and the DAP console; ``rate`` and ``serate`` say it on a terminal's stderr (a real one:
tests/frontends/test_se_notice.py).

The pure build is forced: ``SUDOKU_REPL_ENGINE=pure`` for the surfaces, and the two doors'
``available`` made False where the line is the one of an install without the C (as the bare
machine's). The expected lines are written out here from the issue's words and docs/native.md's
figures, not made by the code under test."""

from __future__ import annotations

import json
from importlib import metadata

import pytest
from prompt_toolkit.input import PipeInput

from sudoku_repl.core import native as core
from sudoku_repl.frontends.generate_cli import main_generate
from sudoku_repl.techniques.explainer import native as explainer
from sudoku_repl.tools.rating import se_build
from tests.support.dap_client import InProcess
from tests.support.helpers import EACH_BUILD, REPO, SEED, SEED_FILE, Shell, interact, typed

#: on each build: the pure build's line, on the build that has it
pytestmark = EACH_BUILD

#: the line of an install without its C (the bare machine's), installed from an index
NOT_BUILT = (
    "sudoku-repl: the pure-Python build runs (no native C in this install), about 25x slower to "
    "solve and about 100x slower to rate by SE's scale; for the native one, with a C compiler: "
    "pip install --no-cache-dir --force-reinstall sudoku-repl"
)
#: the line where the native build is installed and SUDOKU_REPL_ENGINE=pure asks for the pure one
ASKED = (
    "sudoku-repl: the pure-Python build runs (SUDOKU_REPL_ENGINE=pure), about 25x slower to "
    "solve and about 100x slower to rate by SE's scale; unset SUDOKU_REPL_ENGINE for the native one"
)


class Origin:
    """A distribution whose ``direct_url.json`` (PEP 610) is ``text`` (None: there is none)."""

    def __init__(self, text: str | None) -> None:
        self.text = text

    def read_text(self, name: str) -> str | None:
        assert name == "direct_url.json"
        return self.text


def installed(monkeypatch: pytest.MonkeyPatch, origin: dict[str, object] | None) -> None:
    """The package as installed from ``origin`` (PEP 610's record; None: from an index)."""
    text = None if origin is None else json.dumps(origin)
    monkeypatch.setattr(metadata, "distribution", lambda name: Origin(text))


@pytest.fixture
def pure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pure build of an install without its C, installed from an index; not said yet."""
    monkeypatch.setenv("SUDOKU_REPL_ENGINE", "pure")
    # (chosen again, put back after the test: the core's choice on its module, the explainer's
    # on its door, core/doors)
    monkeypatch.setattr(core, "selected", None)
    monkeypatch.setattr(explainer.door, "selected", None)
    for door in (core, explainer):
        monkeypatch.setattr(door, "available", lambda: False)
    installed(monkeypatch, None)
    monkeypatch.setattr(se_build, "said", False)


def said_in(text: str) -> int:
    """How many times ``text`` holds the line (as a whole line)."""
    return text.splitlines().count(NOT_BUILT)


# -- the line -----------------------------------------------------------------------------------


@pytest.mark.usefixtures("pure")
def test_an_install_without_its_c_is_said_with_the_command_that_gets_native() -> None:
    assert se_build.pure_build_line() == NOT_BUILT


@pytest.mark.usefixtures("pure")
def test_the_pure_build_asked_for_says_how_to_stop_asking(monkeypatch: pytest.MonkeyPatch) -> None:
    for door in (core, explainer):
        monkeypatch.setattr(door, "available", lambda: True)
    assert se_build.pure_build_line() == ASKED


@pytest.mark.usefixtures("pure")
def test_only_the_explainer_pure_says_only_its_slowdown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core, "active", lambda: True)
    assert se_build.pure_build_line("sudoku-repl rate") == (
        "sudoku-repl rate: the pure-Python build runs (no native C in this install), about 100x "
        "slower to rate by SE's scale; for the native one, with a C compiler: "
        "pip install --no-cache-dir --force-reinstall sudoku-repl"
    )


def test_nothing_is_said_on_the_native_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(se_build, "said", False)
    for door in (core, explainer):
        monkeypatch.setattr(door, "active", lambda: True)
    assert se_build.pure_build_line() is None
    assert se_build.pure_build_once() is None
    assert se_build.said is False  # (a build that becomes pure later is still said)


@pytest.mark.parametrize(
    ("origin", "source"),
    [
        (None, "sudoku-repl"),  # an index: no direct_url.json
        ({"url": "file:///home/u/sudoku-repl", "dir_info": {}}, "/home/u/sudoku-repl"),
        (
            {"url": "file:///home/u/my%20clone", "dir_info": {"editable": True}},
            "-e '/home/u/my clone'",
        ),
        ({"url": "file:///tmp/sudoku_repl-0.2.0.tar.gz", "archive_info": {}}, "sudoku-repl"),
        ({"url": "https://github.com/x/sudoku-repl", "vcs_info": {"vcs": "git"}}, "sudoku-repl"),
        ({"url": 7, "dir_info": []}, "sudoku-repl"),  # (a record not as PEP 610 says)
    ],
)
def test_the_command_names_what_the_package_was_installed_from(
    monkeypatch: pytest.MonkeyPatch, origin: dict[str, object] | None, source: str
) -> None:
    installed(monkeypatch, origin)
    assert se_build.native_command() == f"pip install --no-cache-dir --force-reinstall {source}"


@pytest.mark.usefixtures("pure")
def test_the_line_is_said_once_a_process() -> None:
    assert se_build.pure_build_once() == NOT_BUILT
    assert se_build.pure_build_once() is None
    assert se_build.pure_build_once("sudoku-repl rate") is None


# -- where the user is --------------------------------------------------------------------------


@pytest.mark.usefixtures("pure", "at_repo_root")
def test_the_shell_says_it_before_its_first_prompt_and_hint_se_not_again(
    pipe: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    interact(pipe, typed(f"load-quiz {SEED}", "hint se", "hint se", "bye"))
    out = capsys.readouterr().out
    assert out.splitlines()[0] == NOT_BUILT, out
    assert said_in(out) == 1 and "25x" not in out.replace(NOT_BUILT, ""), out


@pytest.mark.usefixtures("pure", "at_repo_root")
def test_hint_se_says_it_once() -> None:
    shell = Shell()
    shell.ok(f"load-quiz {SEED}")
    first, second = shell.ok("hint se"), shell.ok("hint se")
    assert first[0] == NOT_BUILT and first[1:] == second, (first, second)
    assert NOT_BUILT not in second


@pytest.mark.usefixtures("pure")
def test_the_shells_makers_say_it_once() -> None:
    shell = Shell()
    first = shell.ok("generate --count 1 --seed 1 --level 0-")  # (the maker's)
    second = shell.ok("scramble --clues 30 --seed 3")  # (seed 003's scramble)
    assert first[0] == NOT_BUILT, first
    assert NOT_BUILT not in first[1:] + second, (first, second)


@pytest.mark.usefixtures("pure")
def test_generate_says_it_once(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in ("1", "2"):  # (twice in one process: said the first time only)
        assert main_generate(["--count", "1", "--seed", seed, "--level", "0-"]) == 0
    err = capsys.readouterr().err
    assert err.splitlines()[0] == f"sudoku-repl generate{NOT_BUILT.removeprefix('sudoku-repl')}"
    assert err.count("about 25x slower") == 1, err


@pytest.mark.usefixtures("pure")
def test_the_dap_console_says_it_once_at_launch() -> None:
    dap = InProcess()
    try:
        dap.ask("initialize", adapterID="test")
        assert dap.ask("launch", program=str(SEED_FILE))["success"] is True
        dap.ask("configurationDone")
        hint = dap.ask("evaluate", expression="hint se", context="repl")
        assert hint["success"] is True and "25x" not in json.dumps(hint), hint
        assert dap.ask("launch", program=str(SEED_FILE))["success"] is True  # (again)
        outputs = [
            str(m["body"]["output"])  # type: ignore[index]
            for m in dap.sent()
            if m.get("event") == "output"
        ]
        assert outputs[0].splitlines()[0] == NOT_BUILT, outputs  # (before the quiz's line)
        assert sum("about 25x slower" in text for text in outputs) == 1, outputs
    finally:
        dap.adapter.close()


def test_the_suites_process_counts_it_said() -> None:
    """(So that no test's output depends on the test that ran first: tests/conftest.py.)"""
    assert se_build.said is True
    assert se_build.pure_build_once() is None


def test_the_readme_and_the_native_page_give_the_same_command() -> None:
    """The command the line says is the one the README and docs/native.md give (and setup.py's
    warning at install: tests/architecture/test_pure_build.py)."""
    command = "pip install --no-cache-dir --force-reinstall sudoku-repl"
    for page in (REPO / "README.md", REPO / "docs" / "native.md"):
        assert command in page.read_text(encoding="utf-8"), page
    assert NOT_BUILT.endswith(command)
