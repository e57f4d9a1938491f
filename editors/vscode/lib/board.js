// The Board: the board at the frame selected in the call stack, drawn by media/board.js from the
// adapter's `sudokuBoard` response (docs/dap.md), in the Board view of the Run and Debug side bar
// and, opened large, in an editor tab beside the quiz; a status bar item says where the search
// is. It asks again at every stop and every frame the user selects (VS Code's active stack
// item). What a page asks (a cell's `why`, `when`, `goto N`) runs in the debug console through
// `evaluate` in the adapter's `board` context: the line echoed, its answer as the console's own
// output. A session that ends says how (the adapter's last board, or how its process ended).
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const vscode = require('vscode');
const { FocusKeeper } = require('./focus');

const TYPE = 'sudoku-repl';
const VIEW = 'sudoku-repl.board';
const PANEL = 'sudoku-repl.boardPanel';
const PANEL_VIEW = 'sudoku-repl.boardInPanel'; // the bottom panel's view (boardLocation panel)
const OPEN = 'sudoku-repl.openBoard';
const SETTLE_MS = 400; // (this.settling)

/** A fresh nonce for the page's script (its Content-Security-Policy runs no other). */
function nonce() {
    return crypto.randomBytes(18).toString('base64url');
}

/** The page's HTML for `webview` (the view's and the tab's are the same page). Its one script,
 * a file of media/, runs by a nonce made for this page (VS Code's webview: its policy runs no
 * other script). `web` (web/board_page.cjs: the web page's board/, a static file the same for
 * every visitor, where a nonce would be no secret): no nonce; the scripts are the files beside
 * the page (`web.before`'s first: the page's stand-in for VS Code's API), which the policy
 * names by their origin ('self'), none of them inline. */
