// bench_web.py's browser half: Debian's chromium (playwright-core, web/package-lock.json) opens the
// served page twice in one profile, cold (the service worker set up, the page reloaded once) and
// again (its caches warm), and times the navigation to the first prompt, with the start's phases
// (window.sudokuRepl.timings()); then each run's commands, each from Enter to the next prompt (the
// page's own clock: its window.sudokuRepl.took()): the first run's in the second visit, each
// other's in the page at its `path` (a page beside it: the same files, its own manifest, e.g. one
// naming no C module: the pure engine), in its own second visit, also timed (`seconds`: the
// first prompt of each run's page on a second visit). Each run's first line is typed once the
// shell's idle warm-up is done (window.sudokuRepl.warm(): its runs at the prompt, a few tenths
// of a second, the time a person takes to read the prompt), or at once with AT_ONCE `at-once`.
// Prints JSON.
//
//   node benchmarks/bench_web.mjs ORIGIN CHROMIUM PROFILE RUNS.json [AT_ONCE]
//   RUNS.json: [{"name", "path" ("" or "FOLDER/"), "commands": [LINE...], "timed": {LINE: GROUP}}]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../web/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const [origin, executablePath, profile, runsFile, atOnce] = process.argv.slice(2);
const runs = JSON.parse(readFileSync(runsFile, 'utf8'));
const FLAGS = [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run',
];
const LONG = 1800000;
const context = await chromium.launchPersistentContext(profile, {
    executablePath, args: FLAGS, headless: true, viewport: { width: 1400, height: 900 },
});

/** Seconds from the navigation to the first prompt, and the start's phases (the page's
 * window.sudokuRepl.timings(): seconds from the page's own navigation to each phase's end). */
async function firstPrompt(page, path = '') {
    const start = Date.now();
    await page.goto(`${origin}/${path}index.html`);
    await page.waitForFunction(() => window.sudokuRepl !== undefined && window.crossOriginIsolated, null, { timeout: LONG });
    await page.evaluate(() => window.sudokuRepl.ready);
    const seconds = (Date.now() - start) / 1000;
    return [seconds, await page.evaluate(() => window.sudokuRepl.timings())];
}

const first = await context.newPage();
const [cold, coldPhases] = await firstPrompt(first);
await first.close();
const page = await context.newPage();
const [second, secondPhases] = await firstPrompt(page);

/** The `commands` typed on `page`: the seconds of each group of `timed`, and the transcript. */
async function timedRun(page, commands, timed) {
    await page.click('#terminal');
    if (atOnce !== 'at-once') await page.waitForFunction(() => window.sudokuRepl.warm(), null, { timeout: LONG });
    const seconds = {};
    for (const line of commands) {
        const before = await page.evaluate(() => window.sudokuRepl.transcript().length);
        await page.keyboard.type(line);
        await page.keyboard.press('Enter');
        await page.waitForFunction(
            (n) => window.sudokuRepl.prompting() && window.sudokuRepl.transcript().length > n,
            before, { timeout: LONG, polling: 20 },
        );
        const took = await page.evaluate(() => window.sudokuRepl.took());
        const group = timed[line];
        if (group) seconds[group] = (seconds[group] || 0) + took;
    }
    return { seconds, transcript: await page.evaluate(() => window.sudokuRepl.transcript()) };
}

const measured = {};
const seconds = {};
let runPage = page; // (the first run's: the second visit's page)
for (const { name, path, commands, timed } of runs) {
    if (runPage === null) {
        const first = await context.newPage();
        await firstPrompt(first, path);
        await first.close();
        runPage = await context.newPage();
        [seconds[name]] = await firstPrompt(runPage, path);
    } else seconds[name] = second;
    measured[name] = await timedRun(runPage, commands, timed);
    await runPage.close();
    runPage = null;
}
await context.close();
process.stdout.write(JSON.stringify({ cold, second, phases: { cold: coldPhases, second: secondPhases }, runs: measured, seconds }));
