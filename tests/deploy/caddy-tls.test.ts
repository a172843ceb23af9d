/**
 * Custom domains behind a real Caddy (decisions 145 and 146), run with deploy/Caddyfile and Caddy's own CA on loopback
 * in front of a Vitrina app listening on loopback (TRUST_PROXY=127.0.0.1): an active store domain gets its certificate
 * on the first handshake, after Caddy asked Vitrina; a request through Caddy reaches that store and the app sees the
 * shopper's address, https and the domain from the forwarded headers Caddy sets (a forged X-Forwarded-For is not
 * believed); a name nobody activated gets no certificate; the certificate probe moves the domain's state from
 * requested to issued, and to failed for a domain the proxy refuses past its first hour; a removed domain is not served
 * any more and gets no new certificate. Skipped only when caddy is not installed.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { storeDomains } from '../../src/server/db/schema/stores.js';
import { runTransaction } from '../../src/server/db/transaction.js';
import { setStoreSuspended } from '../../src/server/modules/stores/index.js';
import type { StoreDomain } from '../../src/shared/contracts/domains.js';
import { testConfig } from '../helpers/test-app.js';
import { createTestDb, type TestDatabase } from '../helpers/test-db.js';
import { storeWithSeller, type SellerFixture } from '../helpers/sellers.js';
import type { StoreFixture } from '../helpers/factories.js';
import { startTestDns, type TestDns } from '../helpers/test-dns.js';
import { CADDY, NO_CADDY, freePort, handshake, httpsRequest, startCaddy, type RunningCaddy } from './caddy.js';

const TARGET = 'stores.vitrina-caddy.test';
const SHELL =
  '<!doctype html><html lang="es"><head><!--vitrina-head--></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

/** What the app saw of a request: its own reading of the forwarded headers, and its answer. */
interface Seen {
  url: string;
  ip: string;
  protocol: string;
  host: string;
  hostname: string;
  status: number;
}

if (!CADDY) console.warn(NO_CADDY);

