"""``export html``: the replay page written, and its refusals, one line each with
nothing written (the writes' hardening, shared with ``save-session``, is
``test_written_files.py``'s)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.helpers import Shell


def files_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_export_writes_one_self_contained_page(tmp_path: Path) -> None:
    shell = Shell.loaded()
    shell.ok("run")
    target = tmp_path / "seed.html"
    assert shell.ok(f"export html {target}") == [f"Wrote {target}."]
    text = target.read_text(encoding="utf-8")
    assert text.startswith("<!doctype html>")
    # nothing fetched: no address of another place, no outside script, style or font
    assert not re.search(r"https?://|<link\b|@import|\bsrc=|url\(", text)
    assert files_in(tmp_path) == ["seed.html"]


def test_an_existing_file_is_replaced_as_save_session_does(tmp_path: Path) -> None:
    shell = Shell.loaded()
    shell.ok("runtil 20")
    target = tmp_path / "page.html"
    target.write_text("old\n")
    shell.ok(f"export html {target}")
    assert target.read_text(encoding="utf-8").startswith("<!doctype html>")
    assert files_in(tmp_path) == ["page.html"]


def test_an_empty_record_is_one_line(tmp_path: Path) -> None:
    shell = Shell.loaded()
    target = tmp_path / "page.html"
    assert shell.fails(f"export html {target}") == [
        "No steps recorded yet: the record fills as you step or run."
    ]
    assert files_in(tmp_path) == []


def test_a_range_outside_the_record_is_one_line(tmp_path: Path) -> None:
    shell = Shell.loaded()
    shell.ok("run")
    target = tmp_path / "page.html"
    assert shell.fails(f"export html {target} 100 200") == [
        "Steps 100..200 are not all in the record: it holds steps 0..131."
    ]
    assert shell.fails(f"export html {target} 50 10") == [
        "The range 50..10 is empty: export html <file> [from] [to]"
    ]
    assert files_in(tmp_path) == []


def test_a_range_inside_the_record_is_written(tmp_path: Path) -> None:
    shell = Shell.loaded()
    shell.ok("run")
    target = tmp_path / "page.html"
    shell.ok(f"export html {target} 90 100")
    assert target.read_text(encoding="utf-8").startswith("<!doctype html>")


def test_the_form_is_the_declared_one() -> None:
    shell = Shell.loaded()
    assert shell.fails("export pdf x.pdf") == [
        "Unknown export word 'pdf'; export html <file> [from] [to] | export lp|mps <file> "
        '[--at-step] | export svg <file> [--step N] (quote a name with blanks: "my file.txt")'
    ]


# -- Ctrl-C (it went on for 16 s and replaced the old file) ------------------------


class RaisedAt:
    """The interrupt flag, raised by the test the ``at``-th time the command reads it (so the
    export is provably under way then); ``reads`` counts the reads."""

    def __init__(self) -> None:
        self.at: int | None = None
        self.reads = 0

    def __call__(self) -> bool:
        self.reads += 1
        return self.at is not None and self.reads >= self.at

    def arm(self, at: int | None) -> None:
        self.at, self.reads = at, 0


def two_experiments(flag: RaisedAt) -> Shell:
    """The seed run to its end, and run mode 1 from step 60: two tracks on the page."""
    shell = Shell(interrupted=flag)
    for line in ("load-quiz examples/seed.txt", "run", "goto 60", "run-mode 1", "run"):
        shell.ok(line)
    return shell


def test_ctrl_c_at_any_point_of_the_export_stops_it_with_the_old_file_kept(
    tmp_path: Path,
) -> None:
    flag = RaisedAt()
    shell = two_experiments(flag)
    target = tmp_path / "page.html"
    # once without Ctrl-C: how often the export reads the flag (each chunk of the record read,
    # each piece deflated and written, and once more before the old file is replaced)
    flag.arm(None)
    assert shell.ok(f"export html {target}") == [f"Wrote {target}."]
    reads = flag.reads
    assert reads >= 8
    for at in (1, 2, reads // 2, reads - 1, reads):
        target.write_text("old\n")
        flag.arm(at)
        assert shell.ok(f"export html {target}") == [f"Interrupted: {target} is as it was."]
        assert flag.reads == at  # stopped where the flag went up, not after the work
        assert target.read_text() == "old\n"
        assert files_in(tmp_path) == ["page.html"]  # (no temporary file left)
    # a name not taken yet stays untaken
    flag.arm(reads // 2)
    fresh = tmp_path / "new.html"
    assert shell.ok(f"export html {fresh}") == [f"Interrupted: {fresh} was not written."]
    assert files_in(tmp_path) == ["page.html"]
    # the session goes on, and the next export is whole
    flag.arm(None)
    assert shell.ok(f"export html {target}") == [f"Wrote {target}."]
    assert target.read_text(encoding="utf-8").startswith("<!doctype html>")


def test_an_interrupted_export_is_not_in_the_saved_session(tmp_path: Path) -> None:
    flag = RaisedAt()
    shell = two_experiments(flag)
    flag.arm(1)
    shell.ok(f"export html {tmp_path / 'page.html'}")
    flag.arm(None)
    shell.ok(f"save-session {tmp_path / 'saved.txt'}")
    assert not any(
        line.startswith("export") for line in (tmp_path / "saved.txt").read_text().splitlines()
    )


def test_a_name_that_cannot_be_written_is_refused_before_the_page_is_made(
    tmp_path: Path,
) -> None:
    flag = RaisedAt()
    shell = two_experiments(flag)
    flag.arm(None)
    (tmp_path / "d").mkdir()
    assert shell.fails(f"export html {tmp_path / 'd'}") == [
        f"Cannot write {tmp_path / 'd'}: it is a directory."
    ]
    assert flag.reads == 0  # (no chunk of the record was read)
