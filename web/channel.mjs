// The channels between the page and the shell's worker (docs/web.md), on shared memory (a
// SharedArrayBuffer: the page must be cross-origin isolated, the service worker's job where the
// server sends no COOP/COEP headers). The page's channel to the worker: the worker's Python waits
// at each prompt for what the page sends (a line, a key, a file), which it can only do on shared
// memory; one message at a time: the page writes it (in chunks of the data buffer's size), the
// worker takes it and says so, the next waits for that. The worker's channel to the page: what
// the shell prints, its prompts, the Board... (postMessage's delivery to the page's thread takes
// milliseconds, a wake-up on shared memory a fraction of one); a queue, the worker writing on
// while there is room, the page taking all that is there at each wake-up. Both keep the order the
// messages were sent in. Each end waits as its thread can: the page's thread with
// Atomics.waitAsync (it may not block), the worker's with Atomics.wait.
'use strict';

const FREE = 0;
const FULL = 1;
const CHUNK = 1 << 20; // bytes a chunk

/** What one channel shares: its control words (state, kind, length, more) and its data. */
export function makeChannel() {
    return { control: new SharedArrayBuffer(16), data: new SharedArrayBuffer(CHUNK) };
}

/** A message's chunks of `size` bytes at most: `[part, more]` (one, empty, for an empty message). */
function* chunks(bytes, size = CHUNK) {
    let at = 0;
    do {
        const part = bytes.subarray(at, at + size);
        at += part.length;
        yield [part, at < bytes.length];
    } while (at < bytes.length);
}

/** One end of a channel: a chunk written (and said), or taken (and said). */
class End {
    constructor(channel) {
        this.control = new Int32Array(channel.control);
        this.data = new Uint8Array(channel.data);
    }

    _write(kind, part, more) {
        this.data.set(part);
        this.control[1] = kind;
        this.control[2] = part.length;
        this.control[3] = more ? 1 : 0;
        Atomics.store(this.control, 0, FULL);
        Atomics.notify(this.control, 0);
    }

    _take() {
        const kind = this.control[1];
        const part = this.data.slice(0, this.control[2]);
        const more = this.control[3];
        Atomics.store(this.control, 0, FREE);
        Atomics.notify(this.control, 0);
        return { kind, part, more };
    }
}

/** A message's chunks, taken one by one, as one message: `add(chunk)` gives it at its last. */
class Gathering {
    constructor() {
        this.parts = [];
    }

    add({ kind, part, more }) {
        this.parts.push(part);
        if (more) return null;
        const parts = this.parts.splice(0);
        if (parts.length === 1) return { kind, bytes: parts[0] };
        const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
        let at = 0;
        for (const p of parts) {
            bytes.set(p, at);
            at += p.length;
        }
        return { kind, bytes };
    }
}

/** The page's end of its channel: `send(kind, bytes)` queues a message (a promise, resolved
 * once taken). */
export class Sender extends End {
    constructor(channel) {
        super(channel);
        this.queue = Promise.resolve();
    }

    send(kind, bytes) {
        this.queue = this.queue.then(() => this._send(kind, bytes));
        return this.queue;
    }

    async _send(kind, bytes) {
        for (const [part, more] of chunks(bytes)) {
            await this._free();
            this._write(kind, part, more);
        }
        await this._free();
    }

    async _free() {
        while (Atomics.load(this.control, 0) !== FREE) {
            const waited = Atomics.waitAsync(this.control, 0, FULL);
            if (waited.async) await waited.value;
        }
    }
}

/** The worker's end of the page's channel: `receive()` waits for the next message, `{kind, bytes}`. */
export class Receiver extends End {
    /** The kind of the message the page has written and the worker not taken yet, or null. */
    waiting() {
        return Atomics.load(this.control, 0) === FULL ? this.control[1] : null;
    }

    receive() {
        const gathering = new Gathering();
        for (;;) {
            Atomics.wait(this.control, 0, FREE);
            const message = gathering.add(this._take());
            if (message) return message;
        }
    }
}

/** The worker's channel to the page is a queue: its data buffer a ring of chunks, each its
 * kind, length and whether more of its message follows (three words), then its bytes (to a
 * word's end); the control's first word the bytes written and not yet taken. */
const HEAD = 12;
const QUEUED = 0;
/** The ring's room a chunk of `length` bytes takes. */
const roomOf = (length) => HEAD + Math.ceil(length / 4) * 4;

/** One end of the worker's channel to the page: the ring, and where its next chunk is. */
class Ring {
    constructor(channel) {
        this.control = new Int32Array(channel.control);
        this.data = new Uint8Array(channel.data);
        this.words = new Int32Array(channel.data);
        this.at = 0;
    }

