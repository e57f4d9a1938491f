// The page's worker (OUT/worker.mjs) in a Node worker thread: what a browser's worker has and
// Node's has not (self, postMessage, onmessage's events, fetch of the page's files) stood in for.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

globalThis.self = globalThis;
globalThis.postMessage = (message, transfer) => parentPort.postMessage(message, transfer);
const networkFetch = globalThis.fetch;
globalThis.fetch = async (url) => {
    if (!String(url).startsWith('file:')) return networkFetch(url);
    return new Response(await readFile(fileURLToPath(String(url))));
};
await import(pathToFileURL(join(workerData.out, 'worker.mjs')).href);
parentPort.on('message', (data) => self.onmessage({ data }));
