"""Hardening: the files the shell writes (`save-session`, `timeline --svg`,
`tree --dot`, `export html|lp|mps`) are written through a temporary file and a rename; `sudoku-repl rate --out`
appends its rows and is continued after a stop (tests/tools/rating/test_rate_scale.py).

An unwritable place gives one line and the session goes on; a write replaces the old file in one
step (a new inode, no temporary file left); a write stopped half way (KeyboardInterrupt, a full
disk) leaves the old content and no temporary file.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sudoku_repl.text import files
from tests.support.helpers import PUZZLES, SEED_FILE, run_program
from tests.support.soundness import new_repl, run_commands, snapshot, steps_shown

# command template -> how the file it writes begins
WRITERS = {
    "save-session {}": "# sudoku-repl session",
    "timeline --svg {}": "<?xml",
    "tree --dot {}": "digraph",
    "export html {}": "<!doctype html>",
    "export lp {}": "\\ sudoku-repl",
    "export mps {} --at-step": "* sudoku-repl",
}
OLD = "old content that must survive\n"


@pytest.fixture
def session() -> Iterator[tuple[Any, Any]]:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {SEED_FILE}", "runtil 40")
    yield repl, out


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.startswith(".sudoku-repl-"))


def refused(repl: Any, out: Any, line: str) -> str:
    """``line`` fails with exactly one line, nothing changes, and the session goes on."""
    before = snapshot(repl)
    out.clear()
    assert not repl.execute(line)
    assert len(out.lines) == 1 and out.errors == out.lines, out.lines
    said = str(out.lines[0])
    assert snapshot(repl) == before
    assert steps_shown(run_commands(repl, out, "show")) == [before[1].steps]
    assert "Fine [steps:131, solution sum:1]." in run_commands(repl, out, "run")
    return said


@pytest.mark.parametrize("template", WRITERS)
def test_path_under_a_regular_file_is_one_line(session: Any, tmp_path: Path, template: str) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    target = blocker / "out"
    line = refused(*session, template.format(target))
    assert line == f"Cannot write {target}: Not a directory."


@pytest.mark.parametrize("template", WRITERS)
def test_missing_directory_is_one_line(session: Any, tmp_path: Path, template: str) -> None:
    target = tmp_path / "no" / "such" / "out"
    line = refused(*session, template.format(target))
    assert line == f"Cannot write {target}: No such file or directory."


@pytest.mark.parametrize("template", WRITERS)
def test_a_directory_as_the_file_is_one_line(session: Any, tmp_path: Path, template: str) -> None:
    (tmp_path / "d").mkdir()
    line = refused(*session, template.format(tmp_path / "d"))
    assert line == f"Cannot write {tmp_path / 'd'}: it is a directory."
    assert leftovers(tmp_path) == []


def test_a_directory_is_said_alike_by_the_shell_and_by_rate(session: Any, tmp_path: Path) -> None:
    """The shell said ``Cannot write d: Is a directory.`` (the system's words,
    a verb without its subject after the colon), rate ``Cannot write d: it is a directory.``"""
    folder = tmp_path / "d"
    folder.mkdir()
    said = f"Cannot write {folder}: it is a directory."
    assert refused(*session, f"save-session {folder}") == said
    done = run_program("rate", str(PUZZLES / "norvig_top95.txt"), "--out", str(folder), text=True)
    assert (done.returncode, done.stderr) == (2, f"sudoku-repl rate: {said}\n")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
@pytest.mark.parametrize("template", WRITERS)
def test_read_only_directory_is_one_line(session: Any, tmp_path: Path, template: str) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        line = refused(*session, template.format(locked / "out"))
        assert line == f"Cannot write {locked / 'out'}: Permission denied."
    finally:
        locked.chmod(0o700)


@pytest.mark.parametrize("template, head", WRITERS.items())
def test_a_write_replaces_the_old_file_in_one_step(
    session: Any, tmp_path: Path, template: str, head: str
) -> None:
    repl, out = session
    target = tmp_path / "out"
    target.write_text(OLD)
    inode = target.stat().st_ino
    assert run_commands(repl, out, template.format(target)) == [f"Wrote {target}."]
    assert target.read_text(encoding="utf-8").startswith(head)
    assert target.stat().st_ino != inode  # renamed into place, not rewritten in place
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


@pytest.mark.parametrize("template", WRITERS)
def test_a_written_file_has_the_usual_mode(session: Any, tmp_path: Path, template: str) -> None:
    """(Found by this suite: mkstemp's 0600 stayed.)"""
    repl, out = session
    old = os.umask(0o022)
    try:
        run_commands(repl, out, template.format(tmp_path / "new"))
    finally:
        os.umask(old)
    assert (tmp_path / "new").stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize("template", WRITERS)
def test_a_rewritten_file_keeps_its_mode(session: Any, tmp_path: Path, template: str) -> None:
    repl, out = session
    target = tmp_path / "old"
    target.write_text(OLD)
    target.chmod(0o640)
    run_commands(repl, out, template.format(target))
    assert target.stat().st_mode & 0o777 == 0o640
    assert target.read_text() != OLD


class _Interrupting(io.TextIOWrapper):
    """A file whose write stores half the text, then raises (KeyboardInterrupt, or OSError)."""

    error: BaseException = KeyboardInterrupt()

    def write(self, text: str) -> int:
        super().write(text[: len(text) // 2])
        self.flush()
        raise self.error


def _fdopen_interrupting(error: BaseException) -> Any:
    real = os.fdopen

    def fdopen(fd: int, mode: str = "r", *args: Any, **kw: Any) -> Any:
        f = real(fd, mode.replace("w", "wb").replace("bb", "b"))
        wrapper = _Interrupting(f, encoding="utf-8")
        wrapper.error = error
        return wrapper

    return fdopen


@pytest.mark.parametrize("template", WRITERS)
@pytest.mark.parametrize("where", ["in-write", "at-rename"])
def test_interrupted_write_keeps_the_old_file(
    session: Any, tmp_path: Path, template: str, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    repl, out = session
    target = tmp_path / "out"
    target.write_text(OLD)
    with monkeypatch.context() as m:
        if where == "in-write":
            m.setattr(files.os, "fdopen", _fdopen_interrupting(KeyboardInterrupt()))
        else:

            def replace(*args: Any) -> None:
                raise KeyboardInterrupt

            m.setattr(files.os, "replace", replace)
        with contextlib.suppress(KeyboardInterrupt):
            repl.execute(template.format(target))
    assert target.read_text() == OLD
    assert leftovers(tmp_path) == []
    # the session goes on, and the next write works
    out.clear()
    assert repl.execute(template.format(target))
    assert target.read_text(encoding="utf-8").startswith(WRITERS[template])


@pytest.mark.parametrize("template", WRITERS)
def test_full_disk_half_way_is_one_line_and_keeps_the_old_file(
    session: Any, tmp_path: Path, template: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out"
    target.write_text(OLD)
    full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(files.os, "fdopen", _fdopen_interrupting(full))
    repl, out = session
    before = snapshot(repl)
    out.clear()
    assert not repl.execute(template.format(target))
    monkeypatch.undo()
    assert out.lines == [f"Cannot write {target}: No space left on device."]
    assert snapshot(repl) == before
    assert target.read_text() == OLD
    assert leftovers(tmp_path) == []


def test_save_session_with_no_quiz_and_a_bad_place(tmp_path: Path) -> None:
    repl, out = new_repl()
    assert not repl.execute(f"save-session {tmp_path}/x/y")
    assert out.lines == [f"Cannot write {tmp_path}/x/y: No such file or directory."]
    assert not repl.session.loaded


# -- sudoku-repl rate --out -------------------------------------------------------------------


def rate(*args: str) -> subprocess.CompletedProcess[str]:
    return run_program("rate", str(PUZZLES / "norvig_easy50.txt"), "--limit", "3", *args, text=True)


def test_rate_out_under_a_regular_file_is_one_line_and_status_2(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    done = rate("--out", str(blocker / "r.csv"))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("sudoku-repl rate: Cannot write")


def test_rate_out_replaces_a_finished_file_from_its_first_row(tmp_path: Path) -> None:
    target = tmp_path / "r.csv"
    target.write_text(OLD)  # no r.csv.unfinished beside it: a finished file, not a stopped job
    target.chmod(0o640)
    done = rate("--out", str(target))
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    lines = target.read_text().splitlines()
    assert lines[1].startswith("line,quiz,") and len(lines) == 5  # (the settings line first)
    assert target.stat().st_mode & 0o777 == 0o640  # the old file's mode kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]


# -- what the name stands for is kept (a rename replaced links, FIFOs and devices) --
# -- and a link is not a way elsewhere (a write went wherever a link led) ------


@pytest.mark.parametrize("template", WRITERS)
@pytest.mark.parametrize("leads_to", ["a file", "nothing", "a folder"])
def test_a_symlink_is_refused_and_it_and_what_it_leads_to_stay(
    session: Any, tmp_path: Path, template: str, leads_to: str
) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "file"
    if leads_to == "a file":
        target.write_text(OLD)
    elif leads_to == "a folder":
        target.mkdir()
    link = tmp_path / "link"
    link.symlink_to(target)
    line = refused(*session, template.format(link))
    assert line == (
        f"Cannot write {link}: it is a symbolic link to {target}; give the name of the file "
        "itself, or remove the link."
    )
    assert link.is_symlink() and os.readlink(link) == str(target)
    if leads_to == "a file":
        assert target.read_text() == OLD
    elif leads_to == "nothing":
        assert not os.path.lexists(target)
    assert leftovers(tmp_path) == [] and leftovers(tmp_path / "real") == []


@pytest.mark.parametrize("option", ["--out", "--plot"])
def test_rate_through_a_symlink_is_refused_before_rating(tmp_path: Path, option: str) -> None:
    target = tmp_path / "real.txt"
    target.write_text(OLD)
    link = tmp_path / "r.out"
    link.symlink_to(target)
    done = rate("--scale", "se", option, str(link))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"sudoku-repl rate: Cannot write {link}: it is a symbolic link to {target}; give the "
        "name of the file itself, or remove the link.\n"
    )
    assert target.read_text() == OLD and link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.out", "real.txt"]


def test_a_poll_that_raises_mid_write_keeps_the_old_file(tmp_path: Path) -> None:
    """``Named.write`` calls its poll between pieces of the text: what the poll raises (Ctrl-C's
    ``Stopped``) stops the write with the old file as it was (``export html``'s last part)."""
    from sudoku_repl.core.hooks import Stopped

    target = tmp_path / "out"
    target.write_text(OLD)
    polls = []

    def poll() -> None:
        polls.append(len(polls))
        if len(polls) == 3:  # two pieces are written: the third stops it
            raise Stopped

    with pytest.raises(Stopped):
        files.named(str(target)).write("x" * (3 * files.PIECE), poll)
    assert len(polls) == 3
    assert target.read_text() == OLD
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("by_link", [False, True], ids=["its-name", "a-link-to-it"])
def test_a_fifo_is_written_to_and_stays_a_fifo(session: Any, tmp_path: Path, by_link: bool) -> None:
    """A link to a stream is written through (as ``/dev/stdout`` is a link to a terminal or a
    pipe): nothing is replaced there."""
    import select
    import stat
    import threading

    repl, out = session
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    name = tmp_path / "link" if by_link else fifo
    if by_link:
        name.symlink_to(fifo)
    received: list[bytes] = []
    opened = threading.Event()

    def read() -> None:
        # opened at once, writer or not; select then waits for the text and the writer's close
        # (a FIFO read end that never had a writer is not readable on Linux)
        fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        opened.set()
        chunks = []
        while select.select([fd], [], [], 60)[0]:
            chunk = os.read(fd, 65536)
            if not chunk:  # the writer closed
                break
            chunks.append(chunk)
        os.close(fd)
        received.append(b"".join(chunks))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert opened.wait(30)
    assert repl.execute(f"tree --dot {name}")
    reader.join(30)
    assert received and received[0].decode().startswith("digraph")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and name.is_symlink() == by_link


def test_a_fifo_with_no_reader_is_one_line_at_once(session: Any, tmp_path: Path) -> None:
    import stat

    repl, out = session
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    line = refused(repl, out, f"save-session {fifo}")
    assert line == f"Cannot write {fifo}: a FIFO with no reader (start the reader first)."
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_device_is_written_to_and_never_replaced(session: Any, tmp_path: Path) -> None:
    """A character device of our own (the null device's numbers, made in the test's folder):
    ``tree --dot`` once replaced /dev/null with a plain file."""
    import stat

    repl, out = session
    device = tmp_path / "null"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, OSError) as e:
        pytest.skip(f"cannot make a device node here: {e}")
    assert repl.execute(f"tree --dot {device}")
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    assert leftovers(tmp_path) == []


# -- streams reserved: the debug adapter's protocol ---------------------------------


RESERVED = "it is {}, which no command reads or writes"


def test_a_reserved_pipe_is_refused_by_every_name_and_only_while_reserved(
    session: Any, tmp_path: Path
) -> None:
    from sudoku_repl.core.errors import UserError

    repl, out = session
    r, unused_w = os.pipe()  # (two pipes, as the adapter's stdin and stdout are)
    unused_r, w = os.pipe()
    link = tmp_path / "link"
    link.symlink_to(f"/proc/self/fd/{r}")
    try:
        with files.reserve({r: "the input", w: "the output"}):
            for name in (f"/dev/fd/{r}", f"/proc/self/fd/{r}", str(link)):
                with pytest.raises(files.NotReadable) as caught:
                    files.open_input(name)
                assert caught.value.strerror == RESERVED.format("the input")
            for name in (f"/dev/fd/{w}", f"/proc/{os.getpid()}/fd/{w}"):
                with pytest.raises(UserError) as refusal:
                    files.named(name)
                assert refusal.value.line == (
                    f"Cannot write {name}: {RESERVED.format('the output')}."
                )
            line = refused(repl, out, f"save-session /dev/fd/{w}")  # one line, nothing lost
            assert line == f"Cannot write /dev/fd/{w}: {RESERVED.format('the output')}."
            out.clear()
            assert not repl.execute(f"load-quiz {link}")
            assert out.lines == [f"Fail to open quiz file {link}: {RESERVED.format('the input')}."]
        os.write(unused_w, b"x\n")  # reserved no more: read as any pipe
        os.close(unused_w)
        unused_w = -1
        with files.open_input(f"/dev/fd/{r}") as f:
            assert f.read() == "x\n"
    finally:
        for fd in (r, w, unused_r, unused_w):
            if fd >= 0:
                os.close(fd)


def test_a_reserved_terminal_is_refused_by_its_name(tmp_path: Path) -> None:
    """The adapter on a pseudo-terminal: its device is refused by its own name too."""
    from sudoku_repl.core.errors import UserError

    leader, follower = os.openpty()
    try:
        name = os.ttyname(follower)
        with files.reserve({follower: "the terminal"}):
            with pytest.raises(files.NotReadable):
                files.open_input(name)
            with pytest.raises(UserError) as refusal:
                files.named(name)
            assert refusal.value.line == f"Cannot write {name}: {RESERVED.format('the terminal')}."
    finally:
        os.close(follower)
        os.close(leader)
