// The page's channel to the shell's worker (docs/web.md): the worker's Python waits at each
// prompt for what the page sends (a line, a key, a file), which it can only do on shared memory
// (a SharedArrayBuffer: the page must be cross-origin isolated, the service worker's job where
// the server sends no COOP/COEP headers). One message at a time: the page writes it (in chunks
// of the data buffer's size), the worker takes it and says so; the next waits for that.
'use strict';

const FREE = 0;
const FULL = 1;
const CHUNK = 1 << 20; // bytes a chunk

/** What one channel shares: its control words (state, kind, length, more) and its data. */
export function makeChannel() {
    return { control: new SharedArrayBuffer(16), data: new SharedArrayBuffer(CHUNK) };
}

/** The page's end: `send(kind, bytes)` queues a message (a promise, resolved once taken). */
export class Sender {
    constructor(channel) {
        this.control = new Int32Array(channel.control);
        this.data = new Uint8Array(channel.data);
        this.queue = Promise.resolve();
    }

    send(kind, bytes) {
        this.queue = this.queue.then(() => this._send(kind, bytes));
        return this.queue;
    }

    async _send(kind, bytes) {
        let at = 0;
        do {
            await this._free();
            const part = bytes.subarray(at, at + CHUNK);
            this.data.set(part);
            at += part.length;
            this.control[1] = kind;
            this.control[2] = part.length;
            this.control[3] = at < bytes.length ? 1 : 0;
            Atomics.store(this.control, 0, FULL);
            Atomics.notify(this.control, 0);
        } while (at < bytes.length);
        await this._free();
    }

    async _free() {
        while (Atomics.load(this.control, 0) !== FREE) {
            const waited = Atomics.waitAsync(this.control, 0, FULL);
            if (waited.async) await waited.value;
        }
    }
}

/** The worker's end: `receive()` waits for the next message, `{kind, bytes}`. */
export class Receiver {
    constructor(channel) {
        this.control = new Int32Array(channel.control);
        this.data = new Uint8Array(channel.data);
    }

    /** The kind of the message the page has written and the worker not taken yet, or null. */
    waiting() {
        return Atomics.load(this.control, 0) === FULL ? this.control[1] : null;
    }

    receive() {
        const parts = [];
        let kind;
        let more;
        do {
            Atomics.wait(this.control, 0, FREE);
            kind = this.control[1];
            const length = this.control[2];
            more = this.control[3];
            parts.push(this.data.slice(0, length));
            Atomics.store(this.control, 0, FREE);
            Atomics.notify(this.control, 0);
        } while (more);
        const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
        let at = 0;
        for (const part of parts) {
            bytes.set(part, at);
            at += part.length;
        }
        return { kind, bytes };
    }
}

/** The kinds of message: what the terminal sends (JSON: the message for Python, the width),
 * a file put in the page's folder (JSON header, a NUL, its bytes), a file asked for (its name). */
export const KEYS = 1;
export const PUT = 2;
export const GET = 3;

const encoder = new TextEncoder();

/** A file's message: its name and bytes. */
export function fileMessage(name, bytes) {
    const head = encoder.encode(JSON.stringify({ name }));
    const message = new Uint8Array(head.length + 1 + bytes.length);
    message.set(head);
    message.set(bytes, head.length + 1);
    return message;
}

/** A file's name and bytes, from its message. */
export function readFileMessage(message) {
    const nul = message.indexOf(0);
    const { name } = JSON.parse(new TextDecoder().decode(message.subarray(0, nul)));
    return { name, bytes: message.subarray(nul + 1) };
}

export { encoder };
