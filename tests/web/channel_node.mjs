// The page's channels (web/channel.mjs) in Node, both ways (tests/web/test_channel.py): the
// messages of MESSAGES.json go from the main thread (the page's end, its Sender) to a worker
// thread (the worker's end, its Receiver), which sends each back as it takes it (its
// QueueWriter); the main thread's Listener hears them. Prints, as JSON, what it heard, in
// order: each message as read back, a file's bytes as their length and SHA-256.
//
//   node tests/web/channel_node.mjs MESSAGES.json
//   MESSAGES.json: [{"type": "out", "text": "..."}, {"type": "file", "name": N, "size": S}, ...]
//   a file's bytes are S bytes, byte i being i % 251
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
    Listener, QueueWriter, Receiver, Sender, makeChannel, posted, readPosted,
} from '../../web/channel.mjs';

if (isMainThread) {
    const messages = JSON.parse(readFileSync(process.argv[2], 'utf8'));
    const toWorker = makeChannel();
    const toPage = makeChannel();
    const worker = new Worker(new URL(import.meta.url), { workerData: { toWorker, toPage, count: messages.length } });
    const heard = [];
    const done = new Promise((resolve) => {
        new Listener(toPage).listen((message) => {
            const read = readPosted(message);
            if (read.bytes instanceof Uint8Array) {
                read.bytes = { size: read.bytes.length, sha256: createHash('sha256').update(read.bytes).digest('hex') };
            }
            heard.push(read);
            if (heard.length === messages.length) resolve();
        });
    });
    const sender = new Sender(toWorker);
    for (const message of messages) {
        if (message.size === undefined) {
            const { kind, bytes } = posted(message);
            sender.send(kind, bytes);
        } else {
            const { size, ...head } = message;
            const bytes = Uint8Array.from({ length: size }, (_, i) => i % 251);
            const { kind, bytes: sent } = posted({ ...head, bytes });
            sender.send(kind, sent);
        }
    }
    // (a wait on shared memory holds no handle of the event loop: a timer holds it until all
    // is heard, whenever the worker thread ends)
    const holding = setInterval(() => {}, 60_000);
    await done;
    clearInterval(holding);
    await worker.terminate();
    process.stdout.write(JSON.stringify(heard));
} else {
    const receiver = new Receiver(workerData.toWorker);
    const sender = new QueueWriter(workerData.toPage);
    for (let i = 0; i < workerData.count; i++) {
        const { kind, bytes } = receiver.receive();
        sender.send(kind, bytes);
    }
    parentPort.close();
}
