// Finding the adapter, `sudoku-repl dap`, without settings: the setting if one is set, else the
// workspace's virtual environment, the Python extension's interpreter (the sudoku-repl beside it,
// then `-m sudoku_repl`), the environment activated where VS Code started ($VIRTUAL_ENV,
// $CONDA_PREFIX), then PATH. The functions
// here take what they read from VS Code and the file system as arguments, so that node's own
// test runner checks them (tests/dap_client/vscode_lib.test.js) without a VS Code.
'use strict';

const path = require('node:path');
const fs = require('node:fs');
const os = require('node:os');
const { execFile } = require('node:child_process');

const SETTING = 'sudoku-repl.command';
const PROGRAM = 'sudoku-repl';

/** `${workspaceFolder}` (and a leading `~`) in a setting's word made the folder (the home). */
function expand(word, folderPath, home = os.homedir()) {
    let out = folderPath ? word.split('${workspaceFolder}').join(folderPath) : word;
    if (out === '~' || out.startsWith('~/')) {
        out = home + out.slice(1);
    }
    return out;
}

/** The program's place in a virtual environment's folder. */
function inVenv(venv, platform) {
    return platform === 'win32'
        ? path.win32.join(venv, 'Scripts', `${PROGRAM}.exe`)
        : path.posix.join(venv, 'bin', PROGRAM);
}

/** Every `name` on a PATH, in its order (PATHEXT's endings on Windows): a pyenv shim that
 * fails (its Python has no such program) is no reason to miss the one after it. */
function onPath(name, pathEnv, platform, isFile) {
    const sep = platform === 'win32' ? ';' : ':';
    const join = platform === 'win32' ? path.win32.join : path.posix.join;
    const endings = platform === 'win32' ? ['.exe', '.cmd', '.bat', ''] : [''];
    const found = [];
    for (const dir of (pathEnv || '').split(sep)) {
        if (!dir) {
            continue;
        }
        for (const ending of endings) {
            const file = join(dir, name + ending);
            if (isFile(file)) {
                if (!found.includes(file)) {
                    found.push(file);
                }
                break;
            }
        }
    }
    return found;
}

/**
 * The commands to try, in order, each `{command, args, from}` (`from` says where it was found):
 * the setting alone when it is set; else `.venv` and `venv` of the folder, the `sudoku-repl` in
 * the Python extension's interpreter's folder (its venv's bin or Scripts) and that interpreter
 * with `-m sudoku_repl`, the environment activated where the extension host started (`env`'s
 * VIRTUAL_ENV, then CONDA_PREFIX: a remote window's extension host has them, but the login
 * shell's PATH, where an activated venv is not), and each `sudoku-repl` on PATH (one
 * that is already a candidate is not tried again).
 */
function candidates({ setting, settingArgs = [], folderPath, platform, pythonPath, pathEnv, env = {}, isFile }) {
    if (setting && setting.trim()) {
        const args = settingArgs.map((word) => expand(word, folderPath));
        return [{ command: expand(setting.trim(), folderPath), args, from: `the setting ${SETTING}` }];
    }
    const found = [];
    if (folderPath) {
        for (const venv of ['.venv', 'venv']) {
            const join = platform === 'win32' ? path.win32.join : path.posix.join;
            found.push({ command: inVenv(join(folderPath, venv), platform), args: [], from: `the workspace's ${venv}` });
        }
    }
    if (pythonPath) {
        const paths = platform === 'win32' ? path.win32 : path.posix;
        const beside = paths.join(paths.dirname(pythonPath), platform === 'win32' ? `${PROGRAM}.exe` : PROGRAM);
        found.push({ command: beside, args: [], from: "the Python extension's interpreter's folder" });
        found.push({ command: pythonPath, args: ['-m', 'sudoku_repl'], from: "the Python extension's interpreter" });
    }
    for (const [name, what] of [['VIRTUAL_ENV', 'the activated venv, $VIRTUAL_ENV'], ['CONDA_PREFIX', 'the activated conda environment, $CONDA_PREFIX']]) {
        const prefix = (env[name] || '').trim();
        if (prefix && !found.some((c) => c.command === inVenv(prefix, platform))) {
            found.push({ command: inVenv(prefix, platform), args: [], from: what });
        }
    }
    const there = onPath(PROGRAM, pathEnv, platform, isFile);
    for (const command of there.filter((file) => !found.some((c) => c.command === file))) {
        found.push({ command, args: [], from: 'PATH' });
    }
    if (!there.length) {
        found.push({ command: PROGRAM, args: [], from: 'PATH', missing: true });
    }
    return found;
}