function pageHtml(webview, extensionUri, web = null) {
    const media = vscode.Uri.joinPath(extensionUri, 'media');
    const script = webview.asWebviewUri(vscode.Uri.joinPath(media, 'board.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(media, 'board.css'));
    const n = web ? null : nonce();
    const scripts = [...(web ? web.before : []), script]
        .map((src) => `<script${n ? ` nonce="${n}"` : ''} src="${src}"></script>`)
        .join('\n');
    const scriptSrc = n ? `'nonce-${n}'` : webview.cspSource;
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${webview.cspSource}; script-src ${scriptSrc}; base-uri 'none'; form-action 'none';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link href="${style}" rel="stylesheet">
<title>Sudoku board</title>
</head>
<body>
<main id="layout" class="layout" hidden>
<div class="stage">
<div id="board" class="board" role="grid" aria-label="Sudoku board"></div>
<svg id="arrows" class="arrows" aria-hidden="true"></svg>
</div>
<aside id="side" class="side">
<div class="side-top">
<p id="caption" class="caption"></p>
<form id="goto" class="goto" novalidate hidden>
<label for="step-input">Step</label>
<input id="step-input" type="number" min="0" value="0" aria-label="Go to step">
<button id="step-go" type="submit" title="Go to this step (goto N; g: here)">Go</button>
<span id="where" class="where" role="status"></span>
<button id="pin" class="secondary" type="button" title="Pin this step: the cells that differ from it are outlined">Pin</button>
</form>
<div id="scrubber" class="scrubber" role="slider" tabindex="0" aria-label="Timeline: the level over the steps; go to a step" hidden>
<canvas id="timeline"></canvas>
<span id="preview" class="preview" hidden></span>
</div>
<details id="difficulty" class="difficulty"><summary>Difficulty at this step (open to measure)</summary><div class="body"></div></details>
<details id="sestep" class="difficulty sestep"><summary>Sudoku Explainer's next step (open to draw)</summary><div class="body"></div></details>
<details id="sesteps" class="difficulty"><summary>Every step Sudoku Explainer offers (open to list)</summary><div class="body"></div></details>
<p id="note" class="note" role="status"></p>
</div>
<ul id="legend" class="legend" hidden></ul>
</aside>
</main>
<div id="popover" class="popover" role="dialog" aria-label="Why" hidden></div>
<div id="magnifier" class="magnifier" aria-hidden="true" hidden></div>
${scripts}
</body>
</html>`;
}

/** The adapter log's last line (`sudoku-repl.log`), or '' (none set, none written). */
function lastLogLine(file) {
    try {
        const text = fs.readFileSync(file, 'utf8');
        return text.trimEnd().split('\n').pop() || '';
    } catch {
        return '';
    }
}

/** A log line in words (the toast quoted a raw protocol line): `01:02:03 <- {json}`
 * is the request or message VS Code sent last, `->` what the adapter sent last (a response, an
 * event), `!!` a fault it logged, said as it is; anything else: null. */
function logLineSaid(line) {
    const m = /^(\d\d:\d\d:\d\d) (<-|->|!!) (.*)$/.exec(line);
    if (!m) {
        return null;
    }
    const [, time, way, rest] = m;
    if (way === '!!') {
        return `at ${time} it logged a fault: ${rest.slice(0, 200)}`;
    }
    let message;
    try {
        message = JSON.parse(rest);
    } catch {
        return null;
    }
    const name = message.command || message.event || 'a message';
    const what = message.type === 'request'
        ? `the request "${name}"`
        : message.type === 'response'
          ? `its answer to "${name}"${message.success === false ? ' (a failure)' : ''}`
          : message.type === 'event'
            ? `the event "${name}"`
            : `a message "${name}"`;
    return way === '<-' ? `the last thing it got, at ${time}, was ${what} from VS Code` : `the last thing it sent, at ${time}, was ${what}`;
}

/** How a process ended, in words: `exit status 1`, `killed by SIGKILL`. VS Code 1.100 hands a
 * tracker the exit code alone (null for a process a signal ended, as Node's `exit` event gives
 * it), not the signal: then `killed by a signal`. */
function howEnded(code, signal) {
    if (signal) {
        return `killed by ${signal}`;
    }
    return typeof code === 'number' ? `exit status ${code}` : 'killed by a signal';
}

/** What the Board's page is told where the adapter gives no picture, or no list of steps. */
const OLDER_ADAPTER = {
    picture: 'This sudoku-repl draws no step pictures: install a newer sudoku-repl.',
    steps: 'This sudoku-repl lists no steps: install a newer sudoku-repl.',
};

class Board {
    constructor(extensionUri, logFile) {
        this.extensionUri = extensionUri;
        this.logFile = logFile; // (folder) => the adapter's log file of the setting, or ''
        this.pages = new Set(); // the webviews that show the board (the view's, the tab's)
        this.panel = undefined;
        this.asked = 0; // the number of the latest request: older answers are dropped
        this.shown = null; // {session, frameId, body, over} of the board drawn (over: its session ended)
        this.last = { type: 'idle' }; // the last message posted but a board, posted again to a new page
        // the frame ids of each session's latest stack (seen by a tracker): a frame of an older
        // stop is not asked for (the adapter would refuse it; the stop after it asks again)
        this.frames = new Map();
        this.tops = new Map(); // the id of the top frame of each session's latest stack
        this.over = new Set(); // the ids of sessions that ended: nothing more is asked of them
        this.ends = new Map(); // a session's id -> its end as the adapter said it (exited, last board)
        this.status = vscode.window.createStatusBarItem('sudoku-repl.status', vscode.StatusBarAlignment.Left, 10);
        this.status.name = 'Sudoku REPL';
        this.status.command = OPEN;
        this.boards = new Map(); // `${session.id}/${frameId}` -> body, at this stop (inline values)
        this.changed = new vscode.EventEmitter(); // a board came: inline values are asked again
        this.views = new Set(); // the side bar's and the bottom panel's views, once resolved
        this.present = new Map(); // a session's id -> its present step (the last stop's)
        this.hits = new Map(); // a session's id -> the steps a breakpoint stopped it at
        this.stopBody = new Map(); // a session's id -> the board its last sudokuStop event sent
        // the page whose step (a key, the step box, the scrubber, a link, a cell's menu) brings
        // a stop: VS Code's debug.focusEditorOnBreak then focuses the quiz; the focus is given
        // back to the page (lib/focus.js)
        this.focusKept = new FocusKeeper();
        // the stop told to the page once VS Code's selections of it are over (SETTLE_MS without
        // one): VS Code 1.100 opens a stop's editor with the focus twice, ~0.1 s apart, or more
        // on a busy machine; until then the focus may go to the quiz again ({page, step, timer})
        this.settling = null;
    }

    /** Where the Board opens (sudoku-repl.boardLocation): tab, sidebar or panel. */
    location() {
        return vscode.workspace.getConfiguration(TYPE).get('boardLocation', 'tab');
    }

    // -- what the adapter says (a tracker) ---------------------------------------------------

    seen(session, message) {
        if (message.type === 'event' && message.event === 'sudokuStop') {
            // the board of the stop that follows: drawn now, once (the stack's top frame, when
            // VS Code selects it, is this board: not asked again)
            const body = message.body;
            this.stopBody.set(session.id, body);
            this.present.set(session.id, body.step);
            if (/breakpoint/.test(body.reason || '')) {
                const hits = this.hits.get(session.id) || [];
                if (!hits.includes(body.step)) hits.push(body.step);
                this.hits.set(session.id, hits);
            }
            this.ends.delete(session.id);
            this.asked++; // (an answer asked before this stop is dropped)
            this.shown = { session, frameId: undefined, body };
            this.postBoard(body, session);
            this.showStatus(body, false, session);
            this.changed.fire();
            return;
        }
        if (message.type === 'event' && ['stopped', 'continued', 'terminated'].includes(message.event)) {
            this.frames.set(session.id, new Set());
            this.tops.delete(session.id);
            if (message.event === 'stopped') {
                this.focusKept.stopped(session.id);
            }
            this.boards.clear();
            if (message.event === 'stopped' && this.stopBody.has(session.id)) {
                this.boards.set(`${session.id}/undefined`, this.stopBody.get(session.id));
            } else {
                this.stopBody.delete(session.id);
            }
            if (message.event !== 'terminated') {
                this.ends.delete(session.id); // (a Restart after the end: the search runs again)
            }
        } else if (message.type === 'response' && message.command === 'stackTrace' && message.success) {
            const known = this.frames.get(session.id) || new Set();
            const frames = message.body.stackFrames || [];
            const stop = this.stopBody.get(session.id);
            if (!known.size && frames.length) {
                this.tops.set(session.id, frames[0].id);
                if (stop) {
                    this.boards.set(`${session.id}/${frames[0].id}`, stop); // the top frame: the stop's
                }
            }
            for (const frame of frames) {
                known.add(frame.id);
            }
            this.frames.set(session.id, known);
        }
        if (message.type === 'event' && message.event === 'sudokuBoard') {
            // the search ended: its last board, which no request can ask for any more
            this.ends.set(session.id, { body: message.body });
            this.asked++;
            this.shown = { session, frameId: undefined, body: message.body, over: true };
            this.post({ type: 'board', board: message.body, over: true, present: message.body.step });
            this.post({ type: 'ended', text: `The search ended at step ${message.body.step}: this is its last board.` });
        } else if (message.type === 'event' && message.event === 'exited') {
            this.end(session, { exited: true });
        }
    }

    /** What VS Code asks the adapter: a disconnect or terminate ends it as asked. */
    asking(session, message) {
        if (message.type === 'request' && ['disconnect', 'terminate'].includes(message.command)) {
            this.end(session, { asked: true });
        }
    }

    end(session, what) {
        this.ends.set(session.id, { ...(this.ends.get(session.id) || {}), ...what });
    }

    /** The adapter's process ended (a tracker's onExit): a session that had not ended says so. */
    exited(session, code, signal) {
        const end = this.ends.get(session.id) || {};
        if (end.exited || end.asked) {
            return;
        }
        this.end(session, { crashed: true });
        this.over.add(session.id);
        this.asked++;
        const file = this.logFile(session.workspaceFolder);
        const last = file ? lastLogLine(file) : '';
        const how = howEnded(code, signal);
        const said = last ? logLineSaid(last) : '';
        const tail = file
            ? last
                ? said
                    ? ` Its log is ${file}: ${said}.`
                    : ` Its log is ${file}.`
                : ` Its log (${file}) is empty.`
            : ' Set sudoku-repl.log to keep its log.';
        const text = `Sudoku REPL: the debug adapter ended unexpectedly (${how}).${tail}`;
        this.post({ type: 'ended', text: `The adapter ended unexpectedly (${how}): the session is over.` });
        this.status.hide();
        vscode.window.showErrorMessage(text);
    }

    // -- the pages -----------------------------------------------------------------------------

    /** A page made (the view resolved, a tab opened): its HTML, and its messages listened to. */
    adopt(webview, onDispose) {
        webview.options = { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'media')] };
        webview.html = pageHtml(webview, this.extensionUri);
        this.pages.add(webview);
        const listening = webview.onDidReceiveMessage((message) => this.received(message, webview));
        return () => {
            listening.dispose();
            this.pages.delete(webview);
            onDispose();
        };
    }

    resolveWebviewView(view) {
        this.views.add(view);
        const gone = this.adopt(view.webview, () => {
            this.views.delete(view);
        });
        view.onDidChangeVisibility(() => {
            if (view.visible) {
                this.refresh();
            }
        });
        view.onDidDispose(gone);
    }

    /** The board in an editor tab beside the quiz (made once; revealed again, unless `quiet`:
     * a session's start leaves a tab that is open where it is). */
    openPanel(quiet = false) {
        if (this.panel) {
            if (!quiet) {
                this.panel.reveal(vscode.ViewColumn.Beside, true);
            }
            return;
        }
        const panel = vscode.window.createWebviewPanel(PANEL, 'Sudoku board', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { retainContextWhenHidden: false });
        this.panel = panel;
        const gone = this.adopt(panel.webview, () => {
            this.panel = undefined;
        });
        panel.onDidDispose(gone);
        panel.onDidChangeViewState(() => {
            if (panel.visible) {
                this.refresh();
            }
        });
    }

    /** The Board shown where sudoku-repl.boardLocation puts it (a session started): an editor
     * tab beside the quiz (the default: the room to read it), the side bar's view expanded, or
     * the bottom panel's view. */
    async reveal() {
        const where = this.location();
        if (where !== 'sidebar' && where !== 'panel') {
            this.openPanel(true);
            return;
        }
        const id = where === 'panel' ? PANEL_VIEW : VIEW;
        const view = [...this.views].find((v) => v.viewType === id);
        if (view) {
            view.show(true);
            return;
        }
        await vscode.commands.executeCommand(`${id}.focus`);
        await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    }

    /** A board posted to the pages with what the page says beside it: the present step, the
     * breakpoint hits (the scrubber's marks), and the search's end once known. */
    postBoard(body, session, extra = {}) {
        const id = session && session.id;
        this.post({
            type: 'board',
            board: body,
            present: this.present.has(id) ? this.present.get(id) : body.step,
            hits: this.hits.get(id) || [],
            ...extra,
        });
    }

    post(message) {
        this.last = message.type === 'board' ? { type: 'none' } : message;
        for (const page of this.pages) {
            page.postMessage(message);
        }
    }

    /** The status bar: the present step (it followed the selected frame); a guess
     * level's frame selected: "Step 16 (frame) of 43", the frame's step of the present one. */
    showStatus(body, over, session) {
        const solutions = body.solutions === 1 ? '1 solution' : `${body.solutions} solutions`;
        const end = over ? ' (ended)' : '';
        const present = session && this.present.has(session.id) ? this.present.get(session.id) : body.step;
        const step = present === body.step ? `Step ${body.step}` : `Step ${body.step} (frame) of ${present}`;
        this.status.text = `$(debug-alt) ${step}, level ${body.level} (biggest ${body.biggest}), ${solutions}${end}`;
        this.status.tooltip = `${body.file ? body.file.name + ': ' : ''}${body.name}\nClick: the board in an editor tab`;
        this.status.show();
    }

    // -- asking the adapter --------------------------------------------------------------------

    /** The board of a frame (undefined: frame 0) of `session`, or undefined (said on the page). */
    async ask(session, frameId) {
        const known = this.frames.get(session.id);
        if (frameId !== undefined && known && !known.has(frameId)) {
            return undefined;
        }
        const key = `${session.id}/${frameId}`;
        if (this.boards.has(key)) {
            return this.boards.get(key);
        }
        const body = await session.customRequest('sudokuBoard', frameId === undefined ? {} : { frameId });
        this.boards.set(key, body);
        return body;
    }

    /** Ask the adapter for the board of the selected frame (of the active stack item). */
    async refresh(item = vscode.debug.activeStackItem) {
        const asked = ++this.asked;
        const session = item ? item.session : vscode.debug.activeDebugSession;
        if (session && item && typeof item.frameId === 'number') {
            // (VS Code selects the frame it opened the quiz at, with the focus: the page keeping
            // the focus asked whether it still has it, told its stop at the first of its stop's)
            const known = this.frames.get(session.id) || new Set();
            const frame = !known.has(item.frameId) ? 'stale' : item.frameId === this.tops.get(session.id) ? 'top' : 'other';
            const asked = this.focusKept.selected(session.id, frame);
            if (asked) {
                asked.page.postMessage({ type: 'focus' }); // (given back if this move took it)
                if (asked.settled || this.settling) {
                    this.settle(asked.page, asked.settled ? this.present.get(session.id) : this.settling.step);
                }
            }
        }
        // (a search that ended keeps its last board, the sudokuBoard event's: a frame selected
        // after it, as VS Code selects one at the end, would ask a session that is going away,
        // whose failure, "custom request failed", replaced the board)
        const ended = session && (this.ends.get(session.id) || {}).body;
        if (!session || session.type !== TYPE || this.over.has(session.id) || ended) {
            return; // (what the pages show stays: the last board, a refused quiz's note, or idle)
        }
        if (!this.frames.has(session.id)) {
            return; // (not stopped yet: the first stop brings its board)
        }
        const frameId = item && typeof item.frameId === 'number' ? item.frameId : undefined;
        let body;
        try {
            body = await this.ask(session, frameId);
        } catch (error) {
            if (asked === this.asked && !(this.ends.get(session.id) || {}).body) {
                const said = String((error && error.message) || error);
                if (/Unknown request 'sudokuBoard'/.test(said)) {
                    this.post({ type: 'note', text: 'This sudoku-repl does not draw boards (its adapter has no sudokuBoard request): install a newer sudoku-repl.' });
                } else if (!/handed out before|No debugger available|cancelled/.test(said)) {
                    // (a stale frame: the next stop asks again; a session that just ended)
                    this.post({ type: 'note', text: said });
                }
            }
            return;
        }
        if (!body || asked !== this.asked) {
            return;
        }
        const same = this.shown && this.shown.body === body; // (the stop's, drawn already)
        this.shown = { session, frameId, body };
        this.showStatus(body, false, session);
        if (!same) {
            this.postBoard(body, session);
            this.changed.fire(); // (inline values asked again only for a board of its own)
        }
    }

    started(session) {
        if (session.type !== TYPE) {
            return;
        }
        this.over.delete(session.id);
        for (const page of this.pages) {
            page.postMessage({ type: 'session' }); // (the pages forget the last session's record)
        }
        this.reveal();
    }

    ended(session) {
        if (session.type !== TYPE) {
            return;
        }
        this.over.add(session.id);
        this.frames.delete(session.id);
        this.tops.delete(session.id);
        this.boards.clear();
        this.focusKept.drop();
        this.unsettle();
        this.changed.fire();
        this.status.hide(); // (while a session runs)
        const end = this.ends.get(session.id) || {};
        if (end.body || end.crashed) {
            return; // its last board is shown, said to be the end; or how it ended
        }
        this.asked++; // an answer on its way is dropped
        if (this.shown && this.shown.session === session && !this.shown.over) {
            this.shown = { ...this.shown, over: true }; // its last board stays, said to be over
            this.post({ type: 'ended', text: 'The debug session ended: this is its last board.' });
        }
    }

    /** The quiz cannot be loaded (a problem the Problems panel shows): the board cleared, the
     * view shown with why (no session starts to reveal it). */
    refused(name, message) {
        this.shown = null;
        this.asked++;
        this.status.hide();
        this.post({ type: 'note', text: `${name} cannot be debugged: ${message} (see the Problems panel)` });
        this.reveal();
    }

    // -- what a page asks ----------------------------------------------------------------------

    /** A page's message: `ready` (its script listens), `goto` (a step: the step box's echoed in
     * the debug console; a key's, the scrubber's, a link's quietly), `blurred` (it lost the
     * focus), `refocus` (told of a stop's selection, it has not the focus), `explain` (a cell clicked), `difficulty`, `timeline`. */
    async received(message, webview) {
        if (message && message.type === 'ready') {
            // a page made again (the view hidden, then shown): what it showed, then the present
            if (this.shown) {
                const id = this.shown.session && this.shown.session.id;
                webview.postMessage({
                    type: 'board',
                    board: this.shown.body,
                    over: this.shown.over,
                    present: this.present.has(id) ? this.present.get(id) : this.shown.body.step,
                    hits: this.hits.get(id) || [],
                });
            }
            webview.postMessage(this.last);
            this.refresh();
            return;
        }
        if (!message) {
            return;
        }
        if (message.type === 'goto' && Number.isInteger(message.step)) {
            await this.goto(message.step, webview, Boolean(message.echo));
        } else if (message.type === 'blurred') {
            if (this.focusKept.blurred(webview)) {
                this.focus(webview);
            }
        } else if (message.type === 'refocus') {
            if (this.focusKept.keeps(webview)) {
                this.focus(webview);
            }
        } else if (message.type === 'explain' && typeof message.cell === 'string') {
            const why = await this.quietly(`why ${message.cell}`, true);
            const when = why.error ? { lines: [] } : await this.quietly(`when ${message.cell}`, true);
            webview.postMessage({
                type: 'explained', cell: message.cell, token: message.token, key: message.key,
                why: why.lines, when: when.lines, error: why.error,
            });
        } else if (message.type === 'difficulty') {
            const said = await this.quietly('difficulty', false);
            webview.postMessage({ type: 'difficulty', step: message.step, lines: said.lines, error: said.error });
        } else if (message.type === 'picture' || message.type === 'steps') {
            // the picture of Sudoku Explainer's next step (export svg's), or every step it
            // offers (hint se all's), from the frame shown
            const shown = this.shown;
            if (!shown || shown.over) {
                return;
            }
            const field = message.type;
            const args = shown.frameId === undefined ? { [field]: true } : { [field]: true, frameId: shown.frameId };
            let answer;
            try {
                const body = await shown.session.customRequest('sudokuBoard', args);
                answer = (body && body[field]) || { none: OLDER_ADAPTER[field] };
            } catch (error) {
                answer = { none: String((error && error.message) || error) };
            }
            webview.postMessage({ type: field, step: message.step, [field]: answer });
        } else if (message.type === 'timeline' && Number.isInteger(message.columns)) {
            const session = this.shown && this.shown.session;
            if (!session || this.shown.over) {
                return;
            }
            try {
                const timeline = await session.customRequest('sudokuTimeline', { columns: message.columns });
                webview.postMessage({ type: 'timeline', timeline, columns: message.columns });
            } catch {
                // (an adapter without the request: no strip; the step box still goes)
            }
        }
    }

    /** A command line run for the board without a line in the debug console: its lines, or
     * its error (`atFrame`: at the frame the board shows, as a click's `why` answers there). */
    async quietly(line, atFrame) {
        if (!this.shown || this.shown.over) {
            return { lines: [], error: 'The session is over.' };
        }
        const { session, frameId } = this.shown;
        const args = { expression: line, context: 'repl' };
        if (atFrame && frameId !== undefined) {
            args.frameId = frameId;
        }
        try {
            const answer = await session.customRequest('evaluate', args);
            return { lines: String((answer && answer.result) || '').split('\n').filter((l) => l !== '') };
        } catch (error) {
            return { lines: [], error: String((error && error.message) || error) };
        }
    }

    /** Step `step` asked for at a page (`webview`: the step box, a key, the scrubber, a link,
     * a cell's menu): echoed in the debug console with its answer (`echo`) or quietly. The stop
     * it brings does not keep the focus off the page: the next `]` or digit goes to the board,
     * not into the quiz (lib/focus.js). */
    async goto(step, webview, echo) {
        const session = this.shown && !this.shown.over ? this.shown.session : undefined;
        this.unsettle(); // (the stop before is not told: this step's is)
        // (a goto to the present step moves nothing: no stop takes the focus)
        if (session && webview && step !== this.present.get(session.id)
            && vscode.workspace.getConfiguration('debug').get('focusEditorOnBreak', true)) {
            this.focusKept.keep(webview, session.id);
        }
        const failed = echo ? !(await this.run(`goto ${step}`)) : (await this.quietly(`goto ${step}`, false)).error;
        if (failed) {
            this.focusKept.drop(webview); // (no stop: nothing takes the focus)
        }
    }

    /** The page of a cell's context menu: VS Code gives the menu's command the view type of the
     * webview it was opened on (`webview`: the tab's, or the view's in the side bar or panel). */
    pageOf(viewType) {
        if (this.panel && viewType === PANEL) {
            return this.panel.webview;
        }
        const view = [...this.views].find((v) => v.viewType === viewType);
        return view ? view.webview : undefined;
    }

    /** `page` told its stop's `step` (it settles with the focus) once no selection of VS Code's
     * came for SETTLE_MS; a selection before that waits again. */
    settle(page, step) {
        this.unsettle();
        const timer = setTimeout(() => {
            this.settling = null;
            page.postMessage({ type: 'focus', step });
        }, SETTLE_MS);
        this.settling = { page, step, timer };
    }

    unsettle() {
        if (this.settling) {
            clearTimeout(this.settling.timer);
            this.settling = null;
        }
    }

    /** The focus given back to a page (the tab's, or the side bar's or bottom panel's view). */
    focus(webview) {
        if (this.panel && this.panel.webview === webview) {
            this.panel.reveal(this.panel.viewColumn, false);
            return;
        }
        const view = [...this.views].find((v) => v.webview === webview);
        if (view) {
            view.show(false);
        }
    }

    /** A command line run for the person at the board shown: echoed in the debug console with
     * its answer (the adapter's `board` context), at the frame the board shows; false when it
     * failed (said in the console) or the session is over. */
    async run(line) {
        if (!this.shown || this.shown.over) {
            return false;
        }
        const { session, frameId } = this.shown;
        // (the debug console is not focused: the board stays where it is, in the bottom panel too)
        const args = { expression: line, context: 'board' };
        if (frameId !== undefined) {
            args.frameId = frameId;
        }
        try {
            await session.customRequest('evaluate', args);
            return true;
        } catch (error) {
            vscode.debug.activeDebugConsole.appendLine(String((error && error.message) || error));
            return false;
        }
    }

    /** A cell of the board shown, as the adapter's `sudokuCell` request says it. */
    async cell(name) {
        if (!this.shown || this.shown.over) {
            return undefined;
        }
        const { session, frameId } = this.shown;
        const args = { cell: name };
        if (frameId !== undefined) {
            args.frameId = frameId;
        }
        return session.customRequest('sudokuCell', args);
    }
}

/** The context menu's commands on a cell of a page (`data-vscode-context`: its `cell`). */
function cellCommands(board) {
    return [
        vscode.commands.registerCommand('sudoku-repl.cell.why', (context) => context && board.run(`why ${context.cell}`)),
        vscode.commands.registerCommand('sudoku-repl.cell.when', (context) => context && board.run(`when ${context.cell}`)),
        vscode.commands.registerCommand('sudoku-repl.cell.breakWhenSet', (context) => {
            if (context) {
                vscode.debug.addBreakpoints([new vscode.FunctionBreakpoint(`cell ${context.cell}`)]);
            }
        }),
        vscode.commands.registerCommand('sudoku-repl.cell.gotoSetter', async (context) => {
            if (!context) {
                return;
            }
            const answer = await board.cell(context.cell);
            if (answer && typeof answer.setAt === 'number') {
                // (echoed, as the step box's; the focus given back to the page of the menu)
                await board.goto(answer.setAt, board.pageOf(context.webview), true);
            } else if (answer) {
                vscode.window.showInformationMessage(`Sudoku REPL: ${answer.text}; no step set it.`);
            }
        }),
    ];
}

function registerBoard(context, logFile) {
    const board = new Board(context.extensionUri, logFile);
    context.subscriptions.push(
        board.status,
        board.changed,
        vscode.window.registerWebviewViewProvider(VIEW, board),
        vscode.window.registerWebviewViewProvider(PANEL_VIEW, board),
        vscode.commands.registerCommand(OPEN, () => board.openPanel()),
        vscode.debug.onDidChangeActiveStackItem((item) => board.refresh(item)),
        vscode.debug.onDidStartDebugSession((session) => board.started(session)),
        vscode.debug.onDidTerminateDebugSession((session) => board.ended(session)),
        vscode.debug.registerDebugAdapterTrackerFactory(TYPE, {
            createDebugAdapterTracker: (session) => ({
                onDidSendMessage: (message) => board.seen(session, message),
                onWillReceiveMessage: (message) => board.asking(session, message),
                onExit: (code, signal) => board.exited(session, code, signal),
            }),
        }),
        ...cellCommands(board),
    );
    return board;
}

module.exports = { registerBoard, Board, VIEW, PANEL, PANEL_VIEW, howEnded, lastLogLine, logLineSaid, pageHtml };
