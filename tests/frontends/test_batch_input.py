"""What batch mode reads: what a script may be (``-x``, ``source``), how a
bad guess answer ends, what reaches the terminal, and what an unknown command says.

- An invalid answer to the guess question in batch mode (stdin, ``-x``, ``-c``, ``source``) is
  one line, then the question is called off as at the end of input, and the next line is a
  command again; the interactive shell asks again (``tests/commands/test_commands.py``).
- ``source`` and ``-x`` refuse a file that is not text or whose first command line is not a
  command, with one line saying what it looks like (a quiz: use load-quiz).
- Everything printed that came from input (echoes, error lines, the failure summary) is
  printable and shortened.
- An unknown command's Order List begins with ``Unknown command 'stpe'; did you mean step?``.
- A random script of 3,000 valid and invalid lines echoes every line it reads.

Batch runs are subprocesses (``python -m sudoku_repl``) from the repository root.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_repl.commands.dispatch import PROMPT, Repl
from sudoku_repl.core.errors import shown
from tests.support.helpers import AFTER_UNKNOWN, REPO, ListOutput

SEED = "examples/seed.txt"
QUESTION = "Take a guess please, by default it will be "
Q_62 = QUESTION + "[6,2]=5:"
ABORTED_5 = "Guess question aborted: back at step 5."
GUESS_FORM = "answer [r,c]=v (an empty cell and one of its candidates), or Enter for [6,2]=5."
#: guess-mode 1 and five steps: the next step asks the question at step 6
TO_THE_QUESTION = ["load-quiz examples/seed.txt", "guess-mode 1", "runtil 5"]


def sudoku(
    *args: str, stdin: bytes = b"", timeout: float = 60
) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "sudoku_repl", *args],
        input=stdin,
        capture_output=True,
        cwd=REPO,
        env=env,
        timeout=timeout,
    )


def lines_of(done: subprocess.CompletedProcess[bytes]) -> list[str]:
    return done.stdout.decode("utf-8").split("\n")


def after_echo(lines: list[str], command: str, count: int) -> list[str]:
    """The ``count`` lines after the echo of ``command`` (the first one)."""
    at = lines.index(command)
    assert lines[at - 1] == PROMPT or lines[at - 1].startswith(QUESTION), lines[at - 1]
    return lines[at + 1 : at + 1 + count]


def no_question(question: str) -> str:
    raise AssertionError(f"unexpected question: {question}")


def new_repl() -> tuple[Repl, ListOutput]:
    out = ListOutput()
    return Repl(out, no_question, clock=lambda: 0.0), out


def snapshot(repl: Repl) -> tuple[object, ...]:
    session = repl.session
    state = session.state() if session.loaded else None
    return (
        state.steps if state else None,
        tuple(state.values) if state else None,
        tuple(state.cands) if state else None,
        session.settings,
        str(session.quiz) if session.loaded else None,
        len(repl.script.lines),
    )


# -- an invalid guess answer in batch mode is one line, then the question is called off --

BAD_ANSWERS = [
    ("show", f"Not a guess: 'show'; {GUESS_FORM}"),
    ("[6,2]=3", f"3 is not a candidate of [6,2] (candidates: 5 9); {GUESS_FORM}"),
    ("[1,3]=5", f"[1,3] is not empty; {GUESS_FORM}"),
    ("[10,2]=5", f"No cell [10,2]: rows and columns go from 1 to 9; {GUESS_FORM}"),
]


@pytest.mark.parametrize(("answer", "said"), BAD_ANSWERS)
def test_batch_bad_guess_answer_calls_the_question_off_and_the_next_line_is_a_command(
    answer: str, said: str
) -> None:
    stdin = "\n".join([*TO_THE_QUESTION, "step", answer, "levels", "show", "bye", ""])
    done = sudoku(stdin=stdin.encode())
    assert done.returncode == 1
    assert done.stderr.decode().splitlines() == ["sudoku-repl: 1 command(s) failed: step"]
    lines = lines_of(done)
    asked = lines.index(f"{Q_62} {answer}")
    assert lines[asked + 1 : asked + 6] == [said, ABORTED_5, "", PROMPT, "levels"]
    assert after_echo(lines, "levels", 3) == ["At guess level 0:", "", PROMPT]
    assert "Steps:5" in lines  # the show after it: the step was put back
    assert lines[-3:] == [PROMPT, "bye", ""]


def test_every_batch_way_calls_a_bad_answer_off(tmp_path: Path) -> None:
    """stdin, -c, -x and source: the line after a bad answer is a command."""
    commands = [*TO_THE_QUESTION, "step", "[6,2]=3", "levels"]
    script = tmp_path / "script.txt"
    script.write_text("\n".join(commands) + "\n")
    runs = {
        "stdin": sudoku(stdin="\n".join(commands).encode()),
        "-c": sudoku("-c", "; ".join(commands)),
        "-x": sudoku("-x", str(script)),
        "source": sudoku(stdin=f"source {script}\nshow\n".encode()),
    }
    for way, done in runs.items():
        lines = lines_of(done)
        assert done.returncode == 1, way
        asked = lines.index(f"{Q_62} [6,2]=3")
        assert lines[asked + 2 : asked + 5] == [ABORTED_5, "", PROMPT], way
        assert after_echo(lines, "levels", 1) == ["At guess level 0:"], way
    # source: the commands after it in the outer input run as well
    assert "Steps:5" in lines_of(runs["source"])


def test_a_good_answer_after_a_bad_one_is_a_command_and_the_next_step_asks_again() -> None:
    stdin = "\n".join([*TO_THE_QUESTION, "step", "yes", "step", "[6,2]=9", "levels", ""])
    done = sudoku(stdin=stdin.encode())
    lines = lines_of(done)
    assert f"{Q_62} yes" in lines and ABORTED_5 in lines
    assert f"{Q_62} [6,2]=9" in lines
    assert after_echo(lines, "levels", 2) == ["At guess level 1:", "Level 1 [6,2]=9 (1 out of 2)"]


def test_the_saved_script_of_a_session_with_a_bad_answer_replays(tmp_path: Path) -> None:
    saved = tmp_path / "session.txt"
    stdin = "\n".join(
        [*TO_THE_QUESTION, "step", "[1,3]=9", "step", "", "guess-mode 0", "runtil 20"]
        + [f"save-session {saved}"]
    )
    first = sudoku(stdin=stdin.encode())
    assert first.returncode == 1
    second = sudoku(stdin=f"source {saved}\nshow\n".encode())
    assert second.returncode == 0, second.stderr
    assert "Steps:20" in lines_of(second)


def test_the_interactive_kind_of_answers_still_asks_again() -> None:
    """A ``Repl`` whose answers come from a person (not a script) asks again."""
    answers = iter(["nonsense", "[6,2]=3", ""])
    asked: list[str] = []

    def read_answer(question: str) -> str:
        asked.append(question)
        return next(answers)

    out = ListOutput()
    repl = Repl(out, read_answer, clock=lambda: 0.0)
    for line in [*TO_THE_QUESTION, "step"]:
        assert repl.execute(line), out.lines[-3:]
    assert asked == [Q_62] * 3
    assert len(out.errors) == 2


# -- source and -x refuse what is not a script --------------------------------------


def quiz_files(tmp: Path) -> dict[str, Path]:
    """Files that are quizzes, each in a format load-quiz reads."""
    seed81 = (REPO / "tests" / "corpus" / "one_per_line.txt").read_text()
    made = {
        "one line": tmp / "q81.txt",
        "with comments": tmp / "commented.txt",
    }
    made["one line"].write_text(seed81.strip().splitlines()[-1] + "\n")
    made["with comments"].write_text("# a quiz\n\n" + (REPO / SEED).read_text())
    return {
        "nine rows": REPO / SEED,
        "original layout": REPO / "tests/corpus/original_layout.txt",
        "letters in rows": REPO / "tests/corpus/letters_in_rows.txt",
        "one per line": REPO / "tests/corpus/one_per_line.txt",
        "clash": REPO / "tests/corpus/clash_row.txt",
        "samurai frame": REPO / "examples/samurai.txt",
        **made,
    }


def test_x_of_a_quiz_is_refused_with_status_2(tmp_path: Path) -> None:
    for kind, path in quiz_files(tmp_path).items():
        done = sudoku("-x", str(path))
        assert done.returncode == 2, kind
        assert done.stdout == b"", kind
        err = done.stderr.decode().splitlines()
        assert len(err) == 1, (kind, err[:3])
        assert "looks like a quiz: use load-quiz" in err[0], (kind, err)
        assert err[0].startswith("sudoku-repl: "), err


def test_x_of_a_json_quiz_is_refused() -> None:
    path = REPO / "puzzles/variants/samurai_seed001.json"
    done = sudoku("-x", str(path))
    assert done.returncode == 2 and done.stdout == b""
    err = done.stderr.decode().splitlines()
    assert len(err) == 1 and "looks like a JSON quiz: use load-quiz" in err[0], err


def junk_files(tmp: Path) -> dict[str, tuple[Path, str]]:
    """Files that are not scripts, with a word the refusal must hold."""
    rng = random.Random(13)
    files = {
        "random bytes": (bytes(rng.randrange(256) for _ in range(2048)), "not text"),
        "NUL bytes": (b"show\nlevels\x00\n", "NUL"),
        "invalid UTF-8": (b"show\n\xff\xfe levels\n", "UTF-8"),
        "control characters": (bytes(rng.randrange(1, 32) for _ in range(500)), "not text"),
        "prose": (b"# notes\n\nDear diary, today I ran the solver.\nshow\n", "not a command"),
        "a typo first": (b"stpe\nshow\n", "not a command"),
        "a guess answer first": (b"[6,2]=5\nshow\n", "not a command"),
    }
    made = {}
    for name, (data, word) in files.items():
        path = tmp / (name.replace(" ", "_") + ".txt")
        path.write_bytes(data)
        made[name] = (path, word)
    made["UTF-16"] = (REPO / "tests/corpus/utf16.txt", "UTF-16")
    made["binary"] = (REPO / "tests/corpus/binary.bin", "not text")
    return made


def test_x_of_junk_is_refused_with_status_2(tmp_path: Path) -> None:
    for kind, (path, word) in junk_files(tmp_path).items():
        done = sudoku("-x", str(path))
        assert done.returncode == 2, kind
        assert done.stdout == b"", kind
        err = done.stderr.decode().splitlines()
        assert len(err) == 1 and word in err[0], (kind, err[:3])
        assert err[0].isprintable() and len(err[0]) < 400, err


def test_x_of_dev_zero_is_refused_at_once() -> None:
    done = sudoku("-x", "/dev/zero", timeout=20)
    assert done.returncode == 2 and "NUL" in done.stderr.decode()


def test_source_of_a_quiz_or_junk_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    refused = {kind: (path, "looks like a quiz") for kind, path in quiz_files(tmp_path).items()}
    refused.update(junk_files(tmp_path))
    refused["dev zero"] = (Path("/dev/zero"), "NUL")
    for kind, (path, word) in refused.items():
        repl, out = new_repl()
        for line in ["load-quiz examples/seed.txt", "runtil 7"]:
            assert repl.execute(line)
        before = snapshot(repl)
        out.lines.clear()
        out.errors.clear()
        assert not repl.execute(f"source {path}"), kind
        assert len(out.lines) == 1 and out.errors == out.lines, (kind, out.lines[:3])
        assert word in out.lines[0], (kind, out.lines)
        assert snapshot(repl) == before, kind


def test_scripts_that_are_fine_still_run(tmp_path: Path) -> None:
    """Comments and blank lines first, a BOM, CRLF, an alias first, a failing command later."""
    scripts = {
        "comments": b"# a script\n\n   # indented comment\nload-quiz examples/seed.txt\nshow\n",
        "bom crlf": b"\xef\xbb\xbfload-quiz examples/seed.txt\r\nlv\r\n",
        "alias": b"  lv\nload-quiz examples/seed.txt\n",
        "junk later": "show\n\ufffd junk\x01\x1b[2J\nhelp\n".encode(),
        "empty": b"",
        "comments only": b"# nothing to do\n",
    }
    for name, data in scripts.items():
        path = tmp_path / f"{name.replace(' ', '_')}.txt"
        path.write_bytes(data)
        done = sudoku("-x", str(path))
        assert done.returncode in (0, 1), (name, done.stderr)
        assert b"not a script" not in done.stderr, name
        assert done.stdout.startswith(b"\nOrder please:\n"), name
    for example in sorted((REPO / "examples").glob("seed_*.txt")):
        done = sudoku("-x", str(example))
        assert done.returncode == 0, (example, done.stderr)


def test_only_the_beginning_of_a_script_is_judged(tmp_path: Path) -> None:
    """Past the first 64 KiB, invalid UTF-8 is U+FFFD and a NUL is a character of a line
    (made printable when echoed); a script read from a pipe works too."""
    path = tmp_path / "long.txt"
    filler = b"# " + b"-" * 70_000 + b"\n"
    path.write_bytes(b"show\n" + filler + b"lv\xff\n" + b"le\x00vels\nlevels\n")
    done = sudoku("-x", str(path))
    assert done.returncode == 1, done.stderr
    lines = lines_of(done)
    # (the byte that is no UTF-8 printed as ?, as a control byte is)
    assert after_echo(lines, "lv?", 1)[0].startswith("Unknown command 'lv?'")
    assert "le?vels" in lines and "levels" in lines
    piped = sudoku("-x", "/dev/stdin", stdin=b"# from a pipe\nhelp runtil\n")
    assert piped.returncode == 0 and b"runtil <steps>: " in piped.stdout


# -- what came from input is printable and short when printed -----------------------


def printable(text: str) -> bool:
    return all(line.isprintable() for line in text.split("\n"))


def test_control_bytes_in_commands_never_reach_the_terminal() -> None:
    nasty = [
        "run\x00til 5",
        "step\x1b[2J",
        "\x1b]0;owned\x07",
        "load-quiz \x1b[31mred.txt",
        "runtil \x1b[2J",
        "help \x1b[2J",
        "generate --bogus \x1b[2J",
        "x\x7f\x08\x9b2J",
    ]
    stdin = "\n".join([*nasty, *TO_THE_QUESTION, "step", "\x1b[2J", ""]).encode()
    done = sudoku(stdin=stdin)
    out = done.stdout.decode("utf-8")
    err = done.stderr.decode("utf-8")
    assert done.returncode == 1
    assert "\x1b" not in out and "\x1b" not in err
    assert printable(out), [line for line in out.split("\n") if not line.isprintable()][:3]
    assert printable(err), err
    lines = out.split("\n")
    assert shown("step\x1b[2J", 1000) in lines  # the echo, made printable
    assert f"{Q_62} ?[2J" in lines
    assert err.startswith("sudoku-repl: 9 command(s) failed: run?til 5; step?[2J; ?]0;owned?; ")


def test_long_input_is_shortened_where_it_is_printed() -> None:
    long = "y" * 100_000
    stdin = "\n".join([long, f"runtil {long}", f"load-quiz {long}", *TO_THE_QUESTION, "step"])
    done = sudoku(stdin=(stdin + "\n" + long + "\n").encode())
    assert done.returncode == 1
    for line in lines_of(done):  # an echo of an answer: the question, then 1,000 characters
        assert len(line) <= len(Q_62) + 1 + 1000, line[:80]
    err = done.stderr.decode()
    assert len(err) < 1000, err[:200]


def test_the_failure_summary_names_a_few_and_counts_the_rest() -> None:
    stdin = "".join(f"bogus{n}\n" for n in range(500)).encode()
    done = sudoku(stdin=stdin)
    assert done.returncode == 1
    err = done.stderr.decode().splitlines()
    assert len(err) == 1 and len(err[0]) < 400, err[0][:200]
    assert err[0].startswith("sudoku-repl: 500 command(s) failed: bogus0; bogus1; ")
    assert err[0].endswith("and 490 more")


def test_error_lines_of_commands_are_printable() -> None:
    repl, out = new_repl()
    for line in ["generate --bogus \x1b[2J", "load-quiz \x1b[2J", "break \x1b[2J", "s \x07"]:
        repl.execute(line)
    assert out.errors and all(error.isprintable() for error in out.errors), out.errors


# -- an unknown command says so, and what was meant -------------------------------------


@pytest.mark.parametrize(
    ("line", "first"),
    [
        ("stpe", "Unknown command 'stpe'; did you mean step?"),
        ("STEP 3", "Unknown command 'STEP'; did you mean step?"),
        ("gues-mode 1", "Unknown command 'gues-mode'; did you mean guess-mode?"),
        ("runtill 5", "Unknown command 'runtill'; did you mean runtil or until?"),
        ("loadquiz x", "Unknown command 'loadquiz'; did you mean load-quiz?"),
        ("xyz", "Unknown command 'xyz'."),
        ("run\x00til 5", "Unknown command 'run?til'; did you mean runtil or until?"),
        ("\x1b[2J", "Unknown command '?[2J'."),
    ],
)
def test_unknown_command_says_what_was_wrong_then_the_original_order_list(
    line: str, first: str
) -> None:
    repl, out = new_repl()
    assert not repl.execute(line)
    assert out.lines == [first, *AFTER_UNKNOWN]
    assert out.errors == [first]
    assert repl.failures.lines == [line.strip()]


def test_unknown_command_in_batch_mode() -> None:
    done = sudoku("-c", "stpe; levels")
    assert done.returncode == 1
    lines = lines_of(done)
    listing = ["Unknown command 'stpe'; did you mean step?", *AFTER_UNKNOWN]
    assert after_echo(lines, "stpe", len(listing)) == listing


# -- a random script of 3,000 lines: every line is echoed, nothing is swallowed ----------------

VALID = [
    "load-quiz examples/seed.txt",
    "load-quiz tests/corpus/ten_solutions.txt",
    "load-quiz "
    + "005300000800000020070010500400005300010070006003200080060500009004000030000009700",
    "show",
    "levels",
    "lv",
    "step",
    "s",
    "run",
    "r",
    "runtil {n}",
    "rt {n}",
    "runrun {k}",
    "run-mode {m}",
    "guess-mode 1",
    "guess-mode 0",
    "guess-mode 1",
    "back",
    "goto {n}",
    "hint",
    "check",
    "history",
    "info break",
    "help",
    "help runtil",
    "break level >= 3",
    "delete",
    "why [1,1]",
]
INVALID = [
    "runtil",
    "runtil x",
    "runtil -3",
    "rt 99999999999999999999999",
    "step 3",
    "guess-mode x",
    "run-mode 9",
    "load-quiz no/such/file.txt",
    "goto [1,1]",
    "break nothing",
    "levels now",
    "source no/such/script.txt",
    "stpe",
    "xyz",
    "STEP",
]
ANSWERS = ["", "[6,2]=5", "[6,2]=9", "[4,3]=6", "[1,1]=1", "[1,3]=5", "[6,2]=3", "maybe", "9"]
CONTROL = [
    "\x00",
    "\x1b[2J",
    "\x07",
    "\x7f",
    "\x08",
    "\x9b",
    "\x1b]0;t\x07",
    "\t",
    "\u2028",
    "\x0c",
]


def random_line(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.45:
        line = rng.choice(VALID)
    elif kind < 0.6:
        line = rng.choice(INVALID)
    elif kind < 0.75:
        line = rng.choice(ANSWERS)
    elif kind < 0.85:
        line = "".join(
            rng.choice("abcdefgh []=,0123456789#-\ufffdé") for _ in range(rng.randrange(30))
        )
    elif kind < 0.9:
        line = rng.choice(["", "# a comment", "   ", "\t# indented"])
    else:
        base = numbered(rng, rng.choice(VALID + INVALID + ANSWERS))
        at = rng.randrange(len(base) + 1)
        line = base[:at] + rng.choice(CONTROL) + base[at:]
    return numbered(rng, line)


def numbered(rng: random.Random, line: str) -> str:
    if "{" not in line:
        return line
    return line.format(n=rng.randrange(400), k=rng.randrange(4), m=rng.choice([0, 1, 2, 3]))


def consumed(transcript: list[str]) -> list[tuple[str, str]]:
    """What the transcript says was read: ("command", echo) and ("answer", echo), in order."""
    read = []
    for at, line in enumerate(transcript):
        if line == PROMPT and at + 1 < len(transcript):
            read.append(("command", transcript[at + 1]))
        elif line.startswith(QUESTION):
            _, _, answer = line[len(QUESTION) :].partition(":")  # "[r,c]=v: answer"
            read.append(("answer", answer[1:]))
    return read


def test_a_random_script_of_3000_lines_echoes_every_line(tmp_path: Path) -> None:
    """Through stdin and as a ``-x`` script: every line read is echoed, as a command or as an
    answer, in order, up to the last; no traceback, exit status 0 or 1."""
    rng = random.Random(2026)
    script = ["show", *(random_line(rng) for _ in range(2999))]  # -x: a command first
    text = "\n".join(script) + "\n"
    assert "\r" not in text
    done = sudoku(stdin=text.encode("utf-8"), timeout=120)
    out = done.stdout.decode("utf-8")
    err = done.stderr.decode("utf-8")
    assert done.returncode in (0, 1), err[-2000:]
    assert "Traceback" not in out and "Traceback" not in err
    assert len(err.splitlines()) <= 1 and printable(out) and printable(err)
    check_every_line_read(script, out.split("\n"))
    # as a file: a NUL byte makes it no script (it is not text), so the NULs become \x01 there
    script = [line.replace("\x00", "\x01") for line in script]
    path = tmp_path / "random.txt"
    path.write_text("\n".join(script) + "\n", encoding="utf-8")
    done = sudoku("-x", str(path), timeout=120)
    assert done.returncode in (0, 1), done.stderr[-2000:]
    assert b"Traceback" not in done.stdout + done.stderr
    check_every_line_read(script, done.stdout.decode("utf-8").split("\n"))


def check_every_line_read(script: list[str], transcript: list[str]) -> None:
    """Replay the reading: a command skips empty and # lines, an answer takes the next line."""
    at = 0
    commands = answers = 0
    for kind, echo in consumed(transcript):
        if kind == "command":
            while at < len(script) and (
                not script[at].strip() or script[at].lstrip().startswith("#")
            ):
                at += 1
            if at == len(script):
                assert echo == "", echo  # the final prompt, at the end of input
                continue
            commands += 1
        elif at == len(script):
            assert echo == ""  # end of input at the question
            continue
        else:
            answers += 1
        want = shown(script[at], 1000)
        assert echo == (want if kind == "command" else want.rstrip()), (at, script[at], echo)
        at += 1
    assert at == len(script), f"stopped echoing at line {at} of {len(script)}"
    assert answers > 50 and commands > 2000, (commands, answers)
