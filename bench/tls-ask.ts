/**
 * Caddy's on-demand question to Vitrina, measured: `npx tsx bench/tls-ask.ts`. A fresh PostgreSQL database
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/vitrina_bench_ask; dropped and recreated, and dropped
 * at the end) with BENCH_ASK_STORES stores (100) holding BENCH_ASK_DOMAINS active custom domains between them (10,000),
 * one instance (tests/deploy/instance.ts, production mode) and Caddy with deploy/Caddyfile and its internal CA in
 * front of it. Then:
 * - the ask endpoint (GET /api/platform/tls/ask) for 1,000 random host names nobody has: from the instance itself one
 *   at a time, then through Caddy's loopback ask listener as Caddy calls it, one at a time and 10 at a time: p50/p95/p99
 *   ms and the answers (all 404);
 * - the same for 1,000 of the active domains (all 200);
 * - 1,000 TLS handshakes through Caddy naming random unknown hosts (SNI), 10 at a time: how many got a certificate
 *   (0 expected), the refusal's p50/p95/p99, and the certificates in Caddy's storage afterwards; then 20 active
 *   domains' handshakes (each gets its certificate) as the control.
 * Writes bench/results-tls-ask.json and prints it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.js';
import { storeDomains } from '../src/server/db/schema/stores.js';
import { createStore } from '../src/server/modules/stores/index.js';
import { handshake, startCaddy, stopChild, type RunningCaddy } from '../tests/deploy/caddy.js';
import { startInstance, type Instance } from '../tests/deploy/instances.js';
import { freshPostgres } from './fresh-postgres.js';

const DATABASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vitrina_bench_ask';
const STORES = Number(process.env.BENCH_ASK_STORES ?? 100);
const DOMAINS = Number(process.env.BENCH_ASK_DOMAINS ?? 10_000);
const NAMES = 1_000;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? +sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(2) : 0;
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    max: percentile(s, 100),
  };
};

/** A random host name in a random public-looking zone, as a scanner's SNI would be. */
const randomName = () =>
  `${randomBytes(6).toString('hex')}.${['com', 'mx', 'com.mx', 'net', 'org', 'shop', 'store'][Math.floor(Math.random() * 7)]}`;

/** Runs `work` over `items`, `concurrency` at a time; each item's milliseconds and result. */
async function timed<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>) {
  const out: { ms: number; result: R }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        const t0 = performance.now();
        const result = await work(item);
        out.push({ ms: performance.now() - t0, result });
      }
    }),
  );
  return out;
}

async function seed(): Promise<string[]> {
  await freshPostgres(DATABASE);
  const database = await openDatabase({ url: DATABASE });
  const storeIds: string[] = [];
  for (let i = 0; i < STORES; i++) {
    const { id } = await createStore(
      { db: database.db },
      { slug: `tienda${i}`, name: `Tienda ${i}`, lang: 'es', hostnames: [`tienda${i}.localhost`] },
    );
    storeIds.push(id);
  }
  const names = Array.from({ length: DOMAINS }, (_, i) => `dominio-${i}-${randomBytes(3).toString('hex')}.mx`);
  for (let i = 0; i < names.length; i += 1000)
    await database.db.insert(storeDomains).values(
      names.slice(i, i + 1000).map((hostname, j) => ({
        storeId: storeIds[(i + j) % storeIds.length]!,
        hostname,
        kind: 'custom',
        status: 'active',
        certificate: 'requested',
        activatedAt: new Date(),
      })),
    );
  await database.db.execute(sql`analyze store_domains`);
  await database.close();
  return names;
}

