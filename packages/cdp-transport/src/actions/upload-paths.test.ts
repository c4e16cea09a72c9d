import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SightlineError } from '@sightline/semantic-core';
import { checkUploadPaths } from './upload-paths.js';

const dir = mkdtempSync(join(tmpdir(), 'sightline-paths-'));
writeFileSync(join(dir, 'a.txt'), 'a');
mkdirSync(join(dir, 'folder'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function refusal(paths: string[]): Promise<SightlineError> {
  try {
    await checkUploadPaths(paths);
  } catch (error) {
    if (SightlineError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('checkUploadPaths', () => {
  it('accepts existing regular files', async () => {
    await expect(checkUploadPaths([join(dir, 'a.txt'), join(dir, 'a.txt')])).resolves.toBeUndefined();
  });

  it('refuses a missing path and a directory naming field paths and the index', async () => {
    const missing = await refusal([join(dir, 'a.txt'), join(dir, 'b.txt')]);
    expect(missing.code).toBe('browser_invalid_request');
    expect(missing.detail).toEqual({ field: 'paths', index: 1, problem: 'not found' });
    expect(missing.message).toContain('b.txt');
    const folder = await refusal([join(dir, 'folder')]);
    expect(folder.detail).toEqual({ field: 'paths', index: 0, problem: 'not a regular file' });
  });
});