    /** The index in `words` of the next chunk's word `i`. */
    _word(i) {
        return ((this.at + 4 * i) % this.data.length) / 4;
    }

    /** Where the next chunk's bytes begin. */
    _bytes() {
        return (this.at + HEAD) % this.data.length;
    }

    /** The next chunk (of `length` bytes) passed: the ring's room it took. */
    _pass(length) {
        const room = roomOf(length);
        this.at = (this.at + room) % this.data.length;
        return room;
    }
}

/** The worker's end of its channel to the page: `send(kind, bytes)` queues a message and goes
 * on, waiting (blocking) only while the ring has no room for it (a chunk at a time). So Python
 * never waits on the page's thread, busy drawing what came before, as it would if each message
 * had to be taken before the next. */
export class QueueWriter extends Ring {
    send(kind, bytes) {
        const size = this.data.length;
        for (const [part, more] of chunks(bytes, size - HEAD)) {
            const room = roomOf(part.length);
            for (;;) {
                const queued = Atomics.load(this.control, QUEUED);
                if (size - queued >= room) break;
                Atomics.wait(this.control, QUEUED, queued);
            }
            [kind, part.length, more ? 1 : 0].forEach((word, i) => {
                this.words[this._word(i)] = word;
            });
            const from = this._bytes();
            const first = Math.min(part.length, size - from);
            this.data.set(part.subarray(0, first), from);
            this.data.set(part.subarray(first), 0);
            this._pass(part.length);
            Atomics.add(this.control, QUEUED, room);
            Atomics.notify(this.control, QUEUED);
        }
    }
}

/** The page's end of the worker's channel: `listen(heard)` hands each message, `{kind, bytes}`,
 * to `heard` as it comes, for good (a loop of asynchronous waits, which hold nothing up): all the
 * chunks queued are taken at once, their room given back, then their messages handed on. An
 * error of `heard` is thrown on its own, as a message's handler's would be: the next still come. */
export class Listener extends Ring {
    async listen(heard) {
        const gathering = new Gathering();
        const size = this.data.length;
        for (;;) {
            let queued;
            while ((queued = Atomics.load(this.control, QUEUED)) === 0) {
                const waited = Atomics.waitAsync(this.control, QUEUED, 0);
                if (waited.async) await waited.value;
            }
            const taken = [];
            for (let read = 0; read < queued;) {
                const [kind, length, more] = [0, 1, 2].map((i) => this.words[this._word(i)]);
                const from = this._bytes();
                const part = new Uint8Array(length);
                const first = Math.min(length, size - from);
                part.set(this.data.subarray(from, from + first));
                part.set(this.data.subarray(0, length - first), first);
                taken.push({ kind, part, more });
                read += this._pass(length);
            }
            Atomics.sub(this.control, QUEUED, queued);
            Atomics.notify(this.control, QUEUED);
            for (const chunk of taken) {
                const message = gathering.add(chunk);
                if (!message) continue;
                try {
                    heard(message);
                } catch (error) {
                    setTimeout(() => {
                        throw error;
                    });
                }
            }
        }
    }
}

/** The kinds of message: on the page's channel, what the terminal sends (JSON: the message for
 * Python, the width), a file put in the page's folder (its name and bytes: `withBytes`), a file
 * asked for (its name); on the worker's, a message for the page (JSON), or one with a file's
 * bytes (`withBytes`: the file asked for). */
export const KEYS = 1;
export const PUT = 2;
export const GET = 3;
export const POSTED = 4;
export const POSTED_BYTES = 5;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A message with bytes: `head` (an object, JSON), a NUL, the bytes. */
export function withBytes(head, bytes) {
    const text = encoder.encode(JSON.stringify(head));
    const message = new Uint8Array(text.length + 1 + bytes.length);
    message.set(text);
    message.set(bytes, text.length + 1);
    return message;
}

/** A message with bytes read: its head's fields and `bytes`. */
export function readWithBytes(message) {
    const nul = message.indexOf(0);
    return { ...JSON.parse(decoder.decode(message.subarray(0, nul))), bytes: message.subarray(nul + 1) };
}

/** The worker's message for the page (an object, as for postMessage: its `bytes` a file's, or
 * none) on the channel: `{kind, bytes}`. */
export function posted(message) {
    if (message.bytes instanceof Uint8Array) {
        const { bytes, ...head } = message;
        return { kind: POSTED_BYTES, bytes: withBytes(head, bytes) };
    }
    return { kind: POSTED, bytes: encoder.encode(JSON.stringify(message)) };
}

/** The worker's message, as it posted it, from the channel. */
export function readPosted({ kind, bytes }) {
    return kind === POSTED_BYTES ? readWithBytes(bytes) : JSON.parse(decoder.decode(bytes));
}

export { encoder };
