import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SightlineError } from '@sightline/semantic-core';
import { findChromeExecutable } from './chrome-executable.js';
import { chromeFlags } from './chrome-flags.js';

const dir = mkdtempSync(join(tmpdir(), 'sightline-exe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function executable(name: string): string {
  const path = join(dir, name);
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
}

describe('findChromeExecutable', () => {
  it('prefers SIGHTLINE_CHROME, then chromium, chromium-browser, google-chrome on PATH', () => {
    const chrome = executable('google-chrome');
    expect(findChromeExecutable({ PATH: dir })).toBe(chrome);
    const chromium = executable('chromium');
    expect(findChromeExecutable({ PATH: dir })).toBe(chromium);
    expect(findChromeExecutable({ PATH: dir, SIGHTLINE_CHROME: chrome })).toBe(chrome);
  });

  it('refuses with browser_requires_setup and says how to fix it', () => {
    let error: unknown;
    try {
      findChromeExecutable({ PATH: join(dir, 'empty') });
    } catch (e) {
      error = e;
    }
    expect(SightlineError.isInstance(error)).toBe(true);
    expect((error as SightlineError).code).toBe('browser_requires_setup');
    expect((error as SightlineError).message).toMatch(/apt-get install chromium.*SIGHTLINE_CHROME/);
    expect(() => findChromeExecutable({ SIGHTLINE_CHROME: join(dir, 'missing') })).toThrow(/SIGHTLINE_CHROME/);
  });
});

describe('chromeFlags', () => {
  it('starts headless, sandbox-free, on a loopback port 0 with a fresh profile and the viewport', () => {
    const flags = chromeFlags({ profileDir: '/tmp/p', headless: true, viewport: { width: 1280, height: 800 } });
    for (const flag of ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--user-data-dir=/tmp/p', '--remote-debugging-port=0', '--remote-debugging-address=127.0.0.1', '--window-size=1280,800']) {
      expect(flags).toContain(flag);
    }
    expect(chromeFlags({ profileDir: '/tmp/p', headless: false, viewport: { width: 800, height: 600 } })).not.toContain('--headless');
  });

  it('keeps background tabs at full speed (Sightline works on tabs it never brings to the front)', () => {
    const flags = chromeFlags({ profileDir: '/tmp/p', headless: true, viewport: { width: 1280, height: 800 } });
    for (const flag of ['--disable-renderer-backgrounding', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows']) expect(flags).toContain(flag);
  });

  it("puts the caller's extra flags after the SPEC set and the first tab's URL last", () => {
    const flags = chromeFlags({ profileDir: '/tmp/p', headless: true, viewport: { width: 1280, height: 800 }, extraArgs: ['--lang=de'], url: 'http://127.0.0.1:1/app' });
    expect(flags.indexOf('--lang=de')).toBeGreaterThan(flags.indexOf('--no-first-run'));
    expect(flags.at(-1)).toBe('http://127.0.0.1:1/app');
    expect(chromeFlags({ profileDir: '/tmp/p', headless: true, viewport: { width: 1, height: 1 } }).at(-1)).toBe('about:blank');
  });
});
