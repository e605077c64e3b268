// @ts-check
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'artifacts/**', '**/*.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Server module boundaries: another module only through its index.ts, and no import cycles.
  {
    // The source only: nothing imports the integration tests, so no cycle can run through them.
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
    },
    rules: {
      // Type-only imports are erased at run time, so the rule leaves them out; value cycles are what bite.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  ...moduleBoundaries(),
  // Web boundaries: a feature reaches another only through its index.ts, never app/ (the
  // composition root); the shared layer (components/, lib/, hooks/) never reaches a feature;
  // and no import cycles.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  ...webBoundaries(),
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);

/**
 * A file under apps/server/src/modules/<module>/ at depth `d` reaches another module as
 * `../` × d + `<other>/…`: anything below the other module's folder is its internals
 * (its repository too). `../` × d + `<other>` alone is its index.ts, the public API.
 */
function moduleBoundaries() {
  return [1, 2, 3].map((depth) => ({
    files: [`apps/server/src/modules/*/${'*/'.repeat(depth - 1)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}[a-z][a-z0-9-]*/`,
              message: "Another server module is reached through its index.ts only: import '../<module>'.",
            },
          ],
        },
      ],
    },
  }));
}

/**
 * A file under apps/web/src/features/<feature>/ at depth `d` reaches another feature as
 * `../` × d + `<other>/…` (its internals, CSS files too) and app/ as `../` × (d + 1) +
 * `app`. `../` × d + `<other>` alone is the other feature's index.ts, its public API.
 */
function webBoundaries() {
  const features = [1, 2, 3, 4].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}[a-z][a-z0-9-]*/`,
              message: "Another web feature is reached through its index.ts only: import '../<feature>'.",
            },
            {
              regex: `^(\\.\\./){${depth + 1}}app(/|$)`,
              message: 'A feature does not import app/: shared pieces belong in components/, lib/ or hooks/.',
            },
          ],
        },
      ],
    },
  }));
  const shared = {
    files: ['apps/web/src/{components,lib,hooks}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+features(/|$)',
              message: 'Shared code (components/, lib/, hooks/) does not import a feature.',
            },
          ],
        },
      ],
    },
  };
  return [...features, shared];
}
