// The web page on a phone (tests/web/test_page_browser.py runs it; .ci/e2e-web), in Debian's
// chromium driven by playwright-core (never a downloaded browser): 390x844, touch. The layout's
// boxes (the terminal, the keys a touch keyboard lacks, the Board and its legend), then a
// `runrun 0` that would run for ever (a quiz of one given: it prints every sudoku grid in turn)
// stopped with the page's Ctrl-C key tapped, and at the prompt Up tapped (the line back) and
// Ctrl-C tapped again (the line dropped); then a long rating in the C core (LONG_RATED's
// `difficulty --measures se`) stopped by the key tapped, and the terminal's rows then. Prints a
// JSON report; the Python test asserts on it.
//
//   node tests/web/e2e_phone.mjs ORIGIN CHROMIUM PROFILE LONG_RATED
import { FLAGS, LONG, after, chromium, interrupted, screenAtPrompt, typed } from './e2e_typing.mjs';

const [origin, executablePath, profile, longRated] = process.argv.slice(2);

const context = await chromium.launchPersistentContext(profile, {
    executablePath, args: FLAGS, headless: true, serviceWorkers: 'allow',
    viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2,
});
const requests = [];
const errors = [];
const page = context.pages()[0] || (await context.newPage());
context.on('request', (request) => requests.push(request.url()));
page.on('worker', (worker) => worker.on('request', (request) => requests.push(request.url())));
page.on('pageerror', (error) => errors.push(String(error)));

const tap = (key) => page.tap(`#keys button[data-key="${key}"]`);

await page.goto(`${origin}/index.html?quiz=1${'.'.repeat(80)}`);
await page.waitForFunction(() => window.sudokuRepl !== undefined && window.crossOriginIsolated, null, { timeout: LONG });
await page.evaluate(() => window.sudokuRepl.ready);
await page.frameLocator('#board').locator('#legend').waitFor({ timeout: LONG }); // (the Board drawn)
const report = await page.evaluate(() => {
    const box = (e) => e.getBoundingClientRect().toJSON();
    const board = document.querySelector('#board');
    return {
        columns: window.sudokuRepl.columns(),
        viewport: [window.innerWidth, window.innerHeight],
        terminal: box(document.querySelector('#terminal')),
        keys: [...document.querySelectorAll('#keys button')].map((b) => ({ key: b.dataset.key, ...box(b) })),
        board: box(board),
        boardRoom: board.contentWindow.innerHeight,
        legend: box(board.contentDocument.querySelector('#legend')),
        cell: box(board.contentDocument.querySelector('.cell')),
    };
});
await page.tap('#terminal');
await typed(page, 'set trace off', LONG);
const beforeRun = (await page.evaluate(() => window.sudokuRepl.transcript())).length;
await page.keyboard.type('runrun 0');
await page.keyboard.press('Enter');
// (under way: it prints each solution it finds, and finds them for ever)
await page.waitForFunction((n) => window.sudokuRepl.transcript().indexOf('Fine [steps:', n) > 0, beforeRun, { timeout: LONG, polling: 50 });
report.stopped = await after(page, () => tap('ctrl-c'), LONG);
report.dropped = await after(page, async () => {
    await tap('up');
    await tap('ctrl-c'); // (at the prompt: the line brought back is dropped)
}, LONG);
await typed(page, `load-quiz ${longRated}`, LONG);
report.cStopped = await interrupted(page, 'difficulty --measures se', () => tap('ctrl-c'), LONG);
// the terminal's rows as drawn then (a progress line wider than the terminal would leave rows)
report.screen = await screenAtPrompt(page, LONG);
await context.close();
process.stdout.write(JSON.stringify({ ...report, requests, errors }));
