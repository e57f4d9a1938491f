// The Sudoku REPL debugger for VS Code: it starts `sudoku-repl dap` (the Debug Adapter Protocol
// on stdin/stdout) for each debug session of type `sudoku-repl`. Everything else (the call stack,
// the variables, stepping back, the debug console) is the adapter's; see docs/editors.md.
'use strict';

const vscode = require('vscode');

const TYPE = 'sudoku-repl';

/**
 * The adapter's command line from the settings, `<command> <commandArgs...> dap [--log FILE]`,
 * with `${workspaceFolder}` in them made the session's folder (a project's `.venv`).
 */
function adapterCommand(folder) {
    const settings = vscode.workspace.getConfiguration(TYPE, folder);
    const expand = (word) => (folder ? word.split('${workspaceFolder}').join(folder.uri.fsPath) : word);
    const command = expand(settings.get('command') || 'sudoku-repl');
    const args = [...settings.get('commandArgs', []), 'dap'].map(expand);
    const log = settings.get('log');
    if (log) {
        args.push('--log', expand(log));
    }
    return { command, args };
}

const descriptorFactory = {
    // A launch configuration's `debugServer` (a port of `sudoku-repl dap --port N`) is VS Code's
    // own: it connects there and never asks this factory.
    createDebugAdapterDescriptor(session) {
        const folder = session.workspaceFolder;
        const { command, args } = adapterCommand(folder);
        const options = folder ? { cwd: folder.uri.fsPath } : undefined;
        return new vscode.DebugAdapterExecutable(command, args, options);
    },
};

const configurationProvider = {
    // F5 with no launch.json: debug the quiz file in the active editor.
    resolveDebugConfiguration(folder, config) {
        if (!config.type && !config.request && !config.name) {
            const editor = vscode.window.activeTextEditor;
            if (editor) {
                config.type = TYPE;
                config.name = 'Debug the quiz';
                config.request = 'launch';
                config.program = editor.document.uri.fsPath;
                config.stopOnEntry = true;
            }
        }
        if (!config.program && !config.quiz) {
            return vscode.window
                .showInformationMessage('Sudoku REPL: give a quiz file (program) or a quiz (quiz) to debug.')
                .then(() => undefined); // undefined: the session does not start
        }
        return config;
    },
};

function activate(context) {
    context.subscriptions.push(
        vscode.debug.registerDebugAdapterDescriptorFactory(TYPE, descriptorFactory),
        vscode.debug.registerDebugConfigurationProvider(TYPE, configurationProvider),
    );
}

function deactivate() {}

module.exports = { activate, deactivate };
