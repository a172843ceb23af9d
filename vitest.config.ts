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
    // `npm run coverage`: V8 coverage of the server, shared and web code the unit and API tests run; a summary in the
    // terminal, the full report in coverage/index.html. No threshold gate.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.ts'],
      reporter: ['text-summary', 'html', 'json-summary'],
      // A test that times out on a busy machine still leaves the figure of everything else.
      reportOnFailure: true,
    },
    reporters: process.env.CI ? ['default', ['json', { outputFile: `test-results/${name}-unit.json` }]] : ['default'],
  },
});
