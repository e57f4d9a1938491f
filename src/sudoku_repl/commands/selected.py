"""The outer guess level ``frame`` selected: a value the ``Repl`` holds (``Repl.frame``) and the
frame commands make, in a module below both so that neither imports the other."""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: start-up imports neither typing nor the engine
if TYPE_CHECKING:
    from sudoku_repl.core.state import EngineState


class Selected:
    """An outer guess level selected by ``frame``: its level and frame number (gdb's: 0 the
    innermost), the state at the step its guess was taken and the record's moves to that
    state, and the line that says so."""

    __slots__ = ("level", "moves", "note", "number", "state")

    def __init__(self, level: int, number: int, note: str, state: EngineState, moves: int) -> None:
        self.level = level
        self.number = number
        self.note = note
        self.state = state
        self.moves = moves

    def aside(self, answer: str) -> str:
        """The line a command that answers for something else than this frame says first:
        ``{answer}, not frame 5 (step 55): frame 0 goes back to the present.``"""
        steps = self.state.steps
        return (
            f"{answer}, not frame {self.number} (step {steps}): frame 0 goes back to the present."
        )
