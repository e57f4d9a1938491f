// What the web page's end-to-end scripts (e2e_page.mjs, e2e_board.mjs, e2e_phone.mjs, e2e_drawing.mjs,
// e2e_webmcp.mjs) share: playwright-core (web/package.json's, never a downloaded browser), the
// flags Debian's chromium is started with, the longest wait, and a line typed where the keys go,
// Enter, and the wait for the next prompt (a command's or the guess question's); a long command
// stopped by a Ctrl-C (pressed or tapped) once it shows its progress line; the terminal's rows
// once it has drawn a prompt.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../web/package.json', import.meta.url));
export const { chromium } = require('playwright-core');

export const FLAGS = [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run',
];
// ms: a safety net for a busy CI's browser (the pure engine), not a pace
export const LONG = Number(process.env.SUDOKU_REPL_E2E_TIMEOUT_MS || 600000);

/** What the transcript of `page` gained after `act()`, once the shell waits at a prompt again
 * (at most `timeout` ms). */
export async function after(page, act, timeout) {
    const transcript = () => page.evaluate(() => window.sudokuRepl.transcript());
    const before = (await transcript()).length;
    await act();
    await page.waitForFunction(
        (n) => window.sudokuRepl.prompting() && window.sudokuRepl.transcript().length > n,
        before, { timeout, polling: 50 },
    );
    return (await transcript()).slice(before);
}

/** `line` typed on `page` and Enter; what the transcript gained (the line, then what it
 * printed), once the next prompt is there. */
export async function typed(page, line, timeout) {
    return after(page, async () => {
        await page.keyboard.type(line);
        await page.keyboard.press('Enter');
    }, timeout);
}

/** `line` typed on `page` and Enter, then `stop()` (Ctrl-C pressed, or the touch key tapped) once
 * the command shows its progress line (`N steps, T s (Ctrl-C stops)`: it works): that line, and
 * what the transcript gained from the stop to the next prompt. */
export async function interrupted(page, line, stop, timeout) {
    await page.keyboard.type(line);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.sudokuRepl.progress().includes('Ctrl-C stops'), null, { timeout, polling: 50 });
    const progress = await page.evaluate(() => window.sudokuRepl.progress());
    return { progress, stopped: await after(page, stop, timeout) };
}

/** The terminal's rows (`window.sudokuRepl.screen()`) once it has drawn the prompt the shell
 * waits at (the terminal draws what it is given a moment later) as its last line. */
export async function screenAtPrompt(page, timeout) {
    await page.waitForFunction(() => {
        const rows = window.sudokuRepl.screen().filter((row) => row);
        return window.sudokuRepl.prompting() && rows[rows.length - 1] === 'Order please:';
    }, null, { timeout, polling: 50 });
    return page.evaluate(() => window.sudokuRepl.screen());
}
