// The VS Code extension's pure parts (editors/vscode/lib), under node's own test runner: where
// the adapter is looked for and what is said when none works (lib/adapter.js), which
// plain-text files are quizzes (lib/quiz.js), and when the Board gets the focus back after a
// step it asked for (lib/focus.js; the real focus in tests/editors). The quiz files read are the
// repository's own.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const LIB = path.join(__dirname, '..', '..', 'editors', 'vscode', 'lib');
const REPO = path.join(__dirname, '..', '..');
const adapter = require(path.join(LIB, 'adapter.js'));
const { looksLikeQuiz } = require(path.join(LIB, 'quiz.js'));
const { FocusKeeper } = require(path.join(LIB, 'focus.js'));

const nothing = () => false;

test('without a setting: the venvs, the Python extension\'s interpreter\'s folder and -m, then PATH', () => {
    const files = new Set(['/usr/local/bin/sudoku-repl']);
    const list = adapter.candidates({
        setting: '',
        folderPath: '/home/me/quizzes',
        platform: 'linux',
        pythonPath: '/opt/py/bin/python3',
        pathEnv: '/usr/bin:/usr/local/bin',
        isFile: (f) => files.has(f),
    });
    assert.deepEqual(
        list.map((c) => [c.command, c.args, c.from]),
        [
            ['/home/me/quizzes/.venv/bin/sudoku-repl', [], "the workspace's .venv"],
            ['/home/me/quizzes/venv/bin/sudoku-repl', [], "the workspace's venv"],
            ['/opt/py/bin/sudoku-repl', [], "the Python extension's interpreter's folder"],
            ['/opt/py/bin/python3', ['-m', 'sudoku_repl'], "the Python extension's interpreter"],
            ['/usr/local/bin/sudoku-repl', [], 'PATH'],
        ],
    );
});

test('an activated venv or conda environment of the extension host, before PATH', () => {
    const list = adapter.candidates({
        setting: '',
        folderPath: '/w',
        platform: 'linux',
        pathEnv: '/usr/bin',
        env: { VIRTUAL_ENV: '/home/me/env', CONDA_PREFIX: '/opt/conda' },
        isFile: nothing,
    });
    assert.deepEqual(
        list.slice(2).map((c) => [c.command, c.from]),
        [
            ['/home/me/env/bin/sudoku-repl', 'the activated venv, $VIRTUAL_ENV'],
            ['/opt/conda/bin/sudoku-repl', 'the activated conda environment, $CONDA_PREFIX'],
            ['sudoku-repl', 'PATH'],
        ],
    );
    // (the workspace's own .venv activated: tried once)
    const same = adapter.candidates({ setting: '', folderPath: '/w', platform: 'linux', pathEnv: '', env: { VIRTUAL_ENV: '/w/.venv' }, isFile: nothing });
    assert.equal(same.filter((c) => c.command === '/w/.venv/bin/sudoku-repl').length, 1);
    const windows = adapter.candidates({ setting: '', platform: 'win32', pathEnv: '', env: { VIRTUAL_ENV: 'C:\\e' }, isFile: nothing });
    assert.equal(windows[0].command, 'C:\\e\\Scripts\\sudoku-repl.exe');
});

