// web/build's byte code, made by the page's own Python (Pyodide in Node, the same CPython 3.14 as
// the page's), so that the page compiles no module at its start (compiling them was most of the
// start's time: docs/web.md, Figures):
// - OUT/site.zip: the wheels' files, each module's byte code beside its source (name.pyc by
//   name.py, compiled under the name it has in the page), which the page puts in place of its
//   site-packages folder, under that folder's name: Python imports from it as from the standard
//   library's zip (zipimport), nothing is unpacked at each visit, and each module's folder (the
//   C extensions' lines name theirs) is the one it had in that folder;
// - OUT/pyodide/python_stdlib.zip: Pyodide's standard library (its sources only) with the byte
//   code of the modules the start imports (Python's and Pyodide's own start, the shell's import
//   and its start to the first prompt, on the page's C modules where it has them, found by
//   running that start here), each beside its source
//   (name.pyc by name.py: zipimport prefers it), compiled under the source's name in the page
//   (/lib/python3NN.zip/...) as zipimport would have compiled it.
// The byte code is of the unchecked-hash kind: the page's files have the zip's times, which the
// byte code need not match. The sources stay beside it (tracebacks, inspect).
//
//   node web/precompile.mjs OUT     (OUT/manifest.json names the wheels, in OUT/wheels)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nativeOf, writeModules } from './native_modules.mjs';
import { loadPyodide } from './node_modules/pyodide/pyodide.mjs';

const out = process.argv[2];
const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (line) => process.stderr.write(`${line}\n`) });
const SITE = '/site';
const HOME = '/start';
pyodide.FS.mkdirTree(SITE);
for (const name of manifest.wheels) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(join(out, 'wheels', name))), 'wheel', { extractDir: SITE });
}
pyodide.FS.mkdirTree(HOME);
pyodide.unpackArchive(new Uint8Array(readFileSync(join(out, manifest.files))), 'zip', { extractDir: HOME });
// the C modules, as the page loads them (the start on the C core imports what the page's does)
const native = nativeOf(manifest);
const natives = writeModules(pyodide.FS, native, native.modules.map((m) => readFileSync(join(out, m.file))));
pyodide.globals.set('natives', pyodide.toPy(natives));
pyodide.FS.writeFile('/python_stdlib.zip', new Uint8Array(readFileSync(join(out, 'pyodide', 'python_stdlib.zip'))));
pyodide.runPython(`
import os, site as python_site, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.util import source_hash

site, home = ${JSON.stringify(SITE)}, ${JSON.stringify(HOME)}


def compiled(text, path):
    """The byte code of a module's source \`\`text\`\`, its file \`\`path\`\` in the page."""
    code = compile(text, path, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, source_hash(text), False))


page_site = python_site.getsitepackages()[0]  # (the page's is this Pyodide's)
with zipfile.ZipFile("/site.zip", "w", zipfile.ZIP_DEFLATED) as archive:
    for folder, _, names in sorted(os.walk(site)):
        for name in sorted(names):
            path = os.path.join(folder, name)
            inside = os.path.relpath(path, site)
            archive.write(path, inside)
            if name.endswith(".py"):
                text = open(path, "rb").read()
                archive.writestr(inside + "c", compiled(text, f"{page_site}/{inside}"))


class Page:
    """The page as web_shell.run_page takes it: Ctrl-D at the first prompt (the shell ends)."""

    def line(self):
        return "D"

    def pending(self):
        return False

    def prompting(self):
        pass

    def columns(self):
        return 80

    def post(self, kind, body):
        pass


# the start as the page runs it (the seed loaded, the first prompt), for the modules it imports
sys.path.insert(0, site)
os.chdir(home)
from sudoku_repl.frontends.web_shell import run_page

run_page(Page(), None, natives)
stdlib = "/lib/python%d%d.zip/" % sys.version_info[:2]
started = {
    module.__spec__.origin[len(stdlib):]
    for module in list(sys.modules.values())
    if getattr(module, "__spec__", None) is not None
    and (module.__spec__.origin or "").startswith(stdlib)
}
with zipfile.ZipFile("/python_stdlib.zip") as source, zipfile.ZipFile("/stdlib.zip", "w") as archive:
    for info in source.infolist():
        text = source.read(info)
        archive.writestr(info, text)
        if info.filename in started:
            byte_code = zipfile.ZipInfo(info.filename + "c", info.date_time)
            archive.writestr(byte_code, compiled(text, stdlib + info.filename), zipfile.ZIP_DEFLATED)
`);
writeFileSync(join(out, 'site.zip'), pyodide.FS.readFile('/site.zip'));
writeFileSync(join(out, 'pyodide', 'python_stdlib.zip'), pyodide.FS.readFile('/stdlib.zip'));
