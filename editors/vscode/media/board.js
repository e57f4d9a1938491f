// The Board's page (an editor tab, the side bar's view, the bottom panel's view alike): draws the
// adapter's board (the `sudokuStop` event's, or the `sudokuBoard` response's for a frame the
// user selects; docs/dap.md) and answers in place: a cell clicked (or Enter on it) shows its
// `why` and `when` in a popover on the board, their step numbers links to that step; a struck
// candidate under the pointer says why it went. Under the board (beside it when the page is
// wide) the caption, the step box, the timeline scrubber (the shell's `timeline`: the level over
// the steps; a click or a drag goes there), the difficulty line and the legend. The step's
// change is drawn as a change (the set value fades in, the removed candidates fade out, an arrow
// from the cell that was set to the candidates it took); a pinned step is compared with the one
// shown. Text, background and grid take VS Code's theme colours; the roles the response's
// palette. Keys: the arrows among the cells (one Tab stop), Enter/Space explain, `[` and `]` a
// step back and on, `g` the step box, Escape closes the popover.
'use strict';

(function () {
    const vscode = acquireVsCodeApi();
    const $ = (id) => document.getElementById(id);
    const layoutEl = $('layout');
    const boardEl = $('board');
    const arrowsEl = $('arrows');
    const sideEl = $('side');
    const captionEl = $('caption');
    const whereEl = $('where');
    const noteEl = $('note');
    const legendEl = $('legend');
    const gotoEl = $('goto');
    const inputEl = $('step-input');
    const pinEl = $('pin');
    const scrubEl = $('scrubber');
    const canvasEl = $('timeline');
    const previewEl = $('preview');
    const difficultyEl = $('difficulty');
    const pictureEl = $('sestep');
    const stepsEl = $('sesteps');
    const popoverEl = $('popover');
    const magnifierEl = $('magnifier');
    // the roles the view paints (the grid's lines are VS Code's theme's where there is one, for
    // high contrast: the palette's line and thick are board.css's fallbacks)
    const ROLES = ['given', 'value', 'set', 'removed', 'back', 'lv1', 'lv2', 'lv3', 'lv4', 'line', 'thick', 'rule', 'shade1', 'shade2', 'shade3', 'shade4'];
    // a diagonal rule's slope at a cell (the response's rules.slopes) and its class
    const SLOPES = { '\\': 'diag-down', '/': 'diag-up', X: 'diag-both' };
    const PALETTE_LEVELS = 4; // lv1..lv4 of the palette
    // levels 5 to 20 (light, dark): a search 17 levels deep shows 17 colours, each at least 54
    // apart in RGB from the others and from lv1..lv4, in each theme, and 4.5:1 on the page;
    // deeper levels take them again with a dashed outline
    const DEEPER = [
        ['#c2410c', '#fa8638'], ['#15803d', '#7ee787'], ['#7c3aed', '#c4a7ff'], ['#33511f', '#fa38c0'],
        ['#034d6d', '#fa3838'], ['#5f1140', '#fad338'], ['#be185d', '#fa3886'], ['#065fe5', '#8f74fb'],
        ['#586d03', '#bef264'], ['#6b21a8', '#affdd6'], ['#7e6630', '#fdafaf'], ['#11115f', '#6ba2c7'],
        ['#78350f', '#d338fa'], ['#c705c7', '#d9f99d'], ['#0606e5', '#38fa38'], ['#e50606', '#d6d3d1'],
    ];
    const READABLE_CELL = 16; // px a cell at least, where the width allows: a value of 9 px
    const COMPACT_BELOW = 24; // px a cell: below, values and a candidate count (the marks on hover)
    let last = null; // the board shown
    let over = false;
    let present = null; // the present step (the call stack's top), whatever frame is shown
    let lastStep = null; // the last step the search reached
    let end = null; // the step the search ended at (none while it goes on)
    let hits = []; // the steps a breakpoint stopped at
    let timeline = null; // the sudokuTimeline answer
    let pinned = null; // a board pinned to compare with
    let explained = null; // {cell, lines} of the popover shown
    let asking = 0; // the last explanation asked
    let dragging = null; // the step a drag on the scrubber is at
    let sent = null; // a step the scrubber sent and not yet seen drawn
    let lastSent = null; // the last step sent
    let focused = (vscode.getState() || {}).focused || null; // the cell with the Tab stop
    let quiz = null; // the givens of the record shown (a key: another quiz is another record)

    const prefersDark = window.matchMedia('(prefers-color-scheme: dark)');
    /** Whether the page is dark: VS Code's theme (its class on the body), else (the web page)
     * the scheme the browser prefers, as board.css's own colours. */
    function dark() {
        const c = document.body.classList;
        if (![...c].some((name) => name.startsWith('vscode-'))) {
            return prefersDark.matches;
        }
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

    /** A guess level's colour: the palette's lv1..lv4, then DEEPER's, one a level to 20. */
    function levelColour(level) {
        if (level <= PALETTE_LEVELS) {
            return `var(--role-lv${level})`;
        }
        const pair = DEEPER[(level - PALETTE_LEVELS - 1) % DEEPER.length];
        return pair[dark() ? 1 : 0];
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
        if (cell.set) parts.push('(set by this step)');
        if (cell.undone) parts.push(`(this step undid its ${cell.undone})`);
        if (cell.removed && cell.removed.length) parts.push(`(this step removed ${cell.removed.join(' ')})`);
        if (cell.back && cell.back.length) parts.push(`(given back: ${cell.back.join(' ')})`);
        if (cell.guess) parts.push(`(the guess of level ${cell.guess})`);
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

    /** Whether a cell differs from the pinned board's (its value or its candidates). */
    function differs(cell) {
        const then = pinned && pinned.byName.get(cell.name);
        return Boolean(then) && (then.value !== cell.value || then.candidates.join() !== cell.candidates.join());
    }

    function drawCell(cell, at, thick, rules, k) {
        const div = el('div', 'cell');
        div.setAttribute('role', 'gridcell');
        div.setAttribute('aria-label', label(cell));
        div.tabIndex = -1;
        div.dataset.name = cell.name;
        div.dataset.row = String(cell.row);
        div.dataset.col = String(cell.col);
        // the context menu's items (package.json's webview/context) get the cell; "Go to the
        // step that set it" only where a step set it (not a given, not an empty cell)
        div.dataset.vscodeContext = JSON.stringify({
            webviewSection: 'sudokuCell',
            cell: cell.name,
            sudokuCellSetByStep: Boolean(cell.value && !cell.given),
            preventDefaultContextMenuItems: true,
        });
        div.title = `${describe(cell)}\nClick: why ${cell.name}, here; right-click: more`;
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
        // a variant rule's drawing (docs/variants.md): its diagonal line across the cell, its
        // shaded house's shade; a jigsaw's regions are the thick borders above
        if (rules && SLOPES[rules.slopes[k]]) div.classList.add(SLOPES[rules.slopes[k]]);
        if (rules && rules.shades[k]) div.classList.add(`shade${rules.shades[k]}`);
        if (cell.given) div.classList.add('given');
        if (cell.set) div.classList.add('set');
        if (cell.undone) div.classList.add('undone');
        if (differs(cell)) div.classList.add('differs');
        if (cell.guess) {
            div.classList.add('guess');
            if (cell.guess > PALETTE_LEVELS + DEEPER.length) div.classList.add('deeper');
            div.style.setProperty('--lv', levelColour(cell.guess));
        }
        if (cell.value) {
            div.appendChild(el('span', 'v', String(cell.value)));
            div.classList.add('filled');
        } else {
            if (cell.undone) {
                // the value a backtrack took away: struck, large and faint under the marks
                div.appendChild(el('span', 'was', String(cell.undone)));
            }
            const marks = new Set(cell.candidates);
            const removed = new Set(cell.removed || []);
            const back = new Set(cell.back || []);
            for (let d = 1; d <= 9; d++) {
                const span = el('span', 'm', marks.has(d) || removed.has(d) ? String(d) : '');
                if (removed.has(d)) {
                    span.classList.add('removed');
                    span.dataset.digit = String(d);
                }
                if (back.has(d)) span.classList.add('back');
                span.style.gridRow = String(Math.floor((d - 1) / 3) + 1);
                span.style.gridColumn = String(((d - 1) % 3) + 1);
                div.appendChild(span);
            }
            // the compact mode's count of candidates (drawn instead of the marks)
            div.appendChild(el('span', 'count', cell.candidates.length ? String(cell.candidates.length) : ''));
        }
        if (cell.guess) {
            div.appendChild(el('span', 'badge', `L${cell.guess}`));
        }
        return div;
    }

    // -- the layout: beside when wide, below when tall; compact under 24 px cells ------------

    function layout() {
        if (!last) {
            return;
        }
        const shape = last.shape || {};
        const cols = shape.width || 9;
        const rows = shape.height || 9;
        const W = document.documentElement.clientWidth - 16;
        const H = window.innerHeight - 16;
        const sideWide = Math.min(340, Math.max(220, W * 0.3));
        layoutEl.classList.remove('wide', 'tall');
        layoutEl.classList.add('tall');
        // (measured at the tall layout's full width: the side's width of a layout beside the board
        // left there made an open picture, as wide as the side, short, then the layout tall,
        // then the picture tall, then the layout beside again: flipped at every resize, for ever)
        sideEl.style.width = '';
        const below = sideEl.querySelector('.side-top').offsetHeight + 12;
        const tall = Math.min(W / cols, (H - below) / rows);
        const wide = Math.min((W - sideWide - 16) / cols, H / rows);
        // (beside only where the cells stay readable: else below, the view scrolling)
        const beside = wide > tall && wide >= READABLE_CELL;
        layoutEl.classList.replace('tall', beside ? 'wide' : 'tall');
        sideEl.style.width = beside ? `${Math.floor(sideWide)}px` : '';
        // (a short view, a side bar at 2x zoom: the cells no smaller than a readable value, the
        // width allowing; the view scrolls)
        const fitted = Math.floor(beside ? wide : tall);
        const size = Math.max(12, fitted, Math.min(READABLE_CELL, Math.floor(W / cols)));
        boardEl.style.setProperty('--cell', `${size}px`);
        boardEl.classList.toggle('compact', size < COMPACT_BELOW);
        drawTimeline();
        drawArrows();
    }

    // -- drawing a board ---------------------------------------------------------------------

    function draw(board, ended) {
        const again = last && last.step === board.step && last.name === board.name;
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
        boardEl.classList.toggle('animate', !again); // (a redraw of the same step: no fade again)
        const at = new Set(board.cells.map((cell) => `${cell.row},${cell.col}`));
        const cells = board.cells.map((cell, k) =>
            drawCell(cell, at, board.borders && board.borders[k], board.rules, k),
        );
        const hadFocus = boardEl.contains(document.activeElement); // (a cell, drawn again below)
        boardEl.replaceChildren(...cells);
        layoutEl.hidden = false;
        const title = board.title || `Step ${board.step}, level ${board.level}`;
        captionEl.textContent = board.file ? `${board.file.name}: ${title}` : title;
        captionEl.title = [board.file ? board.file.path : '', board.name || ''].filter(Boolean).join('\n');
        noteEl.textContent =
            board.step === 0 && !board.cells.some((c) => c.candidates.length)
                ? 'Step 0 is the quiz as loaded: no candidates yet (the first step works them out).'
                : pinned
                  ? `Outlined: the cells that differ from pinned step ${pinned.step}.`
                  : '';
        legendEl.hidden = false;
        difficultyEl.hidden = over;
        pictureEl.hidden = over;
        stepsEl.hidden = over;
        drawLegend(board);
        drawGoto(board);
        const stop = boardEl.querySelector(`.cell[data-name="${focused}"]`) || cells[0];
        if (stop) {
            stop.tabIndex = 0; // the board's one Tab stop
            if (hadFocus) {
                stop.focus(); // (the keys go on among the cells)
            }
        }
        if (!again) {
            closePopover();
            resetDifficulty();
            resetPicture();
            resetSteps();
        } else if (explained) {
            anchorPopover(explained.cell);
        }
        if (sent !== null && board.step === sent) {
            sent = null;
        }
        layout();
        askTimeline();
    }

    /** The step box and the words beside it: the present step (a frame's board says so). */
    function drawGoto(board) {
        if (typeof board.last !== 'number' || over) {
            gotoEl.hidden = true;
            scrubEl.hidden = true;
            return;
        }
        gotoEl.hidden = false;
        scrubEl.hidden = false;
        lastStep = Math.max(board.last, lastStep || 0);
        const now = present === null ? board.step : present;
        const cap = end === null ? '' : String(end);
        inputEl.max = cap; // (capped at the search's end once it is known; else goto runs on)
        if (document.activeElement !== inputEl) {
            inputEl.value = String(now);
        }
        const framed = present !== null && board.step !== present;
        whereEl.textContent = framed ? `step ${board.step} (frame) of ${present}` : `step ${now} of ${lastStep}`;
        pinEl.textContent = pinned ? `Unpin step ${pinned.step}` : `Pin step ${board.step}`;
        pinEl.setAttribute('aria-pressed', pinned ? 'true' : 'false');
    }

    function drawLegend(board) {
        const items = [
            ['given', '5', 'given'],
            ['set', '5', 'set by this step'],
            ['removed', '5', 'candidate removed by this step'],
        ];
        if (board.cells.some((c) => c.undone)) {
            items.push(['undone', '5', 'value this step undid (a backtrack)']);
        }
        if (board.cells.some((c) => c.back && c.back.length)) {
            items.push(['back', '5', 'candidate given back (going back)']);
        }
        if (pinned) {
            items.push(['differs', '5', `differs from pinned step ${pinned.step}`]);
        }
        const levels = [...new Set(board.cells.filter((c) => c.guess).map((c) => c.guess))].sort((a, b) => a - b);
        const nodes = items.map(([cls, sample, text]) => {
            const li = el('li');
            li.appendChild(el('span', `sample ${cls}`, sample));
            li.appendChild(document.createTextNode(` ${text}`));
            return li;
        });
        if (levels.length) {
            const li = el('li', 'levels');
            li.appendChild(el('span', 'levels-text', 'guess levels\u2019 cells:'));
            for (const k of levels) {
                const badge = el('span', 'sample badge-sample', `L${k}`);
                badge.style.setProperty('--lv', levelColour(k));
                li.appendChild(badge);
            }
            nodes.push(li);
        }
        nodes.push(...rulesLegend(board.rules));
        legendEl.replaceChildren(...nodes);
    }

    /** The quiz's variant rules in the legend, each with how it is drawn (none: classic). */
    function rulesLegend(rules) {
        if (!rules) {
            return [];
        }
        const SAMPLES = { lines: '\u2572', shade: '\u00a0', borders: '\u00a0', legend: '\u2022' };
        return rules.rules.map((rule) => {
            const li = el('li', 'rule');
            li.appendChild(el('span', `sample rule-${rule.draw}`, SAMPLES[rule.draw] || '\u2022'));
            const houses = rule.houses.length > 1
                ? ` (${rule.houses[0]}-${rule.houses[rule.houses.length - 1].split(' ').pop()})`
                : rule.houses.length ? ` (${rule.houses[0]})` : '';
            li.appendChild(document.createTextNode(` ${rule.title}${houses}`));
            return li;
        });
    }

    /** The step's change as a change: an arrow from the one cell the step set to each cell it
     * took candidates from. */
    function drawArrows() {
        arrowsEl.replaceChildren();
        if (!last) {
            return;
        }
        const set = last.cells.filter((c) => c.set);
        const hit = last.cells.filter((c) => c.removed && c.removed.length);
        if (set.length !== 1 || !hit.length || hit.length > 24) {
            return;
        }
        const box = boardEl.getBoundingClientRect();
        arrowsEl.setAttribute('width', String(box.width));
        arrowsEl.setAttribute('height', String(box.height));
        arrowsEl.style.left = `${boardEl.offsetLeft}px`;
        arrowsEl.style.top = `${boardEl.offsetTop}px`;
        const centre = (name) => {
            const r = boardEl.querySelector(`.cell[data-name="${name}"]`).getBoundingClientRect();
            return [r.left - box.left + r.width / 2, r.top - box.top + r.height / 2];
        };
        const ns = 'http://www.w3.org/2000/svg';
        const defs = document.createElementNS(ns, 'defs');
        defs.innerHTML = '<marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="head"/></marker>';
        arrowsEl.appendChild(defs);
        const [x1, y1] = centre(set[0].name);
        for (const cell of hit) {
            const [x2, y2] = centre(cell.name);
            const len = Math.hypot(x2 - x1, y2 - y1) || 1;
            const cut = Math.min(len / 3, 10);
            const line = document.createElementNS(ns, 'line');
            line.setAttribute('x1', String(x1 + ((x2 - x1) * cut) / len));
            line.setAttribute('y1', String(y1 + ((y2 - y1) * cut) / len));
            line.setAttribute('x2', String(x2 - ((x2 - x1) * cut) / len));
            line.setAttribute('y2', String(y2 - ((y2 - y1) * cut) / len));
            line.setAttribute('marker-end', 'url(#head)');
            line.setAttribute('class', 'arrow');
            line.dataset.from = set[0].name;
            line.dataset.to = cell.name;
            arrowsEl.appendChild(line);
        }
    }

    function note(text, keepBoard) {
        noteEl.textContent = text;
        if (!keepBoard) {
            boardEl.replaceChildren(); // (cleared: no cell of another board stays behind)
            arrowsEl.replaceChildren();
            layoutEl.hidden = false;
            boardEl.hidden = false;
            legendEl.hidden = true;
            gotoEl.hidden = true;
            scrubEl.hidden = true;
            difficultyEl.hidden = true;
            pictureEl.hidden = true;
            stepsEl.hidden = true;
            captionEl.textContent = '';
            last = null;
            closePopover();
        }
    }

    // -- the timeline scrubber ---------------------------------------------------------------

    function columnsWanted() {
        return Math.max(40, Math.min(4000, Math.round(scrubEl.clientWidth || 200)));
    }

    /** The timeline asked again when the search reached further than it covers. */
    function askTimeline() {
        if (over || !last || typeof last.last !== 'number') {
            return;
        }
        const columns = columnsWanted();
        if (timeline && timeline.last >= lastStep && timeline.columnsAsked === columns) {
            drawTimeline();
            return;
        }
        vscode.postMessage({ type: 'timeline', columns });
    }

    function stepAt(x) {
        const width = canvasEl.clientWidth || 1;
        const span = Math.max(lastStep || 0, 1);
        return Math.max(0, Math.min(lastStep || 0, Math.round((x / width) * span)));
    }

    function xOf(step, width) {
        return (step / Math.max(lastStep || 0, 1)) * width;
    }

    function drawTimeline() {
        if (scrubEl.hidden) {
            return;
        }
        const width = Math.max(40, scrubEl.clientWidth);
        const height = 44;
        const ratio = window.devicePixelRatio || 1;
        canvasEl.width = Math.round(width * ratio);
        canvasEl.height = Math.round(height * ratio);
        canvasEl.style.width = `${width}px`;
        canvasEl.style.height = `${height}px`;
        const g = canvasEl.getContext('2d');
        g.setTransform(ratio, 0, 0, ratio, 0, 0);
        const css = getComputedStyle(document.documentElement);
        const colour = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
        const fg = colour('--vscode-editor-foreground', '#888');
        g.clearRect(0, 0, width, height);
        const top = 8;
        const low = height - 8;
        if (timeline && timeline.levels.length) {
            const most = Math.max(1, ...timeline.levels);
            g.fillStyle = colour('--role-lv1', '#00838f');
            g.globalAlpha = 0.55;
            timeline.levels.forEach((level, k) => {
                const a = xOf(timeline.first + k * timeline.size, width);
                const b = xOf(Math.min(timeline.first + (k + 1) * timeline.size, timeline.last + 1), width);
                const h = ((low - top) * level) / most;
                g.fillRect(a, low - h, Math.max(1, b - a), h);
            });
            g.globalAlpha = 1;
            g.fillStyle = colour('--role-back', '#1e8449');
            for (const s of timeline.solutions) {
                g.fillRect(xOf(s, width) - 1, 0, 2, top); // a solution: a green tick above
            }
            const [best, at] = timeline.biggest;
            if (best > 0) {
                const x = xOf(at, width);
                g.fillStyle = fg;
                g.beginPath(); // the biggest level: a caret on its first step
                g.moveTo(x - 4, top - 1);
                g.lineTo(x + 4, top - 1);
                g.lineTo(x, top + 5);
                g.fill();
            }
        }
        g.fillStyle = colour('--role-removed', '#c0392b');
        for (const s of hits) {
            g.beginPath(); // a breakpoint hit: a red dot below
            g.arc(xOf(s, width), height - 3.5, 3, 0, 2 * Math.PI);
            g.fill();
        }
        g.fillStyle = colour('--vscode-focusBorder', fg);
        const now = dragging !== null ? dragging : present !== null ? present : last ? last.step : 0;
        g.fillRect(xOf(now, width) - 1, 0, 2, height);
        if (last && present !== null && last.step !== present) {
            g.globalAlpha = 0.6; // the frame's step, dashed
            for (let y = 0; y < height; y += 6) g.fillRect(xOf(last.step, width) - 0.5, y, 1, 3);
            g.globalAlpha = 1;
        }
        scrubEl.setAttribute('aria-valuemin', '0');
        scrubEl.setAttribute('aria-valuemax', String(lastStep || 0));
        scrubEl.setAttribute('aria-valuenow', String(now));
        scrubEl.setAttribute('aria-valuetext', `step ${now} of ${lastStep || 0}`);
        scrubEl.title = timeline
            ? `The level over steps 0 to ${timeline.last} (biggest ${timeline.biggest[0]} at step ${timeline.biggest[1]}${timeline.solutions.length ? `; solutions at ${timeline.solutions.join(', ')}` : ''}). Click or drag: go there`
            : 'Click or drag: go to a step';
    }

    /** A step the scrubber (or a key, a link) goes to, without a line in the debug console. */
    function go(step) {
        if (over || !Number.isInteger(step) || step < 0) {
            return;
        }
        sent = step;
        lastSent = step;
        vscode.postMessage({ type: 'goto', step });
    }

    scrubEl.addEventListener('pointerdown', (event) => {
        if (over) return;
        scrubEl.setPointerCapture(event.pointerId);
        dragging = stepAt(event.offsetX);
        preview(event.offsetX);
        go(dragging);
    });
    scrubEl.addEventListener('pointermove', (event) => {
        if (dragging === null) return;
        const step = stepAt(event.offsetX);
        preview(event.offsetX);
        if (step !== dragging) {
            dragging = step;
            drawTimeline();
            if (sent === null) go(step); // (a live preview: the next once the last is drawn)
        }
    });
    const release = () => {
        if (dragging === null) return;
        const step = dragging;
        dragging = null;
        previewEl.hidden = true;
        if (lastSent !== step) go(step);
        drawTimeline();
    };
    scrubEl.addEventListener('pointerup', release);
    scrubEl.addEventListener('pointercancel', release);
    scrubEl.addEventListener('keydown', (event) => {
        const now = present !== null ? present : last ? last.step : 0;
        const big = Math.max(1, Math.round((lastStep || 0) / 20));
        const to = { ArrowLeft: now - 1, ArrowRight: now + 1, PageUp: now - big, PageDown: now + big, Home: 0, End: lastStep }[event.key];
        if (to !== undefined) {
            event.preventDefault();
            go(Math.max(0, Math.min(lastStep || 0, to)));
        }
    });

    function preview(x) {
        previewEl.hidden = false;
        previewEl.textContent = `step ${dragging}`;
        previewEl.style.left = `${Math.max(0, Math.min(x, scrubEl.clientWidth - 60))}px`;
    }

    // -- explain in place: the popover ---------------------------------------------------------

    function explain(cell) {
        const name = cell.dataset.name;
        explained = { cell: name, lines: null };
        const token = ++asking;
        popoverEl.replaceChildren(el('p', 'asking', `why ${name}\u2026`));
        popoverEl.hidden = false;
        anchorPopover(name);
        vscode.postMessage({ type: 'explain', cell: name, token });
    }

    /** Step numbers of an answer's line (`93) [6,2] got 5`, `at step 11`) made links. */
    function linked(line) {
        const p = el('p', 'line');
        const pattern = /(\b(\d+)\)|\bstep (\d+)\b)/g;
        let at = 0;
        for (const m of line.matchAll(pattern)) {
            p.appendChild(document.createTextNode(line.slice(at, m.index)));
            const step = Number(m[2] || m[3]);
            const a = el('a', 'step-link', m[0]);
            a.href = '#';
            a.dataset.step = String(step);
            a.title = `Go to step ${step}`;
            p.appendChild(a);
            at = m.index + m[0].length;
        }
        p.appendChild(document.createTextNode(line.slice(at)));
        return p;
    }

    function showExplained(message) {
        if (message.token !== asking || !explained) {
            return;
        }
        explained.lines = message.why;
        const nodes = [el('h2', 'pop-title', message.cell)];
        for (const line of message.why) nodes.push(linked(line));
        if (message.when && message.when.length) {
            nodes.push(el('h3', 'pop-sub', 'when'));
            for (const line of message.when) nodes.push(linked(line));
        }
        if (message.error) nodes.push(el('p', 'line error', message.error));
        popoverEl.replaceChildren(...nodes);
        anchorPopover(message.cell);
    }

    function anchorPopover(name) {
        const cell = boardEl.querySelector(`.cell[data-name="${name}"]`);
        if (!cell || popoverEl.hidden) return;
        const r = cell.getBoundingClientRect();
        const w = Math.min(420, document.documentElement.clientWidth - 16);
        popoverEl.style.maxWidth = `${w}px`;
        const left = Math.max(8, Math.min(r.left, document.documentElement.clientWidth - w - 8));
        popoverEl.style.left = `${left + window.scrollX}px`;
        const below = r.bottom + 4;
        const room = window.innerHeight - below;
        if (room > 120 || r.top < room) {
            popoverEl.style.top = `${below + window.scrollY}px`;
            popoverEl.style.bottom = '';
        } else {
            popoverEl.style.top = '';
            popoverEl.style.bottom = `${window.innerHeight - r.top + 4 - window.scrollY}px`;
        }
    }

    function closePopover() {
        explained = null;
        asking++;
        popoverEl.hidden = true;
        popoverEl.replaceChildren();
    }

    popoverEl.addEventListener('click', (event) => {
        const a = event.target.closest('a.step-link');
        if (a) {
            event.preventDefault();
            go(Number(a.dataset.step));
        }
    });

    // a struck candidate under the pointer: why the step removed it (its line of `why`)
    const removedWhy = new Map(); // `${step}/${cell}` -> why lines
    boardEl.addEventListener('mouseover', (event) => {
        const mark = event.target.closest('.m.removed');
        const cell = event.target.closest('.cell');
        if (cell && boardEl.classList.contains('compact') && !cell.classList.contains('filled')) {
            magnify(cell);
        }
        if (!mark || !cell || !last) return;
        const key = `${last.step}/${cell.dataset.name}`;
        const lines = removedWhy.get(key);
        if (lines) {
            mark.title = removedLine(lines, Number(mark.dataset.digit));
            return;
        }
        vscode.postMessage({ type: 'explain', cell: cell.dataset.name, token: -1, key });
    });
    boardEl.addEventListener('mouseleave', () => {
        magnifierEl.hidden = true;
    });

    function removedLine(lines, digit) {
        const found = lines.find((l) => l.trim().startsWith(`${digit}:`));
        return found ? `${digit} removed: ${found.trim().slice(2).trim()}` : `${digit} removed by this step`;
    }

    function showRemovedWhy(message) {
        removedWhy.set(message.key, message.why);
        if (!last || message.key !== `${last.step}/${message.cell}`) return;
        const cell = boardEl.querySelector(`.cell[data-name="${message.cell}"]`);
        for (const mark of cell ? cell.querySelectorAll('.m.removed') : []) {
            mark.title = removedLine(message.why, Number(mark.dataset.digit));
            mark.setAttribute('aria-label', mark.title);
        }
    }

    /** The compact mode's marks of a cell, large, beside it. */
    function magnify(cell) {
        const data = last && last.cells.find((c) => c.name === cell.dataset.name);
        if (!data) return;
        const grid = el('div', 'mag-grid');
        const removed = new Set(data.removed || []);
        for (let d = 1; d <= 9; d++) {
            const shown = data.candidates.includes(d) || removed.has(d);
            grid.appendChild(el('span', removed.has(d) ? 'removed' : '', shown ? String(d) : ''));
        }
        magnifierEl.replaceChildren(el('div', 'mag-name', data.name), grid);
        const r = cell.getBoundingClientRect();
        magnifierEl.style.left = `${r.right + 4 + window.scrollX}px`;
        magnifierEl.style.top = `${r.top + window.scrollY}px`;
        magnifierEl.hidden = false;
    }

    // -- the difficulty line -------------------------------------------------------------------

    let measured = null; // the step whose difficulty is shown
    function resetDifficulty() {
        const summary = difficultyEl.querySelector('summary');
        summary.textContent = 'Difficulty at this step (open to measure)';
        difficultyEl.querySelector('.body').replaceChildren();
        measured = null;
        if (difficultyEl.open) {
            askDifficulty();
        }
    }

    function askDifficulty() {
        if (!last || over || measured === last.step) return;
        measured = last.step;
        difficultyEl.querySelector('summary').textContent = `Difficulty at step ${last.step}: measuring\u2026`;
        vscode.postMessage({ type: 'difficulty', step: last.step });
    }

    function showDifficulty(message) {
        if (!last || message.step !== last.step) return;
        const lines = message.lines || [];
        const pick = (re) => {
            for (const l of lines) {
                const m = l.match(re);
                if (m) return m[1];
            }
            return null;
        };
        const parts = [
            ['T&E-depth', pick(/^T&E-depth: (\S+)/)],
            ['B', pick(/^B: (\S+)/)],
            ['guesses', pick(/^Fewest guesses: (\S+)/)],
            ['SE', pick(/^SE: ER (\S+?),/)],
        ].filter(([, v]) => v !== null);
        // a state without a solution has no measure: its line says so (not a bare "measured")
        const none = lines.find((l) => l.startsWith('No measure:'));
        const said = parts.map(([k, v]) => `${k} ${v}`).join(', ') || none || 'measured';
        difficultyEl.querySelector('summary').textContent = message.error
            ? `Difficulty at step ${message.step}: ${message.error}`
            : `Difficulty at step ${message.step}: ${said}`;
        difficultyEl.querySelector('.body').replaceChildren(...lines.map((l) => el('p', 'line', l)));
    }

    difficultyEl.addEventListener('toggle', () => {
        if (difficultyEl.open) askDifficulty();
    });

    // -- the picture of Sudoku Explainer's next step (the adapter's SVG, export svg's) ----------

    let pictured = null; // the step whose next step is drawn
    function resetPicture() {
        pictureEl.querySelector('summary').textContent = "Sudoku Explainer's next step (open to draw)";
        pictureEl.querySelector('.body').replaceChildren();
        pictured = null;
        if (pictureEl.open) {
            askPicture();
        }
    }

    function askPicture() {
        if (!last || over || pictured === last.step) return;
        pictured = last.step;
        pictureEl.querySelector('summary').textContent = `Sudoku Explainer's next step from step ${last.step}: searching\u2026`;
        vscode.postMessage({ type: 'picture', step: last.step });
    }

    function showPicture(message) {
        if (!last || message.step !== last.step) return;
        const picture = message.picture || {};
        const summary = pictureEl.querySelector('summary');
        const body = pictureEl.querySelector('.body');
        if (typeof picture.svg !== 'string') {
            summary.textContent = `Sudoku Explainer's next step from step ${message.step}: ${picture.none || 'none'}`;
            body.replaceChildren();
            return;
        }
        const parsed = new DOMParser().parseFromString(picture.svg, 'image/svg+xml').documentElement;
        const svg = document.importNode(parsed, true);
        svg.removeAttribute('width');
        svg.removeAttribute('height');
        svg.classList.add('step-picture');
        summary.textContent = `Sudoku Explainer's next step from step ${message.step}: ${picture.caption}`;
        body.replaceChildren(svg);
    }

    pictureEl.addEventListener('toggle', () => {
        if (pictureEl.open) askPicture();
    });

    // -- every step Sudoku Explainer offers (hint se all's, the adapter's sudokuBoard steps) ------

    let listed = null; // the step whose steps are listed
    function resetSteps() {
        stepsEl.querySelector('summary').textContent = 'Every step Sudoku Explainer offers (open to list)';
        stepsEl.querySelector('.body').replaceChildren();
        listed = null;
        if (stepsEl.open) {
            askSteps();
        }
    }

    function askSteps() {
        if (!last || over || listed === last.step) return;
        listed = last.step;
        stepsEl.querySelector('summary').textContent = `Every step Sudoku Explainer offers at step ${last.step}: searching\u2026`;
        vscode.postMessage({ type: 'steps', step: last.step });
    }

    /** The list: each step's line (the shell's, in the session's notation), easiest first. */
    function showSteps(message) {
        if (!last || message.step !== last.step) return;
        const found = message.steps || {};
        const summary = stepsEl.querySelector('summary');
        const body = stepsEl.querySelector('.body');
        if (!Array.isArray(found.steps)) {
            summary.textContent = `Every step Sudoku Explainer offers at step ${message.step}: ${found.none || 'none'}`;
            body.replaceChildren();
            listed = null; // (opened again, it asks again: the web page's shell may have been busy)
            return;
        }
        const count = `${found.steps.length} step${found.steps.length === 1 ? '' : 's'}`;
        summary.textContent = `Every step Sudoku Explainer offers at step ${message.step}: ${count}, easiest first`;
        const list = el('ol', 'steps');
        list.replaceChildren(...found.steps.map((step) => el('li', 'line', step.line)));
        body.replaceChildren(list);
    }

    stepsEl.addEventListener('toggle', () => {
        if (stepsEl.open) askSteps();
    });

    // -- pinning ---------------------------------------------------------------------------------

    pinEl.addEventListener('click', () => {
        if (pinned) {
            pinned = null;
        } else if (last) {
            pinned = { step: last.step, byName: new Map(last.cells.map((c) => [c.name, c])) };
        }
        if (last) draw(last, over);
    });

    // -- the keyboard and the pointer ------------------------------------------------------------

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
            explain(cell);
        }
    });
    boardEl.addEventListener('keydown', (event) => {
        const cell = event.target.closest('.cell');
        if (!cell) {
            return;
        }
        if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            explain(cell);
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
    // the page's keys (not while typing in the step box): [ and ] a step back and on, g the box
    document.addEventListener('keydown', (event) => {
        if (event.target === inputEl || event.ctrlKey || event.metaKey || event.altKey) {
            return;
        }
        const now = present !== null ? present : last ? last.step : null;
        if (event.key === 'Escape' && !popoverEl.hidden) {
            event.preventDefault();
            closePopover();
        } else if (event.key === 'Escape' && pictureEl.open) {
            event.preventDefault();
            pictureEl.open = false; // (its layer over the board closed)
        } else if ((event.key === '[' || event.key === ']') && now !== null) {
            event.preventDefault();
            go(event.key === '[' ? Math.max(0, now - 1) : now + 1);
        } else if (event.key === 'g' && !gotoEl.hidden) {
            event.preventDefault();
            inputEl.focus();
            inputEl.select();
        }
    });
    // The focus. A stop this page asked for moves it to the quiz: the extension gives it back
    // (lib/focus.js), and the page puts it where it was (in a webview, the element that had it
    // does not keep it when the page loses it): the step box, the scrubber, a cell (the one with
    // the Tab stop when the board was drawn again meanwhile). Not where a click in the page puts
    // it itself. body's data-refocused is the step of the last stop this page asked for after
    // which the extension gave it back (its `focus` message, and the page focused): the
    // end-to-end test waits on it before its next key.
    let leaving = null; // the element the focus left last for none of the page's (not a click's)
    let kept = null; // the element that had the focus when the page lost it
    let pointing = false; // a button is down in the page (its click puts the focus itself)
    let givenBack = null; // the step of the stop after which the extension gives the focus back
    document.addEventListener('pointerdown', () => {
        pointing = true;
    }, true);
    for (const type of ['pointerup', 'pointercancel']) {
        document.addEventListener(type, () => {
            pointing = false;
            leaving = null; // (the focus a click in the page took from an element: its own doing)
        }, true);
    }
    document.addEventListener('focusout', (event) => {
        leaving = event.relatedTarget ? null : event.target;
    }, true);
    window.addEventListener('blur', () => {
        kept = leaving;
        leaving = null;
        pointing = false; // (a button let go outside the page: a menu's)
        vscode.postMessage({ type: 'blurred' });
    });
    window.addEventListener('focus', () => {
        if (kept && !pointing && document.activeElement === document.body) {
            const target = kept.isConnected
                ? kept
                : kept.classList.contains('cell') ? boardEl.querySelector('.cell[tabindex="0"]') : null;
            if (target && !target.closest('[hidden]')) {
                target.focus();
            }
        }
        kept = null;
        if (givenBack !== null) {
            settled();
        }
    });
    function settled() {
        document.body.dataset.refocused = String(givenBack);
        givenBack = null;
    }
    document.addEventListener('pointerdown', (event) => {
        if (!popoverEl.hidden && !popoverEl.contains(event.target) && !boardEl.contains(event.target)) {
            closePopover();
        }
    });

    gotoEl.addEventListener('submit', (event) => {
        event.preventDefault();
        let step = inputEl.value.trim() === '' ? NaN : Number(inputEl.value);
        if (Number.isInteger(step) && step >= 0 && !over) {
            if (end !== null && step > end) {
                step = end; // (the search ends there: past it is nothing to go to)
                inputEl.value = String(step);
            }
            vscode.postMessage({ type: 'goto', step, echo: true }); // (echoed in the debug console)
        }
    });

    /** Nothing of the last record stays (a new session; another quiz loaded, or the record cut
     * shorter than its last step: the web page's load-quiz, a past taken another way). */
    function forgetRecord() {
        present = lastStep = end = timeline = pinned = sent = lastSent = null;
        hits = [];
    }

    /** Whether `board` is of another record than the one shown: another quiz (its givens), or a
     * record that ends before the last step seen (its `last`: the record's extent now). */
    function anotherRecord(board) {
        const givens = board.cells.filter((c) => c.given).map((c) => `${c.name}${c.value}`).join();
        const was = quiz;
        quiz = givens;
        return (was !== null && was !== givens) || (typeof board.last === 'number' && lastStep !== null && board.last < lastStep);
    }

    window.addEventListener('message', (event) => {
        const message = event.data;
        if (message.type === 'board') {
            if (anotherRecord(message.board)) forgetRecord();
            if (typeof message.present === 'number') present = message.present;
            if (Array.isArray(message.hits)) hits = message.hits;
            if (typeof message.end === 'number') end = message.end;
            draw(message.board, message.over);
        } else if (message.type === 'session') {
            forgetRecord(); // a new session
        } else if (message.type === 'timeline') {
            timeline = { ...message.timeline, columnsAsked: message.columns };
            if (typeof timeline.end === 'number') end = timeline.end;
            lastStep = Math.max(lastStep || 0, timeline.last);
            drawTimeline();
        } else if (message.type === 'explained') {
            if (message.token === -1) showRemovedWhy(message);
            else showExplained(message);
        } else if (message.type === 'difficulty') {
            showDifficulty(message);
        } else if (message.type === 'picture') {
            showPicture(message);
        } else if (message.type === 'steps') {
            showSteps(message);
        } else if (message.type === 'note') {
            note(message.text, false);
        } else if (message.type === 'ended') {
            over = true;
            gotoEl.hidden = true;
            scrubEl.hidden = true;
            difficultyEl.hidden = true;
            pictureEl.hidden = true;
            stepsEl.hidden = true;
            note(message.text, true);
        } else if (message.type === 'focus') {
            // VS Code selected a frame it opened with the focus (with a step: this page's stop,
            // whose selections are over): the focus asked back when the page has not got it
            // (told before the page is focused again, or after)
            if (typeof message.step === 'number') {
                givenBack = message.step;
            }
            if (!document.hasFocus()) {
                vscode.postMessage({ type: 'refocus' });
            } else if (givenBack !== null) {
                settled();
            }
        } else if (message.type === 'idle') {
            note('Start debugging a quiz (F5 on a quiz file) to see its board here.', false);
        }
    });

    new ResizeObserver(() => layout()).observe(document.documentElement);
    window.addEventListener('resize', () => {
        layout();
        askTimeline();
    });

    // the page is ready for messages: the extension sends what to show (messages it posted
    // before this script listened are lost)
    vscode.postMessage({ type: 'ready' });

    // a theme change (light, dark, high contrast) swaps the palette and the deeper levels' hues
    new MutationObserver(() => last && draw(last, over)).observe(document.body, {
        attributes: true,
        attributeFilter: ['class'],
    });
    prefersDark.addEventListener('change', () => last && draw(last, over)); // (outside VS Code)
})();
