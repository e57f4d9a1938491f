// A module of editors/vscode required as VS Code's extension host would, with `vscode` a
// stand-in (the tests here run without VS Code): `requireWithVscode(file, vscode)`, loaded afresh.
'use strict';

const Module = require('node:module');

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

module.exports = { requireWithVscode };
