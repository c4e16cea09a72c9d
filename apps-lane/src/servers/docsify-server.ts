import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveFile, startStaticServer, type LoopbackServer } from '../static-server.js';

const require = createRequire(import.meta.url);

export const DOCSIFY_ROOT = dirname(require.resolve('docsify/package.json'));
export const DOCSIFY_VERSION = (require('docsify/package.json') as { version: string }).version;
/** The lane's handbook (markdown + index.html), rendered in the browser by docsify. */
const SITE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'sites', 'docsify');

/** docsify (npm `docsify`: its bundle, theme and search plugin under /docsify/) serving the lane's handbook. */
export async function startDocsify(): Promise<LoopbackServer & { home: string }> {
  const server = await startStaticServer(SITE_ROOT, (request, response) => {
    if (!(request.url ?? '').startsWith('/docsify/')) return false;
    serveFile(DOCSIFY_ROOT, request, response, '/docsify');
    return true;
  });
  return { ...server, home: `${server.origin}/` };
}
