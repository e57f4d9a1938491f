// The web page end to end in Debian's chromium (tests/web/test_page_browser.py runs it; .ci/e2e-web):
// playwright-core (web/package-lock.json) drives the system's browser, never a downloaded one.
// A person's visit: the README's session typed into the terminal (its guess question answered),
// Tab, a file dropped on the page and loaded, Ctrl-C stopping `runrun 0`, a file downloaded, the
// replay opened in a new tab (the viewer), an HTML file someone sent opened (it reaches nothing of
// the page), files named as the page's folders refused, a quiz from the address, a
// reload (the history kept), the Board's
// picture of Sudoku Explainer's next step (its folded line opened, `export svg` typed at once);
// then, in a browser without service workers (as some private windows are: not cross-origin
// isolated), the shell without shared memory, which says once what Ctrl-C cannot do there, and
// the Board's picture again; and pages whose C modules do not load (their manifest names none, or
// the core's does not compile), which run the pure engine and say why, once. The C core's part
//: the page says it runs the C, rates a hard quiz, and Ctrl-C stops a long rating in
// the C, the prompt back. Every request
// the browser made is recorded: none may leave the page's origin; so is every violation of a
// Content-Security-Policy the browser reports. Prints a JSON report of what
// was seen; the Python test asserts on it.
//
//   node tests/web/e2e_page.mjs ORIGIN CHROMIUM PROFILES DROPPED_FILE QUIZ HARD LONG_RATED FALLBACK...
// (PROFILES: a folder for the two browsers' profiles; HARD: a quiz the C rates in seconds,
// LONG_RATED one it rates for longer; FALLBACK: the folders, under ORIGIN, of pages whose C does
// not load)
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { FLAGS, LONG, chromium, interrupted, typed } from './e2e_typing.mjs';

const [origin, executablePath, profiles, droppedFile, quiz, hard, longRated, ...fallbacks] = process.argv.slice(2);
/** A script dropped on the page (a blank in its name), and the line its note gives to run it. */
const SCRIPT = '# a script\nload-quiz examples/seed.txt\nstep\n';
const SCRIPT_LINE = "source 'my script.txt'";

const context = await chromium.launchPersistentContext(`${profiles}/isolated`, {
    executablePath, args: FLAGS, headless: true, acceptDownloads: true,
    viewport: { width: 1400, height: 900 }, serviceWorkers: 'allow',
});
const requests = [];
const record = (request) => requests.push(request.url());
context.on('request', record);
context.on('serviceworker', (worker) => worker.on && worker.on('request', record));
const errors = [];
// what the browser said of a Content-Security-Policy (a violation: a script, style or request it
// refused), in any page, frame or worker
const csp = [];
const policyMessage = (message) => {
    if (/Content.Security.Policy/i.test(message.text())) csp.push(message.text());
};
context.on('console', policyMessage);
const report = { requests, errors, csp };

function watch(page) {
    page.on('request', record);
    page.on('worker', (worker) => {
        if (worker.on) worker.on('request', record);
        if (worker.on) worker.on('console', policyMessage);
    });
    page.on('pageerror', (error) => errors.push(String(error)));
}

let page = context.pages()[0] || (await context.newPage());
watch(page);

const transcript = () => page.evaluate(() => window.sudokuRepl.transcript());

async function open(url, isolated = true) {
    await page.goto(url);
    await page.waitForFunction((i) => window.sudokuRepl !== undefined && window.crossOriginIsolated === i, isolated, { timeout: LONG });
    await page.evaluate(() => window.sudokuRepl.ready);
    await page.click('#terminal');
}

/** A line typed and Enter; waits for the next prompt (a command's or the guess question's). */
const type = (line) => typed(page, line, LONG);

/** A file put in the page's folder (`put`: chosen or dropped) and what the page says of it
 * (its note, cleared before: the same note twice is seen). */
