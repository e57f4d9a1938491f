// `npm run package`: `vsce package` with the README's pictures and links made absolute from the
// manifest's repository (the extension lies in editors/vscode of it, which vsce's own guess
// leaves out). Extra arguments go to vsce (e.g. `npm run package -- --out DIR/x.vsix`).
'use strict';

const path = require('node:path');
const { spawnSync } = require('node:child_process');
const manifest = require('../package.json');

const url = manifest.repository.url.replace(/\.git$/, '');
const dir = manifest.repository.directory;
const vsce = require.resolve('@vscode/vsce/vsce');
const result = spawnSync(
    process.execPath,
    [
        vsce,
        'package',
        '--baseContentUrl', `${url}/blob/HEAD/${dir}`,
        '--baseImagesUrl', `${url}/raw/HEAD/${dir}`,
        ...process.argv.slice(2),
    ],
    { cwd: path.join(__dirname, '..'), stdio: 'inherit' },
);
process.exit(result.status === null ? 1 : result.status);
