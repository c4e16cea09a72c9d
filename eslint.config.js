import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // *.js stays out: browser fixture scripts (demo-app, harness/app) and this file. Node scripts are *.mjs and are linted.
  { ignores: ['**/dist/**', '**/node_modules/**', '**/*.js', 'packages/demo-app/app/**', 'harness/app/**', 'harness/bench/results/**', '**/src/generated/**', 'scripts/lint-fixtures/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Import cycles inside a package (issue 15). Across packages the dependency rule
    // (scripts/check-dependency-rule.mjs) already forbids them, so only the package's own modules
    // are followed: `ignoreExternal` skips anything resolved through node_modules.
    files: ['**/*.{ts,mts,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: false })],
      'import-x/extensions': ['.ts', '.mts', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Node scripts and examples in plain JavaScript: the TypeScript-only rules do not apply.
    files: ['**/*.mjs'],
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
);
