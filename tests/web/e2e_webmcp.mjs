// The page's WebMCP tools (issue 75 item 3; tests/web/test_page_browser.py runs it, .ci/e2e-web),
// in Debian's chromium driven by playwright-core (never a downloaded browser). A page given a
// stand-in `navigator.modelContext` (an init script: it records what is registered) registers
// the tools; two are called through it (`check_move` of a wrong move, `step 2`) and a third with
// a cell out of the grid; then a line typed at the prompt. A page without it: nothing registered,
// no console error. Prints a JSON report; the Python test asserts on it.
//
//   node tests/web/e2e_webmcp.mjs ORIGIN CHROMIUM PROFILE
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../web/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const [origin, executablePath, profile] = process.argv.slice(2);
const FLAGS = [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run',
];
const LONG = Number(process.env.SUDOKU_REPL_E2E_TIMEOUT_MS || 600000); // ms: a busy CI's browser

const context = await chromium.launchPersistentContext(profile, {
    executablePath, args: FLAGS, headless: true, serviceWorkers: 'allow',
});

/** A page of the site, opened and at its first prompt; its console's errors and the page's. */
async function opened(page) {
    const errors = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${origin}/index.html`);
    await page.waitForFunction(() => window.sudokuRepl !== undefined && window.crossOriginIsolated, null, { timeout: LONG });
    await page.evaluate(() => window.sudokuRepl.ready);
    return errors;
}

const report = {};
const page = context.pages()[0] || (await context.newPage());
await page.addInitScript(() => {
    // the stand-in: registerTool records each tool (its execute kept, to call it)
    const registered = [];
    window.registeredTools = registered;
    Object.defineProperty(Navigator.prototype, 'modelContext', {
        configurable: true,
        get: () => ({ registerTool: (tool) => registered.push(tool) }),
    });
});
report.errors = await opened(page);
await page.waitForFunction(() => window.registeredTools.length > 0, null, { timeout: LONG });
report.tools = await page.evaluate(() =>
    window.registeredTools.map(({ name, description, inputSchema, execute }) =>
        ({ name, description, inputSchema, execute: typeof execute })),
);
const call = (name, args) =>
    page.evaluate(([n, a]) => window.registeredTools.find((t) => t.name === n).execute(a), [name, args]);
const before = (await page.evaluate(() => window.sudokuRepl.transcript())).length;
report.wrong = await call('check_move', { move: 'r2c5=4' });
report.step = await call('step', { count: 2 });
report.outside = await call('check_move', { move: 'r10c1=5' });
await page.locator('#terminal').click();
await page.keyboard.type('levels');
await page.keyboard.press('Enter');
await page.waitForFunction(
    (n) => window.sudokuRepl.prompting() && window.sudokuRepl.transcript().slice(n).includes('levels\n'),
    before, { timeout: LONG, polling: 50 },
);
await page.waitForFunction(() => window.sudokuRepl.prompting(), null, { timeout: LONG, polling: 50 });
report.terminal = (await page.evaluate(() => window.sudokuRepl.transcript())).slice(before);
report.caption = await page.frameLocator('#board').locator('#caption').textContent().catch(() => null);

// a page without WebMCP: nothing asked for, nothing registered, no error
const plain = await context.newPage();
report.plainErrors = await opened(plain);
report.plainHasContext = await plain.evaluate(() => 'modelContext' in navigator || 'registeredTools' in window);
await context.close();
process.stdout.write(JSON.stringify(report));
