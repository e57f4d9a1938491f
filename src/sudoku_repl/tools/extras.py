"""What to type to add an optional extra (``ilp``: HiGHS, ``dask``: Dask) to the install that
runs: the one place that says it.

The package is not on a package index, so ``pip install 'sudoku-repl[ilp]'`` works only where it
was installed from one. pip records where an install came from (``direct_url.json``, PEP 610):

- from a folder (a clone: ``pip install .`` or ``pip install -e .``), the extra of that folder,
  by its path, so that the line works from anywhere: ``pip install -e '/home/me/sudoku-repl[ilp]'``;
- from a package index (no ``direct_url.json``), the extra by the package's name;
- else (a wheel file, a VCS URL, a folder since removed, a copy pip did not install), the
  extra's own packages alone: ``pip install highspy``.
"""

from __future__ import annotations

import json
import os
import shlex
from importlib import metadata
from urllib.parse import unquote, urlparse

#: the distribution's name, as pyproject.toml gives it
NAME = "sudoku-repl"


def install_command(extra: str, alone: str) -> str:
    """The pip command that adds ``extra`` to this install (``alone``: its packages by
    themselves, as typed, where the extra cannot be named)."""
    return command_for(extra, alone, *_origin())


def command_for(extra: str, alone: str, installed: bool, direct_url: str | None) -> str:
    """The command, given whether pip installed the package (``installed``) and its
    ``direct_url.json`` (None: none, an install from a package index)."""
    if not installed:
        return f"pip install {alone}"
    if direct_url is None:
        return f"pip install {shlex.quote(f'{NAME}[{extra}]')}"
    try:
        origin = json.loads(direct_url)
        url = urlparse(origin["url"])
        folder = origin.get("dir_info")
    except (ValueError, KeyError, TypeError, AttributeError):
        return f"pip install {alone}"
    path = unquote(url.path)
    if url.scheme != "file" or not isinstance(folder, dict) or not os.path.isdir(path):
        return f"pip install {alone}"
    editable = "-e " if folder.get("editable") is True else ""
    return f"pip install {editable}{shlex.quote(f'{path}[{extra}]')}"


def _origin() -> tuple[bool, str | None]:
    """(whether pip installed the package, its ``direct_url.json`` or None). A source tree's
    own metadata (``sudoku_repl.egg-info``, on the path when Python runs in the tree) has no
    ``INSTALLER``: only what an installer wrote counts."""
    for dist in metadata.distributions(name=NAME):
        if dist.read_text("INSTALLER") is not None:
            return True, dist.read_text("direct_url.json")
    return False, None
