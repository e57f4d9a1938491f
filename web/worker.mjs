// The shell's worker (docs/web.md): Pyodide, the wheels of sudoku-repl (the pure build) and of its
// dependencies, its C modules (web/native_build.py: OUT/native/..., each written to the same path
// in Pyodide's file system, which run_page puts on its package's __path__), the examples' and
// puzzles' files in the working folder, then the shell itself
// (sudoku_repl.frontends.web_shell.run_page: the interactive shell's own start and prompt loop).
// Python runs here, off the page's thread, so that the page stays live while a command works and
// Ctrl-C reaches it (Pyodide's interrupt buffer: a SIGINT to the shell's own handler). At each
// prompt Python waits for what the page sends: on the channel (channel.mjs: shared memory, the
// page cross-origin isolated), files put in or asked for handled here meanwhile; or, where the
// page is not isolated, on a promise of the page's next message (Python's stack suspended by
// WebAssembly's JavaScript Promise Integration: Pyodide's run_sync), with no interrupt buffer.
// While Python draws the Board's picture at a prompt it asks, now and then, whether the page has
// sent something (`pending`: a look at the channel, or a task's wait for the page's messages),
// and gives the picture up for it. What the worker says to the page (the shell's output, its
// prompts, the Board's...) goes on its own channel to the page where there is shared memory (the
// page's thread gets it sooner than a message), else as messages: `post`.
import { loadPyodide } from './pyodide/pyodide.mjs';
import { GET, KEYS, PUT, QueueWriter, Receiver, posted, readWithBytes } from './channel.mjs';
import { nativeOf, writeModules } from './native_modules.mjs';

const HOME = '/home/pyodide';
/** The start's phases, each as it ended (name, ms since the epoch: performance.timeOrigin's
 * clock, the page's too), posted at the first prompt (window.sudokuRepl.timings()). */
const marks = [];
const mark = (name) => marks.push([name, performance.timeOrigin + performance.now()]);
mark('worker');
let pyodide;
let shell = null; // (sudoku_repl.frontends.web_shell, once imported)
let receiver;
let toPage = null; // (the worker's channel to the page, where it has shared memory)
let columns = 80;
let prompted = false; // (the shell came to its first prompt: a failure now ends a running shell)

/** A message to the page: on the worker's channel to it (a file's bytes too), or posted. */
const post = (message, transfer) => {
    if (!toPage) {
        self.postMessage(message, transfer || []);
        return;
    }
    const { kind, bytes } = posted(message);
    toPage.send(kind, bytes);
};

self.onmessage = async (event) => {
    if (heard[event.data.type]) {
        heard[event.data.type](event.data);
        return;
    }
    if (event.data.type !== 'start') return;
    mark('start');
    try {
        await start(event.data);
    } catch (error) {
        post({ type: 'failed', prompted, text: String((error && error.stack) || error) });
    }
};

/** What the page's folder holds: its files (not its folders), by name and size. */
function files() {
    const FS = pyodide.FS;
    return FS.readdir(HOME)
        .filter((name) => name !== '.' && name !== '..')
        .map((name) => ({ name, stat: FS.stat(`${HOME}/${name}`) }))
        .filter(({ stat }) => FS.isFile(stat.mode))
        .map(({ name, stat }) => ({ name, size: stat.size }));
}

/** Why a file cannot be put in the page's folder under `name` (null: it can): a name with a
 * folder in it or none at all, a name with a line break or another control character (no line
 * typed at the prompt can name it), or the name of one of the page's folders (examples,
 * puzzles). */
function refusal(name) {
    if (!name || name === '.' || name === '..' || /[/\\\0]/.test(name)) {
        return 'that is not a file\'s name here (a name with no folder in it is)';
    }
    if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(name)) {
        return 'its name holds a line break or another control character, which no line typed at the prompt can hold';
    }
    const { exists, object } = pyodide.FS.analyzePath(`${HOME}/${name}`);
    if (exists && !pyodide.FS.isFile(object.mode)) return 'one of the page\'s folders has that name';
    return null;
}

