"""A door to a C extension above the core (the explainer's, the measures of difficulty's), one
class for every such door: whether the extension is installed, whether it runs (chosen once:
the first question reads ``SUDOKU_REPL_ENGINE``; ``reset`` makes the next one read it again),
its functions (each None on the pure build, where the caller's Python answers) and the build in
words, as the core's own door (``core/native.py``) says its own. Each door module names its own
extension (``load``), so nothing else in the package does."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import Any

from sudoku_repl.core.engine_choice import ENV, PURE, not_built, pure_asked


class Door:
    """``load`` imports the extension (ImportError where it is not there or does not load);
    ``what`` names it in a line (``the explainer's C extension``), ``folder`` where it was
    looked for, ``noun`` the build's word (``explainer``: ``native explainer (C)``)."""

    def __init__(self, load: Callable[[], ModuleType], what: str, folder: str, noun: str) -> None:
        self.load, self.what, self.folder, self.noun = load, what, folder, noun
        #: whether the C runs, once chosen (None: not yet; the next question reads ``ENV``)
        self.selected: bool | None = None
        #: the extension module, or None and why it cannot be used (``cache_clear``: look again)
        self.extension = cache(self._extension)

    def _extension(self) -> tuple[ModuleType | None, str]:
        try:
            return self.load(), ""
        except ImportError as e:
            if "cannot import name" in str(e):  # not there: no C compiler, or a tree not built
                return None, not_built(self.what, self.folder)
            return None, f"{self.what} does not load: {e}"  # there, but broken

    def available(self) -> bool:
        """Whether the C is installed (whatever ``SUDOKU_REPL_ENGINE`` says)."""
        return self.extension()[0] is not None

    def active(self) -> bool:
        """Whether the C runs (chosen once: ``selected``)."""
        if self.selected is None:
            self.selected = not pure_asked() and self.available()
        return self.selected

    def reset(self) -> None:
        """Forget the choice: the next question reads ``SUDOKU_REPL_ENGINE`` again."""
        self.selected = None

    def build(self) -> str:
        """``native NOUN (C)``, or ``pure Python (no native NOUN: why)``."""
        if self.active():
            return f"native {self.noun} (C)"
        if self.available():
            return f"pure Python (no native {self.noun}: {ENV}={PURE})"
        return f"pure Python (no native {self.noun}: {self.extension()[1]})"

    def function(self, name: str) -> Any:
        """The extension's function ``name`` on the native build, else None."""
        return getattr(self.extension()[0], name) if self.active() else None
