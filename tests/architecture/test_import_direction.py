"""What importing does: no module but the front ends loads prompt_toolkit, batch mode runs without
it, and importing registers nothing (``assembly.register_all`` does, called by the entry points).
The static import rules (layers, the core, prompt_toolkit) are import-linter's contracts."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.helpers import REPO, SEED_QUIZ, SilentHooks

PACKAGE = REPO / "src" / "sudoku_repl"
#: The modules that may reach the terminal (docs/commands.md 1): everything else is the core.


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


#: The modules that import an optional extra when imported (its package named): left out of the
#: imports below where the extra is not installed (the bare machine's run has none)
NEEDS_EXTRA = {"frontends/mcp/server.py": "mcp", "gym.py": "gymnasium"}


def source_files() -> list[Path]:
    files = sorted(PACKAGE.rglob("*.py"))
    assert files, f"no sources under {PACKAGE}"
    return files


def importable(path: Path) -> bool:
    """Whether ``path`` imports here: its extra, if it needs one, is installed."""
    extra = NEEDS_EXTRA.get(path.relative_to(PACKAGE).as_posix())
    return extra is None or importlib.util.find_spec(extra) is not None


#: The modules that may load prompt_toolkit (the static rules are import-linter's contracts in
#: pyproject.toml, run by .ci/run; these tests check what really gets loaded).
FRONT = {
    "frontends/shell.py",
    "frontends/completion.py",
    "frontends/completion_keys.py",
    "frontends/suspend_key.py",
    "frontends/prompt_history.py",
    "frontends/cursor_requests.py",
    "frontends/progress.py",
    "frontends/tui/app.py",
    "frontends/tui/keys.py",
    "frontends/tui/layout.py",
    "frontends/tui/pane.py",
    "frontends/tui/state.py",
    "frontends/cli.py",
    "frontends/rate_cli.py",
    "frontends/dap/completing.py",  # the debug console's completion: the shell's completer
    "frontends/web_shell.py",  # the web page's shell: the shell's prompt loop and completer
    "__main__.py",
}
CORE = [p for p in source_files() if str(p.relative_to(PACKAGE)) not in FRONT]


def test_the_front_modules_exist() -> None:
    assert {str(p.relative_to(PACKAGE)) for p in source_files()} >= FRONT
    assert {p.relative_to(PACKAGE).as_posix() for p in source_files()} >= set(NEEDS_EXTRA)


PROBE = """
import json, sys
{body}
loaded = sorted(m for m in sys.modules
                if m.split(".")[0] == "prompt_toolkit" or m == "sudoku_repl.frontends.shell")
print("\\nPROBE " + json.dumps({{"rc": rc, "loaded": loaded}}), file=sys.stderr)
"""


def run_python(code: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter from the repository root; it must succeed."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done


def probed(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    """What the ``PROBE`` line on stderr says."""
    marker = [line for line in done.stderr.splitlines() if line.startswith("PROBE ")]
    assert len(marker) == 1, done.stderr
    result: dict[str, Any] = json.loads(marker[0][6:])
    return result


def probe(body: str, stdin: str = "") -> tuple[str, dict[str, object]]:
    """Run ``body`` (which sets ``rc``) in a fresh interpreter from the repository root; its
    stdout and what it had imported by the end."""
    done = run_python(PROBE.format(body=body), stdin)
    return done.stdout, probed(done)


EVERY_MODULE = """
import importlib, json, sys
{imports}
from sudoku_repl.core import modes
from sudoku_repl.commands import table
registered = {{"modes": modes.names(), "commands": len(table.commands())}}
{mains}
loaded = sorted(m for m in sys.modules
                if m.split(".")[0] == "prompt_toolkit" or m == "sudoku_repl.frontends.shell")
