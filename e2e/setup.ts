/** Runs in every browser-test file: a page that showed a raw translation key or broke its CSP fails the file. */
import { afterAll, expect } from 'vitest';
import { cspViolations, missingTranslationKeys } from './fixtures';

afterAll(() => {
  expect(missingTranslationKeys).toEqual([]);
  expect(cspViolations).toEqual([]);
});
