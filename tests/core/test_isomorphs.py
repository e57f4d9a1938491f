"""``core/isomorphs``: a random isomorph keeps the rules, so an order-free figure is
the same on it (Backdoor #1: SHC's T&E(1), the issue's two BRT backdoors); the same seed draws
the same isomorphs, the first k of them for any count."""

from __future__ import annotations

import pytest

import sudoku_repl
from sudoku_repl.core.isomorphs import drawn
from sudoku_repl.core.making import Rng

BACKDOOR_1 = "1.......2.3..2..4...25.63....76.58......7......92.86....59.37...7..5..9.9.......8"


def test_the_same_seed_draws_the_same_isomorphs_and_a_prefix_for_fewer() -> None:
    assert drawn(5, 3) == drawn(5, 3)
    assert drawn(5, 3)[:2] == drawn(2, 3)
    assert drawn(5, 3) != drawn(5, 4)


def test_an_isomorph_keeps_the_order_free_figures() -> None:
    givens = [0 if ch == "." else int(ch) for ch in BACKDOOR_1]
    for iso in drawn(4, 11):
        image = iso.values(givens)
        assert sorted(image) == sorted(iso.digits[v - 1] if v else 0 for v in givens)
        text = "".join(str(v) if v else "." for v in image)
        done = sudoku_repl.difficulty(text, "te,backdoors")
        assert done.figures.te is not None and done.figures.te.value == 1
        assert done.figures.backdoors is not None and len(done.figures.backdoors) == 2


def test_marks_follow_the_digits_and_the_cells() -> None:
    (iso,) = drawn(1, 5)
    masks = [1 << (cell % 9) for cell in range(81)]  # cell (r, c): digit c + 1
    image = iso.masks(masks)
    for cell in range(81):
        source = iso.source(cell)
        assert image[cell] == 1 << (iso.digits[source % 9] - 1)


def test_each_image_cell_s_source_is_worked_out_once_and_the_same() -> None:
    for iso in drawn(6, 2):
        assert iso.sources == tuple(iso.source(cell) for cell in range(81))
        assert sorted(iso.sources) == list(range(81))


def test_the_same_count_and_seed_are_drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``difficulty`` asks the same isomorphs (its seed's) for every quiz: drawn the first time."""
    from sudoku_repl.core import isomorphs

    isomorphs._drawn.cache_clear()
    made: list[int] = []
    draw = isomorphs.Isomorph.drawn

    def counted(rng: Rng) -> isomorphs.Isomorph:
        made.append(1)
        return draw(rng)

    monkeypatch.setattr(isomorphs.Isomorph, "drawn", counted)
    first = drawn(8, 12345)
    assert drawn(8, 12345) == first and len(made) == 8
    assert drawn(8, 54321) != first and len(made) == 16
    isomorphs._drawn.cache_clear()  # (not the counted draws for the next test)
