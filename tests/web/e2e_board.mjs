// The Board beside the web page's terminal in Debian's chromium (tests/web/test_page_browser.py
// runs it, .ci/e2e-web): playwright-core (web/package-lock.json), never a downloaded browser.
// A person's look at the Board at 1400x900, then on a phone (390x844): its grid (screenshots of
// the Board, in the light scheme and the dark one), its Content-Security-Policy (the one the
// browser enforced, the violations it reported), a click on a cell and then a line typed (the
// keys go to the shell), the step counter over a `goto` back and a `load-quiz` (with the shell's
// `info search` beside it), the picture of Sudoku Explainer's next step opened (its size,
// what covers it), and the list of every step Sudoku Explainer offers opened on QUIZ loaded,
// then kept open over a step (its summary and lines, each time). Prints a JSON report; the
// screenshots go to OUT.
//
//   node tests/web/e2e_board.mjs ORIGIN CHROMIUM PROFILE OUT QUIZ
import { writeFileSync } from 'node:fs';
import { FLAGS, LONG, chromium, typed } from './e2e_typing.mjs';

const [origin, executablePath, profile, out, quiz] = process.argv.slice(2);

const context = await chromium.launchPersistentContext(profile, {
    executablePath, args: FLAGS, headless: true, viewport: { width: 1400, height: 900 }, serviceWorkers: 'allow',
});
// every frame records the policy violations its browser reports
await context.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
});
const errors = [];
const report = { errors };
const page = context.pages()[0] || (await context.newPage());
page.on('pageerror', (error) => errors.push(String(error)));
const board = page.frameLocator('#board');
const boardFrame = () => page.frame({ url: /\/board\/index\.html$/ });

/** A line typed where the keys go and Enter; waits for the next prompt; what it printed. */
const type = (line) => typed(page, line, LONG);

/** The Board's drawing at step `step` (its caption), after the frames that draw it. */
async function boardAt(step) {
    await page.waitForFunction(
        (s) => new RegExp(`^Step ${s}\\b`).test(document.querySelector('#board').contentDocument.getElementById('caption').textContent),
        step, { timeout: LONG, polling: 50 },
    );
    await frames();
}

/** Two frames of the Board's page drawn (a media change, a resize: its layout done). */
const frames = () => boardFrame().evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

const shot = async (name) => {
    writeFileSync(`${out}/${name}.png`, await board.locator('#board').screenshot({ animations: 'disabled' }));
};

/** The picture of Sudoku Explainer's next step opened from the Board: its caption, its box,
 * the Board's page's size, and whether its centre is the picture (nothing over it). */
async function picture(name) {
    await board.locator('#sestep summary').click();
    await page.waitForFunction(() => {
        const summary = document.querySelector('#board').contentDocument.querySelector('#sestep summary');
        return / from step \d+: (?!searching)/.test(summary.textContent);
    }, null, { timeout: LONG, polling: 100 });
    await frames();
    await page.screenshot({ path: `${out}/${name}.png` });
    const seen = await boardFrame().evaluate(() => {
        const svg = document.querySelector('#sestep svg');
        const box = svg.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return {
            caption: document.querySelector('#sestep summary').textContent,
            width: box.width, height: box.height,
            inside: { width: document.documentElement.clientWidth, height: window.innerHeight },
            onTop: Boolean(top && svg.contains(top)),
        };
    });
    await board.locator('#sestep summary').click(); // (closed again)
    return seen;
}

/** The Board's list of every step Sudoku Explainer offers at `step` once it has them (its
 * summary no longer searching): the summary and the list's lines. */
async function stepsAt(step) {
    await page.waitForFunction((s) => {
        const summary = document.querySelector('#board').contentDocument.querySelector('#sesteps summary');
        return new RegExp(`at step ${s}: (?!searching)`).test(summary.textContent);
    }, step, { timeout: LONG, polling: 100 });
    await page.waitForFunction(() => window.sudokuRepl.prompting(), null, { timeout: LONG, polling: 50 });
    return boardFrame().evaluate(() => ({
        summary: document.querySelector('#sesteps summary').textContent,
        lines: [...document.querySelectorAll('#sesteps li')].map((li) => li.textContent),
    }));
}

await page.goto(`${origin}/index.html`);
await page.waitForFunction(() => window.sudokuRepl !== undefined && window.crossOriginIsolated === true, null, { timeout: LONG });
await page.evaluate(() => window.sudokuRepl.ready);
await page.click('#terminal');

// the seed at step 3: candidates in every empty cell, one value set by the step
for (const line of ['step', 'step', 'step']) await type(line);
await boardAt(3);
await shot('grid-light-1400');
await page.emulateMedia({ colorScheme: 'dark' });
await frames();
await shot('grid-dark-1400');
await page.emulateMedia({ colorScheme: 'light' });
await frames();

// the policy the Board's page runs by, its scripts, and what the browser refused there
report.policy = await boardFrame().evaluate(() => ({
    meta: document.querySelector('meta[http-equiv="Content-Security-Policy"]').content,
    scripts: [...document.scripts].map((s) => ({ src: s.getAttribute('src'), nonce: s.hasAttribute('nonce'), inline: s.text.trim() !== '' })),
    violations: window.violations,
}));

// the picture of Sudoku Explainer's next step at step 3
report.picture = await picture('picture-1400');

// a click on a cell: `why` at the prompt, in the popover; then a line typed goes to the shell
await board.locator('.cell[data-name="[1,1]"]').click();
await board.locator('#popover .line').first().waitFor({ timeout: LONG });
report.afterClick = await type('step');
await page.click('#terminal'); // (the next checks wherever the keys went)

// the step counter: a goto back in the record, then another quiz loaded and a step taken
const where = async () => board.locator('#where').textContent();
const counter = [];
for (const [line, step] of [['goto 12', 12], ['goto 5', 5], ['load-quiz puzzles/norvig_easy50.txt', 0], ['step', 1]]) {
    await type(line);
    await boardAt(step);
    counter.push({ line, where: await where(), info: await type('info search') });
}
report.counter = counter;

// every step Sudoku Explainer offers: the list opened on a quiz loaded, then a step taken with
// it open (it lists the new step's)
await type(`load-quiz ${quiz}`);
await boardAt(0);
await board.locator('#sesteps summary').click();
const listed = [await stepsAt(0)];
await page.click('#terminal');
await type('step');
await boardAt(1);
listed.push(await stepsAt(1));
await board.locator('#sesteps summary').click(); // (closed again)
await page.click('#terminal');
report.steps = listed;

// on a phone: the grid, and the picture
await page.setViewportSize({ width: 390, height: 844 });
await frames();
await shot('grid-light-390');
report.phonePicture = await picture('picture-390');
await context.close();
process.stdout.write(JSON.stringify(report));
