/**
 * A seller's own domain (decision 145), against a real DNS server on loopback (DNS_SERVERS): added in any form a
 * person types (IDN in punycode), refused when it is the platform's, a look-alike, another store's or one too many;
 * checked record by record until the DNS serves them; activated and made primary; served by the storefront; asked
 * about by the TLS proxy; removed, and no longer served at once. Also the background check's back-off and its 72-hour
 * limit, 20 identical adds at once, and another store's seller never reaching the domain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { storeDomains } from '../../src/server/db/schema/stores.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createCollaboratorFixture } from '../helpers/factories.js';
import { storeWithSeller, type SellerFixture } from '../helpers/sellers.js';
import type { StoreFixture } from '../helpers/factories.js';
import { startTestDns, type TestDns } from '../helpers/test-dns.js';
import type { StoreDomain } from '../../src/shared/contracts/domains.js';

const TARGET = 'stores.vitrina-plataforma.test';
const SHELL =
  '<!doctype html><html lang="es"><head><!--vitrina-head--></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

describe('custom domains', () => {
  let t: TestApp;
  let dns: TestDns;
  let store: StoreFixture;
  let seller: SellerFixture;
  let other: StoreFixture;
  let otherSeller: SellerFixture;

  const req = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const add = (hostname: string, token = seller.token) => req(token, 'POST', '/api/admin/domains', { hostname });
  const verify = async (id: string) => {
    const res = await req(seller.token, 'POST', `/api/admin/domains/${id}/verify`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StoreDomain;
  };
  const storefront = (host: string) =>
    t.app.inject({ url: '/api/reseller/configwebsite', headers: { 'x-store-domain': host } });
  const ask = (domain: string) => t.app.inject({ url: `/api/platform/tls/ask?domain=${encodeURIComponent(domain)}` });

  beforeAll(async () => {
    dns = await startTestDns();
    t = await createTestApp(
      {
        PLATFORM_DOMAIN: 'vitrina-plataforma.test',
        DOMAIN_CNAME_TARGET: TARGET,
        DNS_SERVERS: dns.server,
        PORT: '3000',
      },
      { indexHtml: SHELL },
    );
    ({ store, seller } = await storeWithSeller(t));
    ({ store: other, seller: otherSeller } = await storeWithSeller(t));
    dns.set(TARGET, 'A', ['127.0.0.1']);
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('adds a domain as typed, stores it in punycode and shows the records to create', async () => {
    const res = await add('https://www.Zapatería-León.test/tienda?x=1');
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json() as StoreDomain;
    expect(d).toMatchObject({
      hostname: 'xn--zapatera-len-yfb2g.test',
      displayName: 'zapatería-león.test',
      kind: 'custom',
      status: 'pending_validation',
      isPrimary: false,
      certificate: 'none',
      lastError: null,
    });
    expect(d.records.map((r) => [r.type, r.name, r.purpose, r.state])).toEqual([
      ['CNAME', 'xn--zapatera-len-yfb2g.test', 'routing', 'unknown'],
      ['CNAME', 'www.xn--zapatera-len-yfb2g.test', 'routing', 'unknown'],
      ['TXT', '_vitrina.xn--zapatera-len-yfb2g.test', 'ownership', 'unknown'],
    ]);
    expect(d.records[0]!.value).toBe(TARGET);
    expect(d.records[2]!.value).toMatch(/^vitrina-verify=[0-9a-f]{32}$/);
    expect(new Date(d.checkUntil!).getTime() - new Date(d.createdAt).getTime()).toBe(72 * 3600_000);

    const page = (await req(seller.token, 'GET', '/api/admin/domains')).json();
    expect(page.propagationMinutes).toBe(15);
    expect(page.domains.map((x: StoreDomain) => [x.hostname, x.kind, x.isPrimary])).toEqual([
      [store.hostname, 'platform', true],
      ['xn--zapatera-len-yfb2g.test', 'custom', false],
    ]);
    // Not served before it is verified and activated.
    expect((await storefront('xn--zapatera-len-yfb2g.test')).statusCode).toBe(404);
  });

  it('refuses what is not a domain, the platform’s own, look-alikes and another store’s, with translated messages', async () => {
    const cases: [string, number, string][] = [
      ['not a domain', 422, 'DOMAIN_INVALID'],
      ['127.0.0.1', 422, 'DOMAIN_INVALID'],
      ['com.mx', 422, 'DOMAIN_INVALID'],
      ['-bad-.mx', 422, 'DOMAIN_INVALID'],
      ['vitrina-plataforma.test', 422, 'DOMAIN_IS_PLATFORM'],
      ['mi-tienda.vitrina-plataforma.test', 422, 'DOMAIN_IS_PLATFORM'],
      ['vitrína-plataforma.mx', 422, 'DOMAIN_LOOKALIKE'],
      ['v1trina-plataf0rma.com', 422, 'DOMAIN_LOOKALIKE'],
      ['vitrinaplataformatest.com', 422, 'DOMAIN_LOOKALIKE'],
    ];
    for (const [input, status, code] of cases) {
      const res = await add(input);
      expect(res.statusCode, input).toBe(status);
      expect(res.json().code, input).toBe(code);
      expect(res.json().message, input).not.toBe(code);
    }
    expect((await add('ropa-del-otro.test', otherSeller.token)).statusCode).toBe(201);
    const taken = await add('www.ropa-del-otro.test');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('DOMAIN_TAKEN');
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/admin/domains',
      headers: { authorization: `Bearer ${seller.token}`, 'accept-language': 'en' },
      payload: { hostname: 'vitrina-plataforma.test' },
    });
    expect(en.json().message).toMatch(/platform/i);
  });

  it('checks each record until the DNS serves them all, then activates the domain and serves the store', async () => {
    const d = (await add('calzado-prueba.test')).json() as StoreDomain;
    const token = d.records.find((r) => r.type === 'TXT')!.value;

    let now = await verify(d.id);
    expect(now).toMatchObject({ status: 'pending_validation', lastError: 'DNS_TXT_MISSING' });
    expect(now.records.map((r) => r.state)).toEqual(['missing', 'missing', 'missing']);
    const early = await req(seller.token, 'POST', `/api/admin/domains/${d.id}/activate`, { primary: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('DOMAIN_NOT_VERIFIED');

    dns.set('_vitrina.calzado-prueba.test', 'TXT', ['vitrina-verify=00000000000000000000000000000000']);
    dns.set('calzado-prueba.test', 'CNAME', ['otro-servidor.test']);
    now = await verify(d.id);
    expect(now.lastError).toBe('DNS_TXT_WRONG');
    expect(now.records.find((r) => r.type === 'TXT')).toMatchObject({ state: 'wrong' });

    dns.set('_vitrina.calzado-prueba.test', 'TXT', [token]);
    now = await verify(d.id);
    expect(now).toMatchObject({ status: 'pending_validation', lastError: 'DNS_ROUTING_WRONG' });
    expect(now.records[0]).toMatchObject({ state: 'wrong', found: ['otro-servidor.test'] });

    // A flattened CNAME at the apex answers with the platform's addresses: as good as the CNAME.
    dns.clear('calzado-prueba.test', 'CNAME');
    dns.set('calzado-prueba.test', 'A', ['127.0.0.1']);
    now = await verify(d.id);
    expect(now).toMatchObject({ status: 'verified', lastError: null });
    expect(now.verifiedAt).not.toBeNull();
    expect(now.records.map((r) => r.state)).toEqual(['ok', 'missing', 'ok']);

    const active = await req(seller.token, 'POST', `/api/admin/domains/${d.id}/activate`, { primary: true });
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json()).toMatchObject({ status: 'active', isPrimary: true, certificate: 'requested' });
    await t.app.changeFeed.sync();
    const served = await storefront('www.calzado-prueba.test');
    expect(served.statusCode, served.body).toBe(200);
    const page = (await req(seller.token, 'GET', '/api/admin/domains')).json();
    expect(page.domains.filter((x: StoreDomain) => x.isPrimary).map((x: StoreDomain) => x.hostname)).toEqual([
      'calzado-prueba.test',
    ]);

    // The store's other addresses send storefront pages to the primary one (308 keeps the method), never the admin.
    const moved = await t.app.inject({ url: '/productos?q=botas', headers: { host: store.hostname } });
    expect(moved.statusCode).toBe(308);
    expect(moved.headers.location).toBe('http://calzado-prueba.test:3000/productos?q=botas');
    expect((await t.app.inject({ url: '/', headers: { host: 'www.calzado-prueba.test' } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/admin', headers: { host: store.hostname } })).statusCode).toBe(200);

    // The TLS proxy may get a certificate for it (and its www), never for names nobody activated.
    expect((await ask('calzado-prueba.test')).statusCode).toBe(200);
    expect((await ask('www.calzado-prueba.test')).statusCode).toBe(200);
    expect((await ask('zapateria-leon.test')).statusCode).toBe(404);
    expect((await ask('nadie-lo-activo.test')).statusCode).toBe(404);
    expect((await ask('ropa-del-otro.test')).statusCode).toBe(404);

    // Removed: not served any more, no certificate, and the platform address is primary again.
    const removed = await req(seller.token, 'DELETE', `/api/admin/domains/${d.id}`);
    expect(removed.statusCode).toBe(200);
    await t.app.changeFeed.sync();
    expect((await storefront('calzado-prueba.test')).statusCode).toBe(404);
    expect((await ask('calzado-prueba.test')).statusCode).toBe(404);
    const after = (await req(seller.token, 'GET', '/api/admin/domains')).json();
    expect(after.domains.find((x: StoreDomain) => x.isPrimary).hostname).toBe(store.hostname);
    expect((await t.app.inject({ url: '/', headers: { host: store.hostname } })).statusCode).toBe(200);
  });

  it('says the DNS could not be asked when the server does not answer, and changes nothing else', async () => {
    const d = (await add('silencio.test')).json() as StoreDomain;
    dns.silent(true);
    try {
      const now = await verify(d.id);
      expect(now).toMatchObject({ status: 'pending_validation', lastError: 'DNS_UNAVAILABLE' });
      expect(now.records.every((r) => r.state === 'unknown')).toBe(true);
    } finally {
      dns.silent(false);
    }
  }, 30_000);

  it('checks pending domains in the background with back-off, and gives up after 72 hours', async () => {
    const ready = (await add('fondo-listo.test')).json() as StoreDomain;
    const late = (await add('fondo-tarde.test')).json() as StoreDomain;
    dns.set('fondo-listo.test', 'CNAME', [TARGET]);
    dns.set('_vitrina.fondo-listo.test', 'TXT', [ready.records.find((r) => r.type === 'TXT')!.value]);
    const db = t.database.db;
    await db
      .update(storeDomains)
      .set({ nextCheckAt: sql`now() - interval '1 second'` })
      .where(eq(storeDomains.id, ready.id));
    await db
      .update(storeDomains)
      .set({ nextCheckAt: sql`now() - interval '1 second'`, createdAt: sql`now() - interval '73 hours'` })
      .where(eq(storeDomains.id, late.id));
    await t.app.jobs.enqueue('domains-recheck', {});
    await t.app.jobs.drain();
    const page = (await req(seller.token, 'GET', '/api/admin/domains')).json();
    const byName = (h: string) => page.domains.find((x: StoreDomain) => x.hostname === h) as StoreDomain;
    expect(byName('fondo-listo.test')).toMatchObject({ status: 'verified', nextCheckAt: null });
    expect(byName('fondo-tarde.test')).toMatchObject({
      status: 'failed',
      lastError: 'DNS_TXT_MISSING',
      nextCheckAt: null,
    });
    // A domain checked once and still waiting is looked at again two minutes later, not at once.
    const waiting = (await add('fondo-espera.test')).json() as StoreDomain;
    await db
      .update(storeDomains)
      .set({ nextCheckAt: sql`now() - interval '1 second'` })
      .where(eq(storeDomains.id, waiting.id));
    await t.app.jobs.enqueue('domains-recheck', {});
    await t.app.jobs.drain();
    const [row] = await db.select().from(storeDomains).where(eq(storeDomains.id, waiting.id));
    expect(row!.checkAttempts).toBe(1);
    const delay = row!.nextCheckAt!.getTime() - row!.lastCheckAt!.getTime();
    expect(delay).toBeGreaterThan(110_000);
    expect(delay).toBeLessThan(130_000);
    // A failed domain can still be checked by hand and comes back once its records exist.
    dns.set('fondo-tarde.test', 'CNAME', [TARGET]);
    dns.set('_vitrina.fondo-tarde.test', 'TXT', [late.records.find((r) => r.type === 'TXT')!.value]);
    expect((await verify(late.id)).status).toBe('verified');
    for (const id of [ready.id, late.id, waiting.id]) await req(seller.token, 'DELETE', `/api/admin/domains/${id}`);
  });

  it('gives one domain for 20 identical adds at once, and stops at the limit of 10 per store', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => add('carrera.test')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 200)).toHaveLength(19);
    const rows = await t.database.db.select().from(storeDomains).where(eq(storeDomains.hostname, 'carrera.test'));
    expect(rows).toHaveLength(1);

    const page = (await req(seller.token, 'GET', '/api/admin/domains')).json();
    const room = 10 - page.domains.length;
    for (let i = 0; i < room; i++) expect((await add(`lleno-${i}.test`)).statusCode).toBe(201);
    const full = await add('uno-mas.test');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'DOMAIN_LIMIT_REACHED', params: { max: 10 } });
  });

  it('never lets another store’s seller see or change the domain, nor a collaborator without settings', async () => {
    const mine = (await req(seller.token, 'GET', '/api/admin/domains')).json().domains as StoreDomain[];
    const custom = mine.find((d) => d.kind === 'custom')!;
    const platform = mine.find((d) => d.kind === 'platform')!;
    for (const [method, url] of [
      ['POST', `/api/admin/domains/${custom.id}/verify`],
      ['POST', `/api/admin/domains/${custom.id}/activate`],
      ['POST', `/api/admin/domains/${custom.id}/primary`],
      ['DELETE', `/api/admin/domains/${custom.id}`],
    ] as const) {
      const res = await req(otherSeller.token, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('DOMAIN_NOT_FOUND');
    }
    const theirs = (await req(otherSeller.token, 'GET', '/api/admin/domains')).json().domains as StoreDomain[];
    expect(theirs.map((d) => d.id)).not.toContain(custom.id);
    expect(theirs.every((d) => d.hostname !== custom.hostname)).toBe(true);
    expect((await req(seller.token, 'DELETE', `/api/admin/domains/${platform.id}`)).json().code).toBe(
      'DOMAIN_IS_PLATFORM_ADDRESS',
    );
    const colab = await createCollaboratorFixture(t.app, store.id, ['catalog']);
    expect((await req(colab.token, 'GET', '/api/admin/domains')).statusCode).toBe(403);
    expect(other.id).not.toBe(store.id);
  });
});
