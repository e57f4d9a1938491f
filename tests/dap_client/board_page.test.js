// editors/vscode/lib/board.js's page HTML and its Content-Security-Policy, without VS
// Code: in VS Code's webview its script runs by a nonce made for each page; in the web page
// (web/board_page.cjs: a static file, the same for every visitor) by no nonce, which would be
// no secret there, but by the page's own origin, the scripts files beside it, none inline.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { requireWithVscode } = require('./with_vscode');

const BOARD = path.join(__dirname, '..', '..', 'editors', 'vscode', 'lib', 'board.js');

/** lib/board.js's pageHtml, its `vscode` module a stand-in (Uri.joinPath: all it asks). */
function loadPageHtml() {
    const vscode = { Uri: { joinPath: (uri, ...parts) => ({ path: [uri.path, ...parts].join('/') }) } };
    return requireWithVscode(BOARD, vscode).pageHtml;
}

const policyOf = (html) => /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)[1];
const scriptsOf = (html) => [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)].map(([, attributes, body]) => ({ attributes, body }));

test("VS Code's page runs its one script by a nonce made for that page", () => {
    const pageHtml = loadPageHtml();
    const webview = { cspSource: 'https://resource.example', asWebviewUri: (uri) => `https://resource.example${uri.path}` };
    const pages = [pageHtml(webview, { path: '/ext' }), pageHtml(webview, { path: '/ext' })];
    const nonces = pages.map((html) => {
        const policy = policyOf(html);
        const nonce = /script-src 'nonce-([A-Za-z0-9_-]{16,})';/.exec(policy);
        assert.ok(nonce, policy);
        assert.deepEqual(scriptsOf(html), [{ attributes: ` nonce="${nonce[1]}" src="https://resource.example/ext/media/board.js"`, body: '' }]);
        return nonce[1];
    });
    assert.notEqual(nonces[0], nonces[1]);
});

test("the web page's Board runs the scripts beside it by its origin, no nonce, none inline", () => {
    const pageHtml = loadPageHtml();
    const webview = { cspSource: "'self'", asWebviewUri: (uri) => path.basename(uri.path) };
    const html = pageHtml(webview, { path: '' }, { before: ['board_host.js'] });
    const policy = policyOf(html);
    assert.match(policy, /^default-src 'none'; style-src 'self'; script-src 'self';/);
    assert.doesNotMatch(html, /nonce/);
    assert.deepEqual(scriptsOf(html), [
        { attributes: ' src="board_host.js"', body: '' },
        { attributes: ' src="board.js"', body: '' },
    ]);
});