print("\\nPROBE " + json.dumps({{**registered, "rc": 0, "loaded": loaded}}), file=sys.stderr)
"""


@pytest.fixture(scope="module")
def every_module_imported() -> dict[str, Any]:
    """One fresh interpreter imports every core module: what it had registered once the
    modules but the ``__main__`` ones were imported (those are run, not imported, by the entry
    points), and what it had loaded once those were imported too. (Both tests ask the same
    imports; the interpreter and the imports are most of their time.)"""
    names = [module_name(p) for p in CORE if p.name != "__main__.py" and importable(p)]
    mains = [module_name(p) for p in CORE if p.name == "__main__.py" and importable(p)]
    code = EVERY_MODULE.format(
        imports="\n".join(f"importlib.import_module({n!r})" for n in names),
        mains="\n".join(f"importlib.import_module({n!r})" for n in mains),
    )
    return probed(run_python(code))


def test_importing_every_core_module_loads_no_prompt_toolkit(
    every_module_imported: dict[str, Any],
) -> None:
    assert every_module_imported["loaded"] == []


def test_batch_with_commands_does_not_import_prompt_toolkit() -> None:
    body = (
        "import sudoku_repl.frontends.cli as cli\n"
        f"rc = cli.main(['-c', 'load-quiz {SEED_QUIZ}; run; bye'])"
    )
    out, result = probe(body)
    assert result == {"rc": 0, "loaded": []}
    assert "Fine [steps:131, solution sum:1]." in out.splitlines()  # the batch really ran


def test_batch_from_a_pipe_does_not_import_prompt_toolkit() -> None:
    body = "import sudoku_repl.frontends.cli as cli\nrc = cli.main([])"
    out, result = probe(body, stdin=f"load-quiz {SEED_QUIZ}\nrunrun 0\nbye\n")
    assert result == {"rc": 0, "loaded": []}
    assert "Invalid quiz [steps:284] - no more solution (solution sum is 1)" in out.splitlines()


def test_importing_every_module_registers_nothing(every_module_imported: dict[str, Any]) -> None:
    assert every_module_imported["modes"] == [0, 1, 2]  # the original's three, nothing more
    assert every_module_imported["commands"] == 0


RUN_MODE_3 = """
import importlib, sys
{imports}
from sudoku_repl import Session
session = Session.from_quiz({quiz!r})
session.settings.run_mode = 3
session.run()
print(session.state().steps)
"""


@pytest.mark.parametrize(
    "imported",
    [
        [],
        [
            "sudoku_repl.views.matrices",
            "sudoku_repl.techniques.theorems",
            "sudoku_repl.commands.book",
        ],
    ],
    ids=["bare", "book-imported"],
)
def test_run_mode_3_is_the_same_whatever_was_imported(imported: list[str]) -> None:
    imports = "\n".join(f"importlib.import_module({n!r})" for n in imported)
    done = run_python(RUN_MODE_3.format(imports=imports, quiz=SEED_QUIZ))
    # the issue measured 269 steps for run-mode 3 to the first solution of the seed (and 131,
    # run-mode 0's figure, when mode 3 was not registered)
    assert done.stdout.split() == ["269"]


def test_an_unregistered_run_mode_is_refused_when_given() -> None:
    """At once, in the settings (the API once took ``run_mode=7`` and failed at the next step),
    with one line that names every mode and what it does."""
    from sudoku_repl.core.errors import UserError
    from sudoku_repl.core.quiz import Quiz
    from sudoku_repl.core.session import Session, Settings

    said = (
        r"^There is no run mode 7\. The run modes: 0 grp and ply; 1 grp only; 2 ply only; "
        r"3 the book's theorems 1-4 \(Jin Jianming\), one conversion per step, a guess when "
        r"stuck; 4 grp, ply, then X-Chain and Forcing-Chain; 5 X-Chain and Forcing-Chain only\.$"
    )
    with pytest.raises(UserError, match=said):
        Settings(run_mode=7)
    session = Session(Settings(run_mode=3))
    session.load(Quiz.from_string(SEED_QUIZ))
    with pytest.raises(UserError, match=said):
        session.settings.run_mode = 7
    assert session.settings.run_mode == 3
    session.run(SilentHooks())
    assert session.state().steps > 0


def test_the_console_script_names_a_real_entry_point() -> None:
    """The README's first command runs ``sudoku-repl``: its target must import and be callable."""
    import importlib
    import tomllib

    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    module, _, name = scripts["sudoku-repl"].partition(":")
    assert callable(getattr(importlib.import_module(module), name))
