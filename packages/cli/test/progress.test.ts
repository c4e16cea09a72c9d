import { describe, expect, it } from 'vitest';
import { withProgress } from '../src/ui/progress.js';

const slow = <T>(value: T, ms: number): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), ms));

describe('withProgress', () => {
  it('shows a spinner on a TTY once the work has taken longer than the delay, then erases it', async () => {
    let written = '';
    const stream = { isTTY: true, write: (text: string) => (written += text) };
    expect(await withProgress(stream, 'starting Chromium', slow('done', 300), 50)).toBe('done');
    expect(written).toContain('starting Chromium');
    expect(written.endsWith('\r\u001b[2K')).toBe(true);
  });

  it('prints nothing for quick work or off a TTY', async () => {
    let written = '';
    const tty = { isTTY: true, write: (text: string) => (written += text) };
    await withProgress(tty, 'quick', slow(1, 10), 200);
    const pipe = { isTTY: false, write: (text: string) => (written += text) };
    await withProgress(pipe, 'slow', slow(1, 150), 10);
    expect(written).toBe('');
  });

  it('passes failures through', async () => {
    const stream = { isTTY: true, write: () => true };
    await expect(withProgress(stream, 'x', Promise.reject(new Error('boom')), 10)).rejects.toThrow('boom');
  });
});
