"""The VS Code end-to-end tests' code-server gets the test's environment, whatever the one the
tests run from (test_vscode_host.py's check of the PATH searched failed from a shell
whose PATH was not its login shell's, and a venv activated there was found where a test wants
none). code-server's extension host takes its environment from ``$SHELL -i -l -c COMMAND``
(VS Code's resolveShellEnv, with the environment code-server has): run here as it runs it, from a
runner with another venv active, with pyenv's shims first on its PATH, and with neither. No
code-server is started (no page): quick, and run wherever /bin/sh is."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.vscode import Server

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="code-server's host: POSIX")

SYSTEM = {"/usr/local/bin", "/usr/bin", "/bin"}
#: the shell the tests run from, made: the folders it put on its PATH
Runner = Callable[[Path, pytest.MonkeyPatch], list[Path]]


def program(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\n{text}\n", encoding="utf-8")
    path.chmod(0o755)


def another_venv(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """A venv with a sudoku-repl activated (the checkout's .venv, say), as `activate` does."""
    venv = tmp / "other-venv"
    program(venv / "bin" / "sudoku-repl", 'echo "sudoku-repl 0.0"')
    monkeypatch.setenv("VIRTUAL_ENV", str(venv))
    monkeypatch.setenv("CONDA_PREFIX", str(venv))
    monkeypatch.setenv("PATH", f"{venv / 'bin'}:/usr/bin:/bin")
    return [venv / "bin"]


def pyenv_shims(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """pyenv's shims first on PATH: a sudoku-repl shim that fails, as pyenv's do where the
    Python selected lacks the program, and a python3 one."""
    shims = tmp / "pyenv" / "shims"
    for name in ("sudoku-repl", "python3"):
        program(shims / name, f'echo "pyenv: {name}: command not found" >&2; exit 127')
    monkeypatch.delenv("VIRTUAL_ENV", raising=False)
    monkeypatch.delenv("CONDA_PREFIX", raising=False)
    monkeypatch.setenv("PATH", f"{shims}:/usr/bin:/bin")
    return [shims]


def neither(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    monkeypatch.delenv("VIRTUAL_ENV", raising=False)
    monkeypatch.delenv("CONDA_PREFIX", raising=False)
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    return []


@pytest.mark.parametrize("runner", [another_venv, pyenv_shims, neither], ids=lambda r: r.__name__)
def test_the_extension_hosts_environment_is_the_tests_whatever_the_runners(
    runner: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    planted = runner(tmp_path, monkeypatch)
    server = Server(tmp_path / "server")  # (its environment read from the runner's, now)
    server.root.mkdir()
    server.write_login_shell()
    # as code-server runs it (VS Code's getUnixShellEnvironment): the login shell, its
    # environment printed by a program given by its path
    printer = "import json, os; print(json.dumps(dict(os.environ)))"
    show = f"{shlex.quote(sys.executable)} -c {shlex.quote(printer)}"
    done = subprocess.run(
        [server.env["SHELL"], "-i", "-l", "-c", show],
        env=server.env, capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    host = json.loads(done.stdout)
    path = host["PATH"].split(":")
    assert set(path) <= SYSTEM, path  # the system's folders, nothing of the runner's
    assert not {str(p) for p in planted} & set(path), (planted, path)
    assert shutil.which("sudoku-repl", path=host["PATH"]) is None, path
    assert "VIRTUAL_ENV" not in host and "CONDA_PREFIX" not in host, host
