// The Sudoku REPL debugger for VS Code: it finds `sudoku-repl` (lib/adapter.js) and starts
// `sudoku-repl dap` (the Debug Adapter Protocol on stdin/stdout) for each debug session of type
// `sudoku-repl`, gives quiz files the language `sudoku` (lib/quiz.js), and shows the board at the
// selected frame in the Board view (lib/board.js). The debugging itself (the call stack, the
// variables, stepping back, the debug console) is the adapter's; see docs/editors.md.
'use strict';

const vscode = require('vscode');
const adapter = require('./lib/adapter');
const { looksLikeQuiz } = require('./lib/quiz');
const { registerBoardView } = require('./lib/board');

const TYPE = 'sudoku-repl';
const LANGUAGE = 'sudoku';

/** What discovery found last, per workspace folder ('' without one): `{command, args, from}`. */
const found = new Map();
let log;

function folderKey(folder) {
    return folder ? folder.uri.toString() : '';
}

/** The Python extension's interpreter for the folder, or undefined (not installed, none set). */
async function pythonInterpreter(folder) {
    const python = vscode.extensions.getExtension('ms-python.python');
    if (!python) {
        return undefined;
    }
    try {
        const api = python.isActive ? python.exports : await python.activate();
        const environments = api && api.environments;
        if (!environments) {
            return undefined;
        }
        const active = environments.getActiveEnvironmentPath(folder ? folder.uri : undefined);
        const resolved = active && (await environments.resolveEnvironment(active));
        const uri = resolved && resolved.executable && resolved.executable.uri;
        return uri ? uri.fsPath : undefined;
    } catch (error) {
        log.appendLine(`The Python extension's interpreter could not be read: ${error}`);
        return undefined;
    }
}

/** The adapter's command for the folder, checked (`--version`), or undefined after an error. */
async function locateAdapter(folder) {
    const settings = vscode.workspace.getConfiguration(TYPE, folder);
    const folderPath = folder ? folder.uri.fsPath : undefined;
    const setting = settings.get('command') || '';
    const list = adapter.candidates({
        setting,
        settingArgs: settings.get('commandArgs', []),
        folderPath,
        platform: process.platform,
        pythonPath: setting.trim() ? undefined : await pythonInterpreter(folder),
        pathEnv: process.env.PATH,
        isFile: adapter.isFileOnDisk,
    });
    const { found: chosen, tried } = await adapter.findAdapter(list, {
        isFile: adapter.isFileOnDisk,
        probe: (command, args) => adapter.probeVersion(command, args, folderPath),
    });
    for (const line of tried) {
        log.appendLine(`Not used: ${line}`);
    }
    if (!chosen) {
        const message = adapter.notFoundMessage(tried, Boolean(setting.trim()));
        log.appendLine(message);
        vscode.window.showErrorMessage(message, 'Open Settings', 'Show Log').then((pick) => {
            if (pick === 'Open Settings') {
                vscode.commands.executeCommand('workbench.action.openSettings', adapter.SETTING);
            } else if (pick === 'Show Log') {
                log.show();
            }
        });
        return undefined;
    }
    log.appendLine(`The adapter: ${[chosen.command, ...chosen.args].join(' ')} dap (${chosen.from})`);
    found.set(folderKey(folder), chosen);
    return chosen;
}

const descriptorFactory = {
    // A launch configuration's `debugServer` (a port of `sudoku-repl dap --port N`) is VS Code's
    // own: it connects there and never asks this factory.
    async createDebugAdapterDescriptor(session) {
        const folder = session.workspaceFolder;
        const chosen = found.get(folderKey(folder)) || (await locateAdapter(folder));
        if (!chosen) {
            return undefined;
        }
        const settings = vscode.workspace.getConfiguration(TYPE, folder);
        const args = [...chosen.args, 'dap'];
        const logFile = settings.get('log');
        if (logFile) {
            args.push('--log', adapter.expand(logFile, folder ? folder.uri.fsPath : undefined));
        }
        const options = folder ? { cwd: folder.uri.fsPath } : undefined;
        return new vscode.DebugAdapterExecutable(chosen.command, args, options);
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
            vscode.window.showInformationMessage('Sudoku REPL: give a quiz file (program) or a quiz (quiz) to debug.');
            return undefined; // the session does not start
        }
        return config;
    },
    // The adapter is found and checked before the session starts, so that a missing or broken
    // one is an error notification rather than nothing (an adapter on a port is not ours to check).
    async resolveDebugConfigurationWithSubstitutedVariables(folder, config) {
        if (config.debugServer !== undefined) {
            return config;
        }
        return (await locateAdapter(folder)) ? config : undefined;
    },
};

/** A plain-text file that reads as a quiz gets the language `sudoku`. */
function claimQuiz(document) {
    if (document.languageId === 'plaintext' && document.uri.scheme !== 'output' && looksLikeQuiz(document.getText())) {
        vscode.languages.setTextDocumentLanguage(document, LANGUAGE);
    }
}

function activate(context) {
    log = vscode.window.createOutputChannel('Sudoku REPL');
    context.subscriptions.push(
        log,
        vscode.debug.registerDebugAdapterDescriptorFactory(TYPE, descriptorFactory),
        vscode.debug.registerDebugConfigurationProvider(TYPE, configurationProvider),
        vscode.workspace.onDidOpenTextDocument(claimQuiz),
        vscode.workspace.onDidChangeConfiguration((event) => {
            if (event.affectsConfiguration(TYPE)) {
                found.clear();
            }
        }),
    );
    vscode.workspace.textDocuments.forEach(claimQuiz);
    registerBoardView(context);
}

function deactivate() {}

module.exports = { activate, deactivate };
