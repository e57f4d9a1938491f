"""Text kept from input never carries a control character: an experiment's name
or a display's command with ESC, BEL or a C1 control once reached the terminal through
``experiments``, ``compare``, ``timeline --compare``, ``display`` and ``info display``, and the
session script through ``save-session`` (a script from someone else could clear the screen, set
the title or write the clipboard with OSC 52). Such a line is refused at the door
(``Repl.execute``) with one printable line, and nothing is kept of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.helpers import SEED, SEED_QUIZ, Shell, run_program

#: what a hostile script types into a name or a display's command
HOSTILE = {
    "csi-clear": "\x1b[2J\x1b[3J",
    "osc-title-bel": "\x1b]0;owned\x07",
    "osc52-clipboard": "\x1b]52;c;cm0gLXJmIH4K\x07",
    "c1-csi": "\x9b2J",
    "c1-osc-st": "\x9d0;owned\x9c",
    "bel": "\x07",
    "del-backspace": "x\x7f\x08",
}

#: the commands that print or save the names and the displays (``{}``: a file in tmp_path)
SHOWN = [
    "experiments",
    "compare 1 2",
    "timeline --compare 1 2",
    "display",
    "info display",
    "runtil 21",  # (a stop: the displays run)
]


def two_experiments() -> Shell:
    """The seed with two experiments: the main line to step 20, and run mode 1 from step 10."""
    shell = Shell.loaded()
    for line in ("runtil 20", "goto 10", "run-mode 1", "runtil 20", "display levels"):
        shell.ok(line)
    return shell


def clean(text: str) -> bool:
    """No control character (nor any other character that is not printable) but line ends."""
    return all(ch.isprintable() for ch in text.replace("\n", ""))


@pytest.mark.parametrize("hostile", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_control_character_in_a_name_or_a_display_is_refused_in_one_printable_line(
    hostile: str,
) -> None:
    shell = two_experiments()
    tree = shell.repl.session.experiment_tree
    names = [exp.name for exp in tree]
    for line in (
        f"experiment name bad{hostile}name",
        f"experiment name {hostile}",
        f"display levels {hostile}",
        f"display show{hostile}",
        f"experiment {hostile}",
        f"compare 1 {hostile}",
    ):
        said = shell.fails(line)
        assert len(said) == 1 and shell.out.errors[-1] == said[0], said
        assert said[0].endswith(
            "which is not printable: a command line is printable text (a tab counts as a blank)."
        ), said
        assert clean(said[0]), said
    assert [exp.name for exp in tree] == names
    assert shell.repl.displays == {1: "levels"}


@pytest.mark.parametrize("hostile", HOSTILE.values(), ids=HOSTILE.keys())
def test_nothing_printed_or_saved_after_a_hostile_script_has_a_control_character(
    hostile: str, tmp_path: Path
) -> None:
    shell = two_experiments()
    shell.run(f"experiment name x{hostile}")
    shell.run(f"display levels {hostile}")
    shell.run(f"experiment 1{hostile}")
    printed = [line for command in SHOWN for line in shell.ok(command)]
    assert any(line.startswith("* 2 10:mode 1: parted at step 10") for line in printed)
    assert all(clean(line) for line in printed), [line for line in printed if not clean(line)]
    svg, script = tmp_path / "compare.svg", tmp_path / "session.txt"
    shell.ok(f"timeline --compare 1 2 --svg {svg}")
    shell.ok(f"save-session {script}")
    assert clean(svg.read_text()) and clean(script.read_text())
    kept = script.read_text().splitlines()[1:]  # (its first line: how to replay it)
    assert kept[0] == "load-quiz " + SEED_QUIZ.replace("0", ".")
    typed = {"runtil 20", "goto 10", "run-mode 1", "display levels", *SHOWN}
    typed.add(f"timeline --compare 1 2 --svg {svg}")
    assert "display levels" in kept and set(kept[1:]) <= typed, kept


def test_printable_text_beyond_ascii_is_kept_as_typed(tmp_path: Path) -> None:
    shell = two_experiments()
    assert shell.ok("experiment name café <b> \u00e9t\u00e9 \u2192 z") == [
        "Experiment 2 is named café <b> été → z."
    ]
    assert shell.ok("experiments")[1].startswith("* 2 café <b> été → z: parted at step 10")
    shell.ok("experiment name\ttabbed")  # a tab is a blank
    assert shell.repl.session.experiment_tree.current.name == "tabbed"


def test_batch_mode_writes_no_escape_sequence_to_the_terminal_or_the_file(
    tmp_path: Path,
) -> None:
    """From the outside: a script from someone else, run by ``sudoku-repl -x``."""
    saved = tmp_path / "saved.txt"
    lines = [
        f"load-quiz {SEED}",
        "runtil 20",
        "goto 10",
        "run-mode 1",
        "runtil 20",
        *(f"experiment name n{h}" for h in HOSTILE.values()),
        *(f"display levels {h}" for h in HOSTILE.values()),
        *SHOWN,
        f"save-session {saved}",
    ]
    script = tmp_path / "hostile.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = run_program("-x", str(script), text=True)
    assert done.returncode == 1  # (the refused lines)
    assert "Traceback" not in done.stderr
    assert clean(done.stdout) and clean(done.stderr)
    assert "* 2 10:mode 1: parted at step 10" in done.stdout
    assert clean(saved.read_text())
