#!/usr/bin/env node
// A `changeset version` dry run on a scratch copy of the repository: every pending changeset must
// parse and name real packages, and each package it bumps gets its CHANGELOG.md entry. The checkout
// itself is never changed. Prints `changesets: ok …` or the failure and exits 1.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'sightline-changesets-'));
try {
  const files = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
  for (const file of files) {
    if (!file.endsWith('package.json') && !file.startsWith('.changeset/') && !file.endsWith('CHANGELOG.md') && file !== 'pnpm-workspace.yaml') continue;
    if (!existsSync(join(root, file))) continue;
    cpSync(join(root, file), join(scratch, file), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'));
  const pending = readdirSync(join(scratch, '.changeset')).filter((name) => name.endsWith('.md') && name !== 'README.md');
  const cli = join(root, 'node_modules', '@changesets', 'cli', 'bin.js');
  // git-free: changesets reads the files; `commit: false` in config.
  const result = spawnSync(process.execPath, [cli, 'version'], { cwd: scratch, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  if (result.status !== 0) {
    console.error(`changesets: \`changeset version\` failed\n${result.stdout}\n${result.stderr}`);
    process.exit(1);
  }
  const changelogs = readdirSync(join(scratch, 'packages')).filter((dir) => existsSync(join(scratch, 'packages', dir, 'CHANGELOG.md')));
  const left = readdirSync(join(scratch, '.changeset')).filter((name) => name.endsWith('.md') && name !== 'README.md');
  if (left.length > 0) {
    console.error(`changesets: ${left.join(', ')} were not consumed`);
    process.exit(1);
  }
  const versions = readdirSync(join(scratch, 'packages')).map((dir) => {
    const manifest = JSON.parse(readFileSync(join(scratch, 'packages', dir, 'package.json'), 'utf8'));
    return `${manifest.name}@${manifest.version}`;
  });
  console.log(`changesets: ok — ${pending.length} changesets would release ${versions.join(', ')}; CHANGELOG.md in ${changelogs.length} packages`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