const noted = async (put) => {
    await page.evaluate(() => { document.getElementById('note').textContent = ''; });
    await put();
    await page.waitForFunction(() => document.getElementById('note').textContent !== '', null, { timeout: LONG });
    return page.locator('#note').textContent();
};
/** A file of `name` holding `text` dropped on the page, or chosen (Files' input). */
const drop = (name, text) => page.evaluate(({ name, text }) => {
    const data = new DataTransfer();
    data.items.add(new File([text], name, { type: 'text/plain' }));
    document.querySelector('#terminal').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
}, { name, text });
const choose = (name, text) => page.setInputFiles('#pick', { name, mimeType: 'text/plain', buffer: Buffer.from(text) });

/** The Board's folded line of Sudoku Explainer's next step opened, then `export svg x.svg` and
 * `show` typed at once (while the shell draws the picture): what each printed, the picture
 * drawn, its removed and placed candidates (`class`, `data-cell`, `data-digit`), and the Board's
 * layouts seen with it open. */
async function picture() {
    const board = page.frameLocator('#board');
    await board.locator('#sestep summary').click();
    await page.click('#terminal');
    const before = (await transcript()).length;
    await type('export svg x.svg');
    const exported = (await transcript()).slice(before);
    await type('show');
    const shown = (await transcript()).slice(before + exported.length);
    // (drawn, or the line that says why there is none: searching no more)
    await page.waitForFunction(() => {
        const summary = document.querySelector('#board').contentDocument.querySelector('#sestep summary');
        return / from step \d+: (?!searching)/.test(summary.textContent);
    }, null, { timeout: LONG, polling: 100 });
    const marks = await board.locator('#sestep svg .removed, #sestep svg .placed').evaluateAll((found) =>
        found.map((e) => ({ class: e.getAttribute('class'), cell: e.dataset.cell, digit: e.dataset.digit })));
    const caption = await board.locator('#sestep summary').textContent();
    // the Board's layout over 30 frames with the picture open (it once flipped at each one)
    const layouts = await page.evaluate(() => new Promise((resolve) => {
        const seen = [];
        const look = () => {
            seen.push(document.querySelector('#board').contentDocument.getElementById('layout').className);
            if (seen.length < 30) requestAnimationFrame(look);
            else resolve([...new Set(seen)]);
        };
        requestAnimationFrame(look);
    }));
    await board.locator('#sestep summary').click(); // (closed again)
    await page.click('#terminal');
    return { exported, shown, marks, caption, layouts };
}

// 1. the first visit: the service worker's reload, the seed loaded, the README's session
await open(`${origin}/index.html`);
report.isolated = await page.evaluate(() => window.crossOriginIsolated);
report.start = await transcript();
for (const line of ['step', 'runtil 65', 'levels', 'run', 'bisect level 11', 'guess-mode 1', 'goto 6', 'step']) {
    await type(line);
}
report.question = (await transcript()).split('\n').pop();
await type('[6,2]=9');
await type('guess-mode 0');
await type('run');
report.readme = await transcript();
// the Board: the present step drawn; a cell clicked asks `why` at the prompt, in its popover
const board = page.frameLocator('#board');
report.boardCaption = await board.locator('#caption').textContent();
const asked = (await transcript()).length;
await board.locator('.cell[data-name="[6,2]"]').click();
await board.locator('#popover .line').first().waitFor({ timeout: LONG });
report.popover = await board.locator('#popover').textContent();
report.asked = (await transcript()).slice(asked);
await page.click('#terminal');
report.readme = await transcript();

// 2. Tab: the shell's completion of a command's name
await page.keyboard.type('bisec');
await page.keyboard.press('Tab');
await page.keyboard.type(' level 11');
await type('');
report.completed = await transcript();

// 3. a file dropped on the page lands in its folder; Ctrl-C stops a long `runrun 0`
const content = readFileSync(droppedFile, 'utf8');
const name = basename(droppedFile);
const put = page.waitForFunction((n) => [...document.querySelectorAll('#file-list button')].some((b) => b.textContent === n), name, { timeout: LONG });
await page.evaluate(({ name, content }) => {
    const data = new DataTransfer();
    data.items.add(new File([content], name, { type: 'text/plain' }));
    document.querySelector('#terminal').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
}, { name, content });
await put;
// (what the page says of it, and of its folder: the commands that read it)
report.putNote = await page.locator('#note').textContent();
report.filesText = await page.locator('#files p').first().textContent();
await page.click('#terminal');
await type(`load-quiz ${name}`);
await type('set trace off');
const ctrlC = () => page.keyboard.press('Control+C');
({ progress: report.progress, stopped: report.stopped } = await interrupted(page, 'runrun 0', ctrlC, LONG));
report.after = report.stopped + (await type('show'));

