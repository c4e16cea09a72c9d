import { stat } from 'node:fs/promises';
import { SightlineError } from '@sightline/semantic-core';

/**
 * SPEC §12 upload: every path must name an existing regular file, checked here before anything is
 * sent (semantic-core does no I/O). The browser reads the files itself, so this holds for browsers
 * on this machine — the loopback routes Sightline binds to.
 */
export async function checkUploadPaths(paths: readonly string[]): Promise<void> {
  for (const [index, path] of paths.entries()) {
    let regular: boolean;
    try {
      regular = (await stat(path)).isFile();
    } catch {
      throw invalidPath(index, path, 'does not exist (or cannot be read)', 'not found');
    }
    if (!regular) throw invalidPath(index, path, 'is a directory or another non-regular file', 'not a regular file');
  }
}

function invalidPath(index: number, path: string, why: string, problem: string): SightlineError {
  return new SightlineError('browser_invalid_request', `Invalid request: field "paths": ${JSON.stringify(path)} ${why}; nothing was uploaded. Pass existing regular files`, {
    field: 'paths',
    index,
    problem,
  });
}
