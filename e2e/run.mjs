// `npm run test:e2e`: builds the web app, starts the platform on a free port with a fresh embedded database (the real
// demo seed), runs the Playwright specs in Chromium through Vitest, stops the server, and exits with the runner's code.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-e2e-'));
// Its own process group, so stop() ends the server itself and not only the npx wrapper (which left it running).
const server = spawn('npx', ['tsx', 'src/server/server.ts'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Emails are background jobs: a worker that looks often keeps the tests that read the outbox quick.
    JOB_POLL_SECONDS: '0.5',
  },
});
let log = '';
server.stdout.on('data', (d) => {
  log += d;
});
server.stderr.on('data', (d) => {
  log += d;
});

const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

const deadline = Date.now() + 240_000;
for (;;) {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/api/health`);
    if (r.ok) break;
  } catch {
    /* not up yet */
  }
  if (Date.now() > deadline || server.exitCode !== null) {
    console.error(`The server did not start:\n${log}`);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 500));
}
console.log(`e2e: platform up on port ${port} (data in ${dataDir})`);

const runner = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.e2e.config.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
});
if (runner.status !== 0) console.error(`--- server log ---\n${log.slice(-4000)}`);
process.exit(runner.status ?? 1);
