"""The session's notices (``core/notices.py``) in words: the lines the command layer prints
after a command (``Repl``)."""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: start-up imports neither typing nor the engine
if TYPE_CHECKING:
    from sudoku_repl.core.notices import Notice


def notice_line(notice: Notice) -> str:
    """The line that says ``notice``."""
    from sudoku_repl.core.notices import (
        BreakpointDisabled,
        ExperimentFollowed,
        ExperimentsDropped,
        RecordFull,
    )

    if isinstance(notice, RecordFull):
        return (
            f"Record full: steps before {notice.first_steps} were dropped to bound "
            f"memory; time travel, history and when start there now."
        )
    if isinstance(notice, ExperimentsDropped):
        return (
            f"Experiments {', '.join(map(str, notice.numbers))} parted before step "
            f"{notice.first_steps} and were deleted with the dropped steps."
        )
    if isinstance(notice, ExperimentFollowed):
        return (
            f"Experiment {notice.number} ({notice.name}) goes on this way from step "
            f"{notice.step}: it is the present one now (experiment {notice.left} stands at "
            f"its end)."
        )
    assert isinstance(notice, BreakpointDisabled)
    return (
        f"Breakpoint {notice.number} ({notice.described}) is disabled: this quiz "
        f"has no cell {notice.place}."
    )
