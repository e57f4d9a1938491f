// editors/vscode/lib/board.js's focus after a step the Board asked for, without VS Code: its
// `vscode` module is a stand-in, the adapter's messages are given to the Board as its tracker
// would, and VS Code's selections of a frame as onDidChangeActiveStackItem would (the real
// focus: tests/editors). Timers are node:test's mock: no clock is waited on.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { loadBoard } = require('./with_vscode');

/** A board of step `step` as the adapter's sudokuStop event sends it (what the Board reads). */
function stop(step) {
    return { type: 'event', event: 'sudokuStop', body: { step, level: 0, biggest: 0, solutions: 0, name: `${step})`, cells: [] } };
}

test('the Board is told its stop only once VS Code\'s selections of it are over, the focus asked back at each', async (t) => {
    // (e2e, at load): VS Code 1.100 opens a stop's editor with the focus twice (its
    // selections ~0.1 s apart, more at load). The Board was told its stop (data-refocused) at
    // the first and got the focus back; the second opening took it again, and the test's next
    // key, pressed on data-refocused, went into the quiz.
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const Board = loadBoard();
    const board = new Board({ fsPath: '/ext' }, () => '');
    const session = { id: 's1', type: 'sudoku-repl', customRequest: async () => ({ result: '' }) };
    const page = { posted: [], postMessage(message) { this.posted.push(message); } };
    const told = () => page.posted.filter((m) => m.type === 'focus');
    board.seen(session, stop(0));
    board.seen(session, { type: 'event', event: 'stopped', body: {} });
    board.seen(session, { type: 'response', command: 'stackTrace', success: true, body: { stackFrames: [{ id: 1 }] } });
    await board.goto(98, page, false);
    board.seen(session, stop(98));
    board.seen(session, { type: 'event', event: 'stopped', body: {} });
    await board.refresh({ session, frameId: 1 }); // (the stop before, selected late)
    assert.deepEqual(told(), [{ type: 'focus' }], 'a late selection of the stop before: asked, not told');
    board.seen(session, { type: 'response', command: 'stackTrace', success: true, body: { stackFrames: [{ id: 2 }, { id: 3 }] } });
    await board.refresh({ session, frameId: 2 });
    assert.deepEqual(told(), [{ type: 'focus' }, { type: 'focus' }], 'its stop selected: asked, not told yet');
    t.mock.timers.tick(300);
    await board.refresh({ session, frameId: 2 }); // (VS Code's second opening of the stop)
    assert.deepEqual(told().length, 3, 'asked again');
    t.mock.timers.tick(300);
    assert.equal(told().length, 3, 'a selection came: not told yet');
    t.mock.timers.tick(100);
    assert.deepEqual(told().at(-1), { type: 'focus', step: 98 }, 'no selection for a while: told its stop');
    await board.refresh({ session, frameId: 3 }); // (the user's choice of a frame below the top)
    await board.refresh({ session, frameId: 2 });
    t.mock.timers.tick(1000);
    assert.equal(told().length, 4, 'the keeping is over: nothing asked');
});
