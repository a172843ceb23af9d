/**
 * Two app instances on one PostgreSQL database for the live messages spec: the same server as the harness's
 * (e2e/support/server.ts, the built web app) started twice, one after the other, with DATABASE_URL on a fresh database
 * made on the server named by `serverUrl`, no demo seed (E2E_NO_DEMO), each on its own free port and DATA_DIR.
 * Stopped (and the database dropped) by `stop`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Session, StoreFixture } from '../factories';

export interface TwoInstances {
  /** The two instances' ports. */
  a: number;
  b: number;
  /** A store with one product, made through instance A's factory routes. */
  store(): Promise<Omit<StoreFixture, 'url'>>;
  seller(store: { id: string }): Promise<Session>;
  buyer(slug: string): Promise<Session>;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function post<T>(url: string, body: unknown, host?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(host ? { 'x-store-domain': host } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

function startServer(port: number, databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-e2e-two-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      E2E_NO_DEMO: '1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      SIGNUP_IP_LIMIT_PER_HOUR: '1000',
      JOB_POLL_SECONDS: '0.5',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const up = async () => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`an e2e instance exited (${child.exitCode}): ${err}`);
      if (
        await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { up, stop };
}

/** Starts both instances on a new database of `serverUrl` (migrated by the first); resolves when both answer. */
export async function startTwoInstances(serverUrl: string): Promise<TwoInstances> {
  const name = `vitrina_e2e_msgs_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const [a, b] = [await freePort(), await freePort()];
  const first = startServer(a, url.toString());
  await first.up();
  const second = startServer(b, url.toString());
  await second.up();
  const api = (p: string) => `http://127.0.0.1:${a}${p}`;
  return {
    a,
    b,
    store: () => post(api('/__e2e/stores'), { products: 1 }),
    seller: (store) => post(api('/__e2e/sellers'), { storeId: store.id }),
    async buyer(slug) {
      const email = `buyer-${Date.now().toString(36)}@example.com`;
      const password = 'Compra-Segura-2026';
      return post(
        api('/api/auth/register'),
        { fullName: 'Compradora Prueba', email, password, passwordConfirm: password },
        `${slug}.localhost`,
      );
    },
    async stop() {
      await second.stop();
      await first.stop();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
