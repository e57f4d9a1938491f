// The Sudoku REPL debugger for VS Code: it finds `sudoku-repl` (lib/adapter.js) and starts
// `sudoku-repl dap` (the Debug Adapter Protocol on stdin/stdout) for each debug session of type
// `sudoku-repl`, gives quiz files the language `sudoku` (lib/quiz.js) and marks their problems
// (lib/diagnostics.js), shows the board at the selected frame (lib/board.js: the Board view, an
// editor tab, the status bar), and a cell under the pointer and each row's digits in the quiz
// file (lib/editor.js). The debugging itself (the call stack, the variables, stepping back, the
// debug console) is the adapter's; see docs/editors.md.
'use strict';

const path = require('node:path');
const vscode = require('vscode');
const adapter = require('./lib/adapter');
const { looksLikeQuiz } = require('./lib/quiz');
const { registerBoard } = require('./lib/board');
const { registerEditor } = require('./lib/editor');
const { QuizChecker } = require('./lib/diagnostics');

const TYPE = 'sudoku-repl';
const LANGUAGE = 'sudoku';

/** What discovery found last, per workspace folder ('' without one): `{command, args, from}`. */
const found = new Map();
let log;
let board;
let checker;
/** A refused quiz's notification is up: the next session that starts hides it (it
 * outlived the sessions after it; an extension cannot close its own notification, so the toasts
 * are hidden, kept in the notification centre). */
let refusalShown = false;

function folderKey(folder) {
    return folder ? folder.uri.toString() : '';
}

/** The Python extension's interpreter for the folder, or undefined (none set); without the
 * extension, its setting python.defaultInterpreterPath. */
async function pythonInterpreter(folder) {
    const python = vscode.extensions.getExtension('ms-python.python');
    if (!python) {
        const setting = vscode.workspace.getConfiguration('python', folder).get('defaultInterpreterPath');
        return setting && setting !== 'python' ? adapter.expand(setting, folder ? folder.uri.fsPath : undefined) : undefined;
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

/** The adapter's command for the folder, checked (`--version`), or undefined after an error
 * (`quiet`: no error shown, as for a quiz file's marks). */
async function locateAdapter(folder, quiet = false) {
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
        env: process.env,
        isFile: adapter.isFileOnDisk,
    });
    log.appendLine(`Looking for the adapter; PATH searched: ${process.env.PATH || '(empty)'}`);
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
        if (quiet) {
            return undefined;
        }
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

/** The adapter found for a folder before, else looked for quietly (a quiz file's marks). */
async function adapterFor(folder) {
    return found.get(folderKey(folder)) || (await locateAdapter(folder, true));
}

/** A launch's quiz file refused by `dap --check`: its problems marked, the board cleared, and
 * true (no session starts); false when it loads (or cannot be checked: the adapter says). */
async function refusedQuiz(config) {
    if (typeof config.program !== 'string' || !config.program) {
        return false;
    }
    const folder = config.cwd || (vscode.workspace.workspaceFolders || [])[0]?.uri.fsPath;
    const file = path.resolve(folder || process.cwd(), config.program);
    let document;
    try {
        document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    } catch {
        return false; // (a file that cannot be read: the adapter's launch says why)
    }
    const problems = await checker.check(document);
    if (!problems || !problems.length) {
        return false;
    }
    const name = path.basename(file);
    board.refused(name, problems[0].message);
    const where = `${name}:${problems[0].line}`;
    refusalShown = true;
    vscode.window.showErrorMessage(`Sudoku REPL: ${where}: ${problems[0].message}`, 'Show Problems').then((pick) => {
        if (pick) {
            vscode.commands.executeCommand('workbench.actions.view.problems');
        }
    });
    return true;
}

const configurationProvider = {
    // F5 with no launch.json: debug the quiz file in the active editor, the session named by it.
    resolveDebugConfiguration(folder, config) {
        if (!config.type && !config.request && !config.name) {
            const editor = vscode.window.activeTextEditor;
            if (editor) {
                config.type = TYPE;
                config.name = `Debug ${path.basename(editor.document.uri.fsPath)}`;
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
    // one is an error notification rather than nothing (an adapter on a port is not ours to
    // check); so is the quiz file, whose problem is marked on its line rather than a launch's
    // error (VS Code's modal offers only launch.json, which F5 on a file has none of).
    async resolveDebugConfigurationWithSubstitutedVariables(folder, config) {
        if (config.debugServer !== undefined) {
            return config;
        }
        if (!(await locateAdapter(folder))) {
            return undefined;
        }
        return (await refusedQuiz(config)) ? undefined : config;
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
        vscode.debug.onDidStartDebugSession((session) => {
            if (session.type === TYPE && refusalShown) {
                refusalShown = false;
                vscode.commands.executeCommand('notifications.hideToasts');
            }
        }),
        vscode.workspace.onDidChangeConfiguration((event) => {
            if (event.affectsConfiguration(TYPE)) {
                found.clear();
            }
        }),
    );
    vscode.workspace.textDocuments.forEach(claimQuiz);
    board = registerBoard(context, (folder) => {
        const file = vscode.workspace.getConfiguration(TYPE, folder).get('log');
        return file ? adapter.expand(file, folder ? folder.uri.fsPath : undefined) : '';
    });
    registerEditor(context, board);
    checker = new QuizChecker(adapterFor);
    checker.register(context);
}

function deactivate() {}

module.exports = { activate, deactivate };
