"""The session's experiments (docs/experiments.md): the ``Experiments`` tree read through the
session (each one's line, switching, naming, deleting, comparing), since an experiment's figures
are worked out from its record and the state at its end (``TimeTravel.state_after``)."""

from __future__ import annotations

from sudoku_repl.core import events as E
from sudoku_repl.core.errors import PresentExperiment, UserError
from sudoku_repl.core.experiments import Comparison, Experiment, ExperimentInfo, Figures
from sudoku_repl.core.state import FINISHED, EngineState
from sudoku_repl.core.time_travel import TimeTravel


class SessionExperiments(TimeTravel):
    """The experiments, as the session's commands ask about them."""

    @property
    def experiments(self) -> list[ExperimentInfo]:
        """Every experiment of the record, by number: where it parted, how far it got, where
        it stands (docs/experiments.md)."""
        tree = self.experiment_tree
        try:
            found = [self._info(e) for e in tree if e is not tree.current]
        finally:
            tree.unview()
        found.append(self._info(tree.current))
        return sorted(found, key=lambda i: i.number)

    def experiment(self, key: int | str) -> Experiment:
        """The experiment of that number or name; else ``UserError`` naming those there are."""
        tree = self.experiment_tree
        found = tree.find(key)
        if found is None:
            there = ", ".join(f"{e.number} ({e.name})" for e in tree)
            raise UserError(f"No experiment {key}: there are {there}")
        return found

    def _info(self, exp: Experiment) -> ExperimentInfo:
        """``exp``'s line; the ``History`` holds its record after it (``Experiments.view``)."""
        tree = self.experiment_tree
        current = exp is tree.current
        if not current:
            tree.view(exp)
        history = self.history
        end = self.state_after(len(history))
        stands = self.cursor if current else exp.cursor
        parted = exp.parted
        return ExperimentInfo(
            exp.number,
            exp.name,
            current,
            None if parted is None else parted.step,
            "" if parted is None else parted.what,
            end.steps,
            end.solutions,
            history.biggest_ever(),
            end.status is FINISHED,
            history.steps_after(stands),
        )

    def switch(self, key: int | str) -> ExperimentInfo:
        """Make the experiment of that number or name the present one, at the step where it
        stands (from the record: nothing is run again)."""
        target = self.experiment(key)
        tree = self.experiment_tree
        if target is not tree.current:  # (the present one stays where it is)
            tree.switch(target, self.cursor)
            self.seek(target.cursor)
        return self._info(target)

    def name_experiment(self, name: str, key: int | str | None = None) -> None:
        """Name the present experiment (or that of ``key``); a name is one no other has."""
        name = name.strip()
        exp = self.experiment_tree.current if key is None else self.experiment(key)
        if not name or name.isdigit():
            raise UserError(
                f"An experiment's name needs a letter (not {name!r}): its number is {exp.number}"
            )
        other = self.experiment_tree.find(name)
        if other is not None and other is not exp:
            raise UserError(f"Experiment {other.number} is named {name!r} already")
        exp.name = name

    def delete_experiment(self, key: int | str) -> Experiment:
        """Forget an experiment other than the present one (its own moves go with it)."""
        exp = self.experiment(key)
        tree = self.experiment_tree
        if exp is tree.current:
            raise PresentExperiment(exp.number)
        tree.delete(exp)
        return exp

    def compare(self, a: int | str, b: int | str | None = None) -> Comparison:
        """Two experiments side by side (``b``: by default the present one)."""
        tree = self.experiment_tree
        first = self.experiment(a)
        second = tree.current if b is None else self.experiment(b)
        if first is second:
            raise UserError(f"Two different experiments are needed (both are {first.number})")
        parted = tree.parting_moves(first, second)
        try:
            fa, end_a = self._figures(first)
            step = self.history.steps_after(parted)  # (``first``'s record holds the move)
            fb, end_b = self._figures(second)
        finally:
            tree.unview()
        differing = tuple(
            (c, va, vb) for c, (va, vb) in enumerate(zip(end_a.values, end_b.values)) if va != vb
        )
        return Comparison(step, parted, fa, fb, differing)

    def parting_step(self, a: int | str, b: int | str) -> int:
        """The step where the records of two experiments part (the last step they share)."""
        tree = self.experiment_tree
        first, second = self.experiment(a), self.experiment(b)
        parted = tree.parting_moves(first, second)
        tree.view(first)
        try:
            return self.history.steps_after(parted)
        finally:
            tree.unview()

    def _figures(self, exp: Experiment) -> tuple[Figures, EngineState]:
        tree = self.experiment_tree
        if exp is tree.current:
            tree.unview()
        else:
            tree.view(exp)
        history = self.history
        first: int | None = None
        guesses = wrong = 0
        after_solution = False
        for m in range(len(history)):
            for e in history.events(m):
                kind = e[0]
                if kind == E.SOLUTION:
                    after_solution = True
                    if first is None:
                        first = e[1]
                elif kind == E.GUESS:
                    guesses += 1
                elif kind == E.FORWARD or kind == E.UPWARD or kind == E.NO_MORE:
                    if kind != E.NO_MORE:
                        guesses += 1
                    if after_solution:
                        after_solution = False
                    elif kind != E.NO_MORE or guesses:
                        wrong += 1
        end = self.state_after(len(history))
        figures = Figures(
            exp.number,
            exp.name,
            end.steps,
            first,
            end.solutions,
            history.biggest_ever(),
            guesses,
            wrong,
            end.status is FINISHED,
        )
        return figures, end