/** A file put in the page's folder, or refused (`refused`: why): the page says which, and the
 * command that reads it (`note`: the shell's, web_shell.put_note). */
function putFile(name, content) {
    let refused = refusal(name);
    let note = null;
    if (!refused) {
        try {
            pyodide.FS.writeFile(`${HOME}/${name}`, content);
        } catch (error) {
            refused = `it could not be written (${(error && error.message) || error})`;
        }
    }
    if (!refused && shell) {
        try {
            note = shell.put_note(name);
        } catch (error) {
            console.error(error); // (the page then says only that the file is there)
        }
    }
    post({ type: 'put', name, files: files(), refused, note });
}

function getFile(name) {
    try {
        const content = pyodide.FS.readFile(`${HOME}/${name}`);
        post({ type: 'file', name, bytes: content }, [content.buffer]);
    } catch {
        post({ type: 'file', name, bytes: null });
    }
}

/** The shell waits at a prompt (Python says it once a prompt, web_shell.PageReader): the page
 * lets the user type, and lists the page's folder. */
function prompting() {
    prompted = true;
    firstPrompt();
    post({ type: 'reading', files: files() });
}

/** A file put in or asked for, from the channel (while Python waits at a prompt: nothing that
 * goes wrong here may reach it, the shell would end). */
function fileAsked(kind, bytes) {
    try {
        if (kind === PUT) {
            const { name, bytes: content } = readWithBytes(bytes);
            putFile(name, content);
        } else if (kind === GET) {
            getFile(new TextDecoder().decode(bytes));
        }
    } catch (error) {
        console.error(error);
    }
}

/** The page's next message for Python (a kind letter and its text), from the channel; files put
 * in or asked for are done here meanwhile. Python calls it at each prompt (web_shell.PageReader). */
function line() {
    for (;;) {
        const { kind, bytes } = receiver.receive();
        if (kind === KEYS) {
            const sent = JSON.parse(new TextDecoder().decode(bytes));
            columns = sent.columns;
            return sent.message;
        }
        fileAsked(kind, bytes);
    }
}

/** Whether the page has sent Python a message that `line` would return at once (files put in or
 * asked for, ahead of it on the channel, are done here). */
function pending() {
    for (;;) {
        const kind = receiver.waiting();
        if (kind === null) return false;
        if (kind === KEYS) return true;
        const { bytes } = receiver.receive();
        fileAsked(kind, bytes);
    }
}

// without shared memory: the page's messages come as messages, a line to the promise waiting
const lines = [];
let waiting = null;

/** The promise of the page's next message for Python (without shared memory). */
function nextLine() {
    return new Promise((resolve) => {
        if (lines.length) resolve(lines.shift());
        else waiting = resolve;
    });
}

/** The promise of whether the page has sent Python a message (without shared memory): a task
 * later, once the messages the page sent before it have come in (files are done as they come). */
function pendingLater() {
    return new Promise((resolve) => setTimeout(() => resolve(lines.length > 0), 0));
}

const heard = {
    keys: ({ message, columns: width }) => {
        columns = width;
        if (waiting) {
            const resolve = waiting;
            waiting = null;
            resolve(message);
        } else {
            lines.push(message);
        }
    },
    put: ({ name, bytes }) => putFile(name, bytes),
    get: ({ name }) => getFile(name),
};

/** A stream to the page: each write's text a message (a character cut between two writes kept).
 * The shell's output comes gathered: Python hands it on a write at most every few milliseconds
 * while more comes, and all of it before anything else goes to the page (page_output.py). */
function stream(type) {
    const decoder = new TextDecoder();
    return {
        write: (buffer) => {
            const text = decoder.decode(buffer, { stream: true });
            if (text) post({ type, text });
            return buffer.length;
        },
        isatty: true, // (a terminal: the show block fits its width, `board` draws in colour)
    };
}

