"""Sudoku Explainer's level 4 of the nested forcing chains (dynamic forcing chains nested in
the dynamic chains, nesting 0 to 3 below them) on a variant rule, against serate.jar's own
steps with the rule's flag (tests/data/rules/serate_nested_level4/, tests/data/README.md).

The states are classic sudoku's hardest candidates read as a Latin square's (``--isBlocks=0``:
rows and columns, no blocks), where serate's nested forcing chains alone (``--techs``) find
nothing at levels 2 and 3 and take level-4 steps (rated 12.0 and 12.1): the Latin square's chains
there see rows and columns only. Ours (``explainer.ruled_chains``' nested chains, serate's
order: level 2, level 3, then level 4 at nesting 0 to 3) take the same steps, line and rating
byte for byte, at level 4, on either build: the C on the Latin square's geometry (a second or
two a step) and the pure searches, the reference (minutes a step: the sweep's,
``SUDOKU_REPL_SWEEP=1``)."""

from __future__ import annotations

import pytest

from sudoku_repl.core.rules import parse
from sudoku_repl.techniques.explainer import native, ruled, ruled_chains
from sudoku_repl.techniques.explainer.ruled import layout_of
from tests.support.helpers import TEST_DATA, variant_modules_once
from tests.support.sweeps import sweeping
from tests.techniques.test_se_variant_chains import Entry, entries, serate_grid

pytestmark = variant_modules_once()

GOLDENS = TEST_DATA / "rules" / "serate_nested_level4"
#: serate's least rating of its nested forcing chains (tenths): levels 2, 3 and 4 from it
NESTED = 95
#: our name of level 4's chainers, the nesting below them after it
LEVEL4 = "nested forcing chains (+ dynamic forcing chains, "
#: the states whose steps CI holds on the C (``RULES``, state): level 4 at nesting 1 and at
#: nesting 0, seconds of the C; the other (nesting 1 again), and every one on the pure
#: searches (minutes a step), the sweep's
HELD = frozenset({("latin", 0), ("latin", 2)})


def _cases() -> list[object]:
    """(build, stem, entry): ``HELD``'s states on the C, and every state on either build when
    sweeping."""
    cases: list[object] = []
    swept = pytest.mark.skipif(
        not sweeping(), reason="the sweep's: seconds of the C a step, minutes of pure Python"
    )
    for stem in sorted(p.stem for p in GOLDENS.glob("*.states")):
        for entry in entries(stem, GOLDENS):
            named = f"{stem}-{entry.puzzle}"
            held = (stem, entry.puzzle) in HELD
            cases.append(pytest.param("native", stem, entry, id=f"native-{named}",
                                      marks=[] if held else [swept]))  # fmt: skip
            cases.append(pytest.param("pure", stem, entry, id=f"pure-{named}",
                                      marks=[pytest.mark.pure_case, swept]))  # fmt: skip
    return cases


def _nested_steps(stem: str, state: str, count: int) -> list[tuple[str, str]]:
    """Our nested chains alone from serate's candidates, ``count`` steps: each step's
    technique and line (``ER line``)."""
    lay = layout_of(parse(stem.replace("_", ",")))
    nested = [(name, finder) for name, finder in ruled_chains.techniques(lay.variant, lay.blocks)
              if ruled.TOP[name] >= NESTED]  # fmt: skip
    grid = serate_grid(state, lay)
    steps = []
    for _ in range(count):
        name, hint = next((name, h) for name, finder in nested for h in finder(grid))
        steps.append((name, f"{hint.rating / 10:.1f} {hint.text}"))
        hint.apply(grid)
    return steps


@pytest.mark.parametrize(("build", "stem", "entry"), _cases())
def test_level_four_of_the_nested_chains_takes_serates_steps(
    build: str, stem: str, entry: Entry, monkeypatch: pytest.MonkeyPatch
) -> None:
    """serate's first steps from each state, levels 2 and 3 finding none before them (the
    first finder of the order to find one is level 4's)."""
    if build == "native" and not native.available():
        pytest.skip(f"no native explainer here: {native.build()}")
    monkeypatch.setattr(native.door, "selected", build == "native")
    steps = _nested_steps(stem, entry.state, len(entry.tail))
    assert [line for _, line in steps] == list(entry.tail)
    assert all(name.startswith(LEVEL4) for name, _ in steps), steps


def test_each_state_holds_serates_first_steps_rated_as_level_four_at_least() -> None:
    """Each state is serate's candidates (729 characters) before steps of its nested chains
    rated as level 4 is at least (10.5), its run stopped after them."""
    states = (GOLDENS / "latin.txt").read_text().split()
    held = entries("latin", GOLDENS)
    assert [e.puzzle for e in held] == list(range(len(states))) and len(held) >= 3
    for entry in held:
        assert entry.state == states[entry.puzzle] and entry.stopped
        assert entry.tail and all(float(line.split()[0]) >= 10.5 for line in entry.tail)
