// The quiz file's editor while a session is stopped: a hover on a digit asks the adapter for that
// cell (the digits alone are what is evaluated: VS Code gives the range's line and column, which
// the adapter reads; anything else is not evaluated), and after each row's line its digits at
// the frame selected (inline values, from the Board's data: its `lines` and `cells`).
'use strict';

const vscode = require('vscode');

const LANGUAGE = 'sudoku';
const DIGIT = /[0-9.]/;
/** Where inline values are asked for: quiz files, and plain-text files too. A `.txt`
 * quiz opened again during a stop opens as plain text and becomes `sudoku` only when the
 * extension hears of it (setTextDocumentLanguage); VS Code 1.100 asks an editor's inline values
 * when its model comes, not when its language changes, and never on a provider's
 * onDidChangeInlineValues, so a provider of `sudoku` alone was never asked for it. The answer
 * is the debugged quiz's rows only (inlineValues compares the path), nothing for other files. */
const INLINE_SELECTOR = [LANGUAGE, { language: 'plaintext', scheme: 'file' }];

/** The digits the pointer may be on, as [start, end) of the line, or undefined. VS Code gives
 * the caret boundary nearest the pointer, `k`: the pointer is on the right half of character
 * k - 1 or the left half of character k, which cannot be told apart. So the range is
 * both when both are digits (the adapter names both cells), else the one digit of the two. */
function hoveredDigits(line, k) {
    if (line.trimStart().startsWith('#')) {
        return undefined;
    }
    const before = k > 0 && DIGIT.test(line[k - 1] || '');
    const after = DIGIT.test(line[k] || '');
    if (!before && !after) {
        return undefined;
    }
    return [before ? k - 1 : k, after ? k + 1 : k];
}

/** The digit or digits under the pointer (hoveredDigits), else nothing. */
const evaluatableProvider = {
    provideEvaluatableExpression(document, position) {
        const digits = hoveredDigits(document.lineAt(position.line).text, position.character);
        if (!digits) {
            return undefined;
        }
        const range = new vscode.Range(position.line, digits[0], position.line, digits[1]);
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
        vscode.languages.registerInlineValuesProvider(INLINE_SELECTOR, inline),
    );
}

module.exports = { registerEditor, rowDigits, hoveredDigits };
