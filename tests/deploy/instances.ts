/**
 * Vitrina instances as their own processes for the deployment tests (tests/deploy/instance.ts: the app on the
 * configuration of its environment, with an `x-vitrina-instance` header naming it). Every instance started is killed
 * when the test process ends (caddy.ts `track`), even after a failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { freePort, track } from './caddy.js';

const root = path.resolve(import.meta.dirname, '../..');

export interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  /** Its log lines so far (stderr), for the message of a failing test. */
  log: string[];
}

/** Starts tests/deploy/instance.ts as a process named `name` with `env`, on a free port; resolves once it listens. */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/deploy/instance.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH, ...env, INSTANCE_NAME: name, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const log: string[] = [];
  readline.createInterface({ input: child.stderr! }).on('line', (l) => log.push(l));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`instance ${name} not ready after 90 s:\n${log.join('\n')}`)),
      90_000,
    );
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`instance ${name} exited (${code ?? signal}):\n${log.slice(-30).join('\n')}`));
    });
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{"ready"')) return;
      clearTimeout(timer);
      resolve();
    });
  });
  return { name, port, child, log };
}
