"""What-if edits: a move made by hand at the present (``hand_edit``) or a move of the record made
otherwise (``branch``); either begins a new experiment (docs/experiments.md)."""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_repl.core import hand, modes
from sudoku_repl.core.engine import Choice
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.events import Event
from sudoku_repl.core.experiments import Experiment, Parting
from sudoku_repl.core.geometry import Cell
from sudoku_repl.core.state import GUESS_DUE
from sudoku_repl.core.time_travel import TimeTravel


class Edits(TimeTravel):
    """Edits that part from the record: each begins an experiment."""

    def branch(self, moves: int, choice: Choice = None, run_mode: int | None = None) -> Experiment:
        """A new experiment that parts from the present one's record after its first ``moves``
        moves, by one move made there with the guess answer ``choice`` (None: the offered one)
        and run mode ``run_mode`` (None: the setting); the session then stands after that move,
        in the new experiment. A move the record holds already is refused (``UserError``). An
        experiment whose record goes on there with that move already (``whatif --keep`` asked
        twice) is followed instead of cut again: the session stands after the move in it, and
        it is returned."""
        history = self.history
        if not 0 <= moves < len(history):
            raise UserError(f"No move {moves} in the record (it holds {len(history)})")
        mode = self.settings.run_mode if run_mode is None else run_mode
        modes.check(mode)
        present = self.cursor
        self.seek(moves)
        engine = self.engine
        if choice is not None and engine.status is GUESS_DUE and choice == engine.guess_default():
            choice = None
        problem = ""
        if choice is not None and engine.status is not GUESS_DUE:
            problem = f"No guess is due after move {moves}: a guess answer needs one"
        elif choice is not None and not (
            0 <= choice[0] < self.geo.size
            and not engine.values[choice[0]]
            and engine.cands[choice[0]] >> (choice[1] - 1) & 1
        ):
            problem = f"{choice} is no empty cell and one of its candidates"
        elif history.choice(moves) == choice and history.run_mode(moves) == mode:
            problem = f"Move {moves} is made that way in the record already"
        if problem:
            self.seek(present)
            raise UserError(problem)
        held = self._follow_holder(moves, choice, mode, say=False)
        if held is not None:  # its record has the move: made again, as stepping on makes it
            hand.advance(engine, mode, choice)
            self.cursor = moves + 1
            return held
        parting = self._parting(moves, choice, mode)
        ev = hand.advance(engine, mode, choice)
        exp = self.experiment_tree.cut(moves, parting)
        self._record(ev, choice, mode)
        return exp

    def hand_edit(self, cell: Cell, value: int, remove: bool = False) -> list[Event]:
        """A what-if edit at the present: ``value`` placed in ``cell`` as if given, or (with
        ``remove``) taken from its candidates. A new experiment begins with it. An edit that
        breaks a rule at once is refused (``UserError``) and nothing changes. The events of
        the hand move are returned (the trace line).

        The same edit made again where a record already goes on with it begins no twin: the
        present record's (it moves on in it), else another experiment's, which is followed
        (it becomes the present one, as stepping on follows one; ``ExperimentFollowed``)."""
        engine = self.engine
        hand.check(engine.state(), self.geo, cell, value, remove)
        what = f"{self.geo.cell_name(cell)}={value} by hand"
        if remove:
            what = f"{value} removed from {self.geo.cell_name(cell)} by hand"
        at = self.cursor
        history = self.history
        choice = (cell, -value if remove else value)
        held = (
            at < len(history) and history.run_mode(at) == hand.HAND and history.choice(at) == choice
        )
        if not held:
            held = self._follow_holder(at, choice, hand.HAND) is not None
        if held:  # the record (now the present one's) has the move: made again, not recorded
            ev = hand.advance(engine, hand.HAND, choice)
            self.cursor = at + 1
            return ev
        parting = Parting(at, engine.steps, what)
        ev = hand.advance(engine, hand.HAND, choice)
        self.experiment_tree.cut(at, parting)
        self._record(ev, choice, hand.HAND)
        return ev

    def hand_edits(self, edits: Sequence[tuple[Cell, int, bool]], what: str) -> list[Event]:
        """Several what-if edits ``(cell, value, remove)`` at the present, as ``hand_edit``
        makes one (a step each), in one new experiment parted by ``what``: a position read with
        its candidates starts so. They are all checked first, on a copy of the present, so that
        one refused (``UserError``) leaves nothing changed. Returns the edits' events."""
        engine = self.engine
        trial = self.engine_type(engine.state(), self.geo)
        for cell, value, remove in edits:
            hand.check(trial.state(), self.geo, cell, value, remove)
            hand.apply(trial, (cell, -value if remove else value))
        at = self.cursor
        self.experiment_tree.cut(at, Parting(at, engine.steps, what))
        events: list[Event] = []
        for cell, value, remove in edits:
            choice = (cell, -value if remove else value)
            ev = hand.advance(engine, hand.HAND, choice)
            self._record(ev, choice, hand.HAND)
            events += ev
        return events
