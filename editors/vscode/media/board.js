// The Board's page (the side bar's view and the editor tab alike): draws the adapter's
// `sudokuBoard` response (docs/dap.md) and sends back what the person asks: a cell clicked (or
// Enter on it) runs `why [r,c]`, the step box `goto N`, both in the debug console. Text,
// background and grid take VS Code's theme colours; the roles (given, value, the cells the step
// set or emptied, the candidates it removed or gave back, the guess levels) the response's
// palette. From the keyboard the board is one Tab stop: the arrow keys (Home, End) move among
// the cells, each labelled with its row, column and value or candidates.
'use strict';

(function () {
    const vscode = acquireVsCodeApi();
    const boardEl = document.getElementById('board');
    const captionEl = document.getElementById('caption');
    const noteEl = document.getElementById('note');
    const legendEl = document.getElementById('legend');
    const gotoEl = document.getElementById('goto');
    const rangeEl = document.getElementById('step-range');
    const inputEl = document.getElementById('step-input');
    // the roles the view paints (the grid's lines are the theme's, for high contrast)
    const ROLES = ['given', 'value', 'set', 'removed', 'back', 'lv1', 'lv2', 'lv3', 'lv4'];
    const PALETTE_LEVELS = 4; // lv1..lv4 of the palette; deeper levels take hues of their own
    let last = null;
    let over = false;
    let focused = (vscode.getState() || {}).focused || null; // the cell with the Tab stop

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

    /** A guess level's colour: the palette's lv1..lv4, then hues of their own (level 5 on), so
     * that no two of the first levels a search reaches share one. */
    function levelColour(level) {
        if (level <= PALETTE_LEVELS) {
            return `var(--role-lv${level})`;
        }
        const hue = Math.round((level * 137.508) % 360);
        return dark() ? `hsl(${hue} 70% 68%)` : `hsl(${hue} 75% 32%)`;
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

    /** A cell in the shell's words (as `print [r,c]` says it) and what the step did to it. */
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
        if (cell.undone) {
            parts.push(`(this step undid its ${cell.undone})`);
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
        return parts.join(' ');
    }

    /** What a screen reader says of a cell: row, column, value or candidates, and the rest. */
    function label(cell) {
        const what = cell.value
            ? `${cell.value}${cell.given ? ', given' : cell.guess ? `, guessed at level ${cell.guess}` : ''}`
            : cell.candidates.length
              ? `empty, candidates ${cell.candidates.join(' ')}`
              : 'empty';
        const more = [];
        if (cell.set) more.push('set by this step');
        if (cell.undone) more.push(`this step undid its ${cell.undone}`);
        if (cell.removed && cell.removed.length) more.push(`this step removed ${cell.removed.join(' ')}`);
        return [`Row ${cell.row}, column ${cell.col}: ${what}`, ...more].join('; ');
    }

    function drawCell(cell, at, thick) {
        const div = el('div', 'cell');
        div.setAttribute('role', 'gridcell');
        div.setAttribute('aria-label', label(cell));
        div.tabIndex = -1;
        div.dataset.name = cell.name;
        div.dataset.row = String(cell.row);
        div.dataset.col = String(cell.col);
        // the context menu's items (package.json's webview/context) get the cell
        div.dataset.vscodeContext = JSON.stringify({ webviewSection: 'sudokuCell', cell: cell.name, preventDefaultContextMenuItems: true });
        div.title = `${describe(cell)}\nClick: why ${cell.name}; right-click: more`;
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
        if (cell.undone) div.classList.add('undone');
        if (cell.guess) {
            div.classList.add('guess');
            div.style.setProperty('--lv', levelColour(cell.guess));
        }
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
            if (cell.undone) {
                div.appendChild(el('span', 'was', String(cell.undone)));
            }
        }
        if (cell.guess) {
            div.appendChild(el('span', 'badge', `L${cell.guess}`));
        }
        return div;
    }

    function draw(board, ended) {
        last = board;
        over = Boolean(ended);
        applyPalette(board.palette);
        const shape = board.shape || {};
        const width = shape.width || 9;
        const height = shape.height || 9;
        boardEl.style.setProperty('--cols', String(width));
        boardEl.style.setProperty('--rows', String(height));
        boardEl.style.gridTemplateColumns = `repeat(${width}, var(--cell))`;
        boardEl.style.gridTemplateRows = `repeat(${height}, var(--cell))`;
        const at = new Set(board.cells.map((cell) => `${cell.row},${cell.col}`));
        const cells = board.cells.map((cell, k) => drawCell(cell, at, board.borders && board.borders[k]));
        boardEl.replaceChildren(...cells);
        boardEl.hidden = false;
        const title = board.title || `Step ${board.step}, level ${board.level}`;
        captionEl.textContent = board.file ? `${board.file.name}: ${title}` : title;
        captionEl.title = [board.file ? board.file.path : '', board.name || ''].filter(Boolean).join('\n');
        noteEl.textContent = '';
        legendEl.hidden = false;
        drawLegend(board);
        drawGoto(board);
        const stop = boardEl.querySelector(`.cell[data-name="${focused}"]`) || cells[0];
        if (stop) {
            stop.tabIndex = 0; // the board's one Tab stop
        }
    }

    function drawGoto(board) {
        if (typeof board.last !== 'number' || over) {
            gotoEl.hidden = true;
            return;
        }
        gotoEl.hidden = false;
        // the slider spans the steps reached so far; the box has no maximum: `goto N` past them
        // runs the search on (a maximum made the form invalid, and Enter silently did nothing)
        rangeEl.max = String(Math.max(board.last, board.step));
        if (document.activeElement !== rangeEl && document.activeElement !== inputEl) {
            rangeEl.value = String(board.step);
            inputEl.value = String(board.step);
        }
    }

    function drawLegend(board) {
        const items = [
            ['given', '5', 'given'],
            ['set', '5', 'set by this step'],
            ['removed', '5', 'candidate removed by this step'],
        ];
        if (board.cells.some((c) => c.undone)) {
            items.push(['undone', '5', 'value this step undid (going back)']);
        }
        if (board.cells.some((c) => c.back && c.back.length)) {
            items.push(['back', '5', 'candidate given back (going back)']);
        }
        const levels = [...new Set(board.cells.filter((c) => c.guess).map((c) => c.guess))].sort((a, b) => a - b);
        const nodes = items.map(([cls, sample, text]) => {
            const li = el('li');
            li.appendChild(el('span', `sample ${cls}`, sample));
            li.appendChild(document.createTextNode(` ${text}`));
            return li;
        });
        if (levels.length) {
            const li = el('li');
            for (const k of levels) {
                const badge = el('span', 'sample badge-sample', `L${k}`);
                badge.style.setProperty('--lv', levelColour(k));
                li.appendChild(badge);
            }
            li.appendChild(document.createTextNode(' a guess level\u2019s cell'));
            nodes.push(li);
        }
        legendEl.replaceChildren(...nodes);
    }

    function note(text, keepBoard) {
        noteEl.textContent = text;
        if (!keepBoard) {
            boardEl.replaceChildren(); // (cleared: no cell of another board stays behind)
            boardEl.hidden = true;
            legendEl.hidden = true;
            gotoEl.hidden = true;
            captionEl.textContent = '';
            last = null;
        }
    }

    function run(line) {
        if (!over) {
            vscode.postMessage({ type: 'run', line });
        }
    }

    function why(target) {
        const cell = target.closest('.cell');
        if (cell && cell.dataset.name) {
            run(`why ${cell.dataset.name}`);
        }
    }

    /** The Tab stop moved to `cell` (focused, remembered across a redraw). */
    function moveTo(cell) {
        for (const other of boardEl.querySelectorAll('.cell[tabindex="0"]')) {
            other.tabIndex = -1;
        }
        cell.tabIndex = 0;
        cell.focus();
        focused = cell.dataset.name;
        vscode.setState({ focused });
    }

    /** The cell an arrow key leads to: the next one that way in the frame (a samurai's holes
     * passed over), or none at the edge. */
    function neighbour(cell, key) {
        const [dr, dc] = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key];
        let r = Number(cell.dataset.row);
        let c = Number(cell.dataset.col);
        const rows = Number(boardEl.style.getPropertyValue('--rows')) || 9;
        const cols = Number(boardEl.style.getPropertyValue('--cols')) || 9;
        for (;;) {
            r += dr;
            c += dc;
            if (r < 1 || c < 1 || r > rows || c > cols) {
                return null;
            }
            const found = boardEl.querySelector(`.cell[data-row="${r}"][data-col="${c}"]`);
            if (found) {
                return found;
            }
        }
    }

    boardEl.addEventListener('click', (event) => {
        const cell = event.target.closest('.cell');
        if (cell) {
            moveTo(cell);
        }
        why(event.target);
    });
    boardEl.addEventListener('keydown', (event) => {
        const cell = event.target.closest('.cell');
        if (!cell) {
            return;
        }
        if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            why(cell);
        } else if (event.key.startsWith('Arrow')) {
            event.preventDefault();
            const next = neighbour(cell, event.key);
            if (next) {
                moveTo(next);
            }
        } else if (event.key === 'Home' || event.key === 'End') {
            event.preventDefault();
            const all = boardEl.querySelectorAll('.cell');
            moveTo(all[event.key === 'Home' ? 0 : all.length - 1]);
        }
    });
    boardEl.addEventListener('focusin', (event) => {
        const cell = event.target.closest('.cell');
        if (cell && cell.tabIndex !== 0) {
            moveTo(cell);
        }
    });

    rangeEl.addEventListener('input', () => {
        inputEl.value = rangeEl.value;
    });
    rangeEl.addEventListener('change', () => run(`goto ${rangeEl.value}`));
    gotoEl.addEventListener('submit', (event) => {
        event.preventDefault();
        const step = inputEl.value.trim() === '' ? NaN : Number(inputEl.value);
        if (Number.isInteger(step) && step >= 0) {
            rangeEl.value = String(step);
            run(`goto ${step}`);
        }
    });

    window.addEventListener('message', (event) => {
        const message = event.data;
        if (message.type === 'board') {
            draw(message.board, message.over);
        } else if (message.type === 'note') {
            note(message.text, false);
        } else if (message.type === 'ended') {
            over = true;
            gotoEl.hidden = true;
            note(message.text, true);
        } else if (message.type === 'idle') {
            note('Start debugging a quiz (F5 on a quiz file) to see its board here.', false);
        }
    });

    // the page is ready for messages: the extension sends what to show (messages it posted
    // before this script listened are lost)
    vscode.postMessage({ type: 'ready' });

    // a theme change (light, dark, high contrast) swaps the palette and the deeper levels' hues
    new MutationObserver(() => last && draw(last, over)).observe(document.body, {
        attributes: true,
        attributeFilter: ['class'],
    });
})();
