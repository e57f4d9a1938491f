"""What a link of a dynamic chain with the "+" or a nested chain rests on, for a hint's third
level: there a candidate may be turned off by a rule on the chain's grid (pointing or
claiming, a hidden or naked pair, an X-Wing: ``explainer/advanced``) or by a chain nested in
it (``explainer/nested``), which rests on several candidates turned off before it, not on
the link before it alone ("X false, so Y false" does not follow on its own). Each such link
of the step is found again by the Python chain search from the step's start (the reference
of both builds), and the rule it rests on named, with the other candidates it needs."""

from __future__ import annotations

import itertools

from sudoku_repl.techniques.explainer.advanced import SIMPLE_RULES
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.plan_step import CANDIDATE_LABELS, Link, PlanStep
from sudoku_repl.techniques.explainer.potentials import Potential
from sudoku_repl.techniques.explainer.rating import Step
from sudoku_repl.tools.serate.shapes import chainers, walk
from sudoku_repl.views.step_reasons import Premise


def premises(step: Step, made: PlanStep, before: Grid) -> dict[Link, Premise]:
    """For each link of the step's chains from a false candidate to a false one, the rule
    that makes it and the other candidates (labels) it rests on; empty for a step with no
    such link (the chain is then not searched again)."""
    if not any(_off_to_off(made, i) for i in range(len(made.links))):
        return {}
    finding = chainers()[step.technique].found_of(before, step.hint)
    labels = CANDIDATE_LABELS
    found: dict[Link, Premise] = {}
    for target in finding.targets:
        for child, parent in itertools.pairwise(walk(target)):
            if child.on or parent.on:
                continue
            link = Link(labels[parent.cell][parent.value], labels[child.cell][child.value], "weak")
            others = tuple(
                labels[p.cell][p.value] for p in dict.fromkeys(child.parents) if p is not parent
            )
            found[link] = (_rule(child, before), others)
    return found


def _off_to_off(made: PlanStep, index: int) -> bool:
    """Whether link ``index`` goes from a false candidate to a false one (a chain's first
    link's source as ``starts`` says; else as the link before it made it)."""
    link = made.links[index]
    if link.kind != "weak":
        return False
    if index and made.links[index - 1].target == link.source:
        return made.links[index - 1].kind == "weak"
    chain = sum(1 for i in range(index) if made.links[i].target != made.links[i + 1].source)
    return chain < len(made.starts) and not made.starts[chain]


def _rule(off: Potential, before: Grid) -> str:
    """The rule that turned ``off`` off: a nested chain's technique, or the simple rule that
    removes it once the candidates it rests on are off."""
    if off.nested is not None:
        hint = getattr(off.nested, "hint", None)
        return f"a nested {hint.technique}" if hint is not None else "a nested chain"
    grid = before.copy()
    for parent in off.parents:
        if not parent.on:
            grid.remove(parent.cell, parent.value)
    for name, rule in SIMPLE_RULES:
        for removals, keys in rule(grid, before):
            if keys and (off.cell, off.value) in removals:
                return name
    return "a rule on the chain's grid"
