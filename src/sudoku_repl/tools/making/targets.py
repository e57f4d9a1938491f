"""What ``generate`` is asked to make: ranges of Sudoku Explainer's ER, EP and ED, of
the original's biggest level and steps of ``run`` to the first solution, and a technique of
the SE solution path; and whether a puzzle's figures meet them.

Glossary: a *span* is a closed range of numbers, either end open (``9.0-``: 9.0 and above;
``-7.0``: up to 7.0; ``8.3``: exactly 8.3); SE's ratings are held in tenths (``9.0`` is 90), as
the rating computes them, so that a bound is compared exactly.
"""

from __future__ import annotations

import functools
import re

import attrs

from sudoku_repl.core.errors import UserError, shown
from sudoku_repl.techniques.explainer.floors import FLOORS


@attrs.frozen
class Span:
    """``low`` to ``high``, both included; None: that end is open."""

    low: int | None = None
    high: int | None = None

    def holds(self, value: int) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    def text(self, tenths: bool) -> str:
        """As typed: ``9.0-``, ``-7.0``, ``8.3``, ``8.0-9.0`` (tenths: SE's scale)."""

        def shown_as(value: int | None) -> str:
            return "" if value is None else f"{value / 10:.1f}" if tenths else str(value)

        if self.low == self.high:
            return shown_as(self.low)
        return f"{shown_as(self.low)}-{shown_as(self.high)}"


#: SE's ratings, to a tenth: two digits at most, then a point and one digit, or none (``9`` is
#: 9.0); serate's scale goes from 1.0 (a full house) to 20.0 ("beyond solver")
_RATING = r"[0-9]{1,2}(?:\.[0-9])?"
_COUNT = r"[0-9]{1,9}"
#: the least rating of any step (a full house's), in tenths: every puzzle's ER, EP and ED are
#: at least that, so a floor at or below it rejects nothing
LOWEST = 10
#: serate's "beyond solver" (no technique finds a step), in tenths: a puzzle rated so is never
#: kept (its ER is a lower bound), so the puzzles made rate below it
BEYOND = 200
#: the most a biggest level can be: each level of guesses fills a cell, and a puzzle with one
#: solution has 17 givens or more (McGuire, Tugemann and Civario, 2012): 64 empty cells
MOST_LEVEL = 81 - 17
#: the least steps of ``run`` to the first solution of a puzzle with an empty cell, which every
#: minimal puzzle is (a full grid is not minimal: any of its givens can go). By docs/engine.md:
#: step 1 (LOADED) only works the candidates out, and reports a solution only where no cell is
#: empty (section 3); after it a solution comes only from a fill pass, which adds one to the
#: count when every placement succeeds (section 4). So 2 at least: 1 and 1 step, the counts a
#: full grid takes, are for no minimal puzzle. Whether a minimal puzzle can take as few as 2 (one
#: row-major pass of naked singles solving it) is not known here; of 136,000 random minimal
#: puzzles none took fewer than 6 (docs/generate.md)
LEAST_STEPS = 2
#: the least rating of a step other than a full house (a hidden single in a box), in tenths
NOT_FULL_HOUSE = 12
#: the givens a puzzle that full houses alone solve has at least: each empty cell is the last
#: empty cell of a unit of its own when it is filled, and there are 27 units
FULL_HOUSE_GIVENS = 81 - 27
#: every step rated below this places a value (the singles and the direct techniques: the
#: floors of the techniques before pointing and claiming, which removes candidates only), so a
#: first step below it is the first placement too, and EP = ED
PLACING_BELOW = FLOORS["pointing and claiming"]
#: the highest ER of any puzzle known, in tenths (the forum's hardest lists, 11.9: the 375 of
#: ``puzzles/forum_hardest_1106.txt`` rate 9.7 to 11.9, docs/se_rating.md "On the forum's
#: hardest"): a least ER at or above it is asked of a search that may never end, so only with
#: a time limit (``beyond_known``)
HARDEST_KNOWN = 119
#: how many of those 375 rate ``HARDEST_KNOWN`` (lines 57, 95, 97 and 374: docs/se_rating.md's
#: plot of them, se_rating_forum_plot.svg): puzzles collected by hand over years, never by
#: a random search
AT_HARDEST_KNOWN = 4
#: the fewest steps of ``run`` to the first solution of any minimal puzzle known: of 136,000
#: random minimal puzzles (seeds 5 and 9, docs/generate.md) none took fewer; a search below it
#: may never end, so only with a time limit (``beyond_known``)
FEWEST_STEPS_KNOWN = 6