// 3b. the C core: the status line says it; a hard quiz rated by Sudoku Explainer's C;
// a longer rating stopped by Ctrl-C in the C, and the session goes on
report.status = await page.locator('#status').textContent();
await type(`load-quiz ${hard}`);
report.rated = await type('difficulty --measures se');
await type(`load-quiz ${longRated}`);
report.cStopped = await interrupted(page, 'difficulty --measures se', ctrlC, LONG);
report.cAfter = await type('step');

// 4. a file the shell writes, downloaded; the replay opened in a new tab
await type('save-session session.txt');
await type('export html replay.html');
const button = (n) => page.locator('#file-list li', { hasText: n }).locator('button').first();
const download = page.waitForEvent('download', { timeout: LONG });
await button('session.txt').click();
const saved = await download;
report.downloaded = { name: saved.suggestedFilename(), text: readFileSync(await saved.path(), 'utf8') };
/** An .html file of the page's folder opened (its `open` button): the new tab, once the file's
 * own script has set its title (`titled`), what it shows. */
async function opened(name, titled) {
    const tab = context.waitForEvent('page', { timeout: LONG });
    await page.locator('#file-list li', { hasText: name }).getByRole('button', { name: 'open' }).click();
    const viewer = await tab;
    watch(viewer);
    await viewer.waitForLoadState();
    // (the file in the viewer's frame: its srcdoc set, loaded, its script run)
    await viewer.waitForFunction(() => document.getElementById('file').srcdoc !== '', null, { timeout: LONG });
    const shown = viewer.frames().find((frame) => frame !== viewer.mainFrame());
    await shown.waitForLoadState('load');
    await shown.waitForFunction((t) => new RegExp(t).test(document.title), titled, { timeout: LONG });
    const seen = {
        opener: await viewer.evaluate(() => window.opener !== null),
        title: await shown.evaluate(() => document.title),
        origin: await shown.evaluate(() => self.origin),
        tabTitle: await viewer.title(),
    };
    await viewer.close();
    return seen;
}
report.replay = await opened('replay.html', '.');

// 4b. an HTML file someone sent, opened: what its script reaches of the page
const ATTACK = `<!DOCTYPE html><title>attack</title><script>
const reached = [];
try { if (opener) { opener.document.title = 'taken'; reached.push('opener'); } } catch (e) {}
for (const w of [opener, parent, top]) {
    try { if (w && w !== window) w.postMessage({ fromBoard: { type: 'run', line: 'bye' } }, '*'); } catch (e) {}
}
try { localStorage.getItem('x'); reached.push('storage'); } catch (e) {}
document.title = 'attack ran: ' + (reached.join(',') || 'nothing reached');
</script>`;
const attackPut = page.waitForFunction(() => [...document.querySelectorAll('#file-list button')].some((b) => b.textContent === 'sent.html'), null, { timeout: LONG });
await drop('sent.html', ATTACK);
await attackPut;
const pageTitle = await page.title();
report.attack = await opened('sent.html', 'attack ran');
// a message that is not the Board's (here the page's own window) is not obeyed either; the one
// after it (a tick) comes once it was handled
await page.evaluate(() => new Promise((resolve) => {
    window.postMessage({ fromBoard: { type: 'run', line: 'bye' } }, location.origin);
    const tick = (event) => {
        if (event.data !== 'tick') return;
        window.removeEventListener('message', tick);
        resolve();
    };
    window.addEventListener('message', tick);
    window.postMessage('tick', location.origin);
}));
await page.click('#terminal');
const beforeAttack = (await transcript()).length;
await type('show');
report.afterAttack = {
    titleKept: (await page.title()) === pageTitle,
    shown: (await transcript()).slice(beforeAttack),
    prompting: await page.evaluate(() => window.sudokuRepl.prompting()),
};

