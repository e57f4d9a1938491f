// bench_web.py's browser half: Debian's chromium (playwright-core, web/package-lock.json) opens the
// served page twice in one profile, cold (the service worker set up, the page reloaded once) and
// again (its caches warm), and times the navigation to the first prompt, with the start's phases
// (window.sudokuRepl.timings()); then, in the second visit, each command given, from Enter to the
// next prompt (the page's own clock: its window.sudokuRepl.took()). Prints JSON.
//
//   node benchmarks/bench_web.mjs ORIGIN CHROMIUM PROFILE COMMANDS.json
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../web/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const [origin, executablePath, profile, commandsFile] = process.argv.slice(2);
const { commands, timed } = JSON.parse(readFileSync(commandsFile, 'utf8'));
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
async function firstPrompt(page) {
    const start = Date.now();
    await page.goto(`${origin}/index.html`);
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
await page.click('#terminal');
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
const transcript = await page.evaluate(() => window.sudokuRepl.transcript());
await context.close();
process.stdout.write(JSON.stringify({ cold, second, phases: { cold: coldPhases, second: secondPhases }, seconds, transcript }));
