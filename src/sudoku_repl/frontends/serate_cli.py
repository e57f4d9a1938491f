"""``sudoku-repl serate [serate's options] [puzzle ...]``: serate v1.15.10's command line
(SukakuExplainer), for the scripts written around it: its options (``serate_options``), its
formats (``serate_format``), its output byte for byte but for times, the ratings this
project's (``serate_rate``), in ``--threads`` worker processes of ``rate``'s pool.

A puzzle's lines are written, and flushed, as soon as it and those before it are rated: Ctrl-C
stops with them written (exit status 130), and a kill loses none of them.

Where serate says nothing, this command says one line and ends with exit status 2, its output
otherwise serate's: a word that is no puzzle (shorter than 81 characters: a file's name, say;
serate passes it over in silence), no puzzle at all, an ``--input`` with no puzzle line.
"""

from __future__ import annotations

import os
import re
import stat
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from functools import partial

from sudoku_repl.core.errors import PATH, UserError, file_error, os_reason, shown
from sudoku_repl.frontends.interrupts import on_sigint
from sudoku_repl.frontends.se_notice import say_pure_build
from sudoku_repl.frontends.standard_output import StdoutFailed, drop, write_whole, writing
from sudoku_repl.text.files import same_file, writable
from sudoku_repl.tools.rating.pool import StopFlag, in_order
from sudoku_repl.tools.serate.formats import check, time_text
from sudoku_repl.tools.serate.options import (
    VERSION,
    SerateArgs,
    TechsListed,
    parse,
    techs_list,
    usage,
)
from sudoku_repl.tools.serate.rate import rate_lines

PROG = "sudoku-repl serate"
# serate's lines end at \n, \r or \r\n (Java's readLine)
_LINE_END = re.compile(r"\r\n|\r|\n")
# a surrogate's three bytes in UTF-8 (or its first two, cut short): one malformed sequence to
# Java's decoder, where Python's cuts it in three (or two)
_SURROGATE = re.compile(rb"\xed[\xa0-\xbf][\x80-\xbf]?")
#: the characters of a puzzle line at least: serate passes over a shorter one
PUZZLE = 81
#: the words that are no puzzle a line names; the rest are counted
NAMED_WORDS = 3


def main_serate(argv: Sequence[str], interrupted: Callable[[], bool] = lambda: False) -> int:
    """0 done, 1 output failed, 2 bad command line or unreadable input (and, the rest rated as
    serate rates it, a word that is no puzzle or nothing to rate: ``_unrated``), 3 ``--techs=``
    (its list, as serate), 130 interrupted (the puzzles rated before it are written)."""
    if list(argv[:1]) in (["--help"], ["-help"]):
        return _said(usage())
    try:
        args = parse(list(argv))
        if args.help:
            return _said(usage())
        if args.version:
            return _said(VERSION + "\n")
        for section, fmt in (
            ("start", args.start), ("before", args.before), ("after", args.after),
            ("format", args.format),
        ):  # fmt: skip
            check(section, fmt)
        _check_apart(args)
        lines = _read_lines(args, interrupted)
        out = Output(args.output)
    except _ReadInterrupted:
        _complain(f"interrupted while reading {_input_said(args)}: nothing rated")
        return 130
    except TechsListed:
        sys.stderr.write(techs_list())
        return 3
    except UserError as e:
        _complain(e.line)
        return 2
    try:
        with writing():
            write_whole(args.show_arguments)
    except StdoutFailed as e:
        out.close(finished=False)
        _complain(e.line)
        return 1
    unrated = _unrated(args, lines)
    if unrated is not None:
        _complain(unrated)
    stop = StopFlag()
    with on_sigint(stop.set):
        if interrupted():
            stop.set()
        status = _rate(args, lines, out, stop)
    return 2 if unrated is not None and status == 0 else status


def _unrated(args: SerateArgs, lines: list[str]) -> str | None:
    """What serate passes over in silence, in one line: the words that are no puzzle (a file's
    name among them: the option that reads it), no puzzle given, an input with no puzzle line;
    None when every word is a puzzle or the input has one."""
    if args.input is not None:
        if any(len(line) >= PUZZLE for line in lines):
            return None
        return (
            f"no puzzle in {_input_said(args)} (a puzzle is a line of {PUZZLE} characters or "
            "more; serate passes over shorter ones): nothing rated"
        )
    if not lines:
        return (
            f"no puzzle given: give puzzles ({PUZZLE} characters or more) after the options, or "
            "--input=FILE (- for standard input)"
        )
    words = [word for word in lines if len(word) < PUZZLE]
    if not words:
        return None
    named = ", ".join(repr(shown(word)) for word in words[:NAMED_WORDS])
    if len(words) > NAMED_WORDS:
        named += f" and {len(words) - NAMED_WORDS} more"
    said = (
        f"{named} is not a puzzle, not rated"
        if len(words) == 1
        else f"{len(words)} words are not puzzles, not rated: {named}"
    )
    said += f" (a puzzle is {PUZZLE} characters or more)"
    files = [word for word in words if word and os.path.lexists(word)]
    if files:  # (a FIFO's name too: only its name is looked at, it is not opened)
        said += f"; the lines of a file are read with --input={shown(files[0], PATH)}"
    return said


def _complain(line: str) -> None:
    print(f"{PROG}: {line}", file=sys.stderr, flush=True)


def _said(text: str) -> int:
    """``text`` on standard output (the help, the version): 0, or 1 where it cannot be
    written."""
    try:
        with writing():
            write_whole(text)
    except StdoutFailed as e:
        _complain(e.line)
        return 1
    return 0