/** At the first prompt: the start's marks to the page. */
function firstPrompt() {
    if (!marks.length) return;
    mark('prompt');
    post({ type: 'timings', marks: marks.splice(0) });
}

async function fetched(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
    return response.arrayBuffer();
}

async function start({ base, channel, toPage: back, interrupt, quiz, width, manifest, tools }) {
    receiver = channel ? new Receiver(channel) : null;
    toPage = back ? new QueueWriter(back) : null;
    columns = width || columns;
    const at = (path) => new URL(path, base).href;
    const index = at('pyodide/');
    // the wheels' files with their byte code (web/precompile.mjs), the working folder's, and the
    // C modules: fetched while Pyodide starts
    const native = nativeOf(manifest);
    const fetching = Promise.all([manifest.site, manifest.files, ...native.modules.map((m) => m.file)]
        .map((file) => fetched(at(file))));
    pyodide = await loadPyodide({
        // (a file: address is Node's, the tests': Pyodide there takes a path)
        indexURL: index.startsWith('file:') ? decodeURIComponent(new URL(index).pathname) : index,
        env: { HOME, COLUMNS: String(columns) },
        packages: [],
        fsInit: () => mark('wasm'), // (its WebAssembly compiled and started, the standard library fetched)
    });
    mark('pyodide');
    const [site, folder, ...modules] = await fetching;
    mark('fetched');
    const natives = writeModules(pyodide.FS, native, modules);
    // the wheels' zip in place of the (empty) site-packages folder, under its name: imported
    // from as the standard library's zip is, nothing unpacked (web/precompile.mjs)
    pyodide.runPython(SITE_ZIP)(new Uint8Array(site));
    pyodide.unpackArchive(folder, 'zip', { extractDir: HOME });
    mark('site');
    pyodide.setStdout(stream('out'));
    pyodide.setStderr(stream('err'));
    if (interrupt) pyodide.setInterruptBuffer(new Int32Array(interrupt));
    shell = pyodide.pyimport('sudoku_repl.frontends.web_shell');
    mark('import');
    // (WebMCP offered: the MCP server's tools, from their one declaration, for the page to register)
    if (tools) post({ type: 'tools', body: shell.tool_list() });
    const page = { line, pending, prompting, columns: () => columns, post: (kind, body) => post({ type: kind, body }) };
    post({ type: 'started' });
    // (the seed first, or the quiz of the page's address: run_page loads it; undefined is
    // Python's None, null a JsNull)
    const addressed = quiz === null ? undefined : quiz;
    if (receiver) {
        shell.run_page(page, addressed, pyodide.toPy(natives));
    } else {
        // (the page's messages awaited: Python's stack suspended at each prompt, run_sync)
        const waitingPage = pyodide.runPython(WAITING_PAGE)({ ...page, nextLine, pendingLater });
        await shell.run_page.callPromising(waitingPage, addressed, pyodide.toPy(natives));
    }
    post({ type: 'ended' });
}

/** Puts the wheels' zip (its bytes) where the site-packages folder was, under its name. */
const SITE_ZIP = `
import importlib, os, site, sys

def site_zip(content):
    folder = site.getsitepackages()[0]
    os.rmdir(folder)
    with open(folder, "wb") as file:
        file.write(content.to_py())
    sys.path_importer_cache.pop(folder, None)  # (its folder's finder: a zip's now)
    importlib.invalidate_caches()

site_zip
`;

/** The page without shared memory, as run_page takes it: its line, and whether one came, waited
 * for (run_sync). */
const WAITING_PAGE = `
from pyodide.ffi import run_sync

class WaitingPage:
    def __init__(self, page):
        self.page = page

    def line(self):
        return run_sync(self.page.nextLine())

    def pending(self):
        return run_sync(self.page.pendingLater())

    def prompting(self):
        self.page.prompting()

    def columns(self):
        return self.page.columns()

    def post(self, kind, body):
        self.page.post(kind, body)

WaitingPage
`;
