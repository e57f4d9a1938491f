// Microsoft's own DAP test client, DebugClient of @vscode/debugadapter-testsupport, driving
// `sudoku-repl dap` through the article's seed quiz (examples/seed.txt). The facts checked are the
// article's and docs/debugger.md's: level 11 is first reached at step 92 by a guess at [4,2],
// the search has one solution, found at step 131. The solution itself is checked as a Sudoku
// (every row, column and box holds 1..9, the givens kept), not against a copy of it.
'use strict';

const { describe, it, beforeEach, afterEach } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const {
    SEED, TEST_MS, frames, scope, serverClient, stdioClient, stopAfter, variables, within,
} = require('./client');

/** The seed's givens, read from the file: rows of nine characters, '0' an empty cell. */
const GIVENS = fs.readFileSync(SEED, 'utf8').split('\n')
    .filter((line) => /^[0-9 ]+$/.test(line) && line.trim())
    .map((line) => line.replace(/ /g, ''));

/** The line of the quiz file that holds row `row` (the nine-line form, after its comment). */
function lineOfRow(row) {
    const lines = fs.readFileSync(SEED, 'utf8').split('\n');
    return lines.indexOf(lines.filter((line) => /^[0-9 ]+$/.test(line) && line.trim())[row - 1]) + 1;
}

/** The character column (1-based) of the digit of cell [row, col] on its row's line. */
function columnOfCell(row, col) {
    const text = fs.readFileSync(SEED, 'utf8').split('\n')[lineOfRow(row) - 1];
    return [...text].map((ch, k) => (/[0-9]/.test(ch) ? k + 1 : 0)).filter(Boolean)[col - 1];
}

/** The nine rows of the Board scope of frame `frameId`, each nine values ('' for an empty cell). */
async function board(dc, frameId) {
    const rows = await variables(dc, (await scope(dc, frameId, 'Board')).variablesReference);
    assert.equal(rows.size, 9);
    const grid = [];
    for (const row of rows.values()) {
        const cells = await variables(dc, row.variablesReference);
        assert.equal(cells.size, 9, `row ${row.name}`);
        grid.push([...cells.values()].map((cell) => cell.value));
    }
    return grid;
}

/** The value of the variable `name` in the Run scope of frame `frameId`. */
async function runValue(dc, frameId, name) {
    const run = await variables(dc, (await scope(dc, frameId, 'Run')).variablesReference);
    assert.ok(run.has(name), `no ${name} in Run: ${[...run.keys()]}`);
    return run.get(name).value;
}

/** The present step's number: frame 0 is named as its trace line, `92) Guess ...`. */
function stepOf(frame) {
    const found = frame.name.match(/^(\d+)\)/);
    assert.ok(found, `frame 0 is not a step: ${frame.name}`);
    return Number(found[1]);
}

