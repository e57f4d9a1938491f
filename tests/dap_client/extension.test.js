// editors/vscode/extension.js without VS Code: its `vscode` module is a stand-in that records
// what the extension registers, so what the extension does with the settings and with a launch
// configuration is checked, not how VS Code then starts the process (the end-to-end test in a
// real VS Code, tests/editors/test_vscode_real.py, does that).
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const Module = require('node:module');
const path = require('node:path');

const EXTENSION = path.join(__dirname, '..', '..', 'editors', 'vscode', 'extension.js');

/** A stand-in for the `vscode` module: `settings` are what getConfiguration returns. */
function fakeVscode(settings, activeFile) {
    const registered = {};
    const shown = [];
    const errors = [];
    const disposable = { dispose() {} };
    class DebugAdapterExecutable {
        constructor(command, args, options) {
            Object.assign(this, { command, args, options });
        }
    }
    class EventEmitter {
        constructor() {
            this.event = () => disposable;
        }
        fire() {}
        dispose() {}
    }
    const vscode = {
        DebugAdapterExecutable,
        EventEmitter,
        StatusBarAlignment: { Left: 1, Right: 2 },
        ViewColumn: { Beside: -2 },
        Uri: { joinPath: (uri, ...parts) => ({ fsPath: [uri.fsPath, ...parts].join('/') }) },
        debug: {
            registerDebugAdapterDescriptorFactory(type, factory) {
                registered.factory = { type, factory };
                return disposable;
            },
            registerDebugConfigurationProvider(type, provider) {
                registered.provider = { type, provider };
                return disposable;
            },
            registerDebugAdapterTrackerFactory: () => disposable,
            onDidChangeActiveStackItem: () => disposable,
            onDidStartDebugSession: () => disposable,
            onDidTerminateDebugSession: () => disposable,
        },
        workspace: {
            getConfiguration(section) {
                assert.ok(['sudoku-repl', 'python'].includes(section), section);
                const mine = section === 'sudoku-repl' ? settings : {};
                return { get: (key, fallback) => (key in mine ? mine[key] : fallback) };
            },
            onDidOpenTextDocument: () => disposable,
            onDidChangeTextDocument: () => disposable,
            onDidCloseTextDocument: () => disposable,
            onDidChangeConfiguration: () => disposable,
            textDocuments: [],
        },
        extensions: { getExtension: () => undefined },
        languages: {
            setTextDocumentLanguage() {},
            registerEvaluatableExpressionProvider: () => disposable,
            registerInlineValuesProvider: () => disposable,
            createDiagnosticCollection: () => ({ set() {}, delete() {}, dispose() {} }),
        },
        commands: { executeCommand: async () => undefined, registerCommand: () => disposable },
        window: {
            activeTextEditor: activeFile ? { document: { uri: { fsPath: activeFile } } } : undefined,
            showInformationMessage(text) {
                shown.push(text);
                return Promise.resolve(undefined);
            },
            showErrorMessage(text) {
                errors.push(text);
                return Promise.resolve(undefined);
            },
            createOutputChannel: () => ({ appendLine() {}, show() {}, dispose() {} }),
            createStatusBarItem: () => ({ show() {}, hide() {}, dispose() {} }),
            registerWebviewViewProvider: () => disposable,
        },
    };
    return { vscode, registered, shown, errors };
}

/** The extension loaded and activated on `fake` (a fresh copy of its modules each time). */
function activated(fake) {
    const originalLoad = Module._load;
    Module._load = function load(request, ...rest) {
        return request === 'vscode' ? fake.vscode : originalLoad.call(this, request, ...rest);
    };
    try {
        for (const name of Object.keys(require.cache)) {
            if (name.startsWith(path.dirname(EXTENSION))) {
                delete require.cache[name];
            }
        }
        const extension = require(EXTENSION);
        const context = { subscriptions: [], extensionUri: { fsPath: path.dirname(EXTENSION) } };
        extension.activate(context);
        assert.ok(context.subscriptions.length >= 2);
        return fake.registered;
    } finally {
        Module._load = originalLoad;
    }
}

