"""docs/editors.md and the editor files it shows agree: its Lua and Emacs Lisp blocks are
editors/nvim/sudoku-repl.lua and editors/emacs/sudoku-repl-dape.el, and its table of launch
attributes is the VS Code extension's (editors/vscode/package.json), which declares every one of
docs/dap.md's with its type."""

from __future__ import annotations

import json
import re

from tests.support.helpers import REPO

DOC = REPO / "docs" / "editors.md"
MANIFEST = REPO / "editors" / "vscode" / "package.json"


def block(language: str) -> str:
    """The one fenced block of ``language`` in docs/editors.md."""
    found = re.findall(rf"^```{language}\n(.*?)^```$", DOC.read_text(encoding="utf-8"), re.S | re.M)
    assert len(found) == 1, f"{len(found)} {language} blocks"
    return str(found[0])


def test_the_nvim_setup_shown_is_the_file() -> None:
    assert block("lua") == (REPO / "editors" / "nvim" / "sudoku-repl.lua").read_text(
        encoding="utf-8"
    )


def test_the_dape_setup_shown_is_the_file() -> None:
    shown = block("elisp")
    assert 'command-args ("dap")' in shown
    assert shown == (REPO / "editors" / "emacs" / "sudoku-repl-dape.el").read_text(encoding="utf-8")


def test_the_launch_attributes_are_the_extensions() -> None:
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    (debugger,) = manifest["contributes"]["debuggers"]
    assert debugger["type"] == "sudoku-repl"
    declared = set(debugger["configurationAttributes"]["launch"]["properties"])
    table = re.findall(r"^\| `(\w+)` \|", DOC.read_text(encoding="utf-8"), re.M)
    assert {"program", "quiz", "stopOnEntry", "runMode", "guessMode", "trace", "names"} <= declared
    assert set(table) == declared


def test_every_launch_attribute_of_the_adapter_is_declared_with_its_type() -> None:
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    (debugger,) = manifest["contributes"]["debuggers"]
    declared = debugger["configurationAttributes"]["launch"]["properties"]
    dap = (REPO / "docs" / "dap.md").read_text(encoding="utf-8")
    section = dap[dap.index("## Launch attributes") : dap.index("## Requests")]
    documented = set(re.findall(r"^\| `(\w+)` \|", section, re.M))
    assert "cwd" in documented
    assert documented == set(declared)
    for name, schema in declared.items():
        assert schema.get("type"), name
    # docs/dap.md: trace is true/false or "on"/"off"
    assert set(declared["trace"]["type"]) == {"boolean", "string"}
    assert set(declared["trace"]["enum"]) == {True, False, "on", "off"}


def test_breakpoints_are_offered_in_quiz_files_only() -> None:
    # (they were offered in every plain-text file; a .txt quiz is told by its
    # content, lib/quiz.js, and gets the language sudoku)
    contributes = json.loads(MANIFEST.read_text(encoding="utf-8"))["contributes"]
    assert contributes["breakpoints"] == [{"language": "sudoku"}]
    (debugger,) = contributes["debuggers"]
    assert debugger["languages"] == ["sudoku"]
    (language,) = contributes["languages"]
    assert language["id"] == "sudoku"
    assert {".sudoku", ".sdk"} <= set(language["extensions"])