test('whatever the extension host starts from: pyenv shims first on PATH, another venv active, none', async () => {
    // pyenv's shim of a program that its selected Python lacks fails (exit 127): the next
    // sudoku-repl on PATH is taken, the shim's failure said (a folder twice on PATH: once)
    const shim = '/home/me/.pyenv/shims/sudoku-repl';
    const pipx = '/home/me/.local/bin/sudoku-repl';
    const files = new Set([shim, pipx]);
    const isFile = (f) => files.has(f);
    const pyenv = adapter.candidates({ setting: '', folderPath: '/w', platform: 'linux', pathEnv: '/home/me/.pyenv/shims:/home/me/.local/bin:/home/me/.local/bin:/usr/bin', env: {}, isFile });
    assert.deepEqual(pyenv.slice(2).map((c) => [c.command, c.from]), [[shim, 'PATH'], [pipx, 'PATH']]);
    const probe = async (command) => (command === shim ? "exit status 127: pyenv: sudoku-repl: command not found" : null);
    const fromShims = await adapter.findAdapter(pyenv, { isFile, probe });
    assert.equal(fromShims.found.command, pipx);
    assert.equal(fromShims.tried[2], `${shim} (PATH): exit status 127: pyenv: sudoku-repl: command not found`);
    // another venv active (its bin first on PATH, no sudoku-repl in it): said, then PATH's
    const other = adapter.candidates({ setting: '', folderPath: '/w', platform: 'linux', pathEnv: '/home/me/other/bin:/home/me/.local/bin', env: { VIRTUAL_ENV: '/home/me/other' }, isFile });
    const fromOther = await adapter.findAdapter(other, { isFile, probe });
    assert.equal(fromOther.found.command, pipx);
    assert.equal(fromOther.tried[2], '/home/me/other/bin/sudoku-repl (the activated venv, $VIRTUAL_ENV): not found');
    // the activated venv's bin on PATH too: its sudoku-repl tried once
    files.add('/home/me/other/bin/sudoku-repl');
    const twice = adapter.candidates({ setting: '', platform: 'linux', pathEnv: '/home/me/other/bin', env: { VIRTUAL_ENV: '/home/me/other' }, isFile });
    assert.deepEqual(twice.map((c) => [c.command, c.from]), [['/home/me/other/bin/sudoku-repl', 'the activated venv, $VIRTUAL_ENV']]);
    // none: no venv activated, no sudoku-repl on PATH
    const none = adapter.candidates({ setting: '', folderPath: '/w', platform: 'linux', pathEnv: '/usr/bin:/bin', env: {}, isFile: nothing });
    const nothingFound = await adapter.findAdapter(none, { isFile: nothing, probe });
    assert.equal(nothingFound.found, null);
    assert.deepEqual(nothingFound.tried.slice(2), ['sudoku-repl (PATH): not found']);
});

test('on Windows: Scripts\\sudoku-repl.exe and PATHEXT endings', () => {
    const list = adapter.candidates({
        setting: '',
        folderPath: 'C:\\q',
        platform: 'win32',
        pathEnv: 'C:\\Py\\Scripts;C:\\Windows',
        isFile: (f) => f === 'C:\\Py\\Scripts\\sudoku-repl.exe',
    });
    assert.equal(list[0].command, 'C:\\q\\.venv\\Scripts\\sudoku-repl.exe');
    assert.equal(list[2].command, 'C:\\Py\\Scripts\\sudoku-repl.exe');
    const beside = adapter.candidates({ setting: '', platform: 'win32', pythonPath: 'C:\\v\\Scripts\\python.exe', pathEnv: '', isFile: nothing });
    assert.equal(beside[0].command, 'C:\\v\\Scripts\\sudoku-repl.exe');
});

test('a setting is the only candidate, ${workspaceFolder} and ~ expanded', () => {
    const list = adapter.candidates({
        setting: '${workspaceFolder}/env/bin/python',
        settingArgs: ['-m', 'sudoku_repl'],
        folderPath: '/w',
        platform: 'linux',
        pythonPath: '/opt/py/bin/python3',
        pathEnv: '/usr/bin',
        isFile: () => true,
    });
    assert.deepEqual(list, [{ command: '/w/env/bin/python', args: ['-m', 'sudoku_repl'], from: 'the setting sudoku-repl.command' }]);
    assert.equal(adapter.expand('~/bin/sudoku-repl', undefined, '/home/me'), '/home/me/bin/sudoku-repl');
});

test('the first candidate that answers --version is taken; the others are said', async () => {
    const list = adapter.candidates({ setting: '', folderPath: '/w', platform: 'linux', pythonPath: '/py', pathEnv: '', isFile: nothing });
    const files = new Set(['/w/venv/bin/sudoku-repl', '/py']);
    const probed = [];
    const { found, tried } = await adapter.findAdapter(list, {
        isFile: (f) => files.has(f),
        probe: async (command, args) => {
            probed.push([command, ...args].join(' '));
            return command === '/py' ? null : 'exit status 1: ModuleNotFoundError: No module named prompt_toolkit';
        },
    });
    assert.deepEqual(probed, ['/w/venv/bin/sudoku-repl', '/py -m sudoku_repl']); // (no /sudoku-repl: not a file)
    assert.equal(found.command, '/py');
    assert.deepEqual(tried, [
        "/w/.venv/bin/sudoku-repl (the workspace's .venv): not found",
        "/w/venv/bin/sudoku-repl (the workspace's venv): exit status 1: ModuleNotFoundError: No module named prompt_toolkit",
        "/sudoku-repl (the Python extension's interpreter's folder): not found",
    ]);
});