def _check_apart(args: SerateArgs) -> None:
    """Refuse an ``--output`` that is the ``--input`` file under any name (a link, a hard
    link, ``./``, standard input's file): the puzzles would be replaced by their ratings."""
    if args.input is None or args.output == "-":
        return
    if args.input == "-":
        same, said = _is_stdin(args.output), "standard input's file"
    else:
        same, said = same_file(args.output, args.input), "the --input file"
        if args.input != args.output:
            said += f", {shown(args.input, PATH)}"
    if same:
        raise UserError(
            file_error("Cannot write", args.output, f"it is {said}").rstrip(".")
            + "; give --output another file."
        )


def _is_stdin(path: str) -> bool:
    """Whether ``path`` is the regular file standard input reads (device and inode)."""
    try:
        read = os.fstat(sys.stdin.fileno())
        return stat.S_ISREG(read.st_mode) and os.path.samestat(read, os.stat(path))
    except (OSError, ValueError):  # (none of that name, or no standard input)
        return False


class Output:
    """Where the lines go: standard output (``-``), or ``--output``'s file, checked at once
    (``writable``: a symbolic link to a file, a folder, a folder not writable are refused)
    and opened, and emptied, at the first write: a run with nothing to write leaves the file
    as it was (and makes it empty where there was none, as serate does). A FIFO or a device
    is opened at once (a FIFO with no reader is refused) and written as a stream. Written
    through its descriptor: a failed write (a full disk) is ``UserError``, and closing it
    cannot fail again."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._target = None if path == "-" else writable(path)
        self._fd: int | None = None
        if self._target is not None and self._target.stream:
            self._fd = self._target.open_stream()

    def write(self, data: bytes) -> None:
        if not data:
            return
        if self._target is None:
            with writing():
                write_whole(data)
            return
        try:
            if self._fd is None:
                self._fd = self._open(os.O_TRUNC)
            done = 0
            while done < len(data):
                done += os.write(self._fd, data[done:])
        except BrokenPipeError:
            raise
        except OSError as e:
            raise self._target.cannot(e) from None

    def _open(self, flags: int) -> int:
        assert self._target is not None
        flags |= os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
        return os.open(self._target.path, flags, 0o666)

    def close(self, finished: bool) -> None:
        """Close the file; one that was not written is made where there is none, once the
        run ``finished``."""
        if self._target is not None and self._fd is None and finished:
            try:
                self._fd = self._open(0)
            except OSError as e:
                raise self._target.cannot(e) from None
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


class _ReadInterrupted(Exception):
    """Ctrl-C while the input was read (or before)."""


def _interrupt_the_read() -> None:
    raise _ReadInterrupted


def _input_said(args: SerateArgs) -> str:
    return "standard input" if args.input == "-" else f"--input {shown(args.input or '', PATH)}"


def _read_lines(args: SerateArgs, interrupted: Callable[[], bool]) -> list[str]:
    """``_lines``, which Ctrl-C ends (``_ReadInterrupted``): the input may never come (a FIFO
    with no writer, which ``open`` waits for; a terminal). Ctrl-C raises there, in the main
    thread's wait itself, where a handler that only set a flag would have the wait taken up
    again (PEP 475) for ever; a Ctrl-C that came before (``interrupted``) reads nothing."""
    if args.input is None:
        return _lines(args)
    with on_sigint(_interrupt_the_read):
        if interrupted():
            raise _ReadInterrupted
        return _lines(args)


def _lines(args: SerateArgs) -> list[str]:
    """The puzzle lines: the input's (the operands are then not read, as in serate) or the
    operands; only the first 81 characters or more are rated (serate passes over the others)."""
    if args.input is None:
        return list(args.puzzles)
    try:
        if args.input == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(args.input, "rb") as f:
                data = f.read()
    except OSError as e:
        raise UserError(file_error("Cannot read", args.input, os_reason(e))) from None
    found = _LINE_END.split(java_text(data))
    if found and found[-1] == "":
        found.pop()
    return found


def java_text(data: bytes) -> str:
    """The text serate reads from the bytes of its input (Java's UTF-8 decoder): each malformed
    sequence (a Latin-1 byte, a sequence cut short, a surrogate) becomes one U+FFFD, which its
    output writes as such, as Java's decoder cuts them (Python's, but for surrogates)."""
    return _SURROGATE.sub("\ufffd".encode(), data).decode("utf-8", "replace")


def _rate(args: SerateArgs, lines: list[str], out: Output, stop: StopFlag) -> int:
    began = time.monotonic()
    puzzles = [line for line in lines if len(line) >= PUZZLE]
    if puzzles:
        say_pure_build(PROG)  # (once, before the workers start)
    work = partial(rate_lines, args=args)
    payloads = [(line, ordinal) for ordinal, line in enumerate(puzzles, 1)]
    written = 0
    try:
        try:
            with closing(in_order(payloads, work, args.threads, stop)) as batches:
                for batch in batches:
                    text = "".join(text for _, text in batch)
                    out.write(text.encode("utf-8", "surrogateescape"))
                    written += len(batch)
        finally:
            out.close(finished=written == len(puzzles))
        if args.total_time:
            with writing():
                print("totalTime: " + time_text(int((time.monotonic() - began) * 1000)))
                sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly
        if out.path == "-":
            drop()
        return 1
    except UserError as e:  # the output could not be written (a full disk)
        _complain(e.line)
        return 1
    if written < len(puzzles):
        print(
            f"{PROG}: interrupted: {written} of {len(puzzles)} puzzles rated (their lines are "
            "written)",
            file=sys.stderr,
        )
        return 130
    return 130 if stop() else 0
