"""The installed version (``core/version.py``) is read from the package's metadata once a
process: ``difficulty`` asks it on every command, and reading it parses the METADATA file."""

from __future__ import annotations

import importlib.metadata

import pytest

from sudoku_repl.core import version


def test_the_metadata_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []

    def reading(name: str) -> str:
        read.append(name)
        return "9.8.7"

    monkeypatch.setattr(version, "_read", None)  # (not read yet in this process)
    monkeypatch.setattr(importlib.metadata, "version", reading)
    assert [version.installed() for _ in range(3)] == ["9.8.7"] * 3
    assert read == ["sudoku-repl"]


def test_a_source_tree_never_installed_says_so_once(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []

    def missing(name: str) -> str:
        read.append(name)
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(version, "_read", None)
    monkeypatch.setattr(importlib.metadata, "version", missing)
    assert version.installed() == version.installed() == "0+unknown"
    assert read == ["sudoku-repl"]
