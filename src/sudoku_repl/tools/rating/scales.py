"""The measures of a quiz, declared once: the words ``rate --scale`` takes in its
comma list and ``difficulty --measures`` takes in its own, what each is, and the columns (keys
of the JSON rows) each adds to ``rate``'s rows.

The original's figures (``steps``) are every row's: its search also tells whether the quiz has
one solution, which the other measures need. ``both`` stays the word for ``steps,se``.
"""

from __future__ import annotations

from collections.abc import Iterable

from sudoku_repl.core.errors import UserError, shown

#: each measure's word, in the order rows and dossiers give them, and what it is (``--help``,
#: ``help difficulty``)
MEASURES: dict[str, str] = {
    "steps": "the original's steps and biggest guess level (in a dossier, over K random "
    "isomorphs too: order luck; rate's rows add it where --isomorphs or --seed asks for "
    "isomorphs)",
    "se": "Sudoku Explainer's ER, EP, ED (in a dossier, the bottleneck steps and the path's "
    "techniques too)",
    "te": "T&E-depth (Berthier): the least n such that T&E(BRT, n) solves it",
    "b": "B (braids) for a T&E(1) puzzle, BxB for a T&E(2) one, BxBB for a T&E(3) one",
    "backdoors": "cells whose solution value lets BRT finish, and wrong candidates whose "
    "removal lets singles finish (HoDoKu's), of size 1",
    "backdoors2": "HoDoKu's candidate backdoors of size 2: pairs of wrong candidates whose "
    "removal together lets singles finish, neither alone (backdoors too; only where asked for)",
    "guess": "guess depth and fewest guesses: the original's measure made order-free, its "
    "filters applied until nothing changes between guesses (the original's own search filters "
    "one unit a step and guesses at once unless that found a hidden single, so its biggest "
    "level can be well above the guess depth: 6 where the guess depth is 0)",
    "spread": "Sudoku Explainer's ER over K random isomorphs (least, median, most) and of the "
    "canonical (minlex) form (se too; K + 2 ratings: in a dossier only where asked for)",
}
#: words that stand for several: ``both`` (the original's and Sudoku Explainer's) as before
ALIASES: dict[str, tuple[str, ...]] = {"both": ("steps", "se")}
#: order luck: the original's steps and biggest level to the first solution over K
#: random isomorphs, what a dossier's ``steps`` gives; ``rate``'s own steps are every row's,
#: and its rows add order luck where ``--isomorphs`` or ``--seed`` asks for isomorphs. No word
#: of ``--scale``: the key of its columns beside the measures'
LUCK = "luck"
#: the columns each measure adds to ``rate``'s rows, after the original's (``rows.COLUMNS``)
COLUMNS: dict[str, tuple[str, ...]] = {
    "steps": (),
    "se": ("er", "ep", "ed"),
    "te": ("te",),
    "b": ("b", "bxb", "bxbb"),
    "backdoors": ("backdoors", "candidate_backdoors"),
    "backdoors2": ("candidate_backdoors2",),
    "guess": ("guess_depth", "fewest_guesses"),
    "spread": ("er_min", "er_median", "er_max", "er_canonical"),
    LUCK: (
        "steps_min", "steps_median", "steps_max", "biggest_min", "biggest_median",
        "biggest_max",
    ),
}  # fmt: skip
#: the measures a word brings with it: the spread of ER beside ER
#: and the size-1 backdoors beside the size-2 ones (a pair counts where neither does alone)
IMPLIED: dict[str, tuple[str, ...]] = {"spread": ("se",), "backdoors2": ("backdoors",)}
#: the measures beside the original's and Sudoku Explainer's
ORDER_FREE = ("te", "b", "backdoors", "backdoors2", "guess", "spread")
#: what a row of ``rate`` adds beside the search's figures and Sudoku Explainer's, in the
#: order of its columns (``Rating.measured``)
ROW_MEASURES = (LUCK, *ORDER_FREE)
#: the measures a dossier gives only where they are asked for (its default, ``EVERY``, is the
#: others): the size-2 backdoors try every pair of wrong candidates (milliseconds in C, about
#: a second a puzzle in pure Python); the spread is K + 2 of Sudoku Explainer's ratings, 95%
#: of a whole dossier's time (20 of 21 CPU seconds on the forum's ER 11.8)
ON_REQUEST = ("backdoors2", "spread")
EVERY = tuple(word for word in MEASURES if word not in ON_REQUEST)
#: ``K`` random isomorphs where ``--isomorphs`` is not given, and the seed they are drawn from
ISOMORPHS = 8
SEED = 0
#: the most random isomorphs ``--isomorphs`` takes (``rate``'s and ``difficulty``'s)
MOST_ISOMORPHS = 1000

Scale = tuple[str, ...]


def parse_scale(text: str, always: Iterable[str] = ("steps",)) -> Scale:
    """A comma list of measures (``steps,se,te``), in ``MEASURES``' order, each once, with
    ``always`` among them; ``UserError`` (one line: what is wrong, the words there are) for a
    word that is none of them, or an empty list."""
    words: set[str] = set(always)
    items = [item.strip() for item in text.split(",")]
    if not any(items):
        raise UserError(f"want a comma list of {_words()}, not {shown(text)!r}")
    for item in items:
        if item in ALIASES:
            words.update(ALIASES[item])
        elif item in MEASURES:
            words.update((item, *IMPLIED.get(item, ())))
        else:
            raise UserError(
                f"{shown(item)!r} is no measure: want a comma list of {_words()} "
                f"(both: steps,se), not {shown(text)!r}"
            )
    return tuple(word for word in MEASURES if word in words)


def _words() -> str:
    return ", ".join(MEASURES)


def shown_scale(scale: Scale) -> str:
    """A scale as it is written back (the job of ``--out``, the settings line): its words,
    comma-joined."""
    return ",".join(scale)


def has_se(scale: Scale) -> bool:
    """Whether the scale asks for Sudoku Explainer's rating (``se``, which ``spread``
    brings)."""
    return "se" in scale


def order_free(scale: Scale) -> tuple[str, ...]:
    """The scale's order-free measures (``ORDER_FREE``'s words)."""
    return tuple(word for word in ORDER_FREE if word in scale)


def row_measures(scale: Scale, luck: bool = False) -> tuple[str, ...]:
    """What a ``rate`` row of this scale adds (``ROW_MEASURES``' words): its order-free
    measures, after order luck where ``luck`` (the isomorphs asked for)."""
    return ((LUCK,) if luck else ()) + order_free(scale)
