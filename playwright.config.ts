/**
 * Browser tests (`npm run test:e2e`, e2e/README.md): Playwright Test in Debian's Chromium against the real platform,
 * which `webServer` builds and starts on a free port with a fresh embedded database in a temporary DATA_DIR (the
 * demo seed, plus the test-only factory routes of e2e/support/server.ts). Traces and screenshots are kept for
 * failed tests under test-results/e2e/. Under CI a JSON report goes to test-results/<TEST_RESULTS_NAME>-e2e.json,
 * which .ci/run sums up with vitest's.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

// The runner loads this file first and its workers load it again: the port and data folder are chosen once, and the
// workers inherit them through the environment.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = String(await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}
const port = Number(process.env.E2E_PORT);
const name = process.env.TEST_RESULTS_NAME ?? 'unit';
// The two browser bundles (storefront and admin, decision 077) and the server-rendering bundle of the storefront's
// entry pages (decision 035), as `npm run build` makes them.
const build = process.env.E2E_SKIP_BUILD
  ? ''
  : 'npx vite build --logLevel warn && npx vite build --mode admin --logLevel warn && npx vite build --ssr entry-server.tsx --outDir ../../dist/ssr --logLevel warn && ';

/** Chromium flags for a container without a GPU, a sandbox or a network to call home to. */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  timeout: 180_000,
  expect: { timeout: 15_000 },
  // Files run side by side; the tests of one file run in order in one worker.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: `test-results/${name}-e2e.json` }]]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'es-MX',
    launchOptions,
  },
  projects: [
    // Every spec on a desktop; the ones tagged @phone also on a phone, and @phone-only only there.
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 900 } },
    },
    {
      name: 'phone',
      grep: /@phone/,
      // A phone-sized viewport (the size the specs used before Playwright Test), same browser and user agent.
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 } },
    },
  ],
  webServer: {
    command: `${build}exec npx tsx e2e/support/server.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 600_000, // build + migrations + demo seed with images: minutes on a busy machine
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR!,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      // Every spec signs sellers up from 127.0.0.1 (decision 100's default is 3 an hour per address).
      SIGNUP_IP_LIMIT_PER_HOUR: '1000',
      // Emails are background jobs: a worker that looks often keeps the tests that read the outbox quick.
      JOB_POLL_SECONDS: '0.5',
      // The catalogue import downloads images from a local server the spec starts (decision 080).
      IMPORT_IMAGE_ALLOWED_ADDRESSES: '127.0.0.1',
    },
  },
});
