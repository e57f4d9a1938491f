// Pyodide in Node imports the `ws` package (its Node set-up, unused here), which the built page
// does not hold: resolved to the copy web/ installs (npm ci).
import { register } from 'node:module';

register(new URL('./node_resolve.mjs', import.meta.url));
