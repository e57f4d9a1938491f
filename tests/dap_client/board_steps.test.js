// editors/vscode/lib/board.js's list of every step Sudoku Explainer offers, without VS Code: the
// Board's page asks for it (`steps`), the extension asks the adapter (`sudokuBoard` with `steps:
// true`, of the frame shown) and gives the page the adapter's answer, or the line that says why
// there is none. The adapter's own answer: tests/dap/test_board_steps.py.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { loadBoard } = require('./with_vscode');

const LISTED = { steps: [{ technique: 'Hidden Single', rating: 1.2, line: 'Hidden Single in block 7: [8,3]=9 (ER 1.2)' }] };

test("the page's list of every step is the adapter's sudokuBoard steps of the frame shown", async () => {
    const Board = loadBoard();
    const board = new Board({ fsPath: '/ext' }, () => '');
    const asked = [];
    const answers = [{ step: 0, steps: LISTED }, { step: 3 }];
    const session = {
        id: 's1',
        type: 'sudoku-repl',
        customRequest: async (command, args) => {
            asked.push([command, args]);
            return answers.shift();
        },
    };
    const page = { posted: [], postMessage(message) { this.posted.push(message); } };
    board.shown = { session, frameId: undefined, body: { step: 0 } };
    await board.received({ type: 'steps', step: 0 }, page);
    board.shown = { session, frameId: 7, body: { step: 3 } };
    await board.received({ type: 'steps', step: 3 }, page); // (an adapter without the list)
    assert.deepEqual(asked, [
        ['sudokuBoard', { steps: true }],
        ['sudokuBoard', { steps: true, frameId: 7 }],
    ]);
    assert.deepEqual(page.posted, [
        { type: 'steps', step: 0, steps: LISTED },
        { type: 'steps', step: 3, steps: { none: 'This sudoku-repl lists no steps: install a newer sudoku-repl.' } },
    ]);
    board.shown = { ...board.shown, over: true };
    await board.received({ type: 'steps', step: 3 }, page);
    assert.equal(page.posted.length, 2, 'a session over: nothing asked');
});
