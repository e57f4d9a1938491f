// The page's side of the shell (docs/web.md), without the terminal: it starts the worker, sends
// what is typed (a line, Ctrl-C, Tab, a file) and keeps the transcript (what the shell printed
// and what was typed, with the program's own line breaks, never the terminal's wrapping). The
// page (page.mjs) draws it in xterm.js; the Node test (tests/web) drives it without one.
'use strict';

import { GET, KEYS, Listener, PUT, Sender, encoder, makeChannel, readPosted, withBytes } from './channel.mjs';

/** What the page says of a file put in its folder (the worker's `put` message): the shell's
 * command that reads it (`note`: web_shell.put_note's, the command typed as the shell takes it),
 * or why it was refused (the session goes on either way). */
export function putNote({ name, refused, note }) {
    if (refused) return `${name} was not put in the page's folder: ${refused}. Rename it and put it again.`;
    return note || `${name} is in the page's folder.`;
}

export class ShellClient {
    /** `port`: the worker, as `{post(message), listen(handler)}`; `on`: the page's handlers
     * (out, err, board, completions, picture, reading, files, file, ended, failed), each optional. */
    constructor(port, on = {}) {
        this.port = port;
        this.on = on;
        this.text = '';
        this.reading = false;
        this.ended = false;
        this.sentAt = null;
        /** Seconds from the last line sent to the prompt after it (the command's, as the page sees it). */
        this.took = null;
        /** Whether the shell's idle warm-up has made all its runs (frontends/warm_up.py). */
        this.warm = false;
        /** The worker's start, phase by phase: [name, ms since the epoch] as each ended. */
        this.marks = [];
        // shared memory where the page is cross-origin isolated (Node's workers have it): the
        // channels both ways and the interrupt buffer; else messages, and Ctrl-C cannot stop a
        // command
        this.shared = typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated !== false;
        this.channel = this.shared ? makeChannel() : null;
        this.sender = this.shared ? new Sender(this.channel) : null;
        this.toPage = this.shared ? makeChannel() : null;
        this.interrupt = this.shared ? new Int32Array(new SharedArrayBuffer(4)) : null;
        this.ready = new Promise((resolve, reject) => {
            this._ready = resolve;
            this._failed = reject;
        });
        this._waiters = [];
        this._tools = new Map(); // a tool call's number -> its answer's resolve
        this._called = 0;
        port.listen((message) => this._heard(message));
        if (this.toPage) new Listener(this.toPage).listen((message) => this._heard(readPosted(message)));
    }

    /** Starts the shell: `base`, the page's folder (a URL); `quiz`, the address's or null;
     * `tools`: the MCP server's tools wanted (WebMCP: the `tools` handler gets them). */
    start({ base, quiz = null, width = 80, manifest, tools = false }) {
        this.port.post({
            type: 'start',
            base,
            channel: this.channel,
            toPage: this.toPage,
            interrupt: this.interrupt ? this.interrupt.buffer : null,
            quiz,
            width,
            manifest,
            tools,
        });
    }

    transcript() {
        return this.text;
    }

    _heard(message) {
        const handler = this.on[message.type];
        if (message.type === 'out') {
            this.text += message.text;
        } else if (message.type === 'reading') {
            if (this.sentAt !== null) this.took = (performance.now() - this.sentAt) / 1000;
            this.sentAt = null;
            this.reading = true;
            if (this.interrupt) this.interrupt[0] = 0; // (a Ctrl-C as the command ended is spent)
            this._ready(this);
            this._waiters.splice(0).forEach((resolve) => resolve());
        } else if (message.type === 'ended') {
            this.ended = true;
            this.reading = false;
        } else if (message.type === 'completions') {
            if (this._completed) this._completed(JSON.parse(message.body));
            this._completed = null;
        } else if (message.type === 'tool') {
            const answer = JSON.parse(message.body);
            const resolve = this._tools.get(answer.id);
            this._tools.delete(answer.id);
            if (resolve) resolve(answer);
        } else if (message.type === 'warm') {
            this.warm = true;
        } else if (message.type === 'timings') {
            this.marks.push(...message.marks);
        } else if (message.type === 'failed') {
            this._failed(new Error(message.text));
        }
        if (handler) handler(message);
    }

