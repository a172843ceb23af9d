/** Runs in every browser-test file: a page that showed a raw translation key fails the file. */
import { afterAll, expect } from 'vitest';
import { missingTranslationKeys } from './fixtures';

afterAll(() => {
  expect(missingTranslationKeys).toEqual([]);
});
