import { readFileSync } from 'node:fs';

function readVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
    return manifest.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The package version, read once from package.json next to dist/. */
export const CLI_VERSION = readVersion();
