// What the DebugClient tests share: the adapter's command, the seed quiz, the timeouts, and a
// DebugClient on `sudoku-repl dap` (stdin/stdout) or on `sudoku-repl dap --port 0` (TCP).
'use strict';

const assert = require('node:assert/strict');
const cp = require('node:child_process');
const path = require('node:path');
const { DebugClient } = require('@vscode/debugadapter-testsupport');

/** The `sudoku-repl` program (tests/dap/test_ms_client.py gives its venv's). */
const ADAPTER = process.env.SUDOKU_REPL_DAP || 'sudoku-repl';
const REPO = path.resolve(__dirname, '..', '..');
/** The seed quiz of the article, in the nine-line form. */
const SEED = path.join(REPO, 'examples', 'seed.txt');
/** Every wait (an event, a response, the adapter's end) on a busy 2-core CI. */
const WAIT_MS = 30000;
/** A whole test: a few waits. */
const TEST_MS = 240000;

/** `promise`, or a failure naming `what` if it has not settled after WAIT_MS. */
function within(promise, what) {
    let timer;
    const late = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: nothing after ${WAIT_MS} ms`)), WAIT_MS);
    });
    return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A DebugClient starting `sudoku-repl dap` in the current folder (the test's own). */
function stdioClient() {
    const dc = new DebugClient(ADAPTER, 'dap', 'sudoku-repl', { cwd: process.cwd() },
        process.env.SUDOKU_REPL_DAP_STDERR === '1');
    dc.defaultTimeout = WAIT_MS;
    return dc;
}

/**
 * `sudoku-repl dap --port 0` started, its port read from its stderr, and a DebugClient connected
 * to it. DebugClient's own waits have no timeout on a socket: the tests wrap them in `within`.
 */
async function serverClient() {
    const server = cp.spawn(ADAPTER, ['dap', '--port', '0'], {
        cwd: process.cwd(),
        stdio: ['ignore', 'pipe', 'pipe'],
    });
    const ended = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
    let stderr = '';
    let stdout = '';
    server.stdout.on('data', (data) => { stdout += data; });
    const port = await within(new Promise((resolve, reject) => {
        server.stderr.on('data', (data) => {
            stderr += data;
            const found = stderr.match(/127\.0\.0\.1:(\d+)/); // `listening on 127.0.0.1:N`
            if (found) {
                resolve(Number(found[1]));
            }
        });
        server.on('exit', (code) => reject(new Error(`the adapter exited (${code}): ${stderr}`)));
    }), 'the port on the adapter\'s stderr');
    const dc = new DebugClient(ADAPTER, 'dap', 'sudoku-repl');
    dc.defaultTimeout = WAIT_MS;
    await dc.start(port);
    return { dc, server, ended, port, output: () => ({ stdout, stderr }) };
}

/** The stop that follows `request` (the `stopped` event is waited for before the request goes). */
async function stopAfter(dc, request) {
    const [stopped] = await within(Promise.all([dc.waitForEvent('stopped'), request()]), 'a stop');
    return stopped.body;
}

/** The frames of the thread that stopped. */
async function frames(dc, stop) {
    const response = await within(dc.stackTraceRequest({ threadId: stop.threadId }), 'stackTrace');
    return response.body.stackFrames;
}

/** name -> variable, of the variables under `reference`. */
async function variables(dc, reference) {
    const response = await within(dc.variablesRequest({ variablesReference: reference }), 'variables');
    return new Map(response.body.variables.map((variable) => [variable.name, variable]));
}

/** The scope called `name` of frame `frameId`. */
async function scope(dc, frameId, name) {
    const response = await within(dc.scopesRequest({ frameId }), 'scopes');
    const found = response.body.scopes.find((each) => each.name === name);
    assert.ok(found, `no scope ${name} among ${response.body.scopes.map((each) => each.name)}`);
    return found;
}

module.exports = {
    ADAPTER, REPO, SEED, TEST_MS, WAIT_MS, frames, scope, serverClient, stdioClient, stopAfter,
    variables, within,
};
