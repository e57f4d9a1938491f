"""How the API's ``Session`` measures its position (``Measures``, a part of it): the seed's
0-1 program solved or written (``solve_ilp``, ``export_ilp``: tools/ilp, docs/ilp.md) and the
dossier of how hard it is (``difficulty``: tools/difficulty, docs/difficulty.md)."""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_repl.core.errors import UserError
from sudoku_repl.core.session import Hooks
from sudoku_repl.core.session import Session as CoreSession
from sudoku_repl.text.files import write_atomic
from sudoku_repl.tools.difficulty.dossier import Dossier
from sudoku_repl.tools.ilp.highs import IlpResult, never


class Measures(CoreSession):
    """The position as the seed's 0-1 program, and its difficulty."""

    def solve_ilp(
        self, count: int = 2, time_limit: float | None = None, hooks: Hooks | None = None
    ) -> IlpResult:
        """The present position as the seed's 0-1 program, solved by HiGHS (``solve ilp``): up
        to ``count`` solutions (``result.unique`` says whether there is one only, once two were
        sought), within ``time_limit`` seconds; ``hooks.interrupted()`` stops it. Nothing of
        the session changes. ``UserError`` without a quiz, with a count below 1 or a time limit
        not above 0, or without HiGHS (the extra ``ilp``: the error says what to type)."""
        from sudoku_repl.tools.ilp.highs import session_model, solve

        if self.quiz is None:
            raise UserError("No quiz loaded: Session.from_quiz(...) or load(...) first")
        if count < 1:
            raise UserError(f"solve_ilp: count {count}, want 1 or more")
        if time_limit is not None and not time_limit > 0:
            raise UserError(f"solve_ilp: time_limit {time_limit}, want seconds above 0")
        poll = hooks.interrupted if hooks is not None else never
        return solve(session_model(self), count, time_limit, poll, getattr(hooks, "tick", None))

    def export_ilp(self, path: str, format: str = "lp", at_step: bool = False) -> None:
        """Write the quiz (``at_step``: the present step's position) as the seed's 0-1 program
        to ``path``, in CPLEX LP (``format="lp"``) or free MPS (``"mps"``), as ``export lp``
        and ``export mps`` do."""
        from sudoku_repl.text.lp_files import lp_text, mps_text
        from sudoku_repl.tools.ilp.highs import session_model

        if self.quiz is None:
            raise UserError("No quiz loaded: Session.from_quiz(...) or load(...) first")
        if format not in ("lp", "mps"):
            raise UserError(f"export_ilp: format {format!r}, want 'lp' or 'mps'")
        model = session_model(self, at_step)
        write_atomic(path, lp_text(model) if format == "lp" else mps_text(model))

    def difficulty(
        self,
        measures: str | Sequence[str] | None = None,
        *,
        quiz: bool = False,
        isomorphs: int | None = None,
        seed: int | None = None,
        se_timeout: float | None = None,
    ) -> Dossier:
        """The dossier of the quiz as it stands at this step (its values and candidates), or
        with ``quiz`` of the loaded quiz itself, as ``difficulty`` measures it (the run mode
        the session's): see ``sudoku_repl.difficulty``."""
        from sudoku_repl.tools.difficulty.dossier import (
            dossier,
            settings_of,
            start_of,
            subject_of,
        )

        if self.quiz is None:
            raise UserError("No quiz loaded: load one first (Session.from_quiz).")
        if not self.geo.one_grid:
            raise UserError("difficulty measures a 9x9 quiz, not one of several grids.")
        settings = settings_of(
            measures, isomorphs, seed, se_timeout, self.settings.run_mode, self.geo.rules
        )
        givens = sum(1 for v in self.quiz.givens if v)
        if quiz:
            return dossier(self.quiz.givens, None, settings, givens=givens)
        state = self.state()
        return dossier(
            *start_of(state),
            settings,
            subject=subject_of(state),
            givens=givens,
            guesses=state.frames,
        )
