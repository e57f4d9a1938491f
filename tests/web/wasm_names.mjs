// The names WebAssembly modules import and export (tests/web/test_page_native.py's guard of the
// page's C modules against Pyodide's main module), as JSON: for each FILE, `imports` (each
// `{module, name, kind}`, WebAssembly.Module.imports) and `exports` (their names).
//
//   node tests/web/wasm_names.mjs FILE...
import { readFileSync } from 'node:fs';

const names = process.argv.slice(2).map((file) => {
    const module = new WebAssembly.Module(readFileSync(file));
    return {
        file,
        imports: WebAssembly.Module.imports(module),
        exports: WebAssembly.Module.exports(module).map(({ name }) => name),
    };
});
process.stdout.write(JSON.stringify(names));
