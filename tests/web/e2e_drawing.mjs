// What the web page's terminal draws (tests/web/test_page_browser.py runs it; .ci/e2e-web), in
// Debian's chromium driven by playwright-core (never a downloaded browser), at 1400x900 and
// device scale 1: commands typed at a person's pace (a key every DELAY ms), a click on a Board
// cell among them (its `why` typed at the prompt for it), each line drawn where its prompt left
// the cursor (the terminal's rows, `window.sudokuRepl.screen()`); then a line of underscores
// typed at the prompt and a screenshot of its row (an underscore is drawn under its text, where
// a row too short for the font cuts it off). Prints a JSON report; the screenshot goes to OUT.
//
//   node tests/web/e2e_drawing.mjs ORIGIN CHROMIUM PROFILE OUT LINES.json
import { readFileSync, writeFileSync } from 'node:fs';
import { FLAGS, LONG, after, chromium, screenAtPrompt } from './e2e_typing.mjs';

const [origin, executablePath, profile, out, given] = process.argv.slice(2);
const { lines, underscores } = JSON.parse(readFileSync(given, 'utf8'));
// ms between two keys: a person typing briskly
const DELAY = 60;

const context = await chromium.launchPersistentContext(profile, {
    executablePath, args: FLAGS, headless: true, serviceWorkers: 'allow',
    viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1,
});
const errors = [];
const page = context.pages()[0] || (await context.newPage());
page.on('pageerror', (error) => errors.push(String(error)));
await page.goto(`${origin}/index.html`);
await page.waitForFunction(() => window.sudokuRepl !== undefined && window.crossOriginIsolated, null, { timeout: LONG });
await page.evaluate(() => window.sudokuRepl.ready);
await page.click('#terminal');

/** `line` typed key by key at a person's pace, and Enter; once the next prompt is there. */
const typeSlowly = (line) => after(page, async () => {
    await page.keyboard.type(line, { delay: DELAY });
    await page.keyboard.press('Enter');
}, LONG);

for (const line of lines) {
    if (line === null) {
        // a click on a Board cell: `why [1,1]` typed at the prompt; then the keys go back to the terminal
        await after(page, () => page.frameLocator('#board').locator('.cell[data-name="[1,1]"]').click(), LONG);
        continue;
    }
    await typeSlowly(line);
}
const screen = await screenAtPrompt(page, LONG);

// the underscores typed at the prompt (not sent): their row on the screen and its cells' size
await page.keyboard.type(underscores, { delay: DELAY });
await page.waitForFunction((text) => window.sudokuRepl.screen().some((row) => row.endsWith(text)), underscores, { timeout: LONG, polling: 50 });
await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const row = await page.evaluate((text) => {
    const screen = document.querySelector('#terminal .xterm-screen').getBoundingClientRect();
    const rows = [...document.querySelectorAll('#terminal .xterm-rows > div')];
    const drawn = rows.find((r) => r.textContent.replace(/\u00a0/g, ' ').trimEnd().endsWith(text));
    const box = drawn.getBoundingClientRect();
    return {
        text: drawn.textContent.replace(/\u00a0/g, ' ').trimEnd(),
        x: screen.left, y: box.top, width: screen.width, height: box.height,
        cell: screen.width / window.sudokuRepl.columns(),
    };
}, underscores);
writeFileSync(`${out}/underscores.png`, await page.screenshot({
    clip: { x: row.x, y: row.y, width: row.width, height: row.height }, animations: 'disabled', caret: 'initial',
}));
await context.close();
process.stdout.write(JSON.stringify({ lines, screen, row, errors }));