describe('DebugClient drives sudoku-repl dap on the seed quiz', () => {
    let dc;

    beforeEach(async () => {
        dc = stdioClient();
        await dc.start();
    });

    afterEach(async () => {
        await within(dc.stop(), 'disconnect');
    });

    it('announces what the issue asks for', { timeout: TEST_MS }, async () => {
        const response = await within(dc.initializeRequest(), 'initialize');
        for (const capability of [
            'supportsConfigurationDoneRequest', 'supportsFunctionBreakpoints',
            'supportsConditionalBreakpoints', 'supportsHitConditionalBreakpoints',
            'supportsDataBreakpoints', 'supportsStepBack', 'supportsRestartRequest',
            'supportsTerminateRequest', 'supportsGotoTargetsRequest', 'supportsCompletionsRequest',
            'supportsSetVariable', 'supportsEvaluateForHovers',
        ]) {
            assert.equal(response.body[capability], true, capability);
        }
    });

    it('stops at a breakpoint on a row of the quiz file, shown on that line', { timeout: TEST_MS }, async () => {
        // Row 4 gets values in steps that also place cells of other rows: the stop is shown on
        // the breakpoint's line all the same (hitBreakpoint asserts the stop's path and line).
        const line = lineOfRow(4);
        const [, , stop] = await dc.hitBreakpoint(
            { program: SEED, stopOnEntry: false }, { path: SEED, line }, { path: SEED, line },
        );
        // this stop and the next ones: on row 4's line, at the digit of a cell of row 4 that
        // holds a value now
        let top = stop.body.stackFrames[0];
        for (let stops = 1; ; stops++) {
            assert.equal(top.line, line, `stop ${stops}`);
            const col = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((c) => columnOfCell(4, c) === top.column);
            assert.ok(col, `stop ${stops}: column ${top.column} is not a digit of row 4's line`);
            const grid = await board(dc, top.id);
            assert.match(grid[3][col - 1], /^[1-9]$/, `stop ${stops}`);
            if (stops === 5) {
                break;
            }
            const next = await stopAfter(dc, () => dc.continueRequest({ threadId: 1 }));
            assert.equal(next.reason, 'breakpoint', `stop ${stops + 1}: ${next.description}`);
            top = (await frames(dc, next))[0];
        }
    });

    it('stops at a breakpoint on a cell: a row\'s line and the column of its digit', { timeout: TEST_MS }, async () => {
        // [4,2]: on row 4's line, `400 005 300`, its digit is the second character; the step
        // that gives it a value places other cells too: the stop is shown at [4,2] all the same
        const at = { path: SEED, line: lineOfRow(4), column: columnOfCell(4, 2) };
        assert.equal(at.column, 2);
        const [, , stop] = await dc.hitBreakpoint({ program: SEED, stopOnEntry: false }, at, at);
        const top = stop.body.stackFrames[0];
        assert.equal(top.line, at.line);
        assert.equal(top.column, at.column);
        const grid = await board(dc, top.id);
        assert.match(grid[3][1], /^[1-9]$/); // the breakpoint stops where [4,2] got its value
    });

    it('time travels: function breakpoint, stack, scopes, evaluate, stepBack', { timeout: TEST_MS }, async () => {
        const entry = await stopAfter(dc, () => within(Promise.all([
            dc.configurationSequence(),
            dc.launch({ program: SEED, stopOnEntry: true }),
        ]), 'launch'));
        assert.equal(entry.reason, 'entry');

        const set = await within(dc.setFunctionBreakpointsRequest({
            breakpoints: [{ name: 'level >= 11' }],
        }), 'setFunctionBreakpoints');
        assert.equal(set.body.breakpoints[0].verified, true, set.body.breakpoints[0].message);

        const hit = await stopAfter(dc, () => dc.continueRequest({ threadId: entry.threadId }));
        assert.equal(hit.reason, 'function breakpoint');
        const stack = await frames(dc, hit);
        // frame 0 the present step, then levels 11 (innermost) to 1
        assert.equal(stack[0].name, '92) Guess [4,2] level 11 at 1 out of 2');
        assert.equal(stack[0].source.path, SEED);
        assert.equal(stack[0].line, lineOfRow(4));
        assert.equal(stack[0].column, 2);
        assert.equal(stack.length, 12);
        assert.match(stack[1].name, /Level 11 \[4,2\]/);
        assert.match(stack[11].name, /Level 1 \[6,2\]/);

        const grid = await board(dc, stack[0].id);
        for (let row = 0; row < 9; row++) {
            for (let column = 0; column < 9; column++) {
                if (GIVENS[row][column] !== '0') {
                    assert.equal(grid[row][column], GIVENS[row][column], `given [${row + 1},${column + 1}]`);
                }
            }
        }
        assert.equal(grid[3][1], '2'); // the guess of step 92: [4,2] takes 2, its first candidate
        assert.equal(await runValue(dc, stack[0].id, 'step'), '92');
        assert.equal(await runValue(dc, stack[0].id, 'level'), '11');

        const hover = await within(dc.evaluateRequest({ expression: '[1,3]', context: 'hover', frameId: stack[0].id }), 'hover');
        assert.equal(hover.body.result, '[1,3]=5: given');
        const when = await within(dc.evaluateRequest({ expression: 'when [4,2]', context: 'repl', frameId: stack[0].id }), 'evaluate');
        assert.match(when.body.result, /^92\) \[4,2\] got 2$/m);

        const back = await stopAfter(dc, () => dc.stepBackRequest({ threadId: hit.threadId }));
        assert.equal(back.reason, 'step');
        assert.equal(stepOf((await frames(dc, back))[0]), 91);
        const again = await stopAfter(dc, () => dc.nextRequest({ threadId: hit.threadId }));
        assert.equal(stepOf((await frames(dc, again))[0]), 92);
    });

    it('runs to the solution, then to the end', { timeout: TEST_MS }, async () => {
        const output = [];
        dc.on('output', (event) => output.push(event.body.output));
        const entry = await stopAfter(dc, () => within(Promise.all([
            dc.configurationSequence(),
            dc.launch({ program: SEED, stopOnEntry: true }),
        ]), 'launch'));

        const solved = await stopAfter(dc, () => dc.continueRequest({ threadId: entry.threadId }));
        assert.match(output.join(''), /^Fine \[steps:131, solution sum:1\]\.$/m);
        const stack = await frames(dc, solved);
        assert.equal(await runValue(dc, stack[0].id, 'step'), '131');
        assert.equal(await runValue(dc, stack[0].id, 'solution sum'), '1');
        const grid = await board(dc, stack[0].id);
        const digits = '123456789';
        const sorted = (cells) => [...cells].sort().join('');
        for (let i = 0; i < 9; i++) {
            assert.equal(sorted(grid[i]), digits, `row ${i + 1}`);
            assert.equal(sorted(grid.map((row) => row[i])), digits, `column ${i + 1}`);
            const box = [];
            for (let cell = 0; cell < 9; cell++) {
                box.push(grid[3 * Math.floor(i / 3) + Math.floor(cell / 3)][3 * (i % 3) + (cell % 3)]);
            }
            assert.equal(sorted(box), digits, `box ${i + 1}`);
            for (let column = 0; column < 9; column++) {
                if (GIVENS[i][column] !== '0') {
                    assert.equal(grid[i][column], GIVENS[i][column]);
                }
            }
        }

        // the end of the search is a stop that says so; the session stays
        const end = await stopAfter(dc, () => dc.continueRequest({ threadId: entry.threadId }));
        assert.match(end.description, /^The search ended at step \d+: step back or restart\.$/);
    });
});

describe('DebugClient on sudoku-repl dap --port 0', () => {
    it('serves one client and ends when it disconnects', { timeout: TEST_MS }, async () => {
        const { dc, ended } = await serverClient();
        const entry = await stopAfter(dc, () => within(Promise.all([
            dc.configurationSequence(),
            dc.launch({ program: SEED, stopOnEntry: true }),
        ]), 'launch'));
        assert.equal(entry.reason, 'entry');
        const stack = await frames(dc, entry);
        assert.equal(stack.length, 1); // no guess yet: the present step alone
        await within(dc.disconnectRequest({}), 'disconnect');
        const { code } = await within(ended, 'the adapter\'s end');
        assert.equal(code, 0);
    });
});
