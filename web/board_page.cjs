// web/build's Board page: the VS Code Board's own HTML (editors/vscode/lib/board.js's pageHtml:
// the same elements, ids and Content-Security-Policy), made by its own function with what the
// web page stands in for VS Code's webview (the script and style beside the page, 'self' for
// VS Code's resource origin), and board_host.js (acquireVsCodeApi: its messages to and from the
// page) loaded before board.js. Printed on stdout.
//
//   node web/board_page.cjs editors/vscode/lib/board.js > OUT/board/index.html
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const file = process.argv[2];
const source = fs.readFileSync(file, 'utf8');
// what pageHtml asks of the `vscode` module: Uri.joinPath (the rest of the module is not run);
// board.js's own modules (`./focus`) are found beside it
const vscode = { Uri: { joinPath: (uri, ...parts) => ({ path: [uri.path, ...parts].join('/') }) } };
const beside = (name) => (name.startsWith('.') ? path.resolve(path.dirname(file), name) : name);
const stubbed = (name) => (name === 'vscode' ? vscode : require(beside(name)));
const pageHtml = new Function('require', 'module', 'exports', `${source}\nreturn pageHtml;`)(
    stubbed,
    { exports: {} },
    {},
);
const webview = { cspSource: "'self'", asWebviewUri: (uri) => path.basename(uri.path) };
const html = pageHtml(webview, { path: '' });
const nonce = /<script nonce="([^"]+)"/.exec(html)[1];
process.stdout.write(
    html.replace(/<script nonce=/, `<script nonce="${nonce}" src="board_host.js"></script>\n<script nonce=`),
);
