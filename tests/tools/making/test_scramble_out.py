"""``scramble --out FILE``: each quiz appended as it is made (it kept
them all in memory and wrote nothing until the end; Ctrl-C lost them), a stop keeps what was
written and the same command continues it, as ``generate --out``; and FILE is never the file
``--from`` or ``--family`` reads, under any name."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from sudoku_repl.core.errors import UserError
from sudoku_repl.tools.making import scramble as gen
from sudoku_repl.tools.making.scramble_run import ScrambleRequest, ScrambleRun
from sudoku_repl.tools.rating.out import SUFFIX
from tests.support.helpers import SEED, Shell


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def request(out: Path | None, count: int, seed: int | None = 7) -> ScrambleRequest:
    return ScrambleRequest(seed, 30, gen.FIGURE_1, gen.Counts(), gen.BELOW, count, out and str(out))


def seed_003(seed: int, count: int) -> list[str]:
    """What seed 003's method makes from ``seed``, the quizzes one after the other (the
    scramble's own functions, without the run or its file)."""
    rng = random.Random(seed)
    return [gen.text(gen.generate(rng, gen.FIGURE_1, 30).quiz) for _ in range(count)]


def test_each_quiz_is_in_the_file_before_the_next_is_made(tmp_path: Path) -> None:
    out = tmp_path / "made.txt"
    run = ScrambleRun(request(out, 5))
    seen = []
    for made in run.quizzes():  # (the run paused at each quiz: the file as it is then)
        seen.append(lines(out))
        assert seen[-1][-1] == gen.text(made.quiz)
    run.close(finished=True)
    assert [len(each) for each in seen] == [1, 2, 3, 4, 5]
    assert lines(out) == seed_003(7, 5) and not os.path.exists(f"{out}{SUFFIX}")


def test_ctrl_c_keeps_the_quizzes_written_and_the_same_command_continues_them(
    tmp_path: Path,
) -> None:
    out = tmp_path / "made.txt"
    command = f"scramble --count 8 --out {out}"  # (no --seed: one is drawn, and kept)
    # Ctrl-C once three quizzes are in the file (the state the interrupt waits on)
    shell = Shell(interrupted=lambda: out.exists() and len(lines(out)) >= 3)
    said = shell.ok(command)
    seed = int(said[0].split()[1])
    assert said[0] == f"Seed {seed} (scramble --seed {seed} makes the same quizzes)."
    assert said[-2:] == [
        "Interrupted after 3 quizzes.",
        f"3 quizzes in {out} (the same command continues the job).",
    ]
    assert lines(out) == seed_003(seed, 3) and os.path.exists(f"{out}{SUFFIX}")
    said = Shell().ok(command)  # the same command
    assert said[0] == f"3 quizzes kept in {out} from the run that stopped."
    assert said[1] == f"Seed {seed} (scramble --seed {seed} makes the same quizzes)."
    assert said[-1] == f"8 quizzes in {out}." and len(said) == 2 + 5 + 1
    assert lines(out) == seed_003(seed, 8) and not os.path.exists(f"{out}{SUFFIX}")


def test_lines_written_after_the_last_note_are_made_again_and_checked(tmp_path: Path) -> None:
    """A kill can leave quizzes in FILE that its marker does not count yet: they are made again
    from the stream's state it notes, and must be the quizzes of that seed."""
    out = tmp_path / "made.txt"
    run = ScrambleRun(request(out, 6))
    for _ in zip(range(4), run.quizzes()):
        pass
    run.close(finished=False)
    marker = Path(f"{out}{SUFFIX}")
    job = json.loads(marker.read_text())
    job.pop("progress")  # (as if no note had reached the marker: the quizzes from the seed)
    marker.write_text(json.dumps(job))
    again = ScrambleRun(request(out, 6))
    assert again.kept == 4
    assert [gen.text(m.quiz) for m in again.quizzes()] == seed_003(7, 6)[4:]
    again.close(finished=True)
    assert lines(out) == seed_003(7, 6)
    # a line that is not the seed's quiz there is refused, FILE kept
    run = ScrambleRun(request(out, 9))  # (a finished FILE: begun anew)
    for _ in zip(range(3), run.quizzes()):
        pass
    run.close(finished=False)
    marker.write_text(json.dumps({**json.loads(marker.read_text()), "progress": None}))
    edited = lines(out)
    edited[1] = seed_003(8, 1)[0]
    out.write_text("\n".join(edited) + "\n")
    with pytest.raises(UserError) as refused:
        ScrambleRun(request(out, 9))
    assert refused.value.line == (
        f"Cannot continue {out}: line 2 is not quiz 2 of seed 7; --restart begins anew."
    )
    assert lines(out) == edited


def test_another_jobs_file_is_refused_and_restart_begins_anew(tmp_path: Path) -> None:
    out = tmp_path / "made.txt"
    shell = Shell(interrupted=lambda: out.exists() and len(lines(out)) >= 1)
    shell.ok(f"scramble --count 3 --seed 1 --out {out}")
    (line,) = Shell().fails(f"scramble --count 3 --seed 2 --out {out}")
    assert line == (
        f"{out} holds the unfinished rows of another job (--seed differ); give --restart to "
        "begin anew, or another --out."
    )
    assert Shell().ok(f"scramble --count 2 --seed 2 --out {out} --restart")[-1] == (
        f"2 quizzes in {out}."
    )
    assert lines(out) == [gen.text(q) for q in _quizzes(2, 2)]


def _quizzes(seed: int, count: int) -> list[gen.Grid]:
    rng = random.Random(seed)
    return [gen.generate(rng, gen.FIGURE_1, 30).quiz for _ in range(count)]


@pytest.mark.parametrize("option", ["--from", "--family"])
@pytest.mark.parametrize("name", ["same", "dot", "link", "hard link"])
def test_out_is_never_the_file_from_or_family_reads(tmp_path: Path, option: str, name: str) -> None:
    source = tmp_path / "seed.txt"
    text = Path(SEED).read_text()
    source.write_text(text)
    out = {"same": str(source), "dot": f"{tmp_path}/./seed.txt"}.get(name, str(tmp_path / "o"))
    if name == "link":
        os.symlink(source, out)
    elif name == "hard link":
        os.link(source, out)
    shell = Shell.loaded()
    before = shell.repl.session.quiz
    (line,) = shell.fails(f"scramble {option} {source} --out {out}")
    assert line.startswith(f"Cannot write {out}: it is the {option} file")
    assert line.endswith("; give --out another file.")
    assert source.read_text() == text and shell.repl.session.quiz is before


def test_a_stop_before_the_first_quiz_leaves_file_as_it_was(tmp_path: Path) -> None:
    out = tmp_path / "made.txt"
    out.write_text("my notes\n")
    said = Shell(interrupted=lambda: True).ok(f"scramble --count 3 --seed 1 --out {out}")
    assert said == ["Interrupted after 0 quizzes."]
    assert out.read_text() == "my notes\n" and not os.path.exists(f"{out}{SUFFIX}")
