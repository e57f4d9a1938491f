// The replay page: decodes the record (views/replay/data.py) and draws any step of it.
// Steps and moves as the record has them (sudoku_repl/core/record/__init__.py): the state at
// step N is the state right after the first move that brings the step count to N; a move that
// leaves the count as it was belongs to the step of the move after it.
"use strict";
(async function () {
  const D = JSON.parse(document.getElementById("replay-data").textContent);
  const K = D.kinds;
  const GUESS_WORDS = { [K.GUESS]: "Guess", [K.FORWARD]: "Forward guess", [K.UPWARD]: "Upward guess" };
  const SHRUNK = {
    [K.COMPLETE]: "complete shrunken by group",
    [K.INCOMPLETE]: "incomplete shrunken by group",
    [K.PLY]: "shrunken by ply",
  };
  const SHIFT = D.valueShift, CANDS = (1 << SHIFT) - 1;
  const TYPES = { B: Uint8Array, H: Uint16Array, I: Uint32Array };

  async function inflate(b64) {
    let bytes;
    if (Uint8Array.fromBase64) bytes = Uint8Array.fromBase64(b64);
    else {
      const text = atob(b64);
      bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    }
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).arrayBuffer();
  }

  const timings = { parsed: performance.now() };  // (from the navigation's start: the benchmark)
  const buffer = await inflate(D.blob);
  timings.inflated = performance.now();
  const A = {};
  let offset = 0;
  for (const [name, code, length] of D.layout) {
    const T = TYPES[code];
    A[name] = new T(buffer, offset, length);
    offset += Math.ceil((length * T.BYTES_PER_ELEMENT) / 4) * 4;
  }
  const { steps, cellEnd, cells, states, codeEnd, codes, gridBase } = A;
  const N = D.moves;
  const geo = D.geometry;
  const SIZE = D.givens.length;
  const lines = D.lines;

  // -- geometry and words --------------------------------------------------------------------
  const rowOf = (c) => geo.positions[2 * c], colOf = (c) => geo.positions[2 * c + 1];
  const cellName = (c) => `[${rowOf(c) + 1},${colOf(c) + 1}]`;
  const at = new Map();
  for (let c = 0; c < SIZE; c++) at.set(rowOf(c) * geo.width + colOf(c), c);

  function gridLines(grid) {
    const out = [];
    for (let r = 0; r < geo.height; r++) {
      const chars = [];
      for (let c = 0; c < geo.width; c++) {
        const cell = at.get(r * geo.width + c);
        chars.push(cell === undefined ? " " : grid[cell]);
      }
      const groups = [];
      for (let b = 0; b < geo.width; b += 3) groups.push(chars.slice(b, b + 3).join(""));
      out.push(groups.join(" ").replace(/\s+$/, ""));
      if (r % 3 === 2) out.push("");
    }
    return out;
  }

  const chunkOf = (m) => Math.floor((m + D.chunkOffset) / D.chunkMoves);
  const firstCode = (m) => (m ? codeEnd[m - 1] : 0);
  const firstCell = (m) => (m ? cellEnd[m - 1] : 0);

  /** The original's lines of move m (text/render.py says them the same way). */
  function moveLines(m) {
    if (lines[m] !== undefined) return lines[m];
    const out = [], step = steps[m], c = codes, end = codeEnd[m];
    let k = firstCode(m);
    while (k < end) {
      const kind = c[k];
      if (kind === K.REMOVED) {
        out.push(`${c[k + 1]}GW: ${c[k + 2]} shrunken out of ${cellName(c[k + 3])}`);
        k += 4;
      } else if (kind === K.CELSET) {
        const n = c[k + 1], named = [], values = [];
        for (let i = 0; i < n; i++) named.push(cellName(c[k + 2 + i]));
        const v = c[k + 2 + n];
        for (let i = 0; i < v; i++) values.push(c[k + 3 + n + i]);
        out.push(`CelSet: ${named.join(" ")} ValSet: ${values.join(" ")}`);
        k += 3 + n + v;
      } else if (GUESS_WORDS[kind] !== undefined) {
        out.push(`${step}) ${GUESS_WORDS[kind]} ${cellName(c[k + 1])} level ${c[k + 2]} at ${c[k + 3]} out of ${c[k + 4]}`);
        k += 5;
      } else if (kind === K.WENT_WRONG) {
        out.push(`${step}) shrinking ${c[k + 1]} from ${c[k + 3] ? "blk" : ""}${cellName(c[k + 2])} went wrong`);
        k += 4;
      } else if (kind === K.SOLUTION || kind === K.NO_MORE) {
        const sum = c[k + 1] | (c[k + 2] << 16);
        const at0 = (gridBase[chunkOf(m)] + c[k + 3]) * SIZE;
        const grid = A.grids.subarray(at0, at0 + SIZE);
        if (kind === K.SOLUTION) {
          out.push(...gridLines(grid), `Fine [steps:${step}, solution sum:${sum}].`);
        } else {
          out.push(`${step}) No more solution (solution sum is ${sum}).`, ...gridLines(grid),
            `Invalid quiz [steps:${step}] - no more solution (solution sum is ${sum})`);
        }
        k += 4;
      } else if (kind === K.NO_CANDIDATE) {
        out.push(`${step}) ${cellName(c[k + 1])} has no candidate`);
        k += 2;
      } else {
        out.push(`${step}) ${geo.units[c[k + 1]]} ${SHRUNK[kind]}`);
        k += 2;
      }
    }
    return out;
  }

  /** How many codes the event at codes[k] takes (the codec's layout, codec.py). */
  function width(k) {
    const kind = codes[k];
    if (kind === K.REMOVED || kind === K.WENT_WRONG || kind === K.SOLUTION || kind === K.NO_MORE) return 4;
    if (kind === K.CELSET) return 3 + codes[k + 1] + codes[k + 2 + codes[k + 1]];
    return GUESS_WORDS[kind] !== undefined ? 5 : 2;
  }

  /** Each event of move m as [kind, a, b, c, d] (its codes' fields), for the walks below. */
  function* moveEvents(m) {
    const c = codes, end = codeEnd[m];
    let k = firstCode(m);
    while (k < end) {
      const kind = c[k];
      if (kind === K.REMOVED) { yield [kind, c[k + 1], c[k + 2], c[k + 3]]; k += 4; }
      else if (kind === K.CELSET) { k += 3 + c[k + 1] + c[k + 2 + c[k + 1]]; }
      else if (GUESS_WORDS[kind] !== undefined) { yield [kind, c[k + 1], c[k + 2], c[k + 3], c[k + 4]]; k += 5; }
      else if (kind === K.WENT_WRONG || kind === K.SOLUTION || kind === K.NO_MORE) { yield [kind]; k += 4; }
      else { yield [kind, c[k + 1]]; k += 2; }
    }
  }

  // -- steps and moves -----------------------------------------------------------------------
  const START = D.startSteps;
  const LAST = N ? steps[N - 1] : START;
  function bisectLeft(a, x, lo, hi) {
    while (lo < hi) { const mid = (lo + hi) >> 1; if (a[mid] < x) lo = mid + 1; else hi = mid; }
    return lo;
  }
  /** How many moves it takes to reach the state at step s. */
  const movesTo = (s) => (s <= START ? 0 : Math.min(bisectLeft(steps, s, 0, N) + 1, N));
  const advances = (m) => steps[m] > (m ? steps[m - 1] : START);
  /** The step whose state first shows what move m did. */
  const visibleStep = (m) => (advances(m) ? steps[m] : steps[m] + 1);

  // -- one pass over the record: snapshots, levels, guesses, the tree ------------------------
  const CHUNK = 128;
  const start = A.start;
  const snapshots = [], stackSnaps = [];
  const levelAfter = new Uint16Array(N);
  const guessMoves = [];
  const roots = [];
  let cut = null; // the steps before the record, when it starts after step 0
  {
    const cur = Uint16Array.from(start);
    let stack = D.startStack.map((f) => f.slice());
    // a record that starts after step 0 starts inside the branches of its start's guess levels,
    // which it does not hold: one node stands for them (views/guess_tree.py's CUT)
    let branches = [], failed = false;
    if (START) {
      cut = { cell: -1, value: 0, tried: 0, outOf: 0, level: 0, first: START, last: START, outcome: "cut",
        kind: 0, move: -1, parent: null, children: [], solutions: [] };
      roots.push(cut);
      branches = D.startStack.map(() => cut);
    }
    const close = (node, step) => {
      node.last = Math.max(node.first, step);
      if (node === cut) return; // (a level of the record's start left: the node stays cut)
      node.outcome = node.solutions.length ? "solution" : node.children.length ? "exhausted" : "wrong";
    };
    for (let m = 0; m < N; m++) {
      if (m % CHUNK === 0) { snapshots.push(cur.slice()); stackSnaps.push(stack.map((f) => f.slice())); }
      for (let i = firstCell(m); i < cellEnd[m]; i++) cur[cells[i]] = states[i];
      const end = codeEnd[m];
      let guesses = 0;
      for (let k = firstCode(m); k < end; k += width(k)) if (GUESS_WORDS[codes[k]] !== undefined) guesses++;
      if (guesses) guessMoves.push(m);
      for (let k = firstCode(m); k < end; k += width(k)) {
        const kind = codes[k], step = steps[m];
        if (GUESS_WORDS[kind] !== undefined) {
          const cell = codes[k + 1], level = codes[k + 2], tried = codes[k + 3], outOf = codes[k + 4];
          guesses--;
          const value = guesses === 0 ? cur[cell] >> SHIFT : 0;
          stack.length = Math.min(stack.length, level - 1);
          stack.push([cell, value, tried, outOf]);
          if (kind !== K.GUESS) { while (branches.length >= level) close(branches.pop(), step - 1); }
          else branches.length = Math.min(branches.length, level - 1);
          const parent = branches.length ? branches[branches.length - 1] : null;
          const node = { cell, value, tried, outOf, level, first: step, last: step, outcome: "open",
            kind, move: m, parent, children: [], solutions: [] };
          (parent ? parent.children : roots).push(node);
          branches.push(node);
          failed = false;
        } else if (kind === K.NO_MORE) {
          while (branches.length) close(branches.pop(), step - 1);
          stack = [];
        } else if (kind === K.SOLUTION) {
          if (branches.length) branches[branches.length - 1].solutions.push(step);
        } else if (kind === K.WENT_WRONG || kind === K.NO_CANDIDATE) {
          failed = true;
        }
      }
      levelAfter[m] = stack.length;
    }
    branches.forEach((node, k) => {
      node.last = LAST;
      if (node === cut) return;
      if (node.solutions.length) node.outcome = "solution";
      else if (k === branches.length - 1 && failed) node.outcome = "wrong";
    });
  }
  // whether a solution was found in a branch or below it (worked out once, leaves first)
  {
    const order = [];
    const stack = [...roots];
    while (stack.length) { const n = stack.pop(); order.push(n); stack.push(...n.children); }
    for (let i = order.length - 1; i >= 0; i--) {
      const n = order[i];
      n.leads = n.solutions.length > 0 || n.children.some((c) => c.leads);
    }
  }
  const leads = (node) => node.leads;
  const guessSteps = [...new Set(guessMoves.map(visibleStep))];
  timings.walked = performance.now();

  /** The packed cells and the guess levels after the first `moves` moves. */
  function stateAfter(moves) {
    const k = Math.min(Math.floor(moves / CHUNK), snapshots.length - 1);
    if (k < 0) return { cells: Uint16Array.from(start), stack: D.startStack };
    const cur = snapshots[k].slice();
    let stack = stackSnaps[k].map((f) => f.slice());
    for (let m = k * CHUNK; m < moves; m++) {
      for (let i = firstCell(m); i < cellEnd[m]; i++) cur[cells[i]] = states[i];
      for (const e of moveEvents(m)) {
        if (GUESS_WORDS[e[0]] !== undefined) {
          stack.length = Math.min(stack.length, e[2] - 1);
          stack.push([e[1], 0, e[3], e[4]]);
        } else if (e[0] === K.NO_MORE) stack = [];
      }
    }
    for (const f of stack) if (!f[1]) f[1] = cur[f[0]] >> SHIFT;
    return { cells: cur, stack };
  }
  const levelAt = (s) => { const m = movesTo(s); return m ? levelAfter[m - 1] : D.startStack.length; };

  /** The trace lines of step s: the moves from the state at step s - 1 to the state at s. */
  function stepLines(s) {
    if (s <= START) return [];
    const out = [];
    for (let m = movesTo(s - 1); m < movesTo(s); m++) out.push(...moveLines(m));
    return out;
  }

  // -- the board -----------------------------------------------------------------------------
  const board = document.getElementById("board");
  board.style.gridTemplateColumns = `repeat(${geo.width}, auto)`;
  const cellDivs = new Array(SIZE);
  for (let r = 0; r < geo.height; r++) {
    for (let col = 0; col < geo.width; col++) {
      const cell = at.get(r * geo.width + col);
      const div = document.createElement("div");
      div.className = "cell";
      if (cell === undefined) { div.classList.add("hole"); board.appendChild(div); continue; }
      if (col % 3 === 2) div.classList.add("br");
      if (r % 3 === 2) div.classList.add("bb");
      div.dataset.cell = cell;
      div.dataset.name = cellName(cell);
      div.addEventListener("click", () => why(cell));
      cellDivs[cell] = div;
      board.appendChild(div);
    }
  }

  function drawBoard(now, before, stack) {
    const levels = new Map(stack.map((f, i) => [f[0], i + 1]));
    for (let c = 0; c < SIZE; c++) {
      const div = cellDivs[c], packed = now[c], v = packed >> SHIFT, mask = packed & CANDS;
      const old = before ? before[c] : packed, oldMask = old & CANDS;
      div.dataset.value = v;
      let cands = "";
      for (let d = 1; d <= 9; d++) if (mask >> (d - 1) & 1) cands += d;
      div.dataset.cands = cands;
      div.classList.toggle("given", D.givens[c] > 0);
      div.classList.toggle("changed", old !== packed);
      const level = levels.get(c);
      let html = "";
      if (v) {
        const cls = level ? ` lv${(level - 1) % 4 + 1}` : "";
        html = `<span class="v${cls}">${v}</span>` + (level ? `<span class="lv lv${(level - 1) % 4 + 1}">L${level}</span>` : "");
      } else {
        for (let d = 1; d <= 9; d++) {
          const has = mask >> (d - 1) & 1, had = (old >> SHIFT) === 0 && (oldMask >> (d - 1) & 1);
          const wasFilled = (old >> SHIFT) !== 0;
          if (has) html += `<span${!had && !wasFilled && before ? ' class="back"' : ""}>${d}</span>`;
          else if (had) html += `<span class="gone">${d}</span>`;
          else html += "<span></span>";
        }
      }
      div.innerHTML = html;
    }
  }

  // -- the step shown ------------------------------------------------------------------------
  let current = START;
  const stepNo = document.getElementById("step-no");
  const scrubber = document.getElementById("scrubber");
  scrubber.min = START; scrubber.max = LAST;
  document.getElementById("step-last").textContent = LAST;
  let picked = null;

  // -- the picture of the step: the SVGs Python drew (tools/explain/original), deflated ----------
  const P = D.pictures || null;
  const pictureBytes = P ? inflate(P.blob).then((b) => new Uint8Array(b)) : null;

  async function showPicture(s) {
    const box = document.getElementById("picture");
    const title = document.getElementById("picture-title");
    if (!P || s < P.first || s > P.last) {
      box.innerHTML = "";
      title.textContent = !P ? "(no picture: a classic 9x9 quiz's steps only)"
        : s < P.first ? "(the state the record starts from)"
        : `(pictures of steps ${P.first}..${P.last} only: docs/replay.md)`;
      document.body.dataset.picture = s;
      return;
    }
    const bytes = await pictureBytes;
    if (current !== s) return;  // (another step was asked for meanwhile)
    const i = s - P.first;
    const text = new TextDecoder().decode(bytes.subarray(i ? P.ends[i - 1] : 0, P.ends[i]));
    box.innerHTML = text.replace(/^<\?xml[^>]*>\s*/, "");
    title.textContent = P.titles[i];
    document.body.dataset.picture = s;
  }

  function show(s) {
    s = Math.max(START, Math.min(LAST, Math.round(s)));
    current = s;
    const now = stateAfter(movesTo(s));
    const before = s > START ? stateAfter(movesTo(s - 1)).cells : null;
    drawBoard(now.cells, before, now.stack);
    stepNo.textContent = s;
    document.getElementById("step-title").textContent = s;
    document.getElementById("level-title").textContent = now.stack.length ? `(level ${now.stack.length})` : "";
    scrubber.value = s;
    const text = stepLines(s);
    document.getElementById("trace").textContent = text.length ? text.join("\n")
      : s === START ? "(the state the record starts from)" : "(no trace line: a fill pass, or a filter that found nothing)";
    const list = document.getElementById("stack");
    list.innerHTML = "";
    now.stack.forEach(([cell, value, tried, outOf], i) => {
      const li = document.createElement("li");
      li.className = `lv${i % 4 + 1}`;
      li.textContent = `${cellName(cell)}=${value} (${tried} of ${outOf})`;
      list.appendChild(li);
    });
    for (const track of tracks) track.place(s);
    markTree(s);
    if (picked !== null) why(picked);
    const hash = `#step=${s}`;
    if (location.hash !== hash) {
      try { history.replaceState(null, "", hash); } catch (e) { /* a sandboxed frame: no address */ }
    }
    document.body.dataset.step = s;
    showPicture(s);
  }

  // -- why: for the clicked cell, from the record -------------------------------------------
  function why(cell) {
    if (picked !== null && cellDivs[picked]) cellDivs[picked].classList.remove("picked");
    picked = cell;
    cellDivs[cell].classList.add("picked");
    const box = document.getElementById("why");
    const name = cellName(cell), upTo = movesTo(current);
    const now = stateAfter(upTo).cells[cell];
    const v = now >> SHIFT;
    const parts = [];
    const lineOf = (m, test) => {
      const all = moveLines(m), own = all.filter(test);
      return (own.length ? own : all).join("\n") || "(a fill pass: it prints no line)";
    };
    if (D.givens[cell]) {
      parts.push([`${name} is a given: ${D.givens[cell]}.`, ""]);
    } else if (v) {
      let found = -1, prev = start[cell] >> SHIFT;
      for (let m = 0; m < upTo; m++) {
        for (let i = firstCell(m); i < cellEnd[m]; i++) {
          if (cells[i] !== cell) continue;
          const after = states[i] >> SHIFT;
          if (after === v && prev !== v) found = m;
          prev = after;
        }
      }
      if (found < 0) parts.push([`${name} holds ${v} from the start of the record.`, ""]);
      else parts.push([`${name} got ${v} at step ${visibleStep(found)}:`, lineOf(found, (l) => l.includes(name)), visibleStep(found)]);
    } else {
      const mask = now & CANDS;
      const wanted = [];
      for (let d = 1; d <= 9; d++) if (!(mask >> (d - 1) & 1)) wanted.push(d);
      const last = new Map();
      let prev = start[cell];
      for (let m = 0; m < upTo; m++) {
        for (let i = firstCell(m); i < cellEnd[m]; i++) {
          if (cells[i] !== cell) continue;
          const after = states[i];
          for (const d of wanted) {
            const bit = 1 << (d - 1);
            if (!(prev >> SHIFT) && (prev & bit) && !(after >> SHIFT) && !(after & bit)) last.set(d, m);
          }
          prev = after;
        }
      }
      const shown = [];
      for (let d = 1; d <= 9; d++) if (mask >> (d - 1) & 1) shown.push(d);
      parts.push([`${name} is empty at step ${current}; its candidates: ${shown.join(" ") || "none"}.`, ""]);
      const never = [];
      for (const d of wanted) {
        const m = last.get(d);
        if (m === undefined) { never.push(d); continue; }
        parts.push([`${d} was struck at step ${visibleStep(m)}:`, lineOf(m, (l) => l.includes(`${d} shrunken out of ${name}`)), visibleStep(m)]);
      }
      if (never.length) parts.push([`${never.join(" ")}: never a candidate in the record (a peer held it when the candidates were first worked out).`, ""]);
    }
    box.innerHTML = "";
    for (const [head, text, step] of parts) {
      const p = document.createElement("p");
      p.textContent = head + " ";
      if (step !== undefined) {
        const a = document.createElement("a");
        a.href = `#step=${step}`;
        a.textContent = `go to step ${step}`;
        p.appendChild(a);
      }
      box.appendChild(p);
      if (text) { const pre = document.createElement("pre"); pre.textContent = text; box.appendChild(pre); }
    }
    box.dataset.cell = name;
  }

  // -- the timeline: one track per experiment, the marks -------------------------------------
  const tracks = [];
  function addTrack(name, levelOfStep, first, last, marks, onPick) {
    const wrap = document.createElement("div");
    wrap.className = "track";
    const label = document.createElement("div");
    label.className = "name";
    label.textContent = name;
    const canvas = document.createElement("canvas");
    const cursor = document.createElement("div");
    cursor.className = "cursor";
    wrap.append(label, canvas, cursor);
    document.getElementById("tracks").appendChild(wrap);
    const span = Math.max(last - first, 1);
    // (the last step's line, 2 px wide, ends at the track's right edge, not past it)
    const x = (s) => Math.min(((s - first) / span) * canvas.clientWidth, canvas.clientWidth - 2);
    function draw() {
      const w = canvas.clientWidth || 600, h = 90;
      canvas.width = w; canvas.height = h;
      const g = canvas.getContext("2d");
      let top = 1;
      const cols = new Uint16Array(w);
      for (let px = 0; px < w; px++) {
        const s0 = Math.floor(first + (px / w) * span), s1 = Math.max(s0, Math.floor(first + ((px + 1) / w) * span) - 1);
        let most = 0;
        for (let s = s0; s <= s1; s += Math.max(1, Math.floor((s1 - s0) / 64))) most = Math.max(most, levelOfStep(s));
        cols[px] = most; top = Math.max(top, most);
      }
      g.fillStyle = "#2e5fa8";
      for (let px = 0; px < w; px++) { const hh = (cols[px] / top) * (h - 4); g.fillRect(px, h - hh, 1, hh); }
      g.fillStyle = "#666"; g.font = "10px system-ui, sans-serif";
      g.fillText(`level ${top}`, 2, 10);
    }
    for (const [step, text, kind] of marks) {
      const mark = document.createElement("div");
      mark.className = `mark ${kind}`;
      mark.dataset.step = step;
      mark.title = text;
      mark.innerHTML = `<span></span>`;
      mark.firstChild.textContent = text;
      mark.addEventListener("click", () => onPick(step));
      wrap.appendChild(mark);
      mark._place = () => {
        // the label stands right of its line, or left of it where it would run past the
        // track's right edge (a mark at the record's last step: the page scrolled sideways)
        const at = x(step);
        mark.style.left = `${at}px`;
        mark.classList.toggle("left", at + 2 + mark.firstChild.offsetWidth > canvas.clientWidth && at > canvas.clientWidth / 2);
      };
    }
    canvas.addEventListener("click", (ev) => {
      const r = canvas.getBoundingClientRect();
      onPick(Math.round(first + ((ev.clientX - r.left) / r.width) * span));
    });
    const track = {
      draw() { draw(); wrap.querySelectorAll(".mark").forEach((m) => m._place()); },
      place(s) { cursor.style.left = `${x(s)}px`; },
    };
    tracks.push(track);
    return track;
  }

  // -- the guess tree: failed subtrees folded; it opens onto the branch of the step shown -----
  const treeBox = document.getElementById("tree");
  const linkOf = new Map();
  const EAGER = 400;
  let drawn = 0;
  function nodeItem(node) {
    drawn++;
    const li = document.createElement("li");
    li.className = node.outcome;
    const a = document.createElement("a");
    a.href = `#step=${node.first}`;
    a.dataset.step = node.first;
    a.dataset.level = node.level;
    a.textContent = node === cut ? `steps before ${START + 1}: not in the record`
      : `${cellName(node.cell)}${node.value ? "=" + node.value : ""} level ${node.level} (${node.tried}/${node.outOf}) steps ${node.first}..${node.last}`;
    linkOf.set(node, a);
    if (!node.children.length) { li.appendChild(a); return li; }
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.appendChild(a);
    details.appendChild(summary);
    let filled = false;
    const fill = () => {
      if (filled) return;
      filled = true;
      const ul = document.createElement("ul");
      for (const child of node.children) ul.appendChild(nodeItem(child));
      details.appendChild(ul);
    };
    details.addEventListener("toggle", () => { if (details.open) fill(); });
    node.open = () => { fill(); details.open = true; };
    // a branch on the way to a solution opens by itself while the tree drawn is small (a long
    // search's would be all of it); the branch of the step shown always opens (markTree)
    if ((node.outcome === "open" || leads(node)) && drawn < EAGER) node.open();
    li.appendChild(details);
    return li;
  }
  timings.board = performance.now();
  {
    const ul = document.createElement("ul");
    for (const node of roots) ul.appendChild(nodeItem(node));
    treeBox.appendChild(ul);
    if (!roots.length) treeBox.textContent = "No guess in these steps.";
  }
  timings.tree = performance.now();
  let here = null;
  function markTree(s) {
    if (here) here.classList.remove("here");
    here = null;
    let nodes = roots, found = null;
    for (;;) {
      const node = nodes.find((n) => n.first <= s && s <= n.last);
      if (!node) break;
      found = node;
      if (!node.children.length) break;
      node.open();
      nodes = node.children;
    }
    if (found && linkOf.has(found)) { here = linkOf.get(found); here.classList.add("here"); }
  }

  // -- experiments: their tracks and where two part ------------------------------------------
  const marks = (D.marks || []).map((m) => [m.step, m.text, m.kind]);
  addTrack(D.experiment || "this search", levelAt, START, LAST, marks, (s) => show(s)).draw();
  for (const exp of D.experiments || []) {
    const lv = exp.levels, first = exp.first;
    addTrack(exp.name, (s) => lv[Math.max(0, Math.min(lv.length - 1, s - first))] || 0, first,
      first + lv.length - 1, [[exp.parted, `parts at ${exp.parted}`, "bisect"]], () => {}).draw();
  }
  for (const c of D.compares || []) {
    const box = document.getElementById("compare");
    box.hidden = false;
    const table = document.createElement("table");
    table.innerHTML = "<caption></caption><tr><th></th><th></th></tr><tr><td><pre></pre></td><td><pre></pre></td></tr>";
    table.querySelector("caption").textContent = `Where they part: after step ${c.step}`;
    const ths = table.querySelectorAll("th"), pres = table.querySelectorAll("pre");
    ths[0].textContent = c.a.name; ths[1].textContent = c.b.name;
    pres[0].textContent = c.a.lines.join("\n"); pres[1].textContent = c.b.lines.join("\n");
    box.appendChild(table);
  }

  // -- keys, the scrubber, the address -------------------------------------------------------
  let typed = "";
  const typedBox = document.getElementById("typed");
  const nextGuess = (s) => guessSteps.find((g) => g > s);
  const prevGuess = (s) => { let p; for (const g of guessSteps) { if (g >= s) break; p = g; } return p; };
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement && ev.target.type !== "range") return;
    const key = ev.key;
    let to = null;
    if (key === "ArrowLeft") to = current - 1;
    else if (key === "ArrowRight") to = current + 1;
    else if (key === "PageUp") to = prevGuess(current) ?? START;
    else if (key === "PageDown") to = nextGuess(current) ?? LAST;
    else if (key === "Home") to = START;
    else if (key === "End") to = LAST;
    else if (/^[0-9]$/.test(key)) { typed += key; typedBox.textContent = `go to step ${typed}`; ev.preventDefault(); return; }
    else if (key === "Backspace" && typed) { typed = typed.slice(0, -1); typedBox.textContent = typed ? `go to step ${typed}` : ""; ev.preventDefault(); return; }
    else if (key === "Enter" && typed) { to = Number(typed); }
    else if (key === "Escape") { typed = ""; typedBox.textContent = ""; return; }
    else return;
    typed = ""; typedBox.textContent = "";
    ev.preventDefault();
    show(to);
  });
  scrubber.addEventListener("input", () => show(Number(scrubber.value)));
  const buttons = { first: () => START, last: () => LAST, prev: () => current - 1, next: () => current + 1,
    "prev-guess": () => prevGuess(current) ?? START, "next-guess": () => nextGuess(current) ?? LAST };
  for (const [id, to] of Object.entries(buttons)) document.getElementById(id).addEventListener("click", () => show(to()));
  const fromHash = () => { const m = /step=(\d+)/.exec(location.hash); return m ? Number(m[1]) : null; };
  window.addEventListener("hashchange", () => { const s = fromHash(); if (s !== null && s !== current) show(s); });
  window.addEventListener("resize", () => { for (const t of tracks) t.draw(); show(current); });

  // what the tests (and a curious reader) may ask the page
  window.replay = {
    start: START, last: LAST, moves: N,
    show, lines: stepLines, levelAt,
    tree: () => { const walk = (ns) => ns.map((n) => [n.cell, n.value, n.tried, n.outOf, n.level, n.first, n.last, n.outcome, walk(n.children)]); return walk(roots); },
    guessSteps: () => guessSteps.slice(),
  };
  timings.drawn = performance.now();
  show(fromHash() ?? D.openStep ?? START);  // (the step the session stood at, unless the address names one)
  timings.ready = window.replay.readyMs = performance.now();
  window.replay.timings = timings;
  document.body.dataset.ready = "1";
})().catch((e) => {
  document.body.dataset.ready = "error";
  document.body.insertAdjacentText("afterbegin", `The replay could not be shown: ${e}`);
});