def _span(option: str, text: str, number: str, tenths: bool, example: str) -> Span:
    """``A-B``, ``A-``, ``-B`` or ``A`` of ``number``s (blanks around the parts, a dash between
    two); ``UserError`` for anything else (``9.05``, ``8 9``, ``1020``) or an empty range."""
    form = re.fullmatch(rf"\s*(?:({number})(?:\s*(-)\s*({number})?)?|-\s*({number}))\s*", text)
    if form is None or not (form.group(1) or form.group(4)):
        raise UserError(
            f"{option} takes a range: A-B, A- (A and above), -B (up to B) or A (exactly), such "
            f"as {example}; not {shown(text)!r}"
        )
    first, dash, second, only_high = form.groups()

    def value(part: str | None) -> int | None:
        if part is None:
            return None
        return round(float(part) * 10) if tenths else int(part)

    if only_high is not None:
        span = Span(None, value(only_high))
    elif dash is None:
        span = Span(value(first), value(first))
    else:
        span = Span(value(first), value(second))
    if span.low is not None and span.high is not None and span.low > span.high:
        raise UserError(
            f"{option} {shown(text)}: an empty range (its start is above its end); "
            f"A-B with A at most B, such as {example}"
        )
    return span


def rating_span(option: str, text: str) -> Span:
    """A range of SE ratings (``--er``, ``--ep``, ``--ed``), in tenths."""
    return _span(option, text, _RATING, True, "8.0-9.0, 9.0-, -7.0 or 8.3")


def count_span(option: str, text: str) -> Span:
    """A range of whole numbers (``--level``, ``--steps``)."""
    return _span(option, text, _COUNT, False, "2-3, 5-, -40 or 2")


@attrs.frozen
class Unknown:
    """Targets no puzzle known meets: ``why``, in words, and ``instead``, what a search known
    to end asks (such targets run only with a time limit)."""

    why: str
    instead: str


