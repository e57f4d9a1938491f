// The page's C modules (web/native_build.py: OUT/native/<package path>/_native.abi3.so, named in
// manifest.json's `native`), for the worker and for web/precompile.mjs: each written to its path
// in Pyodide's file system (a real folder: zipimport cannot load a module from site.zip), which
// web_shell.run_page puts on its package's __path__ (docs/web.md, "The C core in the page").

/** The manifest's `native` (a page built before it had one: none, and why). */
export function nativeOf(manifest) {
    return manifest.native || { modules: [], skipped: 'its manifest names no C module' };
}

/** Writes the modules (`named`: the manifest's, `bytes`: each one's content, in order) with
 * `FS` (Pyodide's); what run_page takes: each package's folder of them, and why there are none. */
export function writeModules(FS, native, bytes) {
    const folders = {};
    native.modules.forEach(({ package: name, file }, i) => {
        const folder = `/${file.slice(0, file.lastIndexOf('/'))}`;
        FS.mkdirTree(folder);
        FS.writeFile(`/${file}`, new Uint8Array(bytes[i]));
        folders[name] = folder;
    });
    return { folders, skipped: native.skipped };
}
