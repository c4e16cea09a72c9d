#!/usr/bin/env node
// Proves that `pnpm lint` would catch what issue 15 added rules for: ESLint with the repository's
// own config reports `import-x/no-cycle` on a planted two-module cycle (scripts/lint-fixtures/cycle)
// and nothing on the same code with the shared part in its own module (lint-fixtures/no-cycle), and
// it lints *.mjs files rather than ignoring them. Prints `lint rules: ok` or what failed, exit 1.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = fileURLToPath(new URL('./lint-fixtures/', import.meta.url));
// The fixtures are ignored by the normal run (they are wrong on purpose); lint them explicitly here.
const eslint = new ESLint({ cwd: root, ignore: false });
const problems = [];

const ruleIds = async (files) => (await eslint.lintFiles(files)).flatMap((result) => result.messages.map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`));

const planted = await ruleIds([`${fixtures}cycle/first.ts`]);
if (!planted.some((line) => line.startsWith('import-x/no-cycle'))) problems.push(`a planted cycle was not reported (got: ${planted.join('; ') || 'nothing'})`);
const clean = await ruleIds([`${fixtures}no-cycle/first.ts`, `${fixtures}no-cycle/shared.ts`]);
if (clean.length > 0) problems.push(`the cycle-free fixture was reported: ${clean.join('; ')}`);
const configured = new ESLint({ cwd: root });
if (await configured.isPathIgnored(fileURLToPath(import.meta.url))) problems.push('*.mjs files are ignored by the ESLint config');
if (!(await configured.isPathIgnored(`${fixtures}cycle/first.ts`))) problems.push('the planted cycle is not ignored by the normal lint run');

if (problems.length > 0) {
  console.error(`lint rules:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('lint rules: ok (a planted import cycle fails, *.mjs is linted)');
