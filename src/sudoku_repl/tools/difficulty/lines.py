"""The dossier in words (``difficulty``, ``str()`` of a ``Dossier``): a line a measure, each
saying what it is, after a line that says what was measured, by which version and with which
settings. Cells and candidates are named one way (``8r1c2``: 8 at r1c2); Sudoku Explainer's
step lines alone keep serate's own names (``C2.2``), byte for byte, after ``serate:``."""

from __future__ import annotations

from typing import Protocol

from sudoku_repl.text.words import counted
from sudoku_repl.tools.difficulty.parts import Bottleneck, SePath, Settings, Technique, named
from sudoku_repl.tools.rating.measures import Candidate, Figure, Figures
from sudoku_repl.tools.rating.spread import Among, ErSpread, OrderLuck

#: how many backdoors a line names before it says how many more there are
NAMED = 5


class Measured(Protocol):
    """A dossier as its words read it (``dossier.Dossier``, which makes them: a protocol, so
    that the words need not import their maker)."""

    @property
    def settings(self) -> Settings: ...
    @property
    def values(self) -> bytes: ...
    @property
    def marks(self) -> tuple[int, ...] | None: ...
    @property
    def figures(self) -> Figures: ...
    @property
    def luck(self) -> OrderLuck | None: ...
    @property
    def se(self) -> SePath | None: ...
    @property
    def spread(self) -> ErSpread | None: ...
    @property
    def subject(self) -> str: ...
    @property
    def givens(self) -> int: ...
    @property
    def interrupted(self) -> str | None: ...
    @property
    def unrated(self) -> str | None: ...
    @property
    def unmeasured(self) -> tuple[str, ...]: ...


def _pair(pair: tuple[Candidate, ...]) -> str:
    """``5r1c6+7r1c8``: candidates removed together."""
    return "+".join(map(named, pair))


def _named(candidates: tuple[Candidate, ...]) -> str:
    return _listed([named(c) for c in candidates])


def _listed(names: list[str]) -> str:
    """`` (the first NAMED, and N more)``, or nothing where there is none."""
    if not names:
        return ""
    shown = ", ".join(names[:NAMED])
    more = len(names) - NAMED
    return f" ({shown}{f', and {more} more' if more > 0 else ''})"


def _figure(figure: Figure) -> str:
    if figure.value is not None:
        return str(figure.value)
    return f"more than {figure.beyond}"


def heading(dossier: Measured) -> str:
    """The first line: what is measured (the quiz, the state at step N), by which
    version, with the settings that shape those measures' figures, only those: the
    isomorphs for order luck and ER's spread, Sudoku Explainer's time limit for its rating,
    the run mode for the original's search and filters."""
    s = dossier.settings
    asked = set(s.measures)
    said = [f"sudoku-repl {s.version}", f"measures {','.join(s.measures)}"]
    if s.rules:
        said.append(f"rules {s.rules}")
    if asked & {"steps", "spread"}:
        said.append(f"isomorphs {s.isomorphs}, seed {s.seed}")
    if asked & {"se", "spread"}:
        said.append(f"se-timeout {s.se_timeout:g} s")
    if asked & {"steps", "guess"}:
        said.append(f"run-mode {s.run_mode}")
    return f"Difficulty of {dossier.subject} ({'; '.join(said)})"


def state_line(dossier: Measured) -> str:
    """How the state stands: givens, values placed, candidates removed beyond what the values
    leave."""
    values, givens = dossier.values, dossier.givens
    placed = sum(1 for v in values if v) - givens
    if dossier.marks is None:
        return f"State: {givens} givens, nothing placed, no candidate removed."
    from sudoku_repl.techniques.difficulty.board import board_for
    from sudoku_repl.techniques.difficulty.marks import Marks

    # (what the values leave each cell, under the quiz's rules)
    left = Marks.from_givens(values, board_for(dossier.settings.rules)).cands
    removed = sum(
        (left[cell] & ~dossier.marks[cell]).bit_count() for cell in range(81) if not values[cell]
    )
    return (
        f"State: {givens} givens, {counted(placed, 'value')} placed, "
        f"{counted(removed, 'candidate')} removed beyond what the values leave."
    )


