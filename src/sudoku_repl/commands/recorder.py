"""The session script: the commands and guess answers that replay a session (``save-session``).

The dispatcher tells the recorder what each command did (began, failed, was stopped half way,
took an answer); a handler whose command a replay must not repeat as typed (``load-quiz`` of a
file, a ``goto`` stopped by Ctrl-C) says what to write instead.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: start-up does not import typing (nor collections)
if TYPE_CHECKING:
    from collections.abc import Callable


class _Running:
    def __init__(self, mark: int, solutions: int) -> None:
        self.mark = mark  # where the command's lines start
        self.solutions = solutions  # the solution sum before it
        self.answered: list[int] = []  # per answer: solutions found before it


class ScriptRecorder:
    def __init__(self, is_command: Callable[[str], bool]) -> None:
        self.lines: list[str] = []
        self._is_command = is_command  # whether a script line is a command (not an answer)
        self._running: list[_Running] = []  # the commands under way (``source`` nests them)

    def begin(self, scripted: bool, line: str, solutions: int) -> None:
        """A command starts (``solutions``: the solution sum before it); ``scripted``: whether
        the script keeps it (``Command.scripted``: not one that changes nothing)."""
        self._running.append(_Running(len(self.lines), solutions))
        if scripted:
            self.lines.append(line.strip())

    def end(self) -> None:
        """The command is over (whatever its outcome)."""
        self._running.pop()

    def failed(self) -> None:
        """The command changed nothing: it is not replayed."""
        del self.lines[self._running[-1].mark :]

    def answered(self, answer: str, solutions: int) -> None:
        """The command took a guess answer (``solutions``: the solution sum at the question)."""
        self.lines.append(answer.strip())
        running = self._running[-1]
        running.answered.append(solutions - running.solutions)

    def replace(self, *lines: str) -> None:
        """Write these lines instead of the running command (its answers stay after them)."""
        for k in range(len(self.lines) - 1, -1, -1):
            if self._is_command(self.lines[k]):
                self.lines[k : k + 1] = list(lines)
                return

    def stopped(self, steps: int, solutions: int, run: bool) -> None:
        """The command was stopped half way at ``steps`` (Ctrl-C, an aborted question), with the
        solution sum ``solutions``: script the path it took. A run becomes ``_run_to``; another
        command (goto, bisect) becomes ``goto``."""
        mark = self._running[-1].mark
        if not run:
            self.lines[mark : mark + 1] = [f"goto {steps}"]
            return
        for k in range(len(self.lines) - 1, mark - 1, -1):
            if self._is_command(self.lines[k]):
                self.lines[k:] = self._run_to(steps, solutions, self.lines[k + 1 :])
                return

    def _run_to(self, steps: int, solutions: int, answers: list[str]) -> list[str]:
        """The script lines that take a run stopped half way the same path to the same step:
        past the solutions it reported, then on to the step (runtil stops at a solution; goto
        would follow a record the run had left), each command followed by the guess answers it
        took."""
        running = self._running[-1]
        found = solutions - running.solutions
        if not found:
            return [f"runtil {steps}", *answers]
        before = [a for a, n in zip(answers, running.answered) if n < found]
        after = answers[len(before) :]
        return [f"runrun {found}", *before, f"runtil {steps}", *after]
