"""The ``Repl``'s session, made on first use, and what work on it is at: one object handed at
construction to the ``Repl``, to its ``SessionHooks`` and to what a front end shows while work
goes on (the shell's progress line), so that none of them reaches back up into another for it.
"""

from __future__ import annotations

from sudoku_repl.commands.preparation import ready

TYPE_CHECKING = False  # not typing's: start-up imports neither typing nor the engine
if TYPE_CHECKING:  # the engine is imported on first use: ``bye``, ``help`` need none of it
    from sudoku_repl.core.session import Session


class SessionSlot:
    """Holds the session (``session``: made on first use, the run modes registered first, as
    ``preparation.ready`` says; ``held``: None until then) and ``doing``: what a command that
    works beside the present search is at, for the progress line (``whatif guesses``: its row;
    None: the progress line counts the present's steps)."""

    __slots__ = ("doing", "held")

    def __init__(self) -> None:
        self.held: Session | None = None
        self.doing: str | None = None

    @property
    def session(self) -> Session:
        if self.held is None:
            ready()
            from sudoku_repl.core.session import Session

            self.held = Session()
        return self.held

    @session.setter
    def session(self, session: Session) -> None:
        self.held = session

    @property
    def loaded(self) -> bool:
        """Whether a quiz is loaded (asking makes no session)."""
        return self.held is not None and self.held.loaded

    def progress(self) -> int | str | None:
        """What the progress line shows: what a command beside the search is at, else the
        present's steps (None: no quiz; ``generate`` works without one)."""
        if self.doing:
            return self.doing
        return self.held.engine.steps if self.held is not None and self.held.loaded else None
