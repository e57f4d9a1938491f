"""The plan step's record: the notation and the JSON shape the issue gives."""

from __future__ import annotations

from sudoku_repl.techniques.explainer.plan_step import (
    Link,
    PlanStep,
    candidate_label,
    cell_label,
    label_cell,
    label_digit,
)


def test_the_notation_is_the_dossiers_one_based() -> None:
    assert cell_label(0) == "r1c1"
    assert cell_label(22) == "r3c5"
    assert candidate_label(22, 5) == "5r3c5"
    assert label_cell("5r3c5") == 22
    assert label_cell("r9c9") == 80
    assert label_digit("5r3c5") == 5


def test_to_json_is_the_issues_shape() -> None:
    step = PlanStep(
        "X-Wing",
        3.2,
        ("r1c2", "r1c5"),
        (Link("5r3c5", "5r3c8", "strong"),),
        ("5r3c8",),
        (),
    )
    assert step.to_json() == {
        "technique": "X-Wing",
        "line_name": "X-Wing",  # (serate's line's name, a forcing chain's its own)
        "rating": 3.2,
        "cells": ["r1c2", "r1c5"],
        "links": [["5r3c5", "5r3c8", "strong"]],
        "removed": ["5r3c8"],
        "placed": [],
    }


def test_to_json_gives_a_forcing_chains_line_name_beside_its_name() -> None:
    """serate names the step ``Dynamic Contradiction Forcing Chains``
    and begins its line ``Contradiction Forcing Chain:``: both fields, named as such."""
    step = PlanStep(
        "Dynamic Contradiction Forcing Chains", 9.0, ("r2c9",), (), ("7r2c9",), (),
        line_name="Contradiction Forcing Chain",
    )  # fmt: skip
    said = step.to_json()
    assert (said["technique"], said["line_name"]) == (
        "Dynamic Contradiction Forcing Chains",
        "Contradiction Forcing Chain",
    )
