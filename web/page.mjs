// The web page (docs/web.md): the shell in xterm.js beside the Board, the page's folder (files
// chosen or dropped land there; files the shell writes are downloaded from there), and
// window.sudokuRepl for tests and assistive technology (transcript(), ready).
import { Terminal } from './xterm/xterm.mjs';
import { FitAddon } from './xterm/addon-fit.mjs';
import { LineEditor, TOUCH_KEYS } from './line_editor.mjs';
import { ShellClient, printedBy, putNote } from './shell_client.mjs';

const marks = []; // (the page's phases: [name, ms since the epoch], as each ended)
const mark = (name) => marks.push([name, performance.timeOrigin + performance.now()]);
mark('page'); // (its modules fetched and run: xterm.js, the client)
const $ = (id) => document.getElementById(id);
const statusEl = $('status');
const boardEl = $('board');
const filesEl = $('file-list');
const noteEl = $('note');

function say(text) {
    statusEl.textContent = text;
}

/** A line the page says beside the terminal (a file put, a file written): never in it. */
function note(text) {
    noteEl.textContent = text;
}

/** A phone's width (page.css: the terminal full width, the keys under it, the Board below). */
const NARROW = window.matchMedia('(max-width: 40em)').matches;
const term = new Terminal({
    convertEol: true,
    cursorBlink: true,
    scrollback: 20000,
    screenReaderMode: true,
    fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace',
    fontSize: NARROW ? 12 : 14, // (a phone's terminal: some 52 columns)
    // rows a fifth taller than the font's measured height: at device scale 1 a row of that
    // height alone cuts off what is drawn at its bottom, an underscore whole
    lineHeight: 1.2,
});
const fit = new FitAddon();
term.loadAddon(fit);
term.open($('terminal'));
fit.fit();
new ResizeObserver(() => fit.fit()).observe($('terminal'));

let lastBoard = null;
let shownFiles = new Map(); // name -> size, as the page's folder last was
let progress = '';
const opening = new Set(); // .html files asked for to open in a tab (else downloaded)

function showBoard(board) {
    lastBoard = board;
    boardEl.contentWindow.postMessage({ type: 'board', board, present: board.step, end: null }, location.origin);
}

function listFiles(files) {
    const before = shownFiles;
    shownFiles = new Map(files.map((f) => [f.name, f.size]));
    filesEl.replaceChildren(
        ...files.map(({ name, size }) => {
            const item = document.createElement('li');
            const get = document.createElement('button');
            get.type = 'button';
            get.textContent = name;
            get.title = `Download ${name} (${size} bytes)`;
            get.addEventListener('click', () => client.get(name));
            item.append(get);
            if (name.endsWith('.html')) {
                const open = document.createElement('button');
                open.type = 'button';
                open.textContent = 'open';
                open.title = `Open ${name} in a new tab`;
                open.addEventListener('click', () => {
                    opening.add(name);
                    client.get(name);
                });
                item.append(' ', open);
            }
            return item;
        }),
    );
    const written = files.filter((f) => before.size && before.get(f.name) !== f.size).map((f) => f.name);
    if (written.length) note(`Written in the page's folder: ${written.join(', ')} (Files, beside: download or open).`);
}

function received({ name, bytes }) {
    if (bytes === null) {
        note(`${name} is no longer in the page's folder.`);
        return;
    }
    const html = name.endsWith('.html');
    const url = URL.createObjectURL(new Blob([bytes], { type: html ? 'text/html' : 'application/octet-stream' }));
    if (opening.delete(name)) {
        // (in the viewer: a tab with no opener, the file in a sandboxed frame, viewer.mjs)
        const viewer = new URL('viewer.html', location.href);
        viewer.hash = new URLSearchParams({ name, file: url }).toString();
        window.open(viewer.href, '_blank', 'noopener');
    } else {
        const link = document.createElement('a');
        link.href = url;
        link.download = name;
        document.body.append(link);
        link.click();
        link.remove();
    }
    setTimeout(() => URL.revokeObjectURL(url), 60000);
}

const isolated = globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
// (JavaScript Promise Integration: Python's stack suspended while it waits for a line)
const suspends = typeof WebAssembly.Suspending === 'function';
const NOT_ISOLATED =
    'This page is not cross-origin isolated (its service worker could not set it up: a file:// ' +
    'page, or a browser that refuses service workers here; a server sending COOP/COEP headers ' +
    'needs none, docs/web.md)';
