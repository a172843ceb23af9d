/**
 * ESLint for the TypeScript code (`npm run lint` runs it before dependency-cruiser). Which rules and why, and which are
 * left off: docs/decisions/122-eslint-rules.md.
 *
 * Type-aware rules read types through typescript-eslint's project service, which needs TypeScript's JavaScript API:
 * the `typescript` package is TypeScript 6 for that; `tsc` (the type check) is the native TypeScript 7.
 */
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    'dist/',
    'coverage/',
    'data/',
    'drizzle/',
    'seed-data/',
    'test-results/',
    'playwright-report/',
    '.tmp/',
    'bench/results/',
  ]),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    extends: [js.configs.recommended],
    rules: {
      // The control characters in our patterns are the point: they strip or refuse them in user input.
      'no-control-regex': 'off',
      // Playwright reads a fixture's dependencies from its first parameter, so a fixture that needs none is `({}, use)`.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // A stand-in for Stripe.js that the browser tests load into the page.
    files: ['tests/helpers/stripe-js-fake/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A leading underscore marks a value taken only to be left out (`{ secret: _s, ...rest }`) or a parameter an
      // interface requires.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Type-aware: a promise nobody awaits loses its error. react-router's navigate returns a promise in a data
      // router that never rejects (a failed load shows the route's error page), so calling it is complete as it is.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] },
      ],
      '@typescript-eslint/await-thenable': 'error',
      // A promise in a condition or a spread is always a mistake. Passing an async function where a void callback is
      // expected (an event handler, react-hook-form's handleSubmit, a Node signal handler) is how the code is written.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      // A switch over a union lists every member; a `default` does not stand in for the members it hides, so a new
      // member is reported where it is not handled.
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    // Converts third-party dataset dumps (untyped JSON) into the seed catalogue, reading them field by field.
    files: ['scripts/build-seed-data/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', '**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
