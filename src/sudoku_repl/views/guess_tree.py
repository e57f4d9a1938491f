"""The search as a tree of guess branches, read from the record, and its Graphviz DOT text.

A *branch* is one candidate tried at one guessed cell: every ``Guess``, ``Forward guess`` and
``Upward guess`` event starts one. A new ``Guess`` at level L + 1 made while branch X (level L)
is the current one is a child of X; a ``Forward``/``Upward guess`` at level L starts a sibling of
the level-L branch it replaces (the next candidate of the same cell, same parent). The deeper
branches an ``Upward guess`` drops, and all branches at ``No more solution``, end there.

A record that starts after step 0 (its older steps dropped to bound memory) starts inside
branches it does not hold: the guess levels on the stack at its start. One node stands for
them, ``CUT``: a branch whose parent began before the record hangs from it; nothing before the
record is made up.

Pure: nothing is re-run, nothing printed.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from sudoku_repl.core import events as E
from sudoku_repl.core.geometry import CLASSIC, Cell, Geometry
from sudoku_repl.core.record import History

#: A contradiction was met while this branch was the deepest one.
WRONG = "wrong"
#: A solution was reported while this branch was the deepest one.
SOLUTION = "solution"
#: Still on the guess stack at the end of the record.
OPEN = "open"
#: Abandoned after every branch below it had been tried.
EXHAUSTED = "exhausted"
#: The steps before the record (``first_step``: the step it starts at), not in it: the branches
#: they began, which the record's first branches may lie in, are not known.
CUT = "cut"

_KIND_NAMES = {E.GUESS: "guess", E.FORWARD: "forward", E.UPWARD: "upward"}


@attrs.define(eq=False)
class Node:
    """One branch of the search.

    ``value`` is the candidate tried (0 if the record does not show it); ``index``/``count``: it
    is candidate ``index`` of ``count``; ``first_step``..``last_step``: the steps during which
    this branch was on the guess stack (its subtree's steps included); ``kind``: how it began
    ("guess", "forward" or "upward"); ``move``: the move that began it; ``solutions``: the steps
    of the solutions reported while it was the deepest branch.
    """

    cell: Cell
    value: int
    index: int
    count: int
    level: int
    first_step: int
    last_step: int
    outcome: str
    kind: str = "guess"
    move: int = -1
    solutions: list[int] = attrs.field(factory=list)
    children: list[Node] = attrs.field(factory=list)
    parent: Node | None = attrs.field(default=None, repr=False)
    geo: Geometry = attrs.field(default=CLASSIC, repr=False, eq=False)

    @property
    def name(self) -> str:
        """``[r,c]``."""
        return self.geo.cell_name(self.cell)

    @property
    def label(self) -> str:
        """``[4,2]=2`` / ``level 11 (1/2)`` / ``steps 92..92``, one per line (the cut node:
        the steps it stands for)."""
        if self.outcome == CUT:
            return f"steps before {self.first_step + 1}\nnot in the record"
        value = f"={self.value}" if self.value else ""
        return (
            f"{self.name}{value}\nlevel {self.level} ({self.index}/{self.count})\n"
            f"steps {self.first_step}..{self.last_step}"
        )

    @property
    def leads_to_solution(self) -> bool:
        """A solution was found in this branch or below it."""
        return bool(self.solutions) or any(c.leads_to_solution for c in self.children)

    def path(self) -> list[Node]:
        """The branches from the root down to this one."""
        out: list[Node] = []
        node: Node | None = self
        while node is not None:
            out.append(node)
            node = node.parent
        return out[::-1]

    def walk(self) -> Iterator[Node]:
        """This branch and every branch below it, depth first, in the order they began."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


def walk(roots: list[Node]) -> Iterator[Node]:
    """Every branch of a forest, depth first, in the order they began."""
    for root in roots:
        yield from root.walk()


def _placed_value(history: History, move: int, cell: Cell) -> int:
    """The value the move left at ``cell`` (each guess-kind event is a move of its own, so this
    is the candidate the event tried)."""
    for c, value, _ in history.changes(move):
        if c == cell:
            return value
    return 0


def build_tree(history: History, geo: Geometry = CLASSIC) -> list[Node]:
    """The branches of the recorded search, as a forest whose roots are the level-1 branches
    (and first, for a record that starts after step 0, the ``CUT`` node)."""
    roots: list[Node] = []
    start = history.start
    # stack[k] is the current branch at level k + 1; those of the record's start, the cut node
    stack: list[Node] = []
    if start.steps:
        cut = Node(-1, 0, 0, 0, 0, start.steps, start.steps, CUT, kind="cut", geo=geo)
        roots.append(cut)
        stack = [cut] * start.level
    failed = False  # a contradiction was met since the deepest branch began

    def close(node: Node, step: int) -> None:
        node.last_step = max(node.first_step, step)
        if node.outcome == CUT:  # (a level of the record's start left: the node stays cut)
            return
        if node.solutions:
            node.outcome = SOLUTION
        elif node.children:
            node.outcome = EXHAUSTED
        else:
            node.outcome = WRONG

    for move in range(len(history)):
        evs = history.events(move)
        guesses = sum(1 for e in evs if isinstance(e, E.Guess))
        for e in evs:
            if isinstance(e, E.Guess):
                step, cell, level = e.step, e.cell, e.level
                if e.kind != E.GUESS:  # a sibling of the level-L branch: close it and below
                    while len(stack) >= level:
                        close(stack.pop(), step - 1)
                else:
                    del stack[level - 1 :]  # (nothing to drop on a consistent record)
                parent = stack[-1] if stack else None
                guesses -= 1
                value = _placed_value(history, move, cell) if guesses == 0 else 0
                node = Node(
                    cell, value, e.tried, e.out_of, level, step, step, OPEN,
                    kind=_KIND_NAMES[e.kind], move=move, parent=parent, geo=geo,
                )  # fmt: skip
                (parent.children if parent else roots).append(node)
                stack.append(node)
                failed = False
            elif E.is_no_more(e):
                while stack:
                    close(stack.pop(), e.step - 1)
            elif E.is_solution(e):
                if stack:
                    stack[-1].solutions.append(e.step)
            elif isinstance(e, (E.WentWrong, E.NoCandidate)):
                failed = True
    end = history.last_steps
    for k, node in enumerate(stack):
        node.last_step = end
        if node.outcome == CUT:
            continue
        deepest = k == len(stack) - 1
        if node.solutions:
            node.outcome = SOLUTION
        elif deepest and failed:
            node.outcome = WRONG  # the contradiction is recorded; the next guess is not yet
    return roots


# -- DOT ---------------------------------------------------------------------------------------

_STYLE: dict[str, dict[str, str]] = {
    WRONG: {"color": '"#c0392b"', "fillcolor": '"#f8d7d3"'},
    SOLUTION: {"color": '"#1e8449"', "fillcolor": '"#c8f0d0"', "penwidth": "2", "peripheries": "2"},
    OPEN: {"color": '"#2e5fa8"', "fillcolor": '"#dce8f8"', "style": '"rounded,filled,dashed"'},
    EXHAUSTED: {"color": '"#7f7f7f"', "fillcolor": '"#eeeeee"'},
    CUT: {"color": '"#7f7f7f"', "fillcolor": '"#ffffff"', "style": '"dashed"', "shape": "note"},
}
#: what an exhausted branch on the way to a solution has instead (its border green)
_ON_THE_WAY = {"color": '"#1e8449"', "penwidth": "2"}


def _quote(text: str) -> str:
    """A DOT string; newlines become ``\\n`` (centred lines)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def to_dot(roots: list[Node]) -> str:
    """Graphviz DOT text: one box per branch coloured by outcome (red wrong, green solution,
    blue dashed open, grey exhausted; a green border on the way to a solution; the steps
    before the record a dashed note), edges from each branch to the branches guessed inside
    it."""
    ids: dict[int, str] = {}
    lines = [
        "digraph guesses {",
        "  rankdir=TB;",
        '  node [shape=box, style="rounded,filled", fontname="monospace", fontsize=10];',
        "  edge [arrowsize=0.6];",
    ]
    for node in walk(roots):
        ident = ids[id(node)] = f"n{len(ids)}"
        style = {"label": _quote(node.label), **_STYLE.get(node.outcome, {})}
        if node.outcome == EXHAUSTED and node.leads_to_solution:
            style.update(_ON_THE_WAY)  # each attribute once: a later one would be a repeat
        lines.append(f"  {ident} [{', '.join(f'{k}={v}' for k, v in style.items())}];")
    for node in walk(roots):
        for child in node.children:
            lines.append(f"  {ids[id(node)]} -> {ids[id(child)]};")
    lines.append("}")
    return "\n".join(lines) + "\n"


__all__ = [
    "CUT",
    "EXHAUSTED",
    "OPEN",
    "SOLUTION",
    "WRONG",
    "Node",
    "build_tree",
    "to_dot",
    "walk",
]
