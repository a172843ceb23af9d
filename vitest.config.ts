import { defineConfig } from 'vitest/config';

/** Unit and API tests. Under CI each run also writes a JSON report that .ci/run sums up. */
const name = process.env.TEST_RESULTS_NAME ?? 'unit';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['tests/helpers/global-setup.ts'],
    reporters: process.env.CI ? ['default', ['json', { outputFile: `test-results/${name}-unit.json` }]] : ['default'],
  },
});
