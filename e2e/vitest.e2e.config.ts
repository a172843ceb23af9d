import { defineConfig } from 'vitest/config';

/** Browser tests (Playwright in Chromium) against the server started by e2e/run.mjs; one file at a time. */
const name = process.env.TEST_RESULTS_NAME ?? 'unit';

export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    setupFiles: ['e2e/setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: process.env.CI ? ['default', ['json', { outputFile: `test-results/${name}-e2e.json` }]] : ['default'],
  },
});
