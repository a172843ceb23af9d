/**
 * An instance killed (SIGKILL) in the middle of a checkout load through Caddy over two instances on one PostgreSQL
 * database (a fresh one, dropped afterwards). Buyers, each from its own loopback address over HTTPS, place card orders
 * the way the browser does (POST /api/pedido, the card at the sandbox's confirm URL, the return to the store) for
 * KILL_TEST_SECONDS (default 24; docs/performance.md has a 60 s run); half-way through, instance b is killed. A request
 * that fails (no answer, or Caddy's 502 for a request b had taken) is retried with the same idempotency key, as the
 * storefront does. Then, from the database:
 * - no order lost or doubled: every 2xx order id exists exactly once, every order is one a buyer was answered, and a
 *   key retried after a failure gave the same order on every answer;
 * - nothing oversold: stock never negative, and for each variant units sold = initial stock - stock left;
 * - every payment reconciled: each order paid once, by one succeeded payment of its total, matching the provider's own
 *   record, and no charge at the provider without its paid order;
 * - the failed requests are counted, and each of them was in flight when b died (none started after it).
 *
 * Needs PostgreSQL (TEST_DATABASE_URL) and caddy, as tests/deploy/two-instances.test.ts; CI's PostgreSQL run has both.
 * KILL_TEST_RESULTS=<file> writes the figures as JSON.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDatabase } from '../helpers/test-db.js';
import {
  createProductFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
} from '../helpers/factories.js';
import { testCard } from '../helpers/payments.js';
import { CADDY, NO_CADDY, handshake, startCaddy, stopChild, type RunningCaddy } from './caddy.js';
import { startInstance, type Instance } from './instances.js';

const DATABASE = process.env.TEST_DATABASE_URL;
const SECONDS = Number(process.env.KILL_TEST_SECONDS ?? 24);
const BUYERS = Number(process.env.KILL_TEST_BUYERS ?? 8);
/** Units of the scarce product: the buyers sell it out during the load. */
const SCARCE_STOCK = 60;
const PLENTY_STOCK = 1_000_000;
/** How long a buyer keeps retrying one step: longer than the checkout's lease on a key whose request died (30 s). */
const RETRY_FOR_MS = 60_000;

if (!CADDY) console.warn(NO_CADDY);
else if (!DATABASE) console.warn('TEST_DATABASE_URL is not set: the kill test needs PostgreSQL; skipped');

/** One HTTP exchange through the proxy: when it started and ended (ms, performance.now()), and how it ended. */
interface Exchange {
  step: 'order' | 'confirm' | 'return';
  started: number;
  ended: number;
  /** HTTP status, or 0 when no answer came (connection reset). */
  status: number;
  instance: string | null;
}

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

/** An answer that says the request did not happen as asked and may be sent again with the same key. */
const retryable = (a: Answer) =>
  a.status === 0 ||
  a.status === 502 ||
  a.status === 503 ||
  a.status === 504 ||
  (a.status === 409 && ['IDEMPOTENCY_KEY_IN_PROGRESS', 'CONFLICT'].includes(String(a.body?.code))) ||
  a.status === 429;

