"""What a graded hint says of a step of Sudoku Explainer's path, technique by technique (issue
73, ``step_words``): ``clue``, level 2's line (the digits and the pattern's defining cells: a
wing's pivot and pincers, a fish's base lines, a turbot's strong links, where the chains start;
no candidate removed, no value placed), and ``reasons``, level 3's why (for a chain its links
and which end must be true, or the contradiction; a wing's pivot and pincers; a rectangle's
deadly pattern). All read the one ``PlanStep``, and the grid's candidates where given."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence

from sudoku_repl.techniques.explainer.plan_step import Link, PlanStep, label_cell, label_digit

#: how a hint names a cell (0..80): ``[3,5]`` or ``r3c5`` (``step_words.notation``)
Notation = Callable[[int], str]
Cands = Sequence[int] | None
#: what a link from a false candidate to a false one rests on (a dynamic chain's "+", a nested
#: chain: ``tools/explain/premises``): the rule's name, the other candidates (labels) it needs
Premise = tuple[str, tuple[str, ...]]
#: the first words of the techniques whose chains end where they start (a forcing chain,
#: serate's ``ForcingChainHint``), and of those whose chains start from one cell or house
_SELF_FORCING = ("Forcing Chain", "Forcing X-Chain", "Forcing Y-Chain", "Turbot Fish")
_MULTIPLE = ("Contradiction", "Nishio", "Double", "Cell Forcing", "Region Forcing")


def _and(words: Sequence[str]) -> str:
    """``1``, ``1 and 4``, ``1, 4 and 7``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _digits(digits: Sequence[int]) -> str:
    """``digit 5``, ``digits 1 and 3``."""
    return ("digit " if len(digits) == 1 else "digits ") + _and([str(d) for d in digits])


def _cells(labels: Sequence[str], name: Notation) -> str:
    return " ".join(name(label_cell(label)) for label in labels)


def _candidate(label: str, name: Notation) -> str:
    return f"{label_digit(label)} at {name(label_cell(label))}"


