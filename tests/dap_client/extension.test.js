// editors/vscode/extension.js without VS Code (none runs here): its `vscode` module is a stand-in
// that records what the extension registers, so what the extension does with the settings and
// with a launch configuration is checked, not how VS Code then starts the process.
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
    class DebugAdapterExecutable {
        constructor(command, args, options) {
            Object.assign(this, { command, args, options });
        }
    }
    const vscode = {
        DebugAdapterExecutable,
        debug: {
            registerDebugAdapterDescriptorFactory(type, factory) {
                registered.factory = { type, factory };
                return { dispose() {} };
            },
            registerDebugConfigurationProvider(type, provider) {
                registered.provider = { type, provider };
                return { dispose() {} };
            },
        },
        workspace: {
            getConfiguration(section) {
                assert.equal(section, 'sudoku-repl');
                return { get: (key, fallback) => (key in settings ? settings[key] : fallback) };
            },
        },
        window: {
            activeTextEditor: activeFile ? { document: { uri: { fsPath: activeFile } } } : undefined,
            showInformationMessage(text) {
                shown.push(text);
                return Promise.resolve(undefined);
            },
        },
    };
    return { vscode, registered, shown };
}

/** The extension loaded and activated on `fake` (a fresh copy of the module each time). */
function activated(fake) {
    const originalLoad = Module._load;
    Module._load = function load(request, ...rest) {
        return request === 'vscode' ? fake.vscode : originalLoad.call(this, request, ...rest);
    };
    try {
        delete require.cache[require.resolve(EXTENSION)];
        const extension = require(EXTENSION);
        const context = { subscriptions: [] };
        extension.activate(context);
        assert.equal(context.subscriptions.length, 2);
        return fake.registered;
    } finally {
        Module._load = originalLoad;
    }
}

const FOLDER = { uri: { fsPath: '/home/me/quizzes' } };

test('the adapter is `sudoku-repl dap` by default, in the session folder', () => {
    const { factory } = activated(fakeVscode({}));
    assert.equal(factory.type, 'sudoku-repl');
    const started = factory.factory.createDebugAdapterDescriptor({ workspaceFolder: FOLDER });
    assert.equal(started.command, 'sudoku-repl');
    assert.deepEqual(started.args, ['dap']);
    assert.deepEqual(started.options, { cwd: '/home/me/quizzes' });
});

test('the settings make the command line, ${workspaceFolder} expanded', () => {
    const settings = {
        command: '${workspaceFolder}/.venv/bin/python',
        commandArgs: ['-m', 'sudoku_repl'],
        log: '${workspaceFolder}/dap.log',
    };
    const { factory } = activated(fakeVscode(settings));
    const started = factory.factory.createDebugAdapterDescriptor({ workspaceFolder: FOLDER });
    assert.equal(started.command, '/home/me/quizzes/.venv/bin/python');
    assert.deepEqual(started.args, ['-m', 'sudoku_repl', 'dap', '--log', '/home/me/quizzes/dap.log']);
});

test('F5 with no launch.json debugs the file in the editor', () => {
    const { provider } = activated(fakeVscode({}, '/home/me/quizzes/seed.txt'));
    assert.equal(provider.type, 'sudoku-repl');
    const config = provider.provider.resolveDebugConfiguration(FOLDER, {});
    assert.deepEqual(config, {
        type: 'sudoku-repl',
        name: 'Debug the quiz',
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