test('none found: the message names what was tried and the setting to set', async () => {
    const list = adapter.candidates({ setting: '', folderPath: '/w', platform: 'linux', pathEnv: '/usr/bin', isFile: nothing });
    const { found, tried } = await adapter.findAdapter(list, { isFile: nothing, probe: async () => null });
    assert.equal(found, null);
    const message = adapter.notFoundMessage(tried, false);
    for (const part of ['/w/.venv/bin/sudoku-repl', '/w/venv/bin/sudoku-repl', 'sudoku-repl (PATH): not found', 'sudoku-repl.command', '.venv/bin/pip install /path/to/sudoku-repl', "in a remote window, as code-server's, PATH is the login shell's"]) {
        assert.ok(message.includes(part), `${part} in ${message}`);
    }
    const setting = adapter.notFoundMessage(['/nope/sudoku-repl (the setting sudoku-repl.command): not found'], true);
    assert.match(setting, /\/nope\/sudoku-repl .*not found.*Set sudoku-repl\.command/);
});

test('a long folder path: the notification stays short, what to do whole, the commands tried as far as they fit', async () => {
    // (VS Code hides a toast taller than the window's room for it: the error of 750 characters
    // went unseen in the e2e test's window; and it cuts a notification's text at 1,000)
    const tried = async (folder) => {
        const list = adapter.candidates({ setting: '', folderPath: folder, platform: 'linux', pathEnv: '/usr/bin', isFile: nothing });
        return (await adapter.findAdapter(list, { isFile: nothing, probe: async () => null })).tried;
    };
    const advice = ['.venv/bin/pip install /path/to/sudoku-repl', 'sudoku-repl.command', "in a remote window, as code-server's, PATH is the login shell's"];
    const long = `/home/someone/${'a-rather-long-folder-name/'.repeat(2)}puzzles`;
    const message = adapter.notFoundMessage(await tried(long), false);
    assert.ok(message.length <= 480, `${message.length} characters`);
    for (const part of [...advice, `Tried: ${long}/.venv/bin/sudoku-repl (the workspace's .venv): not found; and 2 more (Show Log).`]) {
        assert.ok(message.includes(part), `${part} in ${message}`);
    }
    const longer = `/home/someone/${'a-rather-long-folder-name/'.repeat(16)}puzzles`;
    const none = adapter.notFoundMessage(await tried(longer), false);
    assert.ok(none.length <= 480, `${none.length} characters`);
    for (const part of [...advice, 'Tried: 3 more (Show Log).']) {
        assert.ok(none.includes(part), `${part} in ${none}`);
    }
    const setting = adapter.notFoundMessage([`${longer}/sudoku-repl (the setting sudoku-repl.command): not found`], true);
    assert.ok(setting.length <= 480, `${setting.length} characters`);
    assert.match(setting, /cannot be started: 1 more \(Show Log\)\. Set sudoku-repl\.command to a sudoku-repl program/);
});

test('--version is asked of the program itself (a real process)', async () => {
    assert.equal(await adapter.probeVersion(process.execPath, ['-e', 'console.log("sudoku-repl 9.9")', '--'], undefined), null);
    assert.match(await adapter.probeVersion(process.execPath, ['-e', 'process.exit(3)', '--'], undefined), /^exit status 3/);
    assert.equal(await adapter.probeVersion(path.join(REPO, 'no-such-program'), [], undefined), 'not found');
});