describe.skipIf(!CADDY || !DATABASE)('an instance killed during a checkout load through Caddy', () => {
  let database: TestDatabase;
  let dataDir: string;
  let a: Instance;
  let b: Instance;
  let caddy: RunningCaddy;
  let ca: string;
  let host: string;
  const exchanges: Exchange[] = [];

  beforeAll(async () => {
    database = await createTestDb();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrina-kill-'));
    const store = await createStoreFixture(database.db, { name: 'Tienda Resistente' });
    host = store.hostname;
    await seedPostalCodesFixture(database.db);
    for (const [codigo, stock] of [
      ['PLENTY', PLENTY_STOCK],
      ['SCARCE', SCARCE_STOCK],
    ] as const)
      await createProductFixture(database.db, store.id, {
        codigo,
        variants: [{ sku: `${codigo}-1`, options: {}, priceCents: 19_900, stock }],
      });
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.url!,
      TRUST_PROXY: '127.0.0.1',
      PLATFORM_DOMAIN: 'vitrina-kill.test',
      APP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      PAYMENTS_SANDBOX: 'true',
      DNS_SERVERS: '127.0.0.1:9',
      ...(process.env.REDIS_TEST_URL && {
        REDIS_URL: process.env.REDIS_TEST_URL,
        REDIS_KEY_PREFIX: `vitrina-test-${randomBytes(4).toString('hex')}:`,
      }),
    };
    [a, b] = await Promise.all([
      startInstance('a', { ...env, DATA_DIR: path.join(dataDir, 'a') }),
      startInstance('b', { ...env, DATA_DIR: path.join(dataDir, 'b') }),
    ]);
    caddy = await startCaddy({
      upstreams: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`],
      platformDomain: 'vitrina-kill.test',
      healthInterval: '1s',
    });
    await handshake(caddy.httpsPort, host);
    ca = await caddy.rootCertificate();
  });
  afterAll(async () => {
    await caddy?.stop();
    await Promise.all([a, b].filter(Boolean).map((i) => stopChild(i.child)));
    await database?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('loses, doubles and oversells nothing, reconciles every payment, and fails only what b had in flight', async () => {
    /** A buyer's HTTPS client: its own loopback address (its own visitor for the unpaid-order limit), kept alive. */
    const client = (i: number) => {
      const agent = new https.Agent({ keepAlive: true, maxSockets: 1, ca, localAddress: `127.0.1.${i + 1}` });
      return (step: Exchange['step'], method: string, url: string, body?: object) =>
        new Promise<Answer>((resolve) => {
          const started = performance.now();
          const done = (status: number, text: string, instance: string | null) => {
            exchanges.push({ step, started, ended: performance.now(), status, instance });
            let parsed: Record<string, unknown> | null = null;
            try {
              parsed = JSON.parse(text) as Record<string, unknown>;
            } catch {
              // Caddy's 502 has no JSON body.
            }
            resolve({ status, body: parsed });
          };
          const req = https.request(
            {
              host: '127.0.0.1',
              port: caddy.httpsPort,
              servername: host,
              path: url,
              method,
              agent,
              headers: { host, 'content-type': 'application/json', 'accept-language': 'es' },
              timeout: 30_000,
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () =>
                done(res.statusCode ?? 0, Buffer.concat(chunks).toString(), String(res.headers['x-vitrina-instance'])),
              );
              res.on('error', () => done(0, '', null));
            },
          );
          req.on('timeout', () => req.destroy(new Error('timeout')));
          req.on('error', () => done(0, '', null));
          req.end(body ? JSON.stringify(body) : undefined);
        });
    };
    /** Sends until the answer is not a retryable one (same request, same key), for up to RETRY_FOR_MS. */
    const untilAnswered = async (send: () => Promise<Answer>) => {
      const until = Date.now() + RETRY_FOR_MS;
      for (let attempt = 0; ; attempt++) {
        const answer = await send();
        if (!retryable(answer) || Date.now() > until) return { answer, retried: attempt > 0 };
        await new Promise((r) => setTimeout(r, 250));
      }
    };

    /** Per idempotency key: every order id a 2xx answer gave for it, and whether it was sent more than once. */
    const keys = new Map<string, { ids: string[]; retried: boolean }>();
    const outcomes: Record<string, number> = {};
    const count = (k: string) => (outcomes[k] = (outcomes[k] ?? 0) + 1);
    let paid = 0;

    const startedAt = Date.now();
    const endAt = startedAt + SECONDS * 1000;
    let killedAt = 0;
    let exitedAt = 0;
    let killedAfterMs = 0;
    const killer = (async () => {
      await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
      const exited = new Promise((r) => b.child.once('exit', r));
      killedAt = performance.now();
      killedAfterMs = Date.now() - startedAt;
      b.child.kill('SIGKILL');
      await exited;
      exitedAt = performance.now();
    })();

    await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const send = client(i);
        while (Date.now() < endAt) {
          const codigo = Math.random() < 0.25 ? 'SCARCE' : 'PLENTY';
          const key = randomUUID();
          const order = {
            idempotencyKey: key,
            email: `comprador-${key}@example.com`,
            items: [{ codigo, sku: `${codigo}-1`, quantity: 1 }],
            address: TEST_ADDRESS,
            shipping: { servicio: 'economico' },
            paymentMethod: 'card',
          };
          const entry = { ids: [] as string[], retried: false };
          keys.set(key, entry);
          const placed = await untilAnswered(async () => {
            const answer = await send('order', 'POST', '/api/pedido', order);
            const id = (answer.body?.order as { id?: string } | undefined)?.id;
            if (answer.status >= 200 && answer.status < 300 && id) entry.ids.push(id);
            return answer;
          });
          entry.retried = placed.retried;
          if (placed.answer.status !== 201) {
            count(`${placed.answer.status} ${String(placed.answer.body?.code ?? '')}`.trim());
            continue;
          }
          const body = placed.answer.body as {
            order: { id: string; status: string; payment: { id: string } | null };
            viewToken: string;
            confirmation: { clientSecret: string; confirmUrl: string } | null;
          };
          if (body.order.status !== 'paid' && body.confirmation) {
            const confirmation = body.confirmation;
            const confirmed = await untilAnswered(() =>
              send('confirm', 'POST', confirmation.confirmUrl, {
                clientSecret: confirmation.clientSecret,
                card: testCard(),
              }),
            );
            if (confirmed.answer.status !== 200) {
              count(`confirm ${confirmed.answer.status}`);
              continue;
            }
          }
          const back = await untilAnswered(() =>
            send('return', 'POST', `/api/payments/${body.order.payment!.id}/3ds?viewToken=${body.viewToken}`, {}),
          );
          const status = String(back.answer.body?.status ?? back.answer.status);
          count(`order ${status}`);
          if (status === 'paid') paid++;
        }
      }),
    );
    await killer;
    const loadSeconds = (Date.now() - startedAt) / 1000;

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      // No order lost or doubled.
      const answered = new Set([...keys.values()].flatMap((k) => k.ids));
      const rows = (
        await db.query<{ id: string; idempotency_key: string; status: string; total_cents: string }>(
          'select id, idempotency_key, status, total_cents from orders',
        )
      ).rows;
      expect(new Set(rows.map((r) => r.id))).toEqual(answered);
      expect(new Set(rows.map((r) => r.idempotency_key)).size).toBe(rows.length);
      for (const [key, k] of keys) {
        const ids = new Set(k.ids);
        expect(ids.size, `key ${key} answered ${[...ids].join(', ')}`).toBeLessThanOrEqual(1);
        if (ids.size) expect(rows.find((r) => r.idempotency_key === key)?.id).toBe(k.ids[0]);
      }
      const retriedKeys = [...keys.values()].filter((k) => k.retried);
      const retriedWithOrder = retriedKeys.filter((k) => k.ids.length > 0).length;

      // Nothing oversold: every unit is either still in stock or in an order that holds it.
      const stock = (
        await db.query<{ sku: string; stock: number; held: string }>(
          `select v.sku, v.stock,
                  coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                            where i.variant_id = v.id and o.status <> 'cancelled'), 0) as held
             from product_variants v`,
        )
      ).rows;
      const initial: Record<string, number> = { 'PLENTY-1': PLENTY_STOCK, 'SCARCE-1': SCARCE_STOCK };
      for (const v of stock) {
        expect(v.stock, v.sku).toBeGreaterThanOrEqual(0);
        expect(Number(v.held), v.sku).toBe(initial[v.sku]! - v.stock);
      }

      // Every payment reconciled: one succeeded payment of the total per paid order, as the provider recorded it.
      const payments = (
        await db.query<{
          order_id: string;
          order_status: string;
          total_cents: string;
          succeeded: string;
          succeeded_cents: string;
          provider_succeeded: string;
          provider_cents: string;
        }>(
          `select o.id as order_id, o.status as order_status, o.total_cents,
                  count(p.id) filter (where p.status = 'succeeded') as succeeded,
                  coalesce(sum(p.amount_cents) filter (where p.status = 'succeeded'), 0) as succeeded_cents,
                  count(s.id) filter (where s.status = 'succeeded') as provider_succeeded,
                  coalesce(sum(s.amount_cents) filter (where s.status = 'succeeded'), 0) as provider_cents
             from orders o
             left join payments p on p.order_id = o.id
             left join sandbox_payments s on s.id = p.provider_ref
            group by o.id`,
        )
      ).rows;
      const unreconciled = payments.filter((p) =>
        p.order_status === 'paid'
          ? !(
              Number(p.succeeded) === 1 &&
              Number(p.provider_succeeded) === 1 &&
              p.succeeded_cents === p.total_cents &&
              p.provider_cents === p.total_cents
            )
          : Number(p.succeeded) > 0 || Number(p.provider_succeeded) > 0,
      );
      expect(unreconciled).toEqual([]);
      const orphanCharges = (
        await db.query(
          `select s.id from sandbox_payments s where s.status = 'succeeded'
             and not exists (select 1 from payments p where p.provider_ref = s.id and p.status = 'succeeded')`,
        )
      ).rows;
      expect(orphanCharges).toEqual([]);
      const paidOrders = rows.filter((r) => r.status === 'paid').length;
      expect(paidOrders).toBe(paid);
      // Every order a buyer saw through to the end is paid; none is left half-way.
      expect(rows.filter((r) => r.status !== 'paid')).toEqual([]);

      // The failed requests: each was in flight when b died.
      const failed = exchanges.filter((x) => x.status === 0 || x.status >= 500);
      const inFlight = exchanges.filter((x) => x.started <= killedAt && x.ended >= killedAt);
      const afterExit = failed.filter((x) => x.started > exitedAt);
      expect(afterExit).toEqual([]);
      for (const x of failed) expect(x.ended).toBeGreaterThanOrEqual(killedAt);
      expect(failed.length).toBeLessThanOrEqual(inFlight.length);
      const byInstance: Record<string, number> = {};
      for (const x of exchanges.filter((e) => e.status > 0 && e.status < 500 && e.started > exitedAt))
        byInstance[x.instance ?? '?'] = (byInstance[x.instance ?? '?'] ?? 0) + 1;
      expect(byInstance.b ?? 0).toBe(0);

      const figures = {
        seconds: +loadSeconds.toFixed(1),
        buyers: BUYERS,
        killedAfterSeconds: +(killedAfterMs / 1000).toFixed(1),
        requests: exchanges.length,
        ordersPlaced: rows.length,
        ordersPaid: paidOrders,
        paidPerSecond: +(paidOrders / loadSeconds).toFixed(1),
        outcomes,
        inFlightAtKill: inFlight.length,
        failedRequests: failed.length,
        failedBySteps: Object.fromEntries(
          (['order', 'confirm', 'return'] as const).map((s) => [s, failed.filter((x) => x.step === s).length]),
        ),
        failedStatuses: Object.fromEntries(
          [...new Set(failed.map((x) => x.status))].map((s) => [s, failed.filter((x) => x.status === s).length]),
        ),
        keysRetried: retriedKeys.length,
        keysRetriedWithSameOrder: retriedWithOrder,
        stock: stock.map((v) => ({ sku: v.sku, initial: initial[v.sku], left: v.stock, sold: Number(v.held) })),
      };
      console.log(`kill test: ${JSON.stringify(figures)}`);
      if (process.env.KILL_TEST_RESULTS)
        await fs.writeFile(process.env.KILL_TEST_RESULTS, `${JSON.stringify(figures, null, 2)}\n`);
      expect(paidOrders).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
  }, 240_000);
});
