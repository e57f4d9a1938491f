// web/build's Board page: the VS Code Board's own HTML (editors/vscode/lib/board.js's pageHtml:
// the same elements and ids), made by its own function with what the web page stands in for VS
// Code's webview (the script and style beside the page, 'self' for VS Code's resource origin),
// and board_host.js (acquireVsCodeApi: its messages to and from the page) loaded before
// board.js. Its Content-Security-Policy runs the scripts beside it and no other, none inline:
// no nonce, which a static page (the same for every visitor) could not keep secret. Printed on
// stdout.
//
//   node web/board_page.cjs editors/vscode/lib/board.js > OUT/board/index.html
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const file = process.argv[2];
const source = fs.readFileSync(file, 'utf8');
// what pageHtml asks of the `vscode` module: Uri.joinPath (the rest of the module is not run)
const vscode = { Uri: { joinPath: (uri, ...parts) => ({ path: [uri.path, ...parts].join('/') }) } };
// (board.js's own requires, './focus' among them, resolved beside it, not beside this file)
const besideBoard = require('node:module').createRequire(path.resolve(file));
const stubbed = (name) => (name === 'vscode' ? vscode : besideBoard(name));
const pageHtml = new Function('require', 'module', 'exports', `${source}\nreturn pageHtml;`)(
    stubbed,
    { exports: {} },
    {},
);
const webview = { cspSource: "'self'", asWebviewUri: (uri) => path.basename(uri.path) };
process.stdout.write(pageHtml(webview, { path: '' }, { before: ['board_host.js'] }));
