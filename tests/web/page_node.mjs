// The built page's shell in Node (tests/web/test_page_node.py): the page's own worker
// (OUT/worker.mjs: Pyodide, the wheels, the shell) in a Node worker thread, driven by the page's
// own client (OUT/shell_client.mjs) as the terminal drives it: each input sent when the shell
// waits at a prompt (a command's or the guess question's). Prints, as JSON, each session's
// transcript (what the page's window.sudokuRepl.transcript() returns), the pictures the shell
// drew for the Board, the times it said it waits at a prompt, the files asked for, and the
// builds the shell said it runs (its `build` message: the core's, the explainer's, difficulty's),
// and how many messages the worker posted (none where it has shared memory, as Node's worker
// has: it says everything on its channel to the page).
//
//   node tests/web/page_node.mjs OUT SESSIONS.json
//   SESSIONS.json: [{"quiz": null or "<81 or 729 characters>", "inputs": ["step", ...]}, ...]
//   an input is a line, or: {"picture": true} the Board's folded line opened (sent at once: the
//   next line goes while the shell draws), {"awaitPicture": true} waits for the picture,
//   {"get": NAME} a file of the page's folder asked for (and waited for), {"put": NAME, "text":
//   TEXT} a file put in the page's folder (as the page puts one chosen or dropped) and its answer
//   waited for: the note the page says of it (`notes`), {"interrupt": LINE} a line typed, then
//   Ctrl-C once the command shows its progress line (it works: Pyodide's interrupt buffer)
import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const [out, sessionsFile] = process.argv.slice(2);
const { ShellClient, putNote } = await import(pathToFileURL(join(out, 'shell_client.mjs')).href);
const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
const sessions = JSON.parse(readFileSync(sessionsFile, 'utf8'));
const WIDTH = 200; // (a wide terminal: no line of these sessions is wrapped)

async function run({ quiz, inputs }) {
    const worker = new Worker(new URL('./node_worker.mjs', import.meta.url), {
        workerData: { out },
        execArgv: ['--import', new URL('./node_hooks.mjs', import.meta.url).href],
    });
    const ended = new Promise((resolve) => worker.on('exit', resolve));
    let failed = null;
    let fail;
    // (the shell's end on an error: whatever the session waits for then never comes)
    const failure = new Promise((resolve, reject) => { fail = reject; });
    failure.catch(() => {});
    const or = (promise) => Promise.race([promise, failure]);
    const pictures = [];
    const files = {};
    let readings = 0;
    const notes = [];
    let builds = null;
    let progressed = 0; // (the progress line's writes: a command works)
    let posted = 0;
    let heard = () => {};
    const client = new ShellClient({
        post: (message) => worker.postMessage(message),
        listen: (handler) => worker.on('message', (message) => { posted += 1; handler(message); }),
    }, {
        failed: (message) => { failed = message.text; fail(new Error(`the shell ended: ${failed}`)); },
        picture: ({ body }) => { pictures.push(JSON.parse(body)); heard(); },
        reading: () => { readings += 1; },
        file: ({ name, bytes }) => { files[name] = Buffer.from(bytes).toString('utf8'); heard(); },
        put: (message) => { notes.push(putNote(message)); heard(); },
        build: ({ body }) => { builds = JSON.parse(body).builds; },
        err: () => { progressed += 1; heard(); },
    });
    const until = (done) => new Promise((resolve) => {
        heard = () => { if (done()) resolve(); };
        heard();
    });
    client.start({ base: pathToFileURL(`${out}/`).href, quiz, width: WIDTH, manifest });
    await client.ready;
    for (const input of inputs) {
        await or(client.prompted());
        if (typeof input === 'string') await or(client.line(input, WIDTH));
        else if (input.picture !== undefined) client.picture(input.picture, WIDTH);
        else if (input.awaitPicture) await or(until(() => pictures.length > 0));
        else if (input.interrupt !== undefined) {
            const before = progressed;
            await or(client.line(input.interrupt, WIDTH));
            await or(until(() => progressed > before));
            client.interruptKey(WIDTH);
        }
        else if (input.put !== undefined) {
            const before = notes.length;
            client.put(input.put, new TextEncoder().encode(input.text));
            await or(until(() => notes.length > before));
        } else if (input.get) {
            client.get(input.get);
            await or(until(() => input.get in files));
        }
    }
    await Promise.race([client.prompted(), new Promise((resolve) => {
        const check = setInterval(() => { if (client.ended || failed) { clearInterval(check); resolve(); } }, 20);
    })]);
    await worker.terminate();
    await ended;
    if (failed) throw new Error(failed);
    return { transcript: client.transcript(), pictures, readings, files, notes, builds, posted };
}

const seen = [];
for (const session of sessions) seen.push(await run(session));
process.stdout.write(JSON.stringify(seen));