def _sees(a: int, b: int) -> bool:
    """Whether two cells (0..80) share a row, a column or a block."""
    ra, ca, rb, cb = a // 9, a % 9, b // 9, b % 9
    return ra == rb or ca == cb or (ra // 3, ca // 3) == (rb // 3, cb // 3)


def _cands_of(cands: Cands, label: str) -> list[int]:
    mask = 0 if cands is None else cands[label_cell(label)]
    return [d for d in range(1, 10) if mask >> d & 1]


def _step_digits(step: PlanStep) -> tuple[int, ...]:
    """The digits the pattern is about: its own (a set's, a fish's, a loop's), else those it
    places and removes."""
    if step.digits:
        return step.digits
    return tuple(sorted({label_digit(c) for c in step.placed + step.removed}))


def _house(step: PlanStep) -> str:
    """Where to look without its lead words: ``block 2`` of ``the chains start in block 2``."""
    return step.house.rsplit(" in ", 1)[-1] if step.house.startswith("the ") else step.house


def _kind(step: PlanStep) -> str:
    """The family a step's words are chosen by (its technique's words)."""
    technique = step.technique
    if "WXYZ-Wing" in technique:  # (before the XYZ-Wing it ends with)
        return "ALS wing"
    if technique == "Generalized Intersections":  # (variant rules': a region's places)
        return "intersection"
    for kind in ("Hidden Single", "Naked Single", "Direct Hidden", "Pointing", "Claiming",
                 "Naked", "Hidden", "Unique", "BUG", "Aligned", "XY-Wing", "XYZ-Wing"):  # fmt: skip
        if kind in technique:
            return "Pointing" if kind == "Claiming" else kind
    if technique.endswith(("X-Wing", "Swordfish", "Jellyfish")) and not step.links:
        return "fish"
    if "Cycle" in technique or (technique == "Generalized X-Wing" and step.links):
        return "cycle"
    if any(word in technique for word in _MULTIPLE):
        return "multiple"
    if technique in _SELF_FORCING:
        return "forcing"
    return "strong links" if step.links else ""


# -- level 2 -----------------------------------------------------------------------------------


def clue(step: PlanStep, name: Notation, cands: Cands = None) -> str:
    """Level 2: the digits and the pattern's defining cells, and no candidate removed or value
    placed."""
    kind, cells, digits = _kind(step), _cells(step.cells, name), _digits(_step_digits(step))
    if kind == "Hidden Single":
        return f"Look at {digits}: it has one place left in {step.house}."
    if kind == "Naked Single":
        return f"Look at {cells}: it has one candidate left."
    if kind in ("Pointing", "intersection"):
        return f"Look at {digits}: in {step.house} it lies only in {cells}."
    if kind in ("Naked", "Hidden", "Direct Hidden"):
        return f"Look at {digits} in {step.house}, in {cells}."
    if kind == "fish":
        return f"Look at {digits} in {step.house}: it lies there only in {cells}."
    if kind in ("XY-Wing", "XYZ-Wing"):
        pivot, *pincers = (name(label_cell(c)) for c in step.cells)
        return f"Look at {digits}: the pivot {pivot} and its pincers {_and(pincers)}."
    if kind == "strong links":
        strong = [f"{_cells(link[:2], name).replace(' ', '-')}" for link in _strong(step.links)]
        return f"Look at {digits}: the strong links {_and(strong)}."
    if kind == "BUG":
        return f"Look at {cells}, where a cell has more than two candidates."
    if kind == "Aligned":
        return f"Look at {cells}: the values they can take together."
    if step.links:
        return _chain_clue(step, kind, name, cells)
    return f"Look at {digits} in {cells}."


def _strong(links: Sequence[Link]) -> list[Link]:
    return [link for link in links if link.kind == "strong"]


def _chain_clue(step: PlanStep, kind: str, name: Notation, cells: str) -> str:
    first = step.links[0].source
    if kind == "multiple" and "Cell" in step.technique:
        said = f"Try each candidate of {name(label_cell(first))} in turn"
        return f"{said}: the chains run through {cells}."
    if kind == "multiple" and "Region" in step.technique:
        said = f"each place of {label_digit(first)} in {_house(step)}"
        return f"Try {said} in turn: the chains run through {cells}."
    if kind == "multiple" and "Double" in step.technique:
        said = f"Suppose {_candidate(first, name)} is true, then false"
        return f"{said}: the chains run through {cells}."
    if kind == "forcing" or any(word in step.technique for word in ("Contradiction", "Nishio")):
        # (the candidate supposed is the one the step removes or places: its cell alone)
        chains = "chains start" if kind == "multiple" else "chain starts"
        run = "run" if kind == "multiple" else "runs"
        return (
            f"The {chains} from a candidate of {name(label_cell(first))} and {run} through {cells}."
        )
    if kind == "multiple":
        said = f"Suppose {_candidate(first, name)} is {_truth(_chains(step)[0][1])}"
        return f"{said}: the chains run through {cells}."
    return f"Look at {_digits(_step_digits(step))}: the chain runs through {cells}."


# -- level 3 -----------------------------------------------------------------------------------


def reasons(
    step: PlanStep,
    name: Notation,
    cands: Cands = None,
    premises: Mapping[Link, Premise] | None = None,
) -> list[str]:
    """Level 3's why, before what the step places and removes: a chain's links (each candidate
    true or false in turn; a link from false to false with the rule it rests on, where
    ``premises`` names it), then why the step follows from the pattern."""
    kind = _kind(step)
    lines = []
    if step.links:
        chains = _chains(step)
        rests = premises or {}
        said = "; ".join(_chain_text(chain, start, name, rests) for chain, start in chains)
        lines.append(("The chain: " if len(chains) == 1 else "The chains: ") + said + ".")
    why = _WHY.get(kind, _why_else)(step, name, cands)
    return [*lines, why]


def _chains(step: PlanStep) -> list[tuple[list[Link], bool]]:
    """The links cut into chains (where a link does not go on from the one before), each with
    whether it starts true (``PlanStep.starts``; else as its first link's kind says)."""
    chains: list[list[Link]] = []
    for i, link in enumerate(step.links):
        if i == 0 or step.links[i - 1].target != link.source:
            chains.append([])
        chains[-1].append(link)
    starts = step.starts if len(step.starts) == len(chains) else ()
    return [
        (chain, starts[i] if starts else chain[0].kind == "weak") for i, chain in enumerate(chains)
    ]


def _truth(value: bool) -> str:
    return "true" if value else "false"


def _chain_text(
    chain: Sequence[Link], start: bool, name: Notation, rests: Mapping[Link, Premise]
) -> str:
    """``4 at [1,2] false, so 6 at [1,2] true, so ...``: a strong link's target true, a weak
    link's false; one ``rests`` names, with the rule it rests on (``5 at [3,4] false (by a
    hidden pair, with 5 at [3,1] false too)``)."""
    parts = [f"{_candidate(chain[0].source, name)} {_truth(start)}"]
    for link in chain:
        said = f"{_candidate(link.target, name)} {_truth(link.kind == 'strong')}"
        if link in rests:
            rule, others = rests[link]
            also = _and([_candidate(o, name) for o in others]) if others else ""
            said += f" (by {rule}, with {also} false too)" if also else f" (by {rule})"
        parts.append(said)
    return ", so ".join(parts)


def _removed_cells(step: PlanStep) -> list[int]:
    return list(dict.fromkeys(label_cell(label) for label in step.removed))


def _why_single(step: PlanStep, name: Notation, cands: Cands) -> str:
    (placed,) = step.placed
    digit, cell = label_digit(placed), name(label_cell(placed))
    if _kind(step) == "Naked Single":
        return f"{cell} has lost every candidate but {digit}."
    return (
        f"Every other cell of {step.house} is filled or has lost {digit} from its candidates: "
        f"{digit} goes in {cell}."
    )


def _covers(step: PlanStep, across: str) -> str:
    """The lines across (``columns 3 and 7``) the pattern's cells lie in."""
    cells = [label_cell(c) for c in step.cells]
    numbers = sorted({c % 9 + 1 if across == "column" else c // 9 + 1 for c in cells})
    return f"{across}{'s' if len(numbers) > 1 else ''} {_and([str(n) for n in numbers])}"


def _why_locked(step: PlanStep, name: Notation, cands: Cands) -> str:
    """Pointing, claiming and their direct forms: the cells share a second house."""
    digit = _step_digits(step)[0]
    cells = [label_cell(c) for c in step.cells]
    if step.crossing:  # (a variant's regions: the step says which)
        other = step.crossing
    elif step.house.startswith("block"):
        one_row = len({c // 9 for c in cells}) == 1
        other = f"row {cells[0] // 9 + 1}" if one_row else f"column {cells[0] % 9 + 1}"
    else:
        other = f"block {cells[0] // 27 * 3 + cells[0] % 9 // 3 + 1}"
    said = (
        f"These cells are all in {other}: wherever {digit} goes in {step.house} it is in "
        f"{other}, so no other cell of {other} can be {digit}."
    )
    return said + _direct(step, name)


def _why_intersection(step: PlanStep, name: Notation, cands: Cands) -> str:
    """A generalized intersection: a digit's places in a region, and the cells seeing them all."""
    digit = _step_digits(step)[0]
    return (
        f"Wherever {digit} goes in {step.house} it is in one of these cells, so no cell that "
        f"sees them all can be {digit}."
    )


def _direct(step: PlanStep, name: Notation) -> str:
    """What a direct step's removals leave: a hidden single, placed."""
    if not step.placed:
        return ""
    placed = step.placed[0]
    digit, cell = label_digit(placed), name(label_cell(placed))
    return f" That leaves {cell} the last place of {digit} in one of its houses."


def _why_set(step: PlanStep, name: Notation, cands: Cands) -> str:
    digits = _and([str(d) for d in step.digits])
    count = len(step.cells)
    if _kind(step) == "Naked" and step.technique.startswith("Generalized"):
        return (
            f"These {count} cells hold only {digits} between them: those {count} digits fill "
            "them, so no cell that sees every one of them holding a digit can be that digit."
        )
    if _kind(step) == "Naked":
        return (
            f"These {count} cells hold only {digits} between them: those {count} digits fill "
            f"them, so they go nowhere else in {step.house}."
        )
    said = (
        f"In {step.house}, {digits} can go only in these {count} cells: they fill them, so no "
        "other digit can go there."
    )
    return said + _direct(step, name)


def _why_fish(step: PlanStep, name: Notation, cands: Cands) -> str:
    digit = step.digits[0]
    base, across = ("row", "column") if step.house.startswith("row") else ("column", "row")
    count = len(step.house.split(" and ")[0].split(",")) + 1
    covers = _covers(step, across)
    return (
        f"In {step.house}, {digit} lies only in {covers}: the {count} {base}s put their {digit}s "
        f"in {count} different {across}s, so {covers} have their {digit} there and nowhere else."
    )


def _why_wing(step: PlanStep, name: Notation, cands: Cands) -> str:
    z = _step_digits(step)[0]
    named = [name(label_cell(c)) for c in step.cells]
    ends = "both pincers" if _kind(step) == "XY-Wing" else "all three cells"
    said = ""
    if cands is not None:
        held = [_and([str(d) for d in _cands_of(cands, c)]) for c in step.cells]
        said = f"The pivot {named[0]} holds {held[0]}; " + ", ".join(
            f"{cell} holds {digits}" for cell, digits in zip(named[1:], held[1:], strict=True)
        )
        said += ". "
    one = "one pincer" if _kind(step) == "XY-Wing" else "one of the three cells"
    return (
        f"{said}Whichever digit the pivot takes, {one} is {z}: "
        f"so a cell that sees {ends} is not {z}."
    )


def _why_als_wing(step: PlanStep, name: Notation, cands: Cands) -> str:
    digits = _step_digits(step)
    count = len(step.cells)
    if len(digits) == 1:
        z = digits[0]
        return (
            f"These {count} cells hold {count} digits between them, and each digit but {z} has "
            f"its places among them all in one house, so it fills one of them at most: one of "
            f"them is {z}. So a cell that sees every {z} of them is not {z}."
        )
    return _why_else(step, name, cands)


def _why_strong_links(step: PlanStep, name: Notation, cands: Cands) -> str:
    """A chain of strong links (a skyscraper, a kite, a crane): one of its ends is true."""
    first, last = step.links[0].source, step.links[-1].target
    digit = label_digit(first)
    ends = f"{name(label_cell(first))} or {name(label_cell(last))}"
    removed = _removed_cells(step)
    seen = all(_sees(c, label_cell(first)) and _sees(c, label_cell(last)) for c in removed)
    said = f"So one of the chain's ends, {ends}, is {digit}"
    if not seen:
        return f"{said}: a cell that sees both is not {digit}."
    cells = " ".join(name(c) for c in removed)
    if len(removed) == 1:
        return f"{said}, and {cells} sees both: it is not {digit}."
    return f"{said}, and {cells} see both: they are not {digit}."


def _why_unique(step: PlanStep, name: Notation, cands: Cands) -> str:
    """A unique rectangle or loop: its deadly pattern, then what its type makes of it."""
    a, b = step.digits
    shape = "rectangle" if "Rectangle" in step.technique else "loop"
    deadly = (
        f"Were these cells to hold only {a} and {b}, the two digits could swap round the "
        f"{shape} (a deadly pattern): the puzzle would have two solutions, and it has one."
    )
    kind = step.technique[-1]
    removed = _removed_cells(step)
    if kind == "1" and len(removed) == 1:
        cell = name(removed[0])
        return f"{deadly} So {cell}, the one cell with other candidates, is neither {a} nor {b}."
    z = sorted({label_digit(label) for label in step.removed})
    if kind == "2" and cands is not None and len(z) == 1 and z[0] not in (a, b):
        extra = [c for c in step.cells if z[0] in _cands_of(cands, c)]
        return (
            f"{deadly} So one of {_cells(extra, name)} is {z[0]}, their other candidate: a "
            f"cell that sees them all is not {z[0]}."
        )
    if kind == "4" and len(z) == 1 and z[0] in (a, b):
        locked = a + b - z[0]
        cells = " ".join(name(c) for c in removed)
        return (
            f"{deadly} {cells} share a house where {locked} lies only in them: one of them is "
            f"{locked}, and the other, were it {z[0]}, would make the pattern: neither is {z[0]}."
        )
    if kind == "3":
        naked = _naked_with(step, (a, b), name, cands)
        if naked is not None:
            roof, extras, house, others, digits = naked
            spare = _and([str(d) for d in extras]).replace(" and ", " or ")
            held = _and([str(d) for d in digits])
            return (
                f"{deadly} So {' or '.join(roof)} holds one of its other candidates, {spare}: "
                f"with {' '.join(others)}, which hold only {held} too, that makes a naked set "
                f"of {held} in {house}, which removes those digits from the rest of it."
            )
        return (
            f"{deadly} So one of its cells' other candidates is true: with the cells that hold "
            "only such candidates they make a naked set, which removes its digits from the "
            "rest of their house."
        )
    return f"{deadly} So one of its cells' other candidates is true, which removes these."


def _houses(cell: int) -> list[tuple[str, list[int]]]:
    """The row, column and block of a cell (0..80): each's name and cells."""
    r, c, b = cell // 9, cell % 9, cell // 27 * 3 + cell % 9 // 3
    return [
        (f"row {r + 1}", [r * 9 + k for k in range(9)]),
        (f"column {c + 1}", [k * 9 + c for k in range(9)]),
        (f"block {b + 1}", [(b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3 for k in range(9)]),
    ]


def _naked_with(
    step: PlanStep, pair: tuple[int, int], name: Notation, cands: Cands
) -> tuple[list[str], list[int], str, list[str], list[int]] | None:
    """A unique rectangle of type 3's naked set: the rectangle's cells with other candidates
    (their names), those candidates, the house, the set's other cells (names) and its digits;
    None where the candidates are not known or no such set is found."""
    if cands is None:
        return None
    cells = [label_cell(c) for c in step.cells]
    roof = [c for c in cells if any(d not in pair for d in _mask_digits(cands[c]))]
    extras = sorted({d for c in roof for d in _mask_digits(cands[c]) if d not in pair})
    removed = {label_cell(c) for c in step.removed}
    z = {label_digit(c) for c in step.removed}
    for house, members in _houses(roof[0]):
        if not all(c in members for c in roof) or not removed <= set(members):
            continue
        free = [c for c in members if c not in cells and c not in removed and cands[c]]
        for size in range(1, 4):
            for group in itertools.combinations(free, size):
                digits = set(extras).union(*(_mask_digits(cands[c]) for c in group))
                if len(digits) == size + 1 and z <= digits:
                    others = [name(c) for c in group]
                    return [name(c) for c in roof], extras, house, others, sorted(digits)
    return None


def _mask_digits(mask: int) -> list[int]:
    return [d for d in range(1, 10) if mask >> d & 1]


def _why_bug(step: PlanStep, name: Notation, cands: Cands) -> str:
    cells = _cells(step.cells, name)
    deadly = (
        f"Every empty cell but {cells} holds two candidates: were {cells} to lose their extra "
        "ones, every digit would have two places in each house too, a deadly pattern (no "
        "solution or two), and the puzzle has one."
    )
    removed = {label_digit(c) for c in step.removed}
    kept = [d for d in _cands_of(cands, step.cells[0]) if d not in removed]
    if step.technique.endswith("1") and len(kept) == 1:
        return (
            f"{deadly} So {cells} is {kept[0]}, its extra candidate, the digit with three places "
            "in its row, column or block: its other candidates go."
        )
    if step.technique.endswith("1"):
        return (
            f"{deadly} So {cells} is its extra candidate, the digit with three places in its "
            "row, column or block: its other candidates go."
        )
    digits = _step_digits(step)
    if step.technique.endswith("2") and len(digits) == 1:
        z = digits[0]
        return f"{deadly} So one of them is {z}: a cell that sees them all is not {z}."
    return f"{deadly} So one of those candidates is true, which removes these."


def _why_cycle(step: PlanStep, name: Notation, cands: Cands) -> str:
    return (
        "The links close into a loop, strong and weak in turn: so one candidate of each weak "
        "link is true as well, and a candidate that sees both of such a pair is false."
    )


def _why_forcing(step: PlanStep, name: Notation, cands: Cands) -> str:
    """A forcing chain (serate's ``ForcingChainHint``): from a candidate back to itself."""
    first, last = step.links[0].source, step.links[-1].target
    start = _chains(step)[0][1]
    if first != last:
        return _why_else(step, name, cands)
    said = _candidate(first, name)
    return (
        f"Were {said} {_truth(start)}, the chain would make it {_truth(not start)}: "
        f"a contradiction, so it is {_truth(not start)}."
    )


def _why_multiple(step: PlanStep, name: Notation, cands: Cands) -> str:
    """Forcing chains from one candidate, cell or house, to one end (or a contradiction)."""
    chains = _chains(step)
    (first_chain, start), *_ = chains
    source = _candidate(first_chain[0].source, name)
    end = first_chain[-1].target
    target = _candidate(end, name)
    state = _truth(first_chain[-1].kind == "strong")
    technique = step.technique
    dynamic = (
        " (A dynamic chain's link may rest on links before it as well: each shows the first.)"
        if "Dynamic" in technique
        else ""
    )
    if "Contradiction" in technique or "Nishio" in technique:
        said = (
            f"Were {source} {_truth(start)}, one chain would make {target} true and another "
            f"false: a contradiction, so {source} is {_truth(not start)}."
        )
    elif "Double" in technique:
        said = f"Whether {source} is true or false, {target} is {state}."
    elif "Cell" in technique:
        cell = name(label_cell(first_chain[0].source))
        said = f"Whichever candidate {cell} takes, {target} is {state}."
    else:
        digit = label_digit(first_chain[0].source)
        said = f"Wherever {digit} goes in {_house(step)}, {target} is {state}."
    return said + dynamic


def _why_aligned(step: PlanStep, name: Notation, cands: Cands) -> str:
    return (
        "Of the values these cells can take together, each with a removed candidate leaves "
        "some cell that sees them all with no candidate, or puts one digit twice in a house."
    )


def _why_else(step: PlanStep, name: Notation, cands: Cands) -> str:
    return "Were a removed candidate true, some cell of the pattern would have no value."


_WHY: dict[str, Callable[[PlanStep, Notation, Cands], str]] = {
    "Hidden Single": _why_single,
    "Naked Single": _why_single,
    "Pointing": _why_locked,
    "intersection": _why_intersection,
    "Naked": _why_set,
    "Hidden": _why_set,
    "Direct Hidden": _why_set,
    "fish": _why_fish,
    "XY-Wing": _why_wing,
    "XYZ-Wing": _why_wing,
    "ALS wing": _why_als_wing,
    "strong links": _why_strong_links,
    "Unique": _why_unique,
    "BUG": _why_bug,
    "cycle": _why_cycle,
    "forcing": _why_forcing,
    "multiple": _why_multiple,
    "Aligned": _why_aligned,
}