@attrs.frozen
class Targets:
    """The figures a puzzle must have; None: any. ``technique``: serate's name of a technique
    its SE path must use (``serate_names.matches``)."""

    er: Span | None = None
    ep: Span | None = None
    ed: Span | None = None
    level: Span | None = None
    steps: Span | None = None
    technique: str | None = None

    @property
    def se(self) -> bool:
        """Whether SE's rating is asked for (and so printed beside each puzzle)."""
        return (
            self.er is not None
            or self.ep is not None
            or self.ed is not None
            or bool(self.technique)
        )

    @property
    def original(self) -> bool:
        """Whether the original's figures (biggest level, steps) are asked for."""
        return self.level is not None or self.steps is not None

    @property
    def any(self) -> bool:
        return self.se or self.original

    def least_er(self) -> int | None:
        """The least ER (tenths) a puzzle may have: ER is at least EP, and EP at least ED, so a
        floor of any is one of ER (None: none, or one at or below the least rating of any
        step, ``LOWEST``, which every puzzle has: ``--er 0.5-`` asks nothing)."""
        return self._least_er

    @functools.cached_property
    def _least_er(self) -> int | None:
        # (worked out once: the maker asks it of every puzzle it makes, thousands a second)
        lows = [s.low for s in (self.er, self.ep, self.ed) if s is not None and s.low is not None]
        return max(lows) if lows and max(lows) > LOWEST else None

    def empty(self) -> str | None:
        """Why no puzzle can meet these targets, when that is known (None: it is not): a
        rating range beyond SE's scale (below 1.0, or 20.0 and above), ranges that ED <= EP <=
        ER makes contradict each other, an ER below 1.2 or an EP above an ED that places a value
        (``_unplaced``), a biggest level beyond 64 or no steps."""
        ratings = (("--er", self.er), ("--ep", self.ep), ("--ed", self.ed))
        for option, span in ratings:
            if span is None:
                continue
            typed = f"{option} {span.text(True)}"
            if span.high is not None and span.high < LOWEST:
                return (
                    f"{typed}: every puzzle rates {LOWEST / 10:.1f} or more (the least step, a "
                    "full house, rates that)"
                )
            if span.low is not None and span.low >= BEYOND:
                return (
                    f"{typed}: the puzzles made rate below {BEYOND / 10:.1f} (serate's "
                    '"beyond solver", a rating no technique finishes, is never kept)'
                )
        for (lower, below), (upper, above) in (
            (ratings[2], ratings[1]), (ratings[1], ratings[0]), (ratings[2], ratings[0]),
        ):  # fmt: skip
            if below is None or above is None or below.low is None or above.high is None:
                continue
            if below.low > above.high:
                return (
                    f"{lower} {below.text(True)} and {upper} {above.text(True)}: ED <= EP <= ER "
                    f"for every puzzle, and {lower} asks more than {upper} allows"
                )
        return self._unplaced() or self._original_empty()

    def _unplaced(self) -> str | None:
        """Why the ratings' ranges cannot be met by what a step's rating says of the step: an
        ER below 1.2 (every step a full house: far more givens than any minimal puzzle known
        has), or an EP above an ED whose step places a value (then EP = ED)."""
        if self.er is not None and self.er.high is not None and self.er.high < NOT_FULL_HOUSE:
            return (
                f"--er {self.er.text(True)}: ER below {NOT_FULL_HOUSE / 10:.1f} means every step "
                f"is a full house, which takes {FULL_HOUSE_GIVENS} givens or more (each empty "
                "cell the last empty cell of a unit of its own, and there are 27), more than "
                "any minimal puzzle known has"
            )
        ep, ed = self.ep, self.ed  # (an EP below 2.6 with an ED above it: ED <= EP says it)
        if ep is None or ed is None or ep.low is None or ed.high is None:
            return None
        if ed.high < PLACING_BELOW and ep.low > ed.high:
            return (
                f"--ep {ep.text(True)} and --ed {ed.text(True)}: a step rated below "
                f"{PLACING_BELOW / 10:.1f} places a value, so a first step within --ed is the "
                "first placement too, EP = ED, and --ep asks more than --ed allows"
            )
        return None

    def _original_empty(self) -> str | None:
        """Why the original's ranges cannot be met (a biggest level beyond 64, no steps)."""
        if self.level is not None and self.level.low is not None and self.level.low > MOST_LEVEL:
            return (
                f"--level {self.level.text(False)}: no biggest level is above {MOST_LEVEL} (each "
                "level fills a cell, and a puzzle with one solution has 17 givens or more)"
            )
        if self.steps is not None and self.steps.high is not None and self.steps.high < LEAST_STEPS:
            return (
                f"--steps {self.steps.text(False)}: run takes {LEAST_STEPS} steps or more to the "
                "first solution of a minimal puzzle (step 1 works the candidates out; a "
                "solution comes from a fill pass, a step more: docs/engine.md 3 and 4)"
            )
        return None

    def beyond_known(self) -> Unknown | None:
        """Why no puzzle a search could make is known to meet these targets, when none is (a
        least ER at or above the hardest known, a top of steps below the fewest known), and
        what runs without a time limit; None: such puzzles are made, or it is not known."""
        least = self.least_er()
        if least is not None and least > HARDEST_KNOWN:
            return Unknown(
                f"no puzzle known rates {least / 10:.1f} or more (the hardest known, the "
                f"forum's, rate {HARDEST_KNOWN / 10:.1f})",
                f"a least ER below {HARDEST_KNOWN / 10:.1f}",
            )
        if least == HARDEST_KNOWN:
            return Unknown(
                f"{HARDEST_KNOWN / 10:.1f} is the top of the scale as known ({AT_HARDEST_KNOWN} "
                "of the forum's 375 hardest, puzzles/forum_hardest_1106.txt, rate it, none more)",
                f"a least ER below {HARDEST_KNOWN / 10:.1f}",
            )
        steps = self.steps
        if steps is not None and steps.high is not None and steps.high < FEWEST_STEPS_KNOWN:
            return Unknown(
                f"no minimal puzzle known takes fewer than {FEWEST_STEPS_KNOWN} steps of run to "
                "its first solution (none of 136,000 random ones)",
                f"a top of --steps of {FEWEST_STEPS_KNOWN} or more",
            )
        return None

    def most_er(self) -> int | None:
        """The most ER (tenths) a puzzle may have (None: no bound): ER's own bound alone (EP
        and ED bound nothing above them)."""
        return None if self.er is None else self.er.high

    def se_holds(self, er: int, ep: int, ed: int) -> bool:
        return all(
            span is None or span.holds(value)
            for span, value in ((self.er, er), (self.ep, ep), (self.ed, ed))
        )

    def original_holds(self, level: int, steps: int) -> bool:
        return all(
            span is None or span.holds(value)
            for span, value in ((self.level, level), (self.steps, steps))
        )

    def words(self) -> list[str]:
        """The options that ask for these targets, as typed (for the job and the docs)."""
        out: list[str] = []
        for name, span, tenths in (
            ("er", self.er, True),
            ("ep", self.ep, True),
            ("ed", self.ed, True),
            ("level", self.level, False),
            ("steps", self.steps, False),
        ):
            if span is not None:
                out += [f"--{name}", span.text(tenths)]
        if self.technique:
            out += ["--technique", self.technique]
        return out