    /** A promise resolved when the shell waits at a prompt (now, or once it does). */
    prompted() {
        return this.reading ? Promise.resolve() : new Promise((resolve) => this._waiters.push(resolve));
    }

    _keys(message, width) {
        this.reading = false;
        return this._send(KEYS, { type: 'keys', message, columns: width });
    }

    /** A message to the worker: on the channel (its kind, JSON) or as a message. */
    _send(kind, message, bytes) {
        if (!this.sender) {
            this.port.post(message);
            return Promise.resolve();
        }
        return this.sender.send(kind, bytes || encoder.encode(JSON.stringify(message)));
    }

    /** A line typed and Enter (kept in the transcript as typed). */
    line(text, width) {
        this.text += `${text}\n`;
        this.sentAt = performance.now();
        return this._keys(`L${text}`, width);
    }

    /** Ctrl-C: at a prompt the line (`typed`) is dropped; while a command runs, it stops it. */
    interruptKey(width, typed = '') {
        if (this.reading) {
            this.text += `${typed}^C\n`;
            return this._keys('C', width);
        }
        if (!this.interrupt) {
            if (this.on.uninterruptible) this.on.uninterruptible();
            return Promise.resolve();
        }
        this.interrupt[0] = 2; // SIGINT
        return Promise.resolve();
    }

    /** Ctrl-D on an empty line: the shell ends, as in a terminal. */
    endKey(width) {
        this.text += '\n';
        return this._keys('D', width);
    }

    /** Tab: the shell answers with its completions of `before` (the `completions` handler). */
    complete(before, width) {
        const answer = new Promise((resolve) => {
            this._completed = resolve;
        });
        this._send(KEYS, { type: 'keys', message: `T${before}`, columns: width });
        return answer;
    }

    /** A tool call (WebMCP: `name`, `args`), run on the shell's session at its command prompt:
     * one made while a command runs, or another call, waits for the prompt. The `calling`
     * handler is told just before it is sent (the page takes the line being typed off the
     * screen). A promise of its answer, `{text, data, error}`. */
    async tool(name, args, width) {
        while (!this.reading) {
            if (this.ended) return { text: 'The shell ended: reload the page for a new session.', data: null, error: true };
            await this.prompted();
        }
        const id = ++this._called;
        const answer = new Promise((resolve) => this._tools.set(id, resolve));
        if (this.on.calling) this.on.calling();
        this._keys(`M${JSON.stringify({ id, name, arguments: args })}`, width);
        return answer;
    }

    /** The Board's folded line of Sudoku Explainer's next step, opened (`open`: the picture of
     * the present step wanted) or closed: the shell draws the picture at its prompt, and gives it
     * up for anything typed (the `picture` handler gets it; none once the shell ended). */
    picture(open, width) {
        if (this.ended) return Promise.resolve();
        return this._send(KEYS, { type: 'keys', message: open ? 'P1' : 'P0', columns: width });
    }

    /** A file put in the page's folder (`load-quiz NAME` reads it). */
    put(name, bytes) {
        return this._send(PUT, { type: 'put', name, bytes }, this.sender && withBytes({ name }, bytes));
    }

    /** A file of the page's folder asked for (the `file` handler gets it). */
    get(name) {
        return this._send(GET, { type: 'get', name }, encoder.encode(name));
    }
}

/** A line typed at the shell's prompt for the user (`editor.type`: a LineEditor's, at a
 * command's prompt only) and the lines it printed (`client`'s transcript), once the next prompt
 * is there; null where the shell is busy. The line is sent once the prompt it is typed at is
 * drawn: until then the shell waits at that prompt, and what it printed is not yet there. */
export async function printedBy(editor, client, line) {
    const before = client.transcript().length;
    const typed = editor.type(line);
    if (!typed) return null;
    await typed;
    await client.prompted();
    // (the line typed, its lines, then the next prompt's blank line and prompt)
    return client.transcript().slice(before).split('\n').slice(1, -3);
}
