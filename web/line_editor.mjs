// The page's line editing in xterm.js (docs/web.md), the keys of the shell's prompt (Emacs's, as
// prompt_toolkit's): the arrows, Home/End and Ctrl-A/E, Backspace, Delete, Ctrl-K, Ctrl-U,
// Ctrl-W; Up/Down the history (kept in the browser's localStorage across reloads); Tab the
// shell's own completion; Enter sends the line; Ctrl-C drops it; Ctrl-D on an empty line ends
// the shell. Keys typed while a command runs wait for the next prompt (Ctrl-C excepted: it
// stops the command). A pasted text is typed as it comes, each line break an Enter. A touch
// screen's keyboard has no Ctrl, Tab or arrows: the page's buttons send them (TOUCH_KEYS).
'use strict';

/** The keys a touch screen's keyboard lacks, as the page's buttons name them (index.html, #keys):
 * what each sends, as the key itself does (xterm's onData). */
export const TOUCH_KEYS = {
    'ctrl-c': '\x03', // stops a command; at the prompt drops the line
    tab: '\t', // the shell's completion
    up: '\x1b[A', // the history: the line before
    down: '\x1b[B', // the history: the line after
    left: '\x1b[D',
    right: '\x1b[C',
};

const HISTORY_KEY = 'sudoku-repl.history';
const HISTORY_MOST = 1000;

function loadHistory(storage) {
    try {
        const kept = JSON.parse(storage.getItem(HISTORY_KEY) || '[]');
        return Array.isArray(kept) ? kept.filter((line) => typeof line === 'string') : [];
    } catch {
        return [];
    }
}

/** The longest start the words share. */
function commonStart(words) {
    if (!words.length) return '';
    let start = words[0];
    for (const word of words.slice(1)) {
        let n = 0;
        while (n < start.length && n < word.length && start[n] === word[n]) n++;
        start = start.slice(0, n);
    }
    return start;
}

export class LineEditor {
    /** `term`: the xterm.js terminal; `on`: submit(line, isCommand), interrupt(typed),
     * end(), complete(before) -> promise of [{text, start}], running() (Ctrl-C while not
     * editing); `storage`: localStorage or a stand-in. */
    constructor(term, on, storage) {
        this.term = term;
        this.on = on;
        this.storage = storage;
        this.history = loadHistory(storage);
        this.active = false;
        this.starting = 0; // a prompt's start waited for (its number), 0: none
        this.started = 0; // the prompts started so far
        this.command = false; // a command's prompt (else the guess question's)
        this.buffer = '';
        this.pos = 0;
        this.startCol = 0;
        this.drawnAt = 0; // the cursor's index in the buffer as drawn
        this.waiting = ''; // keys typed while no prompt waits
        this.browsing = this.history.length;
        this.draft = '';
        this.completing = false;
        this.typed = null; // (type's promise: resolved once its line is sent)
    }

    /** The shell waits at a prompt: a new line is edited (a command's when `command`), once
     * the terminal has drawn all that was written before: xterm.js parses what is written
     * later, a slice at a time, and until then its cursor's column is not the prompt's end
     * but where the last line drawn left it (often the end of the line typed before, the
     * line then drawn that far to the right). Keys typed meanwhile wait, and are typed then. */
    activate(command) {
        if (this.active) return; // (the same prompt again after Tab's answer)
        const starting = ++this.started;
        this.starting = starting;
        this.command = command;
        this.term.write('', () => {
            if (this.starting === starting) this._start();
        });
    }

    _start() {
        this.starting = 0;
        this.active = true;
        this.buffer = '';
        this.pos = 0;
        this.drawnAt = 0;
        this.startCol = this.term.buffer.active.cursorX;
        this.browsing = this.history.length;
        const waiting = this.waiting;
        this.waiting = '';
        if (waiting) this.input(waiting);
    }