/** Is `command` a name to look up on PATH rather than a path? */
function isBareName(command) {
    return !command.includes('/') && !command.includes('\\');
}

/**
 * The first candidate that answers `--version` as sudoku-repl does: `{found, tried}`, `found`
 * the candidate or null, `tried` one line per candidate that did not work. `probe(command,
 * args)` resolves to null when it works, else to why not in a few words.
 */
async function findAdapter(list, { isFile, probe }) {
    const tried = [];
    for (const candidate of list) {
        const shown = [candidate.command, ...candidate.args].join(' ');
        if (candidate.missing || (!isBareName(candidate.command) && !isFile(candidate.command))) {
            tried.push(`${shown} (${candidate.from}): not found`);
            continue;
        }
        const fault = await probe(candidate.command, candidate.args);
        if (fault === null) {
            return { found: candidate, tried };
        }
        tried.push(`${shown} (${candidate.from}): ${fault}`);
    }
    return { found: null, tried };
}

/** The notification's length at most. VS Code cuts a notification's text at 1,000 characters
 * (its NotificationViewItem's MAX_MESSAGE_LENGTH), and hides a toast taller than the room the
 * window has for it: the error of about 750 characters went unseen in the e2e test's window
 * once its folder's path was a few characters longer. What to do comes first, short, and the
 * commands tried after it as far as they fit (every one of them is in the log). */
const NOTIFICATION_LENGTH = 480;

/**
 * The candidates tried, joined, in at most `room` characters: as many whole as fit, then how
 * many more the log names (each is there, `Not used: ...`).
 */
function triedWithin(tried, room) {
    for (let shown = tried.length; shown >= 0; shown -= 1) {
        const left = tried.length - shown;
        const more = left ? `${shown ? '; and ' : ''}${left} more (Show Log)` : '';
        const text = tried.slice(0, shown).join('; ') + more;
        if (text.length <= room) {
            return text;
        }
    }
    return '';
}

/** The error notification's text when no candidate works: within NOTIFICATION_LENGTH, what to
 * do whole and as many of the candidates tried as fit. */
function notFoundMessage(tried, fromSetting) {
    if (fromSetting) {
        const before = 'Sudoku REPL: the debug adapter cannot be started: ';
        const after = `. Set ${SETTING} to a sudoku-repl program (or a Python with sudoku_repl installed, with sudoku-repl.commandArgs ["-m", "sudoku_repl"]).`;
        return before + triedWithin(tried, NOTIFICATION_LENGTH - before.length - after.length) + after;
    }
    const advice = `Sudoku REPL: no sudoku-repl found to debug with. Install it from its clone into the workspace's .venv (.venv/bin/pip install /path/to/sudoku-repl, the clone's folder), select that Python, or set ${SETTING} (in a remote window, as code-server's, PATH is the login shell's). Tried: `;
    return `${advice}${triedWithin(tried, NOTIFICATION_LENGTH - advice.length - 1)}.`;
}

/** `<command> <args> --version`, as `probe` wants it: null if it says `sudoku-repl ...`. */
function probeVersion(command, args, cwd) {
    return new Promise((resolve) => {
        execFile(command, [...args, '--version'], { cwd, timeout: 60000, windowsHide: true }, (error, stdout, stderr) => {
            if (!error && /^sudoku-repl /.test(String(stdout))) {
                resolve(null);
            } else if (error && error.code === 'ENOENT') {
                resolve('not found');
            } else if (error && error.code === 'EACCES') {
                resolve('not executable');
            } else if (error && error.killed) {
                resolve('no answer to --version within 60 s');
            } else {
                const said = String(stderr || stdout).trim().split('\n').pop() || '';
                const status = error && typeof error.code === 'number' ? `exit status ${error.code}` : 'not sudoku-repl';
                resolve(said ? `${status}: ${said.slice(0, 200)}` : status);
            }
        });
    });
}

function isFileOnDisk(file) {
    try {
        return fs.statSync(file).isFile();
    } catch {
        return false;
    }
}

module.exports = {
    SETTING,
    expand,
    candidates,
    findAdapter,
    notFoundMessage,
    probeVersion,
    isFileOnDisk,
    onPath,
};
