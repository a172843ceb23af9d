/**
 * No request header decides a client's IP, a link's host or its scheme unless it comes from a
 * proxy in TRUST_PROXY: a forged X-Forwarded-For cannot dodge the sign-in limit, a forged X-Forwarded-Host/-Proto
 * cannot point a reset email, a canonical URL or og:image elsewhere. Demo seeding and the API docs are off by default
 * in production, each with its switch.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { mailsTo } from '../helpers/outbox.js';
import { createCustomerFixture, createProductFixture, createStoreFixture } from '../helpers/factories.js';

const TEMPLATE = '<!doctype html><html lang="es"><head><!--vitrina-head--></head><body></body></html>';

describe('forwarded headers and links', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });
  const app = async (env: Record<string, string> = {}, opts = {}) => {
    const t = await createTestApp(env, opts);
    apps.push(t);
    return t;
  };
  const signIn = (t: TestApp, hostname: string, i: number, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-store-domain': hostname, 'x-forwarded-for': `198.51.100.${i}` },
      payload: { email: `nadie-${i}@example.com`, password: 'incorrecta-123' },
      ...extra,
    });

  it('keeps counting sign-ins per real address whatever X-Forwarded-For says (TRUST_PROXY unset)', async () => {
    const t = await app({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const store = await createStoreFixture(t.database.db);
    const codes = [];
    for (let i = 1; i <= 5; i++) codes.push((await signIn(t, store.hostname, i)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    const t = await app({ AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    const store = await createStoreFixture(t.database.db);
    // Through the proxy (inject's socket is 127.0.0.1): each forwarded client has its own count.
    const viaProxy = [];
    for (let i = 1; i <= 5; i++) viaProxy.push((await signIn(t, store.hostname, i)).statusCode);
    expect(viaProxy).toEqual([401, 401, 401, 401, 401]);
    // Straight from the internet: the header is ignored, the socket address is counted.
    const direct = [];
    for (let i = 10; i <= 13; i++)
      direct.push((await signIn(t, store.hostname, i, { remoteAddress: '203.0.113.7' })).statusCode);
    expect(direct).toEqual([401, 401, 401, 429]);
  });

  it('refuses a TRUST_PROXY that is not a list of addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1,::1,10.0.0.0/8' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
    ]);
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
  });

  it('builds the reset link on the store primary domain, whatever Host, X-Forwarded-* or X-Store-Domain say', async () => {
    const t = await app({ PORT: '3000' });
    const store = await createStoreFixture(t.database.db);
    const buyer = await createCustomerFixture(t.app, store);
    const forged = [
      { host: store.hostname, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      { host: `${store.hostname}:8443`, 'x-forwarded-host': 'evil.example:9999' },
      { host: 'evil.example', 'x-store-domain': store.hostname, 'x-forwarded-port': '1234' },
    ];
    for (const headers of forged) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/recover',
        headers,
        payload: { email: buyer.email },
      });
      expect(res.statusCode).toBe(200);
    }
    await t.app.jobs.drain();
    const links = mailsTo(t.dataDir, buyer.email).map((m) => /(https?:\/\/\S+)\/recuperar\/token\?token=/.exec(m)![1]);
    expect(links).toEqual([
      `http://${store.hostname}:3000`,
      `http://${store.hostname}:3000`,
      `http://${store.hostname}:3000`,
    ]);
  });

  it('uses PUBLIC_SCHEME and PUBLIC_PORT, and https without a port in production', async () => {
    const t = await app({ NODE_ENV: 'production', PUBLIC_PORT: '443' });
    const store = await createStoreFixture(t.database.db);
    const buyer = await createCustomerFixture(t.app, store);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      headers: { 'x-store-domain': store.hostname, 'x-forwarded-proto': 'http' },
      payload: { email: buyer.email },
    });
    await t.app.jobs.drain();
    expect(mailsTo(t.dataDir, buyer.email)[0]).toContain(`https://${store.hostname}/recuperar/token?token=`);
  });

  it('puts the store domain in canonical, og:image and JSON-LD, not a forged X-Forwarded-Host', async () => {
    const t = await app({ PORT: '3000' }, { indexHtml: TEMPLATE });
    const store = await createStoreFixture(t.database.db);
    const p = await createProductFixture(t.database.db, store.id, { imageUrl: '/uploads/x/photo' });
    const res = await t.app.inject({
      url: `/product?codigo=${p.codigo}`,
      headers: { host: store.hostname, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain(`"url":"http://${store.hostname}:3000/product?codigo=${p.codigo}"`);
    expect(res.body).toContain(
      `<link rel="canonical" href="http://${store.hostname}:3000/product?codigo=${encodeURIComponent(p.codigo)}" />`,
    );
    expect(res.body).toContain(
      `<meta property="og:image" content="http://${store.hostname}:3000/uploads/x/photo-960.webp" />`,
    );
  });
});

describe('production defaults', () => {
  it('turns demo seeding and the API docs off in production unless switched on', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ SEED_DEMO: false, API_DOCS: false });
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', API_DOCS: 'true' })).toMatchObject({
      SEED_DEMO: true,
      API_DOCS: true,
    });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ SEED_DEMO: true, API_DOCS: true });
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it('serves /api/docs in production only with API_DOCS=true', async () => {
    const off = await createTestApp({ NODE_ENV: 'production' });
    const on = await createTestApp({ NODE_ENV: 'production', API_DOCS: 'true' });
    try {
      expect((await off.app.inject('/api/docs')).statusCode).toBe(404);
      expect((await off.app.inject('/api/docs/json')).statusCode).toBe(404);
      expect((await on.app.inject('/api/docs/json')).json().openapi).toMatch(/^3\./);
    } finally {
      await off.close();
      await on.close();
    }
  });
});
