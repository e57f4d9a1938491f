// The Board view's page: draws the adapter's `sudokuBoard` response (docs/dap.md) and sends a
// clicked cell's name back to the extension, which runs `why [r,c]` in the debug console.
// Text, background and grid take VS Code's theme colours; the roles (given, value, the cells the
// step set, the candidates it removed, the guess levels) the response's palette.
'use strict';

(function () {
    const vscode = acquireVsCodeApi();
    const boardEl = document.getElementById('board');
    const captionEl = document.getElementById('caption');
    const noteEl = document.getElementById('note');
    const legendEl = document.getElementById('legend');
    // the roles the view paints (the grid's lines are the theme's, for high contrast)
    const ROLES = ['given', 'value', 'set', 'removed', 'back', 'lv1', 'lv2', 'lv3', 'lv4'];
    let last = null;

    function dark() {
        const c = document.body.classList;
        return c.contains('vscode-dark') || (c.contains('vscode-high-contrast') && !c.contains('vscode-high-contrast-light'));
    }

    function applyPalette(palette) {
        const colours = (palette && (dark() ? palette.dark : palette.light)) || {};
        for (const role of ROLES) {
            if (colours[role]) {
                document.documentElement.style.setProperty(`--role-${role}`, colours[role]);
            } else {
                document.documentElement.style.removeProperty(`--role-${role}`);
            }
        }
    }

    function el(tag, className, text) {
        const node = document.createElement(tag);
        if (className) {
            node.className = className;
        }
        if (text !== undefined) {
            node.textContent = text;
        }
        return node;
    }

    /** A cell in the shell's words (as `print [r,c]` says it), what the step did, the click. */
    function describe(cell) {
        const parts = [];
        if (cell.value) {
            parts.push(`${cell.name}=${cell.value}${cell.given ? ': given' : ''}`);
        } else {
            parts.push(cell.candidates.length ? `${cell.name} is empty: candidates ${cell.candidates.join(' ')}` : `${cell.name} is empty`);
        }
        if (cell.set) {
            parts.push('(set by this step)');
        }
        if (cell.removed && cell.removed.length) {
            parts.push(`(this step removed ${cell.removed.join(' ')})`);
        }
        if (cell.back && cell.back.length) {
            parts.push(`(given back: ${cell.back.join(' ')})`);
        }
        if (cell.guess) {
            parts.push(`(the guess of level ${cell.guess})`);
        }
        return `${parts.join(' ')}\nClick: why ${cell.name}`;
    }

    function drawCell(cell, at, thick) {
        const div = el('div', 'cell');
        div.setAttribute('role', 'gridcell');
        div.tabIndex = 0;
        div.dataset.name = cell.name;
        div.title = describe(cell);
        div.style.gridRow = String(cell.row);
        div.style.gridColumn = String(cell.col);
        // grid lines: a cell draws its right and bottom sides, and its left and top ones where
        // no cell is beside it; a box's edges are thick (the response's borders: top, right,
        // bottom, left; else every third line of the frame)
        const { row: r, col: c } = cell;
        const [top, right, bottom, left] = thick || [r % 3 === 1, c % 3 === 0, r % 3 === 0, c % 3 === 1];
        if (right) div.classList.add('br');
        if (bottom) div.classList.add('bb');
        if (!at.has(`${r},${c - 1}`)) div.classList.add(left ? 'bl' : 'blt');
        if (!at.has(`${r - 1},${c}`)) div.classList.add(top ? 'bt' : 'btt');
        if (cell.given) div.classList.add('given');
        if (cell.set) div.classList.add('set');
        if (cell.guess) div.classList.add('guess', `lv${((cell.guess - 1) % 4) + 1}`);
        if (cell.value) {
            div.appendChild(el('span', 'v', String(cell.value)));
            div.classList.add('filled');
        } else {
            const marks = new Set(cell.candidates);
            const removed = new Set(cell.removed || []);
            const back = new Set(cell.back || []);
            for (let d = 1; d <= 9; d++) {
                const span = el('span', 'm', marks.has(d) || removed.has(d) ? String(d) : '');
                if (removed.has(d)) span.classList.add('removed');
                if (back.has(d)) span.classList.add('back');
                span.style.gridRow = String(Math.floor((d - 1) / 3) + 1);
                span.style.gridColumn = String(((d - 1) % 3) + 1);
                div.appendChild(span);
            }
        }
        if (cell.guess) {
            div.appendChild(el('span', 'badge', `L${cell.guess}`));
        }
        return div;
    }

    function draw(board) {
        last = board;
        applyPalette(board.palette);
        const shape = board.shape || {};
        const width = shape.width || 9;
        const height = shape.height || 9;
        boardEl.style.setProperty('--cols', String(width));
        boardEl.style.gridTemplateColumns = `repeat(${width}, var(--cell))`;
        boardEl.style.gridTemplateRows = `repeat(${height}, var(--cell))`;
        const at = new Set(board.cells.map((cell) => `${cell.row},${cell.col}`));
        const cells = board.cells.map((cell, k) => drawCell(cell, at, board.borders && board.borders[k]));
        boardEl.replaceChildren(...cells);
        boardEl.hidden = false;
        captionEl.textContent = board.title || `Step ${board.step}, level ${board.level}`;
        captionEl.title = board.name || '';
        noteEl.textContent = '';
        legendEl.hidden = false;
        drawLegend(board);
    }

    function drawLegend(board) {
        const items = [
            ['given', '5', 'given'],
            ['set', '5', 'set by this step'],
            ['removed', '5', 'candidate removed by this step'],
        ];
        if (board.cells.some((c) => c.back && c.back.length)) {
            items.push(['back', '5', 'candidate given back (going back)']);
        }
        const levels = new Set(board.cells.filter((c) => c.guess).map((c) => ((c.guess - 1) % 4) + 1));
        const nodes = items.map(([cls, sample, text]) => {
            const li = el('li');
            li.appendChild(el('span', `sample ${cls}`, sample));
            li.appendChild(document.createTextNode(` ${text}`));
            return li;
        });
        if (levels.size) {
            const li = el('li');
            for (const k of [...levels].sort()) {
                li.appendChild(el('span', `sample badge-sample lv${k}`, `L${k}`));
            }
            li.appendChild(document.createTextNode(' a guess level\u2019s cell'));
            nodes.push(li);
        }
        legendEl.replaceChildren(...nodes);
    }

    function note(text, keepBoard) {
        noteEl.textContent = text;
        if (!keepBoard) {
            boardEl.hidden = true;
            legendEl.hidden = true;
            captionEl.textContent = '';
            last = null;
        }
    }

    function why(target) {
        const cell = target.closest('.cell');
        if (cell && cell.dataset.name) {
            vscode.postMessage({ type: 'why', name: cell.dataset.name });
        }
    }

    boardEl.addEventListener('click', (event) => why(event.target));
    boardEl.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            why(event.target);
        }
    });

    window.addEventListener('message', (event) => {
        const message = event.data;
        if (message.type === 'board') {
            draw(message.board);
        } else if (message.type === 'note') {
            note(message.text, false);
        } else if (message.type === 'ended') {
            note('The debug session ended: this is its last board.', true);
        } else if (message.type === 'idle') {
            note('Start debugging a quiz (F5 on a quiz file) to see its board here.', false);
        }
    });

    // the page is ready for messages: the extension sends what to show (messages it posted
    // before this script listened are lost)
    vscode.postMessage({ type: 'ready' });

    // a theme change (light, dark, high contrast) swaps the palette
    new MutationObserver(() => last && applyPalette(last.palette)).observe(document.body, {
        attributes: true,
        attributeFilter: ['class'],
    });
})();