describe.skipIf(!CADDY)('custom domains behind Caddy with on-demand TLS', () => {
  let database: TestDatabase;
  let dataDir: string;
  let app: FastifyInstance;
  let dns: TestDns;
  let caddy: RunningCaddy;
  let ca: string;
  let store: StoreFixture;
  let seller: SellerFixture;
  const seen: Seen[] = [];

  const api = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const domains = async (token = seller.token) =>
    (await api(token, 'GET', '/api/admin/domains')).json().domains as StoreDomain[];

  /** Adds `name` to the seller's store, publishes its records in the test DNS, checks them and activates it. */
  const activeDomain = async (name: string, token = seller.token): Promise<StoreDomain> => {
    const added = (await api(token, 'POST', '/api/admin/domains', { hostname: name })).json() as StoreDomain;
    dns.set(name, 'CNAME', [TARGET]);
    dns.set(`_vitrina.${name}`, 'TXT', [added.records.find((r) => r.type === 'TXT')!.value]);
    expect((await api(token, 'POST', `/api/admin/domains/${added.id}/verify`)).json().status).toBe('verified');
    const active = await api(token, 'POST', `/api/admin/domains/${added.id}/activate`, { primary: true });
    expect(active.statusCode, active.body).toBe(200);
    return active.json() as StoreDomain;
  };
  const probe = async () => {
    await app.jobs.enqueue('certificates-probe', {});
    await app.jobs.drain();
  };

  beforeAll(async () => {
    dns = await startTestDns();
    dns.set(TARGET, 'A', ['127.0.0.1']);
    database = await createTestDb();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrina-caddy-app-'));
    const httpsPort = await freePort();
    app = await buildApp({
      db: database.db,
      config: testConfig(dataDir, {
        PLATFORM_DOMAIN: 'vitrina-caddy.test',
        DOMAIN_CNAME_TARGET: TARGET,
        DNS_SERVERS: dns.server,
        TRUST_PROXY: '127.0.0.1',
        TLS_PROBE_ADDRESS: `127.0.0.1:${httpsPort}`,
      }),
      logger: false,
      indexHtml: SHELL,
    });
    app.addHook('onResponse', async (request, reply) => {
      seen.push({
        url: request.url,
        ip: request.ip,
        protocol: request.protocol,
        host: request.host,
        hostname: request.hostname,
        status: reply.statusCode,
      });
    });
    await app.ready();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    caddy = await startCaddy({ upstreams: [`127.0.0.1:${port}`], platformDomain: 'vitrina-caddy.test', httpsPort });
    ({ store, seller } = await storeWithSeller({ app, database }, { name: 'Zapatería Caddy' }));
  });
  afterAll(async () => {
    await caddy?.stop();
    await app?.close();
    await database?.close();
    await dns?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('gives an active store domain a certificate after asking Vitrina, and serves that store through it', async () => {
    const domain = await activeDomain('zapateria-caddy.test');
    expect(domain.certificate).toBe('requested');

    const got = await handshake(caddy.httpsPort, 'zapateria-caddy.test');
    expect(got.subjectAltName).toBe('DNS:zapateria-caddy.test');
    expect(got.issuer).toMatch(/Caddy Local Authority/);
    expect(seen).toContainEqual(
      expect.objectContaining({ url: '/api/platform/tls/ask?domain=zapateria-caddy.test', status: 200 }),
    );
    // The certificate chains to Caddy's own root (Let's Encrypt's in production).
    ca = await caddy.rootCertificate();
    const verified = await handshake(caddy.httpsPort, 'zapateria-caddy.test', ca);
    expect(verified.authorized, verified.authorizationError ?? '').toBe(true);

    // A shopper on 127.0.0.2 who forges the forwarded headers: Caddy replaces them, the app believes Caddy's.
    const res = await httpsRequest(caddy.httpsPort, 'zapateria-caddy.test', '/api/reseller/configwebsite', {
      ca,
      localAddress: '127.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'http', 'x-forwarded-host': 'otra.test' },
    });
    expect(res.status, res.body).toBe(200);
    expect(res.body).toContain('Zapatería Caddy');
    const request = seen.findLast((s) => s.url === '/api/reseller/configwebsite')!;
    expect(request).toMatchObject({
      ip: '127.0.0.2',
      protocol: 'https',
      hostname: 'zapateria-caddy.test',
      host: 'zapateria-caddy.test',
    });
    // The storefront's pages too.
    const home = await httpsRequest(caddy.httpsPort, 'zapateria-caddy.test', '/', { ca });
    expect(home.status).toBe(200);
  });

  it('gives a name nobody activated no certificate, after asking Vitrina; the platform’s own domain has its own', async () => {
    await expect(handshake(caddy.httpsPort, 'nadie-la-activo.test')).rejects.toThrow();
    expect(seen).toContainEqual(
      expect.objectContaining({ url: '/api/platform/tls/ask?domain=nadie-la-activo.test', status: 404 }),
    );
    // The platform's own domain is not a store's: its certificate was obtained at start, without asking.
    const platform = await handshake(caddy.httpsPort, 'vitrina-caddy.test', ca);
    expect(platform).toMatchObject({ subjectAltName: 'DNS:vitrina-caddy.test', authorized: true });
    expect(seen.some((s) => s.url.includes('domain=vitrina-caddy.test'))).toBe(false);
    const health = await httpsRequest(caddy.httpsPort, 'vitrina-caddy.test', '/api/health', { ca });
    expect(health.status).toBe(200);
    // The ask listener answers the ask and nothing else.
    const other = await fetch(`http://127.0.0.1:${caddy.askPort}/api/reseller/configwebsite`);
    expect(other.status).toBe(404);
  });

  it('records the certificate as issued once Caddy serves it, and failed for a domain refused past its first hour', async () => {
    // A store suspended after activating its domain: Caddy is told no, so no certificate comes.
    const { store: lapsed, seller: lapsedSeller } = await storeWithSeller({ app, database });
    await activeDomain('tienda-suspendida.test', lapsedSeller.token);
    await runTransaction(database.db, (tx) => setStoreSuspended({ db: tx, storeId: lapsed.id }, true));

    await probe();
    expect((await domains()).find((d) => d.hostname === 'zapateria-caddy.test')?.certificate).toBe('issued');
    // Refused within its first hour: still waiting. (The suspended store's seller API is closed: read the row.)
    const suspended = async () =>
      (
        await database.db
          .select({ certificate: storeDomains.certificate })
          .from(storeDomains)
          .where(eq(storeDomains.hostname, 'tienda-suspendida.test'))
      )[0]!;
    expect((await suspended()).certificate).toBe('requested');

    await database.db
      .update(storeDomains)
      .set({ activatedAt: sql`now() - interval '2 hours'` })
      .where(eq(storeDomains.hostname, 'tienda-suspendida.test'));
    await probe();
    expect((await suspended()).certificate).toBe('failed');
    expect((await domains()).find((d) => d.hostname === 'zapateria-caddy.test')?.certificate).toBe('issued');
  });

  it('stops serving a removed domain at once, and gives none of its names a new certificate', async () => {
    const domain = (await domains()).find((d) => d.hostname === 'zapateria-caddy.test')!;
    expect((await api(seller.token, 'DELETE', `/api/admin/domains/${domain.id}`)).statusCode).toBe(200);
    await app.changeFeed.sync();

    // Caddy keeps the certificate it has until it expires, but the store is no longer behind it.
    const res = await httpsRequest(caddy.httpsPort, 'zapateria-caddy.test', '/api/reseller/configwebsite', { ca });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('Zapatería Caddy');
    const ask = await fetch(`http://127.0.0.1:${caddy.askPort}/api/platform/tls/ask?domain=zapateria-caddy.test`);
    expect(ask.status).toBe(404);
    // Its www name was never asked for before: no certificate now.
    await expect(handshake(caddy.httpsPort, 'www.zapateria-caddy.test')).rejects.toThrow();
    // The store still answers on its platform address.
    const platform = await httpsRequest(caddy.httpsPort, store.hostname, '/api/reseller/configwebsite', { ca });
    expect(platform.status).toBe(200);
  });
});
