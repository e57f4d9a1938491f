// The resolve hook of node_hooks.mjs: `ws` from web/node_modules.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const web = createRequire(new URL('../../web/package.json', import.meta.url));

export async function resolve(specifier, context, next) {
    if (specifier === 'ws') return { url: pathToFileURL(web.resolve('ws')).href, shortCircuit: true };
    return next(specifier, context);
}
