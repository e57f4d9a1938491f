"""The page on the C core. web/build compiles the three C extensions for Pyodide
(``web/native_build.py``: ``OUT/native/...``, named in ``manifest.json``); the page's worker writes
them to its file system and the shell's start puts their folders on the packages' ``__path__``.
Here the built page's own worker and client run in Node (``page_node.mjs``, one process for every
session) on those modules, and each transcript must be what the CPython shell on the C core prints
for the same lines (``built.same``: the welcome taken off, the clock's figures out): the README's
session, ``difficulty --measures se,te,b`` of 30 puzzles across Sudoku Explainer's bands and of 5
pencil-mark states, and ``generate --er 7.0- --seed S --count 3``. Both must first say they run
the C: the page's welcome and its three doors' builds, CPython's ``--version`` and doors. (``rate``
is a command of the system's prompt, not the shell's: the page has none.) And Ctrl-C (Pyodide's
interrupt buffer, as the page sends it) stops a long rating in the C and the prompt comes back
(how soon is the browser test's: no clock here).

A guard beside it: each module's imports are names Pyodide's main module exports
(``pyodide.asm.wasm``), or the dynamic linker's own, and each exports its ``PyInit__native``.

Skipped with one line where the page was built without its C (web/build --pure) or
this CPython runs the pure engine; needs Node and a page built by ``web/build OUT``
(``SUDOKU_REPL_WEB_PAGE=OUT``), as ``test_page_node.py`` does."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sudoku_repl.core import native as core
from sudoku_repl.techniques.difficulty import native as difficulty
from sudoku_repl.techniques.explainer import native as explainer
from tests.support.helpers import REPO, TEST_DATA
from tests.web.built import (
    ADDRESS_QUIZ,
    ALL_C,
    NATIVE,
    NODE,
    PAGE,
    Input,
    cpython,
    needs_page,
    page,
    page_build,
    same,
    welcome,
)


def _modules() -> list[dict[str, str]]:
    """The page's C modules, as its manifest names them (none: no page, or none built)."""
    manifest = Path(PAGE) / "manifest.json"
    if not PAGE or not manifest.is_file():
        return []
    native = json.loads(manifest.read_text()).get("native") or {}
    modules: list[dict[str, str]] = native.get("modules", [])
    return modules


MODULES = _modules()
#: each door's build in its words, on the C (written out: what the page and CPython must say)
BUILDS = [NATIVE, "native explainer (C)", "native measures of difficulty (C)"]
pytestmark = [
    needs_page,
    pytest.mark.skipif(
        not MODULES, reason="the page was built without its C (web/build --pure): skipped"
    ),
    pytest.mark.skipif(
        [core.build(), explainer.build(), difficulty.build()] != BUILDS,
        reason="this CPython runs the pure engine (no C to compare the page's with): skipped",
    ),
]


def lines(name: str, numbers: tuple[int, ...]) -> str:
    """The puzzles (each line's first word) of ``tests/data/NAME`` at ``numbers`` (from 1)."""
    text = (TEST_DATA / name).read_text().splitlines()
    return "".join(text[n - 1].split()[0] + "\n" for n in numbers)


#: 30 puzzles across SE's bands, each quick natively (ER 5.4 to 8.3 from the bank's slice; 3.0
#: to 11.1 from the hard set), and 5 pencil-mark states (EP and ED of several kinds)
BANK = lines("se_rated_slice.txt", (1, 2, 5, 7, 8, 12, 13, 14, 15, 18, 19, 20, 21, 26, 34, 37))
BANK += lines("se_hard_rated.txt", (1, 2, 3, 4, 5, 6, 9, 13, 16, 22, 26, 36, 43, 47))
MARKS = lines("se_pencil_marks_serate.txt", (1, 3, 6, 10, 11))
MEASURED: list[Input] = [
    {"put": "bank.txt", "text": BANK},
    {"put": "marks.txt", "text": MARKS},
    *(
        line
        for name, count in (("bank.txt", 30), ("marks.txt", 5))
        for n in range(1, count + 1)
        for line in (f"load-quiz {name} {n}", "difficulty --measures se,te,b")
    ),
    "bye",
]
#: this module's sessions compared with CPython's, after the README's (conftest.readme_session:
#: the same run test_page_node.py compares, the page and CPython on the C here too)
SESSIONS: list[tuple[str | None, list[Input]]] = [
    (None, MEASURED),
    (None, ["generate --er 7.0- --seed 7 --count 3", "bye"]),
]
COMPARED = ["readme", "difficulty", "generate"]


#: Ctrl-C once the rating of the hard set's hardest (ER 11.8: some 17 s of the C natively) shows
#: its progress line: Pyodide's interrupt buffer reaches the C's poll, the prompt comes back
STOPPED: tuple[str | None, list[Input]] = (
    lines("se_hard_rated.txt", (27,)).strip(),
    [{"interrupt": "difficulty --measures se"}, "step", "bye"],
)


@pytest.fixture(scope="module")
def seen(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    return page([*SESSIONS, STOPPED], tmp_path_factory.mktemp("web"))


def test_the_page_and_cpython_run_the_c(
    seen: list[dict[str, Any]], readme_session: tuple[dict[str, Any], str]
) -> None:
    assert page_build() == ALL_C
    for session in [readme_session[0], *seen]:
        assert session["builds"] == BUILDS
        # (the seed's welcome, or the address's: the last session's quiz)
        assert session["transcript"].startswith((welcome(ALL_C), welcome(ALL_C, ADDRESS_QUIZ)))
    version = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "--version"], capture_output=True, text=True
    )
    assert version.stdout.endswith(f", {NATIVE}\n")