def dossier_lines(dossier: Measured) -> list[str]:
    """Every line of the dossier, in ``MEASURES``' order; a dossier stopped half way, the
    measures it finished, and a last line that says where it stopped."""
    lines = [heading(dossier), state_line(dossier)]
    why = dossier.unrated
    if why is not None:
        lines.append(f"No measure: {why} (the measures are defined on one solution).")
        return lines
    f = dossier.figures
    if f.te is not None:
        lines.append(
            f"T&E-depth: {_figure(f.te)} (the least n such that T&E(BRT, n), trying each "
            "candidate with n nested hypotheses, singles between, solves it; Berthier)"
        )
    if f.b is not None and f.bxb is not None:
        lines.append(_braids_line(f.b, f.bxb, f.te, f.bxbb))
    if f.guess_depth is not None:
        lines.append(
            f"Guess depth: {_figure(f.guess_depth)} (the least nesting of guesses any order "
            "needs, the original's filters applied until nothing changes between them; its own "
            "search guesses sooner: help difficulty)"
        )
    if f.fewest_guesses is not None:
        cells = _named(f.guess_cells)
        lines.append(
            f"Fewest guesses: {_figure(f.fewest_guesses)}{cells} (the fewest cells whose "
            "values, guessed right, let the original's filters finish)"
        )
    if dossier.luck is not None:
        lines += luck_lines(dossier.luck, dossier.settings.isomorphs)
    if f.backdoors is not None:
        lines.append(
            f"BRT backdoors: {len(f.backdoors)}{_named(f.backdoors)} (cells whose solution "
            "value, placed, lets singles and contradictions finish; HoDoKu's cell backdoors)"
        )
    if f.candidate_backdoors is not None:
        lines.append(
            f"Candidate backdoors: {len(f.candidate_backdoors)}{_named(f.candidate_backdoors)} "
            "(wrong candidates whose removal alone lets singles finish; HoDoKu's)"
        )
    if f.candidate_backdoors2 is not None:
        pairs = f.candidate_backdoors2
        named = _listed([_pair(p) for p in pairs])
        lines.append(
            f"Candidate backdoors of size 2: {len(pairs)}{named} (pairs of wrong candidates "
            "whose removal together lets singles finish, neither alone; HoDoKu's)"
        )
    if dossier.se is not None:
        lines += se_lines(dossier.se)
    if dossier.spread is not None:
        lines.append(spread_line(dossier.spread))
    if dossier.interrupted is not None:
        lines.append(
            f"Interrupted while measuring {dossier.interrupted}; not measured: "
            f"{', '.join(dossier.unmeasured)}."
        )
    return lines


def _braids_line(b: Figure, bxb: Figure, te: Figure | None, bxbb: Figure | None = None) -> str:
    if b.defined:
        return (
            f"B: {_figure(b)} (the least length of braids that solves it, for a T&E(1) puzzle; "
            "Berthier)"
        )
    if bxb.defined:
        return (
            f"BxB: B{_figure(bxb)}B (braids of braids: the least x of BxB that solves it, for a "
            "T&E(2) puzzle; Berthier)"
        )
    if bxbb is not None and bxbb.defined:
        return (
            f"BxBB: B{_figure(bxbb)}BB (braids of braids of braids: the least x such that "
            "T&E(B_x, 2) solves it, for a T&E(3) puzzle; Berthier, SHC)"
        )
    depth = "" if te is None else f" (T&E-depth {_figure(te)})"
    return (
        f"B, BxB, BxBB: not defined{depth}: B is for T&E(1) puzzles, BxB for T&E(2) ones, BxBB "
        "for T&E(3) ones."
    )


def _among(figure: Among, unit: str) -> str:
    here = figure.here
    shown = "-" if here is None else f"{here:g}"
    return (
        f"{unit} {shown} here; over the isomorphs {figure.least:g} / {figure.median:g} / "
        f"{figure.most:g} (least / median / most), {figure.below} below this one, "
        f"{figure.above} above"
    )


def luck_lines(luck: OrderLuck, k: int) -> list[str]:
    """Order luck: the original's figures here and over ``k`` isomorphs."""
    return [
        f"Order luck ({k} random isomorphs, seed {luck.seed}; the original's search to the "
        "first solution, which takes the foremost cell and the first candidate first):",
        "  " + _among(luck.steps, "steps"),
        "  " + _among(luck.levels, "biggest level"),
    ]


def se_lines(se: SePath) -> list[str]:
    """Sudoku Explainer's figures, bottlenecks and techniques."""
    lines = [
        f"SE: ER {se.er}, EP {se.ep}, ED {se.ed} (Sudoku Explainer: the hardest step, the "
        f"hardest before the first value, the first step; {se.steps} steps)"
    ]
    lines += [bottleneck_line(b) for b in se.bottlenecks]
    used = ", ".join(map(_technique, se.techniques))
    lines.append(f"  techniques of the path, by rating: {used or 'none'}")
    return lines


def bottleneck_line(b: Bottleneck) -> str:
    """A bottleneck: its place, its rating, what it does, then serate's line of it."""
    does = []
    if b.removes:
        does.append(f"removes {', '.join(map(named, b.removes))}")
    if b.places is not None:
        does.append(f"places {named(b.places)}")
    effect = f" {' and '.join(does)}" if does else ""
    return (
        f"  bottleneck: step {b.place} of {b.of} ({b.rating:.1f}){effect}; serate: {b.description}"
    )


def _technique(t: Technique) -> str:
    """``53 x Hidden Single (1.2-1.5)``: Sudoku Explainer's analysis, with the ratings."""
    rated = f"{t.least:.1f}" if t.least == t.most else f"{t.least:.1f}-{t.most:.1f}"
    return f"{t.count} x {t.name} ({rated})"


def spread_line(spread: ErSpread) -> str:
    among = spread.among
    canonical = (
        "" if spread.canonical is None else f"; the canonical (minlex) form's {spread.canonical}"
    )
    return (
        f"SE spread: ER {spread.here} here; over {len(spread.isomorphs)} random isomorphs "
        f"(seed {spread.seed}) {spread.figure(among.least)} / {spread.figure(among.median)} / "
        f"{spread.figure(among.most)} (least / median / most){canonical}"
    )
