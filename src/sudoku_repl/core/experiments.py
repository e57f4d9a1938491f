"""Experiments: the futures of a search, kept side by side.

Every time the record is cut (a guess answered otherwise after going back, a different run mode
from an earlier step, a what-if edit), the future that was recorded is kept as an experiment
instead of being dropped. The experiments form a tree of *segments* of moves: an experiment's
record is the moves of the segments from the root to its own last one. They share the common
prefix: the session's ``History`` holds the present experiment's record, and every segment off
its path holds its own moves as a detached ``Tail`` (whole chunks; only the chunk a cut falls in
is copied). Switching detaches the segments the present experiment has alone and attaches the
target's, so it costs what the differing tails hold in chunk lists, not their length in moves.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from sudoku_repl.core.engine import Choice
from sudoku_repl.core.record import History, Tail


class Segment:
    """Moves ``start``..``end`` of every record that goes through it. ``end`` is None while it
    is the present experiment's last segment (it grows with the record); ``tail`` holds the
    moves while it is off the present path (None: they are in the ``History``)."""

    __slots__ = ("children", "end", "parent", "start", "tail")

    def __init__(self, parent: Segment | None, start: int, end: int | None = None) -> None:
        self.parent = parent
        self.start = start
        self.end = end
        self.tail: Tail | None = None
        self.children: list[Segment] = []
        if parent is not None:
            parent.children.append(self)

    def path(self) -> list[Segment]:
        """The segments from the root to this one."""
        found: list[Segment] = []
        seg: Segment | None = self
        while seg is not None:
            found.append(seg)
            seg = seg.parent
        return found[::-1]

    def __repr__(self) -> str:
        return f"Segment({self.start}, {self.end})"


@attrs.define(eq=False)
class Parting:
    """Where an experiment parted from the one it was cut from: after ``moves`` moves, at step
    ``step``, by ``what`` (``[6,2]=9``, ``mode 1``, ``[4,2]=2 by hand``)."""

    moves: int
    step: int
    what: str


@attrs.define(eq=False)
class Experiment:
    number: int
    name: str
    segment: Segment  # its last segment
    parted: Parting | None = None  # None: the first line of search
    cursor: int = 0  # where it stands while another is the present one (moves)
    origin: Experiment | None = None  # the one it was cut from


class Experiments:
    """The experiments of one quiz's record: the present one is ``current``, whose record the
    ``History`` holds."""

    def __init__(self, history: History) -> None:
        self.history = history
        self.root = Segment(None, 0, 0)  # before any move: futures that part at move 0 hang here
        self.current = Experiment(1, "main", Segment(self.root, 0))
        self.all: dict[int, Experiment] = {1: self.current}
        self._next = 2
        #: the segments whose moves the ``History`` holds, root first
        self.attached = self.current.segment.path()

    def __iter__(self) -> Iterator[Experiment]:
        return iter(sorted(self.all.values(), key=lambda e: e.number))

    def __len__(self) -> int:
        return len(self.all)

    def find(self, key: int | str) -> Experiment | None:
        """The experiment of that number or name."""
        if isinstance(key, int):
            return self.all.get(key)
        return next((e for e in self if e.name == key), None)

    def length(self, exp: Experiment) -> int:
        """How many moves its record holds."""
        end = exp.segment.end
        return len(self.history) if end is None else end

    # -- cutting -------------------------------------------------------------------------

    def cut(self, at: int, parting: Parting) -> Experiment:
        """A new experiment parts from the present one after ``at`` moves: the present record's
        moves from there on are kept as the present experiment's (which then stands at its end)
        and the new one, empty past ``at``, becomes the present."""
        history = self.history
        old = self.current
        length = len(history)
        path = old.segment.path()
        last = path[-1]
        last.end = length
        fork = self._fork_at(path, at)
        path = old.segment.path()  # (a split put a segment in it)
        below = path[path.index(fork) + 1 :]
        for seg in reversed(below):  # the deepest first: the record shrinks from its end
            seg.tail = history.detach(seg.start)
        self.attached = path[: path.index(fork) + 1]
        old.cursor = length
        new = Experiment(
            self._next, f"{parting.step}:{parting.what}", Segment(fork, at), parting, at, old
        )
        self.all[new.number] = new
        self._next += 1
        self.current = new
        self.attached.append(new.segment)
        return new

    def _fork_at(self, path: list[Segment], at: int) -> Segment:
        """The segment of ``path`` that ends at ``at`` (splitting the one ``at`` falls in)."""
        if at == 0:
            return self.root
        for seg in path[1:]:
            end = seg.end
            assert end is not None
            if seg.start < at < end:
                return self._split(seg, at)
            if at == end:
                return seg
        raise ValueError(f"move {at} is past the record")

    def _split(self, seg: Segment, at: int) -> Segment:
        """Split an attached segment at ``at``: the first part keeps its place, the second takes
        its end, children and the experiments that end in it."""
        second = Segment(None, at, seg.end)
        second.parent = seg
        second.children, seg.children = seg.children, [second]
        for child in second.children:
            child.parent = second
        seg.end = at
        for exp in self.all.values():
            if exp.segment is seg:
                exp.segment = second
        return seg

    def undo_cut(self, at: int) -> bool:
        """After a step that cut the record was called off back to ``at``: if the present
        experiment was cut there and holds no moves of its own, drop it and make the one it was
        cut from the present again (True)."""
        exp = self.current
        if exp.parted is None or exp.origin is None or exp.origin.number not in self.all:
            return False
        if exp.segment.start != at or len(self.history) != at or exp.segment.children:
            return False
        origin = exp.origin
        self._attach(origin)
        del self.all[exp.number]
        self._prune(exp.segment)
        self._next -= 1 if self._next == exp.number + 1 else 0
        return True

    # -- following -----------------------------------------------------------------------

    def holding(self, at: int, choice: Choice, run_mode: int) -> Experiment | None:
        """Another experiment whose record shares the present one's first ``at`` moves and
        goes on there with the move made with ``choice`` in ``run_mode``: stepping on with those
        inputs follows it rather than cutting a twin of it. Of the experiments through that
        move, the lowest numbered (the oldest line; it follows its own record from there on).
        None: no experiment parts from the present one there by that move."""
        path = self.current.segment.path()
        on_path = set(path)
        found: list[Experiment] = []
        for seg in path:
            if seg.end == at:
                for child in seg.children:
                    if child in on_path:
                        continue
                    for first in self._first_moves(child):
                        tail = first.tail
                        assert tail is not None  # (off the present path)
                        if tail.modes[0] == run_mode and tail.choices.get(at) == choice:
                            below = set(self._below(first))
                            found += (e for e in self.all.values() if e.segment in below)
        return min(found, key=lambda e: e.number, default=None)

    def _first_moves(self, seg: Segment) -> Iterator[Segment]:
        """The segments at or below ``seg`` (off the present path) that hold the first move
        below it: ``seg`` itself, or if it holds no move, those below it that do."""
        if seg.tail is not None and len(seg.tail):
            yield seg
            return
        for child in seg.children:
            yield from self._first_moves(child)

    def _below(self, seg: Segment) -> Iterator[Segment]:
        """``seg`` and every segment below it."""
        stack = [seg]
        while stack:
            seg = stack.pop()
            yield seg
            stack += seg.children

    # -- switching -----------------------------------------------------------------------

    def switch(self, target: Experiment, cursor: int) -> None:
        """Make ``target`` the present experiment; the one left stands at ``cursor``."""
        if target is self.current:
            return
        self.current.cursor = cursor
        self._attach(target)

    def _attach(self, target: Experiment) -> None:
        self._put(target.segment.path())
        last = target.segment
        if last.children:  # it goes on in a segment of its own, after those that part there
            end = last.end
            assert end is not None
            target.segment = Segment(last, end)
            self.attached.append(target.segment)
        else:
            last.end = None
        self.current = target

    def view(self, exp: Experiment) -> None:
        """Let the ``History`` hold ``exp``'s record for a while (``unview`` puts the present
        one's back); the present experiment stays the present one."""
        self._put(exp.segment.path())

    def unview(self) -> None:
        self._put(self.current.segment.path())
        self.current.segment.end = None

    def _put(self, path: list[Segment]) -> None:
        """Make the ``History`` hold the moves of ``path``'s segments."""
        history = self.history
        held = self.attached
        if held[-1].end is None:
            held[-1].end = len(history)
        common = 0
        while common < min(len(held), len(path)) and held[common] is path[common]:
            common += 1
        for seg in reversed(held[common:]):
            seg.tail = history.detach(seg.start)
        for seg in path[common:]:
            tail = seg.tail
            assert tail is not None
            history.attach(tail)
            seg.tail = None
        self.attached = list(path)

    # -- names and deleting --------------------------------------------------------------

    def delete(self, exp: Experiment) -> None:
        """Forget an experiment that is not the present one, and the moves no other needs."""
        del self.all[exp.number]
        for other in self.all.values():
            if other.origin is exp:
                other.origin = exp.origin
        self._prune(exp.segment)

    def _prune(self, seg: Segment | None) -> None:
        ends = {e.segment for e in self.all.values()}
        on_path = set(self.current.segment.path())
        while (
            seg is not None
            and seg.parent is not None
            and not seg.children
            and seg not in ends
            and seg not in on_path
        ):
            seg.parent.children.remove(seg)
            seg.tail = None
            seg = seg.parent

    # -- the record cap ------------------------------------------------------------------

    def dropped(self, moves: int) -> list[int]:
        """The record's first ``moves`` moves were dropped (its cap): the experiments that parted
        within them are deleted (their numbers returned); the rest move their numbering."""
        gone = [
            e
            for e in self.all.values()
            if e is not self.current and self._parts_from_present_at(e) < moves
        ]
        for e in gone:
            self.delete(e)
        for seg in self._segments():
            seg.start = max(seg.start - moves, 0)
            if seg.end is not None:
                seg.end = max(seg.end - moves, 0)
            if seg.tail is not None:
                seg.tail.shift(moves)
        for e in self.all.values():
            e.cursor = max(e.cursor - moves, 0)
            if e.parted is not None:
                e.parted.moves = max(e.parted.moves - moves, 0)
        return [e.number for e in gone]

    def _parts_from_present_at(self, exp: Experiment) -> int:
        """The move after which ``exp``'s record leaves the present one's."""
        present = set(self.current.segment.path())
        seg = exp.segment
        while seg not in present:
            assert seg.parent is not None
            seg = seg.parent
        return seg.end if seg.end is not None else len(self.history)

    def _segments(self) -> Iterator[Segment]:
        return self._below(self.root)

    def parting_moves(self, a: Experiment, b: Experiment) -> int:
        """How many moves the records of ``a`` and ``b`` share."""
        pa, pb = a.segment.path(), b.segment.path()
        common = 0
        while common < min(len(pa), len(pb)) and pa[common] is pb[common]:
            common += 1
        if common == len(pa) or common == len(pb):  # one record is a prefix of the other
            return min(self.length(a), self.length(b))
        end = pa[common - 1].end
        return end if end is not None else len(self.history)


@attrs.frozen
class ExperimentInfo:
    """One experiment as ``experiments`` lists it: where it parted (``parted_step`` None for
    the first line of search), how far it got, and where it stands."""

    number: int
    name: str
    current: bool
    parted_step: int | None
    parted_what: str
    steps: int  # the step count at the end of its record
    solutions: int
    biggest: int  # the highest guess level it reached
    finished: bool  # whether its search has ended
    at_step: int  # the step it stands at


@attrs.frozen
class Figures:
    """What ``compare`` sets side by side for one experiment. ``guesses``: every value tried
    (new, forward and upward guess lines); ``wrong``: those that met a contradiction;
    ``first_solution``: the step of its first solution (None: none in its record)."""

    number: int
    name: str
    steps: int
    first_solution: int | None
    solutions: int
    biggest: int
    guesses: int
    wrong: int
    finished: bool


@attrs.frozen
class Comparison:
    """Two experiments: the step where their records part (``parted_moves`` moves in), their
    figures, and the first cells whose values differ in their records' last states as
    (cell, value in a, value in b)."""

    parted_step: int
    parted_moves: int
    a: Figures
    b: Figures
    differing: tuple[tuple[int, int, int], ...]
