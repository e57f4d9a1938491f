"""Time travel: the present put at any move of the record (``seek``, ``goto``, ``restart``), and
the state after a move worked out on a copy of the engine (``state_after``), from the record's
snapshots and the moves after them: nothing is searched again."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from sudoku_repl.core import hand, modes
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.errors import RecordCut, UserError
from sudoku_repl.core.events import Event
from sudoku_repl.core.hooks import Hooks
from sudoku_repl.core.modes import HAND
from sudoku_repl.core.outcomes import INTERRUPTED
from sudoku_repl.core.state import EngineState
from sudoku_repl.core.stepping import Stepping, Walk


@attrs.frozen
class GotoReport:
    """What ``goto`` did: ``asked`` the step it was asked for, ``reached`` the step the present
    is at now; ``search_ended``: the search ended before ``asked`` (``reached`` is its last
    step); ``interrupted``: the interrupt poll stopped it at ``reached``. Its truth is
    ``interrupted``, what ``goto`` returned before it returned a report."""

    asked: int
    reached: int
    search_ended: bool = False
    interrupted: bool = False

    def __bool__(self) -> bool:
        return self.interrupted


class TimeTravel(Stepping):
    """Going back and forth in the record (and on past its end: ``goto``)."""

    def seek(self, moves: int) -> None:
        """Put the engine in the state after the record's first ``moves`` moves."""
        done, state = self.history.snapshot_at_or_before(moves)
        self.engine.restore(state)
        self._replay(self.engine, done, moves)
        self.cursor = moves

    def state_after(self, moves: int) -> EngineState:
        """The state after the record's first ``moves`` moves, worked out on a copy of the
        engine: the present stays as it is (``frame`` shows an outer guess level's state)."""
        return self.engine_after(moves).state()

    def engine_after(self, moves: int) -> Engine:
        """A copy of the engine in the state after the record's first ``moves`` moves."""
        done, state = self.history.snapshot_at_or_before(moves)
        engine = self.engine_type(state, self.geo)
        self._replay(engine, done, moves)
        return engine

    def _replay(self, engine: Engine, done: int, moves: int) -> None:
        """Take ``engine`` from the state after ``done`` moves of the record to ``moves``."""
        for m in range(done, moves):
            self.replay_move(engine, m)

    def replay_move(self, engine: Engine, move: int) -> Sequence[Event]:
        """Make the record's move number ``move`` on ``engine`` (in the state before it): its
        events."""
        history = self.history
        mode, choice = history.run_mode(move), history.choice(move)
        if mode == HAND and choice is not None:
            return hand.apply(engine, choice)
        return engine.advance(mode, choice)

    def goto(self, steps: int, hooks: Hooks) -> GotoReport:
        """The state right after step ``steps``: from the record, or by going on (silently)
        past its end, where the end of the search or an interrupt may stop it first (the
        report says which). A step before the search's start is refused (``UserError``), one
        before the kept record's start too (``RecordCut``: older steps were dropped)."""
        history = self.history
        if steps < history.earliest_step and not history.dropped:
            raise UserError(f"No step {steps}: the search starts at step {history.start.steps}")
        if steps < history.earliest_step:
            raise RecordCut(
                f"The record starts at step {history.first_steps} (older steps were dropped "
                f"to bound memory)",
                history.first_steps,
            )
        if steps <= history.last_steps:
            self.seek(history.moves_to(steps))
            return GotoReport(steps, steps)
        modes.check(self.settings.run_mode)  # before the present moves
        self.seek(len(history))
        # nothing to ask (no guess mode) or watch: the engine's fast path (the native core's)
        # can make the moves silently
        plain = not self.settings.guess_mode and self.engine.fast_path(self.settings.run_mode)
        walk = Walk.to_step(steps, plain=plain)
        interrupted = self.settle(walk, hooks) is INTERRUPTED
        reached = self.engine.steps
        return GotoReport(steps, reached, reached < steps and not interrupted, interrupted)

    def restart(self) -> None:
        """Back to the loaded state (the record stays, for replay)."""
        if self.history.dropped:
            raise RecordCut(
                f"The record starts at step {self.history.first_steps} (older steps were "
                f"dropped to bound memory), so the search cannot be replayed from the start",
                self.history.first_steps,
            )
        self.seek(0)