@pytest.mark.parametrize("name", COMPARED)
def test_each_session_prints_what_cpython_on_the_c_core_prints(
    seen: list[dict[str, Any]],
    readme_session: tuple[dict[str, Any], str],
    name: str,
    tmp_path: Path,
) -> None:
    if name == "readme":
        web, terminal = readme_session[0]["transcript"], readme_session[1]
    else:
        index = COMPARED.index(name) - 1
        quiz, inputs = SESSIONS[index]
        web, terminal = seen[index]["transcript"], cpython(quiz, inputs, tmp_path)
    same(web, terminal)
    # (the lines looked for: a failed command would print the same on both sides)
    assert web.count("\nSE: ER ") == (35 if name == "difficulty" else 0)
    assert web.count("\nT&E-depth: ") == (35 if name == "difficulty" else 0)
    if name == "generate":
        assert web.count(" 7.") >= 3 and "Seed 7 (generate --seed 7 makes the same puzzles)." in web


def unresolved(names: dict[str, Any], given: set[str]) -> list[str]:
    """The imports of a module (``names``: ``wasm_names.mjs``'s) that Pyodide's dynamic linker
    cannot resolve: ``env`` names neither the linker's own nor in ``given`` (the main module's
    exports), and the addresses (``GOT.mem``, ``GOT.func``) of names neither there nor the
    module's own; any other module's import; and ``PyInit__native`` if not exported."""
    own = set(names["exports"])
    missing = [
        f"{i['module']}.{i['name']}"
        for i in names["imports"]
        if not (
            (i["module"] == "env" and (i["name"] in LINKER or i["name"] in given))
            or (i["module"] in ("GOT.mem", "GOT.func") and (i["name"] in given | own))
        )
    ]
    return missing + ([] if "PyInit__native" in own else ["PyInit__native (not exported)"])


#: what the dynamic linker gives a side module itself (Emscripten's dylink: its memory, the table,
#: the stack pointer, where its data and its functions go)
LINKER = {"memory", "__indirect_function_table", "__stack_pointer", "__memory_base", "__table_base"}


def wasm_names(*files: Path) -> list[dict[str, Any]]:
    assert NODE is not None
    done = subprocess.run(
        [NODE, str(REPO / "tests" / "web" / "wasm_names.mjs"), *map(str, files)],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    names: list[dict[str, Any]] = json.loads(done.stdout)
    return names


def test_each_module_imports_only_what_pyodide_gives(tmp_path: Path) -> None:
    main, *modules = wasm_names(
        Path(PAGE) / "pyodide" / "pyodide.asm.wasm",
        *(Path(PAGE) / module["file"] for module in MODULES),
    )
    given = set(main["exports"])
    assert len(modules) == 3
    for names in modules:
        assert unresolved(names, given) == [], names["file"]
        assert any(
            i["module"] == "env" and i["name"] == "PyLong_FromLong" for i in names["imports"]
        )
    # the guard fails a module with a name Pyodide has not (a hand-made module: its one import
    # env.no_such_function, of type () -> (), and no export)
    bogus = tmp_path / "bogus.wasm"
    bogus.write_bytes(
        b"\0asm\1\0\0\0"
        + b"\1\4\1\x60\0\0"  # a type: () -> ()
        + b"\2\x18\1\3env\x10no_such_function\0\0"  # an import of it
    )
    (names,) = wasm_names(bogus)
    assert unresolved(names, given) == ["env.no_such_function", "PyInit__native (not exported)"]


def test_ctrl_c_stops_a_long_rating_in_the_c(seen: list[dict[str, Any]]) -> None:
    shown = seen[len(SESSIONS)]["transcript"]
    assert "\nOrder please:\ndifficulty --measures se\nDifficulty of the state at step 0 " in shown
    assert "\nInterrupted while measuring se; not measured: se.\n\nOrder please:\nstep\n" in shown
    assert shown.endswith("\nOrder please:\nbye\n")


def test_a_module_that_does_not_load_leaves_the_pure_engine_said_once(tmp_path: Path) -> None:
    # (a browser without what a module needs: here the core's file is no WebAssembly at all)
    broken = tmp_path / "page"
    shutil.copytree(PAGE, broken)
    (core_module,) = (m["file"] for m in MODULES if m["package"] == "sudoku_repl.core")
    (broken / core_module).write_bytes(b"not wasm")
    (session,) = page([(None, ["step", "bye"])], tmp_path, str(broken))
    shown = session["transcript"]
    said = "pure Python (no native core: the C extension does not load: could not load dynamic lib"
    assert session["builds"][0].startswith(said)
    # (the welcome names it, as failed to load, and the modules whose C runs)
    named = "C runs Sudoku Explainer and the measures; the core's C failed to load (could not load"
    assert shown.count("failed to load") == 1 and f"browser.\n{named}" in shown
    assert "pip" not in shown
    assert "\nOrder please:\nstep\n" in shown and shown.endswith("\nOrder please:\nbye\n")
