import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

describe('sightline-mcp bin (built)', () => {
  test('is built with a shebang', () => {
    expect(existsSync(BIN), 'build the package first').toBe(true);
    expect(readFileSync(BIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  test('--version and --help', () => {
    const version = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8' });
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toBe(manifest.version);
    const help = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--http \[port\]/);
  });

  test('a bad argument exits 2 with usage on stderr', () => {
    const bad = spawnSync(process.execPath, [BIN, '--bogus'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown argument --bogus/);
    expect(bad.stdout).toBe('');
  });

  test('--http prints the loopback URL and a generated token to stderr', async () => {
    const child = spawn(process.execPath, [BIN, '--http', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await expect.poll(() => stderr, { timeout: 15_000 }).toMatch(/bearer token \(generated\): \S{43}/);
      const url = /Streamable HTTP on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)?.[1];
      expect(url).toBeDefined();
      const unauthorized = await fetch(url!, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      expect(unauthorized.status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