// 4c. files named as the page's folders or as no file, chosen or dropped: refused, said so, the
// session going on; a Python file put there never imported (`stpe` imports difflib)
report.refused = [];
for (const name of ['puzzles', 'examples']) report.refused.push(await noted(() => choose(name, quiz)));
for (const name of ['..', 'a/..']) report.refused.push(await noted(() => drop(name, quiz)));
report.plantedNote = await noted(() => drop('difflib.py', "print('A PLANTED MODULE RAN')\n"));
// a script dropped under a name with a blank: its note gives the line that runs it, typed then;
// a quiz under a name ending in a line break: refused (no line typed at the prompt holds one)
report.scriptNote = await noted(() => drop('my script.txt', SCRIPT));
report.newlineNote = await noted(() => drop('q.txt\n', quiz));
await page.click('#terminal');
const beforeRefused = (await transcript()).length;
await type('stpe');
await type('load-quiz puzzles/norvig_easy50.txt');
report.afterRefused = (await transcript()).slice(beforeRefused);
const beforeScript = (await transcript()).length;
await type(SCRIPT_LINE);
report.scriptRan = (await transcript()).slice(beforeScript);
report.statusAfterRefused = await page.locator('#status').textContent();

// 5. a quiz from the address (a link to share)
await open(`${origin}/index.html?quiz=${quiz}`);
report.linked = await transcript();
await type('show');
report.linkedShow = await transcript();

// 6. a reload: the shell starts again, the history is kept (Up brings the last line back)
await page.reload();
await page.waitForFunction(() => window.sudokuRepl !== undefined, null, { timeout: LONG });
await page.evaluate(() => window.sudokuRepl.ready);
await page.click('#terminal');
const beforeUp = (await transcript()).length;
await page.keyboard.press('ArrowUp');
await page.keyboard.press('Enter');
await page.waitForFunction((n) => window.sudokuRepl.prompting() && window.sudokuRepl.transcript().length > n, beforeUp, { timeout: LONG, polling: 50 });
report.reloaded = (await transcript()).slice(beforeUp);

// 7. the Board's picture of Sudoku Explainer's next step at step 10 of the seed's record (a
// contradiction forcing chain: seconds of the pure engine), `export svg` typed meanwhile
await type('load-quiz examples/seed.txt');
await type('runrun 0');
await type('goto 10');
report.picture = await picture();

// 7b. the page's policy in force: an inline script put in the page does not run (the browser
// says so: after the violations seen so far are taken)
report.cspBefore = [...csp];
report.injected = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injectedRan = true;';
    document.body.append(script);
    return window.injectedRan === true;
});

await context.close();

// 8. not cross-origin isolated (a browser without service workers, as some private windows are):
// the shell runs on messages, and the page says what Ctrl-C cannot do there
const plain = await chromium.launchPersistentContext(`${profiles}/plain`, {
    executablePath, args: FLAGS, headless: true, viewport: { width: 1400, height: 900 },
});
await plain.addInitScript(() => Object.defineProperty(Navigator.prototype, 'serviceWorker', { get: () => undefined }));
plain.on('request', record);
page = plain.pages()[0] || (await plain.newPage());
watch(page);
await open(`${origin}/index.html`, false);
report.plainStatus = await page.locator('#status').textContent();
report.plainScriptNote = await noted(() => drop('my script.txt', SCRIPT));
await page.click('#terminal');
await type('step');
await page.keyboard.type('ru');
await page.keyboard.press('Tab');
await type('til 3');
report.plain = await transcript();
report.plainPicture = await picture();

// 9. pages whose C modules do not load: each runs the pure engine and says why, once
// (its welcome), `hint se` (which says the pure build's line where nothing said it) after
report.fallback = {};
for (const folder of fallbacks) {
    await open(`${origin}/${folder}/index.html`, false);
    await type('hint se');
    report.fallback[folder] = { transcript: await transcript(), status: await page.locator('#status').textContent() };
}
await plain.close();
process.stdout.write(JSON.stringify(report));
