// The quiz file's editor while a session is stopped: a hover on a digit asks the adapter for that
// cell (the digit alone is what is evaluated: VS Code gives its line and column, which the
// adapter reads; anything else is not evaluated), and after each row's line its digits at the
// frame selected (inline values, from the Board's data: its `lines` and `cells`).
'use strict';

const vscode = require('vscode');

const LANGUAGE = 'sudoku';
const DIGIT = /[0-9.]/;

/** The one character under the pointer when it is a cell's digit (or dot), else nothing. */
const evaluatableProvider = {
    provideEvaluatableExpression(document, position) {
        const line = document.lineAt(position.line).text;
        if (line.trimStart().startsWith('#') || !DIGIT.test(line[position.character] || '')) {
            return undefined;
        }
        const range = new vscode.Range(position.line, position.character, position.line, position.character + 1);
        return new vscode.EvaluatableExpression(range);
    },
};

/** Row r's digits as the show block writes them: `406 005 300` (0: empty). */
function rowDigits(body, row) {
    const digits = body.cells
        .filter((cell) => cell.row === row)
        .sort((a, b) => a.col - b.col)
        .map((cell) => String(cell.value));
    const groups = [];
    for (let k = 0; k < digits.length; k += 3) {
        groups.push(digits.slice(k, k + 3).join(''));
    }
    return groups.join(' ');
}

/** The inline values of `document` from a board body: one after each row's line. */
function inlineValues(document, body) {
    if (!body || !body.file || !body.lines || !body.lines.length) {
        return [];
    }
    if (document.uri.fsPath !== body.file.path) {
        return [];
    }
    return body.lines
        .map((line, k) => {
            const index = line - 1; // (the adapter's lines start at 1, as VS Code asks)
            if (index < 0 || index >= document.lineCount) {
                return undefined;
            }
            const end = document.lineAt(index).range.end;
            return new vscode.InlineValueText(new vscode.Range(end, end), `row ${k + 1} = ${rowDigits(body, k + 1)}`);
        })
        .filter(Boolean);
}

function registerEditor(context, board) {
    const inline = {
        onDidChangeInlineValues: board.changed.event,
        async provideInlineValues(document, viewPort, inlineContext) {
            const session = vscode.debug.activeDebugSession;
            if (!session || session.type !== 'sudoku-repl' || board.over.has(session.id)) {
                return [];
            }
            try {
                return inlineValues(document, await board.ask(session, inlineContext.frameId));
            } catch {
                return []; // (a frame of a stop gone by: the next stop asks again)
            }
        },
    };
    context.subscriptions.push(
        vscode.languages.registerEvaluatableExpressionProvider(LANGUAGE, evaluatableProvider),
        vscode.languages.registerInlineValuesProvider(LANGUAGE, inline),
    );
}

module.exports = { registerEditor, rowDigits };