if (!isolated) {
    // the first visit: the service worker is set up and the page reloads (coi.doReload, index.html)
    if (window.isSecureContext && navigator.serviceWorker) {
        say('Setting up cross-origin isolation (a service worker): the page reloads once…');
        const settled = new Promise((resolve) => setTimeout(resolve, 4000));
        await Promise.race([navigator.serviceWorker.ready.catch(() => null), settled]);
    }
    if (window.coiReloading) await new Promise(() => {}); // (the page reloads)
    if (!suspends) {
        say(
            `${NOT_ISOLATED}, and this browser cannot suspend WebAssembly, so the shell cannot run ` +
                'here: it could not wait for what you type. Serve the folder over http(s) ' +
                '(python3 -m http.server) and reload.',
        );
        await new Promise(() => {});
    }
}
// which of the page's C modules run their C (its `build` message, the welcome's words: each
// module named, one that failed to load too; docs/web.md), said at each prompt
let engine = 'Starting';
const ready = () => isolated
    ? `Ready: ${engine}; Ctrl-C stops a command.`
    : `${NOT_ISOLATED}: Ctrl-C cannot stop a command here (it still drops a line at the prompt); ` +
      `a long command runs to its end. ${engine}.`;

const worker = new Worker('worker.mjs', { type: 'module' });
const client = new ShellClient(
    {
        post: (message) => worker.postMessage(message),
        listen: (handler) => worker.addEventListener('message', (event) => handler(event.data)),
    },
    {
        out: ({ text }) => term.write(text),
        err: ({ text }) => {
            progress = text.replace(/^\r\x1b\[K/, '');
            term.write(text);
        },
        reading: ({ files }) => {
            progress = '';
            editor.activate(client.transcript().endsWith('Order please:\n'));
            listFiles(files);
            say(ready());
        },
        build: ({ body }) => {
            engine = JSON.parse(body).engine;
        },
        board: ({ body }) => showBoard(JSON.parse(body)),
        // the next step's picture, as VS Code's Board gets it from the debug adapter
        picture: ({ body }) => boardEl.contentWindow.postMessage({ type: 'picture', ...JSON.parse(body) }, location.origin),
        put: (message) => {
            listFiles(message.files);
            note(putNote(message));
        },
        file: received,
        tools: ({ body }) => registerTools(JSON.parse(body)),
        calling: () => {
            if (editor.command) editor.hold(); // (at the guess question the shell refuses the call)
        },
        uninterruptible: () => note('Ctrl-C cannot stop a command in this page (not cross-origin isolated): it runs to its end.'),
        started: () => say('Starting the shell…'),
        ended: () => say('The shell ended (bye, or Ctrl-D): reload the page for a new session.'),
        failed: ({ text, prompted }) => {
            say(
                prompted
                    ? 'The shell stopped on an error (the browser console has the details): reload the page for a new session.'
                    : 'The shell could not start (the browser console has the details).',
            );
            console.error(text);
        },
    },
);

// what tests and assistive technology read: everything printed since the page loaded, what was
// typed included, with the program's own line breaks; a promise resolved at the first prompt
window.sudokuRepl = {
    ready: client.ready.then(() => undefined),
    transcript: () => client.transcript(),
    /** The progress line now shown (empty: none), for tests. */
    progress: () => progress,
    /** The terminal's columns. */
    columns: () => term.cols,
    /** The terminal's rows as drawn, its scrollback first: each one's text (for tests). */
    screen: () => {
        const buffer = term.buffer.active;
        return Array.from({ length: buffer.length }, (_, row) => buffer.getLine(row).translateToString(true));
    },
    /** Whether the shell waits at a prompt. */
    prompting: () => client.reading,
    /** Seconds the last line took, from Enter to the next prompt (benchmarks/bench_web.py). */
    took: () => client.took,
    /** Whether the shell's idle warm-up is done (its runs at the prompt while nothing was typed:
     * the commands after it run on warmed code; benchmarks/bench_web.py waits for it). */
    warm: () => client.warm,
    /** The start, phase by phase: seconds from the navigation to each phase's end, in order
     * (the page's, then the worker's; benchmarks/bench_web.py prints them). */
    timings: () =>
        Object.fromEntries([...marks, ...client.marks].map(([name, at]) => [name, (at - performance.timeOrigin) / 1000])),
};

const width = () => term.cols;
const editor = new LineEditor(
    term,
    {
        submit: (line) => client.line(line, width()),
        interrupt: (typed) => client.interruptKey(width(), typed),
        running: () => client.interruptKey(width()),
        end: () => client.endKey(width()),
        complete: (before) => client.complete(before, width()),
    },
    window.localStorage,
);
term.onData((data) => editor.input(data));

// the keys a touch screen's keyboard lacks (#keys): each sends what its key sends, as typed in
// the terminal; the terminal keeps the focus (a phone's keyboard stays as it was)
for (const button of document.querySelectorAll('#keys button')) {
    button.addEventListener('pointerdown', (event) => event.preventDefault());
    button.addEventListener('mousedown', (event) => event.preventDefault());
    button.addEventListener('click', () => term.input(TOUCH_KEYS[button.dataset.key]));
}

// the Board's page (the VS Code Board's: board/): its `ready` gets the board again, its
// `goto N` (the step box, the timeline) is typed at the prompt as the user would, its folded
// line of Sudoku Explainer's next step asks the shell for the picture (open) or no more (closed)
// (from the Board's frame alone: no other window's message is obeyed); after a click in it, the
// keys go back to the terminal (board_host.js's `keys`)
window.addEventListener('message', (event) => {
    if (event.source !== boardEl.contentWindow || event.origin !== location.origin) return;
    if (!event.data || !event.data.fromBoard) return;
    const message = event.data.fromBoard;
    if (message.type === 'ready' && lastBoard) showBoard(lastBoard);
    else if (message.type === 'run') editor.type(message.line);
    else if (message.type === 'goto') editor.type(`goto ${message.step}`);
    else if (message.type === 'explain' && message.token !== -1) explain(message);
    else if (message.type === 'steps') listSteps(message);
    else if (message.type === 'picture') client.picture(true, width());
    else if (message.type === 'pictureClosed') client.picture(false, width());
    else if (message.type === 'keys') term.focus(); // (a click in the Board kept them)
});

/** The Board's list of every step Sudoku Explainer offers opened: `hint se all` typed at the
 * prompt, its numbered lines the list (another line, why there is none: the list's summary). */
async function listSteps({ step }) {
    const answer = (steps) => boardEl.contentWindow.postMessage({ type: 'steps', step, steps }, location.origin);
    const said = await printedBy(editor, client, 'hint se all');
    if (said === null) {
        answer({ none: 'the shell is busy: close the list and open it again at its prompt' });
        return;
    }
    const listed = said.map((line) => /^ *\d+\. (.*)$/.exec(line)).filter(Boolean);
    answer(listed.length ? { steps: listed.map((found) => ({ line: found[1] })) } : { none: said[said.length - 1] || 'none' });
}

/** A cell clicked on the Board: `why [r,c]` typed at the prompt, its lines in the Board's popover. */
async function explain({ cell, token }) {
    const answer = (why, error) =>
        boardEl.contentWindow.postMessage({ type: 'explained', token, cell, why, when: [], error }, location.origin);
    const why = await printedBy(editor, client, `why ${cell}`);
    if (why === null) answer([], 'The shell is busy: click again at its prompt.');
    else answer(why);
}

// files in: chosen, or dropped anywhere on the page (a name without its folders; the worker
// refuses one that is no file's name or a folder's of the page, and the page says so)
async function putFiles(files) {
    for (const file of files) {
        const name = file.name.split(/[\\/]/).pop();
        let bytes;
        try {
            bytes = new Uint8Array(await file.arrayBuffer());
        } catch {
            note(putNote({ name, refused: 'it could not be read (a folder?)' }));
            continue;
        }
        await client.put(name, bytes);
    }
}
$('pick').addEventListener('change', (event) => putFiles([...event.target.files]));
document.addEventListener('dragover', (event) => event.preventDefault());
document.addEventListener('drop', (event) => {
    event.preventDefault();
    putFiles([...event.dataTransfer.files]);
});

/** WebMCP (docs/agents.md, "In the page"): where the browser offers it, the MCP server's tools
 * (the worker's list, from their one declaration) registered on this page's session, each call
 * run by the shell at its prompt; elsewhere nothing is asked for. `document.modelContext` is the
 * API's place now (Chromium 150 on); `navigator.modelContext`, where a browser has only that. */
const modelContext = document.modelContext ?? navigator.modelContext;

async function registerTools(tools) {
    const registered = tools.map(({ name, description, inputSchema }) => ({
        name,
        description,
        inputSchema,
        execute: async (args) => {
            const { text, data, error } = await client.tool(name, args || {}, width());
            const result = { content: [{ type: 'text', text }] };
            if (data) result.structuredContent = data;
            if (error) result.isError = true;
            return result;
        },
    }));
    try {
        // (registerTool(tool[, options]): undefined in some browsers, a promise in others)
        if (typeof modelContext.registerTool === 'function') {
            for (const tool of registered) await modelContext.registerTool(tool);
        } else if (typeof modelContext.provideContext === 'function') {
            await modelContext.provideContext({ tools: registered });
        }
    } catch (error) {
        console.warn('WebMCP: the tools could not be registered', error);
    }
}

const manifest = await (await fetch('manifest.json')).json();
mark('manifest');
const params = new URLSearchParams(location.search);
// ?rules= (docs/variants.md): the quiz's rules line, before it in quiz.txt
const quiz = params.get('quiz') && params.get('rules') ? `# rules: ${params.get('rules')}\n${params.get('quiz')}` : params.get('quiz');
client.start({ base: new URL('./', location.href).href, quiz, width: term.cols, manifest, tools: Boolean(modelContext) });
term.focus();
