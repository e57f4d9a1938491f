// The page's WebMCP tools (tests/web/test_page_browser.py runs it, .ci/e2e-web),
// in Debian's chromium driven by playwright-core (never a downloaded browser). Three ways a page
// is offered WebMCP, each visited: the browser's own API (Chromium launched with
// `--enable-features=WebMCP`: `document.modelContext`, the tools listed and called by
// playwright's `page.webmcp`, as an assistant would), and two stand-ins in a browser without it
// (an init script: it records what is registered), `document.modelContext` (its registerTool
// taking options and answering a promise, a `navigator.modelContext` beside it never to be used)
// and `navigator.modelContext` alone (the API's place before). Each registers the tools; two are
// called (`check_move` of a wrong move, `step 2`) and a third with a cell out of the grid; then a
// line typed at the prompt. A page without WebMCP: nothing registered, no console error. Prints a
// JSON report; the Python test asserts on it.
//
//   node tests/web/e2e_webmcp.mjs ORIGIN CHROMIUM PROFILES
import path from 'node:path';
import { FLAGS, LONG, chromium } from './e2e_typing.mjs';

const [origin, executablePath, profiles] = process.argv.slice(2);

const launched = (name, args) => chromium.launchPersistentContext(path.join(profiles, name), {
    executablePath, args: [...FLAGS, ...args], headless: true, serviceWorkers: 'allow',
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

/** The three calls through `call`, then `levels` typed: what each call answered, the terminal's
 * lines since the first call, the Board's caption. */
async function session(page, call) {
    const report = {};
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
    return report;
}

/** The stand-ins: registerTool records each tool (its execute kept, to call it). */
function standIn(where) {
    const registered = [];
    window.registeredTools = registered;
    window.elsewhere = [];
    const navigatorOne = { registerTool: (tool) => (where === 'navigator' ? registered : window.elsewhere).push(tool) };
    Object.defineProperty(Navigator.prototype, 'modelContext', { configurable: true, get: () => navigatorOne });
    if (where === 'document') {
        const documentOne = {
            registerTool: (tool, _options) => {
                registered.push(tool);
                return Promise.resolve();
            },
        };
        Object.defineProperty(Document.prototype, 'modelContext', { configurable: true, get: () => documentOne });
    }
}

const report = {};
const plainBrowser = await launched('plain', []);
for (const where of ['document', 'navigator']) {
    const page = await plainBrowser.newPage();
    await page.addInitScript(standIn, where);
    const errors = await opened(page);
    // (the worker's list comes before the first prompt, each tool registered as it comes)
    const tools = await page.evaluate(() =>
        window.registeredTools.map(({ name, description, inputSchema, execute }) =>
            ({ name, description, inputSchema, execute: typeof execute })),
    );
    const elsewhere = await page.evaluate(() => window.elsewhere.length);
    const call = (name, args) =>
        page.evaluate(([n, a]) => window.registeredTools.find((t) => t.name === n).execute(a), [name, args]);
    // (none registered: no call, the test says what is missing)
    report[where] = { errors, tools, elsewhere, ...(tools.length ? await session(page, call) : {}) };
    await page.close();
}
// a page without WebMCP: nothing asked for, nothing registered, no error
const plain = await plainBrowser.newPage();
report.plain = { errors: await opened(plain) };
report.plain.hasContext = await plain.evaluate(
    () => 'modelContext' in navigator || 'modelContext' in document || 'registeredTools' in window,
);
await plainBrowser.close();

// the browser's own WebMCP, the tools as the browser lists and calls them; its old place,
// `navigator.modelContext` (Chromium 150 keeps it beside `document`'s), taken away as Chromium
// 152 has (the only init script: nothing else of the API stands in)
const browser = await launched('webmcp', ['--enable-features=WebMCP']);
const page = browser.pages()[0] || (await browser.newPage());
await page.addInitScript(() => delete Navigator.prototype.modelContext);
const errors = await opened(page);
const api = await page.evaluate(() => ({
    document: Object.prototype.toString.call(document.modelContext),
    native: String(document.modelContext.registerTool).includes('[native code]'),
    navigator: 'modelContext' in navigator,
}));
const tools = await page.webmcp.tools();
const call = (name, args) => page.webmcp.callTool(name, args);
report.real = { errors, api, tools, ...(tools.length ? await session(page, call) : {}) };
await browser.close();
process.stdout.write(JSON.stringify(report));
