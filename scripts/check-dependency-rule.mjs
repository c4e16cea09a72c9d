#!/usr/bin/env node
// Enforces SPEC §1's dependency rule (scripts/dependency-rule.mjs) on this repo. First it proves on
// planted violations that the check catches them (dependency-rule-self-check.mjs), so a checker
// that went blind fails `pnpm lint` too. `--self-check` runs only that proof.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDependencyRule } from './dependency-rule.mjs';
import { selfCheck } from './dependency-rule-self-check.mjs';

const problems = selfCheck();
if (problems.length > 0) {
  console.error('The dependency-rule check misses planted violations:\n  ' + problems.join('\n  '));
  process.exit(1);
}
if (process.argv.includes('--self-check')) {
  console.log('dependency rule self-check: ok');
  process.exit(0);
}
const violations = checkDependencyRule(join(fileURLToPath(import.meta.url), '..', '..'));
if (violations.length > 0) {
  console.error('Dependency rule (SPEC §1) violated:\n  ' + violations.join('\n  '));
  process.exit(1);
}
console.log('dependency rule: ok');