async function main() {
  const active = await seed();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-ask-'));
  let instance: Instance | null = null;
  let caddy: RunningCaddy | null = null;
  let out: Record<string, unknown>;
  try {
    instance = await startInstance('a', {
      NODE_ENV: 'production',
      DATABASE_URL: DATABASE,
      TRUST_PROXY: '127.0.0.1',
      PLATFORM_DOMAIN: 'localhost',
      APP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '100000000',
      DNS_SERVERS: '127.0.0.1:9',
      DATA_DIR: path.join(dataDir, 'a'),
    });
    caddy = await startCaddy({ upstreams: [`127.0.0.1:${instance.port}`], platformDomain: 'localhost' });
    const askPort = caddy.askPort;
    const ask = async (name: string) => {
      const res = await fetch(`http://127.0.0.1:${askPort}/api/platform/tls/ask?domain=${encodeURIComponent(name)}`);
      await res.arrayBuffer();
      return res.status;
    };
    const statuses = (rs: { result: number | string }[]) => {
      const by: Record<string, number> = {};
      for (const r of rs) by[String(r.result)] = (by[String(r.result)] ?? 0) + 1;
      return by;
    };
    // Warm the connection pool and the JIT with names that are not measured.
    await timed(
      Array.from({ length: 300 }, () => randomName()),
      10,
      ask,
    );

    const unknown = Array.from({ length: NAMES }, randomName);
    const known = Array.from({ length: NAMES }, () => active[Math.floor(Math.random() * active.length)]!);
    // The instance itself, without Caddy's loopback hop: the endpoint's own time.
    const askDirect = async (name: string) => {
      const res = await fetch(
        `http://127.0.0.1:${instance!.port}/api/platform/tls/ask?domain=${encodeURIComponent(name)}`,
      );
      await res.arrayBuffer();
      return res.status;
    };
    const direct1 = await timed(unknown, 1, askDirect);
    const askUnknown1 = await timed(unknown, 1, ask);
    const askUnknown10 = await timed(unknown, 10, ask);
    const askKnown1 = await timed(known, 1, ask);
    const askKnown10 = await timed(known, 10, ask);

    const sni = Array.from({ length: NAMES }, randomName);
    const handshakes = await timed(sni, 10, (name) =>
      handshake(caddy!.httpsPort, name).then(
        (h) => `certificate ${h.subjectAltName}`,
        () => 'refused',
      ),
    );
    // Caddy keeps each certificate in a folder named after its host (the platform's own are there from the start).
    const asked = new Set(sni);
    const certificates = fs
      .readdirSync(caddy.dataDir(), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.crt') && f.includes('certificates') && asked.has(path.basename(f, '.crt')));
    const control = await timed(active.slice(0, 20), 5, (name) =>
      handshake(caddy!.httpsPort, name).then(
        (h) => (h.subjectAltName === `DNS:${name}` ? 'certificate' : h.subjectAltName),
        (e: Error) => `refused: ${e.message}`,
      ),
    );
    out = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', node: process.version },
      activeDomains: DOMAINS,
      stores: STORES,
      askUnknownDirect: { oneAtATime: { ...summary(direct1.map((r) => r.ms)), answers: statuses(direct1) } },
      askUnknown: {
        oneAtATime: { ...summary(askUnknown1.map((r) => r.ms)), answers: statuses(askUnknown1) },
        tenAtATime: { ...summary(askUnknown10.map((r) => r.ms)), answers: statuses(askUnknown10) },
      },
      askActive: {
        oneAtATime: { ...summary(askKnown1.map((r) => r.ms)), answers: statuses(askKnown1) },
        tenAtATime: { ...summary(askKnown10.map((r) => r.ms)), answers: statuses(askKnown10) },
      },
      unknownSniHandshakes: {
        ...summary(handshakes.map((r) => r.ms)),
        outcomes: statuses(handshakes),
        certificatesInCaddyStorage: certificates.length,
      },
      controlActiveHandshakes: { ...summary(control.map((r) => r.ms)), outcomes: statuses(control) },
    };
  } finally {
    if (caddy) await caddy.stop();
    if (instance) await stopChild(instance.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    const u = new URL(DATABASE);
    const name = u.pathname.slice(1);
    u.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: u.toString() });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
  fs.writeFileSync('bench/results-tls-ask.json', `${JSON.stringify(out, null, 2)}\n`);
  console.log(JSON.stringify(out, null, 2));
}

await main();
