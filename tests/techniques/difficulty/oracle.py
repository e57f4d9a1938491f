"""The tests' own rules, written apart from the code under test: singles (naked and hidden,
the digits placed leaving their peers) and naked subsets, on 81 candidate masks. They only
say whether a state is finished by them, and are slow and plain on purpose."""

from __future__ import annotations

from functools import cache
from itertools import combinations

#: a candidate: (cell 0-80 row-major, digit 1-9)
Candidate = tuple[int, int]

ROWS = [[r * 9 + c for c in range(9)] for r in range(9)]
COLS = [[r * 9 + c for r in range(9)] for c in range(9)]
BOXES = [
    [(br * 3 + r) * 9 + bc * 3 + c for r in range(3) for c in range(3)]
    for br in range(3)
    for bc in range(3)
]
UNITS = ROWS + COLS + BOXES


def peers(i: int) -> set[int]:
    return {k for unit in UNITS if i in unit for k in unit} - {i}


PEERS = [peers(i) for i in range(81)]


def finish(cands: list[int], hidden: bool = True, subsets: bool = False) -> bool:
    """Whether the rules (naked singles always; hidden singles, naked subsets if asked) leave
    every cell with one digit, the digits of peers apart."""
    settled = settle(cands, hidden, subsets)
    return all(bin(m).count("1") == 1 for m in settled) and all(
        not settled[p] & settled[i] for i in range(81) for p in PEERS[i]
    )


def settle(cands: list[int], hidden: bool = True, subsets: bool = False) -> list[int]:
    """The candidates once the rules (as ``finish``'s) find nothing more, or as they were when
    a cell lost its last one."""
    cands = cands.copy()
    changed = True
    while changed:
        changed = False
        for i in range(81):
            if bin(cands[i]).count("1") == 1:
                for p in PEERS[i]:
                    if cands[p] & cands[i]:
                        cands[p] &= ~cands[i]
                        changed = True
        if any(m == 0 for m in cands):
            return cands
        for unit in UNITS if hidden else []:
            for d in range(9):
                places = [i for i in unit if cands[i] >> d & 1]
                if len(places) == 1 and cands[places[0]] != 1 << d:
                    cands[places[0]] = 1 << d
                    changed = True
        for unit in UNITS if subsets else []:
            open_cells = [i for i in unit if bin(cands[i]).count("1") > 1]
            for size in range(2, len(open_cells) - 1):
                for chosen in combinations(open_cells, size):
                    union = 0
                    for i in chosen:
                        union |= cands[i]
                    if bin(union).count("1") == size:
                        for i in open_cells:
                            if i not in chosen and cands[i] & union:
                                cands[i] &= ~union
                                changed = True
    return cands


def masks(puzzle: str) -> list[int]:
    """A puzzle line's candidates: a given's digit, else the digits no given peer holds."""
    values = [int(c) if c.isdigit() else 0 for c in puzzle]
    out = []
    for i, v in enumerate(values):
        if v:
            out.append(1 << (v - 1))
        else:
            held = 0
            for p in PEERS[i]:
                if values[p]:
                    held |= 1 << (values[p] - 1)
            out.append(0x1FF & ~held)
    return out


def solution(puzzle: str) -> list[int]:
    """The puzzle's solution (a digit a cell), by plain depth-first search: the open cell with
    the fewest candidates first, each digit placed and taken from its peers."""

    def search(cands: list[int]) -> list[int] | None:
        open_cells = [i for i in range(81) if bin(cands[i]).count("1") > 1]
        if not open_cells:
            return cands
        i = min(open_cells, key=lambda k: bin(cands[k]).count("1"))
        for d in range(9):
            if cands[i] >> d & 1:
                trial = cands.copy()
                trial[i] = 1 << d
                if place(trial, i) and (found := search(trial)) is not None:
                    return found
        return None

    def place(cands: list[int], i: int) -> bool:  # its digit off its peers, singles after
        for p in PEERS[i]:
            if cands[p] & cands[i]:
                cands[p] &= ~cands[i]
                if cands[p] == 0:
                    return False
                if bin(cands[p]).count("1") == 1 and not place(cands, p):
                    return False
        return True

    start = masks(puzzle)
    solved = (
        search(start)
        if all(place(start, i) for i in range(81) if puzzle[i] in "123456789")
        else None
    )
    assert solved is not None, puzzle
    return [m.bit_length() for m in solved]


@cache  # (one search a test process: the surfaces' tests each compare with it)
def candidate_backdoors(
    puzzle: str,
) -> tuple[frozenset[Candidate], frozenset[tuple[Candidate, Candidate]]]:
    """HoDoKu's candidate backdoors of a puzzle with one solution, by brute force: every wrong
    candidate of its empty cells, then every pair of them, removed and singles tried; the
    pairs are those neither of whose candidates is a backdoor alone. (cell 0-80, digit) each,
    cells row-major; seconds for a puzzle with 150 wrong candidates."""
    start = masks(puzzle)
    right = solution(puzzle)
    wrong = [
        (i, d)
        for i, m in enumerate(start)
        if m & (m - 1)
        for d in range(1, 10)
        if m >> (d - 1) & 1 and d != right[i]
    ]

    def removed(cands: list[int], i: int, d: int) -> list[int]:
        less = cands.copy()
        less[i] &= ~(1 << (d - 1))
        return less

    singles = frozenset(c for c in wrong if finish(removed(start, *c)))
    rest = [c for c in wrong if c not in singles]
    # A pair is tried from what the singles leave once its first candidate is gone: the rules
    # only take candidates away, and taking more never keeps one they took, so they end the
    # same from there as from the start (only wrong candidates go: the solution stays whole).
    # Where they took the second one too, the pair ends as the first alone: no backdoor.
    pairs = set()
    for k, a in enumerate(rest):
        after_a = settle(removed(start, *a))
        for b in rest[k + 1 :]:
            if after_a[b[0]] >> (b[1] - 1) & 1 and finish(removed(after_a, *b)):
                pairs.add((a, b))
    return singles, frozenset(pairs)
