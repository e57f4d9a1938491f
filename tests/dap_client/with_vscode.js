// A module of editors/vscode required as VS Code's extension host would, with `vscode` a
// stand-in (the tests here run without VS Code): `requireWithVscode(file, vscode)`, loaded afresh;
// `loadBoard()`, lib/board.js's Board on a stand-in with the settings' defaults, no editors or
// views.
'use strict';

const Module = require('node:module');
const path = require('node:path');

const BOARD = path.join(__dirname, '..', '..', 'editors', 'vscode', 'lib', 'board.js');

function requireWithVscode(file, vscode) {
    const originalLoad = Module._load;
    Module._load = function load(request, ...rest) {
        return request === 'vscode' ? vscode : originalLoad.call(this, request, ...rest);
    };
    try {
        delete require.cache[file];
        return require(file);
    } finally {
        Module._load = originalLoad;
    }
}

function loadBoard() {
    const disposable = { dispose() {} };
    const vscode = {
        EventEmitter: class {
            constructor() {
                this.event = () => disposable;
            }
            fire() {}
            dispose() {}
        },
        StatusBarAlignment: { Left: 1 },
        Uri: { joinPath: (uri, ...parts) => ({ fsPath: [uri.fsPath, ...parts].join('/') }) },
        window: { createStatusBarItem: () => ({ show() {}, hide() {}, dispose() {} }) },
        workspace: { getConfiguration: () => ({ get: (key, fallback) => fallback }) },
        debug: {},
    };
    return requireWithVscode(BOARD, vscode).Board;
}

module.exports = { requireWithVscode, loadBoard };
