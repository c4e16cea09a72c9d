import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { startStaticServer, type LoopbackServer } from '../static-server.js';

const require = createRequire(import.meta.url);

/** The `todomvc` npm package's root (its examples, learn.json and site assets), served as files. */
export const TODOMVC_ROOT = dirname(require.resolve('todomvc/package.json'));
export const TODOMVC_VERSION = (require('todomvc/package.json') as { version: string }).version;

/** Static loopback server for the TodoMVC implementations; the lane uses VanillaJS. */
export async function startTodoMvc(): Promise<LoopbackServer & { vanilla: string }> {
  const server = await startStaticServer(TODOMVC_ROOT);
  return { ...server, vanilla: `${server.origin}/examples/vanillajs/index.html` };
}
