// The Board view (Run and Debug side bar): the board at the frame selected in the call stack,
// drawn by media/board.js from the adapter's `sudokuBoard` response (docs/dap.md). It asks
// again at every stop and every frame the user selects (VS Code's active stack item); a cell
// clicked runs `why [r,c]` in the debug console.
'use strict';

const vscode = require('vscode');

const TYPE = 'sudoku-repl';
const VIEW = 'sudoku-repl.board';

function nonce() {
    let text = '';
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    for (let i = 0; i < 32; i++) {
        text += chars.charAt(Math.floor(Math.random() * chars.length));
    }
    return text;
}

class BoardView {
    constructor(extensionUri) {
        this.extensionUri = extensionUri;
        this.view = undefined;
        this.asked = 0; // the number of the latest request: older answers are dropped
        this.shown = null; // {session, frameId} of the board drawn
        this.last = { type: 'idle' }; // the last message posted, posted again when the view is shown
        // the frame ids of each session's latest stack (seen by a tracker): a frame of an older
        // stop is not asked for (the adapter would refuse it; the stop after it asks again)
        this.frames = new Map();
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
        this.last = message;
        if (this.view) {
            this.view.webview.postMessage(message);
        }
    }

    /** Ask the adapter for the board of the selected frame (of the active stack item). */
    async refresh(item = vscode.debug.activeStackItem) {
        const asked = ++this.asked;
        const session = item ? item.session : vscode.debug.activeDebugSession;
        if (!session || session.type !== TYPE) {
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
                // a frame handed out before the search moved: a newer stop asks again
                if (!/handed out before/.test(String(error && error.message))) {
                    this.post({ type: 'note', text: String((error && error.message) || error) });
                }
            }
            return;
        }
        if (asked !== this.asked) {
            return;
        }
        this.shown = { session, frameId };
        this.post({ type: 'board', board: body });
    }

    ended(session) {
        if (this.shown && this.shown.session === session) {
            this.shown = null;
            this.post({ type: 'ended' });
        }
    }

    /** The page's messages: `ready` (its script listens), `why` (a cell clicked: `why [r,c]` in
     * the debug console, the line shown as if typed there, then its answer). */
    async received(message) {
        if (message && message.type === 'ready') {
            this.post(this.last);
            this.refresh();
            return;
        }
        if (!message || message.type !== 'why' || !this.shown) {
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
        vscode.debug.onDidTerminateDebugSession((session) => {
            board.frames.delete(session.id);
            board.ended(session);
        }),
        vscode.debug.registerDebugAdapterTrackerFactory(TYPE, {
            createDebugAdapterTracker: (session) => ({ onDidSendMessage: (message) => board.seen(session, message) }),
        }),
    );
    return board;
}

module.exports = { registerBoardView, BoardView, VIEW };
