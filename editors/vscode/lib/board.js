// The Board view (Run and Debug side bar): the board at the frame selected in the call stack,
// drawn by media/board.js from the adapter's `sudokuBoard` response (docs/dap.md). It asks
// again at every stop and every frame the user selects (VS Code's active stack item); a cell
// clicked runs `why [r,c]` in the debug console.
'use strict';

const crypto = require('node:crypto');
const vscode = require('vscode');

const TYPE = 'sudoku-repl';
const VIEW = 'sudoku-repl.board';

/** A fresh nonce for the page's script (its Content-Security-Policy runs no other). */
function nonce() {
    return crypto.randomBytes(18).toString('base64url');
}

class BoardView {
    constructor(extensionUri) {
        this.extensionUri = extensionUri;
        this.view = undefined;
        this.asked = 0; // the number of the latest request: older answers are dropped
        this.shown = null; // {session, frameId, body, over} of the board drawn (over: its session ended)
        this.last = { type: 'idle' }; // the last message posted, posted again to a new page
        // the frame ids of each session's latest stack (seen by a tracker): a frame of an older
        // stop is not asked for (the adapter would refuse it; the stop after it asks again)
        this.frames = new Map();
        this.over = new Set(); // the ids of sessions that ended: nothing more is asked of them
    }

    /** What the adapter says, as the tracker sees it: a stop or a run forgets the frames. */
    seen(session, message) {
        if (message.type === 'event' && ['stopped', 'continued', 'terminated'].includes(message.event)) {
            this.frames.set(session.id, new Set());
        } else if (message.type === 'response' && message.command === 'stackTrace' && message.success) {
            const known = this.frames.get(session.id) || new Set();
            for (const frame of message.body.stackFrames || []) {
                known.add(frame.id);
            }
            this.frames.set(session.id, known);
        }
    }

    resolveWebviewView(view) {
        this.view = view;
        const media = vscode.Uri.joinPath(this.extensionUri, 'media');
        view.webview.options = { enableScripts: true, localResourceRoots: [media] };
        const script = view.webview.asWebviewUri(vscode.Uri.joinPath(media, 'board.js'));
        const style = view.webview.asWebviewUri(vscode.Uri.joinPath(media, 'board.css'));
        const n = nonce();
        view.webview.html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${view.webview.cspSource}; script-src 'nonce-${n}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link href="${style}" rel="stylesheet">
<title>Sudoku board</title>
</head>
<body>
<p id="caption" class="caption"></p>
<div id="board" class="board" role="grid" aria-label="Sudoku board"></div>
<p id="note" class="note"></p>
<ul id="legend" class="legend" hidden></ul>
<script nonce="${n}" src="${script}"></script>
</body>
</html>`;
        view.webview.onDidReceiveMessage((message) => this.received(message));
        view.onDidChangeVisibility(() => {
            if (view.visible) {
                this.refresh();
            }
        });
        view.onDidDispose(() => {
            this.view = undefined;
        });
    }

    post(message) {
        if (message.type !== 'board') {
            this.last = message;
        } else {
            this.last = { type: 'none' };
        }
        if (this.view) {
            this.view.webview.postMessage(message);
        }
    }

    /** Ask the adapter for the board of the selected frame (of the active stack item). */
    async refresh(item = vscode.debug.activeStackItem) {
        const asked = ++this.asked;
        const session = item ? item.session : vscode.debug.activeDebugSession;
        if (!session || session.type !== TYPE || this.over.has(session.id)) {
            if (!this.shown) {
                this.post({ type: 'idle' });
            }
            return;
        }
        if (!this.view || !this.view.visible) {
            return; // asked again when it is shown
        }
        const frameId = item && typeof item.frameId === 'number' ? item.frameId : undefined;
        const known = this.frames.get(session.id);
        if (frameId !== undefined && known && !known.has(frameId)) {
            return;
        }
        let body;
        try {
            body = await session.customRequest('sudokuBoard', frameId === undefined ? {} : { frameId });
        } catch (error) {
            if (asked === this.asked) {
                const said = String((error && error.message) || error);
                if (/Unknown request 'sudokuBoard'/.test(said)) {
                    this.post({ type: 'note', text: 'This sudoku-repl does not draw boards (its adapter has no sudokuBoard request): install a newer sudoku-repl.' });
                } else if (!/handed out before|No debugger available/.test(said)) {
                    // (a stale frame: the next stop asks again; a session that just ended)
                    this.post({ type: 'note', text: said });
                }
            }
            return;
        }
        if (asked !== this.asked) {
            return;
        }
        this.shown = { session, frameId, body };
        this.post({ type: 'board', board: body });
    }

    ended(session) {
        this.over.add(session.id);
        this.frames.delete(session.id);
        this.asked++; // an answer on its way is dropped
        if (this.shown && this.shown.session === session) {
            this.shown = { ...this.shown, over: true }; // its last board stays, said to be over
            this.post({ type: 'ended' });
        }
    }

    /** The page's messages: `ready` (its script listens), `why` (a cell clicked: `why [r,c]` in
     * the debug console, the line shown as if typed there, then its answer). */
    async received(message) {
        if (message && message.type === 'ready') {
            // a page made again (the view hidden, then shown): what it showed, then the present
            if (this.shown) {
                this.post({ type: 'board', board: this.shown.body });
            }
            this.post(this.last);
            this.refresh();
            return;
        }
        if (!message || message.type !== 'why' || !this.shown || this.shown.over) {
            return;
        }
        const { session, frameId } = this.shown;
        const line = `why ${message.name}`;
        const console = vscode.debug.activeDebugConsole;
        await vscode.commands.executeCommand('workbench.debug.action.focusRepl');
        console.appendLine(`> ${line}`);
        try {
            const args = { expression: line, context: 'repl' };
            if (frameId !== undefined) {
                args.frameId = frameId;
            }
            const answer = await session.customRequest('evaluate', args);
            if (answer && answer.result) {
                console.appendLine(answer.result);
            }
        } catch (error) {
            console.appendLine(String((error && error.message) || error));
        }
    }
}

function registerBoardView(context) {
    const board = new BoardView(context.extensionUri);
    context.subscriptions.push(
        vscode.window.registerWebviewViewProvider(VIEW, board),
        vscode.debug.onDidChangeActiveStackItem((item) => board.refresh(item)),
        vscode.debug.onDidTerminateDebugSession((session) => board.ended(session)),
        vscode.debug.registerDebugAdapterTrackerFactory(TYPE, {
            createDebugAdapterTracker: (session) => ({ onDidSendMessage: (message) => board.seen(session, message) }),
        }),
    );
    return board;
}

module.exports = { registerBoardView, BoardView, VIEW };
