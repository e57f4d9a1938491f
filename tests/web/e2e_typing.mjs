// What the web page's end-to-end scripts (e2e_page.mjs, e2e_board.mjs) share: a line typed where
// the keys go, Enter, and the wait for the next prompt (a command's or the guess question's).

/** `line` typed on `page` and Enter; waits (at most `timeout` ms) for the next prompt; returns
 * what the transcript gained (the line, then what it printed). */
export async function typed(page, line, timeout) {
    const transcript = () => page.evaluate(() => window.sudokuRepl.transcript());
    const before = (await transcript()).length;
    await page.keyboard.type(line);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
        (n) => window.sudokuRepl.prompting() && window.sudokuRepl.transcript().length > n,
        before, { timeout, polling: 50 },
    );
    return (await transcript()).slice(before);
}
