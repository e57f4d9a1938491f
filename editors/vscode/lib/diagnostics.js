// A quiz file's problems in the Problems panel and on its lines, as `load-quiz` would refuse it:
// `<adapter> dap --check FILE --stdin` reads the text as edited (saved or not) and says where
// (docs/dap.md). Asked when a quiz file opens, a short while after each edit (one check at a
// time per file: the latest text wins), and before a launch, which a problem stops.
'use strict';

const { execFile } = require('node:child_process');
const vscode = require('vscode');

const LANGUAGE = 'sudoku';
const QUIET_MS = 400; // after an edit, before the check

/** `<command> <args> dap --check name --stdin` with `text` on stdin: the problems, or null. */
function runCheck(adapter, name, text, cwd) {
    return new Promise((resolve) => {
        const child = execFile(
            adapter.command,
            [...adapter.args, 'dap', '--check', name, '--stdin'],
            { cwd, timeout: 60000, windowsHide: true, maxBuffer: 1 << 20 },
            (error, stdout) => {
                if (error) {
                    resolve(null); // (an older adapter without --check, say: no marks)
                    return;
                }
                try {
                    resolve(JSON.parse(stdout).problems);
                } catch {
                    resolve(null);
                }
            },
        );
        child.stdin.on('error', () => {}); // (a child that ended first: its status says)
        child.stdin.end(text);
    });
}

/** A problem of the adapter (1-based lines and columns) as VS Code's diagnostic. */
function diagnostic(problem) {
    const line = Math.max(0, problem.line - 1);
    const start = Math.max(0, problem.column - 1);
    const end = Math.max(start + 1, problem.endColumn - 1);
    const found = new vscode.Diagnostic(new vscode.Range(line, start, line, end), problem.message, vscode.DiagnosticSeverity.Error);
    found.source = 'sudoku-repl';
    return found;
}

class QuizChecker {
    /** `adapterFor(folder)`: the adapter found for a folder, quietly (undefined: none). */
    constructor(adapterFor) {
        this.adapterFor = adapterFor;
        this.collection = vscode.languages.createDiagnosticCollection('sudoku-repl');
        this.timers = new Map();
        this.asked = new Map(); // document uri -> the number of its latest check
    }

    /** The document's problems now (set as its diagnostics too), or null when no adapter. */
    async check(document) {
        const key = document.uri.toString();
        const number = (this.asked.get(key) || 0) + 1;
        this.asked.set(key, number);
        const folder = vscode.workspace.getWorkspaceFolder(document.uri);
        const adapter = await this.adapterFor(folder);
        if (!adapter) {
            return null;
        }
        const cwd = folder ? folder.uri.fsPath : undefined;
        const problems = await runCheck(adapter, document.uri.fsPath, document.getText(), cwd);
        if (problems === null || this.asked.get(key) !== number) {
            return problems; // (a later check sets the marks)
        }
        this.collection.set(document.uri, problems.map(diagnostic));
        return problems;
    }

    /** An edit: checked once the typing has paused. */
    later(document) {
        if (document.languageId !== LANGUAGE || document.uri.scheme !== 'file') {
            return;
        }
        const key = document.uri.toString();
        clearTimeout(this.timers.get(key));
        this.timers.set(key, setTimeout(() => {
            this.timers.delete(key);
            this.check(document);
        }, QUIET_MS));
    }

    register(context) {
        context.subscriptions.push(
            this.collection,
            vscode.workspace.onDidOpenTextDocument((document) => this.later(document)),
            vscode.workspace.onDidChangeTextDocument((event) => this.later(event.document)),
            vscode.workspace.onDidCloseTextDocument((document) => this.collection.delete(document.uri)),
        );
        vscode.workspace.textDocuments.forEach((document) => this.later(document));
    }
}

module.exports = { QuizChecker, runCheck };