test('quiz files are told by their content', () => {
    const read = (name) => fs.readFileSync(path.join(REPO, name), 'utf8');
    for (const name of ['examples/seed.txt', 'examples/samurai.txt', 'examples/flower.txt', 'puzzles/norvig_top95.txt']) {
        assert.ok(looksLikeQuiz(read(name)), name);
    }
    for (const name of ['README.md', 'CHANGELOG.md', 'puzzles/README.md']) {
        assert.ok(!looksLikeQuiz(read(name)), name);
    }
    assert.ok(!looksLikeQuiz('123 456 789\n'.repeat(8)), 'eight rows are not a quiz');
    assert.ok(!looksLikeQuiz(''));
});

test('the Board keeps the focus through an earlier stop\'s late focus, until its own stop took it', () => {
    // After a step from the Board, the stop focused the quiz and the Board's keys went
    // into it. VS Code 1.100 focuses the stop's editor, then selects the frame it opened.
    const keeper = new FocusKeeper();
    const page = {};
    const other = {};
    assert.equal(keeper.blurred(page), false, 'nothing kept: a blur is the user\'s');
    assert.equal(keeper.selected('s1', 'top'), null, 'nothing kept: nothing asked');
    keeper.keep(page, 's1');
    assert.equal(keeper.blurred(other), false, 'another page\'s blur');
    assert.deepEqual(keeper.selected('s1', 'top'), { page, settled: false }, 'the stop before the step\'s, selected late: asked, not settled');
    keeper.stopped('s2');
    assert.equal(keeper.selected('s2', 'top'), null, 'another session');
    keeper.stopped('s1');
    assert.equal(keeper.blurred(page), true, 'an earlier stop\'s late focus: given back');
    assert.deepEqual(keeper.selected('s1', 'top'), { page, settled: true }, 'the step\'s stop selected: asked, settled');
    assert.equal(keeper.blurred(page), false, 'a blur after it: its own move is asked about by its selection');
    assert.equal(keeper.keeps(page), true);
    assert.equal(keeper.keeps(other), false);
});

test('the Board asks for the focus back at every move of VS Code\'s after its stop was selected', () => {
    // (e2e, at load): the stop's frame selected, the page given the focus back and
    // focused, then VS Code's second opening of the stop (when the whole stack came) or the
    // entry stop's opening ending late took it again: its blur came after the keeping had ended
    // and nothing gave it back (data-refocused never set; the next keys into the quiz).
    const keeper = new FocusKeeper();
    const page = {};
    keeper.keep(page, 's1');
    keeper.stopped('s1');
    assert.deepEqual(keeper.selected('s1', 'top'), { page, settled: true });
    keeper.blurred(page); // (the stop's own move, told after its selection)
    assert.deepEqual(keeper.selected('s1', 'top'), { page, settled: false }, 'the stop opened again: asked');
    assert.deepEqual(keeper.selected('s1', 'stale'), { page, settled: false }, 'the entry stop\'s late opening: asked');
    assert.deepEqual(keeper.selected('s1', 'top'), { page, settled: false }, 'and again');
    assert.equal(keeper.selected('s1', 'other'), null, 'a frame below the top: the user\'s choice');
    assert.equal(keeper.selected('s1', 'top'), null, 'which ends the keeping');
    assert.equal(keeper.keeps(page), false);
});

test('the Board\'s keeping ends at a later stop, when no stop comes, when the session ends', () => {
    const keeper = new FocusKeeper();
    const page = {};
    keeper.keep(page, 's1');
    keeper.stopped('s1');
    keeper.selected('s1', 'top');
    keeper.stopped('s1'); // (a later stop: it never took the page's focus)
    assert.equal(keeper.selected('s1', 'top'), null);
    keeper.keep(page, 's1');
    assert.equal(keeper.selected('s1', 'other'), null, 'a frame below the top before the stop');
    assert.equal(keeper.keeps(page), true, 'does not end it');
    keeper.drop({});
    keeper.drop(page); // (its goto failed: no stop)
    assert.equal(keeper.blurred(page), false);
    assert.equal(keeper.keeps(page), false);
    keeper.keep(page, 's1');
    keeper.drop(); // (the session ended)
    assert.equal(keeper.blurred(page), false);
    assert.equal(keeper.selected('s1', 'stale'), null);
});
