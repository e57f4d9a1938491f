"""The static command manifest (issue 15, start-up) says what the handler modules declare.

The Order List, ``help``, unknown-command suggestions and completion read the manifest
(``commands/manifest.py``) so that no handler module is imported before its command is used; the
modules' ``@command(...)`` declarations stay next to the handlers. These tests keep the two in
step: the same commands, module by module and in order, with the same usage, summary, help text,
argument kind and aliases, and each manifest record's handler is the declared one.
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import sudoku_repl.commands
from sudoku_repl.commands.manifest import MANIFEST
from sudoku_repl.commands.table import BARE, COMMANDS, Command, CommandSet


def declaring_modules() -> dict[str, CommandSet]:
    """Every module of ``sudoku_repl.commands`` that declares commands, by its name there."""
    found = {}
    for info in pkgutil.iter_modules(sudoku_repl.commands.__path__):
        module = importlib.import_module(f"sudoku_repl.commands.{info.name}")
        declared = getattr(module, "command", None)
        if isinstance(declared, CommandSet):
            found[info.name] = declared
    return found


def entry_source(cmd: Command) -> str:
    """The manifest entry that says what ``cmd`` declares (for the failure message)."""
    words = [repr(cmd.module), repr(cmd.usage), repr(cmd.summary)]
    if cmd.aliases:
        words.append(f"aliases={cmd.aliases!r}")
    if cmd.argument:
        words.append(f"argument={cmd.argument!r}")
    if cmd.help:
        words.append(f"help={cmd.help!r}")
    return f"Command({', '.join(words)}),"


def test_every_declaring_module_is_in_the_manifest_and_back() -> None:
    modules = declaring_modules()
    assert {cmd.module for cmd in MANIFEST} == set(modules)
    assert set(BARE) <= set(modules)


@pytest.mark.parametrize("module", sorted(declaring_modules()))
def test_the_manifest_says_what_the_module_declares(module: str) -> None:
    declared = declaring_modules()[module].commands
    listed = [cmd for cmd in MANIFEST if cmd.module == module]
    assert [cmd.name for cmd in listed] == [cmd.name for cmd in declared], (
        f"{module} declares these commands, in this order; the manifest's entries should read:\n"
        + "\n".join(entry_source(cmd) for cmd in declared)
    )
    for entry, cmd in zip(listed, declared):
        assert entry.described() == cmd.described(), (
            f"the manifest's entry for {cmd.name} should read:\n{entry_source(cmd)}"
        )


def test_names_and_aliases_are_unique() -> None:
    names = [cmd.name for cmd in MANIFEST]
    aliases = [alias for cmd in MANIFEST for alias in cmd.aliases]
    assert len(set(names)) == len(names)
    assert len(set(aliases)) == len(aliases)
    assert not set(names) & set(aliases)


def test_the_installed_table_is_the_manifest_and_finds_the_declared_handlers() -> None:
    """(conftest.py calls ``register_all``.)"""
    assert list(COMMANDS) == [cmd.name for cmd in MANIFEST]
    modules = declaring_modules()
    for name, cmd in COMMANDS.items():
        assert cmd.handler is modules[cmd.module].find(name).handler, name


def test_a_record_the_module_does_not_declare_is_a_clear_error() -> None:
    stray = Command("bare", "nosuch", "a command nobody declares")
    with pytest.raises(LookupError, match="bare declares no command 'nosuch'"):
        stray.handler  # noqa: B018 - resolving it is the test
