/**
 * The Stripe instance of the e2e platform (decision 074): the same server as playwright.config.ts's (e2e/support/
 * server.ts, the built web app) but with PAYMENT_PROVIDER=stripe against the Stripe fake (tests/helpers/stripe-fake.ts),
 * started by the worker fixture `stripeInstance` only in a worker that runs a test using it (so the rest of the suite
 * never waits for it), on its own free ports and temporary DATA_DIR, and stopped with the worker. It gives its URLs,
 * a store and a seller made in it (the factory routes of e2e/support/factory-routes.ts), and `route`, which answers the browser's calls to js.stripe.com,
 * api.stripe.com and hooks.stripe.com from the fake (the machine has no internet; the fake serves the Stripe.js
 * stand-in of tests/helpers/stripe-js-fake/).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { test as base } from './fixtures';
import type { Session, StoreFixture } from './factories';

export { expect } from './fixtures';

export interface StripeInstance {
  port: number;
  fakePort: number;
  /** A page of one of its stores. */
  storeUrl(slug: string, path?: string): string;
  /** A page of its platform (admin). */
  platformUrl(path?: string): string;
  /** Its API as a test (Node) calls it. */
  apiUrl(path: string): string;
  /** The factories of e2e/factories.ts this spec needs, making the data in this instance (same test-only routes). */
  factory: {
    store(opts?: { products?: number; codigos?: string[]; catalog?: 'luma' | 'vendure' }): Promise<StoreFixture>;
    seller(store: { id: string }): Promise<Session>;
  };
  /**
   * Answers the context's requests to Stripe's origins from the fake: Stripe.js (the stand-in) and its frames, the API
   * Stripe.js calls (publishable key and client secret), the 3-D Secure test page. Returns the list of the calls seen.
   */
  route(context: BrowserContext): Promise<string[]>;
  /** Signs the context's admin pages of this instance in as `seller` (before the first goto). */
  signInSeller(context: BrowserContext, seller: { token: string }): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Where each Stripe origin's paths are on the fake. */
const ON_FAKE: Record<string, string> = { 'js.stripe.com': '/js', 'api.stripe.com': '', 'hooks.stripe.com': '/hooks' };

async function waitUntilUp(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The Stripe e2e instance exited (${child.exitCode}): ${stderr()}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** POSTs to a factory route of e2e/support/factory-routes.ts; throws with the answer unless 201. */
async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Starts the Stripe instance; resolves once it answers /api/health. */
async function startStripeInstance(root: string): Promise<{ instance: StripeInstance; stop: () => Promise<void> }> {
  const [port, fakePort] = [await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-e2e-stripe-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      JOB_POLL_SECONDS: '0.5',
      E2E_STRIPE_INSTANCE: '1',
      E2E_STRIPE_FAKE_PORT: String(fakePort),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(`http://127.0.0.1:${port}/api/health`, child, () => err);
  } catch (e) {
    await stop();
    throw e;
  }
  const storeUrl = (slug: string, p = '/') => `http://${slug}.localhost:${port}${p}`;
  const apiUrl = (p: string) => `http://127.0.0.1:${port}${p}`;
  const instance: StripeInstance = {
    port,
    fakePort,
    storeUrl,
    apiUrl,
    platformUrl: (p = '/') => `http://localhost:${port}${p}`,
    factory: {
      async store(opts = {}) {
        const s = await post<Omit<StoreFixture, 'url'>>(apiUrl('/__e2e/stores'), opts);
        return { ...s, url: (p = '/') => storeUrl(s.slug, p) };
      },
      seller: (store) => post<Session>(apiUrl('/__e2e/sellers'), { storeId: store.id }),
    },
    async route(context) {
      const seen: string[] = [];
      await context.route(/^https:\/\/(js|api|hooks)\.stripe\.com\//, async (route) => {
        const request = route.request();
        const url = new URL(request.url());
        seen.push(`${request.method()} ${url.origin}${url.pathname}`);
        const res = await fetch(`http://127.0.0.1:${fakePort}${ON_FAKE[url.host]}${url.pathname}${url.search}`, {
          method: request.method(),
          headers: { 'content-type': request.headers()['content-type'] ?? 'text/plain' },
          body: request.method() === 'GET' ? undefined : (request.postData() ?? undefined),
        });
        const headers: Record<string, string> = {};
        for (const name of ['content-type', 'access-control-allow-origin']) {
          const value = res.headers.get(name);
          if (value) headers[name] = value;
        }
        await route.fulfill({ status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) });
      });
      return seen;
    },
    async signInSeller(context, seller) {
      await context.addInitScript(
        ([host, token]) => {
          if (location.host !== host || sessionStorage.getItem('e2e-seeded-admin')) return;
          localStorage.setItem('admin_access_token', token);
          sessionStorage.setItem('e2e-seeded-admin', '1');
        },
        [`localhost:${port}`, seller.token],
      );
    },
  };
  return { instance, stop };
}

/** The e2e fixtures plus `stripeInstance` (worker-scoped: started once per worker that needs it). */
export const test = base.extend<object, { stripeInstance: StripeInstance }>({
  stripeInstance: [
    async ({}, use, workerInfo) => {
      const { instance, stop } = await startStripeInstance(path.dirname(workerInfo.config.configFile!));
      await use(instance);
      await stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});
