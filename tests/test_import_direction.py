"""The import direction of STYLE.md: the core never imports the shell nor prompt_toolkit; only the
shell module imports prompt_toolkit; batch mode runs without loading it."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import REPO, SEED_QUIZ

PACKAGE = REPO / "sudoku_repl"
#: The modules that may reach the terminal (docs/commands.md 1): everything else is the core.
FRONT = {"shell.py", "cli.py", "__main__.py", "rate_cli.py"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path) -> set[str]:
    """Every module an import statement of the file names (at any depth: in functions, under
    TYPE_CHECKING too), relative imports resolved; ``from X import y`` yields X and X.y."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            if node.args and isinstance(node.args[0], ast.Constant):
                found.add(str(node.args[0].value))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.add(str(node.args[0].value))
    return found


def forbidden_in_core(imports: set[str]) -> set[str]:
    return {
        m
        for m in imports
        if m == "prompt_toolkit" or m.startswith("prompt_toolkit.")
        or m == "sudoku_repl.shell" or m.startswith("sudoku_repl.shell.")
    }


def source_files() -> list[Path]:
    files = sorted(PACKAGE.rglob("*.py"))
    assert files, f"no sources under {PACKAGE}"
    return files


CORE = [p for p in source_files() if p.name not in FRONT]

#: Violations found and reported (strict xfail: the test fails again once they are fixed, so
#: that this list is kept honest).
KNOWN_VIOLATIONS: dict[str, str] = {}


def core_param(path: Path) -> object:
    reason = KNOWN_VIOLATIONS.get(path.name)
    marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
    return pytest.param(path, marks=marks, id=str(path.relative_to(PACKAGE)))


def test_the_front_modules_exist() -> None:
    assert {p.name for p in source_files()} >= FRONT | {"engine.py", "session.py", "batch.py"}


@pytest.mark.parametrize("path", [core_param(p) for p in CORE])
def test_core_module_imports_neither_shell_nor_prompt_toolkit(path: Path) -> None:
    assert forbidden_in_core(imported_modules(path)) == set()


def test_the_checker_sees_the_shell_imports() -> None:
    """The control: the same check flags shell.py (prompt_toolkit) and cli.py (its lazy
    import of the shell), so a passing core is not an accident of the parser."""
    assert {m for m in forbidden_in_core(imported_modules(PACKAGE / "shell.py"))
            if m.startswith("prompt_toolkit")}
    assert "sudoku_repl.shell" in forbidden_in_core(imported_modules(PACKAGE / "cli.py"))


def test_only_the_shell_imports_prompt_toolkit() -> None:
    importers = {
        p.name
        for p in source_files()
        if any(m.split(".")[0] == "prompt_toolkit" for m in imported_modules(p))
    }
    assert importers == {"shell.py"}


PROBE = """
import json, sys
{body}
loaded = sorted(m for m in sys.modules
                if m.split(".")[0] == "prompt_toolkit" or m == "sudoku_repl.shell")
print("\\nPROBE " + json.dumps({{"rc": rc, "loaded": loaded}}), file=sys.stderr)
"""


def probe(body: str, stdin: str = "") -> tuple[str, dict[str, object]]:
    """Run ``body`` (which sets ``rc``) in a fresh interpreter from the repository root; its
    stdout and what it had imported by the end."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(body=body)],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    marker = [line for line in done.stderr.splitlines() if line.startswith("PROBE ")]
    assert len(marker) == 1, done.stderr
    return done.stdout, json.loads(marker[0][6:])


def test_importing_every_core_module_loads_no_prompt_toolkit() -> None:
    names = [module_name(p) for p in CORE]
    body = "import importlib\n" + "\n".join(
        f"importlib.import_module({n!r})" for n in names
    ) + "\nrc = 0"
    _, result = probe(body)
    assert result["loaded"] == []


def test_batch_with_commands_does_not_import_prompt_toolkit() -> None:
    body = (
        "import sudoku_repl.cli as cli\n"
        f"rc = cli.main(['-c', 'load-quiz {SEED_QUIZ}; run; bye'])"
    )
    out, result = probe(body)
    assert result == {"rc": 0, "loaded": []}
    assert "Fine [steps:131, solution sum:1]." in out.splitlines()  # the batch really ran


def test_batch_from_a_pipe_does_not_import_prompt_toolkit() -> None:
    body = "import sudoku_repl.cli as cli\nrc = cli.main([])"
    out, result = probe(body, stdin=f"load-quiz {SEED_QUIZ}\nrunrun 0\nbye\n")
    assert result == {"rc": 0, "loaded": []}
    assert "Invalid quiz [steps:284] - no more solution (solution sum is 1)" in out.splitlines()
