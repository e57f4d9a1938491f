"""The web page's start compiles no module (docs/web.md, Figures): the built page's
standard library (``OUT/pyodide/python_stdlib.zip``) holds the byte code of the modules Python's
and Pyodide's start import, and the wheels' zip (``OUT/site.zip``) that of every module, each
where zipimport takes it (``name.pyc`` beside ``name.py``) and of the page's Python (zipimport
passes over byte code of another Python's and compiles the source: a module's ``__file__`` then
ends in ``.py``). The page's own Pyodide, in Node, says which file each module came from.

Needs Node and a page built by ``web/build OUT`` (``SUDOKU_REPL_WEB_PAGE=OUT``); skipped with
one line otherwise."""

from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

from tests.support.helpers import REPO
from tests.web.built import NODE, PAGE, needs_page

pytestmark = needs_page

#: the page's Pyodide started, the wheels' zip on its path; prints each module's file
FILES = """
import { readFileSync } from 'node:fs';
const [out, modules] = process.argv.slice(1);
const { loadPyodide } = await import(`${out}/pyodide/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${out}/pyodide/`, stdout: () => {} });
pyodide.FS.writeFile('/site.zip', new Uint8Array(readFileSync(`${out}/site.zip`)));
const files = pyodide.runPython(`
import importlib, json, sys
sys.path.append("/site.zip")
json.dumps({name: importlib.import_module(name).__file__ for name in ${modules}})
`);
process.stdout.write(files);
"""


def module_files(names: list[str]) -> dict[str, str]:
    """Each module's ``__file__`` once imported by the built page's Python (Pyodide in Node)."""
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--import", (REPO / "tests" / "web" / "node_hooks.mjs").as_uri(),
         "--input-type=module", "-e", FILES, PAGE, json.dumps(names)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    files: dict[str, str] = json.loads(done.stdout)
    return files


def test_the_start_imports_byte_code_of_the_standard_library_and_of_the_wheels() -> None:
    # asyncio and json: imported by Pyodide's own start; the shell's module: the wheels' zip
    files = module_files(["asyncio", "json.decoder", "sudoku_repl.frontends.web_shell"])
    assert files["asyncio"].endswith("python314.zip/asyncio/__init__.pyc")
    assert files["json.decoder"].endswith("python314.zip/json/decoder.pyc")
    assert (
        files["sudoku_repl.frontends.web_shell"] == "/site.zip/sudoku_repl/frontends/web_shell.pyc"
    )


def test_every_module_of_the_wheels_has_its_byte_code_beside_it() -> None:
    with zipfile.ZipFile(Path(PAGE) / "site.zip") as archive:
        names = set(archive.namelist())
    sources = {name for name in names if name.endswith(".py")}
    assert "sudoku_repl/frontends/web_shell.py" in sources
    assert "prompt_toolkit/shortcuts/prompt.py" in sources
    assert {name for name in sources if name + "c" not in names} == set()
