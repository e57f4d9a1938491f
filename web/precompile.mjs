// web/build's byte code: the wheels unpacked and compiled by the page's own Python (Pyodide in Node,
// the same CPython 3.14 as the page's), into OUT/site.zip, which the page unpacks into its
// site-packages: the shell's modules are then imported without being compiled at each visit
// (about half of their import's time). The byte code is of the unchecked-hash kind: the page's
// files have the zip's times, which the byte code need not match. The sources stay beside it.
//
//   node web/precompile.mjs OUT     (OUT/manifest.json names the wheels, in OUT/wheels)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPyodide } from './node_modules/pyodide/pyodide.mjs';

const out = process.argv[2];
const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (line) => process.stderr.write(`${line}\n`) });
const SITE = '/site';
pyodide.FS.mkdirTree(SITE);
for (const name of manifest.wheels) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(join(out, 'wheels', name))), 'wheel', { extractDir: SITE });
}
pyodide.runPython(`
import compileall, os, py_compile, zipfile

site = ${JSON.stringify(SITE)}
if not compileall.compile_dir(site, quiet=2, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    raise SystemExit("web/precompile: a module did not compile")
with zipfile.ZipFile("/site.zip", "w", zipfile.ZIP_DEFLATED) as archive:
    for folder, _, names in sorted(os.walk(site)):
        for name in sorted(names):
            path = os.path.join(folder, name)
            archive.write(path, os.path.relpath(path, site))
`);
writeFileSync(join(out, 'site.zip'), pyodide.FS.readFile('/site.zip'));