const FOLDER = { uri: { fsPath: '/home/me/quizzes', toString: () => 'file:///home/me/quizzes' } };

//: the adapter the tests of tests/dap_client run (tests/dap/test_ms_client.py: the venv's)
const ADAPTER = process.env.SUDOKU_REPL_DAP || 'sudoku-repl';

test('the adapter of the setting is checked, then started as `<command> dap --log FILE`', async () => {
    const settings = { command: ADAPTER, log: '${workspaceFolder}/dap.log' };
    const fake = fakeVscode(settings);
    const { factory, provider } = activated(fake);
    const config = { type: 'sudoku-repl', request: 'launch', name: 'x', program: 'seed.txt' };
    const folder = { uri: { fsPath: path.dirname(EXTENSION), toString: () => 'file:///ext' } };
    assert.equal(await provider.provider.resolveDebugConfigurationWithSubstitutedVariables(folder, config), config);
    assert.deepEqual(fake.errors, []);
    const started = await factory.factory.createDebugAdapterDescriptor({ workspaceFolder: folder });
    assert.equal(started.command, ADAPTER);
    assert.deepEqual(started.args, ['dap', '--log', `${path.dirname(EXTENSION)}/dap.log`]);
    assert.deepEqual(started.options, { cwd: path.dirname(EXTENSION) });
});

test('a missing adapter is an error naming it and the setting, and no session', async () => {
    const missing = path.join(__dirname, 'no-such-dir', 'sudoku-repl');
    const fake = fakeVscode({ command: missing });
    const { provider } = activated(fake);
    const config = { type: 'sudoku-repl', request: 'launch', name: 'x', program: 'seed.txt' };
    assert.equal(await provider.provider.resolveDebugConfigurationWithSubstitutedVariables(FOLDER, config), undefined);
    assert.equal(fake.errors.length, 1);
    assert.ok(fake.errors[0].includes(`${missing} (the setting sudoku-repl.command): not found`), fake.errors[0]);
    assert.match(fake.errors[0], /Set sudoku-repl\.command/);
});

test('an adapter on a port (debugServer) is not ours to check', async () => {
    const fake = fakeVscode({ command: '/nowhere/sudoku-repl' });
    const { provider } = activated(fake);
    const config = { type: 'sudoku-repl', request: 'launch', name: 'x', program: 'seed.txt', debugServer: 4711 };
    assert.equal(await provider.provider.resolveDebugConfigurationWithSubstitutedVariables(FOLDER, config), config);
    assert.deepEqual(fake.errors, []);
});

test('F5 with no launch.json debugs the file in the editor, the session named by it', () => {
    const { provider } = activated(fakeVscode({}, '/home/me/quizzes/seed.txt'));
    assert.equal(provider.type, 'sudoku-repl');
    const config = provider.provider.resolveDebugConfiguration(FOLDER, {});
    assert.deepEqual(config, {
        type: 'sudoku-repl',
        name: 'Debug seed.txt',
        request: 'launch',
        program: '/home/me/quizzes/seed.txt',
        stopOnEntry: true,
    });
});

test('a configuration with neither program nor quiz does not start', async () => {
    const fake = fakeVscode({});
    const { provider } = activated(fake);
    const config = { type: 'sudoku-repl', request: 'launch', name: 'x' };
    assert.equal(await provider.provider.resolveDebugConfiguration(FOLDER, config), undefined);
    assert.equal(fake.shown.length, 1);
    assert.match(fake.shown[0], /program.*quiz/);
});

test('a launch.json configuration goes through as it is', () => {
    const { provider } = activated(fakeVscode({}));
    const config = { type: 'sudoku-repl', request: 'launch', name: 'x', quiz: '5'.repeat(81) };
    assert.equal(provider.provider.resolveDebugConfiguration(FOLDER, config), config);
});
