"""``export html`` (issue 36): the replay page written, and its refusals, one line each with
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
        '[--at-step] (quote a name with blanks: "my file.txt")'
    ]