    /** Keys from the terminal (xterm's onData). */
    input(data) {
        if (this.completing) {
            this.waiting += data; // (typed after Tab: once its completion is in the line)
            return;
        }
        if (!this.active) {
            if (this.starting) {
                this.waiting += data; // (Ctrl-C too: at the prompt it drops the line)
                return;
            }
            if (data.includes('\x03')) {
                this.waiting = '';
                this.on.running();
            } else {
                this.waiting += data;
            }
            return;
        }
        let at = 0;
        while (at < data.length) {
            if (!this.active || this.completing) {
                this.waiting += data.slice(at);
                return;
            }
            const escape = /^\x1b(\[[0-9;]*[~A-Za-z]|O[A-Za-z])/.exec(data.slice(at));
            if (escape) {
                this.key(escape[0]);
                at += escape[0].length;
            } else {
                this.key(data[at]);
                at += 1;
            }
        }
    }

    key(key) {
        const { buffer, pos } = this;
        switch (key) {
            case '\r':
            case '\n':
                return this.submit();
            case '\x03':
                return this.interrupt();
            case '\x04':
                if (!buffer) return this.end();
                return this.edit(buffer.slice(0, pos) + buffer.slice(pos + 1), pos);
            case '\t':
                return this.complete();
            case '\x7f':
            case '\b':
                return pos && this.edit(buffer.slice(0, pos - 1) + buffer.slice(pos), pos - 1);
            case '\x1b[3~':
                return this.edit(buffer.slice(0, pos) + buffer.slice(pos + 1), pos);
            case '\x1b[D':
            case '\x1bOD':
            case '\x02':
                return this.edit(buffer, Math.max(0, pos - 1));
            case '\x1b[C':
            case '\x1bOC':
            case '\x06':
                return this.edit(buffer, Math.min(buffer.length, pos + 1));
            case '\x1b[H':
            case '\x1bOH':
            case '\x1b[1~':
            case '\x01':
                return this.edit(buffer, 0);
            case '\x1b[F':
            case '\x1bOF':
            case '\x1b[4~':
            case '\x05':
                return this.edit(buffer, buffer.length);
            case '\x0b':
                return this.edit(buffer.slice(0, pos), pos);
            case '\x15':
                return this.edit(buffer.slice(pos), 0);
            case '\x17': {
                const start = buffer.slice(0, pos).replace(/\S+\s*$/, '').length;
                return this.edit(buffer.slice(0, start) + buffer.slice(pos), start);
            }
            case '\x1b[A':
            case '\x1bOA':
            case '\x10':
                return this.browse(-1);
            case '\x1b[B':
            case '\x1bOB':
            case '\x0e':
                return this.browse(1);
            default:
                if (key.length === 1 && key >= ' ' && key !== '\x7f') {
                    return this.edit(buffer.slice(0, pos) + key + buffer.slice(pos), pos + 1);
                }
                return undefined; // (other keys and sequences: nothing)
        }
    }

    /** The line and the cursor, redrawn: from the line's start, to the end of the screen. */
    edit(buffer, pos) {
        const cols = this.term.cols;
        const rowOf = (index) => Math.floor((this.startCol + index) / cols);
        const colOf = (index) => (this.startCol + index) % cols;
        let out = '';
        const up = rowOf(this.drawnAt);
        if (up) out += `\x1b[${up}A`;
        out += `\r${this.startCol ? `\x1b[${this.startCol}C` : ''}\x1b[J${buffer}`;
        // (at the right margin the cursor waits to wrap: a blank takes it to the next row)
        if ((this.startCol + buffer.length) % cols === 0 && buffer.length) out += ' \r';
        const back = rowOf(buffer.length) - rowOf(pos);
        if (back) out += `\x1b[${back}A`;
        out += `\r${colOf(pos) ? `\x1b[${colOf(pos)}C` : ''}`;
        this.term.write(out);
        this.buffer = buffer;
        this.pos = pos;
        this.drawnAt = pos;
    }

    browse(by) {
        if (!this.command) return;
        const to = this.browsing + by;
        if (to < 0 || to > this.history.length) return;
        if (this.browsing === this.history.length) this.draft = this.buffer;
        this.browsing = to;
        const line = to === this.history.length ? this.draft : this.history[to];
        this.edit(line, line.length);
    }

    _done() {
        this.edit(this.buffer, this.buffer.length);
        this.active = false;
        return this.buffer;
    }

    submit() {
        const line = this._done();
        this.term.write('\r\n');
        if (this.command && line.trim() && this.history[this.history.length - 1] !== line) {
            this.history.push(line);
            this.history.splice(0, this.history.length - HISTORY_MOST);
            try {
                this.storage.setItem(HISTORY_KEY, JSON.stringify(this.history));
            } catch {
                // (storage full or refused: the history of this visit stays)
            }
        }
        this.on.submit(line, this.command);
        const typed = this.typed;
        this.typed = null;
        if (typed) typed();
    }

    interrupt() {
        const typed = this._done();
        this.term.write('^C\r\n');
        this.on.interrupt(typed);
    }

    end() {
        this._done();
        this.term.write('\r\n');
        this.on.end();
    }

    async complete() {
        if (this.completing || !this.command) return;
        this.completing = true;
        try {
            const before = this.buffer.slice(0, this.pos);
            const found = await this.on.complete(before);
            if (!this.active || this.buffer.slice(0, this.pos) !== before) return;
            if (!found.length) return;
            // each completion replaces the word before the cursor (its `start`: negative)
            const stem = before.length + found[0].start;
            const word = commonStart(found.map((f) => before.slice(0, before.length + f.start) + f.text));
            if (word.length > before.length && word.startsWith(before.slice(0, stem))) {
                const rest = this.buffer.slice(this.pos);
                this.edit(word + rest, word.length);
            } else if (found.length > 1) {
                // the choices, under the line (the terminal's, not the transcript's), then the line again
                this.edit(this.buffer, this.buffer.length);
                this.term.write(`\r\n${found.map((f) => f.text).join('  ')}\r\n`);
                this.startCol = 0;
                this.drawnAt = 0;
                this.edit(this.buffer, this.pos);
            }
        } finally {
            this.completing = false;
            const waiting = this.waiting;
            this.waiting = '';
            if (waiting) this.input(waiting);
        }
    }

    /** A tool call runs at this prompt (WebMCP): the line typed so far is taken off the screen
     * and typed again at the next prompt. */
    hold() {
        this.starting = 0; // (a prompt not yet started: its keys wait for the next one)
        if (!this.active) return;
        const typed = this.buffer;
        this.edit('', 0);
        this.active = false;
        this.waiting = typed + this.waiting;
    }

    /** A line typed for the user (the Board's `goto N`), at a command's prompt only (else
     * false): a promise resolved once it is sent (at once, or when the prompt starts). */
    type(line) {
        if (!this.command || !(this.active || this.starting)) return false;
        const sent = new Promise((resolve) => {
            this.typed = resolve;
        });
        if (this.active) {
            this.edit(line, line.length);
            this.submit();
        } else {
            this.waiting = `${line}\r`; // (in place of keys typed ahead, as at the prompt)
        }
        return sent;
    }
}
